//! `marsal play --join LINK`: a seat of a game on a game server
//! (`marsal serve`), taken by its invitation link and played by the person
//! at the terminal or, with `--bot CMD`, by a program speaking the marsal
//! bot protocol. The server is the referee: this side gets only its seat's
//! view, and passes on to the player each move as the seat saw it.

use crate::referee::{Answer, Ending, Fault, GameStart, Player, move_text};
use marsal::{Move, Observation, Ruleset, Setup, Side, View};
use marsal_server::protocol::ClientMsg;
use serde_json::Value;
use std::net::TcpStream;
use std::time::Duration;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// A seat's invitation link, read.
#[derive(Debug, PartialEq, Eq)]
pub struct Link {
    /// The WebSocket of the game (`ws://HOST/api/games/ID/ws`).
    pub ws: String,
    /// The seat.
    pub seat: Side,
    /// The seat's secret.
    pub secret: String,
}

/// Reads `http://HOST/#game=ID&seat=SIDE&secret=SECRET`.
pub fn parse_link(link: &str) -> Result<Link, String> {
    let bad = |why: &str| {
        format!(
            "{link:?} is no invitation link ({why}): http://HOST/#game=ID&seat=red&secret=SECRET"
        )
    };
    let (base, fragment) = link.trim().split_once('#').ok_or_else(|| bad("no #"))?;
    let base = base.trim_end_matches('/');
    let ws_base = if let Some(rest) = base.strip_prefix("http://") {
        format!("ws://{rest}")
    } else if base.starts_with("https://") {
        return Err(format!(
            "{link:?}: https links need TLS, which this marsal program does not speak; use the server's http:// address"
        ));
    } else {
        return Err(bad("not http://"));
    };
    let (mut game, mut seat, mut secret) = (None, None, None);
    for pair in fragment.split('&') {
        match pair.split_once('=') {
            Some(("game", v)) => game = Some(v),
            Some(("seat", v)) => seat = Some(v),
            Some(("secret", v)) => secret = Some(v),
            _ => {}
        }
    }
    let game = game
        .filter(|g| !g.is_empty() && g.bytes().all(|b| b.is_ascii_alphanumeric()))
        .ok_or_else(|| bad("no game id"))?;
    let seat = match seat {
        Some("red") => Side::Red,
        Some("blue") => Side::Blue,
        _ => return Err(bad("no seat: red or blue")),
    };
    let secret = secret
        .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_hexdigit()))
        .ok_or_else(|| bad("no secret: a spectator's link cannot play"))?;
    Ok(Link {
        ws: format!("{ws_base}/api/games/{game}/ws"),
        seat,
        secret: secret.to_string(),
    })
}

type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

fn connect(link: &Link) -> Result<Socket, String> {
    let (mut socket, _) = tungstenite::connect(link.ws.as_str())
        .map_err(|e| format!("cannot reach the game server at {}: {e}", link.ws))?;
    send(
        &mut socket,
        &ClientMsg::Join {
            secret: Some(link.secret.clone()),
        },
    )?;
    Ok(socket)
}

fn send(socket: &mut Socket, msg: &ClientMsg) -> Result<(), String> {
    let text = serde_json::to_string(msg).map_err(|e| e.to_string())?;
    socket
        .send(Message::text(text))
        .map_err(|e| format!("the connection to the server: {e}"))
}

/// The preset the rules are, or `custom`.
fn rules_name(rules: &Ruleset) -> String {
    Ruleset::PRESETS
        .iter()
        .find(|p| Ruleset::preset(p).as_ref() == Some(rules))
        .map_or_else(|| "custom".to_string(), |p| p.to_string())
}

/// The seat's view in a `state` (its log absent but after `join`/`sync`).
fn view_of(state: &Value) -> Result<Option<View>, String> {
    let Some(v) = state.get("view") else {
        return Ok(None);
    };
    let mut v = v.clone();
    if let Value::Object(map) = &mut v {
        map.entry("log").or_insert(Value::Array(Vec::new()));
    }
    serde_json::from_value(v)
        .map(Some)
        .map_err(|e| format!("the server sent a view this program cannot read: {e}"))
}

