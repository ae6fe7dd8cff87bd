//! Armies (how many pieces of each kind a side has) and the strength order.

use crate::referee::piece::{KIND_COUNT, KindSet, PieceKind};
use core::fmt;

/// How many pieces of each kind a side has.
///
/// Its serde form is a map from kind name to count (kinds with count 0 left out):
/// `{"Marshal": 1, "Scout": 8, ...}`.
///
/// ```
/// use marsal::{Army, PieceKind};
/// let army = Army::EMPTY.with(PieceKind::Flag, 1).with(PieceKind::Scout, 2);
/// assert_eq!(army.count(PieceKind::Scout), 2);
/// assert_eq!(army.total(), 3);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Army {
    counts: [u8; KIND_COUNT],
}

impl Army {
    /// An army with no pieces.
    pub const EMPTY: Army = Army {
        counts: [0; KIND_COUNT],
    };

    /// The Czech army of 40: Marshal 1, General 1, Captain 2, Cadet 3, Corporal 4,
    /// Gunner 5, Scout 8, Miner 6, Spy 1, Mine 8, Flag 1.
    ///
    /// ```
    /// assert_eq!(marsal::Army::marsal_a_spion().total(), 40);
    /// ```
    pub const fn marsal_a_spion() -> Army {
        use PieceKind::*;
        Army::EMPTY
            .with(Marshal, 1)
            .with(General, 1)
            .with(Captain, 2)
            .with(Cadet, 3)
            .with(Corporal, 4)
            .with(Gunner, 5)
            .with(Scout, 8)
            .with(Miner, 6)
            .with(Spy, 1)
            .with(Mine, 8)
            .with(Flag, 1)
    }

    /// The classic Stratego army of 40: Marshal 1, General 1, Colonel 2, Major 3,
    /// Captain 4, Lieutenant 4, Sergeant 4, Miner 5, Scout 8, Spy 1, Bomb 6, Flag 1.
    ///
    /// ```
    /// assert_eq!(marsal::Army::classic().total(), 40);
    /// ```
    pub const fn classic() -> Army {
        use PieceKind::*;
        Army::EMPTY
            .with(Marshal, 1)
            .with(General, 1)
            .with(Colonel, 2)
            .with(Major, 3)
            .with(Captain, 4)
            .with(Lieutenant, 4)
            .with(Sergeant, 4)
            .with(Miner, 5)
            .with(Scout, 8)
            .with(Spy, 1)
            .with(Bomb, 6)
            .with(Flag, 1)
    }

    /// The Barrage army of 8: Flag, Marshal, General, 2 Scouts, Miner, Spy, Bomb.
    ///
    /// ```
    /// assert_eq!(marsal::Army::barrage().total(), 8);
    /// ```
    pub const fn barrage() -> Army {
        use PieceKind::*;
        Army::EMPTY
            .with(Flag, 1)
            .with(Marshal, 1)
            .with(General, 1)
            .with(Scout, 2)
            .with(Miner, 1)
            .with(Spy, 1)
            .with(Bomb, 1)
    }

    /// This army with `count` pieces of `kind`.
    ///
    /// ```
    /// use marsal::{Army, PieceKind};
    /// assert_eq!(Army::EMPTY.with(PieceKind::Spy, 3).count(PieceKind::Spy), 3);
    /// ```
    #[must_use]
    pub const fn with(mut self, kind: PieceKind, count: u8) -> Army {
        self.counts[kind as usize] = count;
        self
    }

    /// Sets the count of `kind`.
    ///
    /// ```
    /// use marsal::{Army, PieceKind};
    /// let mut a = Army::classic();
    /// a.set(PieceKind::Scout, 0);
    /// assert_eq!(a.total(), 32);
    /// ```
    pub fn set(&mut self, kind: PieceKind, count: u8) {
        self.counts[kind as usize] = count;
    }

