//! Board geometry: which squares exist, which are lakes, and the two setup zones.

use crate::referee::board::square::{MAX_FILES, MAX_RANKS, Square, SquareParseError};
use crate::referee::board::square_set::SquareSet;
use crate::referee::piece::Side;
use core::fmt;

/// The shape of a board: its size, the playable squares, the lakes and the two
/// setup zones.
///
/// A board is cut from a grid of at most 12 x 12 squares. Squares of the grid that
/// are neither playable nor lakes do not exist (they are "off the board"); no piece
/// may enter or cross a lake or leave the board. [`Ruleset::validate`](crate::Ruleset::validate) checks that a hand-made geometry is consistent.
///
/// # Diagram form
/// A geometry is written as one text row per rank, **top rank first**, one
/// character per file from `a` on:
///
/// | char | square |
/// |---|---|
/// | `#` | does not exist |
/// | `~` | lake |
/// | `.` | playable, in no setup zone |
/// | `R` | playable, in Red's setup zone |
/// | `B` | playable, in Blue's setup zone |
///
/// This is also its serde form (a list of row strings), so a custom board in a
/// JSON ruleset is a readable picture.
///
/// ```
/// use marsal::{Geometry, Side};
/// let g = Geometry::from_diagram(&[
///     "BBB",
///     ".~.",
///     "RRR",
/// ])?;
/// assert_eq!((g.files, g.ranks), (3, 3));
/// assert!(g.is_lake("b2".parse().unwrap()));
/// assert_eq!(g.zones[Side::Red.index()].len(), 3);
/// assert_eq!(g.parse_square("c3").unwrap().to_string(), "c3");
/// assert!(g.parse_square("d1").is_err());
/// # Ok::<(), marsal::GeometryError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Geometry {
    /// Number of files (columns), `1..=12`.
    pub files: u8,
    /// Number of ranks (rows), `1..=12`.
    pub ranks: u8,
    /// Squares a piece may stand on.
    pub playable: SquareSet,
    /// Lakes: squares of the board no piece may enter or cross.
    pub lakes: SquareSet,
    /// The setup zone of each side, indexed by [`Side::index`].
    pub zones: [SquareSet; 2],
}

/// Why a board diagram could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GeometryError {
    /// The diagram has no rows, or a row is empty.
    #[error("a board diagram needs at least one non-empty row")]
    Empty,
    /// More than 12 rows.
    #[error("a board has at most 12 ranks, the diagram has {0}")]
    TooManyRanks(usize),
    /// A row longer than 12 characters.
    #[error("a board has at most 12 files, a row has {0}")]
    TooManyFiles(usize),
    /// Rows of different lengths.
    #[error(
        "row {row} (counted from the top) has {found} squares but the first row has {expected}"
    )]
    RowLength {
        /// The row, 1 for the top row.
        row: u8,
        /// The length of the top row.
        expected: u8,
        /// The length of this row.
        found: u8,
    },
    /// A character that is not one of `# ~ . R B`.
    #[error(
        "'{ch}' in row {row} (counted from the top), file {file}, is not one of '#', '~', '.', 'R', 'B'"
    )]
    BadChar {
        /// The character.
        ch: char,
        /// The row, 1 for the top row.
        row: u8,
        /// The file letter.
        file: char,
    },
}

impl Geometry {
    /// The board of *Maršál a špión*: 12 files `a`..`l`, 12 ranks; files `a` and `l`
    /// exist on ranks 4..9 only; lakes d5 d6 d7 d8 e5 e8 and h5 h8 i5 i6 i7 i8;
    /// setup zones b1..k4 (Red) and b9..k12 (Blue).
    ///
    /// ```
    /// let g = marsal::Geometry::marsal_a_spion();
    /// assert_eq!(g.playable.len(), 120);
    /// assert_eq!(g.lakes.len(), 12);
    /// assert!(g.parse_square("a1").is_err());
    /// assert!(g.parse_square("l9").is_ok());
    /// ```
    pub fn marsal_a_spion() -> Geometry {
        Geometry::from_diagram(&[
            "#BBBBBBBBBB#",
            "#BBBBBBBBBB#",
            "#BBBBBBBBBB#",
            ".BBBBBBBBBB.",
            "...~~..~~...",
            "...~....~...",
            "...~....~...",
            "...~~..~~...",
            ".RRRRRRRRRR.",
            "#RRRRRRRRRR#",
            "#RRRRRRRRRR#",
            "#RRRRRRRRRR#",
        ])
        .unwrap_or_else(|_| unreachable!("the preset diagram is well formed"))
    }

