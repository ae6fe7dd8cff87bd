//! Kill and restart: the server program plays many games, is killed with
//! SIGKILL mid-move, and is started again on the same database: every game
//! resumes at its last acknowledged move (at most the one move in flight
//! when it died more, kept but not yet acknowledged), nothing acknowledged
//! is lost, and the games play on.

mod common;

use common::{Client, WAIT};
use futures_util::{SinkExt, StreamExt};

use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// Starts the server program on the database; its address.
fn spawn_server(db: &std::path::Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_marsal-server"))
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server program");
    let stderr = child.stderr.take().expect("its stderr");
    let mut lines = BufReader::new(stderr).lines();
    let addr = loop {
        let line = lines.next().expect("a line").expect("text");
        if let Some(a) = line.strip_prefix("marsal serve: listening on http://") {
            break a.parse().expect("an address");
        }
    };
    // Keep reading its stderr so that it never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (child, addr)
}

async fn next(c: &mut Client) -> Option<Value> {
    loop {
        match tokio::time::timeout(WAIT, c.ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).ok(),
            Ok(Some(Ok(Message::Close(_)))) | Ok(Some(Err(_))) | Ok(None) | Err(_) => return None,
            Ok(Some(Ok(_))) => continue,
        }
    }
}

/// One game's moves acknowledged, by ply.
type Acked = Arc<Mutex<Vec<(u64, String)>>>;

/// One seat plays until its connection dies or the game ends: a move when
/// its state offers legal moves, acknowledged by the next state.
async fn play(mut c: Client, acked: Acked) {
    let mut pending: Option<(u64, String)> = None;
    loop {
        let Some(s) = next(&mut c).await else { return };
        if s["type"] != "state" {
            continue;
        }
        if let Some((ply, mv)) = pending.take() {
            if s["ply"] == ply + 1 {
                acked.lock().unwrap().push((ply, mv));
            } else {
                pending = Some((ply, mv));
            }
        }
        if s["phase"] == "over" {
            return;
        }
        if s.get("legal").is_some() && pending.is_none() {
            let mv = common::pick(&s);
            let ply = s["ply"].as_u64().unwrap();
            let msg = json!({"type": "move", "ply": ply, "move": mv}).to_string();
            if c.ws.send(Message::text(msg)).await.is_err() {
                return;
            }
            pending = Some((ply, mv));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_every_game_at_its_last_acknowledged_move() {
    const GAMES: usize = 24;
    let db = common::temp_dir("restart").join("games.sqlite");
    let (mut server, addr) = spawn_server(&db);
    let mut games = Vec::new();
    let mut tasks = Vec::new();
    for _ in 0..GAMES {
        let game = common::create(
            addr,
            json!({"rules": "classic", "options": {"max_plies": 3000}}),
        )
        .await;
        let id = game["id"].as_str().unwrap().to_string();
        let secrets = [
            game["seats"]["red"]["secret"].as_str().unwrap().to_string(),
            game["seats"]["blue"]["secret"]
                .as_str()
                .unwrap()
                .to_string(),
        ];
        let (mut red, _, _) = Client::join(addr, &id, Some(&secrets[0])).await;
        let (mut blue, _, _) = Client::join(addr, &id, Some(&secrets[1])).await;
        red.send(&json!({"type": "setup", "random": true})).await;
        blue.send(&json!({"type": "setup", "random": true})).await;
        let acked: Acked = Arc::default();
        tasks.push(tokio::spawn(play(red, acked.clone())));
        tasks.push(tokio::spawn(play(blue, acked.clone())));
        games.push((id, secrets, acked));
    }
    tokio::time::sleep(Duration::from_millis(2500)).await;
    server.kill().expect("SIGKILL");
    server.wait().expect("its end");
    for t in tasks {
        let _ = t.await;
    }

    let (mut server, addr) = spawn_server(&db);
    let (mut acked_total, mut lost, mut in_flight_kept) = (0, 0, 0);
    for (id, secrets, acked) in &games {
        let mut acked = acked.lock().unwrap().clone();
        acked.sort();
        assert!(acked.iter().enumerate().all(|(i, (p, _))| *p == i as u64));
        let acked: Vec<String> = acked.into_iter().map(|(_, m)| m).collect();
        acked_total += acked.len();
        let (mut red, _, state) = Client::join(addr, id, Some(&secrets[0])).await;
        let ply = state["ply"].as_u64().unwrap() as usize;
        let log: Vec<String> = state["view"]["log"]
            .as_array()
            .map(|l| {
                l.iter()
                    .map(|o| {
                        format!(
                            "{}{}",
                            o["mv"]["from"].as_str().unwrap(),
                            o["mv"]["to"].as_str().unwrap()
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(log.len(), ply);
        let kept_acked = acked
            .iter()
            .zip(&log)
            .take_while(|(a, l)| a.replace(['-', 'x'], "") == **l)
            .count();
        lost += acked.len() - kept_acked;
        assert!(
            ply <= acked.len() + 1,
            "game {id}: {ply} plies kept, {} acknowledged",
            acked.len()
        );
        in_flight_kept += ply - kept_acked.min(ply);
        // It plays on.
        if state["phase"] == "play" {
            let (mut blue, _, bstate) = Client::join(addr, id, Some(&secrets[1])).await;
            let s = if state["to_move"] == "red" {
                &state
            } else {
                &bstate
            };
            let c = if state["to_move"] == "red" {
                &mut red
            } else {
                &mut blue
            };
            c.send(&json!({"type": "move", "ply": ply, "move": common::pick(s)}))
                .await;
            assert_eq!(c.recv().await["ply"], ply as u64 + 1, "game {id} plays on");
        }
    }
    println!(
        "kill -9 and restart: {GAMES} games, {acked_total} moves acknowledged, {lost} lost, {in_flight_kept} kept in flight"
    );
    assert_eq!(lost, 0);
    assert!(
        acked_total > GAMES,
        "too few moves before the kill: {acked_total}"
    );
    let _ = server.kill();
    let _ = server.wait();
}
