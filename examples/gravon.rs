//! Replays recorded Gravon games through the referee.
//!
//! ```text
//! cargo run --release --example gravon --features gravon -- [--two-square N] [--no-more-squares] PATH...
//! ```
//!
//! Every `*.xml` file under the paths (recursively) is read and replayed with its
//! game's preset (classic or Barrage). The two-square limit is 5 for games whose
//! file name says 2004–2006 and 3 otherwise, or `N` with `--two-square N` (0
//! switches the rule off); `--no-more-squares` switches the more-squares rule off.
//! Every move is checked before it is played; the first illegal move of a game is
//! printed as `FILE: move N (e5-e6): illegal: <reason>` and ends that game's
//! replay. An ending the rules decide (flag captured, a player unable to move,
//! neither able to move) must be what the engine says after the last move, else
//! `FILE: ending: expected ..., engine says ...` is printed. The last line of
//! standard output is
//! `replayed G games, M moves: I illegal moves, E ending mismatches`; the exit
//! code is 0 only when I and E are 0 and every file could be read.

use marsal::gravon::{self, GravonGame};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

struct Options {
    two_square: Option<Option<u8>>,
    more_squares: bool,
    paths: Vec<PathBuf>,
}

fn usage() -> &'static str {
    "usage: gravon [--two-square N] [--no-more-squares] PATH..."
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        two_square: None,
        more_squares: true,
        paths: Vec::new(),
    };
    let mut args = std::env::args_os().skip(1);
    while let Some(a) = args.next() {
        match a.to_str() {
            Some("--two-square") => {
                let n: u8 = args
                    .next()
                    .and_then(|v| v.to_str()?.parse().ok())
                    .ok_or(format!("--two-square needs a number\n{}", usage()))?;
                let max = marsal::two_square::MAX_LIMIT;
                if n > max {
                    return Err(format!("--two-square: 0 (off) or 1..={max}, not {n}"));
                }
                o.two_square = Some((n > 0).then_some(n));
            }
            Some("--no-more-squares") => o.more_squares = false,
            Some("--help" | "-h") => return Err(usage().into()),
            Some(s) if s.starts_with("--") => {
                return Err(format!("unknown argument {s:?}\n{}", usage()));
            }
            _ => o.paths.push(PathBuf::from(a)),
        }
    }
    if o.paths.is_empty() {
        return Err(usage().into());
    }
    Ok(o)
}

/// Every `*.xml` file under `path` (or `path` itself), sorted.
fn collect(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries = std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<Vec<_>, _>>()?;
        entries.sort();
        for p in entries {
            if p.is_dir() || p.extension().is_some_and(|e| e == "xml") {
                collect(&p, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut files = Vec::new();
    for p in &options.paths {
        if let Err(e) = collect(p, &mut files) {
            eprintln!("{}: {e}", p.display());
            return ExitCode::from(2);
        }
    }
    let progress = std::io::stderr().is_terminal();
    let (mut games, mut moves, mut illegal, mut endings, mut unreadable) = (0, 0, 0, 0, 0);
    let total = files.len();
    for (i, file) in files.iter().enumerate() {
        if progress {
            let width = 30;
            let done = width * (i + 1) / total.max(1);
            eprint!(
                "\r[{}{}] {}/{total}",
                "#".repeat(done),
                " ".repeat(width - done),
                i + 1
            );
            let _ = std::io::stderr().flush();
        }
        let name = file.display();
        let game: GravonGame = match std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|xml| gravon::parse(&xml).map_err(|e| e.to_string()))
        {
            Ok(g) => g,
            Err(e) => {
                println!("{name}: cannot read: {e}");
                unreadable += 1;
                continue;
            }
        };
        let year = file
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(gravon::year_from_file_name);
        let mut rules = gravon::rules_for_year(game.kind, year);
        if let Some(limit) = options.two_square {
            rules.two_square = limit;
        }
        rules.more_squares = options.more_squares;
        let report = match gravon::replay(&game, &rules) {
            Ok(r) => r,
            Err(e) => {
                println!("{name}: cannot start: {e}");
                unreadable += 1;
                continue;
            }
        };
        games += 1;
        moves += report.played;
        if let Some(m) = report.illegal {
            println!("{name}: {m}");
            illegal += 1;
        }
        if let Some(m) = report.ending {
            println!("{name}: {m}");
            endings += 1;
        }
    }
    if progress {
        eprintln!();
    }
    if unreadable > 0 {
        eprintln!("{unreadable} files could not be read or replayed");
    }
    println!(
        "replayed {games} games, {moves} moves: {illegal} illegal moves, {endings} ending mismatches"
    );
    if illegal == 0 && endings == 0 && unreadable == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
