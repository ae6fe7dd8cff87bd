//! The `progcomp` protocol: the line protocol of the manager program of the
//! UCC Programming Competition 2012 (its manual, `manager_manual.txt`), so that
//! bots written for that manager run unchanged.
//!
//! Coordinates: `X` 0..9 left to right is the file (a..j); `Y` 0..9 top to
//! bottom is the rank counted from Red's back row (Y 0 = rank 1), because in
//! that protocol RED sits at the top of the board. `UP` lowers Y, `DOWN`
//! raises it. Pieces: `1` Marshal .. `9` Scout, `s` Spy, `B` Bomb, `F` Flag;
//! on the board, `#` an enemy piece, `+` a lake, `.` empty.

use crate::child::Bot;
use crate::proto::{quote, read_fault};
use crate::referee::{Answer, Ending, Fault, GameStart, Player};
use marsal::{
    Battle, Move, Observation, PieceKind, Ruleset, Setup, Side, Square, SquareView, Status, View,
    WinReason,
};
use std::time::{Duration, Instant};

/// The manager's token of a kind, if it has one.
pub fn token(kind: PieceKind) -> Option<char> {
    Some(match kind {
        PieceKind::Marshal => '1',
        PieceKind::General => '2',
        PieceKind::Colonel => '3',
        PieceKind::Major => '4',
        PieceKind::Captain => '5',
        PieceKind::Lieutenant => '6',
        PieceKind::Sergeant => '7',
        PieceKind::Miner => '8',
        PieceKind::Scout => '9',
        PieceKind::Spy => 's',
        PieceKind::Bomb => 'B',
        PieceKind::Flag => 'F',
        _ => return None,
    })
}

fn from_token(c: char) -> Option<PieceKind> {
    PieceKind::ALL.into_iter().find(|&k| token(k) == Some(c))
}

/// Whether `rules` can be played over this protocol: a 10 x 10 board, every
/// kind of both armies one the manager knows, setup zones of four rows, and
/// both fighters revealed (the manager reveals both).
pub fn check_rules(rules: &Ruleset) -> Result<(), String> {
    if (rules.board.files, rules.board.ranks) != (10, 10) {
        return Err("the progcomp protocol needs a 10 x 10 board (classic or barrage)".into());
    }
    for side in Side::BOTH {
        if let Some((k, _)) = rules.army(side).iter().find(|&(k, _)| token(k).is_none()) {
            return Err(format!("the progcomp protocol has no letter for the {k}"));
        }
        if zone_ranks(rules, side).len() != 4 {
            return Err("the progcomp protocol needs setup zones of four rows".into());
        }
    }
    if rules.reveal != marsal::RevealRule::BothFighters {
        return Err("the progcomp protocol reveals both fighters of every attack".into());
    }
    Ok(())
}

/// The ranks of `side`'s setup zone, lowest first (= the protocol's rows from
/// the top).
fn zone_ranks(rules: &Ruleset, side: Side) -> Vec<u8> {
    let mut ranks: Vec<u8> = rules.board.zone(side).iter().map(|sq| sq.rank()).collect();
    ranks.sort_unstable();
    ranks.dedup();
    ranks
}

/// `X Y DIRECTION [MULTIPLIER]` for a move.
pub fn move_words(mv: Move) -> String {
    let (x, y) = (mv.from.file(), mv.from.rank());
    let (dx, dy) = (
        i16::from(mv.to.file()) - i16::from(x),
        i16::from(mv.to.rank()) - i16::from(y),
    );
    let (dir, n) = match (dx, dy) {
        (0, d) if d < 0 => ("UP", -d),
        (0, d) => ("DOWN", d),
        (d, _) if d < 0 => ("LEFT", -d),
        (d, _) => ("RIGHT", d),
    };
    if n > 1 {
        format!("{x} {y} {dir} {n}")
    } else {
        format!("{x} {y} {dir}")
    }
}

