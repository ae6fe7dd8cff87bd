//! A tournament's results file: JSON lines, written as the games end, from
//! which `marsal tournament merge` recomputes the tables.
//!
//! The first line describes the tournament:
//!
//! ```text
//! {"tournament":{"participants":["builtin:careful","builtin:random"],"mode":"round_robin",
//!  "games_per_pairing":4,"ruleset":"barrage","seed":1,"setups":"sensible",
//!  "sprt":null,"shard":"1/1","format":1}}
//! ```
//!
//! and every other line is a game (in the order the games ended):
//!
//! ```text
//! {"game":3,"pair":1,"round":0,"red":1,"blue":0,"result":"red","ending":"flag_captured",
//!  "forfeit":null,"plies":211,"text":"Red wins: ..."}
//! ```
//!
//! `red` and `blue` are indices into `participants`; `result` is `red`,
//! `blue`, `draw` or `none` (both setups failed: no result); `forfeit` is the
//! colour that forfeited, if one did. Files of the same tournament (all but
//! `shard` alike) merge; a game found twice must be the same both times.

use crate::schedule::{Mode, Shard};
use serde_json::{Value, json};
use std::io::Write as _;

/// What a results file says about its tournament.
#[derive(Clone, PartialEq, Debug)]
pub struct Header {
    /// The participants as given.
    pub participants: Vec<String>,
    /// Round robin or gauntlet.
    pub mode: Mode,
    /// Games a pairing.
    pub games_per_pairing: u32,
    /// The ruleset's name (or file).
    pub ruleset: String,
    /// The seed.
    pub seed: u64,
    /// `--setups` as given.
    pub setups: String,
    /// `--sprt` as given, if any.
    pub sprt: Option<String>,
    /// The slice this file holds.
    pub shard: Shard,
}

/// One game's result.
#[derive(Clone, PartialEq, Debug)]
pub struct GameResult {
    /// The game's number, from 1.
    pub game: u32,
    /// Its pair, from 0.
    pub pair: u32,
    /// Its round, from 0.
    pub round: u32,
    /// The participant playing Red.
    pub red: usize,
    /// The participant playing Blue.
    pub blue: usize,
    /// `red`, `blue`, `draw` or `none`.
    pub result: String,
    /// The ending as a token (`flag_captured`, `forfeit`, ..).
    pub ending: String,
    /// The colour that forfeited, if one did.
    pub forfeit: Option<String>,
    /// Plies played.
    pub plies: u32,
    /// The ending in words.
    pub text: String,
}

impl GameResult {
    /// Participant `who`'s score: 1, ½ or 0; `None` when it did not play or
    /// the game has no result.
    pub fn score_of(&self, who: usize) -> Option<f64> {
        let colour = if who == self.red {
            "red"
        } else if who == self.blue {
            "blue"
        } else {
            return None;
        };
        match self.result.as_str() {
            "draw" => Some(0.5),
            "none" => None,
            r if r == colour => Some(1.0),
            _ => Some(0.0),
        }
    }

    /// The participant that forfeited, if one did.
    pub fn forfeiter(&self) -> Option<usize> {
        match self.forfeit.as_deref() {
            Some("red") => Some(self.red),
            Some("blue") => Some(self.blue),
            _ => None,
        }
    }
}

impl Header {
    /// The header line's JSON.
    pub fn to_json(&self) -> Value {
        json!({"tournament": {
            "format": 1,
            "participants": self.participants,
            "mode": self.mode.token(),
            "games_per_pairing": self.games_per_pairing,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "setups": self.setups,
            "sprt": self.sprt,
            "shard": self.shard.to_string(),
        }})
    }

    fn from_json(v: &Value) -> Option<Header> {
        let t = v.get("tournament")?;
        Some(Header {
            participants: t
                .get("participants")?
                .as_array()?
                .iter()
                .map(|p| p.as_str().map(str::to_string))
                .collect::<Option<_>>()?,
            mode: Mode::from_token(t.get("mode")?.as_str()?)?,
            games_per_pairing: t.get("games_per_pairing")?.as_u64()?.try_into().ok()?,
            ruleset: t.get("ruleset")?.as_str()?.to_string(),
            seed: t.get("seed")?.as_u64()?,
            setups: t.get("setups")?.as_str()?.to_string(),
            sprt: t.get("sprt")?.as_str().map(str::to_string),
            shard: Shard::parse(t.get("shard")?.as_str()?).ok()?,
        })
    }

    /// Whether `other` is a slice of the same tournament.
    pub fn same_tournament(&self, other: &Header) -> bool {
        Header {
            shard: Shard::ALL,
            ..self.clone()
        } == Header {
            shard: Shard::ALL,
            ..other.clone()
        }
    }
}

impl GameResult {
    /// The game's line's JSON.
    pub fn to_json(&self) -> Value {
        json!({
            "game": self.game,
            "pair": self.pair,
            "round": self.round,
            "red": self.red,
            "blue": self.blue,
            "result": self.result,
            "ending": self.ending,
            "forfeit": self.forfeit,
            "plies": self.plies,
            "text": self.text,
        })
    }

