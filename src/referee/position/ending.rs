//! How a game ends after a move: the status the position's rules give it (a
//! Flag taken, a side that cannot move or has no hope, the limits).

use super::*;

impl Position {
    /// [`Position::evaluate`] after a move that was not an attack, answered
    /// inline in the common case, within the limits: under
    /// [`NoMoveRule::Loses`] without diagonal steps both sides can still move
    /// (see [`Position::mobility_after_step`]) unless the two-square rule could
    /// hold the mover back; under [`NoMoveRule::Draw`] the side to move is
    /// looked at: it can move when it has a Scout's long move that the
    /// two-square rule does not hold back (read from the kept counts, which
    /// are up to date with `RECORD`, see [`Position::make`]), otherwise as
    /// [`Position::has_legal_move`] finds. (The corner rule matters only with
    /// diagonal steps, which take the full test.)
    #[inline(always)]
    pub(super) fn status_after_step<const RECORD: bool>(&self) -> Status {
        let r = &self.rules;
        let within_limits = r.max_plies.is_none_or(|m| self.ply < m)
            && r.max_plies_without_attack
                .is_none_or(|m| self.plies_since_attack < m);
        if within_limits {
            let ongoing = Status::Ongoing {
                to_move: self.to_move,
            };
            let can_go_on = match r.no_move {
                NoMoveRule::Loses => !r.diagonal_steps && self.restriction(!self.to_move).is_none(),
                NoMoveRule::Draw => {
                    let s = self.to_move;
                    (RECORD && self.far.total[s.index()] > 0 && self.restriction(s).is_none())
                        || self.has_legal_move(s)
                }
            };
            if can_go_on {
                debug_assert_eq!(ongoing, self.evaluate(false));
                return ongoing;
            }
        }
        self.evaluate(false)
    }

    /// The status of this position, computed from the board and the counters.
    /// The Flag count and the no-hope test (a search) are looked at only when
    /// `removed` is set (a fight, or a position being built): they can only
    /// change when pieces leave the board.
    pub(crate) fn evaluate(&self, removed: bool) -> Status {
        if removed {
            let flag = PieceKind::Flag.index();
            for side in Side::BOTH {
                if self.on_board[side.index()][flag] < self.rules.army(side).count(PieceKind::Flag)
                {
                    return Status::Won {
                        winner: !side,
                        reason: WinReason::FlagCaptured,
                    };
                }
            }
        }
        let to_move = self.to_move;
        let (to_move_can, other_can) = match self.rules.no_move {
            // Under the draw rule only the side to move is looked at.
            NoMoveRule::Draw => (self.has_legal_move(to_move), true),
            NoMoveRule::Loses if removed || self.rules.diagonal_steps => {
                (self.has_legal_move(to_move), self.has_legal_move(!to_move))
            }
            NoMoveRule::Loses => self.mobility_after_step(),
        };
        if let Some(ending) = no_move_ending(self.rules.no_move, to_move, to_move_can, other_can) {
            return ending;
        }
        if removed && self.rules.no_hope_draw && self.is_hopeless() {
            return Status::Drawn {
                reason: DrawReason::NoHope,
            };
        }
        if self.rules.max_plies.is_some_and(|m| self.ply >= m) {
            return Status::Drawn {
                reason: DrawReason::PlyLimit,
            };
        }
        if self
            .rules
            .max_plies_without_attack
            .is_some_and(|m| self.plies_since_attack >= m)
        {
            return Status::Drawn {
                reason: DrawReason::NoAttackLimit,
            };
        }
        Status::Ongoing { to_move }
    }

    /// Whether the side to move and the side that just moved can move, right
    /// after a move that was not an attack, in a ruleset without diagonal
    /// steps, when both sides could move before it (the position was ongoing
    /// under [`NoMoveRule::Loses`], which checks both sides).
    ///
    /// - The side to move keeps a move: its steps into the square the mover
    ///   left or entered are still legal (an orthogonal move onto an enemy piece
    ///   is an attack), a Scout's line through the entered square now stops
    ///   there, and a move over fewer borders along the same line is never
    ///   forbidden by the two-square rule when the longer one was not; its own
    ///   chain did not change.
    /// - The mover can step back towards the square it came from (now empty),
    ///   unless the two-square rule could forbid that: then it is looked at.
    #[inline]
    pub(super) fn mobility_after_step(&self) -> (bool, bool) {
        let mover = !self.to_move;
        let mover_can = self.restriction(mover).is_none() || self.has_legal_move(mover);
        debug_assert!(self.has_legal_move(self.to_move));
        debug_assert_eq!(mover_can, self.has_legal_move(mover));
        (true, mover_can)
    }
}

/// The ending the no-move rule (`rule`) gives a game in which `to_move`, the
/// side to move, can move or not (`to_move_can`) and so can the other side or
/// not (`other_can`); `None` while the game goes on. Under
/// [`NoMoveRule::Draw`] only the side to move counts: a side to move that
/// cannot move draws. Under [`NoMoveRule::Loses`] a side that cannot move
/// loses, and the game is drawn when neither can. The one place of the rule:
/// [`Position::evaluate`] gives it the moves of the board, and
/// [`Game`](crate::Game) the moves the more-squares rule leaves.
#[inline(always)]
pub(crate) fn no_move_ending(
    rule: NoMoveRule,
    to_move: Side,
    to_move_can: bool,
    other_can: bool,
) -> Option<Status> {
    match (rule, to_move_can, other_can) {
        (_, true, true) | (NoMoveRule::Draw, true, false) => None,
        (NoMoveRule::Draw, false, _) => Some(Status::Drawn {
            reason: DrawReason::NoLegalMove(to_move),
        }),
        (NoMoveRule::Loses, false, false) => Some(Status::Drawn {
            reason: DrawReason::NeitherCanMove,
        }),
        (NoMoveRule::Loses, false, true) => Some(Status::Won {
            winner: !to_move,
            reason: WinReason::OpponentCannotMove,
        }),
        (NoMoveRule::Loses, true, false) => Some(Status::Won {
            winner: to_move,
            reason: WinReason::OpponentCannotMove,
        }),
    }
}
