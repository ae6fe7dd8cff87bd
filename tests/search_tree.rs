//! The search bot's tree search over information sets
//! ([`SearchMethod::Tree`]): deterministic for a node budget, it keeps its
//! budget, stops when its time is spent and plays the recorded moves. (The
//! rules both searches keep — a Flag taken, a Flag defended, no known losing
//! attack, no illegal move, the view alone — are tested for both in
//! `tests/search.rs`.)

mod common;

use common::{presets, random_game};
use marsal::{
    Game, Position, Rng, SearchConfig, SearchMethod, search_position, search_position_with_clock,
};

fn tree(nodes: u32, seed: u64) -> SearchConfig {
    SearchConfig::default()
        .with_nodes(nodes)
        .with_seed(seed)
        .with_method(SearchMethod::Tree)
}

/// The same seed and budget give the same result; the budget is kept
/// (beyond the last iteration's quiescence), and the tree is more than a
/// ply deep.
#[test]
fn tree_search_is_deterministic_and_keeps_its_budget() {
    for preset in 0..3 {
        let game = random_game(preset, 5, 30);
        let moves = game.legal_moves();
        let c = tree(10_000, 3);
        let a = search_position(game.position(), &moves, &c);
        assert_eq!(a, search_position(game.position(), &moves, &c));
        assert!(a.nodes >= 10_000 && a.nodes < 10_600, "{}", a.nodes);
        assert_eq!(a.determinizations, 32);
        let b = search_position(game.position(), &moves, &tree(60_000, 3));
        assert!(
            b.depth >= a.depth && a.depth >= 2,
            "{} {}",
            b.depth,
            a.depth
        );
    }
}

/// A configuration asking a million determinizations of the tree gets
/// 1,024 (they are drawn before the first iteration), quickly.
#[test]
fn tree_search_draws_at_most_1024_determinizations() {
    let game = random_game(1, 5, 30);
    let moves = game.legal_moves();
    let c = SearchConfig {
        determinizations: 1_000_000,
        ..tree(20_000, 1)
    };
    let found = search_position(game.position(), &moves, &c);
    assert!(moves.contains(&found.best.expect("a move")));
    assert_eq!(found.determinizations, 1_024);
}

/// A timed tree search reads the clock when it starts and then about every
/// 256 nodes: when the clock passes the limit at its k-th read (k ≥ 2: the
/// first read is the start), it has made at most about 256 (k − 2) nodes
/// (a read can come a few tree steps late: 264 are allowed), and it returns
/// a legal move, on every preset.
/// Without a time limit the clock is not read.
#[test]
fn timed_tree_search_stops_within_256_nodes_of_its_time() {
    for preset in 0..3 {
        let game = random_game(preset, 7, 40);
        let moves = game.legal_moves();
        for reads in [2u32, 3, 5, 40] {
            let mut count = 0;
            let mut clock = || {
                count += 1;
                if count < reads { 0 } else { 1_000_000 }
            };
            let c = tree(5_000_000, 1).with_time(500).with_nodes(5_000_000);
            let found = search_position_with_clock(game.position(), &moves, &c, &mut clock);
            assert!(moves.contains(&found.best.expect("a move")));
            let bound = 264 * u64::from(reads - 2) + 64;
            assert!(found.nodes <= bound, "{} nodes, {reads} reads", found.nodes);
            // And it searched until then.
            assert!(
                found.nodes >= 256 * u64::from(reads - 2),
                "{} nodes, {reads} reads",
                found.nodes
            );
            assert!(count <= reads + 1, "{count} reads");
        }
        let mut looked = 0;
        let mut clock = || {
            looked += 1;
            0
        };
        search_position_with_clock(game.position(), &moves, &tree(2_000, 1), &mut clock);
        assert_eq!(looked, 0);
    }
}

/// The tree search's moves, nodes, determinizations and depths on positions
/// of random games of every preset (after 0, 60 and 90 random plies), for
/// two budgets.
fn tree_moves() -> Vec<String> {
    let mut out = Vec::new();
    for (name, rules) in presets() {
        for (seed, plies) in [(1u64, 0u32), (2, 60), (3, 90)] {
            let start = Position::start(&rules, seed, seed + 7).expect("a start");
            let mut game = Game::from_position(start);
            let mut rng = Rng::new(seed);
            for _ in 0..plies {
                game.play_random(&mut rng);
            }
            let moves = game.legal_moves();
            for nodes in [1_500, 6_000] {
                let found = search_position(game.position(), &moves, &tree(nodes, seed));
                let best = found.best.map_or("-".to_string(), |m| m.to_string());
                let (n, k, d) = (found.nodes, found.determinizations, found.depth);
                out.push(format!("{name} {seed} {nodes}: {best} {n} {k} {d}"));
            }
        }
    }
    out
}

/// A tree search without a time limit plays by its node budget alone: the
/// moves, nodes, determinizations and depths are those recorded (the same on
/// every machine: its arithmetic is IEEE additions, multiplications and
/// divisions only).
#[test]
fn tree_search_plays_the_recorded_moves() {
    let recorded = [
        "marsal_a_spion 1 1500: c4-c8 1501 32 3",
        "marsal_a_spion 1 6000: c4-c8 6004 32 4",
        "marsal_a_spion 2 1500: b6-c7 1501 32 2",
        "marsal_a_spion 2 6000: g6-f6 6001 32 3",
        "marsal_a_spion 3 1500: c4-c9 1503 32 2",
        "marsal_a_spion 3 6000: c4-c9 6002 32 2",
        "classic 1 1500: b4-b5 1503 32 4",
        "classic 1 6000: b4-b5 6000 32 5",
        "classic 2 1500: b5-b6 1503 32 2",
        "classic 2 6000: b5-b6 6003 32 3",
        "classic 3 1500: f4-f5 1501 32 3",
        "classic 3 6000: a5-b5 6002 32 4",
        "barrage 1 1500: e3-e10 1501 32 3",
        "barrage 1 6000: e3-e10 6000 32 4",
        "barrage 2 1500: b3-b10 1503 32 3",
        "barrage 2 6000: b3-b10 6002 32 5",
        "barrage 3 1500: i8-i9 1501 32 4",
        "barrage 3 6000: i8-j8 6000 32 4",
    ];
    assert_eq!(tree_moves(), recorded);
}

/// A configuration serialized before it had a method reads as the
/// determinized search; the method round-trips.
#[cfg(feature = "serde")]
#[test]
fn a_configuration_without_a_method_reads_as_the_determinized_search() {
    let old = r#"{"nodes":500,"seed":3,"determinizations":0,"time_ms":0}"#;
    let config: SearchConfig = serde_json::from_str(old).expect("a configuration");
    assert_eq!(config, SearchConfig::default().with_nodes(500).with_seed(3));
    let tree = tree(500, 3);
    let json = serde_json::to_string(&tree).expect("json");
    assert_eq!(serde_json::from_str::<SearchConfig>(&json).ok(), Some(tree));
}
