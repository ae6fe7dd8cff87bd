//! # marsal — the referee for *Maršál a špión*, classic Stratego and Barrage
//!
//! A rules engine that other programs embed: it knows the board, the armies and
//! every rule, keeps each player's hidden information apart, says which moves are
//! legal, plays them, and tells when and how the game ends. One engine plays every
//! variant: a [`Ruleset`] is plain data (board geometry, armies, strength order,
//! rule options), and the presets [`Ruleset::marsal_a_spion`] (the default),
//! [`Ruleset::classic`] and [`Ruleset::barrage`] are just values of it.
//!
//! The core needs neither `std` nor a heap: a [`Position`] is `Copy`, moves go
//! into a fixed-capacity [`MoveList`], and a whole game can be set up (with
//! [`Setup::random`] or from the setup text) and played to its end without
//! allocating. [`Game`] (feature `alloc`) adds history, undo and full logs.
//!
//! ```
//! use marsal::{Game, Ruleset, Rng, Setup, Side};
//!
//! let mut rules = Ruleset::marsal_a_spion();
//! rules.max_plies = Some(3000); // optional: the Czech rules themselves have no limit
//! let red = Setup::random(&rules, Side::Red, 1);
//! let blue = Setup::random(&rules, Side::Blue, 2);
//! let mut game = Game::new(&rules, &red, &blue)?;
//! let mut rng = Rng::new(3);
//! while !game.status().is_over() {
//!     let moves = game.legal_moves();
//!     let mv = moves[rng.below(moves.len() as u32) as usize];
//!     game.play(mv)?;
//! }
//! println!("{} after {} plies", game.status(), game.position().ply());
//! // Each player only ever gets its own view:
//! let view = game.view(Side::Red);
//! assert_eq!(view.log().len(), game.moves().count());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The rules themselves — each preset, every option and its default, where the
//! Czech rules differ from classic Stratego, and the exact definitions of the
//! two-square, more-squares, no-hope and reveal rules — are in the module
//! [`rules`] (the project's `docs/rules.md`).
//!
//! ## Where each rule is written
//! Every rule is written once, in the file named for its idea:
//!
//! | rule | where |
//! |---|---|
//! | board, lakes, setup zones | `geometry.rs` ([`Geometry`]) |
//! | what a kind can do (move, move far, defuse, never move) | `piece.rs` ([`PieceKind`]) |
//! | armies and the strength order | `army.rs` ([`Army`], [`Strengths`]) |
//! | every rule option and the presets | `ruleset.rs` ([`Ruleset`]) |
//! | setups and their checks | `setup.rs` ([`Setup`]) |
//! | combat: strength, Spy and Marshal, Mines, Flag | `combat.rs` ([`combat`]) |
//! | steps, diagonals, Scout lines, attacks | `movegen.rs` ([`Position::legal_moves`]) and `position.rs` ([`Position::check_move`]) |
//! | the corner rule (a diagonal step between two blocked squares) | `position.rs` (square by square) and `movegen.rs` (on bitboards), option [`Ruleset::corner_rule`] |
//! | what a move reveals, the end of the game | `position.rs` ([`Position::play`], [`Position::status`]) |
//! | the no-hope draw | [`no_hope`] |
//! | views and what counting tells | `view.rs` ([`View`]) |
//! | the two-square rule | [`two_square`] |
//! | the more-squares (continuous-chase) rule | [`more_squares`] (enforced by [`Game`]) |
//! | the repeated-position draw | `game.rs` ([`Game`]), counted by position hash in `repetition.rs` |
//! | which absent pieces were captured in public | [`notation`] (position text) and `view.rs` |
//!
//! Beside the rules, each in its own file, all built on the engine above:
//!
//! | what | where |
//! |---|---|
//! | determinizations: a complete position or game consistent with one side's view, checks of consistency, a position from a view, a position kept from observations | [`determinize`] ([`Position::determinize`], [`Game::determinize`], [`Position::is_consistent`], [`Position::from_view`], [`Position::play_observed`]) |
//! | the search bot (PIMC: determinizations searched with alpha-beta; or, as an option, one tree over them: ISMCTS in `search_ismcts.rs`) | [`search`] ([`search_move`], [`search_game`], [`search_position`], [`search_view`], [`SearchConfig`], [`SearchMethod`]); its evaluation in `eval.rs` |
//! | setups a person would make | `setup_sensible.rs` ([`Setup::sensible`]) |
//! | the careful bot | `bot.rs` ([`careful_move`]) |
//! | the fixed action space and observation tensor for learning | [`encoding`] |
//!
//! The C ABI (`marsal-c-abi/src/`: `game.rs`, `play.rs`, `view.rs`, ...) and the
//! Python package (`python/src/marsal/`: `_game.py`, `_ruleset.py`, ...) write
//! no rule: they wrap this API a file per concept (the repository README's
//! workspace section lists them).
//!
//! ## Features
//! - `std` (default): implies `alloc`.
//! - `alloc`: [`Game`] (history, undo), views with the full log.
//! - `serde`: `Serialize`/`Deserialize` for every public value type; a ruleset
//!   round-trips through JSON so a host can define its own variant in a file.
//! - `gravon`: import and export of the Gravon/StraDoS2 XML game records, and
//!   their replay (the module `gravon`).
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

