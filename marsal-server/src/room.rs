//! One game as the server holds it: the referee's [`Game`] (both armies),
//! the setups, the clock, the ending, and the messages each seat is sent,
//! every one built from that seat's [`View`] alone (a spectator's from the
//! public part of both views).

use crate::spec::{GameSpec, SeatSpec};
use crate::store::{StoredGame, StoredMove};
use marsal::{Game, Setup, Side, SquareView, Status, View};
use marsal_host::{reason_token, side_name, status_words};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::time::Instant;

/// Who a connection is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    /// A side's seat.
    Side(Side),
    /// A spectator.
    Spectator,
}

impl Seat {
    /// `red`, `blue` or `spectator`.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Side(s) => s.name(),
            Seat::Spectator => "spectator",
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "by")]
pub enum Ending {
    /// By the rules (the game's status).
    Rules {
        /// The status.
        status: Status,
    },
    /// A side resigned.
    Resigned {
        /// Who resigned.
        side: Side,
    },
    /// A side's time ran out.
    Time {
        /// Whose time ran out.
        side: Side,
    },
}

impl Ending {
    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Ending::Rules { status } => status.winner(),
            Ending::Resigned { side } | Ending::Time { side } => Some(!side),
        }
    }

    /// The reason as a token: the rules' (`flag_captured`, ...), `resigned`
    /// or `time`.
    pub fn token(self) -> &'static str {
        match self {
            Ending::Rules { status } => reason_token(status),
            Ending::Resigned { .. } => "resigned",
            Ending::Time { .. } => "time",
        }
    }

    /// In words.
    pub fn words(self) -> String {
        match self {
            Ending::Rules { status } => status_words(status),
            Ending::Resigned { side } => {
                format!("{} wins: {} resigns", side_name(!side), side_name(side))
            }
            Ending::Time { side } => format!(
                "{} wins: {}'s time ran out",
                side_name(!side),
                side_name(side)
            ),
        }
    }

    /// What clients are sent.
    pub fn to_json(self) -> Value {
        json!({"winner": self.winner(), "reason": self.token(), "words": self.words()})
    }
}

/// The clock of a game with one.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// The time added after a move.
    pub increment_ms: u64,
    /// Each side's time left when its turn started (Red's, Blue's).
    pub left_ms: [u64; 2],
    /// When the side to move's turn started (none before play starts).
    pub since: Option<Instant>,
}

impl Clock {
    /// `side`'s time left now, `to_move` being the side whose time runs.
    pub fn left_now(&self, side: Side, to_move: Option<Side>, now: Instant) -> u64 {
        let left = self.left_ms[side.index()];
        match (self.since, to_move) {
            (Some(since), Some(m)) if m == side => {
                left.saturating_sub(now.saturating_duration_since(since).as_millis() as u64)
            }
            _ => left,
        }
    }
}

/// The phase of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Waiting for setups.
    Setup,
    /// Being played.
    Play,
    /// Over.
    Over,
}

/// Whether each seat has given its setup.
#[derive(Serialize)]
struct SetupsDone {
    red: bool,
    blue: bool,
}

/// A seat's view (written as the library's View JSON) or the public one.
#[derive(Serialize)]
#[serde(untagged)]
enum ViewOut {
    Seat(Box<View>),
    Public(Value),
}

/// The `state` message, fields in the order they are sent.
#[derive(Serialize)]
struct StateMsg {
    #[serde(rename = "type")]
    kind: &'static str,
    seat: &'static str,
    phase: &'static str,
    ply: u32,
    to_move: Option<Side>,
    setups_done: SetupsDone,
    clock: Value,
    ending: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    view: Option<ViewOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    setup: Option<String>,
}

/// One game held by the server.
pub struct Room {
    /// The game's id.
    pub id: String,
    /// What it was created with.
    pub spec: GameSpec,
    /// Red's and Blue's setups, once given.
    pub setups: [Option<Setup>; 2],
    /// The referee's game, once both setups are in.
    pub game: Option<Game>,
    /// How it ended.
    pub ending: Option<Ending>,
    /// The clock, if the game has one.
    pub clock: Option<Clock>,
}

impl Room {
    /// A new game, its bots' setups drawn.
    pub fn new(id: String, spec: GameSpec) -> Room {
        let clock = spec.clock.map(|c| Clock {
            increment_ms: c.increment_ms,
            left_ms: [c.base_ms; 2],
            since: None,
        });
        let mut room = Room {
            id,
            setups: [None, None],
            game: None,
            ending: None,
            clock,
            spec,
        };
        for side in Side::BOTH {
            if let Some(bot) = room.spec.bot(side) {
                let seed = room.spec.seed ^ (side.index() as u64 + 1);
                let example = Setup::random(&room.spec.rules, side, seed);
                room.setups[side.index()] = Some(bot.setup(&room.spec.rules, side, seed, &example));
            }
        }
        // Two bots: play starts at once. (Their setups are valid: a failed
        // start leaves the game waiting, never panics.)
        let _ = room.start_if_ready(Some(Instant::now()));
        room
    }

