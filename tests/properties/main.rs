//! Property tests: invariants of the referee checked on random games of the three
//! presets and of random (valid) custom rulesets.
//!
//! Every property runs 1,000 cases by default; the environment variable
//! `PROPTEST_CASES` overrides that (e.g. `PROPTEST_CASES=100000` for a long run).
//! Failing cases are written to `proptest-regressions/` and replayed first on
//! every later run.

#[path = "../common/mod.rs"]
mod common;

use crate::common::presets;
#[cfg(feature = "serde")]
use marsal::KindSet;
use marsal::{
    Army, Battle, DrawReason, Game, Geometry, Move, NoMoveRule, Piece, PieceKind, Position,
    RevealRule, Rng, Ruleset, Setup, Side, SpyRule, Square, Status, Strengths, WinReason, combat,
    no_hope,
};
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, TestCaseError};

// ---------------------------------------------------------------------------
// Configuration and strategies
// ---------------------------------------------------------------------------

/// 1,000 cases, unless `PROPTEST_CASES` says otherwise.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1000),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// Every movable kind.
const MOVABLE: [PieceKind; 13] = [
    PieceKind::Marshal,
    PieceKind::General,
    PieceKind::Colonel,
    PieceKind::Major,
    PieceKind::Captain,
    PieceKind::Lieutenant,
    PieceKind::Sergeant,
    PieceKind::Cadet,
    PieceKind::Corporal,
    PieceKind::Gunner,
    PieceKind::Scout,
    PieceKind::Miner,
    PieceKind::Spy,
];

fn chance(rng: &mut Rng, percent: u32) -> bool {
    rng.below(100) < percent
}

/// A random army with exactly one Flag and at most `room` pieces (`room >= 1`).
fn random_army(rng: &mut Rng, room: usize) -> Army {
    let mut army = Army::EMPTY.with(PieceKind::Flag, 1);
    let mut left = room.saturating_sub(1);
    for _ in 0..rng.below(6) {
        if left == 0 {
            break;
        }
        let kind = match rng.below(17) {
            i @ 0..=12 => MOVABLE[i as usize],
            13 => PieceKind::Scout,
            14 => PieceKind::Miner,
            15 => PieceKind::Mine,
            _ => PieceKind::Bomb,
        };
        let n = (1 + rng.below(3) as usize).min(left);
        army = army.with(kind, army.count(kind) + n as u8);
        left -= n;
    }
    army
}

/// A random custom ruleset: a `files` x `ranks` board with setup zones of
/// `depth` ranks at each end (a few zone squares left out or cut off), random
/// lakes and holes between them, small random armies, random strengths and random
/// rule options. Valid by construction.
// Every field is set today; the struct update keeps the generator compiling
// (with a preset's value) when the ruleset grows a new option.
#[allow(clippy::needless_update)]
fn custom_rules(files: u8, ranks: u8, depth: u8, seed: u64) -> Ruleset {
    let mut rng = Rng::new(seed);
    let depth = depth.min(ranks / 2).max(1);
    let red_home = rng.below(u32::from(files)) as u8;
    let blue_home = rng.below(u32::from(files)) as u8;
    let lake_rate = rng.below(35);
    let mut rows = Vec::new();
    for rank in (0..ranks).rev() {
        let mut row = String::new();
        for file in 0..files {
            let roll = rng.below(100);
            let zone = if rank < depth {
                Some(('R', rank == 0 && file == red_home))
            } else if rank >= ranks - depth {
                Some(('B', rank == ranks - 1 && file == blue_home))
            } else {
                None
            };
            row.push(match zone {
                Some((z, forced)) => {
                    if forced || roll < 85 {
                        z
                    } else if roll < 93 {
                        '.'
                    } else {
                        '#'
                    }
                }
                None => {
                    if roll < lake_rate {
                        '~'
                    } else if roll < lake_rate + 8 {
                        '#'
                    } else {
                        '.'
                    }
                }
            });
        }
        rows.push(row);
    }
    let board = Geometry::from_diagram(&rows).expect("generated diagram");
    let mut strengths = if chance(&mut rng, 30) {
        Strengths::marsal_a_spion()
    } else {
        Strengths::EMPTY
    };
    for kind in MOVABLE {
        if strengths.get(kind) == 0 || chance(&mut rng, 20) {
            strengths.set(kind, 1 + rng.below(10) as u8);
        }
    }
    let (red_room, blue_room) = (board.zone(Side::Red).len(), board.zone(Side::Blue).len());
    let armies = if chance(&mut rng, 50) {
        let army = random_army(&mut rng, red_room.min(blue_room));
        [army, army]
    } else {
        [
            random_army(&mut rng, red_room),
            random_army(&mut rng, blue_room),
        ]
    };
    Ruleset {
        board,
        armies,
        strengths,
        diagonal_steps: chance(&mut rng, 50),
        spy_rule: if chance(&mut rng, 50) {
            SpyRule::DefeatsMarshalAlways
        } else {
            SpyRule::OnlyWhenAttacking
        },
        reveal: if chance(&mut rng, 50) {
            RevealRule::AttackerStaysHidden
        } else {
            RevealRule::BothFighters
        },
        no_move: if chance(&mut rng, 50) {
            NoMoveRule::Draw
        } else {
            NoMoveRule::Loses
        },
        no_hope_draw: chance(&mut rng, 60),
        first_to_move: if chance(&mut rng, 50) {
            Side::Red
        } else {
            Side::Blue
        },
        max_plies: Some(1 + rng.below(200)),
        max_plies_without_attack: if chance(&mut rng, 50) {
            None
        } else {
            Some(1 + rng.below(60))
        },
        two_square: if chance(&mut rng, 30) {
            Some(1 + rng.below(5) as u8)
        } else {
            None
        },
        more_squares: chance(&mut rng, 30),
        repetition_draw: if chance(&mut rng, 25) {
            Some(2 + rng.below(3) as u8)
        } else {
            None
        },
        corner_rule: chance(&mut rng, 40),
        ..Ruleset::marsal_a_spion()
    }
}

