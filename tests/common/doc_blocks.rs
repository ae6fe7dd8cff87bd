//! The fenced blocks of the project's docs, read at test time, for the tests
//! that check what a block of data says (`.ci/doc-blocks` lists each block
//! with the test that reads it).

/// The `nth` (0 for the first) fenced block of language `lang` (`text` for a
/// fence with no language) under the heading line `heading` of the doc at
/// `path` (from the package's top directory), before the next heading; the
/// test fails naming the doc and the heading when there is none.
pub fn doc_block(path: &str, heading: &str, lang: &str, nth: usize) -> String {
    let file = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
    let mut lines = doc.lines().skip_while(|l| l.trim_end() != heading);
    if lines.next().is_none() {
        panic!("{path} has no heading {heading:?}");
    }
    let mut seen = 0;
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
                if seen == nth {
                    return body.join("\n");
                }
                seen += 1;
            }
        }
    }
    panic!(
        "{path} has no ```{lang} block number {} under {heading:?}",
        nth + 1
    );
}
