//! The terminal: how wide it is, lines that fit it, and how often a run
//! reports its progress.

use std::time::{Duration, Instant};

/// The width assumed when the output is no terminal or tells no width.
pub const DEFAULT_WIDTH: usize = 80;

/// The narrowest width believed (a smaller one is read as a wrong answer).
const NARROWEST: usize = 40;

/// The width of the terminal on standard output, else [`DEFAULT_WIDTH`].
pub fn stdout_width() -> usize {
    terminal_size::terminal_size_of(std::io::stdout())
        .map(|(w, _)| usize::from(w.0))
        .filter(|&w| w >= NARROWEST)
        .unwrap_or(DEFAULT_WIDTH)
}

/// The width of the terminal on standard error, else [`DEFAULT_WIDTH`].
pub fn stderr_width() -> usize {
    terminal_size::terminal_size_of(std::io::stderr())
        .map(|(w, _)| usize::from(w.0))
        .filter(|&w| w >= NARROWEST)
        .unwrap_or(DEFAULT_WIDTH)
}

/// The columns standard error's lines may take: the terminal's width, at
/// most 80.
pub fn err_columns() -> usize {
    stderr_width().min(DEFAULT_WIDTH)
}

/// The columns standard output's lines may take: the terminal's width, at
/// most 80.
pub fn out_columns() -> usize {
    stdout_width().min(DEFAULT_WIDTH)
}

/// Writes `text` to standard error, each line wrapped to
/// [`err_columns`].
pub fn note(text: &str) {
    eprintln!("{}", crate::words::wrap(text, err_columns()));
}

/// `line` cut to fewer than `width` characters (an ellipsis at the cut), so
/// that a terminal never wraps it and `\r` rewrites it in place.
pub fn fit(line: &str, width: usize) -> String {
    let room = width.saturating_sub(1).max(1);
    if line.chars().count() <= room {
        return line.to_string();
    }
    let mut cut: String = line.chars().take(room - 1).collect();
    cut.push('…');
    cut
}

/// When a run without a terminal writes a progress line: at each tenth of
/// its games, and at least every half minute.
pub struct Pace {
    step: usize,
    last: Instant,
    every: Duration,
}

impl Pace {
    /// The pace of a run of `total` games.
    pub fn new(total: usize) -> Pace {
        Pace {
            step: total.div_ceil(10).max(1),
            last: Instant::now(),
            every: Duration::from_secs(30),
        }
    }

    /// Whether to write a line now that `done` games are done.
    pub fn due(&mut self, done: usize) -> bool {
        if done % self.step == 0 || self.last.elapsed() >= self.every {
            self.last = Instant::now();
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_below_the_width_with_an_ellipsis() {
        let line = "x".repeat(120);
        let cut = fit(&line, 80);
        assert_eq!(cut.chars().count(), 79);
        assert!(cut.ends_with('…'));
        assert_eq!(fit("short", 80), "short");
    }

    #[test]
    fn a_run_reports_each_tenth_of_its_games() {
        let mut pace = Pace::new(100);
        let due: Vec<usize> = (1..=100).filter(|&d| pace.due(d)).collect();
        assert_eq!(due, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
        let mut small = Pace::new(4);
        assert!((1..=4).all(|d| small.due(d)));
    }
}
