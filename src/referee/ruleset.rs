//! Rulesets: the board, the armies and every rule option, as one value.

use crate::referee::army::{Army, Strengths};
use crate::referee::board::geometry::Geometry;
use crate::referee::board::square::Square;
use crate::referee::piece::{KindSet, PieceKind, Side};

/// Who defeats whom when the Spy and the Marshal meet.
///
/// ```
/// use marsal::{combat, Battle, PieceKind::*, Ruleset, SpyRule};
/// let mut r = Ruleset::marsal_a_spion();
/// assert_eq!(combat(&r, Marshal, Spy), Some(Battle::DefenderWins));
/// r.spy_rule = SpyRule::OnlyWhenAttacking;
/// assert_eq!(combat(&r, Marshal, Spy), Some(Battle::AttackerWins));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SpyRule {
    /// The Spy defeats the Marshal whichever of the two attacks (the Czech rule:
    /// "the marshal can be captured only by the spy").
    DefeatsMarshalAlways,
    /// The Spy defeats the Marshal only when the Spy attacks (classic Stratego).
    OnlyWhenAttacking,
}

/// What a fight reveals, and to whom.
///
/// In every fight the attacker learns the defender's kind, and every piece that
/// is removed becomes known to both players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum RevealRule {
    /// The attacker's kind is not announced: a surviving attacker stays hidden
    /// from the defender (the Czech rule).
    AttackerStaysHidden,
    /// Both fighters are shown to both players (classic Stratego).
    BothFighters,
}

/// What happens when a player cannot move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum NoMoveRule {
    /// When the player to move has no legal move the game is drawn (the Czech
    /// PAT). Only the player to move is checked.
    Draw,
    /// After every move both players are checked: a player without a legal move
    /// loses (also right after its own move); if neither can move the game is
    /// drawn (classic Stratego).
    Loses,
}

/// Everything that defines a variant: the board, both armies, the strength order
/// and every rule option. The presets are plain values of this type; a host can
/// change any field (or load a ruleset from JSON with the `serde` feature) and
/// must then [`validate`](Ruleset::validate) it (every constructor of a game does).
///
/// ```
/// use marsal::{Ruleset, Side};
/// let mut r = Ruleset::marsal_a_spion();
/// r.diagonal_steps = false;               // seed 000's reading
/// r.first_to_move = Side::Blue;
/// r.max_plies = Some(2000);
/// assert!(r.validate().is_ok());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Ruleset {
    /// The board: size, playable squares, lakes, setup zones.
    pub board: Geometry,
    /// The army of each side, indexed by [`Side::index`].
    pub armies: [Army; 2],
    /// The strength of each movable kind.
    pub strengths: Strengths,
    /// Whether a step may go diagonally (attacks never do). **\[decision\]** on in
    /// the Czech preset.
    pub diagonal_steps: bool,
    /// The corner rule. **\[decision\]** Off in every preset: a diagonal step
    /// between two blocked squares is allowed (the sources know no corner
    /// rule). When on, such a step is refused
    /// ([`MoveError::CornerBlocked`](crate::MoveError::CornerBlocked)).
    ///
    /// The two squares *beside* a diagonal step are the two squares
    /// orthogonally adjacent to both its source and its target (for a step
    /// north-east, the squares north and east of the source). A square is
    /// *blocked* when it is off the board, a lake, or holds a piece of either
    /// side. With the corner rule on, a diagonal step needs at least one of its
    /// two squares beside to be an empty square of the board (and, as always,
    /// an empty target). The option changes nothing without
    /// [`diagonal_steps`](Ruleset::diagonal_steps) and never affects
    /// orthogonal moves.
    ///
    /// ```
    /// let mut r = marsal::Ruleset::marsal_a_spion();
    /// assert!(!r.corner_rule); // the preset allows the step
    /// r.corner_rule = true;
    /// assert!(r.validate().is_ok());
    /// ```
    #[cfg_attr(feature = "serde", serde(default))]
    pub corner_rule: bool,
    /// Spy against Marshal. **\[decision\]**
    pub spy_rule: SpyRule,
    /// What fights reveal. **\[decision\]**
    pub reveal: RevealRule,
    /// A player who cannot move draws or loses. **\[decision\]**
    pub no_move: NoMoveRule,
    /// Whether the game is drawn as soon as neither side can ever capture the
    /// other's Flag (see [`no_hope`](crate::no_hope)). On in the Czech preset.
    pub no_hope_draw: bool,
    /// Who makes the first move. **\[decision\]** Red by default.
    pub first_to_move: Side,
    /// Optional draw after this many plies in all.
    pub max_plies: Option<u32>,
    /// Optional draw after this many plies in a row without an attack.
    pub max_plies_without_attack: Option<u32>,
    /// Optional repeated-position draw: the game is drawn when the same position
    /// (every piece on the same square, the same side to move) stands for the
    /// N-th time (N >= 2; 3 is the usual "threefold"). Only a
    /// [`Game`](crate::Game) keeps the history this needs, so a bare
    /// [`Position`](crate::Position) ignores it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub repetition_draw: Option<u8>,
    /// The two-square rule: `Some(n)` forbids a piece to cross the same square
    /// border more than `n` times in a row (see [`two_square`](crate::two_square)).
    /// `Some(3)` is the ISF rule (classic and Barrage presets), `Some(5)` the rule
    /// Gravon used in 2004–2006; off in the Czech preset.
    #[cfg_attr(feature = "serde", serde(default))]
    pub two_square: Option<u8>,
    /// The more-squares (continuous-chase) rule of the ISF (see
    /// [`more_squares`](crate::more_squares)); needs the history a
    /// [`Game`](crate::Game) keeps. On in the classic and Barrage presets.
    #[cfg_attr(feature = "serde", serde(default))]
    pub more_squares: bool,
}

