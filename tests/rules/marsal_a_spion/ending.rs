//! The end of the game: no move, no hope, the optional limits.

use super::*;

// End of the game
// ---------------------------------------------------------------------------

#[test]
fn czech_player_to_move_without_moves_draws_pat() {
    // Only Mines and the Flag left.
    let pos = czech(
        &[
            ("b1", 'F'),
            ("c1", 'X'),
            ("d1", 'X'),
            ("k12", 'f'),
            ("f9", 'g'),
        ],
        Side::Red,
    );
    assert_eq!(pos.status(), drawn(DrawReason::NoLegalMove(Side::Red)));
    assert!(pos.legal_moves().is_empty());

    // Reached in play: Red's last movable piece is taken, Blue moves, Red is PAT.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("d1", 'X'),
            ("e1", 'X'),
            ("e3", 'S'),
            ("e4", 'g'),
            ("j11", 'p'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    play(&mut pos, "e3xe4");
    play(&mut pos, "j11-j10");
    assert_eq!(pos.status(), drawn(DrawReason::NoLegalMove(Side::Red)));

    // Every movable piece blocked: by the board's edge, its own Flag and Mines,
    // the lakes, and an enemy piece it cannot attack diagonally.
    let blocked = [
        ("b1", 'D'),
        ("c1", 'F'),
        ("b2", 'X'),
        ("e7", 'S'),
        ("e6", 'X'),
        ("f6", 'X'),
        ("f7", 'X'),
        ("f8", 'X'),
        ("k12", 'f'),
    ];
    let mut pieces = blocked.to_vec();
    pieces.push(("c2", 'p'));
    let pos = czech(&pieces, Side::Red);
    assert_eq!(pos.status(), drawn(DrawReason::NoLegalMove(Side::Red)));
    assert!(!pos.has_legal_move(Side::Red));
    // Free the diagonal square and Red can move again.
    let mut pieces = blocked.to_vec();
    pieces.push(("j12", 'p'));
    let pos = czech(&pieces, Side::Red);
    assert_eq!(pos.status(), ongoing(Side::Red));
    assert_eq!(pos.legal_moves().as_slice(), &[mv("b1-c2")]);
}

#[test]
fn czech_only_player_to_move_is_checked_for_pat() {
    // Red loses its last movable piece by its own attack: Red cannot move, but
    // Blue is to move and can, so the game goes on.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("d1", 'X'),
            ("e1", 'X'),
            ("e3", 'S'),
            ("e4", 'g'),
            ("j11", 'p'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    play(&mut pos, "e3xe4");
    assert!(!pos.has_legal_move(Side::Red));
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(!pos.legal_moves().is_empty());

    // Blue has only Mines and its Flag, but Red is to move: the game goes on.
    let pos = czech(
        &[("b1", 'F'), ("f3", 'G'), ("k12", 'f'), ("j12", 'x')],
        Side::Red,
    );
    assert!(!pos.has_legal_move(Side::Blue));
    assert_eq!(pos.status(), ongoing(Side::Red));
}

#[test]
fn czech_no_move_rule_loses_option() {
    let mut r = rules();
    r.no_move = NoMoveRule::Loses;
    let pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("c1", 'X'),
            ("d1", 'X'),
            ("k12", 'f'),
            ("f9", 'g'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::OpponentCannotMove
        }
    );
    // ... and it is checked for both right after every move.
    let mut pos = position(
        &r,
        &[
            ("b1", 'F'),
            ("d1", 'X'),
            ("e1", 'X'),
            ("e3", 'S'),
            ("e4", 'g'),
            ("j11", 'p'),
            ("k12", 'f'),
        ],
        Side::Red,
    );
    play(&mut pos, "e3xe4");
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::OpponentCannotMove
        }
    );
}

/// The seeds' example: both Flags walled by Mines; Red's Miner on f6 and Blue's
/// on f7 are the last Miners. `extra` adds pieces.
fn walled_flags(red_attacker: char, extra: &[(&str, char)]) -> Position {
    let mut pieces = vec![
        ("f1", 'F'),
        ("e1", 'X'),
        ("g1", 'X'),
        ("f2", 'X'),
        ("f6", red_attacker),
        ("c4", 'U'),
        ("g12", 'f'),
        ("f12", 'x'),
        ("h12", 'x'),
        ("g11", 'x'),
        ("f7", 'n'),
        ("j10", 's'),
    ];
    pieces.extend_from_slice(extra);
    czech(&pieces, Side::Red)
}

