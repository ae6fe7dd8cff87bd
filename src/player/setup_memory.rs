//! Setup memory: what one side learned, over earlier games against the same
//! opponent, about where that opponent puts each kind.
//!
//! A player who meets the same opponent again remembers where its Bombs
//! stood, where its Marshal started, which squares held pieces that moved.
//! [`SetupMemory`] keeps that, from public information only: during a game
//! the side's [`Behaviour`](crate::Behaviour) follows each enemy piece from
//! its setup square (the trail) and notes what the side was shown of it
//! (its kind, when a fight or a Scout's long move showed it; that it moved);
//! after the game [`Behaviour::learned`](crate::Behaviour::learned) adds those notes to the counts of
//! their setup squares. The squares are the opponent's own (its depth from
//! its back row and its file), so a memory learned while the opponent played
//! Red serves when it plays Blue; each note counts on the square and on its
//! mirror image (people turn their setups left to right).
//!
//! The search bot's beliefs ([`search`](crate::search)) multiply an unmoved
//! enemy piece's prior by the memory of its square: a Dirichlet posterior
//! with the prior's weight [`SetupMemory::PRIOR_WEIGHT`], so a square where
//! the opponent's Bomb was found in every earlier game is believed a Bomb,
//! and one that never held a Bomb is believed one less and less.
//!
//! ```
//! use marsal::{Behaviour, Position, Ruleset, SetupMemory, Side};
//! let mut game = Position::start(&Ruleset::classic(), 1, 2)?;
//! let mut red = Behaviour::new(Side::Red);
//! for _ in 0..40 {
//!     let mv = game.legal_moves()[0];
//!     let outcome = game.play(mv)?;
//!     red.observe(game.rules(), &outcome.observed_by(Side::Red), &game.view(Side::Red));
//! }
//! let memory: SetupMemory = red.learned(game.rules());
//! assert_eq!(memory.games(), 1);
//! // The next game's behaviour carries it into the search's beliefs.
//! let next = Behaviour::new(Side::Red).with_memory(memory);
//! assert_eq!(next.memory().games(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::referee::board::square::{CELLS, GRID_SQUARES, MAX_FILES, Square};
use crate::referee::piece::{KIND_COUNT, KindSet, PieceKind, Side};
use crate::referee::ruleset::Ruleset;

/// Keys of a setup square: depth from the owner's back row × file.
const KEYS: usize = GRID_SQUARES;
/// No setup square.
const NONE: u8 = u8::MAX;
/// A note: the piece moved (bit 15); its kind, when shown, as index + 1 in
/// the low bits.
const MOVED: u16 = 1 << 15;

/// Where each enemy piece started and what the side was shown of it, over
/// one game (kept by [`Behaviour`](crate::Behaviour)).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Trail {
    /// By cell: the setup cell of the enemy piece standing there, while the
    /// game's first moves have not touched it (`identity`), else as followed.
    origin: [u8; CELLS],
    /// By setup cell: what was seen of the piece that started there.
    notes: [u16; CELLS],
}

impl Trail {
    pub(crate) fn new() -> Trail {
        Trail {
            origin: core::array::from_fn(|c| c as u8),
            notes: [0; CELLS],
        }
    }

    /// An enemy piece moved from `from` to `to`: it stays there when
    /// `stays`; `shown` its kind when the side was shown it.
    pub(crate) fn enemy_moved(
        &mut self,
        from: usize,
        to: usize,
        stays: bool,
        shown: Option<PieceKind>,
    ) {
        let o = core::mem::replace(&mut self.origin[from], NONE);
        self.note(o, MOVED, shown);
        self.origin[to] = if stays { o } else { NONE };
    }

    /// The side attacked the enemy piece on `cell`, whose kind it was shown;
    /// `stays` when that piece won.
    pub(crate) fn enemy_defended(&mut self, cell: usize, kind: PieceKind, stays: bool) {
        let o = self.origin[cell];
        self.note(o, 0, Some(kind));
        if !stays {
            self.origin[cell] = NONE;
        }
    }

    fn note(&mut self, origin: u8, bits: u16, kind: Option<PieceKind>) {
        let Some(n) = self.notes.get_mut(usize::from(origin)) else {
            return;
        };
        *n |= bits;
        if let Some(k) = kind {
            if *n & !MOVED == 0 {
                *n |= k.index() as u16 + 1;
            }
        }
    }
}

