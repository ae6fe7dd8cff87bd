//! Why a call on a vector environment was refused or failed, and the limits
//! of its settings.

use marsal::{Move, MoveError, PositionError};
use std::fmt;
use std::time::Duration;

/// The most games an environment holds.
pub(crate) const MAX_ENVS: usize = 1 << 20;
/// The most threads an environment uses.
pub(crate) const MAX_THREADS: usize = 256;
/// The longest spin of its threads.
pub(crate) const MAX_SPIN: Duration = Duration::from_secs(1);

/// Why a call on a [`VecEnv`](crate::VecEnv) was refused (nothing changed) or failed.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum VecEnvError {
    /// No game, or more than [`VecEnv::MAX_ENVS`](crate::VecEnv::MAX_ENVS).
    NumEnvs(usize),
    /// More threads than [`VecEnv::MAX_THREADS`](crate::VecEnv::MAX_THREADS).
    Threads(usize),
    /// A spin longer than [`VecEnv::MAX_SPIN`](crate::VecEnv::MAX_SPIN).
    Spin(Duration),
    /// A thread could not be started (the system's message).
    ThreadStart(String),
    /// Not one action a game.
    Actions {
        /// The actions given.
        given: usize,
        /// The games.
        games: usize,
    },
    /// Not room for one drawn action a game.
    ActionRoom {
        /// The room given.
        given: usize,
        /// The games.
        games: usize,
    },
    /// Not room for one side a game.
    SideRoom {
        /// The room given.
        given: usize,
        /// The games.
        games: usize,
    },
    /// No game of that index.
    GameIndex {
        /// The index asked for.
        index: usize,
        /// The games.
        games: usize,
    },
    /// An output buffer shorter than the environment's games need.
    BufferTooSmall {
        /// Which output.
        what: &'static str,
        /// The elements needed.
        needed: usize,
        /// The elements the buffer has.
        given: usize,
    },
    /// Outputs of that many games cannot be a size in memory.
    TooLarge {
        /// The games.
        count: usize,
        /// Which outputs.
        what: &'static str,
        /// The elements of one game's.
        block: usize,
    },
    /// An action out of the action space.
    NotAnAction {
        /// The game's index.
        index: usize,
        /// The action.
        action: i64,
        /// The size of the action space.
        size: usize,
    },
    /// An action whose move is not legal in its game.
    Illegal {
        /// The game's index.
        index: usize,
        /// The action.
        action: i64,
        /// Its move.
        mv: Move,
        /// Why the move is refused.
        error: MoveError,
    },
    /// A new game's start could not be made (an invalid ruleset).
    Position(PositionError),
    /// A part of the work panicked (an internal error).
    Panicked,
    /// [`VecEnv::play_checked`](crate::VecEnv::play_checked) with no action checked since the last play.
    NotChecked,
}

impl fmt::Display for VecEnvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VecEnvError::NumEnvs(n) => {
                write!(f, "num_envs must be 1..={}, not {n}", MAX_ENVS)
            }
            VecEnvError::Threads(n) => {
                write!(f, "num_threads must be 0..={}, not {n}", MAX_THREADS)
            }
            VecEnvError::Spin(d) => write!(
                f,
                "the spin must be 0..={} microseconds, not {}",
                MAX_SPIN.as_micros(),
                d.as_micros()
            ),
            VecEnvError::ThreadStart(m) => f.write_str(m),
            VecEnvError::Actions { given, games } => write!(
                f,
                "{given} actions for {games} games: give one action per game"
            ),
            VecEnvError::ActionRoom { given, games } => write!(
                f,
                "room for {given} actions for {games} games: give one per game"
            ),
            VecEnvError::SideRoom { given, games } => {
                write!(f, "room for {given} sides for {games} games")
            }
            VecEnvError::GameIndex { index, games } => {
                write!(f, "game {index} of an environment of {games}")
            }
            VecEnvError::BufferTooSmall {
                what,
                needed,
                given,
            } => write!(f, "{what} needs {needed} elements, the buffer has {given}"),
            VecEnvError::TooLarge { count, what, block } => {
                write!(f, "{count} {what} of {block} do not fit in memory")
            }
            VecEnvError::NotAnAction {
                index,
                action,
                size,
            } => write!(
                f,
                "actions[{index}]: {action} is not an action of this ruleset (0..{size})"
            ),
            VecEnvError::Illegal {
                index,
                action,
                mv,
                error,
            } => write!(f, "actions[{index}] ({action}, {mv}): {error}"),
            VecEnvError::Position(e) => write!(f, "{e}"),
            VecEnvError::Panicked => {
                f.write_str("internal error (panic) in a vector environment thread")
            }
            VecEnvError::NotChecked => f.write_str("no checked action to play"),
        }
    }
}

impl std::error::Error for VecEnvError {}

impl From<PositionError> for VecEnvError {
    fn from(e: PositionError) -> VecEnvError {
        VecEnvError::Position(e)
    }
}
