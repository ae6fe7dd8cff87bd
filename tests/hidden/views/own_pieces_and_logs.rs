//! A side's own pieces and its log.

use super::*;
use marsal::Game;

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
