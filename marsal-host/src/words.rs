//! Words for a person and for a protocol: the sides' names, how a game
//! ended (in words, and as the snake_case tokens the marsal protocol sends),
//! fight results as tokens, and the kinds in play in the order a legend
//! lists them.

use marsal::{Battle, DrawReason, PieceKind, Ruleset, Side, Status, WinReason};

/// "Red" / "Blue".
///
/// ```
/// assert_eq!(marsal_host::side_name(marsal::Side::Blue), "Blue");
/// ```
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Red => "Red",
        Side::Blue => "Blue",
    }
}

/// The kinds either army of `rules` has, strongest first (Spy, Mines and Flag
/// last).
///
/// ```
/// use marsal::{PieceKind, Ruleset};
/// let kinds = marsal_host::kinds_in_play(&Ruleset::barrage());
/// assert_eq!(kinds.first(), Some(&PieceKind::Marshal));
/// assert_eq!(kinds.last(), Some(&PieceKind::Flag));
/// ```
pub fn kinds_in_play(rules: &Ruleset) -> Vec<PieceKind> {
    let mut kinds: Vec<PieceKind> = PieceKind::ALL
        .into_iter()
        .filter(|&k| Side::BOTH.iter().any(|&s| rules.army(s).count(k) > 0))
        .collect();
    kinds.sort_by_key(|&k| {
        let special = match k {
            PieceKind::Spy => 1,
            PieceKind::Mine | PieceKind::Bomb => 2,
            PieceKind::Flag => 3,
            _ => 0,
        };
        (special, std::cmp::Reverse(rules.strengths.get(k)))
    });
    kinds
}

/// Why a game was won, in words.
///
/// ```
/// assert_eq!(marsal_host::win_reason(marsal::WinReason::FlagCaptured), "the Flag was captured");
/// ```
pub fn win_reason(reason: WinReason) -> &'static str {
    match reason {
        WinReason::FlagCaptured => "the Flag was captured",
        WinReason::OpponentCannotMove => "the opponent has no piece that can move",
    }
}

/// Why a game was drawn, in words (PAT explained).
///
/// ```
/// let s = marsal_host::draw_reason(marsal::DrawReason::NoLegalMove(marsal::Side::Red));
/// assert!(s.starts_with("Red is to move and has no legal move: PAT"));
/// ```
pub fn draw_reason(reason: DrawReason) -> String {
    match reason {
        DrawReason::NoLegalMove(side) => format!(
            "{} is to move and has no legal move: PAT (the Czech rules' stalemate: \
             a player who cannot move draws)",
            side_name(side)
        ),
        DrawReason::NeitherCanMove => "neither side has a piece that can move".into(),
        DrawReason::NoHope => "neither side can ever capture the other's Flag".into(),
        DrawReason::PlyLimit => "the limit on the number of moves was reached".into(),
        DrawReason::NoAttackLimit => "too many moves in a row without an attack".into(),
        DrawReason::Repetition => "the same position stood too often".into(),
    }
}

/// How a game stands or ended, in words: the words every host says (the
/// `marsal` program, the C library's `marsal_status_words`, Python's
/// `str(game.status)`, the wasm package's `statusText`; told to one of the
/// players, [`status_words_for`]).
///
/// ```
/// use marsal::{Side, Status, WinReason};
/// let won = Status::Won { winner: Side::Red, reason: WinReason::FlagCaptured };
/// assert_eq!(marsal_host::status_words(won), "Red wins: the Flag was captured");
/// ```
pub fn status_words(status: Status) -> String {
    match status {
        Status::Ongoing { to_move } => format!("{} to move", side_name(to_move)),
        Status::Won { winner, reason } => {
            format!("{} wins: {}", side_name(winner), win_reason(reason))
        }
        Status::Drawn { reason } => format!("a draw: {}", draw_reason(reason)),
    }
}

