//! Why a position, a position text or a move was refused.

use crate::referee::board::square::Square;
use crate::referee::moves::MoveParseError;
use crate::referee::piece::{PieceKind, Side};
use crate::referee::ruleset::RulesetError;
use crate::referee::setup::SetupError;

/// Why a position could not be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PositionError {
    /// The ruleset is inconsistent.
    #[error("invalid ruleset: {0}")]
    Ruleset(#[from] RulesetError),
    /// A setup is not legal.
    #[error("invalid setup for {side}: {error}")]
    Setup {
        /// Whose setup.
        side: Side,
        /// What is wrong.
        error: SetupError,
    },
    /// A piece stands on a lake or off the board.
    #[error("a piece stands on {0}, which is not a playable square")]
    NotPlayable(Square),
    /// More pieces of a kind than the army has.
    #[error("{side} has {found} of {kind} on the board but its army only {army}")]
    TooMany {
        /// Whose pieces.
        side: Side,
        /// The kind.
        kind: PieceKind,
        /// How many the army has.
        army: u8,
        /// How many stand on the board.
        found: u8,
    },
    /// Neither side has its Flag on the board.
    #[error("neither side has a Flag on the board")]
    NoFlags,
    /// The position text could not be read.
    #[error("position text: {0}")]
    Text(#[from] PositionTextError),
    /// A piece's knowledge excludes its own kind, or names a kind its army lacks.
    #[error("what is known of the piece on {0} contradicts it")]
    Knowledge(Square),
}

/// Why a move was refused. An illegal move changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveError {
    /// The game has ended; no move is legal.
    #[error("the game is over")]
    GameOver,
    /// The move text could not be read.
    #[error("{0}")]
    Notation(#[from] MoveParseError),
    /// A square of the move is not on the board.
    #[error("{0} is not a square of the board")]
    OffBoard(Square),
    /// A square of the move is a lake.
    #[error("{0} is a lake")]
    Lake(Square),
    /// There is no piece on the source square.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece on the source square belongs to the player not to move.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Square),
    /// The piece never moves (Mine, Bomb, Flag).
    #[error("the {kind} on {square} never moves")]
    Immovable {
        /// Where it stands.
        square: Square,
        /// What it is.
        kind: PieceKind,
    },
    /// Source and target are the same square.
    #[error("a move must go to another square")]
    SameSquare,
    /// The target holds one of the mover's own pieces.
    #[error("{0} holds one of your own pieces")]
    OwnPiece(Square),
    /// A diagonal step in a ruleset without diagonal steps.
    #[error("diagonal steps are not allowed in this ruleset")]
    DiagonalStep,
    /// A diagonal step between two blocked squares (off the board, a lake, or a
    /// piece of either side) under the corner rule
    /// ([`Ruleset::corner_rule`](crate::Ruleset::corner_rule)); the two squares are named.
    #[error("the corner rule forbids a diagonal step between the blocked squares {0} and {1}")]
    CornerBlocked(Square, Square),
    /// A diagonal move onto an enemy piece: attacks are orthogonal only.
    #[error("attacks are orthogonal only: the piece on {0} cannot be attacked diagonally")]
    DiagonalAttack(Square),
    /// A move of more than one square by a piece that is not a Scout.
    #[error("only a Scout moves more than one square; this piece is a {0}")]
    TooFar(PieceKind),
    /// A Scout's way is blocked by a piece or a lake.
    #[error("the way is blocked at {0}")]
    PathBlocked(Square),
    /// The two-square rule forbids the move: the piece would cross a border it
    /// crossed in each of its last `limit` moves (see
    /// [`two_square`](crate::two_square)).
    #[error(
        "the two-square rule forbids this move: the piece crossed that border in each of its last {limit} moves"
    )]
    TwoSquare {
        /// The ruleset's limit.
        limit: u8,
    },
    /// The more-squares (continuous-chase) rule forbids the move (see
    /// [`more_squares`](crate::more_squares)).
    #[error(
        "the more-squares rule forbids this move: a chasing move may not recreate a position of the chase"
    )]
    MoreSquares,
    /// Neither a step nor a straight orthogonal line.
    #[error("a move is a step to a neighbouring square or a straight line along a rank or file")]
    NotALine,
}

/// Why a position text could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PositionTextError {
    /// The side to move (` r` or ` b` after the rows) is missing.
    #[error("the side to move (r or b) is missing after the rows")]
    MissingSideToMove,
    /// The side to move is not `r` or `b`.
    #[error("the side to move must be r or b")]
    BadSideToMove,
    /// Wrong number of rows.
    #[error("the board has {expected} ranks, the text {found} rows")]
    RowCount {
        /// Ranks of the board.
        expected: usize,
        /// Rows in the text.
        found: usize,
    },
    /// A row of the wrong length.
    #[error("rank {rank}: the board has {expected} files, the row {found} characters")]
    RowLength {
        /// The rank, 1-based.
        rank: u8,
        /// Files of the board.
        expected: usize,
        /// Characters in the row.
        found: usize,
    },
    /// A character that is neither terrain nor a piece letter.
    #[error("'{ch}' on {square} is not a piece letter, '.', '~' or '#'")]
    BadChar {
        /// The character.
        ch: char,
        /// Its square.
        square: Square,
    },
    /// The list of publicly captured pieces names a piece that is not absent
    /// from the board (more of a kind than the army has off the board), or a
    /// character that is not a piece letter.
    #[error("the captured pieces name {letter}, but no such piece is absent from the board")]
    Captured {
        /// The letter (upper case Red, lower case Blue).
        letter: char,
    },
    /// Something follows the list of captured pieces.
    #[error("nothing may follow the list of captured pieces")]
    Trailing,
    /// The terrain does not match the board (`~` must mark exactly the lakes,
    /// `#` exactly the squares off the board).
    #[error("{square} must be written '{expected}' on this board")]
    Terrain {
        /// The square.
        square: Square,
        /// What the board needs there.
        expected: char,
    },
}
