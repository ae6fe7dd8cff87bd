//! The vectorised environment (`MarsalVecEnv`): the host layer's
//! [`VecEnv`] (N games of one ruleset stepped together from action indices,
//! each restarted from fresh random setups when it ends, on a pool of worker
//! threads; see `encoding.rs` for the action space and the observations)
//! behind a handle, its arguments checked and its errors made codes; the
//! output buffers are read from `MarsalVecEnvOutputs` (`vec_env_outputs.rs`),
//! and the step in the background is in `vec_env_async.rs`.

use crate::errors::vec_env_error;
use crate::game::{MarsalGame, new_game};
use crate::pointers::{null, try_mut, try_out_slice, try_ref, try_slice};
use crate::ruleset::MarsalRuleset;
use crate::status::{Error, FfiResult, MarsalStatus, boundary};
use crate::vec_env_flight::{Flight, lost};
use crate::vec_env_outputs::{MARSAL_OBS_FLOAT32, MarsalVecEnvOutputs, outputs_of};
use marsal_host::{VecEnv, VecEnvError};
use std::time::Duration;

/// The most threads a vector environment may use.
pub const MARSAL_VEC_ENV_MAX_THREADS: usize = 256;
const _: () = assert!(MARSAL_VEC_ENV_MAX_THREADS == VecEnv::MAX_THREADS);
const _: () = assert!(MARSAL_VEC_ENV_MAX_SPIN_US as u128 == VecEnv::MAX_SPIN.as_micros());

/// A vectorised environment (opaque): `num_envs` games of one ruleset stepped
/// together by `marsal_vec_env_step`, each restarted from fresh random setups
/// when it ends. Create with `marsal_vec_env_new`, free with
/// `marsal_vec_env_free`.
///
/// Threads: an environment steps its games on its own threads
/// (`marsal_vec_env_set_threads`; one, the caller's, by default): the calling
/// thread and `threads - 1` workers started once and stopped by
/// `marsal_vec_env_free`. The handle itself is not synchronised: it may move
/// between threads but must not be used by two at once (like a `MarsalGame`).
/// Each game has its own generators, drawn from the seed and its index, so the
/// results are the same for any number of threads.
pub struct MarsalVecEnv {
    /// The environment; `None` while a step is in flight (it is with the
    /// driver thread, `vec_env_async.rs`), when every call but recv and free
    /// is refused.
    pub(crate) env: Option<VecEnv>,
    pub(crate) flight: Flight,
}

/// Refuses `count` arrays' elements for `n` games unless it is one a game,
/// with the host layer's error `wrong` makes of the two: a wrong count is
/// reported before a NULL array is.
pub(crate) fn one_a_game(
    count: usize,
    n: usize,
    wrong: fn(usize, usize) -> VecEnvError,
) -> FfiResult {
    if count == n {
        Ok(())
    } else {
        Err(vec_env_error(wrong(count, n)))
    }
}

/// The outputs of the `float` forms of reset and step.
fn float_outputs(
    obs: *mut f32,
    obs_cap: usize,
    masks: *mut u8,
    mask_cap: usize,
) -> MarsalVecEnvOutputs {
    MarsalVecEnvOutputs {
        obs: obs.cast(),
        obs_cap,
        obs_dtype: MARSAL_OBS_FLOAT32,
        masks,
        mask_cap,
        ..MarsalVecEnvOutputs::NONE
    }
}

/// Creates a vector environment of `num_envs` games of `ruleset` (at least 1)
/// and writes its handle into `*out` (free it with `marsal_vec_env_free`).
/// Each game starts from two random setups drawn from generators of its own,
/// started from `seed` and the game's index (so that the games do not depend
/// on the number of threads). `max_plies` > 0 truncates a game that reaches
/// that many plies (see `marsal_vec_env_step`); 0 means no limit of the
/// environment's own (the ruleset's limits still end games, as draws). The
/// environment starts with one thread (the caller's): see
/// `marsal_vec_env_set_threads`.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_new(
    ruleset: *const MarsalRuleset,
    num_envs: usize,
    seed: u64,
    max_plies: u32,
    out: *mut *mut MarsalVecEnv,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        if out.is_null() {
            return Err(null("out"));
        }
        let env = MarsalVecEnv {
            env: Some(VecEnv::new(&r.rules, num_envs, seed, max_plies).map_err(vec_env_error)?),
            flight: Flight::default(),
        };
        // SAFETY: checked for NULL above; writable by the caller's promise.
        unsafe { out.write(Box::into_raw(Box::new(env))) };
        Ok(())
    })
}

