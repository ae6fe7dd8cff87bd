//! Beliefs: a probability for each kind of every piece one side cannot see,
//! from what the other side knows.
//!
//! The view gives, for every enemy piece, the set of kinds it may still be
//! (counting, moves, fights). The search bot needs more than the set: how
//! likely each kind is, so that an attack on an unknown piece can be scored
//! as an expectation (see [`search`](crate::search)). [`Beliefs::of`] builds
//! them from a position's knowledge alone (never from the hidden kinds):
//!
//! - **Counting.** The pieces × kinds table is fitted by iterative
//!   proportional fitting: each piece's row sums to 1, each kind's column to
//!   the number of that kind the enemy still has, and a kind outside a
//!   piece's set has probability 0. So when the pieces that moved cannot be
//!   Bombs, the Bombs crowd onto the unmoved ones, as counting says.
//! - **Where an unmoved piece stands.** A piece that never moved still stands
//!   on its setup square, and people set up by row: the Flag and the Bombs at
//!   the back, the strong pieces in the middle rows, Scouts in front. Each
//!   unmoved piece's row starts with a prior by its depth in its owner's
//!   setup zone (0 the back row), the frequency of each kind at that depth
//!   over the average: [`DEPTH_PRIOR`], counted on the 794 setups of the 397
//!   recorded classic games of the Gravon archive (people, 2004–2015). Zones
//!   of another depth are scaled to four rows; kinds the table does not know
//!   (Cadet, Corporal, Gunner) get 1, the Mine the Bomb's row.
//!
//! - **Behaviour** ([`Behaviour`], when the caller kept it): each kind's
//!   prior is multiplied by [`Behaviour::WEIGHT`] for every step of the
//!   piece that counted against that kind (it stepped next to a piece of
//!   ours its owner knew, which that piece takes; or away from one that
//!   cannot take it).
//!
//! The result never gives a kind the view rules out (a test), depends only on
//! the position's knowledge, which squares hold the enemy's pieces, and the
//! enemy's remaining counts, and allocates nothing.

use crate::player::behaviour::Behaviour;
use crate::referee::board::cell::owner;
use crate::referee::board::square::{CELLS, GRID_SQUARES, Square};
use crate::referee::piece::{KIND_COUNT, KindSet, PieceKind, Side};
use crate::referee::position::Position;

/// The most pieces one side has.
const MAX_PIECES: usize = GRID_SQUARES;
/// Rounds of iterative proportional fitting.
const ROUNDS: usize = 24;
/// No piece.
const NONE: u8 = u8::MAX;

/// Frequency of each kind at each depth of a classic setup (0 the back row,
/// 3 the front), measured on the Gravon archive's classic games; the order
/// of [`DEPTH_KINDS`].
pub(crate) const DEPTH_PRIOR: [[f32; 4]; 12] = [
    [0.270, 0.179, 0.088, 0.063], // Bomb
    [0.006, 0.033, 0.046, 0.015], // Spy
    [0.136, 0.159, 0.222, 0.283], // Scout
    [0.231, 0.154, 0.072, 0.043], // Miner
    [0.107, 0.092, 0.079, 0.121], // Sergeant
    [0.058, 0.090, 0.095, 0.157], // Lieutenant
    [0.053, 0.097, 0.118, 0.132], // Captain
    [0.037, 0.093, 0.090, 0.081], // Major
    [0.009, 0.067, 0.084, 0.039], // Colonel
    [0.001, 0.013, 0.054, 0.032], // General
    [0.003, 0.016, 0.050, 0.031], // Marshal
    [0.090, 0.007, 0.002, 0.001], // Flag
];

/// The kinds of [`DEPTH_PRIOR`]'s rows, with their count in the classic army
/// of 40.
const DEPTH_KINDS: [(PieceKind, f32); 12] = [
    (PieceKind::Bomb, 6.0),
    (PieceKind::Spy, 1.0),
    (PieceKind::Scout, 8.0),
    (PieceKind::Miner, 5.0),
    (PieceKind::Sergeant, 4.0),
    (PieceKind::Lieutenant, 4.0),
    (PieceKind::Captain, 4.0),
    (PieceKind::Major, 3.0),
    (PieceKind::Colonel, 2.0),
    (PieceKind::General, 1.0),
    (PieceKind::Marshal, 1.0),
    (PieceKind::Flag, 1.0),
];

/// The prior weight of `kind` for an unmoved piece at `depth` (0 the back
/// row, 3 the front): its frequency there over its average frequency.
fn depth_weight(kind: PieceKind, depth: usize) -> f32 {
    let kind = if kind == PieceKind::Mine {
        PieceKind::Bomb
    } else {
        kind
    };
    DEPTH_KINDS
        .iter()
        .position(|&(k, _)| k == kind)
        .map_or(1.0, |row| {
            let average = DEPTH_KINDS[row].1 / 40.0;
            (DEPTH_PRIOR[row][depth.min(3)] / average).max(0.02)
        })
}

