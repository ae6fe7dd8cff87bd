//! Writes the pictures of the README into a folder (default `docs/images`):
//! a position of each preset as PNG and a short Barrage game as an animated
//! GIF.
//!
//! `cargo run --release -p marsal-render --example pictures -- docs/images`

use marsal::{Game, Position, Rng, Ruleset, Side};
use marsal_render::{FrameTimes, Options, Painter, Picture, Viewpoint, animated_gif};
use std::path::PathBuf;

/// A game from seeded setups played at random until the first fight at or
/// after `min_ply`.
fn game_with_fight(rules: &Ruleset, seed: u64, min_ply: u32) -> Game {
    let mut game = Game::from_position(Position::start(rules, seed, seed + 1).expect("setups fit"));
    let mut rng = Rng::new(seed);
    while game.play_random(&mut rng).is_some() {
        let fought = game.outcomes().last().is_some_and(|o| o.is_attack());
        if game.position().ply() >= min_ply && fought {
            break;
        }
    }
    game
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "docs/images".into()),
    );
    std::fs::create_dir_all(&dir)?;
    let options = Options {
        square: 32,
        ..Options::default()
    };
    let mut painter = Painter::new();
    let shots = [
        (
            "marsal_a_spion",
            Ruleset::marsal_a_spion(),
            Viewpoint::Side(Side::Red),
        ),
        ("classic", Ruleset::classic(), Viewpoint::Side(Side::Blue)),
        ("barrage", Ruleset::barrage(), Viewpoint::Referee),
    ];
    for (name, rules, viewpoint) in shots {
        let game = game_with_fight(&rules, 11, 60);
        let png = painter.png(&Picture::of_game(&game, viewpoint), &options)?;
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, &png)?;
        println!("{} ({} bytes)", path.display(), png.len());
    }
    let game = game_with_fight(&Ruleset::barrage(), 3, 40);
    let plies = game.position().ply();
    let gif = animated_gif(
        &game,
        Viewpoint::Referee,
        &options,
        0,
        plies,
        FrameTimes::default(),
    )?;
    let path = dir.join("barrage.gif");
    std::fs::write(&path, &gif)?;
    println!("{} ({} bytes, {plies} plies)", path.display(), gif.len());
    Ok(())
}
