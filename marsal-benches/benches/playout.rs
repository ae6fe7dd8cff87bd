//! Full random playouts with `Position` alone: from `Position::start(&rules,
//! seed, seed + 1)`, `while pos.play_random(&mut rng).is_some() {}` with
//! `rules.max_plies = Some(3000)` so that every game ends. One iteration plays
//! the same `GAMES` games (seeds 1..=GAMES), so the plies are fixed and the
//! throughput is in plies (random move generation, choice and play).
//!
//! `cargo bench -p marsal-benches --bench playout`

mod common;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use marsal::{Position, Rng, Ruleset};
use std::hint::black_box;

/// Games in one iteration.
const GAMES: u64 = 10;

/// Plays the games with seeds `1..=GAMES`; returns the plies played.
fn playouts(rules: &Ruleset) -> u64 {
    (1..=GAMES)
        .map(|seed| {
            let mut pos = Position::start(rules, seed, seed + 1).expect("a valid ruleset");
            let mut rng = Rng::new(seed);
            while pos.play_random(&mut rng).is_some() {}
            u64::from(pos.ply())
        })
        .sum()
}

fn playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    for (name, mut rules) in common::rulesets() {
        rules.max_plies = Some(3000);
        let plies = playouts(&rules);
        group.throughput(Throughput::Elements(plies));
        group.bench_with_input(BenchmarkId::from_parameter(name), &rules, |b, rules| {
            b.iter(|| playouts(black_box(rules)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion(3);
    targets = playout
}
criterion_main!(benches);
