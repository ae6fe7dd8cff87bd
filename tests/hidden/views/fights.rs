//! What fights, moves and removals reveal, and what is deduced from them.

use super::*;

#[test]
fn czech_surviving_attacker_hidden_defender_revealed() {
    use PieceKind::*;
    let rules = Ruleset::marsal_a_spion();
    // Every piece absent from the board was captured in public view.
    let mut pos = crate::common::all_captured(
        &rules,
        "#f........s#/#..........#/#..........#/............/...~~..~~.../\
         ...~....~.../...~....~.../.k.~~.p~~.../.U....G...../\
         #..........#/#..........#/#FMKD.....S# r",
    );
    // Red also has a Marshal, a Captain and a Cadet (rank 1), so that counting
    // leaves several Red pieces that can beat a Corporal.

    // The General attacks and beats the Corporal: it survives, so Blue is not
    // told what it is; Blue only knows it is something that beats a Corporal.
    let out = play(&mut pos, "g4xg5");
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    let blue = pos.view(Side::Blue);
    let seen = possible(&blue, "g5");
    assert_eq!(seen, set(&[Marshal, General, Captain, Cadet]));
    assert_eq!(blue.at(sq("g5")).known_enemy(), None);
    let last = blue.last().unwrap();
    assert_eq!(
        last.piece, None,
        "the surviving attacker's kind is not announced"
    );
    assert_eq!(last.defender, Some(Corporal));
    assert_eq!(last.battle, Some(Battle::AttackerWins));
    assert!(
        !blue.to_string().chars().any(|c| c.is_ascii_uppercase()),
        "Blue's diagram shows a Red kind:\n{blue}"
    );
    let red = pos.view(Side::Red);
    assert_eq!(own(&red, "g5"), (General, seen));
    assert_eq!(red.last().unwrap().piece, Some(General));
    assert_eq!(red.last().unwrap().defender, Some(Corporal));
    // untouched pieces stay unknown: any kind the enemy still has
    let red_left = pos.remaining(Side::Red).kinds();
    assert!(red_left.contains(Gunner) && red_left.len() > 4);
    assert_eq!(possible(&blue, "b4"), red_left);
    let blue_left = pos.remaining(Side::Blue).kinds();
    assert!(blue_left.contains(Captain) && blue_left.len() > 2);
    assert_eq!(possible(&red, "b5"), blue_left);

    play(&mut pos, "k12-k11");

    // The Gunner attacks the Captain and loses: the Captain (surviving defender)
    // is now known to Red, and the removed Gunner is known to Blue.
    let out = play(&mut pos, "b4xb5");
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    let red = pos.view(Side::Red);
    assert_eq!(red.at(sq("b5")).known_enemy(), Some(Captain));
    assert_eq!(red.last().unwrap().defender, Some(Captain));
    let blue = pos.view(Side::Blue);
    assert_eq!(own(&blue, "b5"), (Captain, KindSet::only(Captain)));
    assert_eq!(blue.at(sq("b4")), SquareView::Empty);
    assert_eq!(blue.last().unwrap().piece, Some(Gunner));
    assert_eq!(blue.remaining(Side::Red).count(Gunner), 0);
    // the General is still hidden from Blue
    assert_eq!(possible(&blue, "g5"), seen);
}

#[test]
fn classic_both_fighters_revealed() {
    use PieceKind::*;
    let mut czech_both = Ruleset::marsal_a_spion();
    czech_both.reveal = RevealRule::BothFighters;
    let cases = [
        (
            "classic",
            Ruleset::classic(),
            vec![
                ("a1", 'F'),
                ("j1", 'S'),
                ("e4", 'L'),
                ("b4", 'R'),
                ("e5", 'r'),
                ("b5", 'j'),
                ("a10", 'f'),
                ("j10", 's'),
            ],
            ["e4xe5", "j10-j9", "b4xb5"],
            (Lieutenant, Major),
        ),
        (
            "czech with the option reveal both",
            czech_both,
            vec![
                ("b1", 'F'),
                ("k1", 'S'),
                ("f4", 'D'),
                ("b4", 'U'),
                ("f5", 'p'),
                ("b5", 'k'),
                ("b12", 'f'),
                ("k12", 's'),
            ],
            ["f4xf5", "k12-k11", "b4xb5"],
            (Cadet, Captain),
        ),
    ];
    for (name, rules, pieces, moves, (winner, defender)) in cases {
        let mut pos = position(&rules, &pieces, Side::Red);
        let out = play(&mut pos, moves[0]);
        assert_eq!(out.battle(), Some(Battle::AttackerWins), "{name}");
        let at = &moves[0][3..];
        let blue = pos.view(Side::Blue);
        assert_eq!(blue.at(sq(at)).known_enemy(), Some(winner), "{name}");
        assert_eq!(blue.last().unwrap().piece, Some(winner), "{name}");
        let red = pos.view(Side::Red);
        assert_eq!(own(&red, at), (winner, KindSet::only(winner)), "{name}");
        play(&mut pos, moves[1]);
        let out = play(&mut pos, moves[2]);
        assert_eq!(out.battle(), Some(Battle::DefenderWins), "{name}");
        let red = pos.view(Side::Red);
        assert_eq!(red.at(sq("b5")).known_enemy(), Some(defender), "{name}");
        assert_eq!(
            pos.view(Side::Blue).last().unwrap().piece,
            Some(out.piece),
            "{name}"
        );
    }
}

