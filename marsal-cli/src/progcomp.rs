//! The `progcomp` protocol: the line protocol of the manager program of the
//! UCC Programming Competition 2012 (its manual, `manager_manual.txt`), so that
//! bots written for that manager run unchanged.
//!
//! Coordinates: `X` 0..9 left to right is the file (a..j); `Y` 0..9 top to
//! bottom is the rank counted from Red's back row (Y 0 = rank 1), because in
//! that protocol RED sits at the top of the board. `UP` lowers Y, `DOWN`
//! raises it. Pieces: `1` Marshal .. `9` Scout, `s` Spy, `B` Bomb, `F` Flag;
//! on the board, `#` an enemy piece, `+` a lake, `.` empty.
//!
//! Where the manual and the manager's program differ, this follows the
//! program (the manager's `controller.cpp`, `game.cpp`, `main.cpp`):
//! - an answer is read as the manager's C++ stream reads it
//!   ([`parse_answer`]): `X` and `Y` as integers, the direction as a word, and
//!   after it, when anything follows, an integer multiplier; a word that is no
//!   number there is a multiplier of 0 (an illegal move), and whatever follows
//!   the multiplier is ignored;
//! - the move is repeated to both bots exactly as its bot wrote it, with the
//!   outcome after it (`1 5 DOWN 1 OK`); a move that ends the game is not
//!   repeated: `QUIT` follows at once;
//! - `QUIT` carries the manager's result line: `NAME COLOUR OUTCOME TURN
//!   RED_VALUE BLUE_VALUE` ([`quit_line`]);
//! - the opponent's name is its command as given (white space made `_`: the
//!   manual promises a name without white space, and bots split on it).

use crate::child::Bot;
use crate::proto::{quote, read_fault};
use crate::referee::{Answer, Ending, Fault, GameStart, Player, Said};
use marsal::{
    Battle, DrawReason, Move, Observation, PieceKind, Ruleset, Setup, Side, Square, SquareView,
    Status, View,
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
/// kind of both armies one the manager knows, setup zones of four rows, both
/// fighters revealed (the manager reveals both) and Red moving first.
pub fn check_rules(rules: &Ruleset) -> Result<(), String> {
    if rules.first_to_move != Side::Red {
        return Err("the progcomp protocol has Red move first".into());
    }
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

/// Reads `X Y DIRECTION [MULTIPLIER]` strictly (three or four words).
#[cfg(test)]
pub fn parse_move_words(line: &str) -> Result<Move, String> {
    let n = line.split_whitespace().count();
    if !(3..=4).contains(&n) {
        return Err(format!(
            "{} is not \"X Y DIRECTION [MULTIPLIER]\"",
            quote(line)
        ));
    }
    parse_answer(line)
}

/// A cursor over an answer that reads it as the manager's C++
/// `std::stringstream` does (`s >> x`, `s >> direction`).
struct Stream<'a> {
    s: &'a [u8],
    i: usize,
}

impl Stream<'_> {
    /// C's `isspace`.
    fn space(c: u8) -> bool {
        matches!(c, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
    }

    fn skip_space(&mut self) {
        while self.i < self.s.len() && Self::space(self.s[self.i]) {
            self.i += 1;
        }
    }

    fn at_end(&self) -> bool {
        self.i >= self.s.len()
    }

    /// `s >> int`: white space skipped, a sign, digits. `None` at the end
    /// of the text (the value is left alone); `Some(Err(()))` for no digits;
    /// a value beyond `i32` is clamped, as the stream stores it.
    fn int(&mut self) -> Option<Result<i64, ()>> {
        self.skip_space();
        if self.at_end() {
            return None;
        }
        let mut negative = false;
        if let Some(&c @ (b'+' | b'-')) = self.s.get(self.i) {
            negative = c == b'-';
            self.i += 1;
        }
        let start = self.i;
        let mut v: i64 = 0;
        while let Some(&c) = self.s.get(self.i).filter(|c| c.is_ascii_digit()) {
            v = (v * 10 + i64::from(c - b'0')).min(i64::from(i32::MAX) + 1);
            self.i += 1;
        }
        if self.i == start {
            return Some(Err(()));
        }
        let v = if negative { -v } else { v };
        Some(Ok(v.clamp(i64::from(i32::MIN), i64::from(i32::MAX))))
    }

    /// `s >> string`: white space skipped, then a word.
    fn word(&mut self) -> &str {
        self.skip_space();
        let start = self.i;
        while self.i < self.s.len() && !Self::space(self.s[self.i]) {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i]).unwrap_or("")
    }
}

