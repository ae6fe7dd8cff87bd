//! Any bot can meet any other: a progcomp bot against a built-in bot or a
//! marsal-protocol bot; and the progcomp side refereed as the 2012 UCC manager
//! referees it (its game length, its reading and repeating of moves, its names,
//! its result line, two bad setups with no winner), with records that say how
//! each game ended.

mod common;
use common::*;
use std::path::{Path, PathBuf};

fn progcomp_random() -> String {
    format!(
        "python3 '{}'",
        repo().join("examples/bots/progcomp_random.py").display()
    )
}

fn marsal_random() -> String {
    format!(
        "python3 '{}'",
        repo().join("examples/bots/random_bot.py").display()
    )
}

/// A progcomp bot for these tests: it logs every line it gets to LOG, sets up
/// the manual's example setup (a Scout on the front row's file 0) and moves
/// that Scout forward and back, never attacking, each answer followed by
/// SUFFIX; with MODE `bad_setup` its setup is ten Flags a row.
const SHUFFLE: &str = r#"
import sys
log_path, suffix, mode = sys.argv[1], sys.argv[2], sys.argv[3]
log = open(log_path, "w")
def read():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    log.write(line)
    log.flush()
    if line.startswith("QUIT"):
        sys.exit(0)
    return line.rstrip("\n")
colour = read().split()[0]
if mode == "bad_setup":
    rows = ["FFFFFFFFFF"] * 4
elif colour == "RED":
    rows = ["FB8sB479B8", "BB31555583", "6724898974", "967B669999"]
else:
    rows = ["967B669999", "6724898974", "BB31555583", "FB8sB479B8"]
print("\n".join(rows), flush=True)
moves = ["0 3 DOWN", "0 4 UP"] if colour == "RED" else ["0 6 UP", "0 5 DOWN"]
n = 0
while True:
    read()
    for _ in range(10):
        read()
    print(moves[n % 2] + suffix, flush=True)
    n += 1
    read()
"#;

