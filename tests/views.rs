//! Hidden information: what `Position::view` / `Game::view` show each side
//! (`docs/rules.md` section 5, "Hidden information").
//!
//! A view must hold exactly what its side knows: its own pieces (and what the
//! opponent knows of them), enemy pieces as the kinds they may still be, the
//! public facts (moves, fight results, removed pieces, status) and the side's log.

use marsal::{
    Battle, Game, KindSet, Outcome, PieceKind, Position, RevealRule, Rng, Ruleset, Setup, Side,
    Square, SquareView, View, combat,
};

// ---------------------------------------------------------------------------
// helpers

mod common;
use common::{position, presets, sq};

fn possible(view: &View, at: &str) -> KindSet {
    match view.at(sq(at)) {
        SquareView::Enemy { possible } => possible,
        other => panic!(
            "{at}: expected an enemy piece in {:?}'s view, got {other:?}",
            view.side()
        ),
    }
}

fn own(view: &View, at: &str) -> (PieceKind, KindSet) {
    match view.at(sq(at)) {
        SquareView::Own {
            kind,
            known_to_opponent,
        } => (kind, known_to_opponent),
        other => panic!(
            "{at}: expected an own piece in {:?}'s view, got {other:?}",
            view.side()
        ),
    }
}

fn set(kinds: &[PieceKind]) -> KindSet {
    kinds.iter().copied().collect()
}

fn movable() -> KindSet {
    PieceKind::ALL
        .into_iter()
        .filter(|k| k.is_movable())
        .collect()
}

fn far_moving() -> KindSet {
    PieceKind::ALL
        .into_iter()
        .filter(|k| k.moves_far())
        .collect()
}

fn minus(a: KindSet, b: KindSet) -> KindSet {
    a.iter().filter(|k| !b.contains(*k)).collect()
}

fn is_subset(a: KindSet, b: KindSet) -> bool {
    a.intersection(b) == a
}

fn play(pos: &mut Position, text: &str) -> Outcome {
    pos.play_text(text)
        .unwrap_or_else(|e| panic!("{text} refused: {e}\n{pos}"))
}

// ---------------------------------------------------------------------------
// a reference model of what each side knows, built from the rules alone

/// For every piece on the board: the kinds its owner's opponent can still think
/// possible, from the public facts (the army, moved, moved far, fight results)
/// and the rule for what fights reveal.
struct Model {
    known: [KindSet; 144],
}

impl Model {
    fn new(pos: &Position) -> Model {
        let mut known = [KindSet::EMPTY; 144];
        for side in Side::BOTH {
            for (s, _) in pos.pieces(side) {
                known[s.grid_index()] = pos.rules().army(side).kinds();
            }
        }
        Model { known }
    }

