//! State services: undo, hashing, the text forms of moves, setups and positions,
//! refusing illegal moves, and (feature `serde`) the serialised forms.

// Without alloc the tests that play a Game rest, and with them some helpers.
#![cfg_attr(not(feature = "alloc"), allow(unused_imports, dead_code))]
#[cfg(feature = "alloc")]
use marsal::Game;
use marsal::{Move, MoveError, Position, Rng, Ruleset, Setup, Side, Square, Status};

use crate::common::presets;

fn with_limit(mut rules: Ruleset, plies: u32) -> Ruleset {
    rules.max_plies = Some(plies);
    rules
}

fn random_move(pos: &Position, rng: &mut Rng) -> Move {
    let moves = pos.legal_moves();
    assert!(
        !moves.is_empty(),
        "an ongoing game has a legal move:\n{pos}"
    );
    moves[rng.below(moves.len() as u32) as usize]
}

/// Plays random games of every preset (capped at `plies`) and calls `f` with the
/// position before and after every move.
fn for_each_ply(plies: u32, games: u64, mut f: impl FnMut(&str, &Position, Move, &Position)) {
    for (name, rules) in presets() {
        let rules = with_limit(rules, plies);
        for seed in 0..games {
            let mut pos = Position::start(&rules, 7 * seed + 1, 7 * seed + 2).unwrap();
            let mut rng = Rng::new(seed + 99);
            while !pos.status().is_over() {
                let before = pos;
                let mv = random_move(&pos, &mut rng);
                pos.play(mv).unwrap();
                f(name, &before, mv, &pos);
            }
        }
    }
}

/// Every square of the grid that lies on the board's rectangle.
fn rectangle(rules: &Ruleset) -> Vec<Square> {
    Square::all()
        .filter(|s| s.file() < rules.board.files && s.rank() < rules.board.ranks)
        .collect()
}

#[cfg(feature = "alloc")] // plays a Game
#[test]
fn undo_restores_exact_state_and_hash() {
    for (name, rules) in presets() {
        let rules = with_limit(rules, 200);
        for seed in 0..2u64 {
            let mut game = Game::new(
                &rules,
                &Setup::random(&rules, Side::Red, seed + 1),
                &Setup::random(&rules, Side::Blue, seed + 2),
            )
            .unwrap();
            let start = *game.position();
            let mut rng = Rng::new(seed + 3);
            let mut history = vec![start];
            while !game.status().is_over() {
                let before = *game.position();
                let mv = random_move(&before, &mut rng);
                let out = game.play(mv).unwrap();
                let after = *game.position();
                assert_ne!(after, before, "{name}");
                let undone = game.undo().unwrap();
                assert_eq!(undone, out, "{name}: undo returns what the move did");
                assert_eq!(*game.position(), before, "{name}: undo after {mv}");
                assert_eq!(game.position().hash(), before.hash(), "{name}");
                assert_eq!(game.moves().count(), history.len() - 1, "{name}");
                for side in Side::BOTH {
                    assert_eq!(game.position().view(side), before.view(side), "{name}");
                }
                // redo
                assert_eq!(game.play(mv).unwrap(), out, "{name}: replay of {mv}");
                assert_eq!(*game.position(), after, "{name}");
                history.push(after);
            }
            // unwind the whole game
            let n = game.moves().count();
            for i in (0..n).rev() {
                game.undo().unwrap();
                assert_eq!(*game.position(), history[i], "{name}: unwinding to ply {i}");
            }
            assert_eq!(*game.position(), start);
            assert_eq!(game.undo(), Err(marsal::UndoError::NothingToUndo));
            assert_eq!(*game.position(), start);
        }
    }
}

