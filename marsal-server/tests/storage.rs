//! The storage trait's contract, on SQLite and (with the `postgres` feature
//! and `MARSAL_TEST_POSTGRES_URL` set, as `.ci/postgres` does) on a real
//! Postgres: writes that do not follow what is kept are refused; a second
//! server on the same database resumes a game; two servers racing for one
//! ply keep one move and tell the other mover `conflict`.

mod common;

use common::{Client, create};
use marsal::Side;
use marsal_server::{Store, StoreError, StoredGame, StoredMove};
use serde_json::json;
use std::sync::Arc;

fn game(id: &str) -> StoredGame {
    let spec = marsal_server::GameSpec::from_request(&json!({"rules": "barrage"}))
        .unwrap()
        .spec;
    StoredGame {
        id: id.into(),
        spec: serde_json::to_string(&spec).unwrap(),
        setups: [None, None],
        moves: Vec::new(),
        ending: None,
    }
}

fn mv(ply: u32, text: &str) -> StoredMove {
    StoredMove {
        ply,
        mv: text.into(),
        clock_ms: Some([1000, 2000 + u64::from(ply)]),
    }
}

fn contract(store: &dyn Store) {
    let id = format!(
        "contract-{}",
        marsal_server::Secret::generate().unwrap().expose()
    );
    store.create(&game(&id)).unwrap();
    assert!(
        store.create(&game(&id)).is_err(),
        "a second game with the same id"
    );
    store.put_setup(&id, Side::Red, "R").unwrap();
    assert!(matches!(
        store.put_setup(&id, Side::Red, "R2"),
        Err(StoreError::Conflict(_))
    ));
    store.put_setup(&id, Side::Blue, "B").unwrap();
    store.append_move(&id, &mv(0, "a4-a5")).unwrap();
    store.append_move(&id, &mv(1, "b7-b6")).unwrap();
    assert!(
        matches!(
            store.append_move(&id, &mv(1, "x")),
            Err(StoreError::Conflict(_))
        ),
        "a ply twice"
    );
    assert!(
        matches!(
            store.append_move(&id, &mv(5, "x")),
            Err(StoreError::Conflict(_))
        ),
        "a gap"
    );
    assert!(matches!(
        store.append_move("no-such-game", &mv(0, "x")),
        Err(StoreError::Conflict(_))
    ));
    let kept = store.load(&id).unwrap().unwrap();
    assert_eq!(kept.setups, [Some("R".into()), Some("B".into())]);
    assert_eq!(kept.moves, vec![mv(0, "a4-a5"), mv(1, "b7-b6")]);
    assert!(store.unfinished().unwrap().iter().any(|g| g.id == id));
    store
        .finish(&id, "{\"by\":\"resigned\",\"side\":\"red\"}")
        .unwrap();
    assert!(!store.unfinished().unwrap().iter().any(|g| g.id == id));
    assert!(
        matches!(
            store.append_move(&id, &mv(2, "x")),
            Err(StoreError::Conflict(_))
        ),
        "after the end"
    );
    assert_eq!(
        store.load(&id).unwrap().unwrap().ending.as_deref(),
        Some("{\"by\":\"resigned\",\"side\":\"red\"}")
    );
    assert!(store.load("no-such-game").unwrap().is_none());
}

/// Two servers over one database: the second resumes the first's game; a
/// ply both try to keep is kept once.
async fn two_servers(a: Arc<dyn Store>, b: Arc<dyn Store>) {
    let addr_a = common::start_with(a, marsal_server::Options::default()).await;
    let game = create(addr_a, json!({"rules": "barrage", "first": "red"})).await;
    let id = game["id"].as_str().unwrap();
    let secret = |s: &str| game["seats"][s]["secret"].as_str().unwrap().to_string();
    let (mut red, _, _) = Client::join(addr_a, id, Some(&secret("red"))).await;
    let (mut blue, _, _) = Client::join(addr_a, id, Some(&secret("blue"))).await;
    red.send(&json!({"type": "setup", "random": true})).await;
    red.recv().await;
    blue.recv().await;
    blue.send(&json!({"type": "setup", "random": true})).await;
    let s = red.recv().await;
    blue.recv().await;
    red.send(&json!({"type": "move", "ply": 0, "move": common::pick(&s)}))
        .await;
    assert_eq!(red.recv().await["ply"], 1);
    let s = blue.recv().await;

    // The second server loads the game as kept.
    let addr_b = common::start_with(b, marsal_server::Options::default()).await;
    let (mut blue_b, _, sb) = Client::join(addr_b, id, Some(&secret("blue"))).await;
    assert_eq!(sb["ply"], 1);
    assert_eq!(sb["legal"], s["legal"]);
    // Blue moves on B; the same ply on A is then refused with the game as kept.
    let legal = s["legal"].as_array().unwrap();
    blue_b
        .send(&json!({"type": "move", "ply": 1, "move": legal[0]}))
        .await;
    assert_eq!(blue_b.recv().await["ply"], 2);
    blue.send(&json!({"type": "move", "ply": 1, "move": legal[legal.len() - 1]}))
        .await;
    let mut got = blue.recv().await;
    if got["type"] == "state" {
        // The room reloaded and sent its state first.
        assert_eq!(got["ply"], 2);
        got = blue.recv().await;
    }
    assert_eq!(got["code"], "conflict", "{got}");
}

#[tokio::test]
async fn sqlite_keeps_the_contract() {
    let dir = common::temp_dir("contract");
    let path = dir.join("games.sqlite");
    let store = marsal_server::SqliteStore::open(&path).unwrap();
    contract(&store);
    // Two processes on one SQLite file work too (one writer at a time).
    let a = marsal_server::open_store(path.to_str().unwrap()).unwrap();
    let b = marsal_server::open_store(path.to_str().unwrap()).unwrap();
    two_servers(a, b).await;
}

#[cfg(feature = "postgres")]
fn postgres_url() -> Option<String> {
    let url = std::env::var("MARSAL_TEST_POSTGRES_URL").ok();
    if url.is_none() {
        eprintln!(
            "MARSAL_TEST_POSTGRES_URL is not set: the Postgres tests are skipped (.ci/postgres runs them)"
        );
    }
    url
}

#[cfg(feature = "postgres")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_keeps_the_contract() {
    let Some(url) = postgres_url() else { return };
    let u = url.clone();
    tokio::task::spawn_blocking(move || contract(&marsal_server::PgStore::connect(&u).unwrap()))
        .await
        .unwrap();
    let a = tokio::task::spawn_blocking({
        let u = url.clone();
        move || marsal_server::open_store(&u).unwrap()
    })
    .await
    .unwrap();
    let b = tokio::task::spawn_blocking(move || marsal_server::open_store(&url).unwrap())
        .await
        .unwrap();
    two_servers(a, b).await;
}
