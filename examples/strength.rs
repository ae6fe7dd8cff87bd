//! Strength of the built-in bots, measured: plays N games between two bots
//! (in this process, on threads, colours alternating) and prints the score,
//! wins, losses and draws, and the Elo difference with its 95 % interval.
//!
//! ```text
//! cargo run --release --example strength -- --ruleset classic --games 100 \
//!     --a search --b careful --nodes 20000 --threads 2
//! ```
//!
//! Bots: `random`, `careful`, `search` (`--nodes` its budget, `--nodes-b` the
//! budget of bot B when it is a search bot too). A game drawn by the ply limit
//! (`--max-plies`, default 2000) counts half. Setups: each bot's own
//! (`search`: [`Setup::sensible`]; the others: [`Setup::random`]), or
//! `--setup sensible|random` for both.

use marsal::{Game, Position, Rng, Ruleset, SearchConfig, Setup, Side, Status, careful_move};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

#[derive(Clone, Copy, PartialEq, Debug)]
enum Bot {
    Random,
    Careful,
    Search(u32),
}

impl Bot {
    fn parse(name: &str, nodes: u32) -> Bot {
        match name {
            "random" => Bot::Random,
            "careful" => Bot::Careful,
            "search" => Bot::Search(nodes),
            other => panic!("unknown bot {other} (random, careful, search)"),
        }
    }

    fn setup(self, rules: &Ruleset, side: Side, seed: u64, choice: &str) -> Setup {
        match (choice, self) {
            ("sensible", _) | ("bot", Bot::Search(_)) => Setup::sensible(rules, side, seed),
            _ => Setup::random(rules, side, seed),
        }
    }

    fn choose(self, game: &Game, rng: &mut Rng, seed: u64) -> Option<marsal::Move> {
        let moves = game.legal_moves();
        match self {
            Bot::Random => moves.get(rng.below(moves.len() as u32) as usize).copied(),
            Bot::Careful => {
                let view = game.position().view(game.position().to_move());
                careful_move(game.rules(), |sq| view.at(sq), &moves, rng)
            }
            Bot::Search(nodes) => {
                let config = SearchConfig::default().with_nodes(nodes).with_seed(seed);
                marsal::search_position(game.position(), &moves, &config).best
            }
        }
    }
}

/// 1 when A won, 0 when it lost, 0.5 for a draw; and the plies.
fn play(rules: &Ruleset, a: Bot, b: Bot, game_no: u64, setup: &str) -> (f64, u32, bool) {
    let a_side = if game_no % 2 == 0 {
        Side::Red
    } else {
        Side::Blue
    };
    let bot = |s: Side| if s == a_side { a } else { b };
    let seed = 1000 + game_no;
    let red = bot(Side::Red).setup(rules, Side::Red, seed * 2, setup);
    let blue = bot(Side::Blue).setup(rules, Side::Blue, seed * 2 + 1, setup);
    let mut game = Game::from_position(Position::new(rules, &red, &blue).expect("valid setups"));
    let mut rngs = [Rng::new(seed * 7), Rng::new(seed * 11)];
    while !game.status().is_over() {
        let side = game.position().to_move();
        let mv = bot(side)
            .choose(
                &game,
                &mut rngs[side.index()],
                seed ^ u64::from(game.position().ply()),
            )
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
    let setup = get("--setup", "bot");
    let a = Bot::parse(&get("--a", "search"), nodes);
    let b = Bot::parse(&get("--b", "careful"), nodes_b);
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
                        out.push(play(&rules, a, b, i, &setup));
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
    let search_plies = match (a, b) {
        (Bot::Search(_), Bot::Search(_)) => plies as f64,
        (Bot::Search(_), _) | (_, Bot::Search(_)) => plies as f64 / 2.0,
        _ => f64::NAN,
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
