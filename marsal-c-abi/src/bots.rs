//! The built-in bots (the host layer's roster, `marsal_host::Bot`): a game
//! between two bots by name and a bot's move by the seed rule (the same seed,
//! ruleset and bot names give the same game as the `marsal` program and
//! Python), and the bots as batch policies: one action for each of many
//! games, for learning loops that need an opponent.

use crate::actions::{action_of, game_list};
use crate::errors::{invalid, position_error};
use crate::game::{MarsalGame, new_game};
use crate::pointers::{null, text, try_mut, try_out_slice, try_ref};
use crate::ruleset::MarsalRuleset;
use crate::search::check_nodes;
use crate::status::{Error, FfiResult, MarsalStatus, boundary};
use crate::values::{MarsalMove, c_move};
use crate::vec_env::{MarsalVecEnv, try_idle};
use marsal::Game;
use marsal::encoding::ActionSpace;
use marsal_host::{Bot, batch_seed};
use std::ffi::c_char;

/// Policy code: a uniformly random legal action.
pub const MARSAL_POLICY_RANDOM: u8 = 0;
/// Policy code: the careful bot (from the side to move's view only: a capture
/// it knows it wins, the Flag first; else a random legal move that is not an
/// attack it knows it loses or trades).
pub const MARSAL_POLICY_CAREFUL: u8 = 1;
/// Policy code: the search bot (see `marsal_game_search_move`), with a node
/// budget.
pub const MARSAL_POLICY_SEARCH: u8 = 2;

/// The bot of the policy code `code` (the search with `nodes`), or
/// `MARSAL_STATUS_INVALID_ARGUMENT`.
pub(crate) fn policy_bot(code: u8, nodes: u32) -> Result<Bot, Error> {
    match code {
        MARSAL_POLICY_RANDOM => Ok(Bot::Random),
        MARSAL_POLICY_CAREFUL => Ok(Bot::Careful),
        MARSAL_POLICY_SEARCH => {
            check_nodes(nodes)?;
            Ok(Bot::Search {
                nodes,
                time_ms: 0,
                method: marsal::SearchMethod::Determinized,
            })
        }
        _ => Err(invalid(format!(
            "policy must be 0 (random), 1 (careful) or 2 (search), not {code}"
        ))),
    }
}

/// The bot named `name` in the host layer's roster, or
/// `MARSAL_STATUS_INVALID_ARGUMENT` with the roster's message.
///
/// # Safety
/// `name` must be NULL or NUL-terminated.
unsafe fn named_bot(name: *const c_char, what: &str) -> Result<Bot, Error> {
    // SAFETY: the caller's promise.
    let name = unsafe { text(name, what) }?;
    Bot::parse(name).map_err(|e| invalid(e.to_string()))
}

/// Checks the bot name `bot` (`random`, `careful`, `search`, `search:N`,
/// `search:time=MS`, `search:nodes=N,time=MS`, with `method=tree` if
/// wanted): `MARSAL_STATUS_OK` for a name of the roster,
/// `MARSAL_STATUS_INVALID_ARGUMENT` with the roster's message (the bots'
/// names, or the bounds of a budget) otherwise. A host that takes a bot's
/// name early refuses a bad one with the library's words.
///
/// # Safety
/// `bot` must be NULL or NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_bot_check(bot: *const c_char) -> MarsalStatus {
    // SAFETY: the caller's promise.
    boundary(|| unsafe { named_bot(bot, "bot") }.map(|_| ()))
}

/// Starts the game of `seed` under `ruleset` between the bots named
/// `red_bot` and `blue_bot` (`random`, `careful`, `search`, `search:N`,
/// `search:nodes=N,time=MS`, ...: the names of `marsal bot`) and writes the
/// new handle into `*out`: each side's setup is its bot's (the search bot's
/// sensible setup, the others' random one) drawn by the seed rule, as
/// `marsal selfplay --seed` and Python's `Game.for_bots` draw them. Play it
/// on with `marsal_game_bot_move` and the same `seed`.
///
/// An unknown bot name or a bad budget is `MARSAL_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; the names NULL or
/// NUL-terminated; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_new_bots(
    ruleset: *const MarsalRuleset,
    red_bot: *const c_char,
    blue_bot: *const c_char,
    seed: u64,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        // SAFETY: the caller's promise.
        let bots = unsafe {
            [
                named_bot(red_bot, "red_bot")?,
                named_bot(blue_bot, "blue_bot")?,
            ]
        };
        if out.is_null() {
            return Err(null("out"));
        }
        let [red, blue] = marsal_host::bot_setups(&r.rules, bots, seed);
        let game = Game::new(&r.rules, &red, &blue).map_err(position_error)?;
        new_game(game, out)
    })
}