#[test]
fn czech_walled_flags_without_miners_is_draw() {
    // The fight that removes the last two Miners ends the game.
    let mut pos = walled_flags('N', &[]);
    assert_eq!(pos.status(), ongoing(Side::Red));
    assert!(!no_hope::is_hopeless(&pos));
    let out = play(&mut pos, "f6xf7");
    assert_eq!(out.battle(), Some(Battle::BothRemoved));
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
    assert!(!no_hope::can_reach_flag(&pos, Side::Red));
    assert!(!no_hope::can_reach_flag(&pos, Side::Blue));
    assert!(pos.legal_moves().is_empty());

    // The same when a General takes the last Miner.
    let mut pos = walled_flags('G', &[]);
    assert_eq!(pos.status(), ongoing(Side::Red));
    play(&mut pos, "f6xf7");
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
}

#[test]
fn czech_no_hope_not_declared_while_a_miner_remains() {
    // Red keeps a Miner: it can defuse Blue's wall.
    let mut pos = walled_flags('N', &[("b4", 'N')]);
    play(&mut pos, "f6xf7");
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(no_hope::can_reach_flag(&pos, Side::Red));

    // Blue keeps a Miner.
    let mut pos = walled_flags('N', &[("j9", 'n')]);
    play(&mut pos, "f6xf7");
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(no_hope::can_reach_flag(&pos, Side::Blue));
}

#[test]
fn czech_no_hope_not_declared_while_a_path_exists() {
    // 1. The only way out of b1 is a diagonal step between two enemy Mines.
    //    Red's Scout dies on a Mine; Blue cannot reach Red's walled Flag.
    let pieces = [
        ("b1", 'G'),
        ("f4", 'S'),
        ("k1", 'F'),
        ("j1", 'X'),
        ("k2", 'X'),
        ("c1", 'x'),
        ("b2", 'x'),
        ("f5", 'x'),
        ("f10", 'f'),
        ("h11", 's'),
    ];
    let mut pos = czech(&pieces, Side::Red);
    play(&mut pos, "f4xf5");
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(no_hope::can_reach_flag(&pos, Side::Red));
    assert!(!no_hope::can_reach_flag(&pos, Side::Blue));
    // Without diagonal steps the General is walled in for ever: no hope.
    let mut r = rules();
    r.diagonal_steps = false;
    let mut pos = position(&r, &pieces, Side::Red);
    assert_eq!(pos.status(), ongoing(Side::Red));
    play(&mut pos, "f4xf5");
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));

    // 2. A Flag walled by Mines only on its diagonals is still reachable.
    let mut pos = czech(
        &[
            ("k1", 'F'),
            ("j1", 'X'),
            ("k2", 'X'),
            ("c4", 'G'),
            ("b5", 'N'),
            ("f10", 'f'),
            ("e9", 'x'),
            ("g9", 'x'),
            ("e11", 'x'),
            ("g11", 'x'),
            ("b6", 'u'),
            ("h12", 's'),
        ],
        Side::Red,
    );
    play(&mut pos, "b5xb6"); // Red's only Miner dies
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(no_hope::can_reach_flag(&pos, Side::Red));

    // 3. Movable pieces never block: a Blue General is the only gap in the wall.
    let wall = [
        ("k1", 'F'),
        ("j1", 'X'),
        ("k2", 'X'),
        ("f4", 'G'),
        ("b12", 'f'),
        ("b11", 'x'),
        ("h11", 's'),
    ];
    let mut pieces = wall.to_vec();
    pieces.push(("c12", 'g'));
    let pos = czech(&pieces, Side::Red);
    assert_eq!(pos.status(), ongoing(Side::Red));
    let mut pieces = wall.to_vec();
    pieces.push(("c12", 'x'));
    let pos = czech(&pieces, Side::Red);
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
}

/// Blue's Flag b12 walled by Red's own Mines (c12, b11); Blue's General and
/// Scout shut in k10..k12 by Blue's own Mines; Red's Flag f1 in the open. Red's
/// Miner f6 and Blue's Miner f7 are about to remove each other.
fn own_mines(extra: &[(&str, char)]) -> Position {
    let mut pieces = vec![
        ("f1", 'F'),
        ("f6", 'N'),
        ("c4", 'U'),
        ("c12", 'X'),
        ("b11", 'X'),
        ("b12", 'f'),
        ("j12", 'x'),
        ("j11", 'x'),
        ("j10", 'x'),
        ("j9", 'x'),
        ("k9", 'x'),
        ("l9", 'x'),
        ("k12", 's'),
        ("k11", 'g'),
        ("f7", 'n'),
    ];
    pieces.extend_from_slice(extra);
    czech(&pieces, Side::Red)
}