#[test]
fn incremental_hash_equals_hash_from_scratch() {
    let mut attacks = 0;
    for_each_ply(300, 3, |name, before, mv, after| {
        assert_eq!(before.hash(), before.hash_from_scratch(), "{name}");
        assert_eq!(
            after.hash(),
            after.hash_from_scratch(),
            "{name}: after {mv} at ply {}",
            after.ply()
        );
        assert_ne!(
            after.hash(),
            before.hash(),
            "{name}: {mv} changed the board"
        );
        if before.piece_at(mv.to).is_some() {
            attacks += 1;
        }
        // The hash is that of the board and side to move: the same board read
        // from its text has the same hash.
        let again = Position::from_text(after.rules(), &after.to_text().to_string()).unwrap();
        assert_eq!(again.hash(), after.hash(), "{name}");
    });
    assert!(attacks > 50, "too few attacks to test the hash: {attacks}");
}

#[test]
fn hash_differs_when_side_to_move_differs() {
    for (name, rules) in presets() {
        let pos = Position::start(&rules, 3, 4).unwrap();
        let text = pos.to_text().to_string();
        let board = text.strip_suffix(" r").unwrap();
        let red = Position::from_text(&rules, &format!("{board} r")).unwrap();
        let blue = Position::from_text(&rules, &format!("{board} b")).unwrap();
        assert_eq!(red.to_move(), Side::Red);
        assert_eq!(blue.to_move(), Side::Blue);
        assert_ne!(red.hash(), blue.hash(), "{name}");
        assert_eq!(red.hash(), red.hash_from_scratch());
        assert_eq!(blue.hash(), blue.hash_from_scratch());
        assert_ne!(red, blue);
    }
    // and two different boards with the same side to move differ too
    let rules = Ruleset::barrage();
    let a = Position::start(&rules, 1, 2).unwrap();
    let b = Position::start(&rules, 1, 3).unwrap();
    assert_ne!(a.hash(), b.hash());
}

#[test]
fn move_text_round_trips() {
    let mut attacks = 0;
    let mut far = 0;
    for_each_ply(150, 2, |name, before, _, _| {
        for mv in before.legal_moves() {
            let text = before.move_text(mv).to_string();
            assert_eq!(before.parse_move(&text), Ok(mv), "{name}: {text}");
            let attack = before
                .piece_at(mv.to)
                .is_some_and(|p| p.side != before.to_move());
            let sep = if attack { 'x' } else { '-' };
            assert_eq!(
                text,
                format!("{}{sep}{}", mv.from, mv.to),
                "{name}: attacks print with x, other moves with -"
            );
            // the plain form parses to the same move
            assert_eq!(text.parse::<Move>(), Ok(mv));
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            // the wrong separator is refused
            let wrong = format!("{}{}{}", mv.from, if attack { '-' } else { 'x' }, mv.to);
            assert!(before.parse_move(&wrong).is_err(), "{name}: {wrong}");
            attacks += usize::from(attack);
            far += usize::from(mv.distance() > 1);
        }
    });
    assert!(
        attacks > 100 && far > 100,
        "{attacks} attacks, {far} far moves"
    );
}

#[test]
fn setup_text_round_trips() {
    for (name, rules) in presets() {
        for side in Side::BOTH {
            for seed in 0..20 {
                let setup = Setup::random(&rules, side, seed);
                assert_eq!(setup.validate(&rules), Ok(()), "{name}");
                let text = setup.to_text(&rules).to_string();
                let back = Setup::from_text(&rules, side, &text)
                    .unwrap_or_else(|e| panic!("{name} {side}: {text}: {e}"));
                assert_eq!(back, setup, "{name} {side}: {text}");
                assert_eq!(back.to_text(&rules).to_string(), text);
                let rows = text.split('/').count();
                assert_eq!(rows, 4, "{name}: four rows of the setup zone");
            }
        }
    }
}

