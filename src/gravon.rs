//! Recorded games in the XML format of the Gravon online platform (feature
//! `gravon`): read them, write them, and replay them through the referee.
//!
//! # The format
//! ```xml
//! <stratego><game type="classic">
//!   <field content="…100 characters…"/>
//!   <move id="1" source="I4" target="I5"/> …
//!   <result type="1" winner="2"/>
//! </game></stratego>
//! ```
//! - Squares: columns `A B C D E F G H I K` (no `J`), rows `1`..`9` and `:` for
//!   row 10 (see [`square_from_gravon`]); Gravon's `A1` is the engine's `a1`,
//!   its `K:` the engine's `j10`.
//! - `field content`: the start position, 100 characters (see
//!   [`board_to_setups`]).
//! - Moves: red makes move 1, then the players alternate; `id` counts from 1.
//! - `result`: see [`GravonResult`].
//!
//! The XML is read with `quick-xml`. The first `<game>` element of the document
//! is the game (it may stand anywhere, usually inside `<stratego>`); its `field`,
//! `move` and `result` elements are read, every other element (such as
//! `player`) and attribute is ignored. Nothing in this module panics, whatever
//! the input: every problem is a [`GravonError`].
//!
//! ```
//! use marsal::gravon;
//! let field = gravon::setups_to_board(
//!     &marsal::Setup::random(&marsal::Ruleset::barrage(), marsal::Side::Red, 1),
//!     &marsal::Setup::random(&marsal::Ruleset::barrage(), marsal::Side::Blue, 2),
//! );
//! let xml = format!(
//!     r#"<stratego><game type="barrage"><field content="{field}"/>
//!        <result type="3" winner="2"/></game></stratego>"#
//! );
//! let game = gravon::parse(&xml)?;
//! let report = gravon::replay(&game, &game.kind.ruleset())?;
//! assert!(report.is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{
    DrawReason, Game, Move, MoveError, PieceKind, PositionError, Ruleset, Setup, SetupError, Side,
    Square, Status, WinReason,
};
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

/// The two kinds of game Gravon recorded.
///
/// ```
/// use marsal::gravon::GravonKind;
/// assert_eq!(GravonKind::Barrage.ruleset(), marsal::Ruleset::barrage());
/// assert_eq!(GravonKind::Classic.to_string(), "classic");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GravonKind {
    /// Classic Stratego, 40 pieces a side (`type="classic"`).
    Classic,
    /// Barrage, 8 pieces a side (`type="barrage"`).
    Barrage,
}

impl GravonKind {
    /// The preset of this kind: [`Ruleset::classic`] or [`Ruleset::barrage`].
    /// Gravon's records carry no rule options; see [`rules_for_year`] for the
    /// two-square limit of the year a game was played.
    ///
    /// ```
    /// use marsal::gravon::GravonKind;
    /// assert_eq!(GravonKind::Classic.ruleset(), marsal::Ruleset::classic());
    /// ```
    pub fn ruleset(&self) -> Ruleset {
        match self {
            GravonKind::Classic => Ruleset::classic(),
            GravonKind::Barrage => Ruleset::barrage(),
        }
    }

    /// The value of the `type` attribute: `classic` or `barrage`.
    ///
    /// ```
    /// assert_eq!(marsal::gravon::GravonKind::Barrage.name(), "barrage");
    /// ```
    pub const fn name(&self) -> &'static str {
        match self {
            GravonKind::Classic => "classic",
            GravonKind::Barrage => "barrage",
        }
    }
}

impl fmt::Display for GravonKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a recorded game ended: the `<result type=".." winner=".."/>` element.
///
/// Codes: 0 the winner's opponent could not move; 1 the Flag was captured; 2
/// neither side could move (a draw); 3 resignation or forfeit; 4 draw agreed;
/// 10–14 clocks and absent players. `winner` is `1` red, `2` blue, `3` none.
///
/// ```
/// use marsal::gravon::{GravonResult, FLAG_CAPTURED};
/// let r = GravonResult { code: FLAG_CAPTURED, winner: Some(marsal::Side::Blue) };
/// assert!(r.is_decided_by_rules());
/// assert!(!GravonResult { code: 3, winner: None }.is_decided_by_rules());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GravonResult {
    /// The result type: one of 0..=4 and 10..=14.
    pub code: u8,
    /// The winner, `None` for `winner="3"`.
    pub winner: Option<Side>,
}

/// Result code 0: the winner's opponent could not move.
pub const OPPONENT_CANNOT_MOVE: u8 = 0;
/// Result code 1: the winner captured the Flag.
pub const FLAG_CAPTURED: u8 = 1;
/// Result code 2: neither side could move (a draw).
pub const NEITHER_CAN_MOVE: u8 = 2;

impl GravonResult {
    /// Whether `code` is a result type Gravon used: 0..=4 or 10..=14.
    ///
    /// ```
    /// use marsal::gravon::GravonResult;
    /// assert!(GravonResult::is_known_code(14));
    /// assert!(!GravonResult::is_known_code(5));
    /// ```
    pub const fn is_known_code(code: u8) -> bool {
        matches!(code, 0..=4 | 10..=14)
    }

