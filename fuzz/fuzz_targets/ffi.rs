//! Arbitrary sequences of C ABI calls with arbitrary arguments: NULL pointers,
//! short buffers, bad side codes and squares, arbitrary (also invalid UTF-8)
//! text. Live handles are kept in a table so that each is freed exactly once
//! and no freed or garbage pointer is ever passed (that is outside the
//! contract). Every status must be a known code and never PANIC, and
//! BUFFER_TOO_SMALL must report a size larger than the capacity given. The
//! batch calls (random plies, random playouts, many views) are checked against
//! the one-game calls.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
// The C ABI crate builds only C libraries (no Rust rlib to depend on), so its
// sources are compiled into this target as a module: the code fuzzed is the
// code shipped in libmarsal.
#[path = "../../marsal-ffi/src/lib.rs"]
#[allow(dead_code, unused_imports)]
mod capi;
use capi::OPTIONS as OPTION_NAMES;
use capi::*;
use std::ffi::{CString, c_char};
use std::ptr::{null, null_mut};

#[derive(Arbitrary, Debug)]
enum Text {
    /// Raw bytes (cut at the first NUL, then NUL-terminated).
    Raw(Vec<u8>),
    /// A string the library produced before (from the pool), maybe altered.
    Pooled {
        index: u8,
        flip: Option<(u8, u8)>,
    },
    Preset(u8),
    Null,
}

#[derive(Arbitrary, Debug)]
struct Buf {
    null: bool,
    cap: u16,
    null_len: bool,
}

#[derive(Arbitrary, Debug)]
enum MoveArg {
    Legal(u16),
    Raw { from: (u8, u8), to: (u8, u8) },
    Null,
}

#[derive(Arbitrary, Debug)]
enum Op {
    Version(bool),
    Preset(Text, bool),
    FromJson(Text, bool),
    ToJson(u8, Buf),
    RulesetFree(u8),
    SetupRandom(u8, u8, u64, Buf),
    GameNew(u8, Text, Text, bool),
    GameNewRandom(u8, u64, u64, bool),
    GameFree(u8),
    LegalMoves(u8, Buf),
    Play(u8, MoveArg, bool),
    PlayText(u8, Text, bool),
    MoveText(u8, MoveArg, Buf),
    Undo(u8, bool),
    Status(u8, bool),
    LastOutcome(u8, bool),
    BoardSize(u8, bool, bool),
    View(u8, u8, Buf),
    Hash(u8, bool),
    Ply(u8, bool),
    PositionText(u8, Buf),
    LastError(Buf),
    PlayRandom(u8, u16, u64, bool),
    GamesPlayRandom(GameList, u8, u64, bool),
    RandomPlayouts(u8, u8, u64, u16, bool),
    GamesView(GameList, u8, Buf),
    Clone(u8, bool),
    GameToJson(u8, Buf),
    GameFromJson(Text, bool),
    FromPositionText(u8, Text, bool),
    OptionNames(Buf),
    GetOption(u8, OptionName, Buf),
    SetOption(u8, OptionName, Text),
    ViewFull(u8, u8, Buf, bool),
    GamesLegalMoves(GameList, Buf, bool),
    GamesPlay(GameList, Vec<MoveArg>, bool, bool),
    // Encodings for learning (marsal-ffi/src/encoding.rs).
    EncodingSpaces(u8, u8, i64),
    ActionMask(u8, u16, bool),
    Observation(u8, u8, u16),
    PlayAction(u8, i64),
    GamesActions(GameList, u8, u64, bool),
    VecEnv(VecEnvRun),
}

/// A vector environment made, stepped and freed within one op.
#[derive(Arbitrary, Debug)]
struct VecEnvRun {
    ruleset: u8,
    num_envs: u8,
    seed: u64,
    max_plies: u8,
    steps: u8,
    obs: bool,
    masks: bool,
    /// Replace the action of game `.0` by `.1` on the first step.
    bad: Option<(u8, i64)>,
}

/// An option name: a real one (by index) or arbitrary text.
#[derive(Arbitrary, Debug)]
enum OptionName {
    Known(u8),
    Other(Text),
}

/// An array of game handles for the batch calls: indices into the live games
/// (one past the end is NULL), or a NULL array.
#[derive(Arbitrary, Debug)]
struct GameList {
    indices: Vec<u8>,
    null_array: bool,
}

const PRESETS: [&str; 5] = ["marsal_a_spion", "classic", "barrage", "chess", ""];

/// A known status code, never PANIC.
fn ok_code(s: MarsalStatus) -> MarsalStatus {
    let code = s as i32;
    assert!(
        (0..=11).contains(&code) || code == 99,
        "unknown status {code}"
    );
    assert_ne!(s, MarsalStatus::Panic, "the library caught a panic");
    if s != MarsalStatus::Ok {
        // A failed call leaves a message.
        let mut len = usize::MAX;
        let r = unsafe { marsal_last_error_message(null_mut(), 0, &mut len) };
        assert_eq!(r, MarsalStatus::BufferTooSmall);
        assert!(len > 0 && len != usize::MAX, "empty message after {s:?}");
    }
    s
}

struct State {
    rulesets: Vec<*mut MarsalRuleset>,
    /// Live games with a copy of the ruleset they were made from.
    games: Vec<(*mut MarsalGame, marsal::Ruleset)>,
    pool: Vec<Vec<u8>>,
}

impl State {
    fn ruleset(&self, i: u8) -> *mut MarsalRuleset {
        let n = self.rulesets.len() + 1;
        self.rulesets
            .get(i as usize % n)
            .copied()
            .unwrap_or(null_mut())
    }
    fn game(&self, i: u8) -> *mut MarsalGame {
        let n = self.games.len() + 1;
        self.games.get(i as usize % n).map_or(null_mut(), |g| g.0)
    }
    /// The handles a `GameList` names (at most 6), NULL for one past the end.
    fn list(&self, l: &GameList) -> Vec<*mut MarsalGame> {
        l.indices.iter().take(6).map(|&i| self.game(i)).collect()
    }
    fn rules_of(&self, g: *mut MarsalGame) -> Option<marsal::Ruleset> {
        self.games.iter().find(|x| x.0 == g).map(|x| x.1)
    }
    fn text(&self, t: &Text) -> Option<CString> {
        let bytes: Vec<u8> = match t {
            Text::Raw(b) => b.clone(),
            Text::Pooled { index, flip } => {
                if self.pool.is_empty() {
                    return Some(CString::new("e4-e5").unwrap());
                }
                let mut b = self.pool[*index as usize % self.pool.len()].clone();
                if let Some((at, x)) = flip
                    && !b.is_empty()
                {
                    let i = *at as usize % b.len();
                    b[i] ^= x;
                }
                b
            }
            Text::Preset(i) => PRESETS[*i as usize % PRESETS.len()].as_bytes().to_vec(),
            Text::Null => return None,
        };
        let cut = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        Some(CString::new(&bytes[..cut]).unwrap())
    }
    fn remember(&mut self, b: &[u8]) {
        if self.pool.len() < 32 {
            self.pool.push(b.to_vec());
        }
    }
}