/// Sets the number of threads `env` steps its games on: the calling thread
/// and `num_threads - 1` worker threads, started now (once: they wait between
/// calls) and stopped by `marsal_vec_env_free` or the next call of this
/// function. `num_threads` 0 means one a core the system reports (at most
/// `MARSAL_VEC_ENV_MAX_THREADS`); more threads than games are not started (a
/// thread handles at least one game). Results do not depend on it: the same
/// seed gives the same games, actions, observations and masks with any number
/// of threads. A thread that cannot be started is `MARSAL_STATUS_PANIC` with
/// the system's message, and leaves the environment on one thread.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_set_threads(
    env: *mut MarsalVecEnv,
    num_threads: usize,
) -> MarsalStatus {
    boundary(|| {
        let e = try_idle_mut!(env);
        e.set_threads(num_threads).map_err(vec_env_error)
    })
}

/// Writes the number of threads `env` steps its games on into `*out` (the
/// caller's included: 1 means no worker thread).
///
/// # Safety
/// `env` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_threads(
    env: *const MarsalVecEnv,
    out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let e = try_idle!(env);
        *try_mut!(out, "out") = e.threads();
        Ok(())
    })
}

/// The longest spin `marsal_vec_env_set_spin` takes, in microseconds (one
/// second).
pub const MARSAL_VEC_ENV_MAX_SPIN_US: u64 = 1_000_000;

/// How long `env`'s threads spin between calls before they sleep, in
/// microseconds (0 to `MARSAL_VEC_ENV_MAX_SPIN_US`; 200 by default).
///
/// With more than one thread, each call hands the games to the workers and
/// waits for them. A worker that finished its part watches for the next
/// hand-over, busy, for this long before it sleeps, and the calling thread
/// waits for the workers' parts the same way; a spinning thread offers its
/// processor to any other ready thread every microsecond or two, so that
/// more threads than free cores still make progress. A call that comes within that
/// time (the next `random_actions` or `step` of a host's loop) starts at once;
/// a sleeping worker needs a wake-up through the kernel, which on a virtual
/// machine costs tens to hundreds of microseconds (measured: two threads
/// stepped 256 classic games 0.8x as fast as one when every hand-over slept,
/// 1.9x with the default spin). The cost: while the host does other work
/// between calls (a policy network on the same cores), each worker keeps
/// its core busy for up to this long after each call. 0 sleeps at once. The
/// setting has no effect with one thread, and does not change any result.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_set_spin(
    env: *mut MarsalVecEnv,
    microseconds: u64,
) -> MarsalStatus {
    boundary(|| {
        let e = try_idle_mut!(env);
        e.set_spin(Duration::from_micros(microseconds))
            .map_err(vec_env_error)
    })
}

/// Writes how long `env`'s threads spin before they sleep, in microseconds,
/// into `*out` (see `marsal_vec_env_set_spin`).
///
/// # Safety
/// `env` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_spin(
    env: *const MarsalVecEnv,
    out: *mut u64,
) -> MarsalStatus {
    boundary(|| {
        let e = try_idle!(env);
        let us = e.spin().as_micros();
        *try_mut!(out, "out") = u64::try_from(us).unwrap_or(u64::MAX);
        Ok(())
    })
}

/// Frees a vector environment and stops its worker threads (NULL does
/// nothing). A step in flight (`marsal_vec_env_send`) is waited for first.
///
/// # Safety
/// `env` must be NULL or a live handle, not used afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_free(env: *mut MarsalVecEnv) -> MarsalStatus {
    boundary(|| {
        if !env.is_null() {
            // SAFETY: a live handle made by `Box::into_raw`, freed once.
            drop(unsafe { Box::from_raw(env) });
        }
        Ok(())
    })
}

/// Writes the number of games of `env` into `*out`.
///
/// # Safety
/// `env` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_num_envs(
    env: *const MarsalVecEnv,
    out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let e = try_idle!(env);
        *try_mut!(out, "out") = e.num_envs();
        Ok(())
    })
}

