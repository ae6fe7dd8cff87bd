//! Barrage: the army, the setup, the rest as classic.

use super::*;

#[test]
fn barrage_army_is_eight_pieces() {
    use PieceKind::*;
    let rules = Ruleset::barrage();
    let expected = [
        (Flag, 1),
        (Marshal, 1),
        (General, 1),
        (Scout, 2),
        (Miner, 1),
        (Spy, 1),
        (Bomb, 1),
    ];
    for side in Side::BOTH {
        let army = rules.army(side);
        assert_eq!(army.total(), 8);
        for kind in PieceKind::ALL {
            let want = expected.iter().find(|e| e.0 == kind).map_or(0, |e| e.1);
            assert_eq!(army.count(kind), want, "{side} {kind}");
        }
    }
    let pos = Position::start(&rules, 5, 6).unwrap();
    assert_eq!(pos.pieces(Side::Red).count(), 8);
    assert_eq!(pos.pieces(Side::Blue).count(), 8);
    // a position may not hold more than the army
    let text = position_text(
        &rules,
        &[("a1", 'F'), ("a2", 'G'), ("a3", 'G'), ("j10", 'f')],
        Side::Red,
    );
    assert_eq!(
        Position::from_text(&rules, &text),
        Err(PositionError::TooMany {
            side: Side::Red,
            kind: General,
            army: 1,
            found: 2
        })
    );
    let text = position_text(&rules, &[("a1", 'F'), ("a2", 'R'), ("j10", 'f')], Side::Red);
    assert!(matches!(
        Position::from_text(&rules, &text),
        Err(PositionError::TooMany {
            kind: Sergeant,
            army: 0,
            ..
        })
    ));
}

#[test]
fn barrage_setup_may_leave_zone_squares_empty() {
    let rules = Ruleset::barrage();
    let text = "........../........../.S.....S../..BFN.GYM.";
    let red = Setup::from_text(&rules, Side::Red, text).unwrap();
    assert_eq!(red.validate(&rules), Ok(()));
    let blue = Setup::from_text(
        &rules,
        Side::Blue,
        "Y........./........../........../MGSSNBF...",
    )
    .unwrap();
    assert_eq!(blue.validate(&rules), Ok(()));
    let pos = Position::new(&rules, &red, &blue).unwrap();
    assert_eq!(pos.status(), Status::Ongoing { to_move: Side::Red });
    // 32 of the 40 zone squares of each side stay empty
    let empty = rules
        .board
        .zone(Side::Red)
        .iter()
        .filter(|q| pos.piece_at(*q).is_none())
        .count();
    assert_eq!(empty, 32);
    // every piece anywhere in the zone, e.g. all on the front rank
    let front = Setup::from_text(
        &rules,
        Side::Red,
        "FMGSSNYB../........../........../..........",
    )
    .unwrap();
    assert_eq!(front.validate(&rules), Ok(()));
    assert!(Position::new(&rules, &front, &blue).is_ok());
    for seed in 0..20 {
        assert_eq!(
            Setup::random(&rules, Side::Blue, seed).validate(&rules),
            Ok(())
        );
    }
}

#[test]
fn barrage_setup_must_stay_in_own_four_ranks() {
    use PieceKind::*;
    let rules = Ruleset::barrage();
    let red_ok = [
        ("a1", Flag),
        ("b1", Marshal),
        ("c1", General),
        ("d1", Scout),
        ("e1", Scout),
        ("f1", Miner),
        ("g1", Spy),
        ("h4", Bomb),
    ];
    let build = |side: Side, pieces: &[(&str, PieceKind)]| {
        Setup::from_pieces(side, pieces.iter().map(|(n, k)| (sq(n), *k))).unwrap()
    };
    assert_eq!(build(Side::Red, &red_ok).validate(&rules), Ok(()));
    for outside in ["h5", "h6", "h7", "h10"] {
        let mut pieces = red_ok;
        pieces[7].0 = outside;
        assert_eq!(
            build(Side::Red, &pieces).validate(&rules),
            Err(SetupError::OutsideZone {
                square: sq(outside),
                kind: Bomb
            }),
            "{outside}"
        );
    }
    let blue_ok = red_ok.map(|(n, k)| (sq(n).rotated(10, 10).unwrap(), k));
    let blue = Setup::from_pieces(Side::Blue, blue_ok).unwrap();
    assert_eq!(blue.validate(&rules), Ok(()));
    let mut bad = blue_ok;
    bad[0].0 = sq("a6");
    assert_eq!(
        Setup::from_pieces(Side::Blue, bad)
            .unwrap()
            .validate(&rules),
        Err(SetupError::OutsideZone {
            square: sq("a6"),
            kind: Flag
        })
    );
    // the game refuses it too
    let mut pieces = red_ok;
    pieces[7].0 = "h5";
    assert_eq!(
        Position::new(&rules, &build(Side::Red, &pieces), &blue),
        Err(PositionError::Setup {
            side: Side::Red,
            error: SetupError::OutsideZone {
                square: sq("h5"),
                kind: Bomb
            }
        })
    );
}

