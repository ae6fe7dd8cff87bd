//! The C ABI: opaque handles for a ruleset and a game, plain `repr(C)` values for
//! squares, moves, outcomes, statuses and views, and a status code from every
//! function. The header `include/marsal.h` is generated from this module by
//! cbindgen (see `cbindgen.toml`); a test fails when it is not current.
//!
//! This crate is a Rust library. The C libraries link it: `marsal-ffi` builds
//! `libmarsal` (a cdylib and a staticlib), `marsal-python` the Python
//! extension module; each exports this crate's `#[no_mangle]` functions, as a
//! cdylib or a staticlib exports those of every crate it links.
//!
//! # Conventions
//! - Every function returns a [`MarsalStatus`]; outputs go through pointers.
//! - No panic unwinds into the host: every body runs inside a panic boundary,
//!   and a caught panic becomes `MARSAL_STATUS_PANIC`.
//! - Every pointer is checked for NULL; every enum value or index that comes from
//!   C is checked; text must be NUL-terminated UTF-8.
//! - Text outputs are written NUL-terminated into a caller buffer of `cap` bytes,
//!   with the length (without the NUL) written to `*len_out`; if the buffer is
//!   NULL or too small, `MARSAL_STATUS_BUFFER_TOO_SMALL` is returned and only
//!   `*len_out` is written. Array outputs work the same way with a count.
//! - Array inputs (a `games` pointer with a `count`) may be NULL only when
//!   `count` is 0; a NULL element is `MARSAL_STATUS_NULL_POINTER` with a message
//!   naming its index, and nothing is changed.
//! - After a failed call, `marsal_last_error_message` gives a message (per
//!   thread). A size query (a NULL or short buffer) is itself a failed call and
//!   replaces that message, so read the message first. A message is plain
//!   text: every control character (NUL, ESC, newline, ...) is escaped as
//!   `\u{..}`, so `strlen` of it is its length; user text quoted in it is cut
//!   to 64 characters and an ellipsis, and no message is longer than 1023
//!   bytes. The message can be read, and calls fail safely, from anywhere,
//!   thread-local and pthread key destructors included.
//! - Move text that marks an attack wrongly (`e5xe6` onto an empty square,
//!   `e5-e6` onto an enemy) is a notation error (`MARSAL_STATUS_PARSE_ERROR`)
//!   wherever text is read (`marsal_game_play_text`); a `MarsalMove` has no
//!   separator, so `marsal_game_play` and `marsal_games_play` never ask for one
//!   (docs/rules.md, section 6.2).
//!
//! # Ownership and threads
//! A handle returned through an `out` pointer belongs to the caller, who frees
//! it exactly once with the matching `_free` function (`_free(NULL)` does
//! nothing). Handles are not synchronised: a `MarsalGame` may be moved to another
//! thread but must not be used from two threads at once; a `MarsalRuleset` is
//! modified only by `marsal_ruleset_set_option` and may be read from several
//! threads at once while no thread sets an option on it.
//! A game keeps its own copy of the ruleset, so the ruleset may be freed once the
//! game exists.
//! A `MarsalVecEnv` with a step in flight (`marsal_vec_env_send`, until
//! `marsal_vec_env_recv`) refuses every call but recv, `marsal_vec_env_in_flight`
//! and free (which waits for the step), and its output buffers are the
//! library's until then (`vec_env_async.rs`).
//!
//! # Where each part is written
//! | file | what |
//! |---|---|
//! | `values.rs` | the constants, the `repr(C)` enums and structs, their conversions |
//! | `pointers.rs` | checked pointers, text in, text and arrays out into caller buffers |
//! | `errors.rs` | the Rust API's errors as a status and a message |
//! | `status.rs` | `MarsalStatus`, the per-thread last error message, the panic boundary |
//! | `last_error.rs` | `marsal_last_error_message`: that message into the caller's buffer |
//! | `version.rs` | `marsal_version` |
//! | `ruleset.rs` | `MarsalRuleset`: presets, JSON, free |
//! | `setup.rs` | random and sensible setups |
//! | `options.rs` | ruleset options by name |
//! | `game.rs` | `MarsalGame`: new, random, sensible, from a position, copy, JSON, free |
//! | `play.rs` | legal moves, playing (also as text), undo, status, last outcome |
//! | `view.rs` | a side's view: board size, squares, full view |
//! | `position.rs` | a game's hash, ply and position text; how it stands as a learning environment's step (reward, terminated, truncated) |
//! | `determinize.rs` | a complete game drawn from what one side knows, consistency with a side's knowledge |
//! | `search.rs` | the search bot: its configuration, its move, what it cost |
//! | `batch.rs` | random plies and playouts, views, moves and plays of many games |
//! | `actions.rs` | a game's moves as actions and back, the games of one batch call of actions |
//! | `encoding.rs` | action spaces, masks and observations for learning |
//! | `bots.rs` | the built-in bots by name: a game between two bots and a bot's move by the seed rule, a name checked; the bots as batch policies |
//! | `vec_env_outputs.rs` | `MarsalVecEnvOutputs`, the caller's buffers of a vector env call, read as the host layer's `VecEnvOutputs` |
//! | `vec_env.rs` | `MarsalVecEnv`, the host layer's vectorised environment (`marsal_host::VecEnv`) behind a handle |
//! | `vec_env_flight.rs` | where an environment is in its asynchronous step, and its driver thread |
//! | `vec_env_async.rs` | the asynchronous step of a vector env: send, then recv, the play on a driver thread |
//! | `render.rs` | pictures of a game: SVG text and RGB pixels of a side's or the referee's view |
//! | `words.rs` | how a game stands or ended and what a fight did, in the words of every host |
#![allow(unsafe_code)]

