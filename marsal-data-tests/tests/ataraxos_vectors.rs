//! The two-square and more-squares rules against the published Ataraxos test
//! vectors (`shared/data/ataraxos/` beside the project): 14 two-square cases
//! and 223 continuous-chase vectors, and random moves that stay uniform over
//! what the more-squares rule allows. Ignored (and so shown in the test
//! summary) when the data is absent.

#[path = "../../tests/common/mod.rs"]
mod common;

use common::mv;
use common::uniform::check_uniform;
use marsal::{Game, Move, MoveError, Position, Rng, Ruleset, Side, Status, WinReason};
use std::path::Path;

/// The text of the vector file `name` (the build script found the folder).
fn data(name: &str) -> String {
    let path = Path::new(env!("MARSAL_SHARED_DATA"))
        .join("ataraxos")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The position text of a 100-character Gravon/Ataraxos board.
fn board_text(board: &str, to_move: Side) -> String {
    const RED: &str = "BCDEFGHIJKLM";
    const OURS: &str = "BYSNRLKJCGMF";
    let cells: Vec<char> = board.chars().collect();
    assert_eq!(cells.len(), 100, "board length");
    let mut rows = Vec::new();
    for rank in (0..10).rev() {
        let row: String = (0..10)
            .map(|file| {
                let c = cells[rank * 10 + file];
                match c {
                    'A' => '.',
                    '_' => '~',
                    'B'..='M' => OURS.as_bytes()[RED.find(c).unwrap()] as char,
                    'N'..='Y' => {
                        let i = c as u8 - b'N';
                        (OURS.as_bytes()[i as usize] as char).to_ascii_lowercase()
                    }
                    _ => panic!("unknown board letter {c}"),
                }
            })
            .collect();
        rows.push(row);
    }
    format!(
        "{} {}",
        rows.join("/"),
        if to_move == Side::Red { "r" } else { "b" }
    )
}

fn preset(variant: &str) -> Ruleset {
    match variant {
        "classic" => Ruleset::classic(),
        "barrage" => Ruleset::barrage(),
        // Hand-made test positions with a few pieces: classic rules and army.
        _ => Ruleset::classic(),
    }
}

fn game_from(rules: &Ruleset, board: &str) -> Game {
    let pos = Position::from_text(rules, &board_text(board, Side::Red)).expect("vector board");
    Game::from_position(pos)
}

#[test]
#[cfg_attr(
    not(marsal_ataraxos_data),
    ignore = "needs ../shared/data/ataraxos beside the project"
)]
fn ataraxos_two_square_cases() {
    let text = data("two_square_cases.jsonl");
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = v["id"].as_str().unwrap();
        let mut rules = preset(v["variant"].as_str().unwrap());
        rules.more_squares = false;
        rules.two_square = Some(3);
        let mut game = game_from(&rules, v["board"].as_str().unwrap());
        let test = mv(v["move_under_test"].as_str().unwrap());
        let expected = v["legal_under_two_square_rule"].as_bool().unwrap();
        for m in v["moves"].as_array().unwrap() {
            let m = mv(m.as_str().unwrap());
            if game.status().is_over() {
                // The classic rules end the game as soon as a side is left
                // without a legal move, also right after its own move: here the
                // rule blocked Red's only move, so Red lost at once and the
                // vector's later plies never happen.
                assert!(!expected, "{id}: game over early: {}", game.status());
                assert_eq!(
                    game.status(),
                    Status::Won {
                        winner: Side::Blue,
                        reason: WinReason::OpponentCannotMove
                    },
                    "{id}"
                );
                break;
            }
            game.play(m)
                .unwrap_or_else(|e| panic!("{id}: {m} refused: {e}"));
        }
        assert_eq!(game.is_legal(test), expected, "{id}: {test} ({})", v["why"]);
        if !expected && !game.status().is_over() {
            assert_eq!(
                game.check_move(test),
                Err(MoveError::TwoSquare { limit: 3 }),
                "{id}"
            );
        }
        // Without the rule the move is legal.
        let mut off = rules;
        off.two_square = None;
        let mut game = game_from(&off, v["board"].as_str().unwrap());
        for m in v["moves"].as_array().unwrap() {
            let m = mv(m.as_str().unwrap());
            game.play(m)
                .unwrap_or_else(|e| panic!("{id}: {m} refused without the rule: {e}"));
        }
        assert!(game.is_legal(test), "{id}: {test} without the rule");
        n += 1;
    }
    assert_eq!(n, 14);
}