#[test]
fn position_text_round_trips() {
    let mut checked = 0;
    for_each_ply(200, 2, |name, _, _, pos| {
        if pos.ply() % 7 != 0 && !pos.status().is_over() {
            return;
        }
        let text = pos.to_text().to_string();
        let back = Position::from_text(pos.rules(), &text)
            .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
        assert_eq!(back.to_text().to_string(), text, "{name}");
        assert_eq!(back.to_move(), pos.to_move(), "{name}");
        assert_eq!(back.hash(), pos.hash(), "{name}");
        for s in Square::all() {
            assert_eq!(back.piece_at(s), pos.piece_at(s), "{name}: {s}");
        }
        for side in Side::BOTH {
            assert_eq!(back.remaining(side), pos.remaining(side), "{name}");
        }
        checked += 1;
    });
    assert!(checked > 50);
    // the text of a preset start is the documented shape
    let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2).unwrap();
    let text = pos.to_text().to_string();
    let rows: Vec<&str> = text.strip_suffix(" r").unwrap().split('/').collect();
    assert_eq!(rows.len(), 12);
    assert!(rows.iter().all(|r| r.chars().count() == 12));
    assert_eq!(rows[4], "...~~..~~...", "rank 8");
    assert_eq!(rows[7], "...~~..~~...", "rank 5");
    assert!(rows[0].starts_with('#') && rows[0].ends_with('#'));
    assert!(rows[0][1..11].chars().all(|c| c.is_ascii_lowercase()));
    assert!(rows[11][1..11].chars().all(|c| c.is_ascii_uppercase()));
}

#[cfg(feature = "alloc")] // plays a Game
#[test]
fn illegal_move_changes_nothing() {
    let mut refused = 0;
    let mut accepted = 0;
    for (name, rules) in presets() {
        let rules = with_limit(rules, 120);
        let squares = rectangle(&rules);
        let mut pos = Position::start(&rules, 31, 32).unwrap();
        let mut rng = Rng::new(33);
        while !pos.status().is_over() {
            let legal = pos.legal_moves();
            for _ in 0..40 {
                let from = squares[rng.below(squares.len() as u32) as usize];
                // half the time a square near `from`, to hit near misses
                let to = if rng.below(2) == 0 {
                    squares[rng.below(squares.len() as u32) as usize]
                } else {
                    let f = from.file() as i32 + rng.below(5) as i32 - 2;
                    let r = from.rank() as i32 + rng.below(5) as i32 - 2;
                    match Square::new(f.clamp(0, 11) as u8, r.clamp(0, 11) as u8) {
                        Some(s) => s,
                        None => continue,
                    }
                };
                let mv = Move::new(from, to);
                let before = pos;
                match pos.check_move(mv) {
                    Err(e) => {
                        assert!(!legal.contains(&mv), "{name}: {mv} is generated but {e}");
                        let mut copy = pos;
                        assert_eq!(copy.play(mv), Err(e), "{name}: {mv}");
                        assert_eq!(copy, before, "{name}: refused {mv} changed the position");
                        let mut game = Game::from_position(pos);
                        assert_eq!(game.play(mv), Err(e));
                        assert_eq!(*game.position(), before);
                        assert_eq!(game.moves().count(), 0);
                        refused += 1;
                    }
                    Ok(()) => {
                        assert!(legal.contains(&mv), "{name}: {mv} accepted, not generated");
                        accepted += 1;
                    }
                }
                assert_eq!(pos, before);
            }
            for mv in &legal {
                assert_eq!(pos.check_move(*mv), Ok(()), "{name}");
            }
            let mv = random_move(&pos, &mut rng);
            pos.play(mv).unwrap();
        }
    }
    assert!(
        refused > 1000 && accepted > 20,
        "{refused} refused, {accepted} accepted"
    );
}

#[cfg(feature = "alloc")] // plays a Game
#[test]
fn a_legal_move_played_unchecked_does_what_play_does() {
    // Every preset, and each with the history rules (more squares, repeated
    // positions) that `Game::play` applies after the board's move.
    let mut plies = 0;
    for (name, rules) in presets() {
        let mut strict = rules;
        strict.more_squares = true;
        strict.repetition_draw = Some(2);
        for rules in [rules, strict] {
            let rules = with_limit(rules, 300);
            for seed in 0..3u64 {
                let mut played =
                    Game::from_position(Position::start(&rules, seed, seed + 9).unwrap());
                let mut unchecked = played.clone();
                let mut rng = Rng::new(seed + 5);
                while !played.status().is_over() {
                    let moves = played.legal_moves();
                    let mv = moves[rng.below(moves.len() as u32) as usize];
                    let out = played.play(mv).unwrap();
                    assert_eq!(unchecked.play_unchecked(mv), out, "{name}: {mv}");
                    assert_eq!(unchecked, played, "{name}: after {mv}");
                    assert_eq!(unchecked.status(), played.status(), "{name}");
                    plies += 1;
                }
            }
        }
    }
    assert!(plies > 1000, "{plies} plies");
}

