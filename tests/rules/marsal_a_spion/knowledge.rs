//! What each player learns from the moves and fights.

use super::*;

/// One Red piece of every Czech kind but the General, on rank 1.
const RED_CROWD: [(&str, char); 10] = [
    ("b1", 'F'),
    ("c1", 'M'),
    ("d1", 'K'),
    ("e1", 'D'),
    ("f1", 'P'),
    ("g1", 'U'),
    ("h1", 'S'),
    ("i1", 'N'),
    ("j1", 'Y'),
    ("k1", 'X'),
];

/// One Blue piece of every Czech kind but the General, on rank 12.
const BLUE_CROWD: [(&str, char); 10] = [
    ("k12", 'f'),
    ("j12", 'm'),
    ("i12", 'k'),
    ("h12", 'd'),
    ("g12", 'p'),
    ("f12", 'u'),
    ("e12", 's'),
    ("d12", 'n'),
    ("c12", 'y'),
    ("b12", 'x'),
];

/// A position with both crowds and `extra`: so many kinds are left that
/// counting the pieces gives none of `extra` away.
fn crowded(extra: &[(&str, char)], to_move: Side) -> Position {
    let mut pieces = RED_CROWD.to_vec();
    pieces.extend_from_slice(&BLUE_CROWD);
    pieces.extend_from_slice(extra);
    czech(&pieces, to_move)
}

#[test]
fn czech_enemy_pieces_start_unknown_own_pieces_known() {
    let pos = Position::start(&rules(), 5, 6).unwrap();
    for side in Side::BOTH {
        let view = pos.view(side);
        for (s, kind) in pos.pieces(side) {
            assert!(
                matches!(view.at(s), SquareView::Own { kind: k, .. } if k == kind),
                "{s}"
            );
        }
        for (s, _) in pos.pieces(!side) {
            let possible = enemy(&view, &s.to_string());
            assert_eq!(possible, rules().army(!side).kinds(), "{s}");
        }
    }
}

#[test]
fn czech_surviving_attacker_stays_hidden_from_defender() {
    let mut pos = crowded(&[("e3", 'G'), ("e4", 's')], Side::Red);
    let out = play(&mut pos, "e3xe4");
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    assert!(!out.fight.unwrap().attacker_revealed);

    let blue = pos.view(Side::Blue);
    let possible = enemy(&blue, "e4");
    assert_eq!(possible.single(), None, "the General is not announced");
    // Blue learns only what the fight proves: it moved, and it beat a Scout.
    assert_eq!(
        possible,
        kinds(&[
            K::Marshal,
            K::General,
            K::Captain,
            K::Cadet,
            K::Corporal,
            K::Gunner
        ])
    );
    let seen = blue.last().unwrap();
    assert_eq!(seen.piece, None);
    assert_eq!(seen.defender, Some(K::Scout));
    assert_eq!(seen.battle, Some(Battle::AttackerWins));
    assert_eq!(seen.mv, mv("e3-e4"));
    // Red knows its own piece, and that Blue does not.
    let red = pos.view(Side::Red);
    assert_eq!(red.last().unwrap().piece, Some(K::General));
    assert!(matches!(
        red.at(sq("e4")),
        SquareView::Own { kind: K::General, known_to_opponent } if known_to_opponent == possible
    ));
}

#[test]
fn czech_defender_revealed_to_attacker() {
    let mut pos = crowded(&[("e3", 'S'), ("e4", 'g')], Side::Red);
    assert!(enemy(&pos.view(Side::Red), "e4").len() > 1);
    let out = play(&mut pos, "e3xe4");
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    let red = pos.view(Side::Red);
    assert_eq!(enemy(&red, "e4"), KindSet::only(K::General));
    assert_eq!(red.last().unwrap().defender, Some(K::General));
    let blue = pos.view(Side::Blue);
    assert!(matches!(
        blue.at(sq("e4")),
        SquareView::Own { kind: K::General, known_to_opponent } if known_to_opponent == KindSet::only(K::General)
    ));
    // A defender that wins against a hidden attacker it has not seen stays
    // known only to the attacker: nothing else on the board was revealed.
    assert!(enemy(&red, "j12").len() > 1);
}

