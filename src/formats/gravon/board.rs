//! Gravon's squares and its 100-character board of both setups.

use super::*;

/// Gravon's column letters, `A`..`K` without `J`.
pub(super) const FILES: [u8; 10] = *b"ABCDEFGHIK";

/// The Gravon letters of a side's pieces, in the order bomb, spy, scout, miner,
/// sergeant, lieutenant, captain, major, colonel, general, marshal, flag.
pub(super) const KINDS: [PieceKind; 12] = [
    PieceKind::Bomb,
    PieceKind::Spy,
    PieceKind::Scout,
    PieceKind::Miner,
    PieceKind::Sergeant,
    PieceKind::Lieutenant,
    PieceKind::Captain,
    PieceKind::Major,
    PieceKind::Colonel,
    PieceKind::General,
    PieceKind::Marshal,
    PieceKind::Flag,
];

/// The first letter of each side's pieces (red `B`, blue `N`).
pub(super) const fn first_letter(side: Side) -> u8 {
    match side {
        Side::Red => b'B',
        Side::Blue => b'N',
    }
}

/// The square with a Gravon name: columns `A B C D E F G H I K` (no `J`) for
/// the engine's files `a`..`j`, rows `1`..`9` and `:` for rank 10. Upper case
/// only, exactly two characters.
///
/// ```
/// use marsal::gravon::{square_from_gravon, GravonError};
/// assert_eq!(square_from_gravon("K:")?.to_string(), "j10");
/// assert_eq!(square_from_gravon("A1")?.to_string(), "a1");
/// assert_eq!(square_from_gravon("J1"), Err(GravonError::BadSquare { found: "J1".into() }));
/// # Ok::<(), GravonError>(())
/// ```
pub fn square_from_gravon(name: &str) -> Result<Square, GravonError> {
    let bad = || GravonError::BadSquare {
        found: name.to_string(),
    };
    let &[f, r] = name.as_bytes() else {
        return Err(bad());
    };
    let file = FILES.iter().position(|&c| c == f).ok_or_else(bad)?;
    if !(b'1'..=b':').contains(&r) {
        return Err(bad());
    }
    Square::new(file as u8, r - b'1').ok_or_else(bad)
}

/// The Gravon name of a square (see [`square_from_gravon`]). Squares beyond
/// Gravon's 10 x 10 board continue the pattern (files `L`, `M`; ranks `;`, `<`),
/// which [`square_from_gravon`] does not accept.
///
/// ```
/// use marsal::gravon::square_to_gravon;
/// assert_eq!(square_to_gravon("j10".parse().unwrap()), "K:");
/// assert_eq!(square_to_gravon("e5".parse().unwrap()), "E5");
/// ```
pub fn square_to_gravon(square: Square) -> String {
    let file = match FILES.get(square.file() as usize) {
        Some(&c) => c as char,
        None => (b'L' + (square.file() - 10)) as char,
    };
    let rank = (b'1' + square.rank()) as char;
    let mut s = String::with_capacity(2);
    s.push(file);
    s.push(rank);
    s
}

/// The square of character `index` of a board text (10 x 10, `A1`..`K1` first).
pub(super) fn board_square(index: usize) -> Square {
    // index < 100, so file and rank are below 10 and the square exists.
    Square::new((index % 10) as u8, (index / 10) as u8).unwrap_or_else(|| unreachable!())
}

