//! Hidden information: what `Position::view` / `Game::view` show each side
//! (`docs/rules.md` section 5, "Hidden information").
//!
//! A view must hold exactly what its side knows: its own pieces (and what the
//! opponent knows of them), enemy pieces as the kinds they may still be, the
//! public facts (moves, fight results, removed pieces, status) and the side's log.

// Without alloc only the fight tests run: the helpers of the others rest.
#![cfg_attr(not(feature = "alloc"), allow(unused_imports, dead_code))]

use marsal::{
    Battle, KindSet, Outcome, PieceKind, Position, RevealRule, Rng, Ruleset, Setup, Side, Square,
    SquareView, View, combat,
};

// ---------------------------------------------------------------------------
// helpers

use crate::common::{position, presets, sq};

fn possible(view: &View, at: &str) -> KindSet {
    match view.at(sq(at)) {
        SquareView::Enemy { possible } => possible,
        other => panic!(
            "{at}: expected an enemy piece in {:?}'s view, got {other:?}",
            view.side()
        ),
    }
}

fn own(view: &View, at: &str) -> (PieceKind, KindSet) {
    match view.at(sq(at)) {
        SquareView::Own {
            kind,
            known_to_opponent,
        } => (kind, known_to_opponent),
        other => panic!(
            "{at}: expected an own piece in {:?}'s view, got {other:?}",
            view.side()
        ),
    }
}

fn set(kinds: &[PieceKind]) -> KindSet {
    kinds.iter().copied().collect()
}

fn movable() -> KindSet {
    PieceKind::ALL
        .into_iter()
        .filter(|k| k.is_movable())
        .collect()
}

fn far_moving() -> KindSet {
    PieceKind::ALL
        .into_iter()
        .filter(|k| k.moves_far())
        .collect()
}

fn minus(a: KindSet, b: KindSet) -> KindSet {
    a.iter().filter(|k| !b.contains(*k)).collect()
}

fn is_subset(a: KindSet, b: KindSet) -> bool {
    a.intersection(b) == a
}

fn play(pos: &mut Position, text: &str) -> Outcome {
    pos.play_text(text)
        .unwrap_or_else(|e| panic!("{text} refused: {e}\n{pos}"))
}

mod model;
#[cfg(feature = "serde")]
use model::check_swap_invariance;
use model::{Model, check_view, expected_piece_seen};
mod fights;
// Games with their logs (feature alloc).
#[cfg(feature = "alloc")]
mod own_pieces_and_logs;
#[cfg(feature = "alloc")]
mod random_games;
