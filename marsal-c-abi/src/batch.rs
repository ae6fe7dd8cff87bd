//! Many games in one call: random plies on one game or many, whole random
//! playouts, and the views, legal moves and chosen moves of many games.

use crate::actions::game_refs;
use crate::errors::{move_error, position_error};
use crate::game::MarsalGame;
use crate::pointers::{get_mut, null, try_mut, try_ref, try_slice, write_opt};
use crate::ruleset::MarsalRuleset;
use crate::status::{Error, MarsalStatus, boundary};
use crate::values::{
    MarsalMove, MarsalOutcome, MarsalPlayoutSummary, MarsalSquareView, c_move, c_outcome,
    rust_move, side,
};
use crate::view::view_cells;
use marsal::{Game, Rng};
use marsal_host::{PlayoutError, batch_seed, play_random_plies};

/// Plays up to `max_plies` legal moves, each drawn uniformly at random, on
/// `game`, stopping early when the game ends, and writes how many were played
/// into `*out_played` (may be NULL). The moves are recorded in the game's
/// history exactly as if `marsal_game_play` had played them (`marsal_game_undo`
/// takes them back one by one, `marsal_game_last_outcome` gives the last one).
/// A game already over plays nothing and succeeds with 0, as does
/// `max_plies` 0. Every ply is kept in the history, and a random game need not
/// end by itself when the ruleset has no ply limit (`max_plies` in its JSON,
/// none in the Czech preset): keep `max_plies` bounded.
///
/// The random moves come from a generator started from `seed` for this call:
/// the same game, `max_plies` and `seed` always give the same plies. (So a host
/// playing one ply a call should pass a different seed each time.) One call
/// replaces `max_plies` calls of `marsal_game_legal_moves` and
/// `marsal_game_play`.
///
/// Thread safety: `game` is modified; no other thread may use it during the
/// call.
///
/// # Safety
/// `game` must be NULL or a live handle not used elsewhere during the call;
/// `out_played` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_play_random(
    game: *mut MarsalGame,
    max_plies: u32,
    seed: u64,
    out_played: *mut u32,
) -> MarsalStatus {
    boundary(|| {
        let g = try_mut!(game, "game");
        let played = play_random_plies(&mut g.game, max_plies, &mut Rng::new(seed));
        write_opt!(out_played, played);
        Ok(())
    })
}

/// Steps many games by random plies in one call (vectorised environments):
/// game `games[i]` is played on exactly as by
/// `marsal_game_play_random(games[i], plies_each, seed_i, ...)` with
/// `seed_i = seed * 0x9E3779B9 + i` (modulo 2^64), in the order of the array;
/// games that end stop early, games already over are left as they are. The
/// total number of plies played, all games together, goes to `*out_total` (may
/// be NULL).
///
/// Every element of `games` is checked before any game is touched: a NULL one
/// gives `MARSAL_STATUS_NULL_POINTER` (the message names its index) and changes
/// nothing. `games` may be NULL when `count` is 0. A game listed twice is
/// stepped twice.
///
/// Thread safety: every listed game is modified; no other thread may use any
/// of them during the call.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live game handle not used elsewhere during the call; `out_total` NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_play_random(
    games: *const *mut MarsalGame,
    count: usize,
    plies_each: u32,
    seed: u64,
    out_total: *mut u64,
) -> MarsalStatus {
    boundary(|| {
        let handles = try_slice!(games, count, "games");
        if let Some(i) = handles.iter().position(|p| p.is_null()) {
            return Err(null(&format!("games[{i}]")));
        }
        let mut total = 0u64;
        for (i, &p) in handles.iter().enumerate() {
            // SAFETY: checked for NULL above; the caller promises a live game
            // that nothing else uses. One reference at a time: a game listed
            // twice is never borrowed twice at once.
            let g = unsafe { get_mut(p, "game") }?;
            let mut rng = Rng::new(batch_seed(seed, i as u64));
            total += u64::from(play_random_plies(&mut g.game, plies_each, &mut rng));
        }
        write_opt!(out_total, total);
        Ok(())
    })
}

