//! Encodings for learning over the C ABI (see `marsal::encoding`): the fixed
//! action space of a ruleset with legal-action masks, observation tensors
//! built from one side's view, both for one game or many in one call and
//! written into caller buffers (NumPy arrays, tensors), and a vectorised
//! environment (`MarsalVecEnv`) that steps N games from action indices and
//! resets finished games by itself.
//!
//! Actions are `int64_t` (NumPy's default integer); masks are `uint8_t` 0/1 (a
//! NumPy `bool` array can be passed as it is); observations are `float` or,
//! in the `_u8` functions and `MARSAL_OBS_UINT8`, `uint8_t`.

use crate::actions::{action_move, game_list, game_mask, random_action};
use crate::bots::{bot_actions, policy_bot};
use crate::errors::{invalid, move_error};
use crate::game::MarsalGame;
use crate::pointers::{
    null, put_opt, total, try_mut, try_out_slice, try_ref, try_slice, write_opt,
};
use crate::ruleset::MarsalRuleset;
use crate::search::MARSAL_SEARCH_DEFAULT_NODES;
use crate::status::{FfiResult, MarsalStatus, boundary};
use crate::values::{MarsalMove, MarsalOutcome, c_move, c_outcome, rust_move, side};
use marsal::Rng;
use marsal::encoding::{ActionSpace, ObservationSpace, ObservationValue};

/// The side code that means "the side to move" in `marsal_games_observations`
/// (for a finished game: the side that would have moved next).
pub const MARSAL_SIDE_TO_MOVE: u8 = 2;

// ----------------------------------------------------------------- spaces

/// Writes the number of actions of `ruleset`'s fixed action space into `*out`:
/// `planes * files * ranks` with `planes = (files - 1) + (ranks - 1)`, plus 4
/// when diagonal steps are allowed (classic and Barrage: 1800; Maršál a špión:
/// 3744). Action `a` is the move from square `(a % (files * ranks))` (index
/// `rank * files + file` in the acting side's frame, a half turn for Blue) along
/// plane `a / (files * ranks)`: planes `0..files-1` go along the rank to file
/// `plane` (skipping the piece's own file), the next `ranks - 1` along the file
/// to rank `plane - (files - 1)` (skipping its own rank), the last 4 are the
/// diagonal steps forward-right, back-right, back-left, forward-left. See
/// docs/encodings.md.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_action_space_size(
    ruleset: *const MarsalRuleset,
    out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        let out = try_mut!(out, "out");
        *out = ActionSpace::new(&r.rules).size();
        Ok(())
    })
}

/// Writes the shape of `ruleset`'s observation tensor: `*channels` (45) planes
/// of `*ranks` x `*files` floats; an observation has `channels * ranks * files`
/// values, square `(file, rank)` of the viewer's frame (a half turn for Blue)
/// of channel `c` at `c * ranks * files + rank * files + file`. Any output may
/// be NULL. The channels are listed in docs/encodings.md.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; each output NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_observation_shape(
    ruleset: *const MarsalRuleset,
    channels: *mut usize,
    ranks: *mut usize,
    files: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        let (c, rk, f) = ObservationSpace::new(&r.rules).shape();
        // SAFETY: the caller's promise.
        unsafe {
            put_opt(channels, c);
            put_opt(ranks, rk);
            put_opt(files, f);
        }
        Ok(())
    })
}

/// Writes the move that `side_code` (0 red, 1 blue) makes by `action` into
/// `*out`. An action out of range, or a diagonal step off the board's
/// rectangle, is `MARSAL_STATUS_INVALID_ARGUMENT`. Legality is not checked.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_action_to_move(
    ruleset: *const MarsalRuleset,
    side_code: u8,
    action: i64,
    out: *mut MarsalMove,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        let out = try_mut!(out, "out");
        let side = side(side_code)?;
        let space = ActionSpace::new(&r.rules);
        let mv = usize::try_from(action)
            .ok()
            .and_then(|a| space.decode(side, a))
            .ok_or_else(|| {
                invalid(format!(
                    "{action} is not an action of this ruleset (0..{}) that stays on the board",
                    space.size()
                ))
            })?;
        *out = c_move(mv);
        Ok(())
    })
}

