//! Replaying a Gravon game under a ruleset, and the ruleset of its year.

use super::*;

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
    replay_game(game, rules).map(|(_, report)| report)
}

/// [`replay`], and the game as far as it was played (every move when the
/// report has no illegal one): what a host shows or steps through.
///
/// ```
/// use marsal::gravon;
/// use marsal::{Ruleset, Setup, Side};
/// let rules = Ruleset::barrage();
/// let game = gravon::GravonGame {
///     kind: gravon::GravonKind::Barrage,
///     red: Setup::random(&rules, Side::Red, 1),
///     blue: Setup::random(&rules, Side::Blue, 2),
///     moves: vec!["a4-a5".parse()?, "j7-j6".parse()?, "e5-e6".parse()?],
///     result: None,
/// };
/// let (played, report) = gravon::replay_game(&game, &rules)?;
/// assert_eq!(played.moves().count(), report.played);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay_game(
    game: &GravonGame,
    rules: &Ruleset,
) -> Result<(Game, ReplayReport), PositionError> {
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
            return Ok((engine, report));
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
    Ok((engine, report))
}
