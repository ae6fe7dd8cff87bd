//! The sequential probability ratio test of fastchess and fishtest, in its
//! logistic-Elo form (fastchess's `model=logistic`, fishtest's
//! `LLR_logistic`): the generalized SPRT with Van den Bergh's approximation
//!
//! ```text
//! LLR = n (s1 - s0) (2 m - s0 - s1) / (2 v)
//! ```
//!
//! where `n`, `m`, `v` are the number, mean score and variance of the pairs
//! (pentanomial) or games (trinomial), and `s0`, `s1` the scores of the
//! hypotheses' logistic Elo `elo0`, `elo1`. Empty classes count 0.001, as
//! fishtest's `regularize` does, so that the variance is never zero. The test
//! stops when the LLR leaves `(ln(β/(1−α)), ln((1−β)/α))`: below, H0 (the
//! difference is `elo0` or less) is accepted; above, H1 (`elo1` or more).
//!
//! With a handful of results the variance is mostly the 0.001 of the empty
//! classes and the LLR swings wildly (one lost game alone gives −11.9
//! for elo0 = 0, elo1 = 20), so no verdict is given before [`Sprt::MIN_UNITS`]
//! pairs (or games); the LLR is shown from the start.

use super::elo::score_of_elo;
use super::{Pentanomial, Sample, Trinomial};

/// The test's parameters.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sprt {
    /// H0's Elo difference.
    pub elo0: f64,
    /// H1's Elo difference (more than `elo0`).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where the test stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The LLR is between the bounds: more games are needed.
    Continue,
    /// H0 accepted: the LLR fell to the lower bound.
    H0,
    /// H1 accepted: the LLR rose to the upper bound.
    H1,
}

