//! The search bot over the C ABI (`marsal::search_move`): its configuration
//! (node budget, determinizations, seed), its move in a game (within a time
//! limit too) and what the search cost.

use crate::errors::invalid;
use crate::game::MarsalGame;
use crate::pointers::{try_mut, try_ref, write_opt};
use crate::status::{Error, FfiResult, MarsalStatus, boundary};
use crate::values::{MarsalMove, c_move};
use marsal::{Game, SearchConfig};

/// The search bot's default node budget (`marsal::SearchConfig::DEFAULT_NODES`:
/// about 10 ms a move on one core).
pub const MARSAL_SEARCH_DEFAULT_NODES: u32 = 20_000;
const _: () = assert!(MARSAL_SEARCH_DEFAULT_NODES == SearchConfig::DEFAULT_NODES);

/// The most determinizations a search may be asked for (more is
/// `MARSAL_STATUS_INVALID_ARGUMENT`).
pub const MARSAL_SEARCH_MAX_DETERMINIZATIONS: u32 = 1024;
const _: () =
    assert!(MARSAL_SEARCH_MAX_DETERMINIZATIONS == marsal_host::MAX_SEARCH_DETERMINIZATIONS);

/// The longest time limit `marsal_game_search_move_timed` takes, in
/// milliseconds (an hour).
pub const MARSAL_SEARCH_MAX_TIME_MS: u32 = 3_600_000;
const _: () = assert!(MARSAL_SEARCH_MAX_TIME_MS == marsal_host::MAX_SEARCH_TIME_MS);

/// The search bot's budget and seed (`marsal::SearchConfig`).
/// `marsal_search_config_default` writes the defaults.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarsalSearchConfig {
    /// The node budget of one move (moves made in the search trees, over all
    /// determinizations), at least 1. Every determinization is searched at
    /// least one ply deep, so a very small budget may be exceeded.
    pub nodes: u32,
    /// How many determinizations (complete positions drawn from the side's
    /// view) are searched; 0 chooses from the budget (one for every 2,500
    /// nodes, between 4 and 32); at most `MARSAL_SEARCH_MAX_DETERMINIZATIONS`.
    pub determinizations: u32,
    /// The seed of the determinizations and the tie breaks.
    pub seed: u64,
}

/// The search bot's limits, as the library checks them (the host layer's,
/// written once for every host): `marsal_search_limits` writes them.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarsalSearchLimits {
    /// The default node budget (`MARSAL_SEARCH_DEFAULT_NODES`).
    pub default_nodes: u32,
    /// The most determinizations (`MARSAL_SEARCH_MAX_DETERMINIZATIONS`).
    pub max_determinizations: u32,
    /// The longest time limit in milliseconds (`MARSAL_SEARCH_MAX_TIME_MS`).
    pub max_time_ms: u32,
}

/// What a search cost (`marsal::SearchResult` without its move).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarsalSearchStats {
    /// Nodes searched (moves made in the trees).
    pub nodes: u64,
    /// Determinizations searched (0 when there was a single legal move).
    pub determinizations: u32,
    /// The depth (plies, before the capture-only quiescence) completed in
    /// every determinization.
    pub depth: u32,
}

/// The Rust configuration of `c` with the time limit `time_ms` (the host
/// layer's checks, [`marsal_host::search_config`]), or
/// `MARSAL_STATUS_INVALID_ARGUMENT` naming the bad field.
pub(crate) fn search_config(c: &MarsalSearchConfig, time_ms: u32) -> Result<SearchConfig, Error> {
    marsal_host::search_config(c.nodes, c.determinizations, c.seed, time_ms)
        .map_err(|e| invalid(e.to_string()))
}

/// A node budget is at least 1 (the host layer's check).
pub(crate) fn check_nodes(nodes: u32) -> FfiResult {
    marsal_host::check_nodes(nodes).map_err(|e| invalid(e.to_string()))?;
    Ok(())
}

/// Writes the default search configuration into `*out`: `nodes`
/// `MARSAL_SEARCH_DEFAULT_NODES`, `determinizations` 0 (from the budget),
/// `seed` 0.
///
/// # Safety
/// `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_search_config_default(
    out: *mut MarsalSearchConfig,
) -> MarsalStatus {
    boundary(|| {
        let out = try_mut!(out, "out");
        let d = SearchConfig::default();
        *out = MarsalSearchConfig {
            nodes: d.nodes,
            determinizations: d.determinizations,
            seed: d.seed,
        };
        Ok(())
    })
}

