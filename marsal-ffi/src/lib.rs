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
    Setup, SetupError, Side, Square, SquareView, Status, UndoError, View, WinReason,
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
/// `marsal_ruleset_free`. Only `marsal_ruleset_set_option` changes it: several
/// threads may read it at once, as long as no thread sets an option meanwhile. A game copies what it needs: the ruleset may be freed while
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

/// One event as a side saw it (`MarsalViewInfo.last`): unlike `MarsalOutcome`
/// (the referee's record), it names the mover's kind only when the viewer was
/// shown it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarsalObservation {
    /// The move (public).
    pub mv: MarsalMove,
    /// Who moved (`MarsalSide`).
    pub side: u8,
    /// The mover's kind (`MarsalKind`) when the viewer was shown it (its own
    /// move, or a fight that revealed the attacker), else `MARSAL_KIND_NONE`.
    pub piece: u8,
    /// The defender's kind (`MarsalKind`), `MARSAL_KIND_NONE` when no fight.
    pub defender: u8,
    /// The fight's result (`MarsalBattle`), `MARSAL_BATTLE_NO_FIGHT` when none.
    pub battle: u8,
}

/// Everything of a side's view but the squares (see `marsal_game_view_full`):
/// nothing in it is hidden from that side.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarsalViewInfo {
    /// Whose view (`MarsalSide`).
    pub side: u8,
    /// The board's files.
    pub files: u8,
    /// The board's ranks.
    pub ranks: u8,
    /// Whether there was a last move (then `last` holds it).
    pub has_last: bool,
    /// The game's status (public).
    pub status: MarsalGameStatus,
    /// Plies played.
    pub ply: u32,
    /// Plies since the last attack.
    pub plies_since_attack: u32,
    /// The pieces each side has left, by kind, as the viewer knows them:
    /// `remaining[side][kind]` (`MarsalSide`, `MarsalKind`). Removed pieces
    /// are shown to both players, so both sides' counts are public.
    pub remaining: [[u8; MARSAL_KIND_COUNT]; 2],
    /// The last move as the viewer saw it (when `has_last`; else zeros with
    /// kinds `MARSAL_KIND_NONE`).
    pub last: MarsalObservation,
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
    cells_of(&game.position().view(side))
}