    /// Whether the rules decided this ending (codes 0, 1, 2), so that the
    /// engine must reach exactly it; the others (resignation, agreement,
    /// clocks) are the players' decisions.
    ///
    /// ```
    /// let r = marsal::gravon::GravonResult { code: 0, winner: Some(marsal::Side::Red) };
    /// assert!(r.is_decided_by_rules());
    /// ```
    pub const fn is_decided_by_rules(&self) -> bool {
        self.code <= NEITHER_CAN_MOVE
    }

    /// The status the engine must reach for an ending the rules decided
    /// (see [`is_decided_by_rules`](GravonResult::is_decided_by_rules)):
    /// `Some(status)` for code 2, and for codes 0 and 1 when a winner is named;
    /// `None` otherwise.
    ///
    /// ```
    /// use marsal::{gravon::GravonResult, Side, Status, WinReason};
    /// let r = GravonResult { code: 1, winner: Some(Side::Red) };
    /// assert_eq!(
    ///     r.expected_status(),
    ///     Some(Status::Won { winner: Side::Red, reason: WinReason::FlagCaptured })
    /// );
    /// assert_eq!(GravonResult { code: 1, winner: None }.expected_status(), None);
    /// ```
    pub const fn expected_status(&self) -> Option<Status> {
        match (self.code, self.winner) {
            (OPPONENT_CANNOT_MOVE, Some(winner)) => Some(Status::Won {
                winner,
                reason: WinReason::OpponentCannotMove,
            }),
            (FLAG_CAPTURED, Some(winner)) => Some(Status::Won {
                winner,
                reason: WinReason::FlagCaptured,
            }),
            (NEITHER_CAN_MOVE, _) => Some(Status::Drawn {
                reason: DrawReason::NeitherCanMove,
            }),
            _ => None,
        }
    }
}

/// One recorded game: its kind, both setups, the moves and the result.
///
/// ```
/// use marsal::gravon::{self, GravonGame, GravonKind};
/// use marsal::{Ruleset, Setup, Side};
/// let rules = Ruleset::classic();
/// let game = GravonGame {
///     kind: GravonKind::Classic,
///     red: Setup::random(&rules, Side::Red, 1),
///     blue: Setup::random(&rules, Side::Blue, 2),
///     moves: vec![],
///     result: None,
/// };
/// assert_eq!(gravon::parse(&gravon::to_xml(&game))?, game);
/// # Ok::<(), gravon::GravonError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GravonGame {
    /// Classic or Barrage (the `type` attribute of `<game>`).
    pub kind: GravonKind,
    /// Red's setup (rows 1–4).
    pub red: Setup,
    /// Blue's setup (rows 7–10).
    pub blue: Setup,
    /// The moves in order; red makes the first.
    pub moves: Vec<Move>,
    /// The recorded result, if the file has one.
    pub result: Option<GravonResult>,
}

