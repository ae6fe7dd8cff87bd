//! The C ABI: opaque handles for a ruleset and a game, plain `repr(C)` values for
//! squares, moves, outcomes, statuses and views, and a status code from every
//! function. The header `include/marsal.h` is generated from this module by
//! cbindgen (see `cbindgen.toml`); a test fails when it is not current.
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
//!   `e5-e6` onto an enemy) is a notation error (`MARSAL_STATUS_PARSE_ERROR`).
//!
//! # Ownership and threads
//! A handle returned through an `out` pointer belongs to the caller, who frees
//! it exactly once with the matching `_free` function (`_free(NULL)` does
//! nothing). Handles are not synchronised: a `MarsalGame` may be moved to another
//! thread but must not be used from two threads at once; a `MarsalRuleset` is
//! never modified after creation and may be read from several threads at once.
//! A game keeps its own copy of the ruleset, so the ruleset may be freed once the
//! game exists.
#![allow(unsafe_code)]

mod encoding;
pub use encoding::*;
mod status;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_host;

use status::{Error, FfiResult, boundary, quote};
pub use status::{MarsalStatus, marsal_last_error_message};

use arrayvec::ArrayVec;
use marsal::{
    Battle, DrawReason, Game, Move, MoveError, Outcome, Position, PositionError, Rng, Ruleset,
    Setup, SetupError, Side, Square, SquareView, Status, UndoError, WinReason,
};
use std::ffi::{CStr, c_char};

/// The "none" value of the `uint8_t` side and reason fields of
/// `MarsalGameStatus` (and of `MarsalOutcome.defender`, as `MARSAL_KIND_NONE`).
pub const MARSAL_NONE: u8 = 255;

/// The number of piece kinds (`MarsalKind` values 0..15).
pub const MARSAL_KIND_COUNT: usize = 16;
/// The most files a board may have (files `a`..`l`).
pub const MARSAL_MAX_FILES: u8 = 12;
/// The most ranks a board may have (ranks 1..12).
pub const MARSAL_MAX_RANKS: u8 = 12;
/// The most squares a board (and so a `marsal_game_view` buffer) may have.
pub const MARSAL_GRID_SQUARES: usize = 144;
const _: () = assert!(
    MARSAL_KIND_COUNT == marsal::KIND_COUNT
        && MARSAL_MAX_FILES == marsal::MAX_FILES
        && MARSAL_MAX_RANKS == marsal::MAX_RANKS
        && MARSAL_GRID_SQUARES == marsal::GRID_SQUARES
);

/// The most legal moves any position can have (a buffer of this many
/// `MarsalMove`s always suffices for `marsal_game_legal_moves`).
pub const MARSAL_MAX_LEGAL_MOVES: usize = 1152;
const _: () = assert!(MARSAL_MAX_LEGAL_MOVES == marsal::MAX_MOVES);

/// A ruleset (opaque). Create with `marsal_ruleset_preset` or
/// `marsal_ruleset_from_json`; the caller owns it and frees it exactly once with
/// `marsal_ruleset_free`. It never changes after creation, so several threads may
/// read it at once. A game copies what it needs: the ruleset may be freed while
/// games made from it live on.
pub struct MarsalRuleset {
    rules: Ruleset,
}

/// A game with its history (opaque). Create with `marsal_game_new` or
/// `marsal_game_new_random`; the caller owns it and frees it exactly once with
/// `marsal_game_free`. Not synchronised: it may be moved to another thread, but
/// two threads must not use one game at the same time (distinct games are
/// independent).
pub struct MarsalGame {
    game: Game,
}

/// A side: `MARSAL_SIDE_RED` (0, moves first by default, bottom of the board) or
/// `MARSAL_SIDE_BLUE` (1). Arguments take it as a `uint8_t`.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarsalSide {
    /// The first player.
    Red = 0,
    /// The second player.
    Blue = 1,
}

/// Piece kind codes (as `uint8_t` in structs); `MARSAL_KIND_NONE` (255) means
/// none or unknown.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarsalKind {
    /// Marshal.
    Marshal = 0,
    /// General.
    General = 1,
    /// Colonel.
    Colonel = 2,
    /// Major.
    Major = 3,
    /// Captain.
    Captain = 4,
    /// Lieutenant.
    Lieutenant = 5,
    /// Sergeant.
    Sergeant = 6,
    /// Cadet.
    Cadet = 7,
    /// Corporal.
    Corporal = 8,
    /// Gunner.
    Gunner = 9,
    /// Scout.
    Scout = 10,
    /// Miner.
    Miner = 11,
    /// Spy.
    Spy = 12,
    /// Mine.
    Mine = 13,
    /// Bomb.
    Bomb = 14,
    /// Flag.
    Flag = 15,
    /// No piece, or a kind that is not known.
    None = 255,
}

// The C kind codes are the Rust kinds' indices.
const _: () = {
    let c = [
        MarsalKind::Marshal,
        MarsalKind::General,
        MarsalKind::Colonel,
        MarsalKind::Major,
        MarsalKind::Captain,
        MarsalKind::Lieutenant,
        MarsalKind::Sergeant,
        MarsalKind::Cadet,
        MarsalKind::Corporal,
        MarsalKind::Gunner,
        MarsalKind::Scout,
        MarsalKind::Miner,
        MarsalKind::Spy,
        MarsalKind::Mine,
        MarsalKind::Bomb,
        MarsalKind::Flag,
    ];
    let mut i = 0;
    while i < marsal::KIND_COUNT {
        assert!(c[i] as usize == marsal::PieceKind::ALL[i] as usize);
        i += 1;
    }
};

/// Fight results (as `uint8_t` in `MarsalOutcome`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarsalBattle {
    /// The move did not attack.
    NoFight = 0,
    /// The attacker won and took the square.
    AttackerWins = 1,
    /// The defender won and stayed.
    DefenderWins = 2,
    /// Both were removed.
    BothRemoved = 3,
    /// A Miner removed a Mine or Bomb.
    MineDefused = 4,
    /// The Flag was captured.
    FlagCaptured = 5,
}

