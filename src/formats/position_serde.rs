//! The serde form of a [`Position`]: its ruleset, its position text, what the
//! players know of each piece, and the counters. Reading it back re-checks the
//! ruleset, the board and the knowledge (each piece's set of possible kinds must
//! hold its own kind and only kinds of its army) and recomputes the hash and the
//! status, so a forged file cannot produce a position that breaks a rule. The
//! `last` event is taken as written: it only feeds [`View::last`](crate::View::last).

use crate::referee::board::cell::owner;
use crate::referee::board::square::{GRID_SQUARES, Square};
use crate::referee::outcome::Outcome;
use crate::referee::piece::KindSet;
use crate::referee::position::{Position, PositionError};
use crate::referee::ruleset::Ruleset;
use crate::referee::two_square::Chain;
use core::fmt;
use serde::de::{Error as _, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

struct Knowledge<'a>(&'a Position);
impl Serialize for Knowledge<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let pos = self.0;
        s.collect_map(
            pos.rules
                .board
                .playable
                .iter()
                .filter(|sq| owner(pos.cells[sq.cell()]).is_some())
                .map(|sq| (sq, KindSet::from_bits(pos.knowledge[sq.cell()]))),
        )
    }
}

/// Serialised as `{"rules": ..., "board": "<position text>", "knowledge":
/// {"e4": <kind bits>, ...}, "ply": n, "plies_since_attack": n, "last": ...}`.
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Position", 7)?;
        st.serialize_field("rules", &self.rules)?;
        st.serialize_field("board", &format_args!("{}", self.to_text()))?;
        st.serialize_field("knowledge", &Knowledge(self))?;
        st.serialize_field("ply", &self.ply)?;
        st.serialize_field("plies_since_attack", &self.plies_since_attack)?;
        st.serialize_field("last", &self.last)?;
        st.serialize_field("two_square_chains", &self.chains)?;
        st.end()
    }
}

const TEXT_MAX: usize = 512;

/// The board text, copied into a fixed buffer (no heap).
struct TextBuf {
    bytes: [u8; TEXT_MAX],
    len: usize,
}

impl<'de> Deserialize<'de> for TextBuf {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TextBuf, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = TextBuf;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a position text")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<TextBuf, E> {
                if v.len() > TEXT_MAX {
                    return Err(E::custom("position text too long"));
                }
                let mut bytes = [0u8; TEXT_MAX];
                bytes[..v.len()].copy_from_slice(v.as_bytes());
                Ok(TextBuf {
                    bytes,
                    len: v.len(),
                })
            }
        }
        d.deserialize_str(V)
    }
}

/// Knowledge by grid index; 0 = not given.
struct KnowledgeMap([u16; GRID_SQUARES]);

impl Default for KnowledgeMap {
    fn default() -> KnowledgeMap {
        KnowledgeMap([0; GRID_SQUARES])
    }
}

impl<'de> Deserialize<'de> for KnowledgeMap {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<KnowledgeMap, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = KnowledgeMap;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map from square to kind bits")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<KnowledgeMap, A::Error> {
                let mut out = KnowledgeMap::default();
                while let Some((sq, set)) = m.next_entry::<Square, KindSet>()? {
                    out.0[sq.grid_index()] = set.bits();
                }
                Ok(out)
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Repr {
    rules: Ruleset,
    board: TextBuf,
    #[serde(default)]
    knowledge: KnowledgeMap,
    #[serde(default)]
    ply: u32,
    #[serde(default)]
    plies_since_attack: u32,
    #[serde(default)]
    last: Option<Outcome>,
    #[serde(default)]
    two_square_chains: [Chain; 2],
    /// The more-squares rule's chase state, which positions written before
    /// the game kept it were saved with: read past, not kept.
    #[serde(default, rename = "chase")]
    _chase: Option<serde::de::IgnoredAny>,
}

impl Repr {
    fn into_position(self) -> Result<Position, PositionError> {
        let text = core::str::from_utf8(&self.board.bytes[..self.board.len]).unwrap_or("");
        let mut pos = Position::from_text(&self.rules, text)?;
        for sq in Square::all() {
            let bits = self.knowledge.0[sq.grid_index()];
            if bits == 0 {
                continue;
            }
            let piece = pos.piece_at(sq).ok_or(PositionError::Knowledge(sq))?;
            let army = self.rules.army(piece.side).kinds().bits();
            if bits & !army != 0 || !KindSet::from_bits(bits).contains(piece.kind) {
                return Err(PositionError::Knowledge(sq));
            }
            pos.knowledge[sq.cell()] = bits;
        }
        pos.ply = self.ply;
        pos.plies_since_attack = self.plies_since_attack.min(self.ply);
        pos.last = self.last;
        pos.chains = self.two_square_chains;
        if let Some(limit) = pos.rules.two_square {
            for chain in &mut pos.chains {
                chain.set_limit(limit);
            }
        }
        pos.status = pos.evaluate(true);
        Ok(pos)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        Repr::deserialize(d)?
            .into_position()
            .map_err(D::Error::custom)
    }
}
