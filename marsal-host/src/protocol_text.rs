//! The marsal protocol's text for what a side is told (documented in the
//! project's `docs/protocol.md`): the board of a `view` line and the words of
//! a `move` line, written and read back.

use crate::words::battle_token;
use marsal::{Battle, Move, Observation, Piece, PieceKind, Side, Square, SquareView, View};

/// The board as the protocol's `view` line shows it: ranks from the top,
/// separated by `/`; `#` off the board, `~` lake, `.` empty, a piece letter
/// (upper case Red, lower case Blue) for the viewer's pieces and the enemy
/// pieces it knows, `?` for an enemy piece it does not know.
///
/// ```
/// use marsal::{Position, Ruleset, Side};
///
/// let pos = Position::start(&Ruleset::barrage(), 1, 2)?;
/// let text = marsal_host::view_text(&pos.view(Side::Red));
/// assert_eq!(text.split('/').count(), 10);
/// assert!(text.contains('?') && text.contains('~'));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn view_text(view: &View) -> String {
    let (files, ranks) = view.size();
    let mut s = String::with_capacity((files as usize + 1) * ranks as usize);
    for rank in (0..ranks).rev() {
        if rank + 1 != ranks {
            s.push('/');
        }
        for file in 0..files {
            let ch = match Square::new(file, rank).map(|sq| view.at(sq)) {
                None | Some(SquareView::OffBoard) => '#',
                Some(SquareView::Lake) => '~',
                Some(SquareView::Empty) => '.',
                Some(SquareView::Own { kind, .. }) => Piece::new(view.side(), kind).letter(),
                Some(SquareView::Enemy { possible }) => match possible.single() {
                    Some(kind) => Piece::new(!view.side(), kind).letter(),
                    None => '?',
                },
            };
            s.push(ch);
        }
    }
    s
}

/// The protocol's `move` line for one observation: `move <side> <text>` and
/// for an attack `<attacker> <defender> <result>` (attacker `?` when it is
/// not shown); [`parse_move_words`] reads it back.
///
/// ```
/// use marsal::{Game, Position, Ruleset, Side};
///
/// let mut game = Game::from_position(Position::start(&Ruleset::barrage(), 1, 2)?);
/// let mv = game.legal_moves()[0];
/// let outcome = game.play(mv)?;
/// let line = marsal_host::move_line(&outcome.observed_by(Side::Blue));
/// assert!(line.starts_with("move red "));
/// let words = line.strip_prefix("move ").expect("a move line");
/// assert_eq!(marsal_host::parse_move_words(words).map(|o| o.mv), Some(mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn move_line(obs: &Observation) -> String {
    let sep = if obs.battle.is_some() { 'x' } else { '-' };
    let mut s = format!("move {} {}{sep}{}", obs.side.name(), obs.mv.from, obs.mv.to);
    if let (Some(defender), Some(battle)) = (obs.defender, obs.battle) {
        let attacker = obs.piece.map_or('?', |k| k.letter());
        s.push_str(&format!(
            " {attacker} {} {}",
            defender.letter(),
            battle_token(battle)
        ));
    }
    s
}

/// The words after `move` (`SIDE TEXT [A D RESULT]`) as an observation, the
/// mover's kind only when it is sent; `None` when they are not a move line's.
pub fn parse_move_words(words: &str) -> Option<Observation> {
    let mut w = words.split_whitespace();
    let side: Side = w.next()?.parse().ok()?;
    let mv: Move = w.next()?.parse().ok()?;
    let (piece, defender, battle) = match (w.next(), w.next(), w.next()) {
        (Some(a), Some(d), Some(r)) => {
            let kind = |t: &str| {
                t.chars()
                    .next()
                    .and_then(|c| PieceKind::from_letter(c.to_ascii_uppercase()))
            };
            let battle = Battle::ALL.into_iter().find(|b| battle_token(*b) == r)?;
            (kind(a), Some(kind(d)?), Some(battle))
        }
        _ => (None, None, None),
    };
    Some(Observation {
        mv,
        side,
        piece,
        defender,
        battle,
    })
}