/// The cells of `view` (see [`view_cells`]).
fn cells_of(view: &View) -> ArrayVec<MarsalSquareView, MARSAL_GRID_SQUARES> {
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

// ----------------------------------------------------------------- options

/// The options of `marsal_ruleset_get_option` / `marsal_ruleset_set_option`,
/// in the order `marsal_ruleset_option_names` lists them (the fuzz target
/// draws from this list too).
pub(crate) const OPTIONS: [&str; 16] = [
    "diagonal_steps",
    "corner_rule",
    "spy_rule",
    "reveal",
    "no_move",
    "first_to_move",
    "scout_above_miner",
    "no_hope_draw",
    "max_plies",
    "max_plies_without_attack",
    "repetition_draw",
    "two_square",
    "more_squares",
    "strengths",
    "armies",
    "board",
];

fn unknown_option(name: &str) -> Error {
    Error::new(
        MarsalStatus::InvalidArgument,
        format!(
            "unknown ruleset option {} (the options: {})",
            quote(name),
            OPTIONS.join(", ")
        ),
    )
}

fn json_error(e: serde_json::Error) -> Error {
    Error::new(
        MarsalStatus::Panic,
        format!("internal error in marsal: {e}"),
    )
}

/// The text of option `name` of `rules` (see `marsal_ruleset_get_option`).
fn get_option(rules: &Ruleset, name: &str) -> Result<String, Error> {
    if !OPTIONS.contains(&name) {
        return Err(unknown_option(name));
    }
    if name == "scout_above_miner" {
        let s = &rules.strengths;
        let above = s.get(marsal::PieceKind::Scout) > s.get(marsal::PieceKind::Miner);
        return Ok(above.to_string());
    }
    let json = serde_json::to_value(rules).map_err(json_error)?;
    Ok(match &json[name] {
        serde_json::Value::String(s) => s.clone(),
        v => v.to_string(),
    })
}

/// `rules` with option `name` set from `value` (see
/// `marsal_ruleset_set_option`), validated.
fn with_option(rules: &Ruleset, name: &str, value: &str) -> Result<Ruleset, Error> {
    if !OPTIONS.contains(&name) {
        return Err(unknown_option(name));
    }
    let bad_value = |why: String| {
        Error::new(
            MarsalStatus::ParseError,
            format!(
                "ruleset option {name}: {} is not a value of it: {why}",
                quote(value)
            ),
        )
    };
    let parsed: serde_json::Value = serde_json::from_str(value.trim())
        .unwrap_or_else(|_| serde_json::Value::String(value.trim().to_string()));
    let mut new = *rules;
    if name == "scout_above_miner" {
        let want = parsed
            .as_bool()
            .ok_or_else(|| bad_value("expected true or false".into()))?;
        let (scout, miner) = (marsal::PieceKind::Scout, marsal::PieceKind::Miner);
        let (s, m) = (new.strengths.get(scout), new.strengths.get(miner));
        if (s > m) != want {
            new.strengths.set(scout, m);
            new.strengths.set(miner, s);
        }
    } else {
        let mut json = serde_json::to_value(rules).map_err(json_error)?;
        json[name] = parsed;
        new = serde_json::from_value(json).map_err(|e| bad_value(e.to_string()))?;
    }
    new.validate().map_err(|e| {
        Error::new(
            MarsalStatus::InvalidRuleset,
            format!(
                "ruleset option {name} = {}: invalid ruleset: {e}",
                quote(value)
            ),
        )
    })?;
    Ok(new)
}

/// Writes the names of every ruleset option that `marsal_ruleset_get_option`
/// and `marsal_ruleset_set_option` take, separated by commas (no spaces), into
/// `buf`: `diagonal_steps,corner_rule,spy_rule,reveal,no_move,first_to_move,
/// scout_above_miner,no_hope_draw,max_plies,max_plies_without_attack,
/// repetition_draw,two_square,more_squares,strengths,armies,board`.
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes; `len_out` NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_option_names(
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        unsafe { write_text(&OPTIONS.join(","), buf, cap, len_out) }
    })
}

/// Writes the value of the ruleset option `name` as text into `buf`. The names
/// and spellings are those of the ruleset's JSON form (`marsal_ruleset_to_json`),
/// a string value without its quotes:
///
/// | option | values |
/// |---|---|
/// | `diagonal_steps` [decision] | `true`, `false` |
/// | `corner_rule` [decision] | `false` (a diagonal step between two blocked squares is allowed), `true` (refused) |
/// | `spy_rule` [decision] | `defeats_marshal_always`, `only_when_attacking` |
/// | `reveal` [decision] | `attacker_stays_hidden`, `both_fighters` |
/// | `no_move` [decision] | `draw`, `loses` |
/// | `first_to_move` [decision] | `red`, `blue` |
/// | `scout_above_miner` [decision: rank order] | `true`, `false` (setting it swaps the two strengths when needed) |
/// | `no_hope_draw` | `true`, `false` |
/// | `max_plies`, `max_plies_without_attack` | a number >= 1, or `null` (none) |
/// | `repetition_draw` | a number >= 2, or `null` |
/// | `two_square` | a number 1..8, or `null` |
/// | `more_squares` | `true`, `false` |
/// | `strengths`, `armies`, `board` | their JSON (compact) |
///
/// A blocked square is off the board, a lake, or holds a piece of either side
/// (docs/rules.md). An unknown name gives
/// `MARSAL_STATUS_INVALID_ARGUMENT`; `marsal_ruleset_option_names` lists them.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `name` NULL or NUL-terminated; `buf`
/// NULL or `cap` writable bytes; `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_get_option(
    ruleset: *const MarsalRuleset,
    name: *const c_char,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let r = unsafe { get(ruleset, "ruleset") }?;
        // SAFETY: the caller's promise.
        let name = unsafe { text(name, "name") }?;
        let value = get_option(&r.rules, name)?;
        // SAFETY: the caller's promise.
        unsafe { write_text(&value, buf, cap, len_out) }
    })
}

