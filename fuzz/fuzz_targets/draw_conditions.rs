//! The status verdict of arbitrary sparse positions (and of the positions after
//! a few moves) against the legal moves and an independent reachability search.
#![no_main]

#[path = "common/mod.rs"]
mod common;
#[path = "../../tests/common/status_oracle.rs"]
mod status_oracle;

use arbitrary::Unstructured;
use common::ref_can_reach_flag;
use libfuzzer_sys::fuzz_target;
use marsal::{DrawReason, NoMoveRule, PieceKind, Position, Side, Status, WinReason, no_hope};
use status_oracle::Facts;

/// The status `docs/rules.md` gives this position (see [`Facts::status`]),
/// from the reference move generator and reachability.
fn expected_status(pos: &Position, chains: &common::Chains) -> Status {
    Facts {
        rules: pos.rules(),
        to_move: pos.to_move(),
        ply: pos.ply(),
        since_attack: pos.plies_since_attack(),
        flags: Side::BOTH.map(|side| pos.count(side, PieceKind::Flag)),
        can_move: &|side| !chains.moves(pos, side).is_empty(),
        can_reach_flag: &|side| ref_can_reach_flag(pos, side),
    }
    .status()
}

fn check(pos: &Position, chains: &common::Chains) {
    common::check_position(pos, chains);
    let status = pos.status();
    let text = pos.to_text().to_string();
    // The engine's reachability equals the reference, both sides.
    for side in Side::BOTH {
        assert_eq!(
            no_hope::can_reach_flag(pos, side),
            ref_can_reach_flag(pos, side),
            "can_reach_flag({side}) in {text}"
        );
    }
    let can = |s: Side| !chains.moves(pos, s).is_empty();
    match status {
        Status::Ongoing { to_move } => {
            assert_eq!(to_move, pos.to_move());
            assert!(can(to_move), "ongoing but {to_move} cannot move: {text}");
            assert!(!pos.legal_moves().is_empty());
            if pos.rules().no_move == NoMoveRule::Loses {
                assert!(
                    can(!to_move),
                    "ongoing but {} cannot move: {text}",
                    !to_move
                );
            }
        }
        Status::Drawn {
            reason: DrawReason::NoLegalMove(s),
        } => {
            assert_eq!(pos.rules().no_move, NoMoveRule::Draw);
            assert_eq!(s, pos.to_move());
            assert!(!can(s), "NoLegalMove({s}) but it can move: {text}");
        }
        Status::Drawn {
            reason: DrawReason::NeitherCanMove,
        } => {
            assert!(
                !can(Side::Red) && !can(Side::Blue),
                "NeitherCanMove: {text}"
            );
        }
        Status::Won {
            winner,
            reason: WinReason::OpponentCannotMove,
        } => {
            assert!(
                !can(!winner),
                "{} loses for no move but can move: {text}",
                !winner
            );
        }
        Status::Won {
            winner,
            reason: WinReason::FlagCaptured,
        } => {
            assert_eq!(pos.count(!winner, PieceKind::Flag), 0, "{text}");
        }
        Status::Drawn {
            reason: DrawReason::NoHope,
        } => {
            // Soundness: never while either side still has a path.
            assert!(pos.rules().no_hope_draw);
            for side in Side::BOTH {
                assert!(
                    !ref_can_reach_flag(pos, side),
                    "no-hope draw but {side} has a path: {text}"
                );
                assert!(!no_hope::can_reach_flag(pos, side));
            }
        }
        Status::Drawn { .. } => {}
    }
    assert_eq!(status, expected_status(pos, chains), "status of {text}");
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(rules) = common::ruleset(&mut u) else {
        return;
    };
    let bias = match u.int_in_range(0..=3u8) {
        Ok(0) => Some(PieceKind::Mine),
        Ok(1) => Some(PieceKind::Bomb),
        Ok(2) => Some(PieceKind::Miner),
        _ => None,
    };
    let Ok(Some((mut pos, _))) = common::sparse_position(&mut u, &rules, bias) else {
        return;
    };
    let mut chains = common::Chains::default();
    check(&pos, &chains);
    for _ in 0..64 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let Ok(i) = u.choose_index(moves.len()) else {
            break;
        };
        let side = pos.to_move();
        pos.play(moves[i]).expect("a listed move is legal");
        chains.record(side, moves[i], &pos);
        check(&pos, &chains);
    }
});
