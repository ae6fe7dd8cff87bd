//! Determinizations: from what one side knows to a complete position.
//!
//! A bot that plays with hidden information can draw *determinizations*: full
//! positions (or games) that agree with everything its side knows, and search
//! them as if the enemy pieces were visible. [`Position::determinize`] draws a
//! position, [`Game::determinize`](crate::Game::determinize) (feature `alloc`)
//! a whole game with its history, and [`Position::is_consistent`] /
//! [`Game::is_consistent`](crate::Game::is_consistent) check a candidate
//! against a side's [`View`].
//!
//! # What is kept
//! A determinization for `side` keeps `side`'s own pieces, the terrain, which
//! squares hold enemy pieces, the side to move, the counters, the status, the
//! two-square chains, what each side knows of every piece
//! (each set narrowed by counting, as the views show it), and the last move as
//! `side` saw it. Only the kinds of the enemy pieces are drawn: each gets a
//! kind its square's [`SquareView::Enemy`] allows, and the counts by kind
//! equal the enemy's remaining army (up to the pieces whose capture `side`
//! did not see, which only a position read from text has). So the sample's
//! [`View`] for `side` equals the true one, and the result depends on the
//! view and the generator only: two games that differ in hidden pieces alone
//! give the same samples.
//!
//! # How it never fails
//! The kinds are assigned as a flow of pieces into kinds with capacities (a
//! bipartite b-matching). A feasible assignment is built first by augmenting
//! paths over the kinds (≤ 16 kinds, so a path search is a few bit operations);
//! it always exists, because the true kinds are one. Then each piece, in a
//! random order, draws its kind among those that still leave a complete
//! assignment (found the same way), and the assignment is repaired along an
//! augmenting path. No rejection, no loop without a bound: O(pieces²) bit
//! operations, fixed-size arrays, no heap.
//!
//! # Which distribution
//! A piece draws among its feasible kinds with a weight equal to how many
//! pieces of that kind are still to be placed. When every unknown piece may be
//! any remaining kind (the start of a game) this is exactly uniform over the
//! consistent assignments (drawing the army's pieces without replacement).
//! With constraints (pieces that moved, fought, or were counted out) it is
//! close to uniform, and 16 steps a piece of a Markov chain whose stationary
//! distribution is exactly uniform (swap two pieces' kinds when each may be
//! the other's; move a piece to a kind with room) bring it closer. Measured
//! on small cases enumerated exactly (the unit test
//! `determinization_is_close_to_uniform_on_small_cases`, 200,000 samples a
//! case): total-variation distance from the uniform distribution over the
//! consistent assignments 0.003 without constraints (the sampling noise),
//! 0.002 and 0.009 with moved, known and chained sets, 0.015 with more room
//! than pieces (only positions read from text have that); without the chain,
//! 0.023, 0.065 and 0.064.
//!
//! ```
//! use marsal::{Position, Rng, Ruleset, Side};
//! let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2)?;
//! let mut rng = Rng::new(7);
//! let sample = pos.determinize(Side::Red, &mut rng);
//! assert!(sample.is_consistent(&pos.view(Side::Red)));
//! // Red's own pieces are as they are; Blue's kinds were drawn.
//! assert!(pos.pieces(Side::Red).eq(sample.pieces(Side::Red)));
//! # Ok::<(), marsal::PositionError>(())
//! ```

use crate::hidden::view::SquareView;
use crate::hidden::view::View;
use crate::referee::board::cell::{code, kind_of, owner};
use crate::referee::board::square::{CELLS, GRID_SQUARES};
use crate::referee::outcome::{Fight, Observation, Outcome};
use crate::referee::piece::{KIND_COUNT, KindSet, Piece, PieceKind, Side};
use crate::referee::position::Position;
use crate::referee::rng::Rng;
use crate::referee::ruleset::{RevealRule, Ruleset};
use crate::referee::status::Status;

/// The most pieces one side can have on the board.
const MAX_PIECES: usize = GRID_SQUARES;

/// Steps of the uniform Markov chain a piece, after the sequential draw.
const MIX_STEPS: usize = 16;

