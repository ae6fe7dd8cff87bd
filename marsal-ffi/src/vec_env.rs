//! The vectorised environment (`MarsalVecEnv`): N games of one ruleset
//! stepped together from action indices, each restarted from fresh random
//! setups when it ends (see `encoding.rs` for the action space and the
//! observations).

use super::*;
use marsal::encoding::{ActionSpace, ObservationSpace};
use marsal::{Game, Rng, Ruleset, Setup, Side};

/// A vectorised environment (opaque): `num_envs` games of one ruleset stepped
/// together by `marsal_vec_env_step`, each restarted from fresh random setups
/// when it ends. Create with `marsal_vec_env_new`, free with
/// `marsal_vec_env_free`. Not synchronised (like a `MarsalGame`).
pub struct MarsalVecEnv {
    rules: Ruleset,
    actions: ActionSpace,
    observations: ObservationSpace,
    games: Vec<Game>,
    /// Draws the setups of new games.
    reset_rng: Rng,
    /// Draws the actions of `marsal_vec_env_random_actions`.
    action_rng: Rng,
    max_plies: u32,
}

impl MarsalVecEnv {
    fn new_game(&mut self) -> Result<Game, Error> {
        let red = self.reset_rng.next_u64();
        let blue = self.reset_rng.next_u64();
        let red = Setup::random(&self.rules, Side::Red, red);
        let blue = Setup::random(&self.rules, Side::Blue, blue);
        Game::new(&self.rules, &red, &blue).map_err(position_error)
    }

    fn reset_all(&mut self) -> FfiResult {
        for i in 0..self.games.len() {
            self.games[i] = self.new_game()?;
        }
        Ok(())
    }

    /// Writes observations (of the side to move) and masks of every game into
    /// the buffers that are given.
    fn write(&self, obs: Option<&mut [f32]>, masks: Option<&mut [u8]>) {
        if let Some(obs) = obs {
            let block = self.observations.size();
            for (g, o) in self.games.iter().zip(obs.chunks_exact_mut(block)) {
                let view = g.position().view(g.position().to_move());
                self.observations.write(&view, o);
            }
        }
        if let Some(masks) = masks {
            let block = self.actions.size();
            for (g, m) in self.games.iter().zip(masks.chunks_exact_mut(block)) {
                game_mask(&self.actions, g, m);
            }
        }
    }
}

/// The observation and mask buffers of a vector env call (each optional).
type EnvOutputs<'a> = (Option<&'a mut [f32]>, Option<&'a mut [u8]>);

/// The optional observation and mask outputs of a vector env call.
///
/// # Safety
/// `obs` NULL or `obs_cap` writable floats; `masks` NULL or `mask_cap`
/// writable bytes.
unsafe fn env_outputs<'a>(
    env: &MarsalVecEnv,
    obs: *mut f32,
    obs_cap: usize,
    masks: *mut u8,
    mask_cap: usize,
) -> Result<EnvOutputs<'a>, Error> {
    let n = env.games.len();
    let obs = if obs.is_null() {
        None
    } else {
        let needed = total(n, env.observations.size(), "observations")?;
        // SAFETY: the caller's promise.
        Some(unsafe { out_slice(obs, obs_cap, needed, "the observations") }?)
    };
    let masks = if masks.is_null() {
        None
    } else {
        let needed = total(n, env.actions.size(), "masks")?;
        // SAFETY: the caller's promise.
        Some(unsafe { out_slice(masks, mask_cap, needed, "the masks") }?)
    };
    Ok((obs, masks))
}

/// Creates a vector environment of `num_envs` games of `ruleset` (at least 1)
/// and writes its handle into `*out` (free it with `marsal_vec_env_free`).
/// Each game starts from two random setups drawn from a generator started
/// from `seed`. `max_plies` > 0 truncates a game that reaches that many plies
/// (see `marsal_vec_env_step`); 0 means no limit of the environment's own (the
/// ruleset's limits still end games, as draws).
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_new(
    ruleset: *const MarsalRuleset,
    num_envs: usize,
    seed: u64,
    max_plies: u32,
    out: *mut *mut MarsalVecEnv,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let r = unsafe { get(ruleset, "ruleset") }?;
        if out.is_null() {
            return Err(null("out"));
        }
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(invalid(format!(
                "num_envs must be 1..={}, not {num_envs}",
                1 << 20
            )));
        }
        let mut env = MarsalVecEnv {
            rules: r.rules,
            actions: ActionSpace::new(&r.rules),
            observations: ObservationSpace::new(&r.rules),
            games: Vec::with_capacity(num_envs),
            reset_rng: Rng::new(seed),
            action_rng: Rng::new(!seed),
            max_plies,
        };
        for _ in 0..num_envs {
            let g = env.new_game()?;
            env.games.push(g);
        }
        // SAFETY: checked for NULL above; writable by the caller's promise.
        unsafe { out.write(Box::into_raw(Box::new(env))) };
        Ok(())
    })
}

