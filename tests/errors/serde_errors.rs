//! Serialised forms that deserialise to errors, never to panics.

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