/// How the server's `ending` reads as an ending of the referee.
fn ending_of(ending: &Value, view: Option<&View>) -> Ending {
    let winner = match ending.get("winner").and_then(Value::as_str) {
        Some("red") => Some(Side::Red),
        Some("blue") => Some(Side::Blue),
        _ => None,
    };
    match (ending.get("reason").and_then(Value::as_str), winner, view) {
        (Some("resigned"), Some(w), _) => Ending::Resigned(!w),
        (Some("time"), Some(w), _) => Ending::Forfeit {
            loser: !w,
            fault: Fault::Timeout(Duration::ZERO),
        },
        (_, _, Some(v)) => Ending::Rules(v.status()),
        (_, Some(w), None) => Ending::Resigned(!w),
        (_, None, None) => Ending::BothSetupsFailed([
            Fault::Protocol("no setup".into()),
            Fault::Protocol("no setup".into()),
        ]),
    }
}

/// What the seat has passed on to its player so far.
struct Seat<'a> {
    link: &'a Link,
    player: &'a mut dyn Player,
    rules: Option<Ruleset>,
    seats: Value,
    setup_sent: bool,
    started: bool,
    seen: usize,
    /// The move asked for and not yet answered by the server (ply, move).
    pending: Option<(u32, Move)>,
    view: Option<View>,
    legal: Vec<Move>,
    seed: u64,
}

impl Seat<'_> {
    fn setup(&mut self, socket: &mut Socket) -> Result<(), String> {
        let rules = self.rules.as_ref().ok_or("the server sent no rules")?;
        let side = self.link.seat;
        let example = Setup::sensible(rules, side, self.seed);
        let opponent = match self.seats.get((!side).name()).and_then(Value::as_str) {
            Some(s) => s.to_string(),
            None => "person".to_string(),
        };
        let name = rules_name(rules);
        let setup = self
            .player
            .setup(&GameStart {
                rules,
                ruleset_name: &name,
                side,
                name: "you",
                opponent: &opponent,
                example: &example,
            })
            .map_err(|f| format!("the setup: {f}"))?;
        let text = setup.to_text(rules).to_string();
        self.setup_sent = true;
        send(
            socket,
            &ClientMsg::Setup {
                text: Some(text),
                random: false,
            },
        )
    }

    /// Passes on the moves the player has not seen yet.
    fn observe(&mut self, view: &View, last: Option<Observation>) -> Result<(), String> {
        let ply = view.ply() as usize;
        if !self.started {
            self.player
                .start(view)
                .map_err(|f| format!("the player: {f}"))?;
            self.started = true;
        }
        let log = view.log();
        if log.len() == ply && self.seen < ply {
            for obs in &log[self.seen..] {
                self.player
                    .observe(obs, view)
                    .map_err(|f| format!("the player: {f}"))?;
            }
        } else if self.seen + 1 == ply {
            if let Some(obs) = last {
                self.player
                    .observe(&obs, view)
                    .map_err(|f| format!("the player: {f}"))?;
            }
        }
        self.seen = self.seen.max(ply);
        Ok(())
    }

    fn choose(&mut self, socket: &mut Socket) -> Result<(), String> {
        let Some(view) = self.view.clone() else {
            return Ok(());
        };
        match self
            .player
            .choose(&view, &self.legal)
            .map_err(|f| format!("the player: {f}"))?
        {
            Answer::Move(mv) => {
                let ply = view.ply();
                self.pending = Some((ply, mv));
                send(
                    socket,
                    &ClientMsg::Move {
                        ply,
                        mv: move_text(&view, mv),
                    },
                )
            }
            Answer::Resign => send(socket, &ClientMsg::Resign {}),
        }
    }

    /// One message of the server; `Some(ending)` once the game is over.
    fn handle(&mut self, socket: &mut Socket, text: &str) -> Result<Option<Ending>, String> {
        let msg: Value =
            serde_json::from_str(text).map_err(|e| format!("the server sent no JSON: {e}"))?;
        match msg.get("type").and_then(Value::as_str) {
            Some("welcome") => {
                let rules: Ruleset = serde_json::from_value(msg["rules"].clone())
                    .map_err(|e| format!("the server's rules: {e}"))?;
                self.rules = Some(rules);
                self.seats = msg["seats"].clone();
            }
            Some("state") => {
                let view = view_of(&msg)?;
                let phase = msg.get("phase").and_then(Value::as_str).unwrap_or("");
                let mine = msg["setups_done"][self.link.seat.name()].as_bool() == Some(true);
                if phase == "setup" && !mine && !self.setup_sent {
                    self.setup(socket)?;
                }
                if let Some(v) = &view {
                    let last: Option<Observation> =
                        serde_json::from_value(msg["view"]["last"].clone()).unwrap_or(None);
                    self.observe(v, last)?;
                }
                if phase == "over" {
                    return Ok(Some(ending_of(&msg["ending"], view.as_ref())));
                }
                self.legal = msg["legal"]
                    .as_array()
                    .map(|l| {
                        l.iter()
                            .filter_map(|m| m.as_str()?.parse::<Move>().ok())
                            .collect()
                    })
                    .unwrap_or_default();
                self.view = view;
                self.pending = None;
                let to_move = msg.get("to_move").and_then(Value::as_str);
                if phase == "play"
                    && to_move == Some(self.link.seat.name())
                    && !self.legal.is_empty()
                {
                    self.choose(socket)?;
                }
            }
            Some("error") => {
                let code = msg["code"].as_str().unwrap_or("");
                let words = msg["message"].as_str().unwrap_or("").to_string();
                match (code, self.pending.take()) {
                    ("illegal_move" | "bad_move", Some((_, mv))) => {
                        if self.player.illegal(mv, &words) {
                            self.choose(socket)?;
                        } else {
                            eprintln!("marsal: the server refused the move: {words}; resigning");
                            send(socket, &ClientMsg::Resign {})?;
                        }
                    }
                    ("bad_secret", _) => return Err(format!("the server: {words}")),
                    ("bad_setup", _) => {
                        return Err(format!("the server refused the setup: {words}"));
                    }
                    _ => {
                        eprintln!("marsal: the server: {words} ({code})");
                        send(socket, &ClientMsg::Sync {})?;
                    }
                }
            }
            _ => {}
        }
        Ok(None)
    }
}