/// An assignment problem: `n` pieces, each with the kinds it may be (bits),
/// into kinds with capacities; and a complete assignment being kept feasible.
struct Assignment {
    n: usize,
    sets: [u16; MAX_PIECES],
    kind: [u8; MAX_PIECES],
    fixed: [bool; MAX_PIECES],
    cap: [u8; KIND_COUNT],
    used: [u8; KIND_COUNT],
    fixed_used: [u8; KIND_COUNT],
}

/// The kinds of `bits`, lowest first.
fn kinds_of(bits: u16) -> impl Iterator<Item = usize> {
    (0..KIND_COUNT).filter(move |k| bits & (1 << k) != 0)
}

impl Assignment {
    /// The kinds with room for one more piece.
    fn spare(&self) -> u16 {
        (0..KIND_COUNT)
            .filter(|&k| self.used[k] < self.cap[k])
            .fold(0, |b, k| b | 1 << k)
    }

    /// For each kind `a`: the kinds some assigned, unfixed piece other than
    /// `skip` holding `a` could take instead.
    fn moves(&self, skip: usize) -> [u16; KIND_COUNT] {
        let mut adj = [0u16; KIND_COUNT];
        for j in 0..self.n {
            let k = self.kind[j];
            if j != skip && !self.fixed[j] && usize::from(k) < KIND_COUNT {
                adj[usize::from(k)] |= self.sets[j];
            }
        }
        adj
    }

    /// Makes room for one more piece of kind `start`: along a shortest path
    /// of kinds `start → … → t`, where `t` has room, moves one unfixed piece
    /// (other than `skip`) a step each. Returns whether it could.
    fn free_one(&mut self, start: usize, skip: usize) -> bool {
        let spare = self.spare();
        if spare & (1 << start) != 0 {
            return true;
        }
        let adj = self.moves(skip);
        let mut parent = [u8::MAX; KIND_COUNT];
        let mut seen: u16 = 1 << start;
        let mut queue = [0u8; KIND_COUNT];
        let (mut head, mut tail) = (0, 1);
        queue[0] = start as u8;
        let mut target = None;
        while head < tail && target.is_none() {
            let a = usize::from(queue[head]);
            head += 1;
            for b in kinds_of(adj[a] & !seen) {
                seen |= 1 << b;
                parent[b] = a as u8;
                if spare & (1 << b) != 0 {
                    target = Some(b);
                    break;
                }
                queue[tail] = b as u8;
                tail += 1;
            }
        }
        let Some(mut b) = target else {
            return false;
        };
        // Walk back from the end: a piece of `a` moves to `b`, and so on.
        while b != start {
            let a = usize::from(parent[b]);
            let Some(j) = (0..self.n).find(|&j| {
                j != skip
                    && !self.fixed[j]
                    && usize::from(self.kind[j]) == a
                    && self.sets[j] & (1 << b) != 0
            }) else {
                return false; // not reached: the edge came from such a piece
            };
            self.kind[j] = b as u8;
            self.used[a] -= 1;
            self.used[b] += 1;
            b = a;
        }
        true
    }

    /// Builds a feasible assignment (every piece a kind of its set, within
    /// the capacities). Returns whether there is one.
    fn build(&mut self) -> bool {
        self.kind = [u8::MAX; MAX_PIECES];
        self.used = [0; KIND_COUNT];
        for i in 0..self.n {
            let Some(k) = kinds_of(self.sets[i]).find(|&k| self.free_one(k, i)) else {
                return false;
            };
            self.kind[i] = k as u8;
            self.used[k] += 1;
        }
        true
    }

    /// The kinds piece `i` may take with the others (unfixed) still placed.
    fn feasible(&self, i: usize) -> u16 {
        let adj = self.moves(i);
        let own = 1u16 << self.kind[i];
        let mut reach = self.spare() | own;
        loop {
            let more = (0..KIND_COUNT)
                .filter(|&a| adj[a] & reach != 0)
                .fold(reach, |b, a| b | 1 << a);
            if more == reach {
                break;
            }
            reach = more;
        }
        self.sets[i] & reach
    }

