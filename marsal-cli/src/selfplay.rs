//! `marsal selfplay`: two bots play a full game and the board is printed.
//!
//! ```text
//! marsal selfplay [--ruleset marsal_a_spion|classic|barrage] [--seed N] [--every N] [--quiet]
//! ```
//!
//! Red is a *careful* bot: it takes every capture it knows it wins (judging only
//! from its own view), never makes an attack it knows it loses, and otherwise moves
//! at random. Blue moves at random. Both see only their own [`View`].

use marsal::{Battle, Game, Move, PieceKind, Rng, Ruleset, Setup, Side, SquareView, View, combat};
use std::process::ExitCode;

struct Options {
    ruleset: String,
    seed: u64,
    every: u32,
    quiet: bool,
}

fn usage() -> String {
    format!(
        "usage: marsal selfplay [--ruleset {}] [--seed N] [--every N] [--quiet]",
        Ruleset::PRESETS.join("|")
    )
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut o = Options {
        ruleset: "marsal_a_spion".into(),
        seed: 1,
        every: 100,
        quiet: false,
    };
    let mut args = args;
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or(format!("{name} needs a value\n{}", usage()))
        };
        match a.as_str() {
            "--ruleset" => o.ruleset = value("--ruleset")?,
            "--seed" => {
                o.seed = value("--seed")?
                    .parse()
                    .map_err(|e| format!("--seed: {e}"))?
            }
            "--every" => {
                o.every = value("--every")?
                    .parse()
                    .map_err(|e| format!("--every: {e}"))?
            }
            "--quiet" => o.quiet = true,
            "--help" | "-h" => return Err(usage()),
            _ => return Err(format!("unknown argument {a:?}\n{}", usage())),
        }
    }
    Ok(o)
}

/// What an attack with `attacker` on a piece that may be any of `possible` gives:
/// `Some(true)` when it wins whatever the piece is, `Some(false)` when it loses
/// whatever it is, `None` when it depends.
fn sure_result(rules: &Ruleset, attacker: PieceKind, possible: marsal::KindSet) -> Option<bool> {
    let wins = |k| {
        matches!(
            combat(rules, attacker, k),
            Some(Battle::AttackerWins | Battle::MineDefused | Battle::FlagCaptured)
        )
    };
    let loses = |k| {
        matches!(
            combat(rules, attacker, k),
            Some(Battle::DefenderWins | Battle::BothRemoved)
        )
    };
    if possible.iter().all(wins) {
        Some(true)
    } else if possible.iter().all(loses) {
        Some(false)
    } else {
        None
    }
}

/// The careful bot: a sure capture if there is one (the Flag first), else a random
/// move that is not a sure loss.
fn careful(rules: &Ruleset, view: &View, moves: &[Move], rng: &mut Rng) -> Move {
    let mut safe = Vec::new();
    let mut best: Option<(bool, Move)> = None;
    for &mv in moves {
        let SquareView::Own { kind, .. } = view.at(mv.from) else {
            continue;
        };
        match view.at(mv.to) {
            SquareView::Enemy { possible } => match sure_result(rules, kind, possible) {
                Some(true) => {
                    let flag = possible.single() == Some(PieceKind::Flag);
                    if best.is_none_or(|(f, _)| flag && !f) {
                        best = Some((flag, mv));
                    }
                }
                Some(false) => {}
                None => safe.push(mv),
            },
            _ => safe.push(mv),
        }
    }
    if let Some((_, mv)) = best {
        return mv;
    }
    let pool = if safe.is_empty() { moves } else { &safe[..] };
    pool[rng.below(pool.len() as u32) as usize]
}

/// Runs `marsal selfplay` with the arguments after the subcommand.
pub fn run(args: impl Iterator<Item = String>) -> ExitCode {
    let o = match parse_args(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let Some(rules) = Ruleset::preset(&o.ruleset) else {
        eprintln!("unknown ruleset {:?}\n{}", o.ruleset, usage());
        return ExitCode::from(2);
    };
    let red = Setup::random(&rules, Side::Red, o.seed.wrapping_mul(2));
    let blue = Setup::random(&rules, Side::Blue, o.seed.wrapping_mul(2).wrapping_add(1));
    let mut game = match Game::new(&rules, &red, &blue) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("cannot start the game: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut rng = Rng::new(o.seed ^ 0x5eed);
    println!(
        "ruleset {}, seed {}: Red is the careful bot, Blue the random bot",
        o.ruleset, o.seed
    );
    println!("Red's setup:  {}", red.to_text(&rules));
    println!("Blue's setup: {}", blue.to_text(&rules));
    println!("\n{}\n", game.position());
    let (mut captures, mut fights) = (0u32, 0u32);
    while !game.status().is_over() {
        let side = game.position().to_move();
        let moves = game.legal_moves();
        let mv = match side {
            Side::Red => careful(&rules, &game.position().view(side), &moves, &mut rng),
            Side::Blue => moves[rng.below(moves.len() as u32) as usize],
        };
        let text = game.position().move_text(mv).to_string();
        let outcome = match game.play(mv) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("the engine refused its own legal move {text}: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Some(fight) = outcome.fight {
            fights += 1;
            if fight.battle.attacker_survives() {
                captures += 1;
            }
            if !o.quiet {
                println!(
                    "ply {:>4}: {side} {text}: {} attacks {} -> {:?}",
                    game.position().ply(),
                    outcome.piece,
                    fight.defender,
                    fight.battle
                );
            }
        }
        if !o.quiet
            && o.every > 0
            && game.position().ply() % o.every == 0
            && !game.status().is_over()
        {
            println!("\n{}\n", game.position());
        }
    }
    println!("\n{}\n", game.position());
    println!(
        "result: {} after {} plies ({fights} fights, {captures} won by the attacker)",
        game.status(),
        game.position().ply()
    );
    ExitCode::SUCCESS
}