    fn update(&mut self, rules: &Ruleset, out: &Outcome) {
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
fn check_view(pos: &Position, side: Side, model: &Model, ctx: &str) -> usize {
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
fn expected_piece_seen(rules: &Ruleset, out: &Outcome, observer: Side) -> Option<PieceKind> {
    let shown = observer == out.side
        || out.fight.is_some_and(|f| {
            rules.reveal == RevealRule::BothFighters || !f.battle.attacker_survives()
        });
    shown.then_some(out.piece)
}

/// The swap test: exchange enemy pieces the viewer cannot tell apart (each
/// piece's kind is possible for the other); the viewer's view must not change.
#[cfg(feature = "serde")]
fn check_swap_invariance(pos: &Position, viewer: Side, rng: &mut Rng, ctx: &str) -> usize {
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

// ---------------------------------------------------------------------------
// tests

#[test]
fn fresh_view_shows_no_enemy_kind() {
    for (name, rules) in presets() {
        let pos = Position::start(&rules, 11, 12).unwrap();
        let game = Game::from_position(pos);
        for side in Side::BOTH {
            let enemy_kinds = rules.army(!side).kinds();
            let own_known = rules.army(side).kinds();
            assert!(enemy_kinds.len() > 1);
            for view in [pos.view(side), game.view(side)] {
                let mut enemies = 0;
                for (s, v) in view.squares() {
                    match (pos.piece_at(s), v) {
                        (Some(p), SquareView::Enemy { possible }) if p.side != side => {
                            enemies += 1;
                            assert_eq!(possible, enemy_kinds, "{name} {side} {s}");
                            assert_eq!(v.known_enemy(), None, "{name} {side} {s}");
                        }
                        (
                            Some(p),
                            SquareView::Own {
                                kind,
                                known_to_opponent,
                            },
                        ) if p.side == side => {
                            assert_eq!(kind, p.kind, "{name} {side} {s}");
                            assert_eq!(known_to_opponent, own_known, "{name} {side} {s}");
                        }
                        (None, SquareView::Empty | SquareView::Lake) => {}
                        other => panic!("{name} {side} {s}: {other:?}"),
                    }
                }
                assert_eq!(enemies, rules.army(!side).total(), "{name} {side}");
                assert_eq!(view.remaining(!side), *rules.army(!side), "{name}");
                assert!(view.last().is_none());
                assert!(view.log().is_empty());
                // The diagram shows every enemy piece as '?'.
                let shown = view.to_string();
                assert_eq!(
                    shown.chars().filter(|c| *c == '?').count(),
                    rules.army(!side).total(),
                    "{name} {side}:\n{shown}"
                );
                let enemy_letters = shown
                    .chars()
                    .filter(|c| {
                        c.is_alphabetic()
                            && (c.is_ascii_uppercase() == (side == Side::Blue))
                            && PieceKind::from_letter(*c).is_some()
                    })
                    .count();
                // Blue's view prints Red (upper case) enemies; Red's view prints
                // Blue (lower case) enemies, but file letters are lower case too.
                if side == Side::Blue {
                    assert_eq!(enemy_letters, 0, "{name}:\n{shown}");
                }
            }
        }
    }
}

#[test]
fn start_view_is_the_same_for_every_enemy_arrangement() {
    for (name, rules) in presets() {
        for side in Side::BOTH {
            let mine = Setup::random(&rules, side, 21);
            let theirs = Setup::random(&rules, !side, 22);
            // The same squares with the kinds shuffled among them.
            let mut pieces: Vec<(Square, PieceKind)> = theirs.pieces().collect();
            let mut kinds: Vec<PieceKind> = pieces.iter().map(|p| p.1).collect();
            let mut rng = Rng::new(23);
            for i in (1..kinds.len()).rev() {
                let j = rng.below(i as u32 + 1) as usize;
                kinds.swap(i, j);
            }
            for (p, k) in pieces.iter_mut().zip(&kinds) {
                p.1 = *k;
            }
            let shuffled = Setup::from_pieces(!side, pieces).unwrap();
            assert_ne!(shuffled, theirs);
            let build = |enemy: &Setup| {
                let (red, blue) = match side {
                    Side::Red => (&mine, enemy),
                    Side::Blue => (enemy, &mine),
                };
                Game::new(&rules, red, blue).unwrap()
            };
            let (a, b) = (build(&theirs), build(&shuffled));
            assert_ne!(a.position(), b.position());
            assert_eq!(a.view(side), b.view(side), "{name} {side}");
            assert_eq!(a.position().view(side), b.position().view(side));
            assert_eq!(format!("{:?}", a.view(side)), format!("{:?}", b.view(side)));
            // and the opponent does see the difference
            assert_ne!(a.view(!side), b.view(!side), "{name} {side}");
        }
    }
}

#[test]
fn view_never_contains_an_unrevealed_enemy_kind() {
    let mut hidden_attackers = 0;
    let mut narrowed_by_pinned = 0;
    #[cfg(feature = "serde")]
    let mut swapped = 0;
    for (name, mut rules) in presets() {
        rules.max_plies = Some(if name == "barrage" { 150 } else { 260 });
        for seed in 0..3u64 {
            let mut pos = Position::start(&rules, 100 + seed, 200 + seed).unwrap();
            let mut model = Model::new(&pos);
            let mut rng = Rng::new(300 + seed);
            #[cfg(feature = "serde")]
            let mut swap_rng = Rng::new(400 + seed);
            for side in Side::BOTH {
                narrowed_by_pinned +=
                    check_view(&pos, side, &model, &format!("{name}/{seed} start"));
            }
            while !pos.status().is_over() {
                let moves = pos.legal_moves();
                // prefer attacks now and then so that fights happen
                let attacks: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|m| pos.piece_at(m.to).is_some())
                    .collect();
                let mv = if !attacks.is_empty() && rng.below(3) == 0 {
                    attacks[rng.below(attacks.len() as u32) as usize]
                } else {
                    moves[rng.below(moves.len() as u32) as usize]
                };
                let out = pos.play(mv).unwrap();
                if out.fight.is_some_and(|f| f.battle.attacker_survives())
                    && rules.reveal == RevealRule::AttackerStaysHidden
                {
                    hidden_attackers += 1;
                }
                model.update(&rules, &out);
                let ctx = format!("{name}/{seed} ply {} after {mv}", pos.ply());
                for side in Side::BOTH {
                    narrowed_by_pinned += check_view(&pos, side, &model, &ctx);
                    #[cfg(feature = "serde")]
                    if pos.ply() % 3 == 0 {
                        swapped += check_swap_invariance(&pos, side, &mut swap_rng, &ctx);
                    }
                }
            }
        }
    }
    assert!(
        hidden_attackers > 10,
        "too few hidden attackers: {hidden_attackers}"
    );
    assert!(
        narrowed_by_pinned > 100,
        "too few views narrowed by pinned pieces: {narrowed_by_pinned} (hidden attackers {hidden_attackers})"
    );
    #[cfg(feature = "serde")]
    assert!(swapped > 1000, "too few exchanges tried: {swapped}");
}

#[test]
fn czech_surviving_attacker_hidden_defender_revealed() {
    use PieceKind::*;
    let rules = Ruleset::marsal_a_spion();
    // Every piece absent from the board was captured in public view.
    let mut pos = common::all_captured(
        &rules,
        "#f........s#/#..........#/#..........#/............/...~~..~~.../\
         ...~....~.../...~....~.../.k.~~.p~~.../.U....G...../\
         #..........#/#..........#/#FMKD.....S# r",
    );
    // Red also has a Marshal, a Captain and a Cadet (rank 1), so that counting
    // leaves several Red pieces that can beat a Corporal.

    // The General attacks and beats the Corporal: it survives, so Blue is not
    // told what it is; Blue only knows it is something that beats a Corporal.
    let out = play(&mut pos, "g4xg5");
    assert_eq!(out.battle(), Some(Battle::AttackerWins));
    let blue = pos.view(Side::Blue);
    let seen = possible(&blue, "g5");
    assert_eq!(seen, set(&[Marshal, General, Captain, Cadet]));
    assert_eq!(blue.at(sq("g5")).known_enemy(), None);
    let last = blue.last().unwrap();
    assert_eq!(
        last.piece, None,
        "the surviving attacker's kind is not announced"
    );
    assert_eq!(last.defender, Some(Corporal));
    assert_eq!(last.battle, Some(Battle::AttackerWins));
    assert!(
        !blue.to_string().chars().any(|c| c.is_ascii_uppercase()),
        "Blue's diagram shows a Red kind:\n{blue}"
    );
    let red = pos.view(Side::Red);
    assert_eq!(own(&red, "g5"), (General, seen));
    assert_eq!(red.last().unwrap().piece, Some(General));
    assert_eq!(red.last().unwrap().defender, Some(Corporal));
    // untouched pieces stay unknown: any kind the enemy still has
    let red_left = pos.remaining(Side::Red).kinds();
    assert!(red_left.contains(Gunner) && red_left.len() > 4);
    assert_eq!(possible(&blue, "b4"), red_left);
    let blue_left = pos.remaining(Side::Blue).kinds();
    assert!(blue_left.contains(Captain) && blue_left.len() > 2);
    assert_eq!(possible(&red, "b5"), blue_left);

    play(&mut pos, "k12-k11");

    // The Gunner attacks the Captain and loses: the Captain (surviving defender)
    // is now known to Red, and the removed Gunner is known to Blue.
    let out = play(&mut pos, "b4xb5");
    assert_eq!(out.battle(), Some(Battle::DefenderWins));
    let red = pos.view(Side::Red);
    assert_eq!(red.at(sq("b5")).known_enemy(), Some(Captain));
    assert_eq!(red.last().unwrap().defender, Some(Captain));
    let blue = pos.view(Side::Blue);
    assert_eq!(own(&blue, "b5"), (Captain, KindSet::only(Captain)));
    assert_eq!(blue.at(sq("b4")), SquareView::Empty);
    assert_eq!(blue.last().unwrap().piece, Some(Gunner));
    assert_eq!(blue.remaining(Side::Red).count(Gunner), 0);
    // the General is still hidden from Blue
    assert_eq!(possible(&blue, "g5"), seen);
}

#[test]
fn classic_both_fighters_revealed() {
    use PieceKind::*;
    let mut czech_both = Ruleset::marsal_a_spion();
    czech_both.reveal = RevealRule::BothFighters;
    let cases = [
        (
            "classic",
            Ruleset::classic(),
            vec![
                ("a1", 'F'),
                ("j1", 'S'),
                ("e4", 'L'),
                ("b4", 'R'),
                ("e5", 'r'),
                ("b5", 'j'),
                ("a10", 'f'),
                ("j10", 's'),
            ],
            ["e4xe5", "j10-j9", "b4xb5"],
            (Lieutenant, Major),
        ),
        (
            "czech with the option reveal both",
            czech_both,
            vec![
                ("b1", 'F'),
                ("k1", 'S'),
                ("f4", 'D'),
                ("b4", 'U'),
                ("f5", 'p'),
                ("b5", 'k'),
                ("b12", 'f'),
                ("k12", 's'),
            ],
            ["f4xf5", "k12-k11", "b4xb5"],
            (Cadet, Captain),
        ),
    ];
    for (name, rules, pieces, moves, (winner, defender)) in cases {
        let mut pos = position(&rules, &pieces, Side::Red);
        let out = play(&mut pos, moves[0]);
        assert_eq!(out.battle(), Some(Battle::AttackerWins), "{name}");
        let at = &moves[0][3..];
        let blue = pos.view(Side::Blue);
        assert_eq!(blue.at(sq(at)).known_enemy(), Some(winner), "{name}");
        assert_eq!(blue.last().unwrap().piece, Some(winner), "{name}");
        let red = pos.view(Side::Red);
        assert_eq!(own(&red, at), (winner, KindSet::only(winner)), "{name}");
        play(&mut pos, moves[1]);
        let out = play(&mut pos, moves[2]);
        assert_eq!(out.battle(), Some(Battle::DefenderWins), "{name}");
        let red = pos.view(Side::Red);
        assert_eq!(red.at(sq("b5")).known_enemy(), Some(defender), "{name}");
        assert_eq!(
            pos.view(Side::Blue).last().unwrap().piece,
            Some(out.piece),
            "{name}"
        );
    }
}

#[test]
fn removed_pieces_counted_in_remaining_for_both() {
    use PieceKind::*;
    let rules = Ruleset::marsal_a_spion();
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            // so that counting leaves several Red pieces that beat a Corporal
            ("c1", 'M'),
            ("d1", 'K'),
            ("e1", 'D'),
            ("c4", 'U'),
            ("f4", 'D'),
            ("j4", 'G'),
            ("c5", 'u'),
            ("f5", 'g'),
            ("j5", 'p'),
            ("b12", 'f'),
            ("k12", 's'),
        ],
        Side::Red,
    );
    let before = [pos.remaining(Side::Red), pos.remaining(Side::Blue)];
    let check = |pos: &Position, removed_red: &[PieceKind], removed_blue: &[PieceKind]| {
        for (i, removed) in [removed_red, removed_blue].into_iter().enumerate() {
            let side = Side::BOTH[i];
            let mut expected = before[i];
            for k in removed {
                expected.set(*k, expected.count(*k) - 1);
            }
            assert_eq!(pos.remaining(side), expected);
            for viewer in Side::BOTH {
                assert_eq!(
                    pos.view(viewer).remaining(side),
                    expected,
                    "{viewer}'s count of {side}'s pieces"
                );
            }
        }
    };
    check(&pos, &[], &[]);
    // equal strength: both removed
    assert_eq!(play(&mut pos, "c4xc5").battle(), Some(Battle::BothRemoved));
    check(&pos, &[Gunner], &[Gunner]);
    play(&mut pos, "k12-k11");
    // the attacker loses
    assert_eq!(play(&mut pos, "f4xf5").battle(), Some(Battle::DefenderWins));
    check(&pos, &[Gunner, Cadet], &[Gunner]);
    play(&mut pos, "k11-k12");
    // a hidden attacker wins: only the defender is removed
    assert_eq!(play(&mut pos, "j4xj5").battle(), Some(Battle::AttackerWins));
    check(&pos, &[Gunner, Cadet], &[Gunner, Corporal]);
    assert_eq!(pos.view(Side::Blue).at(sq("j5")).known_enemy(), None);
    assert_eq!(
        possible(&pos.view(Side::Blue), "j5"),
        set(&[Marshal, General, Captain, Cadet])
    );
}

#[test]
fn enemy_possible_kinds_exclude_kinds_with_none_left() {
    use PieceKind::*;
    // A removed piece is handed to the opponent, so both players know which
    // kinds the enemy has left; a kind with none left is no longer possible.
    let rules = Ruleset::marsal_a_spion();
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'G'),
            ("f5", 'y'),
            ("b12", 'f'),
            ("k12", 's'),
            ("c11", 'x'),
        ],
        Side::Red,
    );
    assert_eq!(play(&mut pos, "f4xf5").battle(), Some(Battle::AttackerWins));
    assert_eq!(pos.remaining(Side::Blue).count(Spy), 0);
    let red = pos.view(Side::Red);
    assert_eq!(red.remaining(Side::Blue).count(Spy), 0);
    for at in ["k12", "c11", "b12"] {
        let p = possible(&red, at);
        assert!(
            !p.contains(Spy),
            "{at}: Red knows Blue's only Spy was removed, yet the view says it may be a Spy: {p:?}"
        );
    }
}

