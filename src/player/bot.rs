//! The *careful* bot: a simple policy that judges only from what its side
//! knows. It is the opponent of `marsal selfplay`, the built-in bot of the
//! `marsal` program, the `careful` policy of the C ABI's batch calls and of the
//! Python environments — one implementation for all of them.
//!
//! Its rule: among the legal moves, take an attack it knows it wins whatever
//! the defender is (a Flag capture first); otherwise play a uniformly random
//! move that is not an attack it knows it loses or trades whatever the
//! defender is; when every move is such an attack, a random legal move. "Knows"
//! means: for every kind the defender may still be, as that side's view says.

use crate::{Battle, KindSet, Move, PieceKind, Rng, Ruleset, Square, SquareView, combat};

/// What an attack by `attacker` on a piece that may be any of `possible`
/// gives: `Some(true)` when it wins (captures, defuses a Mine, takes the Flag)
/// whatever the piece is, `Some(false)` when it loses or trades whatever it is,
/// `None` when it depends (or `possible` is empty).
fn sure_result(rules: &Ruleset, attacker: PieceKind, possible: KindSet) -> Option<bool> {
    if possible.is_empty() {
        return None;
    }
    let result = |k| combat(rules, attacker, k);
    if possible.iter().all(|k| {
        matches!(
            result(k),
            Some(Battle::AttackerWins | Battle::MineDefused | Battle::FlagCaptured)
        )
    }) {
        Some(true)
    } else if possible
        .iter()
        .all(|k| matches!(result(k), Some(Battle::DefenderWins | Battle::BothRemoved)))
    {
        Some(false)
    } else {
        None
    }
}

/// How the careful bot rates a move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rating {
    /// An attack that surely takes the Flag.
    SureFlag,
    /// An attack that surely wins.
    SureWin,
    /// An attack that surely loses or trades.
    SureLoss,
    /// Anything else.
    Other,
}

fn rate(rules: &Ruleset, at: &impl Fn(Square) -> SquareView, mv: Move) -> Rating {
    let SquareView::Own { kind, .. } = at(mv.from) else {
        return Rating::SureLoss;
    };
    match at(mv.to) {
        SquareView::Enemy { possible } => match sure_result(rules, kind, possible) {
            Some(true) if possible.single() == Some(PieceKind::Flag) => Rating::SureFlag,
            Some(true) => Rating::SureWin,
            Some(false) => Rating::SureLoss,
            None => Rating::Other,
        },
        _ => Rating::Other,
    }
}

