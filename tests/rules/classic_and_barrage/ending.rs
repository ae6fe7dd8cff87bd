//! Classic: the end of the game.

use super::*;

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
