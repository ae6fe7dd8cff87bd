//! What a move did ([`Outcome`]) and what each side saw of it ([`Observation`]).

use crate::referee::combat::Battle;
use crate::referee::moves::Move;
use crate::referee::piece::{PieceKind, Side};

/// Everything that happened in one move, as the referee knows it.
///
/// An `Outcome` holds hidden information (the kind of a surviving attacker); a
/// player should only be shown [`Outcome::observed_by`].
///
/// ```
/// use marsal::{Battle, Position, Ruleset, Side};
/// let rules = Ruleset::classic();
/// let mut pos = Position::from_text(&rules, "\
///     ....fs..../........../........../........../..~~..~~../\
///     ..~~..~~../........../........../....M...../....F..... r")?;
/// let out = pos.play("e2-e3".parse()?)?;
/// assert_eq!(out.battle(), None);
/// assert!(!out.is_attack());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The move played.
    pub mv: Move,
    /// Who played it.
    pub side: Side,
    /// The kind of the piece that moved.
    pub piece: PieceKind,
    /// The fight, when the move attacked: the defender's kind and the result.
    pub fight: Option<Fight>,
}

/// A fight: who defended and how it ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fight {
    /// The defender's kind (always shown to the attacker).
    pub defender: PieceKind,
    /// The result.
    pub battle: Battle,
    /// Whether the attacker's kind was shown to the defending side: under
    /// [`RevealRule::BothFighters`](crate::RevealRule::BothFighters) always, under
    /// [`RevealRule::AttackerStaysHidden`](crate::RevealRule::AttackerStaysHidden)
    /// only when the attacker was removed.
    pub attacker_revealed: bool,
}

impl Outcome {
    /// Whether the move attacked.
    ///
    /// ```
    /// # use marsal::*;
    /// let o = Outcome { mv: "a1-a2".parse().unwrap(), side: Side::Red, piece: PieceKind::Spy, fight: None };
    /// assert!(!o.is_attack());
    /// ```
    #[inline]
    pub const fn is_attack(&self) -> bool {
        self.fight.is_some()
    }

    /// The battle result, when the move attacked.
    ///
    /// ```
    /// # use marsal::*;
    /// let o = Outcome { mv: "a1-a2".parse().unwrap(), side: Side::Red, piece: PieceKind::Spy, fight: None };
    /// assert_eq!(o.battle(), None);
    /// ```
    #[inline]
    pub fn battle(&self) -> Option<Battle> {
        self.fight.map(|f| f.battle)
    }

    /// What `observer` saw of this move: the move itself is public; the mover's
    /// kind is shown to its own side, and to the other side only when the fight
    /// revealed it; a defender's kind is known to both sides (its owner, and the
    /// attacker who looked at it).
    ///
    /// ```
    /// use marsal::*;
    /// let o = Outcome {
    ///     mv: "a1-a2".parse().unwrap(),
    ///     side: Side::Red,
    ///     piece: PieceKind::General,
    ///     fight: Some(Fight { defender: PieceKind::Scout, battle: Battle::AttackerWins, attacker_revealed: false }),
    /// };
    /// assert_eq!(o.observed_by(Side::Red).piece, Some(PieceKind::General));
    /// assert_eq!(o.observed_by(Side::Blue).piece, None);
    /// assert_eq!(o.observed_by(Side::Blue).defender, Some(PieceKind::Scout));
    /// ```
    pub fn observed_by(&self, observer: Side) -> Observation {
        let shown = observer == self.side || self.fight.is_some_and(|f| f.attacker_revealed);
        Observation {
            mv: self.mv,
            side: self.side,
            piece: if shown { Some(self.piece) } else { None },
            defender: self.fight.map(|f| f.defender),
            battle: self.battle(),
        }
    }
}

/// One event of a side's log: a move as that side saw it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Observation {
    /// The move (public).
    pub mv: Move,
    /// Who moved (public).
    pub side: Side,
    /// The mover's kind, if the observer was shown it.
    pub piece: Option<PieceKind>,
    /// The defender's kind, if the move attacked.
    pub defender: Option<PieceKind>,
    /// The result of the fight, if the move attacked (public).
    pub battle: Option<Battle>,
}
