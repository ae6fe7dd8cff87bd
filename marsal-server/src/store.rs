//! Where games are kept: one small trait ([`Store`]) and its two backends,
//! SQLite ([`SqliteStore`](crate::SqliteStore), the default) and Postgres
//! (`PgStore`, feature `postgres`).
//!
//! A game is kept as what it was created with (its [`spec`](StoredGame::spec),
//! JSON), each seat's setup once given, its moves one row a ply, and its
//! ending once over. Every write is one transaction; the server acknowledges
//! nothing before the write has committed. A move row is written only if it
//! is the next ply of the game (a second server process that raced for the
//! same ply gets [`StoreError::Conflict`]).

use marsal::Side;
use std::fmt;

/// One move as kept: its ply (plies before it), its text and, with a clock,
/// each side's time left after it (Red's, Blue's) in milliseconds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredMove {
    /// The plies played before this move.
    pub ply: u32,
    /// The move in the engine's notation.
    pub mv: String,
    /// Red's and Blue's time left after the move, with a clock.
    pub clock_ms: Option<[u64; 2]>,
}

/// A game as kept.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// What it was created with (JSON, see [`GameSpec`](crate::GameSpec)).
    pub spec: String,
    /// Red's and Blue's setup text, once given.
    pub setups: [Option<String>; 2],
    /// Its moves, in order.
    pub moves: Vec<StoredMove>,
    /// How it ended (JSON), once over.
    pub ending: Option<String>,
}

/// Why a write or read failed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StoreError {
    /// The database refused or failed (a full disk, a locked database, a
    /// lost connection): the words of the database.
    Backend(String),
    /// The write does not follow what is kept (a ply already written, a
    /// setup already given, no such game): another process got there first.
    Conflict(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Backend(e) => write!(f, "the database failed: {e}"),
            StoreError::Conflict(e) => write!(f, "the game changed meanwhile: {e}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// The storage a server keeps its games in. Each method is one transaction,
/// committed when it returns `Ok`. Methods block: the server calls them off
/// its event loop.
pub trait Store: Send + Sync + 'static {
    /// Keeps a new game (setups already known: a bot's).
    fn create(&self, game: &StoredGame) -> Result<(), StoreError>;
    /// Keeps `side`'s setup, if it had none.
    fn put_setup(&self, id: &str, side: Side, text: &str) -> Result<(), StoreError>;
    /// Keeps a move, if it is the game's next ply.
    fn append_move(&self, id: &str, mv: &StoredMove) -> Result<(), StoreError>;
    /// Keeps how the game ended.
    fn finish(&self, id: &str, ending: &str) -> Result<(), StoreError>;
    /// The game `id`, if kept.
    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;
    /// Every game without an ending.
    fn unfinished(&self) -> Result<Vec<StoredGame>, StoreError>;
}

/// The side's column name (`red` or `blue`).
pub(crate) fn side_column(side: Side) -> &'static str {
    match side {
        Side::Red => "red_setup",
        Side::Blue => "blue_setup",
    }
}
