//! The two-square and more-squares rules in hand-written situations named after
//! the rule (the published Ataraxos test vectors are replayed by the
//! `marsal-data-tests` package).

use crate::common::{mv, position};
use marsal::{DrawReason, Game, MoveError, NoMoveRule, Ruleset, Side, Status, WinReason};

fn classic_game(pieces: &[(&str, char)]) -> Game {
    let mut rules = Ruleset::classic();
    rules.more_squares = false;
    Game::from_position(position(&rules, pieces, Side::Red))
}

fn play_all(game: &mut Game, moves: &[&str]) {
    for m in moves {
        game.play(mv(m))
            .unwrap_or_else(|e| panic!("{m} refused: {e}"));
    }
}

const SHUTTLE: [(&str, char); 4] = [("a1", 'F'), ("e4", 'G'), ("j10", 'f'), ("a10", 'g')];

#[test]
fn two_square_shuttle_of_three_then_fourth_refused() {
    let mut game = classic_game(&SHUTTLE);
    play_all(
        &mut game,
        &["e4-e5", "a10-b10", "e5-e4", "b10-a10", "e4-e5", "a10-b10"],
    );
    assert_eq!(
        game.check_move(mv("e5-e4")),
        Err(MoveError::TwoSquare { limit: 3 })
    );
    assert!(!game.legal_moves().contains(&mv("e5-e4")));
    // Any other move of the piece is allowed.
    assert!(game.is_legal(mv("e5-e6")));
    assert!(game.is_legal(mv("e5-f5")));
}

#[test]
fn two_square_limit_five_allows_five() {
    let mut rules = Ruleset::classic();
    rules.more_squares = false;
    rules.two_square = Some(5);
    let mut game = Game::from_position(position(&rules, &SHUTTLE, Side::Red));
    let red = ["e4-e5", "e5-e4", "e4-e5", "e5-e4", "e4-e5"];
    let blue = ["a10-b10", "b10-a10", "a10-b10", "b10-a10", "a10-b10"];
    for (r, b) in red.iter().zip(blue) {
        play_all(&mut game, &[r, b]);
    }
    assert_eq!(
        game.check_move(mv("e5-e4")),
        Err(MoveError::TwoSquare { limit: 5 })
    );
}

#[test]
fn two_square_attacks_count() {
    // The fourth crossing of e4|e5 is an attack on a Scout that stepped onto e4:
    // still refused.
    let pieces = [
        ("a1", 'F'),
        ("e4", 'G'),
        ("j10", 'f'),
        ("a10", 'g'),
        ("d4", 's'),
    ];
    let plies = ["e4-e5", "a10-b10", "e5-e4", "b10-a10", "e4-e5", "d4-e4"];
    let mut game = classic_game(&pieces);
    play_all(&mut game, &plies);
    assert_eq!(
        game.check_move(mv("e5-e4")),
        Err(MoveError::TwoSquare { limit: 3 })
    );
    // Without the rule the attack is legal.
    let mut rules = Ruleset::classic();
    rules.more_squares = false;
    rules.two_square = None;
    let mut game = Game::from_position(position(&rules, &pieces, Side::Red));
    play_all(&mut game, &plies);
    assert!(game.is_legal(mv("e5-e4")));
}

#[test]
fn two_square_changing_direction_resets() {
    // Blue's General walks along rank 10 (never crossing a border twice).
    let mut game = classic_game(&SHUTTLE);
    play_all(
        &mut game,
        &["e4-e5", "a10-b10", "e5-e4", "b10-c10", "e4-f4", "c10-d10"],
    );
    // The rank move started a new chain: f4-e4, e4-f4 are its 2nd and 3rd moves,
    // and only the 4th crossing of e4|f4 is refused.
    play_all(&mut game, &["f4-e4", "d10-e10", "e4-f4", "e10-f10"]);
    assert_eq!(
        game.check_move(mv("f4-e4")),
        Err(MoveError::TwoSquare { limit: 3 })
    );
    // Going on along rank 4 away from e4, or up the file, is allowed.
    assert!(game.is_legal(mv("f4-g4")));
    assert!(game.is_legal(mv("f4-f5")));
}

#[test]
fn two_square_scout_border_form() {
    let mut game = classic_game(&[("a1", 'F'), ("a3", 'S'), ("j10", 'f'), ("j9", 'g')]);
    play_all(
        &mut game,
        &["a3-a6", "j9-i9", "a6-a4", "i9-j9", "a4-a6", "j9-i9"],
    );
    for m in ["a6-a5", "a6-a4", "a6-a3"] {
        assert_eq!(
            game.check_move(mv(m)),
            Err(MoveError::TwoSquare { limit: 3 }),
            "{m}"
        );
    }
    for m in ["a6-a7", "a6-b6"] {
        assert!(game.is_legal(mv(m)), "{m}");
    }
}

#[test]
fn two_square_only_move_blocked_loses() {
    // Red's Marshal is boxed in a corner lane: its only moves shuttle a1/b1.
    let mut game = classic_game(&[
        ("c1", 'F'),
        ("a2", 'B'),
        ("b2", 'B'),
        ("a1", 'M'),
        ("j10", 'f'),
        ("j9", 'g'),
    ]);
    play_all(&mut game, &["a1-b1", "j9-i9", "b1-a1", "i9-h9"]);
    assert!(!game.status().is_over());
    // Red's third shuttle move leaves its only move (b1-a1) forbidden: Red cannot
    // move and loses at once, right after its own move (classic rules).
    play_all(&mut game, &["a1-b1"]);
    assert!(game.position().legal_moves().is_empty());
    assert_eq!(
        game.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::OpponentCannotMove
        }
    );
}