/// A preset (with a ply limit of `max_plies`) or a random custom ruleset; always
/// valid.
fn any_rules() -> impl Strategy<Value = Ruleset> {
    prop_oneof![
        1 => (0usize..3, 1u32..=200).prop_map(|(i, plies)| {
            let mut rules = presets()[i].1;
            rules.max_plies = Some(plies);
            rules
        }),
        3 => (3u8..=12, 3u8..=12, 1u8..=3, any::<u64>())
            .prop_map(|(f, r, d, seed)| custom_rules(f, r, d, seed)),
    ]
    .prop_filter("the ruleset must be valid", |r| r.validate().is_ok())
}

/// A random game: a ruleset, the seeds of both setups and one number per ply that
/// chooses among the legal moves.
#[derive(Clone, Debug)]
struct Case {
    rules: Ruleset,
    red_seed: u64,
    blue_seed: u64,
    choices: Vec<u32>,
}

fn cases(max_plies: usize) -> impl Strategy<Value = Case> {
    (
        any_rules(),
        any::<u64>(),
        any::<u64>(),
        prop::collection::vec(any::<u32>(), 0..=max_plies),
    )
        .prop_map(|(rules, red_seed, blue_seed, choices)| Case {
            rules,
            red_seed,
            blue_seed,
            choices,
        })
}

fn fail(msg: impl Into<String>) -> TestCaseError {
    TestCaseError::fail(msg.into())
}

impl Case {
    fn start(&self) -> Result<Position, TestCaseError> {
        Position::start(&self.rules, self.red_seed, self.blue_seed)
            .map_err(|e| fail(format!("a valid ruleset must give a start position: {e}")))
    }

    /// Plays the case's random game (until its choices run out or the game ends)
    /// and calls `f` with the position before, the move, the outcome and the
    /// position after every ply. Returns the last position.
    fn walk(
        &self,
        mut f: impl FnMut(&Position, Move, marsal::Outcome, &Position) -> Result<(), TestCaseError>,
    ) -> Result<Position, TestCaseError> {
        let mut pos = self.start()?;
        for &choice in &self.choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                prop_assert!(
                    pos.status().is_over(),
                    "an ongoing game has a legal move:\n{}",
                    pos
                );
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let before = pos;
            let out = pos
                .play(mv)
                .map_err(|e| fail(format!("legal move {mv} refused: {e}\n{before}")))?;
            f(&before, mv, out, &pos)?;
        }
        Ok(pos)
    }
}

/// Every square of the 12 x 12 grid.
fn grid() -> impl Iterator<Item = Square> {
    (0..marsal::GRID_SQUARES).filter_map(Square::from_grid_index)
}

