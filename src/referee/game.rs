//! A game with its history: undo, full logs, and a compact serialised form.

use crate::referee::board::cell::owner;
use crate::referee::board_order::Line;
use crate::referee::more_squares::{Chase, next_to_enemy};
use crate::referee::moves::{Move, MoveList};
use crate::referee::outcome::{Observation, Outcome};
use crate::referee::piece::Side;
use crate::referee::position::{MoveError, Position, PositionError, no_move_ending};
use crate::referee::repetition::HashCounts;
use crate::referee::ruleset::NoMoveRule;
use crate::referee::ruleset::Ruleset;
use crate::referee::setup::Setup;
use crate::referee::status::{DrawReason, Status};
use crate::referee::undo::Undo;
use crate::referee::zobrist::piece_key;
use alloc::vec::Vec;

/// A game: the current [`Position`] plus everything that led to it, so moves can
/// be undone, each side's full log of events is kept, and the optional
/// repeated-position draw ([`Ruleset::repetition_draw`]) is enforced. Needs the `alloc`
/// feature (a bare `Position` plays without the heap).
///
/// With `serde`, a game is written as its start position and its moves, and
/// reading it back replays (and so re-checks) every move. A `result` member
/// beside them (a game record's note on how the game ended, such as a forfeit,
/// written by `marsal match --record`) is accepted and not kept.
///
/// ```
/// use marsal::{Game, Ruleset, Setup, Side};
/// let rules = Ruleset::marsal_a_spion();
/// let mut game = Game::new(&rules, &Setup::random(&rules, Side::Red, 1), &Setup::random(&rules, Side::Blue, 2))?;
/// let before = game.position().clone();
/// let mv = game.legal_moves()[0];
/// game.play(mv)?;
/// game.undo()?;
/// assert_eq!(game.position(), &before);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    current: Position,
    /// One record a move played, to take it back (see [`crate::referee::undo`]).
    undos: Vec<Undo>,
    outcomes: Vec<Outcome>,
    /// With the more-squares rule: the chase state now (see
    /// [`crate::more_squares`]) and as it was before each move played (empty
    /// without the rule).
    pub(crate) chase: Chase,
    chases: Vec<Chase>,
    /// With the repeated-position draw: the hashes of the positions since the
    /// last irreversible move, the current one included (see
    /// [`crate::referee::repetition`]); empty without the rule.
    seen: HashCounts,
}

/// Why [`Game::undo`] could not undo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum UndoError {
    /// No move has been played.
    #[error("there is no move to undo")]
    NothingToUndo,
}

impl Game {
    /// A new game from two setups (see [`Position::new`]).
    ///
    /// ```
    /// use marsal::{Game, Ruleset, Setup, Side};
    /// let rules = Ruleset::barrage();
    /// let red = Setup::random(&rules, Side::Red, 1);
    /// assert!(Game::new(&rules, &red, &red).is_err());
    /// ```
    pub fn new(rules: &Ruleset, red: &Setup, blue: &Setup) -> Result<Game, PositionError> {
        Position::new(rules, red, blue).map(Game::from_position)
    }

