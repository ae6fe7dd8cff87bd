//! A game's moves as the actions of an action space and back, checked, and
//! the checked list of games one batch call of actions or observations takes
//! (they share one action space).

use crate::errors::{invalid, move_error};
use crate::game::MarsalGame;
use crate::pointers::{null, try_slice};
use crate::status::Error;
use marsal::encoding::ActionSpace;
use marsal::{Game, Move, Rng};
/// The games of a `games` array as references, checked for NULL (the message
/// names the index), all of one board size and diagonal rule as `games[0]`.
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live handle.
pub(crate) unsafe fn game_list<'a>(
    games: *const *const MarsalGame,
    count: usize,
) -> Result<Vec<&'a Game>, Error> {
    // SAFETY: the caller's promise, passed on.
    let list = unsafe { game_refs(games, count) }?;
    let key = |g: &Game| {
        let r = g.rules();
        (r.board.files, r.board.ranks, r.diagonal_steps)
    };
    if let Some(first) = list.first() {
        let k = key(first);
        if let Some(i) = list.iter().position(|g| key(g) != k) {
            return Err(invalid(format!(
                "games[{i}] has another board size or diagonal rule than games[0]: \
                 the games of one call must share their action and observation spaces"
            )));
        }
    }
    Ok(list)
}

/// The games of a `games` array as references, each pointer checked for NULL
/// (the message names the index).
///
/// # Safety
/// `games` must be NULL or point to `count` readable pointers, each NULL or a
/// live handle.
pub(crate) unsafe fn game_refs<'a>(
    games: *const *const MarsalGame,
    count: usize,
) -> Result<Vec<&'a Game>, Error> {
    let handles = try_slice!(games, count, "games");
    let mut list = Vec::with_capacity(handles.len());
    for (i, &p) in handles.iter().enumerate() {
        // SAFETY: the caller's promise (NULL or a live handle).
        let g = unsafe { p.as_ref() }.ok_or_else(|| null(&format!("games[{i}]")))?;
        list.push(&g.game);
    }
    Ok(list)
}

/// Writes the legal-action mask of `game` (side to move) into `mask`; returns
/// the number of legal actions.
pub(crate) fn game_mask(space: &ActionSpace, game: &Game, mask: &mut [u8]) -> usize {
    space.write_game_mask(game, mask)
}

/// The action of `mv` in `game` (the side to move's frame), or -1 for no
/// move (the game is over).
pub(crate) fn action_of(space: &ActionSpace, game: &Game, mv: Option<Move>) -> i64 {
    mv.and_then(|mv| space.encode(game.position().to_move(), mv))
        .map_or(-1, |a| a as i64)
}

/// A uniformly drawn legal action of `game` ([`marsal_host::random_move`]),
/// or -1 when it is over.
pub(crate) fn random_action(space: &ActionSpace, game: &Game, rng: &mut Rng) -> i64 {
    action_of(space, game, marsal_host::random_move(game, rng))
}

/// The move of `action` in `game` (the side to move's frame), checked legal.
/// `index` names the action in messages (`actions[index]`), `None` for "action".
pub(crate) fn action_move(
    space: &ActionSpace,
    game: &Game,
    action: i64,
    index: Option<usize>,
) -> Result<Move, Error> {
    let what = || index.map_or_else(|| "action".to_string(), |i| format!("actions[{i}]"));
    let side = game.position().to_move();
    let mv = usize::try_from(action)
        .ok()
        .and_then(|a| space.decode(side, a))
        .ok_or_else(|| {
            invalid(format!(
                "{}: {action} is not an action of this ruleset (0..{})",
                what(),
                space.size()
            ))
        })?;
    game.check_move(mv).map_err(|e| {
        let e = move_error(e);
        Error::new(
            e.status,
            format!("{} ({action}, {mv}): {}", what(), e.message),
        )
    })?;
    Ok(mv)
}
