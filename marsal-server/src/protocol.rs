//! The messages of a seat's WebSocket: what a client may send
//! ([`ClientMsg`], read by [`decode`]) and the errors it gets back
//! ([`ErrorCode`]). docs/server.md describes every message.
//!
//! The decoder is the server's front door: it takes any text a network peer
//! sends and either returns a message or an error code; it never panics
//! (the `server_decode` fuzz target checks).

use serde::{Deserialize, Serialize};

/// The largest text message the server reads, in bytes. A longer one is
/// refused with [`ErrorCode::TooLarge`] (a message over 64 KiB closes the
/// connection at the WebSocket layer).
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// A message from a client (clients such as `marsal play --join` write
/// it with serde too).
///
/// ```
/// use marsal_server::protocol::{ClientMsg, decode};
/// assert_eq!(
///     decode(r#"{"type":"move","ply":4,"move":"a4-a5"}"#),
///     Ok(ClientMsg::Move { ply: 4, mv: "a4-a5".into() })
/// );
/// assert!(decode("{").is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Take a seat with its secret, or watch (no secret). The first
    /// message of a connection.
    Join {
        /// The seat's secret from its invitation link; none to watch.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        secret: Option<String>,
    },
    /// The seat's setup, in the setup text of the rules (rows from the
    /// seat's back row forward), or `random: true` for one the server
    /// draws.
    Setup {
        /// The setup text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text: Option<String>,
        /// Let the server draw a sensible setup.
        #[serde(default)]
        random: bool,
    },
    /// A move at ply `ply` (the number of plies played before it, as the
    /// seat's last `state` said): a replayed or late move names a ply that
    /// has passed and is refused.
    Move {
        /// The ply this move is for.
        ply: u32,
        /// The move in the engine's notation (`a4-a5`).
        #[serde(rename = "move")]
        mv: String,
    },
    /// Give up the game.
    Resign {},
    /// Ask for the whole state again (the seat's view with its log).
    Sync {},
}

/// Why the server refused a message: a stable token and the words for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorCode {
    /// The message is not JSON, or not one of the messages.
    BadMessage,
    /// The message is longer than [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// The connection sent too many messages too fast.
    RateLimited,
    /// The first message must be `join`.
    NotJoined,
    /// The connection has already joined.
    AlreadyJoined,
    /// The secret is no seat's secret of this game.
    BadSecret,
    /// A spectator cannot act.
    Spectator,
    /// The message does not fit the phase of the game (a move during the
    /// setup, a setup during play).
    WrongPhase,
    /// The game is over.
    GameOver,
    /// The seat has already given its setup.
    SetupDone,
    /// The setup text is not a valid setup of this seat under the rules.
    BadSetup,
    /// It is the other side's move.
    NotYourTurn,
    /// The move names a ply other than the current one (replayed or late).
    StalePly,
    /// The move text is not a move.
    BadMove,
    /// The move is not legal here.
    IllegalMove,
    /// The game could not be saved; nothing was changed.
    Storage,
    /// The game moved on elsewhere (another server process kept a move
    /// first); the seat is sent the game as kept.
    Conflict,
}

impl ErrorCode {
    /// The token sent as `code`.
    ///
    /// ```
    /// assert_eq!(marsal_server::protocol::ErrorCode::NotYourTurn.token(), "not_your_turn");
    /// ```
    pub fn token(self) -> &'static str {
        match self {
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::NotJoined => "not_joined",
            ErrorCode::AlreadyJoined => "already_joined",
            ErrorCode::BadSecret => "bad_secret",
            ErrorCode::Spectator => "spectator",
            ErrorCode::WrongPhase => "wrong_phase",
            ErrorCode::GameOver => "game_over",
            ErrorCode::SetupDone => "setup_done",
            ErrorCode::BadSetup => "bad_setup",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::StalePly => "stale_ply",
            ErrorCode::BadMove => "bad_move",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::Storage => "storage",
            ErrorCode::Conflict => "conflict",
        }
    }
}

/// A refusal: its code and a message for a person.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal {
    /// The code.
    pub code: ErrorCode,
    /// The words.
    pub message: String,
}

impl Refusal {
    /// A refusal with `code` and `message`.
    ///
    /// ```
    /// use marsal_server::protocol::{ErrorCode, Refusal};
    /// let r = Refusal::new(ErrorCode::GameOver, "the game is over");
    /// assert!(r.to_json().contains(r#""code":"game_over""#));
    /// ```
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// The `error` message sent to the client.
    pub fn to_json(&self) -> String {
        serde_json::json!({"type": "error", "code": self.code.token(), "message": self.message})
            .to_string()
    }
}

/// Reads one text message from a client: its size first, then its JSON.
///
/// ```
/// use marsal_server::protocol::{decode, ClientMsg, ErrorCode};
/// assert_eq!(decode(r#"{"type":"resign"}"#), Ok(ClientMsg::Resign {}));
/// assert_eq!(decode(&"x".repeat(5000)).unwrap_err().code, ErrorCode::TooLarge);
/// assert_eq!(decode(r#"{"type":"fly"}"#).unwrap_err().code, ErrorCode::BadMessage);
/// ```
pub fn decode(text: &str) -> Result<ClientMsg, Refusal> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(Refusal::new(
            ErrorCode::TooLarge,
            format!(
                "a message of {} bytes; at most {MAX_MESSAGE_BYTES}",
                text.len()
            ),
        ));
    }
    serde_json::from_str(text).map_err(|e| Refusal::new(ErrorCode::BadMessage, e.to_string()))
}
