//! Every error a caller can cause through the public API, with its exact value
//! and a non-empty message.

use marsal::{
    Army, Game, Geometry, GeometryError, Move, MoveError, MoveParseError, PieceKind,
    PieceKindParseError, Position, PositionError, PositionTextError, Ruleset, RulesetError, Setup,
    SetupError, Side, SideParseError, Square, SquareParseError, UndoError,
};
use std::fmt::Display;

// ---------------------------------------------------------------- helpers

mod common;
use common::{board_rows, mv, position, position_text, sq};

/// Asserts that an error has a non-empty message, and returns it.
fn msg<E: Display>(e: &E) -> String {
    let m = e.to_string();
    assert!(!m.trim().is_empty(), "empty error message");
    m
}

/// A classic position, Red to move, in which many kinds of illegal move can be
/// tried.
fn arena() -> Position {
    position(
        &Ruleset::classic(),
        &[
            ("a1", 'F'),
            ("b1", 'B'),
            ("a2", 'S'),
            ("a4", 'R'),
            ("c4", 'L'),
            ("e4", 'M'),
            ("f4", 'N'),
            ("h3", 'S'),
            ("j3", 'R'),
            ("j10", 'f'),
            ("e5", 'r'),
            ("f5", 'g'),
        ],
        Side::Red,
    )
}

/// Plays `m` in `pos` and checks it is refused with `expected` by `check_move`,
/// `play` and `Game::play`, leaving everything unchanged.
fn refused(pos: &mut Position, m: &str, expected: MoveError) {
    let before = *pos;
    assert_eq!(pos.check_move(mv(m)), Err(expected), "check_move {m}");
    assert!(!pos.is_legal(mv(m)));
    assert_eq!(pos.play(mv(m)), Err(expected), "play {m}");
    assert_eq!(*pos, before, "the failed move {m} changed the position");
    let mut game = Game::from_position(before);
    assert_eq!(game.play(mv(m)), Err(expected), "Game::play {m}");
    assert_eq!(game.position(), &before);
    assert_eq!(game.moves().count(), 0);
    msg(&expected);
}

// ---------------------------------------------------------------- RulesetError

fn check_ruleset(r: &Ruleset, expected: RulesetError) {
    assert_eq!(r.validate(), Err(expected));
    msg(&expected);
    // every constructor refuses it
    let err = PositionError::Ruleset(expected);
    assert_eq!(Position::start(r, 1, 2), Err(err));
    assert_eq!(Position::from_text(r, "whatever r"), Err(err));
    let red = Setup::new(Side::Red);
    let blue = Setup::new(Side::Blue);
    assert_eq!(Position::new(r, &red, &blue), Err(err));
    assert_eq!(Game::new(r, &red, &blue).unwrap_err(), err);
    msg(&err);
}

#[test]
fn ruleset_bad_size() {
    for (files, ranks) in [(0, 10), (10, 0), (13, 10), (10, 13)] {
        let mut r = Ruleset::classic();
        r.board.files = files;
        r.board.ranks = ranks;
        check_ruleset(&r, RulesetError::BadSize { files, ranks });
    }
}

#[test]
fn ruleset_playable_square_outside_board() {
    let mut r = Ruleset::classic();
    r.board.files = 9;
    check_ruleset(&r, RulesetError::OutsideBoard(sq("j1")));
    let mut r = Ruleset::classic();
    r.board.lakes.insert(sq("l12"));
    check_ruleset(&r, RulesetError::OutsideBoard(sq("l12")));
}

#[test]
fn ruleset_lake_on_playable() {
    let mut r = Ruleset::classic();
    r.board.playable.insert(sq("c5"));
    check_ruleset(&r, RulesetError::LakeOnPlayable(sq("c5")));
}

#[test]
fn ruleset_zone_on_lake() {
    let mut r = Ruleset::classic();
    r.board.zones[Side::Blue.index()].insert(sq("g6"));
    check_ruleset(
        &r,
        RulesetError::ZoneOnLake {
            side: Side::Blue,
            square: sq("g6"),
        },
    );
}