/// The state of a game (as `uint8_t` in `MarsalGameStatus`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarsalState {
    /// The game goes on; `side` is to move.
    Ongoing = 0,
    /// `side` won; `reason` is a `MarsalWinReason`.
    Won = 1,
    /// Drawn; `reason` is a `MarsalDrawReason`.
    Drawn = 2,
}

/// Why a game was won.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarsalWinReason {
    /// The Flag was captured.
    FlagCaptured = 0,
    /// The opponent had no legal move.
    OpponentCannotMove = 1,
}

/// Why a game was drawn.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarsalDrawReason {
    /// The side to move (`side`) had no legal move (the Czech PAT).
    NoLegalMove = 0,
    /// Neither side could move.
    NeitherCanMove = 1,
    /// Neither side can ever capture the other's Flag.
    NoHope = 2,
    /// The ply limit was reached.
    PlyLimit = 3,
    /// The limit of plies without an attack was reached.
    NoAttackLimit = 4,
    /// The same position stood too often.
    Repetition = 5,
}

/// What a side sees on a square (as `uint8_t` in `MarsalSquareView`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarsalCell {
    /// Not a square of the board.
    OffBoard = 0,
    /// A lake.
    Lake = 1,
    /// An empty square.
    Empty = 2,
    /// One of the viewer's pieces.
    Own = 3,
    /// An enemy piece.
    Enemy = 4,
}

/// A square: `file` 0 = `a` .. 11 = `l`, `rank` 0 = rank 1 .. 11 = rank 12.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarsalSquare {
    /// File, 0-based.
    pub file: u8,
    /// Rank, 0-based.
    pub rank: u8,
}

/// A move from one square to another.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarsalMove {
    /// Where the piece stands.
    pub from: MarsalSquare,
    /// Where it goes (or whom it attacks).
    pub to: MarsalSquare,
}

/// What a move did (referee information: it names the mover's kind even when
/// the opponent was not shown it; `attacker_revealed` says whether it was).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarsalOutcome {
    /// The move.
    pub mv: MarsalMove,
    /// Who moved (`MarsalSide`).
    pub side: u8,
    /// The mover's kind (`MarsalKind`).
    pub piece: u8,
    /// The defender's kind (`MarsalKind`), `MARSAL_KIND_NONE` when no fight.
    pub defender: u8,
    /// The fight's result (`MarsalBattle`), `MARSAL_BATTLE_NO_FIGHT` when none.
    pub battle: u8,
    /// Whether the attacker's kind was shown to the defending side.
    pub attacker_revealed: bool,
}

/// The status of a game.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarsalGameStatus {
    /// `MarsalState`.
    pub state: u8,
    /// Ongoing: the side to move. Won: the winner. Drawn by `NO_LEGAL_MOVE`: the
    /// side that could not move. Otherwise `MARSAL_NONE`.
    pub side: u8,
    /// `MarsalWinReason` or `MarsalDrawReason`; `MARSAL_NONE` while ongoing.
    pub reason: u8,
}

/// What a side sees on one square.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarsalSquareView {
    /// `MarsalCell`.
    pub cell: u8,
    /// Own piece: its kind. Enemy piece: its kind when the viewer knows it,
    /// else `MARSAL_KIND_NONE`. Other squares: `MARSAL_KIND_NONE`.
    pub kind: u8,
    /// Own piece: the kinds the opponent still thinks possible. Enemy piece: the
    /// kinds it may be. As bits: bit `k` = `MarsalKind` `k`. Otherwise 0.
    pub possible: u16,
}

/// What `marsal_random_playouts` played: the totals over all its games.
/// `red_wins + blue_wins + draws == games`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarsalPlayoutSummary {
    /// The plies played, all games together.
    pub plies: u64,
    /// The games played (the `games` argument).
    pub games: u32,
    /// Games won by Red.
    pub red_wins: u32,
    /// Games won by Blue.
    pub blue_wins: u32,
    /// Drawn games (for any reason, the ply limit included).
    pub draws: u32,
}

// ----------------------------------------------------------------- helpers

fn null(what: &str) -> Error {
    Error::new(MarsalStatus::NullPointer, format!("{what} is NULL"))
}

/// A reference from a handle pointer, or a `NullPointer` error.
///
/// # Safety
/// `p` must be NULL or point to a live value.
unsafe fn get<'a, T>(p: *const T, what: &str) -> Result<&'a T, Error> {
    // SAFETY: checked for NULL; the caller promises a live value otherwise.
    unsafe { p.as_ref() }.ok_or_else(|| null(what))
}

/// A mutable reference from a pointer, or a `NullPointer` error.
///
/// # Safety
/// `p` must be NULL or point to a live, writable value not used elsewhere now.
unsafe fn get_mut<'a, T>(p: *mut T, what: &str) -> Result<&'a mut T, Error> {
    // SAFETY: checked for NULL; the caller promises exclusive access otherwise.
    unsafe { p.as_mut() }.ok_or_else(|| null(what))
}

/// Writes `value` through `p` when `p` is not NULL.
///
/// # Safety
/// `p` must be NULL or point to writable memory for a `T`.
unsafe fn put_opt<T>(p: *mut T, value: T) {
    if !p.is_null() {
        // SAFETY: not NULL; the caller promises it is writable.
        unsafe { p.write(value) };
    }
}

/// A `&str` from a NUL-terminated C string.
///
/// # Safety
/// `p` must be NULL or point to a NUL-terminated string.
unsafe fn text<'a>(p: *const c_char, what: &str) -> Result<&'a str, Error> {
    if p.is_null() {
        return Err(null(what));
    }
    // SAFETY: not NULL and NUL-terminated by the caller's promise.
    let c = unsafe { CStr::from_ptr(p) };
    c.to_str().map_err(|e| {
        Error::new(
            MarsalStatus::InvalidUtf8,
            format!("{what} is not valid UTF-8: {e}"),
        )
    })
}

