//! The built-in bots, by name: the roster every host offers (`random`,
//! `careful`, `search`, and `search:N` for a search with a budget of N
//! nodes), their budgets, and how each picks a move. Every bot decides from
//! its side's [`View`] and the legal moves (the search determinizes what the
//! view hides), never from the referee's hidden state.

use crate::playouts::random_move;
use marsal::{
    Game, Move, Rng, Ruleset, SearchConfig, Setup, Side, View, careful_move, search_move,
    search_view,
};
use std::fmt;

/// The search bot's default node budget, the one a host gives when it is
/// asked for `search` without a budget (about 10 ms a move on one core).
///
/// ```
/// assert_eq!(marsal_host::DEFAULT_SEARCH_NODES, marsal::SearchConfig::DEFAULT_NODES);
/// ```
pub const DEFAULT_SEARCH_NODES: u32 = SearchConfig::DEFAULT_NODES;

/// A built-in bot.
///
/// ```
/// use marsal_host::Bot;
/// assert_eq!(Bot::parse("careful"), Ok(Bot::Careful));
/// assert_eq!(Bot::parse("search:500"), Ok(Bot::Search { nodes: 500 }));
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
    /// searched with alpha-beta, `nodes` a move. Its setup is
    /// [`Setup::sensible`].
    Search {
        /// The node budget of a move (at least 1).
        nodes: u32,
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
    /// `search:N` with N not a number from 1 to `max`.
    Budget {
        /// The name asked for.
        name: String,
        /// The largest budget the host accepts.
        max: u32,
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
        }
    }
}

impl std::error::Error for BotError {}

impl Bot {
    /// The bot named `name` in [`BOTS`], or `search:N` (the search bot with a
    /// budget of N nodes a move, N from 1 to 2^32 - 1).
    ///
    /// ```
    /// use marsal_host::{Bot, BotError};
    /// assert!(matches!(Bot::parse("clever"), Err(BotError::Unknown { .. })));
    /// assert!(matches!(Bot::parse("search:0"), Err(BotError::Budget { .. })));
    /// ```
    pub fn parse(name: &str) -> Result<Bot, BotError> {
        Bot::parse_within(name, u32::MAX)
    }

    /// [`Bot::parse`] with at most `max_nodes` for `search:N` (a host that
    /// must answer in time bounds the budget).
    ///
    /// ```
    /// use marsal_host::Bot;
    /// assert!(Bot::parse_within("search:2000", 1000).is_err());
    /// ```
    pub fn parse_within(name: &str, max_nodes: u32) -> Result<Bot, BotError> {
        if let Some(n) = name.strip_prefix("search:") {
            return n
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=max_nodes).contains(n))
                .map(|nodes| Bot::Search { nodes })
                .ok_or_else(|| BotError::Budget {
                    name: name.to_string(),
                    max: max_nodes,
                });
        }
        BOTS.iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, b)| b)
            .ok_or_else(|| BotError::Unknown {
                name: name.to_string(),
            })
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
    /// assert_eq!(marsal_host::Bot::Search { nodes: 7 }.name(), "search");
    /// ```
    pub fn name(self) -> &'static str {
        BOTS.iter()
            .find(|&&(_, b)| core::mem::discriminant(&b) == core::mem::discriminant(&self))
            .map_or("builtin", |&(n, _)| n)
    }

    /// This bot with `nodes` as its budget, when it is a search bot and
    /// `nodes` is given.
    ///
    /// ```
    /// use marsal_host::Bot;
    /// assert_eq!(Bot::parse("search").unwrap().with_nodes(Some(9)), Bot::Search { nodes: 9 });
    /// assert_eq!(Bot::Careful.with_nodes(Some(9)), Bot::Careful);
    /// ```
    #[must_use]
    pub fn with_nodes(self, nodes: Option<u32>) -> Bot {
        match (self, nodes) {
            (Bot::Search { .. }, Some(nodes)) => Bot::Search { nodes },
            _ => self,
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
    /// from the view ([`search_view`]) seeded with `rng.next_u64()`. `None`
    /// when `moves` is empty.
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
        match self {
            Bot::Random => match moves.len() {
                0 => None,
                n => Some(moves[rng.below(n as u32) as usize]),
            },
            Bot::Careful => careful_move(rules, |sq| view.at(sq), moves, rng),
            Bot::Search { nodes } => {
                let config = SearchConfig::default()
                    .with_nodes(nodes)
                    .with_seed(rng.next_u64());
                search_view(rules, view, moves, &config)
            }
        }
    }

    /// Its move in `game` for the side to move (`None` when the game is over
    /// or that side has no legal move): random draws with `rng`
    /// ([`random_move`]), careful from the side's view with `rng`, the search
    /// ([`search_move`], which determinizes the side's view) seeded with
    /// `search_seed`.
    ///
    /// ```
    /// use marsal::{Game, Position, Rng, Ruleset};
    /// let game = Game::from_position(Position::start(&Ruleset::barrage(), 1, 2)?);
    /// let mv = marsal_host::Bot::Search { nodes: 300 }.play_in(&game, &mut Rng::new(1), 7);
    /// assert!(game.is_legal(mv.unwrap()));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn play_in(self, game: &Game, rng: &mut Rng, search_seed: u64) -> Option<Move> {
        match self {
            Bot::Random => random_move(game, rng),
            Bot::Careful => {
                let side = game.status().to_move()?;
                let view = game.position().view(side);
                careful_move(game.rules(), |sq| view.at(sq), &game.legal_moves(), rng)
            }
            Bot::Search { nodes } => {
                let config = SearchConfig::default()
                    .with_nodes(nodes)
                    .with_seed(search_seed);
                search_move(game, &config)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use marsal::Position;

    fn game() -> Game {
        let rules = Ruleset::barrage();
        Game::from_position(Position::start(&rules, 1, 2).expect("a start"))
    }

    #[test]
    fn every_bot_plays_a_legal_move_in_a_game_until_it_ends() {
        for name in ["random", "careful", "search:300"] {
            let bot = Bot::parse(name).expect("a bot");
            let mut g = game();
            let mut rng = Rng::new(5);
            while let Some(mv) = bot.play_in(&g, &mut rng, 9) {
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
            Ok(Bot::Search { nodes: 10 })
        );
    }

    #[test]
    fn the_search_bot_of_the_roster_has_the_default_budget() {
        assert_eq!(
            Bot::parse("search"),
            Ok(Bot::Search {
                nodes: SearchConfig::DEFAULT_NODES
            })
        );
        assert_eq!(Bot::Search { nodes: 1 }.name(), "search");
        assert_eq!(Bot::Careful.name(), "careful");
    }

    #[test]
    fn only_the_search_bot_plays_the_sensible_setup() {
        let rules = Ruleset::classic();
        let example = Setup::random(&rules, Side::Blue, 4);
        assert_eq!(Bot::Careful.setup(&rules, Side::Blue, 3, &example), example);
        assert_eq!(
            Bot::Search { nodes: 5 }.setup(&rules, Side::Blue, 3, &example),
            Setup::sensible(&rules, Side::Blue, 3)
        );
    }
}
