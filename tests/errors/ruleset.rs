//! A ruleset or a board that does not hold together.

use super::*;

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
    #[cfg(feature = "alloc")]
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
