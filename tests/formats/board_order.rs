//! The legal moves found in the board's order
//! (`Position::for_each_legal_move_unordered`, `Game::for_each_legal_move_unordered`:
//! what the action masks are written from) are exactly the legal moves, each
//! once: every kind of move (steps, attacks, a Scout's long moves and its
//! attack at the end of a line, diagonal steps with and without the corner
//! rule), with the two-square rule and the more-squares rule holding moves
//! back, on boards of two, three and four bitboard words.

use crate::common::{presets, sq};
use marsal::{Game, Move, Position, Rng, Ruleset};

/// The presets, and each with diagonal steps (with the corner rule and
/// without), and with the two-square rule at its strictest.
fn rulesets() -> Vec<(String, Ruleset)> {
    let mut all = Vec::new();
    for (name, rules) in presets() {
        for (diagonal, corner) in [(false, false), (true, false), (true, true)] {
            let mut r = rules;
            r.diagonal_steps = diagonal;
            r.corner_rule = corner;
            all.push((format!("{name} diagonal {diagonal} corner {corner}"), r));
        }
        let mut r = rules;
        r.two_square = Some(1);
        all.push((format!("{name} two-square 1"), r));
    }
    // The 8x8 example (a board of two words) is read from its JSON.
    #[cfg(feature = "serde")]
    {
        let small: Ruleset = serde_json::from_str(include_str!(
            "../../examples/rulesets/quick_battle_8x8.json"
        ))
        .expect("the example ruleset");
        all.push(("quick battle 8x8".into(), small));
    }
    all
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort();
    v
}

#[test]
fn the_legal_moves_in_the_boards_order_are_the_legal_moves_each_once() {
    let mut rng = Rng::new(5);
    for (name, rules) in rulesets() {
        for g in 0..3u64 {
            let mut game = Game::from_position(Position::start(&rules, g, g + 90).unwrap());
            for _ in 0..500 {
                let pos = game.position();
                let mut unordered = Vec::new();
                pos.for_each_legal_move_unordered(|mv| unordered.push(mv));
                assert_eq!(
                    unordered.len(),
                    pos.legal_move_count(),
                    "{name}: each move once"
                );
                assert_eq!(
                    sorted(unordered),
                    sorted(pos.legal_moves().to_vec()),
                    "{name}"
                );
                let mut allowed = Vec::new();
                game.for_each_legal_move_unordered(|mv| allowed.push(mv));
                assert_eq!(
                    allowed.len(),
                    game.legal_moves().len(),
                    "{name}: each move once"
                );
                assert_eq!(
                    sorted(allowed),
                    sorted(game.legal_moves().to_vec()),
                    "{name}"
                );
                if game.play_random(&mut rng).is_none() {
                    break;
                }
            }
            let mut after = 0;
            game.for_each_legal_move_unordered(|_| after += 1);
            game.position()
                .for_each_legal_move_unordered(|_| after += 1);
            if game.status().is_over() {
                assert_eq!(after, 0, "{name}: no move once the game is over");
            }
        }
    }
}

#[test]
fn a_scout_s_long_moves_and_its_attack_at_the_end_of_the_line_are_found() {
    // A Red Scout on e3: its own Bomb on d3 closes the west, the file runs
    // open to a Blue Sergeant on e7 (attacked, not passed) and to e1, the
    // rank to the east edge.
    let rules = Ruleset::classic();
    let rows = crate::common::board_rows(
        &rules,
        &[
            ("e3", 'S'),
            ("d3", 'B'),
            ("e7", 'r'),
            ("a1", 'F'),
            ("j10", 'f'),
            ("j9", 'b'),
        ],
    );
    let pos = Position::from_text(&rules, &format!("{} r", rows.join("/"))).unwrap();
    let mut moves = Vec::new();
    pos.for_each_legal_move_unordered(|mv| moves.push(mv));
    let e3 = sq("e3");
    let from_e3 = sorted(moves.iter().copied().filter(|m| m.from == e3).collect());
    let expected = [
        "e1", "e2", "e4", "e5", "e6", "e7", "f3", "g3", "h3", "i3", "j3",
    ]
    .map(|t| Move::new(e3, sq(t)));
    assert_eq!(from_e3, sorted(expected.to_vec()));
    assert_eq!(sorted(moves), sorted(pos.legal_moves().to_vec()));
}
