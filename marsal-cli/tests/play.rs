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
        "\nhelp\nhello\ne5xe6\na4xa5\na4-a6\nmoves\nmoves 2\nmoves x\nresign\n",
    );
    assert!(run.status.success(), "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("upper case = Red"), "{out}");
    assert!(out.contains("Type a move as FROM-TO"), "{out}");
    assert!(
        out.contains("Cannot read \"hello\": a move is written from-to"),
        "{out}"
    );
    assert!(!out.contains("is not a move"), "{out}");
    // Not a legal move whatever its sign: the referee says why.
    assert!(out.contains("e5-e6 is not a legal move"), "{out}");
    assert!(
        out.contains("a5 holds no enemy piece, so the move is written a4-a5"),
        "{out}"
    );
    assert!(out.contains("a4-a6 is not a legal move"), "{out}");
    assert!(out.contains(" legal moves:\n  "), "{out}");
    assert!(out.contains("'moves' takes a page number"), "{out}");
    fits_80_columns(out);
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

/// Every line of the text fits 80 columns, but for a single long word.
fn fits_80_columns(text: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80 || line.split_whitespace().count() == 1,
            "{} characters: {line:?}",
            line.chars().count()
        );
    }
}

#[test]
fn blue_sees_its_own_rows_at_the_bottom() {
    let run = marsal(
        &[
            "play",
            "--ruleset",
            "classic",
            "--as",
            "blue",
            "--opponent",
            "random",
            "--seed",
            "3",
        ],
        "\nresign\n",
    );
    assert!(run.status.success(), "{}", run.stderr);
    let out = &run.stdout;
    let first = out.find("  1  ? ? ?").expect(out);
    let last = out[first..].find(" 10  ").expect(out) + first;
    assert!(out[last..].starts_with(" 10  ") && out[last..].contains("     j i h g f e d c b a"));
    // Blue's back row at the bottom, its letters lower case.
    let row: &str = out[last..].lines().next().unwrap();
    assert!(
        row[4..].chars().all(|c| c == ' ' || c.is_ascii_lowercase()),
        "{row}"
    );
    // After resigning, the whole board is still drawn Blue's way up: rank 1
    // (Red's back row, upper case) at the top, Blue's back row at the bottom.
    let end = out.find("The whole board at the end").expect(out);
    let board: Vec<&str> = out[end..].lines().skip(1).take(11).collect();
    assert!(board[0].starts_with("  1 "), "{}", board.join("\n"));
    assert!(
        board[0][4..]
            .chars()
            .all(|c| c == ' ' || c.is_ascii_uppercase()),
        "{}",
        board.join("\n")
    );
    assert!(board[9].starts_with(" 10 "), "{}", board.join("\n"));
    assert!(
        board[9][4..]
            .chars()
            .all(|c| c == ' ' || c.is_ascii_lowercase()),
        "{}",
        board.join("\n")
    );
    assert_eq!(board[10], "     j i h g f e d c b a");
    fits_80_columns(out);
}

#[test]
fn the_setup_offered_can_be_exchanged_or_typed() {
    // Barrage's eight pieces in Red's front row, the rest empty.
    let mine = "MGSSNYBF../........../........../..........";
    let run = marsal(
        &[
            "play",
            "--ruleset",
            "barrage",
            "--as",
            "red",
            "--opponent",
            "random",
            "--seed",
            "5",
        ],
        &format!("random\nsensible\nFFF\n{mine}\n\nresign\n"),
    );
    assert!(run.status.success(), "{}", run.stderr);
    let out = &run.stdout;
    // Offered first, after random, sensible, the refused text and the typed one.
    assert_eq!(
        out.matches("Press Enter to play with this setup").count(),
        5,
        "{out}"
    );
    assert!(out.contains("That setup cannot be played: "), "{out}");
    let last = out.rfind("Your setup: ").unwrap();
    assert!(
        out[last..].starts_with(&format!("Your setup: {mine}")),
        "{out}"
    );
    // The setup played is the one typed: the board shows it in rank 4.
    assert!(out.contains("  4  M G S S N Y B F . ."), "{out}");
    fits_80_columns(out);
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
    // The line after "N legal moves:" starts the list.
    let mut list_next = false;
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
        let header = line
            .split_once(" legal move")
            .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
        if line.starts_with("Press Enter to play with this setup") {
            writeln!(stdin).unwrap();
        } else if line.contains("your move") {
            if !after_list {
                writeln!(stdin, "moves").unwrap();
            }
            after_list = false;
        } else if header {
            list_next = true;
        } else if list_next {
            let first = line.split_whitespace().next().unwrap_or("resign");
            writeln!(stdin, "{first}").unwrap();
            list_next = false;
            after_list = true;
        } else if !(after_list && line.starts_with("    ")) {
            // (A long list goes on over indented lines.)
            after_list = false;
        }
    }
    let status = child.wait().unwrap();
    assert!(status.success(), "{transcript}");
    fits_80_columns(&transcript);
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
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Red (upper case) is the search bot (1000 nodes a move), Blue (lower case) the careful bot."),
        "{out}"
    );
    assert!(out.contains("Letters: upper case = Red's pieces, lower case = Blue's pieces."));
    assert!(out.contains("M Marshal (1)"), "{out}");
    assert!(out.contains("Result: "), "{out}");
    assert!(
        !out.contains("AttackerWins") && !out.contains(" 1 fights") && !out.contains("(1 fights"),
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
