//! One game of a vector environment: the game with its generators, drawn
//! from the environment's seed and the game's index alone (so the results
//! are the same for any number of threads), restarted from fresh random
//! setups when it ends or reaches the ply limit.

use crate::env::{StepResult, step_result};
use marsal::{Game, Move, Position, PositionError, Rng, Ruleset, Setup, Side};

/// One game of a vector environment (see the module documentation).
///
/// ```
/// use marsal::Ruleset;
/// use marsal_host::EnvGame;
/// let rules = Ruleset::barrage();
/// let mut env = EnvGame::new(&rules, 7, 0)?;
/// let mv = env.game().legal_moves()[0];
/// let step = env.step(&rules, mv, Some(1))?;
/// // Cut off at one ply: a fresh game from new setups.
/// assert!(step.truncated);
/// assert_eq!(env.game().position().ply(), 0);
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub struct EnvGame {
    game: Game,
    /// Draws the setups of this game's next games.
    setups: Rng,
    /// Draws this game's random actions.
    draws: Rng,
}

/// The generators (setups, random actions) of game `index` of an
/// environment seeded with `seed`.
fn generators(seed: u64, index: usize) -> (Rng, Rng) {
    let mut root = Rng::new(seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
    (Rng::new(root.next_u64()), Rng::new(root.next_u64()))
}

/// The start of a game from two random setups drawn from `rng`.
fn new_position(rules: &Ruleset, rng: &mut Rng) -> Result<Position, PositionError> {
    let red = Setup::random(rules, Side::Red, rng.next_u64());
    let blue = Setup::random(rules, Side::Blue, rng.next_u64());
    Position::new(rules, &red, &blue)
}

impl EnvGame {
    /// Game `index` of an environment of `rules` seeded with `seed`: the
    /// same game for the same three, whatever else the environment holds.
    ///
    /// ```
    /// use marsal::Ruleset;
    /// use marsal_host::EnvGame;
    /// let rules = Ruleset::classic();
    /// let (a, b) = (EnvGame::new(&rules, 1, 3)?, EnvGame::new(&rules, 1, 3)?);
    /// assert_eq!(a.game().position(), b.game().position());
    /// assert_ne!(a.game().position(), EnvGame::new(&rules, 1, 4)?.game().position());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn new(rules: &Ruleset, seed: u64, index: usize) -> Result<EnvGame, PositionError> {
        let (mut setups, draws) = generators(seed, index);
        let game = Game::from_position(new_position(rules, &mut setups)?);
        Ok(EnvGame {
            game,
            setups,
            draws,
        })
    }

    /// The game.
    ///
    /// ```
    /// let env = marsal_host::EnvGame::new(&marsal::Ruleset::barrage(), 1, 0)?;
    /// assert!(!env.game().status().is_over());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game and the generator of its random actions.
    ///
    /// ```
    /// let mut env = marsal_host::EnvGame::new(&marsal::Ruleset::barrage(), 1, 0)?;
    /// let (game, draws) = env.game_and_draws();
    /// let moves = game.legal_moves();
    /// assert!(moves.len() > draws.below(moves.len() as u32) as usize);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn game_and_draws(&mut self) -> (&Game, &mut Rng) {
        (&self.game, &mut self.draws)
    }

    /// Restarts it as game `index` of an environment seeded with `seed`
    /// (keeping the game's buffers: no allocation once they have grown);
    /// unchanged on an error.
    ///
    /// ```
    /// use marsal::Ruleset;
    /// use marsal_host::EnvGame;
    /// let rules = Ruleset::barrage();
    /// let mut env = EnvGame::new(&rules, 1, 0)?;
    /// env.reseed(&rules, 2, 5)?;
    /// assert_eq!(env.game().position(), EnvGame::new(&rules, 2, 5)?.game().position());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn reseed(
        &mut self,
        rules: &Ruleset,
        seed: u64,
        index: usize,
    ) -> Result<(), PositionError> {
        let (mut setups, draws) = generators(seed, index);
        let start = new_position(rules, &mut setups)?;
        self.game.restart(start);
        self.setups = setups;
        self.draws = draws;
        Ok(())
    }

    /// Plays `mv`, which must be one of the game's legal moves (a host
    /// checks it first: it is played unchecked), and restarts the game from
    /// fresh setups when it ended or reached `max_plies` (`None`: no limit);
    /// the step as the mover sees it ([`step_result`]).
    ///
    /// ```
    /// use marsal::Ruleset;
    /// use marsal_host::EnvGame;
    /// let rules = Ruleset::barrage();
    /// let mut env = EnvGame::new(&rules, 3, 1)?;
    /// let mv = env.game().legal_moves()[0];
    /// let step = env.step(&rules, mv, None)?;
    /// assert!(!step.terminated && !step.truncated && step.reward == 0.0);
    /// assert_eq!(env.game().position().ply(), 1);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn step(
        &mut self,
        rules: &Ruleset,
        mv: Move,
        max_plies: Option<u32>,
    ) -> Result<StepResult, PositionError> {
        let mover = self.game.position().to_move();
        self.game.play_unchecked(mv);
        let end = step_result(
            self.game.status(),
            self.game.position().ply(),
            max_plies,
            mover,
        );
        if end.terminated || end.truncated {
            let start = new_position(rules, &mut self.setups)?;
            self.game.restart(start);
        }
        Ok(end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_of_an_environment_is_its_own_whatever_the_seed() {
        // The index is mixed into the seed one-to-one: no two games of an
        // environment start alike, for the extreme seeds too.
        let rules = Ruleset::barrage();
        for seed in [0, 1, 0x5EED, u64::MAX] {
            let starts: Vec<Position> = (0..4)
                .map(|i| {
                    *EnvGame::new(&rules, seed, i)
                        .expect("a game")
                        .game()
                        .position()
                })
                .collect();
            for (i, a) in starts.iter().enumerate() {
                for b in &starts[i + 1..] {
                    assert_ne!(a, b, "seed {seed}");
                }
            }
        }
    }

    #[test]
    fn reseeding_makes_the_game_and_its_draws_those_of_the_new_seed_and_index() {
        let rules = Ruleset::barrage();
        let mut env = EnvGame::new(&rules, 1, 0).expect("a game");
        let mv = env.game().legal_moves()[0];
        env.step(&rules, mv, None).expect("a step");
        env.reseed(&rules, 2, 5).expect("reseeded");
        let mut fresh = EnvGame::new(&rules, 2, 5).expect("a game");
        assert_eq!(env.game().position(), fresh.game().position());
        assert_eq!(env.game().position().ply(), 0);
        assert_eq!(
            env.game_and_draws().1.next_u64(),
            fresh.game_and_draws().1.next_u64()
        );
    }

    #[test]
    fn a_game_cut_off_at_the_ply_limit_starts_again_from_new_setups() {
        let rules = Ruleset::barrage();
        let mut env = EnvGame::new(&rules, 3, 1).expect("a game");
        let first = *env.game().position();
        let mv = env.game().legal_moves()[0];
        let step = env.step(&rules, mv, Some(1)).expect("a step");
        assert!(step.truncated && !step.terminated);
        assert_eq!(env.game().position().ply(), 0);
        assert_ne!(*env.game().position(), first);
    }
}
