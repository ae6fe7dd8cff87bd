//! The random-move API draws uniformly: on fixed positions (the three presets'
//! starts, middle games, Scouts with long open lines, a piece held back by the
//! two-square rule, a chase the more-squares rule cuts short),
//! [`Position::random_legal_move`], [`Position::play_random`] and
//! [`Game::play_random`] draw `200 × (number of legal moves)` times with a fixed
//! seed; every legal move must come up, nothing else may, and the chi-square
//! statistic of the counts must stay below the 99.999 % quantile of the
//! chi-square distribution with `k - 1` degrees of freedom. Every seed is fixed,
//! so the outcome is deterministic. A self-test shows that the check rejects
//! typical biased pickers.
//!
//! Also: [`Game::play_random`] plays only moves [`Game::is_legal`] accepts and
//! plays every game to its end.

use crate::common::uniform::{check_uniform, chi_square_bound};
use crate::common::{mv, position};
use marsal::{Game, Move, MoveError, Position, Rng, Ruleset, Side};

/// Checks `random_legal_move`, `play_random` (on copies) and
/// `Game::play_random` (on clones of `game`, whose position is `pos`) for
/// uniformity over the legal moves; `seed` fixes the generators.
fn check_position(name: &str, game: &Game, seed: u64) {
    let pos = *game.position();
    assert!(!pos.status().is_over(), "{name}: the game is over\n{pos}");
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    assert_eq!(pos.legal_move_count(), legal.len(), "{name}");
    assert!(legal.len() > 1, "{name}: only {} legal moves", legal.len());

    let mut rng = Rng::new(seed);
    let (chi2, bound) = check_uniform(&legal, || pos.random_legal_move(&mut rng))
        .unwrap_or_else(|e| panic!("{name}: random_legal_move: {e}\n{pos}"));
    eprintln!(
        "{name}: {} legal moves, random_legal_move chi-square {chi2:.1} (bound {bound:.1})",
        legal.len()
    );

    let mut rng = Rng::new(seed ^ 0xA5A5);
    check_uniform(&legal, || {
        let mut copy = pos;
        let out = copy.play_random(&mut rng)?;
        let mut played = pos;
        assert_eq!(
            played.play(out.mv),
            Ok(out),
            "{name}: outcome of {}",
            out.mv
        );
        assert_eq!(
            copy, played,
            "{name}: play_random({}) differs from play",
            out.mv
        );
        Some(out.mv)
    })
    .unwrap_or_else(|e| panic!("{name}: play_random: {e}\n{pos}"));

    let game_legal: Vec<Move> = game.legal_moves().into_iter().collect();
    let mut rng = Rng::new(seed ^ 0x5A5A);
    check_uniform(&game_legal, || {
        let mut copy = game.clone();
        let out = copy.play_random(&mut rng)?;
        assert!(
            game.is_legal(out.mv),
            "{name}: Game::play_random played {}",
            out.mv
        );
        Some(out.mv)
    })
    .unwrap_or_else(|e| panic!("{name}: Game::play_random: {e}\n{pos}"));
}

/// A game of `rules` from random setups, after `plies` random moves drawn from
/// `legal_moves` (not with the API under test).
fn game_after(rules: &Ruleset, seeds: (u64, u64, u64), plies: u32) -> Game {
    let start = Position::start(rules, seeds.0, seeds.1).expect("valid ruleset");
    let mut game = Game::from_position(start);
    let mut rng = Rng::new(seeds.2);
    for _ in 0..plies {
        let moves = game.legal_moves();
        assert!(
            !moves.is_empty(),
            "the game ended early:\n{}",
            game.position()
        );
        let m = moves[rng.below(moves.len() as u32) as usize];
        game.play(m).expect("legal move");
    }
    game
}

#[test]
fn classic_start_draws_uniformly() {
    check_position(
        "classic start",
        &game_after(&Ruleset::classic(), (11, 12, 0), 0),
        1,
    );
}

#[test]
fn barrage_start_draws_uniformly() {
    check_position(
        "barrage start",
        &game_after(&Ruleset::barrage(), (21, 22, 0), 0),
        2,
    );
}

