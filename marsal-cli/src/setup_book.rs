//! Setup books: the pairs of setups a tournament's paired games play.
//!
//! A book is a text file, one pair a line: Red's setup and Blue's, in the
//! library's setup text ([`marsal::Setup::from_text`]: the side's zone row by
//! row as that side sees it, the front row first, `/` between rows), separated
//! by white space. Blank lines and lines starting with `#` are ignored:
//!
//! ```text
//! # classic: Red's setup, then Blue's
//! SSBSRRSSRS/NLGBDCBDLN/CRYPBKRBCB/PKSCMFBPSK PSDSSRSBSR/RDGBNKBLCL/SCMYBBSCRP/FLPDNKBKCR
//! ```
//!
//! Gravon games are a source too: `--setups` may name a Gravon XML file or a
//! folder of them, and each game's two setups are a pair. Without a book a
//! tournament plays a sensible pair ([`marsal::Setup::sensible`]) or, with
//! `--setups random`, a random pair, drawn from the seed for each round.

use marsal::{Ruleset, Setup, Side};
use std::path::Path;

/// Where the setups of a tournament come from.
#[derive(Clone, Debug)]
pub enum SetupSource {
    /// A sensible pair a round, from the seed.
    Sensible,
    /// A random pair a round, from the seed.
    Random,
    /// The pairs of a book, in turn from a place the seed picks.
    Book(Vec<[Setup; 2]>),
}

impl SetupSource {
    /// Reads `--setups`: `sensible`, `random`, a book file, a Gravon XML file
    /// or a folder of Gravon XML files. Every setup is checked against
    /// `rules`.
    pub fn load(arg: &str, rules: &Ruleset) -> Result<SetupSource, String> {
        match arg {
            "sensible" => return Ok(SetupSource::Sensible),
            "random" => return Ok(SetupSource::Random),
            _ => {}
        }
        let path = Path::new(arg);
        let pairs = if path.is_dir() {
            let mut files: Vec<_> = std::fs::read_dir(path)
                .map_err(|e| format!("--setups {arg}: {e}"))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("xml")))
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(format!(
                    "--setups {arg}: a folder without Gravon .xml files"
                ));
            }
            files
                .iter()
                .map(|f| gravon_pair(f, rules))
                .collect::<Result<Vec<_>, _>>()?
        } else {
            let text = std::fs::read_to_string(path).map_err(|e| format!("--setups {arg}: {e}"))?;
            if text.trim_start().starts_with('<') {
                vec![gravon_pair(path, rules)?]
            } else {
                read_book(&text, rules).map_err(|e| format!("--setups {arg}: {e}"))?
            }
        };
        Ok(SetupSource::Book(pairs))
    }

    /// The pair of round `round`: Red's setup and Blue's.
    pub fn pair(&self, rules: &Ruleset, seed: u64, round: u64) -> [Setup; 2] {
        let mix = crate::schedule::mix;
        match self {
            SetupSource::Sensible => Side::BOTH
                .map(|s| Setup::sensible(rules, s, mix(seed, &[1, round, s.index() as u64]))),
            SetupSource::Random => Side::BOTH
                .map(|s| Setup::random(rules, s, mix(seed, &[2, round, s.index() as u64]))),
            SetupSource::Book(pairs) => {
                let len = pairs.len() as u64;
                let start = mix(seed, &[3]) % len;
                pairs[((start + round) % len) as usize]
            }
        }
    }

    /// How the setups are chosen, in words.
    pub fn describe(&self) -> String {
        match self {
            SetupSource::Sensible => "a sensible pair of setups a round".into(),
            SetupSource::Random => "a random pair of setups a round".into(),
            SetupSource::Book(p) => format!(
                "a book of {}",
                crate::words::count(p.len() as u64, "pair", "pairs")
            ),
        }
    }
}

