//! Tests of the calls real hosts need: copies, saved games, positions from
//! text, ruleset options, the full view and the chosen-move batches.

use super::*;
use std::ffi::CString;
use std::ptr::{null, null_mut};

fn last_message() -> String {
    let mut len = 0usize;
    // SAFETY: a size query with a real length.
    unsafe { marsal_last_error_message(null_mut(), 0, &mut len) };
    let mut buf = vec![0 as c_char; len + 1];
    // SAFETY: a real buffer of len + 1 bytes.
    let s = unsafe { marsal_last_error_message(buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(s, MarsalStatus::Ok);
    let bytes: Vec<u8> = buf[..len].iter().map(|&c| c as u8).collect();
    String::from_utf8(bytes).unwrap()
}

fn preset(name: &str) -> *mut MarsalRuleset {
    let name = CString::new(name).unwrap();
    let mut r = null_mut();
    // SAFETY: a NUL-terminated name and a real out pointer.
    assert_eq!(
        unsafe { marsal_ruleset_preset(name.as_ptr(), &mut r) },
        MarsalStatus::Ok
    );
    r
}

fn new_game(r: *const MarsalRuleset, red: u64, blue: u64) -> *mut MarsalGame {
    let mut g = null_mut();
    // SAFETY: a live ruleset and a real out pointer.
    assert_eq!(
        unsafe { marsal_game_new_random(r, red, blue, &mut g) },
        MarsalStatus::Ok
    );
    g
}

fn game<'a>(g: *const MarsalGame) -> &'a Game {
    // SAFETY: the tests pass live handles only.
    unsafe { &(*g).game }
}

fn game_mut<'a>(g: *mut MarsalGame) -> &'a mut Game {
    // SAFETY: the tests pass live handles only, used by one at a time.
    unsafe { &mut (*g).game }
}

fn free_game(g: *mut MarsalGame) {
    // SAFETY: each handle is freed once.
    assert_eq!(unsafe { marsal_game_free(g) }, MarsalStatus::Ok);
}

fn free_rules(r: *mut MarsalRuleset) {
    // SAFETY: freed once.
    assert_eq!(unsafe { marsal_ruleset_free(r) }, MarsalStatus::Ok);
}

/// Reads a text output through a size query and a second call.
fn read_text(f: impl Fn(*mut c_char, usize, *mut usize) -> MarsalStatus) -> String {
    let mut len = usize::MAX;
    assert_eq!(f(null_mut(), 0, &mut len), MarsalStatus::BufferTooSmall);
    let mut buf = vec![0 as c_char; len + 1];
    let mut len2 = 0usize;
    assert_eq!(f(buf.as_mut_ptr(), buf.len(), &mut len2), MarsalStatus::Ok);
    assert_eq!(len, len2);
    let bytes: Vec<u8> = buf[..len].iter().map(|&c| c as u8).collect();
    String::from_utf8(bytes).unwrap()
}

fn game_json(g: *const MarsalGame) -> String {
    // SAFETY: a live game; buffers as read_text passes them.
    read_text(|b, c, l| unsafe { marsal_game_to_json(g, b, c, l) })
}

#[test]
fn a_clone_is_independent() {
    let r = preset("classic");
    let g = new_game(r, 1, 2);
    let mut rng = Rng::new(3);
    for _ in 0..20 {
        game_mut(g).play_random(&mut rng);
    }
    let mut c = null_mut();
    // SAFETY: a live game and a real out pointer.
    assert_eq!(unsafe { marsal_game_clone(g, &mut c) }, MarsalStatus::Ok);
    assert_ne!(c, g);
    assert_eq!(game(c), game(g));
    game_mut(c).play_random(&mut rng);
    assert_eq!(game(g).position().ply(), 20);
    assert_eq!(game(c).position().ply(), 21);
    // SAFETY: NULL arguments are refused.
    assert_eq!(
        unsafe { marsal_game_clone(null(), &mut c) },
        MarsalStatus::NullPointer
    );
    // SAFETY: as above.
    assert_eq!(
        unsafe { marsal_game_clone(g, null_mut()) },
        MarsalStatus::NullPointer
    );
    free_game(c);
    free_game(g);
    free_rules(r);
}

#[test]
fn game_json_round_trips_and_rechecks_moves() {
    let r = preset("barrage");
    let g = new_game(r, 4, 5);
    let mut rng = Rng::new(6);
    for _ in 0..30 {
        game_mut(g).play_random(&mut rng);
    }
    let json = game_json(g);
    let cj = CString::new(json.clone()).unwrap();
    let mut back = null_mut();
    // SAFETY: NUL-terminated JSON and a real out pointer.
    assert_eq!(
        unsafe { marsal_game_from_json(cj.as_ptr(), &mut back) },
        MarsalStatus::Ok
    );
    assert_eq!(game(back), game(g));
    free_game(back);
    // An illegal move in the list is refused, naming the move.
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["moves"][0] = serde_json::json!({"from": "a1", "to": "a5"});
    let bad = CString::new(v.to_string()).unwrap();
    // SAFETY: as above.
    assert_eq!(
        unsafe { marsal_game_from_json(bad.as_ptr(), &mut back) },
        MarsalStatus::ParseError
    );
    assert!(last_message().contains("move 1"), "{}", last_message());
    // SAFETY: NULL arguments are refused.
    assert_eq!(
        unsafe { marsal_game_from_json(null(), &mut back) },
        MarsalStatus::NullPointer
    );
    free_game(g);
    free_rules(r);
}

#[test]
fn a_game_starts_from_position_text() {
    let r = preset("barrage");
    let text = "........yf/........../........../........../..~~..~~../\
                ..~~..~~../........../........../........../M........F b";
    let t = CString::new(text).unwrap();
    let mut g = null_mut();
    // SAFETY: a live ruleset, NUL-terminated text, a real out pointer.
    assert_eq!(
        unsafe { marsal_game_from_position_text(r, t.as_ptr(), &mut g) },
        MarsalStatus::Ok
    );
    // SAFETY: a live game; buffers as read_text passes them.
    let back = read_text(|b, c, l| unsafe { marsal_game_position_text(g, b, c, l) });
    assert_eq!(back, text);
    assert_eq!(game(g).position().to_move(), Side::Blue);
    free_game(g);
    let bad = CString::new("f/F r").unwrap();
    // SAFETY: as above.
    assert_eq!(
        unsafe { marsal_game_from_position_text(r, bad.as_ptr(), &mut g) },
        MarsalStatus::ParseError
    );
    // SAFETY: NULL arguments are refused.
    assert_eq!(
        unsafe { marsal_game_from_position_text(null(), t.as_ptr(), &mut g) },
        MarsalStatus::NullPointer
    );
    free_rules(r);
}

#[test]
fn messages_escape_control_characters() {
    // Fault C: a NUL and an ESC in a setup row.
    let r = preset("classic");
    let red = CString::new("\u{1b}BBBBBBBBB/BBBBBBBBBB/BBBBBBBBBB/BBBBBBBBBB").unwrap();
    let mut g = null_mut();
    // SAFETY: a live ruleset, NUL-terminated setups, a real out pointer.
    let s = unsafe { marsal_game_new(r, red.as_ptr(), red.as_ptr(), &mut g) };
    assert_ne!(s, MarsalStatus::Ok);
    let m = last_message();
    assert!(!m.chars().any(char::is_control), "{m:?}");
    assert!(m.contains("\\u{1b}"), "{m:?}");
    free_rules(r);
    // The stored form of any message: no control character, bounded.
    let m = status::clean_message("a\u{0}b\u{1b}c\n");
    assert_eq!(m.as_str(), "a\\u{0}b\\u{1b}c\\u{a}");
}

#[test]
fn quoted_input_is_bounded() {
    // Fault D: a huge preset name of 0x01 bytes.
    let name = CString::new(vec![1u8; 1_000_000]).unwrap();
    let mut r = null_mut();
    // SAFETY: a NUL-terminated name and a real out pointer.
    let s = unsafe { marsal_ruleset_preset(name.as_ptr(), &mut r) };
    assert_eq!(s, MarsalStatus::ParseError);
    let m = last_message();
    assert!(m.len() < 64 * 6 + 100, "{} bytes", m.len());
    assert!(m.contains('\u{2026}'), "{m}");
    assert!(!m.chars().any(char::is_control));
    // Any message is bounded, whatever an error (here serde_json) quotes.
    let long = format!("{{\"board\": \"{}\"}}", "x".repeat(100_000));
    let json = CString::new(long).unwrap();
    // SAFETY: as above.
    let s = unsafe { marsal_ruleset_from_json(json.as_ptr(), &mut r) };
    assert_eq!(s, MarsalStatus::ParseError);
    assert!(last_message().len() <= status::MAX_MESSAGE);
    assert_eq!(
        status::clean_message(&"é".repeat(5000)).len(),
        status::MAX_MESSAGE - 1
    );
}
