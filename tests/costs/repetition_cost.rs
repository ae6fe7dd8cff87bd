//! The repeated-position draw costs O(1) amortised a move.
//! On a board where no attack is possible, the old rule walked back over every
//! move since the last fight at every move (quadratic). These tests assert on
//! the work done (positions compared board to board), never on time.

use marsal::{Game, Position, Rng, Ruleset};

/// Classic board: Red's pieces below a wall of its own Bombs on rank 5, Blue's
/// above a wall of its Bombs on rank 6 (the lakes close the gaps): no piece
/// can ever reach an enemy, so no attack is possible.
const QUIET: &str = "nssssssssf/jjccgmnnnn/rllllkkkkj/......yrrr/bb~~bb~~bb/\
                     BB~~BB~~BB/RRRY....../JKKKKLLLLR/NNNNMGCCJJ/FSSSSSSSSN r";

/// The same walls with one Scout a side: positions repeat all the time.
const TINY: &str = "s........f/........../........../........../bb~~bb~~bb/\
                    BB~~BB~~BB/........../........../........../F........S r";

fn rules(repetition: Option<u8>) -> Ruleset {
    let mut r = Ruleset::classic();
    r.two_square = None;
    r.more_squares = false;
    r.repetition_draw = repetition;
    r
}

#[test]
fn long_attack_free_games_compare_almost_no_positions() {
    let plies = 20_000;
    let mut game = Game::from_position(Position::from_text(&rules(Some(255)), QUIET).unwrap());
    let mut rng = Rng::new(11);
    let mut played = 0;
    while played < plies && game.play_random(&mut rng).is_some() {
        played += 1;
    }
    assert_eq!(game.position().plies_since_attack(), played);
    assert!(played > 1000, "only {played} plies");
    // The old rule compared every position since the last fight at every
    // move: played * (played + 1) / 2, 200 million here.
    let compared = game.repetition_positions_compared();
    assert!(
        compared <= u64::from(played),
        "{compared} positions compared in {played} plies"
    );
}

#[test]
fn counts_by_hash_agree_with_the_board_walk_through_play_and_undo() {
    for (text, limit) in [(TINY, 3u8), (TINY, 6), (QUIET, 2)] {
        let with = Position::from_text(&rules(Some(limit)), text).unwrap();
        let without = Position::from_text(&rules(None), text).unwrap();
        let (mut a, mut b) = (Game::from_position(with), Game::from_position(without));
        let mut rng = Rng::new(u64::from(limit));
        for step in 0..3000u32 {
            if rng.below(4) == 0 && a.moves().count() > 0 {
                a.undo().unwrap();
                b.undo().unwrap();
            } else {
                let Some(o) = a.play_random(&mut rng) else {
                    a.undo().unwrap();
                    b.undo().unwrap();
                    continue;
                };
                b.play(o.mv).unwrap();
            }
            // `b` has no repeated-position rule: its count is the board walk.
            assert_eq!(a.occurrences(), b.occurrences(), "step {step}");
            let drawn = a.occurrences() >= u32::from(limit);
            assert_eq!(a.status().is_over(), drawn, "step {step}: {}", a.status());
        }
    }
}
