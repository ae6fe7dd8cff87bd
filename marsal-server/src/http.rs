//! The server's routes: the page, `/healthz`, games over HTTP (create,
//! summary, record) and each game's WebSocket.

use crate::live::{Cell, Conn, Shared, conn_id, store_call};
use crate::protocol::{ClientMsg, ErrorCode, Refusal, decode};
use crate::record::{record_json, record_xml};
use crate::room::{Phase, Room, Seat};
use crate::spec::GameSpec;
use crate::{Options, live};
use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path as UrlPath, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::mpsc;

/// What the routes share.
pub struct App {
    /// The rooms and the store.
    pub shared: Arc<Shared>,
    /// The options the server runs with.
    pub options: Options,
}

/// The largest request body (a new game's JSON with its ruleset).
const MAX_BODY: usize = 64 * 1024;

/// The largest WebSocket message or frame; longer ones close the connection.
const MAX_WS_MESSAGE: usize = 64 * 1024;

/// The server's routes.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(summary))
        .route("/api/games/{id}/record.json", get(record_json_route))
        .route("/api/games/{id}/record.xml", get(record_xml_route))
        .route("/api/games/{id}/ws", get(socket))
        .fallback(get(page))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

fn error(status: StatusCode, code: &str, message: impl Into<String>) -> Response {
    let body = json!({"error": code, "message": message.into()});
    (status, axum::Json(body)).into_response()
}

/// Whether a request's `Origin` (if any) may use the server: the server's
/// own origin (by its `Host` header or `--public-url`), or one of
/// `--allow-origin` (`*` for any). Requests without an `Origin` (programs,
/// not browsers) pass.
fn origin_ok(app: &App, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return headers.get(header::ORIGIN).is_none();
    };
    if app
        .options
        .allow_origin
        .iter()
        .any(|a| a == "*" || a == origin)
    {
        return true;
    }
    if let Some(public) = &app.options.public_url {
        if public.trim_end_matches('/') == origin {
            return true;
        }
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    host.is_some_and(|h| origin == format!("http://{h}") || origin == format!("https://{h}"))
}

/// The base of the links the server gives: `--public-url`, else
/// `http://HOST` from the request.
fn base_url(app: &App, headers: &HeaderMap) -> String {
    if let Some(public) = &app.options.public_url {
        return public.trim_end_matches('/').to_string();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.bytes().all(|b| b.is_ascii_graphic()))
        .unwrap_or("localhost");
    format!("http://{host}")
}

async fn create(State(app): State<Arc<App>>, headers: HeaderMap, body: Bytes) -> Response {
    if !origin_ok(&app, &headers) {
        return error(
            StatusCode::FORBIDDEN,
            "origin",
            "this origin may not create games here",
        );
    }
    let request: Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!("the body: {e}"),
            );
        }
    };
    let new = match GameSpec::from_request(&request) {
        Ok(n) => n,
        Err(e) => return error(StatusCode::BAD_REQUEST, "bad_request", e),
    };
    let id = match crate::secret::game_id() {
        Ok(id) => id,
        Err(e) => return error(StatusCode::INTERNAL_SERVER_ERROR, "random", e),
    };
    let room = Room::new(id.clone(), new.spec);
    let stored = room.stored();
    if let Err(e) = store_call(&app.shared, move |s| s.create(&stored)).await {
        return error(StatusCode::SERVICE_UNAVAILABLE, "storage", e.to_string());
    }
    let base = base_url(&app, &headers);
    let mut seats = serde_json::Map::new();
    for side in marsal::Side::BOTH {
        let seat = match (&new.secrets[side.index()], room.spec.bot(side)) {
            (Some(secret), _) => json!({
                "invite": format!("{base}/#game={id}&seat={}&secret={}", side.name(), secret.expose()),
                "secret": secret.expose(),
            }),
            (None, _) => json!({"bot": match &room.spec.seats[side.index()] {
                crate::spec::SeatSpec::Bot { name } => name.as_str(),
                crate::spec::SeatSpec::Person { .. } => "",
            }}),
        };
        seats.insert(side.name().to_string(), seat);
    }
    eprintln!("marsal serve: game {id} created");
    app.shared.insert(room);
    let body = json!({
        "id": id,
        "seats": seats,
        "spectate": format!("{base}/#game={id}"),
        "ws": format!("/api/games/{id}/ws"),
        "record": {"json": format!("/api/games/{id}/record.json"), "xml": format!("/api/games/{id}/record.xml")},
    });
    (StatusCode::CREATED, axum::Json(body)).into_response()
}

