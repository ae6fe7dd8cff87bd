//! The games being played: each a [`Live`] room behind a lock, the
//! connections watching it, and what changes it (a setup, a move, a
//! resignation, a server bot's move, a fallen flag), each kept in the store
//! before anyone hears of it.

use crate::protocol::{ErrorCode, Refusal};
use crate::room::{Ending, Phase, Room, Seat};
use crate::store::{Store, StoreError};
use axum::extract::ws::{Message, Utf8Bytes};
use marsal::{Setup, Side};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as SyncMutex};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, mpsc};

/// The messages a connection may have waiting before it counts as stuck
/// (and is dropped: it reconnects and resumes).
pub const OUTBOX: usize = 256;

/// A connection watching a room.
pub struct Conn {
    /// The connection's number.
    pub id: u64,
    /// Who it is.
    pub seat: Seat,
    /// Its outbox.
    pub tx: mpsc::Sender<Message>,
}

/// A room and the connections watching it.
pub struct Live {
    /// The game.
    pub room: Room,
    /// Its connections.
    pub conns: Vec<Conn>,
}

/// A room behind its lock.
pub type Cell = Arc<Mutex<Live>>;

/// What every request shares: the store and the rooms.
pub struct Shared {
    /// Where games are kept.
    pub store: Arc<dyn Store>,
    /// The rooms in memory, by game id.
    pub rooms: SyncMutex<HashMap<String, Cell>>,
    /// The next connection's number.
    pub next_conn: AtomicU64,
}

/// Runs a store call off the event loop.
pub async fn store_call<T: Send + 'static>(
    shared: &Shared,
    f: impl FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    let store = shared.store.clone();
    tokio::task::spawn_blocking(move || f(&*store))
        .await
        .unwrap_or_else(|e| Err(StoreError::Backend(format!("the store's task failed: {e}"))))
}

fn storage(e: StoreError) -> Refusal {
    Refusal::new(
        ErrorCode::Storage,
        format!("{e}; nothing was changed, try again"),
    )
}

impl Shared {
    /// A new set of rooms over `store`.
    pub fn new(store: Arc<dyn Store>) -> Arc<Shared> {
        Arc::new(Shared {
            store,
            rooms: SyncMutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
        })
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, Cell>> {
        self.rooms.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Puts `room` in memory and starts its bots and clock.
    pub fn insert(self: &Arc<Shared>, room: Room) -> Cell {
        let id = room.id.clone();
        let cell = Arc::new(Mutex::new(Live {
            room,
            conns: Vec::new(),
        }));
        self.rooms().insert(id, cell.clone());
        let (shared, c) = (self.clone(), cell.clone());
        tokio::spawn(async move {
            let live = c.lock().await;
            schedule(&shared, &c, &live);
        });
        cell
    }

    /// The room of game `id`: in memory, or loaded from the store (a game
    /// another process started, or a finished one).
    pub async fn get(self: &Arc<Shared>, id: &str) -> Result<Option<Cell>, StoreError> {
        if !valid_id(id) {
            return Ok(None);
        }
        if let Some(cell) = self.rooms().get(id) {
            return Ok(Some(cell.clone()));
        }
        let key = id.to_string();
        let Some(stored) = store_call(self, move |s| s.load(&key)).await? else {
            return Ok(None);
        };
        let room = Room::from_stored(&stored).map_err(StoreError::Backend)?;
        if let Some(cell) = self.rooms().get(id) {
            return Ok(Some(cell.clone()));
        }
        Ok(Some(self.insert(room)))
    }

    /// Loads every unfinished game from the store (on start): each resumes at
    /// its last kept move. Returns how many.
    pub async fn resume_all(self: &Arc<Shared>) -> Result<usize, StoreError> {
        let games = store_call(self, |s| s.unfinished()).await?;
        let mut n = 0;
        for stored in &games {
            match Room::from_stored(stored) {
                Ok(room) => {
                    self.insert(room);
                    n += 1;
                }
                Err(e) => eprintln!("marsal serve: game {} cannot be resumed: {e}", stored.id),
            }
        }
        Ok(n)
    }
}

impl Shared {
    /// Lets go of a finished game nobody watches (the store keeps it; a
    /// later request loads it again).
    pub fn release_if_done(&self, live: &Live) {
        if live.room.phase() == Phase::Over && live.conns.is_empty() {
            self.rooms().remove(&live.room.id);
        }
    }
}

/// A game id: 1 to 64 characters of `[0-9a-zA-Z_-]`.
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Sends every connection its state (each seat's built once, from its own
/// view); a connection whose outbox is full is dropped.
pub fn broadcast(live: &mut Live) {
    let now = Instant::now();
    let mut cache: [Option<Utf8Bytes>; 3] = [None, None, None];
    let room = &live.room;
    live.conns.retain(|c| {
        let slot = match c.seat {
            Seat::Side(s) => s.index(),
            Seat::Spectator => 2,
        };
        let text = cache[slot]
            .get_or_insert_with(|| room.state_json(c.seat, false, now).into())
            .clone();
        c.tx.try_send(Message::Text(text)).is_ok()
    });
}

/// Starts what the room waits for: the server bot's move when a bot is to
/// move, the flag's watch when a clock runs.
pub fn schedule(shared: &Arc<Shared>, cell: &Cell, live: &Live) {
    let room = &live.room;
    let Some(side) = room.to_move() else {
        return;
    };
    let ply = room.ply();
    if let Some(bot) = room.spec.bot(side) {
        if let Some(game) = room.game.clone() {
            let seed = room.spec.seed;
            let (shared, cell) = (shared.clone(), cell.clone());
            tokio::spawn(async move {
                // The room's game of `seed` by the seed rule of every host.
                let mv = tokio::task::spawn_blocking(move || {
                    bot.move_at(&game, seed)
                        .map(|mv| game.position().move_text(mv).to_string())
                })
                .await;
                let Ok(Some(text)) = mv else { return };
                bot_move(shared, cell, side, ply, text).await;
            });
        }
    }
    if let Some(clock) = &room.clock {
        let left = clock.left_now(side, Some(side), Instant::now());
        let (shared, cell) = (shared.clone(), cell.clone());
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(left)).await;
            let mut live = cell.lock().await;
            let room = &live.room;
            let flag_fell = room.ply() == ply
                && room.to_move() == Some(side)
                && room
                    .clock
                    .is_some_and(|c| c.left_now(side, Some(side), Instant::now()) == 0);
            if flag_fell {
                // A store failure leaves the game open; the next move finds
                // the flag down and tries again.
                let _ = end(&shared, &mut live, Ending::Time { side }).await;
            }
        });
    }
}

