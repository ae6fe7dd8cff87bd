//! The legal-action mask of a game (`ActionSpace::write_game_mask`, what the
//! vector environments write) marks exactly the game's legal moves: those of
//! the position that the game allows (the more-squares rule of the Czech game
//! forbids a few), each at its own action; and `Game::for_each_legal_move`
//! passes exactly those moves, in the order of `Game::legal_moves`.

use crate::common::presets;
use marsal::encoding::ActionSpace;
use marsal::{Game, Position, Rng};

#[test]
fn game_mask_marks_the_moves_the_game_allows_and_no_other() {
    for (name, rules) in presets() {
        let space = ActionSpace::new(&rules);
        // Garbage first: every byte must be written.
        let mut mask = vec![7u8; space.size()];
        let mut rng = Rng::new(21);
        for g in 0..3u64 {
            let mut game = Game::from_position(Position::start(&rules, g, g + 50).unwrap());
            for _ in 0..400 {
                let side = game.position().to_move();
                let allowed: Vec<_> = game
                    .position()
                    .legal_moves()
                    .into_iter()
                    .filter(|&mv| game.is_legal(mv))
                    .collect();
                let mut passed = Vec::new();
                game.for_each_legal_move(|mv| passed.push(mv));
                assert_eq!(passed, allowed, "{name}");
                assert_eq!(passed.as_slice(), game.legal_moves().as_slice(), "{name}");
                let n = space.write_game_mask(&game, &mut mask);
                assert_eq!(n, allowed.len(), "{name}");
                assert_eq!(mask.iter().filter(|&&m| m == 1).count(), n, "{name}");
                assert!(mask.iter().all(|&m| m <= 1), "{name}");
                for &mv in &allowed {
                    let a = space.encode(side, mv).expect("a legal move has an action");
                    assert_eq!(mask[a], 1, "{name} {mv}");
                }
                if game.play_random(&mut rng).is_none() {
                    break;
                }
            }
            // Over: no move, an empty mask.
            if game.status().is_over() {
                let mut none = 0;
                game.for_each_legal_move(|_| none += 1);
                assert_eq!(none, 0);
                assert_eq!(space.write_game_mask(&game, &mut mask), 0);
                assert!(mask.iter().all(|&m| m == 0));
            }
        }
    }
}