async fn cell_of(app: &Arc<App>, id: &str) -> Result<Cell, Response> {
    match app.shared.get(id).await {
        Ok(Some(cell)) => Ok(cell),
        Ok(None) => Err(error(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no game {id:?}"),
        )),
        Err(e) => Err(error(
            StatusCode::SERVICE_UNAVAILABLE,
            "storage",
            e.to_string(),
        )),
    }
}

async fn summary(State(app): State<Arc<App>>, UrlPath(id): UrlPath<String>) -> Response {
    let cell = match cell_of(&app, &id).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let live = cell.lock().await;
    let state: Value =
        serde_json::from_str(&live.room.state_json(Seat::Spectator, false, Instant::now()))
            .unwrap_or(Value::Null);
    axum::Json(state).into_response()
}

async fn record_of(
    app: &Arc<App>,
    id: &str,
) -> Result<tokio::sync::OwnedMutexGuard<live::Live>, Response> {
    let cell = cell_of(app, id).await?;
    let live = cell.lock_owned().await;
    if live.room.phase() != Phase::Over {
        return Err(error(
            StatusCode::CONFLICT,
            "not_over",
            "the record is given once the game is over",
        ));
    }
    Ok(live)
}

async fn record_json_route(State(app): State<Arc<App>>, UrlPath(id): UrlPath<String>) -> Response {
    match record_of(&app, &id).await {
        Ok(live) => match record_json(&live.room) {
            Some(v) => axum::Json(v).into_response(),
            None => error(
                StatusCode::CONFLICT,
                "not_played",
                "the game ended before it started",
            ),
        },
        Err(r) => r,
    }
}

async fn record_xml_route(State(app): State<Arc<App>>, UrlPath(id): UrlPath<String>) -> Response {
    match record_of(&app, &id).await {
        Ok(live) => match record_xml(&live.room) {
            Ok(xml) => ([(header::CONTENT_TYPE, "application/xml")], xml).into_response(),
            Err(e) => error(StatusCode::CONFLICT, "no_gravon", e),
        },
        Err(r) => r,
    }
}

async fn socket(
    State(app): State<Arc<App>>,
    UrlPath(id): UrlPath<String>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    if !origin_ok(&app, &headers) {
        return error(
            StatusCode::FORBIDDEN,
            "origin",
            "this origin may not join games here",
        );
    }
    let cell = match cell_of(&app, &id).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let ws = match ws {
        Ok(ws) => ws,
        Err(r) => return r.into_response(),
    };
    // Small buffers: a game's two connections cost little memory (the
    // defaults are 128 KiB each way); a message is written as it is sent.
    ws.max_message_size(MAX_WS_MESSAGE)
        .max_frame_size(MAX_WS_MESSAGE)
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(1 << 20)
        .on_upgrade(move |socket| connection(app, cell, socket))
}