#[test]
fn ruleset_zone_off_board() {
    let mut r = Ruleset::classic();
    r.board.zones[Side::Red.index()].insert(sq("k1"));
    check_ruleset(
        &r,
        RulesetError::ZoneOffBoard {
            side: Side::Red,
            square: sq("k1"),
        },
    );
    let mut r = Ruleset::marsal_a_spion();
    r.board.zones[Side::Blue.index()].insert(sq("a12"));
    check_ruleset(
        &r,
        RulesetError::ZoneOffBoard {
            side: Side::Blue,
            square: sq("a12"),
        },
    );
}

#[test]
fn ruleset_zones_overlap() {
    let mut r = Ruleset::classic();
    r.board.zones[Side::Blue.index()].insert(sq("e4"));
    check_ruleset(&r, RulesetError::ZonesOverlap(sq("e4")));
}

#[test]
fn ruleset_army_larger_than_zone() {
    let mut r = Ruleset::classic();
    r.armies[Side::Blue.index()] = Army::classic().with(PieceKind::Scout, 9);
    check_ruleset(
        &r,
        RulesetError::ArmyTooLarge {
            side: Side::Blue,
            pieces: 41,
            squares: 40,
        },
    );
}

#[test]
fn ruleset_no_flag() {
    let mut r = Ruleset::barrage();
    r.armies[Side::Red.index()] = Army::barrage().with(PieceKind::Flag, 0);
    check_ruleset(&r, RulesetError::NoFlag(Side::Red));
}

#[test]
fn ruleset_several_flags() {
    let mut r = Ruleset::barrage();
    r.armies[Side::Blue.index()] = Army::barrage().with(PieceKind::Flag, 3);
    check_ruleset(
        &r,
        RulesetError::SeveralFlags {
            side: Side::Blue,
            count: 3,
        },
    );
}

#[test]
fn ruleset_unranked_movable_piece() {
    let mut r = Ruleset::classic();
    r.strengths.set(PieceKind::Spy, 0);
    check_ruleset(&r, RulesetError::Unranked(PieceKind::Spy));
    // a Czech kind in a classic army has no classic strength
    let mut r = Ruleset::barrage();
    r.armies[Side::Red.index()] = Army::barrage().with(PieceKind::Gunner, 1);
    check_ruleset(&r, RulesetError::Unranked(PieceKind::Gunner));
    // immovable kinds need no strength
    let mut r = Ruleset::barrage();
    r.armies[Side::Red.index()] = Army::barrage().with(PieceKind::Mine, 2);
    assert_eq!(r.validate(), Ok(()));
}

#[test]
fn ruleset_zero_ply_limit() {
    let mut r = Ruleset::classic();
    r.max_plies = Some(0);
    check_ruleset(&r, RulesetError::ZeroPlyLimit);
    let mut r = Ruleset::classic();
    r.max_plies_without_attack = Some(0);
    check_ruleset(&r, RulesetError::ZeroPlyLimit);
    let mut r = Ruleset::classic();
    r.max_plies = Some(1);
    r.max_plies_without_attack = Some(1);
    assert_eq!(r.validate(), Ok(()));
}

#[test]
fn ruleset_repetition_limit_below_two() {
    for n in [0, 1] {
        let mut r = Ruleset::classic();
        r.repetition_draw = Some(n);
        check_ruleset(&r, RulesetError::RepetitionLimit(n));
    }
    let mut r = Ruleset::classic();
    r.repetition_draw = Some(2);
    assert_eq!(r.validate(), Ok(()));
}

// ---------------------------------------------------------------- GeometryError

#[test]
fn geometry_empty() {
    let none: [&str; 0] = [];
    assert_eq!(Geometry::from_diagram(&none), Err(GeometryError::Empty));
    assert_eq!(Geometry::from_diagram(&[""]), Err(GeometryError::Empty));
    assert_eq!(
        Geometry::from_diagram(&["BB", ""]),
        Err(GeometryError::Empty)
    );
    msg(&GeometryError::Empty);
}

#[test]
fn geometry_too_many_ranks() {
    let rows = vec!["RB"; 13];
    assert_eq!(
        Geometry::from_diagram(&rows),
        Err(GeometryError::TooManyRanks(13))
    );
    msg(&GeometryError::TooManyRanks(13));
    assert!(Geometry::from_diagram(&rows[..12]).is_ok());
}

#[test]
fn geometry_too_many_files() {
    let row = "R".repeat(13);
    assert_eq!(
        Geometry::from_diagram(&[row.as_str(), "B"]),
        Err(GeometryError::TooManyFiles(13))
    );
    msg(&GeometryError::TooManyFiles(13));
}