/// Writes `s` NUL-terminated into `buf` (`cap` bytes) and its length into
/// `*len_out` (see the module conventions).
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes; `len_out` NULL or writable.
pub(crate) unsafe fn write_text(
    s: &str,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> FfiResult {
    // SAFETY: forwarded promise.
    unsafe { put_opt(len_out, s.len()) };
    if buf.is_null() || cap < s.len() + 1 {
        return Err(Error::new(
            MarsalStatus::BufferTooSmall,
            format!(
                "the text needs {} bytes (with its NUL), the buffer has {cap}",
                s.len() + 1
            ),
        ));
    }
    // SAFETY: `buf` has room for `s.len() + 1` bytes, checked above.
    unsafe {
        std::ptr::copy_nonoverlapping(s.as_ptr(), buf.cast::<u8>(), s.len());
        buf.add(s.len()).write(0);
    }
    Ok(())
}

/// Writes `items` into `buf` (`cap` elements) and their number into `*count_out`.
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable elements; `count_out` NULL or
/// writable.
unsafe fn write_items<T: Copy>(
    items: &[T],
    buf: *mut T,
    cap: usize,
    count_out: *mut usize,
    what: &str,
) -> FfiResult {
    // SAFETY: forwarded promise.
    unsafe { put_opt(count_out, items.len()) };
    if items.is_empty() {
        return Ok(());
    }
    if buf.is_null() || cap < items.len() {
        return Err(Error::new(
            MarsalStatus::BufferTooSmall,
            format!(
                "{} {what} need a buffer of {} elements, it has {cap}",
                items.len(),
                items.len()
            ),
        ));
    }
    // SAFETY: `buf` has room for `items.len()` elements, checked above.
    unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len()) };
    Ok(())
}

fn side(code: u8) -> Result<Side, Error> {
    match code {
        0 => Ok(Side::Red),
        1 => Ok(Side::Blue),
        _ => Err(Error::new(
            MarsalStatus::InvalidArgument,
            format!("side must be 0 (red) or 1 (blue), not {code}"),
        )),
    }
}

fn square(sq: MarsalSquare) -> Result<Square, Error> {
    Square::new(sq.file, sq.rank).ok_or_else(|| {
        Error::new(
            MarsalStatus::InvalidArgument,
            format!(
                "square (file {}, rank {}) is outside the 12 x 12 grid",
                sq.file, sq.rank
            ),
        )
    })
}

fn c_square(sq: Square) -> MarsalSquare {
    MarsalSquare {
        file: sq.file(),
        rank: sq.rank(),
    }
}

fn c_move(mv: Move) -> MarsalMove {
    MarsalMove {
        from: c_square(mv.from),
        to: c_square(mv.to),
    }
}

fn rust_move(mv: &MarsalMove) -> Result<Move, Error> {
    Ok(Move::new(square(mv.from)?, square(mv.to)?))
}

fn c_battle(b: Option<Battle>) -> u8 {
    match b {
        None => MarsalBattle::NoFight as u8,
        Some(Battle::AttackerWins) => MarsalBattle::AttackerWins as u8,
        Some(Battle::DefenderWins) => MarsalBattle::DefenderWins as u8,
        Some(Battle::BothRemoved) => MarsalBattle::BothRemoved as u8,
        Some(Battle::MineDefused) => MarsalBattle::MineDefused as u8,
        Some(Battle::FlagCaptured) => MarsalBattle::FlagCaptured as u8,
    }
}

fn c_outcome(o: &Outcome) -> MarsalOutcome {
    MarsalOutcome {
        mv: c_move(o.mv),
        side: o.side as u8,
        piece: o.piece as u8,
        defender: o.fight.map_or(MarsalKind::None as u8, |f| f.defender as u8),
        battle: c_battle(o.battle()),
        attacker_revealed: o.fight.is_some_and(|f| f.attacker_revealed),
    }
}

fn c_status(s: Status) -> MarsalGameStatus {
    const NONE: u8 = MARSAL_NONE;
    match s {
        Status::Ongoing { to_move } => MarsalGameStatus {
            state: MarsalState::Ongoing as u8,
            side: to_move as u8,
            reason: NONE,
        },
        Status::Won { winner, reason } => MarsalGameStatus {
            state: MarsalState::Won as u8,
            side: winner as u8,
            reason: match reason {
                WinReason::FlagCaptured => MarsalWinReason::FlagCaptured as u8,
                WinReason::OpponentCannotMove => MarsalWinReason::OpponentCannotMove as u8,
            },
        },
        Status::Drawn { reason } => {
            let (side, reason) = match reason {
                DrawReason::NoLegalMove(s) => (s as u8, MarsalDrawReason::NoLegalMove),
                DrawReason::NeitherCanMove => (NONE, MarsalDrawReason::NeitherCanMove),
                DrawReason::NoHope => (NONE, MarsalDrawReason::NoHope),
                DrawReason::PlyLimit => (NONE, MarsalDrawReason::PlyLimit),
                DrawReason::NoAttackLimit => (NONE, MarsalDrawReason::NoAttackLimit),
                DrawReason::Repetition => (NONE, MarsalDrawReason::Repetition),
            };
            MarsalGameStatus {
                state: MarsalState::Drawn as u8,
                side,
                reason: reason as u8,
            }
        }
    }
}

fn move_error(e: MoveError) -> Error {
    let status = match e {
        MoveError::GameOver => MarsalStatus::GameOver,
        MoveError::Notation(_) => MarsalStatus::ParseError,
        _ => MarsalStatus::IllegalMove,
    };
    Error::new(status, e.to_string())
}

fn setup_error(who: &str, e: SetupError) -> Error {
    let status = match e {
        SetupError::BadLetter { .. }
        | SetupError::RowCount { .. }
        | SetupError::RowLength { .. } => MarsalStatus::ParseError,
        _ => MarsalStatus::InvalidSetup,
    };
    Error::new(status, format!("{who} setup: {e}"))
}

