//! What a bot on the marsal protocol was told, kept as a position: the
//! belief `marsal bot` decides from.

use crate::Bot;
use crate::protocol_text::parse_move_words;
use crate::seeds::ply_seed;
use marsal::{
    Behaviour, KindSet, Move, Observation, PieceKind, Position, Rng, Ruleset, Side, Square,
    SquareView, View,
};

/// What a bot on the marsal protocol knows, kept as a position (see
/// [`Position::play_observed`]): its own setup, where the enemy pieces stand
/// (with stand-in kinds), every move and fight it was told, and what it saw
/// the enemy's pieces do. Built at the first `view` (the enemy's squares at
/// the start are those of the view, less the moves told until then); until
/// then the moves wait.
///
/// The protocol's lines go in as they come ([`ToldBelief::observe`] with
/// the words after `move`, [`ToldBelief::view`] with the board after
/// `view`); [`ToldBelief::choose`] is the roster's bot deciding from the
/// view the belief keeps, as it would given the game itself.
///
/// ```
/// use marsal::{Game, Position, Ruleset, Side};
/// use marsal_host::{Bot, ToldBelief, move_line, view_text};
///
/// let rules = Ruleset::barrage();
/// let mut game = Game::from_position(Position::start(&rules, 1, 2)?);
/// let mut blue = ToldBelief::new(&rules, Side::Blue);
/// let outcome = game.play(game.legal_moves()[0])?;
/// let line = move_line(&outcome.observed_by(Side::Blue));
/// blue.observe(line.strip_prefix("move ").expect("a move line"));
/// blue.view(&view_text(&game.view(Side::Blue)));
///
/// let (view, _) = blue.told().expect("Blue to move, its belief kept");
/// assert_eq!(view.ply(), 1);
/// let moves = game.legal_moves();
/// let mv = blue.choose(Bot::Careful, &moves, 7, &mut || 0);
/// assert_eq!(Some(mv), Bot::Careful.move_at(&game, 7));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ToldBelief {
    rules: Ruleset,
    side: Side,
    /// The moves told before the first view.
    pending: Vec<Observation>,
    pos: Option<Position>,
    seen: Behaviour,
    /// Whether what it was told could not be kept (a line it could not
    /// read, a move its position refuses).
    failed: bool,
    /// The moves told in all.
    plies: u32,
    /// The board of the last `view`, for the careful choice when the
    /// belief could not be kept.
    board: Option<String>,
}

impl ToldBelief {
    /// A belief for `side` under `rules`, before the game.
    pub fn new(rules: &Ruleset, side: Side) -> ToldBelief {
        ToldBelief {
            rules: *rules,
            side,
            pending: Vec::new(),
            pos: None,
            seen: Behaviour::new(side),
            failed: false,
            plies: 0,
            board: None,
        }
    }

    /// Reads a `move SIDE TEXT [A D RESULT]` line's words (those after
    /// `move`).
    pub fn observe(&mut self, words: &str) {
        self.plies = self.plies.saturating_add(1);
        let Some(mut obs) = parse_move_words(words) else {
            self.failed = true;
            self.pos = None;
            return;
        };
        match &mut self.pos {
            Some(pos) => {
                if obs.side == self.side && obs.piece.is_none() {
                    obs.piece = pos.piece_at(obs.mv.from).map(|p| p.kind);
                }
                if pos.play_observed(self.side, &obs).is_none() {
                    self.failed = true;
                    self.pos = None;
                } else {
                    self.seen.observe(&self.rules, &obs, &pos.view(self.side));
                }
            }
            None => self.pending.push(obs),
        }
    }

    /// Reads a `view BOARD` line's board: builds the position at the first
    /// one.
    pub fn view(&mut self, board: &str) {
        self.board = Some(board.to_owned());
        if self.pos.is_none() && !self.failed {
            match self.build(board) {
                Some((pos, seen)) => {
                    self.pos = Some(pos);
                    self.seen = seen;
                }
                None => self.failed = true,
            }
        }
    }

    /// Whether the belief is kept: every line it was told could be read
    /// and played on its position.
    pub fn is_kept(&self) -> bool {
        !self.failed
    }

    /// The side's view of the position it keeps, when it is kept and the
    /// side is to move, and what it saw the enemy's pieces do: what a bot
    /// of the roster decides from ([`Bot::choose_at`]).
    pub fn told(&self) -> Option<(View, &Behaviour)> {
        let pos = self.pos.as_ref().filter(|p| p.to_move() == self.side)?;
        Some((pos.view(self.side), &self.seen))
    }

