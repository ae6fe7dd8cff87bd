//! The built-in bots. Each decides from its own [`View`] and the list of legal
//! moves only, exactly what an external bot is told.

use marsal::{Move, Ruleset, View};

/// A built-in bot: the host layer's roster ([`marsal_host::BOTS`], the one
/// table `marsal bot`, `marsal match` (`builtin:NAME`), `marsal play` and the
/// help texts read), named as the program's options name it.
pub use marsal_host::Bot as Builtin;

/// The prefix of a built-in bot's name on the command line (`builtin:NAME`).
pub const BUILTIN: &str = "builtin:";

/// A built-in bot as a [`Player`](crate::referee::Player): the host
/// layer's [`marsal_host::SeatedBot`], and the time it spent choosing.
pub struct BuiltinPlayer {
    seat: marsal_host::SeatedBot,
    /// Time spent choosing moves, which is the bot's and not the referee's.
    thinking: std::time::Duration,
}

impl BuiltinPlayer {
    /// `bot` playing under `rules` in the game of `seed` (the seed rule of
    /// every host: the same seed, ruleset and bots give the same game as the
    /// C library and Python).
    pub fn new(bot: Builtin, rules: &Ruleset, seed: u64) -> BuiltinPlayer {
        BuiltinPlayer {
            seat: marsal_host::SeatedBot::new(bot, rules, seed),
            thinking: std::time::Duration::ZERO,
        }
    }

    /// [`BuiltinPlayer::new`], playing the example setup it is offered even
    /// when its kind has a setup of its own (a tournament's paired setups).
    pub fn playing_examples(bot: Builtin, rules: &Ruleset, seed: u64) -> BuiltinPlayer {
        BuiltinPlayer {
            seat: marsal_host::SeatedBot::new(bot, rules, seed).playing_examples(),
            thinking: std::time::Duration::ZERO,
        }
    }
}

impl crate::referee::Player for BuiltinPlayer {
    fn setup(
        &mut self,
        start: &crate::referee::GameStart,
    ) -> Result<marsal::Setup, crate::referee::Fault> {
        Ok(self.seat.setup(start.side, start.example))
    }

    fn observe(
        &mut self,
        obs: &marsal::Observation,
        view: &View,
    ) -> Result<(), crate::referee::Fault> {
        self.seat.observe(obs, view);
        Ok(())
    }

    fn choose(
        &mut self,
        view: &View,
        legal: &[Move],
    ) -> Result<crate::referee::Answer, crate::referee::Fault> {
        let start = std::time::Instant::now();
        let mv = self
            .seat
            .choose(view, legal, &mut || start.elapsed().as_micros() as u64)
            .unwrap_or(legal[0]);
        self.thinking += start.elapsed();
        Ok(crate::referee::Answer::Move(mv))
    }

    fn finish(&mut self, _ending: &crate::referee::Ending) {
        self.seat.finish();
    }

    fn waited(&self) -> std::time::Duration {
        self.thinking
    }

    fn memory(&self) -> Option<marsal::SetupMemory> {
        self.seat.memory()
    }

    fn remember(&mut self, memory: marsal::SetupMemory) {
        self.seat.remember(memory);
    }
}
