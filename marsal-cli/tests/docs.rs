//! The `marsal` commands of the user docs, run as written, with their output
//! checked: every ```` ```console ```` block of README.md,
//! marsal-cli/README.md and docs/*.md. In a block, a line `$ marsal ARGS` is a
//! command (run from the repository's top directory; the words split at
//! spaces, `"..."` kept whole) and the lines after it, up to the next `$`,
//! are its standard output as the docs show it, where a line `...` stands for
//! any number of lines and `[..]` within a line for any text (trycmd's
//! conventions). A command that must fail shows `? failed` as its last line.

mod common;
#[path = "../../tests/common/doc_blocks.rs"]
mod doc_blocks;
use common::*;
use doc_blocks::doc_block;
use std::process::Command;

/// The user docs that hold `marsal` commands.
fn docs() -> Vec<std::path::PathBuf> {
    let root = repo();
    let mut files = vec![root.join("README.md"), root.join("marsal-cli/README.md")];
    let mut more: Vec<_> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.expect("docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    more.sort();
    files.extend(more);
    files
}

/// The commands of the ```` ```console ```` blocks: (command line, output).
fn console_commands(text: &str) -> Vec<(String, Vec<String>)> {
    let mut commands: Vec<(String, Vec<String>)> = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if !inside {
            inside = line.trim_end() == "```console";
            continue;
        }
        if line.starts_with("```") {
            inside = false;
        } else if let Some(command) = line.strip_prefix("$ ") {
            commands.push((command.to_string(), Vec::new()));
        } else if let Some((_, out)) = commands.last_mut() {
            out.push(line.to_string());
        }
    }
    commands
}

/// The words of a command line: split at spaces, `"..."` kept whole.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Whether `line` matches `pattern`, where `[..]` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the output lines match the expected ones (`...`: any lines).
fn output_matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| output_matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            !actual.is_empty()
                && line_matches(first, actual[0])
                && output_matches(rest, &actual[1..])
        }
    }
}

#[test]
fn the_console_examples_of_the_docs_print_what_the_docs_show() {
    let mut ran = 0;
    for file in docs() {
        let text = std::fs::read_to_string(&file).expect("a doc");
        for (line, mut expected) in console_commands(&text) {
            let args = words(&line);
            assert_eq!(args[0], "marsal", "{}: {line}", file.display());
            let must_fail = expected.last().is_some_and(|l| l == "? failed");
            if must_fail {
                expected.pop();
            }
            let output = Command::new(MARSAL)
                .args(&args[1..])
                .current_dir(repo())
                .output()
                .expect("run marsal");
            assert_eq!(
                output.status.success(),
                !must_fail,
                "{}: {line}\n{}",
                file.display(),
                String::from_utf8_lossy(&output.stderr)
            );
            let stdout = String::from_utf8_lossy(&output.stdout);
            let actual: Vec<&str> = stdout.lines().collect();
            assert!(
                output_matches(&expected, &actual),
                "{}: `{line}` printed\n{stdout}\nbut the docs show\n{}",
                file.display(),
                expected.join("\n")
            );
            ran += 1;
        }
    }
    assert!(ran >= 2, "{ran} console examples");
}

/// The headings of marsal-cli/README.md whose first ```` ```text ```` block
/// is the synopsis of the command (or commands) the section describes.
const SYNOPSES: [&str; 4] = [
    "## `marsal selfplay`",
    "## `marsal play`",
    "## `marsal match`",
    "## `marsal tournament`",
];

/// The synopses of a block: a line `marsal ...` starts one, an indented line
/// continues it.
fn synopses(block: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for line in block.lines() {
        match found.last_mut() {
            Some(last) if line.starts_with(' ') => {
                last.push(' ');
                last.push_str(line.trim());
            }
            _ => found.push(line.trim().to_string()),
        }
    }
    found
}

/// The `--options` named in a text (a synopsis or a `--help` page), once
/// each, in order.
fn long_options(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for (at, _) in text.match_indices("--") {
        let name: String = text[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '-')
            .collect();
        let starts_word = text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric() && c != '-');
        let option = format!("--{name}");
        if starts_word && !name.is_empty() && !found.contains(&option) {
            found.push(option);
        }
    }
    found
}

/// The options a `--help` page lists (the first `--option` of each line that
/// starts with `-`), less `--help` and `--version`.
fn help_options(help: &str) -> Vec<String> {
    help.lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .filter_map(|l| {
            long_options(l.split("  ").next().unwrap_or(l))
                .into_iter()
                .next()
        })
        .filter(|o| o != "--help" && o != "--version")
        .collect()
}

#[test]
fn the_readmes_synopses_name_every_option_of_the_commands_and_no_other() {
    let mut checked = 0;
    for heading in SYNOPSES {
        for synopsis in synopses(&doc_block("marsal-cli/README.md", heading, "text", 0)) {
            let words: Vec<&str> = synopsis.split_whitespace().collect();
            assert_eq!(words.first(), Some(&"marsal"), "{heading}: {synopsis}");
            let sub: Vec<&str> = words[1..]
                .iter()
                .take_while(|w| w.chars().all(|c| c.is_ascii_lowercase()))
                .copied()
                .collect();
            assert!(!sub.is_empty(), "{heading}: no subcommand in {synopsis}");
            let output = Command::new(MARSAL)
                .args(&sub)
                .arg("--help")
                .output()
                .expect("run marsal");
            assert!(
                output.status.success(),
                "marsal {} --help failed",
                sub.join(" ")
            );
            let help = String::from_utf8_lossy(&output.stdout);
            let accepted = help_options(&help);
            let named = long_options(&synopsis);
            let unknown: Vec<_> = named.iter().filter(|o| !accepted.contains(o)).collect();
            let missing: Vec<_> = accepted.iter().filter(|o| !named.contains(o)).collect();
            assert!(
                unknown.is_empty() && missing.is_empty(),
                "marsal-cli/README.md, {heading}: the synopsis\n  {synopsis}\nnames \
                 {unknown:?}, which `marsal {sub} --help` does not list, and lacks \
                 {missing:?}, which it does",
                sub = sub.join(" ")
            );
            checked += 1;
        }
    }
    assert!(checked >= 6, "{checked} synopses");
}

#[test]
fn the_option_reader_takes_long_options_only() {
    assert_eq!(
        long_options("marsal x [--seed N] [--two-square N|off] --red SIDE"),
        ["--seed", "--two-square", "--red"]
    );
    assert_eq!(
        help_options("Options:\n      --as <SIDE>  see --protocol\n  -h, --help  Print help\n"),
        ["--as"]
    );
}

#[test]
fn the_matcher_reads_the_conventions() {
    assert!(line_matches("a [..] c", "a b b c"));
    assert!(!line_matches("a [..] c", "a b b d"));
    assert!(line_matches("abc", "abc") && !line_matches("abc", "abcd"));
    let exp: Vec<String> = ["x", "...", "z"].iter().map(|s| s.to_string()).collect();
    assert!(output_matches(&exp, &["x", "y", "y", "z"]));
    assert!(output_matches(&exp, &["x", "z"]));
    assert!(!output_matches(&exp, &["x", "y"]));
    assert_eq!(words(r#"match --red "python3 a.py" --games 2"#).len(), 5);
}
