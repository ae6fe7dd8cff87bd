//! The asynchronous step of a vector environment (EnvPool's `send` /
//! `recv`): `marsal_vec_env_send` checks the actions on the caller's thread,
//! then hands the play to a driver thread the environment owns, and
//! `marsal_vec_env_recv` waits for it.
//!
//! The host layer's environment has the step in two halves for this
//! ([`VecEnv::check_actions`], [`VecEnv::play_checked`]); what is here is
//! the C caller's side of it: a thread that outlives the call, and buffers
//! borrowed from one call (`send`) to another (`recv`), which a Rust host
//! would borrow in a scope instead.
//!
//! Soundness: while a step is in flight, the environment is not in the
//! handle: `send` moves it into the job it gives the driver, and `recv`
//! moves it back. The handle then holds only the in-flight flag and the
//! channels, so no `&mut` is shared between the caller's thread and the
//! background work; every other call checks the flag ([`idle`],
//! [`idle_mut`]) before it looks at anything else, and fails with "a step is
//! in flight" while it is set. The caller's output buffers are written by
//! the driver between `send` and `recv`: the caller's promise
//! (`marsal_vec_env_send`) keeps them valid and untouched until then.
//!
//! The driver catches panics (a panic is `MARSAL_STATUS_PANIC` at `recv`)
//! and always sends the games back, so a caught panic loses nothing more
//! than the synchronous step would. Dropping the environment (free) waits
//! for a step in flight, then stops and joins the driver.

use crate::errors::{invalid, vec_env_error};
use crate::pointers::{try_mut, try_ref, try_slice};
use crate::status::{Error, FfiResult, MarsalStatus, boundary};
use crate::vec_env::{MarsalVecEnv, one_a_game};
use crate::vec_env_flight::{Job, Phase, lost};
use crate::vec_env_outputs::{MarsalVecEnvOutputs, outputs_of};
use marsal_host::VecEnvOutputs;

impl MarsalVecEnv {
    /// Moves the environment (its moves checked) into a job for the driver,
    /// writing `outputs`; on an error nothing is in flight and the
    /// environment is back.
    fn start_play(&mut self, outputs: VecEnvOutputs<'static>) -> FfiResult {
        let jobs = self.flight.driver()?.jobs.clone();
        let state = self.env.take().ok_or_else(lost)?;
        let job = Job {
            state,
            outputs,
            #[cfg(test)]
            panic: std::mem::take(&mut self.flight.panic_next),
        };
        match jobs.send(job) {
            Ok(()) => {
                self.flight.phase = Phase::InFlight;
                Ok(())
            }
            Err(e) => {
                self.env = Some(e.0.state);
                Err(Error::new(
                    MarsalStatus::Panic,
                    "the environment's driver thread stopped",
                ))
            }
        }
    }

    /// `send`'s checks (those of `marsal_vec_env_step_into`, in its order),
    /// then the start of the play.
    ///
    /// # Safety
    /// As `marsal_vec_env_send`.
    unsafe fn send(
        &mut self,
        actions: *const i64,
        count: usize,
        outputs: *const MarsalVecEnvOutputs,
    ) -> FfiResult {
        let env = self.env.as_mut().ok_or_else(lost)?;
        one_a_game(count, env.num_envs(), |given, games| {
            marsal_host::VecEnvError::Actions { given, games }
        })?;
        let acts = try_slice!(actions, count, "actions");
        // SAFETY: the caller's promise: the buffers stay valid and unused
        // elsewhere until `recv` (or free), which ends the job that holds
        // them (so `'static` is never relied on past that).
        let mut outs: VecEnvOutputs<'static> = unsafe { outputs_of(outputs, env) }?;
        // Checked now, so that a bad output fails `send`; every action is
        // checked (and kept as its move in its game) too.
        env.check_outputs(&mut outs).map_err(vec_env_error)?;
        env.check_actions(acts).map_err(vec_env_error)?;
        self.start_play(outs)
    }
}

