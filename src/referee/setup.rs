//! Setups: where one side places its army before the game.

use crate::referee::army::Army;
use crate::referee::board::square::{GRID_SQUARES, Square};
use crate::referee::piece::{PieceKind, Side};
use crate::referee::rng::Rng;
use crate::referee::ruleset::Ruleset;
use core::fmt;

/// The placement of one side's army, before the game starts.
///
/// A `Setup` may hold anything (it is what a file or a user said); whether it is
/// a legal setup for a ruleset is decided by [`Setup::validate`], which every
/// game constructor calls, with an error that names the problem.
///
/// # Text form
/// One character a square of the side's setup zone, row by row **as the owner
/// sees the board from its own chair**: the row nearest the enemy first, the
/// owner's back row last, each row from the owner's left to right, rows separated
/// by `/`. Letters are those of [`PieceKind`] (`M G C J K L R D P U S N Y X B F`, either
/// case) and `.` is an empty square. Because the text is relative to the owner,
/// the same text gives the same arrangement for either side (on a board that is
/// symmetric under a half turn).
///
/// ```
/// use marsal::{Ruleset, Setup, Side};
/// let rules = Ruleset::barrage();
/// // Red: rank 4 first (files a..j), rank 1 last.
/// let text = "........../........../.S.....S../..BFN.GYM.";
/// let red = Setup::from_text(&rules, Side::Red, text)?;
/// assert_eq!(red.get("d1".parse().unwrap()), Some(marsal::PieceKind::Flag));
/// assert!(red.validate(&rules).is_ok());
/// assert_eq!(red.to_text(&rules).to_string(), text);
/// // The same text for Blue is the same arrangement turned round: Blue's flag on g10.
/// let blue = Setup::from_text(&rules, Side::Blue, text)?;
/// assert_eq!(blue.get("g10".parse().unwrap()), Some(marsal::PieceKind::Flag));
/// # Ok::<(), marsal::SetupError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    side: Side,
    /// 0 = empty, else 1 + kind index, by grid index.
    cells: [u8; GRID_SQUARES],
}

/// Why a setup is not legal for a ruleset, or could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SetupError {
    /// A piece stands outside the side's setup zone.
    #[error("{kind} on {square} is outside the setup zone")]
    OutsideZone {
        /// The square.
        square: Square,
        /// The piece there.
        kind: PieceKind,
    },
    /// Two pieces were placed on one square.
    #[error("square {0} is used twice")]
    DoublyUsed(Square),
    /// A square of the zone is empty although the army fills the zone.
    #[error("square {0} of the setup zone is left empty")]
    EmptySquare(Square),
    /// The number of pieces of a kind differs from the army.
    #[error("{kind}: the army has {expected}, the setup {found}")]
    WrongCount {
        /// The kind.
        kind: PieceKind,
        /// How many the army has.
        expected: u8,
        /// How many the setup has.
        found: u8,
    },
    /// The numbers of pieces of several kinds differ from the army (each kind
    /// that differs is named, with both counts).
    #[error("wrong piece counts: {}", CountList(expected, found))]
    WrongCounts {
        /// The army.
        expected: Army,
        /// What the setup has.
        found: Army,
    },
    /// The setup is for the other side.
    #[error("this setup is for {found}, {expected} was expected")]
    WrongSide {
        /// The side the setup was needed for.
        expected: Side,
        /// The side it is for.
        found: Side,
    },
    /// A character of the text form that is not a piece letter or `.`.
    #[error("'{ch}' (for {square}) is not a piece letter or '.'")]
    BadLetter {
        /// The character.
        ch: char,
        /// The square it would stand for.
        square: Square,
    },
    /// The text form has the wrong number of rows.
    #[error("the setup zone has {expected} rows, the text {found}")]
    RowCount {
        /// Rows of the zone.
        expected: usize,
        /// Rows of the text.
        found: usize,
    },
    /// A row of the text form has the wrong length.
    #[error("row {row} of the setup zone has {expected} squares, the text {found}")]
    RowLength {
        /// The row, 1 for the row nearest the enemy.
        row: usize,
        /// Squares in that row of the zone.
        expected: usize,
        /// Characters in the text row.
        found: usize,
    },
}

/// Lists every kind whose counts differ: "Scout: the army has 8, the setup 9;
/// Spy: the army has 1, the setup 0".
struct CountList<'a>(&'a Army, &'a Army);

impl core::fmt::Display for CountList<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut first = true;
        for kind in PieceKind::ALL {
            let (expected, found) = (self.0.count(kind), self.1.count(kind));
            if expected != found {
                if !first {
                    f.write_str("; ")?;
                }
                first = false;
                write!(f, "{kind}: the army has {expected}, the setup {found}")?;
            }
        }
        Ok(())
    }
}

