//! The built-in bots, by name: the roster every host offers (`random`,
//! `careful`, `search`, and the search with a budget: `search:N` or
//! `search:nodes=N` for N nodes a move, `search:time=MS` for MS milliseconds
//! a move, `search:nodes=N,time=MS` for whichever ends first), their budgets,
//! and how each picks a move. Every bot decides from its side's [`View`] and
//! the legal moves (the search determinizes what the view hides), never from
//! the referee's hidden state.

use crate::limits::{DEFAULT_SEARCH_NODES, MAX_SEARCH_TIME_MS};
use marsal::{
    Move, Position, Rng, Ruleset, SearchConfig, SearchMethod, Setup, Side, View, careful_move,
    search_position_with_clock, search_view,
};
use std::fmt;

/// The share of a move time a referee announces (`limit_ms`, e.g. the marsal
/// protocol's `time MS`) that the search bot takes when told to use it: half
/// of it, less 50 ms for the pipes and the referee's own work, at least 1 ms
/// and at most [`MAX_SEARCH_TIME_MS`]. Half, because the search overruns its
/// limit a little (the clock is read every 256 nodes) and a loaded machine
/// may deschedule the process; a timeout loses the game.
///
/// ```
/// assert_eq!(marsal_host::move_time_share(2_000), 950);
/// assert_eq!(marsal_host::move_time_share(60), 1);
/// ```
pub fn move_time_share(limit_ms: u32) -> u32 {
    (limit_ms / 2)
        .saturating_sub(50)
        .clamp(1, MAX_SEARCH_TIME_MS)
}

/// A built-in bot.
///
/// ```
/// use marsal_host::Bot;
/// assert_eq!(Bot::parse("careful"), Ok(Bot::Careful));
/// assert_eq!(Bot::parse("search:500"), Ok(Bot::Search { nodes: 500, time_ms: 0, method: marsal::SearchMethod::Determinized }));
/// assert_eq!(Bot::parse("search:time=20"), Ok(Bot::Search { nodes: u32::MAX, time_ms: 20, method: marsal::SearchMethod::Determinized }));
/// assert_eq!(Bot::parse("search").map(Bot::name), Ok("search"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Bot {
    /// Moves uniformly at random among the legal moves.
    Random,
    /// The careful bot ([`marsal::careful_move`]): a capture it knows it wins
    /// (the Flag first), else a random move that is not an attack it knows it
    /// loses or trades.
    Careful,
    /// The search bot ([`marsal::search`]): determinizations of its view
    /// searched with alpha-beta (or one tree over them, by `method`),
    /// `nodes` a move, and `time_ms` a move when it is not 0 (whichever ends
    /// first). Its setup is [`Setup::sensible`].
    Search {
        /// The node budget of a move (at least 1; `u32::MAX` when only the
        /// time limits it).
        nodes: u32,
        /// The time limit of a move in milliseconds, 0 for none (up to
        /// [`MAX_SEARCH_TIME_MS`]). A timed search depends on the machine's
        /// speed; the node budget alone plays the same moves everywhere.
        time_ms: u32,
        /// How it searches ([`SearchMethod`]; `search:…,method=tree` for
        /// the tree).
        method: SearchMethod,
    },
}

/// Every built-in bot by name, in the order hosts list them (the search bot
/// with [`DEFAULT_SEARCH_NODES`]). A new bot is one line here.
pub const BOTS: [(&str, Bot); 3] = [
    ("random", Bot::Random),
    ("careful", Bot::Careful),
    (
        "search",
        Bot::Search {
            nodes: DEFAULT_SEARCH_NODES,
            time_ms: 0,
            method: SearchMethod::Determinized,
        },
    ),
];

