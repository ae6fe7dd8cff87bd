//! The vector environment: N games of one ruleset stepped together from
//! action indices ([`marsal::encoding::ActionSpace`]), each restarted from
//! fresh random setups when it ends or reaches the ply limit, split between
//! the threads of a [`Pool`]. The results go into the caller's buffers
//! ([`VecEnvOutputs`]): nothing is allocated on the step path.

use crate::pool::{DEFAULT_SPIN, Pool, Split};
use crate::vec_env_errors::{MAX_ENVS, MAX_SPIN, MAX_THREADS, VecEnvError};
use crate::vec_env_outputs::VecEnvOutputs;
use crate::vec_env_step::{FirstError, Outputs, Slot, Spaces, Task, run_part};
use marsal::encoding::{ActionSpace, MaskWriter, ObservationSpace};
use marsal::{Game, Ruleset};
use std::time::Duration;

/// A vector environment: `num_envs` games of one ruleset stepped together
/// by [`VecEnv::step`], each restarted from fresh random setups when it
/// ends.
///
/// Threads: it steps its games on the calling thread and `threads - 1`
/// workers of its own ([`VecEnv::set_threads`]; one thread, the caller's, at
/// first), started once and stopped when it is dropped. Each game has its
/// own generators, drawn from the seed and its index ([`crate::EnvGame`]),
/// so the results are the same for any number of threads.
///
/// ```
/// use marsal::Ruleset;
/// use marsal_host::{VecEnv, VecEnvOutputs};
/// let mut env = VecEnv::new(&Ruleset::barrage(), 4, 7, 200)?;
/// let mut actions = [0i64; 4];
/// let (mut rewards, mut terminated) = ([0f32; 4], [0u8; 4]);
/// for _ in 0..300 {
///     env.random_actions(&mut actions)?;
///     env.step(&actions, VecEnvOutputs {
///         rewards: Some(&mut rewards),
///         terminated: Some(&mut terminated),
///         ..VecEnvOutputs::default()
///     })?;
/// }
/// // The games go on: each one that ended was restarted at once.
/// assert!(env.games().all(|g| !g.status().is_over()));
/// # Ok::<(), marsal_host::VecEnvError>(())
/// ```
pub struct VecEnv {
    spaces: Spaces,
    slots: Vec<Slot>,
    pool: Pool,
}

impl VecEnv {
    /// The most games an environment holds.
    pub const MAX_ENVS: usize = MAX_ENVS;
    /// The most threads an environment uses.
    pub const MAX_THREADS: usize = MAX_THREADS;
    /// The longest spin of its threads ([`VecEnv::set_spin`]).
    pub const MAX_SPIN: Duration = MAX_SPIN;

    /// `num_envs` games of `rules` (1 to [`VecEnv::MAX_ENVS`]), each from two
    /// random setups drawn from generators of its own, started from `seed`
    /// and the game's index. `max_plies` > 0 cuts off (truncates) a game
    /// that reaches that many plies; 0 means no limit of the environment's
    /// own (the ruleset's limits still end games, as draws).
    ///
    /// ```
    /// use marsal_host::{VecEnv, VecEnvError};
    /// let rules = marsal::Ruleset::classic();
    /// assert_eq!(VecEnv::new(&rules, 8, 1, 0)?.num_envs(), 8);
    /// assert_eq!(VecEnv::new(&rules, 0, 1, 0).err(), Some(VecEnvError::NumEnvs(0)));
    /// # Ok::<(), VecEnvError>(())
    /// ```
    pub fn new(
        rules: &Ruleset,
        num_envs: usize,
        seed: u64,
        max_plies: u32,
    ) -> Result<VecEnv, VecEnvError> {
        if num_envs == 0 || num_envs > VecEnv::MAX_ENVS {
            return Err(VecEnvError::NumEnvs(num_envs));
        }
        let actions = ActionSpace::new(rules);
        let spaces = Spaces {
            rules: *rules,
            actions,
            masks: MaskWriter::new(&actions),
            observations: ObservationSpace::new(rules),
            max_plies,
        };
        let mut slots = Vec::with_capacity(num_envs);
        for i in 0..num_envs {
            slots.push(Slot::new(rules, seed, i)?);
        }
        let pool = Pool::new(1, DEFAULT_SPIN).map_err(VecEnvError::ThreadStart)?;
        Ok(VecEnv {
            spaces,
            slots,
            pool,
        })
    }

