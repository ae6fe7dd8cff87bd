//! The observation tensor written straight from a position
//! (`ObservationSpace::write_position`) is the tensor of the side's `View`
//! (`ObservationSpace::write`), in both element types, on random games of
//! every preset; and, like the view, it depends on nothing the side does not
//! know.

use crate::common::presets;
use marsal::encoding::{ObservationSpace, ObservationValue, channel};
use marsal::{Game, KindSet, Position, Rng, Ruleset, Side, Square, SquareView, View};

/// The rulesets to check: the presets and, with `serde`, the custom rulesets
/// of `examples/rulesets/` (another board size).
fn rulesets() -> Vec<Ruleset> {
    #[allow(unused_mut)]
    let mut all: Vec<Ruleset> = presets().iter().map(|(_, r)| *r).collect();
    #[cfg(feature = "serde")]
    {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rulesets");
        for entry in std::fs::read_dir(&dir).expect("examples/rulesets") {
            let text = std::fs::read_to_string(entry.expect("an entry").path()).expect("a file");
            all.push(serde_json::from_str(&text).expect("a ruleset"));
        }
    }
    all
}

/// Both tensors of `side` in `pos`, of element type `T`.
fn both<T: ObservationValue + Default>(
    space: &ObservationSpace,
    pos: &Position,
    side: Side,
) -> (Vec<T>, Vec<T>) {
    let mut from_view = vec![T::default(); space.size()];
    // Garbage first: every value must be written.
    let mut direct = vec![T::ONE; space.size()];
    space.write(&pos.view(side), &mut from_view);
    space.write_position(pos, side, &mut direct);
    (from_view, direct)
}

/// Rule (one definition of what a side knows): on every position of random
/// games, for both sides, the tensor written from the position is the
/// tensor of the side's view, as `f32` and as `u8`.
#[test]
fn observation_from_the_position_is_the_observation_of_the_view() {
    let mut positions = 0;
    for rules in rulesets() {
        let space = ObservationSpace::new(&rules);
        for seed in 0..12u64 {
            let mut pos = Position::start(&rules, seed, seed + 50).expect("a start");
            let mut rng = Rng::new(seed);
            for _ in 0..600 {
                for side in Side::BOTH {
                    let (a, b) = both::<f32>(&space, &pos, side);
                    assert!(a == b, "f32, ply {} of seed {seed}, {side}", pos.ply());
                    let (a, b) = both::<u8>(&space, &pos, side);
                    assert!(a == b, "u8, ply {} of seed {seed}, {side}", pos.ply());
                }
                positions += 1;
                if pos.play_random(&mut rng).is_none() {
                    break;
                }
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
}

/// Rule (hidden information): two games that differ only in pieces hidden
/// from a side give that side the same observation, written from either
/// position.
#[test]
fn observation_from_the_position_shows_nothing_hidden() {
    let mut differing = 0;
    for (_, rules) in presets() {
        let space = ObservationSpace::new(&rules);
        for seed in 0..10u64 {
            let pos = Position::start(&rules, seed, seed + 7).expect("a start");
            let mut game = Game::from_position(pos);
            let mut rng = Rng::new(seed + 1);
            for _ in 0..(seed * 37) {
                if game.play_random(&mut rng).is_none() {
                    break;
                }
            }
            for side in Side::BOTH {
                let other = game.determinize(side, &mut Rng::new(seed + 99));
                assert_eq!(other.view(side), game.view(side));
                if other.position() != game.position() {
                    differing += 1;
                }
                let (_, a) = both::<u8>(&space, game.position(), side);
                let (_, b) = both::<u8>(&space, other.position(), side);
                assert!(a == b, "u8, seed {seed}, {side}");
                let (_, a) = both::<f32>(&space, game.position(), side);
                let (_, b) = both::<f32>(&space, other.position(), side);
                assert!(a == b, "f32, seed {seed}, {side}");
            }
        }
    }
    assert!(
        differing >= 40,
        "the hidden pieces differ in most games: {differing}"
    );
}

/// The statement planes of `view` value by value, from their definitions
/// (see `marsal::encoding::channel`): the reference the fast writers are
/// checked against.
fn reference(view: &View) -> Vec<f32> {
    let (files, ranks) = view.size();
    let n = files as usize * ranks as usize;
    let mut out = vec![0.0; channel::PLY * n];
    let last = view.last().map(|o| o.mv);
    for r in 0..ranks {
        for f in 0..files {
            let sq = match view.side() {
                Side::Red => Square::new(f, r),
                Side::Blue => Square::new(files - 1 - f, ranks - 1 - r),
            }
            .expect("a square of the grid");
            let v = view.at(sq);
            let known = |k: KindSet| {
                (
                    k.len() == 1,
                    !k.is_empty() && k.intersection(KindSet::MOVABLE) == k,
                )
            };
            let mut on = Vec::new();
            match v {
                SquareView::OffBoard => on.push(channel::OFF_BOARD),
                SquareView::Lake => on.push(channel::LAKE),
                SquareView::Empty => on.push(channel::EMPTY),
                SquareView::Own {
                    kind,
                    known_to_opponent,
                } => {
                    on.push(channel::OWN + kind.index());
                    let (revealed, movable) = known(known_to_opponent);
                    if revealed {
                        on.push(channel::OWN_REVEALED);
                    }
                    if movable {
                        on.push(channel::OWN_KNOWN_MOVABLE);
                    }
                }
                SquareView::Enemy { possible } => {
                    on.extend(possible.iter().map(|k| channel::ENEMY + k.index()));
                    let (revealed, movable) = known(possible);
                    if revealed {
                        on.push(channel::ENEMY_REVEALED);
                    }
                    if movable {
                        on.push(channel::ENEMY_KNOWN_MOVABLE);
                    }
                }
            }
            if last.is_some_and(|m| m.from == sq) {
                on.push(channel::LAST_FROM);
            }
            if last.is_some_and(|m| m.to == sq) {
                on.push(channel::LAST_TO);
            }
            for c in on {
                out[c * n + r as usize * files as usize + f as usize] = 1.0;
            }
        }
    }
    out
}

/// Rule (the channels' definitions): every statement plane of the tensor,
/// value by value, as `f32` and `u8`, from the view and from the position, is
/// what `channel` says of the view, on random games of every ruleset.
#[test]
fn observation_planes_say_what_the_view_shows() {
    for rules in rulesets() {
        let space = ObservationSpace::new(&rules);
        let statements = space.size() / channel::COUNT * channel::PLY;
        for seed in 0..4u64 {
            let mut pos = Position::start(&rules, seed + 3, seed + 90).expect("a start");
            let mut rng = Rng::new(seed + 5);
            for _ in 0..400 {
                for side in Side::BOTH {
                    let want = reference(&pos.view(side));
                    let (a, b) = both::<f32>(&space, &pos, side);
                    assert!(a[..statements] == want[..], "f32, seed {seed}, {side}");
                    assert!(b[..statements] == want[..], "f32, seed {seed}, {side}");
                    let (a, b) = both::<u8>(&space, &pos, side);
                    let as_f32 = |x: &[u8]| x.iter().map(|&x| f32::from(x)).collect::<Vec<_>>();
                    assert!(as_f32(&a[..statements]) == want, "u8, seed {seed}, {side}");
                    assert!(as_f32(&b[..statements]) == want, "u8, seed {seed}, {side}");
                }
                if pos.play_random(&mut rng).is_none() {
                    break;
                }
            }
        }
    }
}
