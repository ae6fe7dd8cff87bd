//! One test per rule of `docs/rules.md` section 3: the preset `classic`, and
//! `barrage` (3.3). The two-square and more-squares rules have tests of their
//! own (the repetition rules' and the more-squares rule's).

use marsal::{
    Army, Battle, DrawReason, KindSet, MoveError, PieceKind, Position, PositionError, Ruleset,
    Setup, SetupError, Side, Square, SquareParseError, SquareView, Status, WinReason, combat,
    no_hope,
};
use std::collections::BTreeSet;

// ---------------------------------------------------------------- helpers

mod common;
use common::{mv, position, position_text, sq};

/// A classic position with exactly `pieces` (upper case Red, lower case Blue).
fn classic(pieces: &[(&str, char)], to_move: Side) -> Position {
    position(&Ruleset::classic(), pieces, to_move)
}

fn moves_from(pos: &Position, from: &str) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .filter(|m| m.from == sq(from))
        .map(|m| m.to.to_string())
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

/// Plays an illegal move and checks that it is refused with `expected` and
/// changes nothing.
fn refused(pos: &mut Position, m: &str, expected: MoveError) {
    let before = *pos;
    assert_eq!(pos.check_move(mv(m)), Err(expected), "check_move {m}");
    assert_eq!(pos.play(mv(m)), Err(expected), "play {m}");
    assert_eq!(*pos, before, "an illegal move {m} changed the position");
    assert!(!pos.legal_moves().contains(&mv(m)), "{m} listed as legal");
}

const RANKED: [PieceKind; 10] = [
    PieceKind::Marshal,
    PieceKind::General,
    PieceKind::Colonel,
    PieceKind::Major,
    PieceKind::Captain,
    PieceKind::Lieutenant,
    PieceKind::Sergeant,
    PieceKind::Miner,
    PieceKind::Scout,
    PieceKind::Spy,
];

// ---------------------------------------------------------------- classic: board

#[test]
fn classic_board_is_10x10_with_eight_lake_squares() {
    let g = Ruleset::classic().board;
    assert_eq!((g.files, g.ranks), (10, 10));
    let lakes: BTreeSet<String> = g.lakes.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        lakes,
        set(&["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"])
    );
    assert_eq!(g.playable.len(), 92);
    for s in Square::all() {
        let inside = s.file() < 10 && s.rank() < 10;
        if inside {
            assert!(
                g.is_playable(s) != g.is_lake(s),
                "{s} must be playable or lake"
            );
        } else {
            assert!(!g.is_playable(s) && !g.is_lake(s), "{s} must not exist");
        }
    }
}

#[test]
fn classic_square_names_run_a1_to_j10() {
    let g = Ruleset::classic().board;
    for file in 'a'..='j' {
        for rank in 1..=10 {
            let name = format!("{file}{rank}");
            let s = sq(&name);
            assert_eq!(s.to_string(), name);
            if g.is_lake(s) {
                assert_eq!(g.parse_square(&name), Err(SquareParseError::Lake(s)));
            } else {
                assert_eq!(g.parse_square(&name), Ok(s));
            }
        }
    }
    // a1 is Red's bottom left corner, j10 Blue's.
    assert_eq!((sq("a1").file(), sq("a1").rank()), (0, 0));
    assert_eq!((sq("j10").file(), sq("j10").rank()), (9, 9));
    assert_eq!(g.rotate(sq("a1")), Some(sq("j10")));
}

#[test]
fn classic_k_file_and_rank_11_are_rejected() {
    let g = Ruleset::classic().board;
    for name in ["k1", "k5", "k10", "a11", "j11", "k11", "l12"] {
        assert_eq!(
            g.parse_square(name),
            Err(SquareParseError::OffBoard(sq(name))),
            "{name}"
        );
    }
    assert_eq!(g.parse_square("a0"), Err(SquareParseError::BadRank));
    assert_eq!(g.parse_square("a13"), Err(SquareParseError::BadRank));
    assert_eq!(g.parse_square("m1"), Err(SquareParseError::BadFile('m')));
    // and no move may go there
    let mut pos = classic(
        &[("a1", 'F'), ("j3", 'R'), ("j10", 'f'), ("a8", 'r')],
        Side::Red,
    );
    refused(&mut pos, "j3-k3", MoveError::OffBoard(sq("k3")));
    assert!(pos.legal_moves().iter().all(|m| g.is_playable(m.to)));
}

