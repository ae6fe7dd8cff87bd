//! Perft: counts the move sequences (leaf nodes of the legal-move tree) to a
//! given depth, to check and time move generation.
//!
//! ```text
//! cargo run --release --example perft -- [--ruleset NAME | --ruleset-file FILE]
//!     --depth D [--divide] [POSITION_TEXT | --start SEED]
//! ```
//!
//! - `--ruleset NAME`: a preset (`marsal_a_spion`, `classic`, `barrage`); classic
//!   by default. `--ruleset-file FILE`: a ruleset in its JSON form (for example
//!   `examples/rulesets/quick_battle_8x8.json`).
//! - `POSITION_TEXT`: the position in the crate's position text (see
//!   `marsal::notation`; quote it, it holds a space before the side to move).
//!   `--start SEED`: the start from random setups, Red's from `SEED` and Blue's
//!   from `SEED + 1` (`Position::start`). Neither: `--start 1`.
//! - `--divide`: also prints the count at depth `D` below each first move.
//!
//! Prints `depth d: nodes N` for every depth 1..=D and ends with
//! `nodes: N time: S s nodes/s: X` for depth D. For example
//!
//! ```text
//! cargo run --release --example perft -- --ruleset barrage --depth 4 --start 7
//! cargo run --release --example perft -- --depth 3 --divide \
//!     "..b...b.r./...b...l../....k.b.../....f...b./l.~~..~~n./K.~~..~~../.N.NB..B../.F......../.....B..../......M..J r"
//! ```
//!
//! The tree is the one [`Position`] alone defines: its legal moves
//! ([`Position::legal_moves`], with the two-square rule). The rules that need a
//! game's history (the more-squares rule, the repeated-position draw) are not
//! applied, and a position whose game is over has no moves. The counting is
//! [`Position::perft`]: children made and unmade in place, the last ply counted
//! in bulk with [`Position::legal_move_count`].

use marsal::{Position, Ruleset};
use std::process::ExitCode;
use std::time::Instant;

/// Where the position comes from.
enum Source {
    Text(String),
    Start(u64),
}

struct Options {
    rules: Ruleset,
    depth: u32,
    divide: bool,
    source: Source,
}

fn usage() -> String {
    format!(
        "usage: perft [--ruleset {} | --ruleset-file FILE] --depth D [--divide] [POSITION_TEXT | --start SEED]",
        Ruleset::PRESETS.join("|")
    )
}

fn parse_args() -> Result<Options, String> {
    let mut rules = Ruleset::classic();
    let mut depth = None;
    let mut divide = false;
    let mut start = None;
    let mut text: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or(format!("{name} needs a value\n{}", usage()))
        };
        match a.as_str() {
            "--ruleset" => {
                let name = value("--ruleset")?;
                rules = Ruleset::preset(&name)
                    .ok_or(format!("unknown ruleset {name:?}\n{}", usage()))?;
            }
            "--ruleset-file" => {
                let path = value("--ruleset-file")?;
                let json = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
                rules = serde_json::from_str(&json).map_err(|e| format!("{path}: {e}"))?;
                rules
                    .validate()
                    .map_err(|e| format!("{path}: invalid ruleset: {e}"))?;
            }
            "--depth" => {
                let v = value("--depth")?;
                depth = Some(
                    v.parse::<u32>()
                        .map_err(|e| format!("--depth {v:?}: {e}\n{}", usage()))?,
                );
            }
            "--start" => {
                let v = value("--start")?;
                start = Some(
                    v.parse::<u64>()
                        .map_err(|e| format!("--start {v:?}: {e}\n{}", usage()))?,
                );
            }
            "--divide" => divide = true,
            "--help" | "-h" => return Err(usage()),
            _ if a.starts_with("--") => return Err(format!("unknown option {a:?}\n{}", usage())),
            // The position text may come as one quoted argument or split at its space.
            _ => text.push(a),
        }
    }
    let depth = depth.ok_or(format!("--depth is required\n{}", usage()))?;
    if depth == 0 {
        return Err(format!("--depth must be at least 1\n{}", usage()));
    }
    let source = match (start, text.is_empty()) {
        (Some(_), false) => {
            return Err(format!(
                "give a position text or --start, not both\n{}",
                usage()
            ));
        }
        (Some(seed), true) => Source::Start(seed),
        (None, true) => Source::Start(1),
        (None, false) => Source::Text(text.join(" ")),
    };
    Ok(Options {
        rules,
        depth,
        divide,
        source,
    })
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let pos = match &o.source {
        Source::Start(seed) => Position::start(&o.rules, *seed, seed.wrapping_add(1)),
        Source::Text(text) => Position::from_text(&o.rules, text),
    };
    let pos = match pos {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad position: {e}");
            if let Source::Text(text) = &o.source {
                let g = &o.rules.board;
                eprintln!(
                    "read: {text:?}\nexpected: {} rows of {} characters, top rank first, separated by '/', \
                     then a space and 'r' or 'b' (see `marsal::notation`)",
                    g.ranks, g.files
                );
            }
            return ExitCode::from(2);
        }
    };
    println!("{}", pos.to_text());
    if pos.status().is_over() {
        println!("the game is over here ({}): no legal moves", pos.status());
    }
    let mut last = (0, 0.0);
    for depth in 1..=o.depth {
        let start = Instant::now();
        let nodes = if o.divide && depth == o.depth {
            let mut total = 0;
            for &mv in pos.legal_moves().iter() {
                let mut child = pos;
                if let Err(e) = child.play(mv) {
                    eprintln!("the engine refused its own move {mv}: {e}");
                    return ExitCode::FAILURE;
                }
                let n = child.perft(depth - 1);
                println!("{}: {n}", pos.move_text(mv));
                total += n;
            }
            total
        } else {
            pos.perft(depth)
        };
        last = (nodes, start.elapsed().as_secs_f64());
        println!("depth {depth}: nodes {nodes}");
    }
    let (nodes, secs) = last;
    println!(
        "nodes: {nodes} time: {secs:.3} s nodes/s: {:.0}",
        nodes as f64 / secs.max(1e-9)
    );
    ExitCode::SUCCESS
}