    /// The number of games.
    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The games, in order.
    ///
    /// ```
    /// let env = marsal_host::VecEnv::new(&marsal::Ruleset::barrage(), 3, 1, 0)?;
    /// assert!(env.games().all(|g| g.position().ply() == 0));
    /// # Ok::<(), marsal_host::VecEnvError>(())
    /// ```
    pub fn games(&self) -> impl ExactSizeIterator<Item = &Game> + '_ {
        self.slots.iter().map(Slot::game)
    }

    /// Game `index`.
    ///
    /// ```
    /// use marsal_host::{VecEnv, VecEnvError};
    /// let env = VecEnv::new(&marsal::Ruleset::barrage(), 2, 1, 0)?;
    /// assert!(env.game(1).is_ok());
    /// assert_eq!(env.game(2).err(), Some(VecEnvError::GameIndex { index: 2, games: 2 }));
    /// # Ok::<(), VecEnvError>(())
    /// ```
    pub fn game(&self, index: usize) -> Result<&Game, VecEnvError> {
        self.slots
            .get(index)
            .map(Slot::game)
            .ok_or(VecEnvError::GameIndex {
                index,
                games: self.slots.len(),
            })
    }

    /// The action space of the games.
    pub fn action_space(&self) -> &ActionSpace {
        &self.spaces.actions
    }

    /// The elements of one game's observation.
    pub fn observation_size(&self) -> usize {
        self.spaces.observations.size()
    }

    /// The number of threads the games are stepped on (the caller's
    /// included: 1 means no worker thread).
    pub fn threads(&self) -> usize {
        self.pool.threads()
    }

    /// Steps the games on `threads` threads from now on: the calling thread
    /// and `threads - 1` workers, started now and stopped when the
    /// environment is dropped or this is called again. 0 means one a core
    /// the system reports (at most [`VecEnv::MAX_THREADS`]); more threads than
    /// games are not started. The results do not depend on it. A thread that
    /// cannot be started leaves the environment on one thread.
    ///
    /// ```
    /// let mut env = marsal_host::VecEnv::new(&marsal::Ruleset::barrage(), 2, 1, 0)?;
    /// env.set_threads(4)?;
    /// assert_eq!(env.threads(), 2); // one a game at most
    /// # Ok::<(), marsal_host::VecEnvError>(())
    /// ```
    pub fn set_threads(&mut self, threads: usize) -> Result<(), VecEnvError> {
        if threads > VecEnv::MAX_THREADS {
            return Err(VecEnvError::Threads(threads));
        }
        let wanted = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
        let threads = wanted.clamp(1, VecEnv::MAX_THREADS).min(self.slots.len());
        if threads == self.pool.threads() {
            return Ok(());
        }
        // Stop the old workers first, so that the threads never add up.
        let spin = self.pool.spin();
        self.pool = Pool::new(1, spin).map_err(VecEnvError::ThreadStart)?;
        self.pool = Pool::new(threads, spin).map_err(VecEnvError::ThreadStart)?;
        Ok(())
    }

    /// How long the threads spin between calls before they sleep
    /// ([`Pool::spin`]).
    pub fn spin(&self) -> Duration {
        self.pool.spin()
    }

    /// Sets how long the threads spin between calls before they sleep (at
    /// most [`VecEnv::MAX_SPIN`]); no result depends on it.
    ///
    /// ```
    /// use std::time::Duration;
    /// let mut env = marsal_host::VecEnv::new(&marsal::Ruleset::barrage(), 2, 1, 0)?;
    /// env.set_spin(Duration::from_micros(50))?;
    /// assert_eq!(env.spin(), Duration::from_micros(50));
    /// assert!(env.set_spin(Duration::from_secs(2)).is_err());
    /// # Ok::<(), marsal_host::VecEnvError>(())
    /// ```
    pub fn set_spin(&mut self, spin: Duration) -> Result<(), VecEnvError> {
        if spin > VecEnv::MAX_SPIN {
            return Err(VecEnvError::Spin(spin));
        }
        self.pool.set_spin(spin);
        Ok(())
    }

    /// Runs `task` on every game, split between the pool's threads; the error
    /// of the lowest game index, if any.
    fn run(
        &mut self,
        task: Task<'_>,
        outputs: &Outputs<'_>,
        draws: Option<&mut [i64]>,
    ) -> Result<(), VecEnvError> {
        let spaces = self.spaces;
        let slots = Split::new(&mut self.slots);
        let draws = draws.map(Split::new);
        let first = FirstError::default();
        // A part of no game (more threads than games) does nothing.
        let parts = self.pool.threads();
        self.pool
            .run(&|part| {
                run_part(
                    &spaces,
                    task,
                    &slots,
                    outputs,
                    draws.as_ref(),
                    &first,
                    parts,
                    part,
                );
            })
            .map_err(|_| VecEnvError::Panicked)?;
        first.into_result()
    }

    /// Refuses `actions` unless it holds one action a game.
    fn one_action_a_game(&self, actions: &[i64]) -> Result<(), VecEnvError> {
        let games = self.slots.len();
        if actions.len() == games {
            return Ok(());
        }
        Err(VecEnvError::Actions {
            given: actions.len(),
            games,
        })
    }

    /// Checks `outputs` as a call would (their sizes), writing nothing.
    pub fn check_outputs(&self, outputs: &mut VecEnvOutputs<'_>) -> Result<(), VecEnvError> {
        Outputs::check(outputs.reborrow(), self.slots.len(), &self.spaces).map(|_| ())
    }

    /// Restarts every game from new random setups drawn from generators
    /// started from `seed` (as [`VecEnv::new`] does), and writes `outputs`:
    /// the observations and masks of the side to move, `to_move`, and 0 in
    /// `rewards`, `terminated` and `truncated`. A bad output is reported
    /// before anything changes.
    ///
    /// ```
    /// use marsal_host::{VecEnv, VecEnvOutputs};
    /// let mut env = VecEnv::new(&marsal::Ruleset::barrage(), 2, 1, 0)?;
    /// let mut masks = vec![0u8; 2 * env.action_space().size()];
    /// env.reset(5, VecEnvOutputs { masks: Some(&mut masks), ..VecEnvOutputs::default() })?;
    /// assert!(masks.contains(&1));
    /// # Ok::<(), marsal_host::VecEnvError>(())
    /// ```
    pub fn reset(&mut self, seed: u64, outputs: VecEnvOutputs<'_>) -> Result<(), VecEnvError> {
        let outs = Outputs::check(outputs, self.slots.len(), &self.spaces)?;
        self.run(Task::Reset(seed), &outs, None)
    }

    /// Steps every game by one ply: game `i` plays `actions[i]` for its side
    /// to move. Then, for each game, into `outputs`: the reward of the move
    /// for the side that made it (+1 won, -1 lost, else 0), whether the
    /// game ended by the rules (`terminated`) or reached the ply limit
    /// (`truncated`); a game that did either is **restarted at once**, and
    /// the observation, mask and `to_move` written for it are those of the
    /// new game's first position. Otherwise they are those of the side to
    /// move next.
    ///
    /// Every action is checked before any game is played: an action out of
    /// the space ([`VecEnvError::NotAnAction`]) or illegal
    /// ([`VecEnvError::Illegal`]) fails the call naming its index (the
    /// lowest, when several are wrong), and nothing changes.
    ///
    /// ```
    /// use marsal_host::{VecEnv, VecEnvError, VecEnvOutputs};
    /// let mut env = VecEnv::new(&marsal::Ruleset::barrage(), 2, 1, 0)?;
    /// let err = env.step(&[0, -1], VecEnvOutputs::default()).unwrap_err();
    /// assert!(matches!(err, VecEnvError::NotAnAction { index: 1, action: -1, .. }));
    /// let mut actions = [0; 2];
    /// env.random_actions(&mut actions)?;
    /// env.step(&actions, VecEnvOutputs::default())?;
    /// assert!(env.games().all(|g| g.position().ply() == 1));
    /// # Ok::<(), VecEnvError>(())
    /// ```
    pub fn step(&mut self, actions: &[i64], outputs: VecEnvOutputs<'_>) -> Result<(), VecEnvError> {
        self.one_action_a_game(actions)?;
        let outs = Outputs::check(outputs, self.slots.len(), &self.spaces)?;
        self.run(Task::Check(actions), &Outputs::none(), None)?;
        self.run(Task::Play, &outs, None)
    }

    /// The first half of [`VecEnv::step`]: checks `actions` (one a game) and
    /// keeps their moves for [`VecEnv::play_checked`], which may run on
    /// another thread (an environment stepped in the background checks its
    /// actions on the caller's thread first). Nothing is played.
    pub fn check_actions(&mut self, actions: &[i64]) -> Result<(), VecEnvError> {
        self.one_action_a_game(actions)?;
        self.run(Task::Check(actions), &Outputs::none(), None)
    }

    /// The second half of [`VecEnv::step`]: plays the moves
    /// [`VecEnv::check_actions`] kept and writes `outputs`
    /// ([`VecEnvError::NotChecked`] when no actions were checked since the
    /// last play).
    ///
    /// ```
    /// use marsal_host::{VecEnv, VecEnvOutputs};
    /// let mut env = VecEnv::new(&marsal::Ruleset::barrage(), 2, 1, 0)?;
    /// let mut actions = [0; 2];
    /// env.random_actions(&mut actions)?;
    /// env.check_actions(&actions)?;
    /// env.play_checked(VecEnvOutputs::default())?;
    /// assert!(env.play_checked(VecEnvOutputs::default()).is_err());
    /// # Ok::<(), marsal_host::VecEnvError>(())
    /// ```
    ///
    /// A step in the background while the host does its own work (a
    /// policy's inference on another environment's outputs): the actions
    /// are checked on the caller's thread, so a bad one fails at once, and
    /// the play borrows the buffers for the scope (the C library's
    /// `marsal_vec_env_send` / `marsal_vec_env_recv` do the same across two
    /// calls, on a thread of the handle's).
    ///
    /// ```
    /// use marsal_host::{VecEnv, VecEnvOutputs};
    /// let mut env = VecEnv::new(&marsal::Ruleset::classic(), 4, 1, 0)?;
    /// let (mut actions, mut rewards) = ([0; 4], [0f32; 4]);
    /// env.random_actions(&mut actions)?;
    /// env.check_actions(&actions)?;
    /// let played = std::thread::scope(|s| {
    ///     let step = s.spawn(|| {
    ///         env.play_checked(VecEnvOutputs { rewards: Some(&mut rewards), ..Default::default() })
    ///     });
    ///     // ... the host's own work ...
    ///     step.join().expect("no panic")
    /// });
    /// played?;
    /// assert!(env.games().all(|g| g.position().ply() == 1));
    /// # Ok::<(), marsal_host::VecEnvError>(())
    /// ```
    pub fn play_checked(&mut self, outputs: VecEnvOutputs<'_>) -> Result<(), VecEnvError> {
        let outs = Outputs::check(outputs, self.slots.len(), &self.spaces)?;
        self.run(Task::Play, &outs, None)
    }

    /// Draws one uniformly random legal action for each game into `actions`
    /// (one a game), from each game's own generator, on the environment's
    /// threads: the same seed and the same calls (with the same outputs
    /// asked for) give the same actions with any number of threads. A call
    /// that wrote masks keeps each game's legal actions, and the next draw
    /// picks from that list; without masks the moves are found again, which
    /// may draw another (as uniform) action where a history rule holds a
    /// piece back.
    pub fn random_actions(&mut self, actions: &mut [i64]) -> Result<(), VecEnvError> {
        let n = self.slots.len();
        if actions.len() != n {
            return Err(VecEnvError::ActionRoom {
                given: actions.len(),
                games: n,
            });
        }
        self.run(Task::Draw, &Outputs::none(), Some(actions))
    }

    /// Writes the side to move of each game (0 red, 1 blue) into `sides`
    /// (one a game).
    ///
    /// ```
    /// let env = marsal_host::VecEnv::new(&marsal::Ruleset::barrage(), 2, 1, 0)?;
    /// let mut sides = [9; 2];
    /// env.to_move(&mut sides)?;
    /// assert_eq!(sides, [0, 0]);
    /// # Ok::<(), marsal_host::VecEnvError>(())
    /// ```
    pub fn to_move(&self, sides: &mut [u8]) -> Result<(), VecEnvError> {
        let n = self.slots.len();
        if sides.len() != n {
            return Err(VecEnvError::SideRoom {
                given: sides.len(),
                games: n,
            });
        }
        for (s, o) in self.slots.iter().zip(sides.iter_mut()) {
            *o = s.game().position().to_move() as u8;
        }
        Ok(())
    }
}
