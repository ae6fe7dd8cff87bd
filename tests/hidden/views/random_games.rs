//! Views on random games checked against the model.

use super::*;
use marsal::Game;

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
