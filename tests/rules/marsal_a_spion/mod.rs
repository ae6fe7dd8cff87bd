//! One test per rule of `docs/rules.md` section 2, the preset `marsal_a_spion`, each
//! asserting the rule itself through the public API; plus, for every
//! **[decision]** of that section, a test that switches the option the other way
//! and shows that the behaviour changes.
//!
//! Positions are built with [`czech`] (or `common::position` under a changed
//! ruleset): a list of `(square, letter)` pairs on the empty Czech board (upper
//! case Red, lower case Blue; M Marshal, G General, K Captain, D Cadet,
//! P Corporal, U Gunner, S Scout, N Miner, Y Spy, X Mine, F Flag).

use marsal::PieceKind as K;
use marsal::{
    Battle, DrawReason, KindSet, Move, MoveError, NoMoveRule, Outcome, Piece, Position,
    PositionError, PositionTextError, RevealRule, Rng, Ruleset, Setup, SetupError, Side, SpyRule,
    Square, SquareView, Status, View, WinReason, combat, no_hope,
};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

use crate::common::{mv, position, sq};

/// The empty Czech board, rank 12 first.
const EMPTY_ROWS: [&str; 12] = [
    "#..........#", // 12
    "#..........#", // 11
    "#..........#", // 10
    "............", // 9
    "...~~..~~...", // 8
    "...~....~...", // 7
    "...~....~...", // 6
    "...~~..~~...", // 5
    "............", // 4
    "#..........#", // 3
    "#..........#", // 2
    "#..........#", // 1
];

/// The Czech strength order, strongest first (`docs/rules.md` 2.2, "Armies").
const ORDER: [K; 9] = [
    K::Marshal,
    K::General,
    K::Captain,
    K::Cadet,
    K::Corporal,
    K::Gunner,
    K::Scout,
    K::Miner,
    K::Spy,
];

fn rules() -> Ruleset {
    Ruleset::marsal_a_spion()
}

/// A position under the Czech preset.
fn czech(pieces: &[(&str, char)], to_move: Side) -> Position {
    position(&rules(), pieces, to_move)
}

fn play(pos: &mut Position, text: &str) -> Outcome {
    pos.play(mv(text))
        .unwrap_or_else(|e| panic!("{text} refused: {e}\n{pos}"))
}

fn piece(pos: &Position, name: &str) -> Option<(Side, K)> {
    pos.piece_at(sq(name)).map(|p: Piece| (p.side, p.kind))
}

fn ongoing(to_move: Side) -> Status {
    Status::Ongoing { to_move }
}

fn drawn(reason: DrawReason) -> Status {
    Status::Drawn { reason }
}

/// What `view` says the enemy piece on `name` may be.
fn enemy(view: &View, name: &str) -> KindSet {
    match view.at(sq(name)) {
        SquareView::Enemy { possible } => possible,
        other => panic!("{name}: expected an enemy piece, found {other:?}"),
    }
}

fn kinds(list: &[K]) -> KindSet {
    list.iter().copied().collect()
}

/// The target squares of the legal moves from `from`, sorted.
fn targets(pos: &Position, from: &str) -> Vec<Square> {
    let from = sq(from);
    let mut v: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to)
        .collect();
    v.sort();
    v
}

fn squares(names: &[&str]) -> Vec<Square> {
    let mut v: Vec<Square> = names.iter().map(|n| sq(n)).collect();
    v.sort();
    v
}

/// A legal setup of `side`'s whole army: the zone squares in order, the army in
/// kind order.
fn ordered_setup(rules: &Ruleset, side: Side) -> Setup {
    let army = rules.army(side);
    let kinds = army
        .iter()
        .flat_map(|(k, n)| std::iter::repeat_n(k, n as usize));
    let setup = Setup::from_pieces(side, rules.board.zone(side).iter().zip(kinds))
        .expect("no square is used twice");
    assert_eq!(setup.validate(rules), Ok(()));
    setup
}

mod armies;
mod board;
mod ending;
mod fights;
mod knowledge;
mod moves;
mod setup;
