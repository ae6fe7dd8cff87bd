//! Behaviour: what one side has seen the enemy's pieces do, as evidence
//! about their kinds.
//!
//! A piece that steps next to a piece of ours its owner knows is seldom one
//! that our piece would take (it would be in danger), unless it takes ours
//! when it attacks first (a Spy beside a Marshal); a piece that steps away
//! from one of ours its owner knows is seldom one that ours cannot take (it
//! had no reason to go). [`Behaviour`] keeps, for each enemy piece (followed
//! from square to square as it moves), how many times each kind was made less
//! likely so, from public information only: the moves, the fights' results
//! and which of the observer's own pieces the enemy knows. The search bot's
//! beliefs multiply each kind's prior by [`Behaviour::WEIGHT`] for every such
//! event (see [`search`](crate::search) and docs/log/2026-12-strength-experiments.md, which says how
//! the weight was chosen). Its inputs are the observer's observations and
//! views alone, so it never depends on a piece the observer cannot see (a
//! test compares two games that differ only in such pieces). It also keeps
//! who stood where after each of the last plies (public), so that the search
//! does not go back to a recent position while well ahead.
//!
//! ```
//! use marsal::{Behaviour, Position, Ruleset, Side};
//! let mut game = Position::start(&Ruleset::classic(), 1, 2)?;
//! let mut red = Behaviour::new(Side::Red);
//! for _ in 0..6 {
//!     let mv = game.legal_moves()[0];
//!     let outcome = game.play(mv)?;
//!     red.observe(game.rules(), &outcome.observed_by(Side::Red), &game.view(Side::Red));
//! }
//! // Nothing was near a piece of Red's that Blue knows: no evidence yet.
//! assert!(red.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::hidden::view::{SquareView, View};
use crate::player::setup_memory::{SetupMemory, Trail};
use crate::referee::board::bitboard::Bits;
use crate::referee::board::square::{CELLS, Square};
use crate::referee::combat::{Battle, combat};
use crate::referee::outcome::Observation;
use crate::referee::piece::{KIND_COUNT, PieceKind, Side};
use crate::referee::ruleset::Ruleset;

/// The most events counted against one kind of one piece.
const MAX_EVENTS: i8 = 4;

/// How many of the last positions (who stands where) are remembered.
pub(crate) const RECENT: usize = 64;

/// Who stands where (each side's occupied squares) and whose move it is:
/// public information, the same from either side's view.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(crate) struct Occupancy {
    pieces: [Bits; 2],
    to_move: Option<Side>,
}

/// Who stands where in `pos` and whose move it is.
pub(crate) fn occupancy(pos: &crate::Position) -> Occupancy {
    Occupancy {
        pieces: pos.boards.pieces,
        to_move: Some(pos.to_move),
    }
}

/// What one side has seen the enemy's pieces do (see the module
/// documentation). Fixed size, no allocation; `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Behaviour {
    observer: Side,
    /// By cell: for the enemy piece there, how many events made each kind
    /// less likely.
    events: [[i8; KIND_COUNT]; CELLS],
    /// Who stood where after the last [`RECENT`] plies (a ring, by ply),
    /// and how many plies were taken in.
    recent: [Occupancy; RECENT],
    plies: u32,
    /// Where each enemy piece started and what was seen of it.
    trail: Trail,
    /// What earlier games against this opponent showed of its setups.
    memory: SetupMemory,
}

impl Behaviour {
    /// What one event multiplies a kind's prior by. Chosen by play against
    /// peternlewis (0.35 scored better than 0.79); the recorded human games
    /// of the Gravon archive give an odds ratio of 0.79 per event
    /// (`examples/behaviour_fit.rs`, docs/log/2026-12-strength-experiments.md).
    pub const WEIGHT: f32 = 0.35;

