//! Fights: who wins, the Spy, the Mines, the Flag.

use super::*;

/// Red `attacker` on f3 attacks Blue `defender` on f4.
fn fight(rules: &Ruleset, attacker: K, defender: K) -> (Position, Outcome) {
    let mut pos = position(
        rules,
        &[
            ("b1", 'F'),
            ("j2", 'D'),
            ("f3", attacker.letter()),
            ("f4", defender.letter().to_ascii_lowercase()),
            ("c11", 'd'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    let out = play(&mut pos, "f3xf4");
    (pos, out)
}

#[test]
fn czech_stronger_wins_and_takes_square() {
    for (i, &a) in ORDER.iter().enumerate() {
        for &d in &ORDER[i + 1..] {
            if (a, d) == (K::Marshal, K::Spy) {
                continue;
            }
            let (pos, out) = fight(&rules(), a, d);
            assert_eq!(out.battle(), Some(Battle::AttackerWins), "{a} x {d}");
            assert_eq!(piece(&pos, "f4"), Some((Side::Red, a)), "{a} x {d}");
            assert_eq!(piece(&pos, "f3"), None);
            assert_eq!(pos.count(Side::Blue, d), u8::from(d == K::Cadet));
        }
    }
}

#[test]
fn czech_winning_defender_stays() {
    for (i, &d) in ORDER.iter().enumerate() {
        for &a in &ORDER[i + 1..] {
            if (a, d) == (K::Spy, K::Marshal) {
                continue;
            }
            let (pos, out) = fight(&rules(), a, d);
            assert_eq!(out.battle(), Some(Battle::DefenderWins), "{a} x {d}");
            assert_eq!(piece(&pos, "f4"), Some((Side::Blue, d)), "{a} x {d}");
            assert_eq!(piece(&pos, "f3"), None, "the loser is removed");
            assert_eq!(pos.count(Side::Red, a), u8::from(a == K::Cadet));
        }
    }
}

#[test]
fn czech_equal_strength_removes_both() {
    for k in ORDER {
        let (pos, out) = fight(&rules(), k, k);
        assert_eq!(out.battle(), Some(Battle::BothRemoved), "{k}");
        assert_eq!(piece(&pos, "f3"), None);
        assert_eq!(piece(&pos, "f4"), None);
        let extra = u8::from(k == K::Cadet);
        assert_eq!(pos.count(Side::Red, k), extra);
        assert_eq!(pos.count(Side::Blue, k), extra);
    }
}

#[test]
fn czech_spy_attacking_marshal_wins() {
    let (pos, out) = fight(&rules(), K::Spy, K::Marshal);
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert_eq!(piece(&pos, "f4"), Some((Side::Red, K::Spy)));
    assert_eq!(pos.count(Side::Blue, K::Marshal), 0);
}

#[test]
fn czech_spy_defeats_attacking_marshal() {
    // Blue's Marshal attacks Red's Spy: the Spy wins and stays.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("j2", 'D'),
            ("f3", 'Y'),
            ("f4", 'm'),
            ("k12", 'f'),
        ],
        Side::Blue,
    );
    let out = play(&mut pos, "f4xf3");
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    assert_eq!(piece(&pos, "f3"), Some((Side::Red, K::Spy)));
    assert_eq!(piece(&pos, "f4"), None);
    assert_eq!(pos.count(Side::Blue, K::Marshal), 0);
}

#[test]
fn czech_marshal_attacking_spy_loses() {
    assert_eq!(
        combat(&rules(), K::Marshal, K::Spy),
        Some(Battle::DefenderWins)
    );
    let (pos, out) = fight(&rules(), K::Marshal, K::Spy);
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    assert_eq!(piece(&pos, "f4"), Some((Side::Blue, K::Spy)));
    assert_eq!(pos.count(Side::Red, K::Marshal), 0);
    // The Marshal falls to nothing else.
    for k in ORDER
        .into_iter()
        .filter(|k| *k != K::Spy && *k != K::Marshal)
    {
        assert_eq!(
            combat(&rules(), k, K::Marshal),
            Some(Battle::DefenderWins),
            "{k}"
        );
        assert_eq!(
            combat(&rules(), K::Marshal, k),
            Some(Battle::AttackerWins),
            "{k}"
        );
    }
}

#[test]
fn czech_every_other_piece_defeats_the_spy() {
    for k in ORDER
        .into_iter()
        .filter(|k| *k != K::Marshal && *k != K::Spy)
    {
        let (pos, out) = fight(&rules(), k, K::Spy);
        assert_eq!(out.battle(), Some(Battle::AttackerWins), "{k} x Spy");
        assert_eq!(piece(&pos, "f4"), Some((Side::Red, k)));
        let (pos, out) = fight(&rules(), K::Spy, k);
        assert_eq!(out.battle(), Some(Battle::DefenderWins), "Spy x {k}");
        assert_eq!(piece(&pos, "f4"), Some((Side::Blue, k)));
    }
}

#[test]
fn czech_spy_rule_option_only_when_attacking() {
    let mut r = rules();
    r.spy_rule = SpyRule::OnlyWhenAttacking;
    let (pos, out) = fight(&r, K::Marshal, K::Spy);
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert_eq!(piece(&pos, "f4"), Some((Side::Red, K::Marshal)));
    // The Spy still wins when it attacks.
    let (_, out) = fight(&r, K::Spy, K::Marshal);
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    // The preset's rule differs.
    assert_eq!(rules().spy_rule, SpyRule::DefeatsMarshalAlways);
}

#[test]
fn czech_miner_defuses_mine() {
    let (pos, out) = fight(&rules(), K::Miner, K::Mine);
    assert_eq!(out.battle(), Some(Battle::MineDefused));
    assert_eq!(piece(&pos, "f4"), Some((Side::Red, K::Miner)));
    assert_eq!(piece(&pos, "f3"), None);
    assert_eq!(pos.count(Side::Blue, K::Mine), 0);
}

#[test]
fn czech_other_attacker_dies_on_mine() {
    for k in ORDER.into_iter().filter(|k| *k != K::Miner) {
        assert_eq!(
            combat(&rules(), k, K::Mine),
            Some(Battle::DefenderWins),
            "{k}"
        );
        let (pos, out) = fight(&rules(), k, K::Mine);
        assert_eq!(out.battle(), Some(Battle::DefenderWins), "{k}");
        assert_eq!(piece(&pos, "f4"), Some((Side::Blue, K::Mine)), "{k}");
        assert_eq!(piece(&pos, "f3"), None, "{k}");
    }
    // Also a Scout attacking from afar.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("j2", 'D'),
            ("f3", 'S'),
            ("f8", 'x'),
            ("c11", 'd'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    play(&mut pos, "f3xf8");
    assert_eq!(piece(&pos, "f8"), Some((Side::Blue, K::Mine)));
    assert_eq!(piece(&pos, "f7"), None);
    assert_eq!(pos.count(Side::Red, K::Scout), 0);
}

#[test]
fn czech_any_attacker_captures_flag_and_wins() {
    for k in ORDER {
        assert_eq!(
            combat(&rules(), k, K::Flag),
            Some(Battle::FlagCaptured),
            "{k}"
        );
        let mut pos = czech(
            &[("b1", 'F'), ("k11", k.letter()), ("c11", 'd'), ("k12", 'f')],
            Side::Red,
        );
        let out = play(&mut pos, "k11xk12");
        assert_eq!(out.battle(), Some(Battle::FlagCaptured), "{k}");
        assert_eq!(
            pos.status(),
            Status::Won {
                winner: Side::Red,
                reason: WinReason::FlagCaptured
            },
            "{k}"
        );
        assert_eq!(piece(&pos, "k12"), Some((Side::Red, k)));
    }
    // Blue wins the same way, also with a Scout from afar.
    let mut pos = czech(
        &[("b1", 'F'), ("c2", 'D'), ("b9", 's'), ("k12", 'f')],
        Side::Blue,
    );
    play(&mut pos, "b9xb1");
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::FlagCaptured
        }
    );
}
