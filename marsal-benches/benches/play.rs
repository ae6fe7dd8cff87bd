//! Playing moves in the fixed middle-game positions (`benches/common/mod.rs`)
//! of each preset and of the 8 x 8 quick battle, one iteration over all legal
//! moves of the position:
//!
//! - `game_play_undo`: `Game::play(mv)` then `Game::undo()` for each of
//!   `Game::legal_moves()` (`Game::play` also applies the more-squares rule where
//!   the ruleset has it, which generates the next position's moves);
//! - `copy_make`: `let mut p = pos; p.play(mv)` for each of
//!   `Position::legal_moves()`.
//!
//! `cargo bench -p marsal-benches --bench play`. Throughput is in moves played.

mod common;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use marsal::Game;
use std::hint::black_box;

/// The index of the middle-game position in `common::PHASES`.
const MIDDLE: usize = 1;

fn play(c: &mut Criterion) {
    for (name, rules) in common::rulesets() {
        let pos = common::position(name, &rules, MIDDLE);

        let mut game = Game::from_position(pos);
        let moves = game.legal_moves();
        let mut group = c.benchmark_group("game_play_undo");
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| {
                for &mv in moves.iter() {
                    black_box(game.play(mv).expect("a legal move"));
                    black_box(game.undo().expect("a move to undo"));
                }
            })
        });
        group.finish();

        let moves = pos.legal_moves();
        let mut group = c.benchmark_group("copy_make");
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| {
                for &mv in moves.iter() {
                    let mut p = *black_box(&pos);
                    black_box(p.play(mv).expect("a legal move"));
                    black_box(&p);
                }
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::criterion(2);
    targets = play
}
criterion_main!(benches);
