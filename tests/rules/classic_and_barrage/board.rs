//! Classic: the board.

use super::*;

#[test]
fn classic_board_is_10x10_with_eight_lake_squares() {
    let g = Ruleset::classic().board;
    assert_eq!((g.files, g.ranks), (10, 10));
    let lakes: BTreeSet<String> = g.lakes.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        lakes,
        set(&["c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"])
    );
    assert_eq!(g.playable.len(), 92);
    for s in Square::all() {
        let inside = s.file() < 10 && s.rank() < 10;
        if inside {
            assert!(
                g.is_playable(s) != g.is_lake(s),
                "{s} must be playable or lake"
            );
        } else {
            assert!(!g.is_playable(s) && !g.is_lake(s), "{s} must not exist");
        }
    }
}

#[test]
fn classic_square_names_run_a1_to_j10() {
    let g = Ruleset::classic().board;
    for file in 'a'..='j' {
        for rank in 1..=10 {
            let name = format!("{file}{rank}");
            let s = sq(&name);
            assert_eq!(s.to_string(), name);
            if g.is_lake(s) {
                assert_eq!(g.parse_square(&name), Err(SquareParseError::Lake(s)));
            } else {
                assert_eq!(g.parse_square(&name), Ok(s));
            }
        }
    }
    // a1 is Red's bottom left corner, j10 Blue's.
    assert_eq!((sq("a1").file(), sq("a1").rank()), (0, 0));
    assert_eq!((sq("j10").file(), sq("j10").rank()), (9, 9));
    assert_eq!(g.rotate(sq("a1")), Some(sq("j10")));
}

#[test]
fn classic_k_file_and_rank_11_are_rejected() {
    let g = Ruleset::classic().board;
    for name in ["k1", "k5", "k10", "a11", "j11", "k11", "l12"] {
        assert_eq!(
            g.parse_square(name),
            Err(SquareParseError::OffBoard(sq(name))),
            "{name}"
        );
    }
    assert_eq!(g.parse_square("a0"), Err(SquareParseError::BadRank));
    assert_eq!(g.parse_square("a13"), Err(SquareParseError::BadRank));
    assert_eq!(g.parse_square("m1"), Err(SquareParseError::BadFile('m')));
    // and no move may go there
    let mut pos = classic(
        &[("a1", 'F'), ("j3", 'R'), ("j10", 'f'), ("a8", 'r')],
        Side::Red,
    );
    refused(&mut pos, "j3-k3", MoveError::OffBoard(sq("k3")));
    assert!(pos.legal_moves().iter().all(|m| g.is_playable(m.to)));
}

#[test]
fn classic_setup_zones_are_ranks_1_to_4_and_7_to_10() {
    let g = Ruleset::classic().board;
    for s in g.playable.iter() {
        let rank = s.rank() + 1;
        assert_eq!(g.zone(Side::Red).contains(s), rank <= 4, "{s}");
        assert_eq!(g.zone(Side::Blue).contains(s), rank >= 7, "{s}");
    }
    assert_eq!(g.zone(Side::Red).len(), 40);
    assert_eq!(g.zone(Side::Blue).len(), 40);
}

#[test]
fn classic_no_piece_enters_or_crosses_a_lake() {
    let mut pos = classic(
        &[
            ("a1", 'F'),
            ("c4", 'L'),
            ("h2", 'S'),
            ("a5", 'S'),
            ("j10", 'f'),
            ("j8", 'r'),
        ],
        Side::Red,
    );
    refused(&mut pos, "c4-c5", MoveError::Lake(sq("c5")));
    assert_eq!(moves_from(&pos, "c4"), set(&["c3", "b4", "d4"]));
    // a Scout stops in front of a lake
    refused(&mut pos, "h2-h7", MoveError::PathBlocked(sq("h5")));
    assert_eq!(
        moves_from(&pos, "h2"),
        set(&[
            "h1", "h3", "h4", "g2", "f2", "e2", "d2", "c2", "b2", "a2", "i2", "j2"
        ])
    );
    refused(&mut pos, "a5-e5", MoveError::PathBlocked(sq("c5")));
    assert_eq!(
        moves_from(&pos, "a5"),
        set(&["b5", "a4", "a3", "a2", "a6", "a7", "a8", "a9", "a10"])
    );
}
