use super::*;
use alloc::format;
use alloc::vec;

fn field() -> String {
    let rules = Ruleset::barrage();
    setups_to_board(
        &Setup::random(&rules, Side::Red, 11),
        &Setup::random(&rules, Side::Blue, 12),
    )
}

fn doc(body: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?>\n<stratego>\n <game type=\"barrage\">\n  <player id=\"1\">P</player>\n{body}\n </game>\n</stratego>\n"
    )
}

fn with_field(rest: &str) -> String {
    doc(&format!("  <field content=\"{}\"/>\n{rest}", field()))
}

#[test]
fn squares() {
    for sq in Square::all().filter(|s| s.file() < 10 && s.rank() < 10) {
        assert_eq!(square_from_gravon(&square_to_gravon(sq)), Ok(sq));
    }
    assert_eq!(square_to_gravon("a10".parse().unwrap()), "A:");
    assert_eq!(square_to_gravon("l12".parse().unwrap()), "M<");
    for bad in ["", "A", "J1", "A0", "A;", "a1", "A10", "K:x", "É1", "AÉ"] {
        assert_eq!(
            square_from_gravon(bad),
            Err(GravonError::BadSquare { found: bad.into() }),
            "{bad}"
        );
    }
}

#[test]
fn round_trip_classic() {
    let rules = Ruleset::classic();
    let mut g = Game::new(
        &rules,
        &Setup::random(&rules, Side::Red, 3),
        &Setup::random(&rules, Side::Blue, 4),
    )
    .unwrap();
    let mut rng = crate::Rng::new(5);
    while !g.status().is_over() && g.moves().count() < 300 {
        let moves = g.legal_moves();
        g.play(moves[rng.below(moves.len() as u32) as usize])
            .unwrap();
    }
    let game = GravonGame {
        kind: GravonKind::Classic,
        red: Setup::random(&rules, Side::Red, 3),
        blue: Setup::random(&rules, Side::Blue, 4),
        moves: g.moves().collect(),
        result: Some(GravonResult {
            code: 3,
            winner: Some(Side::Blue),
        }),
    };
    let xml = to_xml(&game);
    let back = parse(&xml).unwrap();
    assert_eq!(back, game);
    assert_eq!(to_xml(&back), xml);
    let report = replay(&back, &rules).unwrap();
    assert!(report.is_ok(), "{report:?}");
    assert_eq!(report.played, game.moves.len());
}

#[test]
fn reads_a_document() {
    let xml = with_field(
        "  <move id=\"1\" source=\"A4\" target=\"A5\"></move>\n  <result type=\"14\" winner=\"3\"/>",
    );
    let g = parse(&xml).unwrap();
    assert_eq!(g.kind, GravonKind::Barrage);
    assert_eq!(
        g.moves,
        vec![Move::new("a4".parse().unwrap(), "a5".parse().unwrap())]
    );
    assert_eq!(
        g.result,
        Some(GravonResult {
            code: 14,
            winner: None
        })
    );
    // A self-closing game, no result, moves ignored outside the game.
    let xml = format!(
        "<x><move id=\"9\"/><game type=\"classic\"/><field content=\"{}\"/></x>",
        field()
    );
    assert_eq!(
        parse(&xml),
        Err(GravonError::MissingElement { element: "field" })
    );
}

#[test]
fn xml_syntax_errors_have_a_position() {
    let err = parse("<stratego>\n <game type=\"classic\">\n  <field content=\"x\"\n").unwrap_err();
    assert!(matches!(err, GravonError::Xml { line: 3, .. }), "{err:?}");
    let err = parse("<a>\n<b></c></a>").unwrap_err();
    assert!(matches!(err, GravonError::Xml { line: 2, .. }), "{err:?}");
    let err = parse("<a><game type=\"barrage\">").unwrap_err();
    assert!(matches!(err, GravonError::Xml { line: 1, .. }), "{err:?}");
    let err = parse("<game type=\"barrage\" type=\"classic\"/>").unwrap_err();
    assert!(
        matches!(
            err,
            GravonError::Xml {
                line: 1,
                column: 1,
                ..
            }
        ),
        "{err:?}"
    );
    let err = parse("<game type=\"a&bogus;\"/>").unwrap_err();
    assert!(matches!(err, GravonError::Xml { .. }), "{err:?}");
    assert!(err.to_string().starts_with("XML syntax error at line 1"));
}

