//! The built-in bots. Each decides from its own [`View`] and the list of legal
//! moves only, exactly what an external bot is told.

use marsal::{Move, Ruleset, View};

/// A built-in bot: the host layer's roster ([`marsal_host::BOTS`], the one
/// table `marsal bot`, `marsal match` (`builtin:NAME`), `marsal play` and the
/// help texts read), named as the program's options name it.
pub use marsal_host::Bot as Builtin;

/// The prefix of a built-in bot's name on the command line (`builtin:NAME`).
pub const BUILTIN: &str = "builtin:";

/// A built-in bot as a [`Player`](crate::referee::Player): it plays the example
/// setup it is offered.
pub struct BuiltinPlayer {
    bot: Builtin,
    rules: Ruleset,
    /// The game's seed: its setup and every move are drawn from it by the
    /// seed rule ([`marsal_host::setup_seed`], [`Builtin::choose_at`]).
    seed: u64,
    /// Time spent choosing moves, which is the bot's and not the referee's.
    thinking: std::time::Duration,
    /// Whether it plays the example setup it is offered whatever its kind.
    plays_example: bool,
    /// What it saw the enemy's pieces do (from its side's observations).
    seen: Option<marsal::Behaviour>,
    /// What it learned of the opponent's setups in earlier games, when it
    /// was given it (see [`Player::remember`](crate::referee::Player::remember)).
    memory: Option<marsal::SetupMemory>,
}

impl BuiltinPlayer {
    /// `bot` playing under `rules` in the game of `seed` (the seed rule of
    /// every host: the same seed, ruleset and bots give the same game as the
    /// C library and Python).
    pub fn new(bot: Builtin, rules: &Ruleset, seed: u64) -> BuiltinPlayer {
        BuiltinPlayer {
            bot,
            rules: *rules,
            seed,
            thinking: std::time::Duration::ZERO,
            plays_example: false,
            seen: None,
            memory: None,
        }
    }

    /// [`BuiltinPlayer::new`], playing the example setup it is offered even
    /// when its kind has a setup of its own (a tournament's paired setups).
    pub fn playing_examples(bot: Builtin, rules: &Ruleset, seed: u64) -> BuiltinPlayer {
        BuiltinPlayer {
            plays_example: true,
            ..BuiltinPlayer::new(bot, rules, seed)
        }
    }
}

impl crate::referee::Player for BuiltinPlayer {
    fn setup(
        &mut self,
        start: &crate::referee::GameStart,
    ) -> Result<marsal::Setup, crate::referee::Fault> {
        let seed = marsal_host::setup_seed(self.seed, start.side);
        let seen = marsal::Behaviour::new(start.side);
        self.seen = Some(match self.memory {
            Some(memory) => seen.with_memory(memory),
            None => seen,
        });
        if self.plays_example {
            return Ok(*start.example);
        }
        Ok(self.bot.setup(start.rules, start.side, seed, start.example))
    }

    fn observe(
        &mut self,
        obs: &marsal::Observation,
        view: &View,
    ) -> Result<(), crate::referee::Fault> {
        if let Some(seen) = &mut self.seen {
            seen.observe(&self.rules, obs, view);
        }
        Ok(())
    }

    fn choose(
        &mut self,
        view: &View,
        legal: &[Move],
    ) -> Result<crate::referee::Answer, crate::referee::Fault> {
        let start = std::time::Instant::now();
        let mv = self
            .bot
            .choose_at(
                &self.rules,
                view,
                legal,
                self.seed,
                self.seen.as_ref(),
                &mut || start.elapsed().as_micros() as u64,
            )
            .unwrap_or(legal[0]);
        self.thinking += start.elapsed();
        Ok(crate::referee::Answer::Move(mv))
    }

    fn finish(&mut self, _ending: &crate::referee::Ending) {
        // The behaviour was given the memory at the setup.
        if let (Some(memory), Some(seen)) = (&mut self.memory, &self.seen) {
            *memory = seen.learned(&self.rules);
        }
    }

    fn waited(&self) -> std::time::Duration {
        self.thinking
    }

    fn memory(&self) -> Option<marsal::SetupMemory> {
        self.memory
    }

    fn remember(&mut self, memory: marsal::SetupMemory) {
        self.memory = Some(memory);
    }
}
