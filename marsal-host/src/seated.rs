//! A bot of the roster seated at one side of a game, from its setup to its
//! last move: what it sees the enemy's pieces do, and what it learned of
//! the opponent's setups in earlier games.

use crate::Bot;
use crate::seeds::setup_seed;
use marsal::{Behaviour, Move, Observation, Ruleset, Setup, SetupMemory, Side, View};

/// A bot of the roster playing one side of the game of `seed` told only
/// what that side is told: its setup ([`Bot::setup`] with
/// [`setup_seed`]), every observation and the view it led to, and its move
/// from its view ([`Bot::choose_at`], by the seed rule), weighing what it
/// saw the enemy's pieces do. Given a [`SetupMemory`] of earlier games, it
/// plays with it and learns from the game at its end.
///
/// ```
/// use marsal::{Game, Ruleset, Side};
/// use marsal_host::{Bot, SeatedBot, bot_setups};
///
/// let rules = Ruleset::barrage();
/// let bots = [Bot::Careful, Bot::parse("search:200").expect("a bot")];
/// let mut seats = bots.map(|bot| SeatedBot::new(bot, &rules, 5));
/// let setups = Side::BOTH.map(|side| {
///     let example = marsal::Setup::random(&rules, side, marsal_host::setup_seed(5, side));
///     seats[side.index()].setup(side, &example)
/// });
/// assert_eq!(setups, bot_setups(&rules, bots, 5));
/// let mut game = Game::new(&rules, &setups[0], &setups[1])?;
/// for _ in 0..6 {
///     let side = game.position().to_move();
///     let mv = seats[side.index()].choose(&game.view(side), &game.legal_moves(), &mut || 0);
///     assert_eq!(mv, bots[side.index()].move_at(&game, 5), "the game's own bot");
///     let outcome = game.play(mv.expect("a move"))?;
///     for s in Side::BOTH {
///         seats[s.index()].observe(&outcome.observed_by(s), &game.view(s));
///     }
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SeatedBot {
    bot: Bot,
    rules: Ruleset,
    seed: u64,
    plays_example: bool,
    /// What it saw the enemy's pieces do, from its setup on.
    seen: Option<Behaviour>,
    /// What it learned of the opponent's setups in earlier games, when it
    /// was given it.
    memory: Option<SetupMemory>,
}

impl SeatedBot {
    /// `bot` playing under `rules` in the game of `seed` (the seed rule of
    /// every host: the same seed, ruleset and bots give the same game).
    pub fn new(bot: Bot, rules: &Ruleset, seed: u64) -> SeatedBot {
        SeatedBot {
            bot,
            rules: *rules,
            seed,
            plays_example: false,
            seen: None,
            memory: None,
        }
    }

    /// This bot playing the example setup it is offered even when its kind
    /// has a setup of its own (a tournament's paired setups).
    pub fn playing_examples(self) -> SeatedBot {
        SeatedBot {
            plays_example: true,
            ..self
        }
    }

    /// The bot of the roster it is.
    pub fn bot(&self) -> Bot {
        self.bot
    }

    /// Its setup for `side`, offered `example`; the game starts for it.
    pub fn setup(&mut self, side: Side, example: &Setup) -> Setup {
        let seen = Behaviour::new(side);
        self.seen = Some(match self.memory {
            Some(memory) => seen.with_memory(memory),
            None => seen,
        });
        if self.plays_example {
            return *example;
        }
        self.bot
            .setup(&self.rules, side, setup_seed(self.seed, side), example)
    }

    /// Told a move of the game as its side saw it (`obs`) and its side's
    /// view after it.
    pub fn observe(&mut self, obs: &Observation, view: &View) {
        if let Some(seen) = &mut self.seen {
            seen.observe(&self.rules, obs, view);
        }
    }

    /// Its move among `legal` from its side's `view` (the search's time
    /// limit, if any, read from `clock`); `None` when `legal` is empty.
    pub fn choose(
        &self,
        view: &View,
        legal: &[Move],
        clock: &mut dyn FnMut() -> u64,
    ) -> Option<Move> {
        self.bot.choose_at(
            &self.rules,
            view,
            legal,
            self.seed,
            self.seen.as_ref(),
            clock,
        )
    }

    /// The game ended: what it saw of the opponent's setup joins its memory
    /// (when it has one).
    pub fn finish(&mut self) {
        if let (Some(memory), Some(seen)) = (&mut self.memory, &self.seen) {
            *memory = seen.learned(&self.rules);
        }
    }

    /// What it learned of the opponent's setups, when it was given a
    /// memory ([`SeatedBot::remember`]).
    pub fn memory(&self) -> Option<SetupMemory> {
        self.memory
    }

    /// Plays the next games with `memory` of the opponent's setups, and
    /// learns from each at its end.
    pub fn remember(&mut self, memory: SetupMemory) {
        self.memory = Some(memory);
    }
}
