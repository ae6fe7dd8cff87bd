//! The example exchange of docs/server.md ("## An example exchange"),
//! replayed against a running server: each request and message as the doc
//! writes it, each answer checked to hold at least the fields the doc shows.
//!
//! The doc's lines: `POST PATH BODY` or `GET PATH` (an HTTP request), then
//! `STATUS BODY` (its answer); `SEAT> MESSAGE` (a client sends) and
//! `SEAT< MESSAGE` (it receives next), SEAT naming a client (`red`, `blue`,
//! `watch`: one connection each, opened at its first line). In an answer, a
//! string `"$NAME"` seen first binds NAME; after that `$NAME` anywhere in a
//! string stands for its value. An array ending in `"..."` checks only the
//! elements before it.

mod common;

use common::{Client, http};
use serde_json::Value;
use std::collections::HashMap;

const DOC: &str = "docs/server.md";
const HEADING: &str = "## An example exchange";

/// The first ```text block under the heading.
fn exchange() -> Vec<String> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/server.md"))
        .expect("docs/server.md");
    let after = doc
        .split_once(&format!("\n{HEADING}\n"))
        .expect("the heading")
        .1;
    let block = after.split_once("```text\n").expect("a text block").1;
    let block = block.split_once("\n```").expect("its end").0;
    let mut lines = Vec::new();
    // A line ending in `\` goes on on the next.
    let mut cur = String::new();
    for line in block.lines() {
        if let Some(head) = line.strip_suffix('\\') {
            cur.push_str(head);
            continue;
        }
        cur.push_str(line);
        if !cur.trim().is_empty() {
            lines.push(std::mem::take(&mut cur));
        }
        cur.clear();
    }
    assert!(
        lines.len() > 10,
        "{DOC}: the exchange under {HEADING} is too short"
    );
    lines
}

fn substitute(text: &str, vars: &HashMap<String, String>) -> String {
    let mut out = text.to_string();
    // Longest names first, so that $RED does not eat $REDX.
    let mut names: Vec<&String> = vars.keys().collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for name in names {
        out = out.replace(&format!("${name}"), &vars[name]);
    }
    out
}

/// Whether `actual` holds `expected` (objects: the fields shown; arrays: each
/// element, or the ones before a final "..."); binds `$NAME`s.
fn holds(
    expected: &Value,
    actual: &Value,
    vars: &mut HashMap<String, String>,
    at: &str,
) -> Result<(), String> {
    match (expected, actual) {
        (Value::String(e), a)
            if e.starts_with('$')
                && e[1..].bytes().all(|b| b.is_ascii_uppercase())
                && !vars.contains_key(&e[1..]) =>
        {
            let Value::String(a) = a else {
                return Err(format!("{at}: {a} for {e}"));
            };
            vars.insert(e[1..].to_string(), a.clone());
            Ok(())
        }
        (Value::String(e), Value::String(a)) => {
            let e = substitute(e, vars);
            if e == *a {
                Ok(())
            } else {
                Err(format!("{at}: {a:?}, the doc says {e:?}"))
            }
        }
        (Value::Object(e), Value::Object(a)) => {
            for (k, v) in e {
                let Some(av) = a.get(k) else {
                    return Err(format!("{at}.{k}: missing"));
                };
                holds(v, av, vars, &format!("{at}.{k}"))?;
            }
            Ok(())
        }
        (Value::Array(e), Value::Array(a)) => {
            let (e, open) = match e.split_last() {
                Some((Value::String(s), rest)) if s == "..." => (rest, true),
                _ => (&e[..], false),
            };
            if a.len() < e.len() || (!open && a.len() != e.len()) {
                return Err(format!(
                    "{at}: {} elements, the doc shows {}",
                    a.len(),
                    e.len()
                ));
            }
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                holds(ev, av, vars, &format!("{at}[{i}]"))?;
            }
            Ok(())
        }
        (e, a) if e == a => Ok(()),
        (e, a) => Err(format!("{at}: {a}, the doc says {e}")),
    }
}

#[tokio::test]
async fn the_documented_exchange_happens_as_written() {
    let addr = common::start("doc").await;
    let mut vars: HashMap<String, String> = HashMap::new();
    let mut clients: HashMap<String, Client> = HashMap::new();
    let mut last_http: Option<(u16, String)> = None;
    let show = std::env::var_os("MARSAL_DOC_SHOW").is_some();
    for (n, line) in exchange().iter().enumerate() {
        let at = format!("{DOC} exchange line {}: {line}", n + 1);
        if let Some(rest) = line
            .strip_prefix("POST ")
            .or_else(|| line.strip_prefix("GET "))
        {
            let method = if line.starts_with("POST") {
                "POST"
            } else {
                "GET"
            };
            let (path, body) = rest
                .split_once(' ')
                .map_or((rest, None), |(p, b)| (p, Some(b)));
            let path = substitute(path, &vars);
            let body = body.map(|b| substitute(b, &vars));
            let answer = http(addr, method, &path, body.as_deref()).await;
            if show {
                println!("{} {}", answer.0, answer.1);
            }
            last_http = Some(answer);
        } else if let Some((status, body)) = line
            .split_once(' ')
            .filter(|(s, _)| s.len() == 3 && s.bytes().all(|b| b.is_ascii_digit()))
        {
            let (got, text) = last_http
                .take()
                .unwrap_or_else(|| panic!("{at}: no request before"));
            assert_eq!(got.to_string(), status, "{at}: {text}");
            let actual: Value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{at}: {e}: {text}"));
            let expected: Value =
                serde_json::from_str(body).unwrap_or_else(|e| panic!("{at}: the doc's JSON: {e}"));
            holds(&expected, &actual, &mut vars, "answer").unwrap_or_else(|e| panic!("{at}: {e}"));
        } else if let Some((seat, msg)) = line.split_once("> ") {
            if !clients.contains_key(seat) {
                let id = vars.get("ID").unwrap_or_else(|| panic!("{at}: no $ID yet"));
                clients.insert(seat.to_string(), Client::connect(addr, id).await);
            }
            let msg = substitute(msg, &vars);
            clients
                .get_mut(seat)
                .expect("a client")
                .send_text(&msg)
                .await;
        } else if let Some((seat, msg)) = line.split_once("< ") {
            let c = clients
                .get_mut(seat)
                .unwrap_or_else(|| panic!("{at}: no client {seat}"));
            let text = c.recv_text().await;
            if show {
                println!("{seat}< {text}");
            }
            let actual: Value = serde_json::from_str(&text).expect("JSON");
            let expected: Value =
                serde_json::from_str(msg).unwrap_or_else(|e| panic!("{at}: the doc's JSON: {e}"));
            holds(&expected, &actual, &mut vars, "message")
                .unwrap_or_else(|e| panic!("{at}: {e}\n{text}"));
        } else {
            panic!("{at}: not a line of an exchange");
        }
    }
}