#[test]
fn czech_own_mines_block_only_while_enemy_has_no_miner() {
    // Before the fight each side has a Miner: both have hope.
    let mut pos = own_mines(&[]);
    assert_eq!(pos.status(), ongoing(Side::Red));
    // Red's last Miner goes: Blue's own Mines now wall Blue in for ever, and
    // Red's own Mines wall Red out (Blue has no Miner to clear them).
    play(&mut pos, "f6xf7");
    assert!(pos.has_legal_move(Side::Blue));
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));

    // Red keeps a Miner on b4: it could clear Blue's own Mines, so Blue's General
    // still has a path to Red's Flag; Red itself has none.
    let mut pos = own_mines(&[("b4", 'N')]);
    play(&mut pos, "f6xf7");
    assert!(no_hope::can_reach_flag(&pos, Side::Blue));
    assert!(!no_hope::can_reach_flag(&pos, Side::Red));
    assert_eq!(pos.status(), ongoing(Side::Blue));
}

#[test]
fn czech_last_step_onto_flag_must_be_orthogonal() {
    // Blue's Flag f10 has Mines on its four orthogonal neighbours; its diagonal
    // neighbours are free, and a Red General stands on one of them.
    let mut pos = czech(
        &[
            ("k1", 'F'),
            ("j1", 'X'),
            ("k2", 'X'),
            ("e11", 'G'),
            ("b5", 'N'),
            ("f10", 'f'),
            ("f9", 'x'),
            ("e10", 'x'),
            ("g10", 'x'),
            ("f11", 'x'),
            ("b6", 'u'),
            ("h12", 's'),
        ],
        Side::Red,
    );
    assert_eq!(pos.status(), ongoing(Side::Red));
    assert_eq!(
        pos.check_move(mv("e11-f10")),
        Err(MoveError::DiagonalAttack(sq("f10")))
    );
    assert!(!targets(&pos, "e11").contains(&sq("f10")));
    // Red's only Miner dies: nobody can ever take a Flag.
    play(&mut pos, "b5xb6");
    assert!(!no_hope::can_reach_flag(&pos, Side::Red));
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
}

#[test]
fn czech_miner_enters_enemy_mine_only_orthogonally() {
    // Red's Miner b1 is shut in by its own Mines (c1, b2; Blue has no Miner to
    // clear them) and an enemy Mine on the diagonal c2, which it cannot attack.
    let pos = czech(
        &[
            ("b1", 'N'),
            ("c1", 'X'),
            ("b2", 'X'),
            ("c2", 'x'),
            ("k1", 'F'),
            ("j1", 'X'),
            ("k2", 'X'),
            ("f10", 'f'),
            ("h11", 's'),
        ],
        Side::Blue,
    );
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
    // With the enemy Mine orthogonal (b2) the Miner defuses its way out.
    let pos = czech(
        &[
            ("b1", 'N'),
            ("c1", 'X'),
            ("c2", 'X'),
            ("b2", 'x'),
            ("k1", 'F'),
            ("j1", 'X'),
            ("k2", 'X'),
            ("f10", 'f'),
            ("h11", 's'),
        ],
        Side::Blue,
    );
    assert_eq!(pos.status(), ongoing(Side::Blue));
    assert!(no_hope::can_reach_flag(&pos, Side::Red));
}

#[test]
fn czech_own_flag_and_lakes_block_for_ever() {
    // Blue's Flag b12 can only be reached over Red's own Flag c12; Red's Flag
    // only over Blue's own Flag. No Miners.
    let pos = czech(
        &[
            ("c12", 'F'),
            ("d12", 'X'),
            ("c11", 'X'),
            ("f4", 'G'),
            ("b12", 'f'),
            ("b11", 'x'),
            ("f9", 'g'),
        ],
        Side::Red,
    );
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));

    // Blue's Flag e7 inside the lake bracket, closed by two Mines.
    let walled = [
        ("k1", 'F'),
        ("j1", 'X'),
        ("k2", 'X'),
        ("c4", 'G'),
        ("e7", 'f'),
        ("e6", 'x'),
        ("f7", 'x'),
        ("h11", 's'),
    ];
    assert_eq!(
        czech(&walled, Side::Red).status(),
        drawn(DrawReason::NoHope)
    );
    let mut pieces = walled.to_vec();
    pieces.push(("c3", 'N'));
    assert_eq!(czech(&pieces, Side::Red).status(), ongoing(Side::Red));
}

#[test]
fn czech_optional_ply_limit_draws() {
    let pieces = [("b1", 'F'), ("c1", 'P'), ("k12", 'f'), ("j12", 'p')];
    let shuffle = ["c1-c2", "j12-j11", "c2-c1", "j11-j12"];
    assert_eq!(rules().max_plies, None);
    let mut pos = czech(&pieces, Side::Red);
    for _ in 0..10 {
        for m in shuffle {
            play(&mut pos, m);
        }
    }
    assert_eq!(pos.status(), ongoing(Side::Red));

    let mut r = rules();
    r.max_plies = Some(4);
    let mut pos = position(&r, &pieces, Side::Red);
    for m in &shuffle[..3] {
        play(&mut pos, m);
    }
    assert_eq!(pos.status(), ongoing(Side::Blue));
    play(&mut pos, shuffle[3]);
    assert_eq!(pos.status(), drawn(DrawReason::PlyLimit));
    assert_eq!(pos.check_move(mv("c1-c2")), Err(MoveError::GameOver));
}

