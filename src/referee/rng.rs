//! A small, fast, seedable random number generator (no heap, no `std`).

/// SplitMix64: a tiny deterministic generator, good enough for random setups,
/// random bots and playouts. The same seed gives the same sequence on every
/// platform and in every version of this crate.
///
/// ```
/// use marsal::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator started from `seed`.
    ///
    /// ```
    /// let _ = marsal::Rng::new(0);
    /// ```
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// let mut r = marsal::Rng::new(1);
    /// assert_ne!(r.next_u64(), r.next_u64());
    /// ```
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.state)
    }

    /// A uniformly distributed number in `0..n` (0 when `n` is 0).
    ///
    /// ```
    /// let mut r = marsal::Rng::new(3);
    /// assert!((0..100).all(|_| r.below(6) < 6));
    /// assert_eq!(r.below(0), 0);
    /// ```
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        // Lemire's multiply-shift with rejection: exactly uniform. The
        // threshold (a division) is needed only when the low half is below `n`.
        let mut m = u64::from(self.next_u64() as u32) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u64() as u32) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }
}

/// The SplitMix64 output function (also used to derive Zobrist keys).
#[inline]
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of the `index`-th game of a batch started from `seed`:
/// `seed * 0x9E3779B9 + index` (modulo 2^64), the formula of every host's
/// batch calls (the host layer, `marsal-host`, plays its random playouts
/// with it) and of the playout benchmark.
///
/// ```
/// assert_eq!(marsal::batch_seed(1, 2), 0x9E37_79B9 + 2);
/// assert_eq!(marsal::batch_seed(0, 5), 5);
/// ```
#[inline]
pub const fn batch_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9).wrapping_add(index)
}

#[cfg(test)]
mod tests {
    use super::batch_seed;

    #[test]
    fn a_batch_seed_is_the_seed_times_0x9e3779b9_plus_the_index_modulo_2_to_the_64() {
        assert_eq!(batch_seed(1, 2), 0x9E37_79B9 + 2);
        assert_eq!(batch_seed(3, 0), 3 * 0x9E37_79B9);
        assert_eq!(batch_seed(0, 7), 7);
        assert_eq!(
            batch_seed(1 << 40, 1),
            (0x9E37_79B9u64 << 40).wrapping_add(1)
        );
    }
}