#[test]
fn identified_pieces_exclude_their_kind_elsewhere() {
    use PieceKind::*;
    let rules = Ruleset::marsal_a_spion();
    // Red's view of every Blue piece, with Blue's own view agreeing on what Red
    // knows.
    let red_sees = |pos: &Position| -> Vec<(Square, KindSet)> {
        let (red, blue) = (pos.view(Side::Red), pos.view(Side::Blue));
        pos.pieces(Side::Blue)
            .map(|(s, kind)| {
                let seen = possible(&red, &s.to_string());
                assert_eq!(own(&blue, &s.to_string()), (kind, seen), "{s}");
                (s, seen)
            })
            .collect()
    };

    // Blue's only Spy is identified as the surviving defender against the Marshal;
    // its only Gunner is then the piece that moved (a Gunner or the Spy), and the
    // pieces that never moved are Flag or Mines (repeated until nothing changes).
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'M'),
            ("b12", 'f'),
            ("c12", 'x'),
            ("d12", 'x'),
            ("e12", 'u'),
            ("f5", 'y'),
        ],
        Side::Blue,
    );
    play(&mut pos, "e12-e11");
    let red = pos.view(Side::Red);
    assert_eq!(possible(&red, "e11"), set(&[Gunner, Spy]));
    for at in ["b12", "c12", "d12", "f5"] {
        assert_eq!(possible(&red, at), set(&[Flag, Mine, Gunner, Spy]), "{at}");
    }
    assert_eq!(play(&mut pos, "f4xf5").battle(), Some(Battle::DefenderWins));
    // none of this comes from a kind with none left
    assert_eq!(pos.remaining(Side::Blue).count(Spy), 1);
    assert_eq!(pos.remaining(Side::Blue).count(Gunner), 1);
    for (s, seen) in red_sees(&pos) {
        let expected = match s.to_string().as_str() {
            "f5" => KindSet::only(Spy),
            "e11" => KindSet::only(Gunner),
            _ => set(&[Flag, Mine]),
        };
        assert_eq!(seen, expected, "Red's view of {s}");
    }

    // Control: a kind with an unidentified piece left stays possible. Blue has
    // two Scouts; one is identified as a surviving defender, the other is not.
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'M'),
            ("c4", 'Y'),
            ("b12", 'f'),
            ("c12", 'x'),
            ("k12", 's'),
            ("c5", 's'),
            ("e12", 'u'),
            ("f5", 'y'),
        ],
        Side::Red,
    );
    assert_eq!(play(&mut pos, "f4xf5").battle(), Some(Battle::DefenderWins));
    play(&mut pos, "e12-e11");
    assert_eq!(play(&mut pos, "c4xc5").battle(), Some(Battle::DefenderWins));
    assert_eq!(pos.remaining(Side::Blue).count(Scout), 2);
    for (s, seen) in red_sees(&pos) {
        let expected = match s.to_string().as_str() {
            "f5" => KindSet::only(Spy),
            "c5" => KindSet::only(Scout),
            "e11" => set(&[Scout, Gunner]),
            _ => set(&[Flag, Mine, Scout, Gunner]),
        };
        assert_eq!(seen, expected, "Red's view of {s}");
    }
}