impl Setup {
    /// An empty setup for `side`.
    ///
    /// ```
    /// let s = marsal::Setup::new(marsal::Side::Red);
    /// assert_eq!(s.pieces().count(), 0);
    /// ```
    pub const fn new(side: Side) -> Setup {
        Setup {
            side,
            cells: [0; GRID_SQUARES],
        }
    }

    /// The side this setup is for.
    ///
    /// ```
    /// assert_eq!(marsal::Setup::new(marsal::Side::Blue).side(), marsal::Side::Blue);
    /// ```
    pub const fn side(&self) -> Side {
        self.side
    }

    /// Places `kind` on `square`; fails with [`SetupError::DoublyUsed`] when the
    /// square already holds a piece.
    ///
    /// ```
    /// use marsal::{PieceKind, Setup, SetupError, Side};
    /// let mut s = Setup::new(Side::Red);
    /// let b1 = "b1".parse().unwrap();
    /// s.place(b1, PieceKind::Flag)?;
    /// assert_eq!(s.place(b1, PieceKind::Spy), Err(SetupError::DoublyUsed(b1)));
    /// # Ok::<(), SetupError>(())
    /// ```
    pub fn place(&mut self, square: Square, kind: PieceKind) -> Result<(), SetupError> {
        let c = &mut self.cells[square.grid_index()];
        if *c != 0 {
            return Err(SetupError::DoublyUsed(square));
        }
        *c = 1 + kind as u8;
        Ok(())
    }

    /// Removes and returns the piece on `square`.
    ///
    /// ```
    /// use marsal::{PieceKind, Setup, Side};
    /// let mut s = Setup::new(Side::Red);
    /// let sq = "c2".parse().unwrap();
    /// s.place(sq, PieceKind::Spy).unwrap();
    /// assert_eq!(s.remove(sq), Some(PieceKind::Spy));
    /// assert_eq!(s.remove(sq), None);
    /// ```
    pub fn remove(&mut self, square: Square) -> Option<PieceKind> {
        let k = self.get(square);
        self.cells[square.grid_index()] = 0;
        k
    }

    /// The piece on `square`.
    ///
    /// ```
    /// assert_eq!(marsal::Setup::new(marsal::Side::Red).get("b1".parse().unwrap()), None);
    /// ```
    #[inline]
    pub fn get(&self, square: Square) -> Option<PieceKind> {
        match self.cells[square.grid_index()] {
            0 => None,
            c => PieceKind::from_index(c as usize - 1),
        }
    }