impl Default for Ruleset {
    /// The default ruleset is [`Ruleset::marsal_a_spion`].
    fn default() -> Ruleset {
        Ruleset::marsal_a_spion()
    }
}

/// Why a ruleset is inconsistent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RulesetError {
    /// The board has 0 files or ranks, or more than 12.
    #[error("a board needs 1..=12 files and ranks, not {files} x {ranks}")]
    BadSize {
        /// Files of the board.
        files: u8,
        /// Ranks of the board.
        ranks: u8,
    },
    /// A playable square or lake lies outside the board's files and ranks.
    #[error("square {0} lies outside the board's files and ranks")]
    OutsideBoard(Square),
    /// A square is both playable and a lake.
    #[error("square {0} is both playable and a lake")]
    LakeOnPlayable(Square),
    /// A setup zone includes a lake.
    #[error("the setup zone of {side} includes the lake {square}")]
    ZoneOnLake {
        /// Whose zone.
        side: Side,
        /// The lake.
        square: Square,
    },
    /// A setup zone includes a square that is not on the board.
    #[error("the setup zone of {side} includes {square}, which is not on the board")]
    ZoneOffBoard {
        /// Whose zone.
        side: Side,
        /// The square.
        square: Square,
    },
    /// The two setup zones share a square.
    #[error("both setup zones include {0}")]
    ZonesOverlap(Square),
    /// An army has more pieces than its setup zone has squares.
    #[error("the army of {side} has {pieces} pieces but its setup zone only {squares} squares")]
    ArmyTooLarge {
        /// Whose army.
        side: Side,
        /// Pieces in the army.
        pieces: usize,
        /// Squares in the zone.
        squares: usize,
    },
    /// An army has no Flag.
    #[error("the army of {0} has no Flag")]
    NoFlag(Side),
    /// An army has more than one Flag.
    #[error("the army of {side} has {count} Flags; exactly one is needed")]
    SeveralFlags {
        /// Whose army.
        side: Side,
        /// How many Flags.
        count: u8,
    },
    /// A movable kind in an army has no strength (0).
    #[error("{0} is in an army but has no strength")]
    Unranked(PieceKind),
    /// A ply limit of 0.
    #[error("a ply limit must be at least 1")]
    ZeroPlyLimit,
    /// A two-square limit outside `1..=8`.
    #[error("the two-square limit must be 1..=8, not {0}")]
    TwoSquareLimit(u8),
    /// A repeated-position limit below 2.
    #[error("a repeated-position draw needs a position to stand at least twice, not {0} times")]
    RepetitionLimit(u8),
}