    /// The classic Stratego board: 10 x 10, lakes c5 d5 c6 d6 g5 h5 g6 h6, setup
    /// zones ranks 1..4 (Red) and 7..10 (Blue).
    ///
    /// ```
    /// let g = marsal::Geometry::classic();
    /// assert_eq!(g.playable.len(), 92);
    /// assert!(g.is_lake("c5".parse().unwrap()));
    /// ```
    pub fn classic() -> Geometry {
        Geometry::from_diagram(&[
            "BBBBBBBBBB",
            "BBBBBBBBBB",
            "BBBBBBBBBB",
            "BBBBBBBBBB",
            "..~~..~~..",
            "..~~..~~..",
            "RRRRRRRRRR",
            "RRRRRRRRRR",
            "RRRRRRRRRR",
            "RRRRRRRRRR",
        ])
        .unwrap_or_else(|_| unreachable!("the preset diagram is well formed"))
    }

    /// Reads a diagram (see the type's documentation), top rank first.
    ///
    /// ```
    /// let g = marsal::Geometry::from_diagram(&["BB", "RR"]).unwrap();
    /// assert_eq!(g.playable.len(), 4);
    /// assert!(marsal::Geometry::from_diagram(&["BB", "R"]).is_err());
    /// ```
    pub fn from_diagram<S: AsRef<str>>(rows: &[S]) -> Result<Geometry, GeometryError> {
        let mut b = DiagramBuilder::new();
        for row in rows {
            b.push(row.as_ref())?;
        }
        b.finish()
    }

    /// Whether a piece may stand on `sq`.
    ///
    /// ```
    /// let g = marsal::Geometry::classic();
    /// assert!(g.is_playable("a1".parse().unwrap()));
    /// assert!(!g.is_playable("c5".parse().unwrap()));
    /// ```
    #[inline]
    pub fn is_playable(&self, sq: Square) -> bool {
        self.playable.contains(sq)
    }

    /// Whether `sq` is a lake.
    ///
    /// ```
    /// assert!(marsal::Geometry::marsal_a_spion().is_lake("e8".parse().unwrap()));
    /// ```
    #[inline]
    pub fn is_lake(&self, sq: Square) -> bool {
        self.lakes.contains(sq)
    }

    /// The setup zone of `side`.
    ///
    /// ```
    /// use marsal::{Geometry, Side};
    /// assert_eq!(Geometry::classic().zone(Side::Blue).len(), 40);
    /// ```
    #[inline]
    pub fn zone(&self, side: Side) -> SquareSet {
        self.zones[side.index()]
    }

    /// Parses a square name and checks that a piece may stand there.
    ///
    /// ```
    /// use marsal::{Geometry, SquareParseError};
    /// let g = Geometry::classic();
    /// assert_eq!(g.parse_square("j10").unwrap().to_string(), "j10");
    /// assert!(matches!(g.parse_square("k1"), Err(SquareParseError::OffBoard(_))));
    /// assert!(matches!(g.parse_square("c5"), Err(SquareParseError::Lake(_))));
    /// ```
    pub fn parse_square(&self, name: &str) -> Result<Square, SquareParseError> {
        let sq: Square = name.parse()?;
        if self.is_lake(sq) {
            Err(SquareParseError::Lake(sq))
        } else if !self.is_playable(sq) {
            Err(SquareParseError::OffBoard(sq))
        } else {
            Ok(sq)
        }
    }

    /// The square seen from the other side of this board (a half turn).
    ///
    /// ```
    /// let g = marsal::Geometry::classic();
    /// assert_eq!(g.rotate("a1".parse().unwrap()).unwrap().to_string(), "j10");
    /// ```
    #[inline]
    pub fn rotate(&self, sq: Square) -> Option<Square> {
        sq.rotated(self.files, self.ranks)
    }

    /// The squares of the `files` x `ranks` rectangle (`files` and `ranks`
    /// at most 12, as [`Ruleset::validate`](crate::Ruleset::validate) checks
    /// first).
    #[inline]
    pub(crate) fn rectangle(&self) -> SquareSet {
        SquareSet::rectangle(self.files, self.ranks)
    }

    /// The diagram character of `sq`.
    pub(crate) fn diagram_char(&self, sq: Square) -> char {
        if self.is_lake(sq) {
            '~'
        } else if !self.is_playable(sq) {
            '#'
        } else if self.zones[0].contains(sq) {
            'R'
        } else if self.zones[1].contains(sq) {
            'B'
        } else {
            '.'
        }
    }

    /// The diagram row of rank `rank` (0-based) as fixed-size characters.
    fn row(&self, rank: u8) -> ([u8; MAX_FILES as usize], usize) {
        let mut buf = [b'#'; MAX_FILES as usize];
        for file in 0..self.files.min(MAX_FILES) {
            if let Some(sq) = Square::new(file, rank) {
                buf[file as usize] = self.diagram_char(sq) as u8;
            }
        }
        (buf, self.files.min(MAX_FILES) as usize)
    }
}