    /// Every `(square, kind)` placed, in square order.
    ///
    /// ```
    /// use marsal::{Ruleset, Setup, Side};
    /// let s = Setup::random(&Ruleset::classic(), Side::Red, 1);
    /// assert_eq!(s.pieces().count(), 40);
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, PieceKind)> + '_ {
        Square::all().filter_map(move |sq| self.get(sq).map(|k| (sq, k)))
    }

    /// Builds a setup from `(square, kind)` pairs; a square given twice is an error.
    ///
    /// ```
    /// use marsal::{PieceKind::*, Setup, Side};
    /// let s = Setup::from_pieces(Side::Red, [("b1".parse().unwrap(), Flag)])?;
    /// assert_eq!(s.pieces().count(), 1);
    /// # Ok::<(), marsal::SetupError>(())
    /// ```
    pub fn from_pieces<I: IntoIterator<Item = (Square, PieceKind)>>(
        side: Side,
        pieces: I,
    ) -> Result<Setup, SetupError> {
        let mut s = Setup::new(side);
        for (sq, k) in pieces {
            s.place(sq, k)?;
        }
        Ok(s)
    }

    /// Checks the setup against `rules`: every piece inside the side's zone, no
    /// zone square empty when the army fills the zone, and exactly the army's
    /// count of every kind. The first problem found is returned, in that order;
    /// wrong counts are all named at once: [`SetupError::WrongCount`] when one
    /// kind is wrong, [`SetupError::WrongCounts`] when several are.
    ///
    /// ```
    /// use marsal::{PieceKind, Ruleset, Setup, SetupError, Side};
    /// let rules = Ruleset::classic();
    /// let mut s = Setup::random(&rules, Side::Red, 5);
    /// let sq = s.pieces().find(|(_, k)| *k == PieceKind::Spy).unwrap().0;
    /// s.remove(sq);
    /// assert_eq!(s.validate(&rules), Err(SetupError::EmptySquare(sq)));
    /// s.place(sq, PieceKind::Scout).unwrap();
    /// let err = s.validate(&rules).unwrap_err();
    /// assert!(matches!(err, SetupError::WrongCounts { .. }));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "wrong piece counts: Scout: the army has 8, the setup 9; Spy: the army has 1, the setup 0"
    /// );
    /// ```
    pub fn validate(&self, rules: &Ruleset) -> Result<(), SetupError> {
        let zone = rules.board.zone(self.side);
        let army = rules.army(self.side);
        let mut counts = [0u8; crate::referee::piece::KIND_COUNT];
        for (sq, kind) in self.pieces() {
            if !zone.contains(sq) {
                return Err(SetupError::OutsideZone { square: sq, kind });
            }
            counts[kind.index()] = counts[kind.index()].saturating_add(1);
        }
        if army.total() == zone.len() {
            if let Some(sq) = zone.iter().find(|sq| self.get(*sq).is_none()) {
                return Err(SetupError::EmptySquare(sq));
            }
        }
        let wrong = PieceKind::ALL
            .into_iter()
            .filter(|k| army.count(*k) != counts[k.index()]);
        match (wrong.clone().next(), wrong.count()) {
            (None, _) => Ok(()),
            (Some(kind), 1) => Err(SetupError::WrongCount {
                kind,
                expected: army.count(kind),
                found: counts[kind.index()],
            }),
            _ => {
                let mut found = Army::default();
                for kind in PieceKind::ALL {
                    found.set(kind, counts[kind.index()]);
                }
                Err(SetupError::WrongCounts {
                    expected: *army,
                    found,
                })
            }
        }
    }

    /// A random legal setup for `side`, the same for the same seed (on every
    /// platform). Every arrangement of the army on the zone is possible.
    ///
    /// ```
    /// use marsal::{Ruleset, Setup, Side};
    /// let rules = Ruleset::marsal_a_spion();
    /// let a = Setup::random(&rules, Side::Blue, 42);
    /// assert!(a.validate(&rules).is_ok());
    /// assert_eq!(a, Setup::random(&rules, Side::Blue, 42));
    /// assert_ne!(a, Setup::random(&rules, Side::Blue, 43));
    /// ```
    pub fn random(rules: &Ruleset, side: Side, seed: u64) -> Setup {
        let mut setup = Setup::new(side);
        Setup::random_placement(rules, side, seed, |kind, squares| {
            for sq in squares {
                setup.cells[sq.grid_index()] = 1 + kind as u8;
            }
        });
        setup
    }

    /// The placement of [`Setup::random`]: calls `place` with each kind of the
    /// army and the squares it gets (as many as the army has, unless the zone
    /// runs out), without building the setup's grid
    /// ([`Position::start`](crate::Position::start) puts the pieces straight
    /// on its board).
    pub(crate) fn random_placement<F: FnMut(PieceKind, &[Square])>(
        rules: &Ruleset,
        side: Side,
        seed: u64,
        mut place: F,
    ) {
        let mut rng = Rng::new(seed);
        let mut squares = [Square::new(0, 0).unwrap_or_else(|| unreachable!()); GRID_SQUARES];
        let mut n = 0;
        // A set holds at most `GRID_SQUARES` squares.
        rules.board.zone(side).iter().for_each(|sq| {
            squares[n] = sq;
            n += 1;
        });
        // Fisher-Yates over the zone, then hand out the army in kind order.
        for i in (1..n).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            squares.swap(i, j);
        }
        let mut next = 0;
        for (kind, count) in rules.army(side).iter() {
            let end = (next + usize::from(count)).min(n);
            place(kind, &squares[next..end]);
            next = end;
        }
    }

    /// The zone squares in text order (see the type's documentation): rows from
    /// the owner's front to its back, each from the owner's left to right.
    fn text_rows(rules: &Ruleset, side: Side) -> ZoneRows {
        let g = &rules.board;
        let mut rows = ZoneRows {
            squares: [[None; 12]; 12],
            lens: [0; 12],
            count: 0,
        };
        // Steps from the top of the text: Red's rows from the highest rank
        // down, Blue's (its board turned) from the lowest up; each row from
        // the owner's left.
        for row in 0..g.ranks {
            let mut len = 0;
            for column in 0..g.files {
                let sq = match side {
                    Side::Red => Square::new(column, g.ranks - 1 - row),
                    Side::Blue => Square::new(g.files - 1 - column, row),
                };
                if let Some(sq) = sq.filter(|sq| g.zone(side).contains(*sq)) {
                    rows.squares[rows.count][len] = Some(sq);
                    len += 1;
                }
            }
            if len > 0 {
                rows.lens[rows.count] = len;
                rows.count += 1;
            }
        }
        rows
    }

    /// Reads the text form (see the type's documentation) for `side` of `rules`.
    /// Surrounding white space is ignored. Only the shape and letters are checked
    /// here; [`Setup::validate`] checks the counts.
    ///
    /// ```
    /// use marsal::{Ruleset, Setup, SetupError, Side};
    /// let rules = Ruleset::barrage();
    /// let err = Setup::from_text(&rules, Side::Red, "..........").unwrap_err();
    /// assert_eq!(err, SetupError::RowCount { expected: 4, found: 1 });
    /// ```
    pub fn from_text(rules: &Ruleset, side: Side, text: &str) -> Result<Setup, SetupError> {
        let rows = Setup::text_rows(rules, side);
        let text = text.trim();
        let found = text.split('/').count();
        if found != rows.count {
            return Err(SetupError::RowCount {
                expected: rows.count,
                found,
            });
        }
        let mut setup = Setup::new(side);
        for (r, row) in text.split('/').enumerate() {
            let row = row.trim();
            let len = row.chars().count();
            if len != rows.lens[r] {
                return Err(SetupError::RowLength {
                    row: r + 1,
                    expected: rows.lens[r],
                    found: len,
                });
            }
            for (i, ch) in row.chars().enumerate() {
                let Some(sq) = rows.squares[r][i] else {
                    continue;
                };
                if ch == '.' {
                    continue;
                }
                let kind =
                    PieceKind::from_letter(ch).ok_or(SetupError::BadLetter { ch, square: sq })?;
                setup.place(sq, kind)?;
            }
        }
        Ok(setup)
    }

    /// The text form for `rules` (see the type's documentation); display it or
    /// call `to_string()` on it. Pieces outside the zone do not appear.
    ///
    /// ```
    /// use marsal::{Ruleset, Setup, Side};
    /// let rules = Ruleset::classic();
    /// let s = Setup::random(&rules, Side::Blue, 9);
    /// let text = s.to_text(&rules).to_string();
    /// assert_eq!(Setup::from_text(&rules, Side::Blue, &text).unwrap(), s);
    /// ```
    pub fn to_text<'a>(&'a self, rules: &'a Ruleset) -> SetupText<'a> {
        SetupText { setup: self, rules }
    }
}