    /// `bot`'s choice among `moves` in the game of `seed`: from the view the
    /// belief keeps ([`Bot::choose_at`], the search's time limit read from
    /// `clock`); when it is not kept, the careful choice from the last
    /// board told (drawn by the seed rule at the number of moves told);
    /// without a board, the first move. `moves` must not be empty.
    pub fn choose(
        &self,
        bot: Bot,
        moves: &[Move],
        seed: u64,
        clock: &mut dyn FnMut() -> u64,
    ) -> Move {
        if let Some(mv) = self.told().and_then(|(view, seen)| {
            bot.choose_at(&self.rules, &view, moves, seed, Some(seen), clock)
        }) {
            return mv;
        }
        let enemy = self.rules.army(!self.side).kinds();
        let board = self
            .board
            .as_deref()
            .and_then(|b| Board::parse(b, self.side));
        let mut rng = Rng::new(ply_seed(seed, self.plies));
        board
            .and_then(|b| marsal::careful_move(&self.rules, |sq| b.at(sq, enemy), moves, &mut rng))
            .unwrap_or(moves[0])
    }

    /// The position at the first view, with what the moves told until then
    /// showed of the enemy's pieces.
    fn build(&self, board: &str) -> Option<(Position, Behaviour)> {
        let mut rows: Vec<Vec<char>> = board.split('/').map(|r| r.chars().collect()).collect();
        let ranks = rows.len();
        let at = |sq: Square| {
            (
                ranks.checked_sub(1 + sq.rank() as usize),
                sq.file() as usize,
            )
        };
        // Back to the start: take the moves told back (attacks cannot be).
        for obs in self.pending.iter().rev() {
            if obs.battle.is_some() {
                return None;
            }
            let (fr, ff) = at(obs.mv.from);
            let (tr, tf) = at(obs.mv.to);
            let (fr, tr) = (fr?, tr?);
            let c = *rows.get(tr)?.get(tf)?;
            *rows.get_mut(fr)?.get_mut(ff)? = c;
            rows[tr][tf] = '.';
        }
        // Stand-ins: the enemy army, kind by kind, on the enemy squares.
        let enemy = !self.side;
        let mut army = self
            .rules
            .army(enemy)
            .iter()
            .flat_map(|(k, n)| (0..n).map(move |_| k));
        let letter = |k: PieceKind| {
            let c = k.letter();
            if enemy == Side::Red {
                c
            } else {
                c.to_ascii_lowercase()
            }
        };
        let is_enemy = |c: char| {
            c == '?' || (c.is_ascii_alphabetic() && c.is_ascii_uppercase() == (enemy == Side::Red))
        };
        for row in &mut rows {
            for c in row.iter_mut() {
                // At the start the enemy's kinds are unknown (a letter shown
                // now was learned since, and is learned again on the way).
                if is_enemy(*c) {
                    *c = letter(army.next()?);
                }
            }
        }
        if army.next().is_some() {
            return None;
        }
        let text: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
        let first = if self.rules.first_to_move == Side::Red {
            "r"
        } else {
            "b"
        };
        let mut pos =
            Position::from_text(&self.rules, &format!("{} {first}", text.join("/"))).ok()?;
        let mut seen = Behaviour::new(self.side);
        for obs in &self.pending {
            let mut obs = *obs;
            if obs.side == self.side && obs.piece.is_none() {
                obs.piece = pos.piece_at(obs.mv.from).map(|p| p.kind);
            }
            pos.play_observed(self.side, &obs)?;
            seen.observe(&self.rules, &obs, &pos.view(self.side));
        }
        Some((pos, seen))
    }
}

/// The board of a `view` line, read back square by square.
struct Board {
    files: u8,
    ranks: u8,
    side: Side,
    cells: Vec<char>,
}

impl Board {
    fn parse(text: &str, side: Side) -> Option<Board> {
        let rows: Vec<&str> = text.split('/').collect();
        let ranks = u8::try_from(rows.len()).ok()?;
        let files = u8::try_from(rows.first()?.chars().count()).ok()?;
        let mut cells = vec!['#'; files as usize * ranks as usize];
        for (i, row) in rows.iter().enumerate() {
            let rank = ranks as usize - 1 - i;
            for (file, ch) in row.chars().enumerate().take(files as usize) {
                cells[rank * files as usize + file] = ch;
            }
        }
        Some(Board {
            files,
            ranks,
            side,
            cells,
        })
    }