#[test]
fn classic_setup_zones_are_ranks_1_to_4_and_7_to_10() {
    let g = Ruleset::classic().board;
    for s in g.playable.iter() {
        let rank = s.rank() + 1;
        assert_eq!(g.zone(Side::Red).contains(s), rank <= 4, "{s}");
        assert_eq!(g.zone(Side::Blue).contains(s), rank >= 7, "{s}");
    }
    assert_eq!(g.zone(Side::Red).len(), 40);
    assert_eq!(g.zone(Side::Blue).len(), 40);
}

#[test]
fn classic_no_piece_enters_or_crosses_a_lake() {
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("c4", 'L'),
            ("h2", 'S'),
            ("a5", 'S'),
            ("j10", 'f'),
            ("j8", 'r'),
        ],
        Side::Red,
    );
    refused(&mut pos, "c4-c5", MoveError::Lake(sq("c5")));
    assert_eq!(moves_from(&pos, "c4"), set(&["c3", "b4", "d4"]));
    // a Scout stops in front of a lake
    refused(&mut pos, "h2-h7", MoveError::PathBlocked(sq("h5")));
    assert_eq!(
        moves_from(&pos, "h2"),
        set(&[
            "h1", "h3", "h4", "g2", "f2", "e2", "d2", "c2", "b2", "a2", "i2", "j2"
        ])
    );
    refused(&mut pos, "a5-e5", MoveError::PathBlocked(sq("c5")));
    assert_eq!(
        moves_from(&pos, "a5"),
        set(&["b5", "a4", "a3", "a2", "a6", "a7", "a8", "a9", "a10"])
    );
}

// ---------------------------------------------------------------- classic: armies

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

// ---------------------------------------------------------------- classic: moves