#[test]
fn czech_removed_pieces_known_to_both() {
    // The attacker is removed: handed to the opponent, so Blue learns it.
    let mut pos = crowded(&[("e3", 'S'), ("e4", 'g')], Side::Red);
    for side in Side::BOTH {
        assert_eq!(pos.view(side).remaining(Side::Red).count(K::Scout), 2);
    }
    play(&mut pos, "e3xe4");
    for side in Side::BOTH {
        let v = pos.view(side);
        assert_eq!(v.remaining(Side::Red).count(K::Scout), 1, "{side}");
        assert_eq!(v.remaining(Side::Blue).count(K::General), 1, "{side}");
        assert_eq!(v.last().unwrap().piece, Some(K::Scout), "{side}");
    }

    // Both removed: both are known to both.
    let mut pos = crowded(&[("e3", 'U'), ("e4", 'u')], Side::Red);
    play(&mut pos, "e3xe4");
    for side in Side::BOTH {
        let v = pos.view(side);
        let seen = v.last().unwrap();
        assert_eq!(seen.piece, Some(K::Gunner), "{side}");
        assert_eq!(seen.defender, Some(K::Gunner), "{side}");
        assert_eq!(v.remaining(Side::Red).count(K::Gunner), 1);
        assert_eq!(v.remaining(Side::Blue).count(K::Gunner), 1);
    }

    // The defender is removed: known to both (the attacker looked at it).
    let mut pos = crowded(&[("e3", 'G'), ("e4", 'g')], Side::Red);
    play(&mut pos, "e3xe4");
    for side in Side::BOTH {
        let v = pos.view(side);
        assert_eq!(v.last().unwrap().defender, Some(K::General), "{side}");
        assert_eq!(v.remaining(Side::Blue).count(K::General), 0, "{side}");
    }
}

#[test]
fn czech_moved_piece_is_known_not_mine_or_flag() {
    let mut pos = crowded(&[("e3", 'U')], Side::Red);
    let before = enemy(&pos.view(Side::Blue), "e3");
    assert!(before.contains(K::Mine) && before.contains(K::Flag));
    play(&mut pos, "e3-f4");
    let blue = pos.view(Side::Blue);
    let after = enemy(&blue, "f4");
    assert!(!after.contains(K::Mine) && !after.contains(K::Flag));
    assert_eq!(
        after,
        KindSet::from_bits(before.bits() & !kinds(&[K::Mine, K::Flag]).bits()),
        "only that it moves is learnt"
    );
    // The move itself is public.
    assert_eq!(blue.last().unwrap().mv, mv("e3-f4"));
    assert_eq!(blue.last().unwrap().piece, None);
}

#[test]
fn czech_piece_that_moved_far_is_known_scout() {
    let mut pos = crowded(&[("f3", 'S'), ("g3", 'S')], Side::Red);
    play(&mut pos, "f3-f8");
    assert_eq!(enemy(&pos.view(Side::Blue), "f8"), KindSet::only(K::Scout));
    play(&mut pos, "j12-j11");
    // A Scout that steps one square is not given away.
    play(&mut pos, "g3-g4");
    let possible = enemy(&pos.view(Side::Blue), "g4");
    assert!(
        possible.contains(K::Scout) && possible.len() > 1,
        "{possible:?}"
    );
}

#[test]
fn czech_reveal_both_option_shows_surviving_attacker() {
    let mut r = rules();
    r.reveal = RevealRule::BothFighters;
    let mut pieces = RED_CROWD.to_vec();
    pieces.extend_from_slice(&BLUE_CROWD);
    pieces.extend_from_slice(&[("e3", 'G'), ("e4", 's')]);
    let mut pos = position(&r, &pieces, Side::Red);
    let out = play(&mut pos, "e3xe4");
    assert!(out.fight.unwrap().attacker_revealed);
    let blue = pos.view(Side::Blue);
    assert_eq!(enemy(&blue, "e4"), KindSet::only(K::General));
    assert_eq!(blue.last().unwrap().piece, Some(K::General));
    // Under the preset it stays hidden.
    let mut pos = czech(&pieces, Side::Red);
    play(&mut pos, "e3xe4");
    assert_eq!(enemy(&pos.view(Side::Blue), "e4").single(), None);
}

// ---------------------------------------------------------------------------