/// Reads `X Y DIRECTION [MULTIPLIER]`.
pub fn parse_move_words(line: &str) -> Result<Move, String> {
    let w: Vec<&str> = line.split_whitespace().collect();
    if !(3..=4).contains(&w.len()) {
        return Err(format!(
            "{} is not \"X Y DIRECTION [MULTIPLIER]\"",
            quote(line)
        ));
    }
    let num = |s: &str, what: &str| {
        s.parse::<u8>()
            .map_err(|_| format!("{what} {} is not a number", quote(s)))
    };
    let (x, y) = (num(w[0], "X")?, num(w[1], "Y")?);
    let n = if w.len() == 4 {
        num(w[3], "MULTIPLIER")?
    } else {
        1
    };
    let (dx, dy): (i16, i16) = match w[2] {
        "UP" => (0, -1),
        "DOWN" => (0, 1),
        "LEFT" => (-1, 0),
        "RIGHT" => (1, 0),
        d => return Err(format!("{} is not LEFT, RIGHT, UP or DOWN", quote(d))),
    };
    let n = i16::from(n);
    let (tx, ty) = (i16::from(x) + dx * n, i16::from(y) + dy * n);
    let off = || format!("{} leaves the board", quote(line));
    let sq = |x: i16, y: i16| {
        if (0..10).contains(&x) && (0..10).contains(&y) {
            Square::new(x as u8, y as u8)
        } else {
            None
        }
    };
    let from = sq(i16::from(x), i16::from(y)).ok_or_else(off)?;
    let to = sq(tx, ty).ok_or_else(off)?;
    if n == 0 {
        return Err(format!("{}: a MULTIPLIER of 0 is no move", quote(line)));
    }
    Ok(Move::new(from, to))
}

/// The OUTCOME word(s) of a move as the manager writes them.
fn outcome_words(obs: &Observation, status: Status) -> String {
    if let Status::Won {
        winner,
        reason: WinReason::OpponentCannotMove,
    } = status
        && winner == obs.side
    {
        return "VICTORY_ATTRITION".into();
    }
    let ranks = || {
        let t = |k: Option<PieceKind>| k.and_then(token).unwrap_or('?');
        format!("{} {}", t(obs.piece), t(obs.defender))
    };
    match obs.battle {
        None => "OK".into(),
        Some(Battle::FlagCaptured) => "VICTORY_FLAG".into(),
        Some(Battle::AttackerWins | Battle::MineDefused) => format!("KILLS {}", ranks()),
        Some(Battle::DefenderWins) => format!("DIES {}", ranks()),
        Some(Battle::BothRemoved) => format!("BOTHDIE {}", ranks()),
    }
}

/// A program speaking the progcomp protocol, seen from the referee.
pub struct ProgcompBot {
    bot: Bot,
    side: Side,
    limit: Duration,
    setup_limit: Duration,
    waited: Duration,
    /// The opponent's last move and its outcome, for the next turn.
    last: Option<String>,
    /// The bot's last reply, for the ILLEGAL confirmation.
    reply: Option<String>,
}

impl ProgcompBot {
    /// Starts `cmd`; `limit` for each move, ten times as much (at least 5 s)
    /// for the setup.
    pub fn spawn(cmd: &str, limit: Duration, show_stderr: bool) -> Result<ProgcompBot, String> {
        Ok(ProgcompBot {
            bot: Bot::spawn(cmd, show_stderr)?,
            side: Side::Red,
            limit,
            setup_limit: (limit * 10).max(Duration::from_secs(5)),
            waited: Duration::ZERO,
            last: None,
            reply: None,
        })
    }

    fn answer(&mut self, limit: Duration, deadline: Instant) -> Result<String, Fault> {
        let start = Instant::now();
        let got = self.bot.read_line(Some(deadline));
        self.waited += start.elapsed();
        read_fault(&mut self.bot, got, limit)
    }
}