/// Plays `games` complete games of uniformly random legal moves, each from two
/// random setups, and writes the totals into `*out`. Nothing is kept: no game
/// handle is made and no history recorded, so this is the fastest way to play
/// many random games (the random-playout loop runs inside the library).
///
/// Game `g` (0-based) starts from Red's setup of seed `s` and Blue's setup of
/// seed `~s` (bitwise not), with `s = seed * 0x9E3779B9 + g` (modulo 2^64),
/// and its moves come from a generator started from `s`; the same arguments
/// always give the same summary. Each game ends by the ruleset's rules or after
/// `max_plies` plies (a draw by the ply limit; the ruleset's own limit applies
/// when it is smaller). The games are played on bare positions, which keep no
/// history: the repeated-position draw and the more-squares rule, which need
/// one, are not applied (as by the Rust `Position::play_random`).
///
/// `max_plies` 0 gives `MARSAL_STATUS_INVALID_ARGUMENT` (a random game need not
/// end by itself, so a limit is required). `games` 0 succeeds with an empty
/// summary. `*out` is written only on success.
///
/// Thread safety: `ruleset` is only read, so several threads may run playouts
/// on one ruleset at once.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_random_playouts(
    ruleset: *const MarsalRuleset,
    games: u32,
    seed: u64,
    max_plies: u32,
    out: *mut MarsalPlayoutSummary,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        let out = try_mut!(out, "out");
        if max_plies == 0 {
            return Err(Error::new(
                MarsalStatus::InvalidArgument,
                "max_plies must be at least 1 (random games need a ply limit)",
            ));
        }
        let s = marsal_host::random_playouts(&r.rules, 0..u64::from(games), seed, max_plies)
            .map_err(|e| match e {
                PlayoutError::Start(e) => position_error(e),
                stuck => Error::new(MarsalStatus::Panic, stuck.to_string()),
            })?;
        // Each count is at most `games`, a `u32`.
        let count = |n: u64| n as u32;
        let summary = MarsalPlayoutSummary {
            plies: s.plies,
            games,
            red_wins: count(s.red_wins),
            blue_wins: count(s.blue_wins),
            draws: count(s.draws),
        };
        *out = summary;
        Ok(())
    })
}

