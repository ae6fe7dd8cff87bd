//! Moves the rules refuse, and move text that does not parse.

use super::*;

#[test]
fn move_game_over() {
    let rules = Ruleset::classic();
    // Red's Flag is gone: Blue has won.
    let mut pos = position(&rules, &[("e4", 'M'), ("j10", 'f'), ("e7", 'm')], Side::Red);
    assert!(pos.status().is_over());
    refused(&mut pos, "e4-e5", MoveError::GameOver);
    refused(&mut pos, "e7-e6", MoveError::GameOver);
    // also garbage moves are refused as game over first
    refused(&mut pos, "a1-a2", MoveError::GameOver);
    // and after a game ends by a move
    let mut pos = position(
        &rules,
        &[("a1", 'F'), ("j9", 'M'), ("j10", 'f'), ("e7", 'm')],
        Side::Red,
    );
    pos.play(mv("j9xj10")).unwrap();
    refused(&mut pos, "e7-e6", MoveError::GameOver);
    // Move text is refused as game over too, before its notation is judged
    // ("e7-j10" would otherwise be a notation error).
    let before = pos;
    assert_eq!(pos.play_text("e7-j10"), Err(MoveError::GameOver));
    assert_eq!(pos.play_text("garbage"), Err(MoveError::GameOver));
    assert_eq!(pos, before);
    #[cfg(feature = "alloc")]
    {
        let mut game = marsal::Game::from_position(pos);
        assert_eq!(game.play_text("e7-e6"), Err(MoveError::GameOver));
    }
}

#[test]
fn move_off_board() {
    let mut pos = arena();
    refused(&mut pos, "j3-k3", MoveError::OffBoard(sq("k3")));
    refused(&mut pos, "k3-j3", MoveError::OffBoard(sq("k3")));
    refused(&mut pos, "a2-a11", MoveError::OffBoard(sq("a11")));
}

#[test]
fn move_into_or_from_lake() {
    let mut pos = arena();
    refused(&mut pos, "c4-c5", MoveError::Lake(sq("c5")));
    refused(&mut pos, "c5-c4", MoveError::Lake(sq("c5")));
}

#[test]
fn move_no_piece() {
    let mut pos = arena();
    refused(&mut pos, "e3-e2", MoveError::NoPiece(sq("e3")));
}

#[test]
fn move_not_your_piece() {
    let mut pos = arena();
    refused(&mut pos, "e5-e6", MoveError::NotYourPiece(sq("e5")));
    refused(&mut pos, "f5xf4", MoveError::NotYourPiece(sq("f5")));
}

#[test]
fn move_immovable() {
    let mut pos = arena();
    refused(
        &mut pos,
        "a1-b2",
        MoveError::Immovable {
            square: sq("a1"),
            kind: PieceKind::Flag,
        },
    );
    refused(
        &mut pos,
        "b1-c1",
        MoveError::Immovable {
            square: sq("b1"),
            kind: PieceKind::Bomb,
        },
    );
}

#[test]
fn move_same_square() {
    let mut pos = arena();
    refused(&mut pos, "e4-e4", MoveError::SameSquare);
}

#[test]
fn move_onto_own_piece() {
    let mut pos = arena();
    refused(&mut pos, "e4-f4", MoveError::OwnPiece(sq("f4")));
    refused(&mut pos, "a2-a1", MoveError::OwnPiece(sq("a1")));
}

#[test]
fn move_diagonal_step_not_allowed() {
    let mut pos = arena();
    refused(&mut pos, "e4-d3", MoveError::DiagonalStep);
    refused(&mut pos, "a2-b3", MoveError::DiagonalStep);
}

#[test]
fn move_diagonal_attack() {
    // diagonal steps allowed (Czech rules), but attacks are orthogonal only
    let rules = Ruleset::marsal_a_spion();
    let mut pos = position(
        &rules,
        &[("b1", 'F'), ("f3", 'G'), ("g4", 'p'), ("k12", 'f')],
        Side::Red,
    );
    assert!(pos.is_legal(mv("f3-e4")), "diagonal steps are on");
    refused(&mut pos, "f3xg4", MoveError::DiagonalAttack(sq("g4")));
}

