//! A fixed amount of search work for instruction counts: the search bot's
//! move (default budget, 20,000 nodes) in 16 classic positions (4 games after
//! 0, 100, 200 and 300 random plies), searched from the mover's view. Prints
//! the nodes searched, which a change that keeps the bot's play keeps too.
//! Run it under callgrind to count the instructions of a search node:
//!
//! ```text
//! cargo build --release --example search_work
//! valgrind --tool=callgrind target/release/examples/search_work
//! ```

use marsal::{Game, Position, Rng, Ruleset, SearchConfig, search_position};

fn main() {
    let rules = Ruleset::classic();
    let mut nodes = 0u64;
    for seed in 0..4u64 {
        for plies in [0u32, 100, 200, 300] {
            let start = Position::start(&rules, seed, seed + 9).expect("a start");
            let mut game = Game::from_position(start);
            let mut rng = Rng::new(seed);
            for _ in 0..plies {
                game.play_random(&mut rng);
            }
            if game.status().is_over() {
                continue;
            }
            let view = game.position().view(game.position().to_move());
            let pos = Position::from_view(&rules, &view).expect("a view fits its rules");
            let config = SearchConfig::default().with_seed(seed);
            nodes += search_position(&pos, &game.legal_moves(), &config).nodes;
        }
    }
    println!("{nodes} nodes");
}