    /// The number of pieces of `kind`.
    ///
    /// ```
    /// assert_eq!(marsal::Army::classic().count(marsal::PieceKind::Bomb), 6);
    /// ```
    #[inline]
    pub const fn count(&self, kind: PieceKind) -> u8 {
        self.counts[kind as usize]
    }

    /// The number of pieces in all.
    ///
    /// ```
    /// assert_eq!(marsal::Army::EMPTY.total(), 0);
    /// ```
    pub const fn total(&self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < KIND_COUNT {
            n += self.counts[i] as usize;
            i += 1;
        }
        n
    }

    /// The kinds with at least one piece.
    ///
    /// ```
    /// use marsal::{Army, PieceKind};
    /// assert!(Army::barrage().kinds().contains(PieceKind::Bomb));
    /// assert!(!Army::barrage().kinds().contains(PieceKind::Mine));
    /// ```
    pub fn kinds(&self) -> KindSet {
        let mut bits = 0;
        for (i, &n) in self.counts.iter().enumerate() {
            bits |= u16::from(n > 0) << i;
        }
        KindSet::from_bits(bits)
    }

    /// `(kind, count)` for every kind with at least one piece, in
    /// [`PieceKind::ALL`] order.
    ///
    /// ```
    /// let total: usize = marsal::Army::classic().iter().map(|(_, n)| n as usize).sum();
    /// assert_eq!(total, 40);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (PieceKind, u8)> + '_ {
        PieceKind::ALL
            .into_iter()
            .map(|k| (k, self.count(k)))
            .filter(|(_, n)| *n > 0)
    }
}

impl fmt::Debug for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// How strong each kind is in combat: a higher number beats a lower one, equal
/// numbers remove both. Kinds that never fight by strength (Mine, Bomb, Flag)
/// and kinds an army does not have may be left at 0.
///
/// Its serde form is a map from kind name to strength.
///
/// ```
/// use marsal::{PieceKind, Strengths};
/// let s = Strengths::marsal_a_spion();
/// assert!(s.get(PieceKind::Scout) > s.get(PieceKind::Miner));
/// let swapped = s.swapped(PieceKind::Scout, PieceKind::Miner);
/// assert!(swapped.get(PieceKind::Scout) < swapped.get(PieceKind::Miner));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Strengths {
    values: [u8; KIND_COUNT],
}

impl Strengths {
    /// No strengths set.
    pub const EMPTY: Strengths = Strengths {
        values: [0; KIND_COUNT],
    };

    /// The Czech order, strongest first: Marshal, General, Captain, Cadet, Corporal,
    /// Gunner, Scout, Miner, Spy (values 9 down to 1). **\[decision\]** Scout ranks
    /// above Miner, as on the rules sheet and the board legend; the other reading
    /// is `Strengths::marsal_a_spion().swapped(Scout, Miner)`.
    ///
    /// ```
    /// use marsal::{PieceKind::*, Strengths};
    /// let s = Strengths::marsal_a_spion();
    /// assert_eq!((s.get(Marshal), s.get(Spy)), (9, 1));
    /// ```
    pub const fn marsal_a_spion() -> Strengths {
        use PieceKind::*;
        Strengths::EMPTY
            .with(Marshal, 9)
            .with(General, 8)
            .with(Captain, 7)
            .with(Cadet, 6)
            .with(Corporal, 5)
            .with(Gunner, 4)
            .with(Scout, 3)
            .with(Miner, 2)
            .with(Spy, 1)
    }

    /// The classic ranks: Marshal 10, General 9, Colonel 8, Major 7, Captain 6,
    /// Lieutenant 5, Sergeant 4, Miner 3, Scout 2, Spy 1.
    ///
    /// ```
    /// use marsal::{PieceKind::*, Strengths};
    /// assert_eq!(Strengths::classic().get(Miner), 3);
    /// ```
    pub const fn classic() -> Strengths {
        use PieceKind::*;
        Strengths::EMPTY
            .with(Marshal, 10)
            .with(General, 9)
            .with(Colonel, 8)
            .with(Major, 7)
            .with(Captain, 6)
            .with(Lieutenant, 5)
            .with(Sergeant, 4)
            .with(Miner, 3)
            .with(Scout, 2)
            .with(Spy, 1)
    }

