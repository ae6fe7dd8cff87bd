//! The work of a vector environment, a part of its games at a time: the
//! games with their own generators (so that any number of threads gives the
//! same games), the checked output buffers, and the steps (check every
//! action, then play, reset and write) that `vec_env.rs` runs on its
//! [`Pool`](marsal_host::pool::Pool).

use super::vec_env_legal::LegalActions;
use super::*;
use marsal::encoding::{ActionSpace, MaskWriter, ObservationSpace, ObservationValue};
use marsal::{Game, Move, Ruleset};
use marsal_host::EnvGame;
use marsal_host::pool::{Split, part_range};
use std::ffi::c_void;
use std::ops::Range;
use std::sync::Mutex;

/// `MarsalVecEnvOutputs.obs_dtype`: observations as `float` (0.0 / 1.0, and
/// fractions in the two constant planes of the ply counts).
pub const MARSAL_OBS_FLOAT32: u8 = 0;
/// `MarsalVecEnvOutputs.obs_dtype`: observations as `uint8_t`, a quarter of
/// the memory: 0 / 1 where the `float` form has 0.0 / 1.0, and a fraction `x`
/// as `round(255 x)`.
pub const MARSAL_OBS_UINT8: u8 = 1;

/// Where a vector env call writes its results; every pointer may be NULL (that
/// output is not written). Arrays of one value a game (`rewards`,
/// `terminated`, `truncated`, `to_move`) need `num_envs` elements; `obs` needs
/// `num_envs` blocks of the observation size (`obs_cap` counts elements of
/// `obs_dtype`), `masks` `num_envs` blocks of the action space size
/// (`mask_cap` bytes). A short `obs` or `masks` is
/// `MARSAL_STATUS_BUFFER_TOO_SMALL` and the call changes nothing.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MarsalVecEnvOutputs {
    /// The observations of the side to move next, or NULL.
    pub obs: *mut c_void,
    /// Elements (of `obs_dtype`) `obs` has room for.
    pub obs_cap: usize,
    /// `MARSAL_OBS_FLOAT32` (`obs` is `float *`) or `MARSAL_OBS_UINT8`
    /// (`uint8_t *`); anything else is `MARSAL_STATUS_INVALID_ARGUMENT`.
    pub obs_dtype: u8,
    /// The legal-action masks (0 / 1) of the side to move next, or NULL.
    pub masks: *mut u8,
    /// Bytes `masks` has room for.
    pub mask_cap: usize,
    /// The reward of each game's last move for the side that made it, or NULL.
    pub rewards: *mut f32,
    /// 1 where the game ended by the rules, or NULL.
    pub terminated: *mut u8,
    /// 1 where the game reached the environment's ply limit, or NULL.
    pub truncated: *mut u8,
    /// The side (0 red, 1 blue) the observations and masks are for, or NULL.
    pub to_move: *mut u8,
}

impl MarsalVecEnvOutputs {
    /// No output at all.
    pub(crate) const NONE: MarsalVecEnvOutputs = MarsalVecEnvOutputs {
        obs: std::ptr::null_mut(),
        obs_cap: 0,
        obs_dtype: MARSAL_OBS_FLOAT32,
        masks: std::ptr::null_mut(),
        mask_cap: 0,
        rewards: std::ptr::null_mut(),
        terminated: std::ptr::null_mut(),
        truncated: std::ptr::null_mut(),
        to_move: std::ptr::null_mut(),
    };
}

/// One game of the environment with its generators (the host layer's
/// [`EnvGame`]), and what was known of its position: `legal` and `pending`,
/// cleared at each change of the game (`step_game`, `Slot::reseed`).
pub(crate) struct Slot {
    env: EnvGame,
    /// The checked move of the step under way: legal in the current position
    /// (set by the check, taken by the play that follows it, cleared by a
    /// reset).
    pending: Option<Move>,
    /// The legal actions of the current position, when its mask was written.
    legal: LegalActions,
}