#[test]
fn classic_steps_are_orthogonal_only() {
    let mut rules = Ruleset::classic();
    assert!(!rules.diagonal_steps);
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e3", 'J'),
            ("f4", 'r'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    assert_eq!(moves_from(&pos, "e3"), set(&["e2", "e4", "d3", "f3"]));
    refused(&mut pos, "e3-d4", MoveError::DiagonalStep);
    refused(&mut pos, "e3-d2", MoveError::DiagonalStep);
    // a diagonal attack is no more legal
    let before = pos;
    let err = pos.play(mv("e3xf4")).unwrap_err();
    assert!(
        matches!(err, MoveError::DiagonalStep | MoveError::DiagonalAttack(_)),
        "{err:?}"
    );
    assert_eq!(pos, before);
    // The same position with diagonal steps switched on has them (the test can fail).
    rules.diagonal_steps = true;
    let diag = position(
        &rules,
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e3", 'J'),
            ("f4", 'r'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    assert!(moves_from(&diag, "e3").contains("d4"));
}

#[test]
fn classic_pieces_other_than_scout_move_one_square() {
    for kind in RANKED {
        if kind == PieceKind::Scout {
            continue;
        }
        let letter = kind.letter();
        let mut pos = classic(
            &[("a1", 'F'), ("j10", 'f'), ("e3", letter), ("a8", 'r')],
            Side::Red,
        );
        assert_eq!(
            moves_from(&pos, "e3"),
            set(&["e2", "e4", "d3", "f3"]),
            "{kind}"
        );
        refused(&mut pos, "e3-e5", MoveError::TooFar(kind));
        refused(&mut pos, "e3-g3", MoveError::TooFar(kind));
    }
}

#[test]
fn classic_scout_moves_any_distance_and_attacks_in_same_move() {
    let base = [
        ("a1", 'F'),
        ("j10", 'f'),
        ("e2", 'S'),
        ("e9", 'y'),
        ("a8", 'r'),
    ];
    let mut pos = classic(&base, Side::Red);
    let far = moves_from(&pos, "e2");
    for to in [
        "e1", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "a2", "b2", "j2",
    ] {
        assert!(far.contains(to), "e2-{to} missing from {far:?}");
    }
    assert!(!far.contains("e10"), "the Scout may not pass the Spy");
    // a long move to an empty square
    let mut quiet = pos;
    quiet.play(mv("e2-e8")).unwrap();
    assert_eq!(
        quiet.piece_at(sq("e8")).map(|p| p.kind),
        Some(PieceKind::Scout)
    );
    // a long move that ends in an attack: the Scout (2) beats the Spy (1)
    let out = pos.play(mv("e2xe9")).unwrap();
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert_eq!(pos.piece_at(sq("e2")), None);
    assert_eq!(
        pos.piece_at(sq("e9")).map(|p| (p.side, p.kind)),
        Some((Side::Red, PieceKind::Scout))
    );

    // losing a long-range attack: the Scout is removed, the defender stays put
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e2", 'S'),
            ("e9", 'r'),
            ("a2", 'R'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    let out = pos.play(mv("e2xe9")).unwrap();
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    assert_eq!(pos.piece_at(sq("e2")), None);
    assert_eq!(pos.piece_at(sq("e8")), None);
    assert_eq!(
        pos.piece_at(sq("e9")).map(|p| p.kind),
        Some(PieceKind::Sergeant)
    );
}

#[test]
fn classic_scout_cannot_jump() {
    // over an own piece
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e2", 'S'),
            ("e4", 'R'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    refused(&mut pos, "e2-e5", MoveError::PathBlocked(sq("e4")));
    let m = moves_from(&pos, "e2");
    assert!(m.contains("e3") && !m.contains("e4") && !m.contains("e5"));
    // over an enemy piece: it may attack it but not pass it
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e2", 'S'),
            ("e4", 'r'),
            ("a8", 'r'),
        ],
        Side::Red,
    );
    refused(&mut pos, "e2-e5", MoveError::PathBlocked(sq("e4")));
    refused(&mut pos, "e2-e10", MoveError::PathBlocked(sq("e4")));
    let m = moves_from(&pos, "e2");
    assert!(m.contains("e4") && !m.contains("e5"));
    // an attack past the first enemy piece is not allowed either
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("j10", 'f'),
            ("e2", 'S'),
            ("e4", 'r'),
            ("e6", 'r'),
        ],
        Side::Red,
    );
    refused(&mut pos, "e2xe6", MoveError::PathBlocked(sq("e4")));
}

#[test]
fn classic_scout_moves_only_along_ranks_and_files() {
    let mut pos = classic(
        &[("a1", 'F'), ("j10", 'f'), ("e2", 'S'), ("a8", 'r')],
        Side::Red,
    );
    refused(&mut pos, "e2-f3", MoveError::DiagonalStep);
    refused(&mut pos, "e2-g4", MoveError::NotALine);
    refused(&mut pos, "e2-f4", MoveError::NotALine);
    assert!(
        pos.legal_moves()
            .iter()
            .filter(|m| m.from == sq("e2"))
            .all(|m| m.from.file() == m.to.file() || m.from.rank() == m.to.rank())
    );
}

#[test]
fn classic_bombs_and_flag_never_move() {
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("e2", 'B'),
            ("j10", 'f'),
            ("a8", 'r'),
            ("h2", 'R'),
        ],
        Side::Red,
    );
    refused(
        &mut pos,
        "a1-a2",
        MoveError::Immovable {
            square: sq("a1"),
            kind: PieceKind::Flag,
        },
    );
    refused(
        &mut pos,
        "e2-e3",
        MoveError::Immovable {
            square: sq("e2"),
            kind: PieceKind::Bomb,
        },
    );
    assert!(pos.legal_moves().iter().all(|m| m.from == sq("h2")));
}

#[test]
fn classic_players_alternate() {
    let mut pos = classic(
        &[("a1", 'F'), ("j10", 'f'), ("e3", 'R'), ("e8", 'r')],
        Side::Red,
    );
    assert_eq!(pos.to_move(), Side::Red);
    refused(&mut pos, "e8-e7", MoveError::NotYourPiece(sq("e8")));
    pos.play(mv("e3-e4")).unwrap();
    assert_eq!(pos.to_move(), Side::Blue);
    assert_eq!(
        pos.status(),
        Status::Ongoing {
            to_move: Side::Blue
        }
    );
    refused(&mut pos, "e4-e5", MoveError::NotYourPiece(sq("e4")));
    pos.play(mv("e8-e7")).unwrap();
    assert_eq!(pos.to_move(), Side::Red);
}