#[test]
fn czech_optional_no_attack_limit_draws() {
    let pieces = [
        ("b1", 'F'),
        ("c1", 'P'),
        ("e3", 'G'),
        ("k12", 'f'),
        ("j12", 'p'),
        ("e4", 's'),
    ];
    let plies = ["c1-c2", "j12-j11", "e3xe4", "j11-j12", "c2-c1", "j12-j11"];
    assert_eq!(rules().max_plies_without_attack, None);
    let mut pos = czech(&pieces, Side::Red);
    for m in plies {
        play(&mut pos, m);
    }
    assert_eq!(pos.status(), ongoing(Side::Red));

    let mut r = rules();
    r.max_plies_without_attack = Some(3);
    let mut pos = position(&r, &pieces, Side::Red);
    for (i, m) in plies.iter().enumerate() {
        play(&mut pos, m);
        if i < plies.len() - 1 {
            assert!(!pos.status().is_over(), "after {m}: {}", pos.status());
        }
    }
    assert_eq!(pos.plies_since_attack(), 3);
    assert_eq!(pos.status(), drawn(DrawReason::NoAttackLimit));
}

// The repeated-position draw is a Game's (feature alloc).
#[cfg(feature = "alloc")]
#[test]
fn czech_optional_repetition_draw() {
    use marsal::{Game, MoveError};
    let pieces = [("b1", 'F'), ("c1", 'P'), ("k12", 'f'), ("j12", 'p')];
    // Both sides shuttle: the start position stands again after every 4 plies.
    let shuttle = ["c1-c2", "j12-j11", "c2-c1", "j11-j12"];

    // Off by default: the Czech rules do not have it.
    assert_eq!(rules().repetition_draw, None);
    let mut game = Game::from_position(czech(&pieces, Side::Red));
    for _ in 0..4 {
        for m in shuttle {
            game.play(mv(m)).unwrap();
        }
    }
    assert_eq!(game.occurrences(), 5);
    assert_eq!(game.status(), ongoing(Side::Red));

    // Threefold: drawn exactly when the start position stands for the third time.
    let mut r = rules();
    r.repetition_draw = Some(3);
    let mut game = Game::from_position(position(&r, &pieces, Side::Red));
    for (i, m) in shuttle.iter().chain(shuttle.iter()).enumerate() {
        assert!(
            !game.status().is_over(),
            "before ply {}: {}",
            i + 1,
            game.status()
        );
        game.play(mv(m)).unwrap();
    }
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.status(), drawn(DrawReason::Repetition));
    assert_eq!(game.position().status(), drawn(DrawReason::Repetition));
    assert_eq!(game.play(mv("c1-c2")), Err(MoveError::GameOver));
    // Undo takes the draw back with the move.
    game.undo().unwrap();
    assert_eq!(game.status(), ongoing(Side::Blue));

    // A fight in between starts the count afresh: positions before it cannot recur.
    let mut game = Game::from_position(position(
        &r,
        &[
            ("b1", 'F'),
            ("c1", 'P'),
            ("k12", 'f'),
            ("j12", 'p'),
            ("e3", 'G'),
            ("e4", 'u'),
        ],
        Side::Red,
    ));
    for m in shuttle {
        game.play(mv(m)).unwrap();
    }
    assert_eq!(game.occurrences(), 2);
    game.play(mv("e3xe4")).unwrap();
    assert_eq!(game.occurrences(), 1);
}

#[test]
fn czech_no_move_after_game_over() {
    // After a win.
    let mut pos = czech(
        &[
            ("b1", 'F'),
            ("k11", 'D'),
            ("c2", 'D'),
            ("k12", 'f'),
            ("j12", 'p'),
        ],
        Side::Red,
    );
    play(&mut pos, "k11xk12");
    assert!(pos.status().is_over());
    let after = pos;
    assert!(pos.legal_moves().is_empty());
    let mut n = 0;
    pos.for_each_legal_move(|_| n += 1);
    assert_eq!(n, 0);
    for m in ["j12-j11", "c2-c3", "k12-k11"] {
        assert_eq!(pos.check_move(mv(m)), Err(MoveError::GameOver));
        assert_eq!(pos.play(mv(m)), Err(MoveError::GameOver));
    }
    assert_eq!(pos, after);

    // After a draw.
    let mut pos = walled_flags('N', &[]);
    play(&mut pos, "f6xf7");
    assert_eq!(pos.status(), drawn(DrawReason::NoHope));
    assert_eq!(pos.check_move(mv("j10-j9")), Err(MoveError::GameOver));
}
