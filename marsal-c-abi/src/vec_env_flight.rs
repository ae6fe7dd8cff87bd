//! Where a vector environment is in its asynchronous step (`vec_env_async.rs`):
//! idle, in flight (the environment with the driver thread) or lost, and the
//! driver thread that plays a step sent to it.

use crate::errors::{invalid, vec_env_error};
use crate::status::{Error, FfiResult, MarsalStatus};
use marsal_host::{VecEnv, VecEnvOutputs};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
/// The message of a call on an environment while a step is in flight.
const IN_FLIGHT: &str = "a step is in flight: call marsal_vec_env_recv first";

/// A step for the driver to play: the environment (moved out of the handle
/// at `send`, its moves checked) and the outputs (the caller's buffers,
/// valid until `recv` by the caller's promise).
pub(crate) struct Job {
    pub(crate) state: VecEnv,
    pub(crate) outputs: VecEnvOutputs<'static>,
    /// A test's request for a panic on the driver.
    #[cfg(test)]
    pub(crate) panic: bool,
}

/// A played step: the environment, back, and the step's result.
pub(crate) struct Done {
    pub(crate) state: VecEnv,
    pub(crate) result: FfiResult,
}

/// The environment's driver thread and its channels.
pub(crate) struct Driver {
    pub(crate) jobs: Sender<Job>,
    pub(crate) done: Receiver<Done>,
    pub(crate) thread: JoinHandle<()>,
}

/// Where an environment is in the asynchronous step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Phase {
    /// No step in flight: the environment is in the handle.
    #[default]
    Idle,
    /// A step is in flight: the environment is with the driver.
    InFlight,
    /// The driver stopped with the games (never expected): the environment
    /// can only be freed.
    Lost,
}

/// The asynchronous part of a [`MarsalVecEnv`]: the in-flight flag and the
/// driver thread, started by the first `marsal_vec_env_send`.
#[derive(Default)]
pub(crate) struct Flight {
    pub(crate) phase: Phase,
    pub(crate) driver: Option<Driver>,
    /// A test's request for a panic on the driver in the next step sent.
    #[cfg(test)]
    pub(crate) panic_next: bool,
}

impl Flight {
    /// Refuses a call while a step is in flight (or the games are lost).
    pub(crate) fn check_idle(&self) -> FfiResult {
        match self.phase {
            Phase::Idle => Ok(()),
            Phase::InFlight => Err(invalid(IN_FLIGHT.to_string())),
            Phase::Lost => Err(lost()),
        }
    }

    /// The driver, started now if it is not yet.
    pub(crate) fn driver(&mut self) -> Result<&Driver, Error> {
        if self.driver.is_none() {
            let (jobs, job_rx) = channel::<Job>();
            let (done_tx, done) = channel::<Done>();
            let thread = std::thread::Builder::new()
                .name("marsal-env-driver".to_string())
                .spawn(move || drive(&job_rx, &done_tx))
                .map_err(|e| {
                    Error::new(
                        MarsalStatus::Panic,
                        format!("cannot start the environment's driver thread: {e}"),
                    )
                })?;
            self.driver = Some(Driver { jobs, done, thread });
        }
        self.driver
            .as_ref()
            .ok_or_else(|| Error::new(MarsalStatus::Panic, "no driver thread"))
    }

    /// Waits for the step in flight: the environment and the step's
    /// result, or `None` (and the phase `Lost`) when the driver stopped.
    pub(crate) fn wait(&mut self) -> Option<Done> {
        let done = self.driver.as_ref().and_then(|d| d.done.recv().ok());
        self.phase = if done.is_some() {
            Phase::Idle
        } else {
            Phase::Lost
        };
        done
    }
}

impl Drop for Flight {
    fn drop(&mut self) {
        if self.phase == Phase::InFlight {
            // The environment comes back and is dropped here, its pool with it.
            drop(self.wait());
        }
        if let Some(d) = self.driver.take() {
            drop(d.jobs);
            // The driver catches every panic of a job; nothing to report.
            let _ = d.thread.join();
        }
    }
}

/// The driver thread: plays each job it receives and sends the state back,
/// until the environment drops its end of the channel.
fn drive(jobs: &Receiver<Job>, done: &Sender<Done>) {
    while let Ok(job) = jobs.recv() {
        let Job {
            mut state,
            outputs,
            #[cfg(test)]
            panic,
        } = job;
        let played = catch_unwind(AssertUnwindSafe(|| {
            #[cfg(test)]
            assert!(!panic, "a panic a test asked for");
            state.play_checked(outputs).map_err(vec_env_error)
        }));
        let result = played.unwrap_or_else(|_| {
            Err(Error::new(
                MarsalStatus::Panic,
                "internal error (panic) in a vector environment's driver thread",
            ))
        });
        if done.send(Done { state, result }).is_err() {
            return;
        }
    }
}

/// The error of a call on an environment whose games were lost.
pub(crate) fn lost() -> Error {
    Error::new(
        MarsalStatus::Panic,
        "the environment's games were lost by an internal error: free it",
    )
}
