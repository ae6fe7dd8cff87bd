//! What a side saw the enemy's pieces do ([`Behaviour`]) comes from its
//! observations and views alone: two games that differ only in pieces hidden
//! from it give it the same behaviour (kept move by move, or read from the
//! game with `Behaviour::from_game`), and its search the same move.

use crate::common::presets;
use marsal::{Behaviour, Game, Rng, SearchConfig, Side, search_move, search_position_seen};

/// `observer`'s behaviour after replaying `game`'s moves from its start.
fn behaviour_of(game: &Game, observer: Side) -> Behaviour {
    let mut replay = Game::from_position(*game.start_position());
    let mut seen = Behaviour::new(observer);
    for mv in game.moves() {
        let outcome = replay.play(mv).expect("a played move");
        seen.observe(
            replay.rules(),
            &outcome.observed_by(observer),
            &replay.view(observer),
        );
    }
    seen
}

/// A game of `plies` random moves (seeded by `seed`) still going, and its
/// twin: the same moves, the pieces the side to move cannot see drawn again;
/// and that side.
fn twins(rules: &marsal::Ruleset, seed: u64, plies: u64) -> Option<(Game, Game, Side)> {
    let start = marsal::Position::start(rules, seed, seed + 5).expect("a start");
    let mut game = Game::from_position(start);
    let mut rng = Rng::new(seed + 3);
    for _ in 0..plies {
        game.play_random(&mut rng)?;
    }
    let side = game.status().to_move()?;
    let other = game.determinize(side, &mut Rng::new(seed + 11));
    Some((game, other, side))
}

/// Rule (hidden information): two games that differ only in the pieces one
/// side cannot see give that side the same behaviour, and the search that
/// weighs it the same move.
#[test]
fn behaviour_depends_only_on_what_the_side_saw() {
    let (mut differing, mut evidence) = (0, 0);
    for (_, rules) in presets() {
        for seed in 0..6u64 {
            let Some((game, other, side)) = twins(&rules, seed, 60 + seed * 40) else {
                continue;
            };
            assert_eq!(other.view(side), game.view(side));
            if other.position() != game.position() {
                differing += 1;
            }
            let (a, b) = (behaviour_of(&game, side), behaviour_of(&other, side));
            assert_eq!(a, b, "seed {seed}");
            // What a host that keeps only the game gets is the same.
            assert_eq!(Behaviour::from_game(&game, side), a, "seed {seed}");
            assert_eq!(Behaviour::from_game(&other, side), b, "seed {seed}");
            if !a.is_empty() {
                evidence += 1;
            }
            let config = SearchConfig::default().with_nodes(3_000).with_seed(seed);
            let moves = game.legal_moves();
            let mut clock = || 0;
            let pos_a = marsal::Position::from_view(&rules, &game.view(side)).expect("a view");
            let pos_b = marsal::Position::from_view(&rules, &other.view(side)).expect("a view");
            assert_eq!(
                search_position_seen(&pos_a, &moves, &config, &a, &mut clock).best,
                search_position_seen(&pos_b, &other.legal_moves(), &config, &b, &mut clock).best,
                "seed {seed}"
            );
            assert_eq!(
                search_move(&game, &config),
                search_move(&other, &config),
                "seed {seed}"
            );
        }
    }
    assert!(differing >= 10, "the hidden pieces differ: {differing}");
    assert!(evidence >= 5, "behaviour was seen: {evidence}");
}

/// Rule (hidden information): what a side learns of its opponent's setups
/// over a game ([`SetupMemory`]) comes from what it was shown: two games that
/// differ only in the pieces it cannot see teach it the same, and something
/// is learned.
#[test]
fn setup_memory_depends_only_on_what_the_side_saw() {
    use marsal::SetupMemory;
    let mut learned = 0;
    for (_, rules) in presets() {
        for seed in 0..6u64 {
            let Some((game, other, side)) = twins(&rules, seed, 200 + seed * 40) else {
                continue;
            };
            let a: SetupMemory = behaviour_of(&game, side).learned(&rules);
            let b = behaviour_of(&other, side).learned(&rules);
            assert_eq!(a, b, "seed {seed}");
            if a != Behaviour::new(side).learned(&rules) {
                learned += 1;
            }
        }
    }
    assert!(learned >= 10, "games that taught something: {learned}");
}