/// The square `(file + df, rank + dr)` if it lies inside the 12 x 12 grid.
fn offset(sq: Square, df: i8, dr: i8) -> Option<Square> {
    let f = sq.file() as i8 + df;
    let r = sq.rank() as i8 + dr;
    if (0..marsal::MAX_FILES as i8).contains(&f) && (0..marsal::MAX_RANKS as i8).contains(&r) {
        Square::new(f as u8, r as u8)
    } else {
        None
    }
}

fn on_board(rules: &Ruleset, sq: Square) -> bool {
    rules.board.playable.contains(sq) && !rules.board.lakes.contains(sq)
}

const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Counts every piece on the board by side and kind, square by square.
fn census(pos: &Position) -> [[u8; marsal::KIND_COUNT]; 2] {
    let mut n = [[0u8; marsal::KIND_COUNT]; 2];
    for sq in grid() {
        if let Some(p) = pos.piece_at(sq) {
            n[p.side.index()][p.kind.index()] += 1;
        }
    }
    n
}

fn counts(pos: &Position) -> [[u8; marsal::KIND_COUNT]; 2] {
    let mut n = [[0u8; marsal::KIND_COUNT]; 2];
    for side in Side::BOTH {
        for kind in PieceKind::ALL {
            n[side.index()][kind.index()] = pos.count(side, kind);
        }
    }
    n
}

/// The legal moves of the side to move, written independently of the engine
/// from `docs/rules.md`: steps to an empty neighbouring square (diagonal ones only when
/// allowed), attacks on an orthogonally neighbouring enemy piece, Scouts along a
/// rank or file over empty squares, possibly ending on the first enemy piece.
fn reference_moves(pos: &Position) -> Vec<Move> {
    if pos.status().is_over() {
        return Vec::new();
    }
    reference_board_moves(pos, pos.to_move())
}

/// The moves the board allows `side` by the reference generator (see
/// [`reference_moves`]), whoever is to move and whatever the status, sorted.
fn reference_board_moves(pos: &Position, side: Side) -> Vec<Move> {
    let rules = pos.rules();
    let mut out = Vec::new();
    for from in grid() {
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        if p.side != side || !p.kind.is_movable() {
            continue;
        }
        for (df, dr) in ORTHOGONAL {
            let mut at = from;
            while let Some(to) = offset(at, df, dr).filter(|s| on_board(rules, *s)) {
                match pos.piece_at(to) {
                    None => {
                        out.push(Move::new(from, to));
                        if p.kind != PieceKind::Scout {
                            break;
                        }
                        at = to;
                    }
                    Some(q) => {
                        if q.side != side {
                            out.push(Move::new(from, to));
                        }
                        break;
                    }
                }
            }
        }
        if rules.diagonal_steps {
            for (df, dr) in DIAGONAL {
                if let Some(to) = offset(from, df, dr).filter(|s| on_board(rules, *s)) {
                    if pos.piece_at(to).is_none() && reference_corner_open(pos, from, df, dr) {
                        out.push(Move::new(from, to));
                    }
                }
            }
        }
    }
    out.sort();
    out
}

/// The corner rule straight from `docs/rules.md`: a diagonal step from `from` by
/// `(df, dr)` is allowed unless the rule is on and both squares beside it (one
/// step `dr` along the file, one step `df` along the rank) are blocked: off the
/// board, a lake, or a piece.
fn reference_corner_open(pos: &Position, from: Square, df: i8, dr: i8) -> bool {
    let rules = pos.rules();
    let empty =
        |s: Option<Square>| s.is_some_and(|s| on_board(rules, s) && pos.piece_at(s).is_none());
    !rules.corner_rule || empty(offset(from, 0, dr)) || empty(offset(from, df, 0))
}

/// Whether `side` has a move by the reference move generator.
fn reference_has_move(pos: &Position, side: Side) -> bool {
    let rules = pos.rules();
    grid().any(|from| {
        pos.piece_at(from)
            .is_some_and(|p| p.side == side && p.kind.is_movable())
            && ORTHOGONAL
                .iter()
                .chain(if rules.diagonal_steps {
                    &DIAGONAL[..]
                } else {
                    &[]
                })
                .any(|&(df, dr)| {
                    offset(from, df, dr)
                        .filter(|s| on_board(rules, *s))
                        .is_some_and(|to| match pos.piece_at(to) {
                            None => df == 0 || dr == 0 || reference_corner_open(pos, from, df, dr),
                            Some(q) => q.side != side && (df == 0 || dr == 0),
                        })
                })
    })
}

mod ending;
mod no_hope_draw;
mod play;
mod random_moves;
mod referee;
mod text;
#[cfg(feature = "serde")]
mod views;
