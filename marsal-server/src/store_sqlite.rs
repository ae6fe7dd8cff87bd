//! The SQLite backend: one file, created when absent, in WAL mode.

use crate::store::{Store, StoreError, StoredGame, StoredMove, side_column};
use marsal::Side;
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::Mutex;

/// Games in an SQLite file. Writes are serialized on one connection; each
/// is a transaction committed to the write-ahead log before it returns
/// (`synchronous=NORMAL`: a crash of the server process loses nothing
/// committed; `synchronous=FULL` with [`SqliteStore::open_full_sync`] also
/// survives a power cut, at the cost of a disk flush a move).
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

fn backend(e: rusqlite::Error) -> StoreError {
    StoreError::Backend(e.to_string())
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    red_setup TEXT,
    blue_setup TEXT,
    plies INTEGER NOT NULL DEFAULT 0,
    ending TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    mv TEXT NOT NULL,
    red_ms INTEGER,
    blue_ms INTEGER,
    PRIMARY KEY (game_id, ply)
);
CREATE INDEX IF NOT EXISTS games_unfinished ON games(id) WHERE ending IS NULL;
";

impl SqliteStore {
    /// Opens (creating when absent) the database at `path`.
    ///
    /// ```
    /// use marsal_server::{SqliteStore, Store};
    /// let dir = std::env::temp_dir().join(format!("marsal-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let store = SqliteStore::open(&dir.join("games.sqlite"))?;
    /// assert!(store.unfinished()?.is_empty());
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path, "NORMAL")
    }

    /// [`SqliteStore::open`] with `synchronous=FULL`.
    pub fn open_full_sync(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path, "FULL")
    }

    fn open_with(path: &Path, sync: &str) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path).map_err(backend)?;
        conn.busy_timeout(std::time::Duration::from_secs(2))
            .map_err(backend)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(backend)?;
        conn.pragma_update(None, "synchronous", sync)
            .map_err(backend)?;
        conn.execute_batch(SCHEMA).map_err(backend)?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    fn with<T>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut conn = self
            .conn
            .lock()
            .map_err(|_| StoreError::Backend("the connection's lock was poisoned".into()))?;
        f(&mut conn)
    }
}

fn read_game(conn: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let row = conn
        .query_row(
            "SELECT spec, red_setup, blue_setup, ending FROM games WHERE id = ?1",
            params![id],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, Option<String>>(1)?,
                    r.get::<_, Option<String>>(2)?,
                    r.get::<_, Option<String>>(3)?,
                ))
            },
        )
        .optional()
        .map_err(backend)?;
    let Some((spec, red, blue, ending)) = row else {
        return Ok(None);
    };
    let mut stmt = conn
        .prepare_cached(
            "SELECT ply, mv, red_ms, blue_ms FROM moves WHERE game_id = ?1 ORDER BY ply",
        )
        .map_err(backend)?;
    let moves = stmt
        .query_map(params![id], |r| {
            let red: Option<i64> = r.get(2)?;
            let blue: Option<i64> = r.get(3)?;
            Ok(StoredMove {
                ply: r.get::<_, i64>(0)? as u32,
                mv: r.get(1)?,
                clock_ms: red
                    .zip(blue)
                    .map(|(r, b)| [r.max(0) as u64, b.max(0) as u64]),
            })
        })
        .map_err(backend)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(backend)?;
    Ok(Some(StoredGame {
        id: id.to_string(),
        spec,
        setups: [red, blue],
        moves,
        ending,
    }))
}

impl Store for SqliteStore {
    fn create(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.with(|conn| {
            conn.execute(
                "INSERT INTO games (id, spec, red_setup, blue_setup) VALUES (?1, ?2, ?3, ?4)",
                params![game.id, game.spec, game.setups[0], game.setups[1]],
            )
            .map_err(backend)?;
            Ok(())
        })
    }

    fn put_setup(&self, id: &str, side: Side, text: &str) -> Result<(), StoreError> {
        let col = side_column(side);
        self.with(|conn| {
            let n = conn
                .execute(
                    &format!("UPDATE games SET {col} = ?1 WHERE id = ?2 AND {col} IS NULL"),
                    params![text, id],
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
        self.with(|conn| {
            let tx = conn.transaction().map_err(backend)?;
            let n = tx
                .execute(
                    "UPDATE games SET plies = plies + 1 WHERE id = ?1 AND plies = ?2 AND ending IS NULL",
                    params![id, mv.ply],
                )
                .map_err(backend)?;
            if n != 1 {
                return Err(StoreError::Conflict(format!(
                    "ply {} of game {id} is not the next",
                    mv.ply
                )));
            }
            let [red, blue] = mv.clock_ms.map_or([None, None], |c| c.map(|t| Some(t as i64)));
            tx.execute(
                "INSERT INTO moves (game_id, ply, mv, red_ms, blue_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, mv.ply, mv.mv, red, blue],
            )
            .map_err(backend)?;
            tx.commit().map_err(backend)
        })
    }

    fn finish(&self, id: &str, ending: &str) -> Result<(), StoreError> {
        self.with(|conn| {
            conn.execute(
                "UPDATE games SET ending = ?1 WHERE id = ?2 AND ending IS NULL",
                params![ending, id],
            )
            .map_err(backend)?;
            Ok(())
        })
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.with(|conn| read_game(conn, id))
    }

    fn unfinished(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.with(|conn| {
            let ids = conn
                .prepare("SELECT id FROM games WHERE ending IS NULL ORDER BY id")
                .map_err(backend)?
                .query_map([], |r| r.get::<_, String>(0))
                .map_err(backend)?
                .collect::<Result<Vec<_>, _>>()
                .map_err(backend)?;
            let mut games = Vec::with_capacity(ids.len());
            for id in ids {
                games.extend(read_game(conn, &id)?);
            }
            Ok(games)
        })
    }
}
