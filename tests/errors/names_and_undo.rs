//! Names that do not parse, nothing to undo, and odd input that must not panic.

use super::*;

#[test]
fn square_parse_errors() {
    let cases: [(&str, SquareParseError); 11] = [
        ("", SquareParseError::Empty),
        ("m1", SquareParseError::BadFile('m')),
        ("z5", SquareParseError::BadFile('z')),
        ("15", SquareParseError::BadFile('1')),
        ("a", SquareParseError::BadRank),
        ("a0", SquareParseError::BadRank),
        ("a13", SquareParseError::BadRank),
        ("a01", SquareParseError::BadRank),
        ("a1x", SquareParseError::BadRank),
        ("a-1", SquareParseError::BadRank),
        ("a100", SquareParseError::BadRank),
    ];
    for (text, e) in cases {
        assert_eq!(text.parse::<Square>(), Err(e), "{text:?}");
        assert_eq!(Geometry::classic().parse_square(text), Err(e), "{text:?}");
        msg(&e);
    }
    assert_eq!("a12".parse::<Square>(), Ok(Square::new(0, 11).unwrap()));
}

#[test]
fn square_parse_off_board_and_lake() {
    let g = Geometry::classic();
    let e = SquareParseError::OffBoard(sq("k1"));
    assert_eq!(g.parse_square("k1"), Err(e));
    assert_eq!(
        g.parse_square("a11"),
        Err(SquareParseError::OffBoard(sq("a11")))
    );
    msg(&e);
    let e = SquareParseError::Lake(sq("c5"));
    assert_eq!(g.parse_square("c5"), Err(e));
    msg(&e);
    let czech = Geometry::marsal_a_spion();
    assert_eq!(
        czech.parse_square("a1"),
        Err(SquareParseError::OffBoard(sq("a1")))
    );
    assert_eq!(
        czech.parse_square("e8"),
        Err(SquareParseError::Lake(sq("e8")))
    );
}

// ---------------------------------------------------------------- PieceKind / Side

#[test]
fn piece_kind_parse_error() {
    for text in ["Dragon", "", "Q", "MM", "Marshall"] {
        assert_eq!(
            text.parse::<PieceKind>(),
            Err(PieceKindParseError),
            "{text:?}"
        );
    }
    msg(&PieceKindParseError);
}

#[test]
fn side_parse_error() {
    for text in ["green", "", "x", "RED "] {
        assert_eq!(text.parse::<Side>(), Err(SideParseError), "{text:?}");
    }
    msg(&SideParseError);
}

// ---------------------------------------------------------------- UndoError

#[cfg(feature = "alloc")] // undo is a Game's
#[test]
fn undo_nothing_to_undo() {
    let mut game = Game::from_position(arena());
    assert_eq!(game.undo(), Err(UndoError::NothingToUndo));
    game.play(mv("e4-e3")).unwrap();
    assert!(game.undo().is_ok());
    assert_eq!(game.undo(), Err(UndoError::NothingToUndo));
    assert_eq!(game.position(), &arena());
    msg(&UndoError::NothingToUndo);
}

// ---------------------------------------------------------------- odd input never panics

#[test]
fn odd_input_gives_errors_not_panics() {
    let rules = Ruleset::classic();
    // multibyte and control characters
    for text in [
        "é1-a1",
        "aé-a1",
        "a1–a2",
        "a1-a\u{0}",
        "\u{1F600}",
        " e4 - e5 ",
    ] {
        assert!(text.parse::<Move>().is_err(), "{text:?}");
        assert!(arena().parse_move(text).is_err(), "{text:?}");
    }
    assert_eq!(
        Geometry::from_diagram(&["é.", ".."]),
        Err(GeometryError::BadChar {
            ch: 'é',
            row: 1,
            file: 'a'
        })
    );
    assert!(Position::from_text(&rules, "é r").is_err());
    assert!(Position::from_text(&rules, "/////////// r").is_err());
    assert!(Setup::from_text(&rules, Side::Blue, "éééééééééé/./././.").is_err());
    assert!(Setup::from_text(&rules, Side::Red, "").is_err());
    // setup functions given an inconsistent ruleset
    let mut big = Ruleset::classic();
    big.armies[0] = Army::classic().with(PieceKind::Scout, 200);
    let s = Setup::random(&big, Side::Red, 1);
    assert!(s.validate(&big).is_err());
    for (files, ranks) in [(0, 0), (13, 13), (12, 1)] {
        let mut odd = Ruleset::classic();
        odd.board.files = files;
        odd.board.ranks = ranks;
        let _ = Setup::from_text(&odd, Side::Blue, "..........");
        let _ = Setup::random(&odd, Side::Blue, 3).to_text(&odd).to_string();
        assert!(Position::from_text(&odd, ". r").is_err());
    }
}
