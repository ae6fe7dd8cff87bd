//! Counts of positions by hash since the last irreversible move, so that the
//! repeated-position draw ([`Ruleset::repetition_draw`](crate::Ruleset)) costs
//! O(1) amortised a move instead of a walk back over every move since the last
//! fight.
//!
//! The counts are an upper bound of the true number of times a position stood
//! (two different positions may share a 64-bit Zobrist hash): a count below the
//! limit proves the limit is not reached; only a count at the limit is
//! confirmed by comparing the boards exactly (see [`Game`](crate::Game)).

use alloc::vec::Vec;

/// A multiset of 64-bit position hashes, kept as counts by a 31-bit
/// fingerprint in an open-addressing table with linear probing (8 bytes a
/// slot: the fingerprint, never 0, above the count; 0 is an empty slot). Two
/// hashes of one fingerprint in one probe sequence share a count: the counts
/// only ever err upwards. Entries whose count fell to 0 (by undo) stay until
/// the table grows or is cleared.
#[derive(Clone, Debug, Default)]
pub(crate) struct HashCounts {
    slots: Vec<u64>,
    /// Slots in use (counts of 0 included).
    used: usize,
    /// How many hashes the multiset holds (the sum of the counts).
    total: usize,
    /// Positions compared board to board by the repeated-position draw (the
    /// work `Game::repetition_positions_compared` reports; kept across
    /// `clear`). Not part of a game's value.
    pub(crate) compared: u64,
}

/// The counts are derived from a game's history: two games with the same
/// history have the same counts, so they never make games unequal.
impl PartialEq for HashCounts {
    fn eq(&self, _: &HashCounts) -> bool {
        true
    }
}
impl Eq for HashCounts {}

/// The fingerprint of `key`: its high 32 bits with the lowest of them set
/// (never 0), in the high half of a slot. The slot index comes from it too, so
/// the table can grow without the full keys.
fn fingerprint(key: u64) -> u64 {
    (key | (1 << 32)) & !0xFFFF_FFFF
}

impl HashCounts {
    /// How many hashes the multiset holds.
    pub(crate) fn total(&self) -> usize {
        self.total
    }

    /// The slot of fingerprint `fp`, or of the empty slot where it would go.
    fn find(&self, fp: u64) -> usize {
        let mask = self.slots.len() - 1;
        let bits = self.slots.len().trailing_zeros();
        // Fibonacci hashing over the table's power-of-two size.
        let mut i = (fp.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize;
        loop {
            let slot = self.slots[i];
            if slot == 0 || slot & !0xFFFF_FFFF == fp {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// How many times `key` is in the multiset (or more, see above).
    pub(crate) fn get(&self, key: u64) -> u32 {
        if self.slots.is_empty() {
            return 0;
        }
        self.slots[self.find(fingerprint(key))] as u32
    }

    /// Adds `key` once; returns its new count.
    pub(crate) fn insert(&mut self, key: u64) -> u32 {
        if (self.used + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let i = self.find(fingerprint(key));
        let slot = &mut self.slots[i];
        if *slot == 0 {
            *slot = fingerprint(key);
            self.used += 1;
        }
        *slot += 1;
        self.total += 1;
        *slot as u32
    }

    /// Removes `key` once (when it is there; only call it for a key that was
    /// inserted, as another key of the same fingerprint would lose a count).
    pub(crate) fn remove(&mut self, key: u64) {
        if self.slots.is_empty() {
            return;
        }
        let i = self.find(fingerprint(key));
        let slot = &mut self.slots[i];
        if *slot as u32 > 0 {
            *slot -= 1;
            self.total -= 1;
        }
    }

    /// Empties the multiset, keeping its memory.
    pub(crate) fn clear(&mut self) {
        if self.used > 0 {
            self.slots.iter_mut().for_each(|s| *s = 0);
        }
        self.used = 0;
        self.total = 0;
    }

    /// Rehashes the live entries into a table of at least three times their
    /// number, dropping entries counted 0 (then between a sixth and a third full).
    fn grow(&mut self) {
        let live: Vec<u64> = self
            .slots
            .iter()
            .copied()
            .filter(|&s| s as u32 > 0)
            .collect();
        let size = ((live.len() + 1) * 3).next_power_of_two().max(16);
        self.slots = alloc::vec![0; size];
        self.used = 0;
        for s in live {
            let i = self.find(s & !0xFFFF_FFFF);
            self.slots[i] = s;
            self.used += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A slot's fingerprint is never 0, the empty slot, whatever the hash: an
    /// entry taken back to a count of 0 would otherwise look empty and cut the
    /// probe sequence of the positions stored after it, so their counts (and
    /// the repeated-position draw) would be lost.
    #[test]
    fn no_hash_has_the_fingerprint_of_an_empty_slot() {
        for key in [
            0,
            1 << 32,
            0xFFFF_FFFF,
            0x1_FFFF_FFFF,
            u64::MAX,
            0x8000_0000_0000_0000,
        ] {
            let fp = fingerprint(key);
            assert_ne!(fp, 0, "{key:#x}");
            assert_eq!(fp & 0xFFFF_FFFF, 0, "{key:#x}: the count's half is free");
            assert_eq!(
                fp >> 33,
                key >> 33,
                "{key:#x}: the high bits are the hash's"
            );
        }
    }

    #[test]
    fn counts_insert_remove_grow_and_clear() {
        let mut c = HashCounts::default();
        assert_eq!(c.get(7), 0);
        for round in 1..=3u32 {
            for k in 0..1000u64 {
                assert_eq!(c.insert(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)), round);
            }
        }
        assert_eq!(c.total(), 3000);
        for k in 0..1000u64 {
            c.remove(k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        }
        assert_eq!(c.get(5u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)), 2);
        c.remove(0xDEAD_BEEF_0000_0000); // absent: nothing changes
        assert_eq!(c.total(), 2000);
        c.clear();
        assert_eq!((c.total(), c.get(0)), (0, 0));
    }
}