#[test]
fn removed_pieces_counted_in_remaining_for_both() {
    use PieceKind::*;
    let rules = Ruleset::marsal_a_spion();
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            // so that counting leaves several Red pieces that beat a Corporal
            ("c1", 'M'),
            ("d1", 'K'),
            ("e1", 'D'),
            ("c4", 'U'),
            ("f4", 'D'),
            ("j4", 'G'),
            ("c5", 'u'),
            ("f5", 'g'),
            ("j5", 'p'),
            ("b12", 'f'),
            ("k12", 's'),
        ],
        Side::Red,
    );
    let before = [pos.remaining(Side::Red), pos.remaining(Side::Blue)];
    let check = |pos: &Position, removed_red: &[PieceKind], removed_blue: &[PieceKind]| {
        for (i, removed) in [removed_red, removed_blue].into_iter().enumerate() {
            let side = Side::BOTH[i];
            let mut expected = before[i];
            for k in removed {
                expected.set(*k, expected.count(*k) - 1);
            }
            assert_eq!(pos.remaining(side), expected);
            for viewer in Side::BOTH {
                assert_eq!(
                    pos.view(viewer).remaining(side),
                    expected,
                    "{viewer}'s count of {side}'s pieces"
                );
            }
        }
    };
    check(&pos, &[], &[]);
    // equal strength: both removed
    assert_eq!(play(&mut pos, "c4xc5").battle(), Some(Battle::BothRemoved));
    check(&pos, &[Gunner], &[Gunner]);
    play(&mut pos, "k12-k11");
    // the attacker loses
    assert_eq!(play(&mut pos, "f4xf5").battle(), Some(Battle::DefenderWins));
    check(&pos, &[Gunner, Cadet], &[Gunner]);
    play(&mut pos, "k11-k12");
    // a hidden attacker wins: only the defender is removed
    assert_eq!(play(&mut pos, "j4xj5").battle(), Some(Battle::AttackerWins));
    check(&pos, &[Gunner, Cadet], &[Gunner, Corporal]);
    assert_eq!(pos.view(Side::Blue).at(sq("j5")).known_enemy(), None);
    assert_eq!(
        possible(&pos.view(Side::Blue), "j5"),
        set(&[Marshal, General, Captain, Cadet])
    );
}

#[test]
fn enemy_possible_kinds_exclude_kinds_with_none_left() {
    use PieceKind::*;
    // A removed piece is handed to the opponent, so both players know which
    // kinds the enemy has left; a kind with none left is no longer possible.
    let rules = Ruleset::marsal_a_spion();
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'G'),
            ("f5", 'y'),
            ("b12", 'f'),
            ("k12", 's'),
            ("c11", 'x'),
        ],
        Side::Red,
    );
    assert_eq!(play(&mut pos, "f4xf5").battle(), Some(Battle::AttackerWins));
    assert_eq!(pos.remaining(Side::Blue).count(Spy), 0);
    let red = pos.view(Side::Red);
    assert_eq!(red.remaining(Side::Blue).count(Spy), 0);
    for at in ["k12", "c11", "b12"] {
        let p = possible(&red, at);
        assert!(
            !p.contains(Spy),
            "{at}: Red knows Blue's only Spy was removed, yet the view says it may be a Spy: {p:?}"
        );
    }
}

