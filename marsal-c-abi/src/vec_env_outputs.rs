//! Where a vector environment's call writes: the C caller's
//! `MarsalVecEnvOutputs`, its pointers read as the host layer's
//! [`VecEnvOutputs`] (each buffer a slice of the length the caller gives).

use crate::errors::invalid;
use crate::status::Error;
use marsal_host::{ObsBuffer, VecEnv, VecEnvOutputs};
use std::ffi::c_void;

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

/// The buffer `p` of `cap` elements, as far as the call reads it (`used`
/// elements at most), or `None` when `p` is NULL.
///
/// # Safety
/// `p` NULL or `cap` writable elements, valid and unused elsewhere for `'a`.
unsafe fn buffer<'a, T>(p: *mut T, cap: usize, used: usize) -> Option<&'a mut [T]> {
    if p.is_null() {
        return None;
    }
    // SAFETY: not NULL, at least `cap.min(used)` writable elements by the
    // caller's promise (so their size fits in memory).
    Some(unsafe { std::slice::from_raw_parts_mut(p, cap.min(used)) })
}

/// The outputs `o` (NULL: nothing written) of a call on `env`, as the host
/// layer's: the sizes are checked by the call (`MARSAL_STATUS_BUFFER_TOO_SMALL`
/// for a short buffer), the element type of `obs` here.
///
/// # Safety
/// `o` NULL or a readable `MarsalVecEnvOutputs` whose pointers keep its
/// promises for `'a`.
pub(crate) unsafe fn outputs_of<'a>(
    o: *const MarsalVecEnvOutputs,
    env: &VecEnv,
) -> Result<VecEnvOutputs<'a>, Error> {
    // SAFETY: the caller's promise.
    let o = unsafe { o.as_ref() }
        .copied()
        .unwrap_or(MarsalVecEnvOutputs::NONE);
    let n = env.num_envs();
    let obs_used = n.saturating_mul(env.observation_size());
    let mask_used = n.saturating_mul(env.action_space().size());
    // SAFETY (each `buffer` below): the caller's promise, `obs_cap`
    // elements of `obs_dtype` for `obs`, `mask_cap` bytes for `masks` and
    // `n` elements for each of the others.
    let obs = match o.obs_dtype {
        _ if o.obs.is_null() => None,
        MARSAL_OBS_FLOAT32 => {
            unsafe { buffer(o.obs.cast::<f32>(), o.obs_cap, obs_used) }.map(ObsBuffer::F32)
        }
        MARSAL_OBS_UINT8 => {
            unsafe { buffer(o.obs.cast::<u8>(), o.obs_cap, obs_used) }.map(ObsBuffer::U8)
        }
        t => {
            return Err(invalid(format!(
                "obs_dtype {t} is neither MARSAL_OBS_FLOAT32 (0) nor MARSAL_OBS_UINT8 (1)"
            )));
        }
    };
    Ok(VecEnvOutputs {
        obs,
        masks: unsafe { buffer(o.masks, o.mask_cap, mask_used) },
        rewards: unsafe { buffer(o.rewards, n, n) },
        terminated: unsafe { buffer(o.terminated, n, n) },
        truncated: unsafe { buffer(o.truncated, n, n) },
        to_move: unsafe { buffer(o.to_move, n, n) },
    })
}
