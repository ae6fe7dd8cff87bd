//! The search bot's configuration ([`SearchConfig`], [`SearchMethod`]) and
//! what a search returns ([`SearchResult`]).

use crate::referee::moves::Move;

/// The search bot's budget and seed.
///
/// ```
/// let c = marsal::SearchConfig::default();
/// assert_eq!(c.nodes, marsal::SearchConfig::DEFAULT_NODES);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchConfig {
    /// The node budget of one move (moves made in the search trees, over all
    /// determinizations). Every determinization is searched at least one ply
    /// deep, so a very small budget may be exceeded.
    pub nodes: u32,
    /// The seed of the determinizations and the tie breaks.
    pub seed: u64,
    /// How many determinizations; 0 chooses from the budget (one for every
    /// 2,500 nodes, between 4 and 32; the tree search, 32, each used by
    /// every 32nd iteration, and at most 1,024).
    pub determinizations: u32,
    /// A time limit for the move, in milliseconds, on top of the node
    /// budget; 0 for none. It needs a clock: [`search_position`](super::search_position) and the
    /// functions built on it read the system's (feature `std`; without it
    /// the limit is ignored), [`search_position_with_clock`](super::search_position_with_clock) one the caller
    /// gives. Each determinization gets its share of the time, and the
    /// first depth of each has the move's time: when it runs out before
    /// every determinization completed its first depth, those that did
    /// decide (when none did, the root moves the first one completed). A
    /// timed search depends on the machine's speed: for reproducible play,
    /// use the node budget alone.
    pub time_ms: u32,
    /// How it searches: alpha-beta over each of a few determinizations
    /// (the default), or one tree over many. (A configuration serialized
    /// without it reads as the default.)
    #[cfg_attr(feature = "serde", serde(default))]
    pub method: SearchMethod,
}

/// How the search bot searches ([`SearchConfig::method`]). Measured against
/// the 2012 winner of the UCC competition (docs/log/2026-12-strength-experiments.md): the same at
/// 200,000 nodes a move, the tree weaker at 20,000 and no stronger than the
/// default head to head at 200,000, and it makes about half the nodes a
/// second; so the default stays the determinized search.
///
/// ```
/// use marsal::{SearchConfig, SearchMethod};
/// assert_eq!(SearchConfig::default().method, SearchMethod::Determinized);
/// let tree = SearchConfig::default().with_nodes(200_000).with_method(SearchMethod::Tree);
/// assert_eq!(tree.method, SearchMethod::Tree);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SearchMethod {
    /// Perfect-information Monte Carlo: each of a few determinizations
    /// searched with iterative-deepening alpha-beta, the root moves' scores
    /// summed (the [module documentation](crate::search)). Allocates
    /// nothing.
    #[default]
    Determinized,
    /// Information-set Monte Carlo tree search: one tree of moves over many
    /// determinizations, each iteration walking it in the next one, the
    /// leaves scored by the same quiescence and fight horizon. Needs the
    /// `alloc` feature (the tree is allocated once a move, at most about
    /// 100 MB); without it, the determinized search.
    Tree,
}

impl SearchConfig {
    /// The default node budget: about 10 ms a move on one core of a 2020s
    /// machine.
    pub const DEFAULT_NODES: u32 = 20_000;

    /// This configuration with `nodes` as its budget.
    ///
    /// ```
    /// assert_eq!(marsal::SearchConfig::default().with_nodes(5).nodes, 5);
    /// ```
    #[must_use]
    pub const fn with_nodes(mut self, nodes: u32) -> SearchConfig {
        self.nodes = nodes;
        self
    }

    /// This configuration with `seed` as its seed.
    ///
    /// ```
    /// assert_eq!(marsal::SearchConfig::default().with_seed(5).seed, 5);
    /// ```
    #[must_use]
    pub const fn with_seed(mut self, seed: u64) -> SearchConfig {
        self.seed = seed;
        self
    }

    /// This configuration with a time limit of `ms` milliseconds a move (0:
    /// none) and no node budget of its own (see [`SearchConfig::time_ms`]).
    ///
    /// ```
    /// let c = marsal::SearchConfig::default().with_time(250);
    /// assert_eq!((c.time_ms, c.nodes), (250, u32::MAX));
    /// ```
    #[must_use]
    pub const fn with_time(mut self, ms: u32) -> SearchConfig {
        self.time_ms = ms;
        self.nodes = u32::MAX;
        self
    }

    /// This configuration searching by `method`.
    ///
    /// ```
    /// use marsal::{SearchConfig, SearchMethod};
    /// let c = SearchConfig::default().with_method(SearchMethod::Tree);
    /// assert_eq!(c.method, SearchMethod::Tree);
    /// ```
    #[must_use]
    pub const fn with_method(mut self, method: SearchMethod) -> SearchConfig {
        self.method = method;
        self
    }

    /// The determinizations a move uses.
    pub(super) fn samples(&self) -> u32 {
        match self.determinizations {
            0 => (self.nodes / 2_500).clamp(4, 32),
            n => n,
        }
    }
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            nodes: SearchConfig::DEFAULT_NODES,
            seed: 0,
            determinizations: 0,
            time_ms: 0,
            method: SearchMethod::Determinized,
        }
    }
}

/// What a search found and what it cost.
///
/// ```
/// use marsal::{Position, Ruleset, SearchConfig, search_position};
/// let pos = Position::start(&Ruleset::barrage(), 1, 2)?;
/// let found = search_position(&pos, &pos.legal_moves(), &SearchConfig::default().with_nodes(1_000));
/// assert!(found.best.is_some());
/// assert!(found.nodes > 0);
/// # Ok::<(), marsal::PositionError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SearchResult {
    /// The move chosen (`None` when there was none to choose).
    pub best: Option<Move>,
    /// Nodes searched.
    pub nodes: u64,
    /// Determinizations searched.
    pub determinizations: u32,
    /// The deepest depth (plies, before the quiescence) completed in every
    /// determinization searched (0 when the time ran out before the first
    /// one completed its first depth); the tree search
    /// ([`SearchMethod::Tree`]): the deepest its tree reached.
    pub depth: u32,
}
