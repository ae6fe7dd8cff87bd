//! The rulesets shipped as JSON files under `examples/rulesets/`: each loads
//! through serde, passes [`Ruleset::validate`], says what its file name and
//! comments promise, and plays complete random games.
//!
//! `cargo test --test rules rulesets::`

use marsal::{Army, PieceKind, Position, Rng, Ruleset, Side, Square};

/// Reads and validates `examples/rulesets/<name>.json`.
fn load(name: &str) -> Ruleset {
    let path = format!(
        "{}/examples/rulesets/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rules: Ruleset = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    rules
        .validate()
        .unwrap_or_else(|e| panic!("{path} does not validate: {e}"));
    rules
}

/// The square called `name`.
fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|e| panic!("bad square {name}: {e}"))
}

/// Plays random games from random starts until they end; returns the plies of
/// each game. `limit` guards the test against a game that never ends.
fn random_games(rules: &Ruleset, seeds: std::ops::Range<u64>, limit: u32) -> Vec<u32> {
    seeds
        .map(|seed| {
            let mut pos = Position::start(rules, seed, seed + 1)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let mut rng = Rng::new(seed);
            while pos.play_random(&mut rng).is_some() {
                assert!(
                    pos.ply() <= limit,
                    "seed {seed}: no end after {limit} plies\n{pos}"
                );
            }
            assert!(pos.status().is_over(), "seed {seed}: {}", pos.status());
            assert_eq!(pos.legal_move_count(), 0, "seed {seed}");
            pos.ply()
        })
        .collect()
}

#[test]
fn quick_battle_8x8_board() {
    let rules = load("quick_battle_8x8");
    let g = &rules.board;
    assert_eq!((g.files, g.ranks), (8, 8));
    let lakes = ["c4", "c5", "f4", "f5"].map(sq);
    assert_eq!(g.lakes.len(), lakes.len());
    assert!(lakes.iter().all(|s| g.is_lake(*s)));
    assert_eq!(g.playable.len(), 64 - lakes.len());
    for (side, ranks) in [(Side::Red, 0..3), (Side::Blue, 5..8)] {
        let zone = g.zone(side);
        assert_eq!(zone.len(), 24, "{side}");
        for file in 0..8 {
            for rank in ranks.clone() {
                let s = Square::new(file, rank).unwrap();
                assert!(zone.contains(s), "{side}'s zone lacks {s}");
            }
        }
    }
    // Ranks 4 and 5 are neutral.
    for s in g.playable.iter() {
        let in_zone = g.zone(Side::Red).contains(s) || g.zone(Side::Blue).contains(s);
        assert_eq!(in_zone, !(3..5).contains(&s.rank()), "{s}");
    }
}

#[test]
fn quick_battle_8x8_armies_and_rules() {
    let rules = load("quick_battle_8x8");
    use PieceKind::*;
    let army = Army::EMPTY
        .with(Flag, 1)
        .with(Marshal, 1)
        .with(General, 1)
        .with(Miner, 2)
        .with(Scout, 2)
        .with(Spy, 1)
        .with(Bomb, 2);
    assert_eq!(army.total(), 10);
    for side in Side::BOTH {
        assert_eq!(*rules.army(side), army, "{side}");
    }
    // Everything but the board and the armies is the classic preset's.
    let as_classic = Ruleset {
        board: Ruleset::classic().board,
        armies: Ruleset::classic().armies,
        ..rules
    };
    assert_eq!(as_classic, Ruleset::classic());
}

#[test]
fn quick_battle_8x8_random_games_end() {
    let rules = load("quick_battle_8x8");
    let start = Position::start(&rules, 1, 2).unwrap();
    assert_eq!(start.pieces(Side::Red).count(), 10);
    assert_eq!(start.pieces(Side::Blue).count(), 10);
    let plies = random_games(&rules, 1..21, 1_000_000);
    assert!(plies.iter().all(|p| *p > 0));
}