impl Sprt {
    /// Reads `elo0=0 elo1=10 alpha=0.05 beta=0.05` (words in any order, all
    /// four needed) and checks that they make sense.
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let mut got: [Option<f64>; 4] = [None; 4];
        let names = ["elo0", "elo1", "alpha", "beta"];
        for word in words.iter().flat_map(|w| w.split_whitespace()) {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("--sprt: {word:?} is not NAME=VALUE"))?;
            let i = names
                .iter()
                .position(|n| *n == key)
                .ok_or_else(|| format!("--sprt: {key:?} is none of elo0, elo1, alpha, beta"))?;
            let v: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("--sprt: {key}={value:?} is not a number"))?;
            got[i] = Some(v);
        }
        let need = |i: usize| got[i].ok_or_else(|| format!("--sprt needs {}=…", names[i]));
        let s = Sprt {
            elo0: need(0)?,
            elo1: need(1)?,
            alpha: need(2)?,
            beta: need(3)?,
        };
        if s.elo0 >= s.elo1 {
            return Err(format!(
                "--sprt: elo0 ({}) must be less than elo1 ({})",
                s.elo0, s.elo1
            ));
        }
        for (name, p) in [("alpha", s.alpha), ("beta", s.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!(
                    "--sprt: {name} ({p}) must be a probability between 0 and 0.5"
                ));
            }
        }
        if s.elo0.abs() >= 800.0 || s.elo1.abs() >= 800.0 {
            return Err("--sprt: elo0 and elo1 must lie within ±800".into());
        }
        Ok(s)
    }

    /// The lower and upper bounds of the LLR: `ln(β/(1−α))`, `ln((1−β)/α)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The LLR of a sample of scores (see the module's documentation).
    pub fn llr_of(&self, s: Sample) -> f64 {
        if s.n == 0.0 || s.var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        s.n * (s1 - s0) * (2.0 * s.mean - s0 - s1) / (2.0 * s.var)
    }

    /// The LLR of paired games.
    pub fn llr_pairs(&self, p: &Pentanomial) -> f64 {
        if p.pairs() == 0 {
            return 0.0;
        }
        self.llr_of(p.sample_with_floor(0.001))
    }

    /// The LLR of games counted one by one.
    pub fn llr_games(&self, t: &Trinomial) -> f64 {
        if t.games() == 0 {
            return 0.0;
        }
        self.llr_of(Sample::of(
            &[1.0, 0.5, 0.0],
            &[t.wins, t.draws, t.losses].map(|c| f64::from(c).max(0.001)),
        ))
    }

    /// Pairs (or games) before the test may stop.
    pub const MIN_UNITS: u32 = 10;

    /// The verdict at `llr` after `units` pairs (or games): none before
    /// [`Sprt::MIN_UNITS`].
    pub fn verdict(&self, llr: f64, units: u32) -> Verdict {
        let (lo, hi) = self.bounds();
        if units < Self::MIN_UNITS {
            Verdict::Continue
        } else if llr <= lo {
            Verdict::H0
        } else if llr >= hi {
            Verdict::H1
        } else {
            Verdict::Continue
        }
    }

    /// `elo0=0 elo1=10 alpha=0.05 beta=0.05`.
    pub fn describe(&self) -> String {
        format!(
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        vec![s.to_string()]
    }

    /// The ten pairs of the pentanomial test (mean 0.525, variance 0.080625),
    /// elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 1/(1 + 10^(−10/400)) = 0.514387;
    /// LLR = 10 · 0.014387 · (1.05 − 1.014387) / (2 · 0.080625) = 0.031775.
    /// Bounds at α = β = 0.05: ln(0.05/0.95) = −2.944439 and +2.944439.
    #[test]
    fn the_llr_and_bounds_match_the_hand_computation() {
        let s = Sprt::parse(&words("elo0=0 elo1=10 alpha=0.05 beta=0.05")).unwrap();
        let (lo, hi) = s.bounds();
        assert!((lo + 2.944439).abs() < 1e-6 && (hi - 2.944439).abs() < 1e-6);
        let p = Pentanomial {
            counts: [1, 2, 3, 3, 1],
        };
        let llr = s.llr_pairs(&p);
        assert!((llr - 0.031775).abs() < 1e-5, "{llr}");
        assert_eq!(s.verdict(llr, 10), Verdict::Continue);
        // 7 wins, 7 draws, 6 losses (mean 0.525, variance 0.161875):
        // 20 · 0.014387 · 0.035613 / 0.32375 = 0.031652.
        let t = Trinomial {
            wins: 7,
            draws: 7,
            losses: 6,
        };
        assert!((s.llr_games(&t) - 0.031652).abs() < 1e-5);
    }

    #[test]
    fn a_long_run_of_won_pairs_accepts_h1_and_of_lost_pairs_h0() {
        let s = Sprt::parse(&words("elo0=0 elo1=20 alpha=0.05 beta=0.05")).unwrap();
        let won = Pentanomial {
            counts: [2, 5, 20, 25, 10],
        };
        assert_eq!(s.verdict(s.llr_pairs(&won), 62), Verdict::H1);
        let lost = Pentanomial {
            counts: [10, 25, 20, 5, 2],
        };
        assert_eq!(s.verdict(s.llr_pairs(&lost), 62), Verdict::H0);
        // One lost game: an LLR far below the lower bound, but too few games.
        let one = Trinomial {
            wins: 0,
            draws: 0,
            losses: 1,
        };
        let llr = s.llr_games(&one);
        assert!(llr < s.bounds().0, "{llr}");
        assert_eq!(s.verdict(llr, 1), Verdict::Continue);
    }

    #[test]
    fn nonsense_bounds_are_refused() {
        for bad in [
            "elo0=10 elo1=0 alpha=0.05 beta=0.05",
            "elo0=0 elo1=10 alpha=0 beta=0.05",
            "elo0=0 elo1=10 alpha=0.05 beta=1.5",
            "elo0=0 elo1=10 alpha=0.05",
            "elo0=0 elo1=ten alpha=0.05 beta=0.05",
            "elo0=0 elo1=10 alpha=0.05 beta=0.05 gamma=1",
            "elo0=0 elo1=10 alpha=0.05 beta=NaN",
        ] {
            assert!(Sprt::parse(&words(bad)).is_err(), "{bad}");
        }
    }
}
