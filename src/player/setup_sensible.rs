//! Setups a person would make ([`Setup::sensible`]).
//!
//! Read from the board and the army of any ruleset, so every preset and every
//! custom ruleset gets one:
//! - the Flag on the back row (the zone's row farthest from the enemy);
//! - the Mines (Bombs) first on the Flag's neighbours in the zone (the
//!   orthogonal ones, and the diagonal ones too when steps may go
//!   diagonally), the rest in the two back rows, mostly the second (where
//!   they wall the back row and look like the pieces a person keeps there);
//! - the strongest piece (the Marshal) near the back, in the second row: the
//!   enemy's first probes (small pieces thrown at the front rows) do not
//!   find it, and it is not shown before it is needed;
//! - the Spy beside or behind the strongest piece (it guards against the
//!   enemy's strongest);
//! - every other kind on a row drawn around a depth chosen for it: Miners at
//!   the back (they are needed late, for the Mines), the next strongest
//!   pieces in the middle, Scouts and the weakest ranks up front, so the
//!   front row is a mix of Scouts, low and middle ranks.
//!
//! The two choices about the back (the strongest piece in the second row,
//! the Mines that do not wall the Flag mostly there too) were measured with
//! the search bot against peternlewis, the winner of the 2012 UCC
//! competition (docs/log/2026-12-strength-experiments.md, "Then the setup"): 66.2 % over 800 games
//! against 60.8 % with the strongest piece in the middle and those Mines
//! mostly on the back row, and the enemy's Spy took its Marshal about half as
//! often.
//!
//! Each square is drawn with a weight that falls with its distance from the
//! kind's depth, so setups vary from seed to seed. The result is always a
//! valid setup: if the zone's shape defeats the plan (a ruleset whose zone has
//! no room left where a kind wants to go), the remaining pieces go on any free
//! zone square, and should even that fail, [`Setup::random`] is returned.

use crate::referee::board::square::{GRID_SQUARES, Square};
use crate::referee::piece::{PieceKind, Side};
use crate::referee::rng::Rng;
use crate::referee::ruleset::Ruleset;
use crate::referee::setup::Setup;

/// The zone of one side, with each square's row counted from the back.
struct Zone {
    squares: [Option<Square>; GRID_SQUARES],
    depth: [u8; GRID_SQUARES],
    taken: [bool; GRID_SQUARES],
    n: usize,
    rows: u8,
}

impl Zone {
    fn of(rules: &Ruleset, side: Side) -> Zone {
        let zone = rules.board.zone(side);
        let ranks = zone.iter().map(Square::rank);
        let (lo, hi) = ranks.fold((u8::MAX, 0), |(lo, hi), r| (lo.min(r), hi.max(r)));
        let mut z = Zone {
            squares: [None; GRID_SQUARES],
            depth: [0; GRID_SQUARES],
            taken: [false; GRID_SQUARES],
            n: 0,
            rows: hi.saturating_sub(lo) + 1,
        };
        for sq in zone.iter() {
            z.squares[z.n] = Some(sq);
            z.depth[z.n] = match side {
                Side::Red => sq.rank() - lo,
                Side::Blue => hi - sq.rank(),
            };
            z.n += 1;
        }
        z
    }

    /// The index of `sq` in the zone, if free.
    fn free(&self, sq: Square) -> Option<usize> {
        (0..self.n).find(|&i| self.squares[i] == Some(sq) && !self.taken[i])
    }

    /// A free square drawn with weight `weight(index)`; any free square when
    /// every weight is 0.
    fn draw(&mut self, rng: &mut Rng, weight: impl Fn(&Zone, usize) -> u32) -> Option<Square> {
        let total: u32 = (0..self.n)
            .filter(|&i| !self.taken[i])
            .map(|i| weight(self, i))
            .sum();
        let mut pick = rng.below(total);
        let chosen = (0..self.n)
            .filter(|&i| !self.taken[i])
            .find(|&i| {
                let w = weight(self, i);
                if pick < w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })
            .or_else(|| (0..self.n).find(|&i| !self.taken[i]))?;
        self.taken[chosen] = true;
        self.squares[chosen]
    }
}