/// Sets the ruleset option `name` (see `marsal_ruleset_get_option` for the
/// names and values) to `value`, given as text in the same spelling (`true`,
/// `3`, `null`, `only_when_attacking`; a string may also be given in JSON
/// quotes). The changed ruleset is validated; on any error (unknown name:
/// `MARSAL_STATUS_INVALID_ARGUMENT`; a value the option does not take:
/// `MARSAL_STATUS_PARSE_ERROR`; a ruleset that is then inconsistent:
/// `MARSAL_STATUS_INVALID_RULESET`) the ruleset is left unchanged.
///
/// Games already made from the ruleset keep their own copy and do not change;
/// games made afterwards use the new value.
///
/// Thread safety: this is the one call that modifies a `MarsalRuleset`; no
/// other thread may use the ruleset during it (reads from several threads at
/// once remain safe while nobody sets an option).
///
/// # Safety
/// `ruleset` must be NULL or a live handle not used by another thread during
/// the call; `name` and `value` NULL or NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_set_option(
    ruleset: *mut MarsalRuleset,
    name: *const c_char,
    value: *const c_char,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let r = unsafe { get_mut(ruleset, "ruleset") }?;
        // SAFETY: the caller's promise.
        let (name, value) = unsafe { (text(name, "name")?, text(value, "value")?) };
        r.rules = with_option(&r.rules, name, value)?;
        Ok(())
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
/// attacks) into `buf`. The move need not be legal (this is notation: a host may
/// write a move it was sent, or one of the other side's), but it must be a move
/// on this board: two different squares, both playable (not a lake, not off
/// the board), else `MARSAL_STATUS_INVALID_ARGUMENT`. A straight line through a
/// lake or a piece is still written: whether a piece can go there is for
/// `marsal_game_play` to say.
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
        let board = &g.game.rules().board;
        for sq in [mv.from, mv.to] {
            if !board.playable.contains(sq) {
                return Err(Error::new(
                    MarsalStatus::InvalidArgument,
                    format!("{sq} is not a playable square of this board"),
                ));
            }
        }
        if mv.from == mv.to {
            return Err(Error::new(
                MarsalStatus::InvalidArgument,
                format!("{mv} goes nowhere: a move needs two different squares"),
            ));
        }
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

/// Like `marsal_game_view` (the squares into `buf`, their number into
/// `*count_out`), and also writes the rest of what `side_code` (0 red, 1 blue)
/// knows into `*info`: the status, ply counters, the pieces each side has left
/// by kind, and the last move as that side saw it (a hidden attacker's kind
/// stays hidden: forward `info->last`, not `marsal_game_last_outcome`, to a
/// player). `*info` is written even when `buf` is too small (the call then
/// returns `MARSAL_STATUS_BUFFER_TOO_SMALL` after writing the count).
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable elements;
/// `count_out` NULL or writable; `info` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_view_full(
    game: *const MarsalGame,
    side_code: u8,
    buf: *mut MarsalSquareView,
    cap: usize,
    count_out: *mut usize,
    info: *mut MarsalViewInfo,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        let side = side(side_code)?;
        // SAFETY: the caller's promise.
        let info = unsafe { get_mut(info, "info") }?;
        let view = g.game.position().view(side);
        *info = view_info(&view);
        let cells = cells_of(&view);
        // SAFETY: the caller's promise.
        unsafe { write_items(&cells, buf, cap, count_out, "squares") }
    })
}

