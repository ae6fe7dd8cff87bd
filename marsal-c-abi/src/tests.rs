//! Tests of the batch calls of the C ABI (`marsal_game_play_random`,
//! `marsal_games_play_random`, `marsal_random_playouts`, `marsal_games_view`)
//! against the one-game calls and the Rust API they stand for.

use super::*;

use crate::values::c_move;
use marsal::{Game, Position, Rng, Ruleset, Side, Status};
use marsal_host::batch_seed;
use std::ffi::c_char;
use std::ptr::{null, null_mut};

fn last_message() -> String {
    let mut buf = [0 as c_char; 512];
    let mut len = 0usize;
    // SAFETY: a real buffer and a real length.
    let s = unsafe { marsal_last_error_message(buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(s, MarsalStatus::Ok);
    let bytes: Vec<u8> = buf[..len].iter().map(|&c| c as u8).collect();
    String::from_utf8(bytes).unwrap()
}

fn preset(name: &str) -> *mut MarsalRuleset {
    let name = std::ffi::CString::new(name).unwrap();
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

fn game<'a>(g: *mut MarsalGame) -> &'a Game {
    // SAFETY: the tests pass live handles only.
    unsafe { &(*g).game }
}

fn free(r: *mut MarsalRuleset, games: &[*mut MarsalGame]) {
    for &g in games {
        // SAFETY: each handle is freed once.
        assert_eq!(unsafe { marsal_game_free(g) }, MarsalStatus::Ok);
    }
    // SAFETY: freed once.
    assert_eq!(unsafe { marsal_ruleset_free(r) }, MarsalStatus::Ok);
}

fn one_view(g: *const MarsalGame, side: u8) -> Vec<MarsalSquareView> {
    let mut buf = vec![MarsalSquareView::default_cell(); MARSAL_GRID_SQUARES];
    let mut n = 0usize;
    // SAFETY: a live game and a buffer of MARSAL_GRID_SQUARES cells.
    let s = unsafe { marsal_game_view(g, side, buf.as_mut_ptr(), buf.len(), &mut n) };
    assert_eq!(s, MarsalStatus::Ok);
    buf.truncate(n);
    buf
}

impl MarsalSquareView {
    fn default_cell() -> MarsalSquareView {
        MarsalSquareView {
            cell: 77,
            kind: 77,
            possible: 0xffff,
        }
    }
}

#[test]
fn game_play_random_is_game_play_random_and_undoes() {
    let r = preset("classic");
    let g = new_game(r, 1, 2);
    let start = *game(g).position();
    let mut played = u32::MAX;
    // SAFETY: a live game and a real out pointer.
    let s = unsafe { marsal_game_play_random(g, 50, 9, &mut played) };
    assert_eq!((s, played), (MarsalStatus::Ok, 50));
    let mut expected = Game::from_position(start);
    let mut rng = Rng::new(9);
    for _ in 0..50 {
        expected.play_random(&mut rng).unwrap();
    }
    assert_eq!(game(g).outcomes(), expected.outcomes());
    assert_eq!(game(g).position(), expected.position());
    for _ in 0..50 {
        // SAFETY: a live game; the outcome may be NULL.
        assert_eq!(unsafe { marsal_game_undo(g, null_mut()) }, MarsalStatus::Ok);
    }
    assert_eq!(game(g).position(), &start);
    // max_plies 0 and NULL out_played.
    // SAFETY: a live game; out_played may be NULL.
    assert_eq!(
        unsafe { marsal_game_play_random(g, 0, 1, null_mut()) },
        MarsalStatus::Ok
    );
    assert_eq!(game(g).position().ply(), 0);
    free(r, &[g]);
}

#[test]
fn game_play_random_stops_at_the_end() {
    let r = preset("barrage");
    let g = new_game(r, 3, 4);
    let mut played = 0u32;
    // SAFETY: a live game and a real out pointer.
    let s = unsafe { marsal_game_play_random(g, u32::MAX, 5, &mut played) };
    assert_eq!(s, MarsalStatus::Ok);
    assert!(game(g).status().is_over());
    assert_eq!(played, game(g).position().ply());
    // Over: nothing more, and success.
    played = 99;
    // SAFETY: as above.
    let s = unsafe { marsal_game_play_random(g, 10, 5, &mut played) };
    assert_eq!((s, played), (MarsalStatus::Ok, 0));
    // SAFETY: NULL game.
    let s = unsafe { marsal_game_play_random(null_mut(), 10, 5, &mut played) };
    assert_eq!(s, MarsalStatus::NullPointer);
    assert!(last_message().contains("game"));
    free(r, &[g]);
}

#[test]
fn games_play_random_steps_each_game_like_the_one_game_call() {
    let r = preset("marsal_a_spion");
    let batch: Vec<*mut MarsalGame> = (0..4).map(|i| new_game(r, i, i + 10)).collect();
    let single: Vec<*mut MarsalGame> = (0..4).map(|i| new_game(r, i, i + 10)).collect();
    let mut total = 0u64;
    // SAFETY: four live games and a real out pointer.
    let s = unsafe { marsal_games_play_random(batch.as_ptr(), batch.len(), 7, 42, &mut total) };
    assert_eq!((s, total), (MarsalStatus::Ok, 28));
    for (i, &g) in single.iter().enumerate() {
        let mut n = 0u32;
        // SAFETY: a live game.
        let s = unsafe { marsal_game_play_random(g, 7, batch_seed(42, i as u64), &mut n) };
        assert_eq!((s, n), (MarsalStatus::Ok, 7));
        assert_eq!(game(g).outcomes(), game(batch[i]).outcomes());
    }
    // A NULL element: an error naming it, and no game is touched.
    let with_null = [batch[0], null_mut(), batch[2]];
    let before = *game(batch[0]).position();
    // SAFETY: live games and a NULL one.
    let s = unsafe { marsal_games_play_random(with_null.as_ptr(), 3, 5, 1, &mut total) };
    assert_eq!(s, MarsalStatus::NullPointer);
    assert!(last_message().contains("games[1]"), "{}", last_message());
    assert_eq!(game(batch[0]).position(), &before);
    // NULL array: fine when empty, an error otherwise.
    // SAFETY: NULL with count 0.
    let s = unsafe { marsal_games_play_random(null(), 0, 5, 1, &mut total) };
    assert_eq!((s, total), (MarsalStatus::Ok, 0));
    // SAFETY: NULL with count 2.
    let s = unsafe { marsal_games_play_random(null(), 2, 5, 1, &mut total) };
    assert_eq!(s, MarsalStatus::NullPointer);
    free(r, &batch);
    free(preset("classic"), &single);
}

#[test]
fn random_playouts_match_the_rust_loop() {
    let r = preset("barrage");
    let mut out = MarsalPlayoutSummary::default();
    // SAFETY: a live ruleset and a real out pointer.
    let s = unsafe { marsal_random_playouts(r, 20, 3, 400, &mut out) };
    assert_eq!(s, MarsalStatus::Ok);
    let mut rules = Ruleset::barrage();
    rules.max_plies = Some(400);
    let mut expected = MarsalPlayoutSummary {
        games: 20,
        ..MarsalPlayoutSummary::default()
    };
    for g in 0..20 {
        let seed = batch_seed(3, g);
        let mut pos = Position::start(&rules, seed, !seed).unwrap();
        let mut rng = Rng::new(seed);
        while pos.play_random(&mut rng).is_some() {}
        assert!(pos.status().is_over());
        assert!(pos.ply() <= 400);
        expected.plies += u64::from(pos.ply());
        match pos.status() {
            Status::Won {
                winner: Side::Red, ..
            } => expected.red_wins += 1,
            Status::Won { .. } => expected.blue_wins += 1,
            _ => expected.draws += 1,
        }
    }
    assert_eq!(out, expected);
    assert_eq!(out.red_wins + out.blue_wins + out.draws, out.games);
    // The same arguments give the same summary.
    let mut again = MarsalPlayoutSummary::default();
    // SAFETY: as above.
    assert_eq!(
        unsafe { marsal_random_playouts(r, 20, 3, 400, &mut again) },
        MarsalStatus::Ok
    );
    assert_eq!(again, out);
    // A limit of 1 ply: every game is a draw after one ply.
    // SAFETY: as above.
    assert_eq!(
        unsafe { marsal_random_playouts(r, 5, 3, 1, &mut out) },
        MarsalStatus::Ok
    );
    assert_eq!((out.plies, out.draws, out.games), (5, 5, 5));
    free(r, &[]);
}

#[test]
fn random_playouts_errors() {
    let r = preset("classic");
    let mut out = MarsalPlayoutSummary {
        plies: 123,
        ..MarsalPlayoutSummary::default()
    };
    // SAFETY: a live ruleset and a real out pointer.
    let s = unsafe { marsal_random_playouts(r, 3, 1, 0, &mut out) };
    assert_eq!(s, MarsalStatus::InvalidArgument);
    assert!(last_message().contains("max_plies"));
    assert_eq!(out.plies, 123, "written on failure");
    // SAFETY: NULL ruleset / NULL out.
    let s = unsafe { marsal_random_playouts(null(), 3, 1, 10, &mut out) };
    assert_eq!(s, MarsalStatus::NullPointer);
    // SAFETY: as above.
    let s = unsafe { marsal_random_playouts(r, 3, 1, 10, null_mut()) };
    assert_eq!(s, MarsalStatus::NullPointer);
    // SAFETY: as above.
    let s = unsafe { marsal_random_playouts(r, 0, 1, 10, &mut out) };
    assert_eq!(s, MarsalStatus::Ok);
    assert_eq!(out, MarsalPlayoutSummary::default());
    free(r, &[]);
}

#[test]
fn games_view_is_the_one_game_views_in_a_row() {
    let r = preset("marsal_a_spion");
    let gs: Vec<*mut MarsalGame> = (0..3).map(|i| new_game(r, i, 100 + i)).collect();
    // SAFETY: a live game.
    assert_eq!(
        unsafe { marsal_game_play_random(gs[1], 40, 1, null_mut()) },
        MarsalStatus::Ok
    );
    let list: Vec<*const MarsalGame> = vec![gs[0], gs[1], gs[2], gs[1]]
        .into_iter()
        .map(|g| g.cast_const())
        .collect();
    for side in 0..2u8 {
        let expected: Vec<MarsalSquareView> =
            list.iter().flat_map(|&g| one_view(g, side)).collect();
        assert_eq!(expected.len(), 4 * 144);
        // The size query.
        let mut n = 0usize;
        // SAFETY: live games, NULL buffer.
        let s = unsafe { marsal_games_view(list.as_ptr(), 4, side, null_mut(), 0, &mut n) };
        assert_eq!((s, n), (MarsalStatus::BufferTooSmall, expected.len()));
        // A buffer one short.
        let mut buf = vec![MarsalSquareView::default_cell(); expected.len()];
        n = 0;
        // SAFETY: a real buffer of `expected.len() - 1` cells.
        let s = unsafe {
            marsal_games_view(
                list.as_ptr(),
                4,
                side,
                buf.as_mut_ptr(),
                buf.len() - 1,
                &mut n,
            )
        };
        assert_eq!((s, n), (MarsalStatus::BufferTooSmall, expected.len()));
        assert!(last_message().contains(&expected.len().to_string()));
        assert!(buf.iter().all(|c| *c == MarsalSquareView::default_cell()));
        // The real thing.
        // SAFETY: a real buffer of `expected.len()` cells.
        let s = unsafe {
            marsal_games_view(list.as_ptr(), 4, side, buf.as_mut_ptr(), buf.len(), &mut n)
        };
        assert_eq!((s, n), (MarsalStatus::Ok, expected.len()));
        assert_eq!(buf, expected);
    }
    free(r, &gs);
}

#[test]
fn games_view_errors() {
    let czech = preset("marsal_a_spion");
    let classic = preset("classic");
    let a = new_game(czech, 1, 2);
    let b = new_game(classic, 1, 2);
    let mut buf = vec![MarsalSquareView::default_cell(); 4 * MARSAL_GRID_SQUARES];
    let mut n = 0usize;
    let call =
        |list: &[*const MarsalGame], side: u8, n: &mut usize, buf: &mut [MarsalSquareView]| {
            // SAFETY: live games (or NULL elements) and a real buffer.
            unsafe {
                marsal_games_view(
                    list.as_ptr(),
                    list.len(),
                    side,
                    buf.as_mut_ptr(),
                    buf.len(),
                    n,
                )
            }
        };
    assert_eq!(
        call(&[a, null(), a], 0, &mut n, &mut buf),
        MarsalStatus::NullPointer
    );
    assert!(last_message().contains("games[1]"), "{}", last_message());
    assert_eq!(
        call(&[a, a, b], 0, &mut n, &mut buf),
        MarsalStatus::InvalidArgument
    );
    assert!(last_message().contains("games[2]"), "{}", last_message());
    // A count no array in memory can have is refused before any element is read.
    let one = [a as *const MarsalGame];
    // SAFETY: the pointer is real; the count is refused before it is used.
    let status = unsafe {
        marsal_games_view(
            one.as_ptr(),
            usize::MAX,
            0,
            buf.as_mut_ptr(),
            buf.len(),
            &mut n,
        )
    };
    assert_eq!(status, MarsalStatus::InvalidArgument);
    assert!(
        last_message().contains("cannot be an array"),
        "{}",
        last_message()
    );
    assert_eq!(
        call(&[a], 2, &mut n, &mut buf),
        MarsalStatus::InvalidArgument
    );
    assert!(last_message().contains("side"));
    assert_eq!(call(&[b, b], 1, &mut n, &mut buf), MarsalStatus::Ok);
    assert_eq!(n, 200);
    // Empty: NULL array and NULL buffer are fine.
    n = 7;
    // SAFETY: NULL with count 0.
    let s = unsafe { marsal_games_view(null(), 0, 0, null_mut(), 0, &mut n) };
    assert_eq!((s, n), (MarsalStatus::Ok, 0));
    // SAFETY: NULL with count 1.
    let s = unsafe { marsal_games_view(null(), 1, 0, buf.as_mut_ptr(), buf.len(), &mut n) };
    assert_eq!(s, MarsalStatus::NullPointer);
    free(czech, &[a]);
    free(classic, &[b]);
}

#[test]
fn play_legal_moves_is_play_then_legal_moves() {
    let r = preset("barrage");
    let (mut a, mut b) = (null_mut(), null_mut());
    let cap = MARSAL_MAX_LEGAL_MOVES;
    let (mut ma, mut mb) = (vec![c_move("a1-a2".parse().unwrap()); cap], vec![]);
    mb.resize(cap, ma[0]);
    let mut rng = Rng::new(5);
    // SAFETY: live handles, real buffers of `cap` moves and real outputs.
    unsafe {
        assert_eq!(marsal_game_new_random(r, 3, 4, &mut a), MarsalStatus::Ok);
        assert_eq!(marsal_game_new_random(r, 3, 4, &mut b), MarsalStatus::Ok);
        let (mut na, mut nb) = (0usize, 0usize);
        marsal_game_legal_moves(a, ma.as_mut_ptr(), cap, &mut na);
        // Too small a buffer is refused before the move is played.
        let short =
            marsal_game_play_legal_moves(a, &ma[0], null_mut(), mb.as_mut_ptr(), 10, &mut nb);
        assert_eq!(short, MarsalStatus::BufferTooSmall);
        let mut plies = 0;
        while na > 0 {
            let mv = ma[rng.below(na as u32) as usize];
            let blank = MarsalOutcome {
                mv,
                side: 9,
                piece: 9,
                defender: 9,
                battle: 9,
                attacker_revealed: false,
            };
            let (mut oa, mut ob) = (blank, blank);
            assert_eq!(marsal_game_play(b, &mv, &mut ob), MarsalStatus::Ok);
            assert_eq!(
                marsal_game_play_legal_moves(a, &mv, &mut oa, ma.as_mut_ptr(), cap, &mut na),
                MarsalStatus::Ok
            );
            assert_eq!(
                marsal_game_legal_moves(b, mb.as_mut_ptr(), cap, &mut nb),
                MarsalStatus::Ok
            );
            assert_eq!(oa, ob);
            assert_eq!(ma[..na], mb[..nb]);
            plies += 1;
        }
        assert!(plies > 0);
        // Once over: a move is refused and nothing is written.
        let s = marsal_game_play_legal_moves(a, &mb[0], null_mut(), ma.as_mut_ptr(), cap, &mut na);
        assert_eq!(s, MarsalStatus::GameOver);
        marsal_game_free(a);
        marsal_game_free(b);
        marsal_ruleset_free(r);
    }
}

/// `marsal_game_step_result` is the host layer's step of the game it reads:
/// the winner +1, the loser -1, a game going on cut off at the limit only.
#[test]
fn the_step_result_of_a_game_is_the_host_layers() {
    let r = preset("barrage");
    let g = new_game(r, 3, 4);
    let step = |side: u8, limit: u32| {
        let (mut reward, mut ended, mut cut) = (9.0f32, true, true);
        // SAFETY: a live game and real out pointers.
        let s =
            unsafe { marsal_game_step_result(g, side, limit, &mut reward, &mut ended, &mut cut) };
        assert_eq!(s, MarsalStatus::Ok);
        (reward, ended, cut)
    };
    assert_eq!(step(0, 0), (0.0, false, false));
    let mut played = 0;
    // SAFETY: a live game.
    unsafe { marsal_game_play_random(g, 5, 1, &mut played) };
    assert_eq!(step(1, 5), (0.0, false, true));
    assert_eq!(step(1, 6), (0.0, false, false));
    // SAFETY: a live game.
    unsafe { marsal_game_play_random(g, 100_000, 2, &mut played) };
    let status = game(g).status();
    for side in Side::BOTH {
        let want = marsal_host::step_result(status, game(g).position().ply(), Some(6), side);
        assert_eq!(step(side as u8, 6), (want.reward, true, false));
    }
    assert!(
        status.winner().is_some_and(|w| step(w as u8, 0).0 == 1.0) || status.winner().is_none()
    );
    // SAFETY: a live game; NULL outputs are not written.
    let s = unsafe { marsal_game_step_result(g, 2, 0, null_mut(), null_mut(), null_mut()) };
    assert_eq!(s, MarsalStatus::InvalidArgument);
    // SAFETY: NULL outputs are not written.
    let s = unsafe { marsal_game_step_result(g, 0, 0, null_mut(), null_mut(), null_mut()) };
    assert_eq!(s, MarsalStatus::Ok);
    free(r, &[g]);
}
