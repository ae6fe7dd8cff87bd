//! The records' types: the kind of game, its result, the game, the errors.

use super::*;

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