/// Frees a vector environment (NULL does nothing).
///
/// # Safety
/// `env` must be NULL or a live handle, not used afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_free(env: *mut MarsalVecEnv) -> MarsalStatus {
    boundary(|| {
        if !env.is_null() {
            // SAFETY: a live handle made by `Box::into_raw`, freed once.
            drop(unsafe { Box::from_raw(env) });
        }
        Ok(())
    })
}

/// Writes the number of games of `env` into `*out`.
///
/// # Safety
/// `env` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_num_envs(
    env: *const MarsalVecEnv,
    out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let e = unsafe { get(env, "env") }?;
        // SAFETY: the caller's promise.
        *unsafe { get_mut(out, "out") }? = e.games.len();
        Ok(())
    })
}

/// Restarts every game of `env` from new random setups drawn from a generator
/// started from `seed` (as `marsal_vec_env_new` does), and writes the
/// observations of the side to move (`obs`, `num_envs` blocks of the
/// observation size) and the masks (`masks`, `num_envs` blocks of the action
/// space size). `obs` and `masks` may each be NULL (not written); a short
/// buffer is `MARSAL_STATUS_BUFFER_TOO_SMALL` and changes nothing.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call;
/// `obs` NULL or `obs_cap` writable floats; `masks` NULL or `mask_cap` writable
/// bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_reset(
    env: *mut MarsalVecEnv,
    seed: u64,
    obs: *mut f32,
    obs_cap: usize,
    masks: *mut u8,
    mask_cap: usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let e = unsafe { get_mut(env, "env") }?;
        // SAFETY: the caller's promise.
        let (obs, masks) = unsafe { env_outputs(e, obs, obs_cap, masks, mask_cap) }?;
        e.reset_rng = Rng::new(seed);
        e.action_rng = Rng::new(!seed);
        e.reset_all()?;
        e.write(obs, masks);
        Ok(())
    })
}

/// Steps every game of `env` by one ply: game `i` plays `actions[i]` for its
/// side to move (`count` must be the number of games). Then, for each game:
/// - `rewards[i]`: +1 when the move won the game for the side that made it,
///   -1 when that side lost by it, else 0 (draws, games going on);
/// - `terminated[i]`: 1 when the game ended by the rules (won or drawn);
/// - `truncated[i]`: 1 when the game reached the environment's `max_plies`
///   without ending;
/// - a game that ended or was truncated is **reset at once**: it restarts
///   from new random setups, and the observation and mask written for it are
///   those of the new game's first position (the final position of the old
///   game is not observed; its result is in `rewards` and `terminated`);
/// - `obs`: the observation of the side to move next (the viewer is whoever
///   acts on the next step; its frame is turned for Blue), `num_envs` blocks;
/// - `masks`: the legal-action mask of that side, `num_envs` blocks.
///
/// Every output may be NULL (not written); the caller's buffers need
/// `num_envs` elements (`rewards`, `terminated`, `truncated`) or blocks. Every
/// action is checked before any game is played: an action out of range
/// (`MARSAL_STATUS_INVALID_ARGUMENT`) or illegal (`MARSAL_STATUS_ILLEGAL_MOVE`)
/// fails the call with a message naming its index, and nothing changes.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call;
/// `actions` NULL or `count` readable elements; each output NULL or writable
/// for the sizes above (`obs_cap` floats, `mask_cap` bytes).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_step(
    env: *mut MarsalVecEnv,
    actions: *const i64,
    count: usize,
    obs: *mut f32,
    obs_cap: usize,
    masks: *mut u8,
    mask_cap: usize,
    rewards: *mut f32,
    terminated: *mut u8,
    truncated: *mut u8,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let e = unsafe { get_mut(env, "env") }?;
        let n = e.games.len();
        if count != n {
            return Err(invalid(format!(
                "{count} actions for {n} games: give one action per game"
            )));
        }
        // SAFETY: the caller's promise.
        let acts = unsafe { array(actions, count, "actions") }?;
        // SAFETY: the caller's promise.
        let (obs, masks) = unsafe { env_outputs(e, obs, obs_cap, masks, mask_cap) }?;
        let mut moves = Vec::with_capacity(n);
        for (i, (g, &a)) in e.games.iter().zip(acts).enumerate() {
            moves.push(action_move(&e.actions, g, a, Some(i))?);
        }
        for (i, mv) in moves.into_iter().enumerate() {
            let g = &mut e.games[i];
            let mover = g.position().to_move();
            g.play(mv).map_err(move_error)?;
            let status = g.status();
            let ended = status.is_over();
            let cut = !ended && e.max_plies > 0 && g.position().ply() >= e.max_plies;
            let reward = match status.winner() {
                Some(w) if w == mover => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
            // SAFETY: each output NULL or `n` writable elements (the caller's
            // promise), and `i < n`.
            unsafe {
                if !rewards.is_null() {
                    rewards.add(i).write(reward);
                }
                if !terminated.is_null() {
                    terminated.add(i).write(u8::from(ended));
                }
                if !truncated.is_null() {
                    truncated.add(i).write(u8::from(cut));
                }
            }
            if ended || cut {
                e.games[i] = e.new_game()?;
            }
        }
        e.write(obs, masks);
        Ok(())
    })
}