#[test]
fn identified_pieces_exclude_their_kind_elsewhere() {
    use PieceKind::*;
    let rules = Ruleset::marsal_a_spion();
    // Red's view of every Blue piece, with Blue's own view agreeing on what Red
    // knows.
    let red_sees = |pos: &Position| -> Vec<(Square, KindSet)> {
        let (red, blue) = (pos.view(Side::Red), pos.view(Side::Blue));
        pos.pieces(Side::Blue)
            .map(|(s, kind)| {
                let seen = possible(&red, &s.to_string());
                assert_eq!(own(&blue, &s.to_string()), (kind, seen), "{s}");
                (s, seen)
            })
            .collect()
    };

    // Blue's only Spy is identified as the surviving defender against the Marshal;
    // its only Gunner is then the piece that moved (a Gunner or the Spy), and the
    // pieces that never moved are Flag or Mines (repeated until nothing changes).
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'M'),
            ("b12", 'f'),
            ("c12", 'x'),
            ("d12", 'x'),
            ("e12", 'u'),
            ("f5", 'y'),
        ],
        Side::Blue,
    );
    play(&mut pos, "e12-e11");
    let red = pos.view(Side::Red);
    assert_eq!(possible(&red, "e11"), set(&[Gunner, Spy]));
    for at in ["b12", "c12", "d12", "f5"] {
        assert_eq!(possible(&red, at), set(&[Flag, Mine, Gunner, Spy]), "{at}");
    }
    assert_eq!(play(&mut pos, "f4xf5").battle(), Some(Battle::DefenderWins));
    // none of this comes from a kind with none left
    assert_eq!(pos.remaining(Side::Blue).count(Spy), 1);
    assert_eq!(pos.remaining(Side::Blue).count(Gunner), 1);
    for (s, seen) in red_sees(&pos) {
        let expected = match s.to_string().as_str() {
            "f5" => KindSet::only(Spy),
            "e11" => KindSet::only(Gunner),
            _ => set(&[Flag, Mine]),
        };
        assert_eq!(seen, expected, "Red's view of {s}");
    }

    // Control: a kind with an unidentified piece left stays possible. Blue has
    // two Scouts; one is identified as a surviving defender, the other is not.
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'M'),
            ("c4", 'Y'),
            ("b12", 'f'),
            ("c12", 'x'),
            ("k12", 's'),
            ("c5", 's'),
            ("e12", 'u'),
            ("f5", 'y'),
        ],
        Side::Red,
    );
    assert_eq!(play(&mut pos, "f4xf5").battle(), Some(Battle::DefenderWins));
    play(&mut pos, "e12-e11");
    assert_eq!(play(&mut pos, "c4xc5").battle(), Some(Battle::DefenderWins));
    assert_eq!(pos.remaining(Side::Blue).count(Scout), 2);
    for (s, seen) in red_sees(&pos) {
        let expected = match s.to_string().as_str() {
            "f5" => KindSet::only(Spy),
            "c5" => KindSet::only(Scout),
            "e11" => set(&[Scout, Gunner]),
            _ => set(&[Flag, Mine, Scout, Gunner]),
        };
        assert_eq!(seen, expected, "Red's view of {s}");
    }
}

#[test]
fn moved_piece_not_mine_or_flag() {
    use PieceKind::*;
    for (name, rules, piece, mv, immovable) in [
        (
            "czech diagonal step",
            Ruleset::marsal_a_spion(),
            ("e4", 'P'),
            "e4-f5",
            [Mine, Flag],
        ),
        (
            "czech step",
            Ruleset::marsal_a_spion(),
            ("f4", 'N'),
            "f4-f5",
            [Mine, Flag],
        ),
        (
            "classic",
            Ruleset::classic(),
            ("e4", 'L'),
            "e4-e5",
            [Bomb, Flag],
        ),
        (
            "barrage",
            Ruleset::barrage(),
            ("e4", 'G'),
            "e4-e5",
            [Bomb, Flag],
        ),
    ] {
        // Red keeps a Mine (Bomb) and several movable kinds, so that counting
        // neither rules the immovable kinds out nor pins the moved piece.
        let mut pos = position(
            &rules,
            &[
                ("b1", 'F'),
                ("b2", immovable[0].letter()),
                ("c1", 'S'),
                ("d1", 'M'),
                ("e1", 'N'),
                piece,
                ("b10", 'f'),
                ("c10", 's'),
            ],
            Side::Red,
        );
        let red_left = pos.remaining(Side::Red).kinds();
        let before = possible(&pos.view(Side::Blue), piece.0);
        assert_eq!(before, red_left, "{name}");
        assert!(immovable.iter().all(|k| before.contains(*k)), "{name}");
        play(&mut pos, mv);
        let to = &mv[3..];
        let after = possible(&pos.view(Side::Blue), to);
        assert_eq!(after, minus(red_left, set(&immovable)), "{name}");
        assert!(after.len() > 1, "{name}: a step does not reveal the piece");
        assert_eq!(own(&pos.view(Side::Red), to).1, after, "{name}");
    }
}