// ---------------------------------------------------------------- classic: combat

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

// ---------------------------------------------------------------- classic: end of game

#[test]
fn classic_flag_capture_wins() {
    let rules = Ruleset::classic();
    for kind in RANKED {
        assert_eq!(
            combat(&rules, kind, PieceKind::Flag),
            Some(Battle::FlagCaptured),
            "{kind}"
        );
    }
    // even the weakest piece captures it
    let mut pos = classic(
        &[("a1", 'F'), ("j10", 'f'), ("j9", 'Y'), ("a8", 'r')],
        Side::Red,
    );
    let out = pos.play(mv("j9xj10")).unwrap();
    assert_eq!(out.battle(), Some(Battle::FlagCaptured));
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Red,
            reason: WinReason::FlagCaptured
        }
    );
    assert!(pos.legal_moves().is_empty());
    // by a Scout from afar, for Blue
    let mut pos = classic(
        &[("a1", 'F'), ("a9", 's'), ("j10", 'f'), ("e4", 'R')],
        Side::Blue,
    );
    pos.play(mv("a9xa1")).unwrap();
    assert_eq!(pos.status().winner(), Some(Side::Blue));
    assert_eq!(pos.play(mv("e4-e5")), Err(MoveError::GameOver));
}

#[test]
fn classic_player_without_moves_loses() {
    assert_eq!(Ruleset::classic().no_move, marsal::NoMoveRule::Loses);
    let lost = Status::Won {
        winner: Side::Blue,
        reason: WinReason::OpponentCannotMove,
    };
    // only Bombs and the Flag left
    let pos = classic(
        &[("a1", 'F'), ("b1", 'B'), ("j10", 'f'), ("e8", 'r')],
        Side::Red,
    );
    assert_eq!(pos.status(), lost);
    assert!(pos.legal_moves().is_empty());
    // every movable piece blocked (walled in by its own Flag and Bomb)
    let pos = classic(
        &[
            ("a1", 'R'),
            ("a2", 'F'),
            ("b1", 'B'),
            ("j10", 'f'),
            ("e8", 'r'),
        ],
        Side::Red,
    );
    assert_eq!(pos.status(), lost);
    // checked for the side not to move as well
    let pos = classic(
        &[
            ("a1", 'R'),
            ("a2", 'F'),
            ("b1", 'B'),
            ("j10", 'f'),
            ("e8", 'r'),
        ],
        Side::Blue,
    );
    assert_eq!(pos.status(), lost);
    // after the opponent's move takes the last movable piece
    let mut pos = classic(
        &[("a1", 'F'), ("e4", 'R'), ("j10", 'f'), ("e5", 'm')],
        Side::Blue,
    );
    assert!(!pos.status().is_over());
    pos.play(mv("e5xe4")).unwrap();
    assert_eq!(pos.status(), lost);
    assert!(pos.legal_moves().is_empty());
    // the Czech rule for the same position would be a draw (the test can fail)
    let czechish = Ruleset {
        no_move: marsal::NoMoveRule::Draw,
        ..Ruleset::classic()
    };
    let pos = position(
        &czechish,
        &[("a1", 'F'), ("b1", 'B'), ("j10", 'f'), ("e8", 'r')],
        Side::Red,
    );
    assert_eq!(
        pos.status(),
        Status::Drawn {
            reason: DrawReason::NoLegalMove(Side::Red)
        }
    );
}

