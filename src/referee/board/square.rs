//! Squares: the cells of the grid a board is cut from, with algebraic names.

use core::fmt;
use core::str::FromStr;

/// The most files (columns) a board may have: files `a`..`l`.
pub const MAX_FILES: u8 = 12;
/// The most ranks (rows) a board may have: ranks `1`..`12`.
pub const MAX_RANKS: u8 = 12;
/// The number of squares of the largest grid (`MAX_FILES * MAX_RANKS`).
pub const GRID_SQUARES: usize = MAX_FILES as usize * MAX_RANKS as usize;

/// Size of the padded cell array the engine uses internally: every square of the
/// 12 x 12 grid plus a frame of blocked cells, so that one step in any direction
/// from a square never leaves the array.
pub(crate) const CELLS: usize = 256;
/// Distance between two ranks in the padded cell array.
pub(crate) const STRIDE: i16 = 16;

/// A square of the grid, `a1` to `l12`.
///
/// A `Square` only promises to lie on the 12 x 12 grid; whether it exists on a
/// particular board (the Czech board has no `a1`, the classic board no `k5`) is a
/// question for that board's [`Geometry`](crate::Geometry), see
/// [`Geometry::parse_square`](crate::Geometry::parse_square).
///
/// Files are written `a`..`l` left to right and ranks `1`..`12` bottom to top, as
/// seen by [`Side::Red`](crate::Side::Red), the first player.
///
/// ```
/// use marsal::Square;
/// let sq: Square = "e5".parse()?;
/// assert_eq!((sq.file(), sq.rank()), (4, 4));
/// assert_eq!(sq.to_string(), "e5");
/// assert_eq!(Square::new(11, 11).unwrap().to_string(), "l12");
/// assert!("m1".parse::<Square>().is_err());
/// # Ok::<(), marsal::SquareParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = `a`) and `rank` (0 = rank `1`), or `None` when it
    /// is outside the 12 x 12 grid.
    ///
    /// ```
    /// use marsal::Square;
    /// assert_eq!(Square::new(0, 0).unwrap().to_string(), "a1");
    /// assert!(Square::new(12, 0).is_none());
    /// ```
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_FILES && rank < MAX_RANKS {
            Some(Square(((rank + 1) << 4) | (file + 1)))
        } else {
            None
        }
    }

    /// The file, 0 for `a` up to 11 for `l`.
    ///
    /// ```
    /// assert_eq!("c7".parse::<marsal::Square>().unwrap().file(), 2);
    /// ```
    #[inline]
    pub const fn file(self) -> u8 {
        (self.0 & 15) - 1
    }

    /// The rank, 0 for rank `1` up to 11 for rank `12`.
    ///
    /// ```
    /// assert_eq!("c7".parse::<marsal::Square>().unwrap().rank(), 6);
    /// ```
    #[inline]
    pub const fn rank(self) -> u8 {
        (self.0 >> 4) - 1
    }

    /// A dense index `rank * 12 + file`, in `0..144`.
    ///
    /// ```
    /// use marsal::Square;
    /// assert_eq!("a1".parse::<Square>().unwrap().grid_index(), 0);
    /// assert_eq!("l12".parse::<Square>().unwrap().grid_index(), 143);
    /// ```
    #[inline]
    pub const fn grid_index(self) -> usize {
        self.rank() as usize * MAX_FILES as usize + self.file() as usize
    }

    /// The square with the given dense index (see [`Square::grid_index`]).
    ///
    /// ```
    /// use marsal::Square;
    /// assert_eq!(Square::from_grid_index(13).unwrap().to_string(), "b2");
    /// assert!(Square::from_grid_index(144).is_none());
    /// ```
    #[inline]
    pub const fn from_grid_index(index: usize) -> Option<Square> {
        if index < GRID_SQUARES {
            Square::new(
                (index % MAX_FILES as usize) as u8,
                (index / MAX_FILES as usize) as u8,
            )
        } else {
            None
        }
    }

    /// The same square seen from the other side of a board of `files` x `ranks`
    /// (a half turn), or `None` when the square is not on such a board.
    ///
    /// ```
    /// use marsal::Square;
    /// let e5: Square = "e5".parse().unwrap();
    /// assert_eq!(e5.rotated(12, 12).unwrap().to_string(), "h8");
    /// assert_eq!(e5.rotated(10, 10).unwrap().to_string(), "f6");
    /// ```
    #[inline]
    pub const fn rotated(self, files: u8, ranks: u8) -> Option<Square> {
        if self.file() < files && self.rank() < ranks {
            Square::new(files - 1 - self.file(), ranks - 1 - self.rank())
        } else {
            None
        }
    }

    /// Index into the engine's padded cell array.
    #[inline]
    pub(crate) const fn cell(self) -> usize {
        self.0 as usize
    }

    /// The square of a padded cell index already known to be on the grid (a
    /// member of one of a position's bitboards, or a cell reached from one by a
    /// step that stayed on the board).
    #[inline(always)]
    pub(crate) const fn from_board_cell(cell: usize) -> Square {
        debug_assert!(Square::from_cell(cell).is_some());
        Square(cell as u8)
    }

    /// The square of a padded cell index, if the cell is on the grid.
    #[inline]
    pub(crate) const fn from_cell(cell: usize) -> Option<Square> {
        let file = cell & 15;
        let rank = cell >> 4;
        if cell < CELLS
            && file >= 1
            && file <= MAX_FILES as usize
            && rank >= 1
            && rank <= MAX_RANKS as usize
        {
            Some(Square(cell as u8))
        } else {
            None
        }
    }

    /// Every square of the grid, `a1`, `b1`, ... `l12`.
    ///
    /// ```
    /// assert_eq!(marsal::Square::all().count(), 144);
    /// ```
    pub fn all() -> impl Iterator<Item = Square> {
        (0..GRID_SQUARES).filter_map(Square::from_grid_index)
    }
}