    /// Draws the kinds piece by piece in a random order (see the module
    /// documentation for the weights).
    fn draw(&mut self, rng: &mut Rng) {
        let mut order = [0u8; MAX_PIECES];
        for (i, o) in order.iter_mut().enumerate().take(self.n) {
            *o = i as u8;
        }
        for i in (1..self.n).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            order.swap(i, j);
        }
        for &i in &order[..self.n] {
            let i = usize::from(i);
            let ok = self.feasible(i);
            let weight = |k: usize| u32::from(self.cap[k] - self.fixed_used[k]);
            let total: u32 = kinds_of(ok).map(weight).sum();
            let mut pick = rng.below(total);
            let k = kinds_of(ok)
                .find(|&k| {
                    let w = weight(k);
                    if pick < w {
                        true
                    } else {
                        pick -= w;
                        false
                    }
                })
                .unwrap_or(usize::from(self.kind[i]));
            let old = usize::from(self.kind[i]);
            if k != old {
                self.used[old] -= 1;
                self.kind[i] = u8::MAX;
                let freed = self.free_one(k, i);
                debug_assert!(freed, "a feasible kind has room");
                self.kind[i] = k as u8;
                self.used[k] += 1;
            }
            self.fixed[i] = true;
            self.fixed_used[k] += 1;
        }
    }
}

impl Assignment {
    /// `steps` steps of a Markov chain whose stationary distribution is
    /// uniform over the assignments: swap the kinds of two pieces when each
    /// may be the other's, or move a piece to a kind with room (both
    /// proposals are symmetric, so every allowed one is taken).
    fn mix(&mut self, rng: &mut Rng, steps: usize) {
        if self.n < 2 {
            return;
        }
        for _ in 0..steps {
            let i = rng.below(self.n as u32) as usize;
            let j = rng.below(self.n as u32 + KIND_COUNT as u32) as usize;
            let ki = usize::from(self.kind[i]);
            if j < self.n {
                let kj = usize::from(self.kind[j]);
                if self.sets[i] & (1 << kj) != 0 && self.sets[j] & (1 << ki) != 0 {
                    self.kind.swap(i, j);
                }
            } else {
                let k = j - self.n;
                if self.sets[i] & (1 << k) != 0 && self.used[k] < self.cap[k] {
                    self.used[ki] -= 1;
                    self.used[k] += 1;
                    self.kind[i] = k as u8;
                }
            }
        }
    }
}

impl Position {
    /// The kinds of the enemy pieces of a sample for `side` (see the module
    /// [`determinize`](crate::determinize)), written into `self`'s copy: the
    /// cells of `side`'s opponent's pieces get new kinds, everything derived
    /// from the board is computed again.
    fn draw_enemy_kinds(&mut self, side: Side, rng: &mut Rng) {
        let knowledge = self.refined_knowledge();
        let done = self.set_enemy_kinds(side, &knowledge, Some(rng));
        debug_assert!(done, "the true kinds are an assignment");
        self.knowledge = knowledge;
    }

