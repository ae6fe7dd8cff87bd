//! Scout moves square by square in arbitrary sparse positions, and every other
//! legal move against the reference move generator, after every step; perft to
//! depth 2 against copy-make.
#![no_main]

#[path = "common/mod.rs"]
mod common;

use arbitrary::Unstructured;
use common::{Cell, cell, cell_at, sq};
use libfuzzer_sys::fuzz_target;
use marsal::{Move, PieceKind, Position, Square};
use std::collections::BTreeSet;

fn check_scouts(pos: &Position, chains: &common::Chains) {
    let legal: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
    // The counted moves and the random draw (bitboards) agree with the list.
    assert_eq!(pos.legal_move_count(), legal.len(), "legal_move_count");
    let mut rng = marsal::Rng::new(legal.len() as u64 ^ u64::from(pos.ply()));
    match pos.random_legal_move(&mut rng) {
        Some(mv) => assert!(legal.contains(&mv), "random_legal_move drew {mv}"),
        None => assert!(legal.is_empty(), "random_legal_move drew nothing"),
    }
    // Perft (children made and unmade in place, the Scouts' long moves reused
    // between siblings) against copy-make with the counted moves.
    let two: u64 = legal
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play(mv).expect("a listed move is legal");
            child.legal_move_count() as u64
        })
        .sum();
    assert_eq!(pos.perft(2), two, "perft(2)");
    if pos.status().is_over() {
        return;
    }
    let side = pos.to_move();
    // Every legal Scout move, square by square.
    for mv in &legal {
        let piece = pos.piece_at(mv.from).expect("a piece on the source");
        assert_eq!(piece.side, side);
        if piece.kind != PieceKind::Scout {
            continue;
        }
        let (df, dr) = (
            i32::from(mv.to.file()) - i32::from(mv.from.file()),
            i32::from(mv.to.rank()) - i32::from(mv.from.rank()),
        );
        let diagonal_step = df.abs() == 1 && dr.abs() == 1;
        if diagonal_step {
            assert!(pos.rules().diagonal_steps, "diagonal Scout step {mv}");
            assert_eq!(
                cell(pos, mv.to),
                Cell::Empty,
                "diagonal Scout move onto a piece {mv}"
            );
            continue;
        }
        assert!(
            df == 0 || dr == 0,
            "Scout move {mv} not along a rank or file"
        );
        let n = df.abs().max(dr.abs());
        assert!(n >= 1);
        let (sf, sr) = (df.signum(), dr.signum());
        for k in 1..n {
            let c = cell_at(
                pos,
                i32::from(mv.from.file()) + sf * k,
                i32::from(mv.from.rank()) + sr * k,
            );
            assert_eq!(
                c,
                Cell::Empty,
                "Scout move {mv} passes a non-empty square at step {k}"
            );
        }
        match cell(pos, mv.to) {
            Cell::Empty => {}
            Cell::Piece(p) => assert_ne!(p.side, side, "Scout move {mv} onto its own piece"),
            other => panic!("Scout move {mv} onto {other:?}"),
        }
    }
    // Conversely: walking each direction from each Scout.
    for (from, kind) in pos.pieces(side) {
        if kind != PieceKind::Scout {
            continue;
        }
        let (f, r) = (i32::from(from.file()), i32::from(from.rank()));
        for (df, dr) in common::ORTHO {
            let mut k = 1;
            loop {
                let (tf, tr) = (f + df * k, r + dr * k);
                match cell_at(pos, tf, tr) {
                    Cell::Empty => {
                        let mv = Move::new(from, sq(tf, tr));
                        if !chains.forbids(side, mv, pos.rules().two_square) {
                            assert!(legal.contains(&mv), "missing Scout move {mv}");
                            assert!(pos.is_legal(mv));
                        }
                        k += 1;
                    }
                    Cell::Piece(p) if p.side != side => {
                        let mv = Move::new(from, sq(tf, tr));
                        if !chains.forbids(side, mv, pos.rules().two_square) {
                            assert!(legal.contains(&mv), "missing Scout attack {mv}");
                        }
                        break;
                    }
                    _ => break,
                }
            }
        }
        // Every target on the grid: legal exactly when the reference says so.
        for to in Square::all() {
            let mv = Move::new(from, to);
            let ok = pos.is_legal(mv);
            assert_eq!(
                ok,
                legal.contains(&mv),
                "is_legal({mv}) = {ok}: {:?}",
                pos.check_move(mv)
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(rules) = common::ruleset(&mut u) else {
        return;
    };
    let Ok(Some((mut pos, _))) = common::sparse_position(&mut u, &rules, Some(PieceKind::Scout))
    else {
        return;
    };
    let mut chains = common::Chains::default();
    common::check_position(&pos, &chains);
    check_scouts(&pos, &chains);
    // Play a few moves chosen by index, checking after every one.
    for _ in 0..32 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let Ok(i) = u.choose_index(moves.len()) else {
            break;
        };
        let before = pos;
        pos.play(moves[i]).expect("a listed move is legal");
        chains.record(before.to_move(), moves[i], &pos);
        assert_ne!(pos.ply(), before.ply());
        common::check_position(&pos, &chains);
        check_scouts(&pos, &chains);
    }
});
