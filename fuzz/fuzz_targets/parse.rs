//! Every text parser on arbitrary UTF-8: whenever a parse succeeds, printing
//! and parsing again gives the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use marsal::{Game, Geometry, Move, PieceKind, Position, Ruleset, Setup, Side, Square};
use std::hint::black_box;

fn preset(b: u8) -> Ruleset {
    match b % 3 {
        0 => Ruleset::marsal_a_spion(),
        1 => Ruleset::classic(),
        _ => Ruleset::barrage(),
    }
}

fn json_round_trip<T>(s: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    if let Ok(v) = serde_json::from_str::<T>(s) {
        let out = serde_json::to_string(&v).expect("a parsed value serialises");
        let again: T = serde_json::from_str(&out)
            .unwrap_or_else(|e| panic!("re-parse of {out} failed: {e} (input {s:?})"));
        assert_eq!(again, v, "JSON round trip of {s:?} via {out}");
        // And the printed form is a fixed point.
        assert_eq!(serde_json::to_string(&again).unwrap(), out);
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let s = String::from_utf8_lossy(rest);
    let s: &str = &s;
    let rules = preset(sel >> 4);
    let side = if sel & 0x80 != 0 {
        Side::Blue
    } else {
        Side::Red
    };
    match sel % 12 {
        0 => {
            if let Ok(sq) = s.parse::<Square>() {
                assert_eq!(sq.to_string().parse::<Square>(), Ok(sq), "square {s:?}");
                let g = rules.board;
                match g.parse_square(s) {
                    Ok(p) => assert!(p == sq && g.is_playable(sq)),
                    Err(_) => assert!(!g.is_playable(sq)),
                }
            }
            if let Ok(k) = s.parse::<PieceKind>() {
                assert_eq!(k.name().parse::<PieceKind>(), Ok(k));
                assert_eq!(k.letter().to_string().parse::<PieceKind>(), Ok(k));
            }
            if let Ok(side) = s.parse::<Side>() {
                assert_eq!(side.name().parse::<Side>(), Ok(side));
            }
            if let Some(r) = Ruleset::preset(s) {
                assert!(r.validate().is_ok());
            }
        }
        1 => {
            if let Ok(mv) = s.parse::<Move>() {
                assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "move {s:?}");
            }
            // In a position: the x must match the board, and move_text reads back.
            if let Ok(pos) = Position::start(&rules, u64::from(sel), 7)
                && let Ok(mv) = pos.parse_move(s)
            {
                let t = pos.move_text(mv).to_string();
                assert_eq!(pos.parse_move(&t), Ok(mv), "move text {t} of {s:?}");
                let mut p = pos;
                let before = pos;
                if p.play_text(s).is_err() {
                    assert_eq!(p, before);
                }
            }
        }
        2 => {
            if let Ok(setup) = Setup::from_text(&rules, side, s) {
                let t = setup.to_text(&rules).to_string();
                assert_eq!(
                    Setup::from_text(&rules, side, &t),
                    Ok(setup),
                    "setup {s:?} -> {t}"
                );
                let _ = black_box(setup.validate(&rules));
            }
        }
        3 | 4 => {
            if let Ok(pos) = Position::from_text(&rules, s) {
                let t = pos.to_text().to_string();
                let again = Position::from_text(&rules, &t)
                    .unwrap_or_else(|e| panic!("re-parse of {t} failed: {e}"));
                assert_eq!(again, pos, "position {s:?} -> {t}");
                assert_eq!(pos.hash(), pos.hash_from_scratch());
                black_box(pos.to_string());
                black_box(pos.legal_moves());
            }
        }
        5 => {
            let rows: Vec<&str> = s.split(['/', '\n']).collect();
            if let Ok(g) = Geometry::from_diagram(&rows) {
                let t = g.to_string();
                let lines: Vec<&str> = t.lines().collect();
                assert_eq!(
                    Geometry::from_diagram(&lines),
                    Ok(g),
                    "diagram {s:?} -> {t}"
                );
                let _ = black_box(
                    Ruleset {
                        board: g,
                        ..Ruleset::marsal_a_spion()
                    }
                    .validate(),
                );
            }
        }
        6 => json_round_trip::<Ruleset>(s),
        7 => json_round_trip::<Setup>(s),
        8 | 9 => json_round_trip::<Position>(s),
        10 => json_round_trip::<Game>(s),
        _ => {
            json_round_trip::<Geometry>(s);
            json_round_trip::<Move>(s);
            json_round_trip::<Square>(s);
            json_round_trip::<marsal::Army>(s);
            json_round_trip::<marsal::Strengths>(s);
            json_round_trip::<marsal::Status>(s);
        }
    }
});
