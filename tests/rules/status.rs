//! The state of a game: who plays next while it goes on, nobody once it has
//! ended, and words for every ending (the CLI, the protocols and the C ABI's
//! messages show them).

use crate::common::{mv, position};
use marsal::{DrawReason, Ruleset, Side, Status, WinReason};

const WIN_REASONS: [WinReason; 2] = [WinReason::FlagCaptured, WinReason::OpponentCannotMove];

const DRAW_REASONS: [DrawReason; 7] = [
    DrawReason::NoLegalMove(Side::Red),
    DrawReason::NoLegalMove(Side::Blue),
    DrawReason::NeitherCanMove,
    DrawReason::NoHope,
    DrawReason::PlyLimit,
    DrawReason::NoAttackLimit,
    DrawReason::Repetition,
];

#[test]
fn the_side_to_move_is_named_while_the_game_goes_on_and_nobody_after_it_ends() {
    let rules = Ruleset::classic();
    let mut pos = position(
        &rules,
        &[("a1", 'F'), ("j10", 'f'), ("j9", 'Y'), ("a8", 'r')],
        Side::Red,
    );
    assert_eq!(pos.status().to_move(), Some(Side::Red));
    pos.play(mv("j9-i9")).unwrap();
    assert_eq!(pos.status().to_move(), Some(Side::Blue));
    pos.play(mv("a8-a7")).unwrap();
    pos.play(mv("i9-i10")).unwrap();
    pos.play(mv("a7-a6")).unwrap();
    pos.play(mv("i10xj10")).unwrap();
    let status = pos.status();
    assert!(status.is_over());
    assert_eq!(status.to_move(), None, "{status}");
    assert_eq!(status.winner(), Some(Side::Red));
    for reason in DRAW_REASONS {
        assert_eq!(Status::Drawn { reason }.to_move(), None);
    }
    for side in Side::BOTH {
        assert_eq!(Status::Ongoing { to_move: side }.to_move(), Some(side));
    }
}

#[test]
fn every_ending_is_told_in_its_own_words() {
    let mut seen = Vec::new();
    for reason in WIN_REASONS {
        let words = reason.to_string();
        assert!(!words.is_empty(), "{reason:?}");
        let status = Status::Won {
            winner: Side::Blue,
            reason,
        }
        .to_string();
        assert!(status.contains(&words), "{status}");
        assert!(
            status.contains("Blue") || status.contains("blue"),
            "{status}"
        );
        seen.push(words);
    }
    for reason in DRAW_REASONS {
        let words = reason.to_string();
        assert!(!words.is_empty(), "{reason:?}");
        let status = Status::Drawn { reason }.to_string();
        assert!(status.contains(&words), "{status}");
        seen.push(words);
    }
    let mut distinct = seen.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        seen.len(),
        "two endings share words: {seen:?}"
    );
    // the side without a move is named
    assert_ne!(
        DrawReason::NoLegalMove(Side::Red).to_string(),
        DrawReason::NoLegalMove(Side::Blue).to_string()
    );
}
