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
//! # #[cfg(feature = "alloc")]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
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
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "alloc"))]
//! # fn main() {}
//! ```
//!
//! The rules themselves — each preset, every option and its default, where the
//! Czech rules differ from classic Stratego, and the exact definitions of the
//! two-square, more-squares, no-hope and reveal rules — are in the module
//! [`rules`] (the project's `docs/rules.md`).
//!
//! ## How the crate is laid out: a referee, and a player built on it
//! `src/` has a folder per part, and the parts depend on each other one way
//! only (the import check `.ci/import-loops src` holds it, folder by folder):
//!
//! | folder | what | built on |
//! |---|---|---|
//! | `referee/` | the rules: board, pieces, armies, rulesets, setups, combat, moves, a position and a game, the repetition rules, the endings | nothing |
//! | `hidden/` | hidden information: each side's [`View`] and what it may deduce (no guesses) | `referee/` |
//! | `formats/` | the position text, the serde forms, the Gravon records | `referee/` |
//! | `encoding/` | the fixed action space and observation tensors for learning | `referee/`, `hidden/` |
//! | `player/` | the bots: determinizations, behaviour, setup memory, beliefs, the careful and the search bot, sensible setups | `referee/`, `hidden/` |
//!
//! The referee is the part a host must trust and the player the part it may
//! replace; keeping the player a folder of this crate rather than a crate of
//! its own keeps one `marsal` dependency, one set of features and one public
//! path for each item (`marsal::search_move`, `marsal::Position`): every item
//! is re-exported here at the crate root, so the folders are the reader's map,
//! not part of the API. The player still reads as a client: it uses only
//! what the referee exposes to the crate, and the referee names nothing of it.
//!
//! ## Where each rule is written
//! Every rule is written once, in the file named for its idea (paths under
//! `src/referee/` unless said):
//!
//! | rule | where |
//! |---|---|
//! | board, lakes, setup zones | `board/geometry.rs` ([`Geometry`]) |
//! | what a kind can do (move, move far, defuse, never move) | `piece.rs` ([`PieceKind`]) |
//! | armies and the strength order | `army.rs` ([`Army`], [`Strengths`]) |
//! | every rule option and the presets | `ruleset.rs` ([`Ruleset`]) |
//! | setups and their checks | `setup.rs` ([`Setup`]) |
//! | combat: strength, Spy and Marshal, Mines, Flag | `combat.rs` ([`combat`]) |
//! | steps, diagonals, Scout lines, attacks | `movegen.rs` ([`Position::legal_moves`]) and `position.rs` ([`Position::check_move`]) |
//! | the corner rule (a diagonal step between two blocked squares) | `position.rs` (square by square) and `movegen.rs` (on bitboards), option [`Ruleset::corner_rule`] |
//! | what a move reveals | `position/make.rs` ([`Position::play`]) |
//! | the end of the game: a Flag taken, no move left, the ply limit | `position/ending.rs` ([`Position::status`]) and `status.rs` ([`Status`]) |
//! | the no-hope draw | `no_hope.rs` ([`no_hope`]) |
//! | views and what counting tells | `src/hidden/view.rs` ([`View`]) |
//! | the two-square rule | `two_square.rs` ([`two_square`]) |
//! | the more-squares (continuous-chase) rule | `more_squares.rs` ([`more_squares`], enforced by [`Game`]) |
//! | the repeated-position draw | `game.rs` ([`Game`]), counted by position hash in `repetition.rs` |
//! | which absent pieces were captured in public | `src/formats/notation.rs` ([`notation`], the position text) and `src/hidden/view.rs` |
//!
//! The player, each idea in its own file under `src/player/`:
//!
//! | what | where |
//! |---|---|
//! | determinizations: a complete position or game consistent with one side's view, checks of consistency, a position from a view, a position kept from observations | `determinize.rs` ([`determinize`]: [`Position::determinize`], [`Game::determinize`], [`Position::is_consistent`], [`Position::from_view`], [`Position::play_observed`]) |
//! | what a side saw the enemy's pieces do | `behaviour.rs` ([`Behaviour`]) |
//! | what a side learned of the enemy's setups over earlier games | `setup_memory.rs` ([`SetupMemory`]) |
//! | the probability of each kind for each hidden piece | `beliefs.rs` |
//! | the search bot (PIMC: determinizations searched with alpha-beta; or, as an option, one tree over them: ISMCTS in `search/ismcts.rs`) | `search.rs` ([`search`]: [`search_move`], [`search_game`], [`search_position`], [`search_view`], [`SearchConfig`], [`SearchMethod`]); its evaluation in `search/eval.rs`, its tests of whole endgames in `search/tests/` |
//! | setups a person would make | `setup_sensible.rs` ([`Setup::sensible`]) |
//! | the careful bot | `bot.rs` ([`careful_move`]) |
//!
//! The fixed action space and observation tensor for learning: [`encoding`]
//! (`src/encoding/`).
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

pub mod encoding;
mod formats;
mod hidden;
mod player;
mod referee;

#[cfg(feature = "gravon")]
pub use formats::gravon;
pub use formats::notation;
pub use player::{determinize, search};
pub use referee::{more_squares, no_hope, two_square};

pub use formats::notation::{PositionText, PositionTextError};
pub use hidden::view::{SquareView, View, ViewDiagram};
pub use player::behaviour::Behaviour;
pub use player::bot::careful_move;
pub use player::search::{
    SearchConfig, SearchMethod, SearchResult, search_position, search_position_seen,
    search_position_with_clock, search_view,
};
#[cfg(feature = "alloc")]
pub use player::search::{search_game, search_move};
pub use player::setup_memory::SetupMemory;
pub use referee::army::{Army, Strengths};
pub use referee::board::geometry::{Geometry, GeometryError};
pub use referee::board::square::{GRID_SQUARES, MAX_FILES, MAX_RANKS, Square, SquareParseError};
pub use referee::board::square_set::{SquareSet, SquareSetIter};
pub use referee::combat::{Battle, combat};
#[cfg(feature = "alloc")]
pub use referee::game::{Game, UndoError};
pub use referee::moves::{MAX_MOVES, Move, MoveList, MoveParseError};
pub use referee::outcome::{Fight, Observation, Outcome};
pub use referee::piece::{
    KIND_COUNT, KindSet, Piece, PieceKind, PieceKindParseError, Side, SideParseError,
};
pub use referee::position::{MoveError, MoveText, Position, PositionDiagram, PositionError};
pub use referee::rng::{Rng, batch_seed};
pub use referee::ruleset::{NoMoveRule, RevealRule, Ruleset, RulesetError, SpyRule};
pub use referee::setup::{Setup, SetupError, SetupText};
pub use referee::status::{DrawReason, Status, WinReason};

/// The rules reference: every preset and option, the Czech game and where it
/// differs from classic Stratego and Barrage, and the exact definitions (the
/// project's `docs/rules.md`, included here as documentation only).
#[doc = include_str!("../docs/rules.md")]
pub mod rules {}

/// The README's Rust examples run as doctests (they play a `Game`: with
/// `alloc`).
#[cfg(all(doctest, feature = "alloc"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