/// The two setups of a Gravon game.
fn gravon_pair(path: &Path, rules: &Ruleset) -> Result<[Setup; 2], String> {
    let where_ = path.display();
    let xml = std::fs::read_to_string(path).map_err(|e| format!("--setups {where_}: {e}"))?;
    let game = marsal::gravon::parse(&xml)
        .map_err(|e| format!("--setups {where_}: not a Gravon game: {e}"))?;
    for s in [&game.red, &game.blue] {
        s.validate(rules).map_err(|e| {
            format!(
                "--setups {where_}: {}'s setup does not fit the ruleset: {e}",
                s.side()
            )
        })?;
    }
    Ok([game.red, game.blue])
}

/// Reads a book's text (see the module's documentation).
pub fn read_book(text: &str, rules: &Ruleset) -> Result<Vec<[Setup; 2]>, String> {
    let mut pairs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let n = i + 1;
        let words: Vec<&str> = line.split_whitespace().collect();
        let [red, blue] = words[..] else {
            return Err(format!(
                "line {n}: {} words; a pair is two setups, Red's and Blue's",
                words.len()
            ));
        };
        let read = |side: Side, text: &str| {
            Setup::from_text(rules, side, text)
                .and_then(|s| s.validate(rules).map(|()| s))
                .map_err(|e| format!("line {n}: {side}'s setup {text:?}: {e}"))
        };
        pairs.push([read(Side::Red, red)?, read(Side::Blue, blue)?]);
    }
    if pairs.is_empty() {
        return Err("no setups in the book".into());
    }
    Ok(pairs)
}

/// A book's text for `pairs`, as [`read_book`] reads it.
pub fn write_book(pairs: &[[Setup; 2]], rules: &Ruleset) -> String {
    let mut out = String::from("# marsal setup book: Red's setup, then Blue's, a pair a line\n");
    for [red, blue] in pairs {
        out.push_str(&format!("{} {}\n", red.to_text(rules), blue.to_text(rules)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_book_reads_back() {
        let rules = Ruleset::classic();
        let pairs: Vec<[Setup; 2]> = (0..3)
            .map(|i| Side::BOTH.map(|s| Setup::sensible(&rules, s, i)))
            .collect();
        let text = write_book(&pairs, &rules);
        assert_eq!(read_book(&text, &rules), Ok(pairs));
    }

    /// The book shown under "## `marsal tournament`" of marsal-cli/README.md
    /// (the text block that starts with a comment naming its ruleset) reads
    /// as one pair of that ruleset.
    #[test]
    fn the_readmes_book_reads_as_one_pair_of_the_ruleset_it_names() {
        let heading = "## `marsal tournament`";
        let book = crate::doc_blocks::doc_blocks("marsal-cli/README.md", heading, "text")
            .into_iter()
            .find(|b| b.starts_with('#'))
            .unwrap_or_else(|| panic!("no book (a text block starting with #) under {heading:?}"));
        let name = book[1..].split(':').next().unwrap().trim();
        let rules = Ruleset::preset(name).unwrap_or_else(|| panic!("{name:?} is no preset"));
        let pairs = read_book(&book, &rules).unwrap_or_else(|e| panic!("{book}\n{e}"));
        assert_eq!(pairs.len(), 1);
        assert_eq!(
            write_book(&pairs, &rules).lines().nth(1),
            book.lines().nth(1)
        );
    }

    #[test]
    fn a_malformed_book_names_its_line() {
        let rules = Ruleset::barrage();
        let good = write_book(&[Side::BOTH.map(|s| Setup::random(&rules, s, 1))], &rules);
        let pair = good.lines().nth(1).unwrap();
        let one = format!("# a pair\n{pair}\n{}\n", pair.split(' ').next().unwrap());
        let e = read_book(&one, &rules).unwrap_err();
        assert!(e.starts_with("line 3: 1 words"), "{e}");
        let bad = format!("{pair}\n{} {}\n", "XX", pair.split(' ').nth(1).unwrap());
        let e = read_book(&bad, &rules).unwrap_err();
        assert!(e.starts_with("line 2: red's setup \"XX\""), "{e}");
        assert!(read_book("# nothing\n", &rules).is_err());
        // A classic setup is not a Barrage one.
        let classic = Ruleset::classic();
        let c = write_book(
            &[Side::BOTH.map(|s| Setup::random(&classic, s, 1))],
            &classic,
        );
        assert!(read_book(&c, &rules).is_err());
    }
}
