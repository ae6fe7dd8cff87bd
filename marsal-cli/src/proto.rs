//! The `marsal` protocol (documented in `docs/protocol.md`): the referee's
//! side ([`MarsalBot`]), and a client for the built-in bots (`marsal bot`).

use crate::bots::Builtin;
use crate::child::{Bot, ReadError};
use crate::referee::{
    Answer, Ending, Fault, GameStart, Player, Said, move_text, one_line, parse_move_text,
};
use marsal::{Move, Observation, Ruleset, Setup, Side, View};
use marsal_host::ToldBelief;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// The protocol's version, sent in the first line.
pub const VERSION: u32 = 1;

/// The protocol's text of a `view` board and a `move` line (the host
/// layer's, which `marsal bot`'s belief reads back).
pub use marsal_host::{move_line, view_text};

/// The ruleset line: `ruleset <preset>` or `ruleset custom <json>`.
pub fn ruleset_line(name: &str, rules: &Ruleset) -> String {
    if Ruleset::PRESETS.contains(&name) && Ruleset::preset(name).as_ref() == Some(rules) {
        format!("ruleset {name}")
    } else {
        let json = serde_json::to_string(rules).unwrap_or_default();
        format!("ruleset custom {json}")
    }
}

/// A program speaking the marsal protocol, seen from the referee.
pub struct MarsalBot {
    bot: Bot,
    limit: Duration,
    setup_limit: Duration,
    waited: Duration,
    /// The answer to the last `go`, as the bot wrote it.
    reply: Option<String>,
}

impl MarsalBot {
    /// Starts the program `cmd` with a time limit for each answer (`limit`),
    /// ten times as much (at least 5 s) for the setup.
    pub fn spawn(cmd: &str, limit: Duration, show_stderr: bool) -> Result<MarsalBot, String> {
        MarsalBot::spawn_in(cmd, None, limit, show_stderr)
    }

    /// [`MarsalBot::spawn`] in the working folder `dir`.
    pub fn spawn_in(
        cmd: &str,
        dir: Option<&std::path::Path>,
        limit: Duration,
        show_stderr: bool,
    ) -> Result<MarsalBot, String> {
        Ok(MarsalBot {
            bot: Bot::spawn_in(cmd, dir, show_stderr)?,
            limit,
            setup_limit: (limit * 10).max(Duration::from_secs(5)),
            waited: Duration::ZERO,
            reply: None,
        })
    }

    fn answer(&mut self, limit: Duration) -> Result<String, Fault> {
        let start = Instant::now();
        let deadline = start + limit;
        let got = loop {
            match self.bot.read_line(Some(deadline)) {
                Ok(line) if line.trim().is_empty() => continue,
                other => break other,
            }
        };
        self.waited += start.elapsed();
        read_fault(&mut self.bot, got, limit)
    }
}

/// Maps a read result to a line or a fault.
pub fn read_fault(
    bot: &mut Bot,
    got: Result<String, ReadError>,
    limit: Duration,
) -> Result<String, Fault> {
    match got {
        Ok(line) => Ok(line.trim().to_string()),
        Err(ReadError::Timeout) => Err(Fault::Timeout(limit)),
        Err(ReadError::Closed) => Err(Fault::Crashed(bot.closed_reason())),
        Err(ReadError::TooLong) => Err(Fault::Protocol(format!(
            "a line longer than {} bytes",
            crate::child::MAX_LINE
        ))),
        Err(ReadError::NotText) => Err(Fault::Protocol("a line that is not UTF-8 text".into())),
    }
}

/// Shortens a bot's line for an error message.
pub fn quote(line: &str) -> String {
    let mut s: String = line.chars().take(60).collect();
    if line.chars().count() > 60 {
        s.push('…');
    }
    format!("{s:?}")
}

