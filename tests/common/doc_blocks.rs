//! The fenced blocks of the project's docs, read at test time, for the tests
//! that check what a block of a doc says (`.ci/doc-blocks` lists each block
//! with the test that reads it). The one reader of the workspace's Rust
//! tests: the marsal crate's test crates include it as part of their
//! `common` module, and the `marsal` program's tests (marsal-cli) include
//! this file by its path.

use std::path::{Path, PathBuf};

/// The file at `path` from the workspace's top directory, looked for from
/// the directory of the package under test upwards (so that the marsal
/// crate, at the top, and a package in a folder of its own name a doc the
/// same way); panics naming `path` when no directory on the way holds it.
fn doc_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join(path))
        .find(|file| file.is_file())
        .unwrap_or_else(|| panic!("no {path} above {}", env!("CARGO_MANIFEST_DIR")))
}

/// Every fenced block of language `lang` (`text` for a fence with no
/// language), in order, under the heading line `heading` of the doc at
/// `path` (from the workspace's top directory, as `docs/rules.md` or
/// `marsal-cli/README.md`), before the next heading: each block's lines
/// without the fences. Panics naming the doc and the heading when the doc
/// cannot be read or has no such heading.
pub fn doc_blocks(path: &str, heading: &str, lang: &str) -> Vec<String> {
    let file = doc_file(path);
    let doc = std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
    let mut lines = doc.lines().skip_while(|l| l.trim_end() != heading);
    if lines.next().is_none() {
        panic!("{path} has no heading {heading:?}");
    }
    let mut blocks = Vec::new();
    while let Some(line) = lines.next() {
        if line.starts_with('#') {
            break;
        }
        if let Some(fence) = line.strip_prefix("```") {
            let found = match fence.trim() {
                "" => "text",
                other => other,
            };
            let body: Vec<&str> = lines
                .by_ref()
                .take_while(|l| !l.starts_with("```"))
                .collect();
            if found == lang {
                blocks.push(body.join("\n"));
            }
        }
    }
    blocks
}

/// The `nth` (0 for the first) of [`doc_blocks`]`(path, heading, lang)`;
/// the test fails naming the doc and the heading when there is none.
pub fn doc_block(path: &str, heading: &str, lang: &str, nth: usize) -> String {
    doc_blocks(path, heading, lang)
        .into_iter()
        .nth(nth)
        .unwrap_or_else(|| {
            panic!(
                "{path} has no ```{lang} block number {} under {heading:?}",
                nth + 1
            )
        })
}
