//! The cost of the repeated-position draw on long
//! attack-free games. Plays 100,000 random plies on a classic board where no
//! attack is possible, with `repetition_draw` set (255, so that it never ends
//! the game) and without it, and prints both rates (the best of five runs each) and their ratio.
//!
//! Then times loading a Game JSON of that many moves.
//!
//! `cargo run --release --example repetition_cost [plies]`

use marsal::{Game, Position, Rng, Ruleset};
use std::time::Instant;

const QUIET: &str = "nssssssssf/jjccgmnnnn/rllllkkkkj/......yrrr/bb~~bb~~bb/\
                     BB~~BB~~BB/RRRY....../JKKKKLLLLR/NNNNMGCCJJ/FSSSSSSSSN r";

fn run(repetition: Option<u8>, plies: u32) -> (u32, f64) {
    let mut r = Ruleset::classic();
    r.two_square = None;
    r.more_squares = false;
    r.repetition_draw = repetition;
    let mut game = Game::from_position(Position::from_text(&r, QUIET).expect("the quiet board"));
    let mut rng = Rng::new(7);
    let t = Instant::now();
    let mut played = 0;
    while played < plies && game.play_random(&mut rng).is_some() {
        played += 1;
    }
    (played, t.elapsed().as_secs_f64())
}

fn main() {
    let plies: u32 = std::env::args()
        .nth(1)
        .map_or(100_000, |a| a.parse().expect("a number of plies"));
    // The best of five runs each, alternating (a shared machine is noisy).
    let (mut n0, mut t0, mut n1, mut t1) = (0, f64::MAX, 0, f64::MAX);
    for _ in 0..5 {
        let (n, t) = run(None, plies);
        (n0, t0) = (n, t0.min(t));
        let (n, t) = run(Some(255), plies);
        (n1, t1) = (n, t1.min(t));
    }
    println!(
        "without repetition_draw: {n0} plies in {t0:.3} s ({:.0} plies/s)",
        f64::from(n0) / t0
    );
    println!(
        "with repetition_draw=255: {n1} plies in {t1:.3} s ({:.0} plies/s)",
        f64::from(n1) / t1
    );
    println!("ratio with/without: {:.2}", t1 / t0);

    // Loading a Game JSON replays (and re-checks) every move, the
    // repeated-position draw included.
    let mut r = Ruleset::classic();
    r.two_square = None;
    r.more_squares = false;
    r.repetition_draw = Some(255);
    let mut game = Game::from_position(Position::from_text(&r, QUIET).expect("the quiet board"));
    let mut rng = Rng::new(7);
    for _ in 0..plies {
        if game.play_random(&mut rng).is_none() {
            break;
        }
    }
    let json = serde_json::to_string(&game).expect("JSON");
    let t = Instant::now();
    let back: Game = serde_json::from_str(&json).expect("the JSON loads");
    println!(
        "loading a {}-move Game JSON with repetition_draw=255: {:.3} s",
        back.moves().count(),
        t.elapsed().as_secs_f64()
    );
}
