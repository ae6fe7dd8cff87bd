//! The plain `repr(C)` values of the C ABI: the size constants, the enums
//! (sides, kinds, fight results, game states and reasons, view cells) and the
//! structs (squares, moves, outcomes, statuses, square views, view
//! information, playout summaries), and their conversions from and to the
//! Rust API's types.

use crate::status::{Error, MarsalStatus};
use marsal::{Battle, DrawReason, Move, Outcome, Side, Square, Status, WinReason};

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

/// The ply limit a host gives a game whose ruleset has none, so that every
/// game ends (`Ruleset::DEFAULT_MAX_PLIES` of the Rust API): set a ruleset
/// JSON's `max_plies` to it. The presets have no limit.
pub const MARSAL_DEFAULT_MAX_PLIES: u32 = 3000;
const _: () = assert!(MARSAL_DEFAULT_MAX_PLIES == marsal::Ruleset::DEFAULT_MAX_PLIES);

/// The most legal moves any position can have (a buffer of this many
/// `MarsalMove`s always suffices for `marsal_game_legal_moves`).
pub const MARSAL_MAX_LEGAL_MOVES: usize = 1152;
const _: () = assert!(MARSAL_MAX_LEGAL_MOVES == marsal::MAX_MOVES);

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

pub(crate) fn side(code: u8) -> Result<Side, Error> {
    match code {
        0 => Ok(Side::Red),
        1 => Ok(Side::Blue),
        _ => Err(Error::new(
            MarsalStatus::InvalidArgument,
            format!("side must be 0 (red) or 1 (blue), not {code}"),
        )),
    }
}

pub(crate) fn square(sq: MarsalSquare) -> Result<Square, Error> {
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

pub(crate) fn c_square(sq: Square) -> MarsalSquare {
    MarsalSquare {
        file: sq.file(),
        rank: sq.rank(),
    }
}

pub(crate) fn c_move(mv: Move) -> MarsalMove {
    MarsalMove {
        from: c_square(mv.from),
        to: c_square(mv.to),
    }
}

pub(crate) fn rust_move(mv: &MarsalMove) -> Result<Move, Error> {
    Ok(Move::new(square(mv.from)?, square(mv.to)?))
}

pub(crate) fn c_battle(b: Option<Battle>) -> u8 {
    match b {
        None => MarsalBattle::NoFight as u8,
        Some(Battle::AttackerWins) => MarsalBattle::AttackerWins as u8,
        Some(Battle::DefenderWins) => MarsalBattle::DefenderWins as u8,
        Some(Battle::BothRemoved) => MarsalBattle::BothRemoved as u8,
        Some(Battle::MineDefused) => MarsalBattle::MineDefused as u8,
        Some(Battle::FlagCaptured) => MarsalBattle::FlagCaptured as u8,
    }
}

pub(crate) fn c_outcome(o: &Outcome) -> MarsalOutcome {
    MarsalOutcome {
        mv: c_move(o.mv),
        side: o.side as u8,
        piece: o.piece as u8,
        defender: o.fight.map_or(MarsalKind::None as u8, |f| f.defender as u8),
        battle: c_battle(o.battle()),
        attacker_revealed: o.fight.is_some_and(|f| f.attacker_revealed),
    }
}

pub(crate) fn c_status(s: Status) -> MarsalGameStatus {
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