#[cfg(feature = "alloc")] // plays a Game
#[test]
fn a_restarted_game_is_a_new_game_from_its_position() {
    for (name, rules) in presets() {
        let mut rules = rules;
        rules.repetition_draw = Some(2);
        rules.more_squares = true;
        let rules = with_limit(rules, 150);
        let mut game = Game::from_position(Position::start(&rules, 4, 5).unwrap());
        let mut rng = Rng::new(6);
        while game.play_random(&mut rng).is_some() {}
        assert!(game.moves().count() > 0, "{name}");
        let next = Position::start(&rules, 7, 8).unwrap();
        game.restart(next);
        let mut fresh = Game::from_position(next);
        assert_eq!(game, fresh, "{name}");
        assert_eq!(game.moves().count(), 0, "{name}");
        assert_eq!(game.start_position(), &next, "{name}");
        assert_eq!(game.repetition_positions_compared(), 0, "{name}");
        // It plays on as the new game does: the same moves, results, status
        // and repetitions.
        let (mut a, mut b) = (Rng::new(9), Rng::new(9));
        loop {
            let (x, y) = (game.play_random(&mut a), fresh.play_random(&mut b));
            assert_eq!(x, y, "{name}");
            assert_eq!(game, fresh, "{name}");
            assert_eq!(game.occurrences(), fresh.occurrences(), "{name}");
            if x.is_none() {
                break;
            }
        }
        assert_eq!(game.undo(), fresh.undo(), "{name}");
        assert_eq!(game.log(Side::Red).count(), fresh.log(Side::Red).count());
    }
}

#[cfg(feature = "alloc")] // plays a Game
#[test]
fn play_refuses_every_move_after_game_end() {
    // A game won by capturing the Flag ...
    let rules = Ruleset::classic();
    let mut pos = Position::from_text(
        &rules,
        "....fs..../........../........../........../..~~..~~../\
         ..~~..~~../........../........../....M...../....F..... r",
    )
    .unwrap();
    pos.play_text("e2-e3").unwrap();
    pos.play_text("f10-f9").unwrap();
    let mut won = pos;
    for (from, to) in [("e3", "e4"), ("f9", "f8"), ("e4", "e5"), ("f8", "f7")] {
        won.play_text(&format!("{from}-{to}")).unwrap();
    }
    for step in [
        "e5-e6", "f7-g7", "e6-e7", "g7-g8", "e7-e8", "g8-g9", "e8-e9",
    ] {
        won.play_text(step).unwrap();
    }
    won.play_text("g9-g10").unwrap();
    won.play_text("e9xe10").unwrap();
    assert_eq!(won.status().winner(), Some(Side::Red));
    let mut ended = vec![("flag captured", won)];

    // ... and games ended by every preset's rules or by the ply limit.
    for (name, rules) in presets() {
        for (limit, seed) in [(40, 1u64), (2000, 2)] {
            let rules = with_limit(rules, limit);
            let mut pos = Position::start(&rules, seed, seed + 10).unwrap();
            let mut rng = Rng::new(seed + 20);
            while !pos.status().is_over() {
                let mv = random_move(&pos, &mut rng);
                pos.play(mv).unwrap();
            }
            ended.push((name, pos));
        }
    }
    assert!(
        ended
            .iter()
            .any(|(_, p)| !matches!(p.status(), Status::Drawn { .. }))
    );
    for (name, pos) in ended {
        assert!(pos.status().is_over());
        assert!(pos.legal_moves().is_empty(), "{name}");
        let mut n = 0;
        pos.for_each_legal_move(|_| n += 1);
        assert_eq!(n, 0, "{name}");
        let mut game = Game::from_position(pos);
        let squares = rectangle(pos.rules());
        // every move of the side that would move, and a sample of all pairs
        let own: Vec<Square> = pos.pieces(pos.to_move()).map(|(s, _)| s).collect();
        for &from in &own {
            for &to in &squares {
                let mv = Move::new(from, to);
                let mut copy = pos;
                assert_eq!(
                    copy.check_move(mv),
                    Err(MoveError::GameOver),
                    "{name}: {mv}"
                );
                assert_eq!(copy.play(mv), Err(MoveError::GameOver), "{name}: {mv}");
                assert_eq!(copy, pos);
            }
        }
        for &from in squares.iter().step_by(3) {
            for &to in squares.iter().step_by(2) {
                let mv = Move::new(from, to);
                assert_eq!(game.play(mv), Err(MoveError::GameOver), "{name}: {mv}");
            }
        }
        assert_eq!(*game.position(), pos);
        assert_eq!(game.moves().count(), 0);
        let mut copy = pos;
        assert_eq!(copy.play_text("a1-a2"), Err(MoveError::GameOver));
        assert_eq!(copy, pos);
    }
}

