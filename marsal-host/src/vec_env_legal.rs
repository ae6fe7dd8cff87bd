//! The legal actions of a vector environment's game, kept from its mask: the
//! mask writer lists them as it marks them, so that the next random draw
//! picks from the list and the next step checks an action against it,
//! instead of finding the moves again. Valid until the game changes (the
//! slot's owner, `vec_env_step.rs`, clears it then).

use marsal::encoding::{ActionSpace, MaskWriter};
use marsal::{Game, MAX_MOVES, Move, Rng, Side};

/// The list is searched this many entries at a time (a vector compare).
const LANES: usize = 16;

/// Fills the list past its actions, up to a multiple of [`LANES`]: no action
/// (an action space has at most 3,744 actions).
const NONE: u16 = u16::MAX;

/// `n` rounded up to a multiple of [`LANES`].
const fn padded(n: usize) -> usize {
    n.div_ceil(LANES) * LANES
}

/// The legal actions of a game's current position, or nothing known. The
/// list is allocated once, for the largest number of legal moves a position
/// can have, so keeping the actions never allocates.
pub(crate) struct LegalActions {
    /// The legal actions in `..len`, in the order the mask writer found them,
    /// then [`NONE`] up to `padded(len)`.
    list: Box<[u16]>,
    len: usize,
    /// Whether `list` holds the legal actions of the game's current position.
    valid: bool,
}

impl LegalActions {
    /// No action known, with room for the actions of `space`.
    pub(crate) fn new(space: &ActionSpace) -> LegalActions {
        // No room (so never valid) if an action did not fit in the list.
        let room = if space.size() <= usize::from(NONE) {
            padded(MAX_MOVES.min(space.size()))
        } else {
            0
        };
        LegalActions {
            list: vec![NONE; room].into_boxed_slice(),
            len: 0,
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
        let n = writer.write_game_mask_listing(game, mask, &mut self.list);
        // More legal moves than a position can have cannot happen; if they
        // did, the list would not be kept.
        let room = self.list.len();
        self.valid = n <= room;
        let n = n.min(room);
        self.list[n..padded(n).min(room)].fill(NONE);
        self.len = n;
    }

    /// A legal action drawn uniformly with `rng` (-1 when there is none), or
    /// `None` when the actions are not known.
    #[inline]
    pub(crate) fn draw(&self, rng: &mut Rng) -> Option<i64> {
        if !self.valid {
            return None;
        }
        if self.len == 0 {
            return Some(-1);
        }
        let k = rng.below(self.len as u32) as usize;
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
        // `NONE` and beyond are no action: `decode` refuses them.
        let a = u16::try_from(action).ok()?;
        let found = self.list[..padded(self.len)]
            .chunks_exact(LANES)
            .fold(false, |f, c| c.iter().fold(f, |f, &x| f | (x == a)));
        if !found {
            return None;
        }
        space.decode(side, usize::from(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use marsal::{Position, Ruleset};
    use std::collections::BTreeSet;

    /// A game of `rules` some plies in, its action space and mask writer.
    fn game(rules: &Ruleset) -> (Game, ActionSpace, MaskWriter) {
        let mut g = Game::from_position(Position::start(rules, 3, 4).expect("a start"));
        let mut rng = Rng::new(5);
        for _ in 0..6 {
            let mv = crate::random_move(&g, &mut rng).expect("a move");
            g.play(mv).expect("legal");
        }
        let space = ActionSpace::new(rules);
        let writer = MaskWriter::new(&space);
        (g, space, writer)
    }

    #[test]
    fn the_list_is_padded_to_whole_lanes_of_no_action() {
        assert_eq!(
            [padded(0), padded(1), padded(16), padded(17)],
            [0, 16, 16, 32]
        );
        let (g, space, writer) = game(&Ruleset::classic());
        let mut legal = LegalActions::new(&space);
        let mut mask = vec![0u8; space.size()];
        legal.write_mask(&writer, &g, &mut mask);
        assert!(
            legal.list[legal.len..padded(legal.len)]
                .iter()
                .all(|&a| a == NONE)
        );
    }

    #[test]
    fn kept_actions_are_drawn_uniformly_and_found_until_the_game_changes() {
        for rules in [Ruleset::classic(), Ruleset::marsal_a_spion()] {
            let (g, space, writer) = game(&rules);
            let side = g.position().to_move();
            let mut legal = LegalActions::new(&space);
            let mut rng = Rng::new(9);
            assert_eq!(legal.draw(&mut rng), None, "nothing known yet");
            let mut mask = vec![0u8; space.size()];
            legal.write_mask(&writer, &g, &mut mask);
            let marked: BTreeSet<i64> = (0..space.size())
                .filter(|&a| mask[a] == 1)
                .map(|a| a as i64)
                .collect();
            assert_eq!(marked.len(), g.legal_moves().len());
            let mut drawn = BTreeSet::new();
            for _ in 0..40 * marked.len() {
                drawn.insert(legal.draw(&mut rng).expect("the actions are known"));
            }
            assert_eq!(drawn, marked);
            for (a, &m) in mask.iter().enumerate() {
                let found = legal.legal_move(&space, side, a as i64);
                let want = (m == 1).then(|| space.decode(side, a).expect("a move"));
                assert_eq!(found, want, "action {a}");
            }
            assert_eq!(legal.legal_move(&space, side, -1), None);
            legal.clear();
            assert_eq!(legal.draw(&mut rng), None, "forgotten");
            let any = *marked.first().expect("a legal action");
            assert_eq!(legal.legal_move(&space, side, any), None, "forgotten");
        }
    }
}
