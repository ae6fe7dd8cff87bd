//! Classic: how the pieces move.

use super::*;

#[test]
fn classic_steps_are_orthogonal_only() {
    let mut rules = Ruleset::classic();
    assert!(!rules.diagonal_steps);
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e3", 'J'),
            ("f4", 'r'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    assert_eq!(moves_from(&pos, "e3"), set(&["e2", "e4", "d3", "f3"]));
    refused(&mut pos, "e3-d4", MoveError::DiagonalStep);
    refused(&mut pos, "e3-d2", MoveError::DiagonalStep);
    // a diagonal attack is no more legal
    let before = pos;
    let err = pos.play(mv("e3xf4")).unwrap_err();
    assert!(
        matches!(err, MoveError::DiagonalStep | MoveError::DiagonalAttack(_)),
        "{err:?}"
    );
    assert_eq!(pos, before);
    // The same position with diagonal steps switched on has them (the test can fail).
    rules.diagonal_steps = true;
    let diag = position(
        &rules,
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e3", 'J'),
            ("f4", 'r'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    assert!(moves_from(&diag, "e3").contains("d4"));
}

#[test]
fn classic_pieces_other_than_scout_move_one_square() {
    for kind in RANKED {
        if kind == PieceKind::Scout {
            continue;
        }
        let letter = kind.letter();
        let mut pos = classic(
            &[("a1", 'F'), ("j10", 'f'), ("e3", letter), ("a8", 'r')],
            Side::Red,
        );
        assert_eq!(
            moves_from(&pos, "e3"),
            set(&["e2", "e4", "d3", "f3"]),
            "{kind}"
        );
        refused(&mut pos, "e3-e5", MoveError::TooFar(kind));
        refused(&mut pos, "e3-g3", MoveError::TooFar(kind));
    }
}

#[test]
fn classic_scout_moves_any_distance_and_attacks_in_same_move() {
    let base = [
        ("a1", 'F'),
        ("j10", 'f'),
        ("e2", 'S'),
        ("e9", 'y'),
        ("a8", 'r'),
    ];
    let mut pos = classic(&base, Side::Red);
    let far = moves_from(&pos, "e2");
    for to in [
        "e1", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "a2", "b2", "j2",
    ] {
        assert!(far.contains(to), "e2-{to} missing from {far:?}");
    }
    assert!(!far.contains("e10"), "the Scout may not pass the Spy");
    // a long move to an empty square
    let mut quiet = pos;
    quiet.play(mv("e2-e8")).unwrap();
    assert_eq!(
        quiet.piece_at(sq("e8")).map(|p| p.kind),
        Some(PieceKind::Scout)
    );
    // a long move that ends in an attack: the Scout (2) beats the Spy (1)
    let out = pos.play(mv("e2xe9")).unwrap();
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert_eq!(pos.piece_at(sq("e2")), None);
    assert_eq!(
        pos.piece_at(sq("e9")).map(|p| (p.side, p.kind)),
        Some((Side::Red, PieceKind::Scout))
    );

    // losing a long-range attack: the Scout is removed, the defender stays put
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e2", 'S'),
            ("e9", 'r'),
            ("a2", 'R'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    let out = pos.play(mv("e2xe9")).unwrap();
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    assert_eq!(pos.piece_at(sq("e2")), None);
    assert_eq!(pos.piece_at(sq("e8")), None);
    assert_eq!(
        pos.piece_at(sq("e9")).map(|p| p.kind),
        Some(PieceKind::Sergeant)
    );
}

#[test]
fn classic_scout_cannot_jump() {
    // over an own piece
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e2", 'S'),
            ("e4", 'R'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    refused(&mut pos, "e2-e5", MoveError::PathBlocked(sq("e4")));
    let m = moves_from(&pos, "e2");
    assert!(m.contains("e3") && !m.contains("e4") && !m.contains("e5"));
    // over an enemy piece: it may attack it but not pass it
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e2", 'S'),
            ("e4", 'r'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    refused(&mut pos, "e2-e5", MoveError::PathBlocked(sq("e4")));
    refused(&mut pos, "e2-e10", MoveError::PathBlocked(sq("e4")));
    let m = moves_from(&pos, "e2");
    assert!(m.contains("e4") && !m.contains("e5"));
    // an attack past the first enemy piece is not allowed either
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e2", 'S'),
            ("e4", 'r'),
            ("e6", 'r'),
        ],
        Side::Red,
    );
    refused(&mut pos, "e2xe6", MoveError::PathBlocked(sq("e4")));
}

#[test]
fn classic_scout_moves_only_along_ranks_and_files() {
    let mut pos = classic(
        &[("a1", 'F'), ("j10", 'f'), ("e2", 'S'), ("a8", 'r')],
        Side::Red,
    );
    refused(&mut pos, "e2-f3", MoveError::DiagonalStep);
    refused(&mut pos, "e2-g4", MoveError::NotALine);
    refused(&mut pos, "e2-f4", MoveError::NotALine);
    assert!(
        pos.legal_moves()
            .iter()
            .filter(|m| m.from == sq("e2"))
            .all(|m| m.from.file() == m.to.file() || m.from.rank() == m.to.rank())
    );
}

#[test]
fn classic_bombs_and_flag_never_move() {
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("e2", 'B'),
            ("j10", 'f'),
            ("a8", 'r'),
            ("h2", 'R'),
        ],
        Side::Red,
    );
    refused(
        &mut pos,
        "a1-a2",
        MoveError::Immovable {
            square: sq("a1"),
            kind: PieceKind::Flag,
        },
    );
    refused(
        &mut pos,
        "e2-e3",
        MoveError::Immovable {
            square: sq("e2"),
            kind: PieceKind::Bomb,
        },
    );
    assert!(pos.legal_moves().iter().all(|m| m.from == sq("h2")));
}

#[test]
fn classic_players_alternate() {
    let mut pos = classic(
        &[("a1", 'F'), ("j10", 'f'), ("e3", 'R'), ("e8", 'r')],
        Side::Red,
    );
    assert_eq!(pos.to_move(), Side::Red);
    refused(&mut pos, "e8-e7", MoveError::NotYourPiece(sq("e8")));
    pos.play(mv("e3-e4")).unwrap();
    assert_eq!(pos.to_move(), Side::Blue);
    assert_eq!(
        pos.status(),
        Status::Ongoing {
            to_move: Side::Blue
        }
    );
    refused(&mut pos, "e4-e5", MoveError::NotYourPiece(sq("e4")));
    pos.play(mv("e8-e7")).unwrap();
    assert_eq!(pos.to_move(), Side::Red);
}