/// What every part of a job reads: the rules and spaces of the environment.
#[derive(Clone, Copy)]
pub(crate) struct Spaces {
    pub(crate) rules: Ruleset,
    pub(crate) actions: ActionSpace,
    /// The writer of the masks of `actions`.
    pub(crate) masks: MaskWriter,
    pub(crate) observations: ObservationSpace,
    pub(crate) max_plies: u32,
}

impl Slot {
    /// Game `index` of an environment seeded with `seed`.
    pub(crate) fn new(rules: &Ruleset, seed: u64, index: usize) -> Result<Slot, Error> {
        Ok(Slot {
            env: EnvGame::new(rules, seed, index).map_err(position_error)?,
            pending: None,
            legal: LegalActions::new(&ActionSpace::new(rules)),
        })
    }

    /// The game.
    pub(crate) fn game(&self) -> &Game {
        self.env.game()
    }

    /// Restarts this slot as game `index` of an environment seeded with `seed`
    /// (keeping its buffers); unchanged on an error.
    fn reseed(&mut self, rules: &Ruleset, seed: u64, index: usize) -> Result<(), Error> {
        self.env
            .reseed(rules, seed, index)
            .map_err(position_error)?;
        self.legal.clear();
        self.pending = None;
        Ok(())
    }
}

/// The observation buffer of a call, of either element type.
enum Obs<'a> {
    F32(Split<'a, f32>),
    U8(Split<'a, u8>),
}

/// The checked outputs of a call, to be split between parts.
pub(crate) struct Outputs<'a> {
    obs: Option<Obs<'a>>,
    masks: Option<Split<'a, u8>>,
    rewards: Option<Split<'a, f32>>,
    terminated: Option<Split<'a, u8>>,
    truncated: Option<Split<'a, u8>>,
    to_move: Option<Split<'a, u8>>,
    obs_block: usize,
    mask_block: usize,
}

/// The optional array `p` of `n` elements.
///
/// # Safety
/// `p` NULL or `n` writable elements.
unsafe fn per_game<'a, T>(p: *mut T, n: usize, what: &str) -> Result<Option<Split<'a, T>>, Error> {
    if p.is_null() {
        return Ok(None);
    }
    Ok(Some(Split::new(try_out_slice!(p, n, n, what))))
}

impl<'a> Outputs<'a> {
    /// No outputs.
    pub(crate) fn none() -> Outputs<'a> {
        Outputs {
            obs: None,
            masks: None,
            rewards: None,
            terminated: None,
            truncated: None,
            to_move: None,
            obs_block: 0,
            mask_block: 0,
        }
    }

    /// Checks `o` (NULL: nothing written) for an environment of `n` games.
    ///
    /// # Safety
    /// `o` NULL or readable, its pointers as `MarsalVecEnvOutputs` says.
    pub(crate) unsafe fn check(
        o: *const MarsalVecEnvOutputs,
        n: usize,
        spaces: &Spaces,
    ) -> Result<Outputs<'a>, Error> {
        // SAFETY: the caller's promise.
        let o = unsafe { o.as_ref() }
            .copied()
            .unwrap_or(MarsalVecEnvOutputs::NONE);
        let obs_block = spaces.observations.size();
        let mask_block = spaces.actions.size();
        let obs = if o.obs.is_null() {
            None
        } else {
            let needed = total(n, obs_block, "observations")?;
            Some(match o.obs_dtype {
                // SAFETY: the caller's promise (`obs_cap` elements of the type).
                MARSAL_OBS_FLOAT32 => Obs::F32(Split::new(unsafe {
                    out_slice(o.obs.cast::<f32>(), o.obs_cap, needed, "the observations")
                }?)),
                // SAFETY: as above.
                MARSAL_OBS_UINT8 => Obs::U8(Split::new(unsafe {
                    out_slice(o.obs.cast::<u8>(), o.obs_cap, needed, "the observations")
                }?)),
                t => {
                    return Err(invalid(format!(
                        "obs_dtype {t} is neither MARSAL_OBS_FLOAT32 (0) nor MARSAL_OBS_UINT8 (1)"
                    )));
                }
            })
        };
        let masks = if o.masks.is_null() {
            None
        } else {
            let needed = total(n, mask_block, "masks")?;
            // SAFETY: the caller's promise.
            Some(Split::new(unsafe {
                out_slice(o.masks, o.mask_cap, needed, "the masks")
            }?))
        };
        Ok(Outputs {
            obs,
            masks,
            // SAFETY: the caller's promise (`n` elements each).
            rewards: unsafe { per_game(o.rewards, n, "the rewards") }?,
            // SAFETY: as above.
            terminated: unsafe { per_game(o.terminated, n, "terminated") }?,
            // SAFETY: as above.
            truncated: unsafe { per_game(o.truncated, n, "truncated") }?,
            // SAFETY: as above.
            to_move: unsafe { per_game(o.to_move, n, "to_move") }?,
            obs_block,
            mask_block,
        })
    }
}

