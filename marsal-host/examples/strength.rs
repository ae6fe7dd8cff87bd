//! Strength of the built-in bots, measured: plays N games between two bots
//! (in this process, on threads, colours alternating) and prints the score,
//! wins, losses and draws, and the Elo difference with its 95 % interval.
//!
//! ```text
//! cargo run --release -p marsal-host --example strength -- --ruleset classic --games 100 \
//!     --a search --b careful --nodes 20000 --threads 2
//! ```
//!
//! Bots: the roster every host plays (`random`, `careful`, `search`, ...:
//! [`marsal_host::BOTS`]; `--nodes` the search's budget, `--nodes-b` the
//! budget of bot B when it is a search bot too), each move by the seed rule
//! ([`marsal_host::Bot::move_at`]). A game drawn by the ply limit
//! (`--max-plies`, default 2000) counts half. Setups: each bot's own
//! (`search`: [`Setup::sensible`]; the others: [`Setup::random`]), or
//! `--setup sensible|random` for both.

use marsal::{Game, Position, Ruleset, Setup, Side, Status};
use marsal_host::{Bot, setup_seed};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The bot `name` of the roster ([`marsal_host::BOTS`]), the search bot with
/// `nodes` a move.
fn bot(name: &str, nodes: u32) -> Bot {
    Bot::parse(name)
        .unwrap_or_else(|e| panic!("{e}"))
        .with_nodes(Some(nodes))
}

/// `side`'s setup in the game of `seed`: the bot's own (`choice` "bot"), or
/// the sensible or random one for both.
fn setup(bot: Bot, rules: &Ruleset, side: Side, seed: u64, choice: &str) -> Setup {
    let s = setup_seed(seed, side);
    match choice {
        "sensible" => Setup::sensible(rules, side, s),
        "random" => Setup::random(rules, side, s),
        _ => bot.setup(rules, side, s, &Setup::random(rules, side, s)),
    }
}

/// 1 when A won, 0 when it lost, 0.5 for a draw; and the plies. The game of
/// seed `1000 + game_no` by the seed rule of every host ([`Bot::move_at`]).
fn play(rules: &Ruleset, a: Bot, b: Bot, game_no: u64, choice: &str) -> (f64, u32, bool) {
    let a_side = if game_no % 2 == 0 {
        Side::Red
    } else {
        Side::Blue
    };
    let bot = |s: Side| if s == a_side { a } else { b };
    let seed = 1000 + game_no;
    let red = setup(bot(Side::Red), rules, Side::Red, seed, choice);
    let blue = setup(bot(Side::Blue), rules, Side::Blue, seed, choice);
    let mut game = Game::from_position(Position::new(rules, &red, &blue).expect("valid setups"));
    while let Some(side) = game.status().to_move() {
        let mv = bot(side)
            .move_at(&game, seed)
            .expect("a move while the game is on");
        game.play(mv).expect("bots choose legal moves");
    }
    let plies = game.position().ply();
    match game.status() {
        Status::Won { winner, .. } => (if winner == a_side { 1.0 } else { 0.0 }, plies, false),
        _ => (0.5, plies, true),
    }
}

/// The CPU seconds this process has used (user and system; Linux), if known.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-4, 1.0 - 1e-4);
    -400.0 * (1.0 / s - 1.0).log10()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |name: &str, default: &str| -> String {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
            .unwrap_or_else(|| default.to_string())
    };
    let preset = get("--ruleset", "classic");
    let mut rules = Ruleset::preset(&preset).expect("a preset name");
    rules.max_plies = Some(get("--max-plies", "2000").parse().expect("a number"));
    let games: u64 = get("--games", "100").parse().expect("a number");
    let nodes: u32 = get("--nodes", "20000").parse().expect("a number");
    let nodes_b: u32 = get("--nodes-b", &nodes.to_string())
        .parse()
        .expect("a number");
    let threads: usize = get("--threads", "2").parse().expect("a number");
    let choice = get("--setup", "bot");
    let a = bot(&get("--a", "search"), nodes);
    let b = bot(&get("--b", "careful"), nodes_b);
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    let results: Vec<(f64, u32, bool)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed) as u64;
                        if i >= games {
                            break;
                        }
                        out.push(play(&rules, a, b, i, &choice));
                    }
                    out
                })
            })
            .flat_map(|h| h.join().expect("a game thread"))
            .collect::<Vec<_>>();
        handles
    });
    let n = results.len() as f64;
    let score: f64 = results.iter().map(|r| r.0).sum();
    let wins = results.iter().filter(|r| r.0 == 1.0).count();
    let losses = results.iter().filter(|r| r.0 == 0.0).count();
    let draws = results.len() - wins - losses;
    let plies: u64 = results.iter().map(|r| u64::from(r.1)).sum();
    let mean = score / n;
    let var = results.iter().map(|r| (r.0 - mean).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().unwrap_or(f64::NAN);
    let searches = [a, b]
        .iter()
        .filter(|b| matches!(b, Bot::Search { .. }))
        .count();
    let search_plies = match searches {
        0 => f64::NAN,
        n => plies as f64 * n as f64 / 2.0,
    };
    println!(
        "{preset}: {a:?} vs {b:?}, {games} games (colours alternating, max {} plies)",
        rules.max_plies.unwrap_or(0)
    );
    println!(
        "score {score} of {n} ({:.1} %): {wins} wins, {losses} losses, {draws} draws",
        100.0 * mean
    );
    println!(
        "Elo difference {:+.0} (95 % interval {:+.0} to {:+.0})",
        elo(mean),
        elo(mean - 1.96 * se),
        elo(mean + 1.96 * se)
    );
    println!(
        "{plies} plies ({:.0} a game) in {secs:.1} s on {threads} threads; {cpu:.1} CPU s, \
         {:.2} CPU ms a search move",
        plies as f64 / n,
        1000.0 * cpu / search_plies
    );
}