/// Writes what `side_code` (0 red, 1 blue) sees in each of the `count` games
/// `games[0..count]` into one caller buffer, so that a host fetches a batch of
/// observations in one call. The block of game `i` starts at index
/// `i * files * ranks` and is exactly what `marsal_game_view` writes for that
/// game: `files * ranks` `MarsalSquareView`s, square (file, rank) at
/// `rank * files + file` within the block. All the games must have the same
/// board size (else `MARSAL_STATUS_INVALID_ARGUMENT`, naming the first game that
/// differs from `games[0]`); games of different sizes need separate calls.
///
/// The number of elements of the result, `count * files * ranks`, goes to
/// `*count_out` (may be NULL); with `buf` NULL or `cap` smaller, only that
/// number is written and `MARSAL_STATUS_BUFFER_TOO_SMALL` returned. A NULL
/// element of `games` gives `MARSAL_STATUS_NULL_POINTER` (the message names
/// its index). `count` 0 succeeds with 0 elements (`games` and `buf` may then
/// be NULL). Nothing hidden from `side_code` is written.
///
/// Thread safety: the games are only read; no other thread may modify any of
/// them during the call. A game may be listed more than once.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live game handle; `buf` NULL or `cap` writable elements; `count_out` NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_view(
    games: *const *const MarsalGame,
    count: usize,
    side_code: u8,
    buf: *mut MarsalSquareView,
    cap: usize,
    count_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let handles = try_slice!(games, count, "games");
        let mut list = Vec::with_capacity(handles.len());
        for (i, &p) in handles.iter().enumerate() {
            // SAFETY: the caller's promise (NULL or a live handle); the message
            // is only formatted on error.
            let g = unsafe { p.as_ref() }.ok_or_else(|| null(&format!("games[{i}]")))?;
            list.push(&g.game);
        }
        let size = |g: &Game| (g.rules().board.files, g.rules().board.ranks);
        let (files, ranks) = list.first().map_or((0, 0), |g| size(g));
        if let Some((i, g)) = list
            .iter()
            .enumerate()
            .find(|(_, g)| size(g) != (files, ranks))
        {
            let (f, r) = size(g);
            return Err(Error::new(
                MarsalStatus::InvalidArgument,
                format!(
                    "games[{i}] has a {f} x {r} board but games[0] a {files} x {ranks} one: \
                     the games of one call must have the same board size"
                ),
            ));
        }
        let side = side(side_code)?;
        let block = usize::from(files) * usize::from(ranks);
        let needed = block.checked_mul(count).ok_or_else(|| {
            Error::new(
                MarsalStatus::InvalidArgument,
                format!("{count} views of {block} squares do not fit in memory"),
            )
        })?;
        write_opt!(count_out, needed);
        if needed == 0 {
            return Ok(());
        }
        if buf.is_null() || cap < needed {
            return Err(Error::new(
                MarsalStatus::BufferTooSmall,
                format!(
                    "{count} views of {block} squares need a buffer of {needed} elements, \
                     it has {cap}"
                ),
            ));
        }
        for (i, g) in list.iter().enumerate() {
            let cells = view_cells(g, side);
            debug_assert_eq!(cells.len(), block);
            // SAFETY: `buf` has room for `needed = count * block` elements
            // (checked above) and block `i < count` lies inside it.
            unsafe {
                std::ptr::copy_nonoverlapping(cells.as_ptr(), buf.add(i * block), block);
            }
        }
        Ok(())
    })
}

/// Writes the legal moves of the side to move in each of the `count` games
/// `games[0..count]` into one buffer: the moves of game `i` are
/// `buf[offsets[i] .. offsets[i + 1]]`, in the order `marsal_game_legal_moves`
/// gives them (a game that is over has none). `offsets` has `count + 1`
/// elements (`offsets[0]` is 0, `offsets[count]` the total); the total also
/// goes to `*total_out` (may be NULL).
///
/// With `buf` NULL or `cap` smaller than the total, `offsets` and
/// `*total_out` are still written, the contents of `buf` are unspecified, and
/// `MARSAL_STATUS_BUFFER_TOO_SMALL` is returned; a buffer of
/// `count * MARSAL_MAX_LEGAL_MOVES` moves always suffices. A NULL element of
/// `games`, or `offsets` NULL, gives `MARSAL_STATUS_NULL_POINTER` (the
/// message names the argument or index) and writes nothing. `count` 0 writes
/// `offsets[0] = 0` and succeeds (`games` and `buf` may then be NULL).
///
/// Thread safety: the games are only read; no other thread may modify any of
/// them during the call. A game may be listed more than once.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live game handle; `buf` NULL or `cap` writable moves; `offsets` NULL or
/// `count + 1` writable elements; `total_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_legal_moves(
    games: *const *const MarsalGame,
    count: usize,
    buf: *mut MarsalMove,
    cap: usize,
    offsets: *mut usize,
    total_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let list = unsafe { game_refs(games, count) }?;
        if offsets.is_null() {
            return Err(null("offsets"));
        }
        // `offsets` is a `count + 1` array (`array` refused counts no memory
        // can hold, so `count + 1` does not overflow).
        let fits = |n: usize| !buf.is_null() && n <= cap;
        let mut total = 0usize;
        // SAFETY: `offsets` has `count + 1` writable elements.
        unsafe { offsets.write(0) };
        for (i, g) in list.iter().enumerate() {
            let moves = g.legal_moves();
            let end = total + moves.len();
            if fits(end) {
                for (j, mv) in moves.iter().enumerate() {
                    // SAFETY: `total + j < end <= cap`: inside `buf`.
                    unsafe { buf.add(total + j).write(c_move(*mv)) };
                }
            }
            total = end;
            // SAFETY: `i + 1 <= count`: inside `offsets`.
            unsafe { offsets.add(i + 1).write(total) };
        }
        write_opt!(total_out, total);
        if total > 0 && !fits(total) {
            return Err(Error::new(
                MarsalStatus::BufferTooSmall,
                format!(
                    "{total} legal moves of {count} games need a buffer of {total} moves, it has {cap}"
                ),
            ));
        }
        Ok(())
    })
}