/// Writes the move the bot named `bot` plays for the side to move in
/// `game`, the game of `seed`, into `*out`: the seed rule of every host (the
/// bot draws from a generator of `seed` and the game's ply; it judges from
/// the side to move's view and what that side saw over the game), so the
/// same game, bot name and seed give the same move as in `marsal selfplay`,
/// `marsal match` and Python. A search with a time limit depends on the
/// machine's speed.
///
/// An unknown bot name or a bad budget is `MARSAL_STATUS_INVALID_ARGUMENT`;
/// a game that is over `MARSAL_STATUS_GAME_OVER`; nothing is written then.
/// The game is not changed.
///
/// # Safety
/// `game` must be NULL or a live handle; `bot` NULL or NUL-terminated; `out`
/// NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_bot_move(
    game: *const MarsalGame,
    bot: *const c_char,
    seed: u64,
    out: *mut MarsalMove,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        // SAFETY: the caller's promise.
        let bot = unsafe { named_bot(bot, "bot") }?;
        let out = try_mut!(out, "out");
        let mv = bot
            .move_at(&g.game, seed)
            .ok_or_else(|| Error::new(MarsalStatus::GameOver, "the game is over: no bot moves"))?;
        *out = c_move(mv);
        Ok(())
    })
}

/// The action of `bot` in `game`, the game of `seed` ([`Bot::move_at`]; -1
/// when the game is over).
fn bot_action(bot: Bot, space: &ActionSpace, game: &Game, seed: u64) -> i64 {
    action_of(space, game, bot.move_at(game, seed))
}

/// Chooses one action for each of `count` games into `actions[i]` (-1 for a
/// game that is over) with the policy `policy` (`MARSAL_POLICY_RANDOM`,
/// `MARSAL_POLICY_CAREFUL` or `MARSAL_POLICY_SEARCH`), as
/// `marsal_games_bot_actions` does, with `nodes` the search bot's node budget
/// (at least 1; ignored by the other policies). The action in `games[i]`
/// is the move `marsal_game_bot_move` gives for the bot with the seed
/// `batch_seed(seed, i)` (`seed * 0x9E3779B9 + i` modulo 2^64: the seed rule
/// of a batch). Every bot judges from the side to move's view only. The
/// games are not changed.
///
/// An unknown policy, or the search with `nodes` 0, is
/// `MARSAL_STATUS_INVALID_ARGUMENT`; a NULL element of `games`
/// `MARSAL_STATUS_NULL_POINTER` (naming its index); `actions` NULL or `cap` <
/// `count` `MARSAL_STATUS_BUFFER_TOO_SMALL`; nothing is written then.
///
/// Thread safety: the games are only read.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live handle; `actions` NULL or `cap` writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_games_bot_actions_budget(
    games: *const *const MarsalGame,
    count: usize,
    policy: u8,
    nodes: u32,
    seed: u64,
    actions: *mut i64,
    cap: usize,
) -> MarsalStatus {
    boundary(|| {
        let policy = policy_bot(policy, nodes)?;
        // SAFETY: the caller's promise.
        unsafe { bot_actions(games, count, policy, seed, actions, cap) }
    })
}

/// The body of the batch policy calls.
///
/// # Safety
/// As `marsal_games_bot_actions_budget`.
pub(crate) unsafe fn bot_actions(
    games: *const *const MarsalGame,
    count: usize,
    policy: Bot,
    seed: u64,
    actions: *mut i64,
    cap: usize,
) -> FfiResult {
    // SAFETY: the caller's promise.
    let list = unsafe { game_list(games, count) }?;
    let out = try_out_slice!(actions, cap, count, "the actions");
    for (i, (g, a)) in list.iter().zip(out.iter_mut()).enumerate() {
        let space = ActionSpace::new(g.rules());
        *a = bot_action(policy, &space, g, batch_seed(seed, i as u64));
    }
    Ok(())
}

/// Chooses one action of the bot `policy` (`MARSAL_POLICY_RANDOM`,
/// `MARSAL_POLICY_CAREFUL` or `MARSAL_POLICY_SEARCH` with the node budget
/// `nodes`, at least 1, ignored by the other policies) for the side to move
/// in each game of `env`, into `actions` (`count` must be the number of
/// games), exactly as `marsal_games_bot_actions_budget` does for the
/// environment's games in order with `seed`: an opponent, or a teacher, for
/// the agent that steps the environment. The games of an environment are
/// never over, so every action is legal. The environment is not changed.
///
/// # Safety
/// `env` must be NULL or a live handle not modified during the call;
/// `actions` NULL or `count` writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_vec_env_bot_actions(
    env: *const MarsalVecEnv,
    policy: u8,
    nodes: u32,
    seed: u64,
    actions: *mut i64,
    count: usize,
) -> MarsalStatus {
    boundary(|| {
        let e = try_idle!(env);
        let policy = policy_bot(policy, nodes)?;
        let games = e.games();
        if count != games.len() {
            return Err(invalid(format!(
                "room for {count} actions for {} games: give one per game",
                games.len()
            )));
        }
        let out = try_out_slice!(actions, count, count, "the actions");
        let space = e.action_space();
        for (i, (g, a)) in games.zip(out.iter_mut()).enumerate() {
            *a = bot_action(policy, space, g, batch_seed(seed, i as u64));
        }
        Ok(())
    })
}
