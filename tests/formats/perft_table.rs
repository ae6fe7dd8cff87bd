//! The perft tables of `docs/perft.md`: every position there, built from its
//! text, must give the counts of its table with `Position::perft`. Release
//! builds check every row; debug builds the rows of at most five million nodes.
//! The start positions must also be what `Position::start` builds from seeds
//! 1 and 2, as the doc says.
//!
//! `cargo test --release --test formats perft_table`

use marsal::{Position, Ruleset};

/// One table of the doc.
struct Table {
    title: String,
    ruleset: String,
    position: String,
    rows: Vec<(u32, u64)>,
}

/// The text between the first two backticks of `line`.
fn quoted(line: &str) -> String {
    line.split('`')
        .nth(1)
        .expect("a value in backticks")
        .to_string()
}

/// Reads the tables: a `### ` title, `- ruleset: ` and `- position: ` lines,
/// then rows `| depth | nodes |` (nodes may be written with commas).
fn tables(doc: &str) -> Vec<Table> {
    let mut out: Vec<Table> = Vec::new();
    for line in doc.lines() {
        if let Some(title) = line.strip_prefix("### ") {
            out.push(Table {
                title: title.to_string(),
                ruleset: String::new(),
                position: String::new(),
                rows: Vec::new(),
            });
            continue;
        }
        let Some(t) = out.last_mut() else { continue };
        if line.starts_with("- ruleset: ") {
            t.ruleset = quoted(line);
        } else if line.starts_with("- position: ") {
            t.position = quoted(line);
        } else if line.starts_with('|') {
            let cells: Vec<String> = line
                .split('|')
                .map(|c| c.trim().replace(',', ""))
                .filter(|c| !c.is_empty())
                .collect();
            if let [d, n] = &cells[..] {
                if let (Ok(d), Ok(n)) = (d.parse(), n.parse()) {
                    t.rows.push((d, n));
                }
            }
        }
    }
    out
}

fn ruleset(name: &str) -> Ruleset {
    Ruleset::preset(name).unwrap_or_else(|| {
        let path = format!("{}/{name}", env!("CARGO_MANIFEST_DIR"));
        let json = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{path}: {e}"))
    })
}

fn doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/perft.md");
    std::fs::read_to_string(path).expect("docs/perft.md")
}

#[test]
fn the_tables_of_the_doc_hold() {
    let limit = if cfg!(debug_assertions) {
        5_000_000
    } else {
        u64::MAX
    };
    let tables = tables(&doc());
    assert!(tables.len() >= 4, "the doc has a table per preset");
    for t in &tables {
        assert!(!t.rows.is_empty(), "{}: no rows", t.title);
        let rules = ruleset(&t.ruleset);
        let pos =
            Position::from_text(&rules, &t.position).unwrap_or_else(|e| panic!("{}: {e}", t.title));
        assert_eq!(pos.to_text().to_string(), t.position, "{}", t.title);
        for (i, &(depth, nodes)) in t.rows.iter().enumerate() {
            assert_eq!(depth as usize, i + 1, "{}: depths 1, 2, ...", t.title);
            if nodes <= limit {
                assert_eq!(pos.perft(depth), nodes, "{}, depth {depth}", t.title);
            }
        }
    }
}

#[test]
fn every_preset_has_a_table() {
    let tables = tables(&doc());
    for name in Ruleset::PRESETS {
        assert!(
            tables.iter().any(|t| t.ruleset == *name),
            "no table for {name}"
        );
    }
    assert!(
        tables
            .iter()
            .any(|t| t.ruleset == "examples/rulesets/quick_battle_8x8.json")
    );
}

#[test]
fn start_positions_are_the_seeded_starts() {
    for t in tables(&doc()) {
        if t.title.contains("start from seeds 1 and 2") {
            let pos = Position::start(&ruleset(&t.ruleset), 1, 2).unwrap();
            assert_eq!(pos.to_text().to_string(), t.position, "{}", t.title);
        }
    }
}