/// How a game stands or ended, in words for `viewer`, one of its players:
/// the words of [`status_words`] told to that player ("You win: the Flag
/// was captured", "You lose: you have no piece that can move", "A draw:
/// the same position stood too often"), which the page shows.
///
/// ```
/// use marsal::{DrawReason, Side, Status, WinReason};
/// use marsal_host::status_words_for;
/// let won = Status::Won { winner: Side::Red, reason: WinReason::FlagCaptured };
/// assert_eq!(status_words_for(won, Side::Red), "You win: the Flag was captured");
/// assert_eq!(status_words_for(won, Side::Blue), "You lose: the Flag was captured");
/// let stuck = Status::Won { winner: Side::Blue, reason: WinReason::OpponentCannotMove };
/// assert_eq!(status_words_for(stuck, Side::Red), "You lose: you have no piece that can move");
/// let drawn = Status::Drawn { reason: DrawReason::Repetition };
/// assert_eq!(status_words_for(drawn, Side::Blue), "A draw: the same position stood too often");
/// let ongoing = Status::Ongoing { to_move: Side::Blue };
/// assert_eq!(status_words_for(ongoing, Side::Blue), "Your move");
/// ```
pub fn status_words_for(status: Status, viewer: Side) -> String {
    match status {
        Status::Ongoing { to_move } if to_move == viewer => "Your move".into(),
        Status::Ongoing { .. } => "Your opponent's move".into(),
        Status::Won { winner, reason } => {
            let you = winner == viewer;
            let why = match reason {
                WinReason::OpponentCannotMove if you => "your opponent has no piece that can move",
                WinReason::OpponentCannotMove => "you have no piece that can move",
                WinReason::FlagCaptured => win_reason(reason),
            };
            format!("{}: {why}", if you { "You win" } else { "You lose" })
        }
        Status::Drawn { reason } => format!("A draw: {}", draw_reason(reason)),
    }
}

/// What a fight did, in words, the pieces named: `attacker` the attacking
/// kind (`None` when it was not shown: "a hidden piece"). The words every
/// host says (the `marsal` program, the C library's `marsal_fight_words`,
/// Python and the page).
///
/// ```
/// use marsal::{Battle, PieceKind};
/// assert_eq!(
///     marsal_host::fight_words(Some(PieceKind::Scout), PieceKind::General, Battle::DefenderWins),
///     "Scout attacks General and loses: the attacker is removed"
/// );
/// assert_eq!(
///     marsal_host::fight_words(None, PieceKind::Flag, Battle::FlagCaptured),
///     "a hidden piece captures the Flag"
/// );
/// ```
pub fn fight_words(attacker: Option<PieceKind>, defender: PieceKind, battle: Battle) -> String {
    let a = attacker.map_or("a hidden piece", |k| k.name());
    let d = defender.name();
    match battle {
        Battle::AttackerWins => format!("{a} attacks {d} and wins: the {d} is removed"),
        Battle::DefenderWins => format!("{a} attacks {d} and loses: the attacker is removed"),
        Battle::BothRemoved => format!("{a} attacks {d}: equal strength, both are removed"),
        Battle::MineDefused => format!("{a} attacks {d} and defuses it: the {d} is removed"),
        Battle::FlagCaptured => format!("{a} captures the {d}"),
    }
}

/// The snake_case word of a fight result, as the marsal protocol sends it.
///
/// ```
/// assert_eq!(marsal_host::battle_token(marsal::Battle::MineDefused), "mine_defused");
/// ```
pub fn battle_token(battle: Battle) -> &'static str {
    match battle {
        Battle::AttackerWins => "attacker_wins",
        Battle::DefenderWins => "defender_wins",
        Battle::BothRemoved => "both_removed",
        Battle::MineDefused => "mine_defused",
        Battle::FlagCaptured => "flag_captured",
    }
}

