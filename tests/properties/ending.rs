//! The end of the game.

use super::*;

pub(crate) fn check_status(pos: &Position) -> Result<(), TestCaseError> {
    let rules = pos.rules();
    let flag_lost = |side: Side| pos.count(side, PieceKind::Flag) == 0;
    for side in Side::BOTH {
        let board = reference_has_move(pos, side);
        if rules.two_square.is_none() {
            prop_assert_eq!(pos.has_legal_move(side), board);
        } else {
            prop_assert!(board || !pos.has_legal_move(side));
        }
    }
    if !pos.status().is_over() {
        prop_assert_eq!(
            pos.has_legal_move(pos.to_move()),
            !pos.legal_moves().is_empty()
        );
    }
    match pos.status() {
        Status::Ongoing { to_move } => {
            prop_assert_eq!(to_move, pos.to_move());
            prop_assert!(!flag_lost(Side::Red) && !flag_lost(Side::Blue));
            prop_assert!(pos.has_legal_move(to_move), "ongoing without a move");
            if rules.no_move == NoMoveRule::Loses {
                prop_assert!(pos.has_legal_move(!to_move));
            }
            if rules.no_hope_draw {
                prop_assert!(!no_hope::is_hopeless(pos), "ongoing but hopeless:\n{}", pos);
            }
            prop_assert!(rules.max_plies.is_none_or(|m| pos.ply() < m));
            prop_assert!(
                rules
                    .max_plies_without_attack
                    .is_none_or(|m| pos.plies_since_attack() < m)
            );
        }
        Status::Won {
            winner,
            reason: WinReason::FlagCaptured,
        } => {
            prop_assert!(flag_lost(!winner), "won by capture but the Flag is there");
            prop_assert!(!flag_lost(winner) || rules.army(winner).count(PieceKind::Flag) == 0);
            let last = pos.last_outcome().ok_or_else(|| fail("no last move"))?;
            prop_assert_eq!(last.side, winner);
            prop_assert_eq!(last.battle(), Some(Battle::FlagCaptured));
        }
        Status::Won {
            winner,
            reason: WinReason::OpponentCannotMove,
        } => {
            prop_assert_eq!(rules.no_move, NoMoveRule::Loses);
            prop_assert!(!pos.has_legal_move(!winner), "the loser can move");
            prop_assert!(pos.has_legal_move(winner));
        }
        Status::Drawn { reason } => match reason {
            DrawReason::NoLegalMove(side) => {
                prop_assert_eq!(rules.no_move, NoMoveRule::Draw);
                prop_assert_eq!(side, pos.to_move());
                prop_assert!(!pos.has_legal_move(side));
            }
            DrawReason::NeitherCanMove => {
                prop_assert_eq!(rules.no_move, NoMoveRule::Loses);
                prop_assert!(!pos.has_legal_move(Side::Red) && !pos.has_legal_move(Side::Blue));
            }
            DrawReason::NoHope => {
                prop_assert!(rules.no_hope_draw);
                prop_assert!(no_hope::is_hopeless(pos));
            }
            DrawReason::PlyLimit => {
                prop_assert!(rules.max_plies.is_some_and(|m| pos.ply() >= m));
            }
            DrawReason::NoAttackLimit => {
                prop_assert!(
                    rules
                        .max_plies_without_attack
                        .is_some_and(|m| pos.plies_since_attack() >= m)
                );
            }
            DrawReason::Repetition => {
                return Err(fail("a bare Position never draws by repetition"));
            }
        },
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn games_end_under_ply_limit_consistently(
        rules in any_rules(),
        seeds in any::<(u64, u64, u64)>(),
    ) {
        let limit = rules.max_plies.ok_or_else(|| fail("a ply limit is set"))?;
        let mut pos = Position::start(&rules, seeds.0, seeds.1)
            .map_err(|e| fail(e.to_string()))?;
        let mut rng = Rng::new(seeds.2);
        check_status(&pos)?;
        while !pos.status().is_over() {
            prop_assert!(pos.ply() < limit, "the game goes on after {} plies", pos.ply());
            let moves = pos.legal_moves();
            prop_assert!(!moves.is_empty());
            let mv = moves[rng.below(moves.len() as u32) as usize];
            pos.play(mv).map_err(|e| fail(e.to_string()))?;
            check_status(&pos)?;
        }
        prop_assert!(pos.ply() <= limit);

        // The same through a Game, which adds the rules that need the history
        // (more-squares, repeated positions).
        let mut game = Game::from_position(Position::start(&rules, seeds.0, seeds.1)
            .map_err(|e| fail(e.to_string()))?);
        let mut rng = Rng::new(seeds.2 ^ 0x5555);
        loop {
            let moves = game.legal_moves();
            match game.status() {
                Status::Ongoing { .. } => {
                    prop_assert!(game.position().ply() < limit);
                    prop_assert!(!moves.is_empty(), "an ongoing game without a legal move:\n{}", game.position());
                    for mv in &moves {
                        prop_assert!(game.is_legal(*mv));
                    }
                    check_status(game.position())?;
                }
                Status::Drawn { reason: DrawReason::Repetition } => {
                    let n = rules.repetition_draw.ok_or_else(|| fail("repetition draw is off"))?;
                    prop_assert!(game.occurrences() >= u32::from(n));
                    break;
                }
                Status::Drawn { reason: DrawReason::NoLegalMove(_) | DrawReason::NeitherCanMove }
                | Status::Won { reason: WinReason::OpponentCannotMove, .. }
                    if rules.more_squares =>
                {
                    // The more-squares rule may have forbidden every move the
                    // board allows.
                    prop_assert!(moves.is_empty());
                    break;
                }
                _ => {
                    prop_assert!(moves.is_empty());
                    check_status(game.position())?;
                    break;
                }
            }
            let mv = moves[rng.below(moves.len() as u32) as usize];
            game.play(mv).map_err(|e| fail(format!("{mv} refused: {e}")))?;
        }
        prop_assert!(game.position().ply() <= limit);
    }
}