impl Player for MarsalBot {
    fn setup(&mut self, start: &GameStart) -> Result<Setup, Fault> {
        self.bot.send(&format!("marsal {VERSION}"));
        self.bot
            .send(&ruleset_line(start.ruleset_name, start.rules));
        self.bot.send(&format!("side {}", start.side.name()));
        self.bot.send(&format!("time {}", self.limit.as_millis()));
        self.bot
            .send(&format!("setup {}", start.example.to_text(start.rules)));
        let line = self.answer(self.setup_limit)?;
        Setup::from_text(start.rules, start.side, &line)
            .map_err(|e| Fault::BadSetup(format!("{} ({e})", quote(&line))))
    }

    fn start(&mut self, _view: &View) -> Result<(), Fault> {
        self.bot.send("start");
        Ok(())
    }

    fn observe(&mut self, obs: &Observation, _view: &View) -> Result<(), Fault> {
        self.bot.send(&move_line(obs));
        Ok(())
    }

    fn choose(&mut self, view: &View, legal: &[Move]) -> Result<Answer, Fault> {
        self.bot.send(&format!("view {}", view_text(view)));
        let mut go = String::with_capacity(3 + legal.len() * 7);
        go.push_str("go");
        for &mv in legal {
            go.push(' ');
            go.push_str(&move_text(view, mv));
        }
        self.bot.send(&go);
        self.reply = None;
        let line = self.answer(self.limit)?;
        self.reply = Some(line.clone());
        if line == "resign" {
            return Ok(Answer::Resign);
        }
        parse_move_text(view, &line)
            .map(Answer::Move)
            .map_err(Fault::Protocol)
    }

    fn finish(&mut self, ending: &Ending) {
        self.bot
            .send(&format!("end {}", one_line(&ending.protocol_words())));
        self.bot.stop(Duration::from_millis(500));
    }

    fn said(&self) -> Option<Said> {
        self.reply.clone().map(Said::Marsal)
    }

    /// Under a clock: the time left, announced (`time MS`) before the move.
    fn set_limit(&mut self, limit: Duration) {
        self.limit = limit;
        self.bot.send(&format!("time {}", limit.as_millis()));
    }

    fn waited(&self) -> Duration {
        self.waited
    }
}

// ---------------------------------------------------------------------------
// The client: `marsal bot random|careful` reads the protocol on stdin.

/// The search bot's time a move in `marsal bot --time`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveTime {
    /// This many milliseconds (1 to [`marsal_host::MAX_SEARCH_TIME_MS`]).
    Fixed(u32),
    /// [`marsal_host::move_time_share`] of the time the referee announces
    /// (`time MS`); the node budget alone until it does.
    Announced,
}

impl MoveTime {
    /// `auto`, or a number of milliseconds from 1 to
    /// [`marsal_host::MAX_SEARCH_TIME_MS`].
    pub fn parse(text: &str) -> Result<MoveTime, String> {
        if text == "auto" {
            return Ok(MoveTime::Announced);
        }
        text.parse::<u32>()
            .ok()
            .filter(|ms| (1..=marsal_host::MAX_SEARCH_TIME_MS).contains(ms))
            .map(MoveTime::Fixed)
            .ok_or_else(|| {
                format!(
                    "{text:?}: the time is `auto` or a number of milliseconds from 1 to {}",
                    marsal_host::MAX_SEARCH_TIME_MS
                )
            })
    }
}

/// A built-in bot for `marsal bot` and the budget its options give.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// The bot as named.
    pub bot: Builtin,
    /// `--nodes`.
    pub nodes: Option<u32>,
    /// `--time`.
    pub time: Option<MoveTime>,
}

impl Budget {
    /// The bot with these options, when the referee announced `announced_ms`
    /// a move (if it did): `--time MS` or the share of the announced time
    /// lifts the node budget unless `--nodes` gives one.
    pub fn bot(&self, announced_ms: Option<u32>) -> Builtin {
        let time = match (self.time, announced_ms) {
            (Some(MoveTime::Fixed(ms)), _) => Some(ms),
            (Some(MoveTime::Announced), Some(ms)) => Some(marsal_host::move_time_share(ms)),
            _ => None,
        };
        self.bot.with_time(time).with_nodes(self.nodes)
    }
}