/// A bot name that names no built-in bot, or a search budget that is no
/// number in range.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BotError {
    /// No built-in bot has this name.
    Unknown {
        /// The name asked for.
        name: String,
    },
    /// `search:N` or `search:nodes=N` with N not a number from 1 to `max`.
    Budget {
        /// The name asked for.
        name: String,
        /// The largest budget the host accepts.
        max: u32,
    },
    /// `search:time=MS` with MS not a number from 1 to
    /// [`MAX_SEARCH_TIME_MS`].
    Time {
        /// The name asked for.
        name: String,
    },
    /// A search budget that is neither `N` nor a list of `nodes=N`,
    /// `time=MS` and `method=tree` or `method=determinized`, each at most
    /// once.
    Syntax {
        /// The name asked for.
        name: String,
    },
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Unknown { name } => {
                let names: Vec<&str> = Bot::names().collect();
                write!(f, "unknown bot {name:?} (the bots: {})", names.join(", "))
            }
            BotError::Budget { name, max } => write!(
                f,
                "bot {name:?}: the search budget must be a number from 1 to {max}"
            ),
            BotError::Time { name } => write!(
                f,
                "bot {name:?}: the search time must be a number of milliseconds from 1 to \
                 {MAX_SEARCH_TIME_MS}"
            ),
            BotError::Syntax { name } => write!(
                f,
                "bot {name:?}: a search budget is search:N (nodes), or search:nodes=N, \
                 search:time=MS or search:nodes=N,time=MS, each list with method=tree or \
                 method=determinized if wanted"
            ),
        }
    }
}

impl std::error::Error for BotError {}

impl Bot {
    /// The bot named `name` in [`BOTS`], or the search bot with a budget:
    /// `search:N` or `search:nodes=N` (N nodes a move, N from 1 to
    /// 2^32 - 1), `search:time=MS` (MS milliseconds a move, from 1 to
    /// [`MAX_SEARCH_TIME_MS`], with no node budget), or
    /// `search:nodes=N,time=MS` (in either order: whichever ends first);
    /// `method=tree` in the list searches with the tree
    /// ([`SearchMethod::Tree`]; `method=determinized`, the default).
    ///
    /// ```
    /// use marsal_host::{Bot, BotError};
    /// assert!(matches!(Bot::parse("clever"), Err(BotError::Unknown { .. })));
    /// assert!(matches!(Bot::parse("search:0"), Err(BotError::Budget { .. })));
    /// assert!(matches!(Bot::parse("search:time=0"), Err(BotError::Time { .. })));
    /// assert_eq!(
    ///     Bot::parse("search:time=50,nodes=9000"),
    ///     Ok(Bot::Search { nodes: 9000, time_ms: 50, method: marsal::SearchMethod::Determinized })
    /// );
    /// ```
    pub fn parse(name: &str) -> Result<Bot, BotError> {
        Bot::parse_within(name, u32::MAX)
    }

    /// [`Bot::parse`] with at most `max_nodes` for a node budget (a host
    /// that must answer in time bounds the budget; a time limit is bounded
    /// by [`MAX_SEARCH_TIME_MS`] everywhere).
    ///
    /// ```
    /// use marsal_host::Bot;
    /// assert!(Bot::parse_within("search:2000", 1000).is_err());
    /// assert!(Bot::parse_within("search:time=20", 1000).is_ok());
    /// ```
    pub fn parse_within(name: &str, max_nodes: u32) -> Result<Bot, BotError> {
        match name.strip_prefix("search:") {
            Some(budget) => parse_budget(name, budget, max_nodes),
            None => BOTS
                .iter()
                .find(|(n, _)| *n == name)
                .map(|&(_, b)| b)
                .ok_or_else(|| BotError::Unknown {
                    name: name.to_string(),
                }),
        }
    }

    /// [`Bot::parse`], `None` for an error.
    ///
    /// ```
    /// assert_eq!(marsal_host::Bot::from_name("random"), Some(marsal_host::Bot::Random));
    /// ```
    pub fn from_name(name: &str) -> Option<Bot> {
        Bot::parse(name).ok()
    }

