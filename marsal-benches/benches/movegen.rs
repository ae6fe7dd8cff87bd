//! Legal-move generation: `Position::legal_moves` (the list) and
//! `Position::legal_move_count` (counting only) in fixed opening, middle-game
//! and end-game positions of each preset and of the 8 x 8 quick battle
//! (`benches/common/mod.rs` has the positions).
//!
//! `cargo bench -p marsal-benches --bench movegen` (add a filter to run some:
//! `cargo bench -p marsal-benches --bench movegen -- classic/middle`).
//! Throughput is in legal moves generated.

mod common;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn movegen(c: &mut Criterion) {
    for (name, rules) in common::rulesets() {
        for (phase, phase_name) in common::PHASES.iter().enumerate() {
            let pos = common::position(name, &rules, phase);
            let moves = pos.legal_moves().len() as u64;
            let id = format!("{name}/{phase_name}");
            let mut group = c.benchmark_group("legal_moves");
            group.throughput(Throughput::Elements(moves));
            group.bench_with_input(BenchmarkId::from_parameter(&id), &pos, |b, pos| {
                b.iter(|| black_box(pos).legal_moves())
            });
            group.finish();
            let mut group = c.benchmark_group("legal_move_count");
            group.throughput(Throughput::Elements(moves));
            group.bench_with_input(BenchmarkId::from_parameter(&id), &pos, |b, pos| {
                b.iter(|| black_box(pos).legal_move_count())
            });
            group.finish();
        }
    }
}

criterion_group! {
    name = benches;
    config = common::criterion(2);
    targets = movegen
}
criterion_main!(benches);
