//! `marsal render`: pictures of the records `marsal match --record` writes,
//! and clear errors that leave no file behind.

mod common;
use common::*;
use std::path::{Path, PathBuf};

/// A recorded classic game between two built-in random bots: its folder.
fn recorded_game() -> PathBuf {
    let dir = temp_dir("render");
    let d = dir.to_str().unwrap();
    let run = marsal(
        &[
            "match",
            "--red",
            "builtin:random",
            "--blue",
            "builtin:random",
            "--ruleset",
            "classic",
            "--max-plies",
            "120",
            "--record",
            d,
        ],
        "",
    );
    assert!(run.status.success(), "{}", run.stderr);
    dir
}

fn render(args: &[&str]) -> Run {
    let mut all = vec!["render"];
    all.extend_from_slice(args);
    marsal(&all, "")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn json_and_gravon_records_render_as_svg_png_and_gif() {
    let dir = recorded_game();
    let (json, xml) = (dir.join("game-001.json"), dir.join("game-001.xml"));
    let svg = dir.join("a.svg");
    let run = render(&[s(&json), "--ply", "10", "--as", "blue", "-o", s(&svg)]);
    assert!(run.status.success(), "{}", run.stderr);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.starts_with("<svg") && text.contains(r##"href="#r-u0""##),
        "Red's pieces unknown to Blue"
    );

    let png = dir.join("a.png");
    let run = render(&[s(&xml), "--as", "referee", "--size", "20", "-o", s(&png)]);
    assert!(run.status.success(), "{}", run.stderr);
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");

    let gif = dir.join("a.gif");
    let run = render(&[
        s(&json),
        "--animate",
        "--from",
        "5",
        "--to",
        "30",
        "-o",
        s(&gif),
    ]);
    assert!(run.status.success(), "{}", run.stderr);
    assert_eq!(&std::fs::read(&gif).unwrap()[..6], b"GIF89a");
}

#[test]
fn bad_requests_say_what_is_wrong_and_write_nothing() {
    let dir = recorded_game();
    let json = dir.join("game-001.json");
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{ not a game").unwrap();
    let out = dir.join("out.svg");
    let missing = dir.join("missing.json");
    let cases: [(Vec<&str>, &str); 6] = [
        (vec![s(&junk)], "not a Game JSON record"),
        (vec![s(&json), "--ply", "100000"], "there is no ply 100000"),
        (vec![s(&json), "--as", "green"], "say red, blue or referee"),
        (vec![s(&json), "--size", "0"], "not 0"),
        (vec![s(&json), "--size", "99999"], "8 to 256"),
        (vec![s(&missing)], "missing.json"),
    ];
    for (mut args, said) in cases {
        args.extend(["-o", s(&out)]);
        let run = render(&args);
        assert!(!run.status.success(), "{args:?}");
        assert!(run.stderr.contains(said), "{args:?}: {}", run.stderr);
        assert!(!out.exists(), "{args:?} wrote a file");
    }
    let gif = dir.join("out.gif");
    let run = render(&[s(&json), "-o", s(&gif)]);
    assert!(run.stderr.contains("add --animate"), "{}", run.stderr);
    assert!(!gif.exists());
}
