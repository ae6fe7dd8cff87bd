//! The search bot's tree over information sets: single-observer
//! information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley and
//! Whitehouse 2012), the search bot's option
//! [`SearchMethod::Tree`](super::SearchMethod::Tree).
//!
//! One tree of moves for the whole move, shared by every determinization:
//! each iteration takes the next of the determinizations drawn for the move
//! (as the alpha-beta search draws them: [`Position::determinize`], never
//! the hidden pieces), walks down the tree by the moves legal in it (UCB1,
//! each child's exploration counted over the iterations in which its move
//! was legal, its *availability*), adds one move, and scores it with the
//! alpha-beta search's quiescence and fight horizon (an attack whose mover
//! does not know the defender's kind ends its line at its expected material
//! change under the beliefs). The score, for the bot, is squashed to (0, 1)
//! around the determinization's evaluation before the move
//! (`1 / (1 + e^(-(score - stand) / SCALE))`) and added to every move on the
//! way down, for the side that made it. The move played is the root's most
//! visited child (ties: the first of the legal moves). While the stands'
//! mean is well ahead, a root move back to a position that came up again and
//! again lately loses a part of its mean in the choice (as the alpha-beta
//! search's term against shuffling).
//!
//! Why a tree: the alpha-beta search searches each determinization as if the
//! bot saw every piece, so its own later moves fit each world (strategy
//! fusion), and the sum over a few worlds is noisy; spending more nodes on it
//! did not make it stronger against bots people wrote. Here the bot's moves
//! are one node for all the worlds it cannot tell apart, so a line is good
//! only if it is good over the worlds. Measured (docs/log/2026-12-strength-experiments.md): against
//! the 2012 UCC winner it scores as the alpha-beta search does at 200,000
//! nodes a move and less at 20,000, so it is an option, not the default.
//!
//! Deterministic for a node budget: the arithmetic (the squash, UCB1's
//! logarithm and square root) uses only IEEE additions, multiplications and
//! divisions, the same on every machine. The tree is the one allocation of
//! a move (a node for each iteration at most, and at most 4,194,304 nodes,
//! about 100 MB: a search whose tree is full ends, as if its time were up).

use super::{INF, REPEATED, SearchConfig, SearchResult, Tree};
use crate::player::beliefs::Beliefs;
use crate::player::search::eval::Values;
use crate::referee::moves::{MAX_MOVES, Move};
use crate::referee::piece::Side;
use crate::referee::position::Position;
use crate::referee::rng::Rng;
use alloc::vec;
use alloc::vec::Vec;

/// The exploration constant of UCB1 (values in (0, 1)); measured 0.07,
/// 0.15 and 0.3 at 20,000 nodes (the same within noise), 0.15 kept.
const EXPLORATION: f32 = 0.15;
/// The squash's scale: a score this much above the stand is 0.73.
const SCALE: f32 = 100.0;
/// Determinizations drawn for a move when the configuration says 0.
const DETERMINIZATIONS: u32 = 32;
/// The most determinizations drawn for a move (a configuration asking
/// more gets these: they are drawn before the first iteration).
const MAX_DETERMINIZATIONS: u32 = 1_024;
/// The most moves the tree holds (about 100 MB): the search ends when it is
/// full (after tens of seconds of a timed search).
const MAX_NODES: usize = 1 << 22;
/// No node.
const NONE: u32 = u32::MAX;

/// A move in the tree.
struct Node {
    mv: Move,
    /// The first child, and the next sibling.
    first: u32,
    next: u32,
    visits: u32,
    /// The iterations in which this move was legal where it stands.
    avail: u32,
    /// The sum of the iterations' values for the side that made the move.
    sum: f32,
}

/// What [`search`] needs of the alpha-beta search's set-up.
pub(super) struct Setup<'a> {
    pub(super) me: Side,
    pub(super) beliefs: &'a [Beliefs; 2],
    /// How often each root move's position came up lately.
    pub(super) repeats: &'a [u32; MAX_MOVES],
    /// When the move's time ends (microseconds on the clock); the clock's
    /// first look.
    pub(super) deadline: u64,
    pub(super) next_look: u64,
}