/// Prints the diagram, one row a line, top rank first.
impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..self.ranks.min(MAX_RANKS)).rev() {
            let (buf, n) = self.row(rank);
            for &c in &buf[..n] {
                write!(f, "{}", c as char)?;
            }
            if rank > 0 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// The diagram as seen from `from`'s side of the board: Red's with the top
/// rank first and file `a` on the left, Blue's turned half a turn (rank 1
/// first, file `a` on the right), so that `from`'s own rows are at the bottom.
pub(crate) fn write_diagram_from(
    f: &mut fmt::Formatter<'_>,
    files: u8,
    ranks: u8,
    from: Side,
    char_at: impl Fn(Square) -> char,
) -> fmt::Result {
    let (files, ranks) = (files.min(MAX_FILES), ranks.min(MAX_RANKS));
    // Red reads ranks downwards and files rightwards; Blue the other way.
    let turned = from == Side::Blue;
    let rank_at = |i: u8| if turned { i } else { ranks - 1 - i };
    let file_at = |i: u8| if turned { files - 1 - i } else { i };
    for i in 0..ranks {
        let rank = rank_at(i);
        write!(f, "{:>3} ", rank + 1)?;
        for j in 0..files {
            let ch = Square::new(file_at(j), rank).map_or(' ', &char_at);
            write!(f, " {ch}")?;
        }
        writeln!(f)?;
    }
    write!(f, "    ")?;
    for j in 0..files {
        write!(f, " {}", (b'a' + file_at(j)) as char)?;
    }
    Ok(())
}

/// Collects diagram rows one at a time (so the serde form needs no heap).
struct DiagramBuilder {
    rows: [[u8; MAX_FILES as usize]; MAX_RANKS as usize],
    count: usize,
    files: usize,
}

impl DiagramBuilder {
    fn new() -> DiagramBuilder {
        DiagramBuilder {
            rows: [[0; MAX_FILES as usize]; MAX_RANKS as usize],
            count: 0,
            files: 0,
        }
    }

    fn push(&mut self, row: &str) -> Result<(), GeometryError> {
        let n = row.chars().count();
        if n == 0 {
            return Err(GeometryError::Empty);
        }
        if n > MAX_FILES as usize {
            return Err(GeometryError::TooManyFiles(n));
        }
        if self.count >= MAX_RANKS as usize {
            return Err(GeometryError::TooManyRanks(self.count + 1));
        }
        if self.count == 0 {
            self.files = n;
        } else if n != self.files {
            return Err(GeometryError::RowLength {
                row: self.count as u8 + 1,
                expected: self.files as u8,
                found: n as u8,
            });
        }
        for (i, ch) in row.chars().enumerate() {
            self.rows[self.count][i] = match ch {
                '#' | '~' | '.' | 'R' | 'B' => ch as u8,
                _ => {
                    return Err(GeometryError::BadChar {
                        ch,
                        row: self.count as u8 + 1,
                        file: (b'a' + i as u8) as char,
                    });
                }
            };
        }
        self.count += 1;
        Ok(())
    }

    fn finish(self) -> Result<Geometry, GeometryError> {
        if self.count == 0 {
            return Err(GeometryError::Empty);
        }
        let ranks = self.count as u8;
        let mut g = Geometry {
            files: self.files as u8,
            ranks,
            playable: SquareSet::EMPTY,
            lakes: SquareSet::EMPTY,
            zones: [SquareSet::EMPTY; 2],
        };
        for (top, row) in self.rows[..self.count].iter().enumerate() {
            let rank = ranks - 1 - top as u8;
            for (file, &c) in row[..self.files].iter().enumerate() {
                let sq =
                    Square::new(file as u8, rank).unwrap_or_else(|| unreachable!("checked size"));
                match c {
                    b'~' => {
                        g.lakes.insert(sq);
                    }
                    b'.' => {
                        g.playable.insert(sq);
                    }
                    b'R' => {
                        g.playable.insert(sq);
                        g.zones[0].insert(sq);
                    }
                    b'B' => {
                        g.playable.insert(sq);
                        g.zones[1].insert(sq);
                    }
                    _ => {}
                }
            }
        }
        Ok(g)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Geometry {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.ranks as usize))?;
        for rank in (0..self.ranks.min(MAX_RANKS)).rev() {
            let (buf, n) = self.row(rank);
            let text = core::str::from_utf8(&buf[..n]).unwrap_or("");
            seq.serialize_element(text)?;
        }
        seq.end()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Geometry {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Geometry, D::Error> {
        struct Row<'a>(&'a mut DiagramBuilder);
        impl<'de> serde::de::DeserializeSeed<'de> for Row<'_> {
            type Value = ();
            fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
                d.deserialize_str(self)
            }
        }
        impl serde::de::Visitor<'_> for Row<'_> {
            type Value = ();
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a board diagram row such as \"#RRRR#\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<(), E> {
                self.0.push(v).map_err(E::custom)
            }
        }
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Geometry;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a board diagram: a list of row strings, top rank first")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<Geometry, A::Error> {
                let mut b = DiagramBuilder::new();
                while a.next_element_seed(Row(&mut b))?.is_some() {}
                b.finish().map_err(serde::de::Error::custom)
            }
        }
        d.deserialize_seq(V)
    }
}
