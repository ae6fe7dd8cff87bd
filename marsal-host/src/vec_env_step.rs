//! The work of a vector environment, a part of its games at a time: the
//! games with what is known of their positions, the checked output buffers
//! split between the parts, and the tasks (check every action, then play,
//! reset and write; draw random actions) that [`VecEnv`](crate::VecEnv)
//! runs on its [`Pool`](crate::pool::Pool).

use crate::EnvGame;
use crate::pool::{Split, part_range};
use crate::vec_env_errors::VecEnvError;
use crate::vec_env_legal::LegalActions;
use crate::vec_env_outputs::{ObsBuffer, VecEnvOutputs};
use marsal::encoding::{ActionSpace, MaskWriter, ObservationSpace, ObservationValue};
use marsal::{Game, Move, Ruleset};
use std::ops::Range;
use std::sync::Mutex;

/// One game of the environment with its generators ([`EnvGame`]), and what
/// was known of its position: `legal` and `pending`, cleared at each change
/// of the game (`step_game`, `Slot::reseed`).
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
    pub(crate) fn new(rules: &Ruleset, seed: u64, index: usize) -> Result<Slot, VecEnvError> {
        Ok(Slot {
            env: EnvGame::new(rules, seed, index)?,
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
    fn reseed(&mut self, rules: &Ruleset, seed: u64, index: usize) -> Result<(), VecEnvError> {
        self.env.reseed(rules, seed, index)?;
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

/// `count * block`, or an error when it cannot be a size in memory.
fn total(count: usize, block: usize, what: &'static str) -> Result<usize, VecEnvError> {
    count
        .checked_mul(block)
        .filter(|&n| n <= isize::MAX as usize / 4)
        .ok_or(VecEnvError::TooLarge { count, what, block })
}

/// The first `needed` elements of `buffer`, or `BufferTooSmall` naming `what`.
fn fitted<'a, T>(
    buffer: &'a mut [T],
    needed: usize,
    what: &'static str,
) -> Result<&'a mut [T], VecEnvError> {
    let given = buffer.len();
    buffer.get_mut(..needed).ok_or(VecEnvError::BufferTooSmall {
        what,
        needed,
        given,
    })
}

/// The optional array of one value a game, `n` games.
fn per_game<'a, T>(
    buffer: Option<&'a mut [T]>,
    n: usize,
    what: &'static str,
) -> Result<Option<Split<'a, T>>, VecEnvError> {
    buffer
        .map(|b| fitted(b, n, what).map(Split::new))
        .transpose()
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

    /// Checks the buffers of `o` for an environment of `n` games, in the
    /// order of its fields: each must hold at least its size.
    pub(crate) fn check(
        o: VecEnvOutputs<'a>,
        n: usize,
        spaces: &Spaces,
    ) -> Result<Outputs<'a>, VecEnvError> {
        let obs_block = spaces.observations.size();
        let mask_block = spaces.actions.size();
        let obs = match o.obs {
            None => None,
            Some(buffer) => {
                let needed = total(n, obs_block, "observations")?;
                let what = "the observations";
                Some(match buffer {
                    ObsBuffer::F32(b) => Obs::F32(Split::new(fitted(b, needed, what)?)),
                    ObsBuffer::U8(b) => Obs::U8(Split::new(fitted(b, needed, what)?)),
                })
            }
        };
        let masks = match o.masks {
            None => None,
            Some(b) => Some(Split::new(fitted(
                b,
                total(n, mask_block, "masks")?,
                "the masks",
            )?)),
        };
        Ok(Outputs {
            obs,
            masks,
            rewards: per_game(o.rewards, n, "the rewards")?,
            terminated: per_game(o.terminated, n, "terminated")?,
            truncated: per_game(o.truncated, n, "truncated")?,
            to_move: per_game(o.to_move, n, "to_move")?,
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
pub(crate) struct FirstError(Mutex<Option<(usize, VecEnvError)>>);

impl FirstError {
    fn keep(&self, index: usize, e: VecEnvError) {
        let mut first = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if first.as_ref().is_none_or(|(i, _)| index < *i) {
            *first = Some((index, e));
        }
    }

    /// The error kept, if any.
    pub(crate) fn into_result(self) -> Result<(), VecEnvError> {
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

/// The move of `action` (game `index`'s) in `game`, checked legal.
fn checked_move(
    space: &ActionSpace,
    game: &Game,
    action: i64,
    index: usize,
) -> Result<Move, VecEnvError> {
    let side = game.position().to_move();
    let mv = usize::try_from(action)
        .ok()
        .and_then(|a| space.decode(side, a))
        .ok_or(VecEnvError::NotAnAction {
            index,
            action,
            size: space.size(),
        })?;
    game.check_move(mv).map_err(|error| VecEnvError::Illegal {
        index,
        action,
        mv,
        error,
    })?;
    Ok(mv)
}

/// A uniformly drawn legal action of `game` (-1 when it is over).
fn random_action(space: &ActionSpace, game: &Game, rng: &mut marsal::Rng) -> i64 {
    crate::random_move(game, rng)
        .and_then(|mv| space.encode(game.position().to_move(), mv))
        .map_or(-1, |a| a as i64)
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
                    None => checked_move(&spaces.actions, slot.game(), a, i),
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
) -> Result<(), (usize, VecEnvError)> {
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
fn step_game(spaces: &Spaces, slot: &mut Slot) -> Result<(f32, bool, bool), VecEnvError> {
    let mv = slot.pending.take().ok_or(VecEnvError::NotChecked)?;
    slot.legal.clear();
    let limit = (spaces.max_plies > 0).then_some(spaces.max_plies);
    // Checked legal in this position by the step's check (`pending`).
    let end = slot.env.step(&spaces.rules, mv, limit)?;
    Ok((end.reward, end.terminated, end.truncated))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_kept_is_the_lowest_games_and_the_first_reported_for_it() {
        let first = FirstError::default();
        first.keep(4, VecEnvError::Panicked);
        first.keep(1, VecEnvError::NotChecked);
        first.keep(3, VecEnvError::Panicked);
        first.keep(1, VecEnvError::Panicked);
        assert_eq!(first.into_result(), Err(VecEnvError::NotChecked));
        assert_eq!(FirstError::default().into_result(), Ok(()));
    }
}
