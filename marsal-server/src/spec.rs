//! A new game: what `POST /api/games` asks for ([`GameSpec::from_request`])
//! and what the server keeps of it (a [`GameSpec`], JSON in the store).

use crate::secret::{Secret, SecretHash};
use marsal::{Ruleset, Side};
use marsal_host::Bot;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The largest clock a game may ask for: 24 hours (base or increment).
pub const MAX_CLOCK_MS: u64 = 24 * 3_600_000;

/// The largest node budget a server bot may be given (the search's default
/// times 20).
pub const MAX_BOT_NODES: u32 = 1_000_000;

/// The longest game a server plays, in plies (a ruleset without a limit
/// gets [`Ruleset::DEFAULT_MAX_PLIES`]).
pub const MAX_PLIES: u32 = 100_000;

/// The longest a server bot may think a move, in milliseconds.
pub const MAX_BOT_TIME_MS: u32 = 60_000;

/// Who sits in a seat.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatSpec {
    /// A person (or any client) holding the seat's secret; only its hash
    /// is kept.
    Person {
        /// The SHA-256 of the seat's secret.
        secret_hash: SecretHash,
    },
    /// A built-in bot played by the server (any roster name, its budget
    /// included: `search:nodes=2000,time=500`).
    Bot {
        /// The roster name.
        name: String,
    },
}

/// A game's clock: each side's time, and the time added after each of its
/// moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Each side's time at the start, in milliseconds.
    pub base_ms: u64,
    /// The time added after each move, in milliseconds.
    #[serde(default)]
    pub increment_ms: u64,
}

/// What a game was created with.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameSpec {
    /// The rules (the preset or ruleset asked for, with its options and who
    /// moves first applied).
    pub rules: Ruleset,
    /// Red's seat, Blue's seat.
    pub seats: [SeatSpec; 2],
    /// The clock, if any.
    pub clock: Option<ClockSpec>,
    /// The seed of the server's bots and random setups in this game.
    pub seed: u64,
}

/// A new game and the secrets of its person seats (given once, to the
/// creator, never kept).
pub struct NewGame {
    /// The game.
    pub spec: GameSpec,
    /// Red's and Blue's secret, for the seats a person takes.
    pub secrets: [Option<Secret>; 2],
}

fn err(message: impl Into<String>) -> String {
    message.into()
}

/// The rules a request names: a preset name, or a ruleset object, with
/// `options` (ruleset fields) laid over it and `first` applied.
fn rules_of(request: &Value) -> Result<Ruleset, String> {
    let base = match request.get("rules") {
        None | Some(Value::Null) => Ruleset::marsal_a_spion(),
        Some(Value::String(name)) => Ruleset::preset(name).ok_or_else(|| {
            err(format!(
                "no preset named {name:?}; the presets: {}",
                Ruleset::PRESETS.join(", ")
            ))
        })?,
        Some(v @ Value::Object(_)) => {
            serde_json::from_value(v.clone()).map_err(|e| err(format!("the ruleset: {e}")))?
        }
        Some(_) => return Err(err("rules: a preset name or a ruleset object")),
    };
    let mut rules = match request.get("options") {
        None | Some(Value::Null) => base,
        Some(Value::Object(opts)) => {
            let mut v = serde_json::to_value(base).map_err(|e| err(e.to_string()))?;
            if let Value::Object(map) = &mut v {
                for (k, val) in opts {
                    if !map.contains_key(k) {
                        return Err(err(format!("options: no rule option named {k:?}")));
                    }
                    map.insert(k.clone(), val.clone());
                }
            }
            serde_json::from_value(v).map_err(|e| err(format!("options: {e}")))?
        }
        Some(_) => return Err(err("options: an object of rule options")),
    };
    match request.get("first") {
        None | Some(Value::Null) => {}
        Some(v) => {
            rules.first_to_move =
                serde_json::from_value(v.clone()).map_err(|_| err("first: \"red\" or \"blue\""))?
        }
    }
    // Every game on a server ends: a ruleset without a ply limit gets the
    // hosts' default.
    let rules = rules.ending();
    if rules.max_plies.is_some_and(|n| n > MAX_PLIES) {
        return Err(err(format!(
            "max_plies: at most {MAX_PLIES} on this server"
        )));
    }
    rules
        .validate()
        .map_err(|e| err(format!("the rules are inconsistent: {e}")))?;
    Ok(rules)
}

