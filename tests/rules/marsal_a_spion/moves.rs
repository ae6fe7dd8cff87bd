//! How the pieces move (steps, diagonal steps, the corner rule, Scouts, lakes).

use super::*;

#[test]
fn czech_players_alternate() {
    let mut pos = czech(
        &[("b1", 'F'), ("c1", 'P'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    assert_eq!(
        pos.check_move(mv("j12-j11")),
        Err(MoveError::NotYourPiece(sq("j12")))
    );
    play(&mut pos, "c1-c2");
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert_eq!(
        pos.check_move(mv("c2-c3")),
        Err(MoveError::NotYourPiece(sq("c2")))
    );
    play(&mut pos, "j12-j11");
    assert_eq!(pos.status(), ongoing(Side::Red));
    assert_eq!(pos.ply(), 2);
}

#[test]
fn czech_passing_is_not_allowed() {
    let mut pos = czech(
        &[("b1", 'F'), ("c1", 'P'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    let before = pos;
    assert_eq!(pos.check_move(mv("c1-c1")), Err(MoveError::SameSquare));
    assert_eq!(pos.play(mv("c1-c1")), Err(MoveError::SameSquare));
    assert_eq!(pos, before);
    assert!(pos.legal_moves().iter().all(|m| m.from != m.to));
    let start = Position::start(&rules(), 3, 4).unwrap();
    assert!(start.legal_moves().iter().all(|m| m.from != m.to));
}

#[test]
fn czech_mine_and_flag_never_move() {
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'X'),
            ("g3", 'U'),
            ("f4", 's'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    for (text, from, kind) in [
        ("f3-f2", "f3", K::Mine),
        ("f3-e4", "f3", K::Mine),
        ("f3xf4", "f3", K::Mine),
        ("b1-b2", "b1", K::Flag),
        ("b1-c2", "b1", K::Flag),
    ] {
        assert_eq!(
            pos.check_move(mv(text)),
            Err(MoveError::Immovable {
                square: sq(from),
                kind
            }),
            "{text}"
        );
    }
    assert!(targets(&pos, "f3").is_empty());
    assert!(targets(&pos, "b1").is_empty());
    assert_eq!(combat(&rules(), K::Mine, K::Spy), None);
    assert_eq!(combat(&rules(), K::Flag, K::Spy), None);
    play(&mut pos, "g3-g2");
    assert_eq!(pos.check_move(mv("k12-k11")).unwrap_err(), {
        MoveError::Immovable {
            square: sq("k12"),
            kind: K::Flag,
        }
    });
}

#[test]
fn czech_diagonal_step_onto_empty_square_is_legal() {
    let mut pos = czech(
        &[("b1", 'F'), ("f3", 'U'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    assert_eq!(
        targets(&pos, "f3"),
        squares(&["e2", "f2", "g2", "e3", "g3", "e4", "f4", "g4"])
    );
    for to in ["e2", "g2", "e4", "g4"] {
        assert_eq!(pos.check_move(mv(&format!("f3-{to}"))), Ok(()));
    }
    let out = play(&mut pos, "f3-g4");
    assert!(!out.is_attack());
    assert_eq!(piece(&pos, "g4"), Some((Side::Red, K::Gunner)));
    assert_eq!(piece(&pos, "f3"), None);
    // A Scout steps diagonally too (one square).
    let pos = czech(
        &[("b1", 'F'), ("f3", 'S'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("f3-g4")), Ok(()));
}

#[test]
fn czech_diagonal_step_cannot_attack() {
    let pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'M'),
            ("g4", 's'),
            ("e2", 'S'),
            ("d3", 'y'),
            ("j11", 'U'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    // Marshal onto a diagonal enemy Scout.
    assert_eq!(
        pos.check_move(mv("f3-g4")),
        Err(MoveError::DiagonalAttack(sq("g4")))
    );
    // Scout onto a diagonal enemy Spy.
    assert_eq!(
        pos.check_move(mv("e2-d3")),
        Err(MoveError::DiagonalAttack(sq("d3")))
    );
    // Nobody captures the Flag diagonally.
    assert_eq!(
        pos.check_move(mv("j11-k12")),
        Err(MoveError::DiagonalAttack(sq("k12")))
    );
    let diag_attacks = pos
        .legal_moves()
        .iter()
        .filter(|m| pos.piece_at(m.to).is_some())
        .filter(|m| m.from.file() != m.to.file() && m.from.rank() != m.to.rank())
        .count();
    assert_eq!(diag_attacks, 0);
    let mut p = pos;
    assert!(p.play(mv("f3-g4")).is_err());
    assert_eq!(p, pos);
    // The same pieces attack orthogonally.
    assert_eq!(pos.check_move(mv("j11xj12")), Ok(()));
}

#[test]
fn czech_diagonal_step_between_two_blocked_squares_is_legal() {
    // Own piece and enemy piece on the two orthogonal squares.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'U'),
            ("f4", 'P'),
            ("g3", 'd'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("f3-g4")), Ok(()));
    play(&mut pos, "f3-g4");
    assert_eq!(piece(&pos, "g4"), Some((Side::Red, K::Gunner)));

    // Two enemy pieces.
    let pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'U'),
            ("f4", 'd'),
            ("g3", 'd'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("f3-g4")), Ok(()));

    // A lake (e8) and a piece (f7).
    let pos = czech(
        &[
            ("b1", 'F'),
            ("e7", 'U'),
            ("f7", 'X'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("e7-f8")), Ok(()));
    assert!(targets(&pos, "e7").contains(&sq("f8")));
}

#[test]
fn czech_corner_rule_off_by_default_allows_step_between_blocked_squares() {
    // The [decision]: no corner rule in any preset.
    for r in [
        Ruleset::marsal_a_spion(),
        Ruleset::classic(),
        Ruleset::barrage(),
    ] {
        assert!(!r.corner_rule);
    }
    // Both squares beside f3-g4 hold pieces, both squares beside e7-f8 are
    // a lake and a piece, the square beside a4-b3 off the board and a piece.
    let pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'U'),
            ("f4", 'P'),
            ("g3", 'd'),
            ("e7", 'U'),
            ("f7", 'X'),
            ("a4", 'D'),
            ("b4", 'P'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    for m in ["f3-g4", "e7-f8", "a4-b3"] {
        assert_eq!(pos.check_move(mv(m)), Ok(()), "{m}");
        assert!(pos.legal_moves().contains(&mv(m)), "{m}");
    }
}

/// The Czech preset with the corner rule on.
fn corner_rules() -> Ruleset {
    let mut r = rules();
    r.corner_rule = true;
    r
}

#[test]
fn czech_option_corner_rule_refuses_step_between_two_blocked_squares() {
    let r = corner_rules();
    // By pieces (own and enemy, and two enemy pieces).
    let pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("f3", 'U'),
            ("f4", 'P'),
            ("g3", 'd'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.check_move(mv("f3-g4")),
        Err(MoveError::CornerBlocked(sq("f4"), sq("g3")))
    );
    assert!(!pos.is_legal(mv("f3-g4")));
    assert!(!targets(&pos, "f3").contains(&sq("g4")));
    // The other diagonal steps of f3 have an empty square beside them.
    assert_eq!(
        targets(&pos, "f3"),
        squares(&["e2", "f2", "g2", "e3", "g3", "e4"])
    );
    let mut pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("f3", 'U'),
            ("f4", 'd'),
            ("g3", 'd'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.play(mv("f3-g4")),
        Err(MoveError::CornerBlocked(sq("f4"), sq("g3")))
    );

    // By a lake corner: e8 is a lake, f7 holds a piece.
    let pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("e7", 'U'),
            ("f7", 'X'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.check_move(mv("e7-f8")),
        Err(MoveError::CornerBlocked(sq("e8"), sq("f7")))
    );
    assert!(!targets(&pos, "e7").contains(&sq("f8")));

    // By the board edge: a3 is off the board, b4 holds a piece.
    let pos = position(
        &r,
        &[("b1", 'F'), ("a4", 'D'), ("b4", 'p'), ("k12", 'f')],
        Side::Red,
    );
    assert_eq!(
        pos.check_move(mv("a4-b3")),
        Err(MoveError::CornerBlocked(sq("a3"), sq("b4")))
    );
    assert_eq!(targets(&pos, "a4"), squares(&["a5", "b5", "b4"]));

    // Orthogonal moves and attacks are not affected.
    assert_eq!(pos.check_move(mv("a4xb4")), Ok(()));
}

#[test]
fn czech_option_corner_rule_allows_step_when_one_square_beside_is_empty() {
    let r = corner_rules();
    for (blocker, empty) in [("f4", "g3"), ("g3", "f4")] {
        let mut pos = position(
            &r,
            &[
                ("b1", 'F'),
                ("f3", 'U'),
                (blocker, 'd'),
                ("k12", 'f'),
                ("j12", 'p'),
            ],
            Side::Red,
        );
        assert_eq!(pos.check_move(mv("f3-g4")), Ok(()), "{empty} empty");
        assert!(targets(&pos, "f3").contains(&sq("g4")));
        play(&mut pos, "f3-g4");
    }
    // A lake on one side, an empty square on the other.
    let pos = position(
        &r,
        &[("b1", 'F'), ("e7", 'U'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("e7-f8")), Ok(()));
    // The board edge on one side, an empty square on the other.
    let pos = position(&r, &[("b1", 'F'), ("a4", 'D'), ("k12", 'f')], Side::Red);
    assert_eq!(pos.check_move(mv("a4-b3")), Ok(()));
}

#[test]
fn czech_option_corner_rule_decides_who_can_move() {
    // The Cadet on b1 has only c2 to go to, between the Mine on b2 and the
    // Flag on c1 (a1 and a2 are off the board).
    let pieces = [
        ("b1", 'D'),
        ("c1", 'F'),
        ("b2", 'X'),
        ("k12", 'f'),
        ("j12", 'p'),
    ];
    assert_eq!(czech(&pieces, Side::Red).status(), ongoing(Side::Red));
    let r = corner_rules();
    let pos = position(&r, &pieces, Side::Red);
    assert!(!pos.has_legal_move(Side::Red));
    assert!(pos.has_legal_move(Side::Blue));
    assert_eq!(pos.legal_move_count(), 0);
    assert_eq!(pos.status(), drawn(DrawReason::NoLegalMove(Side::Red)));
    // Under the losing reading the walled side loses, whoever is to move.
    let mut r = corner_rules();
    r.no_move = NoMoveRule::Loses;
    let pos = position(&r, &pieces, Side::Blue);
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::OpponentCannotMove
        }
    );
}

#[test]
fn czech_option_corner_rule_closes_no_hope_paths() {
    // The General on b1 can leave only by b1-c2, between two enemy Mines (b2,
    // c1). Once Red's last Miner... here Red has none: its Scout dies on f5.
    let pieces = [
        ("b1", 'G'),
        ("f4", 'S'),
        ("k1", 'F'),
        ("j1", 'X'),
        ("k2", 'X'),
        ("c1", 'x'),
        ("b2", 'x'),
        ("f5", 'x'),
        ("f10", 'f'),
        ("h11", 's'),
    ];
    let mut pos = position(&corner_rules(), &pieces, Side::Red);
    assert_eq!(pos.status(), ongoing(Side::Red));
    play(&mut pos, "f4xf5");
    assert!(!no_hope::can_reach_flag(&pos, Side::Red));
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
    // Movable pieces beside the step do not close it for the search (they may
    // move away), though the step is refused now.
    let pieces = [
        ("b1", 'G'),
        ("c1", 'F'),
        ("b2", 'P'),
        ("f10", 'f'),
        ("h11", 's'),
    ];
    let pos = position(&corner_rules(), &pieces, Side::Red);
    assert!(!pos.is_legal(mv("b1-c2")));
    assert!(no_hope::can_reach_flag(&pos, Side::Red));
    assert_eq!(pos.status(), ongoing(Side::Red));
}

#[test]
fn czech_option_corner_rule_counts_draws_and_lists_agree() {
    let r = corner_rules();
    let mut rng = Rng::new(11);
    let mut refused = 0;
    for game in 0..6u64 {
        let mut pos = Position::start(&r, 2 * game + 1, 2 * game + 2).unwrap();
        for _ in 0..400 {
            if pos.status().is_over() {
                break;
            }
            let list = pos.legal_moves();
            assert_eq!(pos.legal_move_count(), list.len(), "{pos}");
            assert_eq!(pos.has_legal_move(pos.to_move()), !list.is_empty());
            for m in list.iter() {
                assert_eq!(pos.check_move(*m), Ok(()), "{m}\n{pos}");
            }
            // A refused corner step names two blocked squares.
            for from in Square::all() {
                for to in Square::all() {
                    let (df, dr) = (
                        i16::from(to.file()) - i16::from(from.file()),
                        i16::from(to.rank()) - i16::from(from.rank()),
                    );
                    if df.abs() != 1 || dr.abs() != 1 {
                        continue;
                    }
                    let m = Move::new(from, to);
                    if let Err(MoveError::CornerBlocked(a, b)) = pos.check_move(m) {
                        refused += 1;
                        assert!(pos.piece_at(a).is_some() || !r.board.is_playable(a));
                        assert!(pos.piece_at(b).is_some() || !r.board.is_playable(b));
                        assert!(!list.contains(&m));
                    }
                }
            }
            for _ in 0..4 {
                let m = pos.random_legal_move(&mut rng).unwrap();
                assert!(list.contains(&m), "{m}");
            }
            if pos.ply() % 50 == 0 {
                let by_list: u64 = list
                    .iter()
                    .map(|m| {
                        let mut child = pos;
                        child.play(*m).unwrap();
                        child.legal_move_count() as u64
                    })
                    .sum();
                assert_eq!(pos.perft(2), by_list);
            }
            pos.play_random(&mut rng).unwrap();
        }
    }
    assert!(refused > 0, "the corner rule refused no step");
}

#[test]
fn czech_option_diagonal_steps_off() {
    let mut r = rules();
    r.diagonal_steps = false;
    let pieces = [("b1", 'F'), ("f3", 'U'), ("k12", 'f'), ("j12", 'p')];
    let pos = position(&r, &pieces, Side::Red);
    assert_eq!(targets(&pos, "f3"), squares(&["f2", "e3", "g3", "f4"]));
    assert_eq!(pos.check_move(mv("f3-g4")), Err(MoveError::DiagonalStep));
    assert_eq!(czech(&pieces, Side::Red).check_move(mv("f3-g4")), Ok(()));

    // A piece whose only free neighbour is diagonal: free in the preset, PAT
    // without diagonal steps.
    let pieces = [
        ("b1", 'D'),
        ("c1", 'F'),
        ("b2", 'X'),
        ("k12", 'f'),
        ("j12", 'p'),
    ];
    assert_eq!(czech(&pieces, Side::Red).status(), ongoing(Side::Red));
    let pos = position(&r, &pieces, Side::Red);
    assert_eq!(pos.status(), drawn(DrawReason::NoLegalMove(Side::Red)));
}

#[test]
fn czech_non_scout_cannot_move_two_squares() {
    for kind in ORDER.into_iter().filter(|k| *k != K::Scout) {
        let pos = czech(
            &[
                ("b1", 'F'),
                ("f3", kind.letter()),
                ("k12", 'f'),
                ("j12", 'p'),
            ],
            Side::Red,
        );
        for to in ["f5", "h3", "d3", "f1", "f7"] {
            assert_eq!(
                pos.check_move(mv(&format!("f3-{to}"))),
                Err(MoveError::TooFar(kind)),
                "{kind} f3-{to}"
            );
        }
        for to in ["h1", "g5", "d4"] {
            assert!(pos.check_move(mv(&format!("f3-{to}"))).is_err(), "{kind}");
        }
        assert_eq!(targets(&pos, "f3").len(), 8, "{kind}: only the 8 steps");
    }
    // A Scout moves far only in straight orthogonal lines.
    let pos = czech(
        &[("b1", 'F'), ("f3", 'S'), ("k12", 'f'), ("j12", 'p')],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("f3-h1")), Err(MoveError::NotALine));
    assert_eq!(pos.check_move(mv("f3-g5")), Err(MoveError::NotALine));
}

#[test]
fn czech_scout_moves_far_and_attacks_at_end() {
    let base = [("b1", 'F'), ("c3", 'S'), ("k12", 'f'), ("j12", 'p')];
    let mut pieces = base.to_vec();
    pieces.push(("c10", 'k'));
    let pos = czech(&pieces, Side::Red);
    assert_eq!(
        targets(&pos, "c3"),
        squares(&[
            "c1", "c2", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "b3", "d3", "e3", "f3", "g3",
            "h3", "i3", "j3", "k3", "b2", "d2", "b4", "d4",
        ])
    );
    assert_eq!(
        pos.check_move(mv("c3-c11")),
        Err(MoveError::PathBlocked(sq("c10")))
    );

    // Attack at the end of a long move, and lose: the Scout is removed, the
    // defender stays.
    let mut p = pos;
    let out = play(&mut p, "c3xc10");
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    assert_eq!(piece(&p, "c10"), Some((Side::Blue, K::Captain)));
    assert_eq!(piece(&p, "c9"), None);
    assert_eq!(piece(&p, "c3"), None);
    assert_eq!(p.count(Side::Red, K::Scout), 0);

    // ... and win: the Scout takes the attacked square.
    let mut pieces = base.to_vec();
    pieces.push(("c10", 'n'));
    let mut p = czech(&pieces, Side::Red);
    let out = play(&mut p, "c3xc10");
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert_eq!(piece(&p, "c10"), Some((Side::Red, K::Scout)));
    assert_eq!(piece(&p, "c9"), None);
    assert_eq!(piece(&p, "c3"), None);

    // A plain long move.
    let mut p = pos;
    play(&mut p, "c3-c9");
    assert_eq!(piece(&p, "c9"), Some((Side::Red, K::Scout)));
}

#[test]
fn czech_scout_cannot_pass_piece_or_lake() {
    let pos = czech(
        &[
            ("b1", 'F'),
            ("c6", 'S'),
            ("c9", 'U'),
            ("c3", 'd'),
            ("e7", 'S'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    // Over a lake.
    assert_eq!(
        pos.check_move(mv("c6-f6")),
        Err(MoveError::PathBlocked(sq("d6")))
    );
    assert_eq!(
        pos.check_move(mv("e7-e9")),
        Err(MoveError::PathBlocked(sq("e8")))
    );
    assert_eq!(
        pos.check_move(mv("e7-e4")),
        Err(MoveError::PathBlocked(sq("e5")))
    );
    assert_eq!(
        pos.check_move(mv("e7-j7")),
        Err(MoveError::PathBlocked(sq("i7")))
    );
    assert_eq!(pos.check_move(mv("e7-h7")), Ok(()));
    // Over an own piece.
    assert_eq!(
        pos.check_move(mv("c6-c10")),
        Err(MoveError::PathBlocked(sq("c9")))
    );
    assert_eq!(
        pos.check_move(mv("c6-c9")),
        Err(MoveError::OwnPiece(sq("c9")))
    );
    // Over an enemy piece; attacking the first one is fine.
    assert_eq!(
        pos.check_move(mv("c6-c2")),
        Err(MoveError::PathBlocked(sq("c3")))
    );
    assert_eq!(pos.check_move(mv("c6xc3")), Ok(()));
    assert_eq!(
        targets(&pos, "c6"),
        squares(&["c7", "c8", "c5", "c4", "c3", "b6", "a6", "b5", "b7"])
    );
    assert_eq!(
        targets(&pos, "e7"),
        squares(&["e6", "f7", "g7", "h7", "f6", "f8"])
    );
}

#[test]
fn czech_no_piece_enters_a_lake() {
    let pos = czech(
        &[
            ("b1", 'F'),
            ("c5", 'U'),
            ("f6", 'S'),
            ("g7", 'M'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(pos.check_move(mv("c5-d5")), Err(MoveError::Lake(sq("d5"))));
    assert_eq!(pos.check_move(mv("c5-d6")), Err(MoveError::Lake(sq("d6"))));
    assert_eq!(pos.check_move(mv("c5-d4")), Ok(()));
    assert_eq!(pos.check_move(mv("f6-d6")), Err(MoveError::Lake(sq("d6"))));
    assert_eq!(pos.check_move(mv("g7-h8")), Err(MoveError::Lake(sq("h8"))));
    assert_eq!(pos.check_move(mv("g7-h7")), Ok(()));
    let lakes = rules().board.lakes;
    assert!(pos.legal_moves().iter().all(|m| !lakes.contains(m.to)));

    // In real games no generated move ever enters a lake, moves a Mine or Flag,
    // attacks diagonally, or moves a non-Scout more than one square.
    let r = rules();
    let mut rng = Rng::new(7);
    for seed in 0..3 {
        let mut pos = Position::start(&r, seed, seed + 100).unwrap();
        for _ in 0..300 {
            if pos.status().is_over() {
                break;
            }
            let moves = pos.legal_moves();
            for m in moves.iter() {
                let p = pos.piece_at(m.from).unwrap();
                assert!(!lakes.contains(m.to) && r.board.is_playable(m.to), "{m}");
                assert!(p.kind.is_movable(), "{m}");
                assert!(m.distance() == 1 || p.kind == K::Scout, "{m}");
                let diagonal = m.from.file() != m.to.file() && m.from.rank() != m.to.rank();
                if diagonal {
                    assert!(m.distance() == 1 && pos.piece_at(m.to).is_none(), "{m}");
                }
            }
            let m = moves[rng.below(moves.len() as u32) as usize];
            pos.play(m).unwrap();
        }
    }
}
