//! Real recorded games replay exactly: every game of the Gravon sample in
//! `shared/data/gravon/` beside the project is replayed with its
//! preset and the two-square limit of its year; every recorded move must be
//! legal and every ending the rules decide must be what the engine reaches.
//! Ignored (and so shown in the test summary) when the data is absent.

use marsal::gravon;
use std::path::{Path, PathBuf};

fn xml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            xml_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "xml") {
            out.push(p);
        }
    }
}

#[test]
#[cfg_attr(
    not(marsal_gravon_data),
    ignore = "needs ../shared/data/gravon beside the project"
)]
fn recorded_gravon_games_replay_exactly() {
    let dir = Path::new(env!("MARSAL_SHARED_DATA")).join("gravon");
    let mut files = Vec::new();
    xml_files(&dir, &mut files);
    assert!(!files.is_empty(), "no *.xml under {}", dir.display());
    let mut failures = Vec::new();
    let (mut games, mut moves, mut illegal, mut endings) = (0, 0, 0, 0);
    for file in &files {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let xml = std::fs::read_to_string(file).expect("readable file");
        let game = match gravon::parse(&xml) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{name}: cannot read: {e}"));
                continue;
            }
        };
        let rules = gravon::rules_for_year(game.kind, gravon::year_from_file_name(name));
        let report = match gravon::replay(&game, &rules) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name}: cannot start: {e}"));
                continue;
            }
        };
        games += 1;
        moves += report.played;
        if let Some(m) = report.illegal {
            failures.push(format!("{name}: {m}"));
            illegal += 1;
        }
        if let Some(m) = report.ending {
            failures.push(format!("{name}: {m}"));
            endings += 1;
        }
    }
    for f in &failures {
        eprintln!("{f}");
    }
    eprintln!(
        "replayed {games} games, {moves} moves: {illegal} illegal moves, {endings} ending mismatches"
    );
    assert!(
        failures.is_empty(),
        "{} of {} files failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    assert_eq!(games, files.len());
}
