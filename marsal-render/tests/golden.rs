//! Golden pictures: the SVG of a game of each preset (and a custom board)
//! must stay byte for byte what a person looked at and approved, and the
//! raster must show the same picture as the SVG (rasterised by resvg) within
//! a small tolerance.
//!
//! After a deliberate change of the drawing, look at the new pictures and
//! bless them: `BLESS=1 cargo test -p marsal-render --test golden`.

mod common;

use marsal::Side;
use marsal_render::{Options, Painter, Picture, Viewpoint, svg};
use std::path::PathBuf;

/// Each golden: its file name, ruleset, seed, viewpoint and options.
fn goldens() -> Vec<(String, Picture, Options)> {
    let mut out = Vec::new();
    for (name, rules) in common::rulesets() {
        let (viewpoint, options) = match name {
            "marsal_a_spion" => (Viewpoint::Side(Side::Blue), Options::default()),
            "classic" => (Viewpoint::Side(Side::Red), Options::default()),
            "barrage" => (Viewpoint::Referee, Options::default()),
            _ => (
                Viewpoint::Side(Side::Red),
                Options {
                    square: 24,
                    coordinates: false,
                    ..Options::default()
                },
            ),
        };
        let game = common::game_with_fight(&rules, 5, 40);
        let picture = Picture::of_game(&game, viewpoint);
        out.push((
            format!("{name}-{viewpoint}.svg").to_lowercase(),
            picture,
            options,
        ));
    }
    let classic = common::game_with_fight(&marsal::Ruleset::classic(), 5, 40);
    out.push((
        "classic-referee.svg".to_string(),
        Picture::of_game(&classic, Viewpoint::Referee),
        Options::default(),
    ));
    out
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

#[test]
fn svg_of_each_preset_matches_its_golden_file() {
    let bless = std::env::var_os("BLESS").is_some();
    let mut failed = Vec::new();
    for (name, picture, options) in goldens() {
        let text = svg(&picture, &options).unwrap();
        let path = golden_path(&name);
        if bless {
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let golden = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (bless with BLESS=1)", path.display()));
        if golden != text {
            failed.push(name);
        }
    }
    assert!(
        failed.is_empty(),
        "pictures changed: {failed:?}; look at them and bless with \
         BLESS=1 cargo test -p marsal-render --test golden"
    );
}

/// resvg's pixels of an SVG document.
fn resvg_pixels(text: &str) -> (u32, u32, Vec<u8>) {
    let tree = resvg::usvg::Tree::from_str(text, &resvg::usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let mut pm = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pm.as_mut(),
    );
    let rgb = pm
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    (size.width(), size.height(), rgb)
}

#[test]
fn raster_shows_what_the_golden_svg_shows() {
    for (name, picture, options) in goldens() {
        let golden = std::fs::read_to_string(golden_path(&name)).unwrap();
        let (w, h, theirs) = resvg_pixels(&golden);
        let ours = Painter::new().rgb(&picture, &options).unwrap();
        assert_eq!((ours.width, ours.height), (w, h), "{name}");
        let diffs: Vec<u32> = ours
            .pixels
            .iter()
            .zip(&theirs)
            .map(|(a, b)| a.abs_diff(*b) as u32)
            .collect();
        let mean = diffs.iter().sum::<u32>() as f64 / diffs.len() as f64;
        let far = diffs.iter().filter(|&&d| d > 48).count() as f64 / diffs.len() as f64;
        assert!(mean < 1.0, "{name}: mean difference {mean:.3}");
        assert!(
            far < 0.002,
            "{name}: {:.3} % of channels differ by more than 48",
            far * 100.0
        );
    }
}

#[test]
fn golden_pictures_cover_lakes_off_board_squares_zones_and_fights() {
    for (name, picture, options) in goldens() {
        let text = svg(&picture, &options).unwrap();
        assert!(text.contains(r##"fill="#79b0d9""##), "{name}: a lake");
        assert!(
            picture.last_move().is_some_and(|m| m.fight),
            "{name}: a fight"
        );
        assert!(text.contains("<polygon"), "{name}: the fight's star");
        let zones = text.contains(r##"fill="#eccbb3""##) && text.contains(r##"fill="#cdd5e3""##);
        assert!(zones, "{name}: both setup zones");
    }
    let (_, spion, options) = goldens().remove(0);
    let rects = svg(&spion, &options)
        .unwrap()
        .matches(r##"fill="#9c8a66""##)
        .count();
    assert_eq!(
        rects, 132,
        "120 playable squares and 12 lakes, no off-board square"
    );
}