/// Draws one uniformly random legal action for each game of `env` into
/// `actions` (`count` must be the number of games), from the environment's own
/// generator (started from `~seed` at creation and reset). The games of an
/// environment are never over (they are reset when they end), so every action
/// is legal.
///
/// # Safety
/// `env` must be NULL or a live handle not used elsewhere during the call;
/// `actions` NULL or `count` writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_random_actions(
    env: *mut MarsalVecEnv,
    actions: *mut i64,
    count: usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let e = unsafe { get_mut(env, "env") }?;
        let n = e.games.len();
        if count != n {
            return Err(invalid(format!(
                "room for {count} actions for {n} games: give one per game"
            )));
        }
        // SAFETY: the caller's promise.
        let out = unsafe { out_slice(actions, count, n, "the actions") }?;
        let MarsalVecEnv {
            actions: space,
            games,
            action_rng,
            ..
        } = e;
        for (g, a) in games.iter().zip(out.iter_mut()) {
            *a = random_action(space, g, action_rng);
        }
        Ok(())
    })
}

/// Writes the side to move of each game of `env` into `out` (`count` must be
/// the number of games): the viewer of the observations the last call wrote.
///
/// # Safety
/// `env` must be NULL or a live handle; `out` NULL or `count` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_to_move(
    env: *const MarsalVecEnv,
    out: *mut u8,
    count: usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let e = unsafe { get(env, "env") }?;
        let n = e.games.len();
        if count != n {
            return Err(invalid(format!("room for {count} sides for {n} games")));
        }
        // SAFETY: the caller's promise.
        let out = unsafe { out_slice(out, count, n, "the sides") }?;
        for (g, s) in e.games.iter().zip(out.iter_mut()) {
            *s = g.position().to_move() as u8;
        }
        Ok(())
    })
}

/// Writes a copy of game `index` of `env` into `*out` (a new game handle, free
/// it with `marsal_game_free`), for inspection: the copy is independent of the
/// environment. An index out of range is `MARSAL_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
/// `env` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_game(
    env: *const MarsalVecEnv,
    index: usize,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let e = unsafe { get(env, "env") }?;
        if out.is_null() {
            return Err(null("out"));
        }
        let g = e.games.get(index).ok_or_else(|| {
            invalid(format!(
                "game {index} of an environment of {}",
                e.games.len()
            ))
        })?;
        new_game(g.clone(), out)
    })
}

impl MarsalVecEnv {
    /// The games, in order (for the batch policies of `bots.rs`).
    pub(crate) fn games(&self) -> &[Game] {
        &self.games
    }

    /// The environment's action space.
    pub(crate) fn action_space(&self) -> &ActionSpace {
        &self.actions
    }
}