    /// The names of every built-in bot, in [`BOTS`] order.
    ///
    /// ```
    /// let names: Vec<_> = marsal_host::Bot::names().collect();
    /// assert_eq!(names, ["random", "careful", "search"]);
    /// ```
    pub fn names() -> impl Iterator<Item = &'static str> {
        BOTS.iter().map(|&(n, _)| n)
    }

    /// Its name in [`BOTS`] (the search bot's whatever its budget).
    ///
    /// ```
    /// assert_eq!(marsal_host::Bot::Search { nodes: 7, time_ms: 0, method: marsal::SearchMethod::Determinized }.name(), "search");
    /// ```
    pub fn name(self) -> &'static str {
        BOTS.iter()
            .find(|&&(_, b)| core::mem::discriminant(&b) == core::mem::discriminant(&self))
            .map_or("builtin", |&(n, _)| n)
    }

    /// This bot with `nodes` as its node budget, when it is a search bot
    /// and `nodes` is given (its time limit, if any, stays).
    ///
    /// ```
    /// use marsal_host::Bot;
    /// let search = Bot::parse("search").unwrap();
    /// assert_eq!(search.with_nodes(Some(9)), Bot::Search { nodes: 9, time_ms: 0, method: marsal::SearchMethod::Determinized });
    /// assert_eq!(Bot::Careful.with_nodes(Some(9)), Bot::Careful);
    /// ```
    #[must_use]
    pub fn with_nodes(self, nodes: Option<u32>) -> Bot {
        match (self, nodes) {
            (
                Bot::Search {
                    time_ms, method, ..
                },
                Some(nodes),
            ) => Bot::Search {
                nodes,
                time_ms,
                method,
            },
            _ => self,
        }
    }

    /// This bot with a time limit of `ms` milliseconds a move and no node
    /// budget (as [`SearchConfig::with_time`]), when it is a search bot and
    /// `ms` is given; [`Bot::with_nodes`] afterwards adds a node budget back.
    ///
    /// ```
    /// use marsal_host::Bot;
    /// let search = Bot::parse("search").unwrap();
    /// assert_eq!(search.with_time(Some(20)), Bot::Search { nodes: u32::MAX, time_ms: 20, method: marsal::SearchMethod::Determinized });
    /// assert_eq!(
    ///     search.with_time(Some(20)).with_nodes(Some(500)),
    ///     Bot::Search { nodes: 500, time_ms: 20, method: marsal::SearchMethod::Determinized }
    /// );
    /// assert_eq!(Bot::Random.with_time(Some(20)), Bot::Random);
    /// ```
    #[must_use]
    pub fn with_time(self, ms: Option<u32>) -> Bot {
        match (self, ms) {
            (Bot::Search { method, .. }, Some(time_ms)) => Bot::Search {
                nodes: u32::MAX,
                time_ms,
                method,
            },
            _ => self,
        }
    }

    /// The search bot's configuration seeded with `seed` (its node budget
    /// and time limit); `None` for the other bots.
    ///
    /// ```
    /// use marsal_host::Bot;
    /// let config = Bot::parse("search:nodes=800,time=30").unwrap().search_config(7).unwrap();
    /// assert_eq!((config.nodes, config.time_ms, config.seed), (800, 30, 7));
    /// assert_eq!(Bot::Careful.search_config(7), None);
    /// ```
    pub fn search_config(self, seed: u64) -> Option<SearchConfig> {
        match self {
            Bot::Search {
                nodes,
                time_ms,
                method,
            } => Some(SearchConfig {
                time_ms,
                method,
                ..SearchConfig::default().with_nodes(nodes).with_seed(seed)
            }),
            _ => None,
        }
    }

    /// Its setup for `side`: the search bot's [`Setup::sensible`] drawn with
    /// `seed`, the others' `example` (the one a referee offers).
    ///
    /// ```
    /// use marsal::{Ruleset, Setup, Side};
    /// let rules = Ruleset::classic();
    /// let example = Setup::random(&rules, Side::Red, 1);
    /// assert_eq!(marsal_host::Bot::Random.setup(&rules, Side::Red, 2, &example), example);
    /// ```
    pub fn setup(self, rules: &Ruleset, side: Side, seed: u64, example: &Setup) -> Setup {
        match self {
            Bot::Search { .. } => Setup::sensible(rules, side, seed),
            _ => *example,
        }
    }

    /// Its choice among `moves` (the legal moves a referee gave) for the side
    /// whose `view` it is, as a bot told only that is: the search starts
    /// from the view ([`search_view`]) seeded with `rng.next_u64()`, its
    /// time limit (if any) read from the system's clock. `None` when `moves`
    /// is empty.
    ///
    /// ```
    /// use marsal::{Position, Rng, Ruleset, Side};
    /// let rules = Ruleset::barrage();
    /// let pos = Position::start(&rules, 1, 2)?;
    /// let moves = pos.legal_moves();
    /// let mv = marsal_host::Bot::Careful.choose(&rules, &pos.view(Side::Red), &moves, &mut Rng::new(3));
    /// assert!(moves.contains(&mv.unwrap()));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn choose(
        self,
        rules: &Ruleset,
        view: &View,
        moves: &[Move],
        rng: &mut Rng,
    ) -> Option<Move> {
        self.choose_with_clock(rules, view, moves, rng, &mut system_clock())
    }

    /// [`Bot::choose`] with the search's time limit read from `clock`: the
    /// microseconds elapsed since any fixed moment (a host without the
    /// system's clock, such as WebAssembly in a page, gives its own). The
    /// clock is read only by a search bot with a time limit.
    ///
    /// ```
    /// use marsal::{Position, Rng, Ruleset, Side};
    /// use marsal_host::Bot;
    /// let rules = Ruleset::classic();
    /// let pos = Position::start(&rules, 1, 2)?;
    /// let moves = pos.legal_moves();
    /// // A clock that advances a millisecond each time it is read.
    /// let (mut t, mut reads) = (0, 0);
    /// let mut clock = || { t += 1_000; reads += 1; t };
    /// let bot = Bot::parse("search:time=20").unwrap();
    /// let mv = bot.choose_with_clock(&rules, &pos.view(Side::Red), &moves, &mut Rng::new(3), &mut clock);
    /// assert!(moves.contains(&mv.unwrap()));
    /// assert!(reads > 0);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn choose_with_clock(
        self,
        rules: &Ruleset,
        view: &View,
        moves: &[Move],
        rng: &mut Rng,
        clock: &mut dyn FnMut() -> u64,
    ) -> Option<Move> {
        self.choose_seen(rules, view, moves, rng, None, clock)
    }

    /// [`Bot::choose_with_clock`] for a bot that kept what it saw the enemy's
    /// pieces do ([`marsal::Behaviour`], from the game's observations): the
    /// search bot's beliefs weigh it.
    ///
    /// ```
    /// use marsal::{Behaviour, Position, Rng, Ruleset, Side};
    /// let rules = Ruleset::classic();
    /// let pos = Position::start(&rules, 1, 2)?;
    /// let moves = pos.legal_moves();
    /// let seen = Behaviour::new(Side::Red);
    /// let bot = marsal_host::Bot::parse("search:2000").unwrap();
    /// let mv = bot.choose_seen(&rules, &pos.view(Side::Red), &moves, &mut Rng::new(3), Some(&seen), &mut || 0);
    /// assert!(moves.contains(&mv.unwrap()));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn choose_seen(
        self,
        rules: &Ruleset,
        view: &View,
        moves: &[Move],
        rng: &mut Rng,
        seen: Option<&marsal::Behaviour>,
        clock: &mut dyn FnMut() -> u64,
    ) -> Option<Move> {
        match self {
            Bot::Random => match moves.len() {
                0 => None,
                n => Some(moves[rng.below(n as u32) as usize]),
            },
            Bot::Careful => careful_move(rules, |sq| view.at(sq), moves, rng),
            Bot::Search { .. } => {
                let config = self.search_config(rng.next_u64())?;
                match Position::from_view(rules, view) {
                    Some(pos) if pos.to_move() == view.side() => match seen {
                        Some(seen) => {
                            marsal::search_position_seen(&pos, moves, &config, seen, clock).best
                        }
                        None => search_position_with_clock(&pos, moves, &config, clock).best,
                    },
                    // What the core's search does with a view it cannot
                    // search (no clock needed).
                    _ => search_view(rules, view, moves, &config),
                }
            }
        }
    }
}

