//! `marsal play`: a person plays in the terminal (lines on standard input)
//! against a built-in bot or a bot program.

use crate::bots::{Builtin, BuiltinPlayer};
use crate::proto::MarsalBot;
use crate::referee::{
    Answer, Ending, Fault, GameStart, Player, move_text, parse_move_text, run_game,
};
use crate::words::{self, side_name};
use marsal::{Move, Observation, Ruleset, Setup, Side, View};
use std::io::{BufRead, Write};
use std::time::Duration;

/// The options of `marsal play`.
pub struct Options {
    pub ruleset: String,
    pub side: Side,
    pub opponent: String,
    pub setup: Option<String>,
    pub seed: Option<u64>,
    pub time_per_move: u64,
    pub rule_args: crate::RuleArgs,
}

const HELP: &str = "\
Type a move as FROM-TO, for example e4-e5; write x instead of - when the target
square holds an enemy piece (e4xe5). Other commands:
  moves    list your legal moves
  board    show the board again
  legend   what the letters mean
  resign   give up the game
  help     this text";

/// The person at the terminal.
struct Human<R: BufRead, W: Write> {
    input: R,
    out: W,
    rules: Ruleset,
    side: Side,
    setup: Option<Setup>,
    opponent: String,
    /// Seed of the sensible setup offered when `setup` is `None`.
    seed: u64,
}

impl<R: BufRead, W: Write> Human<R, W> {
    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
        let _ = self.out.flush();
    }

    fn show_board(&mut self, view: &View) {
        let text = format!("\n{view}\n  ({})\n", words::short_legend(&self.rules));
        self.say(&text);
    }

    fn who(&self, side: Side) -> String {
        if side == self.side {
            "You".into()
        } else {
            format!("{} ({})", side_name(side), self.opponent)
        }
    }
}

impl<R: BufRead, W: Write> Player for Human<R, W> {
    fn setup(&mut self, _start: &GameStart) -> Result<Setup, Fault> {
        // Without --setup: a setup a person would make (Flag at the back
        // behind its Mines), which --setup can replace.
        let setup = self
            .setup
            .unwrap_or_else(|| Setup::sensible(&self.rules, self.side, self.seed));
        let text = format!(
            "You play {} ({}). Your setup: {}",
            side_name(self.side),
            match self.side {
                Side::Red => "upper-case letters, at the bottom",
                Side::Blue => "lower-case letters, at the top",
            },
            setup.to_text(&self.rules)
        );
        self.say(&text);
        Ok(setup)
    }

    fn start(&mut self, view: &View) -> Result<(), Fault> {
        let legend = words::legend(&self.rules);
        self.say(&legend);
        self.say("Type 'help' for the commands.");
        if view.status().to_move() != Some(self.side) {
            self.show_board(view);
        }
        Ok(())
    }

    fn observe(&mut self, obs: &Observation, view: &View) -> Result<(), Fault> {
        let sep = if obs.battle.is_some() { 'x' } else { '-' };
        let text = format!("{}{sep}{}", obs.mv.from, obs.mv.to);
        let mut line = words::observation_words(obs, &text);
        // "Red e2-e3" -> "You: e2-e3" / "Blue (careful): e7-e6".
        line = format!(
            "{}: {}",
            self.who(obs.side),
            line.split_once(' ').map_or(line.as_str(), |(_, rest)| rest)
        );
        self.say(&line);
        if obs.side != self.side && view.status().is_over() {
            self.show_board(view);
        }
        Ok(())
    }

    fn choose(&mut self, view: &View, legal: &[Move]) -> Result<Answer, Fault> {
        self.show_board(view);
        loop {
            let prompt = format!(
                "Move {} — your move ({}):",
                view.ply() / 2 + 1,
                side_name(self.side)
            );
            self.say(&prompt);
            let mut line = String::new();
            match self.input.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    self.say("Input ended: you resign.");
                    return Ok(Answer::Resign);
                }
                Ok(_) => {}
            }
            let line = line.trim();
            match line {
                "" => continue,
                "help" | "?" => self.say(HELP),
                "legend" => {
                    let l = words::legend(&self.rules);
                    self.say(&l);
                }
                "board" => self.show_board(view),
                "moves" => {
                    let list: Vec<String> = legal.iter().map(|&m| move_text(view, m)).collect();
                    let text = format!(
                        "{}: {}",
                        words::count(list.len() as u64, "legal move", "legal moves"),
                        list.join(" ")
                    );
                    self.say(&text);
                }
                "resign" | "quit" => return Ok(Answer::Resign),
                _ => match parse_move_text(view, line) {
                    Ok(mv) => return Ok(Answer::Move(mv)),
                    Err(e) => self.say(&format!("Not a move: {e}. Try again ('help' for help).")),
                },
            }
        }
    }

    fn illegal(&mut self, mv: Move, why: &str) -> bool {
        self.say(&format!(
            "{}-{} is not a legal move: {why}. Try again ('moves' lists the legal ones).",
            mv.from, mv.to
        ));
        true
    }

    fn finish(&mut self, ending: &Ending) {
        let text = format!("Game over: {}.", ending.words());
        self.say(&text);
    }
}

/// Runs `marsal play`.
pub fn run(o: Options) -> Result<(), String> {
    let (mut rules, name) = crate::load_ruleset(&o.ruleset)?;
    o.rule_args.apply(&mut rules)?;
    let seed = o.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let setup = match &o.setup {
        None => None,
        Some(text) => {
            let s = Setup::from_text(&rules, o.side, text).map_err(|e| format!("--setup: {e}"))?;
            s.validate(&rules).map_err(|e| format!("--setup: {e}"))?;
            Some(s)
        }
    };
    let mut opponent: Box<dyn Player> = match Builtin::from_name(&o.opponent) {
        Some(b) => Box::new(BuiltinPlayer::new(b, &rules, seed ^ 0x5eed)),
        None => Box::new(MarsalBot::spawn(
            &o.opponent,
            Duration::from_millis(o.time_per_move.max(1)),
            true,
        )?),
    };
    let stdin = std::io::stdin();
    let mut human = Human {
        input: stdin.lock(),
        out: std::io::stdout(),
        rules,
        side: o.side,
        setup,
        opponent: o.opponent.clone(),
        seed,
    };
    let names = ["human", "bot"];
    let played = match o.side {
        Side::Red => run_game(&rules, &name, [&mut human, opponent.as_mut()], names, seed)?,
        Side::Blue => run_game(
            &rules,
            &name,
            [opponent.as_mut(), &mut human],
            [names[1], names[0]],
            seed,
        )?,
    };
    crate::outln!(
        "\nThe whole board at the end (upper case Red, lower case Blue):\n{}",
        words::board(played.game.position(), false)
    );
    Ok(())
}