/// The careful bot's choice among `moves` (the legal moves of the side whose
/// board `at` describes: what that side sees on each square, as
/// [`View::at`](crate::View::at) gives it); `None` when `moves` is empty.
/// Draws with `rng` only when no sure win is found. Allocates nothing.
///
/// ```
/// use marsal::{Position, Rng, Ruleset, Side, careful_move};
///
/// let rules = Ruleset::classic();
/// let pos = Position::start(&rules, 1, 2)?;
/// let view = pos.view(Side::Red);
/// let moves = pos.legal_moves();
/// let mv = careful_move(&rules, |sq| view.at(sq), &moves, &mut Rng::new(3));
/// assert!(moves.contains(&mv.unwrap()));
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn careful_move(
    rules: &Ruleset,
    at: impl Fn(Square) -> SquareView,
    moves: &[Move],
    rng: &mut Rng,
) -> Option<Move> {
    let mut win = None;
    let mut safe = 0u32;
    for &mv in moves {
        match rate(rules, &at, mv) {
            Rating::SureFlag => return Some(mv),
            Rating::SureWin => {
                win.get_or_insert(mv);
            }
            Rating::SureLoss => {}
            Rating::Other => safe += 1,
        }
    }
    if win.is_some() {
        return win;
    }
    if safe == 0 {
        return match moves.len() {
            0 => None,
            n => Some(moves[rng.below(n as u32) as usize]),
        };
    }
    let mut pick = rng.below(safe);
    moves
        .iter()
        .copied()
        .filter(|&mv| rate(rules, &at, mv) == Rating::Other)
        .find(|_| {
            let found = pick == 0;
            pick = pick.wrapping_sub(1);
            found
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().expect("square")
    }

    fn mv(text: &str) -> Move {
        text.parse().expect("move")
    }

    /// A board as the bot sees it: a Red Marshal on b2, a Red Scout on e5,
    /// enemies around them as `enemies` says, the rest empty.
    fn board(enemies: &[(&str, KindSet)]) -> impl Fn(Square) -> SquareView + use<> {
        let enemies: [(Square, KindSet); 4] = core::array::from_fn(|i| {
            enemies
                .get(i)
                .map_or((sq("l12"), KindSet::EMPTY), |&(s, k)| (sq(s), k))
        });
        move |s| {
            let own = |kind| SquareView::Own {
                kind,
                known_to_opponent: KindSet::only(kind),
            };
            if s == sq("b2") {
                own(PieceKind::Marshal)
            } else if s == sq("e5") {
                own(PieceKind::Scout)
            } else if let Some(&(_, possible)) =
                enemies.iter().find(|(e, k)| *e == s && !k.is_empty())
            {
                SquareView::Enemy { possible }
            } else {
                SquareView::Empty
            }
        }
    }

    #[test]
    fn careful_bot_takes_a_sure_flag_capture_first() {
        let rules = Ruleset::classic();
        let at = board(&[
            ("b3", KindSet::only(PieceKind::Scout)),
            ("c2", KindSet::only(PieceKind::Flag)),
        ]);
        let moves = [mv("b2-a2"), mv("b2xb3"), mv("b2xc2")];
        for seed in 0..20 {
            assert_eq!(
                careful_move(&rules, &at, &moves, &mut Rng::new(seed)),
                Some(mv("b2xc2"))
            );
        }
    }

    #[test]
    fn careful_bot_takes_a_sure_win_before_a_quiet_move() {
        let rules = Ruleset::classic();
        let at = board(&[("b3", KindSet::only(PieceKind::Scout))]);
        let moves = [mv("b2-a2"), mv("b2xb3"), mv("b2-c2")];
        for seed in 0..20 {
            assert_eq!(
                careful_move(&rules, &at, &moves, &mut Rng::new(seed)),
                Some(mv("b2xb3"))
            );
        }
    }

    #[test]
    fn careful_bot_never_makes_an_attack_it_knows_it_loses() {
        let rules = Ruleset::classic();
        // The Scout attacking a known Marshal loses; a Bomb-or-Marshal piece
        // beats the Scout whatever it is; a piece that may be a Flag is a
        // gamble the bot may take.
        let both = KindSet::only(PieceKind::Marshal).with(PieceKind::Bomb);
        let maybe = KindSet::only(PieceKind::Marshal).with(PieceKind::Flag);
        let at = board(&[
            ("e6", KindSet::only(PieceKind::Marshal)),
            ("f5", both),
            ("d5", maybe),
        ]);
        let moves = [mv("e5xe6"), mv("e5xf5"), mv("e5xd5"), mv("e5-e4")];
        let mut seen = [false; 4];
        for seed in 0..200 {
            let m = careful_move(&rules, &at, &moves, &mut Rng::new(seed)).unwrap();
            assert_ne!(m, mv("e5xe6"));
            assert_ne!(m, mv("e5xf5"));
            seen[moves.iter().position(|&x| x == m).unwrap()] = true;
        }
        assert_eq!(
            seen,
            [false, false, true, true],
            "both other moves are drawn"
        );
    }

    #[test]
    fn careful_bot_plays_a_losing_attack_only_when_nothing_else_is_legal() {
        let rules = Ruleset::classic();
        let at = board(&[("e6", KindSet::only(PieceKind::Marshal))]);
        let moves = [mv("e5xe6")];
        assert_eq!(
            careful_move(&rules, &at, &moves, &mut Rng::new(1)),
            Some(mv("e5xe6"))
        );
        assert_eq!(careful_move(&rules, &at, &[], &mut Rng::new(1)), None);
    }
}