/// The outputs of the games `range` (one part).
struct PartOutputs<'a> {
    obs_f32: Option<&'a mut [f32]>,
    obs_u8: Option<&'a mut [u8]>,
    masks: Option<&'a mut [u8]>,
    rewards: Option<&'a mut [f32]>,
    terminated: Option<&'a mut [u8]>,
    truncated: Option<&'a mut [u8]>,
    to_move: Option<&'a mut [u8]>,
}

impl<'a> Outputs<'a> {
    /// The outputs of the games `r`.
    ///
    /// # Safety
    /// No two calls during the life of `self` may have overlapping ranges.
    unsafe fn part(&self, r: Range<usize>) -> PartOutputs<'a> {
        let scaled = |b: usize| r.start * b..r.end * b;
        // SAFETY: disjoint ranges of games are disjoint ranges of elements
        // (the caller's promise).
        unsafe {
            PartOutputs {
                obs_f32: match &self.obs {
                    Some(Obs::F32(s)) => Some(s.part(scaled(self.obs_block))),
                    _ => None,
                },
                obs_u8: match &self.obs {
                    Some(Obs::U8(s)) => Some(s.part(scaled(self.obs_block))),
                    _ => None,
                },
                masks: self.masks.as_ref().map(|s| s.part(scaled(self.mask_block))),
                rewards: self.rewards.as_ref().map(|s| s.part(r.clone())),
                terminated: self.terminated.as_ref().map(|s| s.part(r.clone())),
                truncated: self.truncated.as_ref().map(|s| s.part(r.clone())),
                to_move: self.to_move.as_ref().map(|s| s.part(r.clone())),
            }
        }
    }
}

/// The first error of a job's parts, by game index (the lowest wins, so the
/// error does not depend on the number of threads).
#[derive(Default)]
pub(crate) struct FirstError(Mutex<Option<(usize, Error)>>);

impl FirstError {
    fn keep(&self, index: usize, e: Error) {
        let mut first = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if first.as_ref().is_none_or(|(i, _)| index < *i) {
            *first = Some((index, e));
        }
    }

    /// The error kept, if any.
    pub(crate) fn into_result(self) -> FfiResult {
        match self.0.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }
}

/// What a job does to each part of the games.
#[derive(Clone, Copy)]
pub(crate) enum Task<'t> {
    /// Check `actions` (one a game) and keep their moves.
    Check(&'t [i64]),
    /// Play the kept moves, reset finished games, write the outputs.
    Play,
    /// Restart every game from `seed`, write the outputs.
    Reset(u64),
    /// Draw a random legal action for each game into the `Split`.
    Draw,
}

