//! The built-in bots. Each decides from its own [`View`] and the list of legal
//! moves only, exactly what an external bot is told.

use marsal::{Move, Rng, Ruleset, Square, SquareView, View};

/// A built-in bot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Builtin {
    /// Moves at random.
    Random,
    /// A sure capture if there is one (the Flag first), else a random move
    /// that is not a sure loss.
    Careful,
}

/// Every built-in bot, by name: the one table `marsal bot`, `marsal match`
/// (`builtin:NAME`), `marsal play` and the help texts read. A new bot is one
/// line here.
pub const BUILTINS: &[(&str, Builtin)] =
    &[("random", Builtin::Random), ("careful", Builtin::Careful)];

impl Builtin {
    /// The bot named `name` in [`BUILTINS`].
    pub fn from_name(name: &str) -> Option<Builtin> {
        BUILTINS.iter().find(|(n, _)| *n == name).map(|&(_, b)| b)
    }

    /// The names of every built-in bot, in [`BUILTINS`] order.
    pub fn names() -> impl Iterator<Item = &'static str> {
        BUILTINS.iter().map(|&(n, _)| n)
    }

    /// Its name in [`BUILTINS`].
    pub fn name(self) -> &'static str {
        BUILTINS
            .iter()
            .find(|&&(_, b)| b == self)
            .map_or("builtin", |&(n, _)| n)
    }

    /// Picks one of `moves` (which must not be empty).
    pub fn choose(self, rules: &Ruleset, view: &View, moves: &[Move], rng: &mut Rng) -> Move {
        match self {
            Builtin::Random => moves[rng.below(moves.len() as u32) as usize],
            Builtin::Careful => careful(rules, view, moves, rng),
        }
    }
}

/// The careful bot ([`marsal::careful_move`]): a sure capture if there is one
/// (the Flag first), else a random move that is not a sure loss. `moves` must
/// not be empty.
pub fn careful(rules: &Ruleset, view: &View, moves: &[Move], rng: &mut Rng) -> Move {
    careful_by(rules, |sq| view.at(sq), moves, rng)
}

/// [`careful`] on any board: `at` tells what the bot sees on a square.
/// `moves` must not be empty.
pub fn careful_by(
    rules: &Ruleset,
    at: impl Fn(Square) -> SquareView,
    moves: &[Move],
    rng: &mut Rng,
) -> Move {
    marsal::careful_move(rules, at, moves, rng).unwrap_or_else(|| moves[0])
}

/// A built-in bot as a [`Player`](crate::referee::Player): it plays the example
/// setup it is offered.
pub struct BuiltinPlayer {
    bot: Builtin,
    rules: Ruleset,
    rng: Rng,
    /// Time spent choosing moves, which is the bot's and not the referee's.
    thinking: std::time::Duration,
}

impl BuiltinPlayer {
    /// `bot` playing under `rules`, its choices seeded with `seed`.
    pub fn new(bot: Builtin, rules: &Ruleset, seed: u64) -> BuiltinPlayer {
        BuiltinPlayer {
            bot,
            rules: *rules,
            rng: Rng::new(seed),
            thinking: std::time::Duration::ZERO,
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
        let start = std::time::Instant::now();
        let mv = self.bot.choose(&self.rules, view, legal, &mut self.rng);
        self.thinking += start.elapsed();
        Ok(crate::referee::Answer::Move(mv))
    }

    fn finish(&mut self, _ending: &crate::referee::Ending) {}

    fn waited(&self) -> std::time::Duration {
        self.thinking
    }
}
