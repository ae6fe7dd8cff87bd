//! The built-in bots. Each decides from its own [`View`] and the list of legal
//! moves only, exactly what an external bot is told.

use marsal::{Move, Rng, Ruleset, Square, SquareView, View};

/// A built-in bot: the host layer's roster ([`marsal_host::BOTS`], the one
/// table `marsal bot`, `marsal match` (`builtin:NAME`), `marsal play` and the
/// help texts read), named as the program's options name it.
pub use marsal_host::Bot as Builtin;

/// The prefix of a built-in bot's name on the command line (`builtin:NAME`).
pub const BUILTIN: &str = "builtin:";

/// The careful bot ([`marsal::careful_move`]) on any board: `at` tells what
/// the bot sees on a square. `moves` must not be empty.
pub fn careful_by(
    rules: &Ruleset,
    at: impl Fn(Square) -> SquareView,
    moves: &[Move],
    rng: &mut Rng,
) -> Move {
    marsal::careful_move(rules, at, moves, rng).unwrap_or_else(|| moves[0])
}

/// A built-in bot as a [`Player`](crate::referee::Player): it plays the example
/// setup it is offered.
pub struct BuiltinPlayer {
    bot: Builtin,
    rules: Ruleset,
    /// The game's seed: its setup and every move are drawn from it by the
    /// seed rule ([`marsal_host::setup_seed`], [`Builtin::choose_at`]).
    seed: u64,
    /// Time spent choosing moves, which is the bot's and not the referee's.
    thinking: std::time::Duration,
    /// Whether it plays the example setup it is offered whatever its kind.
    plays_example: bool,
    /// What it saw the enemy's pieces do (from its side's observations).
    seen: Option<marsal::Behaviour>,
    /// What it learned of the opponent's setups in earlier games, when it
    /// was given it (see [`Player::remember`](crate::referee::Player::remember)).
    memory: Option<marsal::SetupMemory>,
}

impl BuiltinPlayer {
    /// `bot` playing under `rules` in the game of `seed` (the seed rule of
    /// every host: the same seed, ruleset and bots give the same game as the
    /// C library and Python).
    pub fn new(bot: Builtin, rules: &Ruleset, seed: u64) -> BuiltinPlayer {
        BuiltinPlayer {
            bot,
            rules: *rules,
            seed,
            thinking: std::time::Duration::ZERO,
            plays_example: false,
            seen: None,
            memory: None,
        }
    }

    /// [`BuiltinPlayer::new`], playing the example setup it is offered even
    /// when its kind has a setup of its own (a tournament's paired setups).
    pub fn playing_examples(bot: Builtin, rules: &Ruleset, seed: u64) -> BuiltinPlayer {
        BuiltinPlayer {
            plays_example: true,
            ..BuiltinPlayer::new(bot, rules, seed)
        }
    }
}

impl crate::referee::Player for BuiltinPlayer {
    fn setup(
        &mut self,
        start: &crate::referee::GameStart,
    ) -> Result<marsal::Setup, crate::referee::Fault> {
        let seed = marsal_host::setup_seed(self.seed, start.side);
        let seen = marsal::Behaviour::new(start.side);
        self.seen = Some(match self.memory {
            Some(memory) => seen.with_memory(memory),
            None => seen,
        });
        if self.plays_example {
            return Ok(*start.example);
        }
        Ok(self.bot.setup(start.rules, start.side, seed, start.example))
    }

    fn observe(
        &mut self,
        obs: &marsal::Observation,
        view: &View,
    ) -> Result<(), crate::referee::Fault> {
        if let Some(seen) = &mut self.seen {
            seen.observe(&self.rules, obs, view);
        }
        Ok(())
    }

    fn choose(
        &mut self,
        view: &View,
        legal: &[Move],
    ) -> Result<crate::referee::Answer, crate::referee::Fault> {
        let start = std::time::Instant::now();
        let mv = self
            .bot
            .choose_at(
                &self.rules,
                view,
                legal,
                self.seed,
                self.seen.as_ref(),
                &mut || start.elapsed().as_micros() as u64,
            )
            .unwrap_or(legal[0]);
        self.thinking += start.elapsed();
        Ok(crate::referee::Answer::Move(mv))
    }

    fn finish(&mut self, _ending: &crate::referee::Ending) {
        // The behaviour was given the memory at the setup.
        if let (Some(memory), Some(seen)) = (&mut self.memory, &self.seen) {
            *memory = seen.learned(&self.rules);
        }
    }

    fn waited(&self) -> std::time::Duration {
        self.thinking
    }

    fn memory(&self) -> Option<marsal::SetupMemory> {
        self.memory
    }

    fn remember(&mut self, memory: marsal::SetupMemory) {
        self.memory = Some(memory);
    }
}

/// What a search bot on the marsal protocol knows, kept as a position (see
/// [`marsal::Position::play_observed`]): its own setup, where the enemy
/// pieces stand (with stand-in kinds), and every move and fight it was told.
/// Built at the first `view` (the enemy's squares at the start are those of
/// the view, less the moves already told); until then the moves wait.
pub struct Belief {
    rules: Ruleset,
    side: marsal::Side,
    pending: Vec<marsal::Observation>,
    pos: Option<marsal::Position>,
    /// What it saw the enemy's pieces do (from the moves it was told and
    /// the views they led to), which the search weighs.
    seen: marsal::Behaviour,
    failed: bool,
}