/// A server bot's move: played like a person's; a store failure is retried
/// after a second while the game waits at the same ply.
async fn bot_move(shared: Arc<Shared>, cell: Cell, side: Side, ply: u32, text: String) {
    for attempt in 0..u32::MAX {
        let mut live = cell.lock().await;
        if live.room.ply() != ply || live.room.to_move() != Some(side) {
            return;
        }
        match play(&shared, &cell, &mut live, side, ply, &text).await {
            Ok(()) => return,
            Err(r) if r.code == ErrorCode::Storage => {
                if attempt == 0 {
                    eprintln!(
                        "marsal serve: game {}: the bot's move waits: {}",
                        live.room.id, r.message
                    );
                }
            }
            Err(_) => return,
        }
        drop(live);
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Ends the game: kept first, then told to everyone.
async fn end(shared: &Arc<Shared>, live: &mut Live, ending: Ending) -> Result<(), Refusal> {
    let id = live.room.id.clone();
    let text =
        serde_json::to_string(&ending).map_err(|e| storage(StoreError::Backend(e.to_string())))?;
    store_call(shared, move |s| s.finish(&id, &text))
        .await
        .map_err(storage)?;
    live.room.set_ending(ending, Instant::now());
    broadcast(live);
    shared.release_if_done(live);
    Ok(())
}

/// Whether the clock of `side` (to move) has run out; if so the game ends.
async fn flag_down(shared: &Arc<Shared>, live: &mut Live, side: Side) -> Result<bool, Refusal> {
    let down = live
        .room
        .clock
        .is_some_and(|c| c.left_now(side, Some(side), Instant::now()) == 0);
    if down {
        end(shared, live, Ending::Time { side }).await?;
    }
    Ok(down)
}

fn check_seat(live: &Live, seat: Seat) -> Result<Side, Refusal> {
    match seat {
        Seat::Spectator => Err(Refusal::new(ErrorCode::Spectator, "a spectator cannot act")),
        Seat::Side(side) => {
            if live.room.phase() == Phase::Over {
                return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
            }
            Ok(side)
        }
    }
}

/// `side` plays the move `text` at ply `ply`: checked by the referee, kept,
/// then applied and told to everyone.
pub async fn play(
    shared: &Arc<Shared>,
    cell: &Cell,
    live: &mut Live,
    side: Side,
    ply: u32,
    text: &str,
) -> Result<(), Refusal> {
    check_seat(live, Seat::Side(side))?;
    let room = &live.room;
    let Some(game) = room.game.as_ref() else {
        return Err(Refusal::new(
            ErrorCode::WrongPhase,
            "the game has not started: both setups are needed first",
        ));
    };
    if ply != room.ply() {
        return Err(Refusal::new(
            ErrorCode::StalePly,
            format!(
                "the move is for ply {ply}; the game is at ply {}",
                room.ply()
            ),
        ));
    }
    if room.to_move() != Some(side) {
        return Err(Refusal::new(
            ErrorCode::NotYourTurn,
            format!("it is {}'s move", (!side).name()),
        ));
    }
    let mv = game
        .position()
        .parse_move(text)
        .map_err(|e| Refusal::new(ErrorCode::BadMove, format!("{text:?}: {e}")))?;
    game.check_move(mv)
        .map_err(|e| Refusal::new(ErrorCode::IllegalMove, format!("{text}: {e}")))?;
    if flag_down(shared, live, side).await? {
        return Err(Refusal::new(ErrorCode::GameOver, "your time ran out"));
    }
    let now = Instant::now();
    let room = &live.room;
    let stored = room.stored_move(room.position_text(mv), side, now);
    let id = room.id.clone();
    let kept = stored.clone();
    match store_call(shared, move |s| s.append_move(&id, &kept)).await {
        Ok(()) => {}
        Err(StoreError::Conflict(e)) => return Err(reload(shared, live, e).await),
        Err(e) => return Err(storage(e)),
    }
    let room = &mut live.room;
    if let Some(game) = room.game.as_mut() {
        // Checked above, under the same lock: cannot fail.
        let _ = game.play(mv);
    }
    if let (Some(clock), Some(left)) = (room.clock.as_mut(), stored.clock_ms) {
        clock.left_ms = left;
        clock.since = Some(now);
    }
    let status = room.game.as_ref().map(|g| g.status());
    match status {
        Some(status) if status.is_over() => {
            let ending = Ending::Rules { status };
            room.set_ending(ending, now);
            let id = room.id.clone();
            let text = serde_json::to_string(&ending).unwrap_or_default();
            // The move is kept: the ending follows from it on a restart if
            // this write fails.
            if let Err(e) = store_call(shared, move |s| s.finish(&id, &text)).await {
                eprintln!(
                    "marsal serve: game {}: its ending not kept: {e}",
                    live.room.id
                );
            }
            broadcast(live);
        }
        _ => {
            broadcast(live);
            schedule(shared, cell, live);
        }
    }
    Ok(())
}

/// After a conflict: the room as the store keeps it, sent to everyone.
async fn reload(shared: &Arc<Shared>, live: &mut Live, why: String) -> Refusal {
    let id = live.room.id.clone();
    if let Ok(Some(stored)) = store_call(shared, move |s| s.load(&id)).await {
        if let Ok(room) = Room::from_stored(&stored) {
            live.room = room;
            broadcast(live);
        }
    }
    Refusal::new(ErrorCode::Conflict, format!("{why}; nothing was changed"))
}

/// `side` gives its setup (its text, or one the server draws).
pub async fn setup(
    shared: &Arc<Shared>,
    cell: &Cell,
    live: &mut Live,
    side: Side,
    text: Option<&str>,
    random: bool,
) -> Result<(), Refusal> {
    check_seat(live, Seat::Side(side))?;
    let room = &live.room;
    if room.phase() != Phase::Setup {
        return Err(Refusal::new(ErrorCode::WrongPhase, "the setups are done"));
    }
    if room.setups[side.index()].is_some() {
        return Err(Refusal::new(
            ErrorCode::SetupDone,
            "your setup is already given",
        ));
    }
    let rules = &room.spec.rules;
    let setup = match (text, random) {
        (Some(text), false) => Setup::from_text(rules, side, text)
            .and_then(|s| s.validate(rules).map(|()| s))
            .map_err(|e| Refusal::new(ErrorCode::BadSetup, e.to_string()))?,
        (None, true) => {
            let seed =
                crate::secret::random_u64().map_err(|e| Refusal::new(ErrorCode::Storage, e))?;
            Setup::sensible(rules, side, seed)
        }
        _ => {
            return Err(Refusal::new(
                ErrorCode::BadSetup,
                "a setup is either its text or random: true",
            ));
        }
    };
    let text = room.setup_text(&setup);
    let id = room.id.clone();
    match store_call(shared, move |s| s.put_setup(&id, side, &text)).await {
        Ok(()) => {}
        Err(StoreError::Conflict(e)) => return Err(reload(shared, live, e).await),
        Err(e) => return Err(storage(e)),
    }
    let room = &mut live.room;
    room.setups[side.index()] = Some(setup);
    if let Err(e) = room.start_if_ready(Some(Instant::now())) {
        // Both setups valid on their own: only an inconsistent pair could
        // fail, which validation rules out; say so rather than panic.
        eprintln!("marsal serve: game {}: cannot start: {e}", room.id);
    }
    broadcast(live);
    schedule(shared, cell, live);
    Ok(())
}

/// `side` resigns.
pub async fn resign(shared: &Arc<Shared>, live: &mut Live, side: Side) -> Result<(), Refusal> {
    check_seat(live, Seat::Side(side))?;
    end(shared, live, Ending::Resigned { side }).await
}

/// A new connection number.
pub fn conn_id(shared: &Shared) -> u64 {
    shared.next_conn.fetch_add(1, Ordering::Relaxed)
}