    /// Gives the pieces of `side`'s opponent kinds from `sets` (by cell) within
    /// the counts `side` sees, drawn with `rng` or (without) the first
    /// assignment found, and computes again what follows from the board.
    /// Returns false, changing nothing, when no assignment exists.
    fn set_enemy_kinds(&mut self, side: Side, sets: &[u16; CELLS], rng: Option<&mut Rng>) -> bool {
        let enemy = !side;
        let e = enemy.index();
        let mut a = Assignment {
            n: 0,
            sets: [0; MAX_PIECES],
            kind: [u8::MAX; MAX_PIECES],
            fixed: [false; MAX_PIECES],
            cap: [0; KIND_COUNT],
            used: [0; KIND_COUNT],
            fixed_used: [0; KIND_COUNT],
        };
        let mut cells = [0u8; MAX_PIECES];
        for k in 0..KIND_COUNT {
            a.cap[k] = self.on_board[e][k].saturating_add(self.unknown_absent[e][k]);
        }
        for (cell, &c) in self.cells.iter().enumerate() {
            if owner(c) == Some(enemy) && a.n < MAX_PIECES {
                cells[a.n] = cell as u8;
                a.sets[a.n] = sets[cell];
                a.n += 1;
            }
        }
        if !a.build() {
            return false;
        }
        if let Some(rng) = rng {
            a.draw(rng);
            a.mix(rng, MIX_STEPS * a.n);
        }
        let mut counts = [0u8; KIND_COUNT];
        for (i, &cell) in cells[..a.n].iter().enumerate() {
            let kind = PieceKind::from_low_bits(a.kind[i]);
            counts[kind.index()] += 1;
            let cell = usize::from(cell);
            self.boards.remove_piece(cell, enemy);
            self.boards.add_piece(cell, enemy, kind);
            self.cells[cell] = code(enemy, kind);
        }
        for ((u, cap), n) in self.unknown_absent[e].iter_mut().zip(a.cap).zip(counts) {
            *u = cap - n;
        }
        self.on_board[e] = counts;
        if let Some(last) = &mut self.last {
            // The mover's kind, as the sample has it (a removed mover was
            // shown, so its kind is the true one).
            let c = self.cells[last.mv.to.cell()];
            if last.side == enemy && owner(c) == Some(enemy) {
                last.piece = kind_of(c);
            }
        }
        self.hash = self.hash_from_scratch();
        self.recount_far();
        self.recount_hope();
        true
    }

    /// Plays a move as `viewer` saw it ([`Outcome::observed_by`]), on a
    /// position that holds what `viewer` knows with stand-in kinds for the
    /// enemy pieces (a *belief*, e.g. built from `viewer`'s setup and the
    /// enemy's squares with any army on them): the stand-ins are first
    /// reassigned so that the move is legal and its fight ends as it was seen
    /// (the kinds shown, an unseen attacker one that gives that result),
    /// within everything `viewer` knew, and then the engine plays it. So a
    /// bot told only the moves and fights (over a protocol) keeps a position
    /// whose view is its view, to search or determinize. `None`, changing
    /// nothing, when the observation does not fit (an illegal move, a result
    /// no kind left could give).
    ///
    /// ```
    /// use marsal::{Position, Ruleset, Side};
    /// let rules = Ruleset::classic();
    /// let real = Position::start(&rules, 1, 2)?;
    /// // Red knows its own setup; Blue's kinds are stand-ins.
    /// let mut belief = Position::start(&rules, 1, 99)?;
    /// let mut real2 = real;
    /// let mv = real.legal_moves()[0];
    /// let outcome = real2.play(mv)?;
    /// belief.play_observed(Side::Red, &outcome.observed_by(Side::Red)).expect("it fits");
    /// assert!(belief.is_consistent(&real2.view(Side::Red)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_observed(&mut self, viewer: Side, obs: &Observation) -> Option<Outcome> {
        use crate::referee::combat::combat;
        if obs.side != self.to_move || self.status.is_over() {
            return None;
        }
        let (f, t) = (obs.mv.from.cell(), obs.mv.to.cell());
        let mut sets = self.refined_knowledge();
        let enemy = !viewer;
        if obs.side == enemy {
            let mut s = sets[f] & KindSet::MOVABLE.bits();
            let step = matches!(f.abs_diff(t), 1 | 16 | 15 | 17);
            if !step {
                s &= KindSet::FAR_MOVING.bits();
            }
            if let Some(k) = obs.piece {
                s &= KindSet::only(k).bits();
            }
            if let (Some(d), Some(b)) = (obs.defender, obs.battle) {
                s &= KindSet::from_bits(s)
                    .iter()
                    .filter(|&k| combat(&self.rules, k, d) == Some(b))
                    .collect::<KindSet>()
                    .bits();
            }
            sets[f] = s;
        } else if let Some(d) = obs.defender {
            sets[t] &= KindSet::only(d).bits();
        }
        let before = *self;
        if !self.set_enemy_kinds(viewer, &sets, None) {
            *self = before;
            return None;
        }
        self.knowledge = before.knowledge;
        let outcome = match self.play(obs.mv) {
            Ok(o) if o.observed_by(viewer) == *obs => o,
            _ => {
                *self = before;
                return None;
            }
        };
        Some(outcome)
    }

    /// A complete position consistent with everything `side` knows, the kinds
    /// of the enemy pieces drawn with `rng` (see the module
    /// [`determinize`](crate::determinize) for what is kept and the
    /// distribution). Never fails, allocates nothing; the result depends only
    /// on `side`'s view and `rng`.
    ///
    /// ```
    /// use marsal::{Position, Rng, Ruleset, Side, SquareView};
    /// let pos = Position::start(&Ruleset::barrage(), 3, 4)?;
    /// let sample = pos.determinize(Side::Blue, &mut Rng::new(1));
    /// assert_eq!(sample.view(Side::Blue), pos.view(Side::Blue));
    /// assert_eq!(sample.remaining(Side::Red), pos.remaining(Side::Red));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn determinize(&self, side: Side, rng: &mut Rng) -> Position {
        let mut pos = *self;
        pos.draw_enemy_kinds(side, rng);
        pos
    }

    /// Whether this position agrees with everything `view`'s side knows: the
    /// view this position gives that side equals `view`, apart from the log
    /// (a bare position keeps none). The true position is always consistent
    /// with its views, and so is every [`Position::determinize`] sample.
    ///
    /// ```
    /// use marsal::{Position, Ruleset, Side};
    /// let a = Position::start(&Ruleset::classic(), 1, 2)?;
    /// let b = Position::start(&Ruleset::classic(), 1, 3)?;
    /// let c = Position::start(&Ruleset::classic(), 4, 2)?;
    /// assert!(a.is_consistent(&a.view(Side::Red)));
    /// // Red's setup the same, Blue's hidden one different: Red cannot tell.
    /// assert!(b.is_consistent(&a.view(Side::Red)));
    /// // Red's own setup different: not what Red knows.
    /// assert!(!c.is_consistent(&a.view(Side::Red)));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn is_consistent(&self, view: &View) -> bool {
        let mine = self.view(view.side());
        #[cfg(feature = "alloc")]
        {
            let mut theirs = view.clone();
            theirs.set_log(alloc::vec::Vec::new());
            mine == theirs
        }
        #[cfg(not(feature = "alloc"))]
        {
            mine == *view
        }
    }
}

