//! Where a vector environment's call writes: the caller's buffers.

/// The observations' buffer, of either element type: `f32` (0.0 / 1.0, and
/// fractions in the two constant planes of the ply counts) or `u8` (0 / 1,
/// and a fraction `x` as `round(255 x)`).
#[derive(Debug)]
pub enum ObsBuffer<'a> {
    /// Observations as `f32`.
    F32(&'a mut [f32]),
    /// Observations as `u8`, a quarter of the memory.
    U8(&'a mut [u8]),
}

/// Where a call of a [`VecEnv`](crate::VecEnv) writes its results: each
/// output is optional (`None`: not written). The outputs of one value a game
/// (`rewards`, `terminated`, `truncated`, `to_move`) need
/// [`VecEnv::num_envs`](crate::VecEnv::num_envs) elements; `obs` that many
/// blocks of [`VecEnv::observation_size`](crate::VecEnv::observation_size),
/// `masks` that many blocks of the action space's size. A longer buffer is
/// written at its start; a shorter one is
/// [`VecEnvError::BufferTooSmall`](crate::VecEnvError::BufferTooSmall) and
/// the call changes nothing.
#[derive(Debug, Default)]
pub struct VecEnvOutputs<'a> {
    /// The observations of the side to move next (its frame turned for
    /// Blue).
    pub obs: Option<ObsBuffer<'a>>,
    /// The legal-action masks (0 / 1) of the side to move next.
    pub masks: Option<&'a mut [u8]>,
    /// The reward of each game's last move for the side that made it: +1 a
    /// win, -1 a loss, else 0.
    pub rewards: Option<&'a mut [f32]>,
    /// 1 where the game ended by the rules (won or drawn).
    pub terminated: Option<&'a mut [u8]>,
    /// 1 where the game reached the environment's ply limit without ending.
    pub truncated: Option<&'a mut [u8]>,
    /// The side (0 red, 1 blue) the observations and masks are for.
    pub to_move: Option<&'a mut [u8]>,
}

impl VecEnvOutputs<'_> {
    /// The same buffers, borrowed again (for a call that keeps `self`).
    pub fn reborrow(&mut self) -> VecEnvOutputs<'_> {
        VecEnvOutputs {
            obs: match &mut self.obs {
                Some(ObsBuffer::F32(b)) => Some(ObsBuffer::F32(b)),
                Some(ObsBuffer::U8(b)) => Some(ObsBuffer::U8(b)),
                None => None,
            },
            masks: self.masks.as_deref_mut(),
            rewards: self.rewards.as_deref_mut(),
            terminated: self.terminated.as_deref_mut(),
            truncated: self.truncated.as_deref_mut(),
            to_move: self.to_move.as_deref_mut(),
        }
    }
}