/// What one side learned over earlier games about where its opponent puts
/// each kind (see the module documentation). Fixed size, no allocation;
/// `Copy`.
///
/// ```
/// let memory = marsal::SetupMemory::new();
/// assert_eq!(memory.games(), 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SetupMemory {
    /// By setup square of the opponent's: how often each kind was found
    /// there.
    kinds: [[u16; KIND_COUNT]; KEYS],
    /// By setup square: how often the piece there moved and its kind was
    /// not found.
    moved: [u16; KEYS],
    games: u32,
}

impl Default for SetupMemory {
    fn default() -> SetupMemory {
        SetupMemory::new()
    }
}

impl SetupMemory {
    /// How many observations the beliefs' prior counts as, against the
    /// memory's: after one game that showed a square's kind, the square is
    /// believed that kind about one time in three more than the prior says.
    pub const PRIOR_WEIGHT: f32 = 2.0;

    /// Nothing learned.
    ///
    /// ```
    /// assert_eq!(marsal::SetupMemory::new(), marsal::SetupMemory::default());
    /// ```
    pub fn new() -> SetupMemory {
        SetupMemory {
            kinds: [[0; KIND_COUNT]; KEYS],
            moved: [0; KEYS],
            games: 0,
        }
    }

    /// How many games it learned from.
    ///
    /// ```
    /// assert_eq!(marsal::SetupMemory::new().games(), 0);
    /// ```
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Adds what `trail` (one game's, under `rules`) noted of `enemy`'s
    /// setup (see the module documentation;
    /// [`Behaviour::learned`](crate::Behaviour::learned) calls it).
    pub(crate) fn learn(&mut self, rules: &Ruleset, enemy: Side, trail: &Trail) {
        for sq in rules.board.zone(enemy).iter() {
            let note = trail.notes[sq.cell()];
            if note == 0 {
                continue;
            }
            for key in keys(rules, enemy, sq) {
                match (note & !MOVED).checked_sub(1) {
                    Some(k) => {
                        let c = &mut self.kinds[key][usize::from(k)];
                        *c = c.saturating_add(1);
                    }
                    None => self.moved[key] = self.moved[key].saturating_add(1),
                }
            }
        }
        self.games = self.games.saturating_add(1);
    }

    /// Multiplies `row`, the prior weights of the kinds of `set` for an
    /// unmoved piece of `owner`'s on `sq` (`owner` with `counts` pieces of
    /// each kind left), by what the memory learned of that square: each
    /// kind's posterior over its prior probability (up to a common factor),
    /// [`PRIOR_WEIGHT`](SetupMemory::PRIOR_WEIGHT) plus the times it was
    /// found there over its prior probability, plus for a movable kind the
    /// times the square's piece moved over the movable kinds' prior
    /// probability. The prior probabilities are the weights times the
    /// counts, normalized over `set`. Nothing changes where nothing was
    /// learned.
    pub(crate) fn weigh(
        &self,
        rules: &Ruleset,
        owner: Side,
        sq: Square,
        set: KindSet,
        row: &mut [f32; KIND_COUNT],
        counts: &[u8; KIND_COUNT],
    ) {
        let Some(key) = keys(rules, owner, sq).next() else {
            return;
        };
        let (found, moved) = (&self.kinds[key], f32::from(self.moved[key]));
        let mut prior = [0.0f32; KIND_COUNT];
        for k in set.iter() {
            prior[k.index()] = row[k.index()] * f32::from(counts[k.index()]);
        }
        let sum: f32 = prior.iter().sum();
        if sum <= 0.0 || (moved == 0.0 && found.iter().all(|&c| c == 0)) {
            return;
        }
        let movable = set
            .iter()
            .filter(|k| k.is_movable())
            .map(|k| prior[k.index()] / sum)
            .sum::<f32>();
        for k in set.iter() {
            let p = (prior[k.index()] / sum).max(1e-3);
            let mut x = Self::PRIOR_WEIGHT + f32::from(found[k.index()]) / p;
            if k.is_movable() && movable > 0.0 {
                x += moved / movable;
            }
            row[k.index()] *= x;
        }
    }
}

/// The memory's keys of `owner`'s setup square `sq`: the square's own and
/// its mirror image's (the same when on the middle file); none outside the
/// zone. (A zone square's depth and files are under [`MAX_FILES`].)
fn keys(rules: &Ruleset, owner: Side, sq: Square) -> impl Iterator<Item = usize> {
    let zone = rules.board.zone(owner);
    let (lo, hi) = zone
        .iter()
        .map(Square::rank)
        .fold((u8::MAX, 0), |(lo, hi), r| (lo.min(r), hi.max(r)));
    let depth = match owner {
        Side::Red => sq.rank().wrapping_sub(lo),
        Side::Blue => hi.wrapping_sub(sq.rank()),
    };
    let files = rules.board.files;
    let (file, mirror) = (sq.file(), files.wrapping_sub(1).wrapping_sub(sq.file()));
    let ok = zone.contains(sq);
    let width = usize::from(MAX_FILES);
    let a = usize::from(depth) * width + usize::from(file);
    let b = usize::from(depth) * width + usize::from(mirror);
    [a, b]
        .into_iter()
        .enumerate()
        .filter(move |&(i, k)| ok && (i == 0 || k != a))
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::beliefs::Beliefs;
    use crate::referee::board::cell::{kind_of, owner};
    use crate::{Behaviour, Position, Rng};

    fn sq(name: &str) -> Square {
        name.parse().expect("a square")
    }

    #[test]
    fn a_setup_square_is_the_owners_whichever_colour_it_plays_and_counts_for_its_mirror_image() {
        let rules = Ruleset::classic();
        let two = |side, name| {
            let mut k = keys(&rules, side, sq(name));
            (k.next(), k.next(), k.next())
        };
        let red = two(Side::Red, "b1");
        assert_eq!(
            red,
            two(Side::Blue, "b10"),
            "the back row's second file, from either side"
        );
        let (Some(a), Some(b), None) = red else {
            panic!("two keys: {red:?}");
        };
        assert_ne!(a, b);
        assert_eq!(
            two(Side::Red, "i1"),
            (Some(b), Some(a), None),
            "its mirror image"
        );
        assert_eq!(
            keys(&rules, Side::Red, sq("b5")).count(),
            0,
            "outside the zone"
        );
    }

    /// Plays random moves of `game` until Red attacks one of Blue's Bombs;
    /// Red's behaviour then, and the Bomb's square.
    fn until_red_finds_a_bomb(seed: u64) -> Option<(Behaviour, Square)> {
        let rules = Ruleset::classic();
        let mut game = Position::start(&rules, seed, seed + 1).ok()?;
        let mut red = Behaviour::new(Side::Red);
        let mut rng = Rng::new(seed);
        for _ in 0..3_000 {
            let outcome = game.play_random(&mut rng)?;
            red.observe(
                &rules,
                &outcome.observed_by(Side::Red),
                &game.view(Side::Red),
            );
            let obs = outcome.observed_by(Side::Red);
            if obs.side == Side::Red && obs.defender == Some(PieceKind::Bomb) {
                return Some((red, obs.mv.to));
            }
        }
        None
    }

    #[test]
    fn a_square_where_the_opponents_bomb_was_found_is_believed_likelier_a_bomb_in_the_next_game() {
        let rules = Ruleset::classic();
        let (mut checked, bomb) = (0, PieceKind::Bomb.index());
        for seed in 0..40 {
            let Some((red, found)) = until_red_finds_a_bomb(seed) else {
                continue;
            };
            let memory = red.learned(&rules);
            let twice = red.with_memory(memory).learned(&rules);
            assert_eq!((memory.games(), twice.games()), (1, 2));
            // The next game, Blue another setup: its unmoved piece on that
            // square, and on its mirror image, is believed likelier a Bomb.
            let next = Position::start(&rules, seed + 100, seed + 101).expect("a start");
            // The Bomb chance of `owner`'s piece on `s` as `owner`'s opponent
            // believes it, without and with the memory.
            let chance = |owner: Side, s: Square| {
                let plain = Behaviour::new(!owner);
                let remembered = plain.with_memory(memory);
                let of =
                    |b: &Behaviour| Beliefs::seen(&next, owner, Some(b)).at(&next, s.cell())[bomb];
                (of(&plain), of(&remembered))
            };
            let mirror = Square::new(9 - found.file(), found.rank()).expect("on the board");
            // And when the opponent plays Red: the same square of its own.
            let turned = Square::new(found.file(), 9 - found.rank()).expect("on the board");
            for (owner, s) in [
                (Side::Blue, found),
                (Side::Blue, mirror),
                (Side::Red, turned),
            ] {
                let (before, after) = chance(owner, s);
                assert!(
                    after > before * 1.2,
                    "seed {seed}, {s}: {before} -> {after}"
                );
            }
            checked += 1;
        }
        assert!(checked >= 5, "bombs found: {checked}");
    }

    #[test]
    fn each_enemy_piece_is_followed_from_its_setup_square_to_what_the_side_was_shown_of_it() {
        let rules = Ruleset::classic();
        let (mut shown, mut moved_then_shown) = (0, 0);
        for seed in 0..12 {
            let start = Position::start(&rules, seed, seed + 1).expect("a start");
            let mut game = start;
            let mut red = Behaviour::new(Side::Red);
            let mut rng = Rng::new(seed);
            // The truth: each piece's setup cell, followed.
            let mut origin: [Option<usize>; CELLS] =
                core::array::from_fn(|c| owner(start.cells[c]).map(|_| c));
            for _ in 0..600 {
                let Some(outcome) = game.play_random(&mut rng) else {
                    break;
                };
                let (from, to) = (outcome.mv.from.cell(), outcome.mv.to.cell());
                let mover = origin[from].take();
                let side = mover.and_then(|o| owner(start.cells[o]));
                match owner(game.cells[to]) {
                    None => origin[to] = None,
                    s if s == side => origin[to] = mover,
                    _ => {}
                }
                red.observe(
                    &rules,
                    &outcome.observed_by(Side::Red),
                    &game.view(Side::Red),
                );
            }
            // Every Blue piece whose kind Red's view shows is noted on its
            // setup cell.
            for (sq, seen) in game.view(Side::Red).squares() {
                if let crate::SquareView::Enemy { possible } = seen {
                    if let (Some(kind), Some(o)) = (possible.single(), origin[sq.cell()]) {
                        let note = red.trail().notes[o];
                        assert_eq!(note & !MOVED, kind.index() as u16 + 1, "seed {seed}, {sq}");
                    }
                }
            }
            for cell in 0..CELLS {
                let note = red.trail().notes[cell];
                let Some(kind) = (note & !MOVED).checked_sub(1) else {
                    continue;
                };
                // The kind noted is the one that started there (Blue's).
                assert_eq!(owner(start.cells[cell]), Some(Side::Blue), "seed {seed}");
                assert_eq!(
                    usize::from(kind),
                    kind_of(start.cells[cell]).index(),
                    "seed {seed}"
                );
                shown += 1;
                if note & MOVED != 0 {
                    moved_then_shown += 1;
                }
            }
        }
        assert!(shown >= 50, "kinds noted: {shown}");
        assert!(
            moved_then_shown >= 20,
            "of pieces that had moved: {moved_then_shown}"
        );
    }

    #[test]
    fn a_square_is_weighed_by_the_dirichlet_posterior_of_what_was_found_there() {
        let rules = Ruleset::classic();
        let (bomb, scout) = (PieceKind::Bomb.index(), PieceKind::Scout.index());
        let set = KindSet::from_bits((1 << bomb) | (1 << scout));
        let mut counts = [0u8; KIND_COUNT];
        counts[bomb] = 3;
        counts[scout] = 1;
        let row = |b: f32, s: f32| {
            let mut r = [0.0; KIND_COUNT];
            r[bomb] = b;
            r[scout] = s;
            r
        };
        let mut memory = SetupMemory::new();
        let key = keys(&rules, Side::Blue, sq("e10")).next().expect("a key");
        memory.kinds[key][bomb] = 1;
        memory.moved[key] = 2;
        // Prior probabilities 6/7 (Bomb) and 1/7 (Scout): the Bomb's weight
        // times 2 + 1 / (6/7), the Scout's times 2 + 2 / (1/7).
        let mut r = row(2.0, 1.0);
        memory.weigh(&rules, Side::Blue, sq("e10"), set, &mut r, &counts);
        assert!(
            (r[bomb] - 2.0 * (2.0 + 7.0 / 6.0)).abs() < 1e-4,
            "{}",
            r[bomb]
        );
        assert!((r[scout] - 16.0).abs() < 1e-3, "{}", r[scout]);
        // A square that moved only: only the movable kind gains.
        memory.kinds[key][bomb] = 0;
        let mut r = row(2.0, 1.0);
        memory.weigh(&rules, Side::Blue, sq("e10"), set, &mut r, &counts);
        assert!(
            (r[bomb] - 4.0).abs() < 1e-4 && (r[scout] - 16.0).abs() < 1e-3,
            "{r:?}"
        );
        // A movable kind with none left: no weight from the moves.
        counts[scout] = 0;
        let mut r = row(2.0, 1.0);
        memory.weigh(&rules, Side::Blue, sq("e10"), set, &mut r, &counts);
        assert_eq!(r, row(4.0, 2.0));
        counts[scout] = 1;
        // Nothing was learned elsewhere (the mirror image is `learn`'s).
        for other in ["f10", "e9", "e5"] {
            let mut r = row(2.0, 1.0);
            memory.weigh(&rules, Side::Blue, sq(other), set, &mut r, &counts);
            assert_eq!(r, row(2.0, 1.0), "{other}");
        }
    }
}