/// Plays the seat of `link` with `player` until the game is over,
/// reconnecting (up to 30 times in a row, a second apart) when the
/// connection is lost. Returns the ending.
pub fn play(link: &Link, player: &mut dyn Player, seed: u64) -> Result<Ending, String> {
    let mut seat = Seat {
        link,
        player,
        rules: None,
        seats: Value::Null,
        setup_sent: false,
        started: false,
        seen: 0,
        pending: None,
        view: None,
        legal: Vec::new(),
        seed,
    };
    let mut failures = 0;
    loop {
        let mut socket = match connect(link) {
            Ok(s) => s,
            Err(e) if failures < 30 && seat.rules.is_some() => {
                failures += 1;
                eprintln!("marsal: {e}; trying again");
                std::thread::sleep(Duration::from_secs(1));
                continue;
            }
            Err(e) => return Err(e),
        };
        loop {
            match socket.read() {
                Ok(Message::Text(text)) => {
                    failures = 0;
                    if let Some(ending) = seat.handle(&mut socket, text.as_str())? {
                        seat.player.finish(&ending);
                        let _ = socket.close(None);
                        return Ok(ending);
                    }
                }
                Ok(Message::Close(_)) | Err(_) => break,
                Ok(_) => {}
            }
        }
        if failures >= 30 {
            return Err("the connection to the game server was lost".into());
        }
        failures += 1;
        eprintln!("marsal: the connection to the game server was lost; joining again");
        std::thread::sleep(Duration::from_millis(500));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_read_and_bad_ones_refused() {
        let link =
            parse_link("http://127.0.0.1:8080/#game=0a1b&seat=blue&secret=abcdef12").unwrap();
        assert_eq!(link.ws, "ws://127.0.0.1:8080/api/games/0a1b/ws");
        assert_eq!(link.seat, Side::Blue);
        assert_eq!(link.secret, "abcdef12");
        assert!(
            parse_link("http://h/#game=0a1b")
                .unwrap_err()
                .contains("no seat")
        );
        assert!(
            parse_link("http://h/#game=0a1b&seat=red")
                .unwrap_err()
                .contains("spectator")
        );
        assert!(
            parse_link("https://h/#game=a&seat=red&secret=ab")
                .unwrap_err()
                .contains("TLS")
        );
        assert!(parse_link("ftp://h/#game=a&seat=red&secret=ab").is_err());
        assert!(parse_link("http://h/").is_err());
    }
}