    /// Nothing seen yet, for `observer`.
    ///
    /// ```
    /// let b = marsal::Behaviour::new(marsal::Side::Blue);
    /// assert_eq!(b.observer(), marsal::Side::Blue);
    /// assert!(b.is_empty());
    /// ```
    pub fn new(observer: Side) -> Behaviour {
        Behaviour {
            observer,
            events: [[0; KIND_COUNT]; CELLS],
            recent: [Occupancy::default(); RECENT],
            plies: 0,
            trail: Trail::new(),
            memory: SetupMemory::new(),
        }
    }

    /// This behaviour with `memory`, what earlier games against the same
    /// opponent showed of its setups, for the search's beliefs to weigh
    /// ([`SetupMemory`]).
    ///
    /// ```
    /// use marsal::{Behaviour, SetupMemory, Side};
    /// let b = Behaviour::new(Side::Red).with_memory(SetupMemory::new());
    /// assert_eq!(b.memory().games(), 0);
    /// ```
    #[must_use]
    pub fn with_memory(mut self, memory: SetupMemory) -> Behaviour {
        self.memory = memory;
        self
    }

    /// What earlier games showed of the opponent's setups (empty unless
    /// given with [`Behaviour::with_memory`]).
    ///
    /// ```
    /// assert_eq!(marsal::Behaviour::new(marsal::Side::Red).memory().games(), 0);
    /// ```
    pub fn memory(&self) -> &SetupMemory {
        &self.memory
    }

    /// What earlier games and this one showed of the opponent's setups,
    /// under `rules`: this behaviour's memory with this game's notes added
    /// (where each enemy piece started, and the kind it was shown to be or
    /// that it moved; [`SetupMemory`]). Give it to the next game's behaviour
    /// ([`Behaviour::with_memory`]).
    ///
    /// ```
    /// use marsal::{Behaviour, Ruleset, Side};
    /// let memory = Behaviour::new(Side::Blue).learned(&Ruleset::classic());
    /// assert_eq!(memory.games(), 1);
    /// let next = Behaviour::new(Side::Blue).with_memory(memory);
    /// assert_eq!(next.learned(&Ruleset::classic()).games(), 2);
    /// ```
    pub fn learned(&self, rules: &Ruleset) -> SetupMemory {
        let mut memory = self.memory;
        memory.learn(rules, !self.observer, &self.trail);
        memory
    }

    /// Where each enemy piece started and what was seen of it, this game.
    #[cfg(test)]
    pub(crate) fn trail(&self) -> &Trail {
        &self.trail
    }

    /// The side whose observations these are.
    ///
    /// ```
    /// assert_eq!(marsal::Behaviour::new(marsal::Side::Red).observer(), marsal::Side::Red);
    /// ```
    pub fn observer(&self) -> Side {
        self.observer
    }