fn position_error(e: PositionError) -> Error {
    match e {
        PositionError::Ruleset(r) => Error::new(
            MarsalStatus::InvalidRuleset,
            format!("invalid ruleset: {r}"),
        ),
        PositionError::Setup { side, error } => setup_error(side.name(), error),
        PositionError::Text(t) => {
            Error::new(MarsalStatus::ParseError, format!("position text: {t}"))
        }
        other => Error::new(MarsalStatus::InvalidSetup, other.to_string()),
    }
}

fn new_ruleset(rules: Ruleset, out: *mut *mut MarsalRuleset) -> FfiResult {
    rules.validate().map_err(|e| {
        Error::new(
            MarsalStatus::InvalidRuleset,
            format!("invalid ruleset: {e}"),
        )
    })?;
    let handle = Box::into_raw(Box::new(MarsalRuleset { rules }));
    // SAFETY: `out` was checked for NULL by the caller of this helper.
    unsafe { out.write(handle) };
    Ok(())
}

fn new_game(game: Game, out: *mut *mut MarsalGame) -> FfiResult {
    let handle = Box::into_raw(Box::new(MarsalGame { game }));
    // SAFETY: `out` was checked for NULL by the caller of this helper.
    unsafe { out.write(handle) };
    Ok(())
}

/// The cells of what `side` sees of `game`, exactly as `marsal_game_view`
/// writes them: `files * ranks` of them, square (file, rank) at index
/// `rank * files + file`.
fn view_cells(game: &Game, side: Side) -> ArrayVec<MarsalSquareView, MARSAL_GRID_SQUARES> {
    let view = game.position().view(side);
    let (files, ranks) = view.size();
    let none = MarsalKind::None as u8;
    let mut cells = ArrayVec::new();
    for rank in 0..ranks {
        for file in 0..files {
            let v = Square::new(file, rank).map_or(SquareView::OffBoard, |sq| view.at(sq));
            cells.push(match v {
                SquareView::OffBoard => MarsalSquareView {
                    cell: MarsalCell::OffBoard as u8,
                    kind: none,
                    possible: 0,
                },
                SquareView::Lake => MarsalSquareView {
                    cell: MarsalCell::Lake as u8,
                    kind: none,
                    possible: 0,
                },
                SquareView::Empty => MarsalSquareView {
                    cell: MarsalCell::Empty as u8,
                    kind: none,
                    possible: 0,
                },
                SquareView::Own {
                    kind,
                    known_to_opponent,
                } => MarsalSquareView {
                    cell: MarsalCell::Own as u8,
                    kind: kind as u8,
                    possible: known_to_opponent.bits(),
                },
                SquareView::Enemy { possible } => MarsalSquareView {
                    cell: MarsalCell::Enemy as u8,
                    kind: possible.single().map_or(none, |k| k as u8),
                    possible: possible.bits(),
                },
            });
        }
    }
    cells
}

/// A slice over the C array `p` of `count` elements, or a `NullPointer` error
/// (`what` names the argument). NULL is accepted when `count` is 0.
///
/// # Safety
/// `p` must be NULL or point to `count` readable elements.
unsafe fn array<'a, T>(p: *const T, count: usize, what: &str) -> Result<&'a [T], Error> {
    if count == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return Err(null(what));
    }
    if count > isize::MAX as usize / std::mem::size_of::<T>().max(1) {
        // No array can be that long: refuse rather than build the slice.
        return Err(Error::new(
            MarsalStatus::InvalidArgument,
            format!("{what}: {count} elements cannot be an array in memory"),
        ));
    }
    // SAFETY: not NULL; the caller promises `count` readable elements (and
    // their total size fits in `isize`, checked above).
    Ok(unsafe { std::slice::from_raw_parts(p, count) })
}

/// The seed of the `index`-th game of a batch started from `seed`:
/// `seed * 0x9E3779B9 + index` (modulo 2^64), as documented on the batch calls
/// (and as `examples/playout.rs` derives its games' seeds).
fn batch_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9).wrapping_add(index)
}

/// Plays up to `max_plies` random legal moves on `game` with `rng` (stopping
/// when the game ends); returns how many were played.
fn play_random_plies(game: &mut Game, max_plies: u32, rng: &mut Rng) -> u32 {
    let mut played = 0;
    while played < max_plies && game.play_random(rng).is_some() {
        played += 1;
    }
    played
}

// ----------------------------------------------------------------- library

/// Writes a pointer to the library version (a static NUL-terminated string such
/// as "0.1.0"; never free it) into `*out`.
///
/// # Safety
/// `out` must be NULL or point to a writable `const char *`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_version(out: *mut *const c_char) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let out = unsafe { get_mut(out, "out") }?;
        *out = concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast();
        Ok(())
    })
}

// ----------------------------------------------------------------- rulesets

/// Creates the preset named `name` (`"marsal_a_spion"`, `"classic"` or
/// `"barrage"`) and writes the new handle into `*out` (free it with
/// `marsal_ruleset_free`).
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_preset(
    name: *const c_char,
    out: *mut *mut MarsalRuleset,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let name = unsafe { text(name, "name") }?;
        if out.is_null() {
            return Err(null("out"));
        }
        let rules = Ruleset::preset(name).ok_or_else(|| {
            Error::new(
                MarsalStatus::ParseError,
                format!(
                    "unknown preset {} (expected one of {})",
                    quote(name),
                    Ruleset::PRESETS.join(", ")
                ),
            )
        })?;
        new_ruleset(rules, out)
    })
}

/// Reads a ruleset from its JSON form (as written by `marsal_ruleset_to_json`),
/// validates it and writes the new handle into `*out`.
///
/// # Safety
/// `json` must be NULL or a NUL-terminated string; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_from_json(
    json: *const c_char,
    out: *mut *mut MarsalRuleset,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let json = unsafe { text(json, "json") }?;
        if out.is_null() {
            return Err(null("out"));
        }
        let rules: Ruleset = serde_json::from_str(json)
            .map_err(|e| Error::new(MarsalStatus::ParseError, format!("ruleset JSON: {e}")))?;
        new_ruleset(rules, out)
    })
}