// The unit tests run on a host with `std` whatever the features (the test
// harness needs it), so they may use it.
#[cfg(all(test, not(feature = "std")))]
extern crate std;

mod army;
mod behaviour;
mod beliefs;
mod bitboard;
mod board_order;
mod bot;
mod cell;
mod combat;
pub mod determinize;
pub mod encoding;
mod eval;
mod far_moves;
#[cfg(feature = "alloc")]
mod game;
mod geometry;
#[cfg(feature = "gravon")]
pub mod gravon;
pub mod more_squares;
mod movegen;
mod moves;
pub mod no_hope;
pub mod notation;
mod outcome;
mod perft;
mod piece;
mod position;
#[cfg(feature = "serde")]
mod position_serde;
#[cfg(feature = "alloc")]
mod repetition;
mod rng;
mod ruleset;
pub mod search;
#[cfg(test)]
mod search_endgames;
#[cfg(feature = "serde")]
mod serde_array;
mod setup;
mod setup_memory;
mod setup_sensible;
mod square;
mod square_set;
mod status;
pub mod two_square;
mod undo;
mod view;
mod zobrist;

pub use army::{Army, Strengths};
pub use behaviour::Behaviour;
pub use bot::careful_move;
pub use combat::{Battle, combat};
#[cfg(feature = "alloc")]
pub use game::{Game, UndoError};
pub use geometry::{Geometry, GeometryError};
pub use moves::{MAX_MOVES, Move, MoveList, MoveParseError};
pub use notation::{PositionText, PositionTextError};
pub use outcome::{Fight, Observation, Outcome};
pub use piece::{KIND_COUNT, KindSet, Piece, PieceKind, PieceKindParseError, Side, SideParseError};
pub use position::{MoveError, MoveText, Position, PositionError};
pub use rng::{Rng, batch_seed};
pub use ruleset::{NoMoveRule, RevealRule, Ruleset, RulesetError, SpyRule};
pub use search::{
    SearchConfig, SearchMethod, SearchResult, search_position, search_position_seen,
    search_position_with_clock, search_view,
};
#[cfg(feature = "alloc")]
pub use search::{search_game, search_move};
pub use setup::{Setup, SetupError, SetupText};
pub use setup_memory::SetupMemory;
pub use square::{GRID_SQUARES, MAX_FILES, MAX_RANKS, Square, SquareParseError};
pub use square_set::{SquareSet, SquareSetIter};
pub use status::{DrawReason, Status, WinReason};
pub use view::{SquareView, View, ViewDiagram};

/// The rules reference: every preset and option, the Czech game and where it
/// differs from classic Stratego and Barrage, and the exact definitions (the
/// project's `docs/rules.md`, included here as documentation only).
#[doc = include_str!("../docs/rules.md")]
pub mod rules {}

/// The README's Rust examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