/// The preferred row of `kind`, from the back (0) to the front (`rows - 1`),
/// in sixteenths of the zone's depth.
fn preferred_depth(rules: &Ruleset, side: Side, kind: PieceKind) -> u32 {
    if kind.defuses_mines() {
        return 3;
    }
    if kind.moves_far() {
        return 13;
    }
    if kind == PieceKind::Spy {
        return 8;
    }
    // By strength among the army's ranked kinds: the strongest in the
    // second row, the next in the middle, the weakest at the front.
    let army = rules.army(side);
    let s = rules.strengths.get(kind);
    let ranked: u32 = army
        .kinds()
        .iter()
        .filter(|k| k.is_movable())
        .map(|k| rules.strengths.get(k))
        .filter(|&t| t > s)
        .count() as u32;
    let kinds = army.kinds().iter().filter(|k| k.is_movable()).count() as u32;
    if ranked == 0 {
        // The strongest: the second row of a four-row zone (see the module
        // documentation).
        return 4;
    }
    // The next strongest (ranked = 1): depth 8/16; the weakest: 14/16.
    8 + 6 * ranked / kinds.max(1)
}

impl Setup {
    /// A setup a person would make for `side` (see the module documentation
    /// of `setup_sensible.rs`: Flag on the back row behind its Mines, a mix
    /// of Scouts and low ranks up front, Miners at the back), the same for
    /// the same seed. Always valid, for every ruleset that
    /// [`Ruleset::validate`] accepts.
    ///
    /// ```
    /// use marsal::{PieceKind, Ruleset, Setup, Side};
    /// let rules = Ruleset::classic();
    /// let s = Setup::sensible(&rules, Side::Red, 1);
    /// assert!(s.validate(&rules).is_ok());
    /// let (flag, _) = s.pieces().find(|(_, k)| *k == PieceKind::Flag).unwrap();
    /// assert_eq!(flag.rank(), 0); // Red's back row
    /// ```
    pub fn sensible(rules: &Ruleset, side: Side, seed: u64) -> Setup {
        let setup = Setup::sensible_plan(rules, side, seed);
        if setup.validate(rules).is_ok() {
            setup
        } else {
            Setup::random(rules, side, seed)
        }
    }