/// The tree search of `position` among `moves` (at least two); see the
/// module documentation.
pub(super) fn search<C: ?Sized + FnMut() -> u64>(
    position: &Position,
    moves: &[Move],
    config: &SearchConfig,
    mut clock: Option<&mut C>,
    setup: &Setup<'_>,
    rng: &mut Rng,
) -> SearchResult {
    let n = moves.len().min(MAX_MOVES);
    let me = setup.me;
    let rules = position.rules();
    let risk = super::top_risk(rules);
    let k = match config.determinizations {
        0 => DETERMINIZATIONS,
        d => d.min(MAX_DETERMINIZATIONS),
    } as usize;
    // Each determinization with its values and its evaluation for the bot.
    let mut worlds: Vec<(Position, [Values; 2], i32)> = Vec::with_capacity(k);
    for _ in 0..k {
        let det = position.determinize(me, rng);
        let values = [Values::of(&det, Side::Red), Values::of(&det, Side::Blue)];
        let stand = crate::player::search::eval::evaluate(&det, me, &values);
        worlds.push((det, values, stand));
    }
    // Well ahead (the term against shuffling applies): by the stands'
    // mean, not one world's (whose Flag may merely stand near).
    let mean = worlds.iter().map(|w| i64::from(w.2)).sum::<i64>() / k as i64;
    let ahead = super::well_ahead(mean as i32);
    let budget = u64::from(config.nodes);
    let mut nodes: Vec<Node> = Vec::with_capacity(budget.min(1 << 16) as usize + 1);
    nodes.push(Node {
        mv: moves[0],
        first: NONE,
        next: NONE,
        visits: 0,
        avail: 0,
        sum: 0.0,
    });
    // A child by its move, for the node being looked at (`stamp`): the
    // move's (from, to) cells index it.
    let mut slot: Vec<(u32, u32)> = vec![(0, 0); 1 << 16];
    let mut stamp = 0u32;
    let mut spent = 0u64;
    let mut next_look = setup.next_look;
    let mut iterations = 0u64;
    let mut deepest = 0u32;
    let mut path: Vec<(u32, Side)> = Vec::with_capacity(64);
    while spent < budget {
        let (det, values, stand) = &worlds[(iterations % k as u64) as usize];
        let stand = *stand;
        let mut tree = Tree {
            me,
            beliefs: setup.beliefs,
            rules,
            values: *values,
            risk,
            nodes: spent,
            limit: u64::MAX,
            aborted: false,
            clock: clock.as_deref_mut(),
            deadline: setup.deadline,
            out_of_time: false,
            next_look,
        };
        if tree.time_spent() {
            break;
        }
        if full(&nodes) {
            break;
        }
        let mut pos = *det;
        let mut node = 0u32;
        let mut depth = 0;
        path.clear();
        let mut score: Option<i32> = None;
        loop {
            if pos.status.is_over() {
                score = Some(for_me(&tree, &pos, me));
                break;
            }
            let list;
            let legal: &[Move] = if node == 0 {
                &moves[..n]
            } else {
                list = pos.legal_moves();
                &list
            };
            if legal.is_empty() {
                score = Some(for_me(&tree, &pos, me));
                break;
            }
            // The children whose moves are legal here gain an availability;
            // the others are not in the tree yet.
            stamp += 1;
            let mut ch = nodes[node as usize].first;
            while ch != NONE {
                slot[key(nodes[ch as usize].mv)] = (stamp, ch);
                ch = nodes[ch as usize].next;
            }
            let mut fresh = 0u32;
            for &mv in legal {
                let (s, id) = slot[key(mv)];
                if s == stamp {
                    nodes[id as usize].avail += 1;
                } else {
                    fresh += 1;
                }
            }
            let mover = pos.to_move;
            let chosen = if fresh > 0 {
                // A move not in the tree yet, drawn among them.
                let mut r = rng.below(fresh);
                let mut mv = legal[0];
                for &m in legal {
                    if slot[key(m)].0 != stamp {
                        if r == 0 {
                            mv = m;
                            break;
                        }
                        r -= 1;
                    }
                }
                let id = nodes.len() as u32;
                nodes.push(Node {
                    mv,
                    first: NONE,
                    next: nodes[node as usize].first,
                    visits: 0,
                    avail: 1,
                    sum: 0.0,
                });
                nodes[node as usize].first = id;
                id
            } else {
                let mut best = f32::MIN;
                let mut pick = NONE;
                for (i, &m) in legal.iter().enumerate() {
                    let id = slot[key(m)].1;
                    let c = &nodes[id as usize];
                    let q = c.sum / c.visits.max(1) as f32;
                    // Not back and forth while well ahead.
                    let back = if node == 0 && ahead {
                        repeated(setup.repeats[i])
                    } else {
                        0.0
                    };
                    let u = q - back + EXPLORATION * explore(c.avail, c.visits);
                    if u > best {
                        best = u;
                        pick = id;
                    }
                }
                pick
            };
            let mv = nodes[chosen as usize].mv;
            debug_assert!(legal.contains(&mv), "{mv} is not legal here");
            path.push((chosen, mover));
            tree.nodes += 1;
            depth += 1;
            // A new move, or an attack at the fight horizon, is scored by the
            // quiescence below it (the horizon's expectation for the attack).
            if fresh > 0 || tree.expected_fight(&pos, mv).is_some() {
                let s = tree.child(&pos, mv, 0, -INF, INF);
                if !tree.aborted {
                    score = Some(if mover == me { s } else { -s });
                }
                break;
            }
            pos.play_unchecked(mv);
            node = chosen;
        }
        spent = tree.nodes;
        next_look = tree.next_look;
        let Some(score) = score else {
            // Out of time inside the iteration: it does not count.
            break;
        };
        iterations += 1;
        deepest = deepest.max(depth);
        let value = squash(score.saturating_sub(stand));
        for &(id, mover) in &path {
            let c = &mut nodes[id as usize];
            c.visits += 1;
            c.sum += if mover == me { value } else { 1.0 - value };
        }
    }
    let best = most_visited(&nodes, &moves[..n]);
    SearchResult {
        best: Some(best),
        nodes: spent,
        determinizations: iterations.min(k as u64) as u32,
        depth: deepest,
    }
}

