//! The seed rule: how one seed becomes the setups and the moves of a game
//! between built-in bots, the same in every host (the `marsal` program, the
//! C library, Python and WebAssembly), so that the same seed, ruleset and
//! bot names give the same game everywhere.
//!
//! - A side's setup is the bot's ([`Bot::setup`]) drawn with
//!   [`setup_seed`]`(seed, side)`, the example it is offered
//!   [`Setup::random`] of that seed ([`bot_setups`]).
//! - The move of ply `p` draws from a generator started from
//!   [`ply_seed`]`(seed, p)`, whichever bot moves: the random bot takes
//!   `moves[rng.below(len)]` of the legal moves in their listed order, the
//!   careful bot draws with it, the search bot is seeded with its first
//!   draw ([`Bot::choose_at`], [`Bot::move_at`]).
//! - Game `i` of a batch started from one seed has the seed
//!   [`batch_seed`]`(seed, i)`.

use crate::bots::Bot;
use marsal::{Behaviour, Game, Move, Rng, Ruleset, Setup, Side, View, batch_seed};

/// The seed of `side`'s setup in the game of `seed`:
/// `batch_seed(seed, 0)` for Red, `batch_seed(seed, 1)` for Blue.
///
/// ```
/// use marsal::Side;
/// assert_eq!(marsal_host::setup_seed(5, Side::Blue), marsal::batch_seed(5, 1));
/// ```
pub fn setup_seed(seed: u64, side: Side) -> u64 {
    batch_seed(seed, side.index() as u64)
}

/// The seed of the generator a bot draws from at ply `ply` of the game of
/// `seed`: `batch_seed(seed, 2 + ply)` (after the two setups' seeds).
///
/// ```
/// assert_eq!(marsal_host::ply_seed(5, 0), marsal::batch_seed(5, 2));
/// assert_ne!(marsal_host::ply_seed(5, 1), marsal_host::ply_seed(5, 0));
/// ```
pub fn ply_seed(seed: u64, ply: u32) -> u64 {
    batch_seed(seed, 2 + u64::from(ply))
}

/// The setups of Red (`bots[0]`) and Blue (`bots[1]`) in the game of `seed`
/// under `rules`: each bot's own ([`Bot::setup`]) drawn with
/// [`setup_seed`], offered the random setup of that seed.
///
/// ```
/// use marsal::{Ruleset, Setup, Side};
/// use marsal_host::{Bot, bot_setups, setup_seed};
/// let rules = Ruleset::barrage();
/// let [red, blue] = bot_setups(&rules, [Bot::Random, Bot::parse("search").unwrap()], 9);
/// assert_eq!(red, Setup::random(&rules, Side::Red, setup_seed(9, Side::Red)));
/// assert_eq!(blue, Setup::sensible(&rules, Side::Blue, setup_seed(9, Side::Blue)));
/// ```
pub fn bot_setups(rules: &Ruleset, bots: [Bot; 2], seed: u64) -> [Setup; 2] {
    Side::BOTH.map(|side| {
        let s = setup_seed(seed, side);
        bots[side.index()].setup(rules, side, s, &Setup::random(rules, side, s))
    })
}

impl Bot {
    /// Its choice among `moves` for the side whose `view` it is, at the
    /// view's ply of the game of `seed` (the seed rule: it draws from
    /// [`ply_seed`]`(seed, view.ply())`), weighing what it `seen` the
    /// enemy's pieces do, the search's time limit (if any) read from
    /// `clock` ([`Bot::choose_seen`]). `None` when `moves` is empty.
    ///
    /// ```
    /// use marsal::{Game, Position, Ruleset, Side};
    /// use marsal_host::Bot;
    /// let game = Game::from_position(Position::start(&Ruleset::barrage(), 1, 2)?);
    /// let (view, moves) = (game.view(Side::Red), game.legal_moves());
    /// let mv = Bot::Careful.choose_at(game.rules(), &view, &moves, 7, None, &mut || 0);
    /// assert_eq!(mv, Bot::Careful.move_at(&game, 7));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn choose_at(
        self,
        rules: &Ruleset,
        view: &View,
        moves: &[Move],
        seed: u64,
        seen: Option<&Behaviour>,
        clock: &mut dyn FnMut() -> u64,
    ) -> Option<Move> {
        let mut rng = Rng::new(ply_seed(seed, view.ply()));
        self.choose_seen(rules, view, moves, &mut rng, seen, clock)
    }

    /// Its move for the side to move in `game`, the game of `seed`: as
    /// [`Bot::choose_at`] told that side's view, the legal moves and what
    /// the side saw the enemy's pieces do over the game
    /// ([`Behaviour::from_game`]), the search's time limit (if any) read
    /// from the system's clock. `None` when the game is over.
    ///
    /// ```
    /// use marsal::{Game, Ruleset};
    /// use marsal_host::{Bot, bot_setups};
    /// let rules = Ruleset::barrage();
    /// let bots = [Bot::Careful, Bot::parse("search:300").unwrap()];
    /// let [red, blue] = bot_setups(&rules, bots, 3);
    /// let mut game = Game::new(&rules, &red, &blue)?;
    /// for _ in 0..6 {
    ///     let mv = bots[game.position().to_move().index()].move_at(&game, 3).unwrap();
    ///     game.play(mv)?;
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_at(self, game: &Game, seed: u64) -> Option<Move> {
        self.move_at_with_clock(game, seed, &mut crate::bots::system_clock())
    }

    /// [`Bot::move_at`] with the search's time limit read from `clock` (see
    /// [`Bot::choose_with_clock`]).
    ///
    /// ```
    /// use marsal::{Game, Position, Ruleset};
    /// let game = Game::from_position(Position::start(&Ruleset::barrage(), 1, 2)?);
    /// let mv = marsal_host::Bot::Random.move_at_with_clock(&game, 4, &mut || 0);
    /// assert!(game.is_legal(mv.unwrap()));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn move_at_with_clock(
        self,
        game: &Game,
        seed: u64,
        clock: &mut dyn FnMut() -> u64,
    ) -> Option<Move> {
        let side = game.status().to_move()?;
        let view = game.position().view(side);
        let seen = matches!(self, Bot::Search { .. }).then(|| Behaviour::from_game(game, side));
        self.choose_at(
            game.rules(),
            &view,
            &game.legal_moves(),
            seed,
            seen.as_ref(),
            clock,
        )
    }
}

