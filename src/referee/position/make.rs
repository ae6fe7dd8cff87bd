//! Playing a move on the position: the board, the fight and what it reveals,
//! the hash, the kept per-rule state, then the status.

use super::*;

impl Position {
    /// Plays a move already known to be legal (from [`Position::legal_moves`] or
    /// checked with [`Position::check_move`]). An illegal move leaves the position
    /// inconsistent (but never causes undefined behaviour).
    #[inline(always)]
    pub(crate) fn play_unchecked(&mut self, mv: Move) -> Outcome {
        self.make::<true>(mv)
    }

    /// [`Position::play_unchecked`]; without `RECORD` (perft, which takes the
    /// move back at once) the chase state, the last outcome, the hash and
    /// what the sides know of the pieces, which no rule of the position reads,
    /// may be left out of step (the undo record restores them), and so are
    /// the kept long-move counts (see [`far_moves`](crate::referee::far_moves); perft
    /// counts long moves its own way and takes the move back with
    /// `take_back::<false>`).
    pub(crate) fn make<const RECORD: bool>(&mut self, mv: Move) -> Outcome {
        self.make_inline::<RECORD>(mv)
    }

    /// [`Position::make`], always inlined: perft's loop, which makes and
    /// takes back every child, pays no call.
    #[inline(always)]
    pub(crate) fn make_inline<const RECORD: bool>(&mut self, mv: Move) -> Outcome {
        let (from, to) = (mv.from.cell(), mv.to.cell());
        let side = self.to_move;
        let p = self.cells[from];
        let kind = kind_of(p);
        let far = kind.moves_far();
        // The long moves of far-moving pieces, kept square by square: the
        // piece leaves `from` (on the board before the move), then `to`
        // changes (on the board after it); see `far_moves`. Not in perft
        // (without `RECORD`), which counts the long moves its own way.
        let far_kept = RECORD && self.far_pieces_on_board();
        if far_kept {
            self.far_change(from, p, EMPTY);
        }
        let mut know = 0;
        if RECORD {
            know = self.knowledge[from] & KindSet::MOVABLE.bits();
            // Only a far-moving piece moves more than one square (orthogonally:
            // cells 1 or 16 apart are a step; a diagonal step is never far).
            if far && !matches!(from.abs_diff(to), 1 | 16 | 15 | 17) {
                know &= KindSet::FAR_MOVING.bits();
            }
            self.hash ^= zobrist::piece_key(from, p);
            self.knowledge[from] = 0;
        }
        self.cells[from] = EMPTY;
        let t = self.cells[to];
        let fight = if t == EMPTY {
            self.boards.relocate(from, to, side, far);
            self.cells[to] = p;
            if RECORD {
                self.knowledge[to] = know;
                self.hash ^= zobrist::piece_key(to, p);
            }
            self.plies_since_attack = self.plies_since_attack.saturating_add(1);
            None
        } else {
            Some(self.fight(mv, side, p, t, know))
        };
        if far_kept {
            let now = self.cells[to];
            if now != t {
                self.far_change(to, t, now);
            }
            self.debug_check_far();
        }
        if let Some(limit) = self.rules.two_square {
            self.chains[side.index()].record(mv, limit);
            if let Some(f) = fight {
                if !f.battle.attacker_survives() {
                    self.chains[side.index()].clear();
                }
                let defender_chain = &mut self.chains[side.opponent().index()];
                if !f.battle.defender_survives() && defender_chain.end() == Some(mv.to) {
                    defender_chain.clear();
                }
            }
        }
        self.to_move = !side;
        if RECORD {
            self.hash ^= zobrist::BLUE_TO_MOVE;
        }
        self.ply = self.ply.saturating_add(1);
        let outcome = Outcome {
            mv,
            side,
            piece: kind,
            fight,
        };
        if RECORD {
            self.last = Some(outcome);
        }
        self.status = match fight {
            None => self.status_after_step::<RECORD>(),
            Some(f) if f.battle == Battle::FlagCaptured => Status::Won {
                winner: side,
                reason: WinReason::FlagCaptured,
            },
            Some(_) => self.evaluate(true),
        };
        outcome
    }

    /// The fight of [`Position::play_unchecked`]: `side`'s piece `p` (already
    /// lifted from `mv.from`, its knowledge `know`) attacks the piece `t` on
    /// `mv.to`.
    #[inline(never)]
    pub(super) fn fight(&mut self, mv: Move, side: Side, p: u8, t: u8, mut know: u16) -> Fight {
        let (from, to) = (mv.from.cell(), mv.to.cell());
        let kind = kind_of(p);
        let defender = kind_of(t);
        let battle = combat(&self.rules, kind, defender).unwrap_or(Battle::DefenderWins);
        let attacker_revealed = match self.rules.reveal {
            RevealRule::BothFighters => true,
            RevealRule::AttackerStaysHidden => !battle.attacker_survives(),
        };
        if attacker_revealed {
            know = KindSet::only(kind).bits();
        } else {
            know &= self.consistent_attackers(side, defender, battle);
        }
        let (a, d) = (side.index(), side.opponent().index());
        match battle {
            Battle::AttackerWins | Battle::MineDefused | Battle::FlagCaptured => {
                self.boards.remove(to, !side);
                self.boards.relocate(from, to, side, kind.moves_far());
                self.hash ^= zobrist::piece_key(to, t) ^ zobrist::piece_key(to, p);
                self.on_board[d][defender.index()] -= 1;
                self.cells[to] = p;
                self.knowledge[to] = know;
            }
            Battle::DefenderWins => {
                self.boards.remove(from, side);
                self.on_board[a][kind.index()] -= 1;
                self.knowledge[to] = KindSet::only(defender).bits();
            }
            Battle::BothRemoved => {
                self.boards.remove(from, side);
                self.boards.remove(to, !side);
                self.hash ^= zobrist::piece_key(to, t);
                self.on_board[a][kind.index()] -= 1;
                self.on_board[d][defender.index()] -= 1;
                self.cells[to] = EMPTY;
                self.knowledge[to] = 0;
            }
        }
        if self.rules.no_hope_draw {
            let gone = |survives: bool, kind: PieceKind, s: usize| {
                !survives && HopeRegions::changed_by(kind, self.on_board[s][kind.index()])
            };
            if gone(battle.attacker_survives(), kind, a)
                || gone(battle.defender_survives(), defender, d)
            {
                self.recount_hope();
            }
        }
        self.plies_since_attack = 0;
        Fight {
            defender,
            battle,
            attacker_revealed,
        }
    }

    /// The kinds of `side`'s army that, attacking `defender`, give `battle`: what
    /// the defending side learns of a surviving attacker it was not shown.
    pub(super) fn consistent_attackers(
        &self,
        side: Side,
        defender: PieceKind,
        battle: Battle,
    ) -> u16 {
        self.rules
            .army(side)
            .kinds()
            .iter()
            .filter(|k| combat(&self.rules, *k, defender) == Some(battle))
            .collect::<KindSet>()
            .bits()
    }
}