/// Writes the search bot's limits into `*out`: its default node budget,
/// the most determinizations and the longest time limit (in milliseconds)
/// the library accepts; a budget of 0 nodes is refused too. A host that
/// offers the search reads them here rather than writing them again.
///
/// # Safety
/// `out` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_search_limits(out: *mut MarsalSearchLimits) -> MarsalStatus {
    boundary(|| {
        let out = try_mut!(out, "out");
        *out = MarsalSearchLimits {
            default_nodes: marsal_host::DEFAULT_SEARCH_NODES,
            max_determinizations: marsal_host::MAX_SEARCH_DETERMINIZATIONS,
            max_time_ms: marsal_host::MAX_SEARCH_TIME_MS,
        };
        Ok(())
    })
}

/// The search bot's move for the side to move in `game` under `config`.
fn search(game: &Game, config: &SearchConfig) -> marsal::SearchResult {
    marsal::search_game(game, config)
}

/// Writes the search bot's move for the side to move in `game` into `*out`,
/// and what the search cost into `*stats_out` (may be NULL). The bot
/// (perfect-information Monte Carlo: it draws `config->determinizations`
/// complete positions from the side's own view and searches each with
/// alpha-beta within its share of `config->nodes`; its beliefs about the
/// enemy's pieces weigh what the side saw them do over the game's moves)
/// uses only what the side to move knows: two games that differ only in pieces hidden from it give the
/// same move for the same configuration. The move is always one of
/// `marsal_game_legal_moves` (every rule of the ruleset applies), and the same
/// game and configuration always give the same move, on every machine.
///
/// A game that is over is `MARSAL_STATUS_GAME_OVER`; `config->nodes` 0 or too
/// many determinizations `MARSAL_STATUS_INVALID_ARGUMENT`; nothing is written
/// then. The game is not changed (play the move with `marsal_game_play`).
///
/// Thread safety: `game` is only read; searches of distinct games, or of one
/// game from several threads that do not modify it, may run at once.
///
/// # Safety
/// `game` must be NULL or a live handle; `config` NULL or readable; `out` NULL
/// or writable; `stats_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_search_move(
    game: *const MarsalGame,
    config: *const MarsalSearchConfig,
    out: *mut MarsalMove,
    stats_out: *mut MarsalSearchStats,
) -> MarsalStatus {
    // SAFETY: the caller's promise, passed on.
    unsafe { marsal_game_search_move_timed(game, config, 0, out, stats_out) }
}

/// `marsal_game_search_move` with a time limit of `time_ms` milliseconds on
/// top of `config->nodes` (0: none, as `marsal_game_search_move`; at most
/// `MARSAL_SEARCH_MAX_TIME_MS`): the search stops when either is spent. Each
/// determinization gets its share of the time; the system's monotonic clock
/// is read every 256 nodes, also in the first depth, so the limit holds
/// within about 256 nodes (when it runs out before every determinization
/// completed its first depth, those that did decide). Give `config->nodes` as
/// `UINT32_MAX` for a search only the time stops. A timed search depends on
/// the machine's speed and load: the same game and configuration may give
/// another move (the node budget alone is reproducible).
///
/// `time_ms` over `MARSAL_SEARCH_MAX_TIME_MS` is
/// `MARSAL_STATUS_INVALID_ARGUMENT`; otherwise as `marsal_game_search_move`.
///
/// Thread safety: as `marsal_game_search_move`.
///
/// # Safety
/// As `marsal_game_search_move`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_search_move_timed(
    game: *const MarsalGame,
    config: *const MarsalSearchConfig,
    time_ms: u32,
    out: *mut MarsalMove,
    stats_out: *mut MarsalSearchStats,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        let config = search_config(try_ref!(config, "config"), time_ms)?;
        let out = try_mut!(out, "out");
        let found = search(&g.game, &config);
        let mv = found.best.ok_or_else(|| {
            Error::new(
                MarsalStatus::GameOver,
                "the game is over: there is no move to search",
            )
        })?;
        *out = c_move(mv);
        let stats = MarsalSearchStats {
            nodes: found.nodes,
            determinizations: found.determinizations,
            depth: found.depth,
        };
        write_opt!(stats_out, stats);
        Ok(())
    })
}
