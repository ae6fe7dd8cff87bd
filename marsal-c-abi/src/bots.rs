//! The built-in bots as batch policies: one action for each of many games,
//! chosen inside the library by `random`, `careful` or `search` (with its
//! node budget), for learning loops that need an opponent.

use crate::actions::{action_of, game_list};
use crate::errors::invalid;
use crate::game::MarsalGame;
use crate::pointers::try_out_slice;
use crate::search::check_nodes;
use crate::status::{Error, FfiResult, MarsalStatus, boundary};
use crate::vec_env::{MarsalVecEnv, try_idle};
use marsal::encoding::ActionSpace;
use marsal::{Game, Rng};
use marsal_host::Bot;

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

/// The action of `bot` in `game` ([`Bot::play_in`]; -1 when the game is
/// over).
fn bot_action(bot: Bot, space: &ActionSpace, game: &Game, rng: &mut Rng, seed: u64) -> i64 {
    action_of(space, game, bot.play_in(game, rng, seed))
}

/// Chooses one action for each of `count` games into `actions[i]` (-1 for a
/// game that is over) with the policy `policy` (`MARSAL_POLICY_RANDOM`,
/// `MARSAL_POLICY_CAREFUL` or `MARSAL_POLICY_SEARCH`), as
/// `marsal_games_bot_actions` does, with `nodes` the search bot's node budget
/// (at least 1; ignored by the other policies). The search's action in
/// `games[i]` is that of `marsal_game_search_move` with `nodes`, 0
/// determinizations (from the budget) and the seed `seed + i` (modulo 2^64),
/// so one game's action is the search move with `seed`; random and careful
/// draw from one
/// generator started from `seed`, game after game. Every bot judges from the
/// side to move's view only. The games are not changed.
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
    let mut rng = Rng::new(seed);
    for (i, (g, a)) in list.iter().zip(out.iter_mut()).enumerate() {
        let space = ActionSpace::new(g.rules());
        *a = bot_action(policy, &space, g, &mut rng, seed.wrapping_add(i as u64));
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
        let mut rng = Rng::new(seed);
        for (i, (g, a)) in games.zip(out.iter_mut()).enumerate() {
            *a = bot_action(policy, space, g, &mut rng, seed.wrapping_add(i as u64));
        }
        Ok(())
    })
}
