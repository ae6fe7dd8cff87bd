//! A learning environment's step, as every environment reports it: the
//! reward of a side (+1 a win, -1 a loss, 0 otherwise), whether the game
//! ended by the rules (terminated) or was cut off by the environment's ply
//! limit (truncated).

use marsal::{Side, Status};

/// How a game stands after a step, for one side.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct StepResult {
    /// +1.0 when the side won, -1.0 when it lost, else 0.0.
    pub reward: f32,
    /// The game ended by the rules.
    pub terminated: bool,
    /// The game goes on but reached the environment's ply limit.
    pub truncated: bool,
}

/// The step result for `side` of a game with status `status` at ply `ply`
/// in an environment that cuts games at `max_plies` plies (`None`: never).
///
/// ```
/// use marsal::{DrawReason, Side, Status, WinReason};
/// use marsal_host::step_result;
/// let won = Status::Won { winner: Side::Blue, reason: WinReason::FlagCaptured };
/// assert_eq!(step_result(won, 40, Some(40), Side::Red).reward, -1.0);
/// assert!(step_result(won, 40, Some(40), Side::Blue).terminated);
/// let going = Status::Ongoing { to_move: Side::Red };
/// let cut = step_result(going, 40, Some(40), Side::Red);
/// assert!(cut.truncated && !cut.terminated && cut.reward == 0.0);
/// ```
pub fn step_result(status: Status, ply: u32, max_plies: Option<u32>, side: Side) -> StepResult {
    let terminated = status.is_over();
    StepResult {
        reward: match status.winner() {
            Some(w) if w == side => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        },
        terminated,
        truncated: !terminated && max_plies.is_some_and(|m| ply >= m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use marsal::{DrawReason, WinReason};

    #[test]
    fn the_winner_gets_one_the_loser_minus_one_a_draw_nothing() {
        let won = Status::Won {
            winner: Side::Red,
            reason: WinReason::OpponentCannotMove,
        };
        assert_eq!(step_result(won, 9, None, Side::Red).reward, 1.0);
        assert_eq!(step_result(won, 9, None, Side::Blue).reward, -1.0);
        let drawn = Status::Drawn {
            reason: DrawReason::PlyLimit,
        };
        let r = step_result(drawn, 9, None, Side::Red);
        assert_eq!((r.reward, r.terminated, r.truncated), (0.0, true, false));
    }

    #[test]
    fn a_game_going_on_is_cut_off_at_the_ply_limit_only() {
        let going = Status::Ongoing {
            to_move: Side::Blue,
        };
        for (ply, limit, cut) in [(9, None, false), (9, Some(10), false), (10, Some(10), true)] {
            let r = step_result(going, ply, limit, Side::Blue);
            assert_eq!((r.reward, r.terminated, r.truncated), (0.0, false, cut));
        }
        let won = Status::Won {
            winner: Side::Red,
            reason: WinReason::FlagCaptured,
        };
        assert!(!step_result(won, 10, Some(10), Side::Red).truncated);
    }
}
