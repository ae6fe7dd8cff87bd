//! A load benchmark over loopback: many concurrent games, each played by two
//! bot clients over WebSockets against the server program (a child
//! process), every move committed before its acknowledgement. Bounded in
//! time and count: it stops by itself.
//!
//! ```text
//! cargo build --profile server-bench -p marsal-server --bins --examples
//! target/server-bench/examples/load --games 1000 --seconds 30 --think-ms 400
//! target/server-bench/examples/load --games 1000 --seconds 30 --db postgres://marsal@127.0.0.1:55439/postgres
//! ```
//!
//! Reports: the games played at once, moves a second, the acknowledgement
//! latency (median, p99, max: from sending a move to the mover's next
//! state), and the server's memory a game (its RSS after the games started,
//! less its RSS before, over the games).

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

struct Args {
    games: usize,
    seconds: u64,
    think_ms: u64,
    db: Option<String>,
    server: std::path::PathBuf,
}

fn args() -> Result<Args, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut a = Args {
        games: 1000,
        seconds: 30,
        think_ms: 400,
        db: None,
        server: exe
            .parent()
            .and_then(|p| p.parent())
            .map(|p| p.join("marsal-server"))
            .ok_or("no directory")?,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag}: a value"));
        match flag.as_str() {
            "--games" => a.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seconds" => a.seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--think-ms" => {
                a.think_ms = value()?.parse().map_err(|e| format!("--think-ms: {e}"))?
            }
            "--db" => a.db = Some(value()?),
            "--server" => a.server = value()?.into(),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if a.games == 0 || a.games > 5000 || a.seconds == 0 || a.seconds > 600 {
        return Err("--games 1..=5000, --seconds 1..=600".into());
    }
    Ok(a)
}

fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

async fn create(addr: SocketAddr) -> Result<Value, String> {
    let body = json!({"rules": "classic", "options": {"max_plies": 100000}}).to_string();
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .map_err(|e| e.to_string())?;
    let req = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut out = String::new();
    s.read_to_string(&mut out)
        .await
        .map_err(|e| e.to_string())?;
    let body = out.split_once("\r\n\r\n").ok_or("no body")?.1;
    serde_json::from_str(body).map_err(|e| format!("{e}: {body}"))
}

/// What a bot client reads of a message (the rest is skipped, not built).
#[derive(serde::Deserialize)]
struct Msg {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    ply: u64,
    #[serde(default)]
    phase: String,
    #[serde(default)]
    legal: Option<Vec<String>>,
}