/// Plays the game of `seed` under `rules` between `bots[0]` (Red) and
/// `bots[1]` (Blue) to its end by the seed rule (the setups of
/// [`bot_setups`], each move [`Bot::move_at`]), the search's time limit (if
/// any) read from `clock`. The game ends by the rules; give `rules` a ply
/// limit (`max_plies`) to bound it.
///
/// ```
/// use marsal::Ruleset;
/// use marsal_host::{Bot, play_bot_game};
/// let mut rules = Ruleset::barrage();
/// rules.max_plies = Some(200);
/// let game = play_bot_game(&rules, [Bot::Careful, Bot::Random], 5, &mut || 0)?;
/// assert!(game.status().is_over());
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn play_bot_game(
    rules: &Ruleset,
    bots: [Bot; 2],
    seed: u64,
    clock: &mut dyn FnMut() -> u64,
) -> Result<Game, marsal::PositionError> {
    let [red, blue] = bot_setups(rules, bots, seed);
    let mut game = Game::from_position(marsal::Position::new(rules, &red, &blue)?);
    while let Some(side) = game.status().to_move() {
        let Some(mv) = bots[side.index()].move_at_with_clock(&game, seed, clock) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search from a side's view (what a referee's player is told) is
    /// the search from the game (what a host holding the game runs): the
    /// same moves, by the seed rule, on every preset.
    #[test]
    fn a_bot_told_the_view_moves_as_the_bot_given_the_game() {
        for name in Ruleset::PRESETS {
            let mut rules = Ruleset::preset(name).expect("a preset");
            rules.max_plies = Some(40);
            let bots = [
                Bot::parse("search:400").expect("a bot"),
                Bot::parse("careful").expect("a bot"),
            ];
            let game = play_bot_game(&rules, bots, 11, &mut || 0).expect("a game");
            let mut replay = Game::from_position(
                marsal::Position::new(
                    &rules,
                    &bot_setups(&rules, bots, 11)[0],
                    &bot_setups(&rules, bots, 11)[1],
                )
                .expect("a start"),
            );
            let mut seen = Side::BOTH.map(Behaviour::new);
            for mv in game.moves() {
                let side = replay.position().to_move();
                let chosen = bots[side.index()].choose_at(
                    &rules,
                    &replay.view(side),
                    &replay.legal_moves(),
                    11,
                    Some(&seen[side.index()]),
                    &mut || 0,
                );
                assert_eq!(chosen, Some(mv), "{name} ply {}", replay.position().ply());
                let outcome = replay.play(mv).expect("legal");
                for s in Side::BOTH {
                    seen[s.index()].observe(&rules, &outcome.observed_by(s), &replay.view(s));
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_game_and_another_seed_another() {
        let mut rules = Ruleset::barrage();
        rules.max_plies = Some(120);
        let bots = [Bot::Random, Bot::Careful];
        let a = play_bot_game(&rules, bots, 1, &mut || 0).expect("a game");
        let b = play_bot_game(&rules, bots, 1, &mut || 0).expect("a game");
        let c = play_bot_game(&rules, bots, 2, &mut || 0).expect("a game");
        let moves = |g: &Game| g.moves().collect::<Vec<_>>();
        assert_eq!(moves(&a), moves(&b));
        assert_ne!(moves(&a), moves(&c));
    }
}
