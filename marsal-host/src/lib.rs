//! What every host of the [marsal](https://docs.rs/marsal) rules engine
//! shares, written once: the C library (`marsal-ffi`), the WebAssembly
//! package (`marsal-wasm`), the `marsal` program (`marsal-cli`) and the
//! Python extension (`marsal-python`) only translate it into their own terms.
//!
//! - [`Bot`], [`BOTS`], [`DEFAULT_SEARCH_NODES`], [`MAX_SEARCH_TIME_MS`]
//!   and [`move_time_share`]: the built-in bots (`random`, `careful`,
//!   `search`, `search:N`, `search:time=MS`, `search:nodes=N,time=MS`),
//!   their budgets, and the share of a referee's move time a search takes;
//! - [`search_config`], [`check_nodes`], [`MAX_SEARCH_DETERMINIZATIONS`]:
//!   the search's limits, checked once for every host;
//! - [`setup_seed`], [`ply_seed`], [`bot_setups`], [`Bot::move_at`],
//!   [`Bot::choose_at`] and [`play_bot_game`]: the seed rule, by which the
//!   same seed, ruleset and bot names give the same game in every host;
//! - [`SeatedBot`]: a bot of the roster playing one side of a game from
//!   its setup on, told what that side is told (`marsal match`, `play`);
//! - [`ToldBelief`], [`view_text`], [`move_line`] and [`parse_move_words`]:
//!   what a bot on the marsal protocol was told, in the protocol's text and
//!   kept as a position its bot decides from (`marsal bot`);
//! - [`random_move`], [`play_random_plies`], [`random_playout`],
//!   [`random_playouts`] and [`batch_seed`]: random play and the seed of
//!   each game of a batch;
//! - [`step_result`]: a learning environment's reward and whether a game
//!   ended or was cut off by a ply limit;
//! - [`EnvGame`]: one game of a vector environment, its generators drawn
//!   from the seed and its index, restarted when it ends;
//! - [`VecEnv`]: the vector environment, many games stepped together from
//!   action indices into the caller's buffers ([`VecEnvOutputs`]);
//! - [`pool`]: the persistent worker threads a vector environment steps its
//!   games on;
//! - [`status_words`], [`status_words_for`], [`fight_words`],
//!   [`reason_token`], [`battle_token`] and [`kinds_in_play`]: how a game
//!   ended in words (for anyone, and for one of its players) and in the
//!   marsal protocol's tokens, and the kinds a legend lists.
//!
//! # Why a crate of its own
//! The engine (`marsal`) is `no_std`, allocates nothing on the play path
//! and is mutation-tested file by file. What hosts share is of another kind:
//! names read from text, error messages, threads. A `std` module of `marsal`
//! would put it behind a feature of the engine, in the engine's mutation
//! runs and documentation; a crate keeps the engine small and lets this
//! layer depend on `std` freely. Everything here is built from the engine's
//! public API: nothing of a rule is written here.
//!
//! ```
//! use marsal::{Game, Position, Ruleset};
//! use marsal_host::Bot;
//!
//! let mut game = Game::from_position(Position::start(&Ruleset::barrage(), 1, 2)?);
//! let bot = Bot::parse("search:500").expect("a bot");
//! for _ in 0..4 {
//!     // The move of the game of seed 7 at this ply (the seed rule).
//!     let mv = bot.move_at(&game, 7).expect("a legal move");
//!     game.play(mv)?;
//! }
//! assert_eq!(game.position().ply(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod bots;
mod env;
mod env_game;
mod limits;
mod playouts;
#[allow(unsafe_code, reason = "a job borrows the caller's data across threads")]
pub mod pool;
mod protocol_text;
mod seated;
mod seeds;
mod told;
mod vec_env;
mod vec_env_errors;
mod vec_env_legal;
mod vec_env_outputs;
#[allow(
    unsafe_code,
    reason = "each part of a job takes its own range of the games"
)]
mod vec_env_step;
#[cfg(test)]
mod vec_env_tests;
mod words;

pub use bots::{BOTS, Bot, BotError, move_time_share};
pub use env::{StepResult, step_result};
pub use env_game::EnvGame;
pub use limits::{
    DEFAULT_SEARCH_NODES, LimitError, MAX_SEARCH_DETERMINIZATIONS, MAX_SEARCH_TIME_MS, check_nodes,
    search_config,
};
/// The seed of each game of a batch (the engine's, used by every host).
pub use marsal::batch_seed;
pub use playouts::{
    PlayoutError, PlayoutSummary, play_random_plies, random_move, random_playout, random_playouts,
    with_ply_limit,
};
pub use protocol_text::{move_line, parse_move_words, view_text};
pub use seated::SeatedBot;
pub use seeds::{bot_setups, play_bot_game, ply_seed, setup_seed};
pub use told::ToldBelief;
pub use vec_env::VecEnv;
pub use vec_env_errors::VecEnvError;
pub use vec_env_outputs::{ObsBuffer, VecEnvOutputs};
pub use words::{
    battle_token, draw_reason, fight_words, kinds_in_play, reason_token, side_name, status_words,
    status_words_for, win_reason,
};