#[derive(Default)]
struct Stats {
    moves: AtomicU64,
    games_done: AtomicU64,
    errors: AtomicU64,
    latencies_us: Mutex<Vec<u32>>,
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn seat(addr: SocketAddr, id: &str, secret: &str) -> Result<Ws, String> {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .map_err(|e| e.to_string())?;
    let join = json!({"type": "join", "secret": secret}).to_string();
    ws.send(Message::text(join))
        .await
        .map_err(|e| e.to_string())?;
    let setup = json!({"type": "setup", "random": true}).to_string();
    ws.send(Message::text(setup))
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

/// One seat: moves when offered legal moves (after a think time), until
/// the game ends or the run stops.
async fn play(mut ws: Ws, stats: Arc<Stats>, stop: Arc<AtomicBool>, think: Duration, seed: u64) {
    let mut rng = marsal::Rng::new(seed);
    let mut sent: Option<(u64, Instant)> = None;
    while !stop.load(Ordering::Relaxed) {
        let msg = match tokio::time::timeout(Duration::from_secs(2), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => t,
            Ok(Some(Ok(_))) | Err(_) => continue,
            _ => return,
        };
        let Ok(v) = serde_json::from_str::<Msg>(msg.as_str()) else {
            continue;
        };
        if v.kind == "error" {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            continue;
        }
        let ply = v.ply;
        if let Some((p, at)) = sent {
            if ply == p + 1 {
                stats.moves.fetch_add(1, Ordering::Relaxed);
                let us = at.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
                stats.latencies_us.lock().await.push(us);
                sent = None;
            }
        }
        if v.phase == "over" {
            stats.games_done.fetch_add(1, Ordering::Relaxed);
            return;
        }
        if let Some(legal) = v.legal.filter(|l| !l.is_empty()) {
            let mv = legal[rng.below(legal.len() as u32) as usize].clone();
            let jitter = think.as_millis() as u32 / 2 + 1;
            let wait = think / 2 + Duration::from_millis(u64::from(rng.below(jitter)));
            tokio::time::sleep(wait).await;
            let text = json!({"type": "move", "ply": ply, "move": mv}).to_string();
            sent = Some((ply, Instant::now()));
            if ws.send(Message::text(text)).await.is_err() {
                return;
            }
        }
    }
}

async fn game_loop(
    addr: SocketAddr,
    stats: Arc<Stats>,
    stop: Arc<AtomicBool>,
    think: Duration,
    seed: u64,
) {
    let mut n = 0;
    while !stop.load(Ordering::Relaxed) {
        let Ok(g) = create(addr).await else {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        let id = g["id"].as_str().unwrap_or_default().to_string();
        let red = g["seats"]["red"]["secret"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let blue = g["seats"]["blue"]["secret"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let (Ok(r), Ok(b)) = (seat(addr, &id, &red).await, seat(addr, &id, &blue).await) else {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            continue;
        };
        n += 1;
        let s1 = seed.wrapping_mul(1000).wrapping_add(n);
        tokio::join!(
            play(r, stats.clone(), stop.clone(), think, s1),
            play(b, stats.clone(), stop.clone(), think, s1 ^ 0x5555)
        );
    }
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let a = args()?;
    let dir = std::env::temp_dir().join(format!("marsal-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let db =
        a.db.clone()
            .unwrap_or_else(|| dir.join("games.sqlite").display().to_string());
    let mut child = Command::new(&a.server)
        .args([
            "--addr",
            "127.0.0.1:0",
            "--db",
            &db,
            "--rate-per-second",
            "100",
        ])
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", a.server.display()))?;
    let mut lines = BufReader::new(child.stderr.take().ok_or("stderr")?).lines();
    let addr: SocketAddr = loop {
        let line = lines
            .next()
            .ok_or("the server ended")?
            .map_err(|e| e.to_string())?;
        if let Some(rest) = line.strip_prefix("marsal serve: listening on http://") {
            break rest.parse().map_err(|e| format!("{e}"))?;
        }
        eprintln!("{line}");
    };
    std::thread::spawn(move || for _ in lines {});
    let pid = child.id();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rss_before = rss_kb(pid);
    let stats = Arc::new(Stats::default());
    let stop = Arc::new(AtomicBool::new(false));
    let think = Duration::from_millis(a.think_ms);
    let mut tasks = Vec::new();
    let started = Instant::now();
    for i in 0..a.games {
        tasks.push(tokio::spawn(game_loop(
            addr,
            stats.clone(),
            stop.clone(),
            think,
            i as u64 + 1,
        )));
        if i % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let ramp = started.elapsed();
    // Measure after a warm-up of a fifth of the run.
    tokio::time::sleep(Duration::from_secs(a.seconds / 5 + 1)).await;
    let m0 = stats.moves.load(Ordering::Relaxed);
    stats.latencies_us.lock().await.clear();
    let t0 = Instant::now();
    tokio::time::sleep(Duration::from_secs(a.seconds)).await;
    let moves = stats.moves.load(Ordering::Relaxed) - m0;
    let secs = t0.elapsed().as_secs_f64();
    let rss_after = rss_kb(pid);
    stop.store(true, Ordering::Relaxed);
    let mut lat = std::mem::take(&mut *stats.latencies_us.lock().await);
    lat.sort_unstable();
    let _ = child.kill();
    let _ = child.wait();
    for t in tasks {
        t.abort();
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "server: {} ({})",
        a.server.display(),
        if a.db.is_some() { "postgres" } else { "sqlite" }
    );
    println!(
        "games at once: {} (started in {:.1} s), think time {}–{} ms a move",
        a.games,
        ramp.as_secs_f64(),
        a.think_ms / 2,
        a.think_ms
    );
    println!(
        "moves acknowledged: {moves} in {secs:.1} s: {:.0} moves/s",
        moves as f64 / secs
    );
    println!(
        "ack latency: median {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} moves)",
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0),
        lat.len()
    );
    println!(
        "server RSS: {} KB before, {} KB with the games: {:.1} KB a game",
        rss_before,
        rss_after,
        (rss_after.saturating_sub(rss_before)) as f64 / a.games as f64
    );
    println!(
        "games finished: {}, errors: {}",
        stats.games_done.load(Ordering::Relaxed),
        stats.errors.load(Ordering::Relaxed)
    );
    Ok(())
}
