//! `marsal play`: a person plays in the terminal (lines on standard input)
//! against a built-in bot or a bot program.

use crate::bots::{Builtin, BuiltinPlayer};
use crate::proto::MarsalBot;
use crate::referee::{Answer, Ending, Fault, GameStart, Player, move_text, run_game};
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
    /// A game server's invitation link: play that seat (`--join`).
    pub join: Option<String>,
    /// With `join`: the program (marsal bot protocol) that plays the seat.
    pub bot: Option<String>,
    pub rule_args: crate::RuleArgs,
}

const HELP: &str = "\
Type a move as FROM-TO, for example e4-e5; write x instead of - when the target
square holds an enemy piece (e4xe5). Other commands:
  moves    list your legal moves (moves 2: the second page of a long list)
  board    show the board again
  legend   what the letters mean
  resign   give up the game
  help     this text";

const SETUP_PROMPT: &str = "Press Enter to play with this setup, type 'random' or 'sensible' for \
another, or type a setup of your own (rows from your front row to your back row, each from your \
left, separated by /):";

/// Width of the terminal the text is written for.
const WIDTH: usize = 80;

/// Lines of legal moves a page of `moves` shows.
const MOVES_PAGE: usize = 12;

/// The person at the terminal.
struct Human<R: BufRead, W: Write> {
    input: R,
    out: W,
    rules: Ruleset,
    side: Side,
    setup: Option<Setup>,
    opponent: String,
    /// Seed of the setups offered when `setup` is `None`.
    seed: u64,
}

/// How a typed move is read against the legal moves: the move, or why not,
/// in a sentence. A legal move with the wrong sign (`-` for an attack, `x`
/// for a plain move) is refused with the right spelling, which is then
/// accepted; any other move is returned as typed, for the referee to say why
/// it is not legal (the sign does not matter then).
pub(crate) fn read_typed_move(view: &View, legal: &[Move], text: &str) -> Result<Move, String> {
    let text = text.trim();
    let mv: Move = text
        .parse()
        .map_err(|e| format!("Cannot read {text:?}: {e}. Type 'help' for the commands"))?;
    if legal.contains(&mv) {
        let right = move_text(view, mv);
        let typed_attack = text.contains('x');
        let attack = right.contains('x');
        if typed_attack && !attack {
            return Err(format!(
                "{} holds no enemy piece, so the move is written {right}",
                mv.to
            ));
        }
        if !typed_attack && attack {
            return Err(format!(
                "{right} is an attack on the enemy piece on {}: write {right}",
                mv.to
            ));
        }
    }
    Ok(mv)
}

