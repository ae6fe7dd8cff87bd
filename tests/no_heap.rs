//! A whole game can be set up and played to its end without heap allocation:
//! a counting global allocator sees no allocation between the first setup and
//! the end of the game, on every preset.

use marsal::{Position, Rng, Ruleset, Setup, Side};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Only allocations made by the thread that plays are counted (the test
    /// harness's own threads may allocate at any time).
    static PLAYING: Cell<bool> = const { Cell::new(false) };
}

fn count() {
    if PLAYING.with(Cell::get) {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
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

#[test]
fn whole_games_allocate_nothing() {
    for (name, mut rules) in [
        ("marsal_a_spion", Ruleset::marsal_a_spion()),
        ("classic", Ruleset::classic()),
        ("barrage", Ruleset::barrage()),
    ] {
        rules.max_plies = Some(3000);
        for seed in 0..3 {
            let before = ALLOCATIONS.load(Ordering::SeqCst);
            PLAYING.with(|p| p.set(true));
            let plies = play_one(&rules, seed);
            PLAYING.with(|p| p.set(false));
            let after = ALLOCATIONS.load(Ordering::SeqCst);
            assert!(plies > 0);
            assert_eq!(
                after - before,
                0,
                "{name} seed {seed}: {} allocations in {plies} plies",
                after - before
            );
        }
    }
}
