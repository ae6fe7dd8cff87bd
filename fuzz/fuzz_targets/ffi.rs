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
// The C ABI, linked from its crate: the code shipped in libmarsal.
use marsal_c_abi::OPTIONS as OPTION_NAMES;
use marsal_c_abi::*;
use std::ffi::{CString, c_char};
use std::ptr::{null, null_mut};

#[path = "ffi/encodings.rs"]
mod encodings;
#[path = "ffi/step.rs"]
mod step;
use encodings::*;
use step::step;

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