#[test]
fn moved_piece_not_mine_or_flag() {
    use PieceKind::*;
    for (name, rules, piece, mv, immovable) in [
        (
            "czech diagonal step",
            Ruleset::marsal_a_spion(),
            ("e4", 'P'),
            "e4-f5",
            [Mine, Flag],
        ),
        (
            "czech step",
            Ruleset::marsal_a_spion(),
            ("f4", 'N'),
            "f4-f5",
            [Mine, Flag],
        ),
        (
            "classic",
            Ruleset::classic(),
            ("e4", 'L'),
            "e4-e5",
            [Bomb, Flag],
        ),
        (
            "barrage",
            Ruleset::barrage(),
            ("e4", 'G'),
            "e4-e5",
            [Bomb, Flag],
        ),
    ] {
        // Red keeps a Mine (Bomb) and several movable kinds, so that counting
        // neither rules the immovable kinds out nor pins the moved piece.
        let mut pos = position(
            &rules,
            &[
                ("b1", 'F'),
                ("b2", immovable[0].letter()),
                ("c1", 'S'),
                ("d1", 'M'),
                ("e1", 'N'),
                piece,
                ("b10", 'f'),
                ("c10", 's'),
            ],
            Side::Red,
        );
        let red_left = pos.remaining(Side::Red).kinds();
        let before = possible(&pos.view(Side::Blue), piece.0);
        assert_eq!(before, red_left, "{name}");
        assert!(immovable.iter().all(|k| before.contains(*k)), "{name}");
        play(&mut pos, mv);
        let to = &mv[3..];
        let after = possible(&pos.view(Side::Blue), to);
        assert_eq!(after, minus(red_left, set(&immovable)), "{name}");
        assert!(after.len() > 1, "{name}: a step does not reveal the piece");
        assert_eq!(own(&pos.view(Side::Red), to).1, after, "{name}");
    }
}

