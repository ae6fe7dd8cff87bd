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

mod common;
use common::{mv, position, sq};

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

// ---------------------------------------------------------------------------
// Board
// ---------------------------------------------------------------------------

#[test]
fn czech_files_a_and_l_exist_only_on_ranks_4_to_9() {
    let g = rules().board;
    for rank in 0..12u8 {
        for file in [0u8, 11] {
            let s = Square::new(file, rank).unwrap();
            assert_eq!(g.is_playable(s), (3..=8).contains(&rank), "{s}");
            assert!(!g.is_lake(s), "{s}");
        }
        for file in 1..11u8 {
            let s = Square::new(file, rank).unwrap();
            assert!(g.is_playable(s) || g.is_lake(s), "{s} must exist");
        }
    }

    // The position text must write the missing squares as '#' ...
    let mut rows = EMPTY_ROWS.map(String::from);
    rows[0] = "#.........f#".into();
    rows[11] = "..........F#".into(); // '.' on a1
    let err = Position::from_text(&rules(), &format!("{} r", rows.join("/"))).unwrap_err();
    assert_eq!(
        err,
        PositionError::Text(PositionTextError::Terrain {
            square: sq("a1"),
            expected: '#'
        })
    );
    // ... and no piece can stand there.
    rows[11] = "U.........F#".into();
    let err = Position::from_text(&rules(), &format!("{} r", rows.join("/"))).unwrap_err();
    assert_eq!(err, PositionError::NotPlayable(sq("a1")));

    // No move leads there.
    let pos = czech(
        &[
            ("k1", 'F'),
            ("b3", 'U'),
            ("a5", 'S'),
            ("k12", 'f'),
            ("l9", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.check_move(mv("b3-a3")),
        Err(MoveError::OffBoard(sq("a3")))
    );
    assert_eq!(
        pos.check_move(mv("b3-a2")),
        Err(MoveError::OffBoard(sq("a2")))
    );
    assert_eq!(pos.check_move(mv("b3-a4")), Ok(()));
    assert_eq!(
        pos.check_move(mv("a5-a10")),
        Err(MoveError::OffBoard(sq("a10")))
    );
    assert_eq!(pos.check_move(mv("a5-a9")), Ok(()));
    assert_eq!(pos.check_move(mv("a5-a4")), Ok(()));
    assert!(
        pos.legal_moves()
            .iter()
            .all(|m| rules().board.is_playable(m.to))
    );
}

#[test]
fn czech_lakes_are_the_twelve_listed_squares() {
    let g = rules().board;
    let listed = [
        "d5", "d6", "d7", "d8", "e5", "e8", "h5", "h8", "i5", "i6", "i7", "i8",
    ];
    assert_eq!(g.lakes.len(), 12);
    for name in listed {
        assert!(g.is_lake(sq(name)), "{name} is a lake");
        assert!(!g.is_playable(sq(name)), "{name} is not playable");
    }
    // The inside of the brackets and their neighbours are ordinary squares.
    for name in ["e6", "e7", "h6", "h7", "f5", "g8", "c5", "j8", "d4", "d9"] {
        assert!(!g.is_lake(sq(name)), "{name} is no lake");
        assert!(g.is_playable(sq(name)), "{name} is playable");
    }
    let pos = czech(&[("b1", 'F'), ("k12", 'f')], Side::Red);
    let view = pos.view(Side::Red);
    let lakes: Vec<Square> = view
        .squares()
        .filter(|(_, v)| *v == SquareView::Lake)
        .map(|(s, _)| s)
        .collect();
    assert_eq!(lakes, {
        let mut v: Vec<Square> = listed.iter().map(|n| sq(n)).collect();
        v.sort_by_key(|s| s.grid_index());
        v
    });
}

#[test]
fn czech_board_has_120_playable_squares_and_40_square_zones() {
    let g = rules().board;
    assert_eq!(g.playable.len(), 120);
    let (red, blue) = (g.zone(Side::Red), g.zone(Side::Blue));
    assert_eq!((red.len(), blue.len()), (40, 40));
    for file in 0..12u8 {
        for rank in 0..12u8 {
            let s = Square::new(file, rank).unwrap();
            let inner = (1..=10).contains(&file);
            assert_eq!(red.contains(s), inner && rank <= 3, "{s} in Red's zone");
            assert_eq!(blue.contains(s), inner && rank >= 8, "{s} in Blue's zone");
        }
    }
    for neutral in ["a4", "l4", "a9", "l9", "a5", "f6", "l8", "g7"] {
        assert!(g.is_playable(sq(neutral)));
        assert!(!red.contains(sq(neutral)) && !blue.contains(sq(neutral)));
    }
    let pos = czech(&[("b1", 'F'), ("k12", 'f')], Side::Red);
    let playable = pos
        .view(Side::Blue)
        .squares()
        .filter(|(_, v)| *v != SquareView::Lake)
        .count();
    assert_eq!(playable, 120);
}

#[test]
fn czech_board_is_symmetric_under_half_turn() {
    let g = rules().board;
    for s in Square::all() {
        // (file i, rank r) <-> (11 - i, 13 - r) with 1-based ranks.
        let t = Square::new(11 - s.file(), 11 - s.rank()).unwrap();
        assert_eq!(g.is_playable(s), g.is_playable(t), "{s} / {t}");
        assert_eq!(g.is_lake(s), g.is_lake(t), "{s} / {t}");
        assert_eq!(
            g.zone(Side::Red).contains(s),
            g.zone(Side::Blue).contains(t),
            "{s} / {t}"
        );
        assert_eq!(g.rotate(s), Some(t));
    }
}

// ---------------------------------------------------------------------------
// Armies and strengths
// ---------------------------------------------------------------------------

#[test]
fn czech_army_counts() {
    let r = rules();
    let expected = [
        (K::Marshal, 1),
        (K::General, 1),
        (K::Captain, 2),
        (K::Cadet, 3),
        (K::Corporal, 4),
        (K::Gunner, 5),
        (K::Scout, 8),
        (K::Miner, 6),
        (K::Spy, 1),
        (K::Mine, 8),
        (K::Flag, 1),
    ];
    let pos = Position::start(&r, 1, 2).unwrap();
    for side in Side::BOTH {
        let army = r.army(side);
        assert_eq!(army.total(), 40);
        for kind in K::ALL {
            let n = expected
                .iter()
                .find(|(k, _)| *k == kind)
                .map_or(0, |(_, n)| *n);
            assert_eq!(army.count(kind), n, "{side} {kind}");
            assert_eq!(pos.count(side, kind), n, "{side} {kind} on the board");
        }
        assert_eq!(pos.pieces(side).count(), 40);
        assert!(
            pos.pieces(side)
                .all(|(s, _)| r.board.zone(side).contains(s))
        );
    }
}

#[test]
fn czech_strength_order_strongest_first() {
    let r = rules();
    for (i, &a) in ORDER.iter().enumerate() {
        for (j, &d) in ORDER.iter().enumerate() {
            let expected = if a == K::Spy && d == K::Marshal {
                Battle::AttackerWins
            } else if a == K::Marshal && d == K::Spy {
                Battle::DefenderWins
            } else if i < j {
                Battle::AttackerWins
            } else if i > j {
                Battle::DefenderWins
            } else {
                Battle::BothRemoved
            };
            assert_eq!(combat(&r, a, d), Some(expected), "{a} attacks {d}");
        }
    }
}

#[test]
fn czech_scout_ranks_above_miner_by_default() {
    let r = rules();
    assert_eq!(combat(&r, K::Scout, K::Miner), Some(Battle::AttackerWins));
    assert_eq!(combat(&r, K::Miner, K::Scout), Some(Battle::DefenderWins));

    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'S'),
            ("f4", 'n'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    play(&mut pos, "f3xf4");
    assert_eq!(piece(&pos, "f4"), Some((Side::Red, K::Scout)));

    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'N'),
            ("f4", 's'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    play(&mut pos, "f3xf4");
    assert_eq!(piece(&pos, "f4"), Some((Side::Blue, K::Scout)));
    assert_eq!(piece(&pos, "f3"), None);
}

#[test]
fn czech_rank_order_option_puts_miner_above_scout() {
    let mut r = rules();
    r.strengths = r.strengths.swapped(K::Scout, K::Miner);
    assert_eq!(r.validate(), Ok(()));
    assert_eq!(combat(&r, K::Miner, K::Scout), Some(Battle::AttackerWins));
    assert_eq!(combat(&r, K::Scout, K::Miner), Some(Battle::DefenderWins));
    // The rest of the order is unchanged.
    for k in [K::Scout, K::Miner] {
        assert_eq!(combat(&r, K::Gunner, k), Some(Battle::AttackerWins));
        assert_eq!(combat(&r, k, K::Spy), Some(Battle::AttackerWins));
    }

    let mut pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("f3", 'N'),
            ("f4", 's'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    play(&mut pos, "f3xf4");
    assert_eq!(piece(&pos, "f4"), Some((Side::Red, K::Miner)));
}

// ---------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------

#[test]
fn czech_setup_places_all_40_pieces_in_own_zone() {
    let r = rules();
    let red = ordered_setup(&r, Side::Red);
    let blue = ordered_setup(&r, Side::Blue);
    let pos = Position::new(&r, &red, &blue).unwrap();
    for side in Side::BOTH {
        assert_eq!(pos.pieces(side).count(), 40);
        assert!(
            pos.pieces(side)
                .all(|(s, _)| r.board.zone(side).contains(s))
        );
        // Hidden from the opponent.
        let view = pos.view(!side);
        assert!(
            pos.pieces(side)
                .all(|(s, _)| enemy(&view, &s.to_string()).len() > 1)
        );
    }
    for seed in 0..5 {
        assert_eq!(Setup::random(&r, Side::Red, seed).validate(&r), Ok(()));
        assert_eq!(Setup::random(&r, Side::Blue, seed).validate(&r), Ok(()));
    }
}

#[test]
fn czech_setup_rejects_wrong_count() {
    let r = rules();
    let mut red = ordered_setup(&r, Side::Red);
    let (spy, _) = red.pieces().find(|(_, k)| *k == K::Spy).unwrap();
    red.remove(spy);
    red.place(spy, K::Scout).unwrap();
    let err = red.validate(&r).unwrap_err();
    // Both wrong counts are named.
    assert!(matches!(err, SetupError::WrongCounts { .. }), "{err:?}");
    let text = err.to_string();
    assert!(
        text.contains("Scout: the army has 8, the setup 9")
            && text.contains("Spy: the army has 1, the setup 0"),
        "{text}"
    );
    let blue = ordered_setup(&r, Side::Blue);
    assert_eq!(
        Position::new(&r, &red, &blue),
        Err(PositionError::Setup {
            side: Side::Red,
            error: err
        })
    );

    // A kind the Czech army does not have at all.
    let mut blue = ordered_setup(&r, Side::Blue);
    let (spy, _) = blue.pieces().find(|(_, k)| *k == K::Spy).unwrap();
    blue.remove(spy);
    blue.place(spy, K::Colonel).unwrap();
    assert!(matches!(
        blue.validate(&r),
        Err(SetupError::WrongCounts { found, .. })
            if found.count(K::Colonel) == 1 && found.count(K::Spy) == 0
    ));
}

#[test]
fn czech_setup_rejects_piece_outside_zone() {
    let r = rules();
    let blue = ordered_setup(&r, Side::Blue);
    for target in ["e6", "a4", "b9", "d5"] {
        let mut red = ordered_setup(&r, Side::Red);
        let kind = red.remove(sq("b4")).unwrap();
        red.place(sq(target), kind).unwrap();
        let err = red.validate(&r).unwrap_err();
        assert_eq!(
            err,
            SetupError::OutsideZone {
                square: sq(target),
                kind
            },
            "{target}"
        );
        assert_eq!(
            Position::new(&r, &red, &blue),
            Err(PositionError::Setup {
                side: Side::Red,
                error: err
            })
        );
    }
    // Blue may not use Red's zone either.
    let mut blue = ordered_setup(&r, Side::Blue);
    let kind = blue.remove(sq("k9")).unwrap();
    blue.place(sq("k4"), kind).unwrap();
    assert_eq!(
        blue.validate(&r),
        Err(SetupError::OutsideZone {
            square: sq("k4"),
            kind
        })
    );
}

#[test]
fn czech_setup_rejects_doubly_used_square() {
    let r = rules();
    let mut red = ordered_setup(&r, Side::Red);
    let before = red.get(sq("e2"));
    assert!(before.is_some());
    assert_eq!(
        red.place(sq("e2"), K::Spy),
        Err(SetupError::DoublyUsed(sq("e2")))
    );
    assert_eq!(
        red.get(sq("e2")),
        before,
        "a refused placement changes nothing"
    );
    assert_eq!(
        Setup::from_pieces(Side::Red, [(sq("c2"), K::Flag), (sq("c2"), K::Mine)]),
        Err(SetupError::DoublyUsed(sq("c2")))
    );
}

#[test]
fn czech_setup_rejects_empty_square() {
    let r = rules();
    let mut red = ordered_setup(&r, Side::Red);
    red.remove(sq("e2")).unwrap();
    assert_eq!(red.validate(&r), Err(SetupError::EmptySquare(sq("e2"))));
    let blue = ordered_setup(&r, Side::Blue);
    assert_eq!(
        Position::new(&r, &blue.clone(), &blue).unwrap_err(),
        PositionError::Setup {
            side: Side::Red,
            error: SetupError::WrongSide {
                expected: Side::Red,
                found: Side::Blue
            }
        }
    );
    assert_eq!(
        Position::new(&r, &red, &blue),
        Err(PositionError::Setup {
            side: Side::Red,
            error: SetupError::EmptySquare(sq("e2"))
        })
    );
}

#[test]
fn czech_first_mover_is_a_parameter() {
    let r = rules();
    assert_eq!(r.first_to_move, Side::Red);
    let red = ordered_setup(&r, Side::Red);
    let blue = ordered_setup(&r, Side::Blue);
    let pos = Position::new(&r, &red, &blue).unwrap();
    assert_eq!(pos.status(), ongoing(Side::Red));

    let mut r = rules();
    r.first_to_move = Side::Blue;
    let mut pos = Position::new(&r, &red, &blue).unwrap();
    assert_eq!(pos.to_move(), Side::Blue);
    assert_eq!(pos.status(), ongoing(Side::Blue));
    let moves = pos.legal_moves();
    assert!(!moves.is_empty());
    assert!(
        moves
            .iter()
            .all(|m| pos.piece_at(m.from).unwrap().side == Side::Blue)
    );
    // Red's front row is rank 4: a Red move is refused.
    let red_piece = pos
        .pieces(Side::Red)
        .find(|(s, k)| s.rank() == 3 && k.is_movable())
        .unwrap()
        .0;
    let up = Square::new(red_piece.file(), 4).unwrap();
    assert_eq!(
        pos.check_move(Move::new(red_piece, up)),
        Err(MoveError::NotYourPiece(red_piece))
    );
    let first = moves[0];
    pos.play(first).unwrap();
    assert_eq!(pos.status(), ongoing(Side::Red));
}

// ---------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------

#[test]
fn czech_players_alternate() {
    let mut pos = czech(
        &[("b1", 'F'), ("c1", 'P'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    assert_eq!(
        pos.check_move(mv("j12-j11")),
        Err(MoveError::NotYourPiece(sq("j12")))
    );
    play(&mut pos, "c1-c2");
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert_eq!(
        pos.check_move(mv("c2-c3")),
        Err(MoveError::NotYourPiece(sq("c2")))
    );
    play(&mut pos, "j12-j11");
    assert_eq!(pos.status(), ongoing(Side::Red));
    assert_eq!(pos.ply(), 2);
}

#[test]
fn czech_passing_is_not_allowed() {
    let mut pos = czech(
        &[("b1", 'F'), ("c1", 'P'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    let before = pos;
    assert_eq!(pos.check_move(mv("c1-c1")), Err(MoveError::SameSquare));
    assert_eq!(pos.play(mv("c1-c1")), Err(MoveError::SameSquare));
    assert_eq!(pos, before);
    assert!(pos.legal_moves().iter().all(|m| m.from != m.to));
    let start = Position::start(&rules(), 3, 4).unwrap();
    assert!(start.legal_moves().iter().all(|m| m.from != m.to));
}

#[test]
fn czech_mine_and_flag_never_move() {
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'X'),
            ("g3", 'U'),
            ("f4", 's'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    for (text, from, kind) in [
        ("f3-f2", "f3", K::Mine),
        ("f3-e4", "f3", K::Mine),
        ("f3xf4", "f3", K::Mine),
        ("b1-b2", "b1", K::Flag),
        ("b1-c2", "b1", K::Flag),
    ] {
        assert_eq!(
            pos.check_move(mv(text)),
            Err(MoveError::Immovable {
                square: sq(from),
                kind
            }),
            "{text}"
        );
    }
    assert!(targets(&pos, "f3").is_empty());
    assert!(targets(&pos, "b1").is_empty());
    assert_eq!(combat(&rules(), K::Mine, K::Spy), None);
    assert_eq!(combat(&rules(), K::Flag, K::Spy), None);
    play(&mut pos, "g3-g2");
    assert_eq!(pos.check_move(mv("k12-k11")).unwrap_err(), {
        MoveError::Immovable {
            square: sq("k12"),
            kind: K::Flag,
        }
    });
}

#[test]
fn czech_diagonal_step_onto_empty_square_is_legal() {
    let mut pos = czech(
        &[("b1", 'F'), ("f3", 'U'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    assert_eq!(
        targets(&pos, "f3"),
        squares(&["e2", "f2", "g2", "e3", "g3", "e4", "f4", "g4"])
    );
    for to in ["e2", "g2", "e4", "g4"] {
        assert_eq!(pos.check_move(mv(&format!("f3-{to}"))), Ok(()));
    }
    let out = play(&mut pos, "f3-g4");
    assert!(!out.is_attack());
    assert_eq!(piece(&pos, "g4"), Some((Side::Red, K::Gunner)));
    assert_eq!(piece(&pos, "f3"), None);
    // A Scout steps diagonally too (one square).
    let pos = czech(
        &[("b1", 'F'), ("f3", 'S'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("f3-g4")), Ok(()));
}

#[test]
fn czech_diagonal_step_cannot_attack() {
    let pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'M'),
            ("g4", 's'),
            ("e2", 'S'),
            ("d3", 'y'),
            ("j11", 'U'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    // Marshal onto a diagonal enemy Scout.
    assert_eq!(
        pos.check_move(mv("f3-g4")),
        Err(MoveError::DiagonalAttack(sq("g4")))
    );
    // Scout onto a diagonal enemy Spy.
    assert_eq!(
        pos.check_move(mv("e2-d3")),
        Err(MoveError::DiagonalAttack(sq("d3")))
    );
    // Nobody captures the Flag diagonally.
    assert_eq!(
        pos.check_move(mv("j11-k12")),
        Err(MoveError::DiagonalAttack(sq("k12")))
    );
    let diag_attacks = pos
        .legal_moves()
        .iter()
        .filter(|m| pos.piece_at(m.to).is_some())
        .filter(|m| m.from.file() != m.to.file() && m.from.rank() != m.to.rank())
        .count();
    assert_eq!(diag_attacks, 0);
    let mut p = pos;
    assert!(p.play(mv("f3-g4")).is_err());
    assert_eq!(p, pos);
    // The same pieces attack orthogonally.
    assert_eq!(pos.check_move(mv("j11xj12")), Ok(()));
}

#[test]
fn czech_diagonal_step_between_two_blocked_squares_is_legal() {
    // Own piece and enemy piece on the two orthogonal squares.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'U'),
            ("f4", 'P'),
            ("g3", 'd'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("f3-g4")), Ok(()));
    play(&mut pos, "f3-g4");
    assert_eq!(piece(&pos, "g4"), Some((Side::Red, K::Gunner)));

    // Two enemy pieces.
    let pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'U'),
            ("f4", 'd'),
            ("g3", 'd'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("f3-g4")), Ok(()));

    // A lake (e8) and a piece (f7).
    let pos = czech(
        &[
            ("b1", 'F'),
            ("e7", 'U'),
            ("f7", 'X'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("e7-f8")), Ok(()));
    assert!(targets(&pos, "e7").contains(&sq("f8")));
}

#[test]
fn czech_corner_rule_off_by_default_allows_step_between_blocked_squares() {
    // The [decision]: no corner rule in any preset.
    for r in [
        Ruleset::marsal_a_spion(),
        Ruleset::classic(),
        Ruleset::barrage(),
    ] {
        assert!(!r.corner_rule);
    }
    // Both squares beside f3-g4 hold pieces, both squares beside e7-f8 are
    // a lake and a piece, the square beside a4-b3 off the board and a piece.
    let pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'U'),
            ("f4", 'P'),
            ("g3", 'd'),
            ("e7", 'U'),
            ("f7", 'X'),
            ("a4", 'D'),
            ("b4", 'P'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    for m in ["f3-g4", "e7-f8", "a4-b3"] {
        assert_eq!(pos.check_move(mv(m)), Ok(()), "{m}");
        assert!(pos.legal_moves().contains(&mv(m)), "{m}");
    }
}

/// The Czech preset with the corner rule on.
fn corner_rules() -> Ruleset {
    let mut r = rules();
    r.corner_rule = true;
    r
}

#[test]
fn czech_option_corner_rule_refuses_step_between_two_blocked_squares() {
    let r = corner_rules();
    // By pieces (own and enemy, and two enemy pieces).
    let pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("f3", 'U'),
            ("f4", 'P'),
            ("g3", 'd'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.check_move(mv("f3-g4")),
        Err(MoveError::CornerBlocked(sq("f4"), sq("g3")))
    );
    assert!(!pos.is_legal(mv("f3-g4")));
    assert!(!targets(&pos, "f3").contains(&sq("g4")));
    // The other diagonal steps of f3 have an empty square beside them.
    assert_eq!(
        targets(&pos, "f3"),
        squares(&["e2", "f2", "g2", "e3", "g3", "e4"])
    );
    let mut pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("f3", 'U'),
            ("f4", 'd'),
            ("g3", 'd'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.play(mv("f3-g4")),
        Err(MoveError::CornerBlocked(sq("f4"), sq("g3")))
    );

    // By a lake corner: e8 is a lake, f7 holds a piece.
    let pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("e7", 'U'),
            ("f7", 'X'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.check_move(mv("e7-f8")),
        Err(MoveError::CornerBlocked(sq("e8"), sq("f7")))
    );
    assert!(!targets(&pos, "e7").contains(&sq("f8")));

    // By the board edge: a3 is off the board, b4 holds a piece.
    let pos = position(
        &r,
        &[("b1", 'F'), ("a4", 'D'), ("b4", 'p'), ("k12", 'f')],
        Side::Red,
    );
    assert_eq!(
        pos.check_move(mv("a4-b3")),
        Err(MoveError::CornerBlocked(sq("a3"), sq("b4")))
    );
    assert_eq!(targets(&pos, "a4"), squares(&["a5", "b5", "b4"]));

    // Orthogonal moves and attacks are not affected.
    assert_eq!(pos.check_move(mv("a4xb4")), Ok(()));
}

#[test]
fn czech_option_corner_rule_allows_step_when_one_square_beside_is_empty() {
    let r = corner_rules();
    for (blocker, empty) in [("f4", "g3"), ("g3", "f4")] {
        let mut pos = position(
            &r,
            &[
                ("b1", 'F'),
                ("f3", 'U'),
                (blocker, 'd'),
                ("k12", 'f'),
                ("j12", 'p'),
            ],
            Side::Red,
        );
        assert_eq!(pos.check_move(mv("f3-g4")), Ok(()), "{empty} empty");
        assert!(targets(&pos, "f3").contains(&sq("g4")));
        play(&mut pos, "f3-g4");
    }
    // A lake on one side, an empty square on the other.
    let pos = position(
        &r,
        &[("b1", 'F'), ("e7", 'U'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("e7-f8")), Ok(()));
    // The board edge on one side, an empty square on the other.
    let pos = position(&r, &[("b1", 'F'), ("a4", 'D'), ("k12", 'f')], Side::Red);
    assert_eq!(pos.check_move(mv("a4-b3")), Ok(()));
}

#[test]
fn czech_option_corner_rule_decides_who_can_move() {
    // The Cadet on b1 has only c2 to go to, between the Mine on b2 and the
    // Flag on c1 (a1 and a2 are off the board).
    let pieces = [
        ("b1", 'D'),
        ("c1", 'F'),
        ("b2", 'X'),
        ("k12", 'f'),
        ("j12", 'p'),
    ];
    assert_eq!(czech(&pieces, Side::Red).status(), ongoing(Side::Red));
    let r = corner_rules();
    let pos = position(&r, &pieces, Side::Red);
    assert!(!pos.has_legal_move(Side::Red));
    assert!(pos.has_legal_move(Side::Blue));
    assert_eq!(pos.legal_move_count(), 0);
    assert_eq!(pos.status(), drawn(DrawReason::NoLegalMove(Side::Red)));
    // Under the losing reading the walled side loses, whoever is to move.
    let mut r = corner_rules();
    r.no_move = NoMoveRule::Loses;
    let pos = position(&r, &pieces, Side::Blue);
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::OpponentCannotMove
        }
    );
}

#[test]
fn czech_option_corner_rule_closes_no_hope_paths() {
    // The General on b1 can leave only by b1-c2, between two enemy Mines (b2,
    // c1). Once Red's last Miner... here Red has none: its Scout dies on f5.
    let pieces = [
        ("b1", 'G'),
        ("f4", 'S'),
        ("k1", 'F'),
        ("j1", 'X'),
        ("k2", 'X'),
        ("c1", 'x'),
        ("b2", 'x'),
        ("f5", 'x'),
        ("f10", 'f'),
        ("h11", 's'),
    ];
    let mut pos = position(&corner_rules(), &pieces, Side::Red);
    assert_eq!(pos.status(), ongoing(Side::Red));
    play(&mut pos, "f4xf5");
    assert!(!no_hope::can_reach_flag(&pos, Side::Red));
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
    // Movable pieces beside the step do not close it for the search (they may
    // move away), though the step is refused now.
    let pieces = [
        ("b1", 'G'),
        ("c1", 'F'),
        ("b2", 'P'),
        ("f10", 'f'),
        ("h11", 's'),
    ];
    let pos = position(&corner_rules(), &pieces, Side::Red);
    assert!(!pos.is_legal(mv("b1-c2")));
    assert!(no_hope::can_reach_flag(&pos, Side::Red));
    assert_eq!(pos.status(), ongoing(Side::Red));
}

#[test]
fn czech_option_corner_rule_counts_draws_and_lists_agree() {
    let r = corner_rules();
    let mut rng = Rng::new(11);
    let mut refused = 0;
    for game in 0..6u64 {
        let mut pos = Position::start(&r, 2 * game + 1, 2 * game + 2).unwrap();
        for _ in 0..400 {
            if pos.status().is_over() {
                break;
            }
            let list = pos.legal_moves();
            assert_eq!(pos.legal_move_count(), list.len(), "{pos}");
            assert_eq!(pos.has_legal_move(pos.to_move()), !list.is_empty());
            for m in list.iter() {
                assert_eq!(pos.check_move(*m), Ok(()), "{m}\n{pos}");
            }
            // A refused corner step names two blocked squares.
            for from in Square::all() {
                for to in Square::all() {
                    let (df, dr) = (
                        i16::from(to.file()) - i16::from(from.file()),
                        i16::from(to.rank()) - i16::from(from.rank()),
                    );
                    if df.abs() != 1 || dr.abs() != 1 {
                        continue;
                    }
                    let m = Move::new(from, to);
                    if let Err(MoveError::CornerBlocked(a, b)) = pos.check_move(m) {
                        refused += 1;
                        assert!(pos.piece_at(a).is_some() || !r.board.is_playable(a));
                        assert!(pos.piece_at(b).is_some() || !r.board.is_playable(b));
                        assert!(!list.contains(&m));
                    }
                }
            }
            for _ in 0..4 {
                let m = pos.random_legal_move(&mut rng).unwrap();
                assert!(list.contains(&m), "{m}");
            }
            if pos.ply() % 50 == 0 {
                let by_list: u64 = list
                    .iter()
                    .map(|m| {
                        let mut child = pos;
                        child.play(*m).unwrap();
                        child.legal_move_count() as u64
                    })
                    .sum();
                assert_eq!(pos.perft(2), by_list);
            }
            pos.play_random(&mut rng).unwrap();
        }
    }
    assert!(refused > 0, "the corner rule refused no step");
}

#[test]
fn czech_option_diagonal_steps_off() {
    let mut r = rules();
    r.diagonal_steps = false;
    let pieces = [("b1", 'F'), ("f3", 'U'), ("k12", 'f'), ("j12", 'p')];
    let pos = position(&r, &pieces, Side::Red);
    assert_eq!(targets(&pos, "f3"), squares(&["f2", "e3", "g3", "f4"]));
    assert_eq!(pos.check_move(mv("f3-g4")), Err(MoveError::DiagonalStep));
    assert_eq!(czech(&pieces, Side::Red).check_move(mv("f3-g4")), Ok(()));

    // A piece whose only free neighbour is diagonal: free in the preset, PAT
    // without diagonal steps.
    let pieces = [
        ("b1", 'D'),
        ("c1", 'F'),
        ("b2", 'X'),
        ("k12", 'f'),
        ("j12", 'p'),
    ];
    assert_eq!(czech(&pieces, Side::Red).status(), ongoing(Side::Red));
    let pos = position(&r, &pieces, Side::Red);
    assert_eq!(pos.status(), drawn(DrawReason::NoLegalMove(Side::Red)));
}

#[test]
fn czech_non_scout_cannot_move_two_squares() {
    for kind in ORDER.into_iter().filter(|k| *k != K::Scout) {
        let pos = czech(
            &[
                ("b1", 'F'),
                ("f3", kind.letter()),
                ("k12", 'f'),
                ("j12", 'p'),
            ],
            Side::Red,
        );
        for to in ["f5", "h3", "d3", "f1", "f7"] {
            assert_eq!(
                pos.check_move(mv(&format!("f3-{to}"))),
                Err(MoveError::TooFar(kind)),
                "{kind} f3-{to}"
            );
        }
        for to in ["h1", "g5", "d4"] {
            assert!(pos.check_move(mv(&format!("f3-{to}"))).is_err(), "{kind}");
        }
        assert_eq!(targets(&pos, "f3").len(), 8, "{kind}: only the 8 steps");
    }
    // A Scout moves far only in straight orthogonal lines.
    let pos = czech(
        &[("b1", 'F'), ("f3", 'S'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("f3-h1")), Err(MoveError::NotALine));
    assert_eq!(pos.check_move(mv("f3-g5")), Err(MoveError::NotALine));
}

#[test]
fn czech_scout_moves_far_and_attacks_at_end() {
    let base = [("b1", 'F'), ("c3", 'S'), ("k12", 'f'), ("j12", 'p')];
    let mut pieces = base.to_vec();
    pieces.push(("c10", 'k'));
    let pos = czech(&pieces, Side::Red);
    assert_eq!(
        targets(&pos, "c3"),
        squares(&[
            "c1", "c2", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "b3", "d3", "e3", "f3", "g3",
            "h3", "i3", "j3", "k3", "b2", "d2", "b4", "d4",
        ])
    );
    assert_eq!(
        pos.check_move(mv("c3-c11")),
        Err(MoveError::PathBlocked(sq("c10")))
    );

    // Attack at the end of a long move, and lose: the Scout is removed, the
    // defender stays.
    let mut p = pos;
    let out = play(&mut p, "c3xc10");
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    assert_eq!(piece(&p, "c10"), Some((Side::Blue, K::Captain)));
    assert_eq!(piece(&p, "c9"), None);
    assert_eq!(piece(&p, "c3"), None);
    assert_eq!(p.count(Side::Red, K::Scout), 0);

    // ... and win: the Scout takes the attacked square.
    let mut pieces = base.to_vec();
    pieces.push(("c10", 'n'));
    let mut p = czech(&pieces, Side::Red);
    let out = play(&mut p, "c3xc10");
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert_eq!(piece(&p, "c10"), Some((Side::Red, K::Scout)));
    assert_eq!(piece(&p, "c9"), None);
    assert_eq!(piece(&p, "c3"), None);

    // A plain long move.
    let mut p = pos;
    play(&mut p, "c3-c9");
    assert_eq!(piece(&p, "c9"), Some((Side::Red, K::Scout)));
}

#[test]
fn czech_scout_cannot_pass_piece_or_lake() {
    let pos = czech(
        &[
            ("b1", 'F'),
            ("c6", 'S'),
            ("c9", 'U'),
            ("c3", 'd'),
            ("e7", 'S'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    // Over a lake.
    assert_eq!(
        pos.check_move(mv("c6-f6")),
        Err(MoveError::PathBlocked(sq("d6")))
    );
    assert_eq!(
        pos.check_move(mv("e7-e9")),
        Err(MoveError::PathBlocked(sq("e8")))
    );
    assert_eq!(
        pos.check_move(mv("e7-e4")),
        Err(MoveError::PathBlocked(sq("e5")))
    );
    assert_eq!(
        pos.check_move(mv("e7-j7")),
        Err(MoveError::PathBlocked(sq("i7")))
    );
    assert_eq!(pos.check_move(mv("e7-h7")), Ok(()));
    // Over an own piece.
    assert_eq!(
        pos.check_move(mv("c6-c10")),
        Err(MoveError::PathBlocked(sq("c9")))
    );
    assert_eq!(
        pos.check_move(mv("c6-c9")),
        Err(MoveError::OwnPiece(sq("c9")))
    );
    // Over an enemy piece; attacking the first one is fine.
    assert_eq!(
        pos.check_move(mv("c6-c2")),
        Err(MoveError::PathBlocked(sq("c3")))
    );
    assert_eq!(pos.check_move(mv("c6xc3")), Ok(()));
    assert_eq!(
        targets(&pos, "c6"),
        squares(&["c7", "c8", "c5", "c4", "c3", "b6", "a6", "b5", "b7"])
    );
    assert_eq!(
        targets(&pos, "e7"),
        squares(&["e6", "f7", "g7", "h7", "f6", "f8"])
    );
}

#[test]
fn czech_no_piece_enters_a_lake() {
    let pos = czech(
        &[
            ("b1", 'F'),
            ("c5", 'U'),
            ("f6", 'S'),
            ("g7", 'M'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("c5-d5")), Err(MoveError::Lake(sq("d5"))));
    assert_eq!(pos.check_move(mv("c5-d6")), Err(MoveError::Lake(sq("d6"))));
    assert_eq!(pos.check_move(mv("c5-d4")), Ok(()));
    assert_eq!(pos.check_move(mv("f6-d6")), Err(MoveError::Lake(sq("d6"))));
    assert_eq!(pos.check_move(mv("g7-h8")), Err(MoveError::Lake(sq("h8"))));
    assert_eq!(pos.check_move(mv("g7-h7")), Ok(()));
    let lakes = rules().board.lakes;
    assert!(pos.legal_moves().iter().all(|m| !lakes.contains(m.to)));

    // In real games no generated move ever enters a lake, moves a Mine or Flag,
    // attacks diagonally, or moves a non-Scout more than one square.
    let r = rules();
    let mut rng = Rng::new(7);
    for seed in 0..3 {
        let mut pos = Position::start(&r, seed, seed + 100).unwrap();
        for _ in 0..300 {
            if pos.status().is_over() {
                break;
            }
            let moves = pos.legal_moves();
            for m in moves.iter() {
                let p = pos.piece_at(m.from).unwrap();
                assert!(!lakes.contains(m.to) && r.board.is_playable(m.to), "{m}");
                assert!(p.kind.is_movable(), "{m}");
                assert!(m.distance() == 1 || p.kind == K::Scout, "{m}");
                let diagonal = m.from.file() != m.to.file() && m.from.rank() != m.to.rank();
                if diagonal {
                    assert!(m.distance() == 1 && pos.piece_at(m.to).is_none(), "{m}");
                }
            }
            let m = moves[rng.below(moves.len() as u32) as usize];
            pos.play(m).unwrap();
        }
    }
}

// ---------------------------------------------------------------------------
// Combat
// ---------------------------------------------------------------------------

/// Red `attacker` on f3 attacks Blue `defender` on f4.
fn fight(rules: &Ruleset, attacker: K, defender: K) -> (Position, Outcome) {
    let mut pos = position(
        rules,
        &[
            ("b1", 'F'),
            ("j2", 'D'),
            ("f3", attacker.letter()),
            ("f4", defender.letter().to_ascii_lowercase()),
            ("c11", 'd'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    let out = play(&mut pos, "f3xf4");
    (pos, out)
}

#[test]
fn czech_stronger_wins_and_takes_square() {
    for (i, &a) in ORDER.iter().enumerate() {
        for &d in &ORDER[i + 1..] {
            if (a, d) == (K::Marshal, K::Spy) {
                continue;
            }
            let (pos, out) = fight(&rules(), a, d);
            assert_eq!(out.battle(), Some(Battle::AttackerWins), "{a} x {d}");
            assert_eq!(piece(&pos, "f4"), Some((Side::Red, a)), "{a} x {d}");
            assert_eq!(piece(&pos, "f3"), None);
            assert_eq!(pos.count(Side::Blue, d), u8::from(d == K::Cadet));
        }
    }
}

#[test]
fn czech_winning_defender_stays() {
    for (i, &d) in ORDER.iter().enumerate() {
        for &a in &ORDER[i + 1..] {
            if (a, d) == (K::Spy, K::Marshal) {
                continue;
            }
            let (pos, out) = fight(&rules(), a, d);
            assert_eq!(out.battle(), Some(Battle::DefenderWins), "{a} x {d}");
            assert_eq!(piece(&pos, "f4"), Some((Side::Blue, d)), "{a} x {d}");
            assert_eq!(piece(&pos, "f3"), None, "the loser is removed");
            assert_eq!(pos.count(Side::Red, a), u8::from(a == K::Cadet));
        }
    }
}

#[test]
fn czech_equal_strength_removes_both() {
    for k in ORDER {
        let (pos, out) = fight(&rules(), k, k);
        assert_eq!(out.battle(), Some(Battle::BothRemoved), "{k}");
        assert_eq!(piece(&pos, "f3"), None);
        assert_eq!(piece(&pos, "f4"), None);
        let extra = u8::from(k == K::Cadet);
        assert_eq!(pos.count(Side::Red, k), extra);
        assert_eq!(pos.count(Side::Blue, k), extra);
    }
}

#[test]
fn czech_spy_attacking_marshal_wins() {
    let (pos, out) = fight(&rules(), K::Spy, K::Marshal);
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert_eq!(piece(&pos, "f4"), Some((Side::Red, K::Spy)));
    assert_eq!(pos.count(Side::Blue, K::Marshal), 0);
}

#[test]
fn czech_spy_defeats_attacking_marshal() {
    // Blue's Marshal attacks Red's Spy: the Spy wins and stays.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("j2", 'D'),
            ("f3", 'Y'),
            ("f4", 'm'),
            ("k12", 'f'),
        ],
        Side::Blue,
    );
    let out = play(&mut pos, "f4xf3");
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    assert_eq!(piece(&pos, "f3"), Some((Side::Red, K::Spy)));
    assert_eq!(piece(&pos, "f4"), None);
    assert_eq!(pos.count(Side::Blue, K::Marshal), 0);
}

#[test]
fn czech_marshal_attacking_spy_loses() {
    assert_eq!(
        combat(&rules(), K::Marshal, K::Spy),
        Some(Battle::DefenderWins)
    );
    let (pos, out) = fight(&rules(), K::Marshal, K::Spy);
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    assert_eq!(piece(&pos, "f4"), Some((Side::Blue, K::Spy)));
    assert_eq!(pos.count(Side::Red, K::Marshal), 0);
    // The Marshal falls to nothing else.
    for k in ORDER
        .into_iter()
        .filter(|k| *k != K::Spy && *k != K::Marshal)
    {
        assert_eq!(
            combat(&rules(), k, K::Marshal),
            Some(Battle::DefenderWins),
            "{k}"
        );
        assert_eq!(
            combat(&rules(), K::Marshal, k),
            Some(Battle::AttackerWins),
            "{k}"
        );
    }
}

#[test]
fn czech_every_other_piece_defeats_the_spy() {
    for k in ORDER
        .into_iter()
        .filter(|k| *k != K::Marshal && *k != K::Spy)
    {
        let (pos, out) = fight(&rules(), k, K::Spy);
        assert_eq!(out.battle(), Some(Battle::AttackerWins), "{k} x Spy");
        assert_eq!(piece(&pos, "f4"), Some((Side::Red, k)));
        let (pos, out) = fight(&rules(), K::Spy, k);
        assert_eq!(out.battle(), Some(Battle::DefenderWins), "Spy x {k}");
        assert_eq!(piece(&pos, "f4"), Some((Side::Blue, k)));
    }
}

#[test]
fn czech_spy_rule_option_only_when_attacking() {
    let mut r = rules();
    r.spy_rule = SpyRule::OnlyWhenAttacking;
    let (pos, out) = fight(&r, K::Marshal, K::Spy);
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert_eq!(piece(&pos, "f4"), Some((Side::Red, K::Marshal)));
    // The Spy still wins when it attacks.
    let (_, out) = fight(&r, K::Spy, K::Marshal);
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    // The preset's rule differs.
    assert_eq!(rules().spy_rule, SpyRule::DefeatsMarshalAlways);
}

#[test]
fn czech_miner_defuses_mine() {
    let (pos, out) = fight(&rules(), K::Miner, K::Mine);
    assert_eq!(out.battle(), Some(Battle::MineDefused));
    assert_eq!(piece(&pos, "f4"), Some((Side::Red, K::Miner)));
    assert_eq!(piece(&pos, "f3"), None);
    assert_eq!(pos.count(Side::Blue, K::Mine), 0);
}

#[test]
fn czech_other_attacker_dies_on_mine() {
    for k in ORDER.into_iter().filter(|k| *k != K::Miner) {
        assert_eq!(
            combat(&rules(), k, K::Mine),
            Some(Battle::DefenderWins),
            "{k}"
        );
        let (pos, out) = fight(&rules(), k, K::Mine);
        assert_eq!(out.battle(), Some(Battle::DefenderWins), "{k}");
        assert_eq!(piece(&pos, "f4"), Some((Side::Blue, K::Mine)), "{k}");
        assert_eq!(piece(&pos, "f3"), None, "{k}");
    }
    // Also a Scout attacking from afar.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("j2", 'D'),
            ("f3", 'S'),
            ("f8", 'x'),
            ("c11", 'd'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    play(&mut pos, "f3xf8");
    assert_eq!(piece(&pos, "f8"), Some((Side::Blue, K::Mine)));
    assert_eq!(piece(&pos, "f7"), None);
    assert_eq!(pos.count(Side::Red, K::Scout), 0);
}

#[test]
fn czech_any_attacker_captures_flag_and_wins() {
    for k in ORDER {
        assert_eq!(
            combat(&rules(), k, K::Flag),
            Some(Battle::FlagCaptured),
            "{k}"
        );
        let mut pos = czech(
            &[("b1", 'F'), ("k11", k.letter()), ("c11", 'd'), ("k12", 'f')],
            Side::Red,
        );
        let out = play(&mut pos, "k11xk12");
        assert_eq!(out.battle(), Some(Battle::FlagCaptured), "{k}");
        assert_eq!(
            pos.status(),
            Status::Won {
                winner: Side::Red,
                reason: WinReason::FlagCaptured
            },
            "{k}"
        );
        assert_eq!(piece(&pos, "k12"), Some((Side::Red, k)));
    }
    // Blue wins the same way, also with a Scout from afar.
    let mut pos = czech(
        &[("b1", 'F'), ("c2", 'D'), ("b9", 's'), ("k12", 'f')],
        Side::Blue,
    );
    play(&mut pos, "b9xb1");
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::FlagCaptured
        }
    );
}

// ---------------------------------------------------------------------------
// What each player learns
// ---------------------------------------------------------------------------

/// One Red piece of every Czech kind but the General, on rank 1.
const RED_CROWD: [(&str, char); 10] = [
    ("b1", 'F'),
    ("c1", 'M'),
    ("d1", 'K'),
    ("e1", 'D'),
    ("f1", 'P'),
    ("g1", 'U'),
    ("h1", 'S'),
    ("i1", 'N'),
    ("j1", 'Y'),
    ("k1", 'X'),
];

/// One Blue piece of every Czech kind but the General, on rank 12.
const BLUE_CROWD: [(&str, char); 10] = [
    ("k12", 'f'),
    ("j12", 'm'),
    ("i12", 'k'),
    ("h12", 'd'),
    ("g12", 'p'),
    ("f12", 'u'),
    ("e12", 's'),
    ("d12", 'n'),
    ("c12", 'y'),
    ("b12", 'x'),
];

/// A position with both crowds and `extra`: so many kinds are left that
/// counting the pieces gives none of `extra` away.
fn crowded(extra: &[(&str, char)], to_move: Side) -> Position {
    let mut pieces = RED_CROWD.to_vec();
    pieces.extend_from_slice(&BLUE_CROWD);
    pieces.extend_from_slice(extra);
    czech(&pieces, to_move)
}

#[test]
fn czech_enemy_pieces_start_unknown_own_pieces_known() {
    let pos = Position::start(&rules(), 5, 6).unwrap();
    for side in Side::BOTH {
        let view = pos.view(side);
        for (s, kind) in pos.pieces(side) {
            assert!(
                matches!(view.at(s), SquareView::Own { kind: k, .. } if k == kind),
                "{s}"
            );
        }
        for (s, _) in pos.pieces(!side) {
            let possible = enemy(&view, &s.to_string());
            assert_eq!(possible, rules().army(!side).kinds(), "{s}");
        }
    }
}

#[test]
fn czech_surviving_attacker_stays_hidden_from_defender() {
    let mut pos = crowded(&[("e3", 'G'), ("e4", 's')], Side::Red);
    let out = play(&mut pos, "e3xe4");
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert!(!out.fight.unwrap().attacker_revealed);

    let blue = pos.view(Side::Blue);
    let possible = enemy(&blue, "e4");
    assert_eq!(possible.single(), None, "the General is not announced");
    // Blue learns only what the fight proves: it moved, and it beat a Scout.
    assert_eq!(
        possible,
        kinds(&[
            K::Marshal,
            K::General,
            K::Captain,
            K::Cadet,
            K::Corporal,
            K::Gunner
        ])
    );
    let seen = blue.last().unwrap();
    assert_eq!(seen.piece, None);
    assert_eq!(seen.defender, Some(K::Scout));
    assert_eq!(seen.battle, Some(Battle::AttackerWins));
    assert_eq!(seen.mv, mv("e3-e4"));
    // Red knows its own piece, and that Blue does not.
    let red = pos.view(Side::Red);
    assert_eq!(red.last().unwrap().piece, Some(K::General));
    assert!(matches!(
        red.at(sq("e4")),
        SquareView::Own { kind: K::General, known_to_opponent } if known_to_opponent == possible
    ));
}

#[test]
fn czech_defender_revealed_to_attacker() {
    let mut pos = crowded(&[("e3", 'S'), ("e4", 'g')], Side::Red);
    assert!(enemy(&pos.view(Side::Red), "e4").len() > 1);
    let out = play(&mut pos, "e3xe4");
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    let red = pos.view(Side::Red);
    assert_eq!(enemy(&red, "e4"), KindSet::only(K::General));
    assert_eq!(red.last().unwrap().defender, Some(K::General));
    let blue = pos.view(Side::Blue);
    assert!(matches!(
        blue.at(sq("e4")),
        SquareView::Own { kind: K::General, known_to_opponent } if known_to_opponent == KindSet::only(K::General)
    ));
    // A defender that wins against a hidden attacker it has not seen stays
    // known only to the attacker: nothing else on the board was revealed.
    assert!(enemy(&red, "j12").len() > 1);
}

#[test]
fn czech_removed_pieces_known_to_both() {
    // The attacker is removed: handed to the opponent, so Blue learns it.
    let mut pos = crowded(&[("e3", 'S'), ("e4", 'g')], Side::Red);
    for side in Side::BOTH {
        assert_eq!(pos.view(side).remaining(Side::Red).count(K::Scout), 2);
    }
    play(&mut pos, "e3xe4");
    for side in Side::BOTH {
        let v = pos.view(side);
        assert_eq!(v.remaining(Side::Red).count(K::Scout), 1, "{side}");
        assert_eq!(v.remaining(Side::Blue).count(K::General), 1, "{side}");
        assert_eq!(v.last().unwrap().piece, Some(K::Scout), "{side}");
    }

    // Both removed: both are known to both.
    let mut pos = crowded(&[("e3", 'U'), ("e4", 'u')], Side::Red);
    play(&mut pos, "e3xe4");
    for side in Side::BOTH {
        let v = pos.view(side);
        let seen = v.last().unwrap();
        assert_eq!(seen.piece, Some(K::Gunner), "{side}");
        assert_eq!(seen.defender, Some(K::Gunner), "{side}");
        assert_eq!(v.remaining(Side::Red).count(K::Gunner), 1);
        assert_eq!(v.remaining(Side::Blue).count(K::Gunner), 1);
    }

    // The defender is removed: known to both (the attacker looked at it).
    let mut pos = crowded(&[("e3", 'G'), ("e4", 'g')], Side::Red);
    play(&mut pos, "e3xe4");
    for side in Side::BOTH {
        let v = pos.view(side);
        assert_eq!(v.last().unwrap().defender, Some(K::General), "{side}");
        assert_eq!(v.remaining(Side::Blue).count(K::General), 0, "{side}");
    }
}

#[test]
fn czech_moved_piece_is_known_not_mine_or_flag() {
    let mut pos = crowded(&[("e3", 'U')], Side::Red);
    let before = enemy(&pos.view(Side::Blue), "e3");
    assert!(before.contains(K::Mine) && before.contains(K::Flag));
    play(&mut pos, "e3-f4");
    let blue = pos.view(Side::Blue);
    let after = enemy(&blue, "f4");
    assert!(!after.contains(K::Mine) && !after.contains(K::Flag));
    assert_eq!(
        after,
        KindSet::from_bits(before.bits() & !kinds(&[K::Mine, K::Flag]).bits()),
        "only that it moves is learnt"
    );
    // The move itself is public.
    assert_eq!(blue.last().unwrap().mv, mv("e3-f4"));
    assert_eq!(blue.last().unwrap().piece, None);
}

#[test]
fn czech_piece_that_moved_far_is_known_scout() {
    let mut pos = crowded(&[("f3", 'S'), ("g3", 'S')], Side::Red);
    play(&mut pos, "f3-f8");
    assert_eq!(enemy(&pos.view(Side::Blue), "f8"), KindSet::only(K::Scout));
    play(&mut pos, "j12-j11");
    // A Scout that steps one square is not given away.
    play(&mut pos, "g3-g4");
    let possible = enemy(&pos.view(Side::Blue), "g4");
    assert!(
        possible.contains(K::Scout) && possible.len() > 1,
        "{possible:?}"
    );
}

#[test]
fn czech_reveal_both_option_shows_surviving_attacker() {
    let mut r = rules();
    r.reveal = RevealRule::BothFighters;
    let mut pieces = RED_CROWD.to_vec();
    pieces.extend_from_slice(&BLUE_CROWD);
    pieces.extend_from_slice(&[("e3", 'G'), ("e4", 's')]);
    let mut pos = position(&r, &pieces, Side::Red);
    let out = play(&mut pos, "e3xe4");
    assert!(out.fight.unwrap().attacker_revealed);
    let blue = pos.view(Side::Blue);
    assert_eq!(enemy(&blue, "e4"), KindSet::only(K::General));
    assert_eq!(blue.last().unwrap().piece, Some(K::General));
    // Under the preset it stays hidden.
    let mut pos = czech(&pieces, Side::Red);
    play(&mut pos, "e3xe4");
    assert_eq!(enemy(&pos.view(Side::Blue), "e4").single(), None);
}

// ---------------------------------------------------------------------------
// End of the game
// ---------------------------------------------------------------------------

#[test]
fn czech_player_to_move_without_moves_draws_pat() {
    // Only Mines and the Flag left.
    let pos = czech(
        &[
            ("b1", 'F'),
            ("c1", 'X'),
            ("d1", 'X'),
            ("k12", 'f'),
            ("f9", 'g'),
        ],
        Side::Red,
    );
    assert_eq!(pos.status(), drawn(DrawReason::NoLegalMove(Side::Red)));
    assert!(pos.legal_moves().is_empty());

    // Reached in play: Red's last movable piece is taken, Blue moves, Red is PAT.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("d1", 'X'),
            ("e1", 'X'),
            ("e3", 'S'),
            ("e4", 'g'),
            ("j11", 'p'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    play(&mut pos, "e3xe4");
    play(&mut pos, "j11-j10");
    assert_eq!(pos.status(), drawn(DrawReason::NoLegalMove(Side::Red)));

    // Every movable piece blocked: by the board's edge, its own Flag and Mines,
    // the lakes, and an enemy piece it cannot attack diagonally.
    let blocked = [
        ("b1", 'D'),
        ("c1", 'F'),
        ("b2", 'X'),
        ("e7", 'S'),
        ("e6", 'X'),
        ("f6", 'X'),
        ("f7", 'X'),
        ("f8", 'X'),
        ("k12", 'f'),
    ];
    let mut pieces = blocked.to_vec();
    pieces.push(("c2", 'p'));
    let pos = czech(&pieces, Side::Red);
    assert_eq!(pos.status(), drawn(DrawReason::NoLegalMove(Side::Red)));
    assert!(!pos.has_legal_move(Side::Red));
    // Free the diagonal square and Red can move again.
    let mut pieces = blocked.to_vec();
    pieces.push(("j12", 'p'));
    let pos = czech(&pieces, Side::Red);
    assert_eq!(pos.status(), ongoing(Side::Red));
    assert_eq!(pos.legal_moves().as_slice(), &[mv("b1-c2")]);
}

#[test]
fn czech_only_player_to_move_is_checked_for_pat() {
    // Red loses its last movable piece by its own attack: Red cannot move, but
    // Blue is to move and can, so the game goes on.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("d1", 'X'),
            ("e1", 'X'),
            ("e3", 'S'),
            ("e4", 'g'),
            ("j11", 'p'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    play(&mut pos, "e3xe4");
    assert!(!pos.has_legal_move(Side::Red));
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(!pos.legal_moves().is_empty());

    // Blue has only Mines and its Flag, but Red is to move: the game goes on.
    let pos = czech(
        &[("b1", 'F'), ("f3", 'G'), ("k12", 'f'), ("j12", 'x')],
        Side::Red,
    );
    assert!(!pos.has_legal_move(Side::Blue));
    assert_eq!(pos.status(), ongoing(Side::Red));
}

#[test]
fn czech_no_move_rule_loses_option() {
    let mut r = rules();
    r.no_move = NoMoveRule::Loses;
    let pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("c1", 'X'),
            ("d1", 'X'),
            ("k12", 'f'),
            ("f9", 'g'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::OpponentCannotMove
        }
    );
    // ... and it is checked for both right after every move.
    let mut pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("d1", 'X'),
            ("e1", 'X'),
            ("e3", 'S'),
            ("e4", 'g'),
            ("j11", 'p'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    play(&mut pos, "e3xe4");
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::OpponentCannotMove
        }
    );
}

/// The seeds' example: both Flags walled by Mines; Red's Miner on f6 and Blue's
/// on f7 are the last Miners. `extra` adds pieces.
fn walled_flags(red_attacker: char, extra: &[(&str, char)]) -> Position {
    let mut pieces = vec![
        ("f1", 'F'),
        ("e1", 'X'),
        ("g1", 'X'),
        ("f2", 'X'),
        ("f6", red_attacker),
        ("c4", 'U'),
        ("g12", 'f'),
        ("f12", 'x'),
        ("h12", 'x'),
        ("g11", 'x'),
        ("f7", 'n'),
        ("j10", 's'),
    ];
    pieces.extend_from_slice(extra);
    czech(&pieces, Side::Red)
}

#[test]
fn czech_walled_flags_without_miners_is_draw() {
    // The fight that removes the last two Miners ends the game.
    let mut pos = walled_flags('N', &[]);
    assert_eq!(pos.status(), ongoing(Side::Red));
    assert!(!no_hope::is_hopeless(&pos));
    let out = play(&mut pos, "f6xf7");
    assert_eq!(out.battle(), Some(Battle::BothRemoved));
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
    assert!(!no_hope::can_reach_flag(&pos, Side::Red));
    assert!(!no_hope::can_reach_flag(&pos, Side::Blue));
    assert!(pos.legal_moves().is_empty());

    // The same when a General takes the last Miner.
    let mut pos = walled_flags('G', &[]);
    assert_eq!(pos.status(), ongoing(Side::Red));
    play(&mut pos, "f6xf7");
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
}

#[test]
fn czech_no_hope_not_declared_while_a_miner_remains() {
    // Red keeps a Miner: it can defuse Blue's wall.
    let mut pos = walled_flags('N', &[("b4", 'N')]);
    play(&mut pos, "f6xf7");
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(no_hope::can_reach_flag(&pos, Side::Red));

    // Blue keeps a Miner.
    let mut pos = walled_flags('N', &[("j9", 'n')]);
    play(&mut pos, "f6xf7");
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(no_hope::can_reach_flag(&pos, Side::Blue));
}

#[test]
fn czech_no_hope_not_declared_while_a_path_exists() {
    // 1. The only way out of b1 is a diagonal step between two enemy Mines.
    //    Red's Scout dies on a Mine; Blue cannot reach Red's walled Flag.
    let pieces = [
        ("b1", 'G'),
        ("f4", 'S'),
        ("k1", 'F'),
        ("j1", 'X'),
        ("k2", 'X'),
        ("c1", 'x'),
        ("b2", 'x'),
        ("f5", 'x'),
        ("f10", 'f'),
        ("h11", 's'),
    ];
    let mut pos = czech(&pieces, Side::Red);
    play(&mut pos, "f4xf5");
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(no_hope::can_reach_flag(&pos, Side::Red));
    assert!(!no_hope::can_reach_flag(&pos, Side::Blue));
    // Without diagonal steps the General is walled in for ever: no hope.
    let mut r = rules();
    r.diagonal_steps = false;
    let mut pos = position(&r, &pieces, Side::Red);
    assert_eq!(pos.status(), ongoing(Side::Red));
    play(&mut pos, "f4xf5");
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));

    // 2. A Flag walled by Mines only on its diagonals is still reachable.
    let mut pos = czech(
        &[
            ("k1", 'F'),
            ("j1", 'X'),
            ("k2", 'X'),
            ("c4", 'G'),
            ("b5", 'N'),
            ("f10", 'f'),
            ("e9", 'x'),
            ("g9", 'x'),
            ("e11", 'x'),
            ("g11", 'x'),
            ("b6", 'u'),
            ("h12", 's'),
        ],
        Side::Red,
    );
    play(&mut pos, "b5xb6"); // Red's only Miner dies
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(no_hope::can_reach_flag(&pos, Side::Red));

    // 3. Movable pieces never block: a Blue General is the only gap in the wall.
    let wall = [
        ("k1", 'F'),
        ("j1", 'X'),
        ("k2", 'X'),
        ("f4", 'G'),
        ("b12", 'f'),
        ("b11", 'x'),
        ("h11", 's'),
    ];
    let mut pieces = wall.to_vec();
    pieces.push(("c12", 'g'));
    let pos = czech(&pieces, Side::Red);
    assert_eq!(pos.status(), ongoing(Side::Red));
    let mut pieces = wall.to_vec();
    pieces.push(("c12", 'x'));
    let pos = czech(&pieces, Side::Red);
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
}

/// Blue's Flag b12 walled by Red's own Mines (c12, b11); Blue's General and
/// Scout shut in k10..k12 by Blue's own Mines; Red's Flag f1 in the open. Red's
/// Miner f6 and Blue's Miner f7 are about to remove each other.
fn own_mines(extra: &[(&str, char)]) -> Position {
    let mut pieces = vec![
        ("f1", 'F'),
        ("f6", 'N'),
        ("c4", 'U'),
        ("c12", 'X'),
        ("b11", 'X'),
        ("b12", 'f'),
        ("j12", 'x'),
        ("j11", 'x'),
        ("j10", 'x'),
        ("j9", 'x'),
        ("k9", 'x'),
        ("l9", 'x'),
        ("k12", 's'),
        ("k11", 'g'),
        ("f7", 'n'),
    ];
    pieces.extend_from_slice(extra);
    czech(&pieces, Side::Red)
}

#[test]
fn czech_own_mines_block_only_while_enemy_has_no_miner() {
    // Before the fight each side has a Miner: both have hope.
    let mut pos = own_mines(&[]);
    assert_eq!(pos.status(), ongoing(Side::Red));
    // Red's last Miner goes: Blue's own Mines now wall Blue in for ever, and
    // Red's own Mines wall Red out (Blue has no Miner to clear them).
    play(&mut pos, "f6xf7");
    assert!(pos.has_legal_move(Side::Blue));
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));

    // Red keeps a Miner on b4: it could clear Blue's own Mines, so Blue's General
    // still has a path to Red's Flag; Red itself has none.
    let mut pos = own_mines(&[("b4", 'N')]);
    play(&mut pos, "f6xf7");
    assert!(no_hope::can_reach_flag(&pos, Side::Blue));
    assert!(!no_hope::can_reach_flag(&pos, Side::Red));
    assert_eq!(pos.status(), ongoing(Side::Blue));
}

#[test]
fn czech_last_step_onto_flag_must_be_orthogonal() {
    // Blue's Flag f10 has Mines on its four orthogonal neighbours; its diagonal
    // neighbours are free, and a Red General stands on one of them.
    let mut pos = czech(
        &[
            ("k1", 'F'),
            ("j1", 'X'),
            ("k2", 'X'),
            ("e11", 'G'),
            ("b5", 'N'),
            ("f10", 'f'),
            ("f9", 'x'),
            ("e10", 'x'),
            ("g10", 'x'),
            ("f11", 'x'),
            ("b6", 'u'),
            ("h12", 's'),
        ],
        Side::Red,
    );
    assert_eq!(pos.status(), ongoing(Side::Red));
    assert_eq!(
        pos.check_move(mv("e11-f10")),
        Err(MoveError::DiagonalAttack(sq("f10")))
    );
    assert!(!targets(&pos, "e11").contains(&sq("f10")));
    // Red's only Miner dies: nobody can ever take a Flag.
    play(&mut pos, "b5xb6");
    assert!(!no_hope::can_reach_flag(&pos, Side::Red));
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
}

#[test]
fn czech_miner_enters_enemy_mine_only_orthogonally() {
    // Red's Miner b1 is shut in by its own Mines (c1, b2; Blue has no Miner to
    // clear them) and an enemy Mine on the diagonal c2, which it cannot attack.
    let pos = czech(
        &[
            ("b1", 'N'),
            ("c1", 'X'),
            ("b2", 'X'),
            ("c2", 'x'),
            ("k1", 'F'),
            ("j1", 'X'),
            ("k2", 'X'),
            ("f10", 'f'),
            ("h11", 's'),
        ],
        Side::Blue,
    );
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
    // With the enemy Mine orthogonal (b2) the Miner defuses its way out.
    let pos = czech(
        &[
            ("b1", 'N'),
            ("c1", 'X'),
            ("c2", 'X'),
            ("b2", 'x'),
            ("k1", 'F'),
            ("j1", 'X'),
            ("k2", 'X'),
            ("f10", 'f'),
            ("h11", 's'),
        ],
        Side::Blue,
    );
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(no_hope::can_reach_flag(&pos, Side::Red));
}

#[test]
fn czech_own_flag_and_lakes_block_for_ever() {
    // Blue's Flag b12 can only be reached over Red's own Flag c12; Red's Flag
    // only over Blue's own Flag. No Miners.
    let pos = czech(
        &[
            ("c12", 'F'),
            ("d12", 'X'),
            ("c11", 'X'),
            ("f4", 'G'),
            ("b12", 'f'),
            ("b11", 'x'),
            ("f9", 'g'),
        ],
        Side::Red,
    );
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));

    // Blue's Flag e7 inside the lake bracket, closed by two Mines.
    let walled = [
        ("k1", 'F'),
        ("j1", 'X'),
        ("k2", 'X'),
        ("c4", 'G'),
        ("e7", 'f'),
        ("e6", 'x'),
        ("f7", 'x'),
        ("h11", 's'),
    ];
    assert_eq!(
        czech(&walled, Side::Red).status(),
        drawn(DrawReason::NoHope)
    );
    let mut pieces = walled.to_vec();
    pieces.push(("c3", 'N'));
    assert_eq!(czech(&pieces, Side::Red).status(), ongoing(Side::Red));
}

#[test]
fn czech_optional_ply_limit_draws() {
    let pieces = [("b1", 'F'), ("c1", 'P'), ("k12", 'f'), ("j12", 'p')];
    let shuffle = ["c1-c2", "j12-j11", "c2-c1", "j11-j12"];
    assert_eq!(rules().max_plies, None);
    let mut pos = czech(&pieces, Side::Red);
    for _ in 0..10 {
        for m in shuffle {
            play(&mut pos, m);
        }
    }
    assert_eq!(pos.status(), ongoing(Side::Red));

    let mut r = rules();
    r.max_plies = Some(4);
    let mut pos = position(&r, &pieces, Side::Red);
    for m in &shuffle[..3] {
        play(&mut pos, m);
    }
    assert_eq!(pos.status(), ongoing(Side::Blue));
    play(&mut pos, shuffle[3]);
    assert_eq!(pos.status(), drawn(DrawReason::PlyLimit));
    assert_eq!(pos.check_move(mv("c1-c2")), Err(MoveError::GameOver));
}

#[test]
fn czech_optional_no_attack_limit_draws() {
    let pieces = [
        ("b1", 'F'),
        ("c1", 'P'),
        ("e3", 'G'),
        ("k12", 'f'),
        ("j12", 'p'),
        ("e4", 's'),
    ];
    let plies = ["c1-c2", "j12-j11", "e3xe4", "j11-j12", "c2-c1", "j12-j11"];
    assert_eq!(rules().max_plies_without_attack, None);
    let mut pos = czech(&pieces, Side::Red);
    for m in plies {
        play(&mut pos, m);
    }
    assert_eq!(pos.status(), ongoing(Side::Red));

    let mut r = rules();
    r.max_plies_without_attack = Some(3);
    let mut pos = position(&r, &pieces, Side::Red);
    for (i, m) in plies.iter().enumerate() {
        play(&mut pos, m);
        if i < plies.len() - 1 {
            assert!(!pos.status().is_over(), "after {m}: {}", pos.status());
        }
    }
    assert_eq!(pos.plies_since_attack(), 3);
    assert_eq!(pos.status(), drawn(DrawReason::NoAttackLimit));
}

#[test]
fn czech_optional_repetition_draw() {
    use marsal::{Game, MoveError};
    let pieces = [("b1", 'F'), ("c1", 'P'), ("k12", 'f'), ("j12", 'p')];
    // Both sides shuttle: the start position stands again after every 4 plies.
    let shuttle = ["c1-c2", "j12-j11", "c2-c1", "j11-j12"];

    // Off by default: the Czech rules do not have it.
    assert_eq!(rules().repetition_draw, None);
    let mut game = Game::from_position(czech(&pieces, Side::Red));
    for _ in 0..4 {
        for m in shuttle {
            game.play(mv(m)).unwrap();
        }
    }
    assert_eq!(game.occurrences(), 5);
    assert_eq!(game.status(), ongoing(Side::Red));

    // Threefold: drawn exactly when the start position stands for the third time.
    let mut r = rules();
    r.repetition_draw = Some(3);
    let mut game = Game::from_position(position(&r, &pieces, Side::Red));
    for (i, m) in shuttle.iter().chain(shuttle.iter()).enumerate() {
        assert!(
            !game.status().is_over(),
            "before ply {}: {}",
            i + 1,
            game.status()
        );
        game.play(mv(m)).unwrap();
    }
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.status(), drawn(DrawReason::Repetition));
    assert_eq!(game.position().status(), drawn(DrawReason::Repetition));
    assert_eq!(game.play(mv("c1-c2")), Err(MoveError::GameOver));
    // Undo takes the draw back with the move.
    game.undo().unwrap();
    assert_eq!(game.status(), ongoing(Side::Blue));

    // A fight in between starts the count afresh: positions before it cannot recur.
    let mut game = Game::from_position(position(
        &r,
        &[
            ("b1", 'F'),
            ("c1", 'P'),
            ("k12", 'f'),
            ("j12", 'p'),
            ("e3", 'G'),
            ("e4", 'u'),
        ],
        Side::Red,
    ));
    for m in shuttle {
        game.play(mv(m)).unwrap();
    }
    assert_eq!(game.occurrences(), 2);
    game.play(mv("e3xe4")).unwrap();
    assert_eq!(game.occurrences(), 1);
}

#[test]
fn czech_no_move_after_game_over() {
    // After a win.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("k11", 'D'),
            ("c2", 'D'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    play(&mut pos, "k11xk12");
    assert!(pos.status().is_over());
    let after = pos;
    assert!(pos.legal_moves().is_empty());
    let mut n = 0;
    pos.for_each_legal_move(|_| n += 1);
    assert_eq!(n, 0);
    for m in ["j12-j11", "c2-c3", "k12-k11"] {
        assert_eq!(pos.check_move(mv(m)), Err(MoveError::GameOver));
        assert_eq!(pos.play(mv(m)), Err(MoveError::GameOver));
    }
    assert_eq!(pos, after);

    // After a draw.
    let mut pos = walled_flags('N', &[]);
    play(&mut pos, "f6xf7");
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
    assert_eq!(pos.check_move(mv("j10-j9")), Err(MoveError::GameOver));
}