impl Belief {
    /// A belief for `side` under `rules`, before the game.
    pub fn new(rules: &Ruleset, side: marsal::Side) -> Belief {
        Belief {
            rules: *rules,
            side,
            pending: Vec::new(),
            pos: None,
            seen: marsal::Behaviour::new(side),
            failed: false,
        }
    }

    /// Reads `move SIDE TEXT [A D RESULT]` (the words after `move`).
    pub fn observe(&mut self, words: &str) {
        let Some(mut obs) = parse_observation(words) else {
            self.failed = true;
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

    /// Reads a `view BOARD` (the board text): builds the position at the
    /// first one.
    pub fn view(&mut self, board: &str) {
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

    /// The position at the first view, with what the moves told until then
    /// showed of the enemy's pieces.
    fn build(&self, board: &str) -> Option<(marsal::Position, marsal::Behaviour)> {
        let mut rows: Vec<Vec<char>> = board.split('/').map(|r| r.chars().collect()).collect();
        let ranks = rows.len();
        let at = |sq: Square| (ranks - 1 - sq.rank() as usize, sq.file() as usize);
        // Back to the start: take the moves told back (attacks cannot be).
        for obs in self.pending.iter().rev() {
            if obs.battle.is_some() {
                return None;
            }
            let (fr, ff) = at(obs.mv.from);
            let (tr, tf) = at(obs.mv.to);
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
        let letter = |k: marsal::PieceKind| {
            let c = k.letter();
            if enemy == marsal::Side::Red {
                c
            } else {
                c.to_ascii_lowercase()
            }
        };
        let is_enemy = |c: char| {
            c == '?'
                || (c.is_ascii_alphabetic()
                    && c.is_ascii_uppercase() == (enemy == marsal::Side::Red))
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
        let first = if self.rules.first_to_move == marsal::Side::Red {
            "r"
        } else {
            "b"
        };
        let mut pos =
            marsal::Position::from_text(&self.rules, &format!("{} {first}", text.join("/")))
                .ok()?;
        let mut seen = marsal::Behaviour::new(self.side);
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

    /// The side's view of the position it keeps, when it could be kept and
    /// the side is to move, and what it saw the enemy's pieces do: what a
    /// bot of the roster decides from ([`Builtin::choose_at`]).
    pub fn told(&self) -> Option<(View, &marsal::Behaviour)> {
        let pos = self.pos.as_ref().filter(|p| p.to_move() == self.side)?;
        Some((pos.view(self.side), &self.seen))
    }
}

/// `SIDE TEXT [A D RESULT]` as an observation (the mover's kind only when it
/// is sent).
fn parse_observation(words: &str) -> Option<marsal::Observation> {
    let mut w = words.split_whitespace();
    let side: marsal::Side = w.next()?.parse().ok()?;
    let mv: Move = w.next()?.parse().ok()?;
    let (piece, defender, battle) = match (w.next(), w.next(), w.next()) {
        (Some(a), Some(d), Some(r)) => {
            let kind = |t: &str| {
                t.chars()
                    .next()
                    .and_then(|c| marsal::PieceKind::from_letter(c.to_ascii_uppercase()))
            };
            let battle = [
                marsal::Battle::AttackerWins,
                marsal::Battle::DefenderWins,
                marsal::Battle::BothRemoved,
                marsal::Battle::MineDefused,
                marsal::Battle::FlagCaptured,
            ]
            .into_iter()
            .find(|b| crate::words::battle_token(*b) == r)?;
            (kind(a), Some(kind(d)?), Some(battle))
        }
        _ => (None, None, None),
    };
    Some(marsal::Observation {
        mv,
        side,
        piece,
        defender,
        battle,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::{move_line, view_text};
    use marsal::{Game, Position, Side};

    /// A search bot told a real game over the marsal protocol (the `move`
    /// and `view` lines the referee sends) keeps a position whose view is
    /// its view, on every preset.
    #[test]
    fn a_belief_told_the_protocol_lines_has_the_sides_view() {
        for name in Ruleset::PRESETS {
            let mut rules = Ruleset::preset(name).expect("a preset");
            rules.max_plies = Some(600);
            for seed in 0..6 {
                let pos = Position::start(&rules, seed, seed + 50).expect("a start");
                let mut game = Game::from_position(pos);
                let mut beliefs = [
                    Belief::new(&rules, Side::Red),
                    Belief::new(&rules, Side::Blue),
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
                                marsal::Behaviour::from_game(&game, s),
                                "{name} seed {seed} ply {}: {s:?} saw what the game shows it",
                                game.position().ply()
                            );
                        }
                    }
                    if seed == 0 && game.position().ply() % 97 == 13 {
                        let legal = game.legal_moves();
                        let (view, seen) = beliefs[side.index()].told().expect("a belief");
                        let bot = Builtin::parse("search:1500").expect("a bot");
                        assert_eq!(
                            bot.choose_at(&rules, &view, &legal, seed, Some(seen), &mut || 0),
                            bot.move_at(&game, seed),
                            "{name} ply {}: the protocol bot searches as the game's search does",
                            game.position().ply()
                        );
                    }
                    assert!(
                        !beliefs[side.index()].failed,
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
}