    /// Whether no event was seen (or every piece seen has gone).
    ///
    /// ```
    /// assert!(marsal::Behaviour::new(marsal::Side::Red).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.events.iter().all(|e| e.iter().all(|&x| x == 0))
    }

    /// How many events made `kind` less likely for the enemy piece on
    /// `square` (0 for a square with none).
    ///
    /// ```
    /// let b = marsal::Behaviour::new(marsal::Side::Red);
    /// let sq = "e7".parse().unwrap();
    /// assert_eq!(b.events(sq, marsal::PieceKind::Scout), 0);
    /// ```
    pub fn events(&self, square: Square, kind: PieceKind) -> u32 {
        (-self.events[square.cell()][kind.index()]).max(0) as u32
    }

    /// The multiplier of each kind's prior for the enemy piece on `cell`.
    pub(crate) fn weights(&self, cell: usize) -> [f32; KIND_COUNT] {
        let mut w = [1.0; KIND_COUNT];
        for (k, &e) in self.events[cell].iter().enumerate() {
            for _ in 0..(-e).max(0) {
                w[k] *= Behaviour::WEIGHT;
            }
        }
        w
    }

    /// What `observer` saw the enemy's pieces do over `game`'s moves, from
    /// its start: each move's observation and `observer`'s view after it
    /// taken in with [`Behaviour::observe`]. So a host that keeps only the
    /// game (the C ABI's game handle, a web page) gives the search the same
    /// evidence as a bot that kept it move by move. Costs a replay of the
    /// game (no allocation).
    ///
    /// ```
    /// use marsal::{Behaviour, Game, Position, Ruleset, Side};
    /// let mut game = Game::from_position(Position::start(&Ruleset::classic(), 1, 2)?);
    /// let mut kept = Behaviour::new(Side::Blue);
    /// for _ in 0..20 {
    ///     let mv = game.legal_moves()[0];
    ///     let outcome = game.play(mv)?;
    ///     kept.observe(game.rules(), &outcome.observed_by(Side::Blue), &game.view(Side::Blue));
    /// }
    /// assert_eq!(Behaviour::from_game(&game, Side::Blue), kept);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn from_game(game: &crate::Game, observer: Side) -> Behaviour {
        let mut seen = Behaviour::new(observer);
        let mut pos = *game.start_position();
        for outcome in game.outcomes() {
            pos.play_unchecked(outcome.mv);
            seen.observe(
                game.rules(),
                &outcome.observed_by(observer),
                &pos.view(observer),
            );
        }
        seen
    }

    /// Takes in one move as the observer saw it (`obs`, e.g.
    /// [`Outcome::observed_by`](crate::Outcome::observed_by)) and the
    /// observer's view after it, under `rules`: follows the enemy pieces
    /// that moved or fought, and counts the events of an enemy step (see the
    /// module documentation). Observations must come in the game's order.
    ///
    /// ```
    /// use marsal::{Behaviour, Position, Ruleset, Side};
    /// let mut game = Position::start(&Ruleset::barrage(), 3, 4)?;
    /// let mut blue = Behaviour::new(Side::Blue);
    /// let mv = game.legal_moves()[0];
    /// let outcome = game.play(mv)?;
    /// blue.observe(game.rules(), &outcome.observed_by(Side::Blue), &game.view(Side::Blue));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn observe(&mut self, rules: &Ruleset, obs: &Observation, after: &View) {
        self.remember(after, !obs.side);
        self.follow(obs, after);
        let (a, b) = (obs.mv.from.cell(), obs.mv.to.cell());
        let carried = core::mem::replace(&mut self.events[a], [0; KIND_COUNT]);
        let enemy_at_b = matches!(after.at(obs.mv.to), SquareView::Enemy { .. });
        let enemy_moved = obs.side != self.observer;
        if !enemy_at_b {
            self.events[b] = [0; KIND_COUNT];
            return;
        }
        if !enemy_moved {
            // The observer's piece lost to the enemy piece on `b`: it stays.
            return;
        }
        self.events[b] = carried;
        if obs.battle.is_some() {
            return;
        }
        // Next to: a step away (diagonal too when steps may go diagonally).
        let next_to = |x: Square, y: Square| {
            let (df, dr) = (x.file().abs_diff(y.file()), x.rank().abs_diff(y.rank()));
            df + dr == 1 || (rules.diagonal_steps && df == 1 && dr == 1)
        };
        let (from, to) = (obs.mv.from, obs.mv.to);
        for (sq, seen) in after.squares() {
            let SquareView::Own {
                kind: ours,
                known_to_opponent,
            } = seen
            else {
                continue;
            };
            if known_to_opponent.single() != Some(ours) {
                continue;
            }
            match (next_to(sq, from), next_to(sq, to)) {
                // Stepped next to a piece it knows: the kinds that piece
                // takes are less likely, but those that take it when they
                // attack first (a Spy beside a Marshal) had a reason to come.
                (false, true) => {
                    self.count(b, |k| {
                        combat(rules, ours, k) == Some(Battle::AttackerWins)
                            && combat(rules, k, ours) != Some(Battle::AttackerWins)
                    });
                }
                // Stepped away from a piece it knows: the kinds that piece
                // cannot take are less likely.
                (true, false) => self.count(b, |k| {
                    k.is_movable() && combat(rules, ours, k) != Some(Battle::AttackerWins)
                }),
                _ => {}
            }
        }
    }

    /// Follows the enemy piece a move concerns from its setup square, and
    /// notes what the observer was shown of it ([`Trail`]).
    fn follow(&mut self, obs: &Observation, after: &View) {
        let (a, b) = (obs.mv.from.cell(), obs.mv.to.cell());
        let known = match after.at(obs.mv.to) {
            SquareView::Enemy { possible } => Some(possible.single()),
            _ => None,
        };
        if obs.side == self.observer {
            // (A step to an empty square: no enemy piece was there.)
            if let Some(kind) = obs.defender {
                self.trail.enemy_defended(b, kind, known.is_some());
            }
        } else {
            let shown = obs.piece.or(known.flatten());
            self.trail.enemy_moved(a, b, known.is_some(), shown);
        }
    }

    /// Remembers who stands where in `after`, `to_move` to move.
    pub(crate) fn remember(&mut self, after: &View, to_move: Side) {
        let mut now = Occupancy {
            pieces: [Bits::default(); 2],
            to_move: Some(to_move),
        };
        for (sq, seen) in after.squares() {
            match seen {
                SquareView::Own { .. } => now.pieces[self.observer.index()].set(sq.cell()),
                SquareView::Enemy { .. } => now.pieces[(!self.observer).index()].set(sq.cell()),
                _ => {}
            }
        }
        self.recent[self.plies as usize % RECENT] = now;
        self.plies = self.plies.saturating_add(1);
    }

    /// How many of the positions after the last [`RECENT`] plies were
    /// `now` ([`occupancy`]).
    pub(crate) fn recent_times(&self, now: &Occupancy) -> u32 {
        let n = (self.plies as usize).min(RECENT);
        self.recent[..n].iter().filter(|&o| o == now).count() as u32
    }

    /// One event against the kinds `less` picks, for the piece on `cell`.
    fn count(&mut self, cell: usize, less: impl Fn(PieceKind) -> bool) {
        for k in PieceKind::ALL {
            if less(k) {
                let e = &mut self.events[cell][k.index()];
                *e = (*e - 1).max(-MAX_EVENTS);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::beliefs::Beliefs;
    use crate::{Position, Square};

    fn sq(name: &str) -> Square {
        name.parse().expect("a square")
    }

    /// Barrage: Blue's Scout on e5 attacks Red's Marshal on e4 and loses, so
    /// Blue knows the Marshal (Blue's Spy waits on j4); then Blue's unknown piece on e6 steps to e5,
    /// next to it, and later away to f5. Red follows what it saw.
    fn game_and_behaviour(steps: &[&str]) -> (Position, Behaviour) {
        let rules = Ruleset::barrage();
        let text = ".........f/........../m........./........../..~~g.~~../\
                    ..~~s.~~../....M....y/........../........../F........S b snb";
        let mut game = Position::from_text(&rules, text).expect("a position");
        let mut red = Behaviour::new(Side::Red);
        for m in steps {
            let outcome = game.play(m.parse().expect("a move")).expect("legal");
            red.observe(
                &rules,
                &outcome.observed_by(Side::Red),
                &game.view(Side::Red),
            );
        }
        (game, red)
    }

    /// The game of [`game_and_behaviour`]'s position and `steps`.
    #[cfg(feature = "alloc")]
    fn game_of(steps: &[&str]) -> crate::Game {
        let (start, _) = game_and_behaviour(&[]);
        let mut game = crate::Game::from_position(start);
        for m in steps {
            game.play(m.parse().expect("a move")).expect("legal");
        }
        game
    }

    #[test]
    fn a_piece_that_steps_next_to_a_known_piece_is_believed_less_likely_a_kind_it_takes() {
        let (game, red) = game_and_behaviour(&["e5xe4", "j1-j2"]);
        assert!(red.is_empty(), "no step near the Marshal yet");
        let before = Beliefs::seen(&game, Side::Blue, Some(&red)).at(&game, sq("e6").cell());
        let (game, red) = game_and_behaviour(&["e5xe4", "j1-j2", "e6-e5"]);
        // The Marshal takes every movable kind but the Marshal.
        for kind in [PieceKind::General, PieceKind::Scout, PieceKind::Miner] {
            assert_eq!(red.events(sq("e5"), kind), 1, "{kind:?}");
        }
        assert_eq!(red.events(sq("e5"), PieceKind::Marshal), 0);
        // The Spy takes the Marshal when it attacks first: it had a reason
        // to come, so the step does not make it less likely.
        assert_eq!(red.events(sq("e5"), PieceKind::Spy), 0);
        let pos = &game;
        let after = Beliefs::seen(pos, Side::Blue, Some(&red)).at(pos, sq("e5").cell());
        let plain = Beliefs::of(pos, Side::Blue).at(pos, sq("e5").cell());
        let marshal = PieceKind::Marshal.index();
        assert!(
            after[marshal] > plain[marshal] + 0.05,
            "{} vs {}",
            after[marshal],
            plain[marshal]
        );
        assert!(after[marshal] > before[marshal]);
        // Red's own beliefs about its pieces are not Blue's behaviour.
        assert_eq!(
            Beliefs::seen(pos, Side::Red, Some(&red)).at(pos, sq("e4").cell()),
            Beliefs::of(pos, Side::Red).at(pos, sq("e4").cell())
        );
    }

    #[test]
    fn a_piece_that_steps_away_from_a_known_piece_is_believed_less_likely_a_kind_it_cannot_take() {
        let (_, red) = game_and_behaviour(&["e5xe4", "j1-j2", "e6-e5", "j2-j1", "e5-f5"]);
        // Followed from e5 to f5, with the approach's events.
        assert_eq!(red.events(sq("e5"), PieceKind::General), 0);
        assert_eq!(red.events(sq("f5"), PieceKind::General), 1);
        // It stepped away from the Marshal: the Marshal (a tie) counts once.
        assert_eq!(red.events(sq("f5"), PieceKind::Marshal), 1);
        assert_eq!(red.events(sq("f5"), PieceKind::Bomb), 0);
    }

    #[test]
    fn a_step_next_to_a_piece_the_enemy_does_not_know_counts_nothing() {
        // Blue's Spy steps next to Red's Scout, which Blue has not seen.
        let (_, red) = game_and_behaviour(&["e5xe4", "j1-j2", "j4-j3"]);
        assert!(red.is_empty());
    }

    /// The events of Blue's step `mv` for Red, whose Captain on e3 Blue
    /// knows, under `rules` (Blue's Lieutenant on `mv`'s square).
    fn step_beside_a_known_captain(rules: &Ruleset, mv: &str) -> Behaviour {
        let mv: crate::Move = mv.parse().expect("a move");
        // Blue's Flag on j10, Red's on a1, Red's Captain on e3.
        let mut rows = [[b'.'; 10]; 10];
        for (r, f) in [
            (4, 2),
            (4, 3),
            (4, 6),
            (4, 7),
            (5, 2),
            (5, 3),
            (5, 6),
            (5, 7),
        ] {
            rows[r][f] = b'~';
        }
        rows[9][9] = b'f';
        rows[0][0] = b'F';
        rows[2][4] = b'K';
        rows[usize::from(mv.from.rank())][usize::from(mv.from.file())] = b'l';
        let text: std::vec::Vec<std::string::String> = rows
            .iter()
            .rev()
            .map(|r| r.iter().map(|&c| char::from(c)).collect())
            .collect();
        let mut pos = Position::from_text(rules, &(text.join("/") + " b")).expect("a position");
        let captain = sq("e3");
        pos.knowledge[captain.cell()] = crate::KindSet::only(PieceKind::Captain).bits();
        pos.to_move = Side::Blue;
        let mut after = pos;
        after.play_unchecked(mv);
        let obs = Observation {
            mv,
            side: Side::Blue,
            piece: None,
            defender: None,
            battle: None,
        };
        let mut red = Behaviour::new(Side::Red);
        red.observe(rules, &obs, &after.view(Side::Red));
        red
    }

    #[test]
    fn a_step_next_to_a_known_piece_counts_from_every_side_and_a_step_away_too() {
        let rules = Ruleset::classic();
        for step in ["e5-e4", "e1-e2", "c3-d3", "g3-f3"] {
            let red = step_beside_a_known_captain(&rules, step);
            let to: Square = step[3..].parse().expect("a square");
            // The Captain takes a Lieutenant, not a Major.
            assert_eq!(red.events(to, PieceKind::Lieutenant), 1, "{step}");
            assert_eq!(red.events(to, PieceKind::Major), 0, "{step}");
        }
        for step in ["e4-e5", "e2-e1", "d3-c3", "f3-g3"] {
            let red = step_beside_a_known_captain(&rules, step);
            let to: Square = step[3..].parse().expect("a square");
            assert_eq!(red.events(to, PieceKind::Lieutenant), 0, "{step}");
            assert_eq!(red.events(to, PieceKind::Major), 1, "{step}");
            assert_eq!(red.events(to, PieceKind::Bomb), 0, "{step}");
        }
        // Far from it, and a diagonal step beside it: nothing.
        for step in ["e7-e6", "g4-f4"] {
            assert!(
                step_beside_a_known_captain(&rules, step).is_empty(),
                "{step}"
            );
        }
        // Where steps may go diagonally, a diagonal neighbour is next to it.
        let mut diagonal = Ruleset::classic();
        diagonal.diagonal_steps = true;
        let red = step_beside_a_known_captain(&diagonal, "g4-f4");
        assert_eq!(red.events(sq("f4"), PieceKind::Lieutenant), 1);
    }

    #[test]
    fn a_piece_that_fights_takes_its_record_or_loses_it() {
        // Red's Marshal takes the piece on e5: its record goes.
        let (_, red) = game_and_behaviour(&["e5xe4", "j1-j2", "e6-e5", "e4xe5"]);
        assert!(red.is_empty());
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn the_game_gives_the_behaviour_kept_move_by_move() {
        use crate::Game;
        let steps = ["e5xe4", "j1-j2", "e6-e5", "j2-j1", "e5-f5"];
        let (pos, red) = game_and_behaviour(&steps);
        let game = game_of(&steps);
        assert_eq!(game.position(), &pos);
        assert!(!red.is_empty());
        assert_eq!(Behaviour::from_game(&game, Side::Red), red);
        // Blue saw nothing near a piece of Blue's that Red knows.
        assert!(Behaviour::from_game(&game, Side::Blue).is_empty());
        // A game started later replays only its own moves.
        let (later, _) = game_and_behaviour(&steps[..2]);
        let mut later = Game::from_position(later);
        for m in &steps[2..] {
            later.play(m.parse().expect("a move")).expect("legal");
        }
        let from_later = Behaviour::from_game(&later, Side::Red);
        assert_eq!(from_later.events(sq("f5"), PieceKind::General), 1);
        assert_eq!(from_later.plies, 3);
    }

    #[test]
    fn the_positions_seen_are_remembered_for_the_search_not_to_repeat_them() {
        let steps = ["e5xe4", "j1-j2", "e6-e5", "j2-j1", "e5-e6"];
        let (game, red) = game_and_behaviour(&steps);
        // After e5-e6 the position after e5xe4 is back.
        let now = occupancy(&game);
        assert_eq!(red.recent_times(&now), 2);
        let (before, _) = game_and_behaviour(&["e5xe4", "j1-j2", "e6-e5"]);
        assert_eq!(red.recent_times(&occupancy(&before)), 1);
        // The same from Blue's side (who stands where is public).
        #[cfg(feature = "alloc")]
        assert_eq!(
            Behaviour::from_game(&game_of(&steps), Side::Blue).recent_times(&now),
            2
        );
        // A position not seen.
        let (other, _) = game_and_behaviour(&["e5xe4", "j1-j2", "e6-e7"]);
        assert_eq!(red.recent_times(&occupancy(&other)), 0);
        // Only the last RECENT plies count.
        let mut long = red;
        for _ in 0..RECENT {
            long.remember(&before.view(Side::Red), before.to_move());
        }
        assert_eq!(long.recent_times(&now), 0);
        assert_eq!(long.recent_times(&occupancy(&before)), RECENT as u32);
    }
}
