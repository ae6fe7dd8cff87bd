//! Whole games over the server: two clients, a person against a server bot,
//! bot against bot, spectators, the records.

mod common;

use common::{Client, create, http, pick, start};
use serde_json::{Value, json};

/// Two clients play a game to its end; both get one state a ply, the
/// mover's legal moves only to the mover. Returns the last state.
async fn play_out(red: &mut Client, blue: &mut Client, mut states: [Value; 2]) -> Value {
    loop {
        assert_eq!(states[0]["ply"], states[1]["ply"]);
        if states[0]["phase"] == "over" {
            assert_eq!(states[1]["phase"], "over");
            return states[0].clone();
        }
        let mover = match states[0]["to_move"].as_str() {
            Some("red") => 0,
            Some("blue") => 1,
            other => panic!("no side to move: {other:?} in {}", states[0]),
        };
        assert!(
            states[1 - mover].get("legal").is_none(),
            "legal moves to the waiting side"
        );
        let mv = pick(&states[mover]);
        let ply = states[mover]["ply"].clone();
        let c = if mover == 0 { &mut *red } else { &mut *blue };
        c.send(&json!({"type": "move", "ply": ply, "move": mv}))
            .await;
        states = [red.recv().await, blue.recv().await];
        assert_eq!(states[0]["type"], "state", "{}", states[0]);
        assert_eq!(states[1]["type"], "state", "{}", states[1]);
        assert_eq!(states[0]["ply"], ply.as_u64().unwrap() + 1);
    }
}

#[tokio::test]
async fn two_people_play_a_whole_game_and_download_its_record() {
    let addr = start("two-people").await;
    let (status, body) = http(addr, "GET", "/healthz", None).await;
    assert_eq!((status, body.as_str()), (200, "ok\n"));
    let game = create(
        addr,
        json!({"rules": "barrage", "options": {"max_plies": 120}, "first": "blue"}),
    )
    .await;
    let id = game["id"].as_str().unwrap();
    let secret = |s: &str| game["seats"][s]["secret"].as_str().unwrap().to_string();
    assert!(
        game["seats"]["red"]["invite"]
            .as_str()
            .unwrap()
            .contains(&secret("red"))
    );
    let (mut red, welcome, s) = Client::join(addr, id, Some(&secret("red"))).await;
    assert_eq!(welcome["seat"], "red");
    assert_eq!(welcome["rules"]["first_to_move"], "blue");
    assert_eq!(s["phase"], "setup");
    let (mut blue, _, _) = Client::join(addr, id, Some(&secret("blue"))).await;
    let (mut watcher, _, _) = Client::join(addr, id, None).await;

    // The record is not given before the end.
    let (status, _) = http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(status, 409);

    red.send(&json!({"type": "setup", "random": true})).await;
    let r = red.recv().await;
    assert_eq!(r["setups_done"], json!({"red": true, "blue": false}));
    assert!(r["setup"].is_string(), "the seat sees its own setup: {r}");
    let b = blue.recv().await;
    assert!(
        b.get("setup").is_none(),
        "the other setup is not shown: {b}"
    );
    watcher.recv().await;
    blue.send(&json!({"type": "setup", "random": true})).await;
    let states = [red.recv().await, blue.recv().await];
    assert_eq!(states[0]["phase"], "play");
    assert_eq!(states[0]["to_move"], "blue");
    let last = play_out(&mut red, &mut blue, states).await;
    let ending = &last["ending"];
    assert!(ending["words"].is_string(), "{last}");

    let (status, body) = http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(status, 200, "{body}");
    let record: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(record["result"]["reason"], ending["reason"]);
    let mut plain = record.clone();
    plain.as_object_mut().unwrap().remove("result");
    let replayed: marsal::Game = serde_json::from_value(plain).expect("the record replays");
    assert_eq!(
        u64::from(replayed.position().ply()),
        last["ply"].as_u64().unwrap()
    );
    let (status, xml) = http(addr, "GET", &format!("/api/games/{id}/record.xml"), None).await;
    assert_eq!(status, 200);
    let g = marsal::gravon::parse(&xml).expect("Gravon XML");
    assert_eq!(g.moves.len() as u64, last["ply"].as_u64().unwrap());
}

#[tokio::test]
async fn a_person_plays_a_server_bot_and_two_bots_play_each_other() {
    let addr = start("bots").await;
    let game = create(
        addr,
        json!({"rules": "barrage", "options": {"max_plies": 80}, "seats": {"blue": {"bot": "search:50"}}}),
    )
    .await;
    assert_eq!(game["seats"]["blue"]["bot"], "search:50");
    assert!(game["seats"]["blue"].get("secret").is_none());
    let id = game["id"].as_str().unwrap();
    let (mut red, welcome, state) =
        Client::join(addr, id, game["seats"]["red"]["secret"].as_str()).await;
    assert_eq!(welcome["seats"]["blue"], "bot:search:50");
    assert_eq!(state["setups_done"]["blue"], true, "the bot's setup is in");
    red.send(&json!({"type": "setup", "random": true})).await;
    let mut s = red.recv().await;
    while s["phase"] != "over" {
        if s["to_move"] == "red" {
            red.send(&json!({"type": "move", "ply": s["ply"], "move": pick(&s)}))
                .await;
        }
        s = red.recv().await;
        assert_eq!(s["type"], "state", "{s}");
    }

    // Bot against bot: a spectator watches it end.
    let game = create(
        addr,
        json!({"rules": "barrage", "options": {"max_plies": 60}, "seats": {"red": "bot:random", "blue": {"bot": "careful"}}}),
    )
    .await;
    let id = game["id"].as_str().unwrap();
    let (mut watcher, _, mut s) = Client::join(addr, id, None).await;
    while s["phase"] != "over" {
        s = watcher.recv().await;
    }
    assert!(s["ending"]["reason"].is_string(), "{s}");
    // Once nobody watches, the server lets go of the finished game; its
    // record comes from the store.
    drop(watcher);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let (status, body) = http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(status, 200, "{body}");
    let record: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(record["result"]["red"], "bot:random");
    assert_eq!(record["result"]["reason"], s["ending"]["reason"]);
}
