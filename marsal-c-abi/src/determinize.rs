//! Determinizations: a complete game drawn from what one side knows
//! (`marsal::Game::determinize`), into a new handle or into an existing one,
//! and the check that a game agrees with a side's knowledge.

use crate::game::{MarsalGame, new_game};
use crate::pointers::{get, get_mut, null, try_mut, try_ref};
use crate::status::{MarsalStatus, boundary};
use crate::values::side;
use marsal::Rng;

/// Draws a complete game consistent with everything `side_code` (0 red,
/// 1 blue) knows in `game`, and writes a new handle into `*out` (free it with
/// `marsal_game_free`). The sample has the same moves from a start position in
/// which every enemy piece has a kind from the set it may be (revealed and
/// deduced kinds kept, the counts those of the enemy's army), replayed under
/// the rules, so its history, counters and repetition state are those of a
/// real game; its view for `side_code`, log included, is that side's view of
/// `game`. The enemy kinds are drawn uniformly over the consistent assignments
/// (see the Rust `Position::determinize` for the sampler and how close to
/// uniform it is). The same game, side and `seed` give the same sample. Only
/// what `side_code` may see decides the sample: two games that differ only in
/// pieces hidden from that side give the same sample for the same seed.
///
/// For a search (PIMC, information-set MCTS) that draws many samples, use
/// `marsal_game_determinize_into`, which allocates nothing once its handle
/// has held a game as long.
///
/// Thread safety: `game` is only read.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_determinize(
    game: *const MarsalGame,
    side_code: u8,
    seed: u64,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        if out.is_null() {
            return Err(null("out"));
        }
        let side = side(side_code)?;
        new_game(g.game.determinize(side, &mut Rng::new(seed)), out)
    })
}

/// `marsal_game_determinize` into the existing handle `out` (any game: it is
/// replaced, ruleset included), reusing its buffers: once `out` has held a game
/// as long as `game`, nothing is allocated, which is what a search drawing many
/// samples wants. `out` may be `game` itself (the game is then replaced by its
/// sample). Nothing changes when the call fails.
///
/// Thread safety: `game` is only read, `out` is modified; no other thread may
/// use `out` during the call.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or a live handle not used
/// elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_determinize_into(
    game: *const MarsalGame,
    side_code: u8,
    seed: u64,
    out: *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        if game.is_null() {
            return Err(null("game"));
        }
        if out.is_null() {
            return Err(null("out"));
        }
        let side = side(side_code)?;
        let mut rng = Rng::new(seed);
        if std::ptr::eq(game, out) {
            // SAFETY: not NULL; the caller promises a live handle nothing else
            // uses. One reference only (the source is the target).
            let g = unsafe { get_mut(out, "out") }?;
            g.game = g.game.determinize(side, &mut rng);
        } else {
            // SAFETY: the caller's promise; distinct handles (checked above).
            let (g, o) = unsafe { (get(game, "game")?, get_mut(out, "out")?) };
            g.game.determinize_into(side, &mut rng, &mut o.game);
        }
        Ok(())
    })
}

/// Writes into `*out` whether `game` agrees with everything `side_code`
/// (0 red, 1 blue) knows in `other`: its view for that side, log included, is
/// that side's view of `other`. A game is consistent with itself, and every
/// `marsal_game_determinize` sample of `other` for that side is consistent
/// with `other`.
///
/// # Safety
/// `game` and `other` must be NULL or live handles (they may be the same);
/// `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_is_consistent(
    game: *const MarsalGame,
    other: *const MarsalGame,
    side_code: u8,
    out: *mut bool,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let (g, o) = unsafe { (get(game, "game")?, get(other, "other")?) };
        let out = try_mut!(out, "out");
        let side = side(side_code)?;
        *out = g.game.is_consistent(&o.game.view(side));
        Ok(())
    })
}