/// Starts a step of every game of `env` and returns at once: the first half
/// of `marsal_vec_env_step_into`, whose arguments and results it has. Every
/// check is made now, on the calling thread, in the same order and with the
/// same codes and messages: a wrong `count`, a NULL `actions`, a bad output
/// (`MARSAL_STATUS_BUFFER_TOO_SMALL`, a bad `obs_dtype`), an action out of
/// range (`MARSAL_STATUS_INVALID_ARGUMENT`) or illegal
/// (`MARSAL_STATUS_ILLEGAL_MOVE`) fails `send`, nothing changes and nothing
/// is in flight. Then the moves are played and `*outputs` written in the
/// background, on a driver thread the environment starts on its first
/// `send` (it runs the part the calling thread runs in a synchronous step,
/// with the environment's `threads - 1` workers), and
/// `marsal_vec_env_recv` waits for them. The results are exactly those of
/// `marsal_vec_env_step_into` with the same actions, with any number of
/// threads.
///
/// `actions` is read during this call only (the actions are checked and kept
/// as moves), so its buffer may be reused at once. `*outputs` is copied too,
/// but **the buffers it points to are written until `marsal_vec_env_recv`
/// returns**: they must stay valid, and must not be read or written by the
/// caller, until then (or until `marsal_vec_env_free` returns).
///
/// While a step is in flight, every call on `env` other than
/// `marsal_vec_env_recv`, `marsal_vec_env_free` and
/// `marsal_vec_env_in_flight` (step, reset, random actions, threads, spin,
/// games, bot actions, another `send`) fails with
/// `MARSAL_STATUS_INVALID_ARGUMENT` ("a step is in flight: call
/// marsal_vec_env_recv first") and changes nothing; `marsal_vec_env_free`
/// waits for the step, then frees the environment. To overlap stepping with
/// the host's own work (a policy's inference), alternate two environments of
/// half the games each: send A, send B, then recv A, infer on A's outputs,
/// send A, recv B, infer on B's, send B, ...
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call;
/// `actions` NULL or `count` readable elements; `outputs` NULL or readable,
/// its pointers as `MarsalVecEnvOutputs` says, and valid and unused by the
/// caller until `marsal_vec_env_recv` or `marsal_vec_env_free` returns.
///
/// # Example
/// Two environments of half the games each, so that one steps while the
/// host infers on the other's outputs (`infer` reads the outputs and writes
/// the next actions; the first actions come from the reset's outputs):
/// ```c
/// marsal_vec_env_send(a, actions_a, n, &out_a);
/// marsal_vec_env_send(b, actions_b, n, &out_b);
/// for (;;) {
///     if (marsal_vec_env_recv(a) != MARSAL_STATUS_OK) break;  /* out_a ready, b steps */
///     infer(&out_a, actions_a);
///     marsal_vec_env_send(a, actions_a, n, &out_a);
///     if (marsal_vec_env_recv(b) != MARSAL_STATUS_OK) break;  /* out_b ready, a steps */
///     infer(&out_b, actions_b);
///     marsal_vec_env_send(b, actions_b, n, &out_b);
/// }
/// ```
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_send(
    env: *mut MarsalVecEnv,
    actions: *const i64,
    count: usize,
    outputs: *const MarsalVecEnvOutputs,
) -> MarsalStatus {
    boundary(|| {
        let e = try_mut!(env, "env");
        e.flight.check_idle()?;
        // SAFETY: the caller's promise.
        unsafe { e.send(actions, count, outputs) }
    })
}

/// Waits for the step `marsal_vec_env_send` started on `env` to finish and
/// returns its status (`MARSAL_STATUS_OK` when every game was played and
/// its outputs written, as `marsal_vec_env_step_into` would have; a panic
/// in the background is `MARSAL_STATUS_PANIC`). The output buffers of that
/// `send` are then the caller's again, and `env` takes any call. With no
/// step in flight, `MARSAL_STATUS_INVALID_ARGUMENT` ("no step is in flight:
/// call marsal_vec_env_send first") and nothing changes.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call.
///
/// # Example
/// ```c
/// if (marsal_vec_env_send(env, actions, n, &outputs) == MARSAL_STATUS_OK) {
///     /* the host's own work; the buffers of `outputs` are not touched */
///     MarsalStatus st = marsal_vec_env_recv(env);  /* now they may be read */
/// }
/// ```
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_recv(env: *mut MarsalVecEnv) -> MarsalStatus {
    boundary(|| {
        let e = try_mut!(env, "env");
        match e.flight.phase {
            Phase::Idle => {
                return Err(invalid(
                    "no step is in flight: call marsal_vec_env_send first".to_string(),
                ));
            }
            Phase::Lost => e.flight.check_idle()?,
            Phase::InFlight => {}
        }
        let Some(done) = e.flight.wait() else {
            return Err(Error::new(
                MarsalStatus::Panic,
                "the environment's driver thread stopped with its games: free the environment",
            ));
        };
        e.env = Some(done.state);
        done.result
    })
}

/// Writes whether a step of `env` is in flight (sent and not yet received)
/// into `*out`: true between a successful `marsal_vec_env_send` and the
/// `marsal_vec_env_recv` that follows it.
///
/// # Safety
/// `env` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_in_flight(
    env: *const MarsalVecEnv,
    out: *mut bool,
) -> MarsalStatus {
    boundary(|| {
        let e = try_ref!(env, "env");
        *try_mut!(out, "out") = e.flight.phase == Phase::InFlight;
        Ok(())
    })
}

/// `marsal_vec_env_send` whose driver panics while it plays (for the tests
/// of the panic's report at `recv`).
///
/// # Safety
/// As `marsal_vec_env_send`.
#[cfg(test)]
pub(crate) unsafe fn send_panicking(
    env: *mut MarsalVecEnv,
    actions: *const i64,
    count: usize,
    outputs: *const MarsalVecEnvOutputs,
) -> MarsalStatus {
    // SAFETY: the caller's promise (a live handle or NULL).
    if let Some(e) = unsafe { env.as_mut() } {
        e.flight.panic_next = true;
    }
    // SAFETY: the caller's promise.
    let status = unsafe { marsal_vec_env_send(env, actions, count, outputs) };
    // SAFETY: as above; a refused send leaves no request behind.
    if let Some(e) = unsafe { env.as_mut() } {
        e.flight.panic_next = false;
    }
    status
}
