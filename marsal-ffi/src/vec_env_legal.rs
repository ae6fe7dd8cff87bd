//! The legal actions of a vector environment's game, kept from its mask: the
//! mask writer lists them as it marks them, so that the next random draw
//! picks from the list and the next step checks an action with one bit,
//! instead of finding the moves again. Valid until the game changes (the
//! slot's owner, `vec_env_step.rs`, clears it then).

use marsal::encoding::{ActionSpace, MaskWriter};
use marsal::{Game, MAX_MOVES, Move, Rng, Side};

/// The legal actions of a game's current position, or nothing known. The
/// buffers are allocated once, for the largest number of legal moves a
/// position can have, so keeping the actions never allocates.
pub(crate) struct LegalActions {
    /// The legal actions, in the order the mask writer found them.
    list: Vec<u32>,
    /// The actions of `list`, one bit an action of the space (kept equal to
    /// the list's set even when it is not valid, so that rewriting clears only
    /// the bits the list holds).
    bits: Vec<u64>,
    /// Whether `list` holds the legal actions of the game's current position.
    valid: bool,
}

impl LegalActions {
    /// No action known, with room for the actions of `space`.
    pub(crate) fn new(space: &ActionSpace) -> LegalActions {
        LegalActions {
            list: Vec::with_capacity(MAX_MOVES.min(space.size())),
            bits: vec![0; space.size().div_ceil(64)],
            valid: false,
        }
    }

    /// Forgets the actions: the game is about to change.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.valid = false;
    }

    /// Writes the mask of `game`'s legal actions into `mask` with `writer`,
    /// and keeps them (valid until [`LegalActions::clear`]).
    pub(crate) fn write_mask(&mut self, writer: &MaskWriter, game: &Game, mask: &mut [u8]) {
        let (list, bits) = (&mut self.list, &mut self.bits);
        // The bits set are the list's: zeroing their words clears them all.
        for &a in list.iter() {
            bits[a as usize / 64] = 0;
        }
        list.clear();
        writer.write_game_mask_with(game, mask, |a| {
            // Every marked action is below the space's size: it has a bit.
            bits[a / 64] |= 1 << (a % 64);
            list.push(a as u32);
        });
        self.valid = true;
    }

    /// A legal action drawn uniformly with `rng` (-1 when there is none), or
    /// `None` when the actions are not known.
    #[inline]
    pub(crate) fn draw(&self, rng: &mut Rng) -> Option<i64> {
        if !self.valid {
            return None;
        }
        if self.list.is_empty() {
            return Some(-1);
        }
        let k = rng.below(self.list.len() as u32) as usize;
        Some(i64::from(self.list[k]))
    }

    /// The move `side` (to move) makes by `action` when the actions are
    /// known and `action` is one of them; `None` otherwise (unknown, out of
    /// range or illegal: the caller's full check says which).
    #[inline]
    pub(crate) fn legal_move(&self, space: &ActionSpace, side: Side, action: i64) -> Option<Move> {
        if !self.valid {
            return None;
        }
        let a = usize::try_from(action).ok()?;
        let word = *self.bits.get(a / 64)?;
        if word >> (a % 64) & 1 == 0 {
            return None;
        }
        space.decode(side, a)
    }
}