/// Both setups from a Gravon board text (`field content`): 100 characters,
/// character `i` for column `i % 10` and row `i / 10 + 1` (so the first ten are
/// `A1`..`K1`). `A` is an empty square, `_` a lake; red pieces are `B`..`M`,
/// blue pieces `N`..`Y`, each in the order bomb, spy, scout, miner, sergeant,
/// lieutenant, captain, major, colonel, general, marshal, flag.
///
/// Every lake of `rules` must be written `_` and every `_` must be a lake of
/// `rules`; both setups must be legal for `rules` ([`Setup::validate`]).
///
/// ```
/// use marsal::gravon::{board_to_setups, GravonError};
/// use marsal::{PieceKind, Ruleset, Side};
/// let rules = Ruleset::barrage();
/// let mut field = String::from("MCDDEKLB");
/// field += &"A".repeat(34);
/// field += "__AA__AAAA__AA__";
/// field += &"A".repeat(34);
/// field += "YNPPQWXO";
/// let (red, blue) = board_to_setups(&rules, &field)?;
/// assert_eq!(red.get("a1".parse().unwrap()), Some(PieceKind::Flag));
/// assert_eq!(blue.get("j10".parse().unwrap()), Some(PieceKind::Spy));
/// assert_eq!(
///     board_to_setups(&rules, "AA"),
///     Err(GravonError::BoardLength { found: 2 })
/// );
/// # Ok::<(), GravonError>(())
/// ```
pub fn board_to_setups(rules: &Ruleset, field: &str) -> Result<(Setup, Setup), GravonError> {
    let found = field.chars().count();
    if found != 100 {
        return Err(GravonError::BoardLength { found });
    }
    let mut red = Setup::new(Side::Red);
    let mut blue = Setup::new(Side::Blue);
    for (index, letter) in field.chars().enumerate() {
        let square = board_square(index);
        let is_lake = rules.board.is_lake(square);
        if (letter == '_') != is_lake {
            return Err(GravonError::LakeMismatch {
                letter,
                index,
                square: square_to_gravon(square),
                is_lake,
            });
        }
        let (setup, first) = match letter {
            'A' | '_' => continue,
            'B'..='M' => (&mut red, b'B'),
            'N'..='Y' => (&mut blue, b'N'),
            _ => {
                return Err(GravonError::UnknownLetter {
                    letter,
                    index,
                    square: square_to_gravon(square),
                });
            }
        };
        let kind = KINDS[(letter as u8 - first) as usize];
        // Each square is visited once, so it is still empty.
        let _ = setup.place(square, kind);
    }
    for setup in [&red, &blue] {
        setup.validate(rules).map_err(|error| GravonError::Setup {
            side: setup.side(),
            error,
        })?;
    }
    Ok((red, blue))
}

/// The Gravon letter offset of a kind (see [`board_to_setups`]); a Mine is
/// written as a Bomb. Kinds Gravon does not know (the Czech Cadet, Corporal and
/// Gunner) have none.
pub(super) fn kind_offset(kind: PieceKind) -> Option<u8> {
    let kind = if kind == PieceKind::Mine {
        PieceKind::Bomb
    } else {
        kind
    };
    KINDS.iter().position(|k| *k == kind).map(|i| i as u8)
}

/// The Gravon board text of two setups (see [`board_to_setups`]): 100
/// characters, lakes `_` where Gravon's board has them (C5 D5 C6 D6 G5 H5 G6
/// H6). `red`'s pieces get red letters and `blue`'s blue letters, whatever side
/// each setup says it is for. A Mine is written as a Bomb; pieces Gravon has no
/// letter for (Cadet, Corporal, Gunner) and pieces off the 10 x 10 board are left
/// out, and a piece on a lake square is written instead of the `_`.
///
/// ```
/// use marsal::gravon::{board_to_setups, setups_to_board};
/// use marsal::{Ruleset, Setup, Side};
/// let rules = Ruleset::classic();
/// let (red, blue) = (Setup::random(&rules, Side::Red, 1), Setup::random(&rules, Side::Blue, 2));
/// let field = setups_to_board(&red, &blue);
/// assert_eq!(field.len(), 100);
/// assert_eq!(&field[40..50], "AA__AA__AA");
/// assert_eq!(board_to_setups(&rules, &field)?, (red, blue));
/// # Ok::<(), marsal::gravon::GravonError>(())
/// ```
pub fn setups_to_board(red: &Setup, blue: &Setup) -> String {
    let lakes = crate::Geometry::classic();
    let mut board = [b'A'; 100];
    for (index, cell) in board.iter_mut().enumerate() {
        let square = board_square(index);
        if lakes.is_lake(square) {
            *cell = b'_';
        }
        for (setup, side) in [(red, Side::Red), (blue, Side::Blue)] {
            if let Some(offset) = setup.get(square).and_then(kind_offset) {
                *cell = first_letter(side) + offset;
            }
        }
    }
    board.iter().map(|&b| b as char).collect()
}