#[cfg(feature = "serde")]
mod serde_forms {
    use super::*;
    use crate::common::sq;
    use marsal::{
        Army, Geometry, KindSet, Outcome, PieceKind, RevealRule, SquareView, Strengths, View,
    };
    use serde::Serialize;
    use serde::de::DeserializeOwned;

    fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> T {
        let json = serde_json::to_string(value).unwrap();
        let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(&back, value, "{json}");
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        back
    }

    fn play_random_game(rules: &Ruleset, seed: u64) -> Position {
        let mut pos = Position::start(rules, seed, seed + 1).unwrap();
        let mut rng = Rng::new(seed + 2);
        while !pos.status().is_over() {
            let mv = random_move(&pos, &mut rng);
            pos.play(mv).unwrap();
            assert_eq!(pos.hash(), pos.hash_from_scratch());
        }
        pos
    }

    fn small_ruleset() -> Ruleset {
        use PieceKind::*;
        let board = Geometry::from_diagram(&[
            "BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "..~..~..", "..~..~..", "RRRRRRRR", "RRRRRRRR",
            "RRRRRRRR",
        ])
        .unwrap();
        let army = Army::EMPTY
            .with(Flag, 1)
            .with(Marshal, 1)
            .with(General, 1)
            .with(Scout, 2)
            .with(Miner, 2)
            .with(Spy, 1)
            .with(Mine, 2);
        let mut rules = Ruleset::marsal_a_spion();
        rules.board = board;
        rules.armies = [army; 2];
        rules.strengths = Strengths::EMPTY
            .with(Marshal, 5)
            .with(General, 4)
            .with(Scout, 3)
            .with(Miner, 2)
            .with(Spy, 1);
        rules.max_plies = Some(400);
        rules.first_to_move = Side::Blue;
        rules
    }

    #[test]
    fn ruleset_round_trips_through_json() {
        for (name, rules) in presets() {
            let back = round_trip(&rules);
            assert_eq!(Ruleset::preset(name), Some(back));
            let mut changed = rules;
            changed.max_plies = Some(77);
            changed.max_plies_without_attack = Some(33);
            changed.first_to_move = Side::Blue;
            changed.diagonal_steps = !changed.diagonal_steps;
            round_trip(&changed);
        }
        let rules = small_ruleset();
        assert_eq!(rules.validate(), Ok(()));
        let back = round_trip(&rules);
        assert_eq!(back.validate(), Ok(()));
        assert_eq!((back.board.files, back.board.ranks), (8, 8));
        assert_eq!(back.board.lakes.len(), 4);
        for lake in ["c4", "c5", "f4", "f5"] {
            assert!(back.board.is_lake(sq(lake)), "{lake}");
        }
        for side in Side::BOTH {
            assert_eq!(back.board.zone(side).len(), 24);
            assert_eq!(back.army(side).total(), 10);
        }
        let json = serde_json::to_value(rules).unwrap();
        assert_eq!(json["board"][3], "..~..~..");
        assert_eq!(json["armies"][0]["Mine"], 2);
        // and it plays: random games to their end, every ply checked
        let mut ended_other_than_limit = 0;
        for seed in 0..6 {
            let end = play_random_game(&back, 10 * seed);
            assert!(end.status().is_over());
            assert!(end.ply() <= 400);
            if end.status()
                != (Status::Drawn {
                    reason: marsal::DrawReason::PlyLimit,
                })
            {
                ended_other_than_limit += 1;
            }
        }
        assert!(ended_other_than_limit > 0);
    }