/// The snake_case word of an ending, as the marsal protocol sends it.
///
/// ```
/// use marsal::{DrawReason, Status};
/// assert_eq!(marsal_host::reason_token(Status::Drawn { reason: DrawReason::NoHope }), "no_hope");
/// ```
pub fn reason_token(status: Status) -> &'static str {
    match status {
        Status::Ongoing { .. } => "ongoing",
        Status::Won { reason, .. } => match reason {
            WinReason::FlagCaptured => "flag_captured",
            WinReason::OpponentCannotMove => "opponent_cannot_move",
        },
        Status::Drawn { reason } => match reason {
            DrawReason::NoLegalMove(_) => "no_legal_move",
            DrawReason::NeitherCanMove => "neither_can_move",
            DrawReason::NoHope => "no_hope",
            DrawReason::PlyLimit => "ply_limit",
            DrawReason::NoAttackLimit => "no_attack_limit",
            DrawReason::Repetition => "repetition",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pat_is_explained() {
        let s = status_words(Status::Drawn {
            reason: DrawReason::NoLegalMove(Side::Blue),
        });
        assert!(s.contains("PAT") && s.contains("cannot move draws"), "{s}");
    }

    #[test]
    fn the_kinds_in_play_are_those_of_the_armies_strongest_first() {
        let rules = Ruleset::marsal_a_spion();
        let kinds = kinds_in_play(&rules);
        for k in PieceKind::ALL {
            let in_play = Side::BOTH.iter().any(|&s| rules.army(s).count(k) > 0);
            assert_eq!(kinds.contains(&k), in_play, "{k:?}");
        }
        assert_eq!(kinds[0], PieceKind::Marshal);
        let spy = kinds
            .iter()
            .position(|&k| k == PieceKind::Spy)
            .expect("a spy");
        let mine = kinds
            .iter()
            .position(|&k| k == PieceKind::Mine)
            .expect("mines");
        assert!(spy < mine && mine < kinds.len() - 1, "{kinds:?}");
        assert_eq!(kinds.last(), Some(&PieceKind::Flag));
    }

    #[test]
    fn the_sides_are_named_red_and_blue() {
        assert_eq!(side_name(Side::Red), "Red");
        assert_eq!(side_name(Side::Blue), "Blue");
    }

    #[test]
    fn the_spy_comes_after_every_other_moving_kind_whatever_its_strength() {
        // A Spy as strong as a Colonel: it still closes the moving kinds.
        let mut rules = Ruleset::classic();
        rules.strengths.set(PieceKind::Spy, 8);
        let kinds = kinds_in_play(&rules);
        let bomb = kinds.iter().position(|&k| k == PieceKind::Bomb);
        let spy = kinds.iter().position(|&k| k == PieceKind::Spy);
        assert_eq!(
            (spy, bomb),
            (Some(kinds.len() - 3), Some(kinds.len() - 2)),
            "{kinds:?}"
        );
    }

    #[test]
    fn a_won_game_says_who_won_and_why() {
        let won = |reason| Status::Won {
            winner: Side::Blue,
            reason,
        };
        assert_eq!(
            status_words(won(WinReason::FlagCaptured)),
            "Blue wins: the Flag was captured"
        );
        assert_eq!(
            status_words(won(WinReason::OpponentCannotMove)),
            "Blue wins: the opponent has no piece that can move"
        );
        assert_eq!(
            status_words(Status::Ongoing { to_move: Side::Red }),
            "Red to move"
        );
    }

    #[test]
    fn every_fight_result_has_the_protocols_token() {
        let tokens = [
            (Battle::AttackerWins, "attacker_wins"),
            (Battle::DefenderWins, "defender_wins"),
            (Battle::BothRemoved, "both_removed"),
            (Battle::MineDefused, "mine_defused"),
            (Battle::FlagCaptured, "flag_captured"),
        ];
        for (battle, token) in tokens {
            assert_eq!(battle_token(battle), token);
        }
    }

    #[test]
    fn every_ending_has_its_own_token() {
        let endings = [
            Status::Won {
                winner: Side::Red,
                reason: WinReason::FlagCaptured,
            },
            Status::Won {
                winner: Side::Red,
                reason: WinReason::OpponentCannotMove,
            },
            Status::Drawn {
                reason: DrawReason::NoLegalMove(Side::Red),
            },
            Status::Drawn {
                reason: DrawReason::NeitherCanMove,
            },
            Status::Drawn {
                reason: DrawReason::NoHope,
            },
            Status::Drawn {
                reason: DrawReason::PlyLimit,
            },
            Status::Drawn {
                reason: DrawReason::NoAttackLimit,
            },
            Status::Drawn {
                reason: DrawReason::Repetition,
            },
        ];
        let tokens: std::collections::BTreeSet<_> =
            endings.iter().map(|&e| reason_token(e)).collect();
        assert_eq!(tokens.len(), endings.len());
    }
}