impl Ruleset {
    /// *Maršál a špión* (the default): the 120-square Czech board with its two
    /// lakes, 40 pieces a side, diagonal steps, the Spy defeats the Marshal
    /// whichever attacks, a surviving attacker stays hidden, a player who cannot
    /// move draws (PAT), the no-hope draw on, Red first, no ply limits.
    ///
    /// ```
    /// let r = marsal::Ruleset::marsal_a_spion();
    /// assert!(r.diagonal_steps);
    /// assert_eq!(r.armies[0].total(), 40);
    /// assert!(r.validate().is_ok());
    /// ```
    pub fn marsal_a_spion() -> Ruleset {
        Ruleset {
            board: Geometry::marsal_a_spion(),
            armies: [Army::marsal_a_spion(); 2],
            strengths: Strengths::marsal_a_spion(),
            diagonal_steps: true,
            corner_rule: false,
            spy_rule: SpyRule::DefeatsMarshalAlways,
            reveal: RevealRule::AttackerStaysHidden,
            no_move: NoMoveRule::Draw,
            no_hope_draw: true,
            first_to_move: Side::Red,
            max_plies: None,
            max_plies_without_attack: None,
            repetition_draw: None,
            two_square: None,
            more_squares: false,
        }
    }

    /// Classic Stratego (ISF): 10 x 10 board, 40 pieces a side, orthogonal steps,
    /// the Spy wins only when it attacks, both fighters revealed, a player who
    /// cannot move loses. The no-hope draw is off (classic rules leave such games to
    /// the players).
    ///
    /// ```
    /// let r = marsal::Ruleset::classic();
    /// assert!(!r.diagonal_steps);
    /// assert!(r.validate().is_ok());
    /// ```
    pub fn classic() -> Ruleset {
        Ruleset {
            board: Geometry::classic(),
            armies: [Army::classic(); 2],
            strengths: Strengths::classic(),
            diagonal_steps: false,
            corner_rule: false,
            spy_rule: SpyRule::OnlyWhenAttacking,
            reveal: RevealRule::BothFighters,
            no_move: NoMoveRule::Loses,
            no_hope_draw: false,
            first_to_move: Side::Red,
            max_plies: None,
            max_plies_without_attack: None,
            repetition_draw: None,
            two_square: Some(3),
            more_squares: true,
        }
    }

    /// Barrage, the Stratego quick game: the classic board and rules with 8 pieces
    /// a side (Flag, Marshal, General, 2 Scouts, Miner, Spy, Bomb) placed anywhere
    /// in the own 4-rank zone.
    ///
    /// ```
    /// let r = marsal::Ruleset::barrage();
    /// assert_eq!(r.armies[1].total(), 8);
    /// assert!(r.validate().is_ok());
    /// ```
    pub fn barrage() -> Ruleset {
        Ruleset {
            armies: [Army::barrage(); 2],
            ..Ruleset::classic()
        }
    }

    /// The preset with the given name: `marsal_a_spion`, `classic` or `barrage`.
    ///
    /// ```
    /// assert!(marsal::Ruleset::preset("barrage").is_some());
    /// assert!(marsal::Ruleset::preset("chess").is_none());
    /// ```
    pub fn preset(name: &str) -> Option<Ruleset> {
        match name {
            "marsal_a_spion" => Some(Ruleset::marsal_a_spion()),
            "classic" => Some(Ruleset::classic()),
            "barrage" => Some(Ruleset::barrage()),
            _ => None,
        }
    }