struct ZoneRows {
    squares: [[Option<Square>; 12]; 12],
    lens: [usize; 12],
    count: usize,
}

/// The text form of a [`Setup`], from [`Setup::to_text`].
pub struct SetupText<'a> {
    setup: &'a Setup,
    rules: &'a Ruleset,
}

impl fmt::Display for SetupText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = Setup::text_rows(self.rules, self.setup.side);
        for r in 0..rows.count {
            if r > 0 {
                f.write_str("/")?;
            }
            for sq in rows.squares[r][..rows.lens[r]].iter().flatten() {
                match self.setup.get(*sq) {
                    Some(k) => write!(f, "{}", k.letter())?,
                    None => f.write_str(".")?,
                }
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Setup")
            .field("side", &self.side)
            .field("pieces", &SetupPieces(self))
            .finish()
    }
}

struct SetupPieces<'a>(&'a Setup);
impl fmt::Debug for SetupPieces<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.0.pieces()).finish()
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use serde::de::{MapAccess, Visitor};
    use serde::ser::SerializeStruct;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    struct Pieces<'a>(&'a Setup);
    impl Serialize for Pieces<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(self.0.pieces())
        }
    }

    /// Serialised as `{"side": "red", "pieces": {"b1": "Flag", ...}}`.
    impl Serialize for Setup {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Setup", 2)?;
            st.serialize_field("side", &self.side)?;
            st.serialize_field("pieces", &Pieces(self))?;
            st.end()
        }
    }

    struct PiecesMap([u8; GRID_SQUARES]);
    impl<'de> Deserialize<'de> for PiecesMap {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PiecesMap, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = PiecesMap;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a map from square to piece kind")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<PiecesMap, A::Error> {
                    let mut s = Setup::new(Side::Red);
                    while let Some((sq, k)) = m.next_entry::<Square, PieceKind>()? {
                        s.place(sq, k).map_err(serde::de::Error::custom)?;
                    }
                    Ok(PiecesMap(s.cells))
                }
            }
            d.deserialize_map(V)
        }
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Repr {
        side: Side,
        pieces: PiecesMap,
    }

    impl<'de> Deserialize<'de> for Setup {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
            let r = Repr::deserialize(d)?;
            Ok(Setup {
                side: r.side,
                cells: r.pieces.0,
            })
        }
    }
}
