//! What a hostile or confused client sends: each refused with its error
//! code, nothing changed, the server still serving; a locked database
//! refuses the move it could not keep; a clock's flag falls.

mod common;

use common::{Client, create, http_with, start, temp_dir};
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

async fn started_game(addr: std::net::SocketAddr) -> (String, Client, Client) {
    let game = create(addr, json!({"rules": "barrage", "first": "red"})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let (mut red, _, _) = Client::join(addr, &id, game["seats"]["red"]["secret"].as_str()).await;
    let (mut blue, _, _) = Client::join(addr, &id, game["seats"]["blue"]["secret"].as_str()).await;
    red.send(&json!({"type": "setup", "random": true})).await;
    red.recv().await;
    blue.recv().await;
    blue.send(&json!({"type": "setup", "random": true})).await;
    red.recv().await;
    blue.recv().await;
    (id, red, blue)
}

async fn state(c: &mut Client) -> Value {
    c.send(&json!({"type": "sync"})).await;
    let s = c.recv().await;
    assert_eq!(s["type"], "state", "{s}");
    s
}

#[tokio::test]
async fn garbage_wrong_seats_replays_and_floods_are_refused_and_change_nothing() {
    let addr = start("bad").await;
    let (id, mut red, mut blue) = started_game(addr).await;
    let before = state(&mut red).await;
    let mv = before["legal"][0].as_str().unwrap().to_string();

    // Before joining: only join.
    let mut raw = Client::connect(addr, &id).await;
    raw.send(&json!({"type": "move", "ply": 0, "move": mv}))
        .await;
    assert_eq!(raw.expect_error().await, "not_joined");
    raw.send(&json!({"type": "join", "secret": "0".repeat(48)}))
        .await;
    assert_eq!(raw.expect_error().await, "bad_secret");
    for garbage in [
        "",
        "{",
        "null",
        "[1,2]",
        "{\"type\":\"move\"}",
        "{\"type\":\"move\",\"ply\":-1,\"move\":\"a\"}",
        "{\"type\":\"join\",\"secret\":5}",
        "{\"type\":\"resign\",\"extra\":1}",
        "\u{0}\u{1}",
    ] {
        raw.send_text(garbage).await;
        assert_eq!(raw.expect_error().await, "bad_message", "{garbage:?}");
    }
    raw.ws
        .send(Message::binary(vec![0u8, 159, 146, 150]))
        .await
        .unwrap();
    assert_eq!(raw.expect_error().await, "bad_message");
    raw.send_text(&format!(
        "{{\"type\":\"sync\",\"x\":\"{}\"}}",
        "a".repeat(5000)
    ))
    .await;
    assert_eq!(raw.expect_error().await, "too_large");

    // Blue cannot move for Red, nor in Red's turn; Red cannot replay.
    blue.send(&json!({"type": "move", "ply": 0, "move": mv}))
        .await;
    assert_eq!(blue.expect_error().await, "not_your_turn");
    blue.send(&json!({"type": "join", "secret": "x"})).await;
    assert_eq!(blue.expect_error().await, "already_joined");
    blue.send(&json!({"type": "setup", "random": true})).await;
    assert_eq!(blue.expect_error().await, "wrong_phase");
    red.send(&json!({"type": "move", "ply": 5, "move": mv}))
        .await;
    assert_eq!(red.expect_error().await, "stale_ply");
    red.send(&json!({"type": "move", "ply": 0, "move": "z9-z10"}))
        .await;
    assert_eq!(red.expect_error().await, "bad_move");
    // A well-formed step that is not among Red's legal moves (which steps
    // are legal depends on the random setups).
    let legal: Vec<&str> = before["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let illegal = ('a'..='j')
        .flat_map(|f| (1..=9).map(move |r| format!("{f}{r}-{f}{}", r + 1)))
        .find(|m| !legal.contains(&m.as_str()))
        .unwrap();
    red.send(&json!({"type": "move", "ply": 0, "move": illegal}))
        .await;
    let code = red.expect_error().await;
    assert!(code == "illegal_move" || code == "bad_move", "{code}");
    assert_eq!(state(&mut red).await, before, "refusals changed the game");

    red.send(&json!({"type": "move", "ply": 0, "move": mv}))
        .await;
    assert_eq!(red.recv().await["ply"], 1);
    blue.recv().await;
    red.send(&json!({"type": "move", "ply": 0, "move": mv}))
        .await;
    assert_eq!(red.expect_error().await, "stale_ply", "a replayed move");

    // A flood: the first messages pass, the rest are refused.
    let mut watcher = Client::connect(addr, &id).await;
    watcher.send(&json!({"type": "join"})).await;
    watcher.recv().await;
    watcher.recv().await;
    for _ in 0..60 {
        watcher.send(&json!({"type": "resign"})).await;
    }
    let mut codes = Vec::new();
    for _ in 0..60 {
        codes.push(watcher.expect_error().await);
    }
    assert!(codes.iter().any(|c| c == "spectator"));
    assert!(codes.iter().any(|c| c == "rate_limited"), "{codes:?}");

    // A message over 64 KiB closes the connection; the server goes on.
    let mut big = Client::connect(addr, &id).await;
    let _ = big.ws.send(Message::text("x".repeat(70_000))).await;
    let closed = tokio::time::timeout(common::WAIT, futures_util::StreamExt::next(&mut big.ws))
        .await
        .unwrap();
    assert!(!matches!(closed, Some(Ok(Message::Text(_)))), "{closed:?}");

    // Another origin is refused; the game is as it was after one move.
    let (status, _) = http_with(
        addr,
        "POST",
        "/api/games",
        Some("{}"),
        &["Origin: http://evil.example"],
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = http_with(
        addr,
        "GET",
        &format!("/api/games/{id}/ws"),
        None,
        &[
            "Origin: http://evil.example",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Version: 13",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        ],
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = http_with(addr, "GET", "/api/games/..%2F..%2Fetc/ws", None, &[]).await;
    assert_eq!(status, 404);
    let (status, _) = http_with(
        addr,
        "POST",
        "/api/games",
        Some("{\"rules\": \"chess\"}"),
        &[],
    )
    .await;
    assert_eq!(status, 400);
    let (status, _) = http_with(
        addr,
        "POST",
        "/api/games",
        Some("{\"seats\": {\"red\": {\"bot\": \"search:99999999\"}}}"),
        &[],
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(state(&mut blue).await["ply"], 1);
    let (status, _) = common::http(addr, "GET", "/healthz", None).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_locked_database_refuses_the_move_and_keeps_the_game_as_it_was() {
    let db = temp_dir("locked").join("games.sqlite");
    let store = marsal_server::open_store(db.to_str().unwrap()).unwrap();
    let addr = common::start_with(store, marsal_server::Options::default()).await;
    let (_id, mut red, mut blue) = started_game(addr).await;
    let before = state(&mut red).await;
    let mv = before["legal"][0].as_str().unwrap().to_string();
    // Another program holds the database's write lock.
    let other = rusqlite::Connection::open(&db).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    red.send(&json!({"type": "move", "ply": 0, "move": mv}))
        .await;
    let err = red.recv().await;
    assert_eq!(err["code"], "storage", "{err}");
    assert!(err["message"].as_str().unwrap().contains("locked"), "{err}");
    assert_eq!(state(&mut red).await, before);
    other.execute_batch("COMMIT").unwrap();
    red.send(&json!({"type": "move", "ply": 0, "move": mv}))
        .await;
    assert_eq!(red.recv().await["ply"], 1);
    assert_eq!(blue.recv().await["ply"], 1);
}

#[tokio::test]
async fn a_flag_falls_and_the_other_side_wins_on_time() {
    let addr = start("clock").await;
    let game = create(
        addr,
        json!({"rules": "barrage", "clock": {"base_ms": 400, "increment_ms": 100},
        "seats": {"blue": {"bot": "random"}}}),
    )
    .await;
    let id = game["id"].as_str().unwrap();
    let (mut red, welcome, _) =
        Client::join(addr, id, game["seats"]["red"]["secret"].as_str()).await;
    assert_eq!(
        welcome["clock"],
        json!({"base_ms": 400, "increment_ms": 100})
    );
    red.send(&json!({"type": "setup", "random": true})).await;
    let mut s = red.recv().await;
    assert_eq!(s["clock"]["running"], "red", "{s}");
    while s["phase"] != "over" {
        s = red.recv().await;
    }
    assert_eq!(s["ending"]["reason"], "time");
    assert_eq!(s["ending"]["winner"], "blue");
    assert_eq!(s["ending"]["words"], "Blue wins: Red's time ran out");
    assert_eq!(s["clock"]["red_ms"], 0);
}

#[tokio::test]
async fn a_connection_that_never_joins_is_closed() {
    let db = temp_dir("idle").join("games.sqlite");
    let store = marsal_server::open_store(db.to_str().unwrap()).unwrap();
    let options = marsal_server::Options {
        join_timeout_secs: 1,
        ..marsal_server::Options::default()
    };
    let addr = common::start_with(store, options).await;
    let game = create(addr, json!({})).await;
    let mut idle = Client::connect(addr, game["id"].as_str().unwrap()).await;
    let t = std::time::Instant::now();
    assert_eq!(idle.expect_error().await, "not_joined");
    assert!(t.elapsed() >= std::time::Duration::from_millis(900));
    let next = tokio::time::timeout(common::WAIT, futures_util::StreamExt::next(&mut idle.ws))
        .await
        .unwrap();
    assert!(!matches!(next, Some(Ok(Message::Text(_)))), "{next:?}");
}