/// Plays one chosen move in each of the `count` games: `moves[i]` in
/// `games[i]`, in the order of the array, each exactly as by
/// `marsal_game_play(games[i], &moves[i], &outcomes[i])`. The games are
/// independent: a move that is refused (illegal, or the game is over) leaves
/// that game unchanged and the others are still played. `statuses[i]` (may be
/// NULL as a whole) gets each game's status code (`MARSAL_STATUS_OK`,
/// `MARSAL_STATUS_ILLEGAL_MOVE`, `MARSAL_STATUS_GAME_OVER`,
/// `MARSAL_STATUS_INVALID_ARGUMENT` for a square off the grid, ...);
/// `outcomes[i]` (may be NULL as a whole) what the move did, written only for
/// the games whose move was played.
///
/// Returns `MARSAL_STATUS_OK` when every move was played, otherwise the code of
/// the first refused one, with a message naming its index (the other games
/// were played all the same: read `statuses`). A NULL element of `games`, or
/// `moves` NULL with `count` > 0, gives `MARSAL_STATUS_NULL_POINTER` and
/// changes nothing. A game listed twice is played twice, in order.
///
/// Thread safety: every listed game is modified; no other thread may use any
/// of them during the call.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live game handle not used elsewhere during the call; `moves` NULL or
/// `count` readable moves; `outcomes` and `statuses` NULL or `count` writable
/// elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_play(
    games: *const *mut MarsalGame,
    count: usize,
    moves: *const MarsalMove,
    outcomes: *mut MarsalOutcome,
    statuses: *mut MarsalStatus,
) -> MarsalStatus {
    boundary(|| {
        let handles = try_slice!(games, count, "games");
        let moves = try_slice!(moves, count, "moves");
        if let Some(i) = handles.iter().position(|p| p.is_null()) {
            return Err(null(&format!("games[{i}]")));
        }
        let mut first_error: Option<(usize, Error)> = None;
        for (i, (&p, mv)) in handles.iter().zip(moves).enumerate() {
            // SAFETY: checked for NULL above; the caller promises a live game
            // that nothing else uses. One reference at a time.
            let g = unsafe { get_mut(p, "game") }?;
            let result = rust_move(mv).and_then(|mv| g.game.play(mv).map_err(move_error));
            let status = match result {
                Ok(o) => {
                    if !outcomes.is_null() {
                        // SAFETY: `i < count`, inside the caller's array.
                        unsafe { outcomes.add(i).write(c_outcome(&o)) };
                    }
                    MarsalStatus::Ok
                }
                Err(e) => {
                    let status = e.status;
                    if first_error.is_none() {
                        first_error = Some((i, e));
                    }
                    status
                }
            };
            if !statuses.is_null() {
                // SAFETY: `i < count`, inside the caller's array.
                unsafe { statuses.add(i).write(status) };
            }
        }
        match first_error {
            None => Ok(()),
            Some((i, e)) => Err(Error::new(
                e.status,
                format!(
                    "games[{i}]: {} (the other games were played; see statuses)",
                    e.message
                ),
            )),
        }
    })
}