/// The probabilities of the kinds of one side's pieces, as the other side
/// may believe them (see the module documentation).
#[derive(Clone, Copy)]
pub(crate) struct Beliefs {
    /// The piece on a cell, when the beliefs were made.
    index: [u8; CELLS],
    /// Each piece's set of kinds, when the beliefs were made.
    sets: [u16; MAX_PIECES],
    /// Each piece's probability of each kind.
    p: [[f32; KIND_COUNT]; MAX_PIECES],
    /// For a piece met later (moved, or its set narrowed): how likely a
    /// piece that may be each kind is it, on average.
    weight: [f32; KIND_COUNT],
}

impl Beliefs {
    /// The beliefs about `side`'s pieces on `pos`, from what `side`'s
    /// opponent knows of them (`pos`'s knowledge), the squares they stand on
    /// and `side`'s remaining counts.
    #[cfg(test)]
    pub(crate) fn of(pos: &Position, side: Side) -> Beliefs {
        Beliefs::seen(pos, side, None)
    }

    /// [`Beliefs::of`], with each piece's prior multiplied by the weights of
    /// what `behaviour` saw it do (when it is the other side's).
    pub(crate) fn seen(pos: &Position, side: Side, behaviour: Option<&Behaviour>) -> Beliefs {
        let behaviour = behaviour.filter(|b| b.observer() != side);
        let s = side.index();
        let mut b = Beliefs {
            index: [NONE; CELLS],
            sets: [0; MAX_PIECES],
            p: [[0.0; KIND_COUNT]; MAX_PIECES],
            weight: [0.0; KIND_COUNT],
        };
        let rules = pos.rules();
        let zone = rules.board.zone(side);
        let (lo, hi) = zone
            .iter()
            .map(Square::rank)
            .fold((u8::MAX, 0), |(lo, hi), r| (lo.min(r), hi.max(r)));
        let rows = usize::from(hi.saturating_sub(lo)) + 1;
        let immovable = !KindSet::MOVABLE.bits();
        let mut n = 0;
        for (cell, &c) in pos.cells.iter().enumerate() {
            if owner(c) != Some(side) || n >= MAX_PIECES {
                continue;
            }
            let set = pos.knowledge[cell];
            b.index[cell] = n as u8;
            b.sets[n] = set;
            // An unmoved piece (it may still be a Bomb or the Flag) on its
            // setup square: the prior of its depth.
            let depth = match Square::from_cell(cell) {
                Some(sq) if set & immovable != 0 && zone.contains(sq) => {
                    let d = match side {
                        Side::Red => sq.rank() - lo,
                        Side::Blue => hi - sq.rank(),
                    };
                    Some(usize::from(d) * 3 / (rows - 1).max(1))
                }
                _ => None,
            };
            let seen = behaviour.map_or([1.0; KIND_COUNT], |b| b.weights(cell));
            let kinds = KindSet::from_bits(set);
            for k in kinds.iter() {
                b.p[n][k.index()] = depth.map_or(1.0, |d| depth_weight(k, d)) * seen[k.index()];
            }
            // What earlier games showed of the square (an unmoved piece).
            if let (Some(seen), Some(sq), Some(_)) = (behaviour, Square::from_cell(cell), depth) {
                let counts = &pos.on_board[s];
                seen.memory()
                    .weigh(rules, side, sq, kinds, &mut b.p[n], counts);
            }
            n += 1;
        }
        let target: [f32; KIND_COUNT] = core::array::from_fn(|k| f32::from(pos.on_board[s][k]));
        for _ in 0..ROUNDS {
            normalize_rows(&mut b.p[..n]);
            for (k, &t) in target.iter().enumerate() {
                let sum: f32 = b.p[..n].iter().map(|row| row[k]).sum();
                if sum > 0.0 {
                    let f = t / sum;
                    b.p[..n].iter_mut().for_each(|row| row[k] *= f);
                }
            }
        }
        normalize_rows(&mut b.p[..n]);
        for k in 0..KIND_COUNT {
            let (mut sum, mut may) = (0.0, 0u32);
            for i in 0..n {
                if b.sets[i] & (1 << k) != 0 {
                    sum += b.p[i][k];
                    may += 1;
                }
            }
            b.weight[k] = if may > 0 { sum / may as f32 } else { 0.0 };
        }
        b
    }

