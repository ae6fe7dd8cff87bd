//! The status of a position as `docs/rules.md` gives it, worked out from facts
//! each caller finds by its own means, independently of the engine (a
//! reference move generator, a reference reachability search, counters
//! followed move by move). The property tests and the `draw_conditions` fuzz
//! target share it, so that the rules' order of precedence is written once.

use marsal::{DrawReason, NoMoveRule, Ruleset, Side, Status, WinReason};

/// What the oracle needs to know of a position.
pub struct Facts<'a> {
    /// The ruleset the position is played under.
    pub rules: &'a Ruleset,
    /// The side to move.
    pub to_move: Side,
    /// Plies played since the start.
    pub ply: u32,
    /// Plies played since the last attack.
    pub since_attack: u32,
    /// Flags on the board, by side (`Side::index`).
    pub flags: [u8; 2],
    /// Whether a side has a legal move (whoever is to move).
    pub can_move: &'a dyn Fn(Side) -> bool,
    /// Whether a side can still reach the enemy Flag (the no-hope draw); asked
    /// only when the ruleset has that draw.
    pub can_reach_flag: &'a dyn Fn(Side) -> bool,
}

impl Facts<'_> {
    /// The status, in the engine's order of precedence: a captured Flag; no
    /// legal move (by the ruleset's no-move rule); the no-hope draw; the ply
    /// limit; the limit on plies without an attack. (A bare position ignores
    /// the rules that need a history: more-squares and repeated positions.)
    pub fn status(&self) -> Status {
        let rules = self.rules;
        for side in Side::BOTH {
            if self.flags[side.index()] < rules.army(side).count(marsal::PieceKind::Flag) {
                return Status::Won {
                    winner: !side,
                    reason: WinReason::FlagCaptured,
                };
            }
        }
        let to_move = self.to_move;
        let can_move = self.can_move;
        match rules.no_move {
            NoMoveRule::Draw => {
                if !can_move(to_move) {
                    return Status::Drawn {
                        reason: DrawReason::NoLegalMove(to_move),
                    };
                }
            }
            NoMoveRule::Loses => match (can_move(to_move), can_move(!to_move)) {
                (false, false) => {
                    return Status::Drawn {
                        reason: DrawReason::NeitherCanMove,
                    };
                }
                (false, true) => {
                    return Status::Won {
                        winner: !to_move,
                        reason: WinReason::OpponentCannotMove,
                    };
                }
                (true, false) => {
                    return Status::Won {
                        winner: to_move,
                        reason: WinReason::OpponentCannotMove,
                    };
                }
                (true, true) => {}
            },
        }
        if rules.no_hope_draw
            && !(self.can_reach_flag)(Side::Red)
            && !(self.can_reach_flag)(Side::Blue)
        {
            return Status::Drawn {
                reason: DrawReason::NoHope,
            };
        }
        if rules.max_plies.is_some_and(|m| self.ply >= m) {
            return Status::Drawn {
                reason: DrawReason::PlyLimit,
            };
        }
        if rules
            .max_plies_without_attack
            .is_some_and(|m| self.since_attack >= m)
        {
            return Status::Drawn {
                reason: DrawReason::NoAttackLimit,
            };
        }
        Status::Ongoing { to_move }
    }
}