    /// A game that starts from `position`.
    ///
    /// ```
    /// let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?;
    /// let game = marsal::Game::from_position(pos);
    /// assert_eq!(game.position(), &pos);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn from_position(position: Position) -> Game {
        let mut game = Game {
            start: position,
            current: position,
            undos: Vec::new(),
            outcomes: Vec::new(),
            chase: Chase::default(),
            chases: Vec::new(),
            seen: HashCounts::default(),
        };
        game.start_from(position);
        game
    }

    /// Makes this game a new game from `position`, as
    /// [`Game::from_position`] would (no move, no history), keeping the
    /// memory of its records: a loop that plays game after game, such as a
    /// vector environment's, does not allocate again once its buffers have
    /// grown.
    ///
    /// ```
    /// use marsal::{Game, Position, Ruleset};
    /// let rules = Ruleset::classic();
    /// let mut game = Game::from_position(Position::start(&rules, 1, 2)?);
    /// let mv = game.legal_moves()[0];
    /// game.play(mv)?;
    /// let next = Position::start(&rules, 3, 4)?;
    /// game.restart(next);
    /// assert_eq!(game, Game::from_position(next));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn restart(&mut self, position: Position) {
        self.start_from(position);
        self.seen.compared = 0;
    }

    /// Makes this game `start` with no move, keeping its buffers (and the
    /// work count of the repetition rule).
    fn start_from(&mut self, start: Position) {
        self.start = start;
        self.current = start;
        self.undos.clear();
        self.outcomes.clear();
        self.chase = Chase::default();
        self.chases.clear();
        self.rebuild_seen();
    }

    /// The current position.
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert_eq!(game.position().ply(), 0);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    #[inline]
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The position the game started from.
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert_eq!(game.start_position(), game.position());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    #[inline]
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The ruleset.
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert!(!game.rules().diagonal_steps);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    #[inline]
    pub fn rules(&self) -> &Ruleset {
        self.current.rules()
    }

    /// The status (see [`Position::status`]).
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert!(!game.status().is_over());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    #[inline]
    pub fn status(&self) -> Status {
        self.current.status()
    }

    /// Checks that `mv` is legal for the side to move: [`Position::check_move`]
    /// and, when the ruleset has it, the more-squares rule
    /// ([`MoveError::MoreSquares`]), which needs the game's history.
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert!(game.check_move("e5-e6".parse().unwrap()).is_err());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        self.current.check_move(mv)?;
        if self.more_squares_forbids(mv) {
            return Err(MoveError::MoreSquares);
        }
        Ok(())
    }

    /// Whether `mv` is legal for the side to move (see [`Game::check_move`]).
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// let mv = game.legal_moves()[0];
    /// assert!(game.is_legal(mv));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Whether the more-squares rule forbids `mv` now (see
    /// [`more_squares`](crate::more_squares)).
    fn more_squares_forbids(&self, mv: Move) -> bool {
        let pos = &self.current;
        if !pos.rules.more_squares {
            return false;
        }
        let side = pos.to_move;
        let chase = self.chase.length(side) as usize;
        if chase < 2 || self.chase.is_reverse(side, mv) {
            return false;
        }
        let piece = pos.cells[mv.from.cell()];
        if owner(piece) != Some(side) || owner(pos.cells[mv.to.cell()]).is_some() {
            return false; // not a move of the side to move, or an attack
        }
        if !next_to_enemy(pos, side, mv.to, Some(mv.from)) {
            return false; // not a chasing move
        }
        let after = pos.placement_hash()
            ^ piece_key(mv.from.cell(), piece)
            ^ piece_key(mv.to.cell(), piece);
        let mut cells = pos.cells;
        cells[mv.from.cell()] = crate::referee::board::cell::EMPTY;
        cells[mv.to.cell()] = piece;
        // Walk back through the chase's positions, rebuilding each board only
        // as far as the records go.
        let mut earlier = pos.cells;
        self.undos.iter().rev().take(chase - 1).any(|u| {
            u.restore_cells(&mut earlier);
            u.placement_hash() == after && earlier == cells
        })
    }

    /// Every legal move of the side to move (see [`Position::legal_moves`]),
    /// less the moves the more-squares rule forbids.
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert!(!game.legal_moves().is_empty());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_legal_move(|mv| moves.push(mv));
        moves
    }

    /// Calls `f` with every legal move of the side to move, in the order of
    /// [`Game::legal_moves`], without building the list (nothing once the
    /// game is over).
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// let mut n = 0;
    /// game.for_each_legal_move(|mv| {
    ///     assert!(game.is_legal(mv));
    ///     n += 1;
    /// });
    /// assert_eq!(n, game.legal_moves().len());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    #[inline]
    pub fn for_each_legal_move<F: FnMut(Move)>(&self, mut f: F) {
        let pos = &self.current;
        if !pos.status().is_over() {
            let mut allowed = self.allowed_by_game(|mv, ()| f(mv));
            pos.for_each_move(pos.to_move(), |mv| allowed(mv, ()));
        }
    }

    /// Calls `f` with every legal move of the side to move, as
    /// [`Game::for_each_legal_move`] does, in an order of its own (the
    /// board's: [`Position::for_each_legal_move_unordered`]): the same moves,
    /// each once, found a few times faster. For work that does not depend on
    /// the order, such as an action mask.
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// let mut moves = Vec::new();
    /// game.for_each_legal_move_unordered(|mv| moves.push(mv));
    /// let mut listed = game.legal_moves().to_vec();
    /// moves.sort();
    /// listed.sort();
    /// assert_eq!(moves, listed);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    #[inline]
    pub fn for_each_legal_move_unordered<F: FnMut(Move)>(&self, mut f: F) {
        self.for_each_legal_line_unordered(|mv, _| f(mv));
    }

    /// [`Game::for_each_legal_move_unordered`], each move passed with its
    /// [`Line`] (how the board's order found it).
    #[inline]
    pub(crate) fn for_each_legal_line_unordered<F: FnMut(Move, Line)>(&self, f: F) {
        let pos = &self.current;
        if !pos.status().is_over() {
            pos.for_each_line_unordered(pos.to_move(), self.allowed_by_game(f));
        }
    }

    /// `f`, passed only the moves of the position that the game allows too:
    /// the more-squares rule, which needs the game's history, may forbid a
    /// chasing move (the rule's option read once, not a move at a time).
    /// What comes with a move (`T`) is passed on with it.
    #[inline(always)]
    fn allowed_by_game<T, F: FnMut(Move, T)>(&self, mut f: F) -> impl FnMut(Move, T) {
        let more_squares = self.rules().more_squares;
        move |mv, t| {
            if !more_squares || !self.more_squares_forbids(mv) {
                f(mv, t);
            }
        }
    }

    /// Plays a move (see [`Position::play`]); an illegal move changes nothing.
    ///
    /// ```
    /// let mut game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert!(game.play("e5-e6".parse().unwrap()).is_err());
    /// assert_eq!(game.moves().count(), 0);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Outcome, MoveError> {
        self.check_move(mv)?;
        Ok(self.play_checked(mv))
    }

    /// Plays a move the caller knows to be legal, without checking it again:
    /// one of [`Game::legal_moves`] (or of [`Game::for_each_legal_move`]), or
    /// a move [`Game::check_move`] accepted in the current position. It does
    /// exactly what [`Game::play`] does once its check has passed (the same
    /// code), so a caller that has just listed or checked the moves does not
    /// pay for the check twice (as `play_unchecked` in shakmaty or
    /// cozy-chess).
    ///
    /// An illegal move (including any move once the game is over) breaks
    /// that promise: the game is then left inconsistent (never undefined
    /// behaviour, but its later results mean nothing). Debug builds check the
    /// promise and panic when it is broken. When a move comes from outside,
    /// use [`Game::play`].
    ///
    /// ```
    /// use marsal::{Game, Position, Ruleset};
    /// let rules = Ruleset::classic();
    /// let mut checked = Game::from_position(Position::start(&rules, 1, 2)?);
    /// let mut unchecked = checked.clone();
    /// let mv = checked.legal_moves()[0];
    /// let outcome = checked.play(mv)?;
    /// assert_eq!(unchecked.play_unchecked(mv), outcome);
    /// assert_eq!(unchecked, checked);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_unchecked(&mut self, mv: Move) -> Outcome {
        debug_assert_eq!(
            self.check_move(mv),
            Ok(()),
            "Game::play_unchecked: {mv} is not legal here"
        );
        self.play_checked(mv)
    }

    /// Plays a move [`Game::check_move`] accepts, and records it: the one
    /// path of [`Game::play`], [`Game::play_unchecked`], [`Game::play_random`]
    /// and replays.
    fn play_checked(&mut self, mv: Move) -> Outcome {
        self.undos.push(Undo::before(&self.current, mv));
        let outcome = self.current.play_unchecked(mv);
        if self.rules().more_squares {
            self.chases.push(self.chase);
            self.chase.record(
                &self.current.cells,
                outcome.side,
                mv,
                outcome.fight.is_some(),
            );
        }
        self.outcomes.push(outcome);
        self.seen_after_play();
        if self.rules().more_squares
            && !self.current.status.is_over()
            && self.chase.length(self.current.to_move) >= 2
            && !self.has_game_move()
        {
            // Every move the board allows is forbidden by the more-squares rule.
            let stuck = self.current.to_move;
            let rule = self.rules().no_move;
            let other_can = rule == NoMoveRule::Draw || self.current.has_legal_move(!stuck);
            if let Some(ending) = no_move_ending(rule, stuck, false, other_can) {
                self.current.status = ending;
            }
        }
        if let Some(limit) = self.rules().repetition_draw {
            // The count by hash bounds the true count from above: only when it
            // reaches the limit are the boards compared (once, as the game
            // then ends, unless two positions share a hash).
            let limit = u32::from(limit);
            if !self.current.status.is_over() && self.seen.get(self.current.hash) >= limit {
                let (n, compared) = self.count_occurrences();
                self.seen.compared += compared;
                if n >= limit {
                    self.current.status = Status::Drawn {
                        reason: DrawReason::Repetition,
                    };
                }
            }
        }
        outcome
    }

    /// Makes this game `start` followed by the moves of `like`, replayed
    /// under the rules (reusing the buffers). Returns whether every move was
    /// legal and the replay ends with `like`'s status. When `like` is over,
    /// the replay ends as `like` did: the verdict is public, while whether a
    /// side could still move (the rules of a side that cannot move, or has
    /// no hope) may depend on pieces `start` has drawn at random.
    pub(crate) fn replay_from(&mut self, start: Position, like: &Game) -> bool {
        self.start_from(start);
        for o in &like.outcomes {
            if self.check_move(o.mv).is_err() {
                return false;
            }
            self.play_checked(o.mv);
        }
        if like.current.status.is_over() {
            self.current.status = like.current.status;
        }
        self.current.status == like.current.status
    }

    /// How many moves back the current position's stretch without an
    /// irreversible move (a fight) reaches within this game.
    fn since_irreversible(&self) -> usize {
        (self.current.plies_since_attack as usize).min(self.undos.len())
    }

    /// Refills `seen` from the history (O(moves since the last fight)); with
    /// the repeated-position draw off, leaves it empty.
    fn rebuild_seen(&mut self) {
        self.seen.clear();
        if self.rules().repetition_draw.is_none() {
            return;
        }
        let k = self.since_irreversible();
        for u in &self.undos[self.undos.len() - k..] {
            self.seen.insert(u.hash());
        }
        self.seen.insert(self.current.hash);
    }

    /// Brings `seen` up to date after a move: one more position, or after a
    /// fight a new stretch (O(1) amortised a move).
    fn seen_after_play(&mut self) {
        if self.rules().repetition_draw.is_none() {
            return;
        }
        if self.since_irreversible() == self.seen.total() {
            self.seen.insert(self.current.hash);
        } else {
            self.rebuild_seen();
        }
    }

    /// Brings `seen` up to date after an undo that took back the position
    /// whose hash was `undone`: one position less, or (an undone fight) the
    /// stretch before it, rebuilt from the history.
    fn seen_after_undo(&mut self, undone: u64) {
        if self.rules().repetition_draw.is_none() {
            return;
        }
        if self.since_irreversible() + 2 == self.seen.total() {
            self.seen.remove(undone);
        } else {
            self.rebuild_seen();
        }
    }

    /// The positions compared square by square so far by the repeated-position
    /// draw (with [`Ruleset::repetition_draw`] set). Positions are counted by
    /// hash since the last fight, and boards are compared only when a count
    /// reaches the limit, so this stays near 0 however long the game: a
    /// measure of the rule's work for tests, not a rule.
    #[doc(hidden)]
    pub fn repetition_positions_compared(&self) -> u64 {
        self.seen.compared
    }

    /// Whether the side to move has a move the more-squares rule does not forbid.
    fn has_game_move(&self) -> bool {
        let mut any = false;
        self.current
            .for_each_legal_move(|mv| any = any || !self.more_squares_forbids(mv));
        any
    }

    /// Plays a legal move (see [`Game::legal_moves`]) drawn uniformly at random
    /// with `rng` and records it like [`Game::play`]; `None`, changing nothing,
    /// once the game is over.
    ///
    /// ```
    /// let mut game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::barrage(), 1, 2)?);
    /// let mut rng = marsal::Rng::new(5);
    /// while game.play_random(&mut rng).is_some() {}
    /// assert!(game.status().is_over());
    /// assert_eq!(game.moves().count() as u32, game.position().ply());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn play_random(&mut self, rng: &mut crate::Rng) -> Option<Outcome> {
        // Draw from the position's moves until one is not forbidden by the
        // more-squares rule: uniform over the game's legal moves. Forbidden
        // moves are rare; after a few refusals, draw from the filtered list.
        let mut mv = None;
        for _ in 0..8 {
            let m = self.current.random_legal_move(rng)?;
            if !self.more_squares_forbids(m) {
                mv = Some(m);
                break;
            }
        }
        let mv = match mv {
            Some(m) => m,
            None => {
                let moves = self.legal_moves();
                *moves.get(rng.below(moves.len() as u32) as usize)?
            }
        };
        Some(self.play_unchecked(mv))
    }

    /// How often the current position has stood in this game, itself included:
    /// same pieces on the same squares, same side to move. Only positions since the
    /// last fight can repeat (a fight removes a piece for good).
    ///
    /// ```
    /// use marsal::{Game, Position, Ruleset};
    /// let mut game = Game::from_position(Position::start(&Ruleset::classic(), 1, 2)?);
    /// assert_eq!(game.occurrences(), 1);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn occurrences(&self) -> u32 {
        if self.rules().repetition_draw.is_some() && self.seen.get(self.current.hash) <= 1 {
            // The count by hash bounds the true count; the current position
            // itself is counted.
            return 1;
        }
        self.count_occurrences().0
    }

    /// [`Game::occurrences`] by comparing boards, walking back over every move
    /// since the last fight; also returns how many positions it compared.
    fn count_occurrences(&self) -> (u32, u64) {
        let cur = &self.current;
        let since_fight = cur.plies_since_attack as usize;
        let mut earlier = cur.cells;
        let mut n = 1;
        let mut compared = 0;
        for u in self.undos.iter().rev().take(since_fight) {
            u.restore_cells(&mut earlier);
            compared += 1;
            if u.hash() == cur.hash && u.side_to_move() == cur.to_move && earlier == cur.cells {
                n += 1;
            }
        }
        (n, compared)
    }

    /// Parses move text in the current position and plays it (see
    /// [`Position::play_text`]).
    ///
    /// ```
    /// let mut game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert!(game.play_text("nonsense").is_err());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<Outcome, MoveError> {
        if self.status().is_over() {
            return Err(MoveError::GameOver);
        }
        let mv = self.current.parse_move(text)?;
        self.play(mv)
    }

    /// Takes back the last move, restoring exactly the position before it, and
    /// returns what that move did.
    ///
    /// ```
    /// use marsal::{Game, UndoError};
    /// let mut game = Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert_eq!(game.undo(), Err(UndoError::NothingToUndo));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn undo(&mut self) -> Result<Outcome, UndoError> {
        let undo = self.undos.pop().ok_or(UndoError::NothingToUndo)?;
        let undone = self.current.hash;
        self.current.take_back::<true>(&undo);
        if let Some(chase) = self.chases.pop() {
            self.chase = chase;
        }
        self.seen_after_undo(undone);
        self.outcomes.pop().ok_or(UndoError::NothingToUndo)
    }

    /// The moves played, oldest first.
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert_eq!(game.moves().count(), 0);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.outcomes.iter().map(|o| o.mv)
    }

    /// What every move did, oldest first (referee information: hidden kinds
    /// included).
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert!(game.outcomes().is_empty());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// `side`'s log: every move as that side saw it, oldest first.
    ///
    /// ```
    /// let game = marsal::Game::from_position(marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?);
    /// assert_eq!(game.log(marsal::Side::Red).count(), 0);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn log(&self, side: Side) -> impl Iterator<Item = Observation> + '_ {
        self.outcomes.iter().map(move |o| o.observed_by(side))
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use serde::ser::SerializeStruct;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    struct Moves<'a>(&'a Game);
    impl Serialize for Moves<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.0.moves())
        }
    }

    /// Serialised as `{"start": <position>, "moves": [{"from": "e4", "to": "e5"}, ...]}`.
    impl Serialize for Game {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Game", 2)?;
            st.serialize_field("start", &self.start)?;
            st.serialize_field("moves", &Moves(self))?;
            st.end()
        }
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Repr {
        start: Position,
        #[serde(default)]
        moves: Vec<Move>,
        /// A record's note on how the game ended outside the rules (`marsal
        /// match` writes who played and a forfeit there): read past, not kept.
        #[serde(default, rename = "result")]
        _result: Option<serde::de::IgnoredAny>,
    }

    /// Replays every move from the start position; an illegal move is an error.
    impl<'de> Deserialize<'de> for Game {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
            let r = Repr::deserialize(d)?;
            let mut game = Game::from_position(r.start);
            for (i, mv) in r.moves.into_iter().enumerate() {
                game.play(mv).map_err(|e| {
                    serde::de::Error::custom(format_args!("move {} ({mv}) is illegal: {e}", i + 1))
                })?;
            }
            Ok(game)
        }
    }
}