#[test]
fn marsal_a_spion_start_draws_uniformly() {
    let game = game_after(&Ruleset::marsal_a_spion(), (31, 32, 0), 0);
    check_position("marsal_a_spion start", &game, 3);
}

#[test]
fn middle_games_draw_uniformly() {
    // Diagonal steps, a board opened up by fights.
    let game = game_after(&Ruleset::marsal_a_spion(), (41, 42, 43), 160);
    assert!(game.outcomes().iter().any(|o| o.is_attack()));
    check_position("marsal_a_spion middle game", &game, 4);
    // The classic rules, with the two-square and more-squares rules on.
    let game = game_after(&Ruleset::classic(), (51, 52, 53), 120);
    check_position("classic middle game", &game, 5);
    let game = game_after(&Ruleset::barrage(), (61, 62, 63), 24);
    check_position("barrage middle game", &game, 6);
}

#[test]
fn scouts_with_long_open_lines_draw_uniformly() {
    // Classic board: Scouts on open files and ranks (up to 9 squares a line),
    // some lines ending on an enemy piece they may attack.
    let rules = Ruleset::classic();
    let pos = position(
        &rules,
        &[
            ("a1", 'F'),
            ("e2", 'S'),
            ("b7", 'S'),
            ("j3", 'S'),
            ("f4", 'M'),
            ("j10", 'f'),
            ("e9", 's'),
            ("h7", 'g'),
            ("a10", 'b'),
        ],
        Side::Red,
    );
    let far = pos
        .legal_moves()
        .iter()
        .filter(|m| m.distance() > 1)
        .count();
    assert!(far > 20, "only {far} long Scout moves\n{pos}");
    assert!(
        pos.legal_moves().contains(&mv("e2-e9")),
        "the Scout's long attack"
    );
    check_position("classic Scouts", &Game::from_position(pos), 7);

    // The Czech board: Scouts also step diagonally; lines end at lakes.
    let rules = Ruleset::marsal_a_spion();
    let pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("f2", 'S'),
            ("a6", 'S'),
            ("g3", 'S'),
            ("k4", 'M'),
            ("k12", 'f'),
            ("f11", 's'),
            ("g10", 'g'),
        ],
        Side::Blue,
    );
    assert!(
        pos.legal_moves().contains(&mv("f11-f2")),
        "the Scout's long attack"
    );
    check_position("marsal_a_spion Scouts", &Game::from_position(pos), 8);
}