impl State {
    fn option_name(&self, n: &OptionName) -> Option<CString> {
        match n {
            OptionName::Known(i) => {
                Some(CString::new(OPTION_NAMES[*i as usize % OPTION_NAMES.len()]).unwrap())
            }
            OptionName::Other(t) => self.text(t),
        }
    }

    /// The move `m` names in game `g` (a legal one by index, or raw squares).
    fn move_arg(&self, g: *mut MarsalGame, m: &MoveArg) -> MarsalMove {
        match m {
            MoveArg::Legal(i) if !g.is_null() => {
                let l = legal_moves(g);
                if l.is_empty() {
                    MarsalMove {
                        from: MarsalSquare { file: 0, rank: 0 },
                        to: MarsalSquare { file: 0, rank: 1 },
                    }
                } else {
                    l[*i as usize % l.len()]
                }
            }
            MoveArg::Raw { from, to } => MarsalMove {
                from: MarsalSquare {
                    file: from.0 % 14,
                    rank: from.1 % 14,
                },
                to: MarsalSquare {
                    file: to.0 % 14,
                    rank: to.1 % 14,
                },
            },
            _ => MarsalMove {
                from: MarsalSquare { file: 0, rank: 0 },
                to: MarsalSquare { file: 0, rank: 0 },
            },
        }
    }
}

