//! Random playouts: how many plies per second the engine plays.
//!
//! ```text
//! cargo run --release --example playout -- [--ruleset NAME | --ruleset-file FILE]
//!     [--games N] [--seed S] [--max-plies P] [--threads T]
//! ```
//!
//! Each game starts from two random setups and both sides play uniformly random
//! legal moves (generation, random choice and play are all counted) until the
//! game ends or reaches `--max-plies`. Uses [`Position`] alone: no heap on the
//! play path. The first line ends with the plies played (`N plies`), the last
//! line is `plies/s: X games/s: Y mean plies: Z`.
//!
//! Instructions a ply (callgrind counts every instruction of the process):
//!
//! ```text
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/playout --ruleset classic --games 200 --seed 1 2>&1 |
//!     awk '/ plies$/ {p = $(NF-1)} /Collected/ {ir = $NF} END {printf "%.0f\n", ir / p}'
//! ```

use marsal::{Position, Rng, Ruleset, batch_seed};
use std::process::ExitCode;
use std::time::Instant;

struct Options {
    rules: Ruleset,
    games: u64,
    seed: u64,
    max_plies: u32,
    threads: usize,
}

fn usage() -> String {
    format!(
        "usage: playout [--ruleset {} | --ruleset-file FILE] [--games N] [--seed S] [--max-plies P] [--threads T]",
        Ruleset::PRESETS.join("|")
    )
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        rules: Ruleset::classic(),
        games: 1000,
        seed: 1,
        max_plies: 3000,
        threads: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or(format!("{name} needs a value\n{}", usage()))
        };
        match a.as_str() {
            "--ruleset" => {
                let name = value("--ruleset")?;
                o.rules = Ruleset::preset(&name)
                    .ok_or(format!("unknown ruleset {name:?}\n{}", usage()))?;
            }
            "--ruleset-file" => {
                let path = value("--ruleset-file")?;
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
                o.rules = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
                o.rules.validate().map_err(|e| format!("{path}: {e}"))?;
            }
            "--games" => {
                o.games = value("--games")?
                    .parse()
                    .map_err(|e| format!("--games: {e}"))?
            }
            "--seed" => {
                o.seed = value("--seed")?
                    .parse()
                    .map_err(|e| format!("--seed: {e}"))?
            }
            "--max-plies" => {
                o.max_plies = value("--max-plies")?
                    .parse()
                    .map_err(|e| format!("--max-plies: {e}"))?
            }
            "--threads" => {
                o.threads = value("--threads")?
                    .parse()
                    .map_err(|e| format!("--threads: {e}"))?
            }
            "--help" | "-h" => return Err(usage()),
            _ => return Err(format!("unknown argument {a:?}\n{}", usage())),
        }
    }
    if o.threads == 0 || o.max_plies == 0 {
        return Err(format!(
            "--threads and --max-plies must be at least 1\n{}",
            usage()
        ));
    }
    Ok(o)
}

/// Plays games `first..first + count`; returns the plies played.
fn play(rules: &Ruleset, seed: u64, first: u64, count: u64) -> Result<u64, String> {
    let mut plies = 0u64;
    for g in first..first + count {
        let game_seed = batch_seed(seed, g);
        let mut pos = Position::start(rules, game_seed, !game_seed).map_err(|e| e.to_string())?;
        let mut rng = Rng::new(game_seed);
        while pos.play_random(&mut rng).is_some() {}
        plies += u64::from(pos.ply());
    }
    Ok(plies)
}

fn main() -> ExitCode {
    let mut o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    o.rules.max_plies = Some(
        o.rules
            .max_plies
            .map_or(o.max_plies, |m| m.min(o.max_plies)),
    );
    let start = Instant::now();
    let per_thread = o.games.div_ceil(o.threads as u64);
    let results: Vec<Result<u64, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..o.threads as u64)
            .map(|t| {
                let first = t * per_thread;
                let count = per_thread.min(o.games.saturating_sub(first));
                let rules = &o.rules;
                let seed = o.seed;
                s.spawn(move || play(rules, seed, first, count))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("a thread panicked".into())))
            .collect()
    });
    let secs = start.elapsed().as_secs_f64();
    let mut plies = 0u64;
    for r in results {
        match r {
            Ok(p) => plies += p,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!(
        "{} games, {} threads, {:.3} s, {} plies",
        o.games, o.threads, secs, plies
    );
    println!(
        "plies/s: {:.0} games/s: {:.1} mean plies: {:.1}",
        plies as f64 / secs,
        o.games as f64 / secs,
        plies as f64 / o.games.max(1) as f64
    );
    ExitCode::SUCCESS
}