/// A token bucket: `rate` messages a second, `burst` at once.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self, rate: f64, burst: f64) -> bool {
        let now = Instant::now();
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * rate).min(burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Refused messages in a row after which the connection is closed.
const MAX_REFUSED_IN_A_ROW: u32 = 100;

async fn connection(app: Arc<App>, cell: Cell, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::channel::<Message>(live::OUTBOX);
    let id = conn_id(&app.shared);
    let mut seat: Option<Seat> = None;
    let burst = f64::from(app.options.rate_burst.max(1));
    let rate = f64::from(app.options.rate_per_second.max(1));
    let mut bucket = Bucket {
        tokens: burst,
        at: Instant::now(),
    };
    let mut refused = 0u32;
    let join_by = tokio::time::sleep(std::time::Duration::from_secs(
        app.options.join_timeout_secs.max(1),
    ));
    tokio::pin!(join_by);
    loop {
        tokio::select! {
            () = &mut join_by, if seat.is_none() => {
                let r = Refusal::new(ErrorCode::NotJoined, "no join in time: the connection is closed");
                let _ = socket.send(Message::Text(r.to_json().into())).await;
                break;
            }
            out = rx.recv() => {
                let Some(out) = out else { break };
                if socket.send(out).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let r = Refusal::new(ErrorCode::BadMessage, "messages are JSON text");
                        if socket.send(Message::Text(r.to_json().into())).await.is_err() { break }
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                let result = if bucket.take(rate, burst) {
                    handle(&app, &cell, &tx, id, &mut seat, text.as_str()).await
                } else {
                    Err(Refusal::new(ErrorCode::RateLimited, format!("at most {rate} messages a second")))
                };
                match result {
                    Ok(()) => refused = 0,
                    Err(r) => {
                        refused += 1;
                        if refused > MAX_REFUSED_IN_A_ROW {
                            break;
                        }
                        if tx.try_send(Message::Text(r.to_json().into())).is_err() {
                            break;
                        }
                    }
                }
            }
        }
    }
    if seat.is_some() {
        let mut live = cell.lock().await;
        live.conns.retain(|c| c.id != id);
        app.shared.release_if_done(&live);
    }
}

async fn handle(
    app: &Arc<App>,
    cell: &Cell,
    tx: &mpsc::Sender<Message>,
    id: u64,
    seat: &mut Option<Seat>,
    text: &str,
) -> Result<(), Refusal> {
    let msg = decode(text)?;
    let shared = &app.shared;
    let mut live = cell.lock().await;
    let Some(me) = *seat else {
        let ClientMsg::Join { secret } = msg else {
            return Err(Refusal::new(
                ErrorCode::NotJoined,
                "the first message is join",
            ));
        };
        let who = match secret {
            None => Seat::Spectator,
            Some(s) => match live.room.spec.seat_of_secret(&s) {
                Some(side) => Seat::Side(side),
                None => {
                    return Err(Refusal::new(
                        ErrorCode::BadSecret,
                        "no seat of this game has that secret",
                    ));
                }
            },
        };
        *seat = Some(who);
        let now = Instant::now();
        let _ = tx.try_send(Message::Text(live.room.welcome_json(who).into()));
        let _ = tx.try_send(Message::Text(live.room.state_json(who, true, now).into()));
        live.conns.push(Conn {
            id,
            seat: who,
            tx: tx.clone(),
        });
        return Ok(());
    };
    let side = match me {
        Seat::Side(s) => Some(s),
        Seat::Spectator => None,
    };
    let acting = |side: Option<marsal::Side>| {
        side.ok_or_else(|| Refusal::new(ErrorCode::Spectator, "a spectator cannot act"))
    };
    match msg {
        ClientMsg::Join { .. } => Err(Refusal::new(ErrorCode::AlreadyJoined, "already joined")),
        ClientMsg::Sync {} => {
            let state = live.room.state_json(me, true, Instant::now());
            let _ = tx.try_send(Message::Text(state.into()));
            Ok(())
        }
        ClientMsg::Setup { text, random } => {
            let s = acting(side)?;
            live::setup(shared, cell, &mut live, s, text.as_deref(), random).await
        }
        ClientMsg::Move { ply, mv } => {
            let s = acting(side)?;
            live::play(shared, cell, &mut live, s, ply, &mv).await
        }
        ClientMsg::Resign {} => {
            let s = acting(side)?;
            live::resign(shared, &mut live, s).await
        }
    }
}

/// The placeholder page when no built page is given.
const PLACEHOLDER: &str = "<!doctype html><meta charset=utf-8><title>marsal</title>
<h1>marsal serve</h1>
<p>The server runs, but it was not given the page. Build it
(<code>marsal-wasm/build.sh</code>, see web/README.md) and start the server with
<code>--web DIR</code> (the directory holding the built <code>index.html</code>).</p>
<p>Games: <code>POST /api/games</code>; see docs/server.md.</p>
";

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// A file under the page's directory: only plain path components, no
/// `..`, no hidden files.
fn page_file(dir: &Path, uri_path: &str) -> Option<PathBuf> {
    let rel = uri_path.trim_start_matches('/');
    let rel = if rel.is_empty() || rel.ends_with('/') {
        format!("{rel}index.html")
    } else {
        rel.to_string()
    };
    let mut path = dir.to_path_buf();
    for c in Path::new(&rel).components() {
        match c {
            Component::Normal(p) if !p.to_string_lossy().starts_with('.') => path.push(p),
            _ => return None,
        }
    }
    Some(path)
}

async fn page(State(app): State<Arc<App>>, uri: axum::http::Uri) -> Response {
    let Some(dir) = &app.options.web else {
        return if uri.path() == "/" || uri.path() == "/index.html" {
            (
                [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
                PLACEHOLDER,
            )
                .into_response()
        } else {
            error(StatusCode::NOT_FOUND, "not_found", "no such page")
        };
    };
    let Some(path) = page_file(dir, uri.path()) else {
        return error(StatusCode::NOT_FOUND, "not_found", "no such page");
    };
    match tokio::fs::read(&path).await {
        Ok(bytes) => ([(header::CONTENT_TYPE, content_type(&path))], bytes).into_response(),
        Err(_) => error(StatusCode::NOT_FOUND, "not_found", "no such page"),
    }
}
