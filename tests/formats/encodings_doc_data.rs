//! The two blocks of "The action space" in `docs/encodings.md` say what
//! `ActionSpace` does: the formula of its size and of an action's number, and
//! the picture of the planes of a piece on c2 of the classic board.

use crate::common::doc_blocks::doc_block;
use crate::common::{mv, presets};
use marsal::encoding::ActionSpace;
use marsal::{Ruleset, Side, Square};

const DOC: &str = "docs/encodings.md";
const HEADING: &str = "## The action space";

/// The block's lines with their runs of spaces made one.
fn words(block: &str) -> Vec<String> {
    block
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn the_action_space_formula_gives_the_size_and_the_from_square_of_every_action() {
    assert_eq!(
        words(&doc_block(DOC, HEADING, "text", 0)),
        [
            "planes P = (F - 1) + (R - 1) + (4 if diagonal steps else 0)",
            "actions = P * F * R",
            "action = plane * (F * R) + rank * F + file (from-square in the actor's frame)",
        ],
        "the formula as this test checks it"
    );
    for (name, rules) in presets() {
        let space = ActionSpace::new(&rules);
        let (f, r) = (rules.board.files as usize, rules.board.ranks as usize);
        let planes = (f - 1) + (r - 1) + if rules.diagonal_steps { 4 } else { 0 };
        assert_eq!(
            (space.planes(), space.size()),
            (planes, planes * f * r),
            "{name}"
        );
        for action in 0..space.size() {
            let Some(m) = space.decode(Side::Red, action) else {
                continue;
            };
            let from = m.from.rank() as usize * f + m.from.file() as usize;
            assert_eq!(
                action % (f * r),
                from,
                "{name}: action {action} is {m} (Red)"
            );
            assert!(action / (f * r) < planes);
        }
    }
}

#[test]
fn the_picture_of_a_piece_on_c2_shows_the_plane_of_each_of_its_line_moves() {
    let picture = doc_block(DOC, HEADING, "text", 1);
    let space = ActionSpace::new(&Ruleset::classic());
    let c2: Square = "c2".parse().unwrap();
    let mut cells = 0;
    for line in picture.lines() {
        let Some(rest) = line.trim_start().strip_prefix("rank") else {
            continue;
        };
        let mut tokens = rest.split_whitespace();
        let rank: u8 = tokens.next().unwrap().parse().expect("a rank number");
        for (file, token) in tokens.take(10).enumerate() {
            let to = Square::new(file as u8, rank - 1).unwrap();
            let action = space.encode(Side::Red, marsal::Move { from: c2, to });
            match token {
                "PC" => assert_eq!(to, c2, "the piece stands on c2"),
                "." => {
                    assert_eq!(action, None, "c2-{to} is no line move");
                }
                plane => {
                    let plane: usize = plane
                        .strip_prefix('[')
                        .and_then(|p| p.strip_suffix(']'))
                        .and_then(|p| p.parse().ok())
                        .unwrap_or_else(|| panic!("{plane:?} on {to} is no [plane]"));
                    assert_eq!(action, Some(plane * 100 + 12), "c2-{to} is plane {plane}");
                }
            }
            cells += 1;
        }
    }
    assert_eq!(cells, 50, "five ranks of ten squares drawn");
    // "q = 0 -> c1, q = 1 -> c3, ... q = 8 -> c10": plane 9 + q.
    let along_file = picture
        .split("q = ")
        .skip(1)
        .filter_map(|part| part.split_once(" -> "));
    let mut named = 0;
    for (q, to) in along_file {
        let q: usize = q.parse().expect("q");
        let to = to.split([',', ' ']).next().unwrap();
        let m = mv(&format!("c2-{to}"));
        assert_eq!(space.encode(Side::Red, m), Some((9 + q) * 100 + 12), "{m}");
        named += 1;
    }
    assert_eq!(named, 3);
    // "e.g. c2-c3: plane 9 + 1 = 10, action 1012".
    let example = picture.split("e.g. ").nth(1).expect("the example");
    let (text, rest) = example.split_once(':').unwrap();
    let action: usize = rest.rsplit(' ').next().unwrap().parse().unwrap();
    assert_eq!(space.encode(Side::Red, mv(text)), Some(action));
    assert_eq!(space.decode(Side::Red, action), Some(mv(text)));
}
