//! The two-square and more-squares rules against the published test vectors
//! (`../shared/data/ataraxos/`, skipped with a message when absent) and
//! hand-written situations named after the rule.
#![cfg(feature = "serde")]

mod common;

use common::{mv, position};
use marsal::{Game, MoveError, Position, Ruleset, Side, Status, WinReason};
use std::path::PathBuf;

fn data(name: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/ataraxos")
        .join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            eprintln!("skipping: cannot read {} ({e})", path.display());
            None
        }
    }
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
fn ataraxos_two_square_cases() {
    let Some(text) = data("two_square_cases.jsonl") else {
        return;
    };
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
fn ataraxos_chase_vectors() {
    let Some(text) = data("chase_vectors.jsonl") else {
        return;
    };
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

fn classic_game(pieces: &[(&str, char)]) -> Game {
    let mut rules = Ruleset::classic();
    rules.more_squares = false;
    Game::from_position(position(&rules, pieces, Side::Red))
}

fn play_all(game: &mut Game, moves: &[&str]) {
    for m in moves {
        game.play(mv(m))
            .unwrap_or_else(|e| panic!("{m} refused: {e}"));
    }
}

const SHUTTLE: [(&str, char); 4] = [("a1", 'F'), ("e4", 'G'), ("j10", 'f'), ("a10", 'g')];

#[test]
fn two_square_shuttle_of_three_then_fourth_refused() {
    let mut game = classic_game(&SHUTTLE);
    play_all(
        &mut game,
        &["e4-e5", "a10-b10", "e5-e4", "b10-a10", "e4-e5", "a10-b10"],
    );
    assert_eq!(
        game.check_move(mv("e5-e4")),
        Err(MoveError::TwoSquare { limit: 3 })
    );
    assert!(!game.legal_moves().contains(&mv("e5-e4")));
    // Any other move of the piece is allowed.
    assert!(game.is_legal(mv("e5-e6")));
    assert!(game.is_legal(mv("e5-f5")));
}

#[test]
fn two_square_limit_five_allows_five() {
    let mut rules = Ruleset::classic();
    rules.more_squares = false;
    rules.two_square = Some(5);
    let mut game = Game::from_position(position(&rules, &SHUTTLE, Side::Red));
    let red = ["e4-e5", "e5-e4", "e4-e5", "e5-e4", "e4-e5"];
    let blue = ["a10-b10", "b10-a10", "a10-b10", "b10-a10", "a10-b10"];
    for (r, b) in red.iter().zip(blue) {
        play_all(&mut game, &[r, b]);
    }
    assert_eq!(
        game.check_move(mv("e5-e4")),
        Err(MoveError::TwoSquare { limit: 5 })
    );
}

#[test]
fn two_square_attacks_count() {
    // The fourth crossing of e4|e5 is an attack on a Scout that stepped onto e4:
    // still refused.
    let pieces = [
        ("a1", 'F'),
        ("e4", 'G'),
        ("j10", 'f'),
        ("a10", 'g'),
        ("d4", 's'),
    ];
    let plies = ["e4-e5", "a10-b10", "e5-e4", "b10-a10", "e4-e5", "d4-e4"];
    let mut game = classic_game(&pieces);
    play_all(&mut game, &plies);
    assert_eq!(
        game.check_move(mv("e5-e4")),
        Err(MoveError::TwoSquare { limit: 3 })
    );
    // Without the rule the attack is legal.
    let mut rules = Ruleset::classic();
    rules.more_squares = false;
    rules.two_square = None;
    let mut game = Game::from_position(position(&rules, &pieces, Side::Red));
    play_all(&mut game, &plies);
    assert!(game.is_legal(mv("e5-e4")));
}

#[test]
fn two_square_changing_direction_resets() {
    // Blue's General walks along rank 10 (never crossing a border twice).
    let mut game = classic_game(&SHUTTLE);
    play_all(
        &mut game,
        &["e4-e5", "a10-b10", "e5-e4", "b10-c10", "e4-f4", "c10-d10"],
    );
    // The rank move started a new chain: f4-e4, e4-f4 are its 2nd and 3rd moves,
    // and only the 4th crossing of e4|f4 is refused.
    play_all(&mut game, &["f4-e4", "d10-e10", "e4-f4", "e10-f10"]);
    assert_eq!(
        game.check_move(mv("f4-e4")),
        Err(MoveError::TwoSquare { limit: 3 })
    );
    // Going on along rank 4 away from e4, or up the file, is allowed.
    assert!(game.is_legal(mv("f4-g4")));
    assert!(game.is_legal(mv("f4-f5")));
}

#[test]
fn two_square_scout_border_form() {
    let mut game = classic_game(&[("a1", 'F'), ("a3", 'S'), ("j10", 'f'), ("j9", 'g')]);
    play_all(
        &mut game,
        &["a3-a6", "j9-i9", "a6-a4", "i9-j9", "a4-a6", "j9-i9"],
    );
    for m in ["a6-a5", "a6-a4", "a6-a3"] {
        assert_eq!(
            game.check_move(mv(m)),
            Err(MoveError::TwoSquare { limit: 3 }),
            "{m}"
        );
    }
    for m in ["a6-a7", "a6-b6"] {
        assert!(game.is_legal(mv(m)), "{m}");
    }
}

#[test]
fn two_square_only_move_blocked_loses() {
    // Red's Marshal is boxed in a corner lane: its only moves shuttle a1/b1.
    let mut game = classic_game(&[
        ("c1", 'F'),
        ("a2", 'B'),
        ("b2", 'B'),
        ("a1", 'M'),
        ("j10", 'f'),
        ("j9", 'g'),
    ]);
    play_all(&mut game, &["a1-b1", "j9-i9", "b1-a1", "i9-h9"]);
    assert!(!game.status().is_over());
    // Red's third shuttle move leaves its only move (b1-a1) forbidden: Red cannot
    // move and loses at once, right after its own move (classic rules).
    play_all(&mut game, &["a1-b1"]);
    assert!(game.position().legal_moves().is_empty());
    assert_eq!(
        game.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::OpponentCannotMove
        }
    );
}

#[test]
fn more_squares_moving_back_is_allowed() {
    // The chaser may always step straight back to the square it just left.
    let Some(text) = data("chase_vectors.jsonl") else {
        return;
    };
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
