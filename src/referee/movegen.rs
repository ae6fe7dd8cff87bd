//! Legal move generation (no heap: moves go into a fixed-capacity list or to a
//! callback).

use crate::referee::board::bitboard::{Bits, OFFSET, W, bit};
use crate::referee::board::cell::{
    DIAGONAL, DIAGONAL_SIDES, EMPTY, ORTHOGONAL, belongs_to, kind_of,
};
use crate::referee::board::square::{CELLS, Square};
use crate::referee::moves::{Move, MoveList};
use crate::referee::outcome::Outcome;
use crate::referee::piece::Side;
use crate::referee::position::Position;
use crate::referee::rng::Rng;

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
        if self.status.is_over() {
            return 0;
        }
        let side = self.to_move;
        let n = self.count_board_moves(side);
        let forbidden = self
            .restriction(side)
            .map_or(0, |(end, limit)| self.forbidden_count(side, end, limit));
        n.saturating_sub(forbidden) as usize
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
        if self.status.is_over() {
            return None;
        }
        if self.corner_applies() {
            return self.random_move_corner(rng);
        }
        match self.boards.words {
            2 => self.random_move_n::<2>(rng, false),
            3 => self.random_move_n::<3>(rng, false),
            _ => self.random_move_n::<4>(rng, false),
        }
    }

    /// Whether the corner rule can refuse a step: diagonal steps and the rule
    /// are both on.
    #[inline(always)]
    pub(crate) fn corner_applies(&self) -> bool {
        self.rules.corner_rule && self.rules.diagonal_steps
    }

    /// [`Position::random_legal_move`] under the corner rule, out of line so
    /// that the draw without it does not test the rule again.
    #[inline(never)]
    fn random_move_corner(&self, rng: &mut Rng) -> Option<Move> {
        match self.boards.words {
            2 => self.random_move_n::<2>(rng, true),
            3 => self.random_move_n::<3>(rng, true),
            _ => self.random_move_n::<4>(rng, true),
        }
    }

    /// [`Position::random_legal_move`] on the first `N` words of the bitboards;
    /// `corner`: whether the corner rule applies ([`Position::corner_applies`]).
    #[inline(always)]
    fn random_move_n<const N: usize>(&self, rng: &mut Rng, corner: bool) -> Option<Move> {
        let side = self.to_move;
        let moves = self.all_board_moves::<N>(side, corner);
        if let Some((end, limit)) = self.restriction(side) {
            // Draw among the board's moves until one is not forbidden: uniform
            // over the legal ones.
            if self.forbidden_count(side, end, limit) >= moves.total {
                return None;
            }
            let chain = &self.chains[side.index()];
            loop {
                let mv = self.nth_board_move(side, &moves, rng.below(moves.total))?;
                if mv.from != end || !chain.forbids(mv, limit) {
                    return Some(mv);
                }
            }
        }
        if moves.total == 0 {
            return None;
        }
        self.nth_board_move(side, &moves, rng.below(moves.total))
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

    /// Every move the board allows `side` (before the two-square rule), piece
    /// by piece in square order.
    #[inline]
    fn for_each_board_move<F: FnMut(Move)>(&self, side: Side, mut f: F) {
        for from in self.boards.movers[side.index()].cells() {
            self.for_each_piece_move(from, side, &mut f);
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
                } else if belongs_to(t, !side) {
                    if let Some(sq) = Square::from_cell(to as usize) {
                        f(Move::new(from_sq, sq));
                    }
                }
                break;
            }
        }
        if self.rules.diagonal_steps {
            for (d, (v, h)) in DIAGONAL.into_iter().zip(DIAGONAL_SIDES) {
                let to = (from as isize + d) as usize;
                if self.cells[to] == EMPTY && !self.corner_closed(from, v, h) {
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
    #[inline(never)]
    pub fn has_legal_move(&self, side: Side) -> bool {
        // The common answer first, with as little as possible: a piece that
        // can step north (on the first three words of the bitboards, which
        // hold every board of up to 12 ranks; the words after them are empty
        // or looked at below), when no move of `side` is held back by the
        // two-square rule. Then the whole test.
        if self.restriction(side).is_none() {
            let b = &self.boards;
            let s = side.index();
            let open = W::<3>::of(&b.empty).or(W::of(&b.pieces[1 - s]));
            if !W::<3>::of(&b.movers[s])
                .shift(ORTHOGONAL[0])
                .and(open)
                .is_empty()
            {
                debug_assert!(self.has_legal_move_full(side));
                return true;
            }
        }
        self.has_legal_move_full(side)
    }

    /// [`Position::has_legal_move`] without the quick first answer.
    #[inline(never)]
    fn has_legal_move_full(&self, side: Side) -> bool {
        match self.boards.words {
            2 => self.has_legal_move_n::<2>(side),
            3 => self.has_legal_move_n::<3>(side),
            _ => self.has_legal_move_n::<4>(side),
        }
    }

    /// [`Position::has_legal_move`] on the first `N` words of the bitboards.
    #[inline(always)]
    fn has_legal_move_n<const N: usize>(&self, side: Side) -> bool {
        let b = &self.boards;
        let s = side.index();
        let restricted = self.restriction(side);
        let mut movers = W::<N>::of(&b.movers[s]);
        if let Some((end, _)) = restricted {
            movers.remove(end.cell());
        }
        let empty = W::<N>::of(&b.empty);
        // A piece that can move at all can take a single step, so steps decide.
        let open = empty.or(W::of(&b.pieces[1 - s]));
        for d in ORTHOGONAL {
            if !movers.shift(d).and(open).is_empty() {
                return true;
            }
        }
        if self.rules.diagonal_steps {
            if self.rules.corner_rule {
                for (i, d) in DIAGONAL.into_iter().enumerate() {
                    if !corner_sources(movers, empty, i)
                        .shift(d)
                        .and(empty)
                        .is_empty()
                    {
                        return true;
                    }
                }
            } else {
                for d in DIAGONAL {
                    if !movers.shift(d).and(empty).is_empty() {
                        return true;
                    }
                }
            }
        }
        match restricted {
            Some((end, limit)) if b.movers[s].has(end.cell()) => {
                let chain = &self.chains[s];
                let mut any = false;
                self.for_each_piece_move(end.cell(), side, &mut |mv| {
                    any |= !chain.forbids(mv, limit)
                });
                any
            }
            _ => false,
        }
    }

    /// The square of `side`'s piece whose moves the two-square rule may forbid
    /// now, and the limit: only when the rule is on and `side`'s chain is long
    /// enough to forbid anything.
    #[inline(always)]
    pub(crate) fn restriction(&self, side: Side) -> Option<(Square, u8)> {
        let limit = self.rules.two_square?;
        let chain = &self.chains[side.index()];
        if chain.may_forbid() {
            Some((chain.end()?, limit))
        } else {
            None
        }
    }

    /// How many of the moves the board allows `side` the two-square rule
    /// forbids.
    fn forbidden_count(&self, side: Side, end: Square, limit: u8) -> u32 {
        let chain = &self.chains[side.index()];
        let Some((dir, min)) = chain.ban() else {
            return 0;
        };
        let from = end.cell();
        if !self.boards.movers[side.index()].has(from) {
            return 0;
        }
        // The board's moves of that piece in the banned direction are those
        // of 1 to `reach` squares; the rule forbids those of `min` or more.
        let orthogonal = dir < 4;
        let d = if orthogonal {
            ORTHOGONAL[dir as usize]
        } else {
            DIAGONAL[dir as usize - 4]
        };
        let far = orthogonal && kind_of(self.cells[from]).moves_far();
        if !orthogonal {
            let (v, h) = DIAGONAL_SIDES[dir as usize - 4];
            if self.corner_closed(from, v, h) {
                // The board allows no step that way: nothing to forbid.
                return 0;
            }
        }
        let mut reach = 0u32;
        let mut to = from as isize + d;
        loop {
            let t = self.cells[to as usize];
            if t == EMPTY {
                reach += 1;
                if far {
                    to += d;
                    continue;
                }
            } else if orthogonal && belongs_to(t, !side) {
                reach += 1;
            }
            break;
        }
        let n = (reach + 1).saturating_sub(u32::from(min));
        debug_assert_eq!(n, {
            let mut n = 0;
            self.for_each_piece_move(from, side, &mut |mv| {
                n += u32::from(chain.forbids(mv, limit))
            });
            n
        });
        n
    }

    /// The runs of empty squares from `cell` (not counting it) in the four
    /// directions, in the order of `ORTHOGONAL` (north, south, east, west),
    /// read once from the bitboards: the rank from the empty squares' set, the
    /// file from its column mask.
    #[inline(always)]
    pub(crate) fn empty_runs(&self, cell: usize) -> [u32; 4] {
        let b = &self.boards;
        // The rank as 16 bits, file f at bit f; the column, rank r at bit r + 1.
        let i = bit(cell);
        let (word, shift) = (i >> 6, i & 0x30);
        let (x, y) = ((i & 15) as u32, (cell >> 4) as u32);
        let row_empty = u32::from((b.empty.0[word & 3] >> shift) as u16);
        let column = u32::from(b.column_empty[cell & 15]);
        [
            (!(column >> (y + 1))).trailing_zeros(),
            ((column << (16 - y)) as u16).leading_ones(),
            (!(row_empty >> (x + 1))).trailing_zeros(),
            ((row_empty << (16 - x)) as u16).leading_ones(),
        ]
    }

    /// The moves of two squares or more of the far-moving piece of `side` on
    /// `cell`, by direction (in the order of `ORTHOGONAL`): along empty
    /// squares, possibly ending on the first enemy piece.
    #[inline(always)]
    pub(crate) fn far_moves_of(&self, cell: usize, side: Side) -> [u32; 4] {
        // A move of two squares or more starts with an empty neighbour (the
        // padding around the board keeps every neighbour inside the array).
        let c = &self.cells;
        let n = |d: usize| c[d & 0xFF];
        if n(cell + 1) != EMPTY
            && n(cell.wrapping_sub(1)) != EMPTY
            && n(cell + 16) != EMPTY
            && n(cell.wrapping_sub(16)) != EMPTY
        {
            return [0; 4];
        }
        let runs = self.empty_runs(cell);
        let seen = self.first_seen_after(cell, runs);
        // The squares reached, less the single step (counted with the steps).
        let mut m = [0; 4];
        for i in 0..4 {
            let enemy = u32::from(belongs_to(self.cells[seen[i]], !side));
            m[i] = (runs[i] + enemy).saturating_sub(1);
        }
        m
    }

    /// The first square that is not empty from `cell` in each of the four
    /// directions (in the order of `ORTHOGONAL`), `runs` being its
    /// [`Position::empty_runs`]: a piece, a lake or a square off the board
    /// (the padding around the board keeps each one inside the cell array).
    #[inline(always)]
    pub(crate) fn first_seen_after(&self, cell: usize, runs: [u32; 4]) -> [usize; 4] {
        let [n, s, e, w] = runs.map(|r| r as usize + 1);
        [
            (cell + 16 * n) & 0xFF,
            cell.wrapping_sub(16 * s) & 0xFF,
            (cell + e) & 0xFF,
            cell.wrapping_sub(w) & 0xFF,
        ]
    }

    /// How many moves the board allows `side` (before the two-square rule),
    /// counted on the bitboards.
    #[inline]
    pub(crate) fn count_board_moves(&self, side: Side) -> u32 {
        match self.boards.words {
            2 => self.all_board_moves::<2>(side, self.corner_applies()).total,
            3 => self.all_board_moves::<3>(side, self.corner_applies()).total,
            _ => self.all_board_moves::<4>(side, self.corner_applies()).total,
        }
    }

    /// [`Position::board_moves`] with the longer moves counted.
    #[inline(always)]
    fn all_board_moves<const N: usize>(&self, side: Side, corner: bool) -> BoardMoves<N> {
        let mut m = self.board_moves::<N>(side, corner);
        self.add_far_moves(side, &mut m);
        m
    }

    /// The single steps the board allows `side` (before the two-square rule), by
    /// direction; `corner` must be [`Position::corner_applies`] (a parameter so
    /// that a caller that already knows it pays no test).
    #[inline(always)]
    fn board_moves<const N: usize>(&self, side: Side, corner: bool) -> BoardMoves<N> {
        debug_assert_eq!(corner, self.corner_applies());
        let b = &self.boards;
        let s = side.index();
        let movers = W::<N>::of(&b.movers[s]);
        let empty = W::<N>::of(&b.empty);
        let open = empty.or(W::of(&b.pieces[1 - s]));
        let mut m = BoardMoves {
            _words: core::marker::PhantomData,
            counts: [0; 8],
            step_total: 0,
            total: 0,
            corner,
        };
        // The sum is taken as the counts come (the diagonal ones are 0
        // without diagonal steps, and are not added then).
        let mut total = 0;
        for (i, d) in ORTHOGONAL.into_iter().enumerate() {
            m.counts[i] = movers.shift(d).and(open).len();
            total += m.counts[i];
        }
        if corner {
            let [a, b, c, d] = corner_steps(movers, empty);
            m.counts[4..].copy_from_slice(&[a, b, c, d]);
            total += a + b + c + d;
        } else if self.rules.diagonal_steps {
            for (i, d) in DIAGONAL.into_iter().enumerate() {
                m.counts[4 + i] = movers.shift(d).and(empty).len();
                total += m.counts[4 + i];
            }
        }
        debug_assert_eq!(total, m.counts.iter().sum::<u32>());
        m.step_total = total;
        m.total = total;
        m
    }

    /// Adds the longer moves of `side`'s far-moving pieces to `m` (kept up
    /// to date move by move, see [`far_moves`](crate::referee::far_moves)).
    #[inline(always)]
    fn add_far_moves<const N: usize>(&self, side: Side, m: &mut BoardMoves<N>) {
        m.total += self.far.total[side.index()];
    }

    /// What the children of this position may reuse when they count the
    /// moves of `side` (the side not to move here), see [`KnownMoves`].
    pub(crate) fn known_moves(&self, side: Side) -> KnownMoves {
        let mut known = KnownMoves {
            steps: self.count_steps(side),
            far_set: self.boards.far[side.index()],
            far_counts: [0; CELLS],
            far_total: 0,
        };
        for cell in known.far_set.cells() {
            let n = self.far_moves_of(cell, side).iter().sum::<u32>();
            known.far_counts[cell] = n as u8;
            known.far_total += n;
        }
        known
    }

    /// [`Position::legal_move_count`] in a position reached by `mv` from one
    /// where the side to move had the moves `known`; `attack`: whether `mv`
    /// was an attack. For perft, whose moves (`make::<false>`) leave the kept
    /// counts of [`far_moves`](crate::referee::far_moves) out of step.
    pub(crate) fn legal_move_count_after(
        &self,
        mv: Move,
        attack: bool,
        known: &KnownMoves,
    ) -> usize {
        if self.status.is_over() {
            return 0;
        }
        let side = self.to_move;
        let n = match self.boards.words {
            2 => self.count_board_moves_after::<2>(side, mv, attack, known),
            3 => self.count_board_moves_after::<3>(side, mv, attack, known),
            _ => self.count_board_moves_after::<4>(side, mv, attack, known),
        };
        debug_assert_eq!(n, self.count_board_moves_from_scratch(side));
        let forbidden = self
            .restriction(side)
            .map_or(0, |(end, limit)| self.forbidden_count(side, end, limit));
        n.saturating_sub(forbidden) as usize
    }

    /// [`Position::count_board_moves`] for [`Position::legal_move_count_after`].
    ///
    /// - Single steps: without diagonal steps, a move of the opponent that
    ///   was not an attack leaves them as they were: it emptied a square that
    ///   held an enemy piece and filled an empty one with an enemy piece, and a
    ///   step may go to either. Otherwise they are counted again.
    /// - Long moves: those known before `mv`, less those of the far-moving
    ///   pieces that stood on the ranks and files of its two squares, plus
    ///   those of the far-moving pieces that stand there now, counted again
    ///   (nothing else changed).
    #[inline(always)]
    fn count_board_moves_after<const N: usize>(
        &self,
        side: Side,
        mv: Move,
        attack: bool,
        known: &KnownMoves,
    ) -> u32 {
        let steps = if attack || self.rules.diagonal_steps {
            self.board_moves::<N>(side, self.corner_applies()).total
        } else {
            debug_assert_eq!(
                known.steps,
                self.board_moves::<N>(side, self.corner_applies()).total
            );
            known.steps
        };
        let mut total = steps + known.far_total;
        let lines = lines_through::<N>(mv.from.cell()).or(lines_through(mv.to.cell()));
        let stale = W::<N>::of(&known.far_set).and(lines);
        let fresh = W::<N>::of(&self.boards.far[side.index()]).and(lines);
        for w in 0..N {
            let mut bits = stale.0[w];
            while bits != 0 {
                let cell = w * 64 + bits.trailing_zeros() as usize + OFFSET;
                bits &= bits - 1;
                total -= u32::from(known.far_counts[cell & (CELLS - 1)]);
            }
            let mut bits = fresh.0[w];
            while bits != 0 {
                let cell = w * 64 + bits.trailing_zeros() as usize + OFFSET;
                bits &= bits - 1;
                total += self.far_moves_of(cell, side).iter().sum::<u32>();
            }
        }
        total
    }

    /// The single steps the board allows `side` (before the two-square rule).
    fn count_steps(&self, side: Side) -> u32 {
        match self.boards.words {
            2 => self.board_moves::<2>(side, self.corner_applies()).total,
            3 => self.board_moves::<3>(side, self.corner_applies()).total,
            _ => self.board_moves::<4>(side, self.corner_applies()).total,
        }
    }

    /// [`Position::count_board_moves`] with every long move read from the
    /// board (not from the kept counts), for checks.
    fn count_board_moves_from_scratch(&self, side: Side) -> u32 {
        let steps = self.count_steps(side);
        let far: u32 = self.boards.far[side.index()]
            .cells()
            .map(|cell| self.far_moves_of(cell, side).iter().sum::<u32>())
            .sum();
        steps + far
    }

    /// The `k`-th of the moves `m` of `side` (`k` below `m.total`): single steps
    /// by direction in cell order, then the longer moves piece by piece.
    #[inline(always)]
    fn nth_board_move<const N: usize>(
        &self,
        side: Side,
        m: &BoardMoves<N>,
        mut k: u32,
    ) -> Option<Move> {
        if k < m.step_total {
            for (i, d) in ORTHOGONAL.into_iter().chain(DIAGONAL).enumerate() {
                if k < m.counts[i] {
                    let b = &self.boards;
                    let s = side.index();
                    let empty = W::<N>::of(&b.empty);
                    let mut sources = W::<N>::of(&b.movers[s]);
                    let targets = if i < 4 {
                        empty.or(W::of(&b.pieces[1 - s]))
                    } else {
                        if m.corner {
                            sources = corner_sources(sources, empty, i - 4);
                        }
                        empty
                    };
                    let to = sources.shift(d).and(targets).nth(k)?;
                    let from = (to as isize - d) as usize;
                    return Some(Move::new(
                        Square::from_board_cell(from),
                        Square::from_board_cell(to),
                    ));
                }
                k -= m.counts[i];
            }
            return None;
        }
        k -= m.step_total;
        for cell in self.boards.far[side.index()].cells() {
            let n = self.far.of(cell);
            if k >= n {
                k -= n;
                continue;
            }
            let counts = self.far_moves_of(cell, side);
            for (dir, d) in ORTHOGONAL.into_iter().enumerate() {
                if k < counts[dir] {
                    let to = (cell as isize + (k as isize + 2) * d) as usize;
                    return Some(Move::new(
                        Square::from_board_cell(cell),
                        Square::from_board_cell(to),
                    ));
                }
                k -= counts[dir];
            }
        }
        None
    }
}

/// The squares from which the corner rule ([`Ruleset::corner_rule`]) lets a
/// piece take the diagonal step `DIAGONAL[i]`, `free` being the squares that
/// do not block: those with at least one of the two squares beside the step
/// (`DIAGONAL_SIDES[i]`) in `free`. For a step north-east: the squares whose
/// north or east neighbour is free. With `free` the empty squares of the board
/// this is the rule itself, on bitboards (`Position::corner_closed` is the
/// same rule square by square); the no-hope search passes the squares that may
/// some day be empty.
///
/// [`Ruleset::corner_rule`]: crate::Ruleset::corner_rule
#[inline(always)]
pub(crate) fn corner_open<const N: usize>(free: W<N>, i: usize) -> W<N> {
    let (v, h) = DIAGONAL_SIDES[i];
    free.shift(-v).or(free.shift(-h))
}

/// The pieces of `movers` that the corner rule lets take the diagonal step
/// `DIAGONAL[i]`, `empty` being the empty squares of the board (the target
/// must be empty too; callers check it).
#[inline(always)]
pub(crate) fn corner_sources<const N: usize>(movers: W<N>, empty: W<N>, i: usize) -> W<N> {
    movers.and(corner_open(empty, i))
}

/// How many diagonal steps `movers` can take in each direction of `DIAGONAL`
/// under the corner rule, `empty` being the empty squares of the board. Out of
/// line: the move counts without the corner rule only pay for the test of the
/// option.
#[inline(never)]
fn corner_steps<const N: usize>(movers: W<N>, empty: W<N>) -> [u32; 4] {
    let mut n = [0; 4];
    for (i, d) in DIAGONAL.into_iter().enumerate() {
        n[i] = corner_sources(movers, empty, i).shift(d).and(empty).len();
    }
    n
}

/// The cells of the rank and of the file of `cell`, on the first `N` words
/// (a rank takes 16 bits, so a file is one bit in every 16).
#[inline(always)]
fn lines_through<const N: usize>(cell: usize) -> W<N> {
    let i = bit(cell);
    let mut set = W([0x0001_0001_0001_0001u64 << (i & 15); N]);
    let word = i >> 6;
    if word < N {
        set.0[word] |= 0xFFFF << (i & 0x30);
    }
    set
}

/// The moves of a side that the children of a position may reuse when they
/// count that side's moves, kept by [`Position::perft`] (see
/// `Position::count_board_moves_after`).
pub(crate) struct KnownMoves {
    /// The single steps.
    steps: u32,
    /// Where the far-moving pieces stood.
    far_set: Bits,
    /// By cell: the long moves of the far-moving piece there.
    far_counts: [u8; CELLS],
    /// Their sum.
    far_total: u32,
}

/// The moves the board allows a side, as counted by `Position::board_moves`.
struct BoardMoves<const N: usize> {
    /// The word count the moves were counted with.
    _words: core::marker::PhantomData<[u64; N]>,
    /// How many targets each direction has.
    counts: [u32; 8],
    /// All single steps.
    step_total: u32,
    /// All moves: single steps and the longer moves of far-moving pieces.
    total: u32,
    /// Whether the corner rule applied ([`Position::corner_applies`]).
    corner: bool,
}
