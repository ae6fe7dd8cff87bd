//! The position text: a whole board, one character a square, and the side to move.
//!
//! Rows are written **top rank first**, separated by `/`; each row has one
//! character for every file of the board:
//!
//! | char | square |
//! |---|---|
//! | `#` | not on the board |
//! | `~` | lake |
//! | `.` | empty |
//! | `M G C J K L R D P U S N Y X B F` | a Red piece (see [`PieceKind`]) |
//! | the same in lower case | a Blue piece |
//!
//! After a space comes the side to move, `r` or `b`. The terrain characters must
//! match the ruleset's board. A position read from text starts with every piece
//! on the board unknown to the opponent and the ply counters at 0. A side whose
//! Flag is missing has lost it (the other side has won by capture).
//!
//! **What is public about absent pieces.** A piece of the army that is not on
//! the board is either *captured in public view* (both players saw it removed,
//! so counting may use it: a kind none of whose pieces is left cannot be on the
//! board, and so on) or *unknown* (a puzzle or endgame that simply leaves it
//! out: the opponent knows nothing of it, and counting deduces nothing from
//! it). An optional third field after the side to move lists the absent pieces
//! captured in public view, by letter (upper case Red, lower case Blue, in any
//! order; `-` for none); every other absent piece is unknown. Without the
//! field, every absent piece is unknown. [`Position::to_text`] writes the field
//! whenever a piece was captured in public (in a game, every removed piece),
//! so the text round-trips, and the position's JSON (which holds the text)
//! with it.
//!
//! ```
//! use marsal::{Position, Ruleset};
//! let rules = Ruleset::barrage();
//! let text = "........yf/........../........../........../..~~..~~../\
//!             ..~~..~~../........../........../........../M........F b";
//! let pos = Position::from_text(&rules, text)?;
//! assert_eq!(pos.to_text().to_string(), text);
//! # Ok::<(), marsal::PositionError>(())
//! ```

use crate::referee::board::cell::{EMPTY, LAKE, OFF, kind_of, owner};
use crate::referee::board::square::Square;
use crate::referee::piece::{Piece, PieceKind, Side};
use crate::referee::position::{Position, PositionError};
use crate::referee::ruleset::Ruleset;
use core::fmt;

pub use crate::referee::position::PositionTextError;

impl Position {
    /// Reads a position text (see the [module documentation](crate::notation)).
    /// The ruleset is validated; each side may have at most its army's count of
    /// every kind; at least one Flag must be on the board.
    ///
    /// ```
    /// use marsal::{Position, PositionError, Ruleset};
    /// let err = Position::from_text(&Ruleset::barrage(), "f/F r").unwrap_err();
    /// assert!(matches!(err, PositionError::Text(_)));
    /// ```
    pub fn from_text(rules: &Ruleset, text: &str) -> Result<Position, PositionError> {
        use PositionTextError as E;
        rules.validate()?;
        let text = text.trim();
        let mut fields = text.split_whitespace();
        let rows = fields.next().ok_or(E::MissingSideToMove)?;
        let side = fields.next().ok_or(E::MissingSideToMove)?;
        let captured = fields.next();
        if fields.next().is_some() {
            return Err(E::Trailing.into());
        }
        let to_move = match side {
            "r" => Side::Red,
            "b" => Side::Blue,
            _ => return Err(E::BadSideToMove.into()),
        };
        let g = &rules.board;
        let found = rows.trim().split('/').count();
        if found != g.ranks as usize {
            return Err(E::RowCount {
                expected: g.ranks as usize,
                found,
            }
            .into());
        }
        let mut pos = Position::empty(rules);
        for (top, row) in rows.trim().split('/').enumerate() {
            let rank = g.ranks - 1 - top as u8;
            let row = row.trim();
            let n = row.chars().count();
            if n != g.files as usize {
                return Err(E::RowLength {
                    rank: rank + 1,
                    expected: g.files as usize,
                    found: n,
                }
                .into());
            }
            for (file, ch) in row.chars().enumerate() {
                let sq = Square::new(file as u8, rank).ok_or(E::RowCount {
                    expected: 12,
                    found,
                })?;
                let terrain = pos.cells[sq.cell()];
                match ch {
                    '#' | '~' | '.' => {
                        let expected = match terrain {
                            OFF => '#',
                            LAKE => '~',
                            _ => '.',
                        };
                        if ch != expected {
                            return Err(E::Terrain {
                                square: sq,
                                expected,
                            }
                            .into());
                        }
                    }
                    _ => {
                        let kind =
                            PieceKind::from_letter(ch).ok_or(E::BadChar { ch, square: sq })?;
                        // `put` refuses a lake or off-board square
                        // (`PositionError::NotPlayable`).
                        let side = if ch.is_ascii_uppercase() {
                            Side::Red
                        } else {
                            Side::Blue
                        };
                        pos.put(sq, Piece::new(side, kind))?;
                    }
                }
            }
        }
        pos.finish(to_move)?;
        // Every absent piece is unknown, less those stated captured in public.
        for side in Side::BOTH {
            let army = rules.army(side);
            for kind in PieceKind::ALL {
                pos.unknown_absent[side.index()][kind.index()] =
                    army.count(kind).saturating_sub(pos.count(side, kind));
            }
        }
        for letter in captured.filter(|c| *c != "-").unwrap_or("").chars() {
            let kind = PieceKind::from_letter(letter).ok_or(E::Captured { letter })?;
            let side = if letter.is_ascii_uppercase() {
                Side::Red
            } else {
                Side::Blue
            };
            let n = &mut pos.unknown_absent[side.index()][kind.index()];
            *n = n.checked_sub(1).ok_or(E::Captured { letter })?;
        }
        Ok(pos)
    }

    /// The position text of this position (see the
    /// [module documentation](crate::notation)); display it or call
    /// `to_string()` on it.
    ///
    /// ```
    /// use marsal::{Position, Ruleset};
    /// let rules = Ruleset::marsal_a_spion();
    /// let pos = Position::start(&rules, 1, 2)?;
    /// let again = Position::from_text(&rules, &pos.to_text().to_string())?;
    /// assert_eq!(again.hash(), pos.hash());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn to_text(&self) -> PositionText<'_> {
        PositionText(self)
    }
}

/// The position text of a [`Position`], from [`Position::to_text`].
pub struct PositionText<'a>(&'a Position);

impl fmt::Display for PositionText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.0;
        let g = &pos.rules.board;
        for rank in (0..g.ranks).rev() {
            for file in 0..g.files {
                let c = Square::new(file, rank).map_or(OFF, |sq| pos.cells[sq.cell()]);
                let ch = match c {
                    EMPTY => '.',
                    OFF => '#',
                    LAKE => '~',
                    _ => Piece::new(owner(c).unwrap_or(Side::Red), kind_of(c)).letter(),
                };
                write!(f, "{ch}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        f.write_str(match pos.to_move {
            Side::Red => " r",
            Side::Blue => " b",
        })?;
        // The absent pieces captured in public view, when there are any.
        let mut first = true;
        for side in Side::BOTH {
            let captured = pos.publicly_captured(side);
            for kind in PieceKind::ALL {
                for _ in 0..captured.count(kind) {
                    if first {
                        f.write_str(" ")?;
                        first = false;
                    }
                    write!(f, "{}", Piece::new(side, kind).letter())?;
                }
            }
        }
        Ok(())
    }
}
