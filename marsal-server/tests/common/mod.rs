//! What the server's tests share: a server on an ephemeral loopback port
//! over a fresh SQLite file, WebSocket clients, HTTP requests.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one message.
pub const WAIT: Duration = Duration::from_secs(20);

/// A fresh temporary directory.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "marsal-server-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

/// Starts a server in this process on 127.0.0.1:0 over `store`.
pub async fn start_with(
    store: std::sync::Arc<dyn marsal_server::Store>,
    options: marsal_server::Options,
) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(marsal_server::run(listener, store, options));
    addr
}

/// Starts a server over a fresh SQLite file.
pub async fn start(name: &str) -> SocketAddr {
    let db = temp_dir(name).join("games.sqlite");
    let store = marsal_server::open_store(db.to_str().expect("utf-8")).expect("store");
    start_with(store, marsal_server::Options::default()).await
}

/// A plain HTTP/1.1 request; the status and the body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    http_with(addr, method, path, body, &[]).await
}

/// [`http`] with extra header lines.
pub async fn http_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[&str],
) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let body = body.unwrap_or("");
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for h in headers {
        req.push_str(h);
        req.push_str("\r\n");
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).await.expect("write");
    let mut out = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut out))
        .await
        .expect("an answer in time")
        .expect("read");
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status");
    let body = match text.split_once("\r\n\r\n") {
        Some((head, rest))
            if head
                .to_ascii_lowercase()
                .contains("transfer-encoding: chunked") =>
        {
            dechunk(rest)
        }
        Some((_, rest)) => rest.to_string(),
        None => String::new(),
    };
    (status, body)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// Creates a game; the server's answer.
pub async fn create(addr: SocketAddr, request: Value) -> Value {
    let (status, body) = http(addr, "POST", "/api/games", Some(&request.to_string())).await;
    assert_eq!(status, 201, "{body}");
    serde_json::from_str(&body).expect("JSON")
}

/// A WebSocket client.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects to game `id`'s socket.
    pub async fn connect(addr: SocketAddr, id: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
            .await
            .expect("a WebSocket");
        Client { ws }
    }

    /// Connects and joins with `secret` (none: a spectator); the welcome
    /// and the first state.
    pub async fn join(addr: SocketAddr, id: &str, secret: Option<&str>) -> (Client, Value, Value) {
        let mut c = Client::connect(addr, id).await;
        c.send(&json!({"type": "join", "secret": secret})).await;
        let welcome = c.recv().await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        let state = c.recv().await;
        assert_eq!(state["type"], "state", "{state}");
        (c, welcome, state)
    }

    pub async fn send(&mut self, v: &Value) {
        self.send_text(&v.to_string()).await;
    }

    pub async fn send_text(&mut self, t: &str) {
        self.ws.send(Message::text(t)).await.expect("send");
    }

    /// The next text message, as it came.
    pub async fn recv_text(&mut self) -> String {
        loop {
            let m = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message in time")
                .expect("the connection open")
                .expect("a message");
            match m {
                Message::Text(t) => return t.to_string(),
                Message::Close(c) => panic!("closed: {c:?}"),
                _ => continue,
            }
        }
    }

    /// The next message as JSON.
    pub async fn recv(&mut self) -> Value {
        serde_json::from_str(&self.recv_text().await).expect("JSON")
    }

    /// The next message, which must be an error; its code.
    pub async fn expect_error(&mut self) -> String {
        let v = self.recv().await;
        assert_eq!(v["type"], "error", "{v}");
        v["code"].as_str().expect("a code").to_string()
    }
}

/// A move from a state's legal list, varied by the ply.
pub fn pick(state: &Value) -> String {
    let legal = state["legal"].as_array().expect("legal moves");
    let ply = state["ply"].as_u64().expect("ply") as usize;
    legal[(ply * 7 + 3) % legal.len()]
        .as_str()
        .expect("text")
        .to_string()
}