/// Runs a built-in bot on the marsal protocol over stdin/stdout until `end`
/// or the end of input.
pub fn run_client(budget: Budget, seed: u64) -> Result<(), String> {
    let mut bot = budget.bot(None);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut rules = Ruleset::marsal_a_spion();
    let mut side = Side::Red;
    // What it was told, kept as a position (the host layer's belief).
    let mut belief = ToldBelief::new(&rules, side);
    let say = |out: &mut std::io::StdoutLock, s: &str| -> Result<(), String> {
        writeln!(out, "{s}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write: {e}"))
    };
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| format!("cannot read: {e}"))?;
        let (word, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        match word {
            "ruleset" => {
                let (name, json) = rest.split_once(' ').unwrap_or((rest, ""));
                rules = if name == "custom" {
                    serde_json::from_str(json).map_err(|e| format!("bad ruleset: {e}"))?
                } else {
                    Ruleset::preset(name).ok_or(format!("unknown ruleset {name:?}"))?
                };
                belief = ToldBelief::new(&rules, side);
            }
            "side" => {
                side = rest.parse().map_err(|_| format!("bad side {rest:?}"))?;
                belief = ToldBelief::new(&rules, side);
            }
            "time" => bot = budget.bot(rest.trim().parse().ok()),
            "setup" => {
                // The bot's setup ([`Builtin::setup`]: the example offered,
                // or the search bot's own).
                let example = Setup::from_text(&rules, side, rest)
                    .unwrap_or_else(|_| Setup::random(&rules, side, seed));
                let setup = bot.setup(&rules, side, marsal_host::setup_seed(seed, side), &example);
                say(&mut out, &setup.to_text(&rules).to_string())?;
            }
            "start" => belief = ToldBelief::new(&rules, side),
            "move" => belief.observe(rest),
            "view" => belief.view(rest),
            "go" => {
                let moves: Vec<Move> = rest
                    .split_whitespace()
                    .filter_map(|t| t.parse().ok())
                    .collect();
                if moves.is_empty() {
                    say(&mut out, "resign")?;
                    continue;
                }
                let start = Instant::now();
                let mut clock = || start.elapsed().as_micros() as u64;
                // The roster's bot, from the view it keeps (the game of
                // `seed` by the seed rule of every host); when it could not
                // be kept, the careful choice from the board it was told.
                let mv = belief.choose(bot, &moves, seed, &mut clock);
                // Write it as the referee listed it (with its `-` or `x`).
                let text = rest
                    .split_whitespace()
                    .find(|t| t.parse::<Move>().ok() == Some(mv))
                    .unwrap_or_default()
                    .to_string();
                say(&mut out, &text)?;
            }
            "end" => return Ok(()),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use marsal::{PieceKind, Square};

    /// The example of docs/protocol.md, under "### What each bot is told:
    /// only what its side knows" (the text block that starts `marsal 1`), is
    /// what the referee sends Blue: the game is made again with the bot's
    /// setup and a Red army with a Scout on e4 and a piece that moves on j4,
    /// and every line the referee writes is compared with the example's.
    #[test]
    fn the_protocol_docs_example_is_what_the_referee_sends_blue() {
        let heading = "### What each bot is told: only what its side knows";
        let example = crate::doc_blocks::doc_blocks("docs/protocol.md", heading, "text")
            .into_iter()
            .find(|b| b.starts_with("marsal "))
            .unwrap_or_else(|| {
                panic!("no example (a text block starting `marsal`) under {heading:?}")
            });
        let rules = Ruleset::classic();
        let mut lines = example.lines();
        let mut next = || lines.next().expect("a line of the example");
        assert_eq!(next(), format!("marsal {VERSION}"));
        assert_eq!(next(), ruleset_line("classic", &rules));
        assert_eq!(next(), "side blue");
        assert!(next().starts_with("time "));
        let offered = next().strip_prefix("setup ").expect("the setup line");
        let offered = Setup::from_text(&rules, Side::Blue, offered).expect("the offered setup");
        assert_eq!(offered.validate(&rules), Ok(()));
        let answer = next().strip_prefix("< ").expect("the bot's setup");
        let blue = Setup::from_text(&rules, Side::Blue, answer).expect("the bot's setup");
        // Red: a Scout on e4 and a movable piece on j4 (the example's moves).
        let mut red = Setup::random(&rules, Side::Red, 1);
        let at = |s: &str| s.parse::<Square>().unwrap();
        let mut put = |square: Square, wanted: &dyn Fn(PieceKind) -> bool, avoid: Square| {
            let kind = red.get(square).unwrap();
            if wanted(kind) {
                return;
            }
            let (other, found) = red
                .pieces()
                .find(|&(s, k)| s != avoid && wanted(k))
                .expect("such a piece");
            red.remove(square);
            red.remove(other);
            red.place(square, found).unwrap();
            red.place(other, kind).unwrap();
        };
        put(at("e4"), &|k| k == PieceKind::Scout, at("j4"));
        put(at("j4"), &|k| k.is_movable(), at("e4"));
        let mut game = marsal::Game::new(&rules, &red, &blue).expect("the game");
        assert_eq!(next(), "start");
        for line in lines {
            if let Some(rest) = line.strip_prefix("move ") {
                let (side, text) = rest.split_once(' ').unwrap();
                if side == "red" {
                    let mv: Move = text.split(' ').next().unwrap().parse().unwrap();
                    game.play(mv).expect("Red's move of the example");
                }
                let obs = game.log(Side::Blue).last().unwrap();
                assert_eq!(move_line(&obs), line);
            } else if let Some(board) = line.strip_prefix("view ") {
                assert_eq!(view_text(&game.view(Side::Blue)), board);
            } else if let Some(moves) = line.strip_prefix("go ") {
                let view = game.view(Side::Blue);
                let legal: Vec<String> = game
                    .legal_moves()
                    .iter()
                    .map(|&mv| move_text(&view, mv))
                    .collect();
                assert_eq!(legal.join(" "), moves);
            } else if let Some(answer) = line.strip_prefix("< ") {
                let mv = parse_move_text(&game.view(Side::Blue), answer).expect("Blue's move");
                game.play(mv).expect("Blue's move of the example");
            } else {
                panic!("a line the example should not have: {line:?}");
            }
        }
        assert_eq!(game.position().ply(), 3);
    }

    #[test]
    fn the_search_bot_takes_its_share_of_the_announced_move_time() {
        let search = Builtin::parse("search").expect("a bot");
        let auto = Budget {
            bot: search,
            nodes: None,
            time: Some(MoveTime::Announced),
        };
        let timed = |nodes, time_ms| Builtin::Search {
            nodes,
            time_ms,
            method: marsal::SearchMethod::Determinized,
        };
        // Until the referee announces a time: the node budget.
        assert_eq!(auto.bot(None), search);
        assert_eq!(auto.bot(Some(2_000)), timed(u32::MAX, 950));
        let both = Budget {
            nodes: Some(5_000),
            ..auto
        };
        assert_eq!(both.bot(Some(2_000)), timed(5_000, 950));
        let fixed = Budget {
            time: Some(MoveTime::Fixed(30)),
            ..auto
        };
        assert_eq!(fixed.bot(Some(2_000)), timed(u32::MAX, 30));
        assert_eq!(MoveTime::parse("auto"), Ok(MoveTime::Announced));
        assert_eq!(MoveTime::parse("20"), Ok(MoveTime::Fixed(20)));
        for bad in ["0", "-5", "x", "3600001"] {
            assert!(MoveTime::parse(bad).is_err(), "{bad}");
        }
    }
}
