//! Whether the game goes on, and how it ended.

use crate::referee::piece::Side;
use core::fmt;

/// The state of a game.
///
/// ```
/// use marsal::{Position, Ruleset, Setup, Side, Status};
/// let rules = Ruleset::marsal_a_spion();
/// let pos = Position::new(&rules, &Setup::random(&rules, Side::Red, 1), &Setup::random(&rules, Side::Blue, 2)).unwrap();
/// assert_eq!(pos.status(), Status::Ongoing { to_move: Side::Red });
/// assert!(!pos.status().is_over());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Status {
    /// The game goes on; `to_move` plays next.
    Ongoing {
        /// Who plays next.
        to_move: Side,
    },
    /// The game is won.
    Won {
        /// The winner.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// The game is drawn.
    Drawn {
        /// Why.
        reason: DrawReason,
    },
}

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum WinReason {
    /// The winner captured the loser's Flag.
    FlagCaptured,
    /// The loser had no legal move ([`NoMoveRule::Loses`](crate::NoMoveRule::Loses)).
    OpponentCannotMove,
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DrawReason {
    /// The player to move had no legal move: the PAT of the Czech rules
    /// ([`NoMoveRule::Draw`](crate::NoMoveRule::Draw)).
    NoLegalMove(Side),
    /// Neither player had a legal move ([`NoMoveRule::Loses`](crate::NoMoveRule::Loses)).
    NeitherCanMove,
    /// Neither player can ever capture the other's Flag (see [`no_hope`](crate::no_hope)).
    NoHope,
    /// The ruleset's limit on plies was reached.
    PlyLimit,
    /// The ruleset's limit on plies without an attack was reached.
    NoAttackLimit,
    /// The same position stood as often as the ruleset's repeated-position draw
    /// allows ([`Ruleset::repetition_draw`](crate::Ruleset::repetition_draw)).
    Repetition,
}

impl Status {
    /// Whether the game has ended.
    ///
    /// ```
    /// use marsal::{DrawReason, Status};
    /// assert!(Status::Drawn { reason: DrawReason::NoHope }.is_over());
    /// ```
    #[inline]
    pub const fn is_over(self) -> bool {
        !matches!(self, Status::Ongoing { .. })
    }

    /// The winner, if the game was won.
    ///
    /// ```
    /// use marsal::{Side, Status, WinReason};
    /// let s = Status::Won { winner: Side::Blue, reason: WinReason::FlagCaptured };
    /// assert_eq!(s.winner(), Some(Side::Blue));
    /// ```
    #[inline]
    pub const fn winner(self) -> Option<Side> {
        match self {
            Status::Won { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// Who plays next, if the game goes on.
    ///
    /// ```
    /// use marsal::{Side, Status};
    /// assert_eq!(Status::Ongoing { to_move: Side::Red }.to_move(), Some(Side::Red));
    /// ```
    #[inline]
    pub const fn to_move(self) -> Option<Side> {
        match self {
            Status::Ongoing { to_move } => Some(to_move),
            _ => None,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing { to_move } => write!(f, "{to_move} to move"),
            Status::Won { winner, reason } => write!(f, "{winner} wins: {reason}"),
            Status::Drawn { reason } => write!(f, "draw: {reason}"),
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::FlagCaptured => "the flag was captured",
            WinReason::OpponentCannotMove => "the opponent cannot move",
        })
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawReason::NoLegalMove(side) => write!(f, "{side} to move has no legal move (PAT)"),
            DrawReason::NeitherCanMove => f.write_str("neither side can move"),
            DrawReason::NoHope => f.write_str("neither side can ever capture the other's flag"),
            DrawReason::PlyLimit => f.write_str("ply limit reached"),
            DrawReason::NoAttackLimit => f.write_str("too many plies without an attack"),
            DrawReason::Repetition => f.write_str("the same position stood too often"),
        }
    }
}