#[test]
fn geometry_row_length() {
    let e = GeometryError::RowLength {
        row: 3,
        expected: 3,
        found: 2,
    };
    assert_eq!(Geometry::from_diagram(&["BBB", "...", "RR"]), Err(e));
    msg(&e);
}

#[test]
fn geometry_bad_char() {
    let e = GeometryError::BadChar {
        ch: 'x',
        row: 2,
        file: 'b',
    };
    assert_eq!(Geometry::from_diagram(&["BBB", ".x.", "RRR"]), Err(e));
    msg(&e);
}

// ---------------------------------------------------------------- SetupError

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

// ---------------------------------------------------------------- PositionError / PositionTextError

fn text_err(rules: &Ruleset, text: &str, expected: PositionTextError) {
    assert_eq!(
        Position::from_text(rules, text),
        Err(PositionError::Text(expected)),
        "{text}"
    );
    msg(&expected);
    msg(&PositionError::Text(expected));
}

fn flags() -> [(&'static str, char); 4] {
    [("a1", 'F'), ("e4", 'R'), ("j10", 'f'), ("e7", 'r')]
}

#[test]
fn position_text_missing_side_to_move() {
    let rules = Ruleset::classic();
    let rows = board_rows(&rules, &flags()).join("/");
    text_err(&rules, &rows, PositionTextError::MissingSideToMove);
    text_err(&rules, "", PositionTextError::MissingSideToMove);
}

#[test]
fn position_text_bad_side_to_move() {
    let rules = Ruleset::classic();
    let rows = board_rows(&rules, &flags()).join("/");
    for side in ["x", "red", "R", "w"] {
        text_err(
            &rules,
            &format!("{rows} {side}"),
            PositionTextError::BadSideToMove,
        );
    }
}

#[test]
fn position_text_row_count() {
    let rules = Ruleset::classic();
    let rows = board_rows(&rules, &flags());
    text_err(
        &rules,
        &format!("{} r", rows[1..].join("/")),
        PositionTextError::RowCount {
            expected: 10,
            found: 9,
        },
    );
    text_err(
        &rules,
        &format!("{}/.......... r", rows.join("/")),
        PositionTextError::RowCount {
            expected: 10,
            found: 11,
        },
    );
}

#[test]
fn position_text_row_length() {
    let rules = Ruleset::classic();
    let mut rows = board_rows(&rules, &flags());
    rows[0].pop();
    text_err(
        &rules,
        &format!("{} r", rows.join("/")),
        PositionTextError::RowLength {
            rank: 10,
            expected: 10,
            found: 9,
        },
    );
    let mut rows = board_rows(&rules, &flags());
    rows[9].push('.');
    text_err(
        &rules,
        &format!("{} r", rows.join("/")),
        PositionTextError::RowLength {
            rank: 1,
            expected: 10,
            found: 11,
        },
    );
}

#[test]
fn position_text_bad_char() {
    let rules = Ruleset::classic();
    for ch in ['z', '?', 'é', '1'] {
        let text = position_text(
            &rules,
            &[("a1", 'F'), ("e4", 'R'), ("j10", 'f'), ("b2", ch)],
            Side::Red,
        );
        text_err(
            &rules,
            &text,
            PositionTextError::BadChar {
                ch,
                square: sq("b2"),
            },
        );
    }
}

#[test]
fn position_text_terrain_mismatch() {
    let rules = Ruleset::classic();
    let mut rows = board_rows(&rules, &flags());
    rows[5].replace_range(2..3, "."); // c5 is a lake
    text_err(
        &rules,
        &format!("{} r", rows.join("/")),
        PositionTextError::Terrain {
            square: sq("c5"),
            expected: '~',
        },
    );
    let text = position_text(&rules, &[("a1", 'F'), ("j10", 'f'), ("e5", '~')], Side::Red);
    text_err(
        &rules,
        &text,
        PositionTextError::Terrain {
            square: sq("e5"),
            expected: '.',
        },
    );
    let text = position_text(&rules, &[("a1", 'F'), ("j10", 'f'), ("e5", '#')], Side::Red);
    text_err(
        &rules,
        &text,
        PositionTextError::Terrain {
            square: sq("e5"),
            expected: '.',
        },
    );
    // the Czech board has no a1
    let czech = Ruleset::marsal_a_spion();
    let text = position_text(&czech, &[("b1", 'F'), ("k12", 'f'), ("a1", '.')], Side::Red);
    text_err(
        &czech,
        &text,
        PositionTextError::Terrain {
            square: sq("a1"),
            expected: '#',
        },
    );
}

#[test]
fn position_piece_on_lake_or_off_board() {
    let rules = Ruleset::classic();
    let text = position_text(&rules, &[("a1", 'F'), ("j10", 'f'), ("c5", 'M')], Side::Red);
    let e = PositionError::NotPlayable(sq("c5"));
    assert_eq!(Position::from_text(&rules, &text), Err(e));
    msg(&e);
    let czech = Ruleset::marsal_a_spion();
    let text = position_text(&czech, &[("b1", 'F'), ("k12", 'f'), ("a1", 'm')], Side::Red);
    assert_eq!(
        Position::from_text(&czech, &text),
        Err(PositionError::NotPlayable(sq("a1")))
    );
}

#[test]
fn position_too_many_pieces_of_a_kind() {
    let rules = Ruleset::classic();
    let text = position_text(
        &rules,
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e4", 'Y'),
            ("e7", 'y'),
            ("f7", 'y'),
        ],
        Side::Red,
    );
    let e = PositionError::TooMany {
        side: Side::Blue,
        kind: PieceKind::Spy,
        army: 1,
        found: 2,
    };
    assert_eq!(Position::from_text(&rules, &text), Err(e));
    msg(&e);
    // two Flags for one side
    let text = position_text(&rules, &[("a1", 'F'), ("b1", 'F'), ("j10", 'f')], Side::Red);
    assert_eq!(
        Position::from_text(&rules, &text),
        Err(PositionError::TooMany {
            side: Side::Red,
            kind: PieceKind::Flag,
            army: 1,
            found: 2
        })
    );
    // a kind the army does not have (a Czech Mine in a classic army)
    let text = position_text(&rules, &[("a1", 'F'), ("j10", 'f'), ("b1", 'X')], Side::Red);
    assert_eq!(
        Position::from_text(&rules, &text),
        Err(PositionError::TooMany {
            side: Side::Red,
            kind: PieceKind::Mine,
            army: 0,
            found: 1
        })
    );
}

