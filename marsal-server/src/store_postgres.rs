//! The Postgres backend (feature `postgres`): several server processes share
//! the games of one database, each game served by one process at a time
//! (a load balancer pins a game's requests by its id; see docs/server.md).

use crate::store::{Store, StoreError, StoredGame, StoredMove, side_column};
use marsal::Side;
use postgres::{Client, NoTls};
use std::sync::Mutex;

/// The connections a store opens: writes of different games go over
/// different connections, so that the database's group commit serves them
/// together.
pub const CONNECTIONS: usize = 16;

/// Games in a Postgres database.
pub struct PgStore {
    conns: Vec<Mutex<Client>>,
}

fn backend(e: postgres::Error) -> StoreError {
    StoreError::Backend(e.to_string())
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    red_setup TEXT,
    blue_setup TEXT,
    plies BIGINT NOT NULL DEFAULT 0,
    ending TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply BIGINT NOT NULL,
    mv TEXT NOT NULL,
    red_ms BIGINT,
    blue_ms BIGINT,
    PRIMARY KEY (game_id, ply)
);
CREATE INDEX IF NOT EXISTS games_unfinished ON games(id) WHERE ending IS NULL;
";

impl PgStore {
    /// Connects to `url` (`postgres://user@host:port/db`) and creates the
    /// tables when absent.
    pub fn connect(url: &str) -> Result<PgStore, StoreError> {
        let mut conns = Vec::with_capacity(CONNECTIONS);
        for i in 0..CONNECTIONS {
            let mut client = Client::connect(url, NoTls).map_err(backend)?;
            if i == 0 {
                // Two processes starting together may race to create them.
                client
                    .batch_execute(&format!(
                        "SELECT pg_advisory_lock(727); {SCHEMA} SELECT pg_advisory_unlock(727);"
                    ))
                    .map_err(backend)?;
            }
            conns.push(Mutex::new(client));
        }
        Ok(PgStore { conns })
    }

    fn with<T>(
        &self,
        id: &str,
        f: impl FnOnce(&mut Client) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let n = id
            .bytes()
            .fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b.into()));
        let mut client = self.conns[n % self.conns.len()]
            .lock()
            .map_err(|_| StoreError::Backend("a connection's lock was poisoned".into()))?;
        f(&mut client)
    }
}

impl Drop for PgStore {
    /// A `postgres` client blocks on its own runtime when dropped, which a
    /// thread of the server's runtime may not do: the clients are closed on
    /// a thread of their own.
    fn drop(&mut self) {
        let conns = std::mem::take(&mut self.conns);
        let _ = std::thread::spawn(move || drop(conns)).join();
    }
}

fn read_game(client: &mut Client, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let Some(row) = client
        .query_opt(
            "SELECT spec, red_setup, blue_setup, ending FROM games WHERE id = $1",
            &[&id],
        )
        .map_err(backend)?
    else {
        return Ok(None);
    };
    let moves = client
        .query(
            "SELECT ply, mv, red_ms, blue_ms FROM moves WHERE game_id = $1 ORDER BY ply",
            &[&id],
        )
        .map_err(backend)?
        .iter()
        .map(|r| {
            let red: Option<i64> = r.get(2);
            let blue: Option<i64> = r.get(3);
            StoredMove {
                ply: r.get::<_, i64>(0) as u32,
                mv: r.get(1),
                clock_ms: red
                    .zip(blue)
                    .map(|(r, b)| [r.max(0) as u64, b.max(0) as u64]),
            }
        })
        .collect();
    Ok(Some(StoredGame {
        id: id.to_string(),
        spec: row.get(0),
        setups: [row.get(1), row.get(2)],
        moves,
        ending: row.get(3),
    }))
}

impl Store for PgStore {
    fn create(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.with(&game.id, |c| {
            c.execute(
                "INSERT INTO games (id, spec, red_setup, blue_setup) VALUES ($1, $2, $3, $4)",
                &[&game.id, &game.spec, &game.setups[0], &game.setups[1]],
            )
            .map_err(backend)?;
            Ok(())
        })
    }

    fn put_setup(&self, id: &str, side: Side, text: &str) -> Result<(), StoreError> {
        let col = side_column(side);
        self.with(id, |c| {
            let n = c
                .execute(
                    &format!("UPDATE games SET {col} = $1 WHERE id = $2 AND {col} IS NULL"),
                    &[&text, &id],
                )
                .map_err(backend)?;
            if n == 1 {
                Ok(())
            } else {
                Err(StoreError::Conflict(format!(
                    "{col} of game {id} already kept"
                )))
            }
        })
    }

    fn append_move(&self, id: &str, mv: &StoredMove) -> Result<(), StoreError> {
        self.with(id, |c| {
            let ply = i64::from(mv.ply);
            let [red, blue] = mv
                .clock_ms
                .map_or([None, None], |c| c.map(|t| Some(t as i64)));
            // One statement, so one transaction and one round trip: the ply
            // count moves on only if this is the next ply, and the move row
            // is written only then.
            let n = c
                .execute(
                    "WITH next AS (
                        UPDATE games SET plies = plies + 1
                        WHERE id = $1 AND plies = $2 AND ending IS NULL
                        RETURNING id
                    )
                    INSERT INTO moves (game_id, ply, mv, red_ms, blue_ms)
                    SELECT id, $2, $3, $4, $5 FROM next",
                    &[&id, &ply, &mv.mv, &red, &blue],
                )
                .map_err(backend)?;
            if n == 1 {
                Ok(())
            } else {
                Err(StoreError::Conflict(format!(
                    "ply {} of game {id} is not the next",
                    mv.ply
                )))
            }
        })
    }

    fn finish(&self, id: &str, ending: &str) -> Result<(), StoreError> {
        self.with(id, |c| {
            c.execute(
                "UPDATE games SET ending = $1 WHERE id = $2 AND ending IS NULL",
                &[&ending, &id],
            )
            .map_err(backend)?;
            Ok(())
        })
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.with(id, |c| read_game(c, id))
    }

    fn unfinished(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.with("", |c| {
            let ids: Vec<String> = c
                .query("SELECT id FROM games WHERE ending IS NULL ORDER BY id", &[])
                .map_err(backend)?
                .iter()
                .map(|r| r.get(0))
                .collect();
            let mut games = Vec::with_capacity(ids.len());
            for id in ids {
                games.extend(read_game(c, &id)?);
            }
            Ok(games)
        })
    }
}