#[test]
fn far_move_reveals_scout() {
    use PieceKind::*;
    for rules in [
        Ruleset::marsal_a_spion(),
        Ruleset::classic(),
        Ruleset::barrage(),
    ] {
        let mut pos = position(
            &rules,
            &[
                ("b1", 'F'),
                ("b2", 'S'),
                ("j2", 'S'),
                // other movable kinds, so that counting does not pin the Scouts
                ("d1", 'M'),
                ("e1", 'N'),
                ("b10", 'f'),
                ("f10", 's'),
                ("j9", 'y'),
            ],
            Side::Red,
        );
        // one square: a Scout's step is like any other step
        play(&mut pos, "b2-b3");
        let stepped = pos.remaining(Side::Red).kinds().intersection(movable());
        assert_eq!(stepped, set(&[Marshal, Scout, Miner]));
        let blue = pos.view(Side::Blue);
        assert_eq!(blue.at(sq("b3")).known_enemy(), None);
        assert_eq!(possible(&blue, "b3"), stepped);
        play(&mut pos, "f10-f9");
        // more than one square: only a Scout does that
        play(&mut pos, "j2-j4");
        let blue = pos.view(Side::Blue);
        assert_eq!(blue.at(sq("j4")).known_enemy(), Some(Scout));
        assert_eq!(
            own(&pos.view(Side::Red), "j4"),
            (Scout, KindSet::only(Scout))
        );
        // Red has two Scouts: one identified Scout does not rule out the other.
        assert_eq!(possible(&blue, "b3"), stepped);
        play(&mut pos, "f9-f8");
        // a Scout that attacks from afar and survives is known too
        assert_eq!(play(&mut pos, "j4xj9").battle(), Some(Battle::AttackerWins));
        let blue = pos.view(Side::Blue);
        assert_eq!(blue.at(sq("j9")).known_enemy(), Some(Scout));
    }
}