    /// The game as kept in the store.
    pub fn stored(&self) -> StoredGame {
        StoredGame {
            id: self.id.clone(),
            spec: serde_json::to_string(&self.spec).unwrap_or_default(),
            setups: self.setups.map(|s| s.map(|s| self.setup_text(&s))),
            moves: Vec::new(),
            ending: None,
        }
    }

    /// A move of the current position as text.
    pub fn position_text(&self, mv: marsal::Move) -> String {
        self.game.as_ref().map_or_else(
            || mv.to_string(),
            |g| g.position().move_text(mv).to_string(),
        )
    }

    /// A setup as text.
    pub fn setup_text(&self, setup: &Setup) -> String {
        setup.to_text(&self.spec.rules).to_string()
    }

    /// The game rebuilt from the store: its setups, every kept move replayed
    /// through the referee, its clock as after the last move (its running
    /// side's time starts again now), its ending.
    pub fn from_stored(stored: &StoredGame) -> Result<Room, String> {
        let spec: GameSpec =
            serde_json::from_str(&stored.spec).map_err(|e| format!("its spec: {e}"))?;
        let mut room = Room::new(stored.id.clone(), spec);
        for side in Side::BOTH {
            if let Some(text) = &stored.setups[side.index()] {
                let setup = Setup::from_text(&room.spec.rules, side, text)
                    .map_err(|e| format!("{}'s setup: {e}", side.name()))?;
                room.setups[side.index()] = Some(setup);
            }
        }
        room.start_if_ready(None)
            .map_err(|e| format!("the start: {e}"))?;
        for m in &stored.moves {
            let game = room
                .game
                .as_mut()
                .ok_or_else(|| "moves without both setups".to_string())?;
            if m.ply != game.position().ply() {
                return Err(format!("move {} kept as ply {}", m.mv, m.ply));
            }
            let mv = game
                .position()
                .parse_move(&m.mv)
                .map_err(|e| format!("move {}: {e}", m.mv))?;
            game.play(mv).map_err(|e| format!("move {}: {e}", m.mv))?;
            if let (Some(clock), Some(left)) = (room.clock.as_mut(), m.clock_ms) {
                clock.left_ms = left;
            }
        }
        room.ending = match &stored.ending {
            Some(text) => Some(serde_json::from_str(text).map_err(|e| format!("its ending: {e}"))?),
            None => room
                .game
                .as_ref()
                .map(Game::status)
                .filter(|s| s.is_over())
                .map(|status| Ending::Rules { status }),
        };
        if let Some(clock) = room.clock.as_mut() {
            clock.since = Some(Instant::now());
        }
        Ok(room)
    }

    /// Ends the game: the clock stops with each side's time as it stands.
    pub fn set_ending(&mut self, ending: Ending, now: Instant) {
        let to_move = self.to_move();
        if let Some(c) = self.clock.as_mut() {
            c.left_ms = Side::BOTH.map(|s| c.left_now(s, to_move, now));
            c.since = None;
        }
        self.ending = Some(ending);
    }

    /// Starts play once both setups are in (the clock from `now`).
    pub fn start_if_ready(&mut self, now: Option<Instant>) -> Result<(), String> {
        if self.game.is_some() {
            return Ok(());
        }
        if let [Some(red), Some(blue)] = &self.setups {
            let game = Game::new(&self.spec.rules, red, blue).map_err(|e| e.to_string())?;
            self.game = Some(game);
            if let Some(clock) = self.clock.as_mut() {
                clock.since = now;
            }
        }
        Ok(())
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        match (&self.ending, &self.game) {
            (Some(_), _) => Phase::Over,
            (None, Some(_)) => Phase::Play,
            (None, None) => Phase::Setup,
        }
    }

    /// The side to move, while the game is played.
    pub fn to_move(&self) -> Option<Side> {
        match self.phase() {
            Phase::Play => self.game.as_ref().and_then(|g| g.status().to_move()),
            _ => None,
        }
    }

    /// The plies played.
    pub fn ply(&self) -> u32 {
        self.game.as_ref().map_or(0, |g| g.position().ply())
    }

    /// The clock's figures as clients are sent them.
    fn clock_json(&self, now: Instant) -> Value {
        match &self.clock {
            None => Value::Null,
            Some(c) => {
                let to_move = self.to_move();
                json!({
                    "red_ms": c.left_now(Side::Red, to_move, now),
                    "blue_ms": c.left_now(Side::Blue, to_move, now),
                    "increment_ms": c.increment_ms,
                    "running": to_move.filter(|_| c.since.is_some()),
                })
            }
        }
    }