/// Writes the action of the move `*mv` made by `side_code` (0 red, 1 blue) into
/// `*out`. A move no action stands for (not along a rank or file, a diagonal
/// move longer than a step or in a ruleset without them, off the board's
/// rectangle) is `MARSAL_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `mv` NULL or readable; `out` NULL
/// or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_move_to_action(
    ruleset: *const MarsalRuleset,
    side_code: u8,
    mv: *const MarsalMove,
    out: *mut i64,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        let m = rust_move(try_ref!(mv, "mv"))?;
        let out = try_mut!(out, "out");
        let side = side(side_code)?;
        let a = ActionSpace::new(&r.rules)
            .encode(side, m)
            .ok_or_else(|| invalid(format!("no action stands for the move {m}")))?;
        *out = a as i64;
        Ok(())
    })
}

// ----------------------------------------------------------------- one game

/// Writes the sizes of `game`'s encodings (those of its ruleset): the number
/// of actions into `*actions` and the observation shape into `*channels`,
/// `*ranks` and `*files` (see `marsal_ruleset_action_space_size` and
/// `marsal_ruleset_observation_shape`). Any output may be NULL.
///
/// # Safety
/// `game` must be NULL or a live handle; each output NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_encoding_sizes(
    game: *const MarsalGame,
    actions: *mut usize,
    channels: *mut usize,
    ranks: *mut usize,
    files: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let g = &try_ref!(game, "game").game;
        let (c, rk, f) = ObservationSpace::new(g.rules()).shape();
        // SAFETY: the caller's promise.
        unsafe {
            put_opt(actions, ActionSpace::new(g.rules()).size());
            put_opt(channels, c);
            put_opt(ranks, rk);
            put_opt(files, f);
        }
        Ok(())
    })
}

/// Writes the legal-action mask of the side to move in `game` into `mask`
/// (`cap` bytes, at least the action-space size; 1 for a legal action, 0
/// otherwise; all 0 once the game is over) and the number of legal actions into
/// `*legal_out` (may be NULL). A NULL or short `mask` is
/// `MARSAL_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `game` must be NULL or a live handle; `mask` NULL or `cap` writable bytes;
/// `legal_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_action_mask(
    game: *const MarsalGame,
    mask: *mut u8,
    cap: usize,
    legal_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let g = &try_ref!(game, "game").game;
        let space = ActionSpace::new(g.rules());
        let mask = try_out_slice!(mask, cap, space.size(), "the mask");
        let n = game_mask(&space, g, mask);
        write_opt!(legal_out, n);
        Ok(())
    })
}

/// Writes the observation tensor of what `side_code` (0 red, 1 blue) sees in
/// `game` into `buf` (`cap` floats, at least the observation size). It is built
/// from that side's view alone: nothing hidden from the side is written.
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_observation(
    game: *const MarsalGame,
    side_code: u8,
    buf: *mut f32,
    cap: usize,
) -> MarsalStatus {
    boundary(|| {
        let g = &try_ref!(game, "game").game;
        let side = side(side_code)?;
        let space = ObservationSpace::new(g.rules());
        let out = try_out_slice!(buf, cap, space.size(), "the observation");
        space.write_position(g.position(), side, out);
        Ok(())
    })
}

/// Plays the move of `action` for the side to move (see
/// `marsal_ruleset_action_to_move`) and writes what happened into `*out` (may
/// be NULL). An action out of range is `MARSAL_STATUS_INVALID_ARGUMENT`; an
/// illegal one `MARSAL_STATUS_ILLEGAL_MOVE` (or `GAME_OVER`); nothing changes
/// then.
///
/// # Safety
/// `game` must be NULL or a live handle not used elsewhere during the call;
/// `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_play_action(
    game: *mut MarsalGame,
    action: i64,
    out: *mut MarsalOutcome,
) -> MarsalStatus {
    boundary(|| {
        let g = &mut try_mut!(game, "game").game;
        let space = ActionSpace::new(g.rules());
        let mv = action_move(&space, g, action, None)?;
        let o = g.play(mv).map_err(move_error)?;
        write_opt!(out, c_outcome(&o));
        Ok(())
    })
}

