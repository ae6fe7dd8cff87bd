//! The built-in bots by name (the host layer's roster, [`marsal_host::Bot`]):
//! each picks a move for the side to move from that side's
//! [`View`](marsal::View) and the legal moves (never from the referee's
//! hidden state).

use marsal::{Game, Move};
use marsal_host::{Bot, BotError};

/// The most nodes a search bot may be given (about a second a move in wasm).
pub const MAX_NODES: u32 = 2_000_000;

/// The move bot `name` (a name of [`marsal_host::BOTS`], `search:N`,
/// `search:time=MS` or `search:nodes=N,time=MS`) plays in `game` (for the
/// side to move), the game of `seed` ([`Bot::move_at`]: the seed rule of
/// every host), a time limit read from `clock` (microseconds: WebAssembly
/// in a page has no system clock). `Ok(None)` when the game is over or the
/// side has no legal move.
pub fn bot_move(
    game: &Game,
    name: &str,
    seed: u64,
    clock: &mut dyn FnMut() -> u64,
) -> Result<Option<Move>, BotError> {
    let bot = Bot::parse_within(name, MAX_NODES)?;
    Ok(bot.move_at_with_clock(game, seed, clock))
}

#[cfg(test)]
mod tests {
    use super::*;
    use marsal::{Ruleset, Setup, Side};

    fn game() -> Game {
        let rules = Ruleset::barrage();
        let red = Setup::random(&rules, Side::Red, 1);
        let blue = Setup::random(&rules, Side::Blue, 2);
        Game::new(&rules, &red, &blue).expect("game")
    }

    #[test]
    fn a_bot_plays_a_legal_move_until_the_game_ends() {
        let mut g = game();
        while let Some(mv) = bot_move(&g, "search:300", 5, &mut no_clock).expect("bot") {
            assert!(g.is_legal(mv), "{mv}");
            g.play(mv).expect("legal");
        }
        assert!(g.status().is_over());
    }

    #[test]
    fn the_search_bot_with_the_tree_plays_legal_moves() {
        let mut g = game();
        for _ in 0..30 {
            let name = "search:nodes=300,method=tree";
            let Some(mv) = bot_move(&g, name, 6, &mut no_clock).expect("bot") else {
                break;
            };
            assert!(g.is_legal(mv), "{mv}");
            g.play(mv).expect("legal");
        }
    }

    #[test]
    fn an_unknown_bot_or_a_budget_over_the_pages_limit_is_refused() {
        let err = bot_move(&game(), "clever", 1, &mut no_clock).unwrap_err();
        assert!(err.to_string().contains("random, careful, search"), "{err}");
        let err = bot_move(&game(), "search:2000001", 1, &mut no_clock).unwrap_err();
        assert!(err.to_string().contains("from 1 to 2000000"), "{err}");
        let err = bot_move(&game(), "search:time=0", 1, &mut no_clock).unwrap_err();
        assert!(matches!(err, BotError::Time { .. }), "{err}");
    }

    fn no_clock() -> u64 {
        panic!("an untimed bot reads no clock")
    }

    /// A time limit in the name stops the search by the page's clock (were
    /// it ignored, the clock would never be read), a node budget beside it
    /// or not.
    #[test]
    fn a_time_limit_stops_the_search_bot_by_the_clock_it_is_given() {
        let g = game();
        for name in ["search:time=20", "search:nodes=2000000,time=20"] {
            let mut reads = 0u64;
            let mut clock = || {
                reads += 1;
                reads * 1_000
            };
            let mv = bot_move(&g, name, 1, &mut clock).expect("bot");
            assert!(g.is_legal(mv.expect("a move")), "{name}");
            assert!((20..200).contains(&reads), "{name}: {reads} reads");
        }
        // A node budget only, without a clock.
        let mv = bot_move(&g, "search:300", 1, &mut no_clock);
        assert!(mv.expect("bot").is_some());
    }
}