#[test]
fn mine_defused_reveals_miner() {
    use PieceKind::*;
    let rules = Ruleset::marsal_a_spion();
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'N'),
            ("f5", 'x'),
            ("b12", 'f'),
            ("k12", 's'),
        ],
        Side::Red,
    );
    let out = play(&mut pos, "f4xf5");
    assert_eq!(out.battle(), Some(Battle::MineDefused));
    let blue = pos.view(Side::Blue);
    // Not announced, but only a Miner defuses a Mine: Blue knows it.
    assert_eq!(blue.last().unwrap().battle, Some(Battle::MineDefused));
    assert_eq!(blue.at(sq("f5")).known_enemy(), Some(Miner));
    assert_eq!(
        own(&pos.view(Side::Red), "f5"),
        (Miner, KindSet::only(Miner))
    );
    assert_eq!(blue.remaining(Side::Blue).count(Mine), 0);
}

#[test]
fn spy_beating_marshal_is_deduced() {
    use PieceKind::*;
    let rules = Ruleset::marsal_a_spion();
    // The Spy attacks the Marshal: it survives unannounced, but only a Spy beats
    // a Marshal.
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'Y'),
            ("f5", 'm'),
            ("b12", 'f'),
            ("k12", 's'),
        ],
        Side::Red,
    );
    assert_eq!(play(&mut pos, "f4xf5").battle(), Some(Battle::AttackerWins));
    let blue = pos.view(Side::Blue);
    assert_eq!(blue.last().unwrap().piece, None);
    assert_eq!(blue.at(sq("f5")).known_enemy(), Some(Spy));

    // The Marshal attacks the Spy (Czech rule: the Spy still wins): the removed
    // Marshal is known to Red, the Spy (surviving defender) to Blue.
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("k1", 'S'),
            ("f4", 'Y'),
            ("f5", 'm'),
            ("b12", 'f'),
            ("k12", 's'),
        ],
        Side::Blue,
    );
    assert_eq!(play(&mut pos, "f5xf4").battle(), Some(Battle::DefenderWins));
    assert_eq!(pos.view(Side::Blue).at(sq("f4")).known_enemy(), Some(Spy));
    assert_eq!(pos.view(Side::Red).last().unwrap().piece, Some(Marshal));
}