#[test]
fn classic_game_ends_right_after_own_move_when_mover_has_no_moves() {
    // Red's last movable piece attacks a Bomb and dies: Red, who just moved, has
    // no legal move left and loses at once, although Blue is to move.
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("b1", 'B'),
            ("e4", 'R'),
            ("e5", 'b'),
            ("j10", 'f'),
            ("j7", 'm'),
        ],
        Side::Red,
    );
    assert_eq!(pos.status(), Status::Ongoing { to_move: Side::Red });
    pos.play(mv("e4xe5")).unwrap();
    let over = Status::Won {
        winner: Side::Blue,
        reason: WinReason::OpponentCannotMove,
    };
    assert_eq!(pos.status(), over);
    assert!(pos.status().is_over());
    assert_eq!(pos.status().winner(), Some(Side::Blue));
    assert!(pos.legal_moves().is_empty());
    for m in ["j7-j6", "j7-i7", "j7-j8", "a1-a2", "e5-e4"] {
        refused(&mut pos, m, MoveError::GameOver);
    }
    assert_eq!(pos.status(), over);

    // the same with an equal fight: both removed, Blue still has a movable piece
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("e4", 'R'),
            ("e5", 'r'),
            ("j10", 'f'),
            ("j7", 'm'),
        ],
        Side::Red,
    );
    pos.play(mv("e4xe5")).unwrap();
    assert_eq!(pos.status(), over);
    refused(&mut pos, "j7-j6", MoveError::GameOver);

    // and for Blue
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("e4", 'B'),
            ("e5", 'r'),
            ("j10", 'f'),
            ("a4", 'M'),
        ],
        Side::Blue,
    );
    pos.play(mv("e5xe4")).unwrap();
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Red,
            reason: WinReason::OpponentCannotMove
        }
    );
    refused(&mut pos, "a4-a5", MoveError::GameOver);
}

#[test]
fn classic_neither_side_can_move_is_draw() {
    let draw = Status::Drawn {
        reason: DrawReason::NeitherCanMove,
    };
    let pos = classic(
        &[("a1", 'F'), ("b1", 'B'), ("j10", 'f'), ("j9", 'b')],
        Side::Red,
    );
    assert_eq!(pos.status(), draw);
    assert!(pos.legal_moves().is_empty());
    // after the last two movable pieces remove each other
    let mut pos = classic(
        &[("a1", 'F'), ("e4", 'R'), ("e5", 'r'), ("j10", 'f')],
        Side::Red,
    );
    assert!(!pos.status().is_over());
    pos.play(mv("e4xe5")).unwrap();
    assert_eq!(pos.status(), draw);
    assert_eq!(pos.status().winner(), None);
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn classic_no_hope_draw_is_off() {
    assert!(!Ruleset::classic().no_hope_draw);
    // Both Flags walled in by Bombs, no Miner anywhere: nobody can ever win, but
    // the classic game goes on.
    let pieces = [
        ("a1", 'F'),
        ("a2", 'B'),
        ("b1", 'B'),
        ("e3", 'M'),
        ("j10", 'f'),
        ("j9", 'b'),
        ("i10", 'b'),
        ("e8", 'm'),
    ];
    let mut pos = classic(&pieces, Side::Red);
    assert!(no_hope::is_hopeless(&pos), "the position must be hopeless");
    assert_eq!(pos.status(), Status::Ongoing { to_move: Side::Red });
    pos.play(mv("e3-e4")).unwrap();
    assert_eq!(
        pos.status(),
        Status::Ongoing {
            to_move: Side::Blue
        }
    );
    // With the option on, the very same position is drawn (the test can fail).
    let with_draw = Ruleset {
        no_hope_draw: true,
        ..Ruleset::classic()
    };
    assert_eq!(
        position(&with_draw, &pieces, Side::Red).status(),
        Status::Drawn {
            reason: DrawReason::NoHope
        }
    );
}

#[test]
fn classic_setup_fills_own_zone_with_forty_pieces() {
    let rules = Ruleset::classic();
    for (side, seed) in [(Side::Red, 3), (Side::Blue, 4)] {
        let mut s = Setup::random(&rules, side, seed);
        assert_eq!(s.validate(&rules), Ok(()));
        assert!(s.pieces().all(|(q, _)| rules.board.zone(side).contains(q)));
        assert_eq!(s.pieces().count(), 40);
        // an empty zone square is rejected
        let (q, k) = s.pieces().next().unwrap();
        s.remove(q);
        assert_eq!(s.validate(&rules), Err(SetupError::EmptySquare(q)));
        // a piece outside the zone is rejected
        let outside = if side == Side::Red {
            sq("e5")
        } else {
            sq("e6")
        };
        s.place(outside, k).unwrap();
        assert_eq!(
            s.validate(&rules),
            Err(SetupError::OutsideZone {
                square: outside,
                kind: k
            })
        );
    }
}

// ---------------------------------------------------------------- barrage

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
