//! The built-in bots. Each decides from its own [`View`] and the list of legal
//! moves only, exactly what an external bot is told.

use marsal::{Battle, KindSet, Move, PieceKind, Rng, Ruleset, Square, SquareView, View, combat};

/// A built-in bot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Builtin {
    /// Moves at random.
    Random,
    /// A sure capture if there is one (the Flag first), else a random move
    /// that is not a sure loss.
    Careful,
}

impl Builtin {
    /// `random` or `careful`.
    pub fn from_name(name: &str) -> Option<Builtin> {
        match name {
            "random" => Some(Builtin::Random),
            "careful" => Some(Builtin::Careful),
            _ => None,
        }
    }

    /// Picks one of `moves` (which must not be empty).
    pub fn choose(self, rules: &Ruleset, view: &View, moves: &[Move], rng: &mut Rng) -> Move {
        match self {
            Builtin::Random => moves[rng.below(moves.len() as u32) as usize],
            Builtin::Careful => careful(rules, view, moves, rng),
        }
    }
}

/// What an attack with `attacker` on a piece that may be any of `possible` gives:
/// `Some(true)` when it wins whatever the piece is, `Some(false)` when it loses
/// whatever it is, `None` when it depends.
fn sure_result(rules: &Ruleset, attacker: PieceKind, possible: KindSet) -> Option<bool> {
    let wins = |k| {
        matches!(
            combat(rules, attacker, k),
            Some(Battle::AttackerWins | Battle::MineDefused | Battle::FlagCaptured)
        )
    };
    let loses = |k| {
        matches!(
            combat(rules, attacker, k),
            Some(Battle::DefenderWins | Battle::BothRemoved)
        )
    };
    if possible.iter().all(wins) {
        Some(true)
    } else if possible.iter().all(loses) {
        Some(false)
    } else {
        None
    }
}

/// The careful bot: a sure capture if there is one (the Flag first), else a random
/// move that is not a sure loss.
pub fn careful(rules: &Ruleset, view: &View, moves: &[Move], rng: &mut Rng) -> Move {
    careful_by(rules, |sq| view.at(sq), moves, rng)
}

/// [`careful`] on any board: `at` tells what the bot sees on a square.
pub fn careful_by(
    rules: &Ruleset,
    at: impl Fn(Square) -> SquareView,
    moves: &[Move],
    rng: &mut Rng,
) -> Move {
    let mut safe = Vec::new();
    let mut best: Option<(bool, Move)> = None;
    for &mv in moves {
        let SquareView::Own { kind, .. } = at(mv.from) else {
            continue;
        };
        match at(mv.to) {
            SquareView::Enemy { possible } => match sure_result(rules, kind, possible) {
                Some(true) => {
                    let flag = possible.single() == Some(PieceKind::Flag);
                    if best.is_none_or(|(f, _)| flag && !f) {
                        best = Some((flag, mv));
                    }
                }
                Some(false) => {}
                None => safe.push(mv),
            },
            _ => safe.push(mv),
        }
    }
    if let Some((_, mv)) = best {
        return mv;
    }
    let pool = if safe.is_empty() { moves } else { &safe[..] };
    pool[rng.below(pool.len() as u32) as usize]
}

/// A built-in bot as a [`Player`](crate::referee::Player): it plays the example
/// setup it is offered.
pub struct BuiltinPlayer {
    bot: Builtin,
    rules: Ruleset,
    rng: Rng,
}

impl BuiltinPlayer {
    /// `bot` playing under `rules`, its choices seeded with `seed`.
    pub fn new(bot: Builtin, rules: &Ruleset, seed: u64) -> BuiltinPlayer {
        BuiltinPlayer {
            bot,
            rules: *rules,
            rng: Rng::new(seed),
        }
    }
}

impl crate::referee::Player for BuiltinPlayer {
    fn setup(
        &mut self,
        start: &crate::referee::GameStart,
    ) -> Result<marsal::Setup, crate::referee::Fault> {
        Ok(*start.example)
    }

    fn observe(
        &mut self,
        _obs: &marsal::Observation,
        _view: &View,
    ) -> Result<(), crate::referee::Fault> {
        Ok(())
    }

    fn choose(
        &mut self,
        view: &View,
        legal: &[Move],
    ) -> Result<crate::referee::Answer, crate::referee::Fault> {
        Ok(crate::referee::Answer::Move(self.bot.choose(
            &self.rules,
            view,
            legal,
            &mut self.rng,
        )))
    }

    fn finish(&mut self, _ending: &crate::referee::Ending) {}
}