fn view_info(view: &View) -> MarsalViewInfo {
    let none = MarsalKind::None as u8;
    let kind = |k: Option<marsal::PieceKind>| k.map_or(none, |k| k as u8);
    let mut remaining = [[0u8; MARSAL_KIND_COUNT]; 2];
    for side in Side::BOTH {
        for (k, n) in view.remaining(side).iter() {
            remaining[side.index()][k.index()] = n;
        }
    }
    let (files, ranks) = view.size();
    MarsalViewInfo {
        side: view.side() as u8,
        files,
        ranks,
        has_last: view.last().is_some(),
        status: c_status(view.status()),
        ply: view.ply(),
        plies_since_attack: view.plies_since_attack(),
        remaining,
        last: view.last().map_or(
            MarsalObservation {
                mv: MarsalMove {
                    from: MarsalSquare { file: 0, rank: 0 },
                    to: MarsalSquare { file: 0, rank: 0 },
                },
                side: 0,
                piece: none,
                defender: none,
                battle: MarsalBattle::NoFight as u8,
            },
            |o| MarsalObservation {
                mv: c_move(o.mv),
                side: o.side as u8,
                piece: kind(o.piece),
                defender: kind(o.defender),
                battle: c_battle(o.battle),
            },
        ),
    }
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

/// Moves of many games in one call (see `marsal_games_legal_moves`): checks
/// the pointers of `games[0..count]` and returns the games.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live game handle.
unsafe fn game_list<'a>(
    games: *const *const MarsalGame,
    count: usize,
) -> Result<Vec<&'a Game>, Error> {
    // SAFETY: the caller's promise.
    let handles = unsafe { array(games, count, "games") }?;
    let mut list = Vec::with_capacity(handles.len());
    for (i, &p) in handles.iter().enumerate() {
        // SAFETY: the caller's promise (NULL or a live handle).
        let g = unsafe { p.as_ref() }.ok_or_else(|| null(&format!("games[{i}]")))?;
        list.push(&g.game);
    }
    Ok(list)
}

/// Writes the legal moves of the side to move in each of the `count` games
/// `games[0..count]` into one buffer: the moves of game `i` are
/// `buf[offsets[i] .. offsets[i + 1]]`, in the order `marsal_game_legal_moves`
/// gives them (a game that is over has none). `offsets` has `count + 1`
/// elements (`offsets[0]` is 0, `offsets[count]` the total); the total also
/// goes to `*total_out` (may be NULL).
///
/// With `buf` NULL or `cap` smaller than the total, `offsets` and
/// `*total_out` are still written, the contents of `buf` are unspecified, and
/// `MARSAL_STATUS_BUFFER_TOO_SMALL` is returned; a buffer of
/// `count * MARSAL_MAX_LEGAL_MOVES` moves always suffices. A NULL element of
/// `games`, or `offsets` NULL, gives `MARSAL_STATUS_NULL_POINTER` (the
/// message names the argument or index) and writes nothing. `count` 0 writes
/// `offsets[0] = 0` and succeeds (`games` and `buf` may then be NULL).
///
/// Thread safety: the games are only read; no other thread may modify any of
/// them during the call. A game may be listed more than once.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live game handle; `buf` NULL or `cap` writable moves; `offsets` NULL or
/// `count + 1` writable elements; `total_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_legal_moves(
    games: *const *const MarsalGame,
    count: usize,
    buf: *mut MarsalMove,
    cap: usize,
    offsets: *mut usize,
    total_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let list = unsafe { game_list(games, count) }?;
        if offsets.is_null() {
            return Err(null("offsets"));
        }
        // `offsets` is a `count + 1` array (`array` refused counts no memory
        // can hold, so `count + 1` does not overflow).
        let fits = |n: usize| !buf.is_null() && n <= cap;
        let mut total = 0usize;
        // SAFETY: `offsets` has `count + 1` writable elements.
        unsafe { offsets.write(0) };
        for (i, g) in list.iter().enumerate() {
            let moves = g.legal_moves();
            let end = total + moves.len();
            if fits(end) {
                for (j, mv) in moves.iter().enumerate() {
                    // SAFETY: `total + j < end <= cap`: inside `buf`.
                    unsafe { buf.add(total + j).write(c_move(*mv)) };
                }
            }
            total = end;
            // SAFETY: `i + 1 <= count`: inside `offsets`.
            unsafe { offsets.add(i + 1).write(total) };
        }
        // SAFETY: the caller's promise.
        unsafe { put_opt(total_out, total) };
        if total > 0 && !fits(total) {
            return Err(Error::new(
                MarsalStatus::BufferTooSmall,
                format!(
                    "{total} legal moves of {count} games need a buffer of {total} moves, it has {cap}"
                ),
            ));
        }
        Ok(())
    })
}