    fn from_json(v: &Value, participants: usize) -> Option<GameResult> {
        let u32_of = |k: &str| v.get(k)?.as_u64()?.try_into().ok();
        let who = |k: &str| {
            let i = v.get(k)?.as_u64()? as usize;
            (i < participants).then_some(i)
        };
        let result = v.get("result")?.as_str()?.to_string();
        if !["red", "blue", "draw", "none"].contains(&result.as_str()) {
            return None;
        }
        Some(GameResult {
            game: u32_of("game")?,
            pair: u32_of("pair")?,
            round: u32_of("round")?,
            red: who("red")?,
            blue: who("blue")?,
            result,
            ending: v.get("ending")?.as_str()?.to_string(),
            forfeit: v.get("forfeit")?.as_str().map(str::to_string),
            plies: u32_of("plies")?,
            text: v.get("text")?.as_str()?.to_string(),
        })
    }
}

/// A results file being written: a line a game, flushed at once, so that a
/// run cut short keeps the games it finished.
pub struct Writer {
    file: std::fs::File,
    path: String,
}

impl Writer {
    /// Creates (or empties) `path` and writes the header.
    pub fn create(path: &std::path::Path, header: &Header) -> Result<Writer, String> {
        let shown = path.display().to_string();
        let file = std::fs::File::create(path).map_err(|e| format!("{shown}: {e}"))?;
        let mut w = Writer { file, path: shown };
        w.line(&header.to_json())?;
        Ok(w)
    }

    /// Appends a game.
    pub fn game(&mut self, g: &GameResult) -> Result<(), String> {
        self.line(&g.to_json())
    }

    fn line(&mut self, v: &Value) -> Result<(), String> {
        writeln!(self.file, "{v}")
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("{}: {e}", self.path))
    }
}

impl Writer {
    /// Opens `path`, the results file of a run of the tournament `header`
    /// describes that was stopped, to go on with it: its games so far, and a
    /// writer that appends. A last line cut short (the run was killed while
    /// writing it) is dropped, its game played again.
    pub fn resume(
        path: &std::path::Path,
        header: &Header,
    ) -> Result<(Writer, Vec<GameResult>), String> {
        let shown = path.display().to_string();
        let mut text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
        if !text.is_empty() && !text.ends_with('\n') {
            text.truncate(text.rfind('\n').map_or(0, |i| i + 1));
        }
        let (found, games) = parse(&shown, &text)?;
        if found != *header {
            return Err(format!(
                "--resume {shown}: the file is the results of another tournament (the \
                 participants, mode, games, ruleset, seed, setups, SPRT and shard must be \
                 those it was started with)"
            ));
        }
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(text.len() as u64).map(|()| f))
            .and_then(|mut f| {
                use std::io::Seek as _;
                f.seek(std::io::SeekFrom::End(0)).map(|_| f)
            })
            .map_err(|e| format!("{shown}: {e}"))?;
        Ok((Writer { file, path: shown }, games))
    }
}

/// Reads a results file.
pub fn read(path: &str) -> Result<(Header, Vec<GameResult>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    parse(path, &text)
}

/// Reads the text of a results file (`path` names it in errors).
fn parse(path: &str, text: &str) -> Result<(Header, Vec<GameResult>), String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let bad = |n: usize, what: &str| format!("{path}: line {}: {what}", n + 1);
    let (n, first) = lines
        .next()
        .ok_or_else(|| format!("{path}: empty, not a results file"))?;
    let header = serde_json::from_str(first)
        .ok()
        .and_then(|v| Header::from_json(&v))
        .ok_or_else(|| bad(n, "not a tournament's header"))?;
    let mut games = Vec::new();
    for (n, line) in lines {
        let v: Value = serde_json::from_str(line).map_err(|e| bad(n, &e.to_string()))?;
        games.push(
            GameResult::from_json(&v, header.participants.len())
                .ok_or_else(|| bad(n, "not a game's result"))?,
        );
    }
    Ok((header, games))
}

/// Joins the results files of one tournament's shards: the header (as one
/// run's) and every game once, in the order of their numbers.
pub fn merge(paths: &[String]) -> Result<(Header, Vec<GameResult>), String> {
    let mut header: Option<Header> = None;
    let mut games: std::collections::BTreeMap<u32, GameResult> = Default::default();
    for path in paths {
        let (h, gs) = read(path)?;
        match &header {
            None => header = Some(h),
            Some(first) if !first.same_tournament(&h) => {
                return Err(format!(
                    "{path}: another tournament than {} (participants, mode, games, ruleset, \
                     seed, setups and SPRT must all be the same)",
                    paths[0]
                ));
            }
            Some(_) => {}
        }
        for g in gs {
            if let Some(old) = games.get(&g.game) {
                if *old != g {
                    return Err(format!(
                        "{path}: game {} differs from the same game in another file",
                        g.game
                    ));
                }
            }
            games.insert(g.game, g);
        }
    }
    let mut header = header.ok_or("merge: no results files given")?;
    header.shard = Shard::ALL;
    Ok((header, games.into_values().collect()))
}
