//! Tests of the calls real hosts need: copies, saved games, positions from
//! text, ruleset options, the full view and the chosen-move batches.

use super::*;

use crate::values::{c_move, c_outcome, c_status, rust_move};
use crate::view::view_cells;
use marsal::{Game, Rng, Ruleset, Setup, Side};
use std::ffi::CString;
use std::ffi::c_char;
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

fn get_opt(r: *const MarsalRuleset, name: &str) -> String {
    let n = CString::new(name).unwrap();
    // SAFETY: a live ruleset, a NUL-terminated name; buffers from read_text.
    read_text(|b, c, l| unsafe { marsal_ruleset_get_option(r, n.as_ptr(), b, c, l) })
}

fn set_opt(r: *mut MarsalRuleset, name: &str, value: &str) -> MarsalStatus {
    let (n, v) = (CString::new(name).unwrap(), CString::new(value).unwrap());
    // SAFETY: a live ruleset and NUL-terminated texts.
    unsafe { marsal_ruleset_set_option(r, n.as_ptr(), v.as_ptr()) }
}

#[test]
fn every_option_reads_and_writes_back() {
    let r = preset("marsal_a_spion");
    // SAFETY: buffers from read_text.
    let names = read_text(|b, c, l| unsafe { marsal_ruleset_option_names(b, c, l) });
    assert_eq!(names.split(',').count(), OPTIONS.len());
    for name in names.split(',') {
        let v = get_opt(r, name);
        assert_eq!(set_opt(r, name, &v), MarsalStatus::Ok, "{name} = {v}");
        assert_eq!(get_opt(r, name), v);
    }
    let before = unsafe { (*r).rules };
    let cases = [
        ("diagonal_steps", "false", "false"),
        ("corner_rule", "true", "true"),
        ("spy_rule", "only_when_attacking", "only_when_attacking"),
        ("reveal", "\"both_fighters\"", "both_fighters"),
        ("no_move", "loses", "loses"),
        ("first_to_move", "blue", "blue"),
        ("scout_above_miner", "false", "false"),
        ("no_hope_draw", "false", "false"),
        ("max_plies", "3000", "3000"),
        ("max_plies_without_attack", "200", "200"),
        ("repetition_draw", "3", "3"),
        ("two_square", "5", "5"),
        ("more_squares", "true", "true"),
        ("max_plies", "null", "null"),
    ];
    for (name, value, back) in cases {
        assert_eq!(set_opt(r, name, value), MarsalStatus::Ok, "{name}");
        assert_eq!(get_opt(r, name), back, "{name}");
    }
    // SAFETY: a live handle.
    let rules = unsafe { (*r).rules };
    assert_ne!(rules, before);
    assert_eq!(rules.first_to_move, Side::Blue);
    assert_eq!(rules.repetition_draw, Some(3));
    let s = rules.strengths;
    assert!(s.get(marsal::PieceKind::Miner) > s.get(marsal::PieceKind::Scout));
    // Errors leave the ruleset as it was.
    for (name, value, status) in [
        ("nonsense", "1", MarsalStatus::InvalidArgument),
        ("spy_rule", "sometimes", MarsalStatus::ParseError),
        ("max_plies", "-1", MarsalStatus::ParseError),
        ("repetition_draw", "1", MarsalStatus::InvalidRuleset),
        ("two_square", "9", MarsalStatus::InvalidRuleset),
        ("max_plies", "0", MarsalStatus::InvalidRuleset),
    ] {
        assert_eq!(set_opt(r, name, value), status, "{name} = {value}");
        assert!(!last_message().is_empty());
        // SAFETY: a live handle.
        assert_eq!(unsafe { (*r).rules }, rules);
    }
    // SAFETY: NULL arguments are refused.
    unsafe {
        let n = CString::new("max_plies").unwrap();
        assert_eq!(
            marsal_ruleset_set_option(null_mut(), n.as_ptr(), n.as_ptr()),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_ruleset_set_option(r, n.as_ptr(), null()),
            MarsalStatus::NullPointer
        );
        let mut len = 0;
        assert_eq!(
            marsal_ruleset_get_option(r, null(), null_mut(), 0, &mut len),
            MarsalStatus::NullPointer
        );
    }
    // A game keeps its own copy.
    let g = new_game(r, 1, 2);
    assert_eq!(set_opt(r, "max_plies", "10"), MarsalStatus::Ok);
    assert_eq!(game(g).rules().max_plies, None);
    free_game(g);
    free_rules(r);
}