#[test]
fn two_square_rule_holds_back_the_last_moved_piece_and_draws_stay_uniform() {
    let mut rules = Ruleset::classic();
    rules.more_squares = false;
    let start = position(
        &rules,
        &[
            ("a1", 'F'),
            ("a3", 'S'),
            ("e4", 'G'),
            ("f2", 'R'),
            ("j10", 'f'),
            ("j9", 'g'),
        ],
        Side::Red,
    );
    let mut game = Game::from_position(start);
    for m in ["a3-a6", "j9-i9", "a6-a4", "i9-j9", "a4-a6", "j9-i9"] {
        game.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    for m in ["a6-a5", "a6-a4", "a6-a3", "a6-a2"] {
        assert_eq!(
            game.position().check_move(mv(m)),
            Err(MoveError::TwoSquare { limit: 3 }),
            "{m}"
        );
    }
    for m in ["a6-a7", "a6-a10", "a6-b6"] {
        assert!(game.is_legal(mv(m)), "{m}");
    }
    check_position("two-square Scout", &game, 9);

    // Diagonal steps under a limit of 2 on the Czech board: after c5-b6 and
    // b6-c5 (with Blue moving between), c5-b6 is forbidden; c5-d4 continues
    // the diagonal away and stays legal.
    let mut rules = Ruleset::marsal_a_spion();
    rules.two_square = Some(2);
    let start = position(
        &rules,
        &[
            ("b1", 'F'),
            ("c5", 'K'),
            ("g2", 'P'),
            ("k12", 'f'),
            ("j11", 'g'),
        ],
        Side::Red,
    );
    let mut game = Game::from_position(start);
    for m in ["c5-b6", "j11-j10", "b6-c5", "j10-j11"] {
        game.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(
        game.position().check_move(mv("c5-b6")),
        Err(MoveError::TwoSquare { limit: 2 })
    );
    assert!(game.is_legal(mv("c5-d4")));
    check_position("two-square diagonal", &game, 10);
}

#[test]
fn game_play_random_is_uniform_when_the_more_squares_rule_forbids_a_move() {
    // Red's Marshal chases Blue's General round e3/e4/f3/f4; f3-e3 would
    // recreate a position of the chase. Scouts add long moves.
    let mut rules = Ruleset::classic();
    rules.two_square = None;
    let start = position(
        &rules,
        &[
            ("j1", 'F'),
            ("e2", 'M'),
            ("a6", 'S'),
            ("j8", 'S'),
            ("a10", 'f'),
            ("e4", 'g'),
            ("j9", 's'),
        ],
        Side::Red,
    );
    let mut game = Game::from_position(start);
    for m in [
        "e2-e3", "e4-f4", "e3-e4", "f4-f3", "e4-f4", "f3-e3", "f4-f3", "e3-e4",
    ] {
        game.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(game.check_move(mv("f3-e3")), Err(MoveError::MoreSquares));
    assert_eq!(game.position().check_move(mv("f3-e3")), Ok(()));
    assert_eq!(
        game.legal_moves().len() + 1,
        game.position().legal_move_count()
    );
    check_position("more-squares chase", &game, 11);
}

#[test]
fn game_play_random_plays_only_legal_moves_and_ends_games() {
    let mut variants: Vec<(&str, Ruleset)> = crate::common::presets().to_vec();
    let mut repetition = Ruleset::classic();
    repetition.repetition_draw = Some(3);
    repetition.two_square = Some(1);
    variants.push(("classic, threefold repetition, two-square 1", repetition));
    let mut czech = Ruleset::marsal_a_spion();
    czech.two_square = Some(2);
    czech.more_squares = true;
    czech.max_plies_without_attack = Some(200);
    variants.push(("marsal_a_spion, two-square 2, more-squares", czech));
    for (name, mut rules) in variants {
        rules.max_plies = Some(2000);
        for seed in 0..3u64 {
            let start = Position::start(&rules, seed, seed + 100).unwrap();
            let mut game = Game::from_position(start);
            let mut shadow = game.clone();
            let mut rng = Rng::new(seed + 200);
            while let Some(out) = game.play_random(&mut rng) {
                assert!(
                    shadow.is_legal(out.mv),
                    "{name} seed {seed}: {} is not legal: {:?}\n{}",
                    out.mv,
                    shadow.check_move(out.mv),
                    shadow.position()
                );
                assert_eq!(shadow.play(out.mv), Ok(out), "{name} seed {seed}");
                assert_eq!(game.position(), shadow.position(), "{name} seed {seed}");
            }
            assert!(
                game.status().is_over(),
                "{name} seed {seed}: play_random stopped early"
            );
            assert!(game.legal_moves().is_empty());
            assert_eq!(game, shadow);
            assert_eq!(game.moves().count() as u32, game.position().ply());
            let before = game.clone();
            assert_eq!(game.play_random(&mut rng), None);
            assert_eq!(game, before, "{name} seed {seed}: a finished game changed");
            eprintln!(
                "{name} seed {seed}: {} after {} plies",
                game.status(),
                game.position().ply()
            );
        }
    }
}

/// Pickers that are wrong in ways a fast move generator could be wrong.
mod wrong_pickers {
    use super::*;

    /// Picks a random piece that can move, then one of its moves: each piece
    /// gets the same chance, not each move.
    pub fn piece_first(pos: &Position, rng: &mut Rng) -> Option<Move> {
        let moves = pos.legal_moves();
        let mut pieces: Vec<_> = moves.iter().map(|m| m.from).collect();
        pieces.dedup();
        let from = *pieces.get(rng.below(pieces.len() as u32) as usize)?;
        let own: Vec<Move> = moves.iter().copied().filter(|m| m.from == from).collect();
        Some(own[rng.below(own.len() as u32) as usize])
    }

    /// Off by one: never the last move of the list.
    pub fn never_last(pos: &Position, rng: &mut Rng) -> Option<Move> {
        let moves = pos.legal_moves();
        Some(moves[rng.below(moves.len() as u32 - 1) as usize])
    }

    /// Draws an index one too far and clamps it: the last move comes up twice
    /// as often as the others.
    pub fn doubled(pos: &Position, rng: &mut Rng) -> Option<Move> {
        let moves = pos.legal_moves();
        let i = rng.below(moves.len() as u32 + 1) as usize;
        Some(moves[i.min(moves.len() - 1)])
    }

    /// A move of the board the two-square rule forbids is drawn now and then.
    pub fn ignores_two_square(pos: &Position, rng: &mut Rng) -> Option<Move> {
        let moves = pos.legal_moves();
        if rng.below(50) == 0 {
            return Some(mv("a6-a5"));
        }
        Some(moves[rng.below(moves.len() as u32) as usize])
    }
}

/// The uniformity check is not vacuous: it rejects each wrong picker above on
/// the positions of this file.
#[test]
fn uniformity_check_rejects_wrong_pickers() {
    let scouts = position(
        &Ruleset::classic(),
        &[
            ("a1", 'F'),
            ("e2", 'S'),
            ("b7", 'S'),
            ("j3", 'S'),
            ("f4", 'M'),
            ("j10", 'f'),
            ("e9", 's'),
        ],
        Side::Red,
    );
    let middle = *game_after(&Ruleset::marsal_a_spion(), (41, 42, 43), 160).position();
    type Picker = fn(&Position, &mut Rng) -> Option<Move>;
    let pickers: [(&str, Picker); 3] = [
        ("piece first", wrong_pickers::piece_first),
        ("never last", wrong_pickers::never_last),
        ("doubled", wrong_pickers::doubled),
    ];
    for (pos_name, pos) in [("Scouts", scouts), ("middle game", middle)] {
        let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
        for (name, pick) in pickers {
            let mut rng = Rng::new(1);
            let verdict = check_uniform(&legal, || pick(&pos, &mut rng));
            assert!(verdict.is_err(), "{name} passed on {pos_name}: {verdict:?}");
            eprintln!("{name} on {pos_name}: {}", verdict.unwrap_err());
        }
        // The right picker passes.
        let mut rng = Rng::new(1);
        check_uniform(&legal, || {
            let moves = pos.legal_moves();
            Some(moves[rng.below(moves.len() as u32) as usize])
        })
        .unwrap();
    }
    // A move the two-square rule forbids is caught.
    let mut rules = Ruleset::classic();
    rules.more_squares = false;
    let mut pos = position(
        &rules,
        &[
            ("a1", 'F'),
            ("a3", 'S'),
            ("e4", 'G'),
            ("j10", 'f'),
            ("j9", 'g'),
        ],
        Side::Red,
    );
    for m in ["a3-a6", "j9-i9", "a6-a4", "i9-j9", "a4-a6", "j9-i9"] {
        pos.play(mv(m)).unwrap();
    }
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    let mut rng = Rng::new(1);
    let verdict = check_uniform(&legal, || wrong_pickers::ignores_two_square(&pos, &mut rng));
    assert!(verdict.is_err(), "{verdict:?}");
}

/// The Wilson–Hilferty bound is close to tabulated 99.999 % quantiles.
#[test]
fn chi_square_bound_matches_tables() {
    // Quantiles of the chi-square distribution at 0.99999 (qchisq(0.99999, df)).
    for (df, q, tolerance) in [
        (1, 19.511, 0.12),
        (2, 23.026, 0.08),
        (10, 41.296, 0.02),
        (30, 75.023, 0.02),
        (100, 172.099, 0.02),
    ] {
        let b = chi_square_bound(df);
        assert!(b >= q && (b - q) / q < tolerance, "df {df}: {b} vs {q}");
    }
}