/// What is wrong with one `<move>` element (see [`GravonError::BadMove`]).
///
/// ```
/// use marsal::gravon::{self, GravonError, MoveProblem};
/// let err = gravon::parse("<game type='barrage'><move id='2' source='A1' target='A2'/></game>");
/// assert_eq!(
///     err,
///     Err(GravonError::BadMove { number: 1, problem: MoveProblem::WrongId { found: "2".into() } })
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MoveProblem {
    /// The element lacks an attribute (`id`, `source` or `target`).
    #[error("no attribute {0}")]
    MissingAttribute(&'static str),
    /// The `id` is not the move's number (moves count from 1, in file order).
    #[error("its id is {found:?}")]
    WrongId {
        /// The id found.
        found: String,
    },
    /// `source` or `target` is not a Gravon square name.
    #[error("{attribute} {found:?} is not a square (A..K without J, 1..9 and ':')")]
    BadSquare {
        /// `source` or `target`.
        attribute: &'static str,
        /// The value found.
        found: String,
    },
}

/// Why a Gravon record could not be read.
///
/// ```
/// use marsal::gravon::{self, GravonError};
/// assert_eq!(gravon::parse(""), Err(GravonError::MissingElement { element: "game" }));
/// assert!(matches!(gravon::parse("<game"), Err(GravonError::Xml { .. })));
/// ```
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GravonError {
    /// The text is not well-formed XML.
    #[error("XML syntax error at line {line}, column {column}: {message}")]
    Xml {
        /// Line of the problem, from 1.
        line: usize,
        /// Column (in characters) of the problem, from 1.
        column: usize,
        /// What quick-xml says.
        message: String,
    },
    /// A required element is absent (`game` or `field`).
    #[error("no <{element}> element")]
    MissingElement {
        /// The element's name.
        element: &'static str,
    },
    /// A required attribute is absent.
    #[error("<{element}> has no attribute {attribute}")]
    MissingAttribute {
        /// The element's name.
        element: &'static str,
        /// The attribute's name.
        attribute: &'static str,
    },
    /// An element that may appear once appears again (`field` or `result`).
    #[error("a second <{element}> element")]
    DuplicateElement {
        /// The element's name.
        element: &'static str,
    },
    /// The game type is neither `classic` nor `barrage`.
    #[error("unknown game type {found:?} (classic or barrage)")]
    UnknownGameType {
        /// The type found.
        found: String,
    },
    /// The board text does not have 100 characters.
    #[error("the board has {found} characters, not 100")]
    BoardLength {
        /// Characters found.
        found: usize,
    },
    /// A board character that is no piece, `A` or `_`.
    #[error("unknown letter {letter:?} on the board at {square} (character {index})")]
    UnknownLetter {
        /// The character.
        letter: char,
        /// Its index in the board text, from 0.
        index: usize,
        /// The Gravon name of its square.
        square: String,
    },
    /// A lake written where the ruleset has none, or a non-lake on a lake.
    #[error("{square} (character {index}) is {}, but the board has {letter:?} there", if *is_lake { "a lake" } else { "not a lake" })]
    LakeMismatch {
        /// The character found.
        letter: char,
        /// Its index in the board text, from 0.
        index: usize,
        /// The Gravon name of its square.
        square: String,
        /// Whether the ruleset has a lake there.
        is_lake: bool,
    },
    /// Text that is not a Gravon square name.
    #[error("{found:?} is not a square (A..K without J, 1..9 and ':')")]
    BadSquare {
        /// The text found.
        found: String,
    },
    /// A `<move>` element that cannot be read.
    #[error("move {number}: {problem}")]
    BadMove {
        /// The move's number, from 1 (its expected id).
        number: usize,
        /// What is wrong.
        problem: MoveProblem,
    },
    /// A `<result>` attribute with a value Gravon never used.
    #[error("result {attribute} {found:?} is not a known value")]
    BadResult {
        /// `type` or `winner`.
        attribute: &'static str,
        /// The value found.
        found: String,
    },
    /// A side's setup breaks the ruleset.
    #[error("impossible setup for {side}: {error}")]
    Setup {
        /// Whose setup.
        side: Side,
        /// What is wrong with it.
        error: SetupError,
    },
}

/// Gravon's column letters, `A`..`K` without `J`.
const FILES: [u8; 10] = *b"ABCDEFGHIK";

/// The Gravon letters of a side's pieces, in the order bomb, spy, scout, miner,
/// sergeant, lieutenant, captain, major, colonel, general, marshal, flag.
const KINDS: [PieceKind; 12] = [
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
const fn first_letter(side: Side) -> u8 {
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
fn board_square(index: usize) -> Square {
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
fn kind_offset(kind: PieceKind) -> Option<u8> {
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

/// Line and column (from 1, the column in characters) of byte `offset` of `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let bytes = &text.as_bytes()[..offset.min(text.len())];
    let line_start = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = 1 + bytes.iter().filter(|&&b| b == b'\n').count();
    let column = 1 + bytes[line_start..]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count();
    (line, column)
}

fn xml_error(text: &str, offset: u64, error: &dyn fmt::Display) -> GravonError {
    let (line, column) = line_column(text, usize::try_from(offset).unwrap_or(usize::MAX));
    GravonError::Xml {
        line,
        column,
        message: error.to_string(),
    }
}

/// The attributes of an element by name (the wanted ones only), unescaped.
fn attributes<const N: usize>(
    xml: &str,
    offset: u64,
    element: &BytesStart<'_>,
    names: [&str; N],
) -> Result<[Option<String>; N], GravonError> {
    let mut values = [const { None }; N];
    for attribute in element.attributes() {
        let attribute = attribute.map_err(|e| xml_error(xml, offset, &e))?;
        if let Some(i) = names
            .iter()
            .position(|n| n.as_bytes() == attribute.key.as_ref())
        {
            let value = attribute
                .unescape_value()
                .map_err(|e| xml_error(xml, offset, &e))?;
            values[i] = Some(value.into_owned());
        }
    }
    Ok(values)
}

fn required(
    value: Option<String>,
    element: &'static str,
    attribute: &'static str,
) -> Result<String, GravonError> {
    value.ok_or(GravonError::MissingAttribute { element, attribute })
}

/// What has been read of the game so far.
#[derive(Default)]
struct Reading {
    kind: Option<GravonKind>,
    field: Option<String>,
    moves: Vec<Move>,
    result: Option<GravonResult>,
}

impl Reading {
    /// Takes in one element inside `<game>`.
    fn element(&mut self, xml: &str, offset: u64, e: &BytesStart<'_>) -> Result<(), GravonError> {
        match e.name().as_ref() {
            b"field" => {
                if self.field.is_some() {
                    return Err(GravonError::DuplicateElement { element: "field" });
                }
                let [content] = attributes(xml, offset, e, ["content"])?;
                self.field = Some(required(content, "field", "content")?);
            }
            b"move" => {
                let number = self.moves.len() + 1;
                let bad = |problem| GravonError::BadMove { number, problem };
                let [id, source, target] = attributes(xml, offset, e, ["id", "source", "target"])?;
                let id = id.ok_or(bad(MoveProblem::MissingAttribute("id")))?;
                if id.trim().parse::<usize>().ok() != Some(number) {
                    return Err(bad(MoveProblem::WrongId { found: id }));
                }
                let square = |value: Option<String>, attribute| {
                    let value = value.ok_or(bad(MoveProblem::MissingAttribute(attribute)))?;
                    square_from_gravon(&value).map_err(|_| {
                        bad(MoveProblem::BadSquare {
                            attribute,
                            found: value,
                        })
                    })
                };
                let from = square(source, "source")?;
                let to = square(target, "target")?;
                self.moves.push(Move::new(from, to));
            }
            b"result" => {
                if self.result.is_some() {
                    return Err(GravonError::DuplicateElement { element: "result" });
                }
                let [code, winner] = attributes(xml, offset, e, ["type", "winner"])?;
                let code = required(code, "result", "type")?;
                let winner = required(winner, "result", "winner")?;
                let code = match code.trim().parse::<u8>() {
                    Ok(c) if GravonResult::is_known_code(c) => c,
                    _ => {
                        return Err(GravonError::BadResult {
                            attribute: "type",
                            found: code,
                        });
                    }
                };
                let winner = match winner.trim() {
                    "1" => Some(Side::Red),
                    "2" => Some(Side::Blue),
                    "3" => None,
                    _ => {
                        return Err(GravonError::BadResult {
                            attribute: "winner",
                            found: winner,
                        });
                    }
                };
                self.result = Some(GravonResult { code, winner });
            }
            _ => {}
        }
        Ok(())
    }
}

/// Reads a Gravon XML record (see the [module documentation](self)): the first
/// `<game>` element, its type, board, moves and result. The setups are checked
/// against the game's preset ([`GravonKind::ruleset`]); the moves are only
/// read, not checked (see [`replay`]).
///
/// ```
/// use marsal::gravon::{self, GravonError, GravonKind};
/// let field = "MCDDEKLB".to_string() + &"A".repeat(34) + "__AA__AAAA__AA__"
///     + &"A".repeat(34) + "YNPPQWXO";
/// let xml = format!(
///     r#"<?xml version="1.0"?>
/// <stratego><game type="barrage">
///   <field content="{field}"/>
///   <move id="1" source="C1" target="C3"/>
///   <move id="2" source="K:" target="K9"/>
///   <result type="3" winner="1"/>
/// </game></stratego>"#
/// );
/// let game = gravon::parse(&xml)?;
/// assert_eq!(game.kind, GravonKind::Barrage);
/// assert_eq!(game.moves[0].to_string(), "c1-c3");
/// assert_eq!(game.moves[1].to_string(), "j10-j9");
/// assert_eq!(game.result.unwrap().winner, Some(marsal::Side::Red));
/// assert!(matches!(
///     gravon::parse(&xml.replace("K9", "J9")),
///     Err(GravonError::BadMove { number: 2, .. })
/// ));
/// # Ok::<(), GravonError>(())
/// ```
pub fn parse(xml: &str) -> Result<GravonGame, GravonError> {
    let mut reader = Reader::from_str(xml);
    let mut reading = Reading::default();
    // Open elements; `game_depth` is the depth of the first <game> while open.
    let mut depth = 0usize;
    let mut game_depth: Option<usize> = None;
    let mut game_done = false;
    loop {
        let offset = reader.buffer_position();
        let event = reader
            .read_event()
            .map_err(|e| xml_error(xml, reader.error_position(), &e))?;
        let is_start = matches!(event, Event::Start(_));
        match event {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => {
                if game_depth.is_some() {
                    reading.element(xml, offset, &e)?;
                } else if !game_done && e.name().as_ref() == b"game" {
                    let [kind] = attributes(xml, offset, &e, ["type"])?;
                    let kind = required(kind, "game", "type")?;
                    reading.kind = Some(match kind.as_str() {
                        "classic" => GravonKind::Classic,
                        "barrage" => GravonKind::Barrage,
                        _ => return Err(GravonError::UnknownGameType { found: kind }),
                    });
                    if is_start {
                        game_depth = Some(depth);
                    } else {
                        game_done = true;
                    }
                }
                if is_start {
                    depth += 1;
                }
            }
            Event::End(_) => {
                depth = depth.saturating_sub(1);
                if game_depth == Some(depth) {
                    game_depth = None;
                    game_done = true;
                }
            }
            _ => {}
        }
    }
    if depth > 0 {
        return Err(xml_error(
            xml,
            xml.len() as u64,
            &"an element is not closed",
        ));
    }
    let kind = reading
        .kind
        .ok_or(GravonError::MissingElement { element: "game" })?;
    let field = reading
        .field
        .ok_or(GravonError::MissingElement { element: "field" })?;
    let (red, blue) = board_to_setups(&kind.ruleset(), &field)?;
    Ok(GravonGame {
        kind,
        red,
        blue,
        moves: reading.moves,
        result: reading.result,
    })
}

/// Writes a game as a Gravon XML record that [`parse`] reads back as the same
/// game (player names are not kept, so none are written).
///
/// ```
/// use marsal::gravon::{self, GravonGame, GravonKind, GravonResult};
/// use marsal::{Ruleset, Setup, Side};
/// let rules = Ruleset::barrage();
/// let game = GravonGame {
///     kind: GravonKind::Barrage,
///     red: Setup::random(&rules, Side::Red, 7),
///     blue: Setup::random(&rules, Side::Blue, 8),
///     moves: vec!["a4-a5".parse()?, "j7-j6".parse()?],
///     result: Some(GravonResult { code: 4, winner: None }),
/// };
/// let xml = gravon::to_xml(&game);
/// assert!(xml.contains(r#"<move id="2" source="K7" target="K6"/>"#));
/// assert!(xml.contains(r#"<result type="4" winner="3"/>"#));
/// assert_eq!(gravon::parse(&xml)?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_xml(game: &GravonGame) -> String {
    use core::fmt::Write;
    let mut s = String::with_capacity(200 + 45 * game.moves.len());
    // Writing to a String cannot fail.
    let _ = (|| -> fmt::Result {
        writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
        writeln!(s, "<stratego>")?;
        writeln!(s, r#" <game type="{}">"#, game.kind)?;
        writeln!(
            s,
            r#"  <field content="{}"/>"#,
            setups_to_board(&game.red, &game.blue)
        )?;
        for (i, mv) in game.moves.iter().enumerate() {
            writeln!(
                s,
                r#"  <move id="{}" source="{}" target="{}"/>"#,
                i + 1,
                square_to_gravon(mv.from),
                square_to_gravon(mv.to)
            )?;
        }
        if let Some(r) = game.result {
            let winner = match r.winner {
                Some(Side::Red) => 1,
                Some(Side::Blue) => 2,
                None => 3,
            };
            writeln!(s, r#"  <result type="{}" winner="{winner}"/>"#, r.code)?;
        }
        writeln!(s, " </game>")?;
        writeln!(s, "</stratego>")
    })();
    s
}

/// The year a Gravon archive file was recorded, from its name: the first four
/// digits in a row (`classic-2005.3-26.xml` → 2005).
///
/// ```
/// use marsal::gravon::year_from_file_name;
/// assert_eq!(year_from_file_name("classic-2005.3-26.xml"), Some(2005));
/// assert_eq!(year_from_file_name("game.xml"), None);
/// ```
pub fn year_from_file_name(name: &str) -> Option<u16> {
    name.as_bytes()
        .windows(4)
        .find(|w| w.iter().all(u8::is_ascii_digit))
        .and_then(|w| core::str::from_utf8(w).ok()?.parse().ok())
}

/// The ruleset a Gravon game of `kind` was played under in `year`: the preset
/// with the two-square limit Gravon used then, 5 in 2004–2006 and the ISF's 3
/// otherwise (also when the year is unknown).
///
/// ```
/// use marsal::gravon::{rules_for_year, GravonKind};
/// assert_eq!(rules_for_year(GravonKind::Classic, Some(2005)).two_square, Some(5));
/// assert_eq!(rules_for_year(GravonKind::Barrage, Some(2014)).two_square, Some(3));
/// ```
pub fn rules_for_year(kind: GravonKind, year: Option<u16>) -> Ruleset {
    let mut rules = kind.ruleset();
    rules.two_square = match year {
        Some(2004..=2006) => Some(5),
        _ => Some(3),
    };
    rules
}

/// A recorded move the engine refused (see [`replay`]).
///
/// ```
/// use marsal::gravon::IllegalMove;
/// let m = IllegalMove { number: 3, mv: "e5-e6".parse()?, error: marsal::MoveError::GameOver };
/// assert_eq!(m.to_string(), "move 3 (e5-e6): illegal: the game is over");
/// # Ok::<(), marsal::MoveParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    /// The move's number, from 1.
    pub number: usize,
    /// The move.
    pub mv: Move,
    /// Why the engine refused it.
    pub error: MoveError,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}): illegal: {}",
            self.number, self.mv, self.error
        )
    }
}

