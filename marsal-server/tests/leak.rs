//! Hidden information over the wire: two games that differ only in where
//! Blue's Flag and Bomb stand (pieces that never move and that Red never
//! attacks here) send Red, and a spectator, byte-identical messages at
//! every ply, from the welcome to the end.

mod common;

use common::{Client, create, pick, start};
use serde_json::{Value, json};

const RED_SETUP: &str = ".S......../G.YMS...../....B....N/....F.....";
const BLUE_A: &str = "...S....../...S.G..../.....B..../.MY..FN...";

/// The squares of Blue's Flag and Bomb in setup `text`.
fn hidden_squares(text: &str) -> Vec<String> {
    let rules = marsal::Ruleset::barrage();
    let setup = marsal::Setup::from_text(&rules, marsal::Side::Blue, text).expect("a setup");
    setup
        .pieces()
        .filter(|(_, k)| matches!(k, marsal::PieceKind::Flag | marsal::PieceKind::Bomb))
        .map(|(sq, _)| sq.to_string())
        .collect()
}

/// A move of the state's legal list that does not go to `avoid`.
fn pick_avoiding(state: &Value, avoid: &[String]) -> String {
    let legal = state["legal"].as_array().expect("legal");
    let ply = state["ply"].as_u64().expect("ply") as usize;
    let n = legal.len();
    (0..n)
        .map(|i| {
            legal[(ply * 7 + 3 + i) % n]
                .as_str()
                .expect("text")
                .to_string()
        })
        .find(|m| {
            let to = m.split(['-', 'x']).nth(1).unwrap_or("");
            !avoid.iter().any(|a| a == to)
        })
        .expect("a move elsewhere")
}

struct Twin {
    red: Client,
    blue: Client,
    watch: Client,
    seen: Vec<String>,
}

async fn open(addr: std::net::SocketAddr, blue_setup: &str) -> Twin {
    let game = create(
        addr,
        json!({"rules": "barrage", "options": {"max_plies": 160}}),
    )
    .await;
    let id = game["id"].as_str().unwrap();
    let mut red = Client::connect(addr, id).await;
    red.send(&json!({"type": "join", "secret": game["seats"]["red"]["secret"]}))
        .await;
    let mut watch = Client::connect(addr, id).await;
    watch.send(&json!({"type": "join"})).await;
    let (mut blue, _, _) = Client::join(addr, id, game["seats"]["blue"]["secret"].as_str()).await;
    let mut seen = Vec::new();
    for _ in 0..2 {
        seen.push(red.recv_text().await);
        seen.push(watch.recv_text().await);
    }
    red.send(&json!({"type": "setup", "text": RED_SETUP})).await;
    blue.recv().await;
    blue.send(&json!({"type": "setup", "text": blue_setup}))
        .await;
    // Blue's state as play starts.
    blue.recv().await;
    Twin {
        red,
        blue,
        watch,
        seen,
    }
}

#[tokio::test]
async fn red_and_a_spectator_get_the_same_bytes_whatever_blues_hidden_pieces() {
    let addr = start("leak").await;
    let blue_b: String = BLUE_A
        .chars()
        .map(|c| match c {
            'F' => 'B',
            'B' => 'F',
            c => c,
        })
        .collect();
    let avoid = hidden_squares(BLUE_A);
    assert_eq!(avoid.len(), 2);
    assert_ne!(BLUE_A, blue_b);
    let mut games = [open(addr, BLUE_A).await, open(addr, &blue_b).await];
    // Red's setup state (both games) is already in `seen` order below.
    let mut plies = 0;
    loop {
        let mut red_states = Vec::new();
        for g in games.iter_mut() {
            // Red's and the spectator's next message, and Blue's.
            let r = g.red.recv_text().await;
            let w = g.watch.recv_text().await;
            g.seen.push(r.clone());
            g.seen.push(w);
            red_states.push(serde_json::from_str::<Value>(&r).unwrap());
        }
        assert_eq!(
            games[0].seen, games[1].seen,
            "Red's or the spectator's messages differ at ply {plies}"
        );
        let s = &red_states[0];
        if s["phase"] == "over" {
            break;
        }
        if s["phase"] == "setup" {
            continue;
        }
        plies = s["ply"].as_u64().unwrap();
        if s["to_move"] == "red" {
            let mv = pick_avoiding(s, &avoid);
            for g in games.iter_mut() {
                g.red
                    .send(&json!({"type": "move", "ply": plies, "move": mv}))
                    .await;
            }
        } else {
            // Blue moves the same in both games: its legal moves are the
            // same (a Flag and a Bomb never move).
            let mut bs = Vec::new();
            for g in games.iter_mut() {
                bs.push(g.blue.recv().await);
            }
            assert_eq!(bs[0]["legal"], bs[1]["legal"]);
            let mv = pick(&bs[0]);
            for g in games.iter_mut() {
                g.blue
                    .send(&json!({"type": "move", "ply": plies, "move": mv}))
                    .await;
                // Blue's state after its own move.
                g.blue.recv().await;
            }
        }
    }
    assert!(plies > 20, "the games ended early: {plies} plies");
    // Blue's own messages did differ (its view shows its own pieces).
}