impl Position {
    /// A complete position built from what one side knows alone: `view`'s
    /// own pieces, the enemy pieces with a consistent assignment of kinds
    /// (the first one found; draw from it with [`Position::determinize`]),
    /// what each side knows of every piece, the side to move, counters,
    /// status and last move as the view says. What a view does not carry is
    /// left at rest: the two-square chains (so the
    /// position's own legal moves may allow a move the two-square or
    /// more-squares rule forbids in the real game; a bot choosing among the
    /// referee's legal moves is not affected). `None` when `view` is not a
    /// view of a game under `rules` (another board, pieces the army does not
    /// have, kinds that cannot be matched).
    ///
    /// ```
    /// use marsal::{Position, Rng, Ruleset, Side};
    /// let rules = Ruleset::classic();
    /// let pos = Position::start(&rules, 1, 2)?;
    /// let view = pos.view(Side::Red);
    /// let built = Position::from_view(&rules, &view).expect("a view of this ruleset");
    /// assert!(built.is_consistent(&view));
    /// assert_eq!(built.legal_moves(), pos.legal_moves());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn from_view(rules: &Ruleset, view: &View) -> Option<Position> {
        if view.size() != (rules.board.files, rules.board.ranks) || rules.validate().is_err() {
            return None;
        }
        let side = view.side();
        let enemy = !side;
        let e = enemy.index();
        let mut pos = Position::empty(rules);
        let mut a = Assignment {
            n: 0,
            sets: [0; MAX_PIECES],
            kind: [u8::MAX; MAX_PIECES],
            fixed: [false; MAX_PIECES],
            cap: [0; KIND_COUNT],
            used: [0; KIND_COUNT],
            fixed_used: [0; KIND_COUNT],
        };
        let mut squares = [None; MAX_PIECES];
        let remaining = view.remaining(enemy);
        for k in PieceKind::ALL {
            a.cap[k.index()] = remaining.count(k).min(rules.army(enemy).count(k));
        }
        let mut known = [0u16; CELLS];
        for (sq, v) in view.squares() {
            match v {
                SquareView::Own {
                    kind,
                    known_to_opponent,
                } => {
                    pos.put(sq, Piece::new(side, kind)).ok()?;
                    known[sq.cell()] = known_to_opponent.bits();
                }
                SquareView::Enemy { possible } => {
                    if a.n == MAX_PIECES {
                        return None;
                    }
                    squares[a.n] = Some(sq);
                    a.sets[a.n] = possible.bits();
                    a.n += 1;
                }
                SquareView::OffBoard | SquareView::Lake | SquareView::Empty => {}
            }
        }
        if !a.build() {
            return None;
        }
        for (i, sq) in squares[..a.n].iter().enumerate() {
            let sq = (*sq)?;
            pos.put(sq, Piece::new(enemy, PieceKind::from_low_bits(a.kind[i])))
                .ok()?;
            known[sq.cell()] = a.sets[i];
        }
        for k in 0..KIND_COUNT {
            pos.unknown_absent[e][k] = a.cap[k] - pos.on_board[e][k];
        }
        let to_move = match view.status() {
            Status::Ongoing { to_move } => to_move,
            _ => side,
        };
        pos.finish(to_move).ok()?;
        for (cell, &k) in known.iter().enumerate() {
            if owner(pos.cells[cell]).is_some() {
                pos.knowledge[cell] = k;
            }
        }
        pos.status = view.status();
        pos.ply = view.ply();
        pos.plies_since_attack = view.plies_since_attack();
        pos.last = view.last().and_then(|o| {
            let piece = match o.piece {
                Some(p) => p,
                None => {
                    let c = pos.cells[o.mv.to.cell()];
                    owner(c)?;
                    kind_of(c)
                }
            };
            Some(Outcome {
                mv: o.mv,
                side: o.side,
                piece,
                fight: o.defender.zip(o.battle).map(|(defender, battle)| Fight {
                    defender,
                    battle,
                    attacker_revealed: match rules.reveal {
                        RevealRule::BothFighters => true,
                        RevealRule::AttackerStaysHidden => !battle.attacker_survives(),
                    },
                }),
            })
        });
        Some(pos)
    }
}

