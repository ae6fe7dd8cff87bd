//! The Elo difference that a score fraction stands for, and its 95 %
//! confidence interval, as fastchess reports it: the normal approximation
//! around the mean score (of games, or of pairs for paired games) turned into
//! Elo at both ends, and the ± half of the interval's width.
//!
//! When every game (or pair) is a win the interval is unbounded above and the
//! variance is zero; then the lower end is the exact binomial
//! (Clopper–Pearson) bound, `0.025^(1/n)` as a score, so that 3 wins of 3
//! say "at least −154" rather than "+inf to +inf". A single game or pair
//! that is not a win or a loss has no spread to measure: its interval is
//! unbounded.

use super::Sample;

/// The two-sided 95 % quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference for a score fraction: `-400 log10(1/score - 1)`,
/// infinite at 0 and 1.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of a side `elo` points stronger (logistic Elo).
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference with its 95 % interval.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Estimate {
    /// Games or pairs the estimate rests on.
    pub n: f64,
    /// The mean score (of a game; a pair's mean is a game's).
    pub score: f64,
    /// The Elo difference (infinite when every game is won or lost).
    pub elo: f64,
    /// The interval's lower end (`-inf`: unbounded below).
    pub lower: f64,
    /// The interval's upper end (`+inf`: unbounded above).
    pub upper: f64,
}

impl Estimate {
    /// The estimate from a sample of game or pair scores.
    pub fn of(sample: Sample) -> Estimate {
        let Sample { n, mean, var } = sample;
        let se = (var / n).sqrt();
        let (lower, upper) = if n == 0.0 {
            (f64::NEG_INFINITY, f64::INFINITY)
        } else if mean >= 1.0 {
            (elo_of_score(0.025f64.powf(1.0 / n)), f64::INFINITY)
        } else if mean <= 0.0 {
            (
                f64::NEG_INFINITY,
                elo_of_score(1.0 - 0.025f64.powf(1.0 / n)),
            )
        } else if n < 2.0 {
            // One score has no spread to measure.
            (f64::NEG_INFINITY, f64::INFINITY)
        } else {
            (elo_of_score(mean - Z95 * se), elo_of_score(mean + Z95 * se))
        };
        Estimate {
            n,
            score: mean,
            elo: elo_of_score(mean),
            lower,
            upper,
        }
    }

    /// Half the interval's width in Elo (fastchess's ±), when both ends are
    /// finite.
    pub fn error(&self) -> Option<f64> {
        (self.lower.is_finite() && self.upper.is_finite()).then(|| (self.upper - self.lower) / 2.0)
    }

    /// For a progress line: `Elo +38 ± 68`, `Elo ≥ -154` (no losses), `Elo
    /// ≤ +154` (no wins), `Elo +191` (one end unbounded), `no Elo yet`.
    pub fn short_text(&self) -> String {
        if self.n == 0.0 {
            return "no Elo yet".into();
        }
        if self.elo == f64::INFINITY {
            return format!("Elo ≥ {}", elo_text(self.lower));
        }
        if self.elo == f64::NEG_INFINITY {
            return format!("Elo ≤ {}", elo_text(self.upper));
        }
        match self.error() {
            Some(e) => format!("Elo {} ± {e:.0}", elo_text(self.elo)),
            None => format!("Elo {}", elo_text(self.elo)),
        }
    }

    /// In words: `Elo +38 ± 68 (95 % interval -30 to +107)`; `Elo +191 (95 %
    /// interval +20 to unbounded)`; `no losses: Elo interval unbounded (95 %:
    /// at least -154)`.
    pub fn text(&self) -> String {
        if self.n == 0.0 {
            return "no games: no Elo".into();
        }
        if self.elo == f64::INFINITY {
            return format!(
                "no losses: Elo interval unbounded (95 %: at least {})",
                elo_text(self.lower)
            );
        }
        if self.elo == f64::NEG_INFINITY {
            return format!(
                "no wins: Elo interval unbounded (95 %: at most {})",
                elo_text(self.upper)
            );
        }
        let interval = match (self.lower.is_finite(), self.upper.is_finite()) {
            (true, true) => format!(
                "± {:.0} (95 % interval {} to {})",
                self.error().unwrap_or(f64::INFINITY),
                elo_text(self.lower),
                elo_text(self.upper)
            ),
            (true, false) => format!("(95 % interval: at least {})", elo_text(self.lower)),
            (false, true) => format!("(95 % interval: at most {})", elo_text(self.upper)),
            (false, false) => "(95 % interval unbounded)".into(),
        };
        format!("Elo {} {interval}", elo_text(self.elo))
    }
}

/// `+12`, `-3`, `0`; an infinite end is `unbounded`.
pub fn elo_text(x: f64) -> String {
    if x.is_infinite() {
        return "unbounded".into();
    }
    let r = x.round();
    if r == 0.0 {
        "0".into()
    } else {
        format!("{r:+.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        assert_eq!(elo_of_score(0.5), 0.0);
        assert!((elo_of_score(0.75) - 190.85).abs() < 0.01);
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert!((score_of_elo(elo_of_score(0.3)) - 0.3).abs() < 1e-12);
    }

    #[test]
    fn three_wins_of_three_give_a_finite_lower_bound_and_say_the_interval_is_unbounded() {
        let e = Estimate::of(Sample::of(&[1.0, 0.5, 0.0], &[3.0, 0.0, 0.0]));
        // 0.025^(1/3) = 0.292402; -400 log10(1/0.292402 - 1) = -153.52.
        assert!((e.lower + 153.52).abs() < 0.01, "{e:?}");
        assert_eq!(
            e.text(),
            "no losses: Elo interval unbounded (95 %: at least -154)"
        );
        let e = Estimate::of(Sample::of(&[1.0, 0.5, 0.0], &[0.0, 0.0, 3.0]));
        assert_eq!(
            e.text(),
            "no wins: Elo interval unbounded (95 %: at most +154)"
        );
    }

    #[test]
    fn a_single_split_pair_says_nothing_about_the_interval() {
        let e = Estimate::of(Sample::of(&[0.0, 0.5, 1.0], &[0.0, 1.0, 0.0]));
        assert_eq!(e.text(), "Elo 0 (95 % interval unbounded)");
    }

    #[test]
    fn an_interval_that_reaches_a_full_score_is_unbounded_above() {
        // 2 wins, 1 draw: mean 5/6, se 0.136, mean + 1.96 se > 1.
        let e = Estimate::of(Sample::of(&[1.0, 0.5, 0.0], &[2.0, 1.0, 0.0]));
        assert_eq!(e.text(), "Elo +280 (95 % interval: at least +47)");
        assert_eq!(e.error(), None);
    }
}
