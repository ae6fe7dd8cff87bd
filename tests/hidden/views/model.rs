//! A reference model of what each side knows, built from the rules alone.

use super::*;

/// For every piece on the board: the kinds its owner's opponent can still think
/// possible, from the public facts (the army, moved, moved far, fight results)
/// and the rule for what fights reveal.
pub(super) struct Model {
    known: [KindSet; 144],
}

impl Model {
    pub(super) fn new(pos: &Position) -> Model {
        let mut known = [KindSet::EMPTY; 144];
        for side in Side::BOTH {
            for (s, _) in pos.pieces(side) {
                known[s.grid_index()] = pos.rules().army(side).kinds();
            }
        }
        Model { known }
    }

    pub(super) fn update(&mut self, rules: &Ruleset, out: &Outcome) {
        let (from, to) = (out.mv.from.grid_index(), out.mv.to.grid_index());
        let mut m = self.known[from].intersection(movable());
        if out.mv.distance() > 1 {
            m = m.intersection(far_moving());
        }
        self.known[from] = KindSet::EMPTY;
        self.known[to] = match out.fight {
            None => m,
            Some(f) if f.battle.attacker_survives() => match rules.reveal {
                RevealRule::BothFighters => KindSet::only(out.piece),
                // The defender's owner knows its own piece and sees the result:
                // the attacker is one of the kinds that give that result.
                RevealRule::AttackerStaysHidden => m.intersection(
                    rules
                        .army(out.side)
                        .kinds()
                        .iter()
                        .filter(|k| combat(rules, *k, f.defender) == Some(f.battle))
                        .collect(),
                ),
            },
            // A surviving defender is known to the attacker.
            Some(f) if f.battle == Battle::DefenderWins => KindSet::only(f.defender),
            Some(_) => KindSet::EMPTY,
        };
    }

