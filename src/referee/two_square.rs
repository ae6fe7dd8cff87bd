//! The two-square rule, as a small state machine per side.
//!
//! # The definition implemented
//! The ISF rule says a piece may not move back and forth between the same two
//! squares more than three times in a row (Gravon used five in 2004–2006), and
//! has a separate article for Scouts. This crate implements the *border* form of
//! the rule (the one Ataraxos and Strategus use), which covers Scouts without a
//! special case and, for pieces that move one square, is exactly the ISF rule:
//!
//! - Each side has a **chain**: its consecutive moves made by the same piece
//!   along the same line (the piece's next move starts where its last one
//!   ended, in the same direction or the opposite one). The opponent's moves in
//!   between do not matter. A move by another piece, or along another line,
//!   starts a new chain; so does the death of the piece at the chain's end.
//! - A move crosses the borders between the squares it passes: a step one
//!   border, a Scout's move of k squares k borders.
//! - With limit `n`, a move that continues the chain is **illegal** when some
//!   border it would cross was crossed by each of the chain's last `n` moves.
//!   Attacks count like any move.
//!
//! So with `n = 3`, after `X→Y`, `Y→X`, `X→Y` the piece may not go back to `X`;
//! moving on to another square, or along the other line, is allowed and starts
//! a new chain. For a Scout it is stricter than "the same two squares": after
//! `a3-a6`, `a6-a4`, `a4-a6` every move down from a6 crosses a border crossed
//! three times and is illegal, while moves up or sideways are not. The same
//! lines that work for ranks and files also work for diagonal steps (on rulesets
//! that have them): a diagonal step back and forth is a chain along its diagonal.
//!
//! Why this form: it is the precise generalisation that the published test
//! vectors (`data/ataraxos/two_square_cases.jsonl`) were made with, it agrees
//! with the ISF text for every piece that moves one square, and it needs only
//! the last `n` moves of each side.

use crate::referee::board::square::Square;
use crate::referee::moves::Move;

/// The largest two-square limit a ruleset may set.
pub const MAX_LIMIT: u8 = 8;

/// The line a move runs along.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Line {
    Rank,
    File,
    Diagonal,
    AntiDiagonal,
}

/// A move as the rule sees it: its line and the borders it crosses
/// (`lo..hi`, border `k` lying between positions `k` and `k + 1` on the line).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Crossing {
    line: Line,
    lo: u8,
    hi: u8,
}

fn crossing(mv: Move) -> Crossing {
    let (df, dr) = mv.delta();
    let line = match (df.signum(), dr.signum()) {
        (_, 0) => Line::Rank,
        (0, _) => Line::File,
        (a, b) if a == b => Line::Diagonal,
        _ => Line::AntiDiagonal,
    };
    let (a, b) = match line {
        Line::File => (mv.from.rank(), mv.to.rank()),
        _ => (mv.from.file(), mv.to.file()),
    };
    Crossing {
        line,
        lo: a.min(b),
        hi: a.max(b),
    }
}

/// One side's chain: its last moves (at most [`MAX_LIMIT`]) by the same piece
/// along the same line, oldest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Chain {
    /// The moves, oldest first; only the first `len` mean anything.
    moves: [Move; MAX_LIMIT as usize],
    len: u8,
    /// What the chain forbids now (worked out when a move is recorded): the
    /// moves of the piece on the chain's end in direction `ban_dir` (an index
    /// into `ORTHOGONAL` then `DIAGONAL` of the position, [`NO_BAN`] when
    /// nothing is forbidden) of at least `ban_min` squares.
    ban_dir: u8,
    ban_min: u8,
}

/// `Chain::ban_dir` when the chain forbids nothing.
const NO_BAN: u8 = u8::MAX;

/// A filler for the unused entries of `Chain::moves`.
const NO_MOVE: Move = match Square::new(0, 0) {
    Some(a1) => Move::new(a1, a1),
    None => panic!("a1 is on the grid"),
};