/// The JSON of a live game.
fn game_json(g: *mut MarsalGame) -> Vec<u8> {
    let mut len = 0usize;
    let s = unsafe { marsal_game_to_json(g, null_mut(), 0, &mut len) };
    assert_eq!(s, MarsalStatus::BufferTooSmall);
    let mut buf = vec![0 as c_char; len + 1];
    let s = unsafe { marsal_game_to_json(g, buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(ok_code(s), MarsalStatus::Ok);
    buf[..len].iter().map(|&c| c as u8).collect()
}

/// The ruleset of a live game, from its JSON.
fn rules_of_game(g: *mut MarsalGame) -> marsal::Ruleset {
    let v: serde_json::Value = serde_json::from_slice(&game_json(g)).expect("game JSON");
    serde_json::from_value(v["start"]["rules"].clone()).expect("the ruleset in the game JSON")
}

fn hash(g: *mut MarsalGame) -> u64 {
    let mut h = 0u64;
    assert_eq!(
        ok_code(unsafe { marsal_game_hash(g, &mut h) }),
        MarsalStatus::Ok
    );
    h
}

fn ptr(c: &Option<CString>) -> *const c_char {
    c.as_ref().map_or(null(), |c| c.as_ptr())
}

/// Calls a text-writing function with the buffer `b` and checks the protocol.
fn text_out(
    b: &Buf,
    f: impl FnOnce(*mut c_char, usize, *mut usize) -> MarsalStatus,
) -> Option<Vec<u8>> {
    let cap = b.cap as usize % 4096;
    let mut buf = vec![0x55u8 as c_char; cap.max(1)];
    let mut len = usize::MAX;
    let p = if b.null { null_mut() } else { buf.as_mut_ptr() };
    let lp = if b.null_len {
        null_mut()
    } else {
        &mut len as *mut usize
    };
    let s = ok_code(f(p, cap, lp));
    match s {
        MarsalStatus::Ok => {
            assert!(!b.null, "OK with a NULL buffer");
            if !b.null_len {
                assert!(len < cap, "OK but len {len} >= cap {cap}");
            }
            let end = buf.iter().position(|&c| c == 0).expect("NUL-terminated");
            assert!(end < cap);
            if !b.null_len {
                assert_eq!(end, len, "length and NUL disagree");
            }
            let bytes: Vec<u8> = buf[..end].iter().map(|&c| c as u8).collect();
            std::str::from_utf8(&bytes).expect("UTF-8 output");
            Some(bytes)
        }
        MarsalStatus::BufferTooSmall => {
            if !b.null_len {
                assert_ne!(len, usize::MAX, "size not written");
                if !b.null {
                    assert!(len + 1 > cap, "BUFFER_TOO_SMALL but {len}+1 fits in {cap}");
                }
            }
            if !b.null && cap > 0 {
                assert!(
                    buf[..cap].iter().all(|&c| c == 0x55u8 as c_char),
                    "buffer written on failure"
                );
            }
            None
        }
        _ => None,
    }
}

fn items_out<T: Copy>(
    b: &Buf,
    fill: T,
    f: impl FnOnce(*mut T, usize, *mut usize) -> MarsalStatus,
) -> (MarsalStatus, Option<Vec<T>>) {
    let cap = b.cap as usize % 1500;
    let mut buf = vec![fill; cap.max(1)];
    let mut count = usize::MAX;
    let p = if b.null { null_mut() } else { buf.as_mut_ptr() };
    let cp = if b.null_len {
        null_mut()
    } else {
        &mut count as *mut usize
    };
    let s = ok_code(f(p, cap, cp));
    match s {
        MarsalStatus::Ok => {
            if b.null_len {
                return (s, None);
            }
            assert!(
                count <= cap || count == 0,
                "OK but count {count} > cap {cap}"
            );
            if count > 0 {
                assert!(!b.null);
            }
            buf.truncate(count);
            (s, Some(buf))
        }
        MarsalStatus::BufferTooSmall => {
            if !b.null_len {
                assert!(count > 0 && count != usize::MAX);
                if !b.null {
                    assert!(count > cap, "BUFFER_TOO_SMALL but {count} fits in {cap}");
                }
            }
            (s, None)
        }
        _ => (s, None),
    }
}

fn legal_moves(g: *mut MarsalGame) -> Vec<MarsalMove> {
    let mut buf = vec![
        MarsalMove {
            from: MarsalSquare { file: 0, rank: 0 },
            to: MarsalSquare { file: 0, rank: 0 }
        };
        MARSAL_MAX_LEGAL_MOVES
    ];
    let mut n = 0usize;
    let s = unsafe { marsal_game_legal_moves(g, buf.as_mut_ptr(), buf.len(), &mut n) };
    assert_eq!(ok_code(s), MarsalStatus::Ok);
    buf.truncate(n);
    buf
}

fn check_outcome(o: &MarsalOutcome) {
    assert!(o.side <= 1);
    assert!(o.piece < 16);
    assert!(o.defender < 16 || o.defender == MARSAL_NONE);
    assert!(o.battle <= 5);
    assert_eq!(o.battle == 0, o.defender == MARSAL_NONE);
}

fn step(st: &mut State, op: Op) {
    unsafe {
        match op {
            Op::Version(null_out) => {
                let mut p: *const c_char = null();
                let s = ok_code(marsal_version(if null_out { null_mut() } else { &mut p }));
                assert_eq!(s == MarsalStatus::Ok, !null_out);
                if !null_out {
                    assert!(!p.is_null());
                }
            }
            Op::Preset(t, null_out) => {
                let c = st.text(&t);
                let mut out: *mut MarsalRuleset = null_mut();
                let s = ok_code(marsal_ruleset_preset(
                    ptr(&c),
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null() && !null_out);
                    st.rulesets.push(out);
                } else {
                    assert!(out.is_null());
                }
            }
            Op::FromJson(t, null_out) => {
                let c = st.text(&t);
                let mut out: *mut MarsalRuleset = null_mut();
                let s = ok_code(marsal_ruleset_from_json(
                    ptr(&c),
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null() && !null_out);
                    st.rulesets.push(out);
                } else {
                    assert!(out.is_null());
                }
            }
            Op::ToJson(r, b) => {
                let r = st.ruleset(r);
                if let Some(t) = text_out(&b, |p, cap, l| marsal_ruleset_to_json(r, p, cap, l)) {
                    let parsed: marsal::Ruleset =
                        serde_json::from_slice(&t).expect("valid ruleset JSON");
                    assert!(parsed.validate().is_ok());
                    st.remember(&t);
                }
            }
            Op::RulesetFree(i) => {
                let n = st.rulesets.len() + 1;
                let i = i as usize % n;
                let h = if i < st.rulesets.len() {
                    st.rulesets.swap_remove(i)
                } else {
                    null_mut()
                };
                assert_eq!(ok_code(marsal_ruleset_free(h)), MarsalStatus::Ok);
            }
            Op::SetupRandom(r, side, seed, b) => {
                let r = st.ruleset(r);
                if let Some(t) = text_out(&b, |p, cap, l| {
                    marsal_setup_random(r, side, seed, p, cap, l)
                }) {
                    assert!(side <= 1);
                    st.remember(&t);
                }
            }
            Op::GameNew(r, red, blue, null_out) => {
                let r = st.ruleset(r);
                let (red, blue) = (st.text(&red), st.text(&blue));
                let mut out: *mut MarsalGame = null_mut();
                let s = ok_code(marsal_game_new(
                    r,
                    ptr(&red),
                    ptr(&blue),
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null());
                    st.games.push((out, rules_of_handle(r)));
                } else {
                    assert!(out.is_null());
                }
            }
            Op::GameNewRandom(r, a, b, null_out) => {
                let r = st.ruleset(r);
                let mut out: *mut MarsalGame = null_mut();
                let s = ok_code(marsal_game_new_random(
                    r,
                    a,
                    b,
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null());
                    st.games.push((out, rules_of_handle(r)));
                } else {
                    assert!(out.is_null());
                }
            }
            Op::GameFree(i) => {
                let n = st.games.len() + 1;
                let i = i as usize % n;
                let h = if i < st.games.len() {
                    st.games.swap_remove(i).0
                } else {
                    null_mut()
                };
                assert_eq!(ok_code(marsal_game_free(h)), MarsalStatus::Ok);
            }
            Op::LegalMoves(g, b) => {
                let g = st.game(g);
                let fill = MarsalMove {
                    from: MarsalSquare { file: 99, rank: 99 },
                    to: MarsalSquare { file: 99, rank: 99 },
                };
                let (_, moves) =
                    items_out(&b, fill, |p, cap, c| marsal_game_legal_moves(g, p, cap, c));
                if let Some(moves) = moves {
                    assert_eq!(moves, legal_moves(g));
                }
            }
            Op::Play(g, m, null_outcome) => {
                let g = st.game(g);
                let mv = match m {
                    MoveArg::Legal(i) if !g.is_null() => {
                        let l = legal_moves(g);
                        if l.is_empty() {
                            None
                        } else {
                            Some(l[i as usize % l.len()])
                        }
                    }
                    MoveArg::Legal(_) | MoveArg::Null => None,
                    MoveArg::Raw { from, to } => Some(MarsalMove {
                        from: MarsalSquare {
                            file: from.0 % 14,
                            rank: from.1 % 14,
                        },
                        to: MarsalSquare {
                            file: to.0 % 14,
                            rank: to.1 % 14,
                        },
                    }),
                };
                let text_before = position_text(g);
                let mut out = MarsalOutcome {
                    mv: MarsalMove {
                        from: MarsalSquare { file: 0, rank: 0 },
                        to: MarsalSquare { file: 0, rank: 0 },
                    },
                    side: 0,
                    piece: 0,
                    defender: 0,
                    battle: 0,
                    attacker_revealed: false,
                };
                let mvp = mv.as_ref().map_or(null(), |m| m as *const MarsalMove);
                let s = ok_code(marsal_game_play(
                    g,
                    mvp,
                    if null_outcome { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    let mv = mv.unwrap();
                    if !null_outcome {
                        assert_eq!(out.mv, mv);
                        check_outcome(&out);
                    }
                } else if !g.is_null() {
                    assert_eq!(
                        position_text(g),
                        text_before,
                        "a refused move changed the position"
                    );
                }
            }
            Op::PlayText(g, t, null_outcome) => {
                let g = st.game(g);
                let c = st.text(&t);
                let before = position_text(g);
                let mut out = std::mem::MaybeUninit::<MarsalOutcome>::zeroed().assume_init();
                let s = ok_code(marsal_game_play_text(
                    g,
                    ptr(&c),
                    if null_outcome { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    if !null_outcome {
                        check_outcome(&out);
                    }
                } else if !g.is_null() {
                    assert_eq!(position_text(g), before);
                }
            }
            Op::MoveText(g, m, b) => {
                let g = st.game(g);
                let mv = match m {
                    MoveArg::Legal(i) if !g.is_null() => {
                        let l = legal_moves(g);
                        if l.is_empty() {
                            None
                        } else {
                            Some(l[i as usize % l.len()])
                        }
                    }
                    MoveArg::Legal(_) | MoveArg::Null => None,
                    MoveArg::Raw { from, to } => Some(MarsalMove {
                        from: MarsalSquare {
                            file: from.0 % 14,
                            rank: from.1 % 14,
                        },
                        to: MarsalSquare {
                            file: to.0 % 14,
                            rank: to.1 % 14,
                        },
                    }),
                };
                let mvp = mv.as_ref().map_or(null(), |m| m as *const MarsalMove);
                if let Some(t) = text_out(&b, |p, cap, l| marsal_game_move_text(g, mvp, p, cap, l))
                {
                    st.remember(&t);
                }
            }
            Op::Undo(g, null_out) => {
                let g = st.game(g);
                let mut out = std::mem::MaybeUninit::<MarsalOutcome>::zeroed().assume_init();
                let s = ok_code(marsal_game_undo(
                    g,
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok && !null_out {
                    check_outcome(&out);
                }
            }
            Op::Status(g, null_out) => {
                let g = st.game(g);
                let mut out = MarsalGameStatus {
                    state: 77,
                    side: 77,
                    reason: 77,
                };
                let s = ok_code(marsal_game_status(
                    g,
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(out.state <= 2);
                    match out.state {
                        0 => {
                            assert!(out.side <= 1 && out.reason == MARSAL_NONE);
                            assert!(!legal_moves(g).is_empty(), "ongoing without legal moves");
                        }
                        1 => assert!(out.side <= 1 && out.reason <= 1),
                        _ => {
                            assert!(out.reason <= 5);
                            assert_eq!(out.side != MARSAL_NONE, out.reason == 0);
                            assert!(legal_moves(g).is_empty());
                        }
                    }
                }
            }
            Op::LastOutcome(g, null_out) => {
                let g = st.game(g);
                let mut out = std::mem::MaybeUninit::<MarsalOutcome>::zeroed().assume_init();
                let s = ok_code(marsal_game_last_outcome(
                    g,
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    check_outcome(&out);
                }
            }
            Op::BoardSize(g, nf, nr) => {
                let g = st.game(g);
                let (mut f, mut r) = (0u8, 0u8);
                let s = ok_code(marsal_game_board_size(
                    g,
                    if nf { null_mut() } else { &mut f },
                    if nr { null_mut() } else { &mut r },
                ));
                if s == MarsalStatus::Ok {
                    assert!((1..=12).contains(&f) && (1..=12).contains(&r));
                }
            }
            Op::View(g, side, b) => {
                let g = st.game(g);
                let fill = MarsalSquareView {
                    cell: 77,
                    kind: 77,
                    possible: 0xffff,
                };
                let (s, cells) =
                    items_out(&b, fill, |p, cap, c| marsal_game_view(g, side, p, cap, c));
                if s == MarsalStatus::Ok {
                    assert!(side <= 1);
                }
                if let Some(cells) = cells {
                    for c in cells {
                        assert!(c.cell <= 4);
                        match c.cell {
                            3 => assert!(c.kind < 16 && c.possible & (1 << c.kind) != 0),
                            4 => assert!(c.kind == MARSAL_NONE || c.possible == 1 << c.kind),
                            _ => assert!(c.kind == MARSAL_NONE && c.possible == 0),
                        }
                    }
                }
            }
            Op::Hash(g, null_out) => {
                let g = st.game(g);
                let mut h = 0u64;
                let s = ok_code(marsal_game_hash(
                    g,
                    if null_out { null_mut() } else { &mut h },
                ));
                if s == MarsalStatus::Ok {
                    // The hash is that of the position text's placement.
                    if let (Some(r), Some(t)) = (st.rules_of(g), position_text(g)) {
                        let pos = marsal::Position::from_text(&r, std::str::from_utf8(&t).unwrap())
                            .expect("the position text reads back");
                        assert_eq!(pos.hash(), h, "hash of {}", String::from_utf8_lossy(&t));
                    }
                }
            }
            Op::Ply(g, null_out) => {
                let g = st.game(g);
                let mut p = 0u32;
                ok_code(marsal_game_ply(
                    g,
                    if null_out { null_mut() } else { &mut p },
                ));
            }
            Op::PositionText(g, b) => {
                let g = st.game(g);
                if let Some(t) = text_out(&b, |p, cap, l| marsal_game_position_text(g, p, cap, l)) {
                    st.remember(&t);
                }
            }
            Op::PlayRandom(g, max_plies, seed, null_out) => {
                let g = st.game(g);
                let max_plies = u32::from(max_plies % 512);
                let before = if g.is_null() { 0 } else { ply(g) };
                let mut played = u32::MAX;
                let s = ok_code(marsal_game_play_random(
                    g,
                    max_plies,
                    seed,
                    if null_out { null_mut() } else { &mut played },
                ));
                assert_eq!(s == MarsalStatus::Ok, !g.is_null(), "{s:?}");
                if s == MarsalStatus::Ok {
                    let after = ply(g);
                    if !null_out {
                        assert!(played <= max_plies);
                        assert_eq!(after, before + played);
                    }
                    // Fewer plies than asked only when the game ended.
                    assert!(after - before == max_plies || is_over(g));
                }
            }
            Op::GamesPlayRandom(l, plies_each, seed, null_out) => {
                let list = st.list(&l);
                let plies_each = u32::from(plies_each % 64);
                let texts: Vec<_> = list.iter().map(|&g| position_text(g)).collect();
                let mut distinct = list.clone();
                distinct.sort();
                distinct.dedup();
                distinct.retain(|g| !g.is_null());
                let before: Vec<u32> = distinct.iter().map(|&g| ply(g)).collect();
                let mut total = u64::MAX;
                let arr = if l.null_array { null() } else { list.as_ptr() };
                let s = ok_code(marsal_games_play_random(
                    arr,
                    list.len(),
                    plies_each,
                    seed,
                    if null_out { null_mut() } else { &mut total },
                ));
                let any_null = list.iter().any(|g| g.is_null());
                let expect_ok = list.is_empty() || (!l.null_array && !any_null);
                assert_eq!(s == MarsalStatus::Ok, expect_ok, "{s:?}");
                if s == MarsalStatus::Ok {
                    let moved: u64 = distinct
                        .iter()
                        .zip(&before)
                        .map(|(&g, &b)| u64::from(ply(g) - b))
                        .sum();
                    if !null_out {
                        assert_eq!(total, moved);
                    }
                    assert!(moved <= u64::from(plies_each) * list.len() as u64);
                } else {
                    assert_eq!(s, MarsalStatus::NullPointer);
                    let after: Vec<_> = list.iter().map(|&g| position_text(g)).collect();
                    assert_eq!(after, texts, "a refused batch changed a game");
                }
            }
            Op::RandomPlayouts(r, games, seed, max_plies, null_out) => {
                let r = st.ruleset(r);
                let games = u32::from(games % 3);
                let max_plies = u32::from(max_plies % 300);
                let mut out = MarsalPlayoutSummary {
                    plies: u64::MAX,
                    games: 77,
                    red_wins: 77,
                    blue_wins: 77,
                    draws: 77,
                };
                let s = ok_code(marsal_random_playouts(
                    r,
                    games,
                    seed,
                    max_plies,
                    if null_out { null_mut() } else { &mut out },
                ));
                assert_eq!(
                    s == MarsalStatus::Ok,
                    !r.is_null() && !null_out && max_plies > 0,
                    "{s:?}"
                );
                if s == MarsalStatus::Ok {
                    assert_eq!(out.games, games);
                    assert_eq!(out.red_wins + out.blue_wins + out.draws, games);
                    assert!(out.plies <= u64::from(games) * u64::from(max_plies));
                } else {
                    assert_eq!(out.games, 77, "summary written on failure");
                }
            }
            Op::GamesView(l, side, b) => {
                let list: Vec<*const MarsalGame> =
                    st.list(&l).into_iter().map(|g| g.cast_const()).collect();
                let arr = if l.null_array { null() } else { list.as_ptr() };
                let fill = MarsalSquareView {
                    cell: 77,
                    kind: 77,
                    possible: 0xffff,
                };
                let (s, cells) = items_out(&b, fill, |p, cap, c| {
                    marsal_games_view(arr, list.len(), side, p, cap, c)
                });
                let any_null = list.iter().any(|g| g.is_null());
                if !list.is_empty() && (l.null_array || any_null) {
                    assert_eq!(s, MarsalStatus::NullPointer);
                    return;
                }
                let sizes: Vec<(u8, u8)> = list.iter().map(|&g| board_size(g.cast_mut())).collect();
                let same_size = sizes.windows(2).all(|w| w[0] == w[1]);
                if !same_size || side > 1 {
                    assert_eq!(s, MarsalStatus::InvalidArgument);
                    return;
                }
                assert!(
                    matches!(s, MarsalStatus::Ok | MarsalStatus::BufferTooSmall),
                    "{s:?}"
                );
                if let Some(cells) = cells {
                    let expected: Vec<MarsalSquareView> = list
                        .iter()
                        .flat_map(|&g| one_view(g.cast_mut(), side))
                        .collect();
                    assert_eq!(cells, expected, "games_view differs from game_view");
                }
            }
            Op::Clone(g, null_out) => {
                let g = st.game(g);
                let mut out: *mut MarsalGame = null_mut();
                let s = ok_code(marsal_game_clone(
                    g,
                    if null_out { null_mut() } else { &mut out },
                ));
                assert_eq!(s == MarsalStatus::Ok, !g.is_null() && !null_out);
                if s == MarsalStatus::Ok {
                    assert_eq!(game_json(out), game_json(g));
                    st.games.push((out, rules_of_game(out)));
                }
            }
            Op::GameToJson(g, b) => {
                let g = st.game(g);
                if let Some(t) = text_out(&b, |p, cap, l| marsal_game_to_json(g, p, cap, l)) {
                    // It loads back to the same game.
                    let c = CString::new(t.clone()).unwrap();
                    let mut back = null_mut();
                    let s = ok_code(marsal_game_from_json(c.as_ptr(), &mut back));
                    assert_eq!(s, MarsalStatus::Ok);
                    assert_eq!(hash(back), hash(g));
                    assert_eq!(game_json(back), t);
                    assert_eq!(ok_code(marsal_game_free(back)), MarsalStatus::Ok);
                    st.remember(&t);
                }
            }
            Op::GameFromJson(t, null_out) => {
                let c = st.text(&t);
                let mut out: *mut MarsalGame = null_mut();
                let s = ok_code(marsal_game_from_json(
                    ptr(&c),
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null() && !null_out);
                    st.games.push((out, rules_of_game(out)));
                } else {
                    assert!(out.is_null());
                }
            }
            Op::FromPositionText(r, t, null_out) => {
                let r = st.ruleset(r);
                let c = st.text(&t);
                let mut out: *mut MarsalGame = null_mut();
                let s = ok_code(marsal_game_from_position_text(
                    r,
                    ptr(&c),
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null() && !null_out);
                    st.games.push((out, rules_of_handle(r)));
                } else {
                    assert!(out.is_null());
                }
            }
            Op::OptionNames(b) => {
                if let Some(t) = text_out(&b, |p, cap, l| marsal_ruleset_option_names(p, cap, l)) {
                    assert_eq!(String::from_utf8(t).unwrap(), OPTION_NAMES.join(","));
                }
            }
            Op::GetOption(r, n, b) => {
                let r = st.ruleset(r);
                let name = st.option_name(&n);
                if let Some(v) = text_out(&b, |p, cap, l| {
                    marsal_ruleset_get_option(r, ptr(&name), p, cap, l)
                }) {
                    // Setting the value read changes nothing.
                    let before = rules_of_handle(r);
                    let c = CString::new(v.clone()).unwrap();
                    let s = ok_code(marsal_ruleset_set_option(r, ptr(&name), c.as_ptr()));
                    assert_eq!(s, MarsalStatus::Ok);
                    assert_eq!(rules_of_handle(r), before);
                    st.remember(&v);
                }
            }
            Op::SetOption(r, n, v) => {
                let r = st.ruleset(r);
                let name = st.option_name(&n);
                let value = st.text(&v);
                let before = if r.is_null() {
                    None
                } else {
                    Some(rules_of_handle(r))
                };
                let s = ok_code(marsal_ruleset_set_option(r, ptr(&name), ptr(&value)));
                if let Some(before) = before {
                    let after = rules_of_handle(r);
                    assert!(after.validate().is_ok());
                    if s != MarsalStatus::Ok {
                        assert_eq!(after, before, "a refused option changed the ruleset");
                    }
                }
            }
            Op::ViewFull(g, side, b, null_info) => {
                let g = st.game(g);
                let fill = MarsalSquareView {
                    cell: 77,
                    kind: 77,
                    possible: 0xffff,
                };
                let mut info = std::mem::MaybeUninit::<MarsalViewInfo>::uninit();
                let info_ptr = if null_info {
                    null_mut()
                } else {
                    info.as_mut_ptr()
                };
                let (s, cells) = items_out(&b, fill, |p, cap, c| {
                    marsal_game_view_full(g, side, p, cap, c, info_ptr)
                });
                if s == MarsalStatus::Ok || s == MarsalStatus::BufferTooSmall {
                    assert!(side <= 1 && !null_info && !g.is_null());
                    let info = info.assume_init();
                    assert_eq!(info.side, side);
                    assert!(info.last.piece < 16 || info.last.piece == MARSAL_NONE);
                    if let Some(cells) = cells {
                        assert_eq!(cells, one_view(g, side));
                    }
                }
            }
            Op::GamesLegalMoves(l, b, null_offsets) => {
                let list: Vec<*const MarsalGame> =
                    st.list(&l).into_iter().map(|g| g.cast_const()).collect();
                let arr = if l.null_array { null() } else { list.as_ptr() };
                let mut offsets = vec![usize::MAX; list.len() + 1];
                let off = if null_offsets {
                    null_mut()
                } else {
                    offsets.as_mut_ptr()
                };
                let fill = MarsalMove {
                    from: MarsalSquare { file: 99, rank: 99 },
                    to: MarsalSquare { file: 99, rank: 99 },
                };
                let cap = b.cap as usize % 3000;
                let mut buf = vec![fill; cap.max(1)];
                let p = if b.null { null_mut() } else { buf.as_mut_ptr() };
                let mut total = usize::MAX;
                let tp = if b.null_len {
                    null_mut()
                } else {
                    &mut total as *mut usize
                };
                let s = ok_code(marsal_games_legal_moves(arr, list.len(), p, cap, off, tp));
                let any_null = list.iter().any(|g| g.is_null());
                if (!list.is_empty() && (l.null_array || any_null)) || null_offsets {
                    assert_eq!(s, MarsalStatus::NullPointer);
                    return;
                }
                let expected: Vec<Vec<MarsalMove>> =
                    list.iter().map(|&g| legal_moves(g.cast_mut())).collect();
                let n: usize = expected.iter().map(Vec::len).sum();
                assert_eq!(offsets[list.len()], n);
                if !b.null_len {
                    assert_eq!(total, n);
                }
                if s == MarsalStatus::Ok {
                    for (i, e) in expected.iter().enumerate() {
                        assert_eq!(&buf[offsets[i]..offsets[i + 1]], &e[..]);
                    }
                } else {
                    assert_eq!(s, MarsalStatus::BufferTooSmall);
                    assert!(n > cap || b.null);
                }
            }
            Op::GamesPlay(l, moves, null_outcomes, null_statuses) => {
                let list = st.list(&l);
                let mvs: Vec<MarsalMove> = list
                    .iter()
                    .enumerate()
                    .map(|(i, &g)| match moves.get(i) {
                        Some(m) => st.move_arg(g, m),
                        None => st.move_arg(g, &MoveArg::Legal(0)),
                    })
                    .collect();
                let texts: Vec<_> = list.iter().map(|&g| position_text(g)).collect();
                let arr = if l.null_array { null() } else { list.as_ptr() };
                let mut outcomes = vec![
                    MarsalOutcome {
                        mv: mvs.first().copied().unwrap_or(MarsalMove {
                            from: MarsalSquare { file: 0, rank: 0 },
                            to: MarsalSquare { file: 0, rank: 0 },
                        }),
                        side: 77,
                        piece: 77,
                        defender: 77,
                        battle: 77,
                        attacker_revealed: false,
                    };
                    list.len()
                ];
                let mut statuses = vec![MarsalStatus::Panic; list.len()];
                let s = ok_code(marsal_games_play(
                    arr,
                    list.len(),
                    mvs.as_ptr(),
                    if null_outcomes {
                        null_mut()
                    } else {
                        outcomes.as_mut_ptr()
                    },
                    if null_statuses {
                        null_mut()
                    } else {
                        statuses.as_mut_ptr()
                    },
                ));
                let any_null = list.iter().any(|g| g.is_null());
                if !list.is_empty() && (l.null_array || any_null) {
                    assert_eq!(s, MarsalStatus::NullPointer);
                    let after: Vec<_> = list.iter().map(|&g| position_text(g)).collect();
                    assert_eq!(after, texts, "a refused batch changed a game");
                    return;
                }
                if !null_statuses {
                    let first_bad = statuses.iter().find(|&&x| x != MarsalStatus::Ok);
                    assert_eq!(s, first_bad.copied().unwrap_or(MarsalStatus::Ok));
                    for (i, st_i) in statuses.iter().enumerate() {
                        ok_code(*st_i);
                        if *st_i == MarsalStatus::Ok && !null_outcomes {
                            check_outcome(&outcomes[i]);
                            assert_eq!(outcomes[i].mv, mvs[i]);
                        }
                    }
                }
            }
            Op::EncodingSpaces(r, side, action) => encoding_spaces(st.ruleset(r), side, action),
            Op::ActionMask(g, cap, null_mask) => action_mask(st.game(g), cap, null_mask),
            Op::Observation(g, side, cap) => observation(st.game(g), side, cap),
            Op::PlayAction(g, action) => play_action(st.game(g), action),
            Op::GamesActions(l, policy, seed, play) => {
                games_actions(&st.list(&l), policy, seed, play)
            }
            Op::VecEnv(run) => vec_env(st.ruleset(run.ruleset), &run),
            Op::LastError(b) => {
                let cap = b.cap as usize % 4096;
                let mut buf = vec![0x55u8 as c_char; cap.max(1)];
                let mut len = usize::MAX;
                let p = if b.null { null_mut() } else { buf.as_mut_ptr() };
                let lp = if b.null_len {
                    null_mut()
                } else {
                    &mut len as *mut usize
                };
                let s = marsal_last_error_message(p, cap, lp);
                assert!(
                    matches!(s, MarsalStatus::Ok | MarsalStatus::BufferTooSmall),
                    "{s:?}"
                );
                if s == MarsalStatus::BufferTooSmall && !b.null && !b.null_len {
                    assert!(len + 1 > cap);
                }
            }
        }
    }
}

/// The number of plies of a live game.
fn ply(g: *mut MarsalGame) -> u32 {
    let mut p = 0u32;
    assert_eq!(
        ok_code(unsafe { marsal_game_ply(g, &mut p) }),
        MarsalStatus::Ok
    );
    p
}

fn is_over(g: *mut MarsalGame) -> bool {
    let mut s = MarsalGameStatus {
        state: 77,
        side: 77,
        reason: 77,
    };
    assert_eq!(
        ok_code(unsafe { marsal_game_status(g, &mut s) }),
        MarsalStatus::Ok
    );
    s.state != 0
}

/// The view of one live game through the one-game call.
fn one_view(g: *mut MarsalGame, side: u8) -> Vec<MarsalSquareView> {
    let mut buf = vec![
        MarsalSquareView {
            cell: 0,
            kind: 0,
            possible: 0
        };
        MARSAL_GRID_SQUARES
    ];
    let mut n = 0usize;
    let s = unsafe { marsal_game_view(g, side, buf.as_mut_ptr(), buf.len(), &mut n) };
    assert_eq!(ok_code(s), MarsalStatus::Ok);
    buf.truncate(n);
    buf
}

fn board_size(g: *mut MarsalGame) -> (u8, u8) {
    let (mut f, mut r) = (0u8, 0u8);
    let s = unsafe { marsal_game_board_size(g, &mut f, &mut r) };
    assert_eq!(ok_code(s), MarsalStatus::Ok);
    (f, r)
}

/// The position text of a live game (None for NULL).
fn position_text(g: *mut MarsalGame) -> Option<Vec<u8>> {
    if g.is_null() {
        return None;
    }
    let mut buf = vec![0 as c_char; 1024];
    let mut len = 0usize;
    let s = unsafe { marsal_game_position_text(g, buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(ok_code(s), MarsalStatus::Ok);
    Some(buf[..len].iter().map(|&c| c as u8).collect())
}

/// The ruleset of a handle, read back from its JSON.
fn rules_of_handle(r: *mut MarsalRuleset) -> marsal::Ruleset {
    let mut buf = vec![0 as c_char; 8192];
    let mut len = 0usize;
    let s = unsafe { marsal_ruleset_to_json(r, buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(ok_code(s), MarsalStatus::Ok);
    let bytes: Vec<u8> = buf[..len].iter().map(|&c| c as u8).collect();
    serde_json::from_slice(&bytes).expect("ruleset JSON reads back")
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let mut st = State {
        rulesets: Vec::new(),
        games: Vec::new(),
        pool: Vec::new(),
    };
    // A head start: one preset ruleset and one game, so that short inputs
    // reach the game calls.
    let mut r = null_mut();
    let name = CString::new(PRESETS[data.first().map_or(0, |b| *b as usize % 3)]).unwrap();
    assert_eq!(
        unsafe { marsal_ruleset_preset(name.as_ptr(), &mut r) },
        MarsalStatus::Ok
    );
    st.rulesets.push(r);
    let mut g = null_mut();
    assert_eq!(
        unsafe { marsal_game_new_random(r, 1, 2, &mut g) },
        MarsalStatus::Ok
    );
    st.games.push((g, rules_of_handle(r)));
    let mut n = 0;
    while let Ok(op) = Op::arbitrary(&mut u) {
        step(&mut st, op);
        n += 1;
        if u.is_empty() || n > 200 {
            break;
        }
    }
    for (g, _) in st.games.drain(..) {
        assert_eq!(unsafe { marsal_game_free(g) }, MarsalStatus::Ok);
    }
    for r in st.rulesets.drain(..) {
        assert_eq!(unsafe { marsal_ruleset_free(r) }, MarsalStatus::Ok);
    }
});

// ----------------------------------------------------------------- encodings

fn action_space_size(g: *mut MarsalGame) -> usize {
    let mut a = 0;
    let s = unsafe { marsal_game_encoding_sizes(g, &mut a, null_mut(), null_mut(), null_mut()) };
    assert_eq!(s, MarsalStatus::Ok);
    a
}

fn encoding_spaces(r: *mut MarsalRuleset, side: u8, action: i64) {
    let mut size = usize::MAX;
    let s = ok_code(unsafe { marsal_ruleset_action_space_size(r, &mut size) });
    assert_eq!(s == MarsalStatus::Ok, !r.is_null());
    let (mut c, mut rk, mut f) = (0, 0, 0);
    ok_code(unsafe { marsal_ruleset_observation_shape(r, &mut c, &mut rk, &mut f) });
    if r.is_null() {
        return;
    }
    assert_eq!(c, 45);
    let mut mv = MarsalMove {
        from: MarsalSquare { file: 0, rank: 0 },
        to: MarsalSquare { file: 0, rank: 0 },
    };
    let s = ok_code(unsafe { marsal_ruleset_action_to_move(r, side, action, &mut mv) });
    if s == MarsalStatus::Ok {
        assert!(side <= 1 && action >= 0 && (action as usize) < size);
        let mut back = -1;
        let s = ok_code(unsafe { marsal_ruleset_move_to_action(r, side, &mv, &mut back) });
        assert_eq!(s, MarsalStatus::Ok);
        assert_eq!(back, action, "action -> move -> action");
    } else {
        assert_eq!(s, MarsalStatus::InvalidArgument);
    }
}

fn action_mask(g: *mut MarsalGame, cap: u16, null_mask: bool) {
    let mut mask = vec![7u8; usize::from(cap) + 1];
    let mut legal = usize::MAX;
    let p = if null_mask {
        null_mut()
    } else {
        mask.as_mut_ptr()
    };
    let s = ok_code(unsafe { marsal_game_action_mask(g, p, usize::from(cap), &mut legal) });
    if g.is_null() {
        assert_eq!(s, MarsalStatus::NullPointer);
        return;
    }
    let size = action_space_size(g);
    if null_mask || usize::from(cap) < size {
        assert_eq!(s, MarsalStatus::BufferTooSmall);
        return;
    }
    assert_eq!(s, MarsalStatus::Ok);
    let ones = mask[..size].iter().filter(|&&m| m == 1).count();
    assert!(mask[..size].iter().all(|&m| m <= 1));
    assert_eq!(ones, legal);
    let mut n = 0usize;
    let st = unsafe { marsal_game_legal_moves(g, null_mut(), 0, &mut n) };
    assert!(matches!(
        st,
        MarsalStatus::Ok | MarsalStatus::BufferTooSmall
    ));
    assert_eq!(n, legal, "mask and legal moves disagree");
}

fn observation(g: *mut MarsalGame, side: u8, cap: u16) {
    let mut buf = vec![-1.0f32; usize::from(cap) * 8 + 1];
    let cap = usize::from(cap) * 8;
    let s = ok_code(unsafe { marsal_game_observation(g, side, buf.as_mut_ptr(), cap) });
    if s != MarsalStatus::Ok {
        return;
    }
    assert!(side <= 1);
    let (mut c, mut rk, mut f) = (0, 0, 0);
    unsafe { marsal_game_encoding_sizes(g, null_mut(), &mut c, &mut rk, &mut f) };
    let n = c * rk * f;
    assert!(n <= cap);
    assert!(buf[..n].iter().all(|&x| (0.0..=1.0).contains(&x)));
    let mut again = vec![0.0f32; n];
    let games = [g.cast_const()];
    let s = unsafe { marsal_games_observations(games.as_ptr(), 1, side, again.as_mut_ptr(), n) };
    assert_eq!(s, MarsalStatus::Ok);
    assert_eq!(buf[..n], again[..], "games_observations differs");
}

fn play_action(g: *mut MarsalGame, action: i64) {
    if g.is_null() {
        assert_eq!(
            unsafe { marsal_game_play_action(g, action, null_mut()) },
            MarsalStatus::NullPointer
        );
        return;
    }
    let size = action_space_size(g);
    let mut mask = vec![0u8; size];
    unsafe { marsal_game_action_mask(g, mask.as_mut_ptr(), size, null_mut()) };
    // Half of the time, a legal action chosen by `action`.
    let legal: Vec<usize> = (0..size).filter(|&a| mask[a] == 1).collect();
    let action = if action % 2 == 0 && !legal.is_empty() {
        legal[(action.unsigned_abs() as usize / 2) % legal.len()] as i64
    } else {
        action
    };
    let before = ply(g);
    let text = position_text(g);
    let s = ok_code(unsafe { marsal_game_play_action(g, action, null_mut()) });
    let is_legal = usize::try_from(action).is_ok_and(|a| a < size && mask[a] == 1);
    assert_eq!(s == MarsalStatus::Ok, is_legal, "{s:?} for {action}");
    if s == MarsalStatus::Ok {
        assert_eq!(ply(g), before + 1);
    } else {
        assert_eq!(position_text(g), text, "a refused action changed the game");
    }
}

fn games_actions(list: &[*mut MarsalGame], policy: u8, seed: u64, play: bool) {
    let games: Vec<*const MarsalGame> = list.iter().map(|g| g.cast_const()).collect();
    let mut actions = vec![-2i64; games.len()];
    let s = ok_code(unsafe {
        if policy % 3 == 2 {
            marsal_games_random_actions(
                games.as_ptr(),
                games.len(),
                seed,
                actions.as_mut_ptr(),
                actions.len(),
            )
        } else {
            marsal_games_bot_actions(
                games.as_ptr(),
                games.len(),
                policy % 3,
                seed,
                actions.as_mut_ptr(),
                actions.len(),
            )
        }
    });
    if s != MarsalStatus::Ok {
        return;
    }
    for (&g, &a) in list.iter().zip(&actions) {
        if is_over(g) {
            assert_eq!(a, -1);
        } else {
            let size = action_space_size(g);
            let mut mask = vec![0u8; size];
            unsafe { marsal_game_action_mask(g, mask.as_mut_ptr(), size, null_mut()) };
            assert!(
                a >= 0 && mask[a as usize] == 1,
                "drawn action {a} is not legal"
            );
        }
    }
    let distinct = list
        .iter()
        .all(|g| list.iter().filter(|h| *h == g).count() == 1);
    if play && distinct {
        let any_over = list.iter().any(|&g| is_over(g));
        let s = ok_code(unsafe {
            marsal_games_play_actions(list.as_ptr(), list.len(), actions.as_ptr(), null_mut())
        });
        assert_eq!(s == MarsalStatus::Ok, !any_over, "{s:?}");
    }
}

fn vec_env(r: *mut MarsalRuleset, run: &VecEnvRun) {
    let n = usize::from(run.num_envs % 5);
    let mut env = null_mut();
    let s =
        ok_code(unsafe { marsal_vec_env_new(r, n, run.seed, u32::from(run.max_plies), &mut env) });
    if r.is_null() || n == 0 {
        assert_ne!(s, MarsalStatus::Ok);
        return;
    }
    assert_eq!(s, MarsalStatus::Ok);
    let (mut a, mut c, mut rk, mut f) = (0, 0, 0, 0);
    unsafe {
        marsal_ruleset_action_space_size(r, &mut a);
        marsal_ruleset_observation_shape(r, &mut c, &mut rk, &mut f);
    }
    let o = c * rk * f;
    let mut obs = vec![0.0f32; n * o];
    let mut masks = vec![0u8; n * a];
    let mut rewards = vec![9.0f32; n];
    let mut term = vec![9u8; n];
    let mut trunc = vec![9u8; n];
    let mut actions = vec![0i64; n];
    let obs_p = if run.obs {
        obs.as_mut_ptr()
    } else {
        null_mut()
    };
    let masks_p = if run.masks {
        masks.as_mut_ptr()
    } else {
        null_mut()
    };
    // Whether `masks` holds what the last successful step wrote.
    let mut masks_written = false;
    for step in 0..run.steps % 24 {
        assert_eq!(
            unsafe { marsal_vec_env_random_actions(env, actions.as_mut_ptr(), n) },
            MarsalStatus::Ok
        );
        if masks_written {
            for (i, &x) in actions.iter().enumerate() {
                assert!(x >= 0 && masks[i * a + x as usize] == 1);
            }
        }
        let mut bad = false;
        if step == 0
            && let Some((i, x)) = run.bad
        {
            let i = usize::from(i) % n;
            let mut copy = null_mut();
            unsafe { marsal_vec_env_game(env, i, &mut copy) };
            let mut mask = vec![0u8; a];
            unsafe { marsal_game_action_mask(copy, mask.as_mut_ptr(), a, null_mut()) };
            unsafe { marsal_game_free(copy) };
            bad = !usize::try_from(x).is_ok_and(|x| x < a && mask[x] == 1);
            actions[i] = x;
        }
        let before: Vec<_> = (0..n).map(|i| env_game_text(env, i)).collect();
        let s = ok_code(unsafe {
            marsal_vec_env_step(
                env,
                actions.as_ptr(),
                n,
                obs_p,
                obs.len(),
                masks_p,
                masks.len(),
                rewards.as_mut_ptr(),
                term.as_mut_ptr(),
                trunc.as_mut_ptr(),
            )
        });
        assert_eq!(s == MarsalStatus::Ok, !bad, "{s:?}");
        if bad {
            let after: Vec<_> = (0..n).map(|i| env_game_text(env, i)).collect();
            assert_eq!(before, after, "a refused step changed a game");
            continue;
        }
        masks_written = run.masks;
        for i in 0..n {
            assert!([-1.0, 0.0, 1.0].contains(&rewards[i]));
            assert!(term[i] <= 1 && trunc[i] <= 1 && term[i] + trunc[i] <= 1);
            assert!(rewards[i] == 0.0 || term[i] == 1);
            let mut copy = null_mut();
            unsafe { marsal_vec_env_game(env, i, &mut copy) };
            assert!(!is_over(copy), "a finished game was not reset");
            if term[i] == 1 || trunc[i] == 1 {
                assert_eq!(ply(copy), 0);
            }
            if run.obs {
                let mut one = vec![0.0f32; o];
                let games = [copy.cast_const()];
                unsafe { marsal_games_observations(games.as_ptr(), 1, 2, one.as_mut_ptr(), o) };
                assert_eq!(one[..], obs[i * o..(i + 1) * o], "vec env observation");
            }
            if run.masks {
                let mut one = vec![0u8; a];
                unsafe { marsal_game_action_mask(copy, one.as_mut_ptr(), a, null_mut()) };
                assert_eq!(one[..], masks[i * a..(i + 1) * a], "vec env mask");
            }
            unsafe { marsal_game_free(copy) };
        }
    }
    assert_eq!(unsafe { marsal_vec_env_free(env) }, MarsalStatus::Ok);
}

fn env_game_text(env: *mut MarsalVecEnv, i: usize) -> Option<Vec<u8>> {
    let mut copy = null_mut();
    assert_eq!(
        unsafe { marsal_vec_env_game(env, i, &mut copy) },
        MarsalStatus::Ok
    );
    let t = position_text(copy);
    unsafe { marsal_game_free(copy) };
    t
}