/// Reads an answer as the 2012 manager reads it (its `Controller::MakeMove`
/// and `Board::MovePiece`): `X` and `Y` as integers, the direction as a word
/// (`UP`, `DOWN`, `LEFT` or `RIGHT`); then, if any character follows the
/// direction, an integer multiplier: only white space after it leaves the
/// multiplier 1, a word that does not start with a number makes it 0 (no
/// move: illegal), and whatever follows a number is ignored (`1 5 DOWN 1 x`
/// is `1 5 DOWN`). `UP` lowers Y, `DOWN` raises it.
///
/// The error says why the manager would call the answer illegal.
pub fn parse_answer(line: &str) -> Result<Move, String> {
    let mut st = Stream {
        s: line.as_bytes(),
        i: 0,
    };
    let not_move = || format!("{} is not \"X Y DIRECTION [MULTIPLIER]\"", quote(line));
    let (Some(Ok(x)), Some(Ok(y))) = (st.int(), st.int()) else {
        return Err(not_move());
    };
    let (dx, dy): (i64, i64) = match st.word() {
        "UP" => (0, -1),
        "DOWN" => (0, 1),
        "LEFT" => (-1, 0),
        "RIGHT" => (1, 0),
        "" => return Err(not_move()),
        d => return Err(format!("{} is not LEFT, RIGHT, UP or DOWN", quote(d))),
    };
    let n = if st.at_end() {
        1
    } else {
        match st.int() {
            None => 1,
            Some(Ok(n)) => n,
            Some(Err(())) => 0,
        }
    };
    let sq = |x: i64, y: i64| {
        if (0..10).contains(&x) && (0..10).contains(&y) {
            Square::new(x as u8, y as u8)
        } else {
            None
        }
    };
    let from = sq(x, y).ok_or_else(|| format!("{x} {y} is not on the board"))?;
    if n < 1 {
        return Err(format!("{}: a MULTIPLIER of {n} is no move", quote(line)));
    }
    let to =
        sq(x + dx * n, y + dy * n).ok_or_else(|| format!("{} leaves the board", quote(line)))?;
    Ok(Move::new(from, to))
}

/// The OUTCOME word(s) of a move that does not end the game, as the manager
/// writes them (a move that ends it is not repeated).
fn outcome_words(obs: &Observation) -> String {
    let ranks = || {
        let t = |k: Option<PieceKind>| k.and_then(token).unwrap_or('?');
        format!("{} {}", t(obs.piece), t(obs.defender))
    };
    match obs.battle {
        None => "OK".into(),
        // Not sent: a Flag capture ends the game.
        Some(Battle::FlagCaptured) => "VICTORY_FLAG".into(),
        Some(Battle::AttackerWins | Battle::MineDefused) => format!("KILLS {}", ranks()),
        Some(Battle::DefenderWins) => format!("DIES {}", ranks()),
        Some(Battle::BothRemoved) => format!("BOTHDIE {}", ranks()),
    }
}

/// A name as the manager sends it: the command as given, each run of white
/// space made one `_` (the manual promises names without white space; the
/// manager's own commands were single paths). A built-in bot
/// (`builtin:careful`) is named like a path, `marsal/builtin:careful`: the
/// manager's names always were paths, and a 2012 entry (ramen) takes the
/// name's file part for its opponent file and crashes on a name without `/`.
pub fn manager_name(command: &str) -> String {
    let name = command.split_whitespace().collect::<Vec<_>>().join("_");
    if name.is_empty() {
        "opponent".into()
    } else if name.starts_with(crate::bots::BUILTIN) {
        format!("marsal/{name}")
    } else {
        name
    }
}

/// The value of what is left of `side`'s army, as the manager counts it:
/// the Spy 1, the Scout 2, .. the Marshal 10; Bombs and the Flag 0.
pub fn army_value(view: &View, side: Side) -> u32 {
    view.remaining(side)
        .iter()
        .map(|(kind, n)| {
            let value = match kind {
                PieceKind::Spy => 1,
                PieceKind::Scout => 2,
                PieceKind::Miner => 3,
                PieceKind::Sergeant => 4,
                PieceKind::Lieutenant => 5,
                PieceKind::Captain => 6,
                PieceKind::Major => 7,
                PieceKind::Colonel => 8,
                PieceKind::General => 9,
                PieceKind::Marshal => 10,
                _ => 0,
            };
            value * u32::from(n)
        })
        .sum()
}