/// Plays one chosen move in each of the `count` games: `moves[i]` in
/// `games[i]`, in the order of the array, each exactly as by
/// `marsal_game_play(games[i], &moves[i], &outcomes[i])`. The games are
/// independent: a move that is refused (illegal, or the game is over) leaves
/// that game unchanged and the others are still played. `statuses[i]` (may be
/// NULL as a whole) gets each game's status code (`MARSAL_STATUS_OK`,
/// `MARSAL_STATUS_ILLEGAL_MOVE`, `MARSAL_STATUS_GAME_OVER`,
/// `MARSAL_STATUS_INVALID_ARGUMENT` for a square off the grid, ...);
/// `outcomes[i]` (may be NULL as a whole) what the move did, written only for
/// the games whose move was played.
///
/// Returns `MARSAL_STATUS_OK` when every move was played, otherwise the code of
/// the first refused one, with a message naming its index (the other games
/// were played all the same: read `statuses`). A NULL element of `games`, or
/// `moves` NULL with `count` > 0, gives `MARSAL_STATUS_NULL_POINTER` and
/// changes nothing. A game listed twice is played twice, in order.
///
/// Thread safety: every listed game is modified; no other thread may use any
/// of them during the call.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live game handle not used elsewhere during the call; `moves` NULL or
/// `count` readable moves; `outcomes` and `statuses` NULL or `count` writable
/// elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_play(
    games: *const *mut MarsalGame,
    count: usize,
    moves: *const MarsalMove,
    outcomes: *mut MarsalOutcome,
    statuses: *mut MarsalStatus,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let handles = unsafe { array(games, count, "games") }?;
        // SAFETY: the caller's promise.
        let moves = unsafe { array(moves, count, "moves") }?;
        if let Some(i) = handles.iter().position(|p| p.is_null()) {
            return Err(null(&format!("games[{i}]")));
        }
        let mut first_error: Option<(usize, Error)> = None;
        for (i, (&p, mv)) in handles.iter().zip(moves).enumerate() {
            // SAFETY: checked for NULL above; the caller promises a live game
            // that nothing else uses. One reference at a time.
            let g = unsafe { get_mut(p, "game") }?;
            let result = rust_move(mv).and_then(|mv| g.game.play(mv).map_err(move_error));
            let status = match result {
                Ok(o) => {
                    if !outcomes.is_null() {
                        // SAFETY: `i < count`, inside the caller's array.
                        unsafe { outcomes.add(i).write(c_outcome(&o)) };
                    }
                    MarsalStatus::Ok
                }
                Err(e) => {
                    let status = e.status;
                    if first_error.is_none() {
                        first_error = Some((i, e));
                    }
                    status
                }
            };
            if !statuses.is_null() {
                // SAFETY: `i < count`, inside the caller's array.
                unsafe { statuses.add(i).write(status) };
            }
        }
        match first_error {
            None => Ok(()),
            Some((i, e)) => Err(Error::new(
                e.status,
                format!(
                    "games[{i}]: {} (the other games were played; see statuses)",
                    e.message
                ),
            )),
        }
    })
}
