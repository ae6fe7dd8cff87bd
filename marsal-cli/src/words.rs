//! Everything the program says to a person, in words: the legend of the
//! letters, fight results, endings, plurals.

use marsal::{Observation, Ruleset, Side};
pub use marsal_host::{fight_words, kinds_in_play, reason_token, side_name, status_words};
use std::fmt::Write;

/// `1 fight`, `2 fights`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// `text` with every line longer than `width` characters broken between
/// words; a broken line's continuation is indented two spaces more than the
/// line. A single word longer than a line stays whole.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if line.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        let mut len = 0;
        for (j, word) in line.split_whitespace().enumerate() {
            let n = word.chars().count();
            if j == 0 {
                out.push_str(indent);
                len = indent.chars().count();
            } else if len + 1 + n > width {
                out.push('\n');
                out.push_str(indent);
                out.push_str("  ");
                len = indent.chars().count() + 2;
            } else {
                out.push(' ');
                len += 1;
            }
            out.push_str(word);
            len += n;
        }
    }
    out
}

/// How a game under `rules` ends if nothing else ends it: "a draw after
/// 3000 plies" or "no limit on plies".
pub fn ply_limit(rules: &Ruleset) -> String {
    match rules.max_plies {
        Some(n) => format!("a draw after {}", count(n.into(), "ply", "plies")),
        None => "no limit on plies".into(),
    }
}

/// The legend printed with a board: what each letter and sign means.
pub fn legend(rules: &Ruleset) -> String {
    let mut s = String::from("Letters: upper case = Red's pieces, lower case = Blue's pieces.\n");
    let kinds = kinds_in_play(rules);
    let mut line = String::from(" ");
    for k in kinds {
        let n = rules.army(Side::Red).count(k);
        let item = format!(" {} {} ({}),", k.letter(), k.name(), n);
        if line.len() + item.len() > 78 {
            s.push_str(line.trim_end_matches(','));
            s.push('\n');
            line = String::from(" ");
        }
        line.push_str(&item);
    }
    s.push_str(line.trim_end_matches(','));
    s.push('\n');
    s.push_str(
        "  (the number is how many each army has; stronger pieces first)\n\
         Signs: ? = an enemy piece of unknown kind, . = empty square, ~ = lake.",
    );
    s
}

/// A short form of the board legend, for a reminder line.
pub fn short_legend(rules: &Ruleset) -> String {
    let mut s = String::new();
    for k in kinds_in_play(rules) {
        let _ = write!(s, "{}={} ", k.letter(), k.name());
    }
    s.push_str("?=unknown enemy ~=lake; upper case Red, lower case Blue");
    s
}

/// One move as `observer` saw it, in words: "Blue e7-e6" or
/// "Red d4xd5: Scout attacks General and loses: the attacker is removed".
pub fn observation_words(obs: &Observation, text: &str) -> String {
    let mut s = format!("{} {}", side_name(obs.side), text);
    if let (Some(defender), Some(battle)) = (obs.defender, obs.battle) {
        let _ = write!(s, ": {}", fight_words(obs.piece, defender, battle));
    }
    s
}

/// The whole board as Red sits, with the plies played (and the status).
pub fn board(pos: &marsal::Position, with_status: bool) -> String {
    board_from(pos, Side::Red, with_status)
}

/// The whole board from `from`'s side of the table (its rows at the
/// bottom), with the plies played (and the status).
pub fn board_from(pos: &marsal::Position, from: Side, with_status: bool) -> String {
    let mut s = format!(
        "{}\nafter {}",
        pos.diagram(from),
        count(pos.ply().into(), "ply", "plies")
    );
    if with_status {
        let _ = write!(s, ": {}", status_words(pos.status()));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wrapped text keeps every word whole and in order, and no line that
    /// holds more than one word is longer than the width.
    #[test]
    fn wrapping_breaks_lines_between_words_only() {
        let text = "Not a move: \"hello\" — a move is written from-to, e.g. e5-e6 \
                    (or e5xe6 for an attack); type 'help' for the commands\n  \
                    M=Marshal G=General C=Colonel J=Major K=Captain L=Lieutenant R=Sergeant \
                    N=Miner S=Scout Y=Spy B=Bomb F=Flag ?=unknown enemy ~=lake\nshort";
        for width in [20, 40, 80] {
            let w = wrap(text, width);
            for line in w.lines() {
                assert!(
                    line.chars().count() <= width || line.split_whitespace().count() == 1,
                    "{width}: {line:?}"
                );
            }
            let words: Vec<&str> = text.split_whitespace().collect();
            assert_eq!(w.split_whitespace().collect::<Vec<_>>(), words);
            assert!(w.ends_with("\nshort"));
        }
        assert_eq!(wrap("a b c", 3), "a b\n  c");
        assert_eq!(wrap("  a b c", 5), "  a b\n    c");
        assert_eq!(wrap("abc\n\nd", 80), "abc\n\nd");
    }

    #[test]
    fn plurals() {
        assert_eq!(count(1, "fight", "fights"), "1 fight");
        assert_eq!(count(0, "fight", "fights"), "0 fights");
        assert_eq!(count(2, "fight", "fights"), "2 fights");
    }

    #[test]
    fn legend_names_every_kind_of_the_czech_army() {
        let rules = Ruleset::marsal_a_spion();
        let l = legend(&rules);
        for k in kinds_in_play(&rules) {
            assert!(l.contains(&format!("{} {}", k.letter(), k.name())), "{l}");
        }
        assert!(l.contains("upper case = Red"));
    }
}