    /// The names accepted by [`Ruleset::preset`].
    pub const PRESETS: [&'static str; 3] = ["marsal_a_spion", "classic", "barrage"];

    /// The ply limit a host gives a game whose ruleset has none, so that
    /// every game it plays ends: 3,000 plies. The presets follow their rules
    /// and have no limit (two programs can move back and forth for ever);
    /// `marsal match`, `tournament`, `selfplay` and `play` use
    /// [`Ruleset::ending`] unless told `--max-plies inf`.
    pub const DEFAULT_MAX_PLIES: u32 = 3000;

    /// This ruleset with a ply limit: its own [`max_plies`](Ruleset::max_plies)
    /// if it has one, else [`Ruleset::DEFAULT_MAX_PLIES`].
    ///
    /// ```
    /// use marsal::Ruleset;
    /// assert_eq!(Ruleset::barrage().ending().max_plies, Some(3000));
    /// let mut short = Ruleset::classic();
    /// short.max_plies = Some(400);
    /// assert_eq!(short.ending().max_plies, Some(400));
    /// ```
    #[must_use]
    pub fn ending(mut self) -> Ruleset {
        self.max_plies = self.max_plies.or(Some(Ruleset::DEFAULT_MAX_PLIES));
        self
    }

    /// The army of `side`.
    ///
    /// ```
    /// use marsal::{PieceKind, Ruleset, Side};
    /// assert_eq!(Ruleset::classic().army(Side::Blue).count(PieceKind::Scout), 8);
    /// ```
    #[inline]
    pub fn army(&self, side: Side) -> &Army {
        &self.armies[side.index()]
    }

    /// Checks that the ruleset is consistent: a board of 1..=12 x 1..=12 whose
    /// playable squares and lakes lie inside it and do not overlap, setup zones on
    /// playable squares that do not overlap, each army no larger than its zone with
    /// exactly one Flag, a strength for every movable kind in an army, no ply
    /// limit of 0 and no repeated-position limit below 2.
    ///
    /// ```
    /// use marsal::{Army, PieceKind, Ruleset, RulesetError, Side};
    /// let mut r = Ruleset::barrage();
    /// r.armies[1] = Army::barrage().with(PieceKind::Flag, 0);
    /// assert_eq!(r.validate(), Err(RulesetError::NoFlag(Side::Blue)));
    /// ```
    pub fn validate(&self) -> Result<(), RulesetError> {
        let g = &self.board;
        if g.files == 0 || g.ranks == 0 || g.files > crate::MAX_FILES || g.ranks > crate::MAX_RANKS
        {
            return Err(RulesetError::BadSize {
                files: g.files,
                ranks: g.ranks,
            });
        }
        if let Some(sq) = g.playable.union(g.lakes).difference(g.rectangle()).first() {
            return Err(RulesetError::OutsideBoard(sq));
        }
        if let Some(sq) = g.playable.intersection(g.lakes).first() {
            return Err(RulesetError::LakeOnPlayable(sq));
        }
        for side in Side::BOTH {
            let zone = g.zone(side);
            if let Some(sq) = zone.intersection(g.lakes).first() {
                return Err(RulesetError::ZoneOnLake { side, square: sq });
            }
            if let Some(sq) = zone.difference(g.playable).first() {
                return Err(RulesetError::ZoneOffBoard { side, square: sq });
            }
        }
        if let Some(sq) = g.zones[0].intersection(g.zones[1]).first() {
            return Err(RulesetError::ZonesOverlap(sq));
        }
        for side in Side::BOTH {
            let army = self.army(side);
            let squares = g.zone(side).len();
            if army.total() > squares {
                return Err(RulesetError::ArmyTooLarge {
                    side,
                    pieces: army.total(),
                    squares,
                });
            }
            match army.count(PieceKind::Flag) {
                0 => return Err(RulesetError::NoFlag(side)),
                1 => {}
                count => return Err(RulesetError::SeveralFlags { side, count }),
            }
            let unranked = army.kinds().intersection(KindSet::MOVABLE).bits()
                & !self.strengths.ranked().bits();
            if unranked != 0 {
                // The first such kind: the lowest bit.
                if let Some(kind) = PieceKind::from_index(unranked.trailing_zeros() as usize) {
                    return Err(RulesetError::Unranked(kind));
                }
            }
        }
        if self.max_plies == Some(0) || self.max_plies_without_attack == Some(0) {
            return Err(RulesetError::ZeroPlyLimit);
        }
        if let Some(n) = self
            .two_square
            .filter(|n| !(1..=crate::referee::two_square::MAX_LIMIT).contains(n))
        {
            return Err(RulesetError::TwoSquareLimit(n));
        }
        if let Some(n) = self.repetition_draw.filter(|n| *n < 2) {
            return Err(RulesetError::RepetitionLimit(n));
        }
        Ok(())
    }
}
