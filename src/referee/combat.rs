//! Combat: the one function that decides every fight.

use crate::referee::piece::PieceKind;
use crate::referee::ruleset::{Ruleset, SpyRule};

/// The result of a fight.
///
/// ```
/// use marsal::Battle;
/// assert!(Battle::AttackerWins.attacker_survives());
/// assert!(!Battle::BothRemoved.defender_survives());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Battle {
    /// The attacker wins: the defender is removed and the attacker takes its square.
    AttackerWins,
    /// The defender wins: the attacker is removed and the defender stays.
    DefenderWins,
    /// Equal strength: both are removed.
    BothRemoved,
    /// A Miner attacked a Mine (or Bomb): the Mine is removed and the Miner takes
    /// its square.
    MineDefused,
    /// The Flag was attacked: it is captured and the game ends.
    FlagCaptured,
}

impl Battle {
    /// Every outcome of a fight, in declaration order.
    ///
    /// ```
    /// use marsal::Battle;
    /// assert_eq!(Battle::ALL.len(), 5);
    /// assert_eq!(Battle::ALL[0], Battle::AttackerWins);
    /// ```
    pub const ALL: [Battle; 5] = [
        Battle::AttackerWins,
        Battle::DefenderWins,
        Battle::BothRemoved,
        Battle::MineDefused,
        Battle::FlagCaptured,
    ];

    /// Whether the attacker is still on the board afterwards.
    ///
    /// ```
    /// assert!(marsal::Battle::MineDefused.attacker_survives());
    /// ```
    #[inline]
    pub const fn attacker_survives(self) -> bool {
        matches!(
            self,
            Battle::AttackerWins | Battle::MineDefused | Battle::FlagCaptured
        )
    }

    /// Whether the defender is still on the board afterwards.
    ///
    /// ```
    /// assert!(marsal::Battle::DefenderWins.defender_survives());
    /// ```
    #[inline]
    pub const fn defender_survives(self) -> bool {
        matches!(self, Battle::DefenderWins)
    }
}

/// Decides a fight between `attacker` and `defender` under `rules`.
///
/// This is the only place the combat rules are written:
/// - the Flag falls to any attacker ([`Battle::FlagCaptured`]);
/// - a Mine or Bomb is defused by a Miner ([`Battle::MineDefused`]) and destroys
///   any other attacker ([`Battle::DefenderWins`]);
/// - the Spy defeats the Marshal when it attacks, and also when the Marshal
///   attacks it if the ruleset's [`SpyRule`] is
///   [`DefeatsMarshalAlways`](SpyRule::DefeatsMarshalAlways);
/// - otherwise the stronger piece wins ([`Ruleset::strengths`]) and equal
///   strengths remove both.
///
/// Returns `None` when `attacker` cannot attack at all (a Mine, Bomb or Flag).
///
/// ```
/// use marsal::{combat, Battle, PieceKind::*, Ruleset};
/// let czech = Ruleset::marsal_a_spion();
/// assert_eq!(combat(&czech, Spy, Marshal), Some(Battle::AttackerWins));
/// assert_eq!(combat(&czech, Marshal, Spy), Some(Battle::DefenderWins));
/// assert_eq!(combat(&czech, Miner, Mine), Some(Battle::MineDefused));
/// assert_eq!(combat(&czech, General, Mine), Some(Battle::DefenderWins));
/// assert_eq!(combat(&czech, Spy, Flag), Some(Battle::FlagCaptured));
/// assert_eq!(combat(&czech, Gunner, Gunner), Some(Battle::BothRemoved));
/// assert_eq!(combat(&czech, Mine, Spy), None);
/// ```
#[inline]
pub fn combat(rules: &Ruleset, attacker: PieceKind, defender: PieceKind) -> Option<Battle> {
    use PieceKind::{Marshal, Spy};
    if !attacker.is_movable() {
        return None;
    }
    Some(if defender.is_flag() {
        Battle::FlagCaptured
    } else if defender.is_mine() {
        if attacker.defuses_mines() {
            Battle::MineDefused
        } else {
            Battle::DefenderWins
        }
    } else if attacker == Spy && defender == Marshal {
        Battle::AttackerWins
    } else if attacker == Marshal
        && defender == Spy
        && rules.spy_rule == SpyRule::DefeatsMarshalAlways
    {
        Battle::DefenderWins
    } else {
        let (a, d) = (rules.strengths.get(attacker), rules.strengths.get(defender));
        match a.cmp(&d) {
            core::cmp::Ordering::Greater => Battle::AttackerWins,
            core::cmp::Ordering::Less => Battle::DefenderWins,
            core::cmp::Ordering::Equal => Battle::BothRemoved,
        }
    })
}