    /// The model's facts narrowed by what both players can count (every removed
    /// piece is shown to both, so `pos.remaining` is public): a kind with no piece
    /// of that side left is impossible for all its pieces, and once as many of a
    /// side's pieces are pinned to `{k}` as it has `k` left, no other piece of that
    /// side is a `k`; repeated until nothing changes.
    fn counted(&self, pos: &Position) -> [KindSet; 144] {
        let mut known = self.known;
        for side in Side::BOTH {
            let left = pos.remaining(side);
            let squares: Vec<usize> = pos.pieces(side).map(|(s, _)| s.grid_index()).collect();
            for &i in &squares {
                known[i] = known[i].intersection(left.kinds());
            }
            loop {
                let mut changed = false;
                for k in left.kinds().iter() {
                    let pinned = KindSet::only(k);
                    let n = squares.iter().filter(|&&i| known[i] == pinned).count();
                    if n < usize::from(left.count(k)) {
                        continue;
                    }
                    for &i in &squares {
                        if known[i] != pinned && known[i].contains(k) {
                            known[i] = minus(known[i], pinned);
                            changed = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        known
    }
}

/// Checks `side`'s view of `pos` against the board and the model. Returns how
/// many enemy pieces the view narrowed by pinned pieces (a kind ruled out though
/// the enemy still has some of it).
pub(super) fn check_view(pos: &Position, side: Side, model: &Model, ctx: &str) -> usize {
    let view = pos.view(side);
    // the opponent's view, to compare what `side` is told the opponent knows
    let theirs = pos.view(!side);
    let counted = model.counted(pos);
    let last_to = pos.last_outcome().map(|o| o.mv.to);
    let enemy = !side;
    assert_eq!(view.side(), side, "{ctx}");
    assert_eq!(view.status(), pos.status(), "{ctx}");
    assert_eq!(view.ply(), pos.ply(), "{ctx}");
    for s in [Side::Red, Side::Blue] {
        assert_eq!(view.remaining(s), pos.remaining(s), "{ctx}: remaining {s}");
    }
    // every enemy square the view pins to one kind
    let located = |k: PieceKind| {
        pos.pieces(enemy)
            .filter(|(s, _)| view.at(*s).known_enemy() == Some(k))
            .count()
    };
    let mut narrowed_by_pinned = 0;
    let g = &pos.rules().board;
    for s in Square::all() {
        let v = view.at(s);
        let c = format!("{ctx}: {side}'s view of {s}");
        if g.is_lake(s) {
            assert_eq!(v, SquareView::Lake, "{c}");
            continue;
        }
        if !g.is_playable(s) {
            assert_eq!(v, SquareView::OffBoard, "{c}");
            continue;
        }
        let model_set = model.known[s.grid_index()];
        let counted_set = counted[s.grid_index()];
        match pos.piece_at(s) {
            None => assert_eq!(v, SquareView::Empty, "{c}"),
            Some(p) if p.side == side => {
                // What the opponent knows of it is exactly the opponent's view of
                // that square, ...
                let SquareView::Enemy { possible: seen } = theirs.at(s) else {
                    panic!("{c}: the opponent's view has {:?} there", theirs.at(s));
                };
                assert_eq!(
                    v,
                    SquareView::Own {
                        kind: p.kind,
                        known_to_opponent: seen
                    },
                    "{c}"
                );
                // `Position::known_to_opponent` recomputes the counting for the
                // whole board on every call: sample it (the destination of the
                // last move, and every square every few plies) to stay fast.
                if pos.ply() % 8 == 0 || last_to == Some(s) {
                    assert_eq!(pos.known_to_opponent(s), Some(seen), "{c}");
                }
                // ... which is sound and within the public facts.
                assert!(seen.contains(p.kind), "{c}: {seen:?} lacks the true kind");
                assert!(
                    is_subset(seen, model_set),
                    "{c}: {seen:?} ignores public facts {model_set:?}"
                );
            }
            Some(p) => {
                let SquareView::Enemy { possible } = v else {
                    panic!("{c}: expected an enemy piece, got {v:?}");
                };
                assert!(
                    possible.contains(p.kind),
                    "{c}: {possible:?} lacks the true kind"
                );
                assert!(
                    is_subset(possible, model_set),
                    "{c}: {possible:?} ignores public facts {model_set:?}"
                );
                // Anything narrower than the public facts must be a sound count:
                // a kind may be ruled out only when every remaining piece of that
                // kind is located elsewhere (none left, or all pinned to `{k}`).
                let ruled_out = minus(model_set, possible);
                if ruled_out.iter().any(|k| view.remaining(enemy).count(k) > 0) {
                    narrowed_by_pinned += 1;
                }
                for k in ruled_out.iter() {
                    assert_eq!(
                        usize::from(view.remaining(enemy).count(k)),
                        located(k),
                        "{c}: {possible:?} rules out {k} without reason (public facts {model_set:?}); true kind {}",
                        p.kind
                    );
                }
                // ... and no count is missed: exactly what the counting rules give.
                assert_eq!(
                    possible, counted_set,
                    "{c}: public facts {model_set:?}; true kind {}",
                    p.kind
                );
            }
        }
    }
    // The last event as this side saw it.
    let last = pos.last_outcome();
    assert_eq!(view.last().is_some(), last.is_some(), "{ctx}");
    if let (Some(seen), Some(out)) = (view.last(), last) {
        assert_eq!(seen.mv, out.mv, "{ctx}");
        assert_eq!(seen.side, out.side, "{ctx}");
        assert_eq!(
            seen.piece,
            expected_piece_seen(pos.rules(), &out, side),
            "{ctx}"
        );
        assert_eq!(seen.defender, out.fight.map(|f| f.defender), "{ctx}");
        assert_eq!(seen.battle, out.battle(), "{ctx}");
    }
    narrowed_by_pinned
}

/// The mover's kind as `observer` may see it: its owner always; the opponent only
/// when the fight showed it (both fighters revealed, or the attacker removed).
pub(super) fn expected_piece_seen(
    rules: &Ruleset,
    out: &Outcome,
    observer: Side,
) -> Option<PieceKind> {
    let shown = observer == out.side
        || out.fight.is_some_and(|f| {
            rules.reveal == RevealRule::BothFighters || !f.battle.attacker_survives()
        });
    shown.then_some(out.piece)
}

/// The swap test: exchange enemy pieces the viewer cannot tell apart (each
/// piece's kind is possible for the other); the viewer's view must not change.
#[cfg(feature = "serde")]
pub(super) fn check_swap_invariance(
    pos: &Position,
    viewer: Side,
    rng: &mut Rng,
    ctx: &str,
) -> usize {
    let view = pos.view(viewer);
    let enemy = !viewer;
    let mut hidden: Vec<(Square, PieceKind, KindSet)> = pos
        .pieces(enemy)
        .filter_map(|(s, k)| match view.at(s) {
            SquareView::Enemy { possible } if possible.len() > 1 => Some((s, k, possible)),
            _ => None,
        })
        .collect();
    // shuffle, then pair greedily
    for i in (1..hidden.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        hidden.swap(i, j);
    }
    let mut new_kind: Vec<(Square, PieceKind)> = Vec::new();
    let mut used = vec![false; hidden.len()];
    for i in 0..hidden.len() {
        if used[i] {
            continue;
        }
        for j in i + 1..hidden.len() {
            let (a, b) = (hidden[i], hidden[j]);
            if !used[j] && a.1 != b.1 && a.2.contains(b.1) && b.2.contains(a.1) {
                used[i] = true;
                used[j] = true;
                new_kind.push((a.0, b.1));
                new_kind.push((b.0, a.1));
                break;
            }
        }
    }
    if new_kind.is_empty() {
        return 0;
    }
    let mut json: serde_json::Value = serde_json::to_value(pos).unwrap();
    let g = &pos.rules().board;
    let mut board: Vec<char> = json["board"].as_str().unwrap().chars().collect();
    for (s, k) in &new_kind {
        let idx = (g.ranks - 1 - s.rank()) as usize * (g.files as usize + 1) + s.file() as usize;
        let letter = marsal::Piece::new(enemy, *k).letter();
        assert!(board[idx].is_alphabetic(), "{ctx}: board text index");
        board[idx] = letter;
    }
    json["board"] = serde_json::Value::String(board.into_iter().collect());
    // The referee's record of the last move names the mover's true kind: keep it
    // consistent with the exchanged board.
    if let Some(out) = pos.last_outcome() {
        if out.side == enemy && out.fight.is_none_or(|f| f.battle.attacker_survives()) {
            if let Some((_, k)) = new_kind.iter().find(|(s, _)| *s == out.mv.to) {
                json["last"]["piece"] = serde_json::to_value(k).unwrap();
            }
        }
    }
    let other: Position = serde_json::from_value(json).unwrap_or_else(|e| panic!("{ctx}: {e}"));
    for (s, k) in &new_kind {
        assert_eq!(other.piece_at(*s).map(|p| p.kind), Some(*k), "{ctx}");
    }
    if other.status() != pos.status() {
        // The status is public and computed from the true board: a different
        // status is a legitimate difference (the game ended), not a leak.
        return 0;
    }
    let (a, b) = (pos.view(viewer), other.view(viewer));
    if a != b {
        let (ja, jb) = (
            serde_json::to_value(&a).unwrap(),
            serde_json::to_value(&b).unwrap(),
        );
        let differing: Vec<&String> = ja
            .as_object()
            .unwrap()
            .keys()
            .filter(|k| ja[k.as_str()] != jb[k.as_str()])
            .collect();
        panic!(
            "{ctx}: {viewer}'s view changes ({differing:?}) when enemy pieces it cannot tell apart are exchanged: {new_kind:?}"
        );
    }
    assert_eq!(format!("{a:?}"), format!("{b:?}"), "{ctx}");
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap(),
        "{ctx}"
    );
    assert_eq!(a.to_string(), b.to_string(), "{ctx}");
    new_kind.len()
}