#[test]
fn missing_elements_and_attributes() {
    assert_eq!(
        parse("<stratego/>"),
        Err(GravonError::MissingElement { element: "game" })
    );
    assert_eq!(
        parse(&doc("")),
        Err(GravonError::MissingElement { element: "field" })
    );
    assert_eq!(
        parse("<game/>"),
        Err(GravonError::MissingAttribute {
            element: "game",
            attribute: "type"
        })
    );
    assert_eq!(
        parse(&doc("<field/>")),
        Err(GravonError::MissingAttribute {
            element: "field",
            attribute: "content"
        })
    );
    assert_eq!(
        parse(&with_field("<result winner=\"1\"/>")),
        Err(GravonError::MissingAttribute {
            element: "result",
            attribute: "type"
        })
    );
    assert_eq!(
        parse(&with_field("<result type=\"1\"/>")),
        Err(GravonError::MissingAttribute {
            element: "result",
            attribute: "winner"
        })
    );
    assert_eq!(
        parse(&with_field(
            "<result type=\"1\" winner=\"1\"/><result type=\"1\" winner=\"1\"/>"
        )),
        Err(GravonError::DuplicateElement { element: "result" })
    );
    assert_eq!(
        parse(&with_field(&format!("<field content=\"{}\"/>", field()))),
        Err(GravonError::DuplicateElement { element: "field" })
    );
    assert_eq!(
        parse("<game type=\"chess\"/>"),
        Err(GravonError::UnknownGameType {
            found: "chess".into()
        })
    );
}

#[test]
fn board_errors() {
    let rules = Ruleset::barrage();
    let f = field();
    assert_eq!(
        board_to_setups(&rules, &f[..99]),
        Err(GravonError::BoardLength { found: 99 })
    );
    assert_eq!(
        parse(&doc(&format!("<field content=\"{f}A\"/>"))),
        Err(GravonError::BoardLength { found: 101 })
    );
    // Characters, not bytes, are counted.
    let accented = format!("{}É", &f[..99]);
    assert_eq!(
        board_to_setups(&rules, &accented),
        Err(GravonError::UnknownLetter {
            letter: 'É',
            index: 99,
            square: "K:".into()
        })
    );
    let mut z = f.clone().into_bytes();
    z[45] = b'Z';
    let z = String::from_utf8(z).unwrap();
    assert_eq!(
        board_to_setups(&rules, &z),
        Err(GravonError::UnknownLetter {
            letter: 'Z',
            index: 45,
            square: "F5".into()
        })
    );
    let mut lake_off = f.clone().into_bytes();
    lake_off[44] = b'_';
    assert_eq!(
        board_to_setups(&rules, core::str::from_utf8(&lake_off).unwrap()),
        Err(GravonError::LakeMismatch {
            letter: '_',
            index: 44,
            square: "E5".into(),
            is_lake: false
        })
    );
    let mut lake_on = f.clone().into_bytes();
    lake_on[42] = b'A';
    assert_eq!(
        board_to_setups(&rules, core::str::from_utf8(&lake_on).unwrap()),
        Err(GravonError::LakeMismatch {
            letter: 'A',
            index: 42,
            square: "C5".into(),
            is_lake: true
        })
    );
}