/// Restarts every game of `env` from new random setups drawn from generators
/// started from `seed` (as `marsal_vec_env_new` does), and writes `*outputs`
/// (NULL: nothing): the observations and masks of the side to move, `to_move`,
/// and 0 in `rewards`, `terminated` and `truncated`. A bad output is reported
/// before anything changes.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call;
/// `outputs` NULL or readable, its pointers as `MarsalVecEnvOutputs` says.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_reset_into(
    env: *mut MarsalVecEnv,
    seed: u64,
    outputs: *const MarsalVecEnvOutputs,
) -> MarsalStatus {
    boundary(|| {
        let e = try_idle_mut!(env);
        // SAFETY: the caller's promise.
        let outs = unsafe { outputs_of(outputs, e) }?;
        e.reset(seed, outs).map_err(vec_env_error)
    })
}

/// `marsal_vec_env_reset_into` with `float` observations (`obs`, `obs_cap`
/// floats) and masks (`masks`, `mask_cap` bytes), each NULL or not.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call;
/// `obs` NULL or `obs_cap` writable floats; `masks` NULL or `mask_cap` writable
/// bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_reset(
    env: *mut MarsalVecEnv,
    seed: u64,
    obs: *mut f32,
    obs_cap: usize,
    masks: *mut u8,
    mask_cap: usize,
) -> MarsalStatus {
    let o = float_outputs(obs, obs_cap, masks, mask_cap);
    // SAFETY: the caller's promises are those of `marsal_vec_env_reset_into`.
    unsafe { marsal_vec_env_reset_into(env, seed, &o) }
}

/// Steps every game of `env` by one ply: game `i` plays `actions[i]` for its
/// side to move (`count` must be the number of games). Then, for each game,
/// into `*outputs` (NULL: nothing written; each of its pointers may be NULL):
/// - `rewards[i]`: +1 when the move won the game for the side that made it,
///   -1 when that side lost by it, else 0 (draws, games going on);
/// - `terminated[i]`: 1 when the game ended by the rules (won or drawn);
/// - `truncated[i]`: 1 when the game reached the environment's `max_plies`
///   without ending;
/// - a game that ended or was truncated is **reset at once**: it restarts
///   from new random setups, and the observation and mask written for it are
///   those of the new game's first position (the final position of the old
///   game is not observed; its result is in `rewards` and `terminated`);
/// - `obs`: the observation of the side to move next (the viewer is whoever
///   acts on the next step; its frame is turned for Blue), `num_envs` blocks,
///   as `float` or `uint8_t` (`obs_dtype`);
/// - `masks`: the legal-action mask of that side, `num_envs` blocks;
/// - `to_move[i]`: that side (0 red, 1 blue).
///
/// Every action is checked before any game is played: an action out of range
/// (`MARSAL_STATUS_INVALID_ARGUMENT`) or illegal (`MARSAL_STATUS_ILLEGAL_MOVE`)
/// fails the call with a message naming its index (the lowest, when several
/// are wrong), and nothing changes. The games are split between the
/// environment's threads (`marsal_vec_env_set_threads`); the call returns
/// when all are done.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call;
/// `actions` NULL or `count` readable elements; `outputs` NULL or readable,
/// its pointers as `MarsalVecEnvOutputs` says.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_step_into(
    env: *mut MarsalVecEnv,
    actions: *const i64,
    count: usize,
    outputs: *const MarsalVecEnvOutputs,
) -> MarsalStatus {
    boundary(|| {
        let e = try_idle_mut!(env);
        let n = e.num_envs();
        one_a_game(count, n, |given, games| VecEnvError::Actions {
            given,
            games,
        })?;
        let acts = try_slice!(actions, count, "actions");
        // SAFETY: the caller's promise.
        let outs = unsafe { outputs_of(outputs, e) }?;
        e.step(acts, outs).map_err(vec_env_error)
    })
}

/// `marsal_vec_env_step_into` with `float` observations (`obs`, `obs_cap`
/// floats), masks (`masks`, `mask_cap` bytes) and the per-game outputs
/// (`num_envs` elements each), every one of them NULL or not.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call;
/// `actions` NULL or `count` readable elements; each output NULL or writable
/// for the sizes above.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_step(
    env: *mut MarsalVecEnv,
    actions: *const i64,
    count: usize,
    obs: *mut f32,
    obs_cap: usize,
    masks: *mut u8,
    mask_cap: usize,
    rewards: *mut f32,
    terminated: *mut u8,
    truncated: *mut u8,
) -> MarsalStatus {
    let o = MarsalVecEnvOutputs {
        rewards,
        terminated,
        truncated,
        ..float_outputs(obs, obs_cap, masks, mask_cap)
    };
    // SAFETY: the caller's promises are those of `marsal_vec_env_step_into`.
    unsafe { marsal_vec_env_step_into(env, actions, count, &o) }
}