#[test]
#[cfg_attr(
    not(marsal_ataraxos_data),
    ignore = "needs ../shared/data/ataraxos beside the project"
)]
fn ataraxos_chase_vectors() {
    let text = data("chase_vectors.jsonl");
    let (mut n, mut forbidden, mut backs) = (0, 0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = v["id"].as_str().unwrap();
        let mut rules = preset(v["variant"].as_str().unwrap());
        rules.more_squares = true;
        rules.two_square = if v["two_square_rule"] == "off" {
            None
        } else {
            Some(3)
        };
        let mut game = game_from(&rules, v["board"].as_str().unwrap());
        let moves: Vec<_> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| mv(m.as_str().unwrap()))
            .collect();
        let (last, before) = moves.split_last().unwrap();
        for (i, m) in before.iter().enumerate() {
            game.play(*m)
                .unwrap_or_else(|e| panic!("{id}: move {} ({m}) refused: {e}", i + 1));
        }
        // Legal without the more-squares rule ...
        assert_eq!(
            game.position().check_move(*last),
            Ok(()),
            "{id}: {last} without the rule"
        );
        // ... and under it exactly as the vector says.
        let illegal = v["last_move_illegal_under_more_squares_rule"]
            .as_bool()
            .unwrap();
        assert_eq!(game.is_legal(*last), !illegal, "{id}: {last}");
        if illegal {
            assert_eq!(game.check_move(*last), Err(MoveError::MoreSquares), "{id}");
            forbidden += 1;
            // The exception: stepping straight back to the square the chaser came
            // from on its previous turn is never forbidden by this rule.
            if before.len() >= 2 {
                let prev = before[before.len() - 2];
                let back = marsal::Move::new(prev.to, prev.from);
                if game.position().check_move(back).is_ok() {
                    assert!(
                        game.is_legal(back),
                        "{id}: moving back {back} must stay legal"
                    );
                    backs += 1;
                }
            }
        } else {
            game.play(*last).unwrap();
            if v.get("side_to_move_has_legal_move_after_last_move")
                == Some(&serde_json::Value::Bool(false))
            {
                let stuck = game.position().to_move();
                assert!(game.legal_moves().is_empty(), "{id}: moves left");
                assert_eq!(
                    game.status(),
                    Status::Won {
                        winner: !stuck,
                        reason: WinReason::OpponentCannotMove
                    },
                    "{id}"
                );
            }
        }
        n += 1;
    }
    assert_eq!((n, forbidden), (223, 220));
    assert!(backs > 0, "the moving-back exception was never exercised");
    eprintln!("moving-back exception checked in {backs} chases");
}

#[test]
#[cfg_attr(
    not(marsal_ataraxos_data),
    ignore = "needs ../shared/data/ataraxos beside the project"
)]
fn game_play_random_is_uniform_over_moves_the_more_squares_rule_allows() {
    let text = data("chase_vectors.jsonl");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(40) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["last_move_illegal_under_more_squares_rule"] != true {
            continue;
        }
        let mut rules = match v["variant"].as_str() {
            Some("barrage") => Ruleset::barrage(),
            _ => Ruleset::classic(),
        };
        rules.more_squares = true;
        rules.two_square = None;
        let board = board_text(v["board"].as_str().unwrap(), Side::Red);
        let mut game = Game::from_position(Position::from_text(&rules, &board).unwrap());
        let moves: Vec<Move> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| mv(m.as_str().unwrap()))
            .collect();
        let (last, before) = moves.split_last().unwrap();
        for m in before {
            game.play(*m).unwrap();
        }
        assert_eq!(game.check_move(*last), Err(MoveError::MoreSquares));
        let legal: Vec<Move> = game.legal_moves().into_iter().collect();
        assert!(!legal.contains(last));
        let mut rng = Rng::new(100 + checked);
        check_uniform(&legal, || {
            let mut copy = game.clone();
            copy.play_random(&mut rng).map(|o| o.mv)
        })
        .unwrap_or_else(|e| panic!("{}: Game::play_random: {e}", v["id"]));
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert_eq!(checked, 3, "chase vectors with a forbidden move");
}

#[test]
#[cfg_attr(
    not(marsal_ataraxos_data),
    ignore = "needs ../shared/data/ataraxos beside the project"
)]
fn more_squares_moving_back_is_allowed() {
    // The chaser may always step straight back to the square it just left.
    let text = data("chase_vectors.jsonl");
    let line = text
        .lines()
        .find(|l| l.contains("handwritten/long_chase"))
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    let mut rules = Ruleset::barrage();
    rules.two_square = None;
    let mut game = game_from(&rules, v["board"].as_str().unwrap());
    for m in v["moves"].as_array().unwrap() {
        let m = mv(m.as_str().unwrap());
        assert!(game.is_legal(m), "{m}");
        game.play(m).unwrap();
    }
}