/// The game-level form: the history is rewritten, piece by piece.
#[cfg(feature = "alloc")]
mod game_level {
    use super::*;
    use crate::referee::game::Game;

    impl Game {
        /// A complete game consistent with everything `side` knows: the same
        /// moves from a start position whose enemy pieces have the kinds of
        /// a [`Position::determinize`] sample (followed back move by move to
        /// the squares they started on; captured pieces were shown, so they
        /// keep their kinds), replayed under the rules. So the sample's
        /// history, undo records, repeated-position counts and more-squares
        /// state are those of a real game with that army, and its view for
        /// `side`, log included, is `side`'s view. (When the replay would
        /// differ from the real game — it can only if two enemy pieces of
        /// one kind in the sample were of different kinds, or the reverse,
        /// and that changes a repetition or more-squares verdict — another
        /// sample is drawn; after 8 such samples, the game starts from the
        /// position sample, without history.)
        ///
        /// ```
        /// use marsal::{Game, Position, Rng, Ruleset, Side};
        /// let mut game = Game::from_position(Position::start(&Ruleset::marsal_a_spion(), 1, 2)?);
        /// let mut rng = Rng::new(4);
        /// for _ in 0..40 {
        ///     game.play_random(&mut rng);
        /// }
        /// let sample = game.determinize(Side::Red, &mut rng);
        /// assert!(sample.is_consistent(&game.view(Side::Red)));
        /// assert_eq!(sample.moves().count(), game.moves().count());
        /// # Ok::<(), marsal::PositionError>(())
        /// ```
        pub fn determinize(&self, side: Side, rng: &mut Rng) -> Game {
            let mut out = Game::from_position(*self.start_position());
            self.determinize_into(side, rng, &mut out);
            out
        }

