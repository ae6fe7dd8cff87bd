//! The search bot: it takes a Flag it can take,
//! defends its own, avoids an attack it knows it loses, never chooses an
//! illegal move, decides from its side's view alone, and sensible setups are
//! valid on every preset and custom ruleset.

mod common;

use common::{mv, presets, sq};
use marsal::{
    Game, Position, Rng, Ruleset, SearchConfig, Side, search_move, search_position,
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
        assert_eq!(search_move(&game, &config(seed)), Some(mv("e9xe10")));
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
        let chosen = search_move(&game, &config(seed)).expect("a move");
        assert_ne!(chosen, mv("e2xe3"), "seed {seed}");
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
        assert_eq!(
            search_move(&game, &config(seed)),
            Some(mv("b2xa2")),
            "seed {seed}"
        );
    }
}

/// A game of preset `preset` after `plies` random plies.
fn random_game(preset: usize, seed: u64, plies: u32) -> Game {
    let (_, mut rules) = presets()[preset];
    rules.max_plies = Some(3000);
    let pos = Position::start(&rules, seed, seed + 1).expect("a start");
    let mut game = Game::from_position(pos);
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        if game.play_random(&mut rng).is_none() {
            break;
        }
    }
    game
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
                let c = SearchConfig::default().with_nodes(300).with_seed(seed);
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
/// the same seed and node budget, from the game and from the view.
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
            let c = SearchConfig::default().with_nodes(3_000).with_seed(seed);
            assert_eq!(search_move(&game, &c), search_move(&other, &c));
            let moves = game.legal_moves();
            assert_eq!(
                search_view(game.rules(), &game.view(side), &moves, &c),
                search_view(other.rules(), &other.view(side), &moves, &c)
            );
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

/// A time limit stops the search when the clock says the time is spent, and
/// every determinization still gets its first depth.
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
        let config = SearchConfig::default().with_time(ms).with_seed(3);
        let found = search_position_with_clock(&pos, &moves, &config, &mut clock);
        assert!(moves.contains(&found.best.expect("a move")));
        assert_eq!(found.determinizations, 32, "every determinization searched");
        assert!(found.depth >= 1);
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