/// A recorded ending the rules decide that the engine did not reach (see
/// [`replay`]).
///
/// ```
/// use marsal::gravon::{EndingMismatch, GravonResult};
/// use marsal::{Side, Status};
/// let m = EndingMismatch {
///     result: GravonResult { code: 2, winner: None },
///     engine: Status::Ongoing { to_move: Side::Red },
/// };
/// assert_eq!(m.to_string(), "ending: expected draw: neither side can move, engine says red to move");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EndingMismatch {
    /// The recorded result.
    pub result: GravonResult,
    /// What the engine says after the last move.
    pub engine: Status,
}

impl fmt::Display for EndingMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.result.expected_status() {
            Some(expected) => write!(f, "ending: expected {expected}")?,
            None => write!(
                f,
                "ending: expected a win (result type {}) but the record names no winner",
                self.result.code
            )?,
        }
        write!(f, ", engine says {}", self.engine)
    }
}

/// What replaying a recorded game found (see [`replay`]).
///
/// ```
/// use marsal::gravon::{self, GravonGame, GravonKind};
/// use marsal::{Ruleset, Setup, Side};
/// let rules = Ruleset::barrage();
/// let game = GravonGame {
///     kind: GravonKind::Barrage,
///     red: Setup::random(&rules, Side::Red, 1),
///     blue: Setup::random(&rules, Side::Blue, 2),
///     moves: vec!["e5-e6".parse()?],
///     result: None,
/// };
/// let report = gravon::replay(&game, &rules)?;
/// assert!(!report.is_ok());
/// assert_eq!(report.played, 0);
/// assert_eq!(report.illegal.unwrap().number, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ReplayReport {
    /// How many moves were played (all of them unless one was illegal).
    pub played: usize,
    /// The first move the engine refused; the replay stopped there.
    pub illegal: Option<IllegalMove>,
    /// The recorded ending the engine did not reach (only checked when every
    /// move was legal).
    pub ending: Option<EndingMismatch>,
    /// The engine's status after the last move played.
    pub status: Status,
}

