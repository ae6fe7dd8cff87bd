//! A chi-square check that a random draw is uniform over the legal moves.

use marsal::Move;
use std::collections::HashMap;

/// Draws per legal move.
pub const DRAWS_PER_MOVE: usize = 200;

/// The upper standard normal quantile for `1 - 0.99999`.
pub const Z_99_999: f64 = 4.264_890_793_922_825;

/// The 99.999 % quantile of the chi-square distribution with `df` degrees of
/// freedom, by the Wilson–Hilferty approximation
/// `df · (1 − 2/(9 df) + z · √(2/(9 df)))³`: at this quantile it errs on the
/// high side by about 11 % for one degree of freedom, 7 % for two, and under
/// 2 % from ten on; more precision than a bound this generous needs.
pub fn chi_square_bound(df: usize) -> f64 {
    let k = df as f64;
    let a = 2.0 / (9.0 * k);
    k * (1.0 - a + Z_99_999 * a.sqrt()).powi(3)
}

/// Draws `DRAWS_PER_MOVE × legal.len()` moves with `draw` and checks that the
/// draws are uniform over `legal`: every draw is a move of `legal` (`None` only
/// when `legal` is empty), every move is drawn, and the chi-square statistic is
/// below [`chi_square_bound`]. Returns the statistic and the bound.
pub fn check_uniform(
    legal: &[Move],
    mut draw: impl FnMut() -> Option<Move>,
) -> Result<(f64, f64), String> {
    let k = legal.len();
    if k == 0 {
        return match draw() {
            None => Ok((0.0, 0.0)),
            Some(m) => Err(format!("{m} drawn where no move is legal")),
        };
    }
    let n = DRAWS_PER_MOVE * k;
    let mut counts: HashMap<Move, usize> = legal.iter().map(|m| (*m, 0)).collect();
    if counts.len() != k {
        return Err("the legal moves list a move twice".into());
    }
    for i in 0..n {
        let m = draw().ok_or_else(|| format!("draw {i}: no move drawn, {k} are legal"))?;
        *counts
            .get_mut(&m)
            .ok_or_else(|| format!("draw {i}: {m} is not a legal move"))? += 1;
    }
    let never: Vec<String> = legal
        .iter()
        .filter(|m| counts[m] == 0)
        .map(|m| m.to_string())
        .collect();
    if !never.is_empty() {
        return Err(format!(
            "{} of {k} legal moves never drawn in {n} draws: {}",
            never.len(),
            never.join(" ")
        ));
    }
    let expected = n as f64 / k as f64;
    let chi2: f64 = counts
        .values()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    let bound = if k == 1 { 0.0 } else { chi_square_bound(k - 1) };
    if k > 1 && chi2 >= bound {
        let (lo, hi) = (
            counts.values().min().copied().unwrap_or(0),
            counts.values().max().copied().unwrap_or(0),
        );
        return Err(format!(
            "not uniform over {k} moves: chi-square {chi2:.1} >= {bound:.1} \
             (expected {expected:.0} each, counts {lo}..={hi})"
        ));
    }
    Ok((chi2, bound))
}