#[test]
fn games_legal_moves_are_the_one_game_lists_in_a_row() {
    let r = preset("barrage");
    let games: Vec<*mut MarsalGame> = (0..5).map(|i| new_game(r, i, i + 10)).collect();
    // One game is over: no moves.
    let mut rng = Rng::new(1);
    while game_mut(games[2]).play_random(&mut rng).is_some() {}
    let ptrs: Vec<*const MarsalGame> = games.iter().map(|&g| g.cast_const()).collect();
    let mut offsets = vec![usize::MAX; 6];
    let mut total = 0usize;
    // SAFETY: live games; a size query with a real offsets array.
    let s = unsafe {
        marsal_games_legal_moves(
            ptrs.as_ptr(),
            5,
            null_mut(),
            0,
            offsets.as_mut_ptr(),
            &mut total,
        )
    };
    assert_eq!(s, MarsalStatus::BufferTooSmall);
    let mut buf = vec![
        MarsalMove {
            from: MarsalSquare { file: 99, rank: 99 },
            to: MarsalSquare { file: 99, rank: 99 }
        };
        total
    ];
    // SAFETY: buffers of the sizes given.
    let s = unsafe {
        marsal_games_legal_moves(
            ptrs.as_ptr(),
            5,
            buf.as_mut_ptr(),
            buf.len(),
            offsets.as_mut_ptr(),
            &mut total,
        )
    };
    assert_eq!(s, MarsalStatus::Ok);
    assert_eq!((offsets[0], offsets[5]), (0, total));
    for (i, &g) in games.iter().enumerate() {
        let want: Vec<MarsalMove> = game(g).legal_moves().iter().map(|m| c_move(*m)).collect();
        assert_eq!(&buf[offsets[i]..offsets[i + 1]], &want[..], "game {i}");
    }
    assert_eq!(offsets[2], offsets[3]);
    // A NULL game names its index.
    let with_null = [ptrs[0], null()];
    // SAFETY: as above.
    let s = unsafe {
        marsal_games_legal_moves(
            with_null.as_ptr(),
            2,
            buf.as_mut_ptr(),
            buf.len(),
            offsets.as_mut_ptr(),
            &mut total,
        )
    };
    assert_eq!(s, MarsalStatus::NullPointer);
    assert!(last_message().contains("games[1]"));
    // SAFETY: count 0 with NULL arrays but offsets.
    let s = unsafe {
        marsal_games_legal_moves(null(), 0, null_mut(), 0, offsets.as_mut_ptr(), &mut total)
    };
    assert_eq!((s, total, offsets[0]), (MarsalStatus::Ok, 0, 0));
    for g in games {
        free_game(g);
    }
    free_rules(r);
}

#[test]
fn games_play_plays_each_chosen_move_and_reports_each_status() {
    let r = preset("classic");
    let games: Vec<*mut MarsalGame> = (0..4).map(|i| new_game(r, i, i + 7)).collect();
    let mut twins: Vec<Game> = games.iter().map(|&g| game(g).clone()).collect();
    let mut moves: Vec<MarsalMove> = games
        .iter()
        .map(|&g| c_move(game(g).legal_moves()[0]))
        .collect();
    // Game 1 gets an illegal move.
    moves[1] = MarsalMove {
        from: MarsalSquare { file: 0, rank: 0 },
        to: MarsalSquare { file: 0, rank: 5 },
    };
    let mut outcomes = vec![
        MarsalOutcome {
            mv: moves[0],
            side: 9,
            piece: 9,
            defender: 9,
            battle: 9,
            attacker_revealed: false
        };
        4
    ];
    let mut statuses = vec![MarsalStatus::Panic; 4];
    // SAFETY: live games and arrays of 4.
    let s = unsafe {
        marsal_games_play(
            games.as_ptr(),
            4,
            moves.as_ptr(),
            outcomes.as_mut_ptr(),
            statuses.as_mut_ptr(),
        )
    };
    assert_eq!(s, MarsalStatus::IllegalMove);
    assert!(last_message().contains("games[1]"));
    assert_eq!(
        statuses,
        [
            MarsalStatus::Ok,
            MarsalStatus::IllegalMove,
            MarsalStatus::Ok,
            MarsalStatus::Ok
        ]
    );
    for i in [0, 2, 3] {
        let o = twins[i].play(rust_move(&moves[i]).unwrap()).unwrap();
        assert_eq!(outcomes[i], c_outcome(&o));
        assert_eq!(game(games[i]), &twins[i]);
    }
    assert_eq!(game(games[1]), &twins[1]);
    assert_eq!(outcomes[1].side, 9);
    // A NULL game changes nothing.
    let with_null = [games[0], null_mut()];
    // SAFETY: as above.
    let s = unsafe {
        marsal_games_play(
            with_null.as_ptr(),
            2,
            moves.as_ptr(),
            null_mut(),
            null_mut(),
        )
    };
    assert_eq!(s, MarsalStatus::NullPointer);
    assert_eq!(game(games[0]), &twins[0]);
    // SAFETY: moves NULL with a count.
    let s = unsafe { marsal_games_play(games.as_ptr(), 4, null(), null_mut(), null_mut()) };
    assert_eq!(s, MarsalStatus::NullPointer);
    for g in games {
        free_game(g);
    }
    free_rules(r);
}