/// Writes the JSON form of `ruleset` (NUL-terminated) into `buf`.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `buf` NULL or `cap` writable bytes;
/// `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_to_json(
    ruleset: *const MarsalRuleset,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let r = unsafe { get(ruleset, "ruleset") }?;
        let json = serde_json::to_string(&r.rules)
            .map_err(|e| Error::new(MarsalStatus::ParseError, format!("cannot write JSON: {e}")))?;
        // SAFETY: the caller's promise.
        unsafe { write_text(&json, buf, cap, len_out) }
    })
}

/// Frees a ruleset handle. NULL is ignored (and gives `MARSAL_STATUS_OK`).
///
/// # Safety
/// `ruleset` must be NULL or a handle from this library not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_free(ruleset: *mut MarsalRuleset) -> MarsalStatus {
    boundary(|| {
        if !ruleset.is_null() {
            // SAFETY: created by Box::into_raw in this module; the caller frees it once.
            drop(unsafe { Box::from_raw(ruleset) });
        }
        Ok(())
    })
}

/// Writes a random legal setup for `side` (0 red, 1 blue) of `ruleset`, in the
/// setup text form, into `buf`. The same seed gives the same setup.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `buf` NULL or `cap` writable bytes;
/// `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_setup_random(
    ruleset: *const MarsalRuleset,
    side_code: u8,
    seed: u64,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let r = unsafe { get(ruleset, "ruleset") }?;
        let side = side(side_code)?;
        let s = Setup::random(&r.rules, side, seed);
        let t = s.to_text(&r.rules).to_string();
        // SAFETY: the caller's promise.
        unsafe { write_text(&t, buf, cap, len_out) }
    })
}

// ----------------------------------------------------------------- games

/// Starts a game from two setups in the setup text form (Red's and Blue's) and
/// writes the new handle into `*out` (free it with `marsal_game_free`).
///
/// # Safety
/// `ruleset` must be NULL or a live handle; the texts NULL or NUL-terminated;
/// `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_new(
    ruleset: *const MarsalRuleset,
    red_setup: *const c_char,
    blue_setup: *const c_char,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let r = unsafe { get(ruleset, "ruleset") }?;
        // SAFETY: the caller's promise.
        let (red, blue) = unsafe {
            (
                text(red_setup, "red_setup")?,
                text(blue_setup, "blue_setup")?,
            )
        };
        if out.is_null() {
            return Err(null("out"));
        }
        let red = Setup::from_text(&r.rules, Side::Red, red).map_err(|e| setup_error("red", e))?;
        let blue =
            Setup::from_text(&r.rules, Side::Blue, blue).map_err(|e| setup_error("blue", e))?;
        let game = Game::new(&r.rules, &red, &blue).map_err(position_error)?;
        new_game(game, out)
    })
}

/// Starts a game with random setups (Red's from `red_seed`, Blue's from
/// `blue_seed`) and writes the new handle into `*out`.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_new_random(
    ruleset: *const MarsalRuleset,
    red_seed: u64,
    blue_seed: u64,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let r = unsafe { get(ruleset, "ruleset") }?;
        if out.is_null() {
            return Err(null("out"));
        }
        let red = Setup::random(&r.rules, Side::Red, red_seed);
        let blue = Setup::random(&r.rules, Side::Blue, blue_seed);
        let game = Game::new(&r.rules, &red, &blue).map_err(position_error)?;
        new_game(game, out)
    })
}

/// Frees a game handle. NULL is ignored (and gives `MARSAL_STATUS_OK`).
///
/// # Safety
/// `game` must be NULL or a handle from this library not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_free(game: *mut MarsalGame) -> MarsalStatus {
    boundary(|| {
        if !game.is_null() {
            // SAFETY: created by Box::into_raw in this module; the caller frees it once.
            drop(unsafe { Box::from_raw(game) });
        }
        Ok(())
    })
}

/// Copies `game` (its position, its whole history and its ruleset) into a new,
/// independent handle written into `*out` (free it with `marsal_game_free`).
/// Playing or undoing on either game never changes the other. For search
/// (MCTS, expectimax) and for `copy.copy` / `copy.deepcopy` in Python.
///
/// Thread safety: `game` is only read.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_clone(
    game: *const MarsalGame,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        if out.is_null() {
            return Err(null("out"));
        }
        new_game(g.game.clone(), out)
    })
}

/// Writes the JSON form of `game` (the Rust serde form of `Game`:
/// `{"start": <position with its ruleset>, "moves": [{"from": "e4", "to":
/// "e5"}, ...]}`) into `buf` (NUL-terminated). It holds the referee's full
/// information (every hidden piece): for saving, never for a player.
/// `marsal_game_from_json` reads it back.
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable bytes;
/// `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_to_json(
    game: *const MarsalGame,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        let json = serde_json::to_string(&g.game)
            .map_err(|e| Error::new(MarsalStatus::ParseError, format!("cannot write JSON: {e}")))?;
        // SAFETY: the caller's promise.
        unsafe { write_text(&json, buf, cap, len_out) }
    })
}

/// Reads a game from its JSON form (as written by `marsal_game_to_json`) and
/// writes the new handle into `*out`. The start position and its ruleset are
/// checked (`MARSAL_STATUS_INVALID_RULESET` for an inconsistent ruleset) and
/// every move is replayed and so re-checked: text that is not the JSON form, or
/// holds an illegal move, gives `MARSAL_STATUS_PARSE_ERROR` with a message
/// naming the problem (for a move, its number).
///
/// # Safety
/// `json` must be NULL or a NUL-terminated string; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_from_json(
    json: *const c_char,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let json = unsafe { text(json, "json") }?;
        if out.is_null() {
            return Err(null("out"));
        }
        let game: Game = serde_json::from_str(json)
            .map_err(|e| Error::new(MarsalStatus::ParseError, format!("game JSON: {e}")))?;
        game.rules().validate().map_err(|e| {
            Error::new(
                MarsalStatus::InvalidRuleset,
                format!("invalid ruleset: {e}"),
            )
        })?;
        new_game(game, out)
    })
}

