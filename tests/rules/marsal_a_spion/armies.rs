//! The armies and the strengths of the pieces.

use super::*;

#[test]
fn czech_army_counts() {
    let r = rules();
    let expected = [
        (K::Marshal, 1),
        (K::General, 1),
        (K::Captain, 2),
        (K::Cadet, 3),
        (K::Corporal, 4),
        (K::Gunner, 5),
        (K::Scout, 8),
        (K::Miner, 6),
        (K::Spy, 1),
        (K::Mine, 8),
        (K::Flag, 1),
    ];
    let pos = Position::start(&r, 1, 2).unwrap();
    for side in Side::BOTH {
        let army = r.army(side);
        assert_eq!(army.total(), 40);
        for kind in K::ALL {
            let n = expected
                .iter()
                .find(|(k, _)| *k == kind)
                .map_or(0, |(_, n)| *n);
            assert_eq!(army.count(kind), n, "{side} {kind}");
            assert_eq!(pos.count(side, kind), n, "{side} {kind} on the board");
        }
        assert_eq!(pos.pieces(side).count(), 40);
        assert!(
            pos.pieces(side)
                .all(|(s, _)| r.board.zone(side).contains(s))
        );
    }
}

#[test]
fn czech_strength_order_strongest_first() {
    let r = rules();
    for (i, &a) in ORDER.iter().enumerate() {
        for (j, &d) in ORDER.iter().enumerate() {
            let expected = if a == K::Spy && d == K::Marshal {
                Battle::AttackerWins
            } else if a == K::Marshal && d == K::Spy {
                Battle::DefenderWins
            } else if i < j {
                Battle::AttackerWins
            } else if i > j {
                Battle::DefenderWins
            } else {
                Battle::BothRemoved
            };
            assert_eq!(combat(&r, a, d), Some(expected), "{a} attacks {d}");
        }
    }
}

#[test]
fn czech_scout_ranks_above_miner_by_default() {
    let r = rules();
    assert_eq!(combat(&r, K::Scout, K::Miner), Some(Battle::AttackerWins));
    assert_eq!(combat(&r, K::Miner, K::Scout), Some(Battle::DefenderWins));

    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'S'),
            ("f4", 'n'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    play(&mut pos, "f3xf4");
    assert_eq!(piece(&pos, "f4"), Some((Side::Red, K::Scout)));

    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("f3", 'N'),
            ("f4", 's'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    play(&mut pos, "f3xf4");
    assert_eq!(piece(&pos, "f4"), Some((Side::Blue, K::Scout)));
    assert_eq!(piece(&pos, "f3"), None);
}

#[test]
fn czech_rank_order_option_puts_miner_above_scout() {
    let mut r = rules();
    r.strengths = r.strengths.swapped(K::Scout, K::Miner);
    assert_eq!(r.validate(), Ok(()));
    assert_eq!(combat(&r, K::Miner, K::Scout), Some(Battle::AttackerWins));
    assert_eq!(combat(&r, K::Scout, K::Miner), Some(Battle::DefenderWins));
    // The rest of the order is unchanged.
    for k in [K::Scout, K::Miner] {
        assert_eq!(combat(&r, K::Gunner, k), Some(Battle::AttackerWins));
        assert_eq!(combat(&r, k, K::Spy), Some(Battle::AttackerWins));
    }

    let mut pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("f3", 'N'),
            ("f4", 's'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    play(&mut pos, "f3xf4");
    assert_eq!(piece(&pos, "f4"), Some((Side::Red, K::Miner)));
}
