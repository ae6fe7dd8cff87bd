//! A whole game can be set up and played to its end without heap allocation:
//! a counting global allocator sees no allocation between the first setup and
//! the end of the game, on every preset and on a custom ruleset read from
//! `examples/rulesets/quick_battle_8x8.json`, whether the moves come from
//! `legal_moves` or from the random-playout API (`play_random`,
//! `random_legal_move`, `legal_move_count`, `has_legal_move`).

use marsal::{Position, Rng, Ruleset, Setup, Side};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// Only allocations made by a thread while it plays are counted, on that
    /// thread's own counter: the harness's threads, and tests running side by
    /// side, cannot disturb each other's counts.
    static PLAYING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // (`try_with`: the allocator may be called while a thread is torn down.)
    if PLAYING.try_with(Cell::get).unwrap_or(false) {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    }
}

// SAFETY: forwards every call to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Sets up and plays one game with a random bot; returns the plies played.
fn play_one(rules: &Ruleset, seed: u64) -> u32 {
    let red = Setup::random(rules, Side::Red, seed);
    let blue = Setup::random(rules, Side::Blue, seed + 1);
    let mut pos = Position::new(rules, &red, &blue).expect("valid setups");
    let mut rng = Rng::new(seed);
    while !pos.status().is_over() {
        let moves = pos.legal_moves();
        let mv = moves[rng.below(moves.len() as u32) as usize];
        pos.play(mv).expect("legal move");
        let _ = pos.view(pos.to_move());
    }
    pos.ply()
}

/// Runs `f` with the counting switched on and returns how many allocations it
/// made.
fn allocations_in<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    PLAYING.with(|p| p.set(true));
    let out = f();
    PLAYING.with(|p| p.set(false));
    (out, ALLOCATIONS.with(Cell::get) - before)
}

/// Sets up and plays one game with `Position::play_random`, asking the other
/// random-move questions at every ply; returns the plies played.
fn play_random_one(rules: &Ruleset, seed: u64) -> u32 {
    let red = Setup::random(rules, Side::Red, seed);
    let blue = Setup::random(rules, Side::Blue, seed + 1);
    let mut pos = Position::new(rules, &red, &blue).expect("valid setups");
    let mut rng = Rng::new(seed);
    let mut probe = Rng::new(!seed);
    loop {
        let n = pos.legal_move_count();
        let drawn = pos.random_legal_move(&mut probe);
        assert_eq!(drawn.is_some(), n > 0);
        let _ = pos.has_legal_move(Side::Red) | pos.has_legal_move(Side::Blue);
        if pos.play_random(&mut rng).is_none() {
            break;
        }
    }
    assert!(pos.status().is_over());
    pos.ply()
}

/// The variants played: the presets, and the custom ruleset of the examples.
fn variants() -> Vec<(String, Ruleset)> {
    let mut out: Vec<(String, Ruleset)> = [
        ("marsal_a_spion", Ruleset::marsal_a_spion()),
        ("classic", Ruleset::classic()),
        ("barrage", Ruleset::barrage()),
    ]
    .into_iter()
    .map(|(n, r)| (n.to_string(), r))
    .collect();
    #[cfg(feature = "serde")]
    out.push(("quick_battle_8x8".to_string(), quick_battle()));
    for (_, rules) in &mut out {
        rules.max_plies = Some(rules.max_plies.map_or(3000, |m| m.min(3000)));
    }
    out
}

/// The custom ruleset `examples/rulesets/quick_battle_8x8.json` (it must exist
/// and be valid).
#[cfg(feature = "serde")]
fn quick_battle() -> Ruleset {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/rulesets/quick_battle_8x8.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let rules: Ruleset = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is no ruleset: {e}", path.display()));
    rules.validate().expect("a valid custom ruleset");
    rules
}

#[test]
fn play_random_games_allocate_nothing() {
    for (name, rules) in variants() {
        for seed in 0..4 {
            let (plies, allocations) = allocations_in(|| play_random_one(&rules, seed));
            assert!(plies > 0);
            assert_eq!(
                allocations, 0,
                "{name} seed {seed}: {allocations} allocations in {plies} plies"
            );
        }
    }
}

/// The counting is live: the same harness sees an allocation.
#[test]
fn the_counter_sees_allocations() {
    let (v, allocations) = allocations_in(|| vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert!(allocations > 0);
}

#[test]
fn whole_games_allocate_nothing() {
    for (name, rules) in variants() {
        for seed in 0..3 {
            let (plies, allocations) = allocations_in(|| play_one(&rules, seed));
            assert!(plies > 0);
            assert_eq!(
                allocations, 0,
                "{name} seed {seed}: {allocations} allocations in {plies} plies"
            );
        }
    }
}

/// The search bot and the determinizations allocate nothing: a game played
/// by the search bot (a small budget) against a random bot, with a
/// determinization drawn for each side at every ply.
#[test]
fn search_and_determinizations_allocate_nothing() {
    for (name, rules) in variants() {
        let red = marsal::Setup::sensible(&rules, Side::Red, 1);
        let blue = marsal::Setup::sensible(&rules, Side::Blue, 2);
        let mut pos = Position::new(&rules, &red, &blue).expect("valid setups");
        let mut rng = Rng::new(3);
        let config = marsal::SearchConfig::default().with_nodes(200);
        let (plies, allocations) = allocations_in(|| {
            for _ in 0..60 {
                if pos.status().is_over() {
                    break;
                }
                let _ = pos.determinize(Side::Red, &mut rng);
                let _ = pos.determinize(Side::Blue, &mut rng);
                let moves = pos.legal_moves();
                let mv = if pos.to_move() == Side::Red {
                    marsal::search_position(&pos, &moves, &config).best
                } else {
                    pos.random_legal_move(&mut rng)
                };
                pos.play(mv.expect("a move")).expect("legal");
            }
            pos.ply()
        });
        assert!(plies > 0);
        assert_eq!(allocations, 0, "{name}: {allocations} allocations");
    }
}
