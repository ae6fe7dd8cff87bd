//! Sides, piece kinds and what each kind can do.
//!
//! What a kind *can do* (move, move far, defuse, stop the Marshal) belongs to the
//! kind and is written here once; how strong a kind is and how many a side has
//! belong to the [`Ruleset`](crate::Ruleset).

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

/// One of the two players.
///
/// [`Side::Red`] sets up at the bottom of the board (ranks 1..) and is "the first
/// player" of the rules; [`Side::Blue`] sets up at the top.
///
/// ```
/// use marsal::Side;
/// assert_eq!(!Side::Red, Side::Blue);
/// assert_eq!(Side::Blue.to_string(), "blue");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Side {
    /// The first player, at the bottom (ranks 1..4 on the Czech and classic boards).
    Red = 0,
    /// The second player, at the top.
    Blue = 1,
}

impl Side {
    /// Both sides, Red first.
    pub const BOTH: [Side; 2] = [Side::Red, Side::Blue];

    /// 0 for Red, 1 for Blue.
    ///
    /// ```
    /// assert_eq!(marsal::Side::Blue.index(), 1);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    ///
    /// ```
    /// assert_eq!(marsal::Side::Red.opponent(), marsal::Side::Blue);
    /// ```
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// The lower-case name, `"red"` or `"blue"`.
    ///
    /// ```
    /// assert_eq!(marsal::Side::Red.name(), "red");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        self.opponent()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a side name could not be parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("unknown side (expected \"red\" or \"blue\")")]
pub struct SideParseError;

impl FromStr for Side {
    type Err = SideParseError;
    fn from_str(s: &str) -> Result<Side, SideParseError> {
        match s {
            "red" | "Red" | "r" => Ok(Side::Red),
            "blue" | "Blue" | "b" => Ok(Side::Blue),
            _ => Err(SideParseError),
        }
    }
}

/// A named kind of piece.
///
/// The Czech game uses Marshal, General, Captain, Cadet, Corporal, Gunner, Scout,
/// Miner, Spy, Mine and Flag; classic Stratego uses Marshal, General, Colonel,
/// Major, Captain, Lieutenant, Sergeant, Miner, Scout, Spy, Bomb and Flag. A
/// [`Ruleset`](crate::Ruleset) says which kinds each army has, how many, and how
/// strong each is. What a kind can do is fixed by its name:
///
/// | kind | letter | ability |
/// |---|---|---|
/// | Marshal | `M` | the only piece the [`Spy`](PieceKind::Spy) defeats |
/// | General | `G` | |
/// | Colonel | `C` | |
/// | Major | `J` | |
/// | Captain | `K` | |
/// | Lieutenant | `L` | |
/// | Sergeant | `R` | |
/// | Cadet | `D` | |
/// | Corporal | `P` | |
/// | Gunner | `U` | |
/// | Scout | `S` | moves any distance in a straight orthogonal line |
/// | Miner | `N` | defuses Mines and Bombs |
/// | Spy | `Y` | defeats the Marshal (see [`SpyRule`](crate::SpyRule)) |
/// | Mine | `X` | never moves; destroys every attacker but a Miner |
/// | Bomb | `B` | the classic name of the Mine: never moves, same combat |
/// | Flag | `F` | never moves; captured by any attacker, which ends the game |
///
/// The letters are those of the setup and position text forms (upper case for
/// Red, lower case for Blue in positions).
///
/// ```
/// use marsal::PieceKind;
/// assert_eq!(PieceKind::from_letter('N'), Some(PieceKind::Miner));
/// assert!(PieceKind::Scout.moves_far());
/// assert!(!PieceKind::Mine.is_movable());
/// assert_eq!("Gunner".parse::<PieceKind>().unwrap(), PieceKind::Gunner);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum PieceKind {
    /// Maršál: the strongest piece; falls only to the Spy (and to an equal Marshal).
    Marshal = 0,
    /// Generál.
    General = 1,
    /// Colonel (classic).
    Colonel = 2,
    /// Major (classic).
    Major = 3,
    /// Kapitán (Czech) / Captain (classic).
    Captain = 4,
    /// Lieutenant (classic).
    Lieutenant = 5,
    /// Sergeant (classic).
    Sergeant = 6,
    /// Kadet (Czech).
    Cadet = 7,
    /// Kaprál (Czech).
    Corporal = 8,
    /// Střelec (Czech).
    Gunner = 9,
    /// Průzkumník: moves any distance in a straight orthogonal line.
    Scout = 10,
    /// Minér: defuses Mines and Bombs.
    Miner = 11,
    /// Špión: defeats the Marshal.
    Spy = 12,
    /// Minové pole: never moves; destroys every attacker but a Miner.
    Mine = 13,
    /// Bomb (classic name of the Mine).
    Bomb = 14,
    /// Prapor: never moves; its capture ends the game.
    Flag = 15,
}