/// The manager's result line (its `Game::PrintResults`), which follows
/// `QUIT`: `NAME COLOUR OUTCOME TURN RED_VALUE BLUE_VALUE`, where NAME and
/// COLOUR are those of the side on whose turn the game ended (`neither BOTH`
/// when both setups failed), OUTCOME is `VICTORY`, `ILLEGAL`, `SURRENDER`,
/// `DRAW`, `DRAW_DEFAULT` or `BAD_SETUP`, TURN the turn it ended on (a turn is a
/// move of each side; 0 in the setup) and the values are those of
/// [`army_value`]. `started` is whether both setups were taken.
pub fn quit_line(ending: &Ending, view: &View, names: [&str; 2], started: bool) -> String {
    let ply = view.ply();
    // The side that made the last move, and the turn of a move at `ply`.
    let last_mover = if ply % 2 == 1 { Side::Red } else { Side::Blue };
    let turn_of = |ply: u32| ply / 2 + 1;
    // A win by the side that moved last is found on its move; a win by the
    // other side (the loser took its own last movable piece) on the winner's
    // turn, the next move.
    let win_turn = |winner: Side| {
        if winner == last_mover {
            turn_of(ply.saturating_sub(1))
        } else {
            turn_of(ply)
        }
    };
    let (who, outcome, turn) = match ending {
        Ending::BothSetupsFailed(_) => (None, "BAD_SETUP", 0),
        Ending::Forfeit { loser, .. } if !started => (Some(*loser), "BAD_SETUP", 0),
        Ending::Forfeit { loser, .. } => (Some(*loser), "ILLEGAL", turn_of(ply)),
        Ending::Resigned(loser) => (Some(*loser), "SURRENDER", turn_of(ply)),
        Ending::Rules(Status::Won { winner, .. }) => (Some(*winner), "VICTORY", win_turn(*winner)),
        Ending::Rules(Status::Drawn {
            reason: DrawReason::PlyLimit,
        }) => (Some(last_mover), "DRAW_DEFAULT", turn_of(ply)),
        Ending::Rules(_) => (Some(last_mover), "DRAW", turn_of(ply.saturating_sub(1))),
    };
    let who = match who {
        Some(Side::Red) => format!("{} RED", names[0]),
        Some(Side::Blue) => format!("{} BLUE", names[1]),
        None => "neither BOTH".into(),
    };
    format!(
        "{who} {outcome} {turn} {} {}",
        army_value(view, Side::Red),
        army_value(view, Side::Blue)
    )
}

/// Whether the manager repeats a move after which the game stands at
/// `status`. It does not repeat a move that ends the game: a Flag captured,
/// the opponent's last movable piece taken, neither side able to move. It
/// does repeat one that ends it later: the last move before the turn limit,
/// and a move that loses the mover's own last movable piece (the manager then
/// finds, at the opponent's turn, that it has won).
fn repeated(obs: &Observation, status: Status) -> bool {
    match status {
        Status::Ongoing { .. } => true,
        Status::Drawn {
            reason: DrawReason::PlyLimit,
        } => true,
        Status::Won { winner, .. } => winner != obs.side,
        Status::Drawn { .. } => false,
    }
}

/// A program speaking the progcomp protocol, seen from the referee.
pub struct ProgcompBot {
    bot: Bot,
    side: Side,
    limit: Duration,
    setup_limit: Duration,
    waited: Duration,
    /// The bot's last answer, exactly as written.
    reply: Option<String>,
    /// Red's name and Blue's, as the manager writes them.
    names: [String; 2],
    /// Both setups were taken: the game started.
    started: bool,
}

impl ProgcompBot {
    /// Starts `cmd`; `limit` for each move, ten times as much (at least 5 s)
    /// for the setup.
    pub fn spawn_in(
        cmd: &str,
        dir: Option<&std::path::Path>,
        limit: Duration,
        show_stderr: bool,
    ) -> Result<ProgcompBot, String> {
        Ok(ProgcompBot {
            bot: Bot::spawn_in(cmd, dir, show_stderr)?,
            side: Side::Red,
            limit,
            setup_limit: (limit * 10).max(Duration::from_secs(5)),
            waited: Duration::ZERO,
            reply: None,
            names: [String::new(), String::new()],
            started: false,
        })
    }

    /// The next line, exactly as the bot wrote it (without the line break).
    fn answer(&mut self, limit: Duration, deadline: Instant) -> Result<String, Fault> {
        let start = Instant::now();
        let got = self.bot.read_line(Some(deadline));
        self.waited += start.elapsed();
        match got {
            Ok(line) => Ok(line),
            Err(e) => read_fault(&mut self.bot, Err(e), limit),
        }
    }
}

