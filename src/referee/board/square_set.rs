//! Sets of squares, as a fixed-size bit set.

use crate::referee::board::square::{CELLS, MAX_FILES, MAX_RANKS, Square};
use core::fmt;

/// A set of [`Square`]s (a bit set over the 12 x 12 grid, no heap).
///
/// ```
/// use marsal::{Square, SquareSet};
/// let mut set = SquareSet::EMPTY;
/// let e5: Square = "e5".parse().unwrap();
/// set.insert(e5);
/// assert!(set.contains(e5));
/// assert_eq!(set.len(), 1);
/// assert_eq!(set.iter().next(), Some(e5));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet([u64; CELLS / 64]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; CELLS / 64]);

    /// Whether `sq` is in the set.
    ///
    /// ```
    /// use marsal::SquareSet;
    /// assert!(!SquareSet::EMPTY.contains("a1".parse().unwrap()));
    /// ```
    #[inline]
    pub const fn contains(&self, sq: Square) -> bool {
        let c = sq.cell();
        self.0[c >> 6] & (1u64 << (c & 63)) != 0
    }

    /// Adds `sq`; returns whether it was new.
    ///
    /// ```
    /// use marsal::SquareSet;
    /// let mut s = SquareSet::EMPTY;
    /// assert!(s.insert("a1".parse().unwrap()));
    /// assert!(!s.insert("a1".parse().unwrap()));
    /// ```
    #[inline]
    pub fn insert(&mut self, sq: Square) -> bool {
        let new = !self.contains(sq);
        let c = sq.cell();
        self.0[c >> 6] |= 1u64 << (c & 63);
        new
    }

    /// Removes `sq`; returns whether it was there.
    ///
    /// ```
    /// use marsal::SquareSet;
    /// let mut s = SquareSet::EMPTY;
    /// s.insert("a1".parse().unwrap());
    /// assert!(s.remove("a1".parse().unwrap()));
    /// assert!(s.is_empty());
    /// ```
    #[inline]
    pub fn remove(&mut self, sq: Square) -> bool {
        let had = self.contains(sq);
        let c = sq.cell();
        self.0[c >> 6] &= !(1u64 << (c & 63));
        had
    }

    /// Builder form of [`SquareSet::insert`].
    ///
    /// ```
    /// use marsal::SquareSet;
    /// let s = SquareSet::EMPTY.with("b2".parse().unwrap());
    /// assert_eq!(s.len(), 1);
    /// ```
    #[must_use]
    pub fn with(mut self, sq: Square) -> SquareSet {
        self.insert(sq);
        self
    }

    /// The number of squares in the set.
    ///
    /// ```
    /// assert_eq!(marsal::SquareSet::EMPTY.len(), 0);
    /// ```
    #[inline]
    pub const fn len(&self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < self.0.len() {
            n += self.0[i].count_ones() as usize;
            i += 1;
        }
        n
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(marsal::SquareSet::EMPTY.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The squares in both sets.
    ///
    /// ```
    /// use marsal::SquareSet;
    /// let a = SquareSet::EMPTY.with("a1".parse().unwrap()).with("b1".parse().unwrap());
    /// let b = SquareSet::EMPTY.with("b1".parse().unwrap());
    /// assert_eq!(a.intersection(b), b);
    /// ```
    #[must_use]
    pub fn intersection(self, other: SquareSet) -> SquareSet {
        let mut out = self;
        for (o, x) in out.0.iter_mut().zip(other.0) {
            *o &= x;
        }
        out
    }

    /// The squares in either set.
    ///
    /// ```
    /// use marsal::SquareSet;
    /// let a = SquareSet::EMPTY.with("a1".parse().unwrap());
    /// let b = SquareSet::EMPTY.with("b1".parse().unwrap());
    /// assert_eq!(a.union(b).len(), 2);
    /// ```
    #[must_use]
    pub fn union(self, other: SquareSet) -> SquareSet {
        let mut out = self;
        for (o, x) in out.0.iter_mut().zip(other.0) {
            *o |= x;
        }
        out
    }

    /// The squares of `self` that are not in `other`.
    ///
    /// ```
    /// use marsal::SquareSet;
    /// let a = SquareSet::EMPTY.with("a1".parse().unwrap()).with("b1".parse().unwrap());
    /// let b = SquareSet::EMPTY.with("b1".parse().unwrap());
    /// assert_eq!(a.difference(b).len(), 1);
    /// ```
    #[must_use]
    pub fn difference(self, other: SquareSet) -> SquareSet {
        let mut out = self;
        for (o, x) in out.0.iter_mut().zip(other.0) {
            *o &= !x;
        }
        out
    }

    /// The squares in increasing order (`a1`, `b1`, ..., `a2`, ...).
    ///
    /// ```
    /// use marsal::SquareSet;
    /// let s = SquareSet::EMPTY.with("a2".parse().unwrap()).with("c1".parse().unwrap());
    /// let names: Vec<String> = s.iter().map(|q| q.to_string()).collect();
    /// assert_eq!(names, ["c1", "a2"]);
    /// ```
    pub fn iter(&self) -> SquareSetIter {
        SquareSetIter {
            words: self.0,
            word: 0,
        }
    }

    /// The squares of the `files` x `ranks` rectangle in the grid's lower left
    /// corner (files `a`.. and ranks `1`..; at most the whole grid), built a
    /// word at a time, not square by square.
    pub(crate) const fn rectangle(files: u8, ranks: u8) -> SquareSet {
        // Within the grid whatever the arguments: a set holds only its squares.
        let (files, ranks) = (min(files, MAX_FILES), min(ranks, MAX_RANKS));
        // One rank: cells 1..=files of its row of 16 (cell 0 is padding); the
        // same row in each of the four rows a word holds.
        let row = ((1u64 << files) - 1) << 1;
        let rows = row.wrapping_mul(0x0001_0001_0001_0001);
        // The cells of ranks 1..=ranks are 16..end (the row below rank 1 is
        // padding).
        let end = (ranks as usize + 1) * 16;
        let mut words = [0; CELLS / 64];
        let mut i = 0;
        while i < words.len() {
            let below_end = if end >= 64 * (i + 1) {
                u64::MAX
            } else if end <= 64 * i {
                0
            } else {
                (1 << (end - 64 * i)) - 1
            };
            words[i] = rows & below_end;
            i += 1;
        }
        words[0] &= !0xFFFF;
        SquareSet(words)
    }

    /// The bits of the set: bit `c % 64` of word `c / 64` for the square of
    /// padded cell `c`.
    #[inline]
    pub(crate) const fn words(&self) -> [u64; CELLS / 64] {
        self.0
    }

    /// The first square of the set in [`SquareSet::iter`] order.
    ///
    /// ```
    /// assert_eq!(marsal::SquareSet::EMPTY.first(), None);
    /// ```
    pub fn first(&self) -> Option<Square> {
        self.iter().next()
    }
}

/// The smaller of `a` and `b` (`Ord::min` is not `const`).
const fn min(a: u8, b: u8) -> u8 {
    if a < b { a } else { b }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}

impl IntoIterator for &SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

/// Iterator over a [`SquareSet`].
#[derive(Clone, Debug)]
pub struct SquareSetIter {
    words: [u64; CELLS / 64],
    word: usize,
}

impl Iterator for SquareSetIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < self.words.len() {
            let w = self.words[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.words[self.word] = w & (w - 1);
                // A set only ever holds squares of the grid.
                return Some(Square::from_board_cell(self.word * 64 + bit));
            }
            self.word += 1;
        }
        None
    }

    /// Word by word, with the word in hand (what `for_each` and the other
    /// internal iterations use).
    #[inline]
    fn fold<B, F: FnMut(B, Square) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = init;
        for (i, &word) in self.words.iter().enumerate().skip(self.word) {
            let mut w = word;
            while w != 0 {
                let cell = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                acc = f(acc, Square::from_board_cell(cell));
            }
        }
        acc
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for SquareSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for SquareSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SquareSet, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = SquareSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of square names")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<SquareSet, A::Error> {
                let mut s = SquareSet::EMPTY;
                while let Some(sq) = a.next_element::<Square>()? {
                    s.insert(sq);
                }
                Ok(s)
            }
        }
        d.deserialize_seq(V)
    }
}