/// The number of piece kinds.
pub const KIND_COUNT: usize = 16;

impl PieceKind {
    /// The kind whose index (see [`PieceKind::index`]) is the low four bits
    /// of `bits`: the same as `PieceKind::ALL[bits & 15]`, but written as a
    /// match over every value so that it compiles to nothing (no table load).
    #[inline(always)]
    pub(crate) const fn from_low_bits(bits: u8) -> PieceKind {
        match bits & 15 {
            0 => PieceKind::Marshal,
            1 => PieceKind::General,
            2 => PieceKind::Colonel,
            3 => PieceKind::Major,
            4 => PieceKind::Captain,
            5 => PieceKind::Lieutenant,
            6 => PieceKind::Sergeant,
            7 => PieceKind::Cadet,
            8 => PieceKind::Corporal,
            9 => PieceKind::Gunner,
            10 => PieceKind::Scout,
            11 => PieceKind::Miner,
            12 => PieceKind::Spy,
            13 => PieceKind::Mine,
            14 => PieceKind::Bomb,
            _ => PieceKind::Flag,
        }
    }

    /// Every kind, in declaration order.
    pub const ALL: [PieceKind; KIND_COUNT] = [
        PieceKind::Marshal,
        PieceKind::General,
        PieceKind::Colonel,
        PieceKind::Major,
        PieceKind::Captain,
        PieceKind::Lieutenant,
        PieceKind::Sergeant,
        PieceKind::Cadet,
        PieceKind::Corporal,
        PieceKind::Gunner,
        PieceKind::Scout,
        PieceKind::Miner,
        PieceKind::Spy,
        PieceKind::Mine,
        PieceKind::Bomb,
        PieceKind::Flag,
    ];

    const LETTERS: [char; KIND_COUNT] = [
        'M', 'G', 'C', 'J', 'K', 'L', 'R', 'D', 'P', 'U', 'S', 'N', 'Y', 'X', 'B', 'F',
    ];

    const NAMES: [&'static str; KIND_COUNT] = [
        "Marshal",
        "General",
        "Colonel",
        "Major",
        "Captain",
        "Lieutenant",
        "Sergeant",
        "Cadet",
        "Corporal",
        "Gunner",
        "Scout",
        "Miner",
        "Spy",
        "Mine",
        "Bomb",
        "Flag",
    ];