impl<R: BufRead, W: Write> Human<R, W> {
    /// Writes `text`, wrapped at the terminal's width between words.
    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{}", words::wrap(text, WIDTH));
        let _ = self.out.flush();
    }

    /// A line of input, or `None` at its end.
    fn read_line(&mut self) -> Option<String> {
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim().to_string()),
        }
    }

    /// The board from the player's side of the table: its own rows at the
    /// bottom.
    fn show_board(&mut self, view: &View) {
        let text = format!(
            "\n{}\n  ({})\n",
            view.diagram(self.side),
            words::short_legend(&self.rules)
        );
        self.say(&text);
    }

    /// The player's rows of `setup`, as they will stand on the board.
    fn show_setup(&mut self, setup: &Setup) {
        let text = setup.to_text(&self.rules).to_string();
        let mut shown = format!("Your setup: {text}");
        let other = Setup::random(&self.rules, !self.side, 0);
        let (red, blue) = match self.side {
            Side::Red => (setup, &other),
            Side::Blue => (&other, setup),
        };
        if let Ok(pos) = marsal::Position::new(&self.rules, red, blue) {
            let zone = self.rules.board.zone(self.side);
            let diagram = pos.view(self.side).diagram(self.side).to_string();
            for line in diagram.lines() {
                let rank = line[..4].trim().parse::<u8>().ok();
                let in_zone = rank.is_none_or(|r| zone.iter().any(|sq| sq.rank() + 1 == r));
                if in_zone {
                    shown.push('\n');
                    shown.push_str(line);
                }
            }
        }
        self.say(&shown);
    }

    /// `moves` or `moves N`: a page of the legal moves.
    fn show_moves(&mut self, view: &View, legal: &[Move], page: usize) {
        let list: Vec<String> = legal.iter().map(|&m| move_text(view, m)).collect();
        let wrapped = words::wrap(&format!("  {}", list.join(" ")), WIDTH);
        let lines: Vec<&str> = wrapped.lines().collect();
        let pages = lines.len().div_ceil(MOVES_PAGE).max(1);
        let page = page.clamp(1, pages);
        let mut text = words::count(list.len() as u64, "legal move", "legal moves");
        if pages > 1 {
            let next = if page < pages {
                format!("; 'moves {}' for the next", page + 1)
            } else {
                String::new()
            };
            text.push_str(&format!(" (page {page} of {pages}{next})"));
        }
        text.push(':');
        for line in lines.iter().skip((page - 1) * MOVES_PAGE).take(MOVES_PAGE) {
            text.push('\n');
            text.push_str(line);
        }
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
    fn setup(&mut self, start: &GameStart) -> Result<Setup, Fault> {
        // The rules of the game (a game server's, with --join).
        self.rules = *start.rules;
        self.side = start.side;
        let intro = format!(
            "You play {} ({} letters; your rows are at the bottom of the board).",
            side_name(self.side),
            match self.side {
                Side::Red => "upper-case",
                Side::Blue => "lower-case",
            },
        );
        self.say(&intro);
        if let Some(setup) = self.setup {
            self.show_setup(&setup);
            return Ok(setup);
        }
        // A setup a person would make (Flag at the back behind its Mines),
        // which the player accepts, exchanges or replaces.
        let mut setup = Setup::sensible(&self.rules, self.side, self.seed);
        let mut offered = 0u64;
        loop {
            self.show_setup(&setup);
            self.say(SETUP_PROMPT);
            let Some(line) = self.read_line() else {
                return Ok(setup);
            };
            let seed = self.seed.wrapping_add(offered + 1);
            match line.as_str() {
                "" | "ok" | "yes" | "y" => return Ok(setup),
                "random" => setup = Setup::random(&self.rules, self.side, seed),
                "sensible" => setup = Setup::sensible(&self.rules, self.side, seed),
                text => match Setup::from_text(&self.rules, self.side, text)
                    .and_then(|s| s.validate(&self.rules).map(|()| s))
                {
                    Ok(s) => setup = s,
                    Err(e) => {
                        self.say(&format!("That setup cannot be played: {e}."));
                        continue;
                    }
                },
            }
            offered += 1;
        }
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
            let Some(line) = self.read_line() else {
                self.say("Input ended: you resign.");
                return Ok(Answer::Resign);
            };
            let (command, arg) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            match (command, arg.trim()) {
                ("", _) => continue,
                ("help" | "?", "") => self.say(HELP),
                ("legend", "") => {
                    let l = words::legend(&self.rules);
                    self.say(&l);
                }
                ("board", "") => self.show_board(view),
                ("moves", page) => match page.parse::<usize>() {
                    Ok(p) => self.show_moves(view, legal, p),
                    Err(_) if page.is_empty() => self.show_moves(view, legal, 1),
                    Err(_) => self.say("'moves' takes a page number, e.g. moves 2."),
                },
                ("resign" | "quit", "") => return Ok(Answer::Resign),
                _ => match read_typed_move(view, legal, &line) {
                    Ok(mv) => return Ok(Answer::Move(mv)),
                    Err(e) => self.say(&format!("{e}.")),
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
    if let Some(link) = &o.join {
        return join(link, &o);
    }
    let (mut rules, name) = crate::load_ruleset(&o.ruleset)?;
    o.rule_args.apply(&mut rules)?;
    let name = crate::protocol_name(name, &rules);
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
        "\nThe whole board at the end (Red upper case, Blue lower case; your rows \
         below):\n{}",
        words::board_from(played.game.position(), o.side, false)
    );
    Ok(())
}

/// `marsal play --join LINK [--bot CMD]`: the seat of a game on a game
/// server, played by the person at the terminal or by a bot program.
fn join(link: &str, o: &Options) -> Result<(), String> {
    let link = crate::join::parse_link(link)?;
    let seed = o.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let ending = match &o.bot {
        Some(cmd) => {
            let mut bot =
                MarsalBot::spawn(cmd, Duration::from_millis(o.time_per_move.max(1)), true)?;
            let ending = crate::join::play(&link, &mut bot, seed)?;
            println!("{}", ending.words());
            ending
        }
        None => {
            // The rules come from the server: the person's player is made
            // for them once they are known (its setup call gives them).
            let stdin = std::io::stdin();
            let mut human = Human {
                input: stdin.lock(),
                out: std::io::stdout(),
                rules: Ruleset::classic(),
                side: link.seat,
                setup: None,
                opponent: "your opponent".to_string(),
                seed,
            };
            // The person is told the ending by the player itself.
            crate::join::play(&link, &mut human, seed)?
        }
    };
    let _ = ending;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use marsal::{Game, Rng};

    /// What the program suggests is accepted: each move as `moves` lists it
    /// reads as that move; a legal move typed with the wrong sign is refused
    /// with the right spelling, which then reads as the move; a move that is
    /// not legal is never refused for its sign (the referee says why it is
    /// not legal), so nothing suggested is refused afterwards.
    #[test]
    fn every_suggestion_the_program_makes_is_accepted() {
        for rules in [
            Ruleset::marsal_a_spion(),
            Ruleset::classic(),
            Ruleset::barrage(),
        ] {
            let red = Setup::random(&rules, Side::Red, 5);
            let blue = Setup::random(&rules, Side::Blue, 6);
            let mut game = Game::new(&rules, &red, &blue).unwrap();
            let mut rng = Rng::new(7);
            let mut suggestions = 0;
            while !game.status().is_over() && game.position().ply() < 300 {
                let side = game.status().to_move().unwrap();
                let view = game.view(side);
                let legal: Vec<Move> = game.legal_moves().iter().copied().collect();
                for &mv in &legal {
                    let listed = move_text(&view, mv);
                    assert_eq!(read_typed_move(&view, &legal, &listed), Ok(mv));
                    let other_sign = if listed.contains('x') {
                        listed.replace('x', "-")
                    } else {
                        listed.replace('-', "x")
                    };
                    let why = read_typed_move(&view, &legal, &other_sign).unwrap_err();
                    let suggested = why.rsplit(' ').next().unwrap();
                    assert_eq!(suggested, listed, "{why}");
                    assert_eq!(read_typed_move(&view, &legal, suggested), Ok(mv));
                    suggestions += 1;
                }
                // Moves that are not legal, with either sign, go to the referee.
                for to in [mv_to(&legal, 3), mv_to(&legal, 11)] {
                    for from in legal.iter().map(|m| m.from).take(4) {
                        let mv = Move { from, to };
                        if legal.contains(&mv) || from == to {
                            continue;
                        }
                        for sep in ['-', 'x'] {
                            let typed = format!("{from}{sep}{to}");
                            assert_eq!(read_typed_move(&view, &legal, &typed), Ok(mv), "{typed}");
                        }
                    }
                }
                let mv = legal[rng.below(legal.len() as u32) as usize];
                game.play(mv).unwrap();
            }
            assert!(suggestions > 1000, "{suggestions}");
        }
    }

    /// A square some legal move goes to (the `n`-th, cycling).
    fn mv_to(legal: &[Move], n: usize) -> marsal::Square {
        legal[n % legal.len()].to
    }

    /// What is not a move says so once, and how a move is written.
    #[test]
    fn a_word_that_is_not_a_move_is_explained_once() {
        let rules = Ruleset::classic();
        let red = Setup::random(&rules, Side::Red, 1);
        let blue = Setup::random(&rules, Side::Blue, 2);
        let game = Game::new(&rules, &red, &blue).unwrap();
        let view = game.view(Side::Red);
        let legal: Vec<Move> = game.legal_moves().iter().copied().collect();
        let why = read_typed_move(&view, &legal, "hello").unwrap_err();
        assert_eq!(why.matches("move").count(), 1, "{why}");
        assert!(
            why.starts_with("Cannot read \"hello\": ") && why.contains("e5-e6"),
            "{why}"
        );
    }
}