#[test]
fn barrage_setup_needs_exactly_the_army() {
    use PieceKind::*;
    let rules = Ruleset::barrage();
    let short = Setup::from_text(
        &rules,
        Side::Red,
        "........../........../.S......../..BFN.GYM.",
    )
    .unwrap();
    assert_eq!(
        short.validate(&rules),
        Err(SetupError::WrongCount {
            kind: Scout,
            expected: 2,
            found: 1
        })
    );
    let extra = Setup::from_text(
        &rules,
        Side::Red,
        "........../........../.S..S..S../..BFN.GYM.",
    )
    .unwrap();
    assert_eq!(
        extra.validate(&rules),
        Err(SetupError::WrongCount {
            kind: Scout,
            expected: 2,
            found: 3
        })
    );
    let foreign = Setup::from_text(
        &rules,
        Side::Red,
        "........../........../.S.....S../..BFN.GYMR",
    )
    .unwrap();
    assert_eq!(
        foreign.validate(&rules),
        Err(SetupError::WrongCount {
            kind: Sergeant,
            expected: 0,
            found: 1
        })
    );
}

#[test]
fn barrage_uses_classic_board() {
    assert_eq!(Ruleset::barrage().board, Ruleset::classic().board);
}

#[test]
fn barrage_uses_classic_rules() {
    let b = Ruleset::barrage();
    let c = Ruleset::classic();
    assert_eq!(
        Ruleset {
            armies: c.armies,
            ..b
        },
        c,
        "only the armies differ"
    );
    assert_eq!(b.strengths, c.strengths);
    assert!(!b.diagonal_steps);
    assert_eq!(b.spy_rule, marsal::SpyRule::OnlyWhenAttacking);
    assert_eq!(b.reveal, marsal::RevealRule::BothFighters);
    assert_eq!(b.no_move, marsal::NoMoveRule::Loses);
    assert!(!b.no_hope_draw);

    // behaviour on a Barrage board
    let pieces = [
        ("a1", 'F'),
        ("e4", 'Y'),
        ("e5", 'm'),
        ("b2", 'S'),
        ("j10", 'f'),
        ("j9", 'n'),
    ];
    let mut pos = position(&b, &pieces, Side::Blue);
    assert_eq!(
        pos.play(mv("e5xe4")).unwrap().battle(),
        Some(Battle::AttackerWins)
    );
    let mut pos = position(&b, &pieces, Side::Red);
    assert_eq!(
        pos.play(mv("e4xe5")).unwrap().battle(),
        Some(Battle::AttackerWins)
    );
    let mut pos = position(&b, &pieces, Side::Red);
    refused(&mut pos, "e4-f3", MoveError::DiagonalStep);
    assert!(moves_from(&pos, "b2").contains("b10"));
    let out = pos.play(mv("b2-b10")).unwrap();
    assert_eq!(out.mv.distance(), 8);
    // a player who cannot move loses
    let mut pos = position(
        &b,
        &[
            ("a1", 'F'),
            ("e4", 'Y'),
            ("e5", 'b'),
            ("j10", 'f'),
            ("j9", 'n'),
        ],
        Side::Red,
    );
    pos.play(mv("e4xe5")).unwrap();
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::OpponentCannotMove
        }
    );
    // a flag capture wins, by a Scout from afar
    let mut pos = position(
        &b,
        &[("a1", 'F'), ("j2", 'S'), ("j10", 'f'), ("e8", 'n')],
        Side::Red,
    );
    pos.play(mv("j2xj10")).unwrap();
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Red,
            reason: WinReason::FlagCaptured
        }
    );
    // view shows both fighters after a Barrage fight
    let mut pos = position(&b, &pieces, Side::Red);
    pos.play(mv("e4xe5")).unwrap();
    assert!(matches!(
        pos.view(Side::Blue).at(sq("e5")),
        SquareView::Enemy { possible } if possible == KindSet::only(PieceKind::Spy)
    ));
}
