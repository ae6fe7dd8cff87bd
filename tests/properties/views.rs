//! Views.

use super::*;

/// The character index of `sq` in the position text of `rules`' board.
fn text_index(rules: &Ruleset, sq: Square) -> usize {
    let g = &rules.board;
    (g.ranks - 1 - sq.rank()) as usize * (g.files as usize + 1) + sq.file() as usize
}

/// Whether a status is one that the rules compute from hidden facts (where the
/// Mines and Flags stand, which pieces can move): shuffling unknown enemy pieces
/// may change it (and, as these checks come first, hide a ply-limit draw), and
/// it is public all the same.
fn depends_on_hidden_pieces(s: Status) -> bool {
    matches!(
        s,
        Status::Ongoing { .. }
            | Status::Drawn {
                reason: DrawReason::NoHope
                    | DrawReason::NoLegalMove(_)
                    | DrawReason::NeitherCanMove,
            }
            | Status::Won {
                reason: WinReason::OpponentCannotMove,
                ..
            }
    )
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn view_reveals_nothing_unrevealed(
        case in cases(150),
        red_views in any::<bool>(),
        swaps in prop::collection::vec((any::<usize>(), any::<usize>()), 0..40),
    ) {
        use marsal::SquareView;
        let pos = case.walk(|_, _, _, _| Ok(()))?;
        let viewer = if red_views { Side::Red } else { Side::Blue };
        let view = pos.view(viewer);
        let json = serde_json::to_value(pos).map_err(|e| fail(e.to_string()))?;
        let back: Position = serde_json::from_value(json.clone()).map_err(|e| fail(e.to_string()))?;
        prop_assert_eq!(&back, &pos, "serde round trip");
        prop_assert_eq!(&back.view(viewer), &view);

        // The viewer's enemies and what the viewer knows of each.
        let mut enemies = Vec::new();
        for (sq, kind) in pos.pieces(!viewer) {
            match view.at(sq) {
                SquareView::Enemy { possible } => {
                    prop_assert!(possible.contains(kind), "the view excludes the true kind");
                    enemies.push((sq, kind, possible));
                }
                other => return Err(fail(format!("enemy piece on {sq} shown as {other:?}"))),
            }
        }
        // Swap the kinds of two enemy pieces whenever each may, as far as the
        // viewer knows, be the other's kind.
        let mut kinds: Vec<PieceKind> = enemies.iter().map(|e| e.1).collect();
        if !enemies.is_empty() {
            for (a, b) in swaps {
                let (i, j) = (a % enemies.len(), b % enemies.len());
                if enemies[i].2.contains(kinds[j]) && enemies[j].2.contains(kinds[i]) {
                    kinds.swap(i, j);
                }
            }
        }
        let mut board: Vec<char> = json["board"]
            .as_str()
            .ok_or_else(|| fail("board text"))?
            .chars()
            .collect();
        for (e, kind) in enemies.iter().zip(&kinds) {
            board[text_index(&case.rules, e.0)] = Piece::new(!viewer, *kind).letter();
        }
        let mut json = json;
        json["board"] = serde_json::Value::String(board.into_iter().collect());
        let shuffled: Position = serde_json::from_value(json)
            .map_err(|e| fail(format!("the shuffled position is refused: {e}")))?;
        for (e, kind) in enemies.iter().zip(&kinds) {
            prop_assert_eq!(shuffled.piece_at(e.0), Some(Piece::new(!viewer, *kind)));
        }
        let other = shuffled.view(viewer);
        if other.status() == view.status() {
            prop_assert_eq!(&other, &view, "the view tells the shuffled positions apart");
        } else {
            // A status computed from hidden facts takes precedence over the ply
            // limits, so one of the two must be such a status; a captured Flag
            // is public and never differs.
            prop_assert!(
                depends_on_hidden_pieces(view.status()) || depends_on_hidden_pieces(other.status()),
                "status {} vs {}", view.status(), other.status()
            );
            for s in [view.status(), other.status()] {
                prop_assert!(
                    !matches!(s, Status::Won { reason: WinReason::FlagCaptured, .. }),
                    "status {} vs {}", view.status(), other.status()
                );
            }
            prop_assert_eq!(other.side(), view.side());
            prop_assert_eq!(other.ply(), view.ply());
            prop_assert_eq!(other.plies_since_attack(), view.plies_since_attack());
            prop_assert_eq!(other.size(), view.size());
            prop_assert_eq!(other.last(), view.last());
            for side in Side::BOTH {
                prop_assert_eq!(other.remaining(side), view.remaining(side));
            }
            prop_assert!(other.squares().eq(view.squares()), "the squares differ");
        }
    }
}
