//! Positions and their text.

use super::*;

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