    /// The probability of each kind of the piece on `cell` of `pos` (a
    /// position reached from the one the beliefs were made on): the piece's
    /// own row while it stands where it stood with the same set of kinds,
    /// else the average weights within its set now. Zero outside the set.
    pub(crate) fn at(&self, pos: &Position, cell: usize) -> [f32; KIND_COUNT] {
        let set = pos.knowledge[cell];
        let i = self.index[cell];
        if i != NONE && self.sets[usize::from(i)] == set {
            return self.p[usize::from(i)];
        }
        let mut p = [0.0; KIND_COUNT];
        let mut sum = 0.0;
        for k in KindSet::from_bits(set).iter() {
            p[k.index()] = self.weight[k.index()];
            sum += p[k.index()];
        }
        if sum > 0.0 {
            p.iter_mut().for_each(|x| *x /= sum);
        } else {
            // No weight left (a set the counts no longer allow): uniform.
            let count = set.count_ones().max(1) as f32;
            for k in KindSet::from_bits(set).iter() {
                p[k.index()] = 1.0 / count;
            }
        }
        p
    }
}

/// Makes each row sum to 1 (a row of zeros stays).
fn normalize_rows(rows: &mut [[f32; KIND_COUNT]]) {
    for row in rows {
        let sum: f32 = row.iter().sum();
        if sum > 0.0 {
            row.iter_mut().for_each(|x| *x /= sum);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rng, Ruleset};

    fn sq(file: u8, rank: u8) -> usize {
        Square::new(file, rank).expect("on the board").cell()
    }

    #[test]
    fn beliefs_never_give_a_kind_the_view_rules_out() {
        // With and without what each side saw the other's pieces do.
        for rules in [
            Ruleset::classic(),
            Ruleset::barrage(),
            Ruleset::marsal_a_spion(),
        ] {
            let mut game = Position::start(&rules, 3, 4).expect("start");
            let mut seen = [Behaviour::new(Side::Red), Behaviour::new(Side::Blue)];
            let mut rng = Rng::new(9);
            for ply in 0..300 {
                if game.status().is_over() {
                    break;
                }
                if ply % 10 == 0 {
                    let pos = game;
                    for side in Side::BOTH {
                        let observer = &seen[(!side).index()];
                        for b in [
                            Beliefs::of(&pos, side),
                            Beliefs::seen(&pos, side, Some(observer)),
                        ] {
                            for cell in pos.boards.pieces[side.index()].cells() {
                                let p = b.at(&pos, cell);
                                let set = pos.knowledge[cell];
                                let total: f32 = p.iter().sum();
                                assert!((total - 1.0).abs() < 1e-3, "sums to 1");
                                for (k, &x) in p.iter().enumerate() {
                                    if set & (1 << k) == 0 {
                                        assert_eq!(x, 0.0, "kind {k} ruled out");
                                    }
                                }
                            }
                        }
                    }
                }
                let moves = game.legal_moves();
                let mv = moves[rng.below(moves.len() as u32) as usize];
                let outcome = game.play(mv).expect("legal");
                for side in Side::BOTH {
                    let view = game.view(side);
                    seen[side.index()].observe(&rules, &outcome.observed_by(side), &view);
                }
            }
            assert!(seen.iter().any(|b| !b.is_empty()), "some behaviour seen");
        }
    }

    #[test]
    fn beliefs_count_the_bombs_onto_the_unmoved_pieces() {
        // Blue's Bombs and Flag are among its unmoved pieces; the more of its
        // pieces have moved, the likelier each unmoved one is a Bomb.
        let rules = Ruleset::classic();
        let pos = Position::start(&rules, 1, 2).expect("start");
        let b = Beliefs::of(&pos, Side::Blue);
        let bomb = PieceKind::Bomb.index();
        let mean: f32 = pos.boards.pieces[Side::Blue.index()]
            .cells()
            .map(|c| b.at(&pos, c)[bomb])
            .sum::<f32>()
            / 40.0;
        assert!((mean - 6.0 / 40.0).abs() < 1e-3, "the counts hold: {mean}");
        // The back row is likelier Bombs and Flag than the front.
        let back = b.at(&pos, sq(0, 9));
        let front = b.at(&pos, sq(0, 6));
        assert!(back[bomb] > 2.0 * front[bomb]);
        let flag = PieceKind::Flag.index();
        assert!(back[flag] > 10.0 * front[flag]);
    }

    #[test]
    fn beliefs_of_a_moved_piece_carry_no_bomb_and_raise_the_others() {
        let rules = Ruleset::classic();
        let mut pos = Position::start(&rules, 1, 2).expect("start");
        let before = Beliefs::of(&pos, Side::Blue);
        // Red moves, then Blue moves a front piece.
        let red = pos.legal_moves()[0];
        pos.play_unchecked(red);
        let mv = pos.legal_moves()[0];
        pos.play_unchecked(mv);
        let after = Beliefs::of(&pos, Side::Blue);
        let moved = after.at(&pos, mv.to.cell());
        assert_eq!(moved[PieceKind::Bomb.index()], 0.0);
        assert_eq!(moved[PieceKind::Flag.index()], 0.0);
        let still = sq(0, 9);
        assert!(
            after.at(&pos, still)[PieceKind::Bomb.index()]
                > before.at(&pos, still)[PieceKind::Bomb.index()]
        );
    }
}
