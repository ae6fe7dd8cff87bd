//! Setting up: each army in its own zone.

use super::*;

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