#[test]
fn position_no_flags_at_all() {
    let rules = Ruleset::classic();
    let text = position_text(&rules, &[("e4", 'M'), ("e7", 'm')], Side::Red);
    assert_eq!(
        Position::from_text(&rules, &text),
        Err(PositionError::NoFlags)
    );
    msg(&PositionError::NoFlags);
}

#[test]
fn position_invalid_ruleset() {
    let mut rules = Ruleset::classic();
    rules.armies[1] = Army::EMPTY;
    let text = position_text(&Ruleset::classic(), &flags(), Side::Red);
    let e = PositionError::Ruleset(RulesetError::NoFlag(Side::Blue));
    assert_eq!(Position::from_text(&rules, &text), Err(e));
    msg(&e);
}

// ---------------------------------------------------------------- MoveError

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
    let mut game = marsal::Game::from_position(pos);
    assert_eq!(game.play_text("e7-e6"), Err(MoveError::GameOver));
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
        let mut game = Game::from_position(before);
        assert_eq!(game.play_text(text), Err(e), "{text}");
        assert_eq!(game.position(), &before);
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

// ---------------------------------------------------------------- SquareParseError

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

// ---------------------------------------------------------------- serde error paths

#[cfg(feature = "serde")]
mod serde_errors {
    use super::*;
    use serde_json::{Value, json};

