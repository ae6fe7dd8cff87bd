//! Perft: the bulk counting of `examples/perft.rs` (copy-make, the last ply
//! counted with `Position::legal_move_count`) must equal plain enumeration of
//! `Position::legal_moves` to the leaves, and the moves generated must be exactly
//! the moves `Position::is_legal` accepts (checked square pair by square pair,
//! independently of the move generator). The expected counts were computed with
//! the engine at commit fce1306; a change in them means a change in the rules
//! the position applies.
//!
//! `cargo test -p marsal --features serde --test formats perft::`

use marsal::{Move, Position, Ruleset};

/// Leaf nodes to `depth`, as `examples/perft.rs` counts them.
fn perft_bulk(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut child = *pos;
                child.play(mv).expect("a generated move is legal");
                perft_bulk(&child, depth - 1)
            })
            .sum(),
    }
}

/// Leaf nodes to `depth`, every leaf reached by playing its move.
fn perft_naive(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for mv in pos.legal_moves() {
        let mut child = *pos;
        child.play(mv).expect("a generated move is legal");
        n += perft_naive(&child, depth - 1);
    }
    n
}

/// Every move `is_legal` accepts: each piece of the side to move to each
/// playable square, sorted.
fn brute_force_moves(pos: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = pos
        .pieces(pos.to_move())
        .flat_map(|(from, _)| {
            pos.rules()
                .board
                .playable
                .iter()
                .map(move |to| Move::new(from, to))
        })
        .filter(|mv| pos.is_legal(*mv))
        .collect();
    moves.sort();
    moves
}

/// Checks the generated moves against [`brute_force_moves`] in every node of
/// the tree of `pos` to `depth`.
fn check_generation(pos: &Position, depth: u32) {
    let mut generated: Vec<Move> = pos.legal_moves().iter().copied().collect();
    generated.sort();
    assert_eq!(generated, brute_force_moves(pos), "in {}", pos.to_text());
    assert_eq!(pos.legal_move_count(), generated.len());
    if depth > 0 {
        for mv in generated {
            let mut child = *pos;
            child.play(mv).expect("a generated move is legal");
            check_generation(&child, depth - 1);
        }
    }
}

/// Checks the counts at depths 1, 2, ... against `expected`, both ways.
fn check(name: &str, pos: &Position, expected: &[u64]) {
    for (depth, &want) in (1..).zip(expected) {
        assert_eq!(
            perft_naive(pos, depth),
            want,
            "{name}: naive, depth {depth}"
        );
        assert_eq!(perft_bulk(pos, depth), want, "{name}: bulk, depth {depth}");
        assert_eq!(
            pos.perft(depth),
            want,
            "{name}: Position::perft, depth {depth}"
        );
    }
    check_generation(pos, 1);
}

/// A classic endgame: Red's Flag behind two Bombs with Marshal, Scout, Miner
/// and Spy; Blue's Flag behind two Bombs with General, Scout, Miner and Sergeant.
const CLASSIC_ENDGAME: &str = "........bf/.....n...b/.s......../....g...../..~~..~~.r/\
                               ..~~..~~../....M...../.......S../B.N......./FB.Y...... r";

#[test]
fn barrage_start() {
    let pos = Position::start(&Ruleset::barrage(), 7, 8).unwrap();
    check("barrage 7", &pos, &[30, 870, 25523]);
    check_generation(&pos, 2);
}

#[test]
fn classic_start() {
    let pos = Position::start(&Ruleset::classic(), 1, 2).unwrap();
    check("classic 1", &pos, &[7, 34, 320, 2349]);
}

#[test]
fn marsal_a_spion_start() {
    // Diagonal steps.
    let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2).unwrap();
    check("marsal_a_spion 1", &pos, &[30, 689]);
}

#[test]
fn quick_battle_8x8_start() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/rulesets/quick_battle_8x8.json"
    );
    let rules: Ruleset = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let pos = Position::start(&rules, 1, 2).unwrap();
    check("quick_battle_8x8 1", &pos, &[24, 576, 12967]);
}

#[test]
fn classic_endgame() {
    let pos = Position::from_text(&Ruleset::classic(), CLASSIC_ENDGAME).unwrap();
    check("classic endgame", &pos, &[23, 664, 14654, 361791]);
    check_generation(&pos, 2);
}

#[test]
fn classic_endgame_under_the_two_square_rule() {
    // The Scout goes h3-h4-h3-h4 while Blue's Scout goes b8-b7-b8-b7: a fourth
    // crossing of the same border in a row is forbidden to both.
    let mut pos = Position::from_text(&Ruleset::classic(), CLASSIC_ENDGAME).unwrap();
    for mv in ["h3-h4", "b8-b7", "h4-h3", "b7-b8", "h3-h4", "b8-b7"] {
        pos.play_text(mv).unwrap();
    }
    assert!(!pos.is_legal("h4-h3".parse().unwrap()));
    check(
        "classic endgame, two-square",
        &pos,
        &[15, 299, 5541, 122701],
    );
    check_generation(&pos, 2);
}

#[test]
fn game_over_has_no_moves() {
    // Blue's Flag is gone: Red has won, nothing is counted.
    let rules = Ruleset::barrage();
    let text = "........../........../........../........../..~~..~~../\
                ..~~..~~../........../........../........../M........F b";
    let pos = Position::from_text(&rules, text).unwrap();
    assert!(pos.status().is_over());
    for depth in 1..3 {
        assert_eq!(perft_bulk(&pos, depth), 0);
        assert_eq!(pos.perft(depth), 0);
        assert_eq!(perft_naive(&pos, depth), 0);
    }
    assert!(brute_force_moves(&pos).is_empty());
}
