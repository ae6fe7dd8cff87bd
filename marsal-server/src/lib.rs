//! A game server for the [marsal](https://docs.rs/marsal) rules engine: the
//! referee keeps both armies, and each seat of a game gets only what its
//! own [`View`](marsal::View) holds, over a WebSocket. Games are kept in
//! SQLite (the default) or Postgres (feature `postgres`) and every move is
//! committed before it is acknowledged, so a restarted server resumes every
//! game at its last acknowledged move.
//!
//! `marsal serve --addr 127.0.0.1:8080 --db games.sqlite` runs it (the
//! `marsal-server` program takes the same options); docs/server.md
//! describes the HTTP routes and the messages.
//!
//! ```no_run
//! # async fn f() -> Result<(), Box<dyn std::error::Error>> {
//! use marsal_server::{Options, open_store, run};
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let store = open_store("games.sqlite")?;
//! run(listener, store, Options::default()).await?;
//! # Ok(()) }
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod http;
mod live;
pub mod protocol;
mod record;
mod room;
mod secret;
mod spec;
mod store;
#[cfg(feature = "postgres")]
mod store_postgres;
mod store_sqlite;

pub use room::{Ending, Seat};
pub use secret::{Secret, SecretHash};
pub use spec::{
    ClockSpec, GameSpec, MAX_BOT_NODES, MAX_BOT_TIME_MS, MAX_CLOCK_MS, MAX_PLIES, NewGame, SeatSpec,
};
pub use store::{Store, StoreError, StoredGame, StoredMove};
#[cfg(feature = "postgres")]
pub use store_postgres::PgStore;
pub use store_sqlite::SqliteStore;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// How the server runs (`marsal serve`'s options).
#[derive(Clone, Debug, clap::Args)]
pub struct Options {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Where games are kept: an SQLite file (created when absent), or a
    /// `postgres://` URL (with the `postgres` feature).
    #[arg(long, default_value = "games.sqlite")]
    pub db: String,
    /// The directory of the built page (its index.html); without it the
    /// server shows how to build the page.
    #[arg(long)]
    pub web: Option<PathBuf>,
    /// The server's address as browsers reach it (`https://marsal.example`),
    /// for invitation links and the origin check; else `http://` and the
    /// request's Host.
    #[arg(long)]
    pub public_url: Option<String>,
    /// Another origin whose pages may use the server (`*` for any); repeat
    /// for several.
    #[arg(long)]
    pub allow_origin: Vec<String>,
    /// Messages a connection may send a second.
    #[arg(long, default_value_t = 20)]
    pub rate_per_second: u32,
    /// Messages a connection may send at once.
    #[arg(long, default_value_t = 40)]
    pub rate_burst: u32,
    /// Seconds a new connection has to send `join` before it is closed.
    #[arg(long, default_value_t = 10)]
    pub join_timeout_secs: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: "games.sqlite".into(),
            web: None,
            public_url: None,
            allow_origin: Vec::new(),
            rate_per_second: 20,
            rate_burst: 40,
            join_timeout_secs: 10,
        }
    }
}

/// Opens the store `db` names: a `postgres://` or `postgresql://` URL, else
/// an SQLite file (created when absent).
///
/// ```
/// let dir = std::env::temp_dir().join(format!("marsal-open-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let store = marsal_server::open_store(dir.join("g.sqlite").to_str().unwrap())?;
/// assert!(store.unfinished()?.is_empty());
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open_store(db: &str) -> Result<Arc<dyn Store>, StoreError> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        #[cfg(feature = "postgres")]
        return Ok(Arc::new(PgStore::connect(db)?));
        #[cfg(not(feature = "postgres"))]
        return Err(StoreError::Backend(
            "this build has no Postgres backend (build marsal-server with the `postgres` feature)"
                .into(),
        ));
    }
    Ok(Arc::new(SqliteStore::open(std::path::Path::new(db))?))
}

/// Serves on `listener` until the process ends: first every unfinished game
/// in `store` is loaded and resumes.
pub async fn run(
    listener: tokio::net::TcpListener,
    store: Arc<dyn Store>,
    options: Options,
) -> std::io::Result<()> {
    let shared = live::Shared::new(store);
    let resumed = shared
        .resume_all()
        .await
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    if resumed > 0 {
        eprintln!("marsal serve: {resumed} unfinished games resumed");
    }
    let app = Arc::new(http::App { shared, options });
    axum::serve(listener, http::router(app)).await
}

/// `marsal serve`: opens the store, binds the address, says where it
/// listens, and serves.
pub fn serve(options: Options) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    // Opened before the runtime runs: the Postgres client blocks on a
    // runtime of its own while it connects.
    let store = open_store(&options.db).map_err(|e| format!("{}: {e}", options.db))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", options.addr))?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        eprintln!("marsal serve: listening on http://{addr}");
        run(listener, store, options)
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}