#[test]
fn move_corner_blocked() {
    // Under the corner rule a diagonal step between two blocked squares (a
    // piece on f4, a piece on g3) is refused, naming both.
    let mut rules = Ruleset::marsal_a_spion();
    rules.corner_rule = true;
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("f3", 'G'),
            ("f4", 'P'),
            ("g3", 'p'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    assert!(pos.is_legal(mv("f3-e4")), "one square beside is empty");
    refused(
        &mut pos,
        "f3-g4",
        MoveError::CornerBlocked(sq("f4"), sq("g3")),
    );
    assert!(msg(&MoveError::CornerBlocked(sq("f4"), sq("g3"))).contains("g3"));
}

#[test]
fn move_too_far_for_non_scout() {
    let mut pos = arena();
    refused(&mut pos, "e4-e2", MoveError::TooFar(PieceKind::Marshal));
    refused(&mut pos, "j3-j6", MoveError::TooFar(PieceKind::Sergeant));
}

#[test]
fn move_path_blocked() {
    let mut pos = arena();
    refused(&mut pos, "a2-a6", MoveError::PathBlocked(sq("a4")));
    refused(&mut pos, "h3-h7", MoveError::PathBlocked(sq("h5")));
    refused(&mut pos, "a2-a10", MoveError::PathBlocked(sq("a4")));
}

#[test]
fn move_not_a_line() {
    let mut pos = arena();
    refused(&mut pos, "e4-f6", MoveError::NotALine);
    refused(&mut pos, "h3-j5", MoveError::NotALine);
}

#[test]
fn move_notation_via_play_text() {
    let mut pos = arena();
    let before = pos;
    for (text, err) in [
        ("e4", MoveParseError::NoSeparator),
        ("e4-e5", MoveParseError::IsAnAttack(sq("e5"))),
        ("e4xe3", MoveParseError::NotAnAttack(sq("e3"))),
        (
            "z4-e5",
            MoveParseError::From(SquareParseError::BadFile('z')),
        ),
        ("e4-e0", MoveParseError::To(SquareParseError::BadRank)),
    ] {
        let e = MoveError::Notation(err);
        assert_eq!(pos.play_text(text), Err(e), "{text}");
        assert_eq!(pos, before);
        #[cfg(feature = "alloc")]
        {
            let mut game = Game::from_position(before);
            assert_eq!(game.play_text(text), Err(e), "{text}");
            assert_eq!(game.position(), &before);
        }
        msg(&e);
    }
    // a well-written but illegal move is refused by the rules, not the notation
    assert_eq!(pos.play_text("e4-d3"), Err(MoveError::DiagonalStep));
    assert_eq!(pos, before);
}

// ---------------------------------------------------------------- MoveParseError

#[test]
fn move_parse_no_separator() {
    for text in ["e4e5", "e4", "", "-e5", "e4+e5"] {
        assert_eq!(
            text.parse::<Move>(),
            Err(MoveParseError::NoSeparator),
            "{text:?}"
        );
    }
    msg(&MoveParseError::NoSeparator);
}

#[test]
fn move_parse_bad_squares() {
    let e = MoveParseError::From(SquareParseError::BadFile('m'));
    assert_eq!("m1-a1".parse::<Move>(), Err(e));
    msg(&e);
    assert_eq!(
        "a0-a1".parse::<Move>(),
        Err(MoveParseError::From(SquareParseError::BadRank))
    );
    let e = MoveParseError::To(SquareParseError::BadRank);
    assert_eq!("a1-a13".parse::<Move>(), Err(e));
    msg(&e);
    assert_eq!(
        "a1-".parse::<Move>(),
        Err(MoveParseError::To(SquareParseError::Empty))
    );
}

#[test]
fn move_parse_attack_marks() {
    let pos = arena();
    let e = MoveParseError::NotAnAttack(sq("e3"));
    assert_eq!(pos.parse_move("e4xe3"), Err(e));
    msg(&e);
    // x onto an own piece is not an attack either
    assert_eq!(
        pos.parse_move("e4xf4"),
        Err(MoveParseError::NotAnAttack(sq("f4")))
    );
    let e = MoveParseError::IsAnAttack(sq("e5"));
    assert_eq!(pos.parse_move("e4-e5"), Err(e));
    msg(&e);
    assert_eq!(pos.parse_move("e4xe5"), Ok(mv("e4-e5")));
    assert_eq!(pos.parse_move("e4-e3"), Ok(mv("e4-e3")));
}
