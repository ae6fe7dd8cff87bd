//! The combat table's laws, for every pair of kinds under arbitrary strengths
//! and spy rule.
#![no_main]

#[path = "common/mod.rs"]
mod common;

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use marsal::{Battle, PieceKind, Ruleset, SpyRule, combat};
use std::hint::black_box;

fn check(rules: &Ruleset, a: PieceKind, d: PieceKind) {
    use PieceKind::{Marshal, Spy};
    let got = black_box(combat(rules, a, d));
    // Pure: the same answer twice.
    assert_eq!(got, combat(rules, a, d));
    if !a.is_movable() {
        assert_eq!(got, None, "immovable attacker {a} vs {d}");
        return;
    }
    let Some(b) = got else {
        panic!("movable attacker {a} vs {d} gave no battle");
    };
    let (sa, sd) = (rules.strengths.get(a), rules.strengths.get(d));
    let expected = if d == PieceKind::Flag {
        Battle::FlagCaptured
    } else if matches!(d, PieceKind::Mine | PieceKind::Bomb) {
        if a == PieceKind::Miner {
            Battle::MineDefused
        } else {
            Battle::DefenderWins
        }
    } else if a == Spy && d == Marshal {
        Battle::AttackerWins
    } else if a == Marshal && d == Spy {
        match rules.spy_rule {
            SpyRule::DefeatsMarshalAlways => Battle::DefenderWins,
            SpyRule::OnlyWhenAttacking if sa > sd => Battle::AttackerWins,
            SpyRule::OnlyWhenAttacking if sa < sd => Battle::DefenderWins,
            SpyRule::OnlyWhenAttacking => Battle::BothRemoved,
        }
    } else if sa > sd {
        Battle::AttackerWins
    } else if sa < sd {
        Battle::DefenderWins
    } else {
        Battle::BothRemoved
    };
    assert_eq!(
        b, expected,
        "{a} ({sa}) attacks {d} ({sd}) under {:?}",
        rules.spy_rule
    );
    // What survives.
    assert_eq!(
        b.attacker_survives(),
        matches!(
            b,
            Battle::AttackerWins | Battle::MineDefused | Battle::FlagCaptured
        )
    );
    assert_eq!(b.defender_survives(), b == Battle::DefenderWins);
    assert!(!(b.attacker_survives() && b.defender_survives()));
    // Only a Flag is ever captured, only a Mine/Bomb defused.
    assert_eq!(b == Battle::FlagCaptured, d.is_flag());
    assert_eq!(b == Battle::MineDefused, d.is_mine() && a.defuses_mines());
    // Symmetry between two movable, fighting kinds (outside the Spy/Marshal
    // special case): if a beats b by strength, b attacking a loses; equal
    // strengths remove both either way.
    if d.is_movable() && !matches!((a, d), (Spy, Marshal) | (Marshal, Spy)) {
        let back = combat(rules, d, a).expect("movable attacker");
        match b {
            Battle::AttackerWins => assert_eq!(back, Battle::DefenderWins, "{d} attacks {a}"),
            Battle::DefenderWins => assert_eq!(back, Battle::AttackerWins, "{d} attacks {a}"),
            Battle::BothRemoved => assert_eq!(back, Battle::BothRemoved, "{d} attacks {a}"),
            other => panic!("{other:?} between movable kinds {a} and {d}"),
        }
    }
    // The Spy and the Marshal: the Spy attacking always wins; the Marshal
    // attacking loses exactly under DefeatsMarshalAlways.
    if a == Spy && d == Marshal {
        assert_eq!(b, Battle::AttackerWins);
    }
    if a == Marshal && d == Spy && rules.spy_rule == SpyRule::DefeatsMarshalAlways {
        assert_eq!(b, Battle::DefenderWins);
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(mut rules) = common::ruleset(&mut u) else {
        return;
    };
    if let Ok(s) = common::strengths(&mut u) {
        rules.strengths = s;
    }
    // Arbitrary raw strengths too (including 0 and 255, and ties).
    if u.arbitrary::<bool>().unwrap_or(false) {
        for k in PieceKind::ALL {
            if let Ok(v) = u.arbitrary::<u8>() {
                rules.strengths.set(k, v);
            }
        }
    }
    if u.arbitrary::<bool>().unwrap_or(false) {
        rules.spy_rule = SpyRule::OnlyWhenAttacking;
    }
    // Pairs from the bytes, then the whole table.
    while let (Ok(a), Ok(d)) = (u.int_in_range(0..=15usize), u.int_in_range(0..=15usize)) {
        check(&rules, PieceKind::ALL[a], PieceKind::ALL[d]);
        if u.is_empty() {
            break;
        }
    }
    for a in PieceKind::ALL {
        for d in PieceKind::ALL {
            check(&rules, a, d);
        }
    }
});