    /// Index of the kind, `0..16`, in [`PieceKind::ALL`] order.
    ///
    /// ```
    /// assert_eq!(marsal::PieceKind::Flag.index(), 15);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with the given [`index`](PieceKind::index).
    ///
    /// ```
    /// use marsal::PieceKind;
    /// assert_eq!(PieceKind::from_index(10), Some(PieceKind::Scout));
    /// assert_eq!(PieceKind::from_index(16), None);
    /// ```
    #[inline]
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < KIND_COUNT {
            Some(PieceKind::ALL[i])
        } else {
            None
        }
    }

    /// The upper-case letter of the text forms.
    ///
    /// ```
    /// assert_eq!(marsal::PieceKind::Spy.letter(), 'Y');
    /// ```
    #[inline]
    pub const fn letter(self) -> char {
        PieceKind::LETTERS[self as usize]
    }

    /// The kind written with `letter` (either case).
    ///
    /// ```
    /// use marsal::PieceKind;
    /// assert_eq!(PieceKind::from_letter('f'), Some(PieceKind::Flag));
    /// assert_eq!(PieceKind::from_letter('?'), None);
    /// ```
    pub fn from_letter(letter: char) -> Option<PieceKind> {
        let up = letter.to_ascii_uppercase();
        PieceKind::ALL.iter().copied().find(|k| k.letter() == up)
    }

    /// The English name used in the API, e.g. `"Marshal"`.
    ///
    /// ```
    /// assert_eq!(marsal::PieceKind::Corporal.name(), "Corporal");
    /// ```
    pub const fn name(self) -> &'static str {
        PieceKind::NAMES[self as usize]
    }

    /// Whether the piece can ever move (every kind but Mine, Bomb and Flag).
    ///
    /// ```
    /// use marsal::PieceKind;
    /// assert!(PieceKind::Spy.is_movable());
    /// assert!(!PieceKind::Flag.is_movable());
    /// ```
    #[inline]
    pub const fn is_movable(self) -> bool {
        !matches!(self, PieceKind::Mine | PieceKind::Bomb | PieceKind::Flag)
    }

    /// Whether the piece moves any distance in a straight orthogonal line (the Scout).
    ///
    /// ```
    /// assert!(marsal::PieceKind::Scout.moves_far());
    /// ```
    #[inline]
    pub const fn moves_far(self) -> bool {
        matches!(self, PieceKind::Scout)
    }

    /// Whether the piece is a Mine or a Bomb: it destroys every attacker but a
    /// [`defuser`](PieceKind::defuses_mines).
    ///
    /// ```
    /// use marsal::PieceKind;
    /// assert!(PieceKind::Bomb.is_mine() && PieceKind::Mine.is_mine());
    /// ```
    #[inline]
    pub const fn is_mine(self) -> bool {
        matches!(self, PieceKind::Mine | PieceKind::Bomb)
    }

    /// Whether the piece defuses Mines and Bombs (the Miner).
    ///
    /// ```
    /// assert!(marsal::PieceKind::Miner.defuses_mines());
    /// ```
    #[inline]
    pub const fn defuses_mines(self) -> bool {
        matches!(self, PieceKind::Miner)
    }

    /// Whether the piece is the Flag.
    ///
    /// ```
    /// assert!(marsal::PieceKind::Flag.is_flag());
    /// ```
    #[inline]
    pub const fn is_flag(self) -> bool {
        matches!(self, PieceKind::Flag)
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a piece kind name could not be parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("unknown piece kind")]
pub struct PieceKindParseError;

impl FromStr for PieceKind {
    type Err = PieceKindParseError;
    /// Parses an English name (`"Marshal"`, any case) or a single letter.
    fn from_str(s: &str) -> Result<PieceKind, PieceKindParseError> {
        if let Some(k) = PieceKind::ALL
            .iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
        {
            return Ok(*k);
        }
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => PieceKind::from_letter(c).ok_or(PieceKindParseError),
            _ => Err(PieceKindParseError),
        }
    }
}

/// A piece: a side and a kind.
///
/// ```
/// use marsal::{Piece, PieceKind, Side};
/// let p = Piece::new(Side::Blue, PieceKind::Scout);
/// assert_eq!(p.letter(), 's');
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece it is.
    pub side: Side,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `side` and `kind`.
    ///
    /// ```
    /// let p = marsal::Piece::new(marsal::Side::Red, marsal::PieceKind::Flag);
    /// assert_eq!(p.letter(), 'F');
    /// ```
    pub const fn new(side: Side, kind: PieceKind) -> Piece {
        Piece { side, kind }
    }

    /// The letter of the position text: upper case for Red, lower case for Blue.
    ///
    /// ```
    /// use marsal::{Piece, PieceKind, Side};
    /// assert_eq!(Piece::new(Side::Blue, PieceKind::Marshal).letter(), 'm');
    /// ```
    pub const fn letter(self) -> char {
        match self.side {
            Side::Red => self.kind.letter(),
            Side::Blue => self.kind.letter().to_ascii_lowercase(),
        }
    }
}

/// A set of piece kinds (what a player knows a hidden piece may be).
///
/// ```
/// use marsal::{KindSet, PieceKind};
/// let s = KindSet::EMPTY.with(PieceKind::Scout).with(PieceKind::Spy);
/// assert!(s.contains(PieceKind::Spy));
/// assert_eq!(s.len(), 2);
/// assert_eq!(s.single(), None);
/// assert_eq!(KindSet::only(PieceKind::Flag).single(), Some(PieceKind::Flag));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct KindSet(u16);

impl KindSet {
    /// No kind.
    pub const EMPTY: KindSet = KindSet(0);
    /// Every kind.
    pub const ALL: KindSet = KindSet(u16::MAX);

    /// The set holding only `kind`.
    ///
    /// ```
    /// use marsal::{KindSet, PieceKind};
    /// assert_eq!(KindSet::only(PieceKind::Spy).len(), 1);
    /// ```
    #[inline]
    pub const fn only(kind: PieceKind) -> KindSet {
        KindSet(1 << kind as u16)
    }

