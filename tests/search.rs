//! The search bot: it takes a Flag it can take,
//! defends its own, avoids an attack it knows it loses, never chooses an
//! illegal move, decides from its side's view alone, and sensible setups are
//! valid on every preset and custom ruleset.

mod common;

use common::{mv, presets, random_game, sq};
use marsal::{
    Game, Position, Rng, Ruleset, SearchConfig, SearchMethod, Side, search_move, search_position,
    search_position_with_clock, search_view,
};

/// A barrage game from `text`, after `moves`.
fn game_after(text: &str, moves: &[&str]) -> Game {
    let rules = Ruleset::barrage();
    let mut game = Game::from_position(Position::from_text(&rules, text).expect("a position"));
    for m in moves {
        game.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

fn config(seed: u64) -> SearchConfig {
    SearchConfig::default().with_nodes(4_000).with_seed(seed)
}

/// [`config`] for each search method: the determinized search and the tree.
fn configs(seed: u64) -> [SearchConfig; 2] {
    let c = config(seed);
    [c, c.with_method(SearchMethod::Tree)]
}

/// Blue has a Flag and a Spy left (the rest captured in public); the Spy has
/// moved, so counting shows the unmoved piece on e10 is the Flag: Red's
/// Marshal next to it takes it.
#[test]
fn search_bot_prefers_a_flag_capture() {
    let game = game_after(
        "....f...../....M...../.........y/........../..~~..~~../\
         ..~~..~~../........../........../........../F......... b mgssnb",
        &["j8-j7"],
    );
    assert_eq!(
        game.view(Side::Red).at(sq("e10")).known_enemy(),
        Some(marsal::PieceKind::Flag)
    );
    for seed in 0..10 {
        for c in configs(seed) {
            assert_eq!(search_move(&game, &c), Some(mv("e9xe10")), "{c:?}");
        }
    }
}

/// Blue's General is known (everything else of Blue's but its Flag was
/// captured in public, and the General moved): Red's Scout next to it does
/// not attack it.
#[test]
fn search_bot_avoids_a_known_losing_attack() {
    let game = game_after(
        ".........f/........../........../........../..~~..~~../\
         ..~~..~~../....g...../........../........../F...S..... b mssnby",
        &["e4-e3"],
    );
    assert_eq!(
        game.view(Side::Red).at(sq("e3")).known_enemy(),
        Some(marsal::PieceKind::General)
    );
    for seed in 0..10 {
        for c in configs(seed) {
            let chosen = search_move(&game, &c).expect("a move");
            assert_ne!(chosen, mv("e2xe3"), "{c:?}");
        }
    }
}

/// A Blue piece (General or Spy, both take a Flag) stands next to Red's
/// Flag; Red's Marshal can take it, or take the other Blue piece: it saves
/// its Flag.
#[test]
fn search_bot_defends_a_threatened_flag() {
    let game = game_after(
        ".........f/........../........../........../..~~..~~../\
         ..~~..~~../........../g.y......./.M......../F......S.. b mssnb",
        &["a3-a2", "h1-h2", "c3-c2"],
    );
    for seed in 0..10 {
        for c in configs(seed) {
            assert_eq!(search_move(&game, &c), Some(mv("b2xa2")), "{c:?}");
        }
    }
}

/// On random games of every preset, the search bot (from the game, and from
/// the view alone) only ever chooses a legal move, and plays until the end.
#[test]
fn search_bot_never_chooses_an_illegal_move() {
    for preset in 0..3 {
        for seed in 0..3 {
            let mut game = random_game(preset, seed, 0);
            let mut rng = Rng::new(seed);
            for _ in 0..120 {
                if game.status().is_over() {
                    break;
                }
                let side = game.position().to_move();
                // The determinized search and, every other of its moves,
                // the tree.
                let mut c = SearchConfig::default().with_nodes(300).with_seed(seed);
                if game.position().ply() % 4 == 0 {
                    c = c.with_nodes(600).with_method(SearchMethod::Tree);
                }
                let a = search_move(&game, &c).expect("a move");
                assert!(game.is_legal(a), "{a}");
                let moves = game.legal_moves();
                let b = search_view(game.rules(), &game.view(side), &moves, &c).expect("a move");
                assert!(game.is_legal(b), "{b}");
                game.play(a).expect("legal");
                // And a random reply, for variety.
                game.play_random(&mut rng);
            }
        }
    }
}

/// Rule (hidden information): two games that differ only in the hidden
/// enemy pieces (the same view for the side to move) give the same move for
/// the same seed and node budget, from the game and from the view, with
/// either search method.
#[test]
fn search_bot_decides_from_its_view_alone() {
    let mut differing = 0;
    for preset in 0..3 {
        for seed in 0..6 {
            let game = random_game(preset, seed, 20 + 37 * seed as u32);
            if game.status().is_over() {
                continue;
            }
            let side = game.position().to_move();
            let other = game.determinize(side, &mut Rng::new(seed + 99));
            assert_eq!(other.view(side), game.view(side));
            if other.position() != game.position() {
                differing += 1;
            }
            for c in [
                SearchConfig::default().with_nodes(3_000).with_seed(seed),
                SearchConfig::default()
                    .with_nodes(3_000)
                    .with_seed(seed)
                    .with_method(SearchMethod::Tree),
            ] {
                assert_eq!(search_move(&game, &c), search_move(&other, &c));
                let moves = game.legal_moves();
                assert_eq!(
                    search_view(game.rules(), &game.view(side), &moves, &c),
                    search_view(other.rules(), &other.view(side), &moves, &c)
                );
            }
        }
    }
    assert!(differing >= 12, "the hidden pieces differ in most games");
}

/// The same seed and budget give the same move and the same node count;
/// the node budget is kept (beyond the one ply every determinization gets).
#[test]
fn search_is_deterministic_and_keeps_its_budget() {
    let game = random_game(1, 5, 30);
    let moves = game.legal_moves();
    let c = SearchConfig::default().with_nodes(10_000).with_seed(3);
    let a = search_position(game.position(), &moves, &c);
    let b = search_position(game.position(), &moves, &c);
    assert_eq!(a, b);
    assert!(a.nodes <= 10_000 + u64::from(a.determinizations) * moves.len() as u64 * 2);
    assert!(a.depth >= 1);
}

/// Sensible setups are valid on every preset and on the custom rulesets of
/// `examples/rulesets/`, for both sides and many seeds.
#[cfg(feature = "serde")]
#[test]
fn sensible_setups_are_valid_on_every_preset_and_custom_ruleset() {
    use marsal::Setup;
    let mut all: Vec<Ruleset> = presets().iter().map(|(_, r)| *r).collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rulesets");
    for entry in std::fs::read_dir(&dir).expect("examples/rulesets") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a file");
        all.push(serde_json::from_str(&text).expect("a ruleset"));
    }
    for rules in all {
        for side in Side::BOTH {
            for seed in 0..40 {
                let s = Setup::sensible(&rules, side, seed);
                assert_eq!(s.validate(&rules), Ok(()));
            }
        }
        let red = Setup::sensible(&rules, Side::Red, 1);
        let blue = Setup::sensible(&rules, Side::Blue, 2);
        assert!(Game::new(&rules, &red, &blue).is_ok());
    }
}

/// A time limit stops the search when the clock says the time is spent.
#[test]
fn search_stops_when_its_time_is_spent() {
    let pos = Position::start(&Ruleset::classic(), 1, 2).expect("start");
    let moves = pos.legal_moves();
    let nodes = |ms: u32| {
        // A clock that advances a millisecond each time it is read.
        let mut t = 0u64;
        let mut clock = || {
            t += 1_000;
            t
        };
        // A node budget far larger than the time allows (so that a search
        // that stopped looking at its clock would still end).
        let config = SearchConfig::default()
            .with_time(ms)
            .with_nodes(2_000_000)
            .with_seed(3);
        let found = search_position_with_clock(&pos, &moves, &config, &mut clock);
        assert!(moves.contains(&found.best.expect("a move")));
        assert!(found.determinizations >= 1 && found.depth >= 1);
        found.nodes
    };
    let (short, long) = (nodes(20), nodes(160));
    assert!(short < 20_000, "{short} nodes in 20 clock reads");
    assert!(long > 3 * short, "{long} vs {short}");
    // Without a time limit the clock is not read: the node budget rules.
    let mut reads = 0;
    let mut clock = || {
        reads += 1;
        0
    };
    let found = search_position_with_clock(&pos, &moves, &config(1), &mut clock);
    assert_eq!(reads, 0);
    assert!(found.nodes >= 4_000 && found.nodes < 8_000);
}

/// Positions of random games of every preset (after 0, 60 and 90 random
/// plies), with their names and seeds.
fn random_games() -> Vec<(&'static str, u64, Game)> {
    let mut out = Vec::new();
    for (name, rules) in presets() {
        for (seed, plies) in [(1u64, 0u32), (2, 60), (3, 90)] {
            let start = Position::start(&rules, seed, seed + 7).expect("a start");
            let mut game = Game::from_position(start);
            let mut rng = Rng::new(seed);
            for _ in 0..plies {
                game.play_random(&mut rng);
            }
            out.push((name, seed, game));
        }
    }
    out
}

/// The node-budget search's moves, nodes and depths on [`random_games`], for
/// two budgets.
fn node_budget_moves() -> Vec<String> {
    let mut out = Vec::new();
    for (name, seed, game) in random_games() {
        let moves = game.legal_moves();
        for (nodes, determinizations) in [(1_500, 0), (6_000, 3)] {
            let config = SearchConfig {
                nodes,
                seed,
                determinizations,
                ..SearchConfig::default()
            };
            let found = search_position(game.position(), &moves, &config);
            let best = found.best.map_or("-".to_string(), |m| m.to_string());
            let (n, d) = (found.nodes, found.depth);
            out.push(format!("{name} {seed} {nodes}: {best} {n} {d}"));
        }
    }
    out
}

/// A search without a time limit plays by its node budget alone: the moves,
/// nodes and depths are those recorded (positions of random games of every
/// preset, two budgets, three seeds).
#[test]
fn node_budget_search_plays_the_recorded_moves() {
    let recorded = [
        "marsal_a_spion 1 1500: c4-c8 1500 1",
        "marsal_a_spion 1 6000: c4-c8 6000 2",
        "marsal_a_spion 2 1500: k9-j9 1500 1",
        "marsal_a_spion 2 6000: k9-j9 6000 2",
        "marsal_a_spion 3 1500: c4-c9 1500 1",
        "marsal_a_spion 3 6000: c4-c9 6000 1",
        "classic 1 1500: b4-b5 1500 3",
        "classic 1 6000: a4-a5 6000 5",
        "classic 2 1500: b5-b6 1501 1",
        "classic 2 6000: i4-i5 6000 2",
        "classic 3 1500: i6-i7 1501 1",
        "classic 3 6000: i6-i7 6000 2",
        "barrage 1 1500: e3-e10 1500 1",
        "barrage 1 6000: a3-a7 6000 2",
        "barrage 2 1500: b3-b10 1500 2",
        "barrage 2 6000: b3-b10 6000 3",
        "barrage 3 1500: i8-i9 1500 2",
        "barrage 3 6000: i8-i9 6000 3",
    ];
    assert_eq!(node_budget_moves(), recorded);
}

/// How many nodes the search makes between two looks at the clock.
const CLOCK_EVERY: u64 = 256;

/// A timed search whose clock reaches the time limit at its `reads`-th read
/// (the first `reads - 1` read 0): the search and how often it read the clock.
fn timed_search(game: &Game, seed: u64, reads: u32) -> (marsal::SearchResult, u32) {
    let mut count = 0;
    let mut clock = || {
        count += 1;
        if count < reads { 0 } else { 20_000 }
    };
    // A node budget too, so that a search that misses its time still ends.
    let config = SearchConfig::default()
        .with_time(20)
        .with_nodes(40_000)
        .with_seed(seed);
    let moves = game.legal_moves();
    let found = search_position_with_clock(game.position(), &moves, &config, &mut clock);
    (found, count)
}

/// The clock is read when the search starts, when each determinization
/// starts and every 256 nodes, also in the first depth: once the time is
/// spent no node is made, so a search whose clock passes the limit at its
/// k-th read has made at most 256 (k - 2) nodes, on every preset, and still
/// returns a legal move. When the time runs out before the first
/// determinization has searched a root move, that is the first move.
#[test]
fn timed_search_stops_within_256_nodes_of_its_time() {
    for (name, seed, game) in random_games() {
        let moves = game.legal_moves();
        for reads in [2u32, 3, 4, 6, 13, 41] {
            let (found, count) = timed_search(&game, seed, reads);
            let best = found.best.expect("a move");
            assert!(moves.contains(&best), "{name} {seed} {reads}: {best}");
            let bound = CLOCK_EVERY * u64::from(reads - 2);
            assert!(
                found.nodes <= bound,
                "{name} {seed} {reads}: {} nodes",
                found.nodes
            );
            assert!(count <= reads + 1, "{name} {seed} {reads}: {count} reads");
            assert!(found.determinizations >= 1);
            if reads == 2 {
                assert_eq!(
                    (best, found.nodes, found.depth),
                    (moves[0], 0, 0),
                    "{name} {seed}"
                );
                assert_eq!(found.determinizations, 1);
            }
        }
    }
}

/// A time limit that is not reached changes nothing: the moves and nodes of
/// the node budget alone, with the clock read when the search and each
/// determinization start and every 256 nodes.
#[test]
fn timed_search_within_its_time_plays_the_node_budget_moves() {
    for (name, seed, game) in random_games() {
        let moves = game.legal_moves();
        let config = SearchConfig {
            nodes: 12_000,
            seed,
            determinizations: 6,
            ..SearchConfig::default()
        };
        let untimed = search_position(game.position(), &moves, &config);
        let mut reads = 0u64;
        let mut clock = || {
            reads += 1;
            0
        };
        let timed_config = SearchConfig {
            time_ms: 1_000,
            ..config
        };
        let timed = search_position_with_clock(game.position(), &moves, &timed_config, &mut clock);
        assert_eq!(timed, untimed, "{name} {seed}");
        if untimed.nodes > 0 {
            let looks = untimed.nodes / CLOCK_EVERY;
            assert!(
                reads > looks && reads <= looks + 8,
                "{name} {seed}: {reads} reads, {} nodes",
                untimed.nodes
            );
        }
    }
}

/// When the time runs out in the first depth of the first determinization,
/// after some root moves: the best of those it completed (in this position
/// of a random game the first depth is cut after 256 nodes, and a move other
/// than the first is chosen).
#[test]
fn timed_search_out_of_time_in_its_first_depth_plays_a_searched_move() {
    let rules = Ruleset::marsal_a_spion();
    let mut game = Game::from_position(Position::start(&rules, 2, 9).expect("a start"));
    let mut rng = Rng::new(2);
    for _ in 0..90 {
        game.play_random(&mut rng);
    }
    let moves = game.legal_moves();
    let (found, _) = timed_search(&game, 2, 3);
    assert_eq!(
        (found.nodes, found.determinizations, found.depth),
        (256, 1, 0)
    );
    let best = found.best.expect("a move");
    assert!(moves.contains(&best) && best != moves[0], "{best}");
}