#[test]
fn impossible_setups() {
    let rules = Ruleset::barrage();
    let f = field();
    // A ninth red piece: a second red flag on E4.
    let mut extra = f.clone().into_bytes();
    let i = (0..40).find(|&i| extra[i] == b'A').unwrap();
    extra[i] = b'M';
    let err = board_to_setups(&rules, core::str::from_utf8(&extra).unwrap()).unwrap_err();
    assert!(
        matches!(
            err,
            GravonError::Setup {
                side: Side::Red,
                error: SetupError::WrongCount {
                    kind: PieceKind::Flag,
                    ..
                }
            }
        ),
        "{err:?}"
    );
    // A blue piece in red's zone.
    let mut outside = f.into_bytes();
    let i = (0..40).find(|&i| outside[i] == b'A').unwrap();
    outside[i] = b'O';
    let err = board_to_setups(&rules, core::str::from_utf8(&outside).unwrap()).unwrap_err();
    assert!(
        matches!(
            err,
            GravonError::Setup {
                side: Side::Blue,
                error: SetupError::OutsideZone {
                    kind: PieceKind::Spy,
                    ..
                }
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().starts_with("impossible setup for blue"));
    // A barrage board is no classic game.
    let xml = with_field("").replace("barrage", "classic");
    assert!(matches!(
        parse(&xml),
        Err(GravonError::Setup {
            side: Side::Red,
            ..
        })
    ));
}

#[test]
fn bad_moves() {
    let cases: [(&str, MoveProblem); 6] = [
        (
            "<move source=\"A4\" target=\"A5\"/>",
            MoveProblem::MissingAttribute("id"),
        ),
        (
            "<move id=\"1\" target=\"A5\"/>",
            MoveProblem::MissingAttribute("source"),
        ),
        (
            "<move id=\"1\" source=\"A4\"/>",
            MoveProblem::MissingAttribute("target"),
        ),
        (
            "<move id=\"x\" source=\"A4\" target=\"A5\"/>",
            MoveProblem::WrongId { found: "x".into() },
        ),
        (
            "<move id=\"1\" source=\"J4\" target=\"A5\"/>",
            MoveProblem::BadSquare {
                attribute: "source",
                found: "J4".into(),
            },
        ),
        (
            "<move id=\"1\" source=\"A4\" target=\"A11\"/>",
            MoveProblem::BadSquare {
                attribute: "target",
                found: "A11".into(),
            },
        ),
    ];
    for (text, problem) in cases {
        assert_eq!(
            parse(&with_field(text)),
            Err(GravonError::BadMove { number: 1, problem }),
            "{text}"
        );
    }
    let two =
        "<move id=\"1\" source=\"A4\" target=\"A5\"/><move id=\"3\" source=\"A4\" target=\"A5\"/>";
    let err = parse(&with_field(two)).unwrap_err();
    assert_eq!(
        err,
        GravonError::BadMove {
            number: 2,
            problem: MoveProblem::WrongId { found: "3".into() }
        }
    );
    assert_eq!(err.to_string(), "move 2: its id is \"3\"");
}

#[test]
fn bad_results() {
    for (code, winner, attribute, found) in [
        ("5", "1", "type", "5"),
        ("-1", "1", "type", "-1"),
        ("300", "1", "type", "300"),
        ("1", "0", "winner", "0"),
        ("1", "red", "winner", "red"),
    ] {
        assert_eq!(
            parse(&with_field(&format!(
                "<result type=\"{code}\" winner=\"{winner}\"/>"
            ))),
            Err(GravonError::BadResult {
                attribute,
                found: found.into()
            })
        );
    }
}

#[test]
fn replay_checks_endings() {
    let rules = Ruleset::barrage();
    let mut game = parse(&with_field("")).unwrap();
    for (code, winner, ok) in [
        (0, Some(Side::Red), false),
        (2, None, false),
        (3, Some(Side::Red), true),
        (1, None, false),
    ] {
        game.result = Some(GravonResult { code, winner });
        let report = replay(&game, &rules).unwrap();
        assert_eq!(report.is_ok(), ok, "{code}");
        if let Some(m) = report.ending {
            assert!(m.to_string().ends_with("engine says red to move"), "{m}");
        }
    }
    // Setups that do not fit the ruleset.
    assert!(replay(&game, &Ruleset::classic()).is_err());
}

#[test]
fn years() {
    assert_eq!(year_from_file_name("barrage-2013.10-1479.xml"), Some(2013));
    assert_eq!(year_from_file_name("x-20.xml"), None);
    assert_eq!(
        rules_for_year(GravonKind::Classic, None).two_square,
        Some(3)
    );
    assert_eq!(
        rules_for_year(GravonKind::Classic, Some(2004)).two_square,
        Some(5)
    );
    assert_eq!(
        rules_for_year(GravonKind::Classic, Some(2007)).two_square,
        Some(3)
    );
}

proptest::proptest! {
    #[test]
    fn never_panics_on_any_text(s in "\\PC{0,300}") {
        let _ = parse(&s);
        let _ = square_from_gravon(&s);
        let _ = board_to_setups(&Ruleset::classic(), &s);
    }

    #[test]
    fn never_panics_on_a_damaged_record(cut in 0usize..2000, byte in 0u8..128, at in 0usize..2000) {
        let xml = with_field("<move id=\"1\" source=\"A4\" target=\"A5\"/><result type=\"3\" winner=\"2\"/>");
        let mut bytes = xml.into_bytes();
        if let Some(b) = bytes.get_mut(at % 500) {
            *b = byte;
        }
        bytes.truncate(cut);
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse(&text);
    }
}