// cbindgen reads the items of these modules in this order: it is the order of
// the functions in include/marsal.h (the header test checks it).
mod values;
pub use values::{
    MARSAL_DEFAULT_MAX_PLIES, MARSAL_GRID_SQUARES, MARSAL_KIND_COUNT, MARSAL_MAX_FILES,
    MARSAL_MAX_LEGAL_MOVES, MARSAL_MAX_RANKS, MARSAL_NONE, MarsalBattle, MarsalCell,
    MarsalDrawReason, MarsalGameStatus, MarsalKind, MarsalMove, MarsalObservation, MarsalOutcome,
    MarsalPlayoutSummary, MarsalSide, MarsalSquare, MarsalSquareView, MarsalState, MarsalViewInfo,
    MarsalWinReason,
};
mod errors;
mod pointers;
mod version;
pub use version::marsal_version;
mod ruleset;
pub use ruleset::{
    MarsalRuleset, marsal_ruleset_free, marsal_ruleset_from_json, marsal_ruleset_preset,
    marsal_ruleset_to_json,
};
mod setup;
pub use setup::{marsal_setup_random, marsal_setup_sensible};
mod options;
pub use options::{
    OPTIONS, marsal_ruleset_get_option, marsal_ruleset_option_names, marsal_ruleset_set_option,
};
mod game;
pub use game::{
    MarsalGame, marsal_game_clone, marsal_game_free, marsal_game_from_json,
    marsal_game_from_position_text, marsal_game_new, marsal_game_new_random,
    marsal_game_new_sensible, marsal_game_to_json,
};
mod play;
pub use play::{
    marsal_game_last_outcome, marsal_game_legal_moves, marsal_game_move_text, marsal_game_play,
    marsal_game_play_legal_moves, marsal_game_play_text, marsal_game_status, marsal_game_undo,
};
mod view;
pub use view::{marsal_game_board_size, marsal_game_view, marsal_game_view_full};
mod position;
pub use position::{
    marsal_game_hash, marsal_game_ply, marsal_game_position_text, marsal_game_step_result,
};
mod determinize;
pub use determinize::{
    marsal_game_determinize, marsal_game_determinize_into, marsal_game_is_consistent,
};
mod search;
pub use search::{
    MARSAL_SEARCH_DEFAULT_NODES, MARSAL_SEARCH_MAX_DETERMINIZATIONS, MARSAL_SEARCH_MAX_TIME_MS,
    MarsalSearchConfig, MarsalSearchLimits, MarsalSearchStats, marsal_game_search_move,
    marsal_game_search_move_timed, marsal_search_config_default, marsal_search_limits,
};
mod batch;
pub use batch::{
    marsal_game_play_random, marsal_games_legal_moves, marsal_games_play, marsal_games_play_random,
    marsal_games_view, marsal_random_playouts,
};
mod actions;
mod encoding;
pub use encoding::{
    MARSAL_SIDE_TO_MOVE, marsal_game_action_mask, marsal_game_encoding_sizes,
    marsal_game_observation, marsal_game_play_action, marsal_games_action_masks,
    marsal_games_bot_actions, marsal_games_observations, marsal_games_observations_u8,
    marsal_games_play_actions, marsal_games_random_actions, marsal_ruleset_action_space_size,
    marsal_ruleset_action_to_move, marsal_ruleset_move_to_action, marsal_ruleset_observation_shape,
};
mod bots;
pub use bots::{
    MARSAL_POLICY_CAREFUL, MARSAL_POLICY_RANDOM, MARSAL_POLICY_SEARCH, marsal_bot_check,
    marsal_game_bot_move, marsal_game_new_bots, marsal_games_bot_actions_budget,
    marsal_vec_env_bot_actions,
};
mod vec_env_outputs;
pub use vec_env_outputs::{MARSAL_OBS_FLOAT32, MARSAL_OBS_UINT8, MarsalVecEnvOutputs};
mod vec_env;
pub use vec_env::{
    MARSAL_VEC_ENV_MAX_SPIN_US, MARSAL_VEC_ENV_MAX_THREADS, MarsalVecEnv, marsal_vec_env_free,
    marsal_vec_env_game, marsal_vec_env_new, marsal_vec_env_num_envs,
    marsal_vec_env_random_actions, marsal_vec_env_reset, marsal_vec_env_reset_into,
    marsal_vec_env_set_spin, marsal_vec_env_set_threads, marsal_vec_env_spin, marsal_vec_env_step,
    marsal_vec_env_step_into, marsal_vec_env_threads, marsal_vec_env_to_move,
};
mod vec_env_async;
mod vec_env_flight;
pub use vec_env_async::{marsal_vec_env_in_flight, marsal_vec_env_recv, marsal_vec_env_send};
mod render;
pub use render::{MARSAL_VIEWER_REFEREE, marsal_game_render_rgb, marsal_game_render_svg};
mod words;
pub use words::{marsal_fight_words, marsal_status_words};
mod status;
pub use status::MarsalStatus;
// After status: the last function of the header.
mod last_error;
pub use last_error::marsal_last_error_message;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_bots;
#[cfg(test)]
mod tests_host;
#[cfg(test)]
mod tests_vec_env;
#[cfg(test)]
mod tests_vec_env_async;
