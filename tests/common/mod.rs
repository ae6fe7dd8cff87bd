//! Helpers shared by the integration tests.
//!
//! Each test crate includes this module (`#[path = "../common/mod.rs"] mod
//! common;`), compiles its own copy and uses only some of it.
#![allow(dead_code)] // each test crate uses only part of this module

pub mod doc_blocks;
pub mod status_oracle;
pub mod uniform;

use marsal::{Move, Position, Ruleset, Side, Square};

/// The square called `name`; panics on a bad name.
pub fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("bad square {name}: {e}"))
}

/// The move written `text`; panics on bad notation.
pub fn mv(text: &str) -> Move {
    text.parse()
        .unwrap_or_else(|e| panic!("bad move {text}: {e}"))
}

/// The three presets, with their names.
pub fn presets() -> [(&'static str, Ruleset); 3] {
    [
        ("marsal_a_spion", Ruleset::marsal_a_spion()),
        ("classic", Ruleset::classic()),
        ("barrage", Ruleset::barrage()),
    ]
}

/// A game of preset `preset` (index into [`presets`]) from the random start
/// of `seed`, after up to `plies` random moves (fewer if it ends), with a
/// limit of 3,000 plies.
#[cfg(feature = "alloc")]
pub fn random_game(preset: usize, seed: u64, plies: u32) -> marsal::Game {
    random_game_with(preset, 3000, (seed, seed + 1), seed, plies)
}

/// A game of preset `preset` with `max_plies`, from the random setups of
/// `starts` (Red's seed, Blue's), after up to `plies` random moves drawn
/// from `rng_seed` (fewer if it ends).
#[cfg(feature = "alloc")]
pub fn random_game_with(
    preset: usize,
    max_plies: u32,
    starts: (u64, u64),
    rng_seed: u64,
    plies: u32,
) -> marsal::Game {
    let (_, mut rules) = presets()[preset];
    rules.max_plies = Some(max_plies);
    let pos = Position::start(&rules, starts.0, starts.1).expect("a start");
    let mut game = marsal::Game::from_position(pos);
    let mut rng = marsal::Rng::new(rng_seed);
    for _ in 0..plies {
        if game.play_random(&mut rng).is_none() {
            break;
        }
    }
    game
}

/// The rows (top rank first) of `rules`' board with `pieces` (square, letter;
/// upper case Red, lower case Blue) on it. The terrain comes from the board:
/// `#` off the board, `~` lake, `.` empty. A listed character is written on its
/// square whatever the terrain there, so that tests can also write bad texts.
pub fn board_rows(rules: &Ruleset, pieces: &[(&str, char)]) -> Vec<String> {
    let g = &rules.board;
    let mut rows = Vec::new();
    for rank in (0..g.ranks).rev() {
        let mut row = String::new();
        for file in 0..g.files {
            let s = Square::new(file, rank).unwrap();
            let ch = pieces
                .iter()
                .find(|(name, _)| sq(name) == s)
                .map(|(_, c)| *c)
                .unwrap_or(if g.is_lake(s) {
                    '~'
                } else if g.is_playable(s) {
                    '.'
                } else {
                    '#'
                });
            row.push(ch);
        }
        rows.push(row);
    }
    rows
}

/// The letter of `side` in a position text.
pub fn side_letter(side: Side) -> char {
    match side {
        Side::Red => 'r',
        Side::Blue => 'b',
    }
}

/// The position text of `rules`' board with `pieces` (square, letter) on it and
/// `to_move` to move (see [`board_rows`]).
pub fn position_text(rules: &Ruleset, pieces: &[(&str, char)], to_move: Side) -> String {
    format!(
        "{} {}",
        board_rows(rules, pieces).join("/"),
        side_letter(to_move)
    )
}

/// The position of [`position_text`], with every piece absent from the board
/// stated as captured in public view (as if the game had removed them, so
/// counting may use them); panics with the text and the error if it is
/// refused. [`position_unknown_absent`] leaves the absent pieces unknown.
pub fn position(rules: &Ruleset, pieces: &[(&str, char)], to_move: Side) -> Position {
    all_captured(rules, &position_text(rules, pieces, to_move))
}

/// The position of `text` with every piece absent from the board stated as
/// captured in public view.
pub fn all_captured(rules: &Ruleset, text: &str) -> Position {
    let pos = Position::from_text(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut captured = String::new();
    for side in Side::BOTH {
        for (kind, n) in pos.unknown_absent(side).iter() {
            for _ in 0..n {
                captured.push(marsal::Piece::new(side, kind).letter());
            }
        }
    }
    if captured.is_empty() {
        return pos;
    }
    let text = format!("{text} {captured}");
    Position::from_text(rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position of [`position_text`] as it reads: every absent piece unknown
/// to the opponent.
pub fn position_unknown_absent(
    rules: &Ruleset,
    pieces: &[(&str, char)],
    to_move: Side,
) -> Position {
    let text = position_text(rules, pieces, to_move);
    Position::from_text(rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}