    fn at(&self, sq: Square, enemy_army: KindSet) -> SquareView {
        if sq.file() >= self.files || sq.rank() >= self.ranks {
            return SquareView::OffBoard;
        }
        let ch = self.cells[sq.rank() as usize * self.files as usize + sq.file() as usize];
        match ch {
            '#' => SquareView::OffBoard,
            '~' => SquareView::Lake,
            '.' => SquareView::Empty,
            '?' => SquareView::Enemy {
                possible: enemy_army,
            },
            c => {
                let Some(kind) = PieceKind::from_letter(c.to_ascii_uppercase()) else {
                    return SquareView::Empty;
                };
                let owner = if c.is_ascii_uppercase() {
                    Side::Red
                } else {
                    Side::Blue
                };
                if owner == self.side {
                    SquareView::Own {
                        kind,
                        known_to_opponent: KindSet::ALL,
                    }
                } else {
                    SquareView::Enemy {
                        possible: KindSet::only(kind),
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol_text::{move_line, view_text};
    use marsal::Game;

    /// A bot told a real game over the marsal protocol (the `move` and
    /// `view` lines the referee sends) keeps a position whose view is its
    /// view and sees what the game shows it, on every preset; the roster's
    /// search decides from it as from the game.
    #[test]
    fn a_belief_told_the_protocol_lines_has_the_sides_view() {
        for name in Ruleset::PRESETS {
            let mut rules = Ruleset::preset(name).expect("a preset");
            rules.max_plies = Some(600);
            for seed in 0..6 {
                let pos = Position::start(&rules, seed, seed + 50).expect("a start");
                let mut game = Game::from_position(pos);
                let mut beliefs = [
                    ToldBelief::new(&rules, Side::Red),
                    ToldBelief::new(&rules, Side::Blue),
                ];
                let mut rng = Rng::new(seed);
                while !game.status().is_over() {
                    let side = game.position().to_move();
                    let b = &mut beliefs[side.index()];
                    b.view(&view_text(&game.view(side)));
                    for s in Side::BOTH {
                        if let Some(p) = &beliefs[s.index()].pos {
                            assert!(
                                p.is_consistent(&game.position().view(s)),
                                "{name} seed {seed} ply {}: {s:?}'s belief\n{p}\nthe game\n{}",
                                game.position().ply(),
                                game.position()
                            );
                        }
                    }
                    for s in Side::BOTH {
                        // (Every 40 plies: the replay costs the game's length.)
                        if beliefs[s.index()].pos.is_some() && game.position().ply() % 40 < 2 {
                            assert_eq!(
                                beliefs[s.index()].seen,
                                Behaviour::from_game(&game, s),
                                "{name} seed {seed} ply {}: {s:?} saw what the game shows it",
                                game.position().ply()
                            );
                        }
                    }
                    if seed == 0 && game.position().ply() % 97 == 13 {
                        let legal = game.legal_moves();
                        let bot = Bot::parse("search:1500").expect("a bot");
                        assert_eq!(
                            Some(beliefs[side.index()].choose(bot, &legal, seed, &mut || 0)),
                            bot.move_at(&game, seed),
                            "{name} ply {}: the protocol bot searches as the game's search does",
                            game.position().ply()
                        );
                    }
                    assert!(
                        beliefs[side.index()].is_kept(),
                        "{name} seed {seed}: {:?} {}",
                        beliefs[side.index()].pending,
                        view_text(&game.view(side))
                    );
                    let Some(outcome) = game.play_random(&mut rng) else {
                        break;
                    };
                    for s in Side::BOTH {
                        let line = move_line(&outcome.observed_by(s));
                        beliefs[s.index()]
                            .observe(line.strip_prefix("move ").expect("a move line"));
                    }
                }
            }
        }
    }

    /// Lines it cannot read lose the belief, never the bot: the careful
    /// choice from the board told, a move of the list.
    #[test]
    fn a_belief_lost_still_chooses_a_listed_move() {
        let rules = Ruleset::barrage();
        let game = Game::from_position(Position::start(&rules, 3, 4).expect("a start"));
        let mut red = ToldBelief::new(&rules, Side::Red);
        red.observe("nonsense");
        red.view(&view_text(&game.view(Side::Red)));
        assert!(!red.is_kept() && red.told().is_none());
        let moves = game.legal_moves();
        let mv = red.choose(
            Bot::parse("search:200").expect("a bot"),
            &moves,
            5,
            &mut || 0,
        );
        assert!(moves.contains(&mv));
        let mut lost = ToldBelief::new(&rules, Side::Red);
        lost.view("garbage/board");
        assert!(moves.contains(&lost.choose(Bot::Random, &moves, 5, &mut || 0)));
    }
}
