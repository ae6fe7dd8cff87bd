//! The more-squares rule (the ISF continuous-chase rule, `Ruleset::more_squares`),
//! played through `Game`, on small positions written for it: which chasing moves
//! it forbids and which it leaves alone.
//!
//! Every position here is classic Stratego without the two-square rule (so
//! that pieces may shuttle), where Red's Marshal chases Blue's General round
//! the squares e3, e4, f4, f3:
//!
//! | ply | move | Marshal, General after it |
//! |---|---|---|
//! | 1 | e2-e3 | e3, e4 |
//! | 2 | e4-f4 | e3, f4 |
//! | 3 | e3-e4 | e4, f4 |
//! | 4 | f4-f3 | e4, f3 |
//! | 5 | e4-f4 | f4, f3 |
//! | 6 | f3-e3 | f4, e3 |
//! | 7 | f4-f3 | f3, e3 |
//! | 8 | e3-e4 | f3, e4 |
//!
//! after which Red's chase has lasted eight plies and `f3-e3` would bring back
//! the position after ply 1: forbidden.

use crate::common::{mv, position};
use marsal::{Game, MoveError, Ruleset, Side};

const CHASE: [&str; 8] = [
    "e2-e3", "e4-f4", "e3-e4", "f4-f3", "e4-f4", "f3-e3", "f4-f3", "e3-e4",
];

/// The chase above, played, with `extra` pieces (square, letter) on the board
/// beside the Marshal (e2), the General (e4) and the Flags.
fn chase(extra: &[(&'static str, char)], plies: usize) -> Game {
    let mut rules = Ruleset::classic();
    rules.two_square = None;
    assert!(rules.more_squares);
    let mut pieces = vec![("e2", 'M'), ("j1", 'F'), ("e4", 'g'), ("a10", 'f')];
    pieces.extend_from_slice(extra);
    let mut game = Game::from_position(position(&rules, &pieces, Side::Red));
    for m in &CHASE[..plies] {
        game.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

fn play(game: &mut Game, moves: &[&str]) {
    for m in moves {
        game.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn a_chasing_move_back_to_a_position_of_the_chase_is_forbidden() {
    let game = chase(&[], 8);
    assert_eq!(game.check_move(mv("f3-e3")), Err(MoveError::MoreSquares));
    // Moves that recreate nothing stay legal.
    assert_eq!(game.check_move(mv("f3-f2")), Ok(()));
    assert_eq!(game.check_move(mv("f3-f4")), Ok(()));
}

#[test]
fn a_chasing_move_next_to_two_enemy_pieces_is_a_chasing_move() {
    // A Blue Bomb on d3: the Marshal's e3 is next to it and to the General.
    let game = chase(&[("d3", 'b')], 8);
    assert_eq!(game.check_move(mv("f3-e3")), Err(MoveError::MoreSquares));
}

#[test]
fn a_move_next_to_no_enemy_piece_may_bring_back_a_position_of_the_chase() {
    // The chase goes on with a Red Scout (a1) and a Blue Sergeant (b3): every
    // Red move threatens the Sergeant and every Blue move steps away, until the
    // Scout's a2-a1, next to no enemy piece, brings back the position after
    // ply 8 (five plies before, in the chase). Not a chasing move: allowed.
    let mut game = chase(&[("a1", 'S'), ("b3", 'r')], 8);
    play(&mut game, &["a1-a3", "b3-b2", "a3-a2", "b2-b3"]);
    assert_eq!(game.check_move(mv("a2-a1")), Ok(()));
    game.play(mv("a2-a1")).unwrap();
}

#[test]
fn going_back_to_the_square_left_on_the_previous_turn_is_allowed_in_a_chase() {
    // After ply 8 the Marshal steps f3-f4 (threatening the General on e4), the
    // General steps back e4-e3, and the Marshal's f4-f3 (back where it came
    // from) brings back the position after ply 7, four plies before: the
    // exception for the reverse of the mover's previous move allows it.
    let mut game = chase(&[], 8);
    play(&mut game, &["f3-f4", "e4-e3"]);
    assert_eq!(game.check_move(mv("f4-f3")), Ok(()));
    game.play(mv("f4-f3")).unwrap();
}

#[test]
fn a_chase_ends_when_the_chased_side_does_not_step_away() {
    // After ply 8 a Red Scout threatens Blue Bombs on b1, b2 and b3 from a1,
    // a3 and a2 in turn, while Blue answers twice with a Sergeant far away
    // (j9-i9, i9-j9) instead of stepping away: each answer ends Red's chase.
    // The Scout's a2-a1, a threat that is not the reverse of its previous
    // move, then brings back the position after ply 8, five plies before:
    // allowed, since that position was not of the chase going on now.
    let mut game = chase(
        &[
            ("a1", 'S'),
            ("b1", 'b'),
            ("b2", 'b'),
            ("b3", 'b'),
            ("j9", 'r'),
        ],
        8,
    );
    play(&mut game, &["a1-a3", "j9-i9", "a3-a2", "i9-j9"]);
    assert_eq!(game.check_move(mv("a2-a1")), Ok(()));
    game.play(mv("a2-a1")).unwrap();
}

#[test]
fn the_rule_holds_back_a_blue_chaser_as_well() {
    // The chase above with the colours swapped: Blue's Marshal chases Red's
    // General, Blue moving first.
    let mut rules = Ruleset::classic();
    rules.two_square = None;
    let pieces = [("e2", 'm'), ("j1", 'f'), ("e4", 'G'), ("a10", 'F')];
    let mut game = Game::from_position(position(&rules, &pieces, Side::Blue));
    play(&mut game, &CHASE);
    assert_eq!(game.check_move(mv("f3-e3")), Err(MoveError::MoreSquares));
    assert_eq!(game.check_move(mv("f3-f2")), Ok(()));
}
