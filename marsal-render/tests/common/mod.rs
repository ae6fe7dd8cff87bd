//! Games the picture tests draw: each preset and a custom board, played at
//! random with fixed seeds until a fight.

use marsal::{Game, Position, Rng, Ruleset};

/// The custom ruleset of the examples: an 8 × 8 board.
pub fn quick_battle() -> Ruleset {
    let text = include_str!("../../../examples/rulesets/quick_battle_8x8.json");
    serde_json::from_str(text).expect("the example ruleset reads")
}

/// Every ruleset the pictures are checked on, with a name.
pub fn rulesets() -> Vec<(&'static str, Ruleset)> {
    vec![
        ("marsal_a_spion", Ruleset::marsal_a_spion()),
        ("classic", Ruleset::classic()),
        ("barrage", Ruleset::barrage()),
        ("quick_battle_8x8", quick_battle()),
    ]
}

/// A game under `rules` from seeded setups, played at random until the
/// first fight at or after ply `min_ply` (or until it ends).
pub fn game_with_fight(rules: &Ruleset, seed: u64, min_ply: u32) -> Game {
    let pos = Position::start(rules, seed, seed + 1).expect("random setups fit");
    let mut game = Game::from_position(pos);
    let mut rng = Rng::new(seed);
    while game.play_random(&mut rng).is_some() {
        let ply = game.position().ply();
        let fought = game.outcomes().last().is_some_and(|o| o.is_attack());
        if ply >= min_ply && fought || ply > 2000 {
            break;
        }
    }
    game
}
