//! The search bot's limits, written and checked once for every host: its
//! node budget, its time limit and its determinizations, their defaults and
//! bounds ([`search_config`]). The C library and Python report the errors
//! of these checks as they are.

use marsal::SearchConfig;
use std::fmt;

/// The search bot's default node budget, the one a host gives when it is
/// asked for `search` without a budget (about 10 ms a move on one core).
///
/// ```
/// assert_eq!(marsal_host::DEFAULT_SEARCH_NODES, marsal::SearchConfig::DEFAULT_NODES);
/// ```
pub const DEFAULT_SEARCH_NODES: u32 = SearchConfig::DEFAULT_NODES;

/// The longest time limit a search bot may be given: an hour a move, in
/// milliseconds (every host refuses more).
pub const MAX_SEARCH_TIME_MS: u32 = 3_600_000;

/// The most determinizations a search may be asked for (0 chooses them
/// from the node budget).
pub const MAX_SEARCH_DETERMINIZATIONS: u32 = 1024;

/// A search limit out of its bounds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LimitError {
    /// A node budget of 0 (at least 1 node).
    Nodes,
    /// A time limit over [`MAX_SEARCH_TIME_MS`].
    Time(u32),
    /// More determinizations than [`MAX_SEARCH_DETERMINIZATIONS`].
    Determinizations(u32),
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitError::Nodes => write!(f, "the search budget (nodes) must be at least 1 node"),
            LimitError::Time(ms) => write!(
                f,
                "time_ms must be 0 (no time limit) up to {MAX_SEARCH_TIME_MS}, not {ms}"
            ),
            LimitError::Determinizations(d) => write!(
                f,
                "determinizations must be 0 (chosen from the budget) up to \
                 {MAX_SEARCH_DETERMINIZATIONS}, not {d}"
            ),
        }
    }
}

impl std::error::Error for LimitError {}

/// A node budget: at least 1.
///
/// ```
/// assert!(marsal_host::check_nodes(0).is_err());
/// assert_eq!(marsal_host::check_nodes(5), Ok(5));
/// ```
pub fn check_nodes(nodes: u32) -> Result<u32, LimitError> {
    if nodes == 0 {
        return Err(LimitError::Nodes);
    }
    Ok(nodes)
}

/// The search configuration of a node budget, a number of determinizations
/// (0: from the budget), a seed and a time limit in milliseconds (0: none),
/// each checked against its bounds.
///
/// ```
/// use marsal_host::{LimitError, search_config};
/// let config = search_config(800, 0, 7, 30)?;
/// assert_eq!((config.nodes, config.time_ms, config.seed), (800, 30, 7));
/// assert_eq!(search_config(800, 0, 7, 3_600_001), Err(LimitError::Time(3_600_001)));
/// assert_eq!(search_config(800, 1025, 7, 0), Err(LimitError::Determinizations(1025)));
/// # Ok::<(), LimitError>(())
/// ```
pub fn search_config(
    nodes: u32,
    determinizations: u32,
    seed: u64,
    time_ms: u32,
) -> Result<SearchConfig, LimitError> {
    check_nodes(nodes)?;
    if determinizations > MAX_SEARCH_DETERMINIZATIONS {
        return Err(LimitError::Determinizations(determinizations));
    }
    if time_ms > MAX_SEARCH_TIME_MS {
        return Err(LimitError::Time(time_ms));
    }
    Ok(SearchConfig {
        nodes,
        seed,
        determinizations,
        time_ms,
        ..SearchConfig::default()
    })
}
