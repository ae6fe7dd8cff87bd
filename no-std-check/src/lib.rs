//! Plays a whole random game with marsal on a bare-metal target: no `std`, and
//! without the `alloc` feature no heap either. Built by CI for
//! `thumbv7em-none-eabihf`; it proves that a dependent crate with
//! `default-features = false` links without a global allocator or `std`.
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

use marsal::{Position, Rng, Ruleset, Setup, Side, Status};

/// Plays a random game of Maršál a špión (at most 2,000 plies) and returns
/// how it ended (`None` if the setups were refused).
pub fn random_game(seed: u64) -> Option<Status> {
    let mut rules = Ruleset::marsal_a_spion();
    rules.max_plies = Some(2000);
    let red = Setup::random(&rules, Side::Red, seed);
    let blue = Setup::random(&rules, Side::Blue, seed ^ 1);
    let mut position = Position::new(&rules, &red, &blue).ok()?;
    let mut rng = Rng::new(seed);
    while !position.status().is_over() {
        if position.play_random(&mut rng).is_none() {
            break;
        }
    }
    Some(position.status())
}

/// With `alloc`: the same with a [`marsal::Game`] (history and undo).
#[cfg(feature = "alloc")]
pub fn random_game_with_history(seed: u64) -> usize {
    let rules = Ruleset::barrage();
    let red = Setup::random(&rules, Side::Red, seed);
    let blue = Setup::random(&rules, Side::Blue, seed ^ 1);
    let Ok(mut game) = marsal::Game::new(&rules, &red, &blue) else {
        return 0;
    };
    let mut rng = Rng::new(seed);
    while !game.status().is_over() && game.play_random(&mut rng).is_some() {}
    game.moves().count()
}

/// The panic handler a bare-metal program provides.
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}

/// With `alloc` on a bare-metal target, the program provides the allocator; a
/// real one would hand out memory from a pool, this one refuses every request.
#[cfg(feature = "alloc")]
mod allocator {
    use core::alloc::{GlobalAlloc, Layout};

    struct NoHeap;

    // SAFETY: refusing every allocation (returning null) is a valid allocator.
    unsafe impl GlobalAlloc for NoHeap {
        unsafe fn alloc(&self, _: Layout) -> *mut u8 {
            core::ptr::null_mut()
        }
        unsafe fn dealloc(&self, _: *mut u8, _: Layout) {}
    }

    #[global_allocator]
    static ALLOCATOR: NoHeap = NoHeap;
}
