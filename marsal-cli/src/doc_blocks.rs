//! For the unit tests that check the docs' examples against the program: the
//! ```` ```text ```` blocks under a heading of a doc of the workspace, read
//! at test time.

/// The ```` ```text ```` blocks (their lines, without the fences) under the
/// heading line `heading` of `doc` (a path from the workspace's top, such
/// as `marsal-cli/README.md`), before the next heading. Panics, naming the
/// doc and the heading, when the doc cannot be read or has no such heading.
pub(crate) fn text_blocks(doc: &str, heading: &str) -> Vec<String> {
    let path = format!("{}/../{doc}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines().skip_while(|l| l.trim_end() != heading);
    assert!(lines.next().is_some(), "{doc} has no heading {heading:?}");
    let mut blocks = Vec::new();
    while let Some(line) = lines.next() {
        if line.starts_with('#') {
            break;
        }
        if line.trim_end() == "```text" {
            let body: Vec<&str> = lines
                .by_ref()
                .take_while(|l| !l.starts_with("```"))
                .collect();
            blocks.push(body.join("\n"));
        }
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::text_blocks;

    #[test]
    fn the_blocks_under_a_heading_stop_at_the_next_heading() {
        let blocks = text_blocks("marsal-cli/README.md", "## `marsal match`");
        assert!(blocks.len() >= 2, "{blocks:?}");
        assert!(blocks[0].starts_with("marsal match "), "{}", blocks[0]);
        assert!(blocks.iter().all(|b| !b.contains("marsal tournament ")));
    }
}