#[test]
fn own_piece_shows_what_opponent_knows() {
    use PieceKind::*;
    let rules = Ruleset::marsal_a_spion();
    // Both sides keep a Mine and several movable kinds (Red a second Scout), so
    // that counting pins nothing but the Scout that moved far.
    let mut pos = position(
        &rules,
        &[
            ("b1", 'F'),
            ("c2", 'S'),
            ("d1", 'S'),
            ("e1", 'M'),
            ("g1", 'U'),
            ("f4", 'P'),
            ("j2", 'X'),
            ("b12", 'f'),
            ("k12", 's'),
            ("c12", 'x'),
            ("d12", 'm'),
            ("e12", 'u'),
        ],
        Side::Red,
    );
    let red_left = pos.remaining(Side::Red).kinds();
    let blue_left = pos.remaining(Side::Blue).kinds();
    play(&mut pos, "c2-c4");
    play(&mut pos, "k12-k11");
    play(&mut pos, "f4-g5");
    let red = pos.view(Side::Red);
    let blue = pos.view(Side::Blue);
    let stepped = minus(red_left, set(&[Mine, Flag]));
    assert_eq!(stepped, set(&[Marshal, Corporal, Gunner, Scout]));
    assert_eq!(own(&red, "c4"), (Scout, KindSet::only(Scout)));
    assert_eq!(own(&red, "g5"), (Corporal, stepped));
    assert_eq!(own(&red, "d1"), (Scout, red_left));
    assert_eq!(own(&red, "j2"), (Mine, red_left));
    assert_eq!(own(&red, "b1"), (Flag, red_left));
    // ... and it is exactly what the opponent's view says
    for side in Side::BOTH {
        let mine = pos.view(side);
        let theirs = pos.view(!side);
        for (s, kind) in pos.pieces(side) {
            assert_eq!(
                mine.at(s),
                SquareView::Own {
                    kind,
                    known_to_opponent: possible(&theirs, &s.to_string())
                }
            );
        }
    }
    assert_eq!(own(&blue, "k11").1, set(&[Marshal, Gunner, Scout]));
    assert_eq!(own(&blue, "k11").1, minus(blue_left, set(&[Mine, Flag])));
}