    fn no_panic<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
        std::panic::catch_unwind(|| serde_json::from_str::<T>(text).map_err(|e| msg(&e)))
            .unwrap_or_else(|_| panic!("deserialising panicked on {text}"))
    }

    fn rejects<T: serde::de::DeserializeOwned + std::fmt::Debug>(value: &Value) {
        let text = value.to_string();
        let r = no_panic::<T>(&text);
        assert!(r.is_err(), "accepted {text}: {r:?}");
    }

    #[test]
    fn ruleset_malformed_json() {
        let good = serde_json::to_value(Ruleset::classic()).unwrap();
        assert_eq!(
            serde_json::from_value::<Ruleset>(good.clone()).unwrap(),
            Ruleset::classic()
        );
        for text in ["", "{", "[]", "null", "42", "{\"board\": 3}"] {
            assert!(no_panic::<Ruleset>(text).is_err(), "{text:?}");
        }
        let mut v = good.clone();
        v["board"][0] = json!("BBBBBBBBBX");
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["board"][3] = json!("BBBB");
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["board"] = json!(vec!["RB"; 13]);
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["board"] = json!([]);
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["board"] = json!(["R".repeat(13)]);
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["armies"][0]["Dragon"] = json!(1);
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["armies"][0]["Scout"] = json!(256);
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["armies"][0]["Scout"] = json!(-1);
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["armies"] = json!([v["armies"][0].clone()]);
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["spy_rule"] = json!("sometimes");
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["first_to_move"] = json!("green");
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["max_plies"] = json!(-5);
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v["colour"] = json!("red");
        rejects::<Ruleset>(&v);
        let mut v = good.clone();
        v.as_object_mut().unwrap().remove("board");
        rejects::<Ruleset>(&v);
        // Well-formed but inconsistent: reading is allowed, validate() says why.
        let mut v = good;
        v["max_plies"] = json!(0);
        if let Ok(r) = serde_json::from_value::<Ruleset>(v) {
            assert_eq!(r.validate(), Err(RulesetError::ZeroPlyLimit));
        }
    }

    #[test]
    fn setup_malformed_json() {
        let rules = Ruleset::barrage();
        let s = Setup::random(&rules, Side::Red, 1);
        let good = serde_json::to_value(s).unwrap();
        assert_eq!(serde_json::from_value::<Setup>(good.clone()).unwrap(), s);
        for text in [
            "",
            "{",
            "{}",
            r#"{"side": "green", "pieces": {}}"#,
            r#"{"side": "red", "pieces": {"z1": "Flag"}}"#,
            r#"{"side": "red", "pieces": {"a0": "Flag"}}"#,
            r#"{"side": "red", "pieces": {"a1": "Dragon"}}"#,
            r#"{"side": "red", "pieces": {"a1": "Flag", "a1": "Spy"}}"#,
            r#"{"side": "red", "pieces": []}"#,
            r#"{"side": "red", "pieces": {}, "extra": 1}"#,
        ] {
            assert!(no_panic::<Setup>(text).is_err(), "{text}");
        }
    }

    fn position_value() -> (Position, Value) {
        let pos = arena();
        let v = serde_json::to_value(pos).unwrap();
        (pos, v)
    }

    #[test]
    fn position_round_trips() {
        let (pos, v) = position_value();
        assert_eq!(serde_json::from_value::<Position>(v).unwrap(), pos);
    }

    #[test]
    fn position_knowledge_excluding_own_kind() {
        let (_, mut v) = position_value();
        // The Red Marshal on e4: Blue "knows" it is a Scout.
        v["knowledge"]["e4"] = json!(marsal::KindSet::only(PieceKind::Scout).bits());
        rejects::<Position>(&v);
        // A kind the army does not have.
        let (_, mut v) = position_value();
        v["knowledge"]["e4"] = json!(
            marsal::KindSet::only(PieceKind::Marshal)
                .with(PieceKind::Gunner)
                .bits()
        );
        rejects::<Position>(&v);
        // Knowledge about an empty square.
        let (_, mut v) = position_value();
        v["knowledge"]["e3"] = json!(marsal::KindSet::only(PieceKind::Marshal).bits());
        rejects::<Position>(&v);
        // A knowledge key that is not a square.
        let (_, mut v) = position_value();
        v["knowledge"]["zz"] = json!(1);
        rejects::<Position>(&v);
        // The matching knowledge is accepted.
        let (pos, mut v) = position_value();
        v["knowledge"]["e4"] = json!(marsal::KindSet::only(PieceKind::Marshal).bits());
        let back: Position = serde_json::from_value(v).unwrap();
        assert_eq!(
            back.known_to_opponent(sq("e4")),
            Some(marsal::KindSet::only(PieceKind::Marshal))
        );
        assert_ne!(back, pos);
    }

    #[test]
    fn position_bad_board_text() {
        let (_, v) = position_value();
        let board = v["board"].as_str().unwrap().to_string();
        for bad in [
            board.replace(" r", " x"),
            board.replace(" r", ""),
            board.replacen("..~~..~~..", "..~~..~~.", 1),
            board.replacen('~', ".", 1),
            board.replacen('f', "q", 1),
            board.replacen('f', ".", 1).replacen('F', ".", 1),
            board.replacen("..~~", "..~M", 1),
            "x".repeat(10_000),
            String::new(),
        ] {
            let mut v = v.clone();
            v["board"] = json!(bad);
            rejects::<Position>(&v);
        }
        let mut v = v.clone();
        v["board"] = json!(5);
        rejects::<Position>(&v);
    }

    #[test]
    fn position_invalid_ruleset_or_fields() {
        let (_, v) = position_value();
        let mut w = v.clone();
        w["rules"]["max_plies"] = json!(0);
        rejects::<Position>(&w);
        let mut w = v.clone();
        w["rules"]["armies"][1] = json!({});
        rejects::<Position>(&w);
        let mut w = v.clone();
        w["ply"] = json!(-1);
        rejects::<Position>(&w);
        let mut w = v.clone();
        w["unknown"] = json!(true);
        rejects::<Position>(&w);
        let mut w = v.clone();
        w.as_object_mut().unwrap().remove("rules");
        rejects::<Position>(&w);
        for text in ["", "{", "[]", "null"] {
            assert!(no_panic::<Position>(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn game_with_illegal_move() {
        let mut game = Game::from_position(arena());
        game.play(mv("e4-e3")).unwrap();
        let good = serde_json::to_value(&game).unwrap();
        assert_eq!(serde_json::from_value::<Game>(good.clone()).unwrap(), game);
        // Moves are written in the serde form of `Move`.
        let jm = |moves: &[&str]| json!(moves.iter().map(|m| mv(m)).collect::<Vec<_>>());
        for moves in [
            jm(&["e4-e3", "e4-e3"]),             // Blue to move: no Blue piece on e4
            jm(&["e4-d3"]),                      // diagonal
            jm(&["e4-f4"]),                      // own piece
            jm(&["a1-a2"]),                      // immovable
            jm(&["e4-e3", "e5-e7"]),             // too far
            jm(&["k1-j1"]),                      // off board
            json!([{"from": "e4"}]),             // incomplete
            json!([{"from": "e4", "to": "z3"}]), // not a square
            json!([5]),                          // not a move
            json!(jm(&["e4-e3"])[0]),            // not a list
        ] {
            let mut v = good.clone();
            v["moves"] = moves;
            rejects::<Game>(&v);
        }
        let mut v = good.clone();
        v["moves"] = jm(&["e4-e3", "e5-e4"]);
        assert_eq!(
            serde_json::from_value::<Game>(v).unwrap().moves().count(),
            2,
            "legal moves are accepted"
        );
        // a move after the game has ended
        let start = position(
            &Ruleset::classic(),
            &[("a1", 'F'), ("j9", 'M'), ("j10", 'f'), ("e7", 'm')],
            Side::Red,
        );
        let mut v = serde_json::to_value(Game::from_position(start)).unwrap();
        v["moves"] = jm(&["j9-j10", "e7-e6"]);
        rejects::<Game>(&v);
        v["moves"] = jm(&["j9-j10"]);
        assert!(
            serde_json::from_value::<Game>(v)
                .unwrap()
                .status()
                .is_over()
        );
        let mut v = good;
        v["start"]["board"] = json!("nonsense r");
        rejects::<Game>(&v);
        for text in ["", "{", "{}", "null"] {
            assert!(no_panic::<Game>(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn error_values_round_trip() {
        let errors = [
            MoveError::GameOver,
            MoveError::Notation(MoveParseError::From(SquareParseError::BadFile('z'))),
            MoveError::Immovable {
                square: sq("a1"),
                kind: PieceKind::Flag,
            },
            MoveError::PathBlocked(sq("h5")),
        ];
        for e in errors {
            let text = serde_json::to_string(&e).unwrap();
            assert_eq!(serde_json::from_str::<MoveError>(&text).unwrap(), e);
        }
        assert!(no_panic::<MoveError>(r#"{"OffBoard": "z99"}"#).is_err());
        assert!(no_panic::<RulesetError>(r#""NoSuchError""#).is_err());
        assert!(no_panic::<SetupError>(r#"{"DoublyUsed": 3}"#).is_err());
    }
}
