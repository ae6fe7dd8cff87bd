//! Properties of play.

use super::*;

fn check_pieces_only_disappear(
    before: &Position,
    mv: Move,
    out: marsal::Outcome,
    after: &Position,
) -> Result<(), TestCaseError> {
    let rules = before.rules();
    let attacker = before
        .piece_at(mv.from)
        .ok_or_else(|| fail("a legal move starts on a piece"))?;
    let defender = before.piece_at(mv.to);
    let mut expected = counts(before);
    let mut expected_to = Some(attacker);
    match defender {
        None => prop_assert_eq!(out.fight, None, "a move onto an empty square is no fight"),
        Some(d) => {
            let battle = combat(rules, attacker.kind, d.kind)
                .ok_or_else(|| fail("a movable attacker always fights"))?;
            let fight = out
                .fight
                .ok_or_else(|| fail(format!("{mv} attacks {d:?} but reports no fight")))?;
            prop_assert_eq!(fight.battle, battle);
            prop_assert_eq!(fight.defender, d.kind);
            let attacker_removed = matches!(battle, Battle::DefenderWins | Battle::BothRemoved);
            let defender_removed = matches!(
                battle,
                Battle::AttackerWins
                    | Battle::MineDefused
                    | Battle::FlagCaptured
                    | Battle::BothRemoved
            );
            if attacker_removed {
                expected[attacker.side.index()][attacker.kind.index()] -= 1;
            }
            if defender_removed {
                expected[d.side.index()][d.kind.index()] -= 1;
            }
            expected_to = match (attacker_removed, defender_removed) {
                (false, true) => Some(attacker),
                (true, false) => Some(d),
                (true, true) => None,
                (false, false) => return Err(fail("someone must lose a fight")),
            };
        }
    }
    let now = counts(after);
    prop_assert_eq!(now, expected, "counts after {} ({:?})", mv, out.fight);
    prop_assert_eq!(census(after), now, "count() disagrees with the board");
    let before_counts = counts(before);
    for side in Side::BOTH {
        let remaining = after.remaining(side);
        for kind in PieceKind::ALL {
            prop_assert!(
                now[side.index()][kind.index()] <= before_counts[side.index()][kind.index()]
            );
            prop_assert_eq!(remaining.count(kind), now[side.index()][kind.index()]);
        }
    }
    for sq in grid() {
        let piece = after.piece_at(sq);
        if piece.is_some() {
            prop_assert!(
                rules.board.playable.contains(sq) && !rules.board.lakes.contains(sq),
                "a piece stands on {} which is not a playable square",
                sq
            );
        }
        let expected_here = if sq == mv.from {
            None
        } else if sq == mv.to {
            expected_to
        } else {
            before.piece_at(sq)
        };
        prop_assert_eq!(piece, expected_here, "square {} after {}", sq, mv);
        // Mines, Bombs and Flags never move: their squares keep them unless the
        // piece was removed by this very fight.
        if let Some(p) = before.piece_at(sq) {
            if !p.kind.is_movable() && piece != Some(p) {
                prop_assert!(
                    sq == mv.to && expected_to != Some(p),
                    "immovable {:?} on {} vanished or moved",
                    p,
                    sq
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn pieces_only_disappear_as_combat_says(case in cases(150)) {
        let start = case.start()?;
        let counts0 = counts(&start);
        prop_assert_eq!(census(&start), counts0);
        for side in Side::BOTH {
            prop_assert_eq!(start.remaining(side), *case.rules.army(side));
        }
        case.walk(check_pieces_only_disappear)?;
    }

    #[test]
    fn legal_move_succeeds_and_matches_combat(case in cases(150)) {
        let rules = case.rules;
        case.walk(|before, mv, out, after| {
            let generated = before.legal_moves();
            let mut sorted: Vec<Move> = generated.iter().copied().collect();
            sorted.sort();
            let n = sorted.len();
            sorted.dedup();
            prop_assert_eq!(sorted.len(), n, "legal_moves lists a move twice");
            let reference = reference_moves(before);
            if rules.two_square.is_none() {
                prop_assert_eq!(&sorted, &reference, "legal moves of\n{}", before);
            } else {
                // The two-square rule may forbid some of the board's moves, and
                // only with its own error.
                for m in &sorted {
                    prop_assert!(reference.contains(m), "{} is no move of the board\n{}", m, before);
                }
                for m in reference.iter().filter(|m| !sorted.contains(m)) {
                    prop_assert!(
                        matches!(before.check_move(*m), Err(marsal::MoveError::TwoSquare { .. })),
                        "{} left out of the legal moves: {:?}\n{}", m, before.check_move(*m), before
                    );
                }
            }
            for m in &generated {
                prop_assert!(before.check_move(*m).is_ok(), "{} is generated but refused", m);
            }
            let attacker = before.piece_at(mv.from).ok_or_else(|| fail("no piece"))?;
            prop_assert_eq!(attacker.side, before.to_move());
            prop_assert_eq!(out.mv, mv);
            prop_assert_eq!(out.side, before.to_move());
            prop_assert_eq!(out.piece, attacker.kind);
            let expected = before.piece_at(mv.to).and_then(|d| combat(&rules, attacker.kind, d.kind));
            prop_assert_eq!(out.battle(), expected);
            prop_assert_eq!(after.last_outcome(), Some(out));
            prop_assert_eq!(after.ply(), before.ply() + 1);
            prop_assert_eq!(after.to_move(), !before.to_move());
            if let Status::Ongoing { to_move } = after.status() {
                prop_assert_eq!(to_move, !before.to_move(), "sides alternate");
                prop_assert!(!after.legal_moves().is_empty());
            } else {
                prop_assert!(after.legal_moves().is_empty(), "no move after the end");
                let mut copy = *after;
                prop_assert_eq!(copy.play(mv), Err(marsal::MoveError::GameOver));
                prop_assert_eq!(&copy, after);
            }
            Ok(())
        })?;
    }

    #[test]
    fn illegal_random_move_changes_nothing(
        case in cases(100),
        probes in prop::collection::vec(
            (0usize..marsal::GRID_SQUARES, 0usize..marsal::GRID_SQUARES, 0u8..3, -3i8..=3, -3i8..=3),
            1..12,
        ),
    ) {
        let probe = |pos: &Position, i: usize| -> Result<(), TestCaseError> {
            let legal = pos.legal_moves();
            let (a, b, near, df, dr) = probes[i % probes.len()];
            let own: Vec<Square> = pos.pieces(pos.to_move()).map(|(s, _)| s).collect();
            let from = if near > 0 && !own.is_empty() {
                own[a % own.len()]
            } else {
                Square::from_grid_index(a).ok_or_else(|| fail("grid index"))?
            };
            let to = match (near, offset(from, df, dr)) {
                (1 | 2, Some(to)) => to,
                _ => Square::from_grid_index(b).ok_or_else(|| fail("grid index"))?,
            };
            let mv = Move::new(from, to);
            let contained = legal.contains(&mv);
            prop_assert_eq!(pos.check_move(mv).is_ok(), contained, "check_move({}) in\n{}", mv, pos);
            prop_assert_eq!(pos.is_legal(mv), contained);
            if !contained {
                let mut copy = *pos;
                prop_assert!(copy.play(mv).is_err());
                prop_assert_eq!(&copy, pos, "a refused move changed the position");
                prop_assert_eq!(copy.hash(), pos.hash());
                let text = pos.move_text(mv).to_string();
                let mut copy = *pos;
                prop_assert!(copy.play_text(&text).is_err());
                prop_assert_eq!(&copy, pos);
                let mut game = Game::from_position(*pos);
                let before = game.clone();
                prop_assert!(game.play(mv).is_err());
                prop_assert_eq!(&game, &before, "a refused move changed the game");
            }
            Ok(())
        };
        // The same for a game (whose history adds the more-squares rule).
        let game_probe = |game: &mut Game, i: usize| -> Result<(), TestCaseError> {
            let legal = game.legal_moves();
            let (a, b, near, df, dr) = probes[i % probes.len()];
            let from = Square::from_grid_index(a).ok_or_else(|| fail("grid index"))?;
            let to = match (near, offset(from, df, dr)) {
                (1 | 2, Some(to)) => to,
                _ => Square::from_grid_index(b).ok_or_else(|| fail("grid index"))?,
            };
            let mv = Move::new(from, to);
            let contained = legal.contains(&mv);
            prop_assert_eq!(game.check_move(mv).is_ok(), contained);
            if !contained {
                let before = game.clone();
                prop_assert!(game.play(mv).is_err());
                prop_assert_eq!(&*game, &before, "a refused move changed the game");
            }
            if let Some(m) = legal.first() {
                prop_assert!(game.play(*m).is_ok());
                game.undo().map_err(|e| fail(e.to_string()))?;
            }
            Ok(())
        };
        let mut i = 0;
        let last = case.walk(|before, _, _, _| {
            for _ in 0..2 {
                probe(before, i)?;
                i += 1;
            }
            Ok(())
        })?;
        for _ in 0..probes.len() {
            probe(&last, i)?;
            i += 1;
        }
        let mut game = Game::from_position(case.start()?);
        for (k, &choice) in case.choices.iter().enumerate() {
            game_probe(&mut game, k)?;
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[choice as usize % moves.len()]).map_err(|e| fail(e.to_string()))?;
        }
    }

    #[test]
    fn scout_moves_never_jump(case in cases(150)) {
        let rules = case.rules;
        let check = |pos: &Position| -> Result<(), TestCaseError> {
            for mv in pos.legal_moves() {
                let p = pos.piece_at(mv.from).ok_or_else(|| fail("no piece"))?;
                prop_assert_eq!(p.side, pos.to_move());
                prop_assert!(p.kind.is_movable(), "{:?} moved", p.kind);
                prop_assert!(on_board(&rules, mv.to), "{} leaves the board", mv);
                prop_assert!(pos.piece_at(mv.to).is_none_or(|q| q.side != p.side));
                if mv.distance() <= 1 {
                    continue;
                }
                prop_assert_eq!(p.kind, PieceKind::Scout, "only a Scout moves far: {}", mv);
                let (df, dr) = (
                    mv.to.file() as i8 - mv.from.file() as i8,
                    mv.to.rank() as i8 - mv.from.rank() as i8,
                );
                prop_assert!(df == 0 || dr == 0, "{} is not along a rank or file", mv);
                let (sf, sr) = (df.signum(), dr.signum());
                let mut at = offset(mv.from, sf, sr).ok_or_else(|| fail("off the grid"))?;
                while at != mv.to {
                    prop_assert!(on_board(&rules, at), "{} crosses {} (lake or off board)", mv, at);
                    prop_assert!(pos.piece_at(at).is_none(), "{} jumps over {}", mv, at);
                    at = offset(at, sf, sr).ok_or_else(|| fail("off the grid"))?;
                }
            }
            Ok(())
        };
        let last = case.walk(|before, _, _, _| check(before))?;
        check(&last)?;
    }

    #[test]
    fn diagonal_steps_only_when_allowed_and_never_attack(case in cases(150)) {
        let rules = case.rules;
        let check = |pos: &Position| -> Result<(), TestCaseError> {
            for mv in pos.legal_moves() {
                let (df, dr) = (
                    mv.to.file() as i8 - mv.from.file() as i8,
                    mv.to.rank() as i8 - mv.from.rank() as i8,
                );
                if df != 0 && dr != 0 {
                    prop_assert!(rules.diagonal_steps, "diagonal {} without diagonal steps", mv);
                    prop_assert!(df.abs() == 1 && dr.abs() == 1, "diagonal {} is longer than a step", mv);
                    prop_assert!(pos.piece_at(mv.to).is_none(), "diagonal {} attacks", mv);
                }
            }
            if pos.status().is_over() {
                return Ok(());
            }
            // And check_move refuses every diagonal attack, and every diagonal
            // step when they are off.
            for (from, kind) in pos.pieces(pos.to_move()) {
                if !kind.is_movable() {
                    continue;
                }
                for (df, dr) in DIAGONAL {
                    let Some(to) = offset(from, df, dr).filter(|s| on_board(&rules, *s)) else {
                        continue;
                    };
                    let mv = Move::new(from, to);
                    match pos.piece_at(to) {
                        Some(q) if q.side != pos.to_move() => prop_assert!(
                            pos.check_move(mv).is_err(),
                            "diagonal attack {} accepted",
                            mv
                        ),
                        None if rules.diagonal_steps
                            && !reference_corner_open(pos, from, df, dr) =>
                        {
                            prop_assert_eq!(
                                pos.check_move(mv),
                                Err(marsal::MoveError::CornerBlocked(
                                    Square::new(from.file(), to.rank()).unwrap(),
                                    Square::new(to.file(), from.rank()).unwrap()
                                ))
                            )
                        }
                        None if rules.diagonal_steps => prop_assert!(
                            matches!(
                                pos.check_move(mv),
                                Ok(()) | Err(marsal::MoveError::TwoSquare { .. })
                            ),
                            "diagonal step {} refused: {:?}",
                            mv,
                            pos.check_move(mv)
                        ),
                        None => prop_assert_eq!(
                            pos.check_move(mv),
                            Err(marsal::MoveError::DiagonalStep)
                        ),
                        Some(_) => prop_assert!(pos.check_move(mv).is_err()),
                    }
                }
            }
            Ok(())
        };
        let last = case.walk(|before, _, _, _| check(before))?;
        check(&last)?;
    }

    #[test]
    fn undo_restores_state_and_hash(case in cases(120)) {
        let mut game = Game::from_position(case.start()?);
        let start = *game.position();
        for &choice in &case.choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let before = game.clone();
            let out = game.play(mv).map_err(|e| fail(format!("{mv} refused: {e}")))?;
            let after = game.clone();
            prop_assert_eq!(game.undo(), Ok(out));
            prop_assert_eq!(game.position(), before.position());
            prop_assert_eq!(game.position().hash(), before.position().hash());
            prop_assert_eq!(&game, &before);
            prop_assert_eq!(game.play(mv), Ok(out));
            prop_assert_eq!(&game, &after);
        }
        while game.undo().is_ok() {}
        prop_assert_eq!(game.position(), &start);
        prop_assert_eq!(game.position().hash(), start.hash());
        prop_assert_eq!(game.undo(), Err(marsal::UndoError::NothingToUndo));
    }

    #[test]
    fn start_is_new_from_the_random_setups(case in cases(0)) {
        // `Position::start` takes shortcuts (no checks on the random pieces);
        // the position must be the one the checked way builds.
        let red = Setup::random(&case.rules, Side::Red, case.red_seed);
        let blue = Setup::random(&case.rules, Side::Blue, case.blue_seed);
        let checked = Position::new(&case.rules, &red, &blue)
            .map_err(|e| fail(format!("random setups must be legal: {e}")))?;
        prop_assert!(case.start()? == checked);
    }

    #[test]
    fn incremental_hash_equals_scratch(case in cases(150)) {
        let start = case.start()?;
        prop_assert_eq!(start.hash(), start.hash_from_scratch());
        let last = case.walk(|_, mv, _, after| {
            prop_assert_eq!(after.hash(), after.hash_from_scratch(), "after {}", mv);
            Ok(())
        })?;
        // The hash depends on the board and the side to move only.
        let again = Position::from_text(&case.rules, &last.to_text().to_string())
            .map_err(|e| fail(format!("position text refused: {e}")))?;
        prop_assert_eq!(again.hash(), last.hash());
    }
}
