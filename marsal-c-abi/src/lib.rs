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
//! | `encoding.rs` | action spaces, masks and observations for learning |
//! | `bots.rs` | the built-in bots (random, careful, search) as batch policies |
//! | `vec_env_outputs.rs` | `MarsalVecEnvOutputs`, the caller's buffers of a vector env call, read as the host layer's `VecEnvOutputs` |
//! | `vec_env.rs` | `MarsalVecEnv`, the host layer's vectorised environment (`marsal_host::VecEnv`) behind a handle |
//! | `vec_env_async.rs` | the asynchronous step of a vector env: send, then recv, the play on a driver thread |
//! | `render.rs` | pictures of a game: SVG text and RGB pixels of a side's or the referee's view |
#![allow(unsafe_code)]

// cbindgen reads the items of these modules in this order: it is the order of
// the functions in include/marsal.h (the header test checks it).
mod values;
pub use values::*;
mod pointers;
use pointers::*;
mod errors;
use errors::*;
mod version;
pub use version::*;
mod ruleset;
pub use ruleset::*;
mod setup;
pub use setup::*;
mod options;
pub use options::*;
mod game;
pub use game::*;
mod play;
pub use play::*;
mod view;
pub use view::*;
mod position;
pub use position::*;
mod determinize;
pub use determinize::*;
mod search;
pub use search::*;
mod batch;
pub use batch::*;
mod encoding;
pub use encoding::*;
mod bots;
pub use bots::*;
mod vec_env_outputs;
pub use vec_env_outputs::{MARSAL_OBS_FLOAT32, MARSAL_OBS_UINT8, MarsalVecEnvOutputs};
mod vec_env;
pub use vec_env::*;
mod vec_env_async;
pub use vec_env_async::*;
mod render;
mod status;
pub use render::*;
use status::{Error, FfiResult, boundary, quote};
pub use status::{MarsalStatus, marsal_last_error_message};
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