    /// The set with the given bits (bit `i` = kind with index `i`).
    ///
    /// ```
    /// assert_eq!(marsal::KindSet::from_bits(0b11).len(), 2);
    /// ```
    #[inline]
    pub const fn from_bits(bits: u16) -> KindSet {
        KindSet(bits)
    }

    /// The bits of the set (bit `i` = kind with index `i`).
    ///
    /// ```
    /// assert_eq!(marsal::KindSet::only(marsal::PieceKind::General).bits(), 2);
    /// ```
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// This set with `kind` added.
    ///
    /// ```
    /// use marsal::{KindSet, PieceKind};
    /// assert!(KindSet::EMPTY.with(PieceKind::Mine).contains(PieceKind::Mine));
    /// ```
    #[inline]
    #[must_use]
    pub const fn with(self, kind: PieceKind) -> KindSet {
        KindSet(self.0 | 1 << kind as u16)
    }

    /// Whether `kind` is in the set.
    ///
    /// ```
    /// assert!(!marsal::KindSet::EMPTY.contains(marsal::PieceKind::Mine));
    /// ```
    #[inline]
    pub const fn contains(self, kind: PieceKind) -> bool {
        self.0 & (1 << kind as u16) != 0
    }

    /// The kinds in both sets.
    ///
    /// ```
    /// use marsal::{KindSet, PieceKind};
    /// let a = KindSet::EMPTY.with(PieceKind::Spy).with(PieceKind::Scout);
    /// assert_eq!(a.intersection(KindSet::only(PieceKind::Spy)), KindSet::only(PieceKind::Spy));
    /// ```
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: KindSet) -> KindSet {
        KindSet(self.0 & other.0)
    }

    /// The number of kinds in the set.
    ///
    /// ```
    /// assert_eq!(marsal::KindSet::ALL.len(), 16);
    /// ```
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(marsal::KindSet::EMPTY.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kind, when the set holds exactly one.
    ///
    /// ```
    /// use marsal::{KindSet, PieceKind};
    /// assert_eq!(KindSet::only(PieceKind::Miner).single(), Some(PieceKind::Miner));
    /// ```
    #[inline]
    pub const fn single(self) -> Option<PieceKind> {
        if self.0.count_ones() == 1 {
            PieceKind::from_index(self.0.trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// The kinds in [`PieceKind::ALL`] order.
    ///
    /// ```
    /// use marsal::{KindSet, PieceKind};
    /// let v: Vec<_> = KindSet::EMPTY.with(PieceKind::Flag).with(PieceKind::Marshal).iter().collect();
    /// assert_eq!(v, [PieceKind::Marshal, PieceKind::Flag]);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = PieceKind> {
        PieceKind::ALL
            .into_iter()
            .filter(move |k| self.contains(*k))
    }
}

impl FromIterator<PieceKind> for KindSet {
    fn from_iter<I: IntoIterator<Item = PieceKind>>(iter: I) -> KindSet {
        iter.into_iter().fold(KindSet::EMPTY, KindSet::with)
    }
}

impl fmt::Debug for KindSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl KindSet {
    /// The kinds that can move (all but Mine, Bomb and Flag).
    pub const MOVABLE: KindSet = {
        let mut bits = 0u16;
        let mut i = 0;
        while i < KIND_COUNT {
            if PieceKind::ALL[i].is_movable() {
                bits |= 1 << i;
            }
            i += 1;
        }
        KindSet(bits)
    };

    /// The kinds that can move more than one square (the Scout).
    pub const FAR_MOVING: KindSet = {
        let mut bits = 0u16;
        let mut i = 0;
        while i < KIND_COUNT {
            if PieceKind::ALL[i].moves_far() {
                bits |= 1 << i;
            }
            i += 1;
        }
        KindSet(bits)
    };
}

#[cfg(test)]
mod tests {
    use super::PieceKind;

    /// The kind a cell code's low four bits name is the kind of that index,
    /// for every value of the other bits (the side bits of a cell code).
    #[test]
    fn kind_from_low_bits_is_the_kind_of_that_index() {
        for bits in 0..=u8::MAX {
            let kind = PieceKind::from_low_bits(bits);
            assert_eq!(
                kind,
                PieceKind::ALL[usize::from(bits & 15)],
                "bits {bits:#04x}"
            );
            assert_eq!(kind.index(), usize::from(bits & 15));
        }
    }
}
