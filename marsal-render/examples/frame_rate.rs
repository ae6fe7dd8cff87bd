//! How fast pictures are made: RGB frames per second of a classic board at
//! the default size from the side to move's view (as the Gymnasium
//! environment's `rgb_array` makes them), SVG documents per second, and the
//! time of an animated GIF of a 400-ply game.
//!
//! `cargo run --release -p marsal-render --example frame_rate`
//!
//! Rates are per second of this thread's CPU time (read from Linux's
//! `/proc/thread-self/schedstat`; elsewhere the wall clock), so that a busy
//! machine does not make them look slower than one core is.

use marsal::{Game, Position, Rng, Ruleset};
use marsal_render::{
    FrameTimes, Options, Painter, Picture, RgbImage, Viewpoint, animated_gif, svg,
};
use std::time::Instant;

/// This thread's CPU time so far, in seconds (the wall clock since the
/// first call where Linux's schedstat is missing).
fn cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map(|ns| ns as f64 / 1e9)
        .unwrap_or_else(|| START.get_or_init(Instant::now).elapsed().as_secs_f64())
}

/// A classic game of `plies` random moves (or fewer when it ends), and the
/// position after each.
fn game(plies: u32, seed: u64) -> (Game, Vec<Position>) {
    let mut game =
        Game::from_position(Position::start(&Ruleset::classic(), seed, seed + 1).unwrap());
    let mut rng = Rng::new(seed);
    let mut positions = vec![*game.position()];
    while game.position().ply() < plies && game.play_random(&mut rng).is_some() {
        positions.push(*game.position());
    }
    (game, positions)
}

fn main() {
    let options = Options::default();
    let (_, positions) = game(400, 1);
    let mut painter = Painter::new();
    let mut img = RgbImage::default();
    let mut rates = Vec::new();
    for _ in 0..5 {
        let start = cpu_seconds();
        let mut frames = 0u32;
        while cpu_seconds() - start < 1.0 {
            for pos in &positions {
                let viewer = Viewpoint::Side(pos.to_move());
                painter
                    .rgb_into(&Picture::of(pos, viewer), &options, &mut img)
                    .unwrap();
                frames += 1;
            }
        }
        rates.push(frames as f64 / (cpu_seconds() - start));
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "rgb frames ({}x{}, classic, side to move's view): median {:.0}/s (runs {:?})",
        img.width,
        img.height,
        rates[2],
        rates.iter().map(|r| r.round()).collect::<Vec<_>>()
    );

    let start = cpu_seconds();
    let mut bytes = 0;
    for pos in &positions {
        bytes += svg(&Picture::of(pos, Viewpoint::Referee), &options)
            .unwrap()
            .len();
    }
    let secs = cpu_seconds() - start;
    println!(
        "svg documents: {:.0}/s, {} bytes on average",
        positions.len() as f64 / secs,
        bytes / positions.len()
    );

    let mut plies = 0;
    let mut seed = 2;
    let mut long = game(400, seed).0;
    while long.position().ply() < 400 {
        seed += 1;
        long = game(400, seed).0;
        plies = long.position().ply();
    }
    plies = plies.max(long.position().ply());
    let (start, wall) = (cpu_seconds(), Instant::now());
    let gif = animated_gif(
        &long,
        Viewpoint::Referee,
        &options,
        0,
        plies,
        FrameTimes::default(),
    )
    .unwrap();
    println!(
        "animated gif of {plies} plies: {:.2} s of CPU ({:.2} s wall), {} bytes",
        cpu_seconds() - start,
        wall.elapsed().as_secs_f64(),
        gif.len()
    );
}
