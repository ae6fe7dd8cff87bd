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

use crate::moves::Move;

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
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Chain {
    moves: [Option<Move>; MAX_LIMIT as usize],
    len: u8,
}

impl Chain {
    fn last(&self) -> Option<Move> {
        self.len.checked_sub(1).and_then(|i| self.moves[i as usize])
    }

    /// Whether `mv` continues this chain: the same piece (it starts where the
    /// chain's last move ended) along the same line.
    fn continued_by(&self, mv: Move) -> bool {
        self.last()
            .is_some_and(|last| last.to == mv.from && crossing(last).line == crossing(mv).line)
    }

    /// Whether some move may be forbidden with limit `limit` (the chain is long
    /// enough); when not, [`Chain::forbids`] is false for every move.
    #[inline(always)]
    pub(crate) fn may_forbid(&self, limit: u8) -> bool {
        self.len >= limit
    }

    /// Whether `mv` is forbidden with limit `limit`.
    pub(crate) fn forbids(&self, mv: Move, limit: u8) -> bool {
        if self.len < limit || !self.continued_by(mv) {
            return false;
        }
        let c = crossing(mv);
        let (mut lo, mut hi) = (c.lo, c.hi);
        for m in self.moves[(self.len - limit) as usize..self.len as usize]
            .iter()
            .flatten()
        {
            let k = crossing(*m);
            lo = lo.max(k.lo);
            hi = hi.min(k.hi);
        }
        lo < hi
    }

    /// Records a move of this side.
    pub(crate) fn record(&mut self, mv: Move) {
        if !self.continued_by(mv) {
            *self = Chain::default();
        }
        if self.len as usize == self.moves.len() {
            self.moves.rotate_left(1);
            self.len -= 1;
        }
        self.moves[self.len as usize] = Some(mv);
        self.len += 1;
    }

    /// The square of the piece at the chain's end.
    pub(crate) fn end(&self) -> Option<crate::Square> {
        self.last().map(|m| m.to)
    }

    /// Forgets the chain (its piece died).
    pub(crate) fn clear(&mut self) {
        *self = Chain::default();
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Serialised as the list of the chain's moves, oldest first.
    impl Serialize for Chain {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.moves[..self.len as usize].iter().flatten())
        }
    }

    /// Rebuilt move by move, so that only a consistent chain can be read.
    impl<'de> Deserialize<'de> for Chain {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Chain, D::Error> {
            let moves: arrayvec::ArrayVec<Move, { MAX_LIMIT as usize }> =
                Deserialize::deserialize(d)?;
            let mut chain = Chain::default();
            for mv in moves {
                chain.record(mv);
            }
            Ok(chain)
        }
    }
}
