//! Results counted game by game (wins, draws, losses: the trinomial model)
//! or pair by pair (the pentanomial model: two games with the same setups
//! and colours swapped score 0, ½, 1, 1½ or 2 together). Pairs cancel the
//! luck of the setups, so their variance is the honest one for paired games;
//! fastchess reports the same five counts.

use super::{Estimate, Sample};

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Trinomial {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Trinomial {
    /// Counts one game's score (1, ½ or 0).
    pub fn add(&mut self, score: f64) {
        if score > 0.5 {
            self.wins += 1;
        } else if score < 0.5 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// The scores as a sample.
    pub fn sample(&self) -> Sample {
        Sample::of(
            &[1.0, 0.5, 0.0],
            &[self.wins, self.draws, self.losses].map(f64::from),
        )
    }

    /// The Elo difference and its 95 % interval.
    pub fn estimate(&self) -> Estimate {
        Estimate::of(self.sample())
    }
}

/// Pairs of games counted by their points: `counts[k]` pairs scored `k`
/// half-points (0: two losses, 1: a loss and a draw, 2: two draws or a win
/// and a loss, 3: a win and a draw, 4: two wins).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Pentanomial {
    /// Pairs by half-points, 0 to 4.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Counts a pair from its two games' scores (each 1, ½ or 0).
    pub fn add(&mut self, a: f64, b: f64) {
        let k = ((a + b) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The pairs' mean scores (0, ¼, ½, ¾, 1) as a sample; `floor` replaces
    /// every count below it (fishtest gives empty classes 0.001 for the SPRT).
    pub fn sample_with_floor(&self, floor: f64) -> Sample {
        Sample::of(
            &[0.0, 0.25, 0.5, 0.75, 1.0],
            &self.counts.map(|c| f64::from(c).max(floor)),
        )
    }

    /// The pairs' mean scores as a sample.
    pub fn sample(&self) -> Sample {
        self.sample_with_floor(0.0)
    }

    /// The Elo difference and its 95 % interval, from the pairs.
    pub fn estimate(&self) -> Estimate {
        Estimate::of(self.sample())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ten pairs: 1 lost twice, 2 lost and drawn, 3 split, 3 won and drawn, 1
    /// won twice. By hand: mean (2·¼ + 3·½ + 3·¾ + 1)/10 = 0.525; variance of
    /// a pair (1·0.525² + 2·0.275² + 3·0.025² + 3·0.225² + 1·0.475²)/10 =
    /// 0.080625; standard error √(0.080625/10) = 0.089792; the interval
    /// 0.525 ± 1.959964·0.089792 = 0.349012 to 0.700988, in Elo
    /// −400·log10(1/s − 1): +17.39, −108.29 to +148.01, ± 128.15.
    #[test]
    fn the_pentanomial_interval_matches_the_hand_computation() {
        let p = Pentanomial {
            counts: [1, 2, 3, 3, 1],
        };
        let s = p.sample();
        assert_eq!(s.n, 10.0);
        assert!((s.mean - 0.525).abs() < 1e-12);
        assert!((s.var - 0.080625).abs() < 1e-12);
        let e = p.estimate();
        assert!((e.elo - 17.386).abs() < 0.01, "{e:?}");
        assert!((e.lower + 108.293).abs() < 0.01, "{e:?}");
        assert!((e.upper - 148.009).abs() < 0.01, "{e:?}");
        assert!((e.error().unwrap() - 128.151).abs() < 0.01, "{e:?}");
        assert_eq!(e.text(), "Elo +17 ± 128 (95 % interval -108 to +148)");
    }

    /// 7 wins, 7 draws, 6 losses: mean 10.5/20 = 0.525; variance (7·0.475² +
    /// 7·0.025² + 6·0.525²)/20 = 0.161875; standard error 0.089965; the
    /// interval 0.348668 to 0.701332, in Elo −108.55 to +148.29.
    #[test]
    fn the_trinomial_interval_matches_the_hand_computation() {
        let t = Trinomial {
            wins: 7,
            draws: 7,
            losses: 6,
        };
        assert_eq!(t.points(), 10.5);
        let s = t.sample();
        assert!((s.var - 0.161875).abs() < 1e-12);
        let e = t.estimate();
        assert!((e.lower + 108.554).abs() < 0.01, "{e:?}");
        assert!((e.upper - 148.291).abs() < 0.01, "{e:?}");
    }

    #[test]
    fn a_pair_is_counted_by_its_half_points() {
        let mut p = Pentanomial::default();
        p.add(1.0, 0.0);
        p.add(0.5, 0.5);
        p.add(1.0, 0.5);
        p.add(0.0, 0.0);
        assert_eq!(p.counts, [1, 0, 2, 1, 0]);
    }
}
