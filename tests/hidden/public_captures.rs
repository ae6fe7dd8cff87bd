//! A position text states which absent pieces were captured
//! in public view; the others are unknown to the opponent, and counting
//! deduces nothing from them.

use marsal::{Army, KindSet, PieceKind as K, Position, Ruleset, Side, SquareView};

const ROWS: &str = "........yf/........../........../........../..~~..~~../\
                    ..~~..~~../........../........../........../M........F";

fn possible(pos: &Position, viewer: Side, at: &str) -> KindSet {
    match pos.view(viewer).at(at.parse().unwrap()) {
        SquareView::Enemy { possible } => possible,
        other => panic!("{at}: {other:?}"),
    }
}

#[test]
fn without_the_statement_absent_pieces_are_unknown() {
    let rules = Ruleset::barrage();
    let pos = Position::from_text(&rules, &format!("{ROWS} b")).unwrap();
    // Red's army less the Marshal and the Flag is absent, but Blue never saw
    // it go: Red's pieces may be any kind of the army.
    assert_eq!(possible(&pos, Side::Blue, "a1"), Army::barrage().kinds());
    assert_eq!(pos.unknown_absent(Side::Red).total(), 6);
    assert_eq!(pos.publicly_captured(Side::Red).total(), 0);
    // What Blue knows Red has left: everything not known to be captured.
    assert_eq!(pos.view(Side::Blue).remaining(Side::Red), Army::barrage());
    // Red knows its own pieces exactly.
    assert_eq!(pos.view(Side::Red).remaining(Side::Red).total(), 2);
    // The text round-trips (no statement written: nothing was public).
    assert_eq!(pos.to_text().to_string(), format!("{ROWS} b"));
}

#[test]
fn stated_captures_are_counted() {
    let rules = Ruleset::barrage();
    // Every absent Red piece was captured in public: only a Marshal and a Flag
    // are left, so the two Red pieces are one of those.
    let all = "GSSNYB";
    let pos = Position::from_text(&rules, &format!("{ROWS} b {all}")).unwrap();
    let mf = KindSet::from_bits(KindSet::only(K::Marshal).bits() | KindSet::only(K::Flag).bits());
    assert_eq!(possible(&pos, Side::Blue, "a1"), mf);
    assert_eq!(pos.view(Side::Blue).remaining(Side::Red).total(), 2);
    assert_eq!(pos.unknown_absent(Side::Red).total(), 0);
    // Round trip, in the library's order of kinds.
    let text = pos.to_text().to_string();
    assert_eq!(Position::from_text(&rules, &text).unwrap(), pos);
    // Only some stated: the Spy and the Bomb are still unknown, so a Red
    // piece may be a Spy or a Bomb as well.
    let pos = Position::from_text(&rules, &format!("{ROWS} b GSSN")).unwrap();
    let p = possible(&pos, Side::Blue, "a1");
    assert!(
        p.contains(K::Spy) && p.contains(K::Bomb) && !p.contains(K::General),
        "{p:?}"
    );
    assert_eq!(pos.unknown_absent(Side::Red).total(), 2);
    // `-` states that nothing was captured in public.
    let none = Position::from_text(&rules, &format!("{ROWS} b -")).unwrap();
    assert_eq!(
        none,
        Position::from_text(&rules, &format!("{ROWS} b")).unwrap()
    );
}

#[test]
fn a_statement_must_name_absent_pieces() {
    let rules = Ruleset::barrage();
    for bad in ["M", "SSS", "?", "GG", "s"] {
        // The Marshal is on the board; two of two Scouts at most; a letter;
        // one General; Blue's Scouts: two are absent (ok) but see below.
        let r = Position::from_text(&rules, &format!("{ROWS} b {bad}"));
        if bad == "s" {
            assert!(r.is_ok());
        } else {
            assert!(r.is_err(), "{bad}");
        }
    }
    assert!(Position::from_text(&rules, &format!("{ROWS} b G x")).is_err());
}

/// A barrage game played at random until a piece was removed in a fight.
fn played_until_a_capture(rules: &Ruleset) -> Position {
    let mut pos = Position::start(rules, 3, 4).unwrap();
    let mut rng = marsal::Rng::new(9);
    while pos.plies_since_attack() == pos.ply() || pos.remaining(Side::Red).total() == 8 {
        if pos.play_random(&mut rng).is_none() {
            break;
        }
    }
    pos
}

#[test]
fn a_played_game_states_its_captures() {
    let rules = Ruleset::barrage();
    let pos = played_until_a_capture(&rules);
    // A piece was removed in a fight: it is public.
    let text = pos.to_text().to_string();
    assert_eq!(text.split_whitespace().count(), 3, "{text}");
    let back = Position::from_text(&rules, &text).unwrap();
    for side in Side::BOTH {
        assert_eq!(back.publicly_captured(side), pos.publicly_captured(side));
        assert_eq!(back.unknown_absent(side).total(), 0);
    }
}

#[cfg(feature = "serde")]
#[test]
fn json_keeps_the_public_captures_and_the_unknown_absences() {
    let rules = Ruleset::barrage();
    let pos = played_until_a_capture(&rules);
    let json = serde_json::to_string(&pos).unwrap();
    let again: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(
        again.publicly_captured(Side::Red),
        pos.publicly_captured(Side::Red)
    );
    assert_eq!(again.view(Side::Blue), pos.view(Side::Blue));
    // An unknown absence survives JSON as well.
    let sparse = Position::from_text(&rules, &format!("{ROWS} b GS")).unwrap();
    let again: Position = serde_json::from_str(&serde_json::to_string(&sparse).unwrap()).unwrap();
    assert_eq!(
        again.unknown_absent(Side::Red),
        sparse.unknown_absent(Side::Red)
    );
    assert_eq!(again.view(Side::Blue), sparse.view(Side::Blue));
}