/// A seat of the request: `"person"` (the default), or `{"bot": NAME}`
/// (also `"bot:NAME"`).
fn seat_of(request: &Value, side: Side) -> Result<Option<String>, String> {
    let key = side.name();
    let name = match request.get("seats").and_then(|s| s.get(key)) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s == "person" => return Ok(None),
        Some(Value::String(s)) => match s.strip_prefix("bot:") {
            Some(name) => name.to_string(),
            None => {
                return Err(err(format!("seats.{key}: \"person\" or {{\"bot\": NAME}}")));
            }
        },
        Some(Value::Object(o)) => match (o.len(), o.get("bot")) {
            (1, Some(Value::String(name))) => name.clone(),
            _ => return Err(err(format!("seats.{key}: \"person\" or {{\"bot\": NAME}}"))),
        },
        Some(_) => return Err(err(format!("seats.{key}: \"person\" or {{\"bot\": NAME}}"))),
    };
    let bot =
        Bot::parse_within(&name, MAX_BOT_NODES).map_err(|e| err(format!("seats.{key}: {e}")))?;
    if let Bot::Search { time_ms, .. } = bot {
        if time_ms > MAX_BOT_TIME_MS {
            return Err(err(format!(
                "seats.{key}: a server bot thinks at most {MAX_BOT_TIME_MS} ms a move"
            )));
        }
    }
    Ok(Some(name))
}

impl GameSpec {
    /// Reads a request (see docs/server.md), drawing the seats' secrets
    /// and the game's seed from the operating system's random source.
    ///
    /// ```
    /// use marsal_server::GameSpec;
    /// let req = serde_json::json!({"rules": "barrage", "seats": {"blue": {"bot": "careful"}}});
    /// let new = GameSpec::from_request(&req)?;
    /// assert!(new.secrets[0].is_some() && new.secrets[1].is_none());
    /// assert!(GameSpec::from_request(&serde_json::json!({"rules": "chess"})).is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn from_request(request: &Value) -> Result<NewGame, String> {
        let Value::Object(map) = request else {
            return Err(err("the request: a JSON object"));
        };
        for k in map.keys() {
            if !["rules", "options", "first", "seats", "clock"].contains(&k.as_str()) {
                return Err(err(format!("no field named {k:?} in a new game")));
            }
        }
        if let Some(Value::Object(seats)) = request.get("seats") {
            if let Some(k) = seats.keys().find(|k| *k != "red" && *k != "blue") {
                return Err(err(format!("seats: no seat named {k:?}")));
            }
        }
        let rules = rules_of(request)?;
        let clock = match request.get("clock") {
            None | Some(Value::Null) => None,
            Some(v) => {
                let c: ClockSpec =
                    serde_json::from_value(v.clone()).map_err(|e| err(format!("clock: {e}")))?;
                if c.base_ms == 0 || c.base_ms > MAX_CLOCK_MS || c.increment_ms > MAX_CLOCK_MS {
                    return Err(err(format!(
                        "clock: base_ms from 1 to {MAX_CLOCK_MS}, increment_ms at most {MAX_CLOCK_MS}"
                    )));
                }
                Some(c)
            }
        };
        let mut secrets = [None, None];
        let mut seats = Vec::with_capacity(2);
        for side in Side::BOTH {
            seats.push(match seat_of(request, side)? {
                Some(name) => SeatSpec::Bot { name },
                None => {
                    let secret = Secret::generate().map_err(err)?;
                    let secret_hash = secret.hash();
                    secrets[side.index()] = Some(secret);
                    SeatSpec::Person { secret_hash }
                }
            });
        }
        let [red, blue]: [SeatSpec; 2] = seats.try_into().map_err(|_| err("two seats"))?;
        Ok(NewGame {
            spec: GameSpec {
                rules,
                seats: [red, blue],
                clock,
                seed: crate::secret::random_u64().map_err(err)?,
            },
            secrets,
        })
    }

    /// The bot in `side`'s seat, if one.
    pub fn bot(&self, side: Side) -> Option<Bot> {
        match &self.seats[side.index()] {
            SeatSpec::Bot { name } => Bot::parse_within(name, MAX_BOT_NODES).ok(),
            SeatSpec::Person { .. } => None,
        }
    }

    /// The seat whose secret is `secret`.
    pub fn seat_of_secret(&self, secret: &str) -> Option<Side> {
        let hash = SecretHash::of(secret);
        Side::BOTH.into_iter().find(|s| {
            matches!(&self.seats[s.index()], SeatSpec::Person { secret_hash } if *secret_hash == hash)
        })
    }
}