#[test]
fn the_full_view_hides_a_hidden_attacker_and_counts_what_is_left() {
    let r = preset("marsal_a_spion");
    let g = new_game(r, 3, 4);
    let mut rng = Rng::new(5);
    // Play until a fight whose attacker survived unseen.
    let mut hidden = false;
    for _ in 0..3000 {
        let Some(o) = game_mut(g).play_random(&mut rng) else {
            break;
        };
        if o.fight.is_some_and(|f| !f.attacker_revealed) {
            hidden = true;
            break;
        }
    }
    assert!(hidden, "no hidden attacker in 3000 plies");
    let o = *game(g).outcomes().last().unwrap();
    let mut cells = vec![
        MarsalSquareView {
            cell: 0,
            kind: 0,
            possible: 0
        };
        MARSAL_GRID_SQUARES
    ];
    let mut n = 0usize;
    for viewer in Side::BOTH {
        let mut info = std::mem::MaybeUninit::<MarsalViewInfo>::uninit();
        // SAFETY: a live game, real buffers.
        let s = unsafe {
            marsal_game_view_full(
                g,
                viewer as u8,
                cells.as_mut_ptr(),
                cells.len(),
                &mut n,
                info.as_mut_ptr(),
            )
        };
        assert_eq!(s, MarsalStatus::Ok);
        // SAFETY: written on success.
        let info = unsafe { info.assume_init() };
        assert_eq!(&cells[..n], &view_cells(game(g), viewer)[..]);
        assert!(info.has_last);
        assert_eq!(info.last.mv, c_move(o.mv));
        let piece = if viewer == o.side {
            o.piece as u8
        } else {
            MarsalKind::None as u8
        };
        assert_eq!(info.last.piece, piece, "{viewer:?}");
        for side in Side::BOTH {
            for k in marsal::PieceKind::ALL {
                assert_eq!(
                    info.remaining[side.index()][k.index()],
                    game(g).position().count(side, k)
                );
            }
        }
        assert_eq!(info.ply, game(g).position().ply());
        assert_eq!(info.status, c_status(game(g).status()));
    }
    // SAFETY: NULL info is refused.
    let s =
        unsafe { marsal_game_view_full(g, 0, cells.as_mut_ptr(), cells.len(), &mut n, null_mut()) };
    assert_eq!(s, MarsalStatus::NullPointer);
    free_game(g);
    free_rules(r);
}

#[test]
fn move_text_is_only_for_moves_on_the_board() {
    let r = preset("classic");
    let g = new_game(r, 1, 2);
    let sq = |f, r| MarsalSquare { file: f, rank: r };
    let text_of = |from, to| {
        let mv = MarsalMove { from, to };
        let mut buf = [0 as c_char; 32];
        let mut len = 0usize;
        // SAFETY: a live game, a real move, a real buffer.
        let s = unsafe { marsal_game_move_text(g, &mv, buf.as_mut_ptr(), buf.len(), &mut len) };
        (
            s,
            buf[..len]
                .iter()
                .map(|&c| c as u8 as char)
                .collect::<String>(),
        )
    };
    assert_eq!(text_of(sq(0, 0), sq(0, 0)).0, MarsalStatus::InvalidArgument); // a1-a1
    assert_eq!(
        text_of(sq(0, 0), sq(11, 11)).0,
        MarsalStatus::InvalidArgument
    ); // l12: off a 10x10 board
    assert_eq!(text_of(sq(2, 3), sq(2, 4)).0, MarsalStatus::InvalidArgument); // c5 is a lake
    assert_eq!(
        text_of(sq(4, 3), sq(4, 4)),
        (MarsalStatus::Ok, "e4-e5".to_string())
    );
    // A line through a lake is still notation.
    assert_eq!(text_of(sq(2, 3), sq(2, 3)).0, MarsalStatus::InvalidArgument);
    assert_eq!(text_of(sq(2, 6), sq(2, 2)).0, MarsalStatus::Ok);
    free_game(g);
    free_rules(r);
}

#[test]
fn a_setup_error_names_every_wrong_count() {
    let r = preset("classic");
    let flags = CString::new(["FFFFFFFFFF"; 4].join("/")).unwrap();
    let ok = CString::new({
        let rules = Ruleset::classic();
        Setup::random(&rules, Side::Blue, 1)
            .to_text(&rules)
            .to_string()
    })
    .unwrap();
    let mut g = null_mut();
    // SAFETY: a live ruleset, NUL-terminated setups, a real out pointer.
    let s = unsafe { marsal_game_new(r, flags.as_ptr(), ok.as_ptr(), &mut g) };
    assert_eq!(s, MarsalStatus::InvalidSetup);
    let m = last_message();
    for kind in [
        "Flag: the army has 1, the setup 40",
        "Marshal: the army has 1, the setup 0",
        "Scout: the army has 8, the setup 0",
        "Bomb: the army has 6, the setup 0",
    ] {
        assert!(m.contains(kind), "{m}");
    }
    free_rules(r);
}