/// Starts a game from a position in the position text form (as written by
/// `marsal_game_position_text`: rows top rank first separated by `/`, then the
/// side to move; see docs/rules.md) under `ruleset`, and writes the new handle
/// into `*out`. The game's history starts at that position (nothing to undo);
/// ply counters start at 0. Each side may have at most its army's count of
/// every kind, and at least one Flag must stand. Text that cannot be read gives
/// `MARSAL_STATUS_PARSE_ERROR`; a position the ruleset does not allow,
/// `MARSAL_STATUS_INVALID_SETUP`.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `text` NULL or NUL-terminated;
/// `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_from_position_text(
    ruleset: *const MarsalRuleset,
    position_text: *const c_char,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let r = unsafe { get(ruleset, "ruleset") }?;
        // SAFETY: the caller's promise.
        let t = unsafe { text(position_text, "position_text") }?;
        if out.is_null() {
            return Err(null("out"));
        }
        let pos = Position::from_text(&r.rules, t).map_err(position_error)?;
        new_game(Game::from_position(pos), out)
    })
}

/// Writes the legal moves of the side to move into `buf` (`cap` moves) and
/// their number into `*count_out` (0 once the game is over). When there are
/// moves and `buf` is NULL or too small, only the count is written and
/// `MARSAL_STATUS_BUFFER_TOO_SMALL` returned (a count of 0 always succeeds). No
/// position has more than `MARSAL_MAX_LEGAL_MOVES` legal moves.
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable moves;
/// `count_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_legal_moves(
    game: *const MarsalGame,
    buf: *mut MarsalMove,
    cap: usize,
    count_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        let moves: Vec<MarsalMove> = g.game.legal_moves().iter().map(|m| c_move(*m)).collect();
        // SAFETY: the caller's promise.
        unsafe { write_items(&moves, buf, cap, count_out, "legal moves") }
    })
}

/// Plays `*mv` for the side to move. On success writes what happened into
/// `*outcome` (may be NULL). An illegal move returns
/// `MARSAL_STATUS_ILLEGAL_MOVE` (or `GAME_OVER`) and changes nothing.
///
/// # Safety
/// `game` must be NULL or a live handle; `mv` NULL or readable; `outcome` NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_play(
    game: *mut MarsalGame,
    mv: *const MarsalMove,
    outcome: *mut MarsalOutcome,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get_mut(game, "game") }?;
        // SAFETY: the caller's promise.
        let mv = rust_move(unsafe { get(mv, "mv") }?)?;
        let o = g.game.play(mv).map_err(move_error)?;
        // SAFETY: the caller's promise.
        unsafe { put_opt(outcome, c_outcome(&o)) };
        Ok(())
    })
}

/// Plays a move given as text (`e5-e6`, or `e5xe6` for an attack). Like
/// `marsal_game_play`; text that is not valid notation gives
/// `MARSAL_STATUS_PARSE_ERROR`.
///
/// # Safety
/// `game` must be NULL or a live handle; `move_text` NULL or NUL-terminated;
/// `outcome` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_play_text(
    game: *mut MarsalGame,
    move_text: *const c_char,
    outcome: *mut MarsalOutcome,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get_mut(game, "game") }?;
        // SAFETY: the caller's promise.
        let t = unsafe { text(move_text, "move_text") }?;
        let o = g.game.play_text(t).map_err(move_error)?;
        // SAFETY: the caller's promise.
        unsafe { put_opt(outcome, c_outcome(&o)) };
        Ok(())
    })
}

/// Writes the text of `*mv` in the current position (`e5-e6`, `e5xe6` when it
/// attacks) into `buf`.
///
/// # Safety
/// `game` must be NULL or a live handle; `mv` NULL or readable; `buf` NULL or
/// `cap` writable bytes; `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_move_text(
    game: *const MarsalGame,
    mv: *const MarsalMove,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        // SAFETY: the caller's promise.
        let mv = rust_move(unsafe { get(mv, "mv") }?)?;
        let t = g.game.position().move_text(mv).to_string();
        // SAFETY: the caller's promise.
        unsafe { write_text(&t, buf, cap, len_out) }
    })
}

/// Takes back the last move, restoring exactly the position before it; writes
/// what that move had done into `*undone` (may be NULL).
/// `MARSAL_STATUS_NOTHING_TO_UNDO` when no move was played.
///
/// # Safety
/// `game` must be NULL or a live handle; `undone` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_undo(
    game: *mut MarsalGame,
    undone: *mut MarsalOutcome,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get_mut(game, "game") }?;
        let o = g
            .game
            .undo()
            .map_err(|e: UndoError| Error::new(MarsalStatus::NothingToUndo, e.to_string()))?;
        // SAFETY: the caller's promise.
        unsafe { put_opt(undone, c_outcome(&o)) };
        Ok(())
    })
}

/// Writes the game's status into `*out`.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_status(
    game: *const MarsalGame,
    out: *mut MarsalGameStatus,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        // SAFETY: the caller's promise.
        let out = unsafe { get_mut(out, "out") }?;
        *out = c_status(g.game.status());
        Ok(())
    })
}

/// Writes what the last move did into `*out`; `MARSAL_STATUS_NO_OUTCOME` when
/// no move has been played.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_last_outcome(
    game: *const MarsalGame,
    out: *mut MarsalOutcome,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        // SAFETY: the caller's promise.
        let out = unsafe { get_mut(out, "out") }?;
        let o =
            g.game.outcomes().last().ok_or_else(|| {
                Error::new(MarsalStatus::NoOutcome, "no move has been played yet")
            })?;
        *out = c_outcome(o);
        Ok(())
    })
}