    /// These strengths with `kind` set to `value`.
    ///
    /// ```
    /// use marsal::{PieceKind, Strengths};
    /// assert_eq!(Strengths::EMPTY.with(PieceKind::Gunner, 4).get(PieceKind::Gunner), 4);
    /// ```
    #[must_use]
    pub const fn with(mut self, kind: PieceKind, value: u8) -> Strengths {
        self.values[kind as usize] = value;
        self
    }

    /// These strengths with the values of `a` and `b` exchanged (the Czech
    /// "rank order" option swaps Scout and Miner).
    ///
    /// ```
    /// use marsal::{PieceKind::*, Strengths};
    /// let s = Strengths::classic().swapped(Scout, Miner);
    /// assert_eq!((s.get(Scout), s.get(Miner)), (3, 2));
    /// ```
    #[must_use]
    pub const fn swapped(mut self, a: PieceKind, b: PieceKind) -> Strengths {
        let t = self.values[a as usize];
        self.values[a as usize] = self.values[b as usize];
        self.values[b as usize] = t;
        self
    }

    /// The strength of `kind` (0 when not set).
    ///
    /// ```
    /// assert_eq!(marsal::Strengths::classic().get(marsal::PieceKind::Flag), 0);
    /// ```
    #[inline]
    pub const fn get(&self, kind: PieceKind) -> u8 {
        self.values[kind as usize]
    }

    /// Sets the strength of `kind`.
    ///
    /// ```
    /// use marsal::{PieceKind, Strengths};
    /// let mut s = Strengths::classic();
    /// s.set(PieceKind::Spy, 2);
    /// assert_eq!(s.get(PieceKind::Spy), 2);
    /// ```
    pub fn set(&mut self, kind: PieceKind, value: u8) {
        self.values[kind as usize] = value;
    }

    /// The kinds with a strength (not 0).
    pub(crate) fn ranked(&self) -> KindSet {
        let mut bits = 0;
        for (i, &v) in self.values.iter().enumerate() {
            bits |= u16::from(v > 0) << i;
        }
        KindSet::from_bits(bits)
    }

    /// `(kind, strength)` for every kind with a non-zero strength.
    ///
    /// ```
    /// assert_eq!(marsal::Strengths::classic().iter().count(), 10);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (PieceKind, u8)> + '_ {
        PieceKind::ALL
            .into_iter()
            .map(|k| (k, self.get(k)))
            .filter(|(_, n)| *n > 0)
    }
}

impl fmt::Debug for Strengths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use serde::de::{MapAccess, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    fn ser<S: Serializer>(values: &[u8; KIND_COUNT], s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(
            PieceKind::ALL
                .into_iter()
                .filter(|k| values[k.index()] > 0)
                .map(|k| (k, values[k.index()])),
        )
    }

    fn de<'de, D: Deserializer<'de>>(
        d: D,
        what: &'static str,
    ) -> Result<[u8; KIND_COUNT], D::Error> {
        struct V(&'static str);
        impl<'de> Visitor<'de> for V {
            type Value = [u8; KIND_COUNT];
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.0)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut out = [0u8; KIND_COUNT];
                while let Some((k, v)) = m.next_entry::<PieceKind, u8>()? {
                    out[k.index()] = v;
                }
                Ok(out)
            }
        }
        d.deserialize_map(V(what))
    }

    impl Serialize for Army {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            ser(&self.counts, s)
        }
    }
    impl<'de> Deserialize<'de> for Army {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Army, D::Error> {
            de(d, "a map from piece kind to count").map(|counts| Army { counts })
        }
    }
    impl Serialize for Strengths {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            ser(&self.values, s)
        }
    }
    impl<'de> Deserialize<'de> for Strengths {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strengths, D::Error> {
            de(d, "a map from piece kind to strength").map(|values| Strengths { values })
        }
    }
}