/// Why a square name could not be parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SquareParseError {
    /// The text is empty.
    #[error("empty square name")]
    Empty,
    /// The first character is not a file letter `a`..`l`.
    #[error("'{0}' is not a file letter a..l")]
    BadFile(char),
    /// The rest is not a rank number `1`..`12`.
    #[error("the rank of a square must be a number 1..12")]
    BadRank,
    /// The square exists on the grid but not on this board (for example `a1` on the
    /// Czech board, or `k5` on the classic one).
    #[error("square {0} is not on this board")]
    OffBoard(Square),
    /// The square is a lake.
    #[error("square {0} is a lake")]
    Lake(Square),
}

impl FromStr for Square {
    type Err = SquareParseError;

    fn from_str(s: &str) -> Result<Square, SquareParseError> {
        let mut chars = s.chars();
        let f = chars.next().ok_or(SquareParseError::Empty)?;
        let file = match f {
            'a'..='l' => f as u8 - b'a',
            'A'..='L' => f as u8 - b'A',
            _ => return Err(SquareParseError::BadFile(f)),
        };
        let rest = chars.as_str();
        if rest.is_empty()
            || rest.len() > 2
            || !rest.bytes().all(|b| b.is_ascii_digit())
            || rest.starts_with('0')
        {
            return Err(SquareParseError::BadRank);
        }
        let rank: u8 = rest.parse().map_err(|_| SquareParseError::BadRank)?;
        if rank == 0 || rank > MAX_RANKS {
            return Err(SquareParseError::BadRank);
        }
        Square::new(file, rank - 1).ok_or(SquareParseError::BadRank)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 3];
        let n = if self.rank() >= 9 { 3 } else { 2 };
        buf[0] = b'a' + self.file();
        if n == 3 {
            buf[1] = b'1';
            buf[2] = b'0' + (self.rank() + 1 - 10);
        } else {
            buf[1] = b'1' + self.rank();
        }
        // The bytes are ASCII by construction.
        s.serialize_str(core::str::from_utf8(&buf[..n]).unwrap_or("?"))
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Square;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a square name such as \"e5\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Square, E> {
                v.parse().map_err(E::custom)
            }
        }
        d.deserialize_str(V)
    }
}
