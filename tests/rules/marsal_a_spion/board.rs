//! The board of Maršál a špión.

use super::*;

#[test]
fn czech_files_a_and_l_exist_only_on_ranks_4_to_9() {
    let g = rules().board;
    for rank in 0..12u8 {
        for file in [0u8, 11] {
            let s = Square::new(file, rank).unwrap();
            assert_eq!(g.is_playable(s), (3..=8).contains(&rank), "{s}");
            assert!(!g.is_lake(s), "{s}");
        }
        for file in 1..11u8 {
            let s = Square::new(file, rank).unwrap();
            assert!(g.is_playable(s) || g.is_lake(s), "{s} must exist");
        }
    }

    // The position text must write the missing squares as '#' ...
    let mut rows = EMPTY_ROWS.map(String::from);
    rows[0] = "#.........f#".into();
    rows[11] = "..........F#".into(); // '.' on a1
    let err = Position::from_text(&rules(), &format!("{} r", rows.join("/"))).unwrap_err();
    assert_eq!(
        err,
        PositionError::Text(PositionTextError::Terrain {
            square: sq("a1"),
            expected: '#'
        })
    );
    // ... and no piece can stand there.
    rows[11] = "U.........F#".into();
    let err = Position::from_text(&rules(), &format!("{} r", rows.join("/"))).unwrap_err();
    assert_eq!(err, PositionError::NotPlayable(sq("a1")));

    // No move leads there.
    let pos = czech(
        &[
            ("k1", 'F'),
            ("b3", 'U'),
            ("a5", 'S'),
            ("k12", 'f'),
            ("l9", 'p'),
        ],
        Side::Red,
    );
    assert_eq!(
        pos.check_move(mv("b3-a3")),
        Err(MoveError::OffBoard(sq("a3")))
    );
    assert_eq!(
        pos.check_move(mv("b3-a2")),
        Err(MoveError::OffBoard(sq("a2")))
    );
    assert_eq!(pos.check_move(mv("b3-a4")), Ok(()));
    assert_eq!(
        pos.check_move(mv("a5-a10")),
        Err(MoveError::OffBoard(sq("a10")))
    );
    assert_eq!(pos.check_move(mv("a5-a9")), Ok(()));
    assert_eq!(pos.check_move(mv("a5-a4")), Ok(()));
    assert!(
        pos.legal_moves()
            .iter()
            .all(|m| rules().board.is_playable(m.to))
    );
}

#[test]
fn czech_lakes_are_the_twelve_listed_squares() {
    let g = rules().board;
    let listed = [
        "d5", "d6", "d7", "d8", "e5", "e8", "h5", "h8", "i5", "i6", "i7", "i8",
    ];
    assert_eq!(g.lakes.len(), 12);
    for name in listed {
        assert!(g.is_lake(sq(name)), "{name} is a lake");
        assert!(!g.is_playable(sq(name)), "{name} is not playable");
    }
    // The inside of the brackets and their neighbours are ordinary squares.
    for name in ["e6", "e7", "h6", "h7", "f5", "g8", "c5", "j8", "d4", "d9"] {
        assert!(!g.is_lake(sq(name)), "{name} is no lake");
        assert!(g.is_playable(sq(name)), "{name} is playable");
    }
    let pos = czech(&[("b1", 'F'), ("k12", 'f')], Side::Red);
    let view = pos.view(Side::Red);
    let lakes: Vec<Square> = view
        .squares()
        .filter(|(_, v)| *v == SquareView::Lake)
        .map(|(s, _)| s)
        .collect();
    assert_eq!(lakes, {
        let mut v: Vec<Square> = listed.iter().map(|n| sq(n)).collect();
        v.sort_by_key(|s| s.grid_index());
        v
    });
}

#[test]
fn czech_board_has_120_playable_squares_and_40_square_zones() {
    let g = rules().board;
    assert_eq!(g.playable.len(), 120);
    let (red, blue) = (g.zone(Side::Red), g.zone(Side::Blue));
    assert_eq!((red.len(), blue.len()), (40, 40));
    for file in 0..12u8 {
        for rank in 0..12u8 {
            let s = Square::new(file, rank).unwrap();
            let inner = (1..=10).contains(&file);
            assert_eq!(red.contains(s), inner && rank <= 3, "{s} in Red's zone");
            assert_eq!(blue.contains(s), inner && rank >= 8, "{s} in Blue's zone");
        }
    }
    for neutral in ["a4", "l4", "a9", "l9", "a5", "f6", "l8", "g7"] {
        assert!(g.is_playable(sq(neutral)));
        assert!(!red.contains(sq(neutral)) && !blue.contains(sq(neutral)));
    }
    let pos = czech(&[("b1", 'F'), ("k12", 'f')], Side::Red);
    let playable = pos
        .view(Side::Blue)
        .squares()
        .filter(|(_, v)| *v != SquareView::Lake)
        .count();
    assert_eq!(playable, 120);
}

#[test]
fn czech_board_is_symmetric_under_half_turn() {
    let g = rules().board;
    for s in Square::all() {
        // (file i, rank r) <-> (11 - i, 13 - r) with 1-based ranks.
        let t = Square::new(11 - s.file(), 11 - s.rank()).unwrap();
        assert_eq!(g.is_playable(s), g.is_playable(t), "{s} / {t}");
        assert_eq!(g.is_lake(s), g.is_lake(t), "{s} / {t}");
        assert_eq!(
            g.zone(Side::Red).contains(s),
            g.zone(Side::Blue).contains(t),
            "{s} / {t}"
        );
        assert_eq!(g.rotate(s), Some(t));
    }
}