#[test]
fn two_square_scout_held_back_draws_under_the_draw_rule() {
    // Red's only movable piece is a Scout in the lane a1-a4 (Bombs beside it
    // and above it). After it shuttles a1-a4 three times the two-square rule
    // forbids every move back south, its long moves included: under the Draw
    // no-move rule the game is drawn as soon as Red is to move, although the
    // Scout still has long moves on the board.
    let mut rules = Ruleset::classic();
    rules.more_squares = false;
    rules.no_move = NoMoveRule::Draw;
    let pieces = [
        ("a1", 'S'),
        ("b1", 'B'),
        ("b2", 'B'),
        ("b3", 'B'),
        ("b4", 'B'),
        ("a5", 'B'),
        ("j1", 'F'),
        ("j10", 'f'),
        ("j9", 'g'),
    ];
    let mut game = Game::from_position(position(&rules, &pieces, Side::Red));
    play_all(&mut game, &["a1-a4", "j9-i9", "a4-a1", "i9-h9", "a1-a4"]);
    assert!(!game.status().is_over());
    play_all(&mut game, &["h9-g9"]);
    // Every board move of the Scout is forbidden.
    assert!(game.position().legal_moves().is_empty());
    assert_eq!(game.position().legal_move_count(), 0);
    assert_eq!(
        game.status(),
        Status::Drawn {
            reason: DrawReason::NoLegalMove(Side::Red)
        }
    );
}

/// The hash a position gets from the standard library's hasher (fixed keys).
fn std_hash(value: &impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

#[test]
fn two_square_history_is_part_of_the_position() {
    // The same board, the same side to move, the same ply: in one game the
    // General has shuttled e4-e5 three times and may not go back to e4; in the
    // other it came to e4 along the rank, so its chain is one move long and
    // e5-e4 is legal. The positions play differently, so they are not equal
    // (and they hash apart).
    let mut shuttled = classic_game(&SHUTTLE);
    play_all(
        &mut shuttled,
        &["e4-e5", "a10-b10", "e5-e4", "b10-a10", "e4-e5", "a10-b10"],
    );
    let mut turned = classic_game(&SHUTTLE);
    play_all(
        &mut turned,
        &["e4-d4", "a10-b10", "d4-e4", "b10-a10", "e4-e5", "a10-b10"],
    );
    assert_eq!(
        shuttled.position().to_string(),
        turned.position().to_string()
    );
    assert!(!shuttled.is_legal(mv("e5-e4")));
    assert!(turned.is_legal(mv("e5-e4")));
    assert_ne!(shuttled.position(), turned.position());
    assert_ne!(std_hash(shuttled.position()), std_hash(turned.position()));
    // Equal histories make equal positions with equal hashes.
    let mut again = classic_game(&SHUTTLE);
    play_all(
        &mut again,
        &["e4-e5", "a10-b10", "e5-e4", "b10-a10", "e4-e5", "a10-b10"],
    );
    assert_eq!(shuttled.position(), again.position());
    assert_eq!(std_hash(shuttled.position()), std_hash(again.position()));
}

/// The moves of `side`'s two-square chain, as the position's JSON lists them.
fn chain_json(game: &Game, side: Side) -> serde_json::Value {
    let json = serde_json::to_value(game.position()).expect("a position serialises");
    json["two_square_chains"][side.index()].clone()
}

#[test]
fn two_square_chain_ends_with_the_death_of_its_piece() {
    // Red's General shuttles e4-e5-e4 and then attacks the Marshal that came
    // to e5: the General dies, and with it Red's chain (nothing is left that
    // the rule could hold back).
    let pieces = [
        ("a1", 'F'),
        ("e4", 'G'),
        ("j10", 'f'),
        ("a10", 'g'),
        ("e6", 'm'),
    ];
    let mut game = classic_game(&pieces);
    play_all(&mut game, &["e4-e5", "a10-b10", "e5-e4", "e6-e5"]);
    assert_eq!(
        chain_json(&game, Side::Red).as_array().map(Vec::len),
        Some(2)
    );
    play_all(&mut game, &["e4-e5"]);
    assert_eq!(chain_json(&game, Side::Red), serde_json::json!([]));

    // Blue's General shuttles a10-b10-a10-b10 and Red's Marshal takes it on
    // b10: Blue's chain ends with it.
    let pieces = [
        ("a1", 'F'),
        ("b8", 'M'),
        ("j10", 'f'),
        ("a10", 'g'),
        ("j1", 'S'),
    ];
    let mut game = classic_game(&pieces);
    play_all(
        &mut game,
        &["j1-j2", "a10-b10", "j2-j1", "b10-a10", "b8-b9", "a10-b10"],
    );
    assert_eq!(
        chain_json(&game, Side::Blue).as_array().map(Vec::len),
        Some(3)
    );
    play_all(&mut game, &["b9-b10"]);
    assert_eq!(chain_json(&game, Side::Blue), serde_json::json!([]));
}