/// Runs `task` on the games `slots` (the games `range` of the environment,
/// `range.start` the index of `slots[0]`), writing `outputs` and, for `Draw`,
/// `draws`; the first error of the part goes to `first`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_part(
    spaces: &Spaces,
    task: Task<'_>,
    slots: &Split<'_, Slot>,
    outputs: &Outputs<'_>,
    draws: Option<&Split<'_, i64>>,
    first: &FirstError,
    parts: usize,
    part: usize,
) {
    let n = slots.len();
    let range = part_range(n, parts, part);
    let start = range.start;
    // SAFETY: each part takes its own `part_range` once in a job.
    let games = unsafe { slots.part(range.clone()) };
    match task {
        Task::Check(actions) => {
            for (k, slot) in games.iter_mut().enumerate() {
                let i = start + k;
                let (a, side) = (actions[i], slot.game().position().to_move());
                // One bit when the legal actions are known; anything else
                // (unknown, illegal, out of range) gets the full check and
                // its error.
                let checked = match slot.legal.legal_move(&spaces.actions, side, a) {
                    Some(mv) => Ok(mv),
                    None => action_move(&spaces.actions, slot.game(), a, Some(i)),
                };
                match checked {
                    Ok(mv) => slot.pending = Some(mv),
                    Err(e) => return first.keep(i, e),
                }
            }
        }
        Task::Draw => {
            if let Some(d) = draws {
                // SAFETY: as above.
                let out = unsafe { d.part(range) };
                for (slot, a) in games.iter_mut().zip(out) {
                    let (game, rng) = slot.env.game_and_draws();
                    *a = match slot.legal.draw(rng) {
                        Some(a) => a,
                        None => random_action(&spaces.actions, game, rng),
                    };
                }
            }
        }
        Task::Play | Task::Reset(_) => {
            // SAFETY: as above.
            let out = unsafe { outputs.part(range) };
            if let Err((i, e)) = play_and_write(spaces, task, games, start, out, outputs) {
                first.keep(i, e);
            }
        }
    }
}

/// Plays (or resets) the games of a part and writes their outputs.
fn play_and_write(
    spaces: &Spaces,
    task: Task<'_>,
    games: &mut [Slot],
    start: usize,
    mut out: PartOutputs<'_>,
    all: &Outputs<'_>,
) -> Result<(), (usize, Error)> {
    let (ob, mb) = (all.obs_block, all.mask_block);
    for (k, slot) in games.iter_mut().enumerate() {
        let i = start + k;
        let (reward, ended, cut) = match task {
            Task::Reset(seed) => {
                slot.reseed(&spaces.rules, seed, i).map_err(|e| (i, e))?;
                (0.0, false, false)
            }
            _ => step_game(spaces, slot).map_err(|e| (i, e))?,
        };
        if let Some(r) = out.rewards.as_deref_mut() {
            r[k] = reward;
        }
        if let Some(t) = out.terminated.as_deref_mut() {
            t[k] = u8::from(ended);
        }
        if let Some(t) = out.truncated.as_deref_mut() {
            t[k] = u8::from(cut);
        }
        let g = slot.env.game();
        let side = g.position().to_move();
        if let Some(t) = out.to_move.as_deref_mut() {
            t[k] = side as u8;
        }
        if let Some(o) = out.obs_f32.as_deref_mut() {
            observe(spaces, g, &mut o[k * ob..(k + 1) * ob]);
        }
        if let Some(o) = out.obs_u8.as_deref_mut() {
            observe(spaces, g, &mut o[k * ob..(k + 1) * ob]);
        }
        if let Some(m) = out.masks.as_deref_mut() {
            // Listing the legal actions as they are marked.
            slot.legal
                .write_mask(&spaces.masks, g, &mut m[k * mb..(k + 1) * mb]);
        }
    }
    Ok(())
}

/// Writes the observation of the side to move of `g` into `o`.
fn observe<T: ObservationValue>(spaces: &Spaces, g: &Game, o: &mut [T]) {
    let pos = g.position();
    spaces.observations.write_position(pos, pos.to_move(), o);
}

/// Plays the checked move of `slot`, and restarts the game when it ended or
/// reached the ply limit: `(reward, terminated, truncated)`.
fn step_game(spaces: &Spaces, slot: &mut Slot) -> Result<(f32, bool, bool), Error> {
    let mv = slot
        .pending
        .take()
        .ok_or_else(|| invalid("no checked action to play".to_string()))?;
    slot.legal.clear();
    let limit = (spaces.max_plies > 0).then_some(spaces.max_plies);
    // Checked legal in this position by the step's check (`pending`).
    let end = slot
        .env
        .step(&spaces.rules, mv, limit)
        .map_err(position_error)?;
    let (reward, ended, cut) = (end.reward, end.terminated, end.truncated);
    Ok((reward, ended, cut))
}