impl ReplayReport {
    /// Whether every move was legal and the ending agrees.
    ///
    /// ```
    /// use marsal::gravon::ReplayReport;
    /// use marsal::{Side, Status};
    /// let r = ReplayReport { played: 0, illegal: None, ending: None, status: Status::Ongoing { to_move: Side::Red } };
    /// assert!(r.is_ok());
    /// ```
    pub const fn is_ok(&self) -> bool {
        self.illegal.is_none() && self.ending.is_none()
    }
}

/// Replays a recorded game under `rules` (usually [`rules_for_year`]): every
/// move is checked with [`Game::check_move`] before it is played, and the replay
/// stops at the first illegal one. When every move was legal and the result is
/// one the rules decide (types 0, 1 and 2, see
/// [`GravonResult::expected_status`]), the engine's status after the last move
/// must be exactly that ending. Other results (resignation, agreement, clocks)
/// need nothing more: the game may still go on, or have ended with the last
/// move (an engine ending *before* the last move shows as an illegal move,
/// [`MoveError::GameOver`]).
///
/// Fails only when the setups do not fit `rules` (see [`Game::new`]).
///
/// ```
/// use marsal::gravon::{self, GravonGame, GravonKind, GravonResult};
/// use marsal::{Ruleset, Setup, Side};
/// let rules = Ruleset::barrage();
/// let game = GravonGame {
///     kind: GravonKind::Barrage,
///     red: Setup::random(&rules, Side::Red, 1),
///     blue: Setup::random(&rules, Side::Blue, 2),
///     moves: vec![],
///     result: Some(GravonResult { code: 1, winner: Some(Side::Red) }),
/// };
/// let report = gravon::replay(&game, &rules)?;
/// assert!(report.ending.is_some()); // no flag was captured
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn replay(game: &GravonGame, rules: &Ruleset) -> Result<ReplayReport, PositionError> {
    let mut engine = Game::new(rules, &game.red, &game.blue)?;
    let mut report = ReplayReport {
        played: 0,
        illegal: None,
        ending: None,
        status: engine.status(),
    };
    for (i, &mv) in game.moves.iter().enumerate() {
        let checked = engine.check_move(mv).and_then(|()| engine.play(mv));
        if let Err(error) = checked {
            report.illegal = Some(IllegalMove {
                number: i + 1,
                mv,
                error,
            });
            report.status = engine.status();
            return Ok(report);
        }
        report.played += 1;
    }
    report.status = engine.status();
    if let Some(result) = game.result.filter(GravonResult::is_decided_by_rules) {
        if result.expected_status() != Some(report.status) {
            report.ending = Some(EndingMismatch {
                result,
                engine: report.status,
            });
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::vec;

    fn field() -> String {
        let rules = Ruleset::barrage();
        setups_to_board(
            &Setup::random(&rules, Side::Red, 11),
            &Setup::random(&rules, Side::Blue, 12),
        )
    }

    fn doc(body: &str) -> String {
        format!(
            "<?xml version=\"1.0\"?>\n<stratego>\n <game type=\"barrage\">\n  <player id=\"1\">P</player>\n{body}\n </game>\n</stratego>\n"
        )
    }

    fn with_field(rest: &str) -> String {
        doc(&format!("  <field content=\"{}\"/>\n{rest}", field()))
    }

    #[test]
    fn squares() {
        for sq in Square::all().filter(|s| s.file() < 10 && s.rank() < 10) {
            assert_eq!(square_from_gravon(&square_to_gravon(sq)), Ok(sq));
        }
        assert_eq!(square_to_gravon("a10".parse().unwrap()), "A:");
        assert_eq!(square_to_gravon("l12".parse().unwrap()), "M<");
        for bad in ["", "A", "J1", "A0", "A;", "a1", "A10", "K:x", "É1", "AÉ"] {
            assert_eq!(
                square_from_gravon(bad),
                Err(GravonError::BadSquare { found: bad.into() }),
                "{bad}"
            );
        }
    }

    #[test]
    fn round_trip_classic() {
        let rules = Ruleset::classic();
        let mut g = Game::new(
            &rules,
            &Setup::random(&rules, Side::Red, 3),
            &Setup::random(&rules, Side::Blue, 4),
        )
        .unwrap();
        let mut rng = crate::Rng::new(5);
        while !g.status().is_over() && g.moves().count() < 300 {
            let moves = g.legal_moves();
            g.play(moves[rng.below(moves.len() as u32) as usize])
                .unwrap();
        }
        let game = GravonGame {
            kind: GravonKind::Classic,
            red: Setup::random(&rules, Side::Red, 3),
            blue: Setup::random(&rules, Side::Blue, 4),
            moves: g.moves().collect(),
            result: Some(GravonResult {
                code: 3,
                winner: Some(Side::Blue),
            }),
        };
        let xml = to_xml(&game);
        let back = parse(&xml).unwrap();
        assert_eq!(back, game);
        assert_eq!(to_xml(&back), xml);
        let report = replay(&back, &rules).unwrap();
        assert!(report.is_ok(), "{report:?}");
        assert_eq!(report.played, game.moves.len());
    }

    #[test]
    fn reads_a_document() {
        let xml = with_field(
            "  <move id=\"1\" source=\"A4\" target=\"A5\"></move>\n  <result type=\"14\" winner=\"3\"/>",
        );
        let g = parse(&xml).unwrap();
        assert_eq!(g.kind, GravonKind::Barrage);
        assert_eq!(
            g.moves,
            vec![Move::new("a4".parse().unwrap(), "a5".parse().unwrap())]
        );
        assert_eq!(
            g.result,
            Some(GravonResult {
                code: 14,
                winner: None
            })
        );
        // A self-closing game, no result, moves ignored outside the game.
        let xml = format!(
            "<x><move id=\"9\"/><game type=\"classic\"/><field content=\"{}\"/></x>",
            field()
        );
        assert_eq!(
            parse(&xml),
            Err(GravonError::MissingElement { element: "field" })
        );
    }

    #[test]
    fn xml_syntax_errors_have_a_position() {
        let err =
            parse("<stratego>\n <game type=\"classic\">\n  <field content=\"x\"\n").unwrap_err();
        assert!(matches!(err, GravonError::Xml { line: 3, .. }), "{err:?}");
        let err = parse("<a>\n<b></c></a>").unwrap_err();
        assert!(matches!(err, GravonError::Xml { line: 2, .. }), "{err:?}");
        let err = parse("<a><game type=\"barrage\">").unwrap_err();
        assert!(matches!(err, GravonError::Xml { line: 1, .. }), "{err:?}");
        let err = parse("<game type=\"barrage\" type=\"classic\"/>").unwrap_err();
        assert!(
            matches!(
                err,
                GravonError::Xml {
                    line: 1,
                    column: 1,
                    ..
                }
            ),
            "{err:?}"
        );
        let err = parse("<game type=\"a&bogus;\"/>").unwrap_err();
        assert!(matches!(err, GravonError::Xml { .. }), "{err:?}");
        assert!(err.to_string().starts_with("XML syntax error at line 1"));
    }

    #[test]
    fn missing_elements_and_attributes() {
        assert_eq!(
            parse("<stratego/>"),
            Err(GravonError::MissingElement { element: "game" })
        );
        assert_eq!(
            parse(&doc("")),
            Err(GravonError::MissingElement { element: "field" })
        );
        assert_eq!(
            parse("<game/>"),
            Err(GravonError::MissingAttribute {
                element: "game",
                attribute: "type"
            })
        );
        assert_eq!(
            parse(&doc("<field/>")),
            Err(GravonError::MissingAttribute {
                element: "field",
                attribute: "content"
            })
        );
        assert_eq!(
            parse(&with_field("<result winner=\"1\"/>")),
            Err(GravonError::MissingAttribute {
                element: "result",
                attribute: "type"
            })
        );
        assert_eq!(
            parse(&with_field("<result type=\"1\"/>")),
            Err(GravonError::MissingAttribute {
                element: "result",
                attribute: "winner"
            })
        );
        assert_eq!(
            parse(&with_field(
                "<result type=\"1\" winner=\"1\"/><result type=\"1\" winner=\"1\"/>"
            )),
            Err(GravonError::DuplicateElement { element: "result" })
        );
        assert_eq!(
            parse(&with_field(&format!("<field content=\"{}\"/>", field()))),
            Err(GravonError::DuplicateElement { element: "field" })
        );
        assert_eq!(
            parse("<game type=\"chess\"/>"),
            Err(GravonError::UnknownGameType {
                found: "chess".into()
            })
        );
    }

    #[test]
    fn board_errors() {
        let rules = Ruleset::barrage();
        let f = field();
        assert_eq!(
            board_to_setups(&rules, &f[..99]),
            Err(GravonError::BoardLength { found: 99 })
        );
        assert_eq!(
            parse(&doc(&format!("<field content=\"{f}A\"/>"))),
            Err(GravonError::BoardLength { found: 101 })
        );
        // Characters, not bytes, are counted.
        let accented = format!("{}É", &f[..99]);
        assert_eq!(
            board_to_setups(&rules, &accented),
            Err(GravonError::UnknownLetter {
                letter: 'É',
                index: 99,
                square: "K:".into()
            })
        );
        let mut z = f.clone().into_bytes();
        z[45] = b'Z';
        let z = String::from_utf8(z).unwrap();
        assert_eq!(
            board_to_setups(&rules, &z),
            Err(GravonError::UnknownLetter {
                letter: 'Z',
                index: 45,
                square: "F5".into()
            })
        );
        let mut lake_off = f.clone().into_bytes();
        lake_off[44] = b'_';
        assert_eq!(
            board_to_setups(&rules, core::str::from_utf8(&lake_off).unwrap()),
            Err(GravonError::LakeMismatch {
                letter: '_',
                index: 44,
                square: "E5".into(),
                is_lake: false
            })
        );
        let mut lake_on = f.clone().into_bytes();
        lake_on[42] = b'A';
        assert_eq!(
            board_to_setups(&rules, core::str::from_utf8(&lake_on).unwrap()),
            Err(GravonError::LakeMismatch {
                letter: 'A',
                index: 42,
                square: "C5".into(),
                is_lake: true
            })
        );
    }

    #[test]
    fn impossible_setups() {
        let rules = Ruleset::barrage();
        let f = field();
        // A ninth red piece: a second red flag on E4.
        let mut extra = f.clone().into_bytes();
        let i = (0..40).find(|&i| extra[i] == b'A').unwrap();
        extra[i] = b'M';
        let err = board_to_setups(&rules, core::str::from_utf8(&extra).unwrap()).unwrap_err();
        assert!(
            matches!(
                err,
                GravonError::Setup {
                    side: Side::Red,
                    error: SetupError::WrongCount {
                        kind: PieceKind::Flag,
                        ..
                    }
                }
            ),
            "{err:?}"
        );
        // A blue piece in red's zone.
        let mut outside = f.into_bytes();
        let i = (0..40).find(|&i| outside[i] == b'A').unwrap();
        outside[i] = b'O';
        let err = board_to_setups(&rules, core::str::from_utf8(&outside).unwrap()).unwrap_err();
        assert!(
            matches!(
                err,
                GravonError::Setup {
                    side: Side::Blue,
                    error: SetupError::OutsideZone {
                        kind: PieceKind::Spy,
                        ..
                    }
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().starts_with("impossible setup for blue"));
        // A barrage board is no classic game.
        let xml = with_field("").replace("barrage", "classic");
        assert!(matches!(
            parse(&xml),
            Err(GravonError::Setup {
                side: Side::Red,
                ..
            })
        ));
    }

    #[test]
    fn bad_moves() {
        let cases: [(&str, MoveProblem); 6] = [
            (
                "<move source=\"A4\" target=\"A5\"/>",
                MoveProblem::MissingAttribute("id"),
            ),
            (
                "<move id=\"1\" target=\"A5\"/>",
                MoveProblem::MissingAttribute("source"),
            ),
            (
                "<move id=\"1\" source=\"A4\"/>",
                MoveProblem::MissingAttribute("target"),
            ),
            (
                "<move id=\"x\" source=\"A4\" target=\"A5\"/>",
                MoveProblem::WrongId { found: "x".into() },
            ),
            (
                "<move id=\"1\" source=\"J4\" target=\"A5\"/>",
                MoveProblem::BadSquare {
                    attribute: "source",
                    found: "J4".into(),
                },
            ),
            (
                "<move id=\"1\" source=\"A4\" target=\"A11\"/>",
                MoveProblem::BadSquare {
                    attribute: "target",
                    found: "A11".into(),
                },
            ),
        ];
        for (text, problem) in cases {
            assert_eq!(
                parse(&with_field(text)),
                Err(GravonError::BadMove { number: 1, problem }),
                "{text}"
            );
        }
        let two = "<move id=\"1\" source=\"A4\" target=\"A5\"/><move id=\"3\" source=\"A4\" target=\"A5\"/>";
        let err = parse(&with_field(two)).unwrap_err();
        assert_eq!(
            err,
            GravonError::BadMove {
                number: 2,
                problem: MoveProblem::WrongId { found: "3".into() }
            }
        );
        assert_eq!(err.to_string(), "move 2: its id is \"3\"");
    }

    #[test]
    fn bad_results() {
        for (code, winner, attribute, found) in [
            ("5", "1", "type", "5"),
            ("-1", "1", "type", "-1"),
            ("300", "1", "type", "300"),
            ("1", "0", "winner", "0"),
            ("1", "red", "winner", "red"),
        ] {
            assert_eq!(
                parse(&with_field(&format!(
                    "<result type=\"{code}\" winner=\"{winner}\"/>"
                ))),
                Err(GravonError::BadResult {
                    attribute,
                    found: found.into()
                })
            );
        }
    }

    #[test]
    fn replay_checks_endings() {
        let rules = Ruleset::barrage();
        let mut game = parse(&with_field("")).unwrap();
        for (code, winner, ok) in [
            (0, Some(Side::Red), false),
            (2, None, false),
            (3, Some(Side::Red), true),
            (1, None, false),
        ] {
            game.result = Some(GravonResult { code, winner });
            let report = replay(&game, &rules).unwrap();
            assert_eq!(report.is_ok(), ok, "{code}");
            if let Some(m) = report.ending {
                assert!(m.to_string().ends_with("engine says red to move"), "{m}");
            }
        }
        // Setups that do not fit the ruleset.
        assert!(replay(&game, &Ruleset::classic()).is_err());
    }

    #[test]
    fn years() {
        assert_eq!(year_from_file_name("barrage-2013.10-1479.xml"), Some(2013));
        assert_eq!(year_from_file_name("x-20.xml"), None);
        assert_eq!(
            rules_for_year(GravonKind::Classic, None).two_square,
            Some(3)
        );
        assert_eq!(
            rules_for_year(GravonKind::Classic, Some(2004)).two_square,
            Some(5)
        );
        assert_eq!(
            rules_for_year(GravonKind::Classic, Some(2007)).two_square,
            Some(3)
        );
    }

    proptest::proptest! {
        #[test]
        fn never_panics_on_any_text(s in "\\PC{0,300}") {
            let _ = parse(&s);
            let _ = square_from_gravon(&s);
            let _ = board_to_setups(&Ruleset::classic(), &s);
        }

        #[test]
        fn never_panics_on_a_damaged_record(cut in 0usize..2000, byte in 0u8..128, at in 0usize..2000) {
            let xml = with_field("<move id=\"1\" source=\"A4\" target=\"A5\"/><result type=\"3\" winner=\"2\"/>");
            let mut bytes = xml.into_bytes();
            if let Some(b) = bytes.get_mut(at % 500) {
                *b = byte;
            }
            bytes.truncate(cut);
            let text = String::from_utf8_lossy(&bytes);
            let _ = parse(&text);
        }
    }
}