#[test]
fn far_move_reveals_scout() {
    use PieceKind::*;
    for rules in [
        Ruleset::marsal_a_spion(),
        Ruleset::classic(),
        Ruleset::barrage(),
    ] {
        let mut pos = position(
            &rules,
            &[
                ("b1", 'F'),
                ("b2", 'S'),
                ("j2", 'S'),
                // other movable kinds, so that counting does not pin the Scouts
                ("d1", 'M'),
                ("e1", 'N'),
                ("b10", 'f'),
                ("f10", 's'),
                ("j9", 'y'),
            ],
            Side::Red,
        );
        // one square: a Scout's step is like any other step
        play(&mut pos, "b2-b3");
        let stepped = pos.remaining(Side::Red).kinds().intersection(movable());
        assert_eq!(stepped, set(&[Marshal, Scout, Miner]));
        let blue = pos.view(Side::Blue);
        assert_eq!(blue.at(sq("b3")).known_enemy(), None);
        assert_eq!(possible(&blue, "b3"), stepped);
        play(&mut pos, "f10-f9");
        // more than one square: only a Scout does that
        play(&mut pos, "j2-j4");
        let blue = pos.view(Side::Blue);
        assert_eq!(blue.at(sq("j4")).known_enemy(), Some(Scout));
        assert_eq!(
            own(&pos.view(Side::Red), "j4"),
            (Scout, KindSet::only(Scout))
        );
        // Red has two Scouts: one identified Scout does not rule out the other.
        assert_eq!(possible(&blue, "b3"), stepped);
        play(&mut pos, "f9-f8");
        // a Scout that attacks from afar and survives is known too
        assert_eq!(play(&mut pos, "j4xj9").battle(), Some(Battle::AttackerWins));
        let blue = pos.view(Side::Blue);
        assert_eq!(blue.at(sq("j9")).known_enemy(), Some(Scout));
    }
}

#[test]
fn mine_defused_reveals_miner() {
    use PieceKind::*;
    let rules = Ruleset::marsal_a_spion();
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'N'),
            ("f5", 'x'),
            ("b12", 'f'),
            ("k12", 's'),
        ],
        Side::Red,
    );
    let out = play(&mut pos, "f4xf5");
    assert_eq!(out.battle(), Some(Battle::MineDefused));
    let blue = pos.view(Side::Blue);
    // Not announced, but only a Miner defuses a Mine: Blue knows it.
    assert_eq!(blue.last().unwrap().battle, Some(Battle::MineDefused));
    assert_eq!(blue.at(sq("f5")).known_enemy(), Some(Miner));
    assert_eq!(
        own(&pos.view(Side::Red), "f5"),
        (Miner, KindSet::only(Miner))
    );
    assert_eq!(blue.remaining(Side::Blue).count(Mine), 0);
}

#[test]
fn spy_beating_marshal_is_deduced() {
    use PieceKind::*;
    let rules = Ruleset::marsal_a_spion();
    // The Spy attacks the Marshal: it survives unannounced, but only a Spy beats
    // a Marshal.
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'Y'),
            ("f5", 'm'),
            ("b12", 'f'),
            ("k12", 's'),
        ],
        Side::Red,
    );
    assert_eq!(play(&mut pos, "f4xf5").battle(), Some(Battle::AttackerWins));
    let blue = pos.view(Side::Blue);
    assert_eq!(blue.last().unwrap().piece, None);
    assert_eq!(blue.at(sq("f5")).known_enemy(), Some(Spy));

    // The Marshal attacks the Spy (Czech rule: the Spy still wins): the removed
    // Marshal is known to Red, the Spy (surviving defender) to Blue.
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'Y'),
            ("f5", 'm'),
            ("b12", 'f'),
            ("k12", 's'),
        ],
        Side::Blue,
    );
    assert_eq!(play(&mut pos, "f5xf4").battle(), Some(Battle::DefenderWins));
    assert_eq!(pos.view(Side::Blue).at(sq("f4")).known_enemy(), Some(Spy));
    assert_eq!(pos.view(Side::Red).last().unwrap().piece, Some(Marshal));
}