impl Player for ProgcompBot {
    fn setup(&mut self, start: &GameStart) -> Result<Setup, Fault> {
        self.side = start.side;
        let (colour, red, blue) = match start.side {
            Side::Red => ("RED", start.name, start.opponent),
            Side::Blue => ("BLUE", start.opponent, start.name),
        };
        self.names = [manager_name(red), manager_name(blue)];
        let opponent = &self.names[(!start.side).index()];
        self.bot.send(&format!("{colour} {opponent} 10 10"));
        let deadline = Instant::now() + self.setup_limit;
        let mut setup = Setup::new(start.side);
        for (row, rank) in zone_ranks(start.rules, start.side).into_iter().enumerate() {
            let line = self.answer(self.setup_limit, deadline)?;
            let line = line.trim();
            if line.chars().count() != 10 {
                return Err(Fault::BadSetup(format!(
                    "row {} {} does not have 10 characters",
                    row + 1,
                    quote(line)
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

    fn start(&mut self, _view: &View) -> Result<(), Fault> {
        self.started = true;
        Ok(())
    }

    fn observe(&mut self, obs: &Observation, view: &View) -> Result<(), Fault> {
        self.observe_said(obs, view, None)
    }

    fn observe_said(
        &mut self,
        obs: &Observation,
        view: &View,
        said: Option<&Said>,
    ) -> Result<(), Fault> {
        if !repeated(obs, view.status()) {
            return Ok(());
        }
        let words = match said {
            Some(Said::Progcomp(text)) => text.clone(),
            _ => move_words(obs.mv),
        };
        self.bot.send(&format!("{words} {}", outcome_words(obs)));
        Ok(())
    }

    fn choose(&mut self, view: &View, _legal: &[Move]) -> Result<Answer, Fault> {
        if view.ply() == 0 {
            self.bot.send("START");
        }
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
        self.reply = None;
        let line = self.answer(self.limit, Instant::now() + self.limit)?;
        self.reply = Some(line.clone());
        if line == "SURRENDER" {
            return Ok(Answer::Resign);
        }
        parse_answer(&line)
            .map(Answer::Move)
            .map_err(Fault::Protocol)
    }

    fn said(&self) -> Option<Said> {
        self.reply.clone().map(Said::Progcomp)
    }

    fn finish(&mut self, _ending: &Ending) {
        self.bot.send("QUIT");
        self.bot.stop(Duration::from_millis(500));
    }

    fn finish_at(&mut self, ending: &Ending, view: &View) {
        let names = [self.names[0].as_str(), self.names[1].as_str()];
        let line = quit_line(ending, view, names, self.started);
        self.bot.send(&format!("QUIT {line}"));
        self.bot.stop(Duration::from_millis(500));
    }

    /// Under a clock: the time left (the protocol announces no time).
    fn set_limit(&mut self, limit: Duration) {
        self.limit = limit;
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
    fn an_answer_is_read_as_the_managers_stream_reads_it() {
        let mv = |t: &str| parse_answer(t).map(|m| m.to_string());
        let b4_b5 = Ok("b4-b5".to_string());
        // A multiplier of 1, white space around, and words after a number.
        assert_eq!(mv("1 3 DOWN"), b4_b5);
        assert_eq!(mv("1 3 DOWN 1"), b4_b5);
        assert_eq!(mv("  1 3 DOWN  "), b4_b5);
        assert_eq!(mv("1 3 DOWN 1 thanks"), b4_b5);
        assert_eq!(mv("1 3 DOWN 1thanks"), b4_b5);
        assert_eq!(mv("+1 3 DOWN"), b4_b5);
        // The stream stops a number at its first other character.
        assert_eq!(mv("1 3DOWN"), b4_b5);
        assert_eq!(mv("1 3 DOWN 3 and more"), Ok("b4-b7".to_string()));
        // A word where the multiplier goes is a multiplier of 0: no move.
        assert!(
            mv("1 3 DOWN thanks")
                .unwrap_err()
                .contains("MULTIPLIER of 0")
        );
        assert!(mv("1 3 DOWN 0").is_err());
        assert!(mv("1 3 DOWN -2").is_err());
        // No direction, a wrong one, or no numbers: not a move.
        assert!(mv("1 3").is_err());
        assert!(mv("1 3 down").is_err());
        assert!(mv("1 3 DOWNWARDS").is_err());
        assert!(mv("a b DOWN").is_err());
        assert!(mv("").is_err());
        assert!(mv("SURRENDER").is_err());
        // Off the board, from it or onto it, even by a huge multiplier.
        assert!(mv("10 3 DOWN").is_err());
        assert!(mv("-1 3 DOWN").is_err());
        assert!(mv("1 3 DOWN 99999999999").is_err());
        assert!(mv("99999999999 3 DOWN").is_err());
    }

    #[test]
    fn a_move_that_ends_the_game_is_repeated_only_when_the_mover_lost_by_it() {
        let obs = Observation {
            mv: "a4-a5".parse().unwrap(),
            side: Side::Red,
            piece: None,
            defender: None,
            battle: None,
        };
        let won = |winner| Status::Won {
            winner,
            reason: marsal::WinReason::OpponentCannotMove,
        };
        let drawn = |reason| Status::Drawn { reason };
        assert!(repeated(&obs, view_after(0).status()));
        assert!(!repeated(&obs, won(Side::Red)));
        // Red took its own last movable piece: the manager repeats the move,
        // and finds Blue's win at Blue's turn.
        assert!(repeated(&obs, won(Side::Blue)));
        assert!(repeated(&obs, drawn(DrawReason::PlyLimit)));
        assert!(!repeated(&obs, drawn(DrawReason::NeitherCanMove)));
    }

    /// Red's view after `plies` random moves of a classic game.
    fn view_after(plies: u32) -> View {
        let rules = Ruleset::classic();
        let mut game = marsal::Game::new(
            &rules,
            &Setup::random(&rules, Side::Red, 1),
            &Setup::random(&rules, Side::Blue, 2),
        )
        .unwrap();
        let mut rng = marsal::Rng::new(3);
        for _ in 0..plies {
            let moves = game.legal_moves();
            let mv = moves[rng.below(moves.len() as u32) as usize];
            game.play(mv).unwrap();
        }
        game.position().view(Side::Red)
    }

    #[test]
    fn the_result_line_names_the_side_on_whose_turn_the_game_ended() {
        let names = ["./red", "./blue"];
        let won = |winner| {
            Ending::Rules(Status::Won {
                winner,
                reason: marsal::WinReason::OpponentCannotMove,
            })
        };
        // After 4 plies (two turns), Blue moved last.
        let v = view_after(4);
        let values =
            |v: &View| format!("{} {}", army_value(v, Side::Red), army_value(v, Side::Blue));
        assert_eq!(values(&view_after(0)), "148 148");
        let vals = values(&v);
        assert_eq!(
            quit_line(&won(Side::Blue), &v, names, true),
            format!("./blue BLUE VICTORY 2 {vals}")
        );
        // Blue lost its last movable piece on its own move: Red wins on turn 3.
        assert_eq!(
            quit_line(&won(Side::Red), &v, names, true),
            format!("./red RED VICTORY 3 {vals}")
        );
        let forfeit = Ending::Forfeit {
            loser: Side::Red,
            fault: Fault::Timeout(Duration::from_millis(5)),
        };
        assert_eq!(
            quit_line(&forfeit, &v, names, true),
            format!("./red RED ILLEGAL 3 {vals}")
        );
        assert_eq!(
            quit_line(&forfeit, &view_after(0), names, false),
            "./red RED BAD_SETUP 0 148 148"
        );
        let both = Ending::BothSetupsFailed([
            Fault::BadSetup(String::new()),
            Fault::BadSetup(String::new()),
        ]);
        assert!(
            quit_line(&both, &view_after(0), names, false).starts_with("neither BOTH BAD_SETUP 0 ")
        );
        assert_eq!(
            quit_line(&Ending::Resigned(Side::Blue), &view_after(5), names, true),
            format!("./blue BLUE SURRENDER 3 {}", values(&view_after(5)))
        );
    }

    #[test]
    fn names_are_sent_without_white_space() {
        assert_eq!(
            manager_name("../agents/vixen/vixen.py"),
            "../agents/vixen/vixen.py"
        );
        assert_eq!(manager_name("python3  bot.py\t-x"), "python3_bot.py_-x");
        assert_eq!(manager_name("builtin:careful"), "marsal/builtin:careful");
    }

    #[test]
    fn classic_and_barrage_fit_the_protocol() {
        assert!(check_rules(&Ruleset::classic()).is_ok());
        assert!(check_rules(&Ruleset::barrage()).is_ok());
        assert!(check_rules(&Ruleset::marsal_a_spion()).is_err());
    }
}
