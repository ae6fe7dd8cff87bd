//! Legal move generation (no heap: moves go into a fixed-capacity list or to a
//! callback).

use crate::moves::{Move, MoveList};
use crate::outcome::Outcome;
use crate::piece::Side;
use crate::position::{DIAGONAL, EMPTY, ORTHOGONAL, Position, kind_of, owner};
use crate::rng::Rng;
use crate::square::Square;

impl Position {
    /// Every legal move of the side to move (empty once the game is over).
    ///
    /// Steps go to an empty neighbouring square (orthogonal, and diagonal when the
    /// ruleset allows it); attacks go to an orthogonally neighbouring enemy piece;
    /// a Scout also moves any distance along a rank or file over empty squares,
    /// possibly ending on the first enemy piece in that line. Nothing jumps over a
    /// piece or a lake, and Mines, Bombs and Flags never move.
    ///
    /// ```
    /// let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?;
    /// let moves = pos.legal_moves();
    /// assert!(!moves.is_empty());
    /// assert!(moves.iter().all(|mv| pos.is_legal(*mv)));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if !self.status.is_over() {
            self.for_each_move(self.to_move, |mv| list.push(mv));
        }
        list
    }

    /// How many legal moves the side to move has (0 once the game is over).
    ///
    /// ```
    /// let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?;
    /// assert_eq!(pos.legal_move_count(), pos.legal_moves().len());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn legal_move_count(&self) -> usize {
        let mut n = 0;
        self.for_each_legal_move(|_| n += 1);
        n
    }

    /// A legal move of the side to move drawn uniformly at random with `rng`
    /// (`None` once the game is over). Every legal move has the same chance.
    ///
    /// ```
    /// let pos = marsal::Position::start(&marsal::Ruleset::barrage(), 1, 2)?;
    /// let mv = pos.random_legal_move(&mut marsal::Rng::new(7)).unwrap();
    /// assert!(pos.is_legal(mv));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn random_legal_move(&self, rng: &mut Rng) -> Option<Move> {
        let moves = self.legal_moves();
        if moves.is_empty() {
            return None;
        }
        Some(moves[rng.below(moves.len() as u32) as usize])
    }

    /// Plays a uniformly random legal move (see [`Position::random_legal_move`])
    /// and says what happened; `None`, changing nothing, once the game is over.
    /// This is the random-playout step: no list is built and nothing allocates.
    ///
    /// ```
    /// let mut pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?;
    /// let mut rng = marsal::Rng::new(1);
    /// while pos.play_random(&mut rng).is_some() {}
    /// assert!(pos.status().is_over());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn play_random(&mut self, rng: &mut Rng) -> Option<Outcome> {
        let mv = self.random_legal_move(rng)?;
        Some(self.play_unchecked(mv))
    }

    /// Calls `f` with every legal move of the side to move, without building a
    /// list (nothing when the game is over).
    ///
    /// ```
    /// let pos = marsal::Position::start(&marsal::Ruleset::marsal_a_spion(), 1, 2)?;
    /// let mut n = 0;
    /// pos.for_each_legal_move(|_| n += 1);
    /// assert_eq!(n, pos.legal_moves().len());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn for_each_legal_move<F: FnMut(Move)>(&self, f: F) {
        if !self.status.is_over() {
            self.for_each_move(self.to_move, f);
        }
    }

    /// Every move `side` could make if it were its turn (used for both players'
    /// "can move" checks).
    #[inline]
    pub(crate) fn for_each_move<F: FnMut(Move)>(&self, side: Side, mut f: F) {
        match self.two_square_limit(side) {
            None => self.for_each_board_move(side, f),
            Some((end, limit)) => {
                let chain = &self.chains[side.index()];
                self.for_each_board_move(side, |mv| {
                    if mv.from != end || !chain.forbids(mv, limit) {
                        f(mv)
                    }
                })
            }
        }
    }

    /// The square of `side`'s piece that the two-square rule may restrict, and
    /// the limit, when the rule is on and that side has a chain.
    #[inline]
    fn two_square_limit(&self, side: Side) -> Option<(Square, u8)> {
        let limit = self.rules.two_square?;
        Some((self.chains[side.index()].end()?, limit))
    }

    /// Every move the board allows `side` (before the two-square rule).
    #[inline]
    fn for_each_board_move<F: FnMut(Move)>(&self, side: Side, mut f: F) {
        for (from, &p) in self.cells.iter().enumerate() {
            if owner(p) == Some(side) && kind_of(p).is_movable() {
                self.for_each_piece_move(from, side, &mut f);
            }
        }
    }

    /// Every move the board allows the movable piece of `side` on cell `from`.
    #[inline]
    fn for_each_piece_move<F: FnMut(Move)>(&self, from: usize, side: Side, f: &mut F) {
        let Some(from_sq) = Square::from_cell(from) else {
            return;
        };
        let far = kind_of(self.cells[from]).moves_far();
        for d in ORTHOGONAL {
            let mut to = from as isize + d;
            loop {
                let t = self.cells[to as usize];
                if t == EMPTY {
                    if let Some(sq) = Square::from_cell(to as usize) {
                        f(Move::new(from_sq, sq));
                    }
                    if far {
                        to += d;
                        continue;
                    }
                } else if owner(t) == Some(!side) {
                    if let Some(sq) = Square::from_cell(to as usize) {
                        f(Move::new(from_sq, sq));
                    }
                }
                break;
            }
        }
        if self.rules.diagonal_steps {
            for d in DIAGONAL {
                let to = (from as isize + d) as usize;
                if self.cells[to] == EMPTY {
                    if let Some(sq) = Square::from_cell(to) {
                        f(Move::new(from_sq, sq));
                    }
                }
            }
        }
    }

    /// Whether `side` has at least one legal move (whoever is to move).
    ///
    /// ```
    /// let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?;
    /// assert!(pos.has_legal_move(marsal::Side::Blue));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn has_legal_move(&self, side: Side) -> bool {
        let restricted = self.two_square_limit(side);
        let diagonal = self.rules.diagonal_steps;
        for (from, &p) in self.cells.iter().enumerate() {
            if owner(p) != Some(side) || !kind_of(p).is_movable() {
                continue;
            }
            if let Some((_, limit)) = restricted.filter(|(end, _)| end.cell() == from) {
                // The piece the two-square rule may hold back: try its moves.
                let chain = &self.chains[side.index()];
                let mut any = false;
                self.for_each_piece_move(from, side, &mut |mv| any |= !chain.forbids(mv, limit));
                if any {
                    return true;
                }
                continue;
            }
            for d in ORTHOGONAL {
                let t = self.cells[(from as isize + d) as usize];
                if t == EMPTY || owner(t) == Some(!side) {
                    return true;
                }
            }
            if diagonal
                && DIAGONAL
                    .iter()
                    .any(|d| self.cells[(from as isize + d) as usize] == EMPTY)
            {
                return true;
            }
        }
        false
    }
}
