//! `marsal play --join LINK`: seats of a game on a game server (`marsal
//! serve` on an ephemeral loopback port, a temporary database) taken by
//! their invitation links: two bot programs speaking the marsal protocol
//! play each other through the server, a bot program plays a server bot,
//! and a person at the terminal sets up and resigns.
mod common;

use common::{HANG, MARSAL, marsal, repo, temp_dir};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Instant;

struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(name: &str) -> Server {
    let dir = temp_dir(name);
    let db = dir.join("games.sqlite");
    let mut child = Command::new(MARSAL)
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start marsal serve");
    let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
    let addr = loop {
        let line = lines
            .next()
            .expect("the server says where it listens")
            .expect("a line");
        if let Some(url) = line.split("listening on http://").nth(1) {
            break url.trim().trim_end_matches('/').to_string();
        }
    };
    // Keep reading its log so that it never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    Server { child, addr }
}

/// POST /api/games with `body`; the answer's JSON.
fn create(server: &Server, body: &str) -> serde_json::Value {
    let mut s = TcpStream::connect(&server.addr).expect("connect");
    write!(
        s,
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        server.addr,
        body.len()
    )
    .expect("send");
    let mut answer = String::new();
    s.read_to_string(&mut answer).expect("read");
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    let json = answer.split("\r\n\r\n").nth(1).expect("a body");
    serde_json::from_str(json).expect("JSON")
}

fn invite(game: &serde_json::Value, side: &str) -> String {
    game["seats"][side]["invite"]
        .as_str()
        .expect("an invitation link")
        .to_string()
}

fn random_bot() -> String {
    format!(
        "python3 {}",
        repo().join("examples/bots/random_bot.py").display()
    )
}

#[test]
fn two_bot_programs_play_each_other_through_the_server() {
    let server = serve("join-two");
    let game = create(
        &server,
        r#"{"rules": "barrage", "options": {"max_plies": 300}}"#,
    );
    let bot = random_bot();
    let start = Instant::now();
    let children: Vec<_> = ["red", "blue"]
        .iter()
        .map(|side| {
            Command::new(MARSAL)
                .args(["play", "--join", &invite(&game, side), "--bot", &bot])
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("start marsal play --join")
        })
        .collect();
    let outs: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().expect("wait"))
        .collect();
    assert!(start.elapsed() < HANG);
    for out in &outs {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let last = |o: &std::process::Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .last()
            .unwrap_or("")
            .to_string()
    };
    // Both seats report the same ending, the server's.
    assert_eq!(last(&outs[0]), last(&outs[1]));
    let summary = get(
        &server,
        &format!("/api/games/{}", game["id"].as_str().unwrap()),
    );
    assert!(summary.contains(r#""phase":"over""#), "{summary}");
}

fn get(server: &Server, path: &str) -> String {
    let mut s = TcpStream::connect(&server.addr).expect("connect");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.addr
    )
    .expect("send");
    let mut answer = String::new();
    s.read_to_string(&mut answer).expect("read");
    answer
}

#[test]
fn a_bot_program_plays_a_server_bot() {
    let server = serve("join-bot");
    let game = create(
        &server,
        r#"{"rules": "barrage", "options": {"max_plies": 300}, "seats": {"red": {"bot": "random"}, "blue": "person"}}"#,
    );
    let run = marsal(
        &[
            "play",
            "--join",
            &invite(&game, "blue"),
            "--bot",
            &random_bot(),
        ],
        "",
    );
    assert!(run.status.success(), "{}", run.stderr);
    assert!(
        ["Red wins", "Blue wins", "draw", "Draw"]
            .iter()
            .any(|w| run.last_line().contains(w)),
        "{}",
        run.stdout
    );
}

#[test]
fn a_person_joins_sets_up_and_resigns() {
    let server = serve("join-person");
    let game = create(
        &server,
        r#"{"rules": "barrage", "seats": {"red": "person", "blue": {"bot": "random"}}}"#,
    );
    // Enter: the offered setup; then a move that is no move, then resign.
    let run = marsal(
        &["play", "--join", &invite(&game, "red")],
        "\nz9-z8\nresign\n",
    );
    assert!(run.status.success(), "{}", run.stderr);
    assert!(run.says("You play Red"), "{}", run.stdout);
    assert!(run.says("Blue wins: Red resigns"), "{}", run.stdout);
    let record = get(
        &server,
        &format!("/api/games/{}/record.json", game["id"].as_str().unwrap()),
    );
    assert!(record.contains(r#""reason":"resigned""#), "{record}");
}

#[test]
fn a_bad_link_is_refused_with_words() {
    let run = marsal(
        &["play", "--join", "http://127.0.0.1:9/#game=ab&seat=red"],
        "",
    );
    assert!(!run.status.success());
    assert!(run.warns("spectator"), "{}", run.stderr);
    let run = marsal(&["play", "--bot", "x"], "");
    assert!(!run.status.success());
}

/// The commands of docs/server.md under "## Seats from the terminal and bot
/// programs", as written, with LINK a real invitation link: the person's
/// (given Enter and `resign`) and the bot program's (against a server bot).
#[test]
fn the_commands_of_the_docs_run_as_written() {
    let doc = std::fs::read_to_string(repo().join("docs/server.md")).expect("docs/server.md");
    let section = doc
        .split("## Seats from the terminal and bot programs")
        .nth(1)
        .expect("the heading");
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("an sh block");
    let lines: Vec<&str> = block.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 2, "{block}");
    let server = serve("join-docs");
    for line in lines {
        let game = create(
            &server,
            r#"{"rules": "barrage", "options": {"max_plies": 300}, "seats": {"red": "person", "blue": {"bot": "random"}}}"#,
        );
        let command = line
            .replacen("marsal ", &format!("{MARSAL} "), 1)
            .replace("LINK", &invite(&game, "red"));
        let out = Command::new("sh")
            .args(["-c", &command])
            .current_dir(repo())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                c.stdin.take().expect("stdin").write_all(b"\nresign\n")?;
                c.wait_with_output()
            })
            .expect("run the command");
        assert!(
            out.status.success(),
            "{line}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("wins") || text.contains("raw"),
            "{line}: {text}"
        );
    }
}