#[test]
fn game_view_log_has_every_move_as_seen_by_that_side() {
    let mut hidden = 0;
    let mut revealed_by_rule = 0;
    for (name, mut rules) in presets() {
        rules.max_plies = Some(300);
        for seed in 0..2u64 {
            let mut game = Game::new(
                &rules,
                &Setup::random(&rules, Side::Red, 40 + seed),
                &Setup::random(&rules, Side::Blue, 50 + seed),
            )
            .unwrap();
            let mut rng = Rng::new(60 + seed);
            while !game.status().is_over() {
                let moves = game.legal_moves();
                game.play(moves[rng.below(moves.len() as u32) as usize])
                    .unwrap();
            }
            let outcomes = game.outcomes().to_vec();
            assert_eq!(outcomes.len(), game.moves().count());
            for viewer in Side::BOTH {
                let view = game.view(viewer);
                let log = view.log();
                assert_eq!(log.len(), outcomes.len(), "{name}");
                assert_eq!(game.log(viewer).collect::<Vec<_>>(), log, "{name}");
                for (i, (seen, out)) in log.iter().zip(&outcomes).enumerate() {
                    let c = format!("{name}/{seed} {viewer} event {i}");
                    assert_eq!(seen.mv, out.mv, "{c}");
                    assert_eq!(seen.side, out.side, "{c}");
                    assert_eq!(seen.defender, out.fight.map(|f| f.defender), "{c}");
                    assert_eq!(seen.battle, out.battle(), "{c}");
                    if out.side == viewer {
                        assert_eq!(seen.piece, Some(out.piece), "{c}: own log shows own kind");
                    } else {
                        let expected = expected_piece_seen(&rules, out, viewer);
                        assert_eq!(seen.piece, expected, "{c}");
                        match (out.fight, expected) {
                            (Some(_), None) => hidden += 1,
                            (Some(_), Some(_)) => revealed_by_rule += 1,
                            _ => {}
                        }
                    }
                }
                assert_eq!(view.last(), log.last().copied(), "{name}");
            }
        }
    }
    assert!(hidden > 5, "no surviving hidden attacker seen: {hidden}");
    assert!(revealed_by_rule > 5);
}

#[test]
fn position_view_log_has_only_last_event() {
    // A bare Position keeps no history: its views carry only the last event
    // (`last`) and an empty log; a Game's views carry the whole log.
    let rules = Ruleset::classic();
    let mut game = Game::from_position(Position::start(&rules, 5, 6).unwrap());
    for side in Side::BOTH {
        assert!(game.position().view(side).log().is_empty());
        assert!(game.position().view(side).last().is_none());
    }
    let mut rng = Rng::new(7);
    for n in 1..=6 {
        let moves = game.legal_moves();
        let out = game
            .play(moves[rng.below(moves.len() as u32) as usize])
            .unwrap();
        for side in Side::BOTH {
            let pv = game.position().view(side);
            let gv = game.view(side);
            assert!(pv.log().is_empty(), "a Position has no history");
            assert_eq!(pv.last(), Some(out.observed_by(side)));
            assert_eq!(pv.last(), gv.log().last().copied());
            assert_eq!(gv.log().len(), n);
            assert_eq!(pv.last(), gv.last());
        }
    }
}
