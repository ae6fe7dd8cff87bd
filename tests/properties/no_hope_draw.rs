//! The no-hope draw.

use super::*;

/// Whether `side` can ever reach the enemy Flag, computed straight from `docs/rules.md`
/// ("Draw — no hope") by iterating a reachable-set over the squares to a fixpoint.
/// Pieces that move are kept apart by whether they are Miners: a Miner may enter
/// an enemy Mine's square (orthogonally), other pieces may not.
pub(crate) fn reference_can_reach_flag(pos: &Position, side: Side) -> bool {
    let rules = pos.rules();
    let enemy = !side;
    let mut enemy_flag = None;
    let mut enemy_has_miner = false;
    let mut own_has_miner = false;
    for sq in grid() {
        match pos.piece_at(sq) {
            Some(p) if p.side == enemy && p.kind == PieceKind::Flag => enemy_flag = Some(sq),
            Some(p) if p.side == enemy && p.kind == PieceKind::Miner => enemy_has_miner = true,
            Some(p) if p.side == side && p.kind == PieceKind::Miner => own_has_miner = true,
            _ => {}
        }
    }
    // Under the corner rule a diagonal step needs a square beside it that may
    // some day be empty: on the board, no Flag, no Mine that no Miner is left
    // to clear.
    let may_empty = |s: Option<Square>| {
        s.is_some_and(|s| {
            on_board(rules, s)
                && match pos.piece_at(s) {
                    None => true,
                    Some(p) => match p.kind {
                        PieceKind::Flag => false,
                        PieceKind::Mine | PieceKind::Bomb if p.side == side => enemy_has_miner,
                        PieceKind::Mine | PieceKind::Bomb => own_has_miner,
                        _ => true,
                    },
                }
        })
    };
    let Some(flag) = enemy_flag else {
        return false;
    };
    let mut dirs: Vec<(i8, i8, bool)> = ORTHOGONAL.iter().map(|&(f, r)| (f, r, true)).collect();
    if rules.diagonal_steps {
        dirs.extend(DIAGONAL.iter().map(|&(f, r)| (f, r, false)));
    }
    for miner in [false, true] {
        let mut reached = [false; marsal::GRID_SQUARES];
        for sq in grid() {
            if let Some(p) = pos.piece_at(sq) {
                if p.side == side && p.kind.is_movable() && (p.kind == PieceKind::Miner) == miner {
                    reached[sq.grid_index()] = true;
                }
            }
        }
        loop {
            let mut changed = false;
            for sq in grid() {
                if !reached[sq.grid_index()] {
                    continue;
                }
                for &(df, dr, orthogonal) in &dirs {
                    let Some(to) = offset(sq, df, dr) else {
                        continue;
                    };
                    if !orthogonal
                        && rules.corner_rule
                        && !may_empty(offset(sq, 0, dr))
                        && !may_empty(offset(sq, df, 0))
                    {
                        continue; // a corner closed for ever
                    }
                    if !on_board(rules, to) {
                        continue; // lakes and squares off the board block for ever
                    }
                    if to == flag {
                        if orthogonal {
                            return true; // the attack on the Flag
                        }
                        continue;
                    }
                    let enter = match pos.piece_at(to) {
                        None => true,
                        Some(p) if p.side == side => match p.kind {
                            PieceKind::Flag => false,
                            PieceKind::Mine | PieceKind::Bomb => enemy_has_miner,
                            _ => true,
                        },
                        Some(p) => match p.kind {
                            PieceKind::Mine | PieceKind::Bomb => miner && orthogonal,
                            _ => true,
                        },
                    };
                    if enter && !reached[to.grid_index()] {
                        reached[to.grid_index()] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }
    false
}

/// A small board (4x4 .. 6x6) with lakes, holes, random Mines and Bombs, a few
/// movable pieces and both Flags, often walled in; the armies are exactly the
/// pieces on the board. Returns the ruleset and the position text.
pub(crate) fn no_hope_board(files: u8, ranks: u8, seed: u64) -> (Ruleset, String) {
    #[derive(Clone, Copy, PartialEq)]
    enum Cell {
        Off,
        Lake,
        Empty,
        Piece(Side, PieceKind),
    }
    let mut rng = Rng::new(seed);
    let miners = [chance(&mut rng, 50), chance(&mut rng, 50)];
    let mine_rate = 5 + rng.below(25);
    let mover_rate = 3 + rng.below(10);
    let mut cells = vec![vec![Cell::Empty; files as usize]; ranks as usize];
    for row in cells.iter_mut() {
        for cell in row.iter_mut() {
            let roll = rng.below(100);
            let side = if chance(&mut rng, 50) {
                Side::Red
            } else {
                Side::Blue
            };
            *cell = if roll < 8 {
                Cell::Lake
            } else if roll < 12 {
                Cell::Off
            } else if roll < 12 + mine_rate {
                let kind = if chance(&mut rng, 50) {
                    PieceKind::Mine
                } else {
                    PieceKind::Bomb
                };
                Cell::Piece(side, kind)
            } else if roll < 12 + mine_rate + mover_rate {
                let kinds = [
                    PieceKind::Marshal,
                    PieceKind::General,
                    PieceKind::Captain,
                    PieceKind::Sergeant,
                    PieceKind::Scout,
                    PieceKind::Spy,
                    PieceKind::Miner,
                    PieceKind::Miner,
                ];
                let mut kind = kinds[rng.below(kinds.len() as u32) as usize];
                if kind == PieceKind::Miner && !miners[side.index()] {
                    kind = PieceKind::Scout;
                }
                Cell::Piece(side, kind)
            } else {
                Cell::Empty
            };
        }
    }
    let squares = u32::from(files) * u32::from(ranks);
    let red_flag = rng.below(squares);
    let blue_flag = (red_flag + 1 + rng.below(squares - 1)) % squares;
    for (side, at) in [(Side::Red, red_flag), (Side::Blue, blue_flag)] {
        let (f, r) = (at % u32::from(files), at / u32::from(files));
        cells[r as usize][f as usize] = Cell::Piece(side, PieceKind::Flag);
        if chance(&mut rng, 50) {
            // Wall the Flag in with Mines (of either side) or lakes.
            for (df, dr) in ORTHOGONAL.iter().chain(DIAGONAL.iter()) {
                let (nf, nr) = (f as i32 + i32::from(*df), r as i32 + i32::from(*dr));
                if nf < 0 || nr < 0 || nf >= i32::from(files) || nr >= i32::from(ranks) {
                    continue;
                }
                let cell = &mut cells[nr as usize][nf as usize];
                if matches!(cell, Cell::Piece(_, PieceKind::Flag)) {
                    continue;
                }
                *cell = match rng.below(10) {
                    0 => Cell::Lake,
                    1 => Cell::Empty,
                    2..=5 => Cell::Piece(side, PieceKind::Mine),
                    _ => Cell::Piece(!side, PieceKind::Bomb),
                };
            }
        }
    }
    let mut armies = [Army::EMPTY; 2];
    for row in &cells {
        for cell in row {
            if let Cell::Piece(side, kind) = *cell {
                let a = &mut armies[side.index()];
                *a = a.with(kind, a.count(kind) + 1);
            }
        }
    }
    // Zones: Red gets the first playable squares, Blue the next ones (enough for
    // the armies; every piece stands on a playable square, so there is room).
    let mut red_left = armies[0].total();
    let mut blue_left = armies[1].total();
    let mut diagram = Vec::new();
    let mut text_rows = Vec::new();
    for (r, row) in cells.iter().enumerate().rev() {
        let _ = r;
        let mut d = String::new();
        let mut t = String::new();
        for cell in row {
            match *cell {
                Cell::Off => {
                    d.push('#');
                    t.push('#');
                }
                Cell::Lake => {
                    d.push('~');
                    t.push('~');
                }
                Cell::Empty | Cell::Piece(..) => {
                    if red_left > 0 {
                        d.push('R');
                        red_left -= 1;
                    } else if blue_left > 0 {
                        d.push('B');
                        blue_left -= 1;
                    } else {
                        d.push('.');
                    }
                    t.push(match *cell {
                        Cell::Piece(side, kind) => Piece::new(side, kind).letter(),
                        _ => '.',
                    });
                }
            }
        }
        diagram.push(d);
        text_rows.push(t);
    }
    let rules = Ruleset {
        board: Geometry::from_diagram(&diagram).expect("generated diagram"),
        armies,
        strengths: Strengths::classic(),
        diagonal_steps: chance(&mut rng, 50),
        no_move: if chance(&mut rng, 50) {
            NoMoveRule::Draw
        } else {
            NoMoveRule::Loses
        },
        no_hope_draw: true,
        max_plies: Some(60),
        corner_rule: chance(&mut rng, 50),
        ..Ruleset::classic()
    };
    let to_move = if chance(&mut rng, 50) { 'r' } else { 'b' };
    (rules, format!("{} {to_move}", text_rows.join("/")))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn no_hope_draw_is_sound(
        files in 4u8..=6,
        ranks in 4u8..=6,
        seed in any::<u64>(),
        playouts in prop::collection::vec(any::<u64>(), 1..4),
    ) {
        let (rules, text) = no_hope_board(files, ranks, seed);
        prop_assert!(rules.validate().is_ok(), "{:?}", rules.validate());
        let pos = Position::from_text(&rules, &text)
            .map_err(|e| fail(format!("{text}: {e}")))?;
        let reach = [Side::Red, Side::Blue].map(|side| no_hope::can_reach_flag(&pos, side));
        for side in Side::BOTH {
            prop_assert_eq!(
                reach[side.index()],
                reference_can_reach_flag(&pos, side),
                "can_reach_flag({}) in\n{}", side, pos
            );
        }
        let hopeless = !reach[0] && !reach[1];
        prop_assert_eq!(no_hope::is_hopeless(&pos), hopeless);
        match pos.status() {
            Status::Drawn { reason: DrawReason::NoHope } => prop_assert!(hopeless),
            Status::Ongoing { .. } => prop_assert!(!hopeless, "hopeless but ongoing:\n{}", pos),
            _ => {}
        }
        // Soundness against play: a side that cannot reach the enemy Flag never
        // captures it, and never gets its hope back.
        let mut open = rules;
        open.no_hope_draw = false;
        let start = Position::from_text(&open, &text).map_err(|e| fail(e.to_string()))?;
        for seed in playouts {
            let mut rng = Rng::new(seed);
            let mut p = start;
            while !p.status().is_over() {
                let moves = p.legal_moves();
                let mv = moves[rng.below(moves.len() as u32) as usize];
                let out = p.play(mv).map_err(|e| fail(e.to_string()))?;
                for side in Side::BOTH {
                    let now = no_hope::can_reach_flag(&p, side);
                    // (Once a Flag is taken the game is over, and the square
                    // it blocked for ever is free: no more hope to check.)
                    let over = out.battle() == Some(Battle::FlagCaptured);
                    if !reach[side.index()] {
                        prop_assert!(over || !now, "{} got its hope back after {}:\n{}", side, mv, p);
                        prop_assert!(
                            !(out.side == side && out.battle() == Some(Battle::FlagCaptured)),
                            "{} captured the Flag it could never reach:\n{}\n{}", side, text, p
                        );
                    }
                    prop_assert_eq!(now, reference_can_reach_flag(&p, side));
                }
            }
        }
    }
}