    #[test]
    fn custom_ruleset_from_json_file_text_plays() {
        // What a host would keep in a file: a 6 x 8 variant with one lake pair,
        // classic combat rules but the Czech hidden attacker, no diagonals.
        let text = r##"{
            "board": [
                "#BBBB#",
                "BBBBBB",
                "......",
                ".~..~.",
                "......",
                "RRRRRR",
                "#RRRR#",
                "......"
            ],
            "armies": [
                {"Flag": 1, "Marshal": 1, "Captain": 2, "Scout": 2, "Miner": 1, "Spy": 1, "Bomb": 2},
                {"Flag": 1, "Marshal": 1, "Captain": 2, "Scout": 2, "Miner": 1, "Spy": 1, "Bomb": 2}
            ],
            "strengths": {"Marshal": 10, "Captain": 6, "Miner": 3, "Scout": 2, "Spy": 1},
            "diagonal_steps": false,
            "spy_rule": "only_when_attacking",
            "reveal": "attacker_stays_hidden",
            "no_move": "loses",
            "no_hope_draw": true,
            "first_to_move": "blue",
            "max_plies": 300,
            "max_plies_without_attack": 100
        }"##;
        let rules: Ruleset = serde_json::from_str(text).unwrap();
        assert_eq!(rules.validate(), Ok(()));
        assert_eq!((rules.board.files, rules.board.ranks), (6, 8));
        assert!(rules.board.is_lake(sq("b5")));
        assert!(!rules.board.is_playable(sq("a2")));
        assert!(rules.board.is_playable(sq("a1")));
        assert_eq!(rules.board.zone(Side::Red).len(), 10);
        assert_eq!(rules.board.zone(Side::Blue).len(), 10);
        assert_eq!(rules.army(Side::Blue).count(PieceKind::Bomb), 2);
        assert_eq!(rules.strengths.get(PieceKind::Captain), 6);
        assert_eq!(rules.reveal, RevealRule::AttackerStaysHidden);
        assert_eq!(rules.first_to_move, Side::Blue);
        assert_eq!(rules.max_plies_without_attack, Some(100));
        assert_eq!(round_trip(&rules), rules);
        for seed in 0..6 {
            let pos = Position::start(&rules, seed, seed + 100).unwrap();
            assert_eq!(pos.to_move(), Side::Blue);
            let end = play_random_game(&rules, seed);
            assert!(end.status().is_over(), "{}", end.status());
        }
        // A file that breaks the rules is refused when the game is built.
        let bad = text.replace(r#""max_plies": 300"#, r#""max_plies": 0"#);
        let bad: Ruleset = serde_json::from_str(&bad).unwrap();
        assert!(bad.validate().is_err());
        assert!(Position::start(&bad, 1, 2).is_err());
        // An unknown field is an error, not silently ignored.
        let typo = text.replace(r#""no_hope_draw""#, r#""no_hope_drawn""#);
        assert!(serde_json::from_str::<Ruleset>(&typo).is_err());
    }

    #[test]
    fn setup_move_outcome_status_view_round_trip() {
        for (name, rules) in presets() {
            let rules = with_limit(rules, 300);
            for side in Side::BOTH {
                let s = Setup::random(&rules, side, 5);
                assert_eq!(round_trip(&s).validate(&rules), Ok(()), "{name}");
            }
            let mut game = Game::from_position(Position::start(&rules, 8, 9).unwrap());
            let mut rng = Rng::new(10);
            while !game.status().is_over() {
                let mv = random_move(game.position(), &mut rng);
                round_trip(&mv);
                let out: Outcome = game.play(mv).unwrap();
                round_trip(&out);
                round_trip(&game.status());
                for side in Side::BOTH {
                    round_trip(&out.observed_by(side));
                }
                if game.position().ply() % 25 == 0 {
                    for side in Side::BOTH {
                        let v: View = round_trip(&game.view(side));
                        assert_eq!(v.log().len(), game.moves().count());
                        round_trip(&game.position().view(side));
                    }
                }
            }
            round_trip(&game.status());
            for side in Side::BOTH {
                round_trip(&game.view(side));
            }
        }
        let mv: Move = serde_json::from_str(r#"{"from":"e4","to":"e5"}"#).unwrap();
        assert_eq!(mv, "e4-e5".parse().unwrap());
        round_trip(&SquareView::Enemy {
            possible: KindSet::only(PieceKind::Scout).with(PieceKind::Spy),
        });
        round_trip(&Status::Drawn {
            reason: marsal::DrawReason::NoLegalMove(Side::Blue),
        });
    }

    #[test]
    fn position_round_trips_with_knowledge() {
        for (name, rules) in presets() {
            let rules = with_limit(rules, 1000);
            let mut pos = Position::start(&rules, 12, 13).unwrap();
            let mut rng = Rng::new(14);
            let mut fights = 0;
            let mut narrowed = 0;
            while !pos.status().is_over() && (fights < 8 || narrowed < 4) {
                let moves = pos.legal_moves();
                let attacks: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| pos.piece_at(m.to).is_some())
                    .collect();
                let mv = if attacks.is_empty() {
                    moves[rng.below(moves.len() as u32) as usize]
                } else {
                    attacks[rng.below(attacks.len() as u32) as usize]
                };
                fights += usize::from(pos.play(mv).unwrap().is_attack());
                narrowed = Side::BOTH
                    .into_iter()
                    .flat_map(|side| pos.pieces(side).map(move |(s, _)| (side, s)))
                    .filter(|(side, s)| {
                        pos.known_to_opponent(*s).unwrap() != rules.army(*side).kinds()
                    })
                    .count();
            }
            assert!(fights >= 3 && narrowed >= 2, "{name}: {fights} fights");
            let json = serde_json::to_string(&pos).unwrap();
            let back: Position = serde_json::from_str(&json).unwrap();
            assert_eq!(back, pos, "{name}");
            assert_eq!(back.hash(), pos.hash(), "{name}");
            assert_eq!(back.status(), pos.status());
            assert_eq!(back.last_outcome(), pos.last_outcome());
            for side in Side::BOTH {
                assert_eq!(back.view(side), pos.view(side), "{name}");
                for (s, _) in pos.pieces(side) {
                    assert_eq!(back.known_to_opponent(s), pos.known_to_opponent(s));
                }
            }
            assert_eq!(back.legal_moves(), pos.legal_moves());
            // A forged knowledge entry that excludes the piece's true kind is refused.
            let (s, kind) = pos.pieces(Side::Red).next().unwrap();
            let mut forged: serde_json::Value = serde_json::from_str(&json).unwrap();
            let other = rules
                .army(Side::Red)
                .kinds()
                .iter()
                .find(|k| *k != kind)
                .unwrap();
            forged["knowledge"][s.to_string()] =
                serde_json::to_value(KindSet::only(other)).unwrap();
            assert!(
                serde_json::from_value::<Position>(forged).is_err(),
                "{name}"
            );
        }
    }

    #[test]
    fn game_round_trips_and_replays() {
        for (name, rules) in presets() {
            let rules = with_limit(rules, 250);
            let mut game = Game::new(
                &rules,
                &Setup::random(&rules, Side::Red, 3),
                &Setup::random(&rules, Side::Blue, 4),
            )
            .unwrap();
            let mut rng = Rng::new(5);
            for step in 0.. {
                if game.status().is_over() {
                    break;
                }
                let mv = random_move(game.position(), &mut rng);
                game.play(mv).unwrap();
                if step % 60 == 0 || game.status().is_over() {
                    let json = serde_json::to_string(&game).unwrap();
                    let back: Game = serde_json::from_str(&json).unwrap();
                    assert_eq!(
                        back.moves().collect::<Vec<_>>(),
                        game.moves().collect::<Vec<_>>(),
                        "{name}"
                    );
                    assert_eq!(back.position(), game.position(), "{name}");
                    assert_eq!(back.start_position(), game.start_position());
                    assert_eq!(back.outcomes(), game.outcomes());
                    assert_eq!(back, game);
                    for side in Side::BOTH {
                        assert_eq!(back.view(side), game.view(side));
                    }
                }
            }
            // the moves are written as plain move objects
            let json: serde_json::Value = serde_json::to_value(&game).unwrap();
            assert_eq!(
                json["moves"].as_array().unwrap().len(),
                game.moves().count()
            );
        }
    }

    #[test]
    fn a_game_record_with_a_result_note_reads_back_but_other_members_are_refused() {
        let rules = Ruleset::classic();
        let mut game = Game::from_position(Position::start(&rules, 1, 2).unwrap());
        let mut rng = Rng::new(3);
        for _ in 0..10 {
            let mv = random_move(game.position(), &mut rng);
            game.play(mv).unwrap();
        }
        let mut json: serde_json::Value = serde_json::to_value(&game).unwrap();
        json["result"] = serde_json::json!({"winner": "blue", "ending": "forfeit",
            "forfeit": {"side": "red", "answer": "1 3 DOWN 0"}});
        assert_eq!(serde_json::from_value::<Game>(json.clone()).unwrap(), game);
        json["winner"] = "blue".into();
        assert!(serde_json::from_value::<Game>(json).is_err());
    }

    #[test]
    fn forged_game_json_with_illegal_move_is_rejected() {
        let rules = Ruleset::marsal_a_spion();
        let mut game = Game::from_position(Position::start(&rules, 1, 2).unwrap());
        let mut rng = Rng::new(3);
        for _ in 0..20 {
            let mv = random_move(game.position(), &mut rng);
            game.play(mv).unwrap();
        }
        let json: serde_json::Value = serde_json::to_value(&game).unwrap();
        assert!(serde_json::from_value::<Game>(json.clone()).is_ok());

        let flag = game
            .position()
            .pieces(game.position().to_move())
            .find(|(_, k)| *k == PieceKind::Flag)
            .unwrap()
            .0;
        let empty = rules
            .board
            .playable
            .iter()
            .find(|s| game.position().piece_at(*s).is_none())
            .unwrap();
        let moves = json["moves"].as_array().unwrap().clone();
        let forgeries: Vec<serde_json::Value> = vec![
            // a move from an empty square appended
            serde_json::json!({"from": empty.to_string(), "to": "f6"}),
            // the Flag moves
            serde_json::json!({"from": flag.to_string(), "to": empty.to_string()}),
            // a piece jumps across the board
            serde_json::json!({"from": "b2", "to": "k11"}),
        ];
        for forged_move in forgeries {
            let mut forged = json.clone();
            let mut list = moves.clone();
            list.push(forged_move.clone());
            forged["moves"] = serde_json::Value::Array(list);
            assert!(
                serde_json::from_value::<Game>(forged).is_err(),
                "accepted {forged_move}"
            );
        }
        // a legal game with one of its early moves swapped for the opponent's
        let mut forged = json.clone();
        let mut list = moves.clone();
        list.swap(0, 1);
        forged["moves"] = serde_json::Value::Array(list);
        assert!(serde_json::from_value::<Game>(forged).is_err());
        // a move after the end of a finished game
        let mut short = with_limit(rules, 4);
        short.max_plies_without_attack = None;
        let mut ended = Game::from_position(Position::start(&short, 1, 2).unwrap());
        while !ended.status().is_over() {
            let mv = random_move(ended.position(), &mut rng);
            ended.play(mv).unwrap();
        }
        let mut forged: serde_json::Value = serde_json::to_value(&ended).unwrap();
        let first = forged["moves"][0].clone();
        forged["moves"].as_array_mut().unwrap().push(first);
        assert!(serde_json::from_value::<Game>(forged).is_err());
    }
}