    fn sensible_plan(rules: &Ruleset, side: Side, seed: u64) -> Setup {
        let mut rng = Rng::new(seed ^ 0x5E75_1B1E);
        let mut zone = Zone::of(rules, side);
        let mut setup = Setup::new(side);
        let army = *rules.army(side);
        let rows = u32::from(zone.rows);
        let put = |setup: &mut Setup, sq: Option<Square>, kind| {
            if let Some(sq) = sq {
                let _ = setup.place(sq, kind);
            }
        };
        // The Flag on the back row.
        let mut flags = [None; GRID_SQUARES];
        for _ in 0..army.count(PieceKind::Flag) {
            let sq = zone.draw(&mut rng, |z, i| u32::from(z.depth[i] == 0));
            put(&mut setup, sq, PieceKind::Flag);
            if let Some(s) = sq {
                flags[s.grid_index()] = Some(s);
            }
        }
        // Mines around the Flag, then in the two back rows.
        let mines = [PieceKind::Mine, PieceKind::Bomb];
        for mine in mines {
            let mut left = army.count(mine);
            for flag in flags.iter().flatten() {
                let mut around = [None; 5];
                // In front first, then beside, then (diagonal steps) the
                // front corners.
                let f: i8 = match side {
                    Side::Red => 1,
                    Side::Blue => -1,
                };
                let all = [
                    (0, f),
                    (1, 0),
                    (-1, 0),
                    (1, f),
                    (-1, f),
                    (0, -f),
                    (1, -f),
                    (-1, -f),
                ];
                let steps: &[(i8, i8)] = if rules.diagonal_steps {
                    &all[..5]
                } else {
                    &all[..3]
                };
                for (slot, &(df, dr)) in around.iter_mut().zip(steps) {
                    let f = flag.file().checked_add_signed(df);
                    let r = flag.rank().checked_add_signed(dr);
                    *slot = f.zip(r).and_then(|(f, r)| Square::new(f, r));
                }
                for sq in around.into_iter().flatten() {
                    if left == 0 {
                        break;
                    }
                    if let Some(i) = zone.free(sq) {
                        zone.taken[i] = true;
                        put(&mut setup, Some(sq), mine);
                        left -= 1;
                    }
                }
            }
            for _ in 0..left {
                let sq = zone.draw(&mut rng, |z, i| match z.depth[i] {
                    0 => 1,
                    1 => 4,
                    _ => 0,
                });
                put(&mut setup, sq, mine);
            }
        }
        // The other kinds, strongest first, each piece on a drawn square.
        let mut kinds = [PieceKind::Flag; 16];
        let mut n = 0;
        for (kind, _) in army.iter() {
            if kind.is_movable() {
                kinds[n] = kind;
                n += 1;
            }
        }
        let kinds = &mut kinds[..n];
        kinds.sort_unstable_by_key(|k| (core::cmp::Reverse(rules.strengths.get(*k)), k.index()));
        // The Spy right after the strongest piece, so that a square beside
        // it is still free.
        if let Some(i) = kinds.iter().position(|&k| k == PieceKind::Spy) {
            if i > 1 {
                kinds[1..=i].rotate_right(1);
            }
        }
        let strongest = kinds.first().copied();
        let mut strongest_at = None;
        for &kind in kinds.iter() {
            let is_spy = kind == PieceKind::Spy && strongest != Some(kind);
            let target = preferred_depth(rules, side, kind) * rows.saturating_sub(1);
            for _ in 0..army.count(kind) {
                let sq = zone.draw(&mut rng, |z, i| {
                    if is_spy {
                        if let (Some((s, depth)), Some(q)) = (strongest_at, z.squares[i]) {
                            let s: Square = s;
                            // Beside or behind it, never in front.
                            let near = s.file().abs_diff(q.file()) <= 1
                                && s.rank().abs_diff(q.rank()) <= 1
                                && z.depth[i] <= depth;
                            if near {
                                return 400;
                            }
                        }
                    }
                    let d = 16 * u32::from(z.depth[i]);
                    let off = d.abs_diff(target) / 8; // half rows from the target
                    9u32.saturating_sub(3 * off).pow(2) + 1
                });
                if Some(kind) == strongest && strongest_at.is_none() {
                    strongest_at = sq.and_then(|q| {
                        let i = (0..zone.n).find(|&i| zone.squares[i] == Some(q))?;
                        Some((q, zone.depth[i]))
                    });
                }
                put(&mut setup, sq, kind);
            }
        }
        setup
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sensible setups of every preset are valid, vary with the seed, and put
    /// the Flag on the back row with a Mine (or Bomb) in front of it, the
    /// Spy often beside the strongest piece, the strongest piece mostly in
    /// the back half, the Scouts towards the front and the Miners towards
    /// the back.
    #[test]
    fn sensible_setups_put_the_flag_on_the_back_row_behind_mines() {
        for rules in [
            Ruleset::marsal_a_spion(),
            Ruleset::classic(),
            Ruleset::barrage(),
        ] {
            for side in Side::BOTH {
                for seed in 0..50 {
                    let s = Setup::sensible(&rules, side, seed);
                    assert!(s.validate(&rules).is_ok());
                    let (flag, _) = s.pieces().find(|(_, k)| k.is_flag()).expect("a Flag");
                    let back = match side {
                        Side::Red => 0,
                        Side::Blue => rules.board.ranks - 1,
                    };
                    assert_eq!(flag.rank(), back, "seed {seed}");
                    let front = match side {
                        Side::Red => flag.rank() + 1,
                        Side::Blue => flag.rank() - 1,
                    };
                    let ahead = Square::new(flag.file(), front).and_then(|q| s.get(q));
                    let has_mines = rules.army(side).count(PieceKind::Mine)
                        + rules.army(side).count(PieceKind::Bomb)
                        > 0;
                    if has_mines {
                        assert!(ahead.is_some_and(PieceKind::is_mine), "seed {seed}");
                    }
                }
                assert_ne!(
                    Setup::sensible(&rules, side, 1),
                    Setup::sensible(&rules, side, 2)
                );
                // The Spy stands next to the strongest piece, half the time or more
                // (28 to 38 of 50 on the presets: the second row is crowded).
                let near = (0..50)
                    .filter(|&seed| {
                        let s = Setup::sensible(&rules, side, seed);
                        let at = |k: PieceKind| s.pieces().find(|(_, x)| *x == k).map(|(q, _)| q);
                        match (at(PieceKind::Spy), at(PieceKind::Marshal)) {
                            (Some(a), Some(b)) => {
                                a.file().abs_diff(b.file()) <= 1 && a.rank().abs_diff(b.rank()) <= 1
                            }
                            _ => true,
                        }
                    })
                    .count();
                assert!(near >= 25, "{near} of 50");
                // The strongest piece stands in the back half of the zone
                // (mostly the second row); `depth` is the zone's own row
                // count from the back.
                let zone = Zone::of(&rules, side);
                let rows = zone.rows;
                let depth = |q: Square| {
                    let i = (0..zone.n).find(|&i| zone.squares[i] == Some(q));
                    zone.depth[i.expect("a square of the zone")]
                };
                let strongest = rules
                    .army(side)
                    .kinds()
                    .iter()
                    .filter(|k| k.is_movable())
                    .max_by_key(|k| rules.strengths.get(*k))
                    .expect("a movable kind");
                let back = (0..100)
                    .filter(|&seed| {
                        let s = Setup::sensible(&rules, side, seed);
                        s.pieces()
                            .any(|(q, k)| k == strongest && 2 * depth(q) < rows)
                    })
                    .count();
                assert!(back >= 80, "{back} of 100");
                // The pieces that move far (Scouts) stand in the front half
                // half the time or more, the Miners in the back half three
                // times in four or more.
                let (mut far, mut far_front, mut miners, mut miners_back) = (0, 0, 0, 0);
                for seed in 0..50 {
                    for (q, k) in Setup::sensible(&rules, side, seed).pieces() {
                        let back = 2 * depth(q) < rows;
                        if k.moves_far() {
                            far += 1;
                            far_front += usize::from(!back);
                        }
                        if k.defuses_mines() {
                            miners += 1;
                            miners_back += usize::from(back);
                        }
                    }
                }
                assert!(far > 0 && 2 * far_front >= far, "{far_front} of {far}");
                assert!(
                    miners > 0 && 4 * miners_back >= 3 * miners,
                    "{miners_back} of {miners}"
                );
            }
        }
    }

    /// On classic, the Bombs that do not wall the Flag stand in the two back
    /// rows, on the second more than twice as often as on the back row.
    #[test]
    fn sensible_setups_put_the_other_mines_mostly_on_the_second_row() {
        let rules = Ruleset::classic();
        for side in Side::BOTH {
            let mut rows = [0u32; 4];
            for seed in 0..100 {
                let s = Setup::sensible(&rules, side, seed);
                let flag = s.pieces().find(|(_, k)| k.is_flag()).expect("a Flag").0;
                for (q, k) in s.pieces() {
                    let walls =
                        q.file().abs_diff(flag.file()) + q.rank().abs_diff(flag.rank()) == 1;
                    if k.is_mine() && !walls {
                        let d = match side {
                            Side::Red => q.rank(),
                            Side::Blue => 9 - q.rank(),
                        };
                        rows[usize::from(d)] += 1;
                    }
                }
            }
            assert_eq!(rows[2] + rows[3], 0, "{rows:?}");
            assert!(rows[1] > 2 * rows[0] && rows[0] > 0, "{rows:?}");
        }
    }
}