        /// [`Game::determinize`] into `out`, reusing its buffers: once `out`
        /// has held a game as long, nothing is allocated.
        ///
        /// ```
        /// use marsal::{Game, Position, Rng, Ruleset, Side};
        /// let game = Game::from_position(Position::start(&Ruleset::classic(), 1, 2)?);
        /// let mut out = game.clone();
        /// game.determinize_into(Side::Blue, &mut Rng::new(1), &mut out);
        /// assert!(out.is_consistent(&game.view(Side::Blue)));
        /// # Ok::<(), marsal::PositionError>(())
        /// ```
        pub fn determinize_into(&self, side: Side, rng: &mut Rng, out: &mut Game) {
            // Where each piece on the board started (cell of the start).
            let mut origin = [u8::MAX; CELLS];
            for (cell, o) in origin.iter_mut().enumerate() {
                *o = cell as u8;
            }
            for outcome in self.outcomes() {
                let (from, to) = (outcome.mv.from.cell(), outcome.mv.to.cell());
                let mover = origin[from];
                let survives = outcome.fight.is_none_or(|f| f.battle.attacker_survives());
                let defender_survives = outcome.fight.is_some_and(|f| f.battle.defender_survives());
                if survives {
                    origin[to] = mover;
                } else if !defender_survives {
                    origin[to] = u8::MAX;
                }
                origin[from] = u8::MAX;
            }
            let enemy = !side;
            for _ in 0..8 {
                let sample = self.position().determinize(side, rng);
                let mut start = *self.start_position();
                let mut kinds = [u8::MAX; CELLS];
                for (cell, &c) in sample.cells.iter().enumerate() {
                    if owner(c) == Some(enemy) && origin[cell] != u8::MAX {
                        kinds[usize::from(origin[cell])] = c;
                    }
                }
                start.rewrite_kinds(enemy, &kinds, &sample);
                if out.replay_from(start, self) {
                    return;
                }
            }
            *out = Game::from_position(self.position().determinize(side, rng));
        }

        /// Whether this game agrees with everything `view`'s side knows: its
        /// view for that side, log included, equals `view`. The true game is
        /// always consistent with its views, and so is every
        /// [`Game::determinize`] sample.
        ///
        /// ```
        /// use marsal::{Game, Position, Ruleset, Side};
        /// let game = Game::from_position(Position::start(&Ruleset::classic(), 1, 2)?);
        /// assert!(game.is_consistent(&game.view(Side::Red)));
        /// # Ok::<(), marsal::PositionError>(())
        /// ```
        pub fn is_consistent(&self, view: &View) -> bool {
            self.view(view.side()) == *view
        }
    }