/// Writes the board's size into `*files` and `*ranks`.
///
/// # Safety
/// `game` must be NULL or a live handle; `files` and `ranks` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_board_size(
    game: *const MarsalGame,
    files: *mut u8,
    ranks: *mut u8,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        // SAFETY: the caller's promise.
        let (f, r) = unsafe { (get_mut(files, "files")?, get_mut(ranks, "ranks")?) };
        *f = g.game.rules().board.files;
        *r = g.game.rules().board.ranks;
        Ok(())
    })
}

/// Writes what `side_code` (0 red, 1 blue) sees into `buf`: one
/// `MarsalSquareView` a square, `files * ranks` of them, square (file, rank) at
/// index `rank * files + file`; their number goes to `*count_out` (with `buf`
/// NULL or too small, only the count, and `MARSAL_STATUS_BUFFER_TOO_SMALL`). Enemy
/// pieces appear only as the kinds they may be: nothing hidden is written.
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable elements;
/// `count_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_view(
    game: *const MarsalGame,
    side_code: u8,
    buf: *mut MarsalSquareView,
    cap: usize,
    count_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        let side = side(side_code)?;
        let cells = view_cells(&g.game, side);
        // SAFETY: the caller's promise.
        unsafe { write_items(&cells, buf, cap, count_out, "squares") }
    })
}

/// Writes the Zobrist hash of the current position into `*out`.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_hash(game: *const MarsalGame, out: *mut u64) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        // SAFETY: the caller's promise.
        *unsafe { get_mut(out, "out") }? = g.game.position().hash();
        Ok(())
    })
}

/// Writes the number of plies played into `*out`.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_ply(game: *const MarsalGame, out: *mut u32) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        // SAFETY: the caller's promise.
        *unsafe { get_mut(out, "out") }? = g.game.position().ply();
        Ok(())
    })
}

/// Writes the current position in the position text form into `buf` (the
/// referee's full information: for logging, never for a player).
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable bytes;
/// `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_position_text(
    game: *const MarsalGame,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        let t = g.game.position().to_text().to_string();
        // SAFETY: the caller's promise.
        unsafe { write_text(&t, buf, cap, len_out) }
    })
}

// ----------------------------------------------------------------- batches

/// Plays up to `max_plies` legal moves, each drawn uniformly at random, on
/// `game`, stopping early when the game ends, and writes how many were played
/// into `*out_played` (may be NULL). The moves are recorded in the game's
/// history exactly as if `marsal_game_play` had played them (`marsal_game_undo`
/// takes them back one by one, `marsal_game_last_outcome` gives the last one).
/// A game already over plays nothing and succeeds with 0, as does
/// `max_plies` 0. Every ply is kept in the history, and a random game need not
/// end by itself when the ruleset has no ply limit (`max_plies` in its JSON,
/// none in the Czech preset): keep `max_plies` bounded.
///
/// The random moves come from a generator started from `seed` for this call:
/// the same game, `max_plies` and `seed` always give the same plies. (So a host
/// playing one ply a call should pass a different seed each time.) One call
/// replaces `max_plies` calls of `marsal_game_legal_moves` and
/// `marsal_game_play`.
///
/// Thread safety: `game` is modified; no other thread may use it during the
/// call.
///
/// # Safety
/// `game` must be NULL or a live handle not used elsewhere during the call;
/// `out_played` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_play_random(
    game: *mut MarsalGame,
    max_plies: u32,
    seed: u64,
    out_played: *mut u32,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get_mut(game, "game") }?;
        let played = play_random_plies(&mut g.game, max_plies, &mut Rng::new(seed));
        // SAFETY: the caller's promise.
        unsafe { put_opt(out_played, played) };
        Ok(())
    })
}

/// Steps many games by random plies in one call (vectorised environments):
/// game `games[i]` is played on exactly as by
/// `marsal_game_play_random(games[i], plies_each, seed_i, ...)` with
/// `seed_i = seed * 0x9E3779B9 + i` (modulo 2^64), in the order of the array;
/// games that end stop early, games already over are left as they are. The
/// total number of plies played, all games together, goes to `*out_total` (may
/// be NULL).
///
/// Every element of `games` is checked before any game is touched: a NULL one
/// gives `MARSAL_STATUS_NULL_POINTER` (the message names its index) and changes
/// nothing. `games` may be NULL when `count` is 0. A game listed twice is
/// stepped twice.
///
/// Thread safety: every listed game is modified; no other thread may use any
/// of them during the call.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live game handle not used elsewhere during the call; `out_total` NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_play_random(
    games: *const *mut MarsalGame,
    count: usize,
    plies_each: u32,
    seed: u64,
    out_total: *mut u64,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let handles = unsafe { array(games, count, "games") }?;
        if let Some(i) = handles.iter().position(|p| p.is_null()) {
            return Err(null(&format!("games[{i}]")));
        }
        let mut total = 0u64;
        for (i, &p) in handles.iter().enumerate() {
            // SAFETY: checked for NULL above; the caller promises a live game
            // that nothing else uses. One reference at a time: a game listed
            // twice is never borrowed twice at once.
            let g = unsafe { get_mut(p, "game") }?;
            let mut rng = Rng::new(batch_seed(seed, i as u64));
            total += u64::from(play_random_plies(&mut g.game, plies_each, &mut rng));
        }
        // SAFETY: the caller's promise.
        unsafe { put_opt(out_total, total) };
        Ok(())
    })
}