/// Draws one uniformly random legal action for each game of `env` into
/// `actions` (`count` must be the number of games), from each game's own
/// generator (started from the seed and the game's index at creation and
/// reset), on the environment's threads. The games of an environment are
/// never over (they are reset when they end), so every action is legal.
///
/// The draws are uniform over the legal actions and reproducible: the same
/// seed and the same calls (with the same outputs requested) give the same
/// actions, with any number of threads. A draw may depend on whether the
/// last call wrote the game's mask: a call that writes masks keeps each
/// game's legal actions, and the next draw picks from that list (a few
/// instructions; the next step checks its actions against it too); without
/// masks the moves are found again, which draws the same action in most
/// positions but not all (where a history rule holds a piece back). So an
/// environment stepped with masks and one stepped without them may draw
/// different (equally uniform) sequences from the same seed.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call;
/// `actions` NULL or `count` writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_random_actions(
    env: *mut MarsalVecEnv,
    actions: *mut i64,
    count: usize,
) -> MarsalStatus {
    boundary(|| {
        let e = try_idle_mut!(env);
        let n = e.num_envs();
        one_a_game(count, n, |given, games| VecEnvError::ActionRoom {
            given,
            games,
        })?;
        let out = try_out_slice!(actions, count, n, "the actions");
        e.random_actions(out).map_err(vec_env_error)
    })
}

/// Writes the side to move of each game of `env` into `out` (`count` must be
/// the number of games): the viewer of the observations the last call wrote.
///
/// # Safety
/// `env` must be NULL or a live handle; `out` NULL or `count` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_to_move(
    env: *const MarsalVecEnv,
    out: *mut u8,
    count: usize,
) -> MarsalStatus {
    boundary(|| {
        let e = try_idle!(env);
        let n = e.num_envs();
        one_a_game(count, n, |given, games| VecEnvError::SideRoom {
            given,
            games,
        })?;
        let out = try_out_slice!(out, count, n, "the sides");
        e.to_move(out).map_err(vec_env_error)
    })
}

/// Writes a copy of game `index` of `env` into `*out` (a new game handle, free
/// it with `marsal_game_free`), for inspection: the copy is independent of the
/// environment. An index out of range is `MARSAL_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
/// `env` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_game(
    env: *const MarsalVecEnv,
    index: usize,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        let e = try_idle!(env);
        if out.is_null() {
            return Err(null("out"));
        }
        let g = e.game(index).map_err(vec_env_error)?;
        new_game(g.clone(), out)
    })
}

/// The environment behind `env`, refused while a step is in flight.
///
/// # Safety
/// `env` must be NULL or a live handle.
pub(crate) unsafe fn idle<'a>(env: *const MarsalVecEnv) -> Result<&'a VecEnv, Error> {
    let e = try_ref!(env, "env");
    e.flight.check_idle()?;
    e.env.as_ref().ok_or_else(lost)
}

/// The environment behind `env`, writable, refused while a step is in flight.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call.
pub(crate) unsafe fn idle_mut<'a>(env: *mut MarsalVecEnv) -> Result<&'a mut VecEnv, Error> {
    let e = try_mut!(env, "env");
    e.flight.check_idle()?;
    e.env.as_mut().ok_or_else(lost)
}

/// The environment behind the handle pointer `$env` ([`idle`]), refused
/// while a step is in flight.
macro_rules! try_idle {
    ($env:expr) => {
        // SAFETY: the C caller's promise (the exported function's `# Safety`).
        unsafe { $crate::vec_env::idle($env) }?
    };
}
pub(crate) use try_idle;

/// The environment behind the handle pointer `$env`, writable
/// ([`idle_mut`]), refused while a step is in flight.
macro_rules! try_idle_mut {
    ($env:expr) => {
        // SAFETY: the C caller's promise (the exported function's `# Safety`).
        unsafe { $crate::vec_env::idle_mut($env) }?
    };
}
pub(crate) use try_idle_mut;
