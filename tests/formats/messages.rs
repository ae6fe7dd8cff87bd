//! What the library prints for people: the words of its errors and the
//! diagrams of a side's view (the CLI, the protocols and the C ABI's messages
//! show them as they are).

use crate::common::{mv, position};
use marsal::{PieceKind, Ruleset, Setup, SetupError, Side};

#[test]
fn a_setup_with_several_wrong_counts_names_each_kind_once_with_both_counts() {
    let rules = Ruleset::classic();
    let mut s = Setup::random(&rules, Side::Red, 5);
    let spy = s.pieces().find(|(_, k)| *k == PieceKind::Spy).unwrap().0;
    s.remove(spy);
    s.place(spy, PieceKind::Scout).unwrap();
    let err = s.validate(&rules).unwrap_err();
    assert!(matches!(err, SetupError::WrongCounts { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "wrong piece counts: Scout: the army has 8, the setup 9; Spy: the army has 1, the setup 0"
    );
}

#[test]
fn a_view_diagram_shows_a_known_enemy_piece_in_the_enemy_letters_and_hides_the_rest() {
    // Red's Scout attacks Blue's Marshal and loses: the Marshal is known to
    // Red (lower case, Blue's letters); Blue's Flag and Scout, never seen nor
    // moved, are a `?` each.
    let rules = Ruleset::classic();
    let mut pos = position(
        &rules,
        &[
            ("a1", 'F'),
            ("b2", 'S'),
            ("b3", 'm'),
            ("e7", 's'),
            ("j10", 'f'),
        ],
        Side::Red,
    );
    pos.play(mv("b2xb3")).unwrap();
    let red = pos.view(Side::Red).to_string();
    let rows: Vec<&str> = red.lines().collect();
    assert_eq!(rows.len(), 11, "{red}");
    // rank 3: a3 empty, b3 the Marshal as Red knows it
    assert!(rows[7].starts_with("  3  . m ."), "{red}");
    // the unknown Flag (j10) and Scout (e7)
    assert!(rows[0].ends_with(" ?"), "{red}");
    assert!(rows[3].starts_with("  7  . . . . ?"), "{red}");
    // rank 1: Red's own Flag in its own letter
    assert!(rows[9].starts_with("  1  F ."), "{red}");
    assert!(rows[..10].iter().all(|r| !r.contains('M')), "{red}");
}

#[test]
fn a_setup_debug_form_names_its_side_and_every_piece() {
    let rules = Ruleset::barrage();
    let setup = Setup::random(&rules, Side::Blue, 3);
    let text = format!("{setup:?}");
    assert!(text.starts_with("Setup {"), "{text}");
    assert!(text.contains("side: Blue"), "{text}");
    for (square, kind) in setup.pieces() {
        assert!(
            text.contains(&format!("{square:?}: {kind:?}")),
            "{square} {kind}: {text}"
        );
    }
}

#[cfg(feature = "serde")]
#[test]
fn a_setup_json_without_a_map_of_pieces_says_what_was_expected() {
    let err = serde_json::from_str::<Setup>(r#"{"side": "red", "pieces": 7}"#).unwrap_err();
    assert!(
        err.to_string().contains("a map from square to piece kind"),
        "{err}"
    );
}

#[test]
fn a_position_diagram_shows_pieces_lakes_and_the_status() {
    // Red's Marshal (upper case) on e4, Blue's Scout (lower case) on e7, the
    // lakes as `~`, empty squares as `.`, and under the board the ply and who
    // is to move.
    let pos = marshal_and_scout();
    let text = pos.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], " 10  . . . . . . . . . f");
    assert_eq!(lines[3], "  7  . . . . s . . . . .");
    assert_eq!(lines[4], "  6  . . ~ ~ . . ~ ~ . .");
    assert_eq!(lines[6], "  4  . . . . M . . . . .");
    assert_eq!(lines[9], "  1  F . . . . . . . . .");
    assert_eq!(lines[10], "     a b c d e f g h i j");
    assert_eq!(lines[11], "ply 0: red to move");
}

#[test]
fn a_position_debug_form_names_its_board_ply_and_status() {
    let pos = marshal_and_scout();
    let debug = format!("{pos:?}");
    assert!(debug.starts_with("Position { board: "), "{debug}");
    assert!(debug.contains(&pos.to_text().to_string()), "{debug}");
    assert!(
        debug.contains("ply: 0, status: Ongoing { to_move: Red }"),
        "{debug}"
    );
}

/// Classic, Red to move: Red's Marshal on e4, Blue's Scout on e7, the Flags on
/// a1 and j10.
fn marshal_and_scout() -> marsal::Position {
    position(
        &Ruleset::classic(),
        &[("a1", 'F'), ("e4", 'M'), ("e7", 's'), ("j10", 'f')],
        Side::Red,
    )
}