/// Draws one action for each of `count` games into `actions[i]` (-1 for a
/// game that is over) with the policy `policy`: `MARSAL_POLICY_RANDOM` (0)
/// uniformly random among the legal actions (as `marsal_games_random_actions`),
/// `MARSAL_POLICY_CAREFUL` (1) the careful bot, which judges from the side to
/// move's view only: a capture it knows it wins (the Flag first), else a
/// random legal move that is not an attack it knows it loses or trades;
/// `MARSAL_POLICY_SEARCH` (2) the search bot with its default budget,
/// `MARSAL_SEARCH_DEFAULT_NODES` (see `marsal_games_bot_actions_budget` for
/// another budget and how its seeds are derived). Other policies are
/// `MARSAL_STATUS_INVALID_ARGUMENT`. The generator starts from `seed`; the
/// games are not changed.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live handle; `actions` NULL or `cap` writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_bot_actions(
    games: *const *const MarsalGame,
    count: usize,
    policy: u8,
    seed: u64,
    actions: *mut i64,
    cap: usize,
) -> MarsalStatus {
    boundary(|| {
        let policy = policy_bot(policy, MARSAL_SEARCH_DEFAULT_NODES)?;
        // SAFETY: the caller's promise.
        unsafe { bot_actions(games, count, policy, seed, actions, cap) }
    })
}

// ----------------------------------------------------------------- n games

/// Writes the legal-action masks of `count` games into `mask`: game `i`'s
/// block of `A` bytes (the action-space size) starts at `i * A`, as
/// `marsal_game_action_mask` writes it. The number of legal actions of each
/// game goes to `legal_out[i]` (`legal_out` may be NULL). All the games must
/// share the board size and diagonal rule (else
/// `MARSAL_STATUS_INVALID_ARGUMENT`). A NULL or short `mask` (fewer than
/// `count * A` bytes) is `MARSAL_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live handle; `mask` NULL or `cap` writable bytes; `legal_out` NULL or
/// `count` writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_action_masks(
    games: *const *const MarsalGame,
    count: usize,
    mask: *mut u8,
    cap: usize,
    legal_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let list = unsafe { game_list(games, count) }?;
        let Some(first) = list.first() else {
            return Ok(());
        };
        let space = ActionSpace::new(first.rules());
        let block = space.size();
        let needed = total(count, block, "masks")?;
        let out = try_out_slice!(mask, cap, needed, "the masks");
        for (i, (g, m)) in list.iter().zip(out.chunks_exact_mut(block)).enumerate() {
            let n = game_mask(&space, g, m);
            if !legal_out.is_null() {
                // SAFETY: `legal_out` has `count` elements by the caller's
                // promise and `i < count`.
                unsafe { legal_out.add(i).write(n) };
            }
        }
        Ok(())
    })
}

/// Writes the observation tensors of `count` games into `buf`: game `i`'s
/// block of `O` floats (the observation size) starts at `i * O`, as
/// `marsal_game_observation` writes it for side `side_code`: 0 red, 1 blue, or
/// `MARSAL_SIDE_TO_MOVE` (2) for the side to move in each game. All the games
/// must share the board size (else `MARSAL_STATUS_INVALID_ARGUMENT`); the ply
/// scales come from each game's own ruleset.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live handle; `buf` NULL or `cap` writable floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_observations(
    games: *const *const MarsalGame,
    count: usize,
    side_code: u8,
    buf: *mut f32,
    cap: usize,
) -> MarsalStatus {
    // SAFETY: the caller's promise.
    boundary(|| unsafe { games_observations(games, count, side_code, buf, cap) })
}