/// Plays `games` complete games of uniformly random legal moves, each from two
/// random setups, and writes the totals into `*out`. Nothing is kept: no game
/// handle is made and no history recorded, so this is the fastest way to play
/// many random games (the random-playout loop runs inside the library).
///
/// Game `g` (0-based) starts from Red's setup of seed `s` and Blue's setup of
/// seed `~s` (bitwise not), with `s = seed * 0x9E3779B9 + g` (modulo 2^64),
/// and its moves come from a generator started from `s`; the same arguments
/// always give the same summary. Each game ends by the ruleset's rules or after
/// `max_plies` plies (a draw by the ply limit; the ruleset's own limit applies
/// when it is smaller). The games are played on bare positions, which keep no
/// history: the repeated-position draw and the more-squares rule, which need
/// one, are not applied (as by the Rust `Position::play_random`).
///
/// `max_plies` 0 gives `MARSAL_STATUS_INVALID_ARGUMENT` (a random game need not
/// end by itself, so a limit is required). `games` 0 succeeds with an empty
/// summary. `*out` is written only on success.
///
/// Thread safety: `ruleset` is only read, so several threads may run playouts
/// on one ruleset at once.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_random_playouts(
    ruleset: *const MarsalRuleset,
    games: u32,
    seed: u64,
    max_plies: u32,
    out: *mut MarsalPlayoutSummary,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let r = unsafe { get(ruleset, "ruleset") }?;
        // SAFETY: the caller's promise.
        let out = unsafe { get_mut(out, "out") }?;
        if max_plies == 0 {
            return Err(Error::new(
                MarsalStatus::InvalidArgument,
                "max_plies must be at least 1 (random games need a ply limit)",
            ));
        }
        let mut rules = r.rules;
        rules.max_plies = Some(rules.max_plies.map_or(max_plies, |m| m.min(max_plies)));
        let mut summary = MarsalPlayoutSummary {
            games,
            ..MarsalPlayoutSummary::default()
        };
        for g in 0..games {
            let s = batch_seed(seed, u64::from(g));
            let mut pos = Position::start(&rules, s, !s).map_err(position_error)?;
            let mut rng = Rng::new(s);
            while pos.play_random(&mut rng).is_some() {}
            summary.plies += u64::from(pos.ply());
            match pos.status() {
                Status::Won {
                    winner: Side::Red, ..
                } => summary.red_wins += 1,
                Status::Won {
                    winner: Side::Blue, ..
                } => summary.blue_wins += 1,
                Status::Drawn { .. } => summary.draws += 1,
                Status::Ongoing { .. } => {
                    return Err(Error::new(
                        MarsalStatus::Panic,
                        format!(
                            "internal error in marsal: playout {g} (seed {s}) is ongoing after \
                             {} plies but has no legal move",
                            pos.ply()
                        ),
                    ));
                }
            }
        }
        *out = summary;
        Ok(())
    })
}

/// Writes what `side_code` (0 red, 1 blue) sees in each of the `count` games
/// `games[0..count]` into one caller buffer, so that a host fetches a batch of
/// observations in one call. The block of game `i` starts at index
/// `i * files * ranks` and is exactly what `marsal_game_view` writes for that
/// game: `files * ranks` `MarsalSquareView`s, square (file, rank) at
/// `rank * files + file` within the block. All the games must have the same
/// board size (else `MARSAL_STATUS_INVALID_ARGUMENT`, naming the first game that
/// differs from `games[0]`); games of different sizes need separate calls.
///
/// The number of elements of the result, `count * files * ranks`, goes to
/// `*count_out` (may be NULL); with `buf` NULL or `cap` smaller, only that
/// number is written and `MARSAL_STATUS_BUFFER_TOO_SMALL` returned. A NULL
/// element of `games` gives `MARSAL_STATUS_NULL_POINTER` (the message names
/// its index). `count` 0 succeeds with 0 elements (`games` and `buf` may then
/// be NULL). Nothing hidden from `side_code` is written.
///
/// Thread safety: the games are only read; no other thread may modify any of
/// them during the call. A game may be listed more than once.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live game handle; `buf` NULL or `cap` writable elements; `count_out` NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_view(
    games: *const *const MarsalGame,
    count: usize,
    side_code: u8,
    buf: *mut MarsalSquareView,
    cap: usize,
    count_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let handles = unsafe { array(games, count, "games") }?;
        let mut list = Vec::with_capacity(handles.len());
        for (i, &p) in handles.iter().enumerate() {
            // SAFETY: the caller's promise (NULL or a live handle); the message
            // is only formatted on error.
            let g = unsafe { p.as_ref() }.ok_or_else(|| null(&format!("games[{i}]")))?;
            list.push(&g.game);
        }
        let size = |g: &Game| (g.rules().board.files, g.rules().board.ranks);
        let (files, ranks) = list.first().map_or((0, 0), |g| size(g));
        if let Some((i, g)) = list
            .iter()
            .enumerate()
            .find(|(_, g)| size(g) != (files, ranks))
        {
            let (f, r) = size(g);
            return Err(Error::new(
                MarsalStatus::InvalidArgument,
                format!(
                    "games[{i}] has a {f} x {r} board but games[0] a {files} x {ranks} one: \
                     the games of one call must have the same board size"
                ),
            ));
        }
        let side = side(side_code)?;
        let block = usize::from(files) * usize::from(ranks);
        let needed = block.checked_mul(count).ok_or_else(|| {
            Error::new(
                MarsalStatus::InvalidArgument,
                format!("{count} views of {block} squares do not fit in memory"),
            )
        })?;
        // SAFETY: the caller's promise.
        unsafe { put_opt(count_out, needed) };
        if needed == 0 {
            return Ok(());
        }
        if buf.is_null() || cap < needed {
            return Err(Error::new(
                MarsalStatus::BufferTooSmall,
                format!(
                    "{count} views of {block} squares need a buffer of {needed} elements, \
                     it has {cap}"
                ),
            ));
        }
        for (i, g) in list.iter().enumerate() {
            let cells = view_cells(g, side);
            debug_assert_eq!(cells.len(), block);
            // SAFETY: `buf` has room for `needed = count * block` elements
            // (checked above) and block `i < count` lies inside it.
            unsafe {
                std::ptr::copy_nonoverlapping(cells.as_ptr(), buf.add(i * block), block);
            }
        }
        Ok(())
    })
}
