//! Setups: out of the zone, doubly used, wrong counts, bad text.

use super::*;

#[test]
fn setup_outside_zone() {
    let rules = Ruleset::barrage();
    let s = Setup::from_text(
        &rules,
        Side::Red,
        "........../........../.S.....S../..BFN.GYM.",
    )
    .unwrap();
    let mut bad = s;
    bad.remove(sq("d1"));
    bad.place(sq("d7"), PieceKind::Flag).unwrap();
    let e = SetupError::OutsideZone {
        square: sq("d7"),
        kind: PieceKind::Flag,
    };
    assert_eq!(bad.validate(&rules), Err(e));
    msg(&e);
    // off the board altogether
    let mut bad = s;
    bad.remove(sq("d1"));
    bad.place(sq("k1"), PieceKind::Flag).unwrap();
    assert_eq!(
        bad.validate(&rules),
        Err(SetupError::OutsideZone {
            square: sq("k1"),
            kind: PieceKind::Flag
        })
    );
}

#[test]
fn setup_doubly_used() {
    let e = SetupError::DoublyUsed(sq("b1"));
    let mut s = Setup::new(Side::Red);
    s.place(sq("b1"), PieceKind::Flag).unwrap();
    let before = s;
    assert_eq!(s.place(sq("b1"), PieceKind::Spy), Err(e));
    assert_eq!(s, before, "a refused placement changes nothing");
    assert_eq!(
        Setup::from_pieces(
            Side::Red,
            [(sq("b1"), PieceKind::Flag), (sq("b1"), PieceKind::Spy)]
        ),
        Err(e)
    );
    msg(&e);
}

#[test]
fn setup_empty_square() {
    let rules = Ruleset::classic();
    let mut s = Setup::random(&rules, Side::Blue, 9);
    s.remove(sq("e8"));
    let e = SetupError::EmptySquare(sq("e8"));
    assert_eq!(s.validate(&rules), Err(e));
    msg(&e);
}

#[test]
fn setup_wrong_count() {
    let rules = Ruleset::barrage();
    let s = Setup::from_text(
        &rules,
        Side::Red,
        "........../........../.S.....S../..BFN.G.M.",
    )
    .unwrap();
    let e = SetupError::WrongCount {
        kind: PieceKind::Spy,
        expected: 1,
        found: 0,
    };
    assert_eq!(s.validate(&rules), Err(e));
    msg(&e);
    let s = Setup::from_text(
        &rules,
        Side::Red,
        "........../.......MM./.S.....S../..BFN.GY..",
    )
    .unwrap();
    assert_eq!(
        s.validate(&rules),
        Err(SetupError::WrongCount {
            kind: PieceKind::Marshal,
            expected: 1,
            found: 2
        })
    );
}

#[test]
fn setup_wrong_side() {
    let rules = Ruleset::barrage();
    let red = Setup::random(&rules, Side::Red, 1);
    let blue = Setup::random(&rules, Side::Blue, 2);
    let e = PositionError::Setup {
        side: Side::Blue,
        error: SetupError::WrongSide {
            expected: Side::Blue,
            found: Side::Red,
        },
    };
    assert_eq!(Position::new(&rules, &red, &red), Err(e));
    #[cfg(feature = "alloc")]
    assert_eq!(Game::new(&rules, &red, &red).unwrap_err(), e);
    assert_eq!(
        Position::new(&rules, &blue, &blue),
        Err(PositionError::Setup {
            side: Side::Red,
            error: SetupError::WrongSide {
                expected: Side::Red,
                found: Side::Blue
            }
        })
    );
    msg(&e);
    msg(&SetupError::WrongSide {
        expected: Side::Blue,
        found: Side::Red,
    });
}

#[test]
fn setup_text_bad_letter() {
    let rules = Ruleset::classic();
    let mut text = Setup::random(&rules, Side::Red, 1)
        .to_text(&rules)
        .to_string();
    text.replace_range(0..1, "Z");
    // Red's first character is its front left square, a4
    let e = SetupError::BadLetter {
        ch: 'Z',
        square: sq("a4"),
    };
    assert_eq!(Setup::from_text(&rules, Side::Red, &text), Err(e));
    msg(&e);
    // Blue's first character is its front left square, seen from its chair: j7
    assert_eq!(
        Setup::from_text(&rules, Side::Blue, &text),
        Err(SetupError::BadLetter {
            ch: 'Z',
            square: sq("j7")
        })
    );
    let t = "........../........../........../.........?";
    assert_eq!(
        Setup::from_text(&Ruleset::barrage(), Side::Red, t),
        Err(SetupError::BadLetter {
            ch: '?',
            square: sq("j1")
        })
    );
}

#[test]
fn setup_text_row_count() {
    let rules = Ruleset::barrage();
    let e = SetupError::RowCount {
        expected: 4,
        found: 3,
    };
    assert_eq!(
        Setup::from_text(&rules, Side::Red, "........../........../.........."),
        Err(e)
    );
    assert_eq!(
        Setup::from_text(&rules, Side::Blue, "../../../../.."),
        Err(SetupError::RowCount {
            expected: 4,
            found: 5
        })
    );
    msg(&e);
}

#[test]
fn setup_text_row_length() {
    let rules = Ruleset::barrage();
    let e = SetupError::RowLength {
        row: 2,
        expected: 10,
        found: 9,
    };
    assert_eq!(
        Setup::from_text(
            &rules,
            Side::Red,
            "........../........./........../.........."
        ),
        Err(e)
    );
    assert_eq!(
        Setup::from_text(
            &rules,
            Side::Blue,
            "........../........../........../..........."
        ),
        Err(SetupError::RowLength {
            row: 4,
            expected: 10,
            found: 11
        })
    );
    msg(&e);
}

#[test]
fn position_new_reports_setup_errors_with_side() {
    let rules = Ruleset::classic();
    let red = Setup::random(&rules, Side::Red, 1);
    let mut blue = Setup::random(&rules, Side::Blue, 2);
    blue.remove(sq("a10"));
    let e = PositionError::Setup {
        side: Side::Blue,
        error: SetupError::EmptySquare(sq("a10")),
    };
    assert_eq!(Position::new(&rules, &red, &blue), Err(e));
    msg(&e);
}