/// What a root move back to a position that came up `times` in the last
/// plies loses of its mean while well ahead: as the alpha-beta search's
/// `REPEATED` for each time after the first (at most three), at the squash's
/// slope at the stand (a quarter per `SCALE`); nothing for a first return.
fn repeated(times: u32) -> f32 {
    if times < 2 {
        return 0.0;
    }
    (times.min(4) - 1) as f32 * REPEATED as f32 / (4.0 * SCALE)
}

/// A move's index in the table of children: its squares' cells.
fn key(mv: Move) -> usize {
    mv.from.cell() << 8 | mv.to.cell()
}

/// The most visited of the root's children (`nodes[0]`'s), by their moves
/// in `moves` (ties: the first of `moves`; none visited: the first move).
fn most_visited(nodes: &[Node], moves: &[Move]) -> Move {
    let mut best = moves[0];
    let mut most = 0;
    for &mv in moves {
        let mut ch = nodes[0].first;
        while ch != NONE {
            let c = &nodes[ch as usize];
            if c.mv == mv && c.visits > most {
                most = c.visits;
                best = mv;
            }
            ch = c.next;
        }
    }
    best
}

/// Whether the tree holds [`MAX_NODES`] moves: the search ends.
fn full(nodes: &[Node]) -> bool {
    nodes.len() >= MAX_NODES
}

/// The evaluation of `pos`, for `me`.
fn for_me<C: ?Sized + FnMut() -> u64>(tree: &Tree<'_, C>, pos: &Position, me: Side) -> i32 {
    let v = tree.leaf(pos);
    if pos.to_move == me { v } else { -v }
}

/// A score above the stand, squashed to (0, 1): `1 / (1 + e^(-x / SCALE))`.
fn squash(x: i32) -> f32 {
    1.0 / (1.0 + exp(-(x as f32) / SCALE))
}

/// e^x, for x clamped to ±80: 2^(x log2 e), the integer part (toward 0) in
/// the exponent's bits, the rest (between −ln 2 and ln 2) by its series
/// (relative error below 1e-6).
fn exp(x: f32) -> f32 {
    let t = x.clamp(-80.0, 80.0) * core::f32::consts::LOG2_E;
    let i = t as i32;
    let y = (t - i as f32) * core::f32::consts::LN_2;
    let mut term = 1.0;
    let mut sum = 1.0;
    for d in 1..=8 {
        term *= y / d as f32;
        sum += term;
    }
    sum * f32::from_bits(((i + 127) as u32) << 23)
}

/// ln n for n ≥ 1 (0 for 0): the bits of n give ⌊log2 n⌋, the rest by the
/// series of ln((1 + y) / (1 - y)) (absolute error below 1e-5).
const fn ln(n: u32) -> f32 {
    if n == 0 {
        return 0.0;
    }
    let e = 31 - n.leading_zeros();
    let m = n as f32 / (1u64 << e) as f32;
    let y = (m - 1.0) / (m + 1.0);
    let y2 = y * y;
    let series = y * (1.0 + y2 * (1.0 / 3.0 + y2 * (1.0 / 5.0 + y2 * (1.0 / 7.0 + y2 / 9.0))));
    e as f32 * core::f32::consts::LN_2 + 2.0 * series
}

/// √x (0 for x ≤ 0): four Newton steps from a guess made of x's bits.
const fn sqrt(x: f32) -> f32 {
    if x <= 0.0 {
        return 0.0;
    }
    let g = f32::from_bits((x.to_bits() >> 1) + 0x1fbd_1df5);
    let g = 0.5 * (g + x / g);
    let g = 0.5 * (g + x / g);
    let g = 0.5 * (g + x / g);
    0.5 * (g + x / g)
}

