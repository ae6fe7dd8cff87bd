//! Clock time controls for program bots: a time for the whole game and an
//! increment after each move (`tc=60+0.5`), as fastchess and cutechess give
//! them. A program whose clock runs out forfeits on time, as the 2012
//! manager's bots forfeit when they do not answer in time.

use std::time::Duration;

/// A time control: `base` for the game, `increment` added after each move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    /// The time on the clock at the first move.
    pub base: Duration,
    /// Added to the clock after each of the side's moves.
    pub increment: Duration,
}

impl Clock {
    /// Reads `SECONDS` or `SECONDS+INCREMENT` (seconds, decimals allowed):
    /// `60+0.5`, `10`, `0.5+0.05`.
    pub fn parse(text: &str) -> Result<Clock, String> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |s: &str, what: &str| -> Result<Duration, String> {
            let v: f64 = s
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v >= 0.0 && *v <= 1e6)
                .ok_or_else(|| format!("tc={text}: the {what} {s:?} is not a number of seconds"))?;
            Ok(Duration::from_secs_f64(v))
        };
        let clock = Clock {
            base: seconds(base, "time")?,
            increment: seconds(inc, "increment")?,
        };
        if clock.base.is_zero() {
            return Err(format!("tc={text}: a game needs some time on the clock"));
        }
        Ok(clock)
    }

    /// `60+0.5`.
    pub fn describe(&self) -> String {
        format!(
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// A side's clock during a game.
#[derive(Clone, Copy, Debug)]
pub struct Running {
    clock: Clock,
    left: Duration,
}

impl Running {
    /// A full clock.
    pub fn new(clock: Clock) -> Running {
        Running {
            clock,
            left: clock.base,
        }
    }

    /// The time left for the next answer.
    pub fn left(&self) -> Duration {
        self.left
    }

    /// The side answered after `spent`: `false` when that ran the clock
    /// out, else the clock keeps what is left plus the increment.
    pub fn spend(&mut self, spent: Duration) -> bool {
        match self.left.checked_sub(spent) {
            Some(left) => {
                self.left = left + self.clock.increment;
                true
            }
            None => {
                self.left = Duration::ZERO;
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_control_is_seconds_and_an_increment() {
        let c = Clock::parse("60+0.5").unwrap();
        assert_eq!(c.base, Duration::from_secs(60));
        assert_eq!(c.increment, Duration::from_millis(500));
        assert_eq!(Clock::parse("10").unwrap().increment, Duration::ZERO);
        assert_eq!(c.describe(), "60+0.5");
        for bad in ["", "x", "0", "-1+1", "1+y", "inf", "NaN+1"] {
            assert!(Clock::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_clock_keeps_what_is_left_plus_the_increment_until_it_runs_out() {
        let mut r = Running::new(Clock::parse("1+0.25").unwrap());
        assert!(r.spend(Duration::from_millis(600)));
        assert_eq!(r.left(), Duration::from_millis(650));
        assert!(r.spend(Duration::from_millis(650)));
        assert_eq!(r.left(), Duration::from_millis(250));
        assert!(!r.spend(Duration::from_millis(251)));
        assert_eq!(r.left(), Duration::ZERO);
    }
}
