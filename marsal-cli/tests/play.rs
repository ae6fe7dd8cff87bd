//! `marsal play` driven through standard input, and `marsal selfplay`.

mod common;
use common::*;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;

#[test]
fn bad_input_gets_a_clear_message_and_another_try() {
    let run = marsal(
        &[
            "play",
            "--ruleset",
            "classic",
            "--as",
            "red",
            "--opponent",
            "random",
            "--seed",
            "3",
        ],
        "help\nhello\ne5xe6\ne5-e6\na4-a6\nmoves\nresign\n",
    );
    assert!(run.status.success(), "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("upper case = Red"), "{out}");
    assert!(out.contains("Type a move as FROM-TO"), "{out}");
    assert!(out.contains("Not a move: \"hello\" is not a move"), "{out}");
    assert!(
        out.contains("\"e5xe6\" is written as an attack but e6 holds no enemy piece"),
        "{out}"
    );
    assert!(out.contains("e5-e6 is not a legal move"), "{out}");
    assert!(out.contains("a4-a6 is not a legal move"), "{out}");
    assert!(out.contains("legal moves: "), "{out}");
    assert!(out.contains("Game over: Blue wins: Red resigns."), "{out}");
    // The opponent's pieces are unknown: its rows are question marks.
    assert!(out.contains(" 10  ? ? ? ? ? ? ? ? ? ?"), "{out}");
}

#[test]
fn the_end_of_input_resigns() {
    let run = marsal(
        &[
            "play",
            "--ruleset",
            "barrage",
            "--as",
            "blue",
            "--opponent",
            "careful",
            "--seed",
            "4",
        ],
        "",
    );
    assert!(run.status.success(), "{}", run.stderr);
    assert!(
        run.stdout.contains("Input ended: you resign."),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("Red wins: Blue resigns"),
        "{}",
        run.stdout
    );
    // Blue was told Red's first move before being asked.
    assert!(run.stdout.contains("Red (careful): "), "{}", run.stdout);
}

#[test]
fn a_bad_setup_is_refused_before_the_game() {
    let run = marsal(&["play", "--ruleset", "barrage", "--setup", "FFF"], "");
    assert!(!run.status.success());
    assert!(run.stderr.contains("--setup"), "{}", run.stderr);
}

/// Plays a whole game as a person would: read the prompt, ask for the legal
/// moves, type the first one.
fn play_whole_game(opponent: &str, side: &str) -> String {
    let mut child = Command::new(MARSAL)
        .args([
            "play",
            "--ruleset",
            "barrage",
            "--as",
            side,
            "--opponent",
            opponent,
            "--seed",
            "7",
            "--max-plies",
            "400",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap_or_default()).is_err() {
                return;
            }
        }
    });
    let mut transcript = String::new();
    // The prompt comes again after the list of moves: answer it only when the
    // line before was not that list.
    let mut after_list = false;
    loop {
        let line = match rx.recv_timeout(HANG) {
            Ok(l) => l,
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(e) => {
                let _ = child.kill();
                panic!("play hung ({e}):\n{transcript}");
            }
        };
        transcript.push_str(&line);
        transcript.push('\n');
        let list = line
            .split_once(" legal moves: ")
            .or_else(|| line.split_once(" legal move: "))
            .filter(|(n, _)| n.parse::<u32>().is_ok())
            .map(|(_, l)| l);
        if line.contains("your move") {
            if !after_list {
                writeln!(stdin, "moves").unwrap();
            }
            after_list = false;
        } else if let Some(list) = list {
            let first = list.split_whitespace().next().unwrap_or("resign");
            writeln!(stdin, "{first}").unwrap();
            after_list = true;
        } else {
            after_list = false;
        }
    }
    let status = child.wait().unwrap();
    assert!(status.success(), "{transcript}");
    transcript
}

#[test]
fn a_whole_game_typed_move_by_move() {
    let t = play_whole_game("random", "red");
    assert!(t.contains("Game over: "), "{t}");
    assert!(t.contains("You: "), "{t}");
    assert!(t.contains("The whole board at the end"), "{t}");
}

#[test]
fn a_whole_game_against_a_bot_program() {
    let bot = builtin_bot("careful");
    let t = play_whole_game(&bot, "blue");
    assert!(t.contains("Game over: "), "{t}");
}

#[test]
fn selfplay_explains_what_it_prints() {
    let run = marsal(
        &[
            "selfplay",
            "--ruleset",
            "marsal_a_spion",
            "--seed",
            "2",
            "--nodes",
            "1000",
        ],
        "",
    );
    assert!(run.status.success(), "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains("Red (upper case) is the search bot (1000 nodes a move), Blue (lower case) the careful bot."),
        "{out}"
    );
    assert!(out.contains("Letters: upper case = Red's pieces, lower case = Blue's pieces."));
    assert!(out.contains("M Marshal (1)"), "{out}");
    assert!(out.contains("Result: "), "{out}");
    assert!(
        !out.contains("AttackerWins") && !out.contains("1 fights"),
        "{out}"
    );
    assert!(!out.contains("(PAT)") || out.contains("PAT (the Czech rules' stalemate"));
}

#[test]
fn a_whole_game_against_the_search_bot() {
    let t = play_whole_game("search:300", "red");
    assert!(t.contains("Game over: "), "{t}");
    // The person is offered a sensible setup: the Flag on the back row.
    assert!(t.contains("Your setup: "), "{t}");
}

#[test]
fn a_whole_game_against_the_search_bot_program() {
    let bot = builtin_bot("search --nodes 300");
    let t = play_whole_game(&bot, "blue");
    assert!(t.contains("Game over: "), "{t}");
}