/// The system's clock in microseconds since its first reading (started
/// lazily: a search without a time limit never reads it, and a target
/// without a system clock never starts it then).
pub(crate) fn system_clock() -> impl FnMut() -> u64 {
    let mut start = None;
    move || {
        let start = *start.get_or_insert_with(std::time::Instant::now);
        u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX)
    }
}

/// The search bot of `search:BUDGET` (the `name` asked for).
fn parse_budget(name: &str, budget: &str, max_nodes: u32) -> Result<Bot, BotError> {
    let nodes_error = || BotError::Budget {
        name: name.to_string(),
        max: max_nodes,
    };
    let read_nodes = |n: &str| {
        n.parse::<u32>()
            .ok()
            .filter(|n| (1..=max_nodes).contains(n))
            .ok_or_else(nodes_error)
    };
    if !budget.contains('=') {
        return Ok(Bot::Search {
            nodes: read_nodes(budget)?,
            time_ms: 0,
            method: SearchMethod::Determinized,
        });
    }
    let (mut nodes, mut time, mut method) = (None, None, None);
    for part in budget.split(',') {
        let syntax = || BotError::Syntax {
            name: name.to_string(),
        };
        match part.split_once('=').ok_or_else(syntax)? {
            ("nodes", n) if nodes.is_none() => nodes = Some(read_nodes(n)?),
            ("method", "tree") if method.is_none() => method = Some(SearchMethod::Tree),
            ("method", "determinized") if method.is_none() => {
                method = Some(SearchMethod::Determinized);
            }
            ("time", ms) if time.is_none() => {
                time = Some(
                    ms.parse::<u32>()
                        .ok()
                        .filter(|ms| (1..=MAX_SEARCH_TIME_MS).contains(ms))
                        .ok_or_else(|| BotError::Time {
                            name: name.to_string(),
                        })?,
                );
            }
            _ => return Err(syntax()),
        }
    }
    Ok(Bot::Search {
        nodes: nodes.unwrap_or(if time.is_some() {
            u32::MAX
        } else {
            DEFAULT_SEARCH_NODES
        }),
        time_ms: time.unwrap_or(0),
        method: method.unwrap_or_default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use marsal::{Game, Position};

    fn game() -> Game {
        let rules = Ruleset::barrage();
        Game::from_position(Position::start(&rules, 1, 2).expect("a start"))
    }

    #[test]
    fn every_bot_plays_a_legal_move_in_a_game_until_it_ends() {
        for name in ["random", "careful", "search:300"] {
            let bot = Bot::parse(name).expect("a bot");
            let mut g = game();
            while let Some(mv) = bot.move_at(&g, 9) {
                assert!(g.is_legal(mv), "{name} chose {mv}");
                g.play(mv).expect("legal");
            }
            assert!(g.status().is_over(), "{name}");
        }
    }

    #[test]
    fn every_bot_chooses_among_the_moves_it_is_given_from_its_view() {
        let g = game();
        let side = g.position().to_move();
        let moves = g.legal_moves();
        for (name, bot) in BOTS {
            let bot = bot.with_nodes(Some(300));
            let mv = bot.choose(g.rules(), &g.view(side), &moves, &mut Rng::new(1));
            assert!(moves.contains(&mv.expect("a move")), "{name}");
            assert_eq!(
                bot.choose(g.rules(), &g.view(side), &[], &mut Rng::new(1)),
                None
            );
        }
    }

    #[test]
    fn an_unknown_bot_or_a_bad_budget_is_refused_with_the_names() {
        let err = Bot::parse("clever").unwrap_err().to_string();
        assert!(err.contains("random, careful, search"), "{err}");
        for bad in ["search:", "search:0", "search:x", "search:99999999999"] {
            let err = Bot::parse(bad).unwrap_err().to_string();
            assert!(err.contains("search budget"), "{err}");
        }
        assert!(Bot::parse_within("search:11", 10).is_err());
        assert_eq!(
            Bot::parse_within("search:10", 10),
            Ok(Bot::Search {
                nodes: 10,
                time_ms: 0,
                method: SearchMethod::Determinized,
            })
        );
    }

    #[test]
    fn a_bot_is_found_by_its_name_and_an_unknown_name_finds_none() {
        assert_eq!(Bot::from_name("careful"), Some(Bot::Careful));
        assert_eq!(
            Bot::from_name("search:nodes=40"),
            Some(Bot::Search {
                nodes: 40,
                time_ms: 0,
                method: SearchMethod::Determinized,
            })
        );
        assert_eq!(Bot::from_name("clever"), None);
    }

    #[test]
    fn a_budget_given_after_the_name_changes_the_search_bot_only() {
        let search = Bot::Search {
            nodes: 100,
            time_ms: 30,
            method: SearchMethod::Determinized,
        };
        assert_eq!(
            search.with_nodes(Some(9)),
            Bot::Search {
                nodes: 9,
                time_ms: 30,
                method: SearchMethod::Determinized,
            }
        );
        assert_eq!(search.with_nodes(None), search);
        assert_eq!(
            search.with_time(Some(20)),
            Bot::Search {
                nodes: u32::MAX,
                time_ms: 20,
                method: SearchMethod::Determinized,
            }
        );
        assert_eq!(search.with_time(None), search);
        for other in [Bot::Random, Bot::Careful] {
            assert_eq!(other.with_nodes(Some(9)).with_time(Some(20)), other);
        }
    }

    #[test]
    fn a_search_bot_told_the_view_of_the_side_not_to_move_plays_as_the_cores_search_view() {
        // Blue is to move; the view is Red's, and the moves Red had at the
        // start: the search cannot start from that view, so the bot plays
        // what the core's `search_view` plays for it (the careful choice).
        let mut g = game();
        let red_moves = g.legal_moves();
        let mv = g.legal_moves()[0];
        g.play(mv).expect("legal");
        let view = g.view(Side::Red);
        let bot = Bot::Search {
            nodes: 300,
            time_ms: 0,
            method: SearchMethod::Determinized,
        };
        for seed in 0..8 {
            let mut rng = Rng::new(seed);
            let config = bot
                .search_config(Rng::new(seed).next_u64())
                .expect("search");
            assert_eq!(
                bot.choose(g.rules(), &view, &red_moves, &mut rng),
                marsal::search_view(g.rules(), &view, &red_moves, &config),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn the_search_bot_of_the_roster_has_the_default_budget() {
        assert_eq!(
            Bot::parse("search"),
            Ok(Bot::Search {
                nodes: SearchConfig::DEFAULT_NODES,
                time_ms: 0,
                method: SearchMethod::Determinized,
            })
        );
        assert_eq!(
            Bot::Search {
                nodes: 1,
                time_ms: 0,
                method: SearchMethod::Determinized,
            }
            .name(),
            "search"
        );
        assert_eq!(Bot::Careful.name(), "careful");
    }

    #[test]
    fn only_the_search_bot_plays_the_sensible_setup() {
        let rules = Ruleset::classic();
        let example = Setup::random(&rules, Side::Blue, 4);
        assert_eq!(Bot::Careful.setup(&rules, Side::Blue, 3, &example), example);
        assert_eq!(
            Bot::Search {
                nodes: 5,
                time_ms: 0,
                method: SearchMethod::Determinized,
            }
            .setup(&rules, Side::Blue, 3, &example),
            Setup::sensible(&rules, Side::Blue, 3)
        );
    }

    #[test]
    fn a_search_bot_searches_with_the_tree_when_its_name_says_so() {
        let tree = Bot::parse("search:nodes=700,method=tree").expect("a bot");
        assert_eq!(
            tree,
            Bot::Search {
                nodes: 700,
                time_ms: 0,
                method: SearchMethod::Tree,
            }
        );
        let config = tree.search_config(3).expect("search");
        assert_eq!((config.method, config.nodes), (SearchMethod::Tree, 700));
        // The budget given after the name keeps the method.
        assert_eq!(
            tree.with_time(Some(20)).search_config(3).map(|c| c.method),
            Some(SearchMethod::Tree)
        );
        assert_eq!(
            Bot::parse("search:method=tree,time=30"),
            Ok(Bot::Search {
                nodes: u32::MAX,
                time_ms: 30,
                method: SearchMethod::Tree,
            })
        );
        assert_eq!(
            Bot::parse("search:nodes=700,method=determinized"),
            Bot::parse("search:700")
        );
        for bad in [
            "search:nodes=700,method=mcts",
            "search:method=tree,method=tree",
            "search:method=",
        ] {
            let err = Bot::parse(bad).unwrap_err().to_string();
            assert!(err.contains("method=tree"), "{bad}: {err}");
        }
        // It plays legal moves to the end of a game.
        let bot = Bot::parse("search:nodes=300,method=tree").expect("a bot");
        let mut g = game();
        for _ in 0..40 {
            let Some(mv) = bot.move_at(&g, 9) else {
                break;
            };
            assert!(g.is_legal(mv), "{mv}");
            g.play(mv).expect("legal");
        }
    }

    #[test]
    fn a_search_budget_is_nodes_a_time_or_both() {
        let search = |nodes, time_ms| {
            Ok(Bot::Search {
                nodes,
                time_ms,
                method: SearchMethod::Determinized,
            })
        };
        assert_eq!(Bot::parse("search:nodes=700"), search(700, 0));
        assert_eq!(Bot::parse("search:time=25"), search(u32::MAX, 25));
        assert_eq!(Bot::parse("search:nodes=700,time=25"), search(700, 25));
        assert_eq!(Bot::parse("search:time=25,nodes=700"), search(700, 25));
        assert_eq!(
            Bot::parse(&format!("search:time={MAX_SEARCH_TIME_MS}")),
            search(u32::MAX, MAX_SEARCH_TIME_MS)
        );
        for bad in [
            "search:time=0",
            "search:time=-1",
            "search:time=3600001",
            "search:time=",
        ] {
            let err = Bot::parse(bad).unwrap_err().to_string();
            assert!(err.contains("search time"), "{bad}: {err}");
        }
        for bad in ["search:nodes=0", "search:nodes=x"] {
            assert!(
                matches!(Bot::parse(bad), Err(BotError::Budget { .. })),
                "{bad}"
            );
        }
        for bad in [
            "search:speed=3",
            "search:time=5,time=6",
            "search:nodes=5,nodes=6",
            "search:time=5,",
        ] {
            let err = Bot::parse(bad).unwrap_err().to_string();
            assert!(err.contains("search:nodes=N,time=MS"), "{bad}: {err}");
        }
        assert!(Bot::parse_within("search:nodes=11,time=5", 10).is_err());
    }

    /// A clock that advances a millisecond each time it is read, and how
    /// often it was read.
    fn ticking(reads: &mut u64) -> impl FnMut() -> u64 + '_ {
        move || {
            *reads += 1;
            *reads * 1_000
        }
    }

    #[test]
    fn a_timed_search_bot_stops_when_its_clock_says_the_time_is_spent() {
        let rules = Ruleset::classic();
        let g = Game::from_position(Position::start(&rules, 1, 2).expect("a start"));
        let side = g.position().to_move();
        let moves = g.legal_moves();
        // A node budget only the time can stop in a test's patience: were
        // the time ignored, the clock would never be read.
        let bot = Bot::parse("search:nodes=4000000000,time=20").expect("a bot");
        let mut reads = 0;
        let mv = bot.choose_with_clock(
            &rules,
            &g.view(side),
            &moves,
            &mut Rng::new(1),
            &mut ticking(&mut reads),
        );
        assert!(moves.contains(&mv.expect("a move")));
        // 20 reads spend the time; each of the 32 determinizations reads it
        // at least once more at its end.
        assert!((20..200).contains(&reads), "{reads} reads");
        let mut reads = 0;
        let mv = bot.move_at_with_clock(&g, 5, &mut ticking(&mut reads));
        assert!(g.is_legal(mv.expect("a move")));
        assert!((20..200).contains(&reads), "{reads} reads");
        // Without a time limit the clock is never read.
        let mut reads = 0;
        let untimed = Bot::parse("search:300").expect("a bot");
        untimed.move_at_with_clock(&g, 5, &mut ticking(&mut reads));
        assert_eq!(reads, 0);
    }

    #[test]
    fn the_system_clock_times_a_search_bot_too() {
        let g = game();
        let bot = Bot::parse("search:nodes=4000000000,time=5").expect("a bot");
        let mv = bot.move_at(&g, 5);
        assert!(g.is_legal(mv.expect("a move")));
    }

    #[test]
    fn the_share_of_an_announced_move_time_is_half_less_a_margin() {
        assert_eq!(move_time_share(2_000), 950);
        assert_eq!(move_time_share(1_000), 450);
        assert_eq!(move_time_share(0), 1);
        assert_eq!(move_time_share(u32::MAX), MAX_SEARCH_TIME_MS);
    }
}
