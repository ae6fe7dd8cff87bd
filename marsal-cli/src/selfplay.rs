//! `marsal selfplay`: two built-in bots play a full game and the board is
//! printed.
//!
//! Red is the *careful* bot: it takes every capture it knows it wins (judging
//! only from its own view), never makes an attack it knows it loses, and
//! otherwise moves at random. Blue moves at random. Both see only their own
//! [`View`](marsal::View).

use crate::bots::Builtin;
use crate::words::{self, count, side_name};
use marsal::{Game, Rng, Setup, Side};

/// Runs `marsal selfplay`.
pub fn run(ruleset: &str, seed: u64, every: u32, quiet: bool) -> Result<(), String> {
    let (rules, _) = crate::load_ruleset(ruleset)?;
    let red = Setup::random(&rules, Side::Red, seed.wrapping_mul(2));
    let blue = Setup::random(&rules, Side::Blue, seed.wrapping_mul(2).wrapping_add(1));
    let mut game =
        Game::new(&rules, &red, &blue).map_err(|e| format!("cannot start the game: {e}"))?;
    let mut rng = Rng::new(seed ^ 0x5eed);
    let bots = [Builtin::Careful, Builtin::Random];
    crate::outln!(
        "Ruleset {ruleset}, seed {seed}: Red (upper case) is the careful bot, \
         Blue (lower case) the random bot."
    );
    crate::outln!("{}", words::legend(&rules));
    crate::outln!("Red's setup:  {}", red.to_text(&rules));
    crate::outln!("Blue's setup: {}", blue.to_text(&rules));
    crate::outln!(
        "(a setup is written row by row as its owner sees the board, the front row first)"
    );
    crate::outln!("\n{}\n", words::board(game.position(), true));
    let (mut captures, mut fights) = (0u64, 0u64);
    while !game.status().is_over() {
        let side = game.position().to_move();
        let moves = game.legal_moves();
        let view = game.position().view(side);
        let mv = bots[side.index()].choose(&rules, &view, &moves, &mut rng);
        let text = game.position().move_text(mv).to_string();
        let outcome = game
            .play(mv)
            .map_err(|e| format!("the engine refused its own legal move {text}: {e}"))?;
        if let Some(fight) = outcome.fight {
            fights += 1;
            if fight.battle.attacker_survives() {
                captures += 1;
            }
            if !quiet {
                crate::outln!(
                    "ply {:>4}: {} {text}: {}",
                    game.position().ply(),
                    side_name(side),
                    words::fight_words(Some(outcome.piece), fight.defender, fight.battle)
                );
            }
        }
        if !quiet && every > 0 && game.position().ply() % every == 0 && !game.status().is_over() {
            crate::outln!("\n{}\n", words::board(game.position(), true));
        }
    }
    crate::outln!("\n{}\n", words::board(game.position(), true));
    crate::outln!(
        "Result: {} after {} ({}, {} won by the attacker).",
        words::status_words(game.status()),
        count(game.position().ply().into(), "ply", "plies"),
        count(fights, "fight", "fights"),
        count(captures, "fight", "fights"),
    );
    crate::outln!("(a ply is one move of one side)");
    Ok(())
}
