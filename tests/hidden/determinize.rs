//! Determinizations: on random games of every preset, the
//! true position and game are consistent with each side's view, every sample
//! is, samples keep what the side knows (its moves, the counts), and a sample
//! depends on the view alone.

use crate::common::random_game_with;
use marsal::{Position, Rng, Side};
use proptest::prelude::*;

/// 200 cases, unless `PROPTEST_CASES` says otherwise.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(200),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A game of preset `preset` after up to `plies` random plies (the starts
/// and moves this file's recorded seeds were found with).
fn random_game(preset: usize, seed: u64, plies: u32) -> marsal::Game {
    random_game_with(
        preset,
        2000,
        (seed, seed ^ 0x5555),
        seed.wrapping_mul(3),
        plies,
    )
}

proptest! {
    #![proptest_config(config())]

    /// The true position and game agree with each side's view, and so does
    /// every sample, position and game; a game sample has the same moves and
    /// gives the side to move the same legal moves.
    #[test]
    fn the_truth_and_every_sample_are_consistent_with_the_view(
        preset in 0usize..3, seed in any::<u64>(), plies in 0u32..400, draw in any::<u64>(),
    ) {
        let game = random_game(preset, seed, plies);
        let mut rng = Rng::new(draw);
        for side in Side::BOTH {
            let view = game.view(side);
            prop_assert!(game.is_consistent(&view));
            prop_assert!(game.position().is_consistent(&view));
            let built = Position::from_view(game.rules(), &view).expect("a view of this ruleset");
            prop_assert!(built.is_consistent(&view));
            if game.position().to_move() == side && !game.status().is_over() {
                prop_assert_eq!(built.to_move(), side);
            }
            for _ in 0..3 {
                let pos = game.position().determinize(side, &mut rng);
                prop_assert!(pos.is_consistent(&view));
                prop_assert_eq!(pos.remaining(!side), game.position().remaining(!side));
                prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
                prop_assert_eq!(pos.status(), game.status());
                let sample = game.determinize(side, &mut rng);
                prop_assert!(sample.is_consistent(&view));
                prop_assert!(sample.moves().eq(game.moves()));
                if game.position().to_move() == side {
                    prop_assert_eq!(sample.legal_moves(), game.legal_moves());
                    prop_assert_eq!(pos.legal_moves(), game.position().legal_moves());
                }
            }
        }
    }

    /// Rule (hidden information): a sample depends only on the side's view
    /// and the generator. A game sample is a game that differs from the real
    /// one in hidden pieces alone; samples drawn from the two with the same
    /// seed are the same.
    #[test]
    fn a_sample_depends_only_on_the_view(
        preset in 0usize..3, seed in any::<u64>(), plies in 0u32..300, draw in any::<u64>(),
    ) {
        let game = random_game(preset, seed, plies);
        for side in Side::BOTH {
            let other = game.determinize(side, &mut Rng::new(draw ^ 1));
            prop_assert_eq!(other.view(side), game.view(side));
            let a = game.position().determinize(side, &mut Rng::new(draw));
            let b = other.position().determinize(side, &mut Rng::new(draw));
            prop_assert_eq!(a, b);
            let a = game.determinize(side, &mut Rng::new(draw));
            let b = other.determinize(side, &mut Rng::new(draw));
            prop_assert!(a.moves().eq(b.moves()));
            prop_assert_eq!(a.position(), b.position());
        }
    }
}

/// Every sample's enemy kinds come from the kinds the view allows, and over
/// many samples each allowed kind of an unknown piece turns up.
#[test]
fn samples_draw_every_allowed_kind_of_an_unknown_piece() {
    let game = random_game(1, 7, 0);
    let view = game.view(Side::Red);
    let (sq, _) = game.position().pieces(Side::Blue).next().expect("a piece");
    let mut seen = marsal::KindSet::EMPTY;
    let mut rng = Rng::new(1);
    for _ in 0..2000 {
        let pos = game.position().determinize(Side::Red, &mut rng);
        let kind = pos.piece_at(sq).expect("the piece").kind;
        seen = seen.with(kind);
    }
    let marsal::SquareView::Enemy { possible } = view.at(sq) else {
        panic!("an enemy piece")
    };
    assert_eq!(seen, possible);
}

/// Rule (hidden information): a game won because the opponent cannot move
/// is sampled with its moves and its verdict, though whether the opponent's
/// pieces could move depends on kinds the sampling side does not know (here
/// Red cannot move after three plies of classic; a sample may give Red
/// movable pieces where Blue has not seen them).
#[test]
fn a_sample_of_a_game_the_opponent_lost_by_not_moving_keeps_its_moves() {
    let seed = 377_059_603_006_492_715;
    let game = random_game(1, seed, 3);
    assert!(
        matches!(
            game.status(),
            marsal::Status::Won {
                winner: Side::Blue,
                reason: marsal::WinReason::OpponentCannotMove
            }
        ),
        "{:?}",
        game.status()
    );
    for side in Side::BOTH {
        for draw in 0..20 {
            let sample = game.determinize(side, &mut Rng::new(draw));
            assert!(sample.moves().eq(game.moves()), "{side} {draw}");
            assert_eq!(sample.view(side), game.view(side), "{side} {draw}");
            assert!(sample.is_consistent(&game.view(side)));
        }
    }
}
