//! Rates of the search bot's parts, per preset, on one core: determinization
//! samples a second ([`Position::determinize`], and the game-level
//! [`Game::determinize_into`]) and search nodes a second
//! ([`search_position`]), the determinized search and the tree
//! ([`SearchMethod`]), over positions of random games (plies 0 to 400).
//! Rates are per CPU second of this process (one thread), so a busy machine
//! changes them less than wall-clock rates.
//!
//! ```text
//! cargo run --release --example search_rates
//! ```

use marsal::{Game, Position, Rng, Ruleset, SearchConfig, SearchMethod, Side, search_position};

fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, r)| r)
        .split_whitespace()
        .collect();
    let t = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (t(11) + t(12)) / 100.0
}

fn main() {
    for name in Ruleset::PRESETS {
        let mut rules = Ruleset::preset(name).expect("a preset");
        rules.max_plies = Some(3000);
        // Positions (and games) after 0, 100, ..., 400 random plies.
        let mut games = Vec::new();
        for seed in 0..4u64 {
            for plies in [0u32, 100, 200, 300, 400] {
                let mut game =
                    Game::from_position(Position::start(&rules, seed, seed + 9).expect("a start"));
                let mut rng = Rng::new(seed);
                for _ in 0..plies {
                    game.play_random(&mut rng);
                }
                if !game.status().is_over() {
                    games.push(game);
                }
            }
        }
        let mut rng = Rng::new(1);
        let t = cpu_seconds();
        let mut n = 0u64;
        let mut check = 0u64;
        while cpu_seconds() - t < 2.0 {
            for g in &games {
                for side in Side::BOTH {
                    for _ in 0..100 {
                        check ^= g.position().determinize(side, &mut rng).hash();
                        n += 1;
                    }
                }
            }
        }
        let pos_rate = n as f64 / (cpu_seconds() - t);
        let mut out = games[0].clone();
        let t = cpu_seconds();
        let mut m = 0u64;
        while cpu_seconds() - t < 2.0 {
            for g in &games {
                g.determinize_into(g.position().to_move(), &mut rng, &mut out);
                check ^= out.position().hash();
                m += 1;
            }
        }
        let game_rate = m as f64 / (cpu_seconds() - t);
        let rate = |method: SearchMethod| {
            let t = cpu_seconds();
            let mut nodes = 0u64;
            let mut moves_searched = 0u64;
            while cpu_seconds() - t < 3.0 {
                for g in &games {
                    let moves = g.legal_moves();
                    let config = SearchConfig::default()
                        .with_nodes(20_000)
                        .with_method(method);
                    nodes += search_position(g.position(), &moves, &config).nodes;
                    moves_searched += 1;
                }
            }
            let secs = cpu_seconds() - t;
            (
                nodes as f64 / secs / 1e6,
                1000.0 * secs / moves_searched as f64,
            )
        };
        let (pimc, pimc_ms) = rate(SearchMethod::Determinized);
        let (tree, tree_ms) = rate(SearchMethod::Tree);
        println!(
            "{name}: {:.0} position samples/s, {:.0} game samples/s (games of 0-400 plies), \
             {pimc:.2} M search nodes/s, {pimc_ms:.1} ms a move at 20,000 nodes; \
             the tree: {tree:.2} M nodes/s, {tree_ms:.1} ms ({check:x})",
            pos_rate, game_rate,
        );
    }
}
