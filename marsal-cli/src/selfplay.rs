//! `marsal selfplay`: two built-in bots play a full game and the board is
//! printed.
//!
//! By default Red is the *search* bot (the library's [`marsal::search`]: it
//! draws complete positions consistent with its own view and searches them
//! with alpha-beta) with its sensible setup, and Blue the *careful* bot (it
//! takes every capture it knows it wins, never makes an attack it knows it
//! loses, and otherwise moves at random) with a random setup. Every bot sees
//! only its own [`View`](marsal::View).

use crate::bots::Builtin;
use crate::words::{self, count, side_name};
use marsal::Game;

/// What `marsal selfplay` plays.
pub struct Options<'a> {
    /// A preset name or a ruleset file.
    pub ruleset: &'a str,
    /// Seed of the setups and the bots' choices.
    pub seed: u64,
    /// Print the board every this many plies (0: start and end only).
    pub every: u32,
    /// Print only the start, the end and the summary.
    pub quiet: bool,
    /// Red's and Blue's bots.
    pub bots: [Builtin; 2],
    /// Rule changes (`--max-plies` among them).
    pub rule_args: crate::RuleArgs,
}

/// How a bot is named in the text.
fn described(bot: Builtin) -> String {
    let Builtin::Search {
        nodes,
        time_ms,
        method,
    } = bot
    else {
        return format!("the {} bot", bot.name());
    };
    let budget = match (nodes, time_ms) {
        (_, 0) => format!("{nodes} nodes a move"),
        (u32::MAX, _) => format!("{time_ms} ms a move"),
        _ => format!("{nodes} nodes or {time_ms} ms a move"),
    };
    match method {
        marsal::SearchMethod::Tree => format!("the search bot (its tree, {budget})"),
        _ => format!("the search bot ({budget})"),
    }
}

/// Runs `marsal selfplay`.
pub fn run(o: Options) -> Result<(), String> {
    let Options {
        ruleset,
        seed,
        every,
        quiet,
        bots,
        rule_args,
    } = o;
    let (mut rules, _) = crate::load_ruleset(ruleset)?;
    rule_args.apply(&mut rules)?;
    // The game of `seed` by the seed rule of every host.
    let [red, blue] = marsal_host::bot_setups(&rules, bots, seed);
    let mut game =
        Game::new(&rules, &red, &blue).map_err(|e| format!("cannot start the game: {e}"))?;
    crate::outln!(
        "{}",
        words::wrap(
            &format!(
                "Ruleset {ruleset}, seed {seed}: Red (upper case) is {}, Blue (lower case) {}.",
                described(bots[0]),
                described(bots[1])
            ),
            crate::terminal::DEFAULT_WIDTH
        )
    );
    crate::outln!("{}", words::legend(&rules));
    crate::outln!("Limit: {} (--max-plies).", words::ply_limit(&rules));
    crate::outln!("Red's setup:  {}", red.to_text(&rules));
    crate::outln!("Blue's setup: {}", blue.to_text(&rules));
    crate::outln!(
        "(a setup is written row by row as its owner sees the board, the front row first)"
    );
    crate::outln!("\n{}\n", words::board(game.position(), true));
    let (mut captures, mut fights) = (0u64, 0u64);
    while !game.status().is_over() {
        let side = game.position().to_move();
        let start = std::time::Instant::now();
        let mv = bots[side.index()]
            .move_at_with_clock(&game, seed, &mut || start.elapsed().as_micros() as u64)
            .ok_or("the engine gave no legal move in a game it says is ongoing")?;
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
        "{}",
        words::wrap(
            &format!(
                "Result: {} after {} ({}, {} won by the attacker).",
                words::status_words(game.status()),
                count(game.position().ply().into(), "ply", "plies"),
                count(fights, "fight", "fights"),
                count(captures, "fight", "fights"),
            ),
            crate::terminal::DEFAULT_WIDTH
        )
    );
    crate::outln!("(a ply is one move of one side)");
    Ok(())
}