    impl Position {
        /// Gives the pieces of `side` on the cells where `codes` has a piece
        /// code the kinds of those codes, and computes again what follows
        /// from the board; the counts of pieces absent without a public
        /// capture follow `like` (the current position of the sample).
        fn rewrite_kinds(&mut self, side: Side, codes: &[u8; CELLS], like: &Position) {
            let s = side.index();
            for (cell, &c) in codes.iter().enumerate() {
                if c != u8::MAX && owner(self.cells[cell]) == Some(side) {
                    let kind = kind_of(c);
                    let old = kind_of(self.cells[cell]);
                    self.on_board[s][old.index()] -= 1;
                    self.on_board[s][kind.index()] += 1;
                    self.boards.remove_piece(cell, side);
                    self.boards.add_piece(cell, side, kind);
                    self.cells[cell] = c;
                }
            }
            self.unknown_absent[s] = like.unknown_absent[s];
            self.hash = self.hash_from_scratch();
            self.recount_far();
            self.recount_hope();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of `sets` within `cap` (exactly: all pieces placed),
    /// as a vector of kinds.
    fn enumerate(sets: &[u16], cap: &[u8; KIND_COUNT]) -> std::vec::Vec<std::vec::Vec<u8>> {
        fn go(
            i: usize,
            sets: &[u16],
            left: &mut [u8; KIND_COUNT],
            cur: &mut std::vec::Vec<u8>,
            out: &mut std::vec::Vec<std::vec::Vec<u8>>,
        ) {
            if i == sets.len() {
                out.push(cur.clone());
                return;
            }
            for k in kinds_of(sets[i]) {
                if left[k] > 0 {
                    left[k] -= 1;
                    cur.push(k as u8);
                    go(i + 1, sets, left, cur, out);
                    cur.pop();
                    left[k] += 1;
                }
            }
        }
        let mut out = std::vec::Vec::new();
        go(
            0,
            sets,
            &mut cap.clone(),
            &mut std::vec::Vec::new(),
            &mut out,
        );
        out
    }

    fn problem(sets: &[u16], cap: &[(usize, u8)]) -> Assignment {
        let mut a = Assignment {
            n: sets.len(),
            sets: [0; MAX_PIECES],
            kind: [u8::MAX; MAX_PIECES],
            fixed: [false; MAX_PIECES],
            cap: [0; KIND_COUNT],
            used: [0; KIND_COUNT],
            fixed_used: [0; KIND_COUNT],
        };
        a.sets[..sets.len()].copy_from_slice(sets);
        for &(k, c) in cap {
            a.cap[k] = c;
        }
        a
    }

    /// The total-variation distance between the sampler and the uniform
    /// distribution over the consistent assignments of one small case.
    fn distance(sets: &[u16], cap: &[(usize, u8)], samples: u32) -> f64 {
        let base = problem(sets, cap);
        let all = enumerate(sets, &base.cap);
        assert!(!all.is_empty());
        let mut counts = std::collections::HashMap::new();
        let mut rng = Rng::new(12345);
        for _ in 0..samples {
            let mut a = problem(sets, cap);
            assert!(a.build());
            a.draw(&mut rng);
            a.mix(&mut rng, MIX_STEPS * sets.len());
            let got: std::vec::Vec<u8> = a.kind[..sets.len()].to_vec();
            for (i, &k) in got.iter().enumerate() {
                assert!(sets[i] & (1 << k) != 0, "piece {i} got kind {k}");
            }
            *counts.entry(got).or_insert(0u32) += 1;
        }
        assert!(counts.keys().all(|k| all.contains(k)));
        let u = 1.0 / all.len() as f64;
        0.5 * all
            .iter()
            .map(|x| (f64::from(*counts.get(x).unwrap_or(&0)) / f64::from(samples) - u).abs())
            .sum::<f64>()
    }

    /// The documented distribution: exactly uniform without constraints,
    /// within 0.04 of uniform (total variation, 50,000 samples) on constrained small cases.
    #[test]
    fn determinization_is_close_to_uniform_on_small_cases() {
        let all = 0b1111;
        type Case<'a> = (&'a [u16], &'a [(usize, u8)]);
        let cases: [Case; 4] = [
            // No constraints: 2 of kind 0, 1 each of 1, 2.
            (&[all, all, all, all], &[(0, 2), (1, 1), (2, 1)]),
            // Two pieces moved (not kind 3), one known (kind 0).
            (
                &[0b0111, 0b0111, 0b0001, all, all],
                &[(0, 2), (1, 1), (2, 1), (3, 1)],
            ),
            // A chain of narrowing sets.
            (
                &[0b0011, 0b0110, 0b1100, all, 0b1001],
                &[(0, 1), (1, 2), (2, 1), (3, 1)],
            ),
            // More room than pieces (absent pieces not seen captured).
            (&[0b0011, 0b0110, all], &[(0, 1), (1, 2), (2, 1), (3, 1)]),
        ];
        for (i, (sets, cap)) in cases.iter().enumerate() {
            let d = distance(sets, cap, 50_000);
            std::println!("case {i}: total variation {d:.4}");
            assert!(d < 0.04, "case {i}: total variation {d}");
        }
    }
}