/// Writes the shuffling bot as an executable with no arguments (the only kind
/// of command the manager ran), logging to `name.log`; returns its path.
fn shuffle_bot(dir: &Path, name: &str, suffix: &str, mode: &str) -> (String, PathBuf) {
    let script = dir.join("shuffle.py");
    std::fs::write(&script, SHUFFLE).unwrap();
    let log = dir.join(format!("{name}.log"));
    let exe = dir.join(name);
    std::fs::write(
        &exe,
        format!(
            "#!/bin/sh\nexec python3 -u '{}' '{}' '{suffix}' '{mode}'\n",
            script.display(),
            log.display()
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    (exe.display().to_string(), log)
}

fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}

fn ok(run: &Run) {
    assert!(run.status.success(), "{}\n{}", run.stdout, run.stderr);
}

#[test]
fn a_progcomp_bot_plays_the_built_in_careful_bot_on_classic_by_default() {
    let prog = format!("progcomp:{}", progcomp_random());
    let run = marsal(
        &[
            "match",
            "--red",
            &prog,
            "--blue",
            "builtin:careful",
            "--games",
            "2",
        ],
        "",
    );
    ok(&run);
    assert!(
        run.stdout.starts_with("match: 2 games of classic"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("the built-in careful bot"),
        "{}",
        run.stdout
    );
    let last = run.last_line();
    assert!(
        last.contains("draws") && last.contains("forfeits 0"),
        "{last}"
    );
}

#[test]
fn a_marsal_protocol_bot_plays_a_progcomp_bot() {
    let dir = temp_dir("mixed");
    let run = marsal(
        &[
            "match",
            "--red",
            &marsal_random(),
            "--blue",
            &progcomp_random(),
            "--blue-protocol",
            "progcomp",
            "--games",
            "2",
            "--record",
            dir.to_str().unwrap(),
        ],
        "",
    );
    ok(&run);
    assert!(run.last_line().contains("forfeits 0"), "{}", run.stdout);
    // Both games recorded, each naming its programs.
    let tsv = std::fs::read_to_string(dir.join("results.tsv")).unwrap();
    assert_eq!(tsv.lines().count(), 3, "{tsv}");
    let json = std::fs::read_to_string(dir.join("game-002.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["result"]["red"], progcomp_random());
    assert_eq!(v["result"]["blue"], marsal_random());
    let game: marsal::Game = serde_json::from_str(&json).expect("a Game still");
    assert!(game.status().is_over());
}

#[test]
fn a_progcomp_game_lasts_the_managers_5000_turns_that_is_9998_plies() {
    let dir = temp_dir("long");
    let (red, red_log) = shuffle_bot(&dir, "red_bot", "", "play");
    let (blue, _) = shuffle_bot(&dir, "blue_bot", "", "play");
    let record = dir.join("games");
    let run = marsal(
        &[
            "match",
            "--protocol",
            "progcomp",
            "--red",
            &red,
            "--blue",
            &blue,
            "--record",
            record.to_str().unwrap(),
        ],
        "",
    );
    ok(&run);
    assert!(
        run.stdout.contains("a draw after 9998 plies"),
        "{}",
        run.stdout
    );
    assert_eq!(run.last_line(), "red 0, blue 0, draws 1, forfeits 0");
    let log = lines(&red_log);
    // The opponent's name is its command as given; the result line is the
    // manager's: the side on whose turn it ended, DRAW_DEFAULT, turn 5000, and
    // both armies' values (148 each, nothing was taken).
    assert_eq!(log[0], format!("RED {blue} 10 10"));
    assert_eq!(
        log.last().unwrap(),
        &format!("QUIT {blue} BLUE DRAW_DEFAULT 5000 148 148")
    );
    let json = std::fs::read_to_string(record.join("game-001.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 9998);
    assert_eq!(v["result"]["ending"], "ply_limit");
    assert_eq!(v["result"]["winner"], serde_json::Value::Null);
    let xml = std::fs::read_to_string(record.join("game-001.xml")).unwrap();
    assert!(xml.contains(r#"reason="ply_limit""#), "{xml}");
}

#[test]
fn max_turns_counts_turns_as_the_manager_does() {
    let dir = temp_dir("turns");
    let (red, red_log) = shuffle_bot(&dir, "red_bot", "", "play");
    let (blue, _) = shuffle_bot(&dir, "blue_bot", "", "play");
    let run = marsal(
        &[
            "match",
            "--red",
            &red,
            "--blue",
            &blue,
            "--protocol",
            "progcomp",
            "--max-turns",
            "10",
        ],
        "",
    );
    ok(&run);
    assert!(
        run.stdout.contains("a draw after 18 plies"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("18 moves"), "{}", run.stdout);
    assert_eq!(
        lines(&red_log).last().unwrap(),
        &format!("QUIT {blue} BLUE DRAW_DEFAULT 10 148 148")
    );
    // --max-turns and --max-plies say the same thing twice.
    let both = marsal(
        &[
            "match",
            "--red",
            &red,
            "--blue",
            &blue,
            "--max-turns",
            "10",
            "--max-plies",
            "4",
        ],
        "",
    );
    assert!(!both.status.success());
}

#[test]
fn a_move_is_repeated_to_both_bots_as_its_bot_wrote_it() {
    let dir = temp_dir("echo");
    // `0 3 DOWN 1 thanks`: a valid move (the multiplier 1, the word after it
    // passed over), repeated word for word.
    let (red, red_log) = shuffle_bot(&dir, "red_bot", " 1 thanks", "play");
    let (blue, blue_log) = shuffle_bot(&dir, "blue_bot", "", "play");
    let run = marsal(
        &[
            "match",
            "--red",
            &red,
            "--blue",
            &blue,
            "--protocol",
            "progcomp",
            "--max-turns",
            "3",
        ],
        "",
    );
    ok(&run);
    assert_eq!(run.last_line(), "red 0, blue 0, draws 1, forfeits 0");
    let red_log = lines(&red_log);
    let blue_log = lines(&blue_log);
    // Red: its setup line, START and the board, then its own move repeated.
    assert_eq!(red_log[1], "START");
    assert_eq!(red_log[12], "0 3 DOWN 1 thanks OK");
    assert_eq!(red_log[13], "0 6 UP OK");
    // Blue gets Red's move in Red's words before its board.
    assert_eq!(blue_log[1], "0 3 DOWN 1 thanks OK");
    assert_eq!(blue_log[12], "0 6 UP OK");
}

#[test]
fn a_word_where_the_multiplier_goes_forfeits_in_the_bots_own_words() {
    let dir = temp_dir("trailing");
    // `0 3 DOWN thanks`: the manager reads a multiplier of 0, an illegal move.
    let (red, red_log) = shuffle_bot(&dir, "red_bot", " thanks", "play");
    let builtin = "builtin:random";
    let record = dir.join("games");
    let run = marsal(
        &[
            "match",
            "--red",
            &format!("progcomp:{red}"),
            "--blue",
            builtin,
            "--record",
            record.to_str().unwrap(),
        ],
        "",
    );
    ok(&run);
    assert_eq!(run.last_line(), "red 0, blue 1, draws 0, forfeits 1");
    assert!(
        run.says("\"0 3 DOWN thanks\": a MULTIPLIER of 0 is no move"),
        "{}",
        run.stdout
    );
    // The forfeit is not repeated as a move: the manager's result line
    // follows, naming the side that lost on its turn.
    let log = lines(&red_log);
    // A built-in bot is named like a path, as the manager's names were.
    assert_eq!(log[0], "RED marsal/builtin:random 10 10");
    assert_eq!(
        log.last().unwrap(),
        &format!("QUIT {red} RED ILLEGAL 1 148 148")
    );
    // The records: the answer that lost, the winner by its name.
    let json = std::fs::read_to_string(record.join("game-001.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["result"]["winner"], "blue");
    assert_eq!(v["result"]["ending"], "forfeit");
    assert_eq!(v["result"]["forfeit"]["side"], "red");
    assert_eq!(v["result"]["forfeit"]["answer"], "0 3 DOWN thanks");
    let xml = std::fs::read_to_string(record.join("game-001.xml")).unwrap();
    assert!(
        xml.contains(r#"reason="forfeit""#) && xml.contains(r#"answer="0 3 DOWN thanks""#),
        "{xml}"
    );
    assert!(marsal::gravon::parse(&xml).is_ok(), "{xml}");
    let tsv = std::fs::read_to_string(record.join("results.tsv")).unwrap();
    let row: Vec<&str> = tsv.lines().nth(1).unwrap().split('\t').collect();
    assert_eq!(row[3], builtin, "{tsv}");
}

#[test]
fn an_illegal_move_in_the_bots_words_names_the_move_it_was() {
    let dir = temp_dir("illegal");
    // `3 3 DOWN` moves Red's Bomb (file 3 of its front row): illegal.
    let script = dir.join("bomb.sh");
    std::fs::write(
        &script,
        "read l; echo FB8sB479B8; echo BB31555583; echo 6724898974; echo 967B669999\n\
         while read l; do case \"$l\" in QUIT*) exit 0;; START) for i in 1 2 3 4 5 6 7 8 9 10; do read b; done; echo '3 3 DOWN';; esac; done\n",
    )
    .unwrap();
    let record = dir.join("games");
    let run = marsal(
        &[
            "match",
            "--red",
            &format!("progcomp:sh '{}'", script.display()),
            "--blue",
            "builtin:careful",
            "--record",
            record.to_str().unwrap(),
        ],
        "",
    );
    ok(&run);
    assert!(run.says("illegal move: 3 3 DOWN: "), "{}", run.stdout);
    let json = std::fs::read_to_string(record.join("game-001.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["result"]["forfeit"]["answer"], "3 3 DOWN");
    assert_eq!(v["result"]["forfeit"]["move"]["from"], "d4");
    assert_eq!(v["result"]["forfeit"]["move"]["to"], "d5");
}

#[test]
fn two_bad_setups_leave_no_winner() {
    let dir = temp_dir("bad-setups");
    let (red, red_log) = shuffle_bot(&dir, "red_bot", "", "bad_setup");
    let (blue, blue_log) = shuffle_bot(&dir, "blue_bot", "", "bad_setup");
    let record = dir.join("games");
    let run = marsal(
        &[
            "match",
            "--protocol",
            "progcomp",
            "--red",
            &red,
            "--blue",
            &blue,
            "--games",
            "2",
            "--record",
            record.to_str().unwrap(),
        ],
        "",
    );
    ok(&run);
    assert_eq!(
        run.last_line(),
        "red 0, blue 0, draws 0, forfeits 2, no result 2 (both setups failed)"
    );
    assert!(
        run.stdout.contains("no winner: both setups failed"),
        "{}",
        run.stdout
    );
    for log in [red_log, blue_log] {
        let last = lines(&log).last().cloned().unwrap_or_default();
        assert!(last.starts_with("QUIT neither BOTH BAD_SETUP 0 "), "{last}");
    }
    let json = std::fs::read_to_string(record.join("game-001.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["result"]["winner"], serde_json::Value::Null);
    assert_eq!(v["result"]["ending"], "both_setups_failed");
    let tsv = std::fs::read_to_string(record.join("results.tsv")).unwrap();
    assert_eq!(tsv.lines().nth(1).unwrap().split('\t').nth(3), Some("none"));

    // The same over the marsal protocol: neither side wins.
    let garbage = dir.join("garbage.sh");
    std::fs::write(&garbage, "read l; echo not-a-setup; sleep 5\n").unwrap();
    let garbage = format!("sh '{}'", garbage.display());
    let run = marsal(&["match", "--red", &garbage, "--blue", &garbage], "");
    ok(&run);
    assert_eq!(
        run.last_line(),
        "red 0, blue 0, draws 0, forfeits 1, no result 1 (both setups failed)",
        "{}",
        run.stdout
    );
}

#[test]
fn a_built_in_bot_must_be_asked_for_by_its_prefix() {
    // `careful` is a program's name (there is none here), not the built-in bot.
    let run = marsal(
        &["match", "--red", "careful", "--blue", "builtin:random"],
        "",
    );
    assert!(!run.status.success());
    assert!(
        run.stderr.contains("cannot start \"careful\""),
        "{}",
        run.stderr
    );
    let run = marsal(
        &[
            "match",
            "--red",
            "builtin:carefull",
            "--blue",
            "builtin:random",
        ],
        "",
    );
    assert!(!run.status.success());
    assert!(run.stderr.contains("builtin:careful"), "{}", run.stderr);
}