/// How many counts [`explore`] looks up (above, it computes).
#[cfg(not(target_arch = "wasm32"))]
const TABLE: usize = 4096;
/// √(ln n) and 1/√n for n below [`TABLE`], made when compiling. Not in wasm:
/// there the two tables would be 32 KB of the package, and the same
/// arithmetic at each lookup gives the same values (the same `const fn`s).
#[cfg(not(target_arch = "wasm32"))]
static SQRT_LN: [f32; TABLE] = table(true);
#[cfg(not(target_arch = "wasm32"))]
static INV_SQRT: [f32; TABLE] = table(false);

#[cfg(not(target_arch = "wasm32"))]
const fn table(of_ln: bool) -> [f32; TABLE] {
    let mut t = [0.0; TABLE];
    let mut n = 1;
    while n < TABLE {
        t[n] = if of_ln {
            sqrt(ln(n as u32))
        } else {
            1.0 / sqrt(n as f32)
        };
        n += 1;
    }
    t
}

/// √(ln n), from the table when it holds n.
#[cfg(not(target_arch = "wasm32"))]
#[inline]
fn sqrt_ln(n: u32) -> f32 {
    match SQRT_LN.get(n as usize) {
        Some(&v) => v,
        None => sqrt(ln(n)),
    }
}

/// 1/√n (n ≥ 1), from the table when it holds n.
#[cfg(not(target_arch = "wasm32"))]
#[inline]
fn inv_sqrt(n: u32) -> f32 {
    match INV_SQRT.get(n as usize) {
        Some(&v) => v,
        None => 1.0 / sqrt(n as f32),
    }
}

/// √(ln n), computed (wasm: no table).
#[cfg(target_arch = "wasm32")]
#[inline]
fn sqrt_ln(n: u32) -> f32 {
    sqrt(ln(n))
}

/// 1/√n (n ≥ 1), computed (wasm: no table).
#[cfg(target_arch = "wasm32")]
#[inline]
fn inv_sqrt(n: u32) -> f32 {
    1.0 / sqrt(n as f32)
}

/// UCB1's √(ln avail / visits) (visits at least 1).
fn explore(avail: u32, visits: u32) -> f32 {
    sqrt_ln(avail) * inv_sqrt(visits.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_hold_what_wasm_computes_at_each_lookup() {
        // wasm has no tables: the same functions at run time must give the
        // same bits, or a seed would search differently there.
        for n in 1..TABLE as u32 {
            assert_eq!(
                SQRT_LN[n as usize].to_bits(),
                sqrt(ln(n)).to_bits(),
                "sqrt ln {n}"
            );
            assert_eq!(
                INV_SQRT[n as usize].to_bits(),
                (1.0 / sqrt(n as f32)).to_bits(),
                "1/sqrt {n}"
            );
        }
        assert_eq!(explore(9000, 5000), sqrt(ln(9000)) * (1.0 / sqrt(5000.0)));
    }

    #[test]
    fn the_arithmetic_is_close_to_the_library_functions() {
        for x in [-80.0f32, -7.5, -1.0, -0.01, 0.0, 0.3, 1.0, 2.5, 10.0, 79.0] {
            let (a, b) = (exp(x), x.exp());
            assert!((a - b).abs() <= 2e-6 * b, "exp {x}: {a} {b}");
        }
        assert_eq!((ln(0), ln(1)), (0.0, 0.0));
        for n in [1u32, 2, 3, 7, 100, 1_000, 65_537, 1 << 30, u32::MAX] {
            let (a, b) = (ln(n), (n as f32).ln());
            assert!((a - b).abs() < 1e-5, "ln {n}: {a} {b}");
        }
        assert_eq!((sqrt(0.0), sqrt(-1.0)), (0.0, 0.0));
        for x in [1e-6f32, 0.25, 1.0, 2.0, 17.3, 1e6] {
            let (a, b) = (sqrt(x), x.sqrt());
            assert!((a - b).abs() <= 1e-6 * b.max(1.0), "sqrt {x}: {a} {b}");
        }
        for (a, v) in [
            (1u32, 1u32),
            (30, 7),
            (4095, 4095),
            (4096, 1),
            (100_000, 5_000),
        ] {
            let exact = ((a as f32).ln() / v as f32).sqrt();
            assert!((explore(a, v) - exact).abs() < 1e-5, "{a} {v}");
        }
        assert!((squash(0) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn a_return_costs_an_eighth_for_each_time_after_the_first_at_most_three() {
        let costs: Vec<f32> = (0..7).map(repeated).collect();
        assert_eq!(costs, [0.0, 0.0, 0.125, 0.25, 0.375, 0.375, 0.375]);
        assert!((squash(100) - 0.731_058_6).abs() < 1e-5);
    }
}
