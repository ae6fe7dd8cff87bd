//! Classic: the armies and ranks.

use super::*;

#[test]
fn classic_army_counts_and_ranks() {
    use PieceKind::*;
    let rules = Ruleset::classic();
    let expected = [
        (Marshal, 1, 10),
        (General, 1, 9),
        (Colonel, 2, 8),
        (Major, 3, 7),
        (Captain, 4, 6),
        (Lieutenant, 4, 5),
        (Sergeant, 4, 4),
        (Miner, 5, 3),
        (Scout, 8, 2),
        (Spy, 1, 1),
        (Bomb, 6, 0),
        (Flag, 1, 0),
    ];
    for side in Side::BOTH {
        let army = rules.army(side);
        assert_eq!(army.total(), 40);
        for kind in PieceKind::ALL {
            let want = expected.iter().find(|e| e.0 == kind).map_or(0, |e| e.1);
            assert_eq!(army.count(kind), want, "{side} {kind}");
        }
    }
    for (kind, _, rank) in expected {
        if kind.is_movable() {
            assert_eq!(rules.strengths.get(kind), rank, "{kind}");
        }
    }
    // A full start has 40 pieces a side.
    let pos = Position::start(&rules, 11, 12).unwrap();
    for side in Side::BOTH {
        assert_eq!(pos.pieces(side).count(), 40);
        assert_eq!(pos.remaining(side), Army::classic());
    }
}

#[test]
fn classic_higher_rank_wins_and_equal_ranks_both_removed() {
    let rules = Ruleset::classic();
    for a in RANKED {
        for d in RANKED {
            if a == PieceKind::Spy && d == PieceKind::Marshal {
                continue; // the Spy rule, tested below
            }
            let (ra, rd) = (rules.strengths.get(a), rules.strengths.get(d));
            let want = if ra > rd {
                Battle::AttackerWins
            } else if ra < rd {
                Battle::DefenderWins
            } else {
                Battle::BothRemoved
            };
            assert_eq!(combat(&rules, a, d), Some(want), "{a} attacks {d}");
        }
    }
    // On the board: the winning attacker takes the square, a winning defender stays.
    let base = [
        ("a1", 'F'),
        ("j10", 'f'),
        ("e4", 'J'),
        ("e5", 'k'),
        ("a8", 'l'),
    ];
    let mut pos = classic(&base, Side::Red);
    let out = pos.play(mv("e4xe5")).unwrap();
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert_eq!(pos.piece_at(sq("e4")), None);
    assert_eq!(
        pos.piece_at(sq("e5")).map(|p| (p.side, p.kind)),
        Some((Side::Red, PieceKind::Major))
    );
    assert_eq!(pos.count(Side::Blue, PieceKind::Captain), 0);

    let mut pos = classic(&base, Side::Blue);
    let out = pos.play(mv("e5xe4")).unwrap();
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    assert_eq!(pos.piece_at(sq("e5")), None);
    assert_eq!(
        pos.piece_at(sq("e4")).map(|p| (p.side, p.kind)),
        Some((Side::Red, PieceKind::Major))
    );

    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e4", 'L'),
            ("e5", 'l'),
            ("a2", 'R'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    let out = pos.play(mv("e4xe5")).unwrap();
    assert_eq!(out.battle(), Some(Battle::BothRemoved));
    assert_eq!(pos.piece_at(sq("e4")), None);
    assert_eq!(pos.piece_at(sq("e5")), None);
}
