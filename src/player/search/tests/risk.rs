//! Tests of how the search scores fights with pieces the mover cannot see
//! (the fight horizon, the stakes) and the risk of the enemy Spy.

use super::super::*;
use super::endgames::position;
use crate::{KindSet, Ruleset, Square};

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).expect("on the board")
}

/// A search tree for the side to move of `det` (complete: every kind set),
/// with beliefs made from `det`'s knowledge.
fn with_tree<R>(det: &Position, f: impl FnOnce(&mut Tree<'_, fn() -> u64>) -> R) -> R {
    with_tree_of(det, det.to_move, f)
}

/// [`with_tree`] for the bot `me`.
fn with_tree_of<R>(det: &Position, me: Side, f: impl FnOnce(&mut Tree<'_, fn() -> u64>) -> R) -> R {
    let beliefs = [Beliefs::of(det, Side::Red), Beliefs::of(det, Side::Blue)];
    let mut tree = Tree::<fn() -> u64> {
        me,
        beliefs: &beliefs,
        rules: det.rules(),
        values: [Values::of(det, Side::Red), Values::of(det, Side::Blue)],
        risk: top_risk(det.rules()),
        nodes: 0,
        limit: u64::MAX,
        aborted: false,
        clock: None,
        deadline: 0,
        out_of_time: false,
        next_look: u64::MAX,
    };
    f(&mut tree)
}

/// Red's Marshal on b4, next to an unmoved Blue piece on b5 (`target`),
/// which Red cannot tell from Blue's other unmoved pieces; a known Blue
/// Scout on c4. Red to move; the Marshal is known to Blue when `shown`.
fn marshal_facing(target: PieceKind, shown: bool) -> Position {
    let rules = Ruleset::classic();
    let mut pieces = std::vec![
        (sq(1, 3), Side::Red, PieceKind::Marshal),
        (sq(0, 0), Side::Red, PieceKind::Flag),
        (sq(9, 0), Side::Red, PieceKind::Scout),
        (sq(1, 4), Side::Blue, target),
        (sq(2, 3), Side::Blue, PieceKind::Scout),
    ];
    // Blue's unmoved pieces: two Bombs, the Flag, a Sergeant and a
    // Lieutenant, one of them `target` on b5.
    let mut army = std::vec![
        PieceKind::Bomb,
        PieceKind::Bomb,
        PieceKind::Flag,
        PieceKind::Sergeant,
        PieceKind::Lieutenant,
    ];
    let at = army.iter().position(|&k| k == target).expect("in the army");
    army.remove(at);
    for (file, k) in army.into_iter().enumerate() {
        pieces.push((sq(file as u8, 9), Side::Blue, k));
    }
    let mut pos = position(&rules, &pieces);
    if shown {
        pos.knowledge[sq(1, 3).cell()] = KindSet::only(PieceKind::Marshal).bits();
    }
    pos.knowledge[sq(2, 3).cell()] = KindSet::only(PieceKind::Scout).bits();
    pos.knowledge = pos.refined_knowledge();
    pos
}

fn step(from: Square, to: Square) -> Move {
    Move::new(from, to)
}

#[test]
fn an_attack_on_an_unknown_piece_ends_the_line_at_its_expectation_whatever_the_sample_drew() {
    let attack = step(sq(1, 3), sq(1, 4));
    let mut gains = std::vec::Vec::new();
    for target in [PieceKind::Bomb, PieceKind::Sergeant, PieceKind::Flag] {
        let det = marshal_facing(target, false);
        assert!(det.knowledge[attack.to.cell()].count_ones() > 1, "unknown");
        with_tree(&det, |t| {
            let mut stand = None;
            let v = t.horizon(&det, attack, &mut stand).expect("at the horizon");
            let leaf = t.leaf(&det);
            assert_eq!(stand, Some(leaf), "the evaluation before the fight, kept");
            let gain = v - leaf;
            let expected = t.expected_fight(&det, attack).expect("an expectation");
            assert_eq!(gain, expected as i32);
            gains.push(gain);
        });
    }
    // The same expectation in every sample: the drawn kind does not count.
    assert!(gains.windows(2).all(|w| w[0] == w[1]), "{gains:?}");
    // Two Bombs among five unmoved pieces: the Marshal's attack loses on
    // average.
    assert!(gains[0] < 0, "{gains:?}");
}

#[test]
fn attacks_on_known_pieces_and_quiet_moves_are_searched() {
    let det = marshal_facing(PieceKind::Sergeant, false);
    with_tree(&det, |t| {
        let mut stand = None;
        // The known Scout on c4.
        assert_eq!(t.horizon(&det, step(sq(1, 3), sq(2, 3)), &mut stand), None);
        // A step to an empty square.
        assert_eq!(t.horizon(&det, step(sq(1, 3), sq(0, 3)), &mut stand), None);
        assert_eq!(stand, None, "nothing evaluated");
    });
}

#[test]
fn a_known_attacker_that_wins_loses_nothing_by_being_shown() {
    let det = marshal_facing(PieceKind::Sergeant, false);
    with_tree(&det, |t| {
        let marshal = t.values[0].kind[PieceKind::Marshal.index()] as f32;
        let sergeant = t.values[1].kind[PieceKind::Sergeant.index()] as f32;
        let m = PieceKind::Marshal;
        let s = PieceKind::Sergeant;
        assert_eq!(t.stake(Side::Red, m, false, s), sergeant);
        assert_eq!(t.stake(Side::Red, m, true, s), sergeant - marshal / 6.0);
        assert_eq!(t.stake(Side::Red, m, true, PieceKind::Bomb), -marshal);
        assert_eq!(
            t.stake(Side::Red, m, false, PieceKind::Marshal),
            -marshal + t.values[1].kind[m.index()] as f32
        );
        assert_eq!(t.stake(Side::Red, m, false, PieceKind::Flag), FLAG_STAKE);
    });
    // The expectation uses what the mover's attacker shows: a known Marshal
    // gains more from the same attack than a hidden one.
    let hidden = marshal_facing(PieceKind::Sergeant, false);
    let shown = marshal_facing(PieceKind::Sergeant, true);
    let attack = step(sq(1, 3), sq(1, 4));
    let h = with_tree(&hidden, |t| t.expected_fight(&hidden, attack)).expect("unknown");
    let s = with_tree(&shown, |t| t.expected_fight(&shown, attack)).expect("unknown");
    assert!(s > h, "{s} > {h}");
}

/// Red's known Marshal on b4; a Blue piece on b5 that may be the Spy;
/// Blue's Spy unknown among a few pieces.
fn spy_near() -> Position {
    let rules = Ruleset::classic();
    let pieces = [
        (sq(1, 3), Side::Red, PieceKind::Marshal),
        (sq(0, 0), Side::Red, PieceKind::Flag),
        (sq(1, 4), Side::Blue, PieceKind::Sergeant),
        (sq(0, 9), Side::Blue, PieceKind::Flag),
        (sq(1, 9), Side::Blue, PieceKind::Spy),
        (sq(2, 9), Side::Blue, PieceKind::Scout),
        (sq(3, 9), Side::Blue, PieceKind::Scout),
        (sq(4, 9), Side::Blue, PieceKind::Miner),
    ];
    let mut pos = position(&rules, &pieces);
    pos.knowledge[sq(1, 3).cell()] = KindSet::only(PieceKind::Marshal).bits();
    pos.knowledge = pos.refined_knowledge();
    pos
}

#[test]
fn an_unseen_enemy_piece_attacking_a_known_marshal_costs_the_chance_it_is_the_spy() {
    // Blue's piece on b5 attacks Red's known Marshal: Red cannot see it. In
    // Red's search the attack is at the horizon, worth to Blue the Marshal
    // times the chance that the piece is the Spy (only the Spy gains by it),
    // whatever kind this determinization drew there (a Sergeant or a Scout,
    // which both lose the fight, give the same score).
    let marshal = (10 + 4 * 10 * 10) as f32;
    let attack = step(sq(1, 4), sq(1, 3));
    let mut scores = std::vec::Vec::new();
    for drawn in [PieceKind::Sergeant, PieceKind::Scout] {
        let mut det = spy_near();
        if drawn == PieceKind::Scout {
            // The sampler drew a Scout on b5 (and the Sergeant on c10).
            det.cells.swap(sq(1, 4).cell(), sq(2, 9).cell());
        }
        det.to_move = Side::Blue;
        let e = with_tree_of(&det, Side::Red, |t| t.expected_fight(&det, attack))
            .expect("at the horizon");
        // (A top piece's loss weighs TOP_RISK times its value.)
        assert!(e > marshal / 10.0 && e < marshal * TOP_RISK * 0.6, "{e}");
        let v = with_tree_of(&det, Side::Red, |t| t.child(&det, attack, 0, -INF, INF));
        scores.push(v);
    }
    assert!((scores[0] - scores[1]).abs() <= 2, "{scores:?}");
    // Blue searching the same attack knows its own piece: searched.
    let mut det = spy_near();
    det.to_move = Side::Blue;
    assert_eq!(
        with_tree_of(&det, Side::Blue, |t| t.expected_fight(&det, attack)),
        None
    );
    // A known attacker (Red's view of a Blue piece it has seen): searched.
    det.knowledge[sq(1, 4).cell()] = KindSet::only(PieceKind::Sergeant).bits();
    assert_eq!(
        with_tree_of(&det, Side::Red, |t| t.expected_fight(&det, attack)),
        None
    );
}

#[test]
fn the_enemy_taking_the_bots_flag_is_searched_as_a_lost_game() {
    // Blue's unknown piece next to Red's Flag, which Blue cannot tell from
    // Red's Bomb.
    let rules = Ruleset::classic();
    let pieces = [
        (sq(0, 0), Side::Red, PieceKind::Flag),
        (sq(1, 1), Side::Red, PieceKind::Bomb),
        (sq(9, 3), Side::Red, PieceKind::Marshal),
        (sq(0, 1), Side::Blue, PieceKind::Miner),
        (sq(9, 9), Side::Blue, PieceKind::Flag),
    ];
    let mut det = position(&rules, &pieces);
    det.to_move = Side::Blue;
    det.knowledge = det.refined_knowledge();
    let take = step(sq(0, 1), sq(0, 0));
    let bomb = step(sq(0, 1), sq(1, 1));
    with_tree_of(&det, Side::Red, |t| {
        assert_eq!(t.expected_fight(&det, take), None);
        assert!(t.expected_fight(&det, bomb).is_some());
    });
    // Blue's own search of the same attack: at its expectation.
    with_tree_of(&det, Side::Blue, |t| {
        assert!(t.expected_fight(&det, take).is_some());
    });
}

#[test]
fn below_an_unknown_attack_the_drawn_kind_does_not_count() {
    let attack = step(sq(1, 3), sq(1, 4));
    let mut values = std::vec::Vec::new();
    for target in [PieceKind::Sergeant, PieceKind::Lieutenant, PieceKind::Flag] {
        let det = marshal_facing(target, true);
        let beliefs = [Beliefs::of(&det, Side::Red), Beliefs::of(&det, Side::Blue)];
        let mut t = Tree::<fn() -> u64> {
            me: Side::Red,
            beliefs: &beliefs,
            rules: det.rules(),
            values: [Values::of(&det, Side::Red), Values::of(&det, Side::Blue)],
            risk: top_risk(det.rules()),
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
            clock: None,
            deadline: 0,
            out_of_time: false,
            next_look: u64::MAX,
        };
        let e = t.expected_fight(&det, attack).expect("unknown") as i32;
        let v = t.child(&det, attack, 0, -INF, INF);
        if target == PieceKind::Flag {
            // A world where it is the Flag: the expectation, no won game.
            assert_eq!(v, t.leaf(&det) + e);
        }
        values.push(v);
    }
    // The Sergeant's world and the Lieutenant's: the same score.
    assert!((values[0] - values[1]).abs() <= 2, "{values:?}");
}

#[test]
fn a_move_back_to_a_position_seen_twice_scores_less_only_while_well_ahead() {
    let ahead = AHEAD + 1;
    assert_eq!(repeated(ahead, 0), ahead);
    // Once back (a retreat): nothing.
    assert_eq!(repeated(ahead, 1), ahead);
    assert_eq!(repeated(ahead, 2), ahead - REPEATED);
    assert_eq!(repeated(ahead, 4), ahead - 3 * REPEATED);
    assert_eq!(repeated(ahead, 40), ahead - 3 * REPEATED);
    // Not well ahead: a repetition is not a loss of anything.
    assert_eq!(repeated(AHEAD, 4), AHEAD);
    assert_eq!(repeated(-AHEAD, 4), -AHEAD);
}

/// Red's Marshal on b4, which has moved but was never shown, next to an
/// unmoved Blue piece on b5; Blue's unmoved pieces (b5 and the back row)
/// are two Bombs, the Flag, the Spy and a Sergeant. Red's Scout on j1.
fn marshal_beside_a_suspected_spy() -> Position {
    let rules = Ruleset::classic();
    let mut pieces = std::vec![
        (sq(1, 3), Side::Red, PieceKind::Marshal),
        (sq(0, 0), Side::Red, PieceKind::Flag),
        (sq(9, 0), Side::Red, PieceKind::Scout),
        (sq(1, 4), Side::Blue, PieceKind::Spy),
    ];
    for (file, k) in [
        PieceKind::Bomb,
        PieceKind::Bomb,
        PieceKind::Flag,
        PieceKind::Sergeant,
    ]
    .into_iter()
    .enumerate()
    {
        pieces.push((sq(file as u8 + 3, 9), Side::Blue, k));
    }
    let mut pos = position(&rules, &pieces);
    // The Marshal has moved: Blue knows it is no Bomb and no Flag.
    let marshal = sq(1, 3).cell();
    pos.knowledge[marshal] &= KindSet::MOVABLE.bits();
    pos.knowledge = pos.refined_knowledge();
    pos
}

#[test]
fn a_moved_marshal_beside_an_unmoved_piece_that_may_be_the_spy_steps_away() {
    // Attacking b5 risks a Bomb, staying risks the Spy: the Marshal leaves
    // for a square next to no unknown Blue piece, whatever the seed.
    let pos = marshal_beside_a_suspected_spy();
    let moves = pos.legal_moves();
    let suspect = sq(1, 4);
    for seed in 0..4 {
        let config = SearchConfig::default().with_seed(seed);
        let best = search_position(&pos, &moves, &config).best.expect("a move");
        assert_eq!(
            best.from,
            sq(1, 3),
            "seed {seed}: the Marshal moves, not {best}"
        );
        assert_ne!(best.to, suspect, "seed {seed}: no attack on b5");
        let (df, dr) = (
            best.to.file().abs_diff(suspect.file()),
            best.to.rank().abs_diff(suspect.rank()),
        );
        assert!(df + dr > 1, "seed {seed}: {best} stays beside b5");
    }
}

#[test]
fn the_spy_risk_of_a_moved_marshal_counts_though_it_was_never_shown() {
    // Blue's unseen piece on b5 attacking Red's Marshal, which Blue has not
    // seen in a fight: Red weighs the Marshal's loss by the chance that the
    // piece is the Spy, as for a shown Marshal (a Marshal that moved may be
    // guessed); a piece of Red's that is no top piece, by Blue's beliefs.
    let mut det = marshal_beside_a_suspected_spy();
    det.to_move = Side::Blue;
    let attack = step(sq(1, 4), sq(1, 3));
    let marshal = (10 + 4 * 10 * 10) as f32;
    let e = with_tree_of(&det, Side::Red, |t| t.expected_fight(&det, attack)).expect("horizon");
    assert!(e > marshal / 10.0, "{e}");
    // The same Marshal, unmoved (a Bomb for all Blue knows): Blue's beliefs
    // about Red's pieces decide, and the Spy mostly loses.
    let mut unmoved = det;
    unmoved.knowledge[sq(1, 3).cell()] |= KindSet::only(PieceKind::Bomb).bits();
    let u =
        with_tree_of(&unmoved, Side::Red, |t| t.expected_fight(&unmoved, attack)).expect("horizon");
    assert!(u < e, "{u} < {e}");
}

/// Late in the game: Red's General on e4 next to an unmoved Blue piece on
/// e5; every Blue piece that moved has been taken but a known Captain far
/// away, so Blue's unmoved pieces (e5 and the back row) are three Bombs,
/// the Flag and a Lieutenant.
fn general_late(target: PieceKind) -> Position {
    let rules = Ruleset::classic();
    let mut pieces = std::vec![
        (sq(4, 3), Side::Red, PieceKind::General),
        (sq(0, 0), Side::Red, PieceKind::Flag),
        (sq(9, 0), Side::Red, PieceKind::Miner),
        (sq(8, 0), Side::Red, PieceKind::Sergeant),
        (sq(4, 4), Side::Blue, target),
        (sq(0, 7), Side::Blue, PieceKind::Captain),
    ];
    let mut army = std::vec![
        PieceKind::Bomb,
        PieceKind::Bomb,
        PieceKind::Bomb,
        PieceKind::Flag,
        PieceKind::Lieutenant,
    ];
    let at = army.iter().position(|&k| k == target).expect("in the army");
    army.remove(at);
    for (file, k) in army.into_iter().enumerate() {
        pieces.push((sq(file as u8 + 3, 9), Side::Blue, k));
    }
    let mut pos = position(&rules, &pieces);
    pos.knowledge[sq(0, 7).cell()] = KindSet::only(PieceKind::Captain).bits();
    pos.knowledge[sq(4, 3).cell()] &= KindSet::MOVABLE.bits();
    pos.knowledge = pos.refined_knowledge();
    pos
}

#[test]
fn a_general_does_not_attack_an_unmoved_piece_late_in_the_game() {
    // Whatever the piece on e5 is, Red cannot tell: the General leaves it
    // (a Miner probes Bombs; the General is not staked on them).
    for target in [PieceKind::Bomb, PieceKind::Lieutenant] {
        let pos = general_late(target);
        let moves = pos.legal_moves();
        for seed in 0..4 {
            let config = SearchConfig::default().with_seed(seed);
            let best = search_position(&pos, &moves, &config).best.expect("a move");
            assert!(
                !(best.from == sq(4, 3) && best.to == sq(4, 4)),
                "{target:?}, seed {seed}: the General attacked e5"
            );
        }
    }
    // Its attack is scored at a loss, its loss counted at the top pieces' weight.
    let det = general_late(PieceKind::Lieutenant);
    let e = with_tree(&det, |t| t.expected_fight(&det, step(sq(4, 3), sq(4, 4)))).expect("horizon");
    assert!(e < 0.0, "{e}");
}

#[test]
fn an_unseen_piece_beside_a_known_marshal_is_a_threat_on_top_of_the_enemys_best_move() {
    // Blue to move beside Red's known Marshal: the chance that b5 is the
    // Spy is added to every Blue move but the attack itself (Blue need not
    // choose between it and its best other move: in the worlds where b5 is
    // the Spy it takes the Marshal).
    let mut det = spy_near();
    det.to_move = Side::Blue;
    let attack = step(sq(1, 4), sq(1, 3));
    let quiet = step(sq(4, 9), sq(4, 8));
    with_tree_of(&det, Side::Red, |t| {
        let moves = det.legal_moves();
        let e = t.expected_fight(&det, attack).expect("at the horizon") as i32;
        let threat = t.threat(&det, &t.ordered(&det, false));
        assert_eq!(threat, e);
        assert!(moves.contains(&quiet));
        let plain = t.child(&det, quiet, 0, -INF, INF);
        let threatened = t.threatened(&det, quiet, 0, (-INF, INF), threat);
        assert_eq!(threatened, plain + threat);
        // The attack itself scores its expectation once.
        assert_eq!(
            t.threatened(&det, attack, 0, (-INF, INF), threat),
            t.child(&det, attack, 0, -INF, INF)
        );
    });
    // At Red's own node there is no threat to count.
    let red = spy_near();
    with_tree_of(&red, Side::Red, |t| {
        assert_eq!(t.threat(&red, &t.ordered(&red, false)), 0);
    });
}
