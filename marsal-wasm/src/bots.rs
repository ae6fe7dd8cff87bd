//! The built-in bots, by name: each picks a move for the side to move from
//! that side's [`View`](marsal::View) and the legal moves (never from the
//! referee's hidden state).

use marsal::{Game, Move, Rng, SearchConfig, careful_move, search_move};

/// The names `Game.botMove` takes, in the order `bots()` lists them; the
/// search bot also as `search:N` (a budget of N nodes a move).
pub const BOTS: [&str; 3] = ["random", "careful", "search"];

/// The most nodes a search bot may be given (about a second a move in wasm).
pub const MAX_NODES: u32 = 2_000_000;

/// The move bot `name` plays in `game` (for the side to move), drawing with
/// `rng`; `Ok(None)` when the game is over or the side has no legal move.
pub fn bot_move(game: &Game, name: &str, rng: &mut Rng) -> Result<Option<Move>, String> {
    if let Some(nodes) = name.strip_prefix("search:") {
        let nodes = nodes
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_NODES).contains(n))
            .ok_or_else(|| {
                format!("bot {name:?}: the search budget must be a number from 1 to {MAX_NODES}")
            })?;
        return Ok(search(game, nodes, rng));
    }
    let Some(side) = game.status().to_move() else {
        return Ok(None);
    };
    let moves = game.legal_moves();
    match name {
        "random" => Ok(match moves.len() {
            0 => None,
            n => Some(moves[rng.below(n as u32) as usize]),
        }),
        "careful" => {
            let view = game.position().view(side);
            Ok(careful_move(game.rules(), |sq| view.at(sq), &moves, rng))
        }
        "search" => Ok(search(game, SearchConfig::DEFAULT_NODES, rng)),
        _ => Err(format!(
            "unknown bot {name:?} (the bots: {})",
            BOTS.join(", ")
        )),
    }
}

/// The search bot's move (it determinizes the side's view: the hidden enemy
/// pieces are never looked at).
fn search(game: &Game, nodes: u32, rng: &mut Rng) -> Option<Move> {
    let config = SearchConfig::default()
        .with_nodes(nodes)
        .with_seed(rng.next_u64());
    search_move(game, &config)
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
    fn every_bot_plays_a_legal_move_until_the_game_ends() {
        for name in ["random", "careful", "search:300"] {
            let mut g = game();
            let mut rng = Rng::new(5);
            while let Some(mv) = bot_move(&g, name, &mut rng).expect("bot") {
                assert!(g.is_legal(mv), "{name} chose {mv}");
                g.play(mv).expect("legal");
            }
            assert!(g.status().is_over(), "{name}");
        }
    }

    #[test]
    fn an_unknown_bot_is_refused_with_the_names() {
        let err = bot_move(&game(), "clever", &mut Rng::new(1)).unwrap_err();
        assert!(err.contains("random, careful, search"), "{err}");
        for bad in ["search:", "search:0", "search:x", "search:99999999"] {
            let err = bot_move(&game(), bad, &mut Rng::new(1)).unwrap_err();
            assert!(err.contains("search budget"), "{err}");
        }
    }
}