impl Player for ProgcompBot {
    fn setup(&mut self, start: &GameStart) -> Result<Setup, Fault> {
        self.side = start.side;
        let colour = match start.side {
            Side::Red => "RED",
            Side::Blue => "BLUE",
        };
        let opponent: String = start
            .opponent
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let opponent = if opponent.is_empty() {
            "opponent".into()
        } else {
            opponent
        };
        self.bot.send(&format!("{colour} {opponent} 10 10"));
        let deadline = Instant::now() + self.setup_limit;
        let mut setup = Setup::new(start.side);
        for (row, rank) in zone_ranks(start.rules, start.side).into_iter().enumerate() {
            let line = self.answer(self.setup_limit, deadline)?;
            if line.chars().count() != 10 {
                return Err(Fault::BadSetup(format!(
                    "row {} {} does not have 10 characters",
                    row + 1,
                    quote(&line)
                )));
            }
            for (file, c) in line.chars().enumerate() {
                if c == '.' {
                    continue;
                }
                let kind = from_token(c).ok_or_else(|| {
                    Fault::BadSetup(format!("row {}: {c:?} is not a piece", row + 1))
                })?;
                let sq = Square::new(file as u8, rank)
                    .ok_or_else(|| Fault::BadSetup("a square off the board".into()))?;
                setup
                    .place(sq, kind)
                    .map_err(|e| Fault::BadSetup(e.to_string()))?;
            }
        }
        Ok(setup)
    }

    fn observe(&mut self, obs: &Observation, view: &View) -> Result<(), Fault> {
        let line = format!(
            "{} {}",
            move_words(obs.mv),
            outcome_words(obs, view.status())
        );
        if obs.side == self.side {
            self.bot.send(&line);
        } else {
            self.last = Some(line);
        }
        Ok(())
    }

    fn choose(&mut self, view: &View, _legal: &[Move]) -> Result<Answer, Fault> {
        let first = self.last.take().unwrap_or_else(|| "START".into());
        self.bot.send(&first);
        for y in 0..10u8 {
            let row: String = (0..10u8)
                .map(|x| match Square::new(x, y).map(|sq| view.at(sq)) {
                    Some(SquareView::Own { kind, .. }) => token(kind).unwrap_or('?'),
                    Some(SquareView::Enemy { .. }) => '#',
                    Some(SquareView::Lake) => '+',
                    _ => '.',
                })
                .collect();
            self.bot.send(&row);
        }
        let line = self.answer(self.limit, Instant::now() + self.limit)?;
        if line == "SURRENDER" {
            return Ok(Answer::Resign);
        }
        self.reply = Some(line.clone());
        parse_move_words(&line)
            .map(Answer::Move)
            .map_err(Fault::Protocol)
    }

    fn finish(&mut self, ending: &Ending) {
        let result = match ending {
            Ending::Forfeit { loser, fault } if *loser == self.side => {
                if let (Fault::Illegal(_) | Fault::Protocol(_), Some(reply)) = (fault, &self.reply)
                {
                    self.bot.send(&format!("{reply} ILLEGAL"));
                }
                "ILLEGAL"
            }
            Ending::Forfeit { .. } => "DEFAULT",
            Ending::Resigned(_) => "SURRENDER",
            _ => match ending.winner() {
                Some(w) if w == self.side => "VICTORY",
                Some(_) => "DEFEAT",
                None => "DRAW",
            },
        };
        self.bot.send(&format!("QUIT {result}"));
        self.bot.stop(Duration::from_millis(500));
    }

    fn waited(&self) -> Duration {
        self.waited
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_words_round_trip() {
        for text in ["0 3 DOWN", "9 6 UP 3", "4 4 LEFT 2", "0 0 RIGHT"] {
            let mv = parse_move_words(text).unwrap();
            assert_eq!(move_words(mv), text);
        }
        // Y 0 is rank 1 (Red's back row, the top in that protocol).
        assert_eq!(
            parse_move_words("0 3 DOWN").unwrap(),
            "a4-a5".parse().unwrap()
        );
        assert!(parse_move_words("0 0 UP").is_err());
        assert!(parse_move_words("a b c").is_err());
        assert!(parse_move_words("1 1 DOWN 0").is_err());
    }

    #[test]
    fn classic_and_barrage_fit_the_protocol() {
        assert!(check_rules(&Ruleset::classic()).is_ok());
        assert!(check_rules(&Ruleset::barrage()).is_ok());
        assert!(check_rules(&Ruleset::marsal_a_spion()).is_err());
    }
}
