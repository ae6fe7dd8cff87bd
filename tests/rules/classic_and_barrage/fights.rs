//! Classic: fights.

use super::*;

#[test]
fn classic_spy_wins_only_when_attacking_marshal() {
    let rules = Ruleset::classic();
    assert_eq!(
        combat(&rules, PieceKind::Spy, PieceKind::Marshal),
        Some(Battle::AttackerWins)
    );
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e4", 'Y'),
            ("e5", 'm'),
            ("a2", 'R'),
        ],
        Side::Red,
    );
    let out = pos.play(mv("e4xe5")).unwrap();
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert_eq!(
        pos.piece_at(sq("e5")).map(|p| (p.side, p.kind)),
        Some((Side::Red, PieceKind::Spy))
    );
    assert_eq!(pos.count(Side::Blue, PieceKind::Marshal), 0);
}

#[test]
fn classic_marshal_attacking_spy_wins() {
    let rules = Ruleset::classic();
    assert_eq!(
        combat(&rules, PieceKind::Marshal, PieceKind::Spy),
        Some(Battle::AttackerWins)
    );
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e4", 'Y'),
            ("e5", 'm'),
            ("a2", 'R'),
        ],
        Side::Blue,
    );
    let out = pos.play(mv("e5xe4")).unwrap();
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert_eq!(
        pos.piece_at(sq("e4")).map(|p| (p.side, p.kind)),
        Some((Side::Blue, PieceKind::Marshal))
    );
    assert_eq!(pos.count(Side::Red, PieceKind::Spy), 0);
}

#[test]
fn classic_spy_loses_to_every_other_piece() {
    let rules = Ruleset::classic();
    for other in RANKED {
        if other == PieceKind::Spy || other == PieceKind::Marshal {
            continue;
        }
        assert_eq!(
            combat(&rules, PieceKind::Spy, other),
            Some(Battle::DefenderWins),
            "Spy attacks {other}"
        );
        assert_eq!(
            combat(&rules, other, PieceKind::Spy),
            Some(Battle::AttackerWins),
            "{other} attacks Spy"
        );
    }
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e4", 'Y'),
            ("e5", 'g'),
            ("a2", 'R'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.play(mv("e4xe5")).unwrap().battle(),
        Some(Battle::DefenderWins)
    );
    assert_eq!(
        pos.piece_at(sq("e5")).map(|p| p.kind),
        Some(PieceKind::General)
    );
}

#[test]
fn classic_bomb_defused_by_miner() {
    let rules = Ruleset::classic();
    assert_eq!(
        combat(&rules, PieceKind::Miner, PieceKind::Bomb),
        Some(Battle::MineDefused)
    );
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e4", 'N'),
            ("e5", 'b'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    let out = pos.play(mv("e4xe5")).unwrap();
    assert_eq!(out.battle(), Some(Battle::MineDefused));
    assert_eq!(pos.piece_at(sq("e4")), None);
    assert_eq!(
        pos.piece_at(sq("e5")).map(|p| (p.side, p.kind)),
        Some((Side::Red, PieceKind::Miner))
    );
    assert_eq!(pos.count(Side::Blue, PieceKind::Bomb), 0);
}

#[test]
fn classic_bomb_kills_other_attackers() {
    let rules = Ruleset::classic();
    for kind in RANKED {
        if kind == PieceKind::Miner {
            continue;
        }
        assert_eq!(
            combat(&rules, kind, PieceKind::Bomb),
            Some(Battle::DefenderWins),
            "{kind}"
        );
        let mut pos = classic(
            &[
                ("a1", 'F'),
                ("a2", 'R'),
                ("j10", 'f'),
                ("e4", kind.letter()),
                ("e5", 'b'),
                ("a8", 'r'),
            ],
            Side::Red,
        );
        let before = pos.count(Side::Red, kind);
        let out = pos.play(mv("e4xe5")).unwrap();
        assert_eq!(out.battle(), Some(Battle::DefenderWins), "{kind}");
        assert_eq!(pos.piece_at(sq("e4")), None, "{kind}");
        assert_eq!(
            pos.piece_at(sq("e5")).map(|p| (p.side, p.kind)),
            Some((Side::Blue, PieceKind::Bomb))
        );
        assert_eq!(pos.count(Side::Red, kind), before - 1);
    }
    // also a Scout attacking from afar
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("a2", 'R'),
            ("j10", 'f'),
            ("e2", 'S'),
            ("e8", 'b'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.play(mv("e2xe8")).unwrap().battle(),
        Some(Battle::DefenderWins)
    );
    assert_eq!(
        pos.piece_at(sq("e8")).map(|p| p.kind),
        Some(PieceKind::Bomb)
    );
}

#[test]
fn classic_both_fighters_revealed_to_both() {
    let rules = Ruleset::classic();
    assert_eq!(rules.reveal, marsal::RevealRule::BothFighters);
    let pieces = [
        ("a1", 'F'),
        ("a2", 'R'),
        ("j10", 'f'),
        ("e4", 'G'),
        ("e5", 'k'),
        ("f5", 'm'),
        ("a8", 'r'),
    ];
    // attacker survives: the defending side is shown the attacker
    let mut pos = classic(&pieces, Side::Red);
    assert_eq!(pos.view(Side::Blue).at(sq("e4")).known_enemy(), None);
    let out = pos.play(mv("e4xe5")).unwrap();
    let fight = out.fight.unwrap();
    assert_eq!(fight.battle, Battle::AttackerWins);
    assert!(fight.attacker_revealed);
    assert_eq!(
        pos.known_to_opponent(sq("e5")),
        Some(KindSet::only(PieceKind::General))
    );
    assert_eq!(
        pos.view(Side::Blue).at(sq("e5")).known_enemy(),
        Some(PieceKind::General)
    );
    assert_eq!(out.observed_by(Side::Blue).piece, Some(PieceKind::General));
    assert_eq!(
        out.observed_by(Side::Blue).defender,
        Some(PieceKind::Captain)
    );
    assert_eq!(
        out.observed_by(Side::Red).defender,
        Some(PieceKind::Captain)
    );
    assert_eq!(
        pos.view(Side::Red).at(sq("f5")).known_enemy(),
        None,
        "bystander stays hidden"
    );

    // defender survives: the attacking side is shown the defender, and both know the attacker
    let mut pos = classic(&pieces, Side::Blue);
    let out = pos.play(mv("f5-f4")).unwrap();
    assert!(!out.is_attack());
    pos.play(mv("a2-a3")).unwrap();
    let out = pos.play(mv("e5xe4")).unwrap();
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    assert!(out.fight.unwrap().attacker_revealed);
    assert_eq!(
        pos.view(Side::Blue).at(sq("e4")).known_enemy(),
        Some(PieceKind::General)
    );
    assert_eq!(out.observed_by(Side::Red).piece, Some(PieceKind::Captain));
    assert_eq!(
        out.observed_by(Side::Blue).defender,
        Some(PieceKind::General)
    );
}
