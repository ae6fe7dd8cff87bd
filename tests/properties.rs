//! Property tests: invariants of the referee checked on random games of the three
//! presets and of random (valid) custom rulesets.
//!
//! Every property runs 1,000 cases by default; the environment variable
//! `PROPTEST_CASES` overrides that (e.g. `PROPTEST_CASES=100000` for a long run).
//! Failing cases are written to `proptest-regressions/` and replayed first on
//! every later run.

mod common;

use common::presets;
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

// ---------------------------------------------------------------------------
// Properties of play
// ---------------------------------------------------------------------------

fn check_pieces_only_disappear(
    before: &Position,
    mv: Move,
    out: marsal::Outcome,
    after: &Position,
) -> Result<(), TestCaseError> {
    let rules = before.rules();
    let attacker = before
        .piece_at(mv.from)
        .ok_or_else(|| fail("a legal move starts on a piece"))?;
    let defender = before.piece_at(mv.to);
    let mut expected = counts(before);
    let mut expected_to = Some(attacker);
    match defender {
        None => prop_assert_eq!(out.fight, None, "a move onto an empty square is no fight"),
        Some(d) => {
            let battle = combat(rules, attacker.kind, d.kind)
                .ok_or_else(|| fail("a movable attacker always fights"))?;
            let fight = out
                .fight
                .ok_or_else(|| fail(format!("{mv} attacks {d:?} but reports no fight")))?;
            prop_assert_eq!(fight.battle, battle);
            prop_assert_eq!(fight.defender, d.kind);
            let attacker_removed = matches!(battle, Battle::DefenderWins | Battle::BothRemoved);
            let defender_removed = matches!(
                battle,
                Battle::AttackerWins
                    | Battle::MineDefused
                    | Battle::FlagCaptured
                    | Battle::BothRemoved
            );
            if attacker_removed {
                expected[attacker.side.index()][attacker.kind.index()] -= 1;
            }
            if defender_removed {
                expected[d.side.index()][d.kind.index()] -= 1;
            }
            expected_to = match (attacker_removed, defender_removed) {
                (false, true) => Some(attacker),
                (true, false) => Some(d),
                (true, true) => None,
                (false, false) => return Err(fail("someone must lose a fight")),
            };
        }
    }
    let now = counts(after);
    prop_assert_eq!(now, expected, "counts after {} ({:?})", mv, out.fight);
    prop_assert_eq!(census(after), now, "count() disagrees with the board");
    let before_counts = counts(before);
    for side in Side::BOTH {
        let remaining = after.remaining(side);
        for kind in PieceKind::ALL {
            prop_assert!(
                now[side.index()][kind.index()] <= before_counts[side.index()][kind.index()]
            );
            prop_assert_eq!(remaining.count(kind), now[side.index()][kind.index()]);
        }
    }
    for sq in grid() {
        let piece = after.piece_at(sq);
        if piece.is_some() {
            prop_assert!(
                rules.board.playable.contains(sq) && !rules.board.lakes.contains(sq),
                "a piece stands on {} which is not a playable square",
                sq
            );
        }
        let expected_here = if sq == mv.from {
            None
        } else if sq == mv.to {
            expected_to
        } else {
            before.piece_at(sq)
        };
        prop_assert_eq!(piece, expected_here, "square {} after {}", sq, mv);
        // Mines, Bombs and Flags never move: their squares keep them unless the
        // piece was removed by this very fight.
        if let Some(p) = before.piece_at(sq) {
            if !p.kind.is_movable() && piece != Some(p) {
                prop_assert!(
                    sq == mv.to && expected_to != Some(p),
                    "immovable {:?} on {} vanished or moved",
                    p,
                    sq
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn pieces_only_disappear_as_combat_says(case in cases(150)) {
        let start = case.start()?;
        let counts0 = counts(&start);
        prop_assert_eq!(census(&start), counts0);
        for side in Side::BOTH {
            prop_assert_eq!(start.remaining(side), *case.rules.army(side));
        }
        case.walk(check_pieces_only_disappear)?;
    }

    #[test]
    fn legal_move_succeeds_and_matches_combat(case in cases(150)) {
        let rules = case.rules;
        case.walk(|before, mv, out, after| {
            let generated = before.legal_moves();
            let mut sorted: Vec<Move> = generated.iter().copied().collect();
            sorted.sort();
            let n = sorted.len();
            sorted.dedup();
            prop_assert_eq!(sorted.len(), n, "legal_moves lists a move twice");
            let reference = reference_moves(before);
            if rules.two_square.is_none() {
                prop_assert_eq!(&sorted, &reference, "legal moves of\n{}", before);
            } else {
                // The two-square rule may forbid some of the board's moves, and
                // only with its own error.
                for m in &sorted {
                    prop_assert!(reference.contains(m), "{} is no move of the board\n{}", m, before);
                }
                for m in reference.iter().filter(|m| !sorted.contains(m)) {
                    prop_assert!(
                        matches!(before.check_move(*m), Err(marsal::MoveError::TwoSquare { .. })),
                        "{} left out of the legal moves: {:?}\n{}", m, before.check_move(*m), before
                    );
                }
            }
            for m in &generated {
                prop_assert!(before.check_move(*m).is_ok(), "{} is generated but refused", m);
            }
            let attacker = before.piece_at(mv.from).ok_or_else(|| fail("no piece"))?;
            prop_assert_eq!(attacker.side, before.to_move());
            prop_assert_eq!(out.mv, mv);
            prop_assert_eq!(out.side, before.to_move());
            prop_assert_eq!(out.piece, attacker.kind);
            let expected = before.piece_at(mv.to).and_then(|d| combat(&rules, attacker.kind, d.kind));
            prop_assert_eq!(out.battle(), expected);
            prop_assert_eq!(after.last_outcome(), Some(out));
            prop_assert_eq!(after.ply(), before.ply() + 1);
            prop_assert_eq!(after.to_move(), !before.to_move());
            if let Status::Ongoing { to_move } = after.status() {
                prop_assert_eq!(to_move, !before.to_move(), "sides alternate");
                prop_assert!(!after.legal_moves().is_empty());
            } else {
                prop_assert!(after.legal_moves().is_empty(), "no move after the end");
                let mut copy = *after;
                prop_assert_eq!(copy.play(mv), Err(marsal::MoveError::GameOver));
                prop_assert_eq!(&copy, after);
            }
            Ok(())
        })?;
    }

    #[test]
    fn illegal_random_move_changes_nothing(
        case in cases(100),
        probes in prop::collection::vec(
            (0usize..marsal::GRID_SQUARES, 0usize..marsal::GRID_SQUARES, 0u8..3, -3i8..=3, -3i8..=3),
            1..12,
        ),
    ) {
        let probe = |pos: &Position, i: usize| -> Result<(), TestCaseError> {
            let legal = pos.legal_moves();
            let (a, b, near, df, dr) = probes[i % probes.len()];
            let own: Vec<Square> = pos.pieces(pos.to_move()).map(|(s, _)| s).collect();
            let from = if near > 0 && !own.is_empty() {
                own[a % own.len()]
            } else {
                Square::from_grid_index(a).ok_or_else(|| fail("grid index"))?
            };
            let to = match (near, offset(from, df, dr)) {
                (1 | 2, Some(to)) => to,
                _ => Square::from_grid_index(b).ok_or_else(|| fail("grid index"))?,
            };
            let mv = Move::new(from, to);
            let contained = legal.contains(&mv);
            prop_assert_eq!(pos.check_move(mv).is_ok(), contained, "check_move({}) in\n{}", mv, pos);
            prop_assert_eq!(pos.is_legal(mv), contained);
            if !contained {
                let mut copy = *pos;
                prop_assert!(copy.play(mv).is_err());
                prop_assert_eq!(&copy, pos, "a refused move changed the position");
                prop_assert_eq!(copy.hash(), pos.hash());
                let text = pos.move_text(mv).to_string();
                let mut copy = *pos;
                prop_assert!(copy.play_text(&text).is_err());
                prop_assert_eq!(&copy, pos);
                let mut game = Game::from_position(*pos);
                let before = game.clone();
                prop_assert!(game.play(mv).is_err());
                prop_assert_eq!(&game, &before, "a refused move changed the game");
            }
            Ok(())
        };
        // The same for a game (whose history adds the more-squares rule).
        let game_probe = |game: &mut Game, i: usize| -> Result<(), TestCaseError> {
            let legal = game.legal_moves();
            let (a, b, near, df, dr) = probes[i % probes.len()];
            let from = Square::from_grid_index(a).ok_or_else(|| fail("grid index"))?;
            let to = match (near, offset(from, df, dr)) {
                (1 | 2, Some(to)) => to,
                _ => Square::from_grid_index(b).ok_or_else(|| fail("grid index"))?,
            };
            let mv = Move::new(from, to);
            let contained = legal.contains(&mv);
            prop_assert_eq!(game.check_move(mv).is_ok(), contained);
            if !contained {
                let before = game.clone();
                prop_assert!(game.play(mv).is_err());
                prop_assert_eq!(&*game, &before, "a refused move changed the game");
            }
            if let Some(m) = legal.first() {
                prop_assert!(game.play(*m).is_ok());
                game.undo().map_err(|e| fail(e.to_string()))?;
            }
            Ok(())
        };
        let mut i = 0;
        let last = case.walk(|before, _, _, _| {
            for _ in 0..2 {
                probe(before, i)?;
                i += 1;
            }
            Ok(())
        })?;
        for _ in 0..probes.len() {
            probe(&last, i)?;
            i += 1;
        }
        let mut game = Game::from_position(case.start()?);
        for (k, &choice) in case.choices.iter().enumerate() {
            game_probe(&mut game, k)?;
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[choice as usize % moves.len()]).map_err(|e| fail(e.to_string()))?;
        }
    }

    #[test]
    fn scout_moves_never_jump(case in cases(150)) {
        let rules = case.rules;
        let check = |pos: &Position| -> Result<(), TestCaseError> {
            for mv in pos.legal_moves() {
                let p = pos.piece_at(mv.from).ok_or_else(|| fail("no piece"))?;
                prop_assert_eq!(p.side, pos.to_move());
                prop_assert!(p.kind.is_movable(), "{:?} moved", p.kind);
                prop_assert!(on_board(&rules, mv.to), "{} leaves the board", mv);
                prop_assert!(pos.piece_at(mv.to).is_none_or(|q| q.side != p.side));
                if mv.distance() <= 1 {
                    continue;
                }
                prop_assert_eq!(p.kind, PieceKind::Scout, "only a Scout moves far: {}", mv);
                let (df, dr) = (
                    mv.to.file() as i8 - mv.from.file() as i8,
                    mv.to.rank() as i8 - mv.from.rank() as i8,
                );
                prop_assert!(df == 0 || dr == 0, "{} is not along a rank or file", mv);
                let (sf, sr) = (df.signum(), dr.signum());
                let mut at = offset(mv.from, sf, sr).ok_or_else(|| fail("off the grid"))?;
                while at != mv.to {
                    prop_assert!(on_board(&rules, at), "{} crosses {} (lake or off board)", mv, at);
                    prop_assert!(pos.piece_at(at).is_none(), "{} jumps over {}", mv, at);
                    at = offset(at, sf, sr).ok_or_else(|| fail("off the grid"))?;
                }
            }
            Ok(())
        };
        let last = case.walk(|before, _, _, _| check(before))?;
        check(&last)?;
    }

    #[test]
    fn diagonal_steps_only_when_allowed_and_never_attack(case in cases(150)) {
        let rules = case.rules;
        let check = |pos: &Position| -> Result<(), TestCaseError> {
            for mv in pos.legal_moves() {
                let (df, dr) = (
                    mv.to.file() as i8 - mv.from.file() as i8,
                    mv.to.rank() as i8 - mv.from.rank() as i8,
                );
                if df != 0 && dr != 0 {
                    prop_assert!(rules.diagonal_steps, "diagonal {} without diagonal steps", mv);
                    prop_assert!(df.abs() == 1 && dr.abs() == 1, "diagonal {} is longer than a step", mv);
                    prop_assert!(pos.piece_at(mv.to).is_none(), "diagonal {} attacks", mv);
                }
            }
            if pos.status().is_over() {
                return Ok(());
            }
            // And check_move refuses every diagonal attack, and every diagonal
            // step when they are off.
            for (from, kind) in pos.pieces(pos.to_move()) {
                if !kind.is_movable() {
                    continue;
                }
                for (df, dr) in DIAGONAL {
                    let Some(to) = offset(from, df, dr).filter(|s| on_board(&rules, *s)) else {
                        continue;
                    };
                    let mv = Move::new(from, to);
                    match pos.piece_at(to) {
                        Some(q) if q.side != pos.to_move() => prop_assert!(
                            pos.check_move(mv).is_err(),
                            "diagonal attack {} accepted",
                            mv
                        ),
                        None if rules.diagonal_steps
                            && !reference_corner_open(pos, from, df, dr) =>
                        {
                            prop_assert_eq!(
                                pos.check_move(mv),
                                Err(marsal::MoveError::CornerBlocked(
                                    Square::new(from.file(), to.rank()).unwrap(),
                                    Square::new(to.file(), from.rank()).unwrap()
                                ))
                            )
                        }
                        None if rules.diagonal_steps => prop_assert!(
                            matches!(
                                pos.check_move(mv),
                                Ok(()) | Err(marsal::MoveError::TwoSquare { .. })
                            ),
                            "diagonal step {} refused: {:?}",
                            mv,
                            pos.check_move(mv)
                        ),
                        None => prop_assert_eq!(
                            pos.check_move(mv),
                            Err(marsal::MoveError::DiagonalStep)
                        ),
                        Some(_) => prop_assert!(pos.check_move(mv).is_err()),
                    }
                }
            }
            Ok(())
        };
        let last = case.walk(|before, _, _, _| check(before))?;
        check(&last)?;
    }

    #[test]
    fn undo_restores_state_and_hash(case in cases(120)) {
        let mut game = Game::from_position(case.start()?);
        let start = *game.position();
        for &choice in &case.choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let before = game.clone();
            let out = game.play(mv).map_err(|e| fail(format!("{mv} refused: {e}")))?;
            let after = game.clone();
            prop_assert_eq!(game.undo(), Ok(out));
            prop_assert_eq!(game.position(), before.position());
            prop_assert_eq!(game.position().hash(), before.position().hash());
            prop_assert_eq!(&game, &before);
            prop_assert_eq!(game.play(mv), Ok(out));
            prop_assert_eq!(&game, &after);
        }
        while game.undo().is_ok() {}
        prop_assert_eq!(game.position(), &start);
        prop_assert_eq!(game.position().hash(), start.hash());
        prop_assert_eq!(game.undo(), Err(marsal::UndoError::NothingToUndo));
    }

    #[test]
    fn start_is_new_from_the_random_setups(case in cases(0)) {
        // `Position::start` takes shortcuts (no checks on the random pieces);
        // the position must be the one the checked way builds.
        let red = Setup::random(&case.rules, Side::Red, case.red_seed);
        let blue = Setup::random(&case.rules, Side::Blue, case.blue_seed);
        let checked = Position::new(&case.rules, &red, &blue)
            .map_err(|e| fail(format!("random setups must be legal: {e}")))?;
        prop_assert!(case.start()? == checked);
    }

    #[test]
    fn incremental_hash_equals_scratch(case in cases(150)) {
        let start = case.start()?;
        prop_assert_eq!(start.hash(), start.hash_from_scratch());
        let last = case.walk(|_, mv, _, after| {
            prop_assert_eq!(after.hash(), after.hash_from_scratch(), "after {}", mv);
            Ok(())
        })?;
        // The hash depends on the board and the side to move only.
        let again = Position::from_text(&case.rules, &last.to_text().to_string())
            .map_err(|e| fail(format!("position text refused: {e}")))?;
        prop_assert_eq!(again.hash(), last.hash());
    }
}

// ---------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------

/// The character index of `sq` in the position text of `rules`' board.
#[cfg(feature = "serde")]
fn text_index(rules: &Ruleset, sq: Square) -> usize {
    let g = &rules.board;
    (g.ranks - 1 - sq.rank()) as usize * (g.files as usize + 1) + sq.file() as usize
}

/// Whether a status is one that the rules compute from hidden facts (where the
/// Mines and Flags stand, which pieces can move): shuffling unknown enemy pieces
/// may change it (and, as these checks come first, hide a ply-limit draw), and
/// it is public all the same.
#[cfg(feature = "serde")]
fn depends_on_hidden_pieces(s: Status) -> bool {
    matches!(
        s,
        Status::Ongoing { .. }
            | Status::Drawn {
                reason: DrawReason::NoHope
                    | DrawReason::NoLegalMove(_)
                    | DrawReason::NeitherCanMove,
            }
            | Status::Won {
                reason: WinReason::OpponentCannotMove,
                ..
            }
    )
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(config())]

    #[test]
    fn view_reveals_nothing_unrevealed(
        case in cases(150),
        red_views in any::<bool>(),
        swaps in prop::collection::vec((any::<usize>(), any::<usize>()), 0..40),
    ) {
        use marsal::SquareView;
        let pos = case.walk(|_, _, _, _| Ok(()))?;
        let viewer = if red_views { Side::Red } else { Side::Blue };
        let view = pos.view(viewer);
        let json = serde_json::to_value(pos).map_err(|e| fail(e.to_string()))?;
        let back: Position = serde_json::from_value(json.clone()).map_err(|e| fail(e.to_string()))?;
        prop_assert_eq!(&back, &pos, "serde round trip");
        prop_assert_eq!(&back.view(viewer), &view);

        // The viewer's enemies and what the viewer knows of each.
        let mut enemies = Vec::new();
        for (sq, kind) in pos.pieces(!viewer) {
            match view.at(sq) {
                SquareView::Enemy { possible } => {
                    prop_assert!(possible.contains(kind), "the view excludes the true kind");
                    enemies.push((sq, kind, possible));
                }
                other => return Err(fail(format!("enemy piece on {sq} shown as {other:?}"))),
            }
        }
        // Swap the kinds of two enemy pieces whenever each may, as far as the
        // viewer knows, be the other's kind.
        let mut kinds: Vec<PieceKind> = enemies.iter().map(|e| e.1).collect();
        if !enemies.is_empty() {
            for (a, b) in swaps {
                let (i, j) = (a % enemies.len(), b % enemies.len());
                if enemies[i].2.contains(kinds[j]) && enemies[j].2.contains(kinds[i]) {
                    kinds.swap(i, j);
                }
            }
        }
        let mut board: Vec<char> = json["board"]
            .as_str()
            .ok_or_else(|| fail("board text"))?
            .chars()
            .collect();
        for (e, kind) in enemies.iter().zip(&kinds) {
            board[text_index(&case.rules, e.0)] = Piece::new(!viewer, *kind).letter();
        }
        let mut json = json;
        json["board"] = serde_json::Value::String(board.into_iter().collect());
        let shuffled: Position = serde_json::from_value(json)
            .map_err(|e| fail(format!("the shuffled position is refused: {e}")))?;
        for (e, kind) in enemies.iter().zip(&kinds) {
            prop_assert_eq!(shuffled.piece_at(e.0), Some(Piece::new(!viewer, *kind)));
        }
        let other = shuffled.view(viewer);
        if other.status() == view.status() {
            prop_assert_eq!(&other, &view, "the view tells the shuffled positions apart");
        } else {
            // A status computed from hidden facts takes precedence over the ply
            // limits, so one of the two must be such a status; a captured Flag
            // is public and never differs.
            prop_assert!(
                depends_on_hidden_pieces(view.status()) || depends_on_hidden_pieces(other.status()),
                "status {} vs {}", view.status(), other.status()
            );
            for s in [view.status(), other.status()] {
                prop_assert!(
                    !matches!(s, Status::Won { reason: WinReason::FlagCaptured, .. }),
                    "status {} vs {}", view.status(), other.status()
                );
            }
            prop_assert_eq!(other.side(), view.side());
            prop_assert_eq!(other.ply(), view.ply());
            prop_assert_eq!(other.plies_since_attack(), view.plies_since_attack());
            prop_assert_eq!(other.size(), view.size());
            prop_assert_eq!(other.last(), view.last());
            for side in Side::BOTH {
                prop_assert_eq!(other.remaining(side), view.remaining(side));
            }
            prop_assert!(other.squares().eq(view.squares()), "the squares differ");
        }
    }
}

// ---------------------------------------------------------------------------
// The end of the game
// ---------------------------------------------------------------------------

fn check_status(pos: &Position) -> Result<(), TestCaseError> {
    let rules = pos.rules();
    let flag_lost = |side: Side| pos.count(side, PieceKind::Flag) == 0;
    for side in Side::BOTH {
        let board = reference_has_move(pos, side);
        if rules.two_square.is_none() {
            prop_assert_eq!(pos.has_legal_move(side), board);
        } else {
            prop_assert!(board || !pos.has_legal_move(side));
        }
    }
    if !pos.status().is_over() {
        prop_assert_eq!(
            pos.has_legal_move(pos.to_move()),
            !pos.legal_moves().is_empty()
        );
    }
    match pos.status() {
        Status::Ongoing { to_move } => {
            prop_assert_eq!(to_move, pos.to_move());
            prop_assert!(!flag_lost(Side::Red) && !flag_lost(Side::Blue));
            prop_assert!(pos.has_legal_move(to_move), "ongoing without a move");
            if rules.no_move == NoMoveRule::Loses {
                prop_assert!(pos.has_legal_move(!to_move));
            }
            if rules.no_hope_draw {
                prop_assert!(!no_hope::is_hopeless(pos), "ongoing but hopeless:\n{}", pos);
            }
            prop_assert!(rules.max_plies.is_none_or(|m| pos.ply() < m));
            prop_assert!(
                rules
                    .max_plies_without_attack
                    .is_none_or(|m| pos.plies_since_attack() < m)
            );
        }
        Status::Won {
            winner,
            reason: WinReason::FlagCaptured,
        } => {
            prop_assert!(flag_lost(!winner), "won by capture but the Flag is there");
            prop_assert!(!flag_lost(winner) || rules.army(winner).count(PieceKind::Flag) == 0);
            let last = pos.last_outcome().ok_or_else(|| fail("no last move"))?;
            prop_assert_eq!(last.side, winner);
            prop_assert_eq!(last.battle(), Some(Battle::FlagCaptured));
        }
        Status::Won {
            winner,
            reason: WinReason::OpponentCannotMove,
        } => {
            prop_assert_eq!(rules.no_move, NoMoveRule::Loses);
            prop_assert!(!pos.has_legal_move(!winner), "the loser can move");
            prop_assert!(pos.has_legal_move(winner));
        }
        Status::Drawn { reason } => match reason {
            DrawReason::NoLegalMove(side) => {
                prop_assert_eq!(rules.no_move, NoMoveRule::Draw);
                prop_assert_eq!(side, pos.to_move());
                prop_assert!(!pos.has_legal_move(side));
            }
            DrawReason::NeitherCanMove => {
                prop_assert_eq!(rules.no_move, NoMoveRule::Loses);
                prop_assert!(!pos.has_legal_move(Side::Red) && !pos.has_legal_move(Side::Blue));
            }
            DrawReason::NoHope => {
                prop_assert!(rules.no_hope_draw);
                prop_assert!(no_hope::is_hopeless(pos));
            }
            DrawReason::PlyLimit => {
                prop_assert!(rules.max_plies.is_some_and(|m| pos.ply() >= m));
            }
            DrawReason::NoAttackLimit => {
                prop_assert!(
                    rules
                        .max_plies_without_attack
                        .is_some_and(|m| pos.plies_since_attack() >= m)
                );
            }
            DrawReason::Repetition => {
                return Err(fail("a bare Position never draws by repetition"));
            }
        },
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn games_end_under_ply_limit_consistently(
        rules in any_rules(),
        seeds in any::<(u64, u64, u64)>(),
    ) {
        let limit = rules.max_plies.ok_or_else(|| fail("a ply limit is set"))?;
        let mut pos = Position::start(&rules, seeds.0, seeds.1)
            .map_err(|e| fail(e.to_string()))?;
        let mut rng = Rng::new(seeds.2);
        check_status(&pos)?;
        while !pos.status().is_over() {
            prop_assert!(pos.ply() < limit, "the game goes on after {} plies", pos.ply());
            let moves = pos.legal_moves();
            prop_assert!(!moves.is_empty());
            let mv = moves[rng.below(moves.len() as u32) as usize];
            pos.play(mv).map_err(|e| fail(e.to_string()))?;
            check_status(&pos)?;
        }
        prop_assert!(pos.ply() <= limit);

        // The same through a Game, which adds the rules that need the history
        // (more-squares, repeated positions).
        let mut game = Game::from_position(Position::start(&rules, seeds.0, seeds.1)
            .map_err(|e| fail(e.to_string()))?);
        let mut rng = Rng::new(seeds.2 ^ 0x5555);
        loop {
            let moves = game.legal_moves();
            match game.status() {
                Status::Ongoing { .. } => {
                    prop_assert!(game.position().ply() < limit);
                    prop_assert!(!moves.is_empty(), "an ongoing game without a legal move:\n{}", game.position());
                    for mv in &moves {
                        prop_assert!(game.is_legal(*mv));
                    }
                    check_status(game.position())?;
                }
                Status::Drawn { reason: DrawReason::Repetition } => {
                    let n = rules.repetition_draw.ok_or_else(|| fail("repetition draw is off"))?;
                    prop_assert!(game.occurrences() >= u32::from(n));
                    break;
                }
                Status::Drawn { reason: DrawReason::NoLegalMove(_) | DrawReason::NeitherCanMove }
                | Status::Won { reason: WinReason::OpponentCannotMove, .. }
                    if rules.more_squares =>
                {
                    // The more-squares rule may have forbidden every move the
                    // board allows.
                    prop_assert!(moves.is_empty());
                    break;
                }
                _ => {
                    prop_assert!(moves.is_empty());
                    check_status(game.position())?;
                    break;
                }
            }
            let mv = moves[rng.below(moves.len() as u32) as usize];
            game.play(mv).map_err(|e| fail(format!("{mv} refused: {e}")))?;
        }
        prop_assert!(game.position().ply() <= limit);
    }
}

// ---------------------------------------------------------------------------
// The no-hope draw
// ---------------------------------------------------------------------------

/// Whether `side` can ever reach the enemy Flag, computed straight from `docs/rules.md`
/// ("Draw — no hope") by iterating a reachable-set over the squares to a fixpoint.
/// Pieces that move are kept apart by whether they are Miners: a Miner may enter
/// an enemy Mine's square (orthogonally), other pieces may not.
fn reference_can_reach_flag(pos: &Position, side: Side) -> bool {
    let rules = pos.rules();
    let enemy = !side;
    let mut enemy_flag = None;
    let mut enemy_has_miner = false;
    let mut own_has_miner = false;
    for sq in grid() {
        match pos.piece_at(sq) {
            Some(p) if p.side == enemy && p.kind == PieceKind::Flag => enemy_flag = Some(sq),
            Some(p) if p.side == enemy && p.kind == PieceKind::Miner => enemy_has_miner = true,
            Some(p) if p.side == side && p.kind == PieceKind::Miner => own_has_miner = true,
            _ => {}
        }
    }
    // Under the corner rule a diagonal step needs a square beside it that may
    // some day be empty: on the board, no Flag, no Mine that no Miner is left
    // to clear.
    let may_empty = |s: Option<Square>| {
        s.is_some_and(|s| {
            on_board(rules, s)
                && match pos.piece_at(s) {
                    None => true,
                    Some(p) => match p.kind {
                        PieceKind::Flag => false,
                        PieceKind::Mine | PieceKind::Bomb if p.side == side => enemy_has_miner,
                        PieceKind::Mine | PieceKind::Bomb => own_has_miner,
                        _ => true,
                    },
                }
        })
    };
    let Some(flag) = enemy_flag else {
        return false;
    };
    let mut dirs: Vec<(i8, i8, bool)> = ORTHOGONAL.iter().map(|&(f, r)| (f, r, true)).collect();
    if rules.diagonal_steps {
        dirs.extend(DIAGONAL.iter().map(|&(f, r)| (f, r, false)));
    }
    for miner in [false, true] {
        let mut reached = [false; marsal::GRID_SQUARES];
        for sq in grid() {
            if let Some(p) = pos.piece_at(sq) {
                if p.side == side && p.kind.is_movable() && (p.kind == PieceKind::Miner) == miner {
                    reached[sq.grid_index()] = true;
                }
            }
        }
        loop {
            let mut changed = false;
            for sq in grid() {
                if !reached[sq.grid_index()] {
                    continue;
                }
                for &(df, dr, orthogonal) in &dirs {
                    let Some(to) = offset(sq, df, dr) else {
                        continue;
                    };
                    if !orthogonal
                        && rules.corner_rule
                        && !may_empty(offset(sq, 0, dr))
                        && !may_empty(offset(sq, df, 0))
                    {
                        continue; // a corner closed for ever
                    }
                    if !on_board(rules, to) {
                        continue; // lakes and squares off the board block for ever
                    }
                    if to == flag {
                        if orthogonal {
                            return true; // the attack on the Flag
                        }
                        continue;
                    }
                    let enter = match pos.piece_at(to) {
                        None => true,
                        Some(p) if p.side == side => match p.kind {
                            PieceKind::Flag => false,
                            PieceKind::Mine | PieceKind::Bomb => enemy_has_miner,
                            _ => true,
                        },
                        Some(p) => match p.kind {
                            PieceKind::Mine | PieceKind::Bomb => miner && orthogonal,
                            _ => true,
                        },
                    };
                    if enter && !reached[to.grid_index()] {
                        reached[to.grid_index()] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }
    false
}

/// A small board (4x4 .. 6x6) with lakes, holes, random Mines and Bombs, a few
/// movable pieces and both Flags, often walled in; the armies are exactly the
/// pieces on the board. Returns the ruleset and the position text.
fn no_hope_board(files: u8, ranks: u8, seed: u64) -> (Ruleset, String) {
    #[derive(Clone, Copy, PartialEq)]
    enum Cell {
        Off,
        Lake,
        Empty,
        Piece(Side, PieceKind),
    }
    let mut rng = Rng::new(seed);
    let miners = [chance(&mut rng, 50), chance(&mut rng, 50)];
    let mine_rate = 5 + rng.below(25);
    let mover_rate = 3 + rng.below(10);
    let mut cells = vec![vec![Cell::Empty; files as usize]; ranks as usize];
    for row in cells.iter_mut() {
        for cell in row.iter_mut() {
            let roll = rng.below(100);
            let side = if chance(&mut rng, 50) {
                Side::Red
            } else {
                Side::Blue
            };
            *cell = if roll < 8 {
                Cell::Lake
            } else if roll < 12 {
                Cell::Off
            } else if roll < 12 + mine_rate {
                let kind = if chance(&mut rng, 50) {
                    PieceKind::Mine
                } else {
                    PieceKind::Bomb
                };
                Cell::Piece(side, kind)
            } else if roll < 12 + mine_rate + mover_rate {
                let kinds = [
                    PieceKind::Marshal,
                    PieceKind::General,
                    PieceKind::Captain,
                    PieceKind::Sergeant,
                    PieceKind::Scout,
                    PieceKind::Spy,
                    PieceKind::Miner,
                    PieceKind::Miner,
                ];
                let mut kind = kinds[rng.below(kinds.len() as u32) as usize];
                if kind == PieceKind::Miner && !miners[side.index()] {
                    kind = PieceKind::Scout;
                }
                Cell::Piece(side, kind)
            } else {
                Cell::Empty
            };
        }
    }
    let squares = u32::from(files) * u32::from(ranks);
    let red_flag = rng.below(squares);
    let blue_flag = (red_flag + 1 + rng.below(squares - 1)) % squares;
    for (side, at) in [(Side::Red, red_flag), (Side::Blue, blue_flag)] {
        let (f, r) = (at % u32::from(files), at / u32::from(files));
        cells[r as usize][f as usize] = Cell::Piece(side, PieceKind::Flag);
        if chance(&mut rng, 50) {
            // Wall the Flag in with Mines (of either side) or lakes.
            for (df, dr) in ORTHOGONAL.iter().chain(DIAGONAL.iter()) {
                let (nf, nr) = (f as i32 + i32::from(*df), r as i32 + i32::from(*dr));
                if nf < 0 || nr < 0 || nf >= i32::from(files) || nr >= i32::from(ranks) {
                    continue;
                }
                let cell = &mut cells[nr as usize][nf as usize];
                if matches!(cell, Cell::Piece(_, PieceKind::Flag)) {
                    continue;
                }
                *cell = match rng.below(10) {
                    0 => Cell::Lake,
                    1 => Cell::Empty,
                    2..=5 => Cell::Piece(side, PieceKind::Mine),
                    _ => Cell::Piece(!side, PieceKind::Bomb),
                };
            }
        }
    }
    let mut armies = [Army::EMPTY; 2];
    for row in &cells {
        for cell in row {
            if let Cell::Piece(side, kind) = *cell {
                let a = &mut armies[side.index()];
                *a = a.with(kind, a.count(kind) + 1);
            }
        }
    }
    // Zones: Red gets the first playable squares, Blue the next ones (enough for
    // the armies; every piece stands on a playable square, so there is room).
    let mut red_left = armies[0].total();
    let mut blue_left = armies[1].total();
    let mut diagram = Vec::new();
    let mut text_rows = Vec::new();
    for (r, row) in cells.iter().enumerate().rev() {
        let _ = r;
        let mut d = String::new();
        let mut t = String::new();
        for cell in row {
            match *cell {
                Cell::Off => {
                    d.push('#');
                    t.push('#');
                }
                Cell::Lake => {
                    d.push('~');
                    t.push('~');
                }
                Cell::Empty | Cell::Piece(..) => {
                    if red_left > 0 {
                        d.push('R');
                        red_left -= 1;
                    } else if blue_left > 0 {
                        d.push('B');
                        blue_left -= 1;
                    } else {
                        d.push('.');
                    }
                    t.push(match *cell {
                        Cell::Piece(side, kind) => Piece::new(side, kind).letter(),
                        _ => '.',
                    });
                }
            }
        }
        diagram.push(d);
        text_rows.push(t);
    }
    let rules = Ruleset {
        board: Geometry::from_diagram(&diagram).expect("generated diagram"),
        armies,
        strengths: Strengths::classic(),
        diagonal_steps: chance(&mut rng, 50),
        no_move: if chance(&mut rng, 50) {
            NoMoveRule::Draw
        } else {
            NoMoveRule::Loses
        },
        no_hope_draw: true,
        max_plies: Some(60),
        corner_rule: chance(&mut rng, 50),
        ..Ruleset::classic()
    };
    let to_move = if chance(&mut rng, 50) { 'r' } else { 'b' };
    (rules, format!("{} {to_move}", text_rows.join("/")))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn no_hope_draw_is_sound(
        files in 4u8..=6,
        ranks in 4u8..=6,
        seed in any::<u64>(),
        playouts in prop::collection::vec(any::<u64>(), 1..4),
    ) {
        let (rules, text) = no_hope_board(files, ranks, seed);
        prop_assert!(rules.validate().is_ok(), "{:?}", rules.validate());
        let pos = Position::from_text(&rules, &text)
            .map_err(|e| fail(format!("{text}: {e}")))?;
        let reach = [Side::Red, Side::Blue].map(|side| no_hope::can_reach_flag(&pos, side));
        for side in Side::BOTH {
            prop_assert_eq!(
                reach[side.index()],
                reference_can_reach_flag(&pos, side),
                "can_reach_flag({}) in\n{}", side, pos
            );
        }
        let hopeless = !reach[0] && !reach[1];
        prop_assert_eq!(no_hope::is_hopeless(&pos), hopeless);
        match pos.status() {
            Status::Drawn { reason: DrawReason::NoHope } => prop_assert!(hopeless),
            Status::Ongoing { .. } => prop_assert!(!hopeless, "hopeless but ongoing:\n{}", pos),
            _ => {}
        }
        // Soundness against play: a side that cannot reach the enemy Flag never
        // captures it, and never gets its hope back.
        let mut open = rules;
        open.no_hope_draw = false;
        let start = Position::from_text(&open, &text).map_err(|e| fail(e.to_string()))?;
        for seed in playouts {
            let mut rng = Rng::new(seed);
            let mut p = start;
            while !p.status().is_over() {
                let moves = p.legal_moves();
                let mv = moves[rng.below(moves.len() as u32) as usize];
                let out = p.play(mv).map_err(|e| fail(e.to_string()))?;
                for side in Side::BOTH {
                    let now = no_hope::can_reach_flag(&p, side);
                    // (Once a Flag is taken the game is over, and the square
                    // it blocked for ever is free: no more hope to check.)
                    let over = out.battle() == Some(Battle::FlagCaptured);
                    if !reach[side.index()] {
                        prop_assert!(over || !now, "{} got its hope back after {}:\n{}", side, mv, p);
                        prop_assert!(
                            !(out.side == side && out.battle() == Some(Battle::FlagCaptured)),
                            "{} captured the Flag it could never reach:\n{}\n{}", side, text, p
                        );
                    }
                    prop_assert_eq!(now, reference_can_reach_flag(&p, side));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Text forms and parsers
// ---------------------------------------------------------------------------

/// `text` with a few random edits (replace, insert or delete a character from
/// `alphabet`), driven by `edits`.
fn mutate(text: &str, alphabet: &[char], edits: &[(u16, u16, u8)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, what, op) in edits {
        let c = alphabet[what as usize % alphabet.len()];
        let i = if chars.is_empty() {
            0
        } else {
            at as usize % (chars.len() + 1)
        };
        match op % 3 {
            0 if i < chars.len() => chars[i] = c,
            1 => chars.insert(i, c),
            _ if i < chars.len() => {
                chars.remove(i);
            }
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

/// Calls every parser of the library on `s` (they must return, not panic).
fn parse_everything(rules: &Ruleset, pos: &Position, s: &str) {
    let _ = s.parse::<Square>();
    let _ = s.parse::<Move>();
    let _ = s.parse::<PieceKind>();
    let _ = s.parse::<Side>();
    let _ = rules.board.parse_square(s);
    for side in Side::BOTH {
        let _ = Setup::from_text(rules, side, s);
    }
    if let Ok(p) = Position::from_text(rules, s) {
        assert_eq!(p.hash(), p.hash_from_scratch());
    }
    let _ = pos.parse_move(s);
    let mut copy = *pos;
    let _ = copy.play_text(s);
    let _ = Game::from_position(*pos).play_text(s);
    let rows: Vec<&str> = s.split(['/', '\n']).collect();
    let _ = Geometry::from_diagram(&rows);
    #[cfg(feature = "serde")]
    {
        if let Ok(r) = serde_json::from_str::<Ruleset>(s) {
            let _ = r.validate();
        }
        let _ = serde_json::from_str::<Setup>(s);
        if let Ok(p) = serde_json::from_str::<Position>(s) {
            assert_eq!(p.hash(), p.hash_from_scratch());
            let _ = p.legal_moves();
            let _ = p.view(Side::Red);
        }
        let _ = serde_json::from_str::<Game>(s);
        let _ = serde_json::from_str::<Geometry>(s);
        let _ = serde_json::from_str::<Army>(s);
        let _ = serde_json::from_str::<KindSet>(s);
    }
}

const POSITION_ALPHABET: &[char] = &[
    '#', '~', '.', '/', ' ', 'r', 'b', 'M', 'G', 'C', 'J', 'K', 'L', 'R', 'D', 'P', 'U', 'S', 'N',
    'Y', 'X', 'B', 'F', 'm', 'g', 's', 'n', 'y', 'x', 'f', '\n', 'é', '1', '-',
];
const MOVE_ALPHABET: &[char] = &[
    'a', 'b', 'e', 'l', 'm', 'z', 'A', 'L', '0', '1', '2', '9', '-', 'x', 'X', ' ', '+', 'ř',
];
#[cfg(feature = "serde")]
const JSON_ALPHABET: &[char] = &[
    '{', '}', '[', ']', '"', ':', ',', '0', '1', '9', '-', 'e', 'a', 'r', 'n', 'u', 'l', 't', ' ',
    '\\', 'M', 'F', '#', '~', 'R', 'B', '.',
];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn text_forms_round_trip_and_parsers_never_panic(
        case in cases(60),
        arbitrary in any::<String>(),
        square_like in "[a-mA-M]?[0-9]{0,3}",
        move_like in "[a-mA-M ]?[0-9]{0,2}[-xX ]?[a-m]?[0-9]{0,3}",
        diagram_like in prop::collection::vec("[#~.RB]{0,13}", 0..14),
        edits in prop::collection::vec((any::<u16>(), any::<u16>(), any::<u8>()), 0..6),
    ) {
        let rules = case.rules;
        let pos = case.walk(|_, _, _, _| Ok(()))?;

        // Squares, moves and move text.
        for sq in grid() {
            prop_assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        for mv in pos.legal_moves() {
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            let text = pos.move_text(mv).to_string();
            prop_assert_eq!(pos.parse_move(&text), Ok(mv), "move text {}", text);
        }
        // Setups.
        for (side, seed) in [(Side::Red, case.red_seed), (Side::Blue, case.blue_seed)] {
            let setup = Setup::random(&rules, side, seed);
            let text = setup.to_text(&rules).to_string();
            prop_assert_eq!(Setup::from_text(&rules, side, &text), Ok(setup), "setup text {}", text);
        }
        // Positions.
        let text = pos.to_text().to_string();
        let again = Position::from_text(&rules, &text)
            .map_err(|e| fail(format!("{text}: {e}")))?;
        prop_assert_eq!(again.to_text().to_string(), text.clone());
        prop_assert_eq!(again.hash(), pos.hash());
        prop_assert_eq!(again.to_move(), pos.to_move());
        for sq in grid() {
            prop_assert_eq!(again.piece_at(sq), pos.piece_at(sq));
        }
        // The board diagram.
        let diagram: Vec<String> = rules.board.to_string().lines().map(String::from).collect();
        prop_assert_eq!(Geometry::from_diagram(&diagram), Ok(rules.board));

        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&rules).map_err(|e| fail(e.to_string()))?;
            prop_assert_eq!(serde_json::from_str::<Ruleset>(&json).ok(), Some(rules));
            let setup = Setup::random(&rules, Side::Blue, case.blue_seed);
            let sj = serde_json::to_string(&setup).map_err(|e| fail(e.to_string()))?;
            prop_assert_eq!(serde_json::from_str::<Setup>(&sj).ok(), Some(setup));
            let pj = serde_json::to_string(&pos).map_err(|e| fail(e.to_string()))?;
            prop_assert_eq!(serde_json::from_str::<Position>(&pj).ok(), Some(pos));
            let mut game = Game::from_position(case.start()?);
            for &c in case.choices.iter().take(30) {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[c as usize % moves.len()];
                game.play(mv).map_err(|e| fail(e.to_string()))?;
            }
            let gj = serde_json::to_string(&game).map_err(|e| fail(e.to_string()))?;
            let game_back = serde_json::from_str::<Game>(&gj)
                .map_err(|e| fail(format!("game JSON refused: {e}")))?;
            prop_assert_eq!(&game_back, &game);
            for (valid, alphabet) in [
                (&json, JSON_ALPHABET),
                (&sj, JSON_ALPHABET),
                (&pj, JSON_ALPHABET),
                (&pj, POSITION_ALPHABET),
                (&gj, JSON_ALPHABET),
            ] {
                parse_everything(&rules, &pos, &mutate(valid, alphabet, &edits));
            }
        }

        // Parsers never panic: arbitrary strings, strings from the alphabets and
        // small edits of valid texts.
        for s in [&arbitrary, &square_like, &move_like] {
            parse_everything(&rules, &pos, s);
        }
        let _ = Geometry::from_diagram(&diagram_like);
        parse_everything(&rules, &pos, &diagram_like.join("/"));
        parse_everything(&rules, &pos, &mutate(&text, POSITION_ALPHABET, &edits));
        for side in Side::BOTH {
            let setup_text = Setup::random(&rules, side, case.red_seed).to_text(&rules).to_string();
            parse_everything(&rules, &pos, &mutate(&setup_text, POSITION_ALPHABET, &edits));
        }
        if let Some(mv) = pos.legal_moves().first() {
            parse_everything(&rules, &pos, &mutate(&pos.move_text(*mv).to_string(), MOVE_ALPHABET, &edits));
        }
        let rows: Vec<String> = diagram
            .iter()
            .map(|row| mutate(row, &['#', '~', '.', 'R', 'B', 'x', 'é'], &edits))
            .collect();
        let _ = Geometry::from_diagram(&rows);
    }
}

/// The custom-ruleset generator only makes valid rulesets, of every size and
/// with every option.
#[test]
fn custom_rulesets_are_valid_and_varied() {
    let mut sizes = std::collections::HashSet::new();
    let (mut diagonal, mut corner, mut loses, mut lakes, mut scouts) = (0, 0, 0, 0, 0);
    for seed in 0..2000u64 {
        let files = 3 + (seed % 10) as u8;
        let ranks = 3 + (seed / 10 % 10) as u8;
        let rules = custom_rules(files, ranks, 1 + (seed % 3) as u8, seed);
        assert_eq!(rules.validate(), Ok(()), "{rules:?}");
        sizes.insert((rules.board.files, rules.board.ranks));
        diagonal += usize::from(rules.diagonal_steps);
        corner += usize::from(rules.diagonal_steps && rules.corner_rule);
        loses += usize::from(rules.no_move == NoMoveRule::Loses);
        lakes += usize::from(!rules.board.lakes.is_empty());
        scouts += usize::from(rules.armies[0].count(PieceKind::Scout) > 0);
        let pos = Position::start(&rules, seed, seed + 1).unwrap();
        assert_eq!(pos.hash(), pos.hash_from_scratch());
    }
    assert_eq!(sizes.len(), 100);
    assert!(diagonal > 500 && corner > 200 && loses > 500 && lakes > 500 && scouts > 300);
}

// ---------------------------------------------------------------------------
// The random-move API (`legal_move_count`, `random_legal_move`, `play_random`,
// `has_legal_move`) against the reference move generator, with the two-square
// rule and the status followed independently of the engine
// ---------------------------------------------------------------------------

/// The line a move runs along, as the two-square rule sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum RefLine {
    Rank,
    File,
    Diagonal,
    AntiDiagonal,
}

fn ref_line(mv: Move) -> RefLine {
    let df = mv.to.file() as i8 - mv.from.file() as i8;
    let dr = mv.to.rank() as i8 - mv.from.rank() as i8;
    match (df.signum(), dr.signum()) {
        (_, 0) => RefLine::Rank,
        (0, _) => RefLine::File,
        (a, b) if a == b => RefLine::Diagonal,
        _ => RefLine::AntiDiagonal,
    }
}

/// The borders `mv` crosses along its line; border `k` lies between positions
/// `k` and `k + 1` (ranks for a move along a file, files otherwise).
fn ref_borders(mv: Move) -> std::ops::Range<u8> {
    let (a, b) = if ref_line(mv) == RefLine::File {
        (mv.from.rank(), mv.to.rank())
    } else {
        (mv.from.file(), mv.to.file())
    };
    a.min(b)..a.max(b)
}

/// One side's two-square chain, written from the documentation of
/// `marsal::two_square` (the border form): the side's consecutive moves by one
/// piece along one line, oldest first.
#[derive(Clone, Debug, Default)]
struct RefChain(Vec<Move>);

impl RefChain {
    /// Whether `mv` continues the chain: it starts where the chain's last move
    /// ended, along the same line.
    fn continued_by(&self, mv: Move) -> bool {
        self.0
            .last()
            .is_some_and(|last| last.to == mv.from && ref_line(*last) == ref_line(mv))
    }

    /// Whether the rule with limit `n` forbids `mv`: it continues the chain and
    /// crosses a border that each of the chain's last `n` moves crossed.
    fn forbids(&self, mv: Move, n: u8) -> bool {
        let n = usize::from(n);
        self.0.len() >= n
            && self.continued_by(mv)
            && ref_borders(mv).any(|b| {
                self.0[self.0.len() - n..]
                    .iter()
                    .all(|m| ref_borders(*m).contains(&b))
            })
    }

    fn record(&mut self, mv: Move) {
        if !self.continued_by(mv) {
            self.0.clear();
        }
        self.0.push(mv);
    }
}

/// What the reference follows beyond the board, move by move from the start:
/// both two-square chains, the side to move and the ply counters.
#[derive(Clone, Debug)]
struct Referee {
    chains: [RefChain; 2],
    to_move: Side,
    ply: u32,
    since_attack: u32,
}

impl Referee {
    /// The referee of a position where no move has been played yet.
    fn new(start: &Position) -> Referee {
        Referee {
            chains: Default::default(),
            to_move: start.to_move(),
            ply: start.ply(),
            since_attack: start.plies_since_attack(),
        }
    }

    /// Follows the move `out` reports.
    fn record(&mut self, out: &marsal::Outcome) {
        let (mover, other) = (out.side.index(), (!out.side).index());
        self.chains[mover].record(out.mv);
        if let Some(fight) = out.fight {
            // The death of the piece at a chain's end starts a new chain.
            if !fight.battle.attacker_survives() {
                self.chains[mover].0.clear();
            }
            if !fight.battle.defender_survives()
                && self.chains[other]
                    .0
                    .last()
                    .is_some_and(|m| m.to == out.mv.to)
            {
                self.chains[other].0.clear();
            }
        }
        self.to_move = !self.to_move;
        self.ply += 1;
        self.since_attack = if out.fight.is_some() {
            0
        } else {
            self.since_attack + 1
        };
    }

    /// `side`'s legal moves by the reference generator and the reference
    /// two-square rule, whoever is to move and whatever the status; sorted.
    fn moves(&self, pos: &Position, side: Side) -> Vec<Move> {
        let mut moves = reference_board_moves(pos, side);
        if let Some(n) = pos.rules().two_square {
            moves.retain(|m| !self.chains[side.index()].forbids(*m, n));
        }
        moves
    }

    /// The legal moves of the side to move (none once the game is over).
    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        if pos.status().is_over() {
            Vec::new()
        } else {
            self.moves(pos, self.to_move)
        }
    }

    /// Which boards moves of `side` the two-square rule forbids.
    fn forbidden(&self, pos: &Position, side: Side) -> Vec<Move> {
        match pos.rules().two_square {
            None => Vec::new(),
            Some(n) => reference_board_moves(pos, side)
                .into_iter()
                .filter(|m| self.chains[side.index()].forbids(*m, n))
                .collect(),
        }
    }

    /// The status `docs/rules.md` gives the position, in the engine's order of
    /// precedence: a captured Flag; no legal move (by the ruleset's no-move
    /// rule); the no-hope draw (by the reference reachability); the ply limit;
    /// the limit on plies without an attack. (A bare position ignores the rules
    /// that need a history: more-squares and repeated positions.)
    fn status(&self, pos: &Position) -> Status {
        let rules = pos.rules();
        let on_board = census(pos);
        for side in Side::BOTH {
            if on_board[side.index()][PieceKind::Flag.index()]
                < rules.army(side).count(PieceKind::Flag)
            {
                return Status::Won {
                    winner: !side,
                    reason: WinReason::FlagCaptured,
                };
            }
        }
        let to_move = self.to_move;
        let can_move = |side: Side| !self.moves(pos, side).is_empty();
        match rules.no_move {
            NoMoveRule::Draw => {
                if !can_move(to_move) {
                    return Status::Drawn {
                        reason: DrawReason::NoLegalMove(to_move),
                    };
                }
            }
            NoMoveRule::Loses => match (can_move(to_move), can_move(!to_move)) {
                (false, false) => {
                    return Status::Drawn {
                        reason: DrawReason::NeitherCanMove,
                    };
                }
                (false, true) => {
                    return Status::Won {
                        winner: !to_move,
                        reason: WinReason::OpponentCannotMove,
                    };
                }
                (true, false) => {
                    return Status::Won {
                        winner: to_move,
                        reason: WinReason::OpponentCannotMove,
                    };
                }
                (true, true) => {}
            },
        }
        if rules.no_hope_draw
            && !reference_can_reach_flag(pos, Side::Red)
            && !reference_can_reach_flag(pos, Side::Blue)
        {
            return Status::Drawn {
                reason: DrawReason::NoHope,
            };
        }
        if rules.max_plies.is_some_and(|m| self.ply >= m) {
            return Status::Drawn {
                reason: DrawReason::PlyLimit,
            };
        }
        if rules
            .max_plies_without_attack
            .is_some_and(|m| self.since_attack >= m)
        {
            return Status::Drawn {
                reason: DrawReason::NoAttackLimit,
            };
        }
        Status::Ongoing { to_move }
    }
}

/// Where a random game starts.
#[derive(Clone, Debug)]
enum Start {
    /// The game start of `rules` with random setups.
    Setup {
        rules: Box<Ruleset>,
        red_seed: u64,
        blue_seed: u64,
    },
    /// A random board of [`no_hope_board`] (walled Flags, Mines, lakes, holes),
    /// under this two-square limit.
    Board {
        files: u8,
        ranks: u8,
        seed: u64,
        two_square: Option<u8>,
    },
}

impl Start {
    fn position(&self) -> Result<Position, TestCaseError> {
        match self {
            Start::Setup {
                rules,
                red_seed,
                blue_seed,
            } => Position::start(rules, *red_seed, *blue_seed)
                .map_err(|e| fail(format!("a valid ruleset must give a start position: {e}"))),
            Start::Board {
                files,
                ranks,
                seed,
                two_square,
            } => {
                let (mut rules, text) = no_hope_board(*files, *ranks, *seed);
                rules.two_square = *two_square;
                Position::from_text(&rules, &text).map_err(|e| fail(format!("{text}: {e}")))
            }
        }
    }
}

/// A cramped custom ruleset: a `files` x `ranks` board whose first and last
/// ranks are the setup zones and whose ranks between are mostly lakes and
/// holes, so they form narrow lanes with dead ends; each army is a Flag, one
/// or two movable pieces and a few Bombs. Pieces often have one way out, so
/// the two-square rule often decides whether a side can move at all.
fn cramped_rules(files: u8, ranks: u8, seed: u64) -> Ruleset {
    let mut rng = Rng::new(seed);
    let blocked = 30 + rng.below(30);
    let rows: Vec<String> = (0..ranks)
        .rev()
        .map(|rank| {
            (0..files)
                .map(|_| {
                    let roll = rng.below(100);
                    if rank == 0 {
                        'R'
                    } else if rank == ranks - 1 {
                        'B'
                    } else if roll < blocked {
                        if roll % 4 == 0 { '#' } else { '~' }
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let board = Geometry::from_diagram(&rows).expect("generated diagram");
    let mut armies = [Army::EMPTY; 2];
    for army in &mut armies {
        let mut a = Army::EMPTY.with(PieceKind::Flag, 1);
        for _ in 0..1 + rng.below(2) {
            let kind = if chance(&mut rng, 30) {
                PieceKind::Scout
            } else {
                MOVABLE[rng.below(MOVABLE.len() as u32) as usize]
            };
            a = a.with(kind, a.count(kind) + 1);
        }
        let room = usize::from(files) - a.total();
        a = a.with(PieceKind::Bomb, rng.below(room as u32 + 1) as u8);
        *army = a;
    }
    let mut strengths = Strengths::EMPTY;
    for kind in MOVABLE {
        strengths.set(kind, 1 + rng.below(10) as u8);
    }
    Ruleset {
        board,
        armies,
        strengths,
        diagonal_steps: chance(&mut rng, 50),
        no_move: if chance(&mut rng, 50) {
            NoMoveRule::Draw
        } else {
            NoMoveRule::Loses
        },
        no_hope_draw: chance(&mut rng, 50),
        max_plies: Some(80),
        two_square: Some(1 + rng.below(3) as u8),
        more_squares: chance(&mut rng, 50),
        corner_rule: chance(&mut rng, 50),
        ..Ruleset::classic()
    }
}

/// A two-square limit for a random game: often 1..=8 (so that the rule bites
/// in games this short), sometimes off, sometimes the ruleset's own.
fn two_square_limits() -> impl Strategy<Value = Option<Option<u8>>> {
    prop_oneof![
        2 => Just(None),
        1 => Just(Some(None)),
        2 => (1u8..=2).prop_map(|n| Some(Some(n))),
        2 => (3u8..=8).prop_map(|n| Some(Some(n))),
    ]
}

fn starts() -> impl Strategy<Value = Start> {
    prop_oneof![
        3 => (any_rules(), any::<u64>(), any::<u64>(), two_square_limits()).prop_map(
            |(mut rules, red_seed, blue_seed, limit)| {
                if let Some(limit) = limit {
                    rules.two_square = limit;
                }
                Start::Setup {
                    rules: Box::new(rules),
                    red_seed,
                    blue_seed,
                }
            }
        ),
        2 => (3u8..=6, 3u8..=7, any::<u64>(), (any::<u64>(), any::<u64>()), two_square_limits())
            .prop_map(|(files, ranks, seed, (red_seed, blue_seed), limit)| {
                let mut rules = cramped_rules(files, ranks, seed);
                if let Some(limit) = limit {
                    rules.two_square = limit;
                }
                Start::Setup {
                    rules: Box::new(rules),
                    red_seed,
                    blue_seed,
                }
            }),
        2 => (3u8..=8, 3u8..=8, any::<u64>(), two_square_limits()).prop_map(
            |(files, ranks, seed, limit)| Start::Board {
                files,
                ranks,
                seed,
                two_square: limit.unwrap_or(Some(3)),
            }
        ),
    ]
}

/// A random game played mostly with [`Position::play_random`]: where it starts,
/// one number per ply, and the seed of the generator `play_random` draws with.
/// Two plies in five instead continue the mover's two-square chain when they can
/// (a move of the piece that moved last, along the same line), so that chains
/// grow long enough for the rule to forbid moves.
#[derive(Clone, Debug)]
struct RandomGame {
    start: Start,
    choices: Vec<u32>,
    seed: u64,
}

fn random_games(max_plies: usize) -> impl Strategy<Value = RandomGame> {
    (
        starts(),
        prop::collection::vec(any::<u32>(), 0..=max_plies),
        any::<u64>(),
    )
        .prop_map(|(start, choices, seed)| RandomGame {
            start,
            choices,
            seed,
        })
}

/// One ply of a [`RandomGame`].
struct Ply<'a> {
    before: &'a Position,
    /// What the reference knew before the ply.
    referee_before: &'a Referee,
    /// Whether `play_random` played it (else `play`, continuing a chain).
    by_play_random: bool,
    out: marsal::Outcome,
    after: &'a Position,
    /// What the reference knows after the ply.
    referee: &'a Referee,
}

impl RandomGame {
    /// Plays the game (until its choices run out or it ends) and calls `f`
    /// after every ply; returns the last position and its referee.
    fn walk(
        &self,
        mut f: impl FnMut(&Ply) -> Result<(), TestCaseError>,
    ) -> Result<(Position, Referee), TestCaseError> {
        let mut pos = self.start.position()?;
        let mut referee = Referee::new(&pos);
        let mut rng = Rng::new(self.seed);
        for &choice in &self.choices {
            if pos.status().is_over() {
                break;
            }
            let before = pos;
            let referee_before = referee.clone();
            let chain_move = if choice % 5 < 2 {
                let chain = &referee.chains[pos.to_move().index()];
                let continuing: Vec<Move> = referee
                    .legal_moves(&pos)
                    .into_iter()
                    .filter(|m| chain.continued_by(*m))
                    .collect();
                (!continuing.is_empty())
                    .then(|| continuing[(choice / 5) as usize % continuing.len()])
            } else {
                None
            };
            let (out, by_play_random) = match chain_move {
                Some(mv) => {
                    let out = pos.play(mv).map_err(|e| {
                        fail(format!("reference-legal {mv} refused: {e}\n{before}"))
                    })?;
                    (out, false)
                }
                None => {
                    let out = pos.play_random(&mut rng).ok_or_else(|| {
                        fail(format!(
                            "play_random played nothing in an ongoing game\n{before}"
                        ))
                    })?;
                    (out, true)
                }
            };
            referee.record(&out);
            f(&Ply {
                before: &before,
                referee_before: &referee_before,
                by_play_random,
                out,
                after: &pos,
                referee: &referee,
            })?;
        }
        Ok((pos, referee))
    }

    /// Calls `f` with the start, the position before every ply and the last
    /// position, each with its referee.
    fn each_position(
        &self,
        mut f: impl FnMut(&Position, &Referee) -> Result<(), TestCaseError>,
    ) -> Result<(), TestCaseError> {
        let (last, referee) = self.walk(|ply| f(ply.before, ply.referee_before))?;
        f(&last, &referee)
    }
}

/// A generator for extra draws in `pos`, different at every ply.
fn probe_rng(seed: u64, pos: &Position, k: u64) -> Rng {
    Rng::new(
        seed ^ (u64::from(pos.ply()) << 32) ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ pos.hash(),
    )
}

proptest! {
    #![proptest_config(config())]

    /// `legal_move_count` counts exactly the moves `legal_moves` lists, which
    /// are the reference generator's moves less those the reference two-square
    /// rule forbids; `for_each_legal_move` visits the same moves.
    #[test]
    fn legal_move_count_is_the_number_of_legal_moves(game in random_games(200)) {
        game.each_position(|pos, referee| {
            let moves = pos.legal_moves();
            prop_assert_eq!(pos.legal_move_count(), moves.len(), "in\n{}", pos);
            let mut listed: Vec<Move> = moves.iter().copied().collect();
            listed.sort();
            let mut visited = Vec::new();
            pos.for_each_legal_move(|m| visited.push(m));
            prop_assert_eq!(visited.len(), moves.len());
            visited.sort();
            prop_assert_eq!(&visited, &listed, "for_each_legal_move in\n{}", pos);
            let expected = referee.legal_moves(pos);
            prop_assert_eq!(
                &listed, &expected,
                "legal moves (two-square limit {:?}, chain {:?}) in\n{}",
                pos.rules().two_square, referee.chains[pos.to_move().index()], pos
            );
            Ok(())
        })?;
    }

    /// `perft` (children made and unmade in place, the last ply counted in
    /// bulk, the Scouts' long moves reused between siblings) counts what the
    /// reference counts: the reference's legal moves, and below each the
    /// reference's legal moves of the child unless the reference status says
    /// that game is over. Looked at every 15th ply.
    #[test]
    fn perft_counts_what_the_reference_counts(game in random_games(90)) {
        let mut k = 0;
        game.each_position(|pos, referee| {
            k += 1;
            if k % 15 != 1 {
                return Ok(());
            }
            let moves = referee.legal_moves(pos);
            let mut two = 0;
            for &mv in &moves {
                let mut child = *pos;
                let out = child
                    .play(mv)
                    .map_err(|e| fail(format!("reference-legal {mv} refused: {e}\n{pos}")))?;
                let mut below = referee.clone();
                below.record(&out);
                if !below.status(&child).is_over() {
                    two += below.legal_moves(&child).len() as u64;
                }
            }
            prop_assert_eq!(pos.perft(1), moves.len() as u64, "perft(1) in\n{}", pos);
            prop_assert_eq!(pos.perft(2), two, "perft(2) in\n{}", pos);
            Ok(())
        })?;
    }

    /// `random_legal_move` returns a legal move exactly while the game goes on,
    /// and depends only on the generator's state.
    #[test]
    fn random_legal_move_is_always_legal(game in random_games(200)) {
        game.each_position(|pos, referee| {
            let expected = referee.legal_moves(pos);
            for k in 0..4 {
                let mut rng = probe_rng(game.seed, pos, k);
                let mut again = rng;
                let drawn = pos.random_legal_move(&mut rng);
                prop_assert_eq!(pos.random_legal_move(&mut again), drawn, "same state, another move");
                prop_assert_eq!(again, rng, "same state, another number of draws");
                match drawn {
                    None => {
                        prop_assert!(pos.status().is_over(), "no move drawn in an ongoing game\n{}", pos);
                        prop_assert_eq!(pos.legal_move_count(), 0);
                    }
                    Some(mv) => {
                        prop_assert!(!pos.status().is_over(), "{} drawn after the end\n{}", mv, pos);
                        prop_assert!(expected.binary_search(&mv).is_ok(), "{} is not legal in\n{}", mv, pos);
                        prop_assert!(pos.legal_moves().contains(&mv));
                        prop_assert_eq!(pos.check_move(mv), Ok(()));
                    }
                }
            }
            Ok(())
        })?;
    }

    /// `play_random` plays exactly the move it reports: a copy given that move
    /// with `play` reaches the same position (board, knowledge, chains, chase,
    /// counters, status, hash) and the same outcome. Once the game is over it
    /// plays nothing and changes nothing.
    #[test]
    fn play_random_plays_the_move_it_reports(game in random_games(200)) {
        let check = |pos: &Position, k: u64| -> Result<(), TestCaseError> {
            let mut random = *pos;
            let mut rng = probe_rng(game.seed, pos, k);
            match random.play_random(&mut rng) {
                None => {
                    prop_assert!(pos.status().is_over(), "play_random played nothing in\n{}", pos);
                    prop_assert_eq!(&random, pos, "play_random changed a finished game");
                }
                Some(out) => {
                    prop_assert!(!pos.status().is_over(), "play_random played after the end");
                    prop_assert_eq!(out.side, pos.to_move());
                    let mut played = *pos;
                    prop_assert_eq!(played.play(out.mv), Ok(out), "outcome of {} in\n{}", out.mv, pos);
                    prop_assert_eq!(&random, &played, "play_random({}) vs play({}) from\n{}", out.mv, out.mv, pos);
                    prop_assert_eq!(random.hash(), played.hash());
                    prop_assert_eq!(random.last_outcome(), Some(out));
                }
            }
            Ok(())
        };
        let (last, _) = game.walk(|ply| {
            if ply.by_play_random {
                let mut played = *ply.before;
                prop_assert_eq!(played.play(ply.out.mv), Ok(ply.out), "outcome of {}", ply.out.mv);
                prop_assert_eq!(&played, ply.after, "play_random({}) vs play from\n{}", ply.out.mv, ply.before);
            }
            check(ply.before, 7)?;
            check(ply.after, 8)
        })?;
        check(&last, 9)?;
    }

    /// `has_legal_move(side)`, for the side to move and for the other side,
    /// is whether the reference generator finds a move for that side that the
    /// reference two-square rule (followed with that side's own chain) allows.
    #[test]
    fn has_legal_move_sees_both_sides_and_the_two_square_rule(game in random_games(200)) {
        game.each_position(|pos, referee| {
            for side in Side::BOTH {
                let expected = !referee.moves(pos, side).is_empty();
                prop_assert_eq!(
                    pos.has_legal_move(side), expected,
                    "has_legal_move({}) with {} to move (two-square limit {:?}, chain {:?}, forbidden {:?}) in\n{}",
                    side, pos.to_move(), pos.rules().two_square, referee.chains[side.index()],
                    referee.forbidden(pos, side), pos
                );
            }
            Ok(())
        })?;
    }

    /// After every ply (by `play_random` or by `play`) the status is the one the
    /// reference gives (captured Flag, no-move rule with the reference two-square
    /// rule for both sides, reference no-hope reachability, ply limits), and the
    /// counters and the side to move are the ones the reference counted.
    #[test]
    fn status_after_play_random_follows_the_rules(game in random_games(200)) {
        let start = game.start.position()?;
        prop_assert_eq!(start.status(), Referee::new(&start).status(&start), "at the start\n{}", start);
        game.walk(|ply| {
            let pos = ply.after;
            prop_assert_eq!(pos.to_move(), ply.referee.to_move);
            prop_assert_eq!(pos.ply(), ply.referee.ply);
            prop_assert_eq!(pos.plies_since_attack(), ply.referee.since_attack);
            prop_assert_eq!(
                pos.status(), ply.referee.status(pos),
                "after {} ({}) from\n{}\nto\n{}",
                ply.out.mv, if ply.by_play_random { "play_random" } else { "play" }, ply.before, pos
            );
            check_status(pos)
        })?;
    }

    /// The incremental hash equals the hash computed from scratch after every
    /// ply of a game played with `play_random`.
    #[test]
    fn hash_after_play_random_equals_scratch(game in random_games(200)) {
        let start = game.start.position()?;
        prop_assert_eq!(start.hash(), start.hash_from_scratch());
        game.walk(|ply| {
            prop_assert_eq!(ply.after.hash(), ply.after.hash_from_scratch(), "after {}", ply.out.mv);
            let mut copy = *ply.after;
            let mut rng = probe_rng(game.seed, ply.after, 3);
            for _ in 0..3 {
                if copy.play_random(&mut rng).is_none() {
                    break;
                }
                prop_assert_eq!(copy.hash(), copy.hash_from_scratch());
            }
            Ok(())
        })?;
    }

    /// `Game::play_random` plays only moves `Game::is_legal` accepts (the
    /// more-squares and repeated-position rules included), records them like
    /// `Game::play`, and plays every game to its end.
    #[test]
    fn game_play_random_plays_only_legal_moves_and_ends(
        start in starts(),
        seed in any::<u64>(),
    ) {
        let position = start.position()?;
        let limit = position.rules().max_plies.ok_or_else(|| fail("a ply limit is set"))?;
        let mut game = Game::from_position(position);
        let mut shadow = game.clone();
        let mut rng = Rng::new(seed);
        loop {
            let legal = shadow.legal_moves();
            let Some(out) = game.play_random(&mut rng) else {
                prop_assert!(shadow.status().is_over(), "nothing played in an ongoing game\n{}", shadow.position());
                prop_assert!(legal.is_empty());
                prop_assert_eq!(&game, &shadow, "a finished game changed");
                break;
            };
            prop_assert!(!shadow.status().is_over(), "{} played after the end", out.mv);
            prop_assert!(shadow.is_legal(out.mv), "{} is not legal: {:?}", out.mv, shadow.check_move(out.mv));
            prop_assert!(legal.contains(&out.mv));
            prop_assert_eq!(shadow.play(out.mv), Ok(out));
            prop_assert_eq!(game.position(), shadow.position());
            prop_assert!(game.position().ply() <= limit, "the game goes on past its ply limit");
        }
        prop_assert_eq!(&game, &shadow);
        prop_assert!(game.status().is_over());
        prop_assert_eq!(game.moves().count() as u32, game.position().ply());
    }
}

/// The random games above make the two-square rule bite: it forbids moves of
/// the side to move and of the other side in many positions, and in some it
/// alone leaves the side not to move without a legal move (the case a fast
/// `has_legal_move` that forgets that side's chain gets wrong).
#[test]
fn random_games_make_two_square_chains_live() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = random_games(200);
    let (mut positions, mut to_move, mut other, mut decides, mut limits) = (0, 0, 0, 0, 0);
    for _ in 0..1000 {
        let game = strategy.new_tree(&mut runner).unwrap().current();
        game.each_position(|pos, referee| {
            positions += 1;
            if pos.rules().two_square.is_none() {
                return Ok(());
            }
            limits += 1;
            let side = pos.to_move();
            to_move += usize::from(!referee.forbidden(pos, side).is_empty());
            other += usize::from(!referee.forbidden(pos, !side).is_empty());
            // (The side not to move: its chain is the one a fast generator may
            // forget.)
            decides += usize::from(
                referee.moves(pos, !side).is_empty()
                    && !reference_board_moves(pos, !side).is_empty(),
            );
            Ok(())
        })
        .unwrap();
    }
    eprintln!(
        "{positions} positions, {limits} under the two-square rule: it forbids moves of the \
         side to move in {to_move}, of the other side in {other}, and alone leaves a side \
         without a move in {decides}"
    );
    assert!(to_move * 20 > limits, "{to_move} of {limits}");
    assert!(other * 20 > limits, "{other} of {limits}");
    assert!(decides >= 10, "{decides}");
}