    /// Who sits where, as clients are told: `person` or `bot:NAME`.
    fn seats_json(&self) -> Value {
        let seat = |s: &SeatSpec| match s {
            SeatSpec::Person { .. } => "person".to_string(),
            SeatSpec::Bot { name } => format!("bot:{name}"),
        };
        json!({"red": seat(&self.spec.seats[0]), "blue": seat(&self.spec.seats[1])})
    }

    /// The `welcome` message a connection gets when it joins.
    pub fn welcome_json(&self, seat: Seat) -> String {
        json!({
            "type": "welcome",
            "seat": seat.name(),
            "rules": self.spec.rules,
            "seats": self.seats_json(),
            "clock": self.spec.clock,
        })
        .to_string()
    }

    /// The `state` message for `seat`: built from that seat's view alone
    /// (a spectator's from the public parts of both views). `full` adds the
    /// seat's whole log of observations (else the view's log is empty; its
    /// `last` is always there).
    pub fn state_json(&self, seat: Seat, full: bool, now: Instant) -> String {
        let mut msg = StateMsg {
            kind: "state",
            seat: seat.name(),
            phase: match self.phase() {
                Phase::Setup => "setup",
                Phase::Play => "play",
                Phase::Over => "over",
            },
            ply: self.ply(),
            to_move: self.to_move(),
            setups_done: SetupsDone {
                red: self.setups[0].is_some(),
                blue: self.setups[1].is_some(),
            },
            clock: self.clock_json(now),
            ending: self.ending.map(Ending::to_json),
            view: None,
            legal: None,
            setup: None,
        };
        match (seat, &self.game) {
            (Seat::Side(side), Some(game)) => {
                let view = if full {
                    game.view(side)
                } else {
                    // A position's view: the same, without the log.
                    game.position().view(side)
                };
                msg.view = Some(ViewOut::Seat(Box::new(view)));
                if self.to_move() == Some(side) {
                    let pos = game.position();
                    msg.legal = Some(
                        game.legal_moves()
                            .iter()
                            .map(|&m| pos.move_text(m).to_string())
                            .collect(),
                    );
                }
            }
            (Seat::Spectator, Some(game)) => {
                let red = game.position().view(Side::Red);
                let blue = game.position().view(Side::Blue);
                msg.view = Some(ViewOut::Public(public_view_json(&red, &blue)));
            }
            (Seat::Side(side), None) => {
                msg.setup = self.setups[side.index()].map(|s| self.setup_text(&s));
            }
            (Seat::Spectator, None) => {}
        }
        serde_json::to_string(&msg).unwrap_or_default()
    }

    /// The kept form of the move `text` at the current ply, with the clock
    /// as it stands after it (the mover's time less what it took, plus the
    /// increment). `None` for the clock when the game has none.
    pub fn stored_move(&self, text: String, mover: Side, now: Instant) -> StoredMove {
        let to_move = self.to_move();
        StoredMove {
            ply: self.ply(),
            mv: text,
            clock_ms: self.clock.map(|c| {
                let mut left = [
                    c.left_now(Side::Red, to_move, now),
                    c.left_now(Side::Blue, to_move, now),
                ];
                left[mover.index()] = left[mover.index()].saturating_add(c.increment_ms);
                left
            }),
        }
    }
}

/// The public view, from the two sides' views: each piece's side and the
/// kinds its opponent still thinks possible (what both players already
/// know: each sees what the other knows of its own pieces), the pieces left,
/// the status, and the last move as its non-mover saw it.
fn public_view_json(red: &View, blue: &View) -> Value {
    let squares: Vec<Value> = red
        .squares()
        .map(|(sq, v)| match v {
            SquareView::OffBoard => json!("off_board"),
            SquareView::Lake => json!("lake"),
            SquareView::Empty => json!("empty"),
            SquareView::Own {
                known_to_opponent, ..
            } => json!({"square": sq.to_string(), "side": "red", "possible": known_to_opponent}),
            SquareView::Enemy { possible } => {
                json!({"square": sq.to_string(), "side": "blue", "possible": possible})
            }
        })
        .collect();
    let last = red.last().map(|o| {
        if o.side == Side::Red {
            blue.last().unwrap_or(o)
        } else {
            o
        }
    });
    json!({
        "status": red.status(),
        "ply": red.ply(),
        "plies_since_attack": red.plies_since_attack(),
        "size": red.size(),
        "squares": squares,
        // Each side's pieces as its opponent knows them.
        "remaining": [blue.remaining(Side::Red), red.remaining(Side::Blue)],
        "last": last,
    })
}
