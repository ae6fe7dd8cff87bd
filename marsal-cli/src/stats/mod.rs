//! The statistics of `marsal match` and `marsal tournament`: results counted
//! game by game ([`Trinomial`]) or pair by pair ([`Pentanomial`], two games
//! with the same setups and colours swapped), the Elo difference with its 95 %
//! interval ([`elo`]), and the sequential probability ratio test ([`sprt`]).

pub mod elo;
pub mod pentanomial;
pub mod sprt;

pub use elo::Estimate;
pub use pentanomial::{Pentanomial, Trinomial};
pub use sprt::Sprt;

/// A sample of scores: how many, their mean and their variance (of one
/// score, not of the mean). For games a score is 1, ½ or 0; for pairs it is
/// the pair's mean, 0, ¼, ½, ¾ or 1.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sample {
    /// Games (or pairs).
    pub n: f64,
    /// The mean score.
    pub mean: f64,
    /// The variance of one game's (or pair's) score.
    pub var: f64,
}

impl Sample {
    /// The sample of `counts[i]` scores of `values[i]` each.
    pub fn of(values: &[f64], counts: &[f64]) -> Sample {
        let n: f64 = counts.iter().sum();
        if n == 0.0 {
            return Sample {
                n,
                mean: 0.5,
                var: 0.0,
            };
        }
        let mean = values.iter().zip(counts).map(|(v, c)| v * c).sum::<f64>() / n;
        let var = values
            .iter()
            .zip(counts)
            .map(|(v, c)| c * (v - mean) * (v - mean))
            .sum::<f64>()
            / n;
        Sample { n, mean, var }
    }
}
