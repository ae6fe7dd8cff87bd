//! The data blocks of `docs/rules.md` say what the library does: the JSON
//! ruleset reads and plays, the drawn boards are the presets' boards square by
//! square, the setup text and the position text read as the prose around them
//! says, and the board written in diagram form is the Czech preset's board.
//!
//! The blocks are read from the file at test time, each as the first block of
//! its language under its heading, so that a block that drifts, moves or
//! disappears fails here by name.

use crate::common::doc_blocks::doc_block;
use crate::common::sq;
use marsal::{Game, Geometry, Piece, PieceKind, Position, Ruleset, Setup, Side, Square};

/// The first block of `lang` under `heading` in `docs/rules.md`.
fn block(heading: &str, lang: &str) -> String {
    doc_block("docs/rules.md", heading, lang, 0)
}

/// The diagram character of `s` on `g`: `#` off the board, `~` lake, `R` and
/// `B` the setup zones, `.` a neutral playable square.
fn diagram_char(g: &Geometry, s: Square) -> char {
    if g.is_lake(s) {
        '~'
    } else if g.zone(Side::Red).contains(s) {
        'R'
    } else if g.zone(Side::Blue).contains(s) {
        'B'
    } else if g.is_playable(s) {
        '.'
    } else {
        '#'
    }
}

/// Checks a board drawn with rank numbers on the left and file letters
/// below, one character a square separated by spaces, against `g`.
fn assert_drawn_board_is(drawing: &str, g: &Geometry, name: &str) {
    let lines: Vec<&str> = drawing.lines().collect();
    assert_eq!(
        lines.len(),
        g.ranks as usize + 1,
        "{name}: a row for each rank and the file letters"
    );
    let (files, ranks) = lines.split_last().unwrap();
    let letters: String = files.split_whitespace().collect();
    let expected: String = (0..g.files).map(|f| (b'a' + f) as char).collect();
    assert_eq!(letters, expected, "{name}: the file letters");
    for (row, line) in ranks.iter().enumerate() {
        let rank = g.ranks - 1 - row as u8;
        let mut cells = line.split_whitespace();
        let label = cells.next().unwrap_or_default();
        assert_eq!(
            label,
            (rank + 1).to_string(),
            "{name}: the rank label of row {row}"
        );
        let cells: Vec<&str> = cells.collect();
        assert_eq!(
            cells.len(),
            g.files as usize,
            "{name}: the squares of rank {}",
            rank + 1
        );
        for (file, cell) in cells.iter().enumerate() {
            let s = Square::new(file as u8, rank).unwrap();
            assert_eq!(
                *cell,
                diagram_char(g, s).to_string(),
                "{name}: the square {s} as drawn"
            );
        }
    }
}

#[test]
fn the_drawn_czech_board_is_the_marsal_a_spion_presets_board_square_by_square() {
    let drawing = block("### 2.1 Board", "text");
    assert_drawn_board_is(
        &drawing,
        &Ruleset::marsal_a_spion().board,
        "the Czech board",
    );
}

#[test]
fn the_drawn_classic_board_is_the_classic_and_barrage_presets_board_square_by_square() {
    let drawing = block("### 3.1 Classic board", "text");
    assert_drawn_board_is(&drawing, &Ruleset::classic().board, "the classic board");
    assert_eq!(Ruleset::barrage().board, Ruleset::classic().board);
}

#[test]
fn the_czech_board_in_diagram_form_is_the_marsal_a_spion_presets_board() {
    let diagram = block("### 6.5 Board diagrams", "text");
    let rows: Vec<&str> = diagram.lines().collect();
    let board = Geometry::from_diagram(&rows).expect("the diagram reads");
    assert_eq!(board, Ruleset::marsal_a_spion().board);
    assert_eq!(board, Geometry::marsal_a_spion());
}

#[test]
fn the_czech_setup_text_for_red_reads_and_puts_the_flag_on_f1() {
    let rules = Ruleset::marsal_a_spion();
    let text = block("### 6.3 Setup text", "text");
    let red = Setup::from_text(&rules, Side::Red, &text).expect("the setup text reads");
    red.validate(&rules).expect("a whole Czech army");
    let flags: Vec<Square> = red
        .pieces()
        .filter(|(_, k)| *k == PieceKind::Flag)
        .map(|(s, _)| s)
        .collect();
    assert_eq!(flags, [sq("f1")], "the Flag stands on f1");
    // Its first row is rank 4 (b4..k4), its last row rank 1 (b1..k1).
    let first = text.split('/').next().unwrap();
    for (i, letter) in first.chars().enumerate() {
        let s = Square::new(1 + i as u8, 3).unwrap();
        assert_eq!(red.get(s), PieceKind::from_letter(letter), "{s}");
    }
    // Read for Blue, the same arrangement turned round: the Flag on g12.
    let blue = Setup::from_text(&rules, Side::Blue, &text).expect("read for Blue");
    for (s, kind) in red.pieces() {
        assert_eq!(blue.get(rules.board.rotate(s).unwrap()), Some(kind), "{s}");
    }
    assert_eq!(blue.get(sq("g12")), Some(PieceKind::Flag));
    // Both setups start a game.
    Game::new(&rules, &red, &blue).expect("a game from the text's setups");
}

#[test]
fn the_czech_position_text_reads_with_red_to_move_and_the_four_pieces_the_prose_names() {
    let rules = Ruleset::marsal_a_spion();
    let text = block("### 6.4 Position text", "text");
    let pos = Position::from_text(&rules, &text).expect("the position text reads");
    assert_eq!(pos.to_move(), Side::Red);
    // Blue's Flag on k12 and a Blue Miner on j12, a Red Gunner on f3 and the
    // Red Flag on b1, and nothing else.
    let named = [
        ("k12", Side::Blue, PieceKind::Flag),
        ("j12", Side::Blue, PieceKind::Miner),
        ("f3", Side::Red, PieceKind::Gunner),
        ("b1", Side::Red, PieceKind::Flag),
    ];
    for (name, side, kind) in named {
        assert_eq!(
            pos.piece_at(sq(name)),
            Some(Piece::new(side, kind)),
            "{name}"
        );
    }
    let count = pos.pieces(Side::Red).count() + pos.pieces(Side::Blue).count();
    assert_eq!(
        count,
        named.len(),
        "only the named pieces stand on the board"
    );
    assert_eq!(pos.to_text().to_string(), text, "the text round-trips");
}

#[cfg(feature = "serde")]
#[test]
fn the_json_ruleset_reads_validates_and_plays_a_game_from_random_setups() {
    let json = block("### 1.3 JSON form", "json");
    let rules: Ruleset = serde_json::from_str(&json).expect("the JSON reads as a Ruleset");
    rules.validate().expect("the ruleset is valid");
    let board = [
        "BBBBBBBB", "BBBBBBBB", "BBBBBBBB", "..~..~..", "..~..~..", "RRRRRRRR", "RRRRRRRR",
        "RRRRRRRR",
    ];
    assert_eq!(rules.board, Geometry::from_diagram(&board).unwrap());
    assert!(!rules.diagonal_steps && rules.more_squares);
    assert_eq!(rules.two_square, Some(3));
    for seed in 0..5 {
        let start = Position::start(&rules, seed, seed + 10).expect("random setups start a game");
        let mut game = Game::from_position(start);
        let mut rng = marsal::Rng::new(seed);
        let mut plies = 0;
        while plies < 300 && game.play_random(&mut rng).is_some() {
            plies += 1;
        }
        assert!(plies > 0, "seed {seed}: Red has a move at the start");
    }
}
