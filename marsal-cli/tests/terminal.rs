//! What the program writes fits 80 columns: every `--help` page (wrapped to
//! 80 columns without a terminal), the lines of a match and of a tournament;
//! and both report their progress without a terminal, a line at each tenth
//! of the games on standard error.

mod common;
use common::*;

/// Every line of `text` is at most 80 characters.
fn fits(text: &str, what: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80,
            "{what}: a line of {} characters:\n{line}",
            line.chars().count()
        );
    }
}

#[test]
fn every_help_page_fits_80_columns_without_a_terminal() {
    let pages: &[&[&str]] = &[
        &[],
        &["selfplay"],
        &["play"],
        &["match"],
        &["tournament"],
        &["tournament", "merge"],
        &["tournament", "book"],
        &["render"],
        &["bot"],
    ];
    for page in pages {
        let mut args = page.to_vec();
        args.push("--help");
        let run = marsal(&args, "");
        assert!(run.status.success(), "{args:?}: {}", run.stderr);
        fits(&run.stdout, &format!("marsal {}", args.join(" ")));
    }
}

#[test]
fn a_match_without_a_terminal_reports_each_tenth_of_its_games_in_80_columns() {
    let run = marsal(
        &[
            "match",
            "--red",
            "builtin:careful",
            "--blue",
            "builtin:random",
            "--ruleset",
            "barrage",
            "--games",
            "20",
        ],
        "",
    );
    assert!(run.status.success(), "{}\n{}", run.stdout, run.stderr);
    let progress: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("game "))
        .collect();
    let done: Vec<String> = progress
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap_or("").to_string())
        .collect();
    assert_eq!(
        done,
        ["2", "4", "6", "8", "10", "12", "14", "16", "18", "20"],
        "{}",
        run.stderr
    );
    assert!(
        progress[9].starts_with("game 20 of 20: red "),
        "{}",
        run.stderr
    );
    fits(&run.stdout, "match's standard output");
    fits(&run.stderr, "match's standard error");
}

#[test]
fn a_tournament_without_a_terminal_reports_its_progress_in_80_columns() {
    let run = marsal(
        &[
            "tournament",
            "builtin:careful",
            "builtin:random",
            "builtin:search:50",
            "--ruleset",
            "barrage",
            "--games",
            "4",
            "--verbose",
        ],
        "",
    );
    assert!(run.status.success(), "{}\n{}", run.stdout, run.stderr);
    let lines = run.stderr.lines().filter(|l| l.starts_with('[')).count();
    assert_eq!(lines, 12, "a line a game with --verbose:\n{}", run.stderr);
    let quiet = marsal(
        &[
            "tournament",
            "builtin:careful",
            "builtin:random",
            "--ruleset",
            "barrage",
            "--games",
            "20",
        ],
        "",
    );
    assert!(quiet.status.success(), "{}", quiet.stderr);
    let marks: Vec<&str> = quiet
        .stderr
        .lines()
        .filter(|l| l.starts_with('['))
        .map(|l| l.split(']').next().unwrap_or(""))
        .collect();
    assert_eq!(
        marks,
        [
            "[2/20", "[4/20", "[6/20", "[8/20", "[10/20", "[12/20", "[14/20", "[16/20", "[18/20",
            "[20/20"
        ],
        "{}",
        quiet.stderr
    );
    for r in [&run, &quiet] {
        fits(&r.stdout, "the tables");
        fits(&r.stderr, "the tournament's standard error");
    }
}