/// `marsal_games_observations` as `uint8_t` values (a quarter of the memory,
/// the same content): 0 / 1 where the `float` tensor has 0.0 / 1.0, and the
/// fractions of the two ply planes `x` as `round(255 x)`. `cap` counts bytes.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live handle; `buf` NULL or `cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_observations_u8(
    games: *const *const MarsalGame,
    count: usize,
    side_code: u8,
    buf: *mut u8,
    cap: usize,
) -> MarsalStatus {
    // SAFETY: the caller's promise.
    boundary(|| unsafe { games_observations(games, count, side_code, buf, cap) })
}

/// The body of `marsal_games_observations` for either element type.
///
/// # Safety
/// As `marsal_games_observations` (`cap` elements of `T`).
unsafe fn games_observations<T: ObservationValue>(
    games: *const *const MarsalGame,
    count: usize,
    side_code: u8,
    buf: *mut T,
    cap: usize,
) -> FfiResult {
    // SAFETY: the caller's promise.
    let list = unsafe { game_list(games, count) }?;
    let fixed = match side_code {
        MARSAL_SIDE_TO_MOVE => None,
        code => Some(side(code)?),
    };
    let Some(first) = list.first() else {
        return Ok(());
    };
    let block = ObservationSpace::new(first.rules()).size();
    let needed = total(count, block, "observations")?;
    let out = try_out_slice!(buf, cap, needed, "the observations");
    for (g, o) in list.iter().zip(out.chunks_exact_mut(block)) {
        let side = fixed.unwrap_or_else(|| g.position().to_move());
        ObservationSpace::new(g.rules()).write_position(g.position(), side, o);
    }
    Ok(())
}

/// Draws one uniformly random legal action for each of `count` games into
/// `actions[i]` (-1 for a game that is over), with a generator started from
/// `seed`. The games are not changed.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live handle; `actions` NULL or `cap` writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_random_actions(
    games: *const *const MarsalGame,
    count: usize,
    seed: u64,
    actions: *mut i64,
    cap: usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let list = unsafe { game_list(games, count) }?;
        let out = try_out_slice!(actions, cap, count, "the actions");
        let mut rng = Rng::new(seed);
        for (g, a) in list.iter().zip(out.iter_mut()) {
            *a = random_action(&ActionSpace::new(g.rules()), g, &mut rng);
        }
        Ok(())
    })
}

/// Plays `actions[i]` in game `games[i]` for each of the `count` games (the
/// side to move's action, see `marsal_ruleset_action_to_move`) and writes what
/// happened into `outcomes[i]` (`outcomes` may be NULL). Every action is
/// checked first: an action out of range (`MARSAL_STATUS_INVALID_ARGUMENT`) or
/// illegal (`MARSAL_STATUS_ILLEGAL_MOVE`, `MARSAL_STATUS_GAME_OVER`) fails the
/// call with a message naming its index, and no game is changed. A game must
/// not be listed twice.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live handle not used elsewhere during the call and listed once; `actions`
/// NULL or `count` readable elements; `outcomes` NULL or `count` writable
/// elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_play_actions(
    games: *const *mut MarsalGame,
    count: usize,
    actions: *const i64,
    outcomes: *mut MarsalOutcome,
) -> MarsalStatus {
    boundary(|| {
        let handles = try_slice!(games, count, "games");
        let acts = try_slice!(actions, count, "actions");
        if let Some(i) = handles.iter().position(|p| p.is_null()) {
            return Err(null(&format!("games[{i}]")));
        }
        let mut moves = Vec::with_capacity(count);
        for (i, (&p, &a)) in handles.iter().zip(acts).enumerate() {
            // SAFETY: not NULL (checked); a live handle by the caller's promise.
            let g = unsafe { &(*p).game };
            let space = ActionSpace::new(g.rules());
            moves.push(action_move(&space, g, a, Some(i))?);
        }
        for (i, (&p, mv)) in handles.iter().zip(moves).enumerate() {
            // SAFETY: as above; each game is listed once (the caller's promise).
            let g = unsafe { &mut (*p).game };
            let o = g.play(mv).map_err(move_error)?;
            if !outcomes.is_null() {
                // SAFETY: `count` writable elements by the caller's promise.
                unsafe { outcomes.add(i).write(c_outcome(&o)) };
            }
        }
        Ok(())
    })
}
