//! The built-in bots by name (the host layer's roster, [`marsal_host::Bot`]):
//! each picks a move for the side to move from that side's
//! [`View`](marsal::View) and the legal moves (never from the referee's
//! hidden state).

use marsal::{Game, Move, Rng};
use marsal_host::Bot;

/// The most nodes a search bot may be given (about a second a move in wasm).
pub const MAX_NODES: u32 = 2_000_000;

/// The move bot `name` (a name of [`marsal_host::BOTS`], or `search:N`)
/// plays in `game` (for the side to move), drawing with `rng` (the search
/// seeded with its first draw); `Ok(None)` when the game is over or the side
/// has no legal move.
pub fn bot_move(game: &Game, name: &str, rng: &mut Rng) -> Result<Option<Move>, String> {
    let bot = Bot::parse_within(name, MAX_NODES).map_err(|e| e.to_string())?;
    let search_seed = rng.next_u64();
    Ok(bot.play_in(game, rng, search_seed))
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
        let mut rng = Rng::new(5);
        while let Some(mv) = bot_move(&g, "search:300", &mut rng).expect("bot") {
            assert!(g.is_legal(mv), "{mv}");
            g.play(mv).expect("legal");
        }
        assert!(g.status().is_over());
    }

    #[test]
    fn an_unknown_bot_or_a_budget_over_the_pages_limit_is_refused() {
        let err = bot_move(&game(), "clever", &mut Rng::new(1)).unwrap_err();
        assert!(err.contains("random, careful, search"), "{err}");
        let err = bot_move(&game(), "search:2000001", &mut Rng::new(1)).unwrap_err();
        assert!(err.contains("from 1 to 2000000"), "{err}");
    }
}