impl Default for Chain {
    fn default() -> Chain {
        Chain {
            moves: [NO_MOVE; MAX_LIMIT as usize],
            len: 0,
            ban_dir: NO_BAN,
            ban_min: 0,
        }
    }
}

/// Two chains are equal when they hold the same moves (the rest follows).
impl PartialEq for Chain {
    fn eq(&self, other: &Chain) -> bool {
        self.moves() == other.moves()
    }
}

impl Eq for Chain {}

impl core::hash::Hash for Chain {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.moves().hash(state);
    }
}

/// The line of a move, from its cells: 0 along a rank, 1 along a file, 2 on a
/// diagonal (file and rank grow together), 3 on an anti-diagonal.
#[inline(always)]
fn line_of(mv: Move) -> u8 {
    let (a, b) = (mv.from.cell(), mv.to.cell());
    if (a ^ b) & 0xF0 == 0 {
        0
    } else if (a ^ b) & 0x0F == 0 {
        1
    } else {
        diagonal_line(a, b)
    }
}

/// The line of a diagonal step from cell `a` to cell `b`: 2 when file and rank
/// grow together, 3 when one grows as the other shrinks.
#[inline(always)]
fn diagonal_line(a: usize, b: usize) -> u8 {
    if (b > a) == (b & 15 > a & 15) { 2 } else { 3 }
}

/// Whether a move of `(df, dr)` squares (not both 0) goes down its line: the
/// ranks for a move along a file, the files otherwise.
#[inline(always)]
fn towards_lower(df: i8, dr: i8) -> bool {
    if df == 0 { dr < 0 } else { df < 0 }
}

/// The direction index of a move (see `Chain::ban_dir`): north, south, east,
/// west, then north-east, north-west, south-east, south-west.
#[inline(always)]
fn direction(mv: Move) -> u8 {
    let (df, dr) = mv.delta();
    match (df.signum(), dr.signum()) {
        (0, 1) => 0,
        (0, _) => 1,
        (1, 0) => 2,
        (_, 0) => 3,
        (1, 1) => 4,
        (_, 1) => 5,
        (1, _) => 6,
        _ => 7,
    }
}

impl Chain {
    /// The chain's moves, oldest first.
    #[inline(always)]
    fn moves(&self) -> &[Move] {
        &self.moves[..usize::from(self.len).min(self.moves.len())]
    }

    #[inline(always)]
    fn last(&self) -> Option<Move> {
        self.moves().last().copied()
    }

    /// Whether `mv` continues this chain: the same piece (it starts where the
    /// chain's last move ended) along the same line.
    fn continued_by(&self, mv: Move) -> bool {
        self.last()
            .is_some_and(|last| last.to == mv.from && crossing(last).line == crossing(mv).line)
    }

    /// Whether some move is forbidden (with the limit the chain was recorded
    /// with); when not, [`Chain::forbids`] is false for every move.
    #[inline(always)]
    pub(crate) fn may_forbid(&self) -> bool {
        self.ban_dir != NO_BAN
    }

    /// Whether `mv` is forbidden with limit `limit`.
    pub(crate) fn forbids(&self, mv: Move, limit: u8) -> bool {
        let banned = self.ban_dir != NO_BAN
            && self.end() == Some(mv.from)
            && direction(mv) == self.ban_dir
            && mv.distance() >= self.ban_min;
        debug_assert_eq!(
            banned,
            self.forbids_by_crossings(mv, limit),
            "{mv} after {self:?}"
        );
        banned
    }

    /// The direction index and the least length of the moves of the piece on
    /// the chain's end that the rule forbids now, if any.
    #[inline(always)]
    pub(crate) fn ban(&self) -> Option<(u8, u8)> {
        (self.ban_dir != NO_BAN).then_some((self.ban_dir, self.ban_min))
    }

    /// The rule as defined (see the module documentation): `mv` continues the
    /// chain and some border it crosses was crossed by each of the chain's last
    /// `limit` moves. What [`Chain::forbids`] answers from the ban worked out
    /// when the last move was recorded (debug builds check that they agree).
    fn forbids_by_crossings(&self, mv: Move, limit: u8) -> bool {
        if self.len < limit || !self.continued_by(mv) {
            return false;
        }
        let c = crossing(mv);
        let (mut lo, mut hi) = (c.lo, c.hi);
        for m in &self.moves()[(self.len - limit) as usize..] {
            let k = crossing(*m);
            lo = lo.max(k.lo);
            hi = hi.min(k.hi);
        }
        lo < hi
    }

    /// Works out the ban (see [`Chain::ban`]) for `limit` from the moves: the
    /// borders crossed by each of the last `limit` moves form an interval on
    /// the chain's line, on the side of the end the last move came from; a
    /// move from the end back that way is forbidden once it reaches into it.
    /// Out of line: most moves start a chain or leave it short of the limit.
    #[inline(never)]
    fn work_out_ban(&mut self, limit: u8) {
        self.ban_dir = NO_BAN;
        self.ban_min = 0;
        let Some(last) = self.last() else { return };
        if self.len < limit {
            return;
        }
        // Every move of the chain lies on the line of the last: a square's
        // place along it is its rank on a file, its file on the others.
        let on_file = last.from.file() == last.to.file();
        let along = |s: Square| if on_file { s.rank() } else { s.file() };
        let (mut lo, mut hi) = (0u8, u8::MAX);
        for m in &self.moves()[(self.len - limit) as usize..] {
            let (a, b) = (along(m.from), along(m.to));
            lo = lo.max(a.min(b));
            hi = hi.min(a.max(b));
        }
        if lo >= hi {
            return;
        }
        let back = Move::new(last.to, last.from);
        let end = along(last.to);
        let (bf, br) = back.delta();
        let decreasing = towards_lower(bf, br);
        self.ban_dir = direction(back);
        self.ban_min = if decreasing {
            end - hi + 1
        } else {
            lo - end + 1
        };
    }

    pub(crate) fn record(&mut self, mv: Move, limit: u8) {
        // The lines are compared only when the piece moves on from the
        // chain's end (most moves are by another piece).
        let continued = self
            .moves
            .get(usize::from(self.len).wrapping_sub(1))
            .is_some_and(|last| last.to == mv.from && line_of(*last) == line_of(mv));
        debug_assert_eq!(continued, self.continued_by(mv));
        if continued {
            if self.len as usize == self.moves.len() {
                self.moves.rotate_left(1);
                self.len -= 1;
            }
        } else {
            // A new chain of one move.
            self.len = 0;
        }
        self.moves[self.len as usize] = mv;
        self.len += 1;
        // A chain shorter than the limit forbids nothing: the ban is worked
        // out only once it reaches the limit (the common case of a new chain
        // costs no call).
        if self.len >= limit {
            self.work_out_ban(limit);
        } else {
            self.ban_dir = NO_BAN;
        }
    }

    /// Works the ban out again for `limit` (after the moves were read back
    /// without it).
    #[cfg(feature = "serde")] // used by the deserialiser
    pub(crate) fn set_limit(&mut self, limit: u8) {
        self.work_out_ban(limit);
    }

    /// The square of the piece at the chain's end.
    #[inline(always)]
    pub(crate) fn end(&self) -> Option<crate::Square> {
        self.last().map(|m| m.to)
    }

    /// Forgets the chain (its piece died).
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.ban_dir = NO_BAN;
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Serialised as the list of the chain's moves, oldest first.
    impl Serialize for Chain {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.moves().iter())
        }
    }

    /// Rebuilt move by move, so that only a consistent chain can be read.
    impl<'de> Deserialize<'de> for Chain {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Chain, D::Error> {
            let moves: arrayvec::ArrayVec<Move, { MAX_LIMIT as usize }> =
                Deserialize::deserialize(d)?;
            let mut chain = Chain::default();
            // The ban needs the ruleset's limit: the position sets it (see
            // `Chain::set_limit`); until then nothing is forbidden.
            for mv in moves {
                chain.record(mv, u8::MAX);
            }
            Ok(chain)
        }
    }
}
