//! The *search* bot: perfect-information Monte Carlo (PIMC) over
//! determinizations, each searched with alpha-beta.
//!
//! For the side to move it draws `determinizations` complete positions
//! consistent with its own view ([`Position::determinize`]: it never looks at
//! the hidden enemy pieces), and in each searches every root move with
//! iterative-deepening alpha-beta (captures searched first, a capture-only
//! quiescence at the leaves) down to the depth its share of the node budget
//! allows, scoring the leaves with an evaluation (material by strength, a
//! part of a piece's value lost once the opponent knows it, the nearest
//! movable piece's distance to the enemy Flag). The root moves' scores are
//! summed over the determinizations and the best total is played (ties
//! broken with the seeded generator). With [`SearchMethod::Tree`] it
//! searches instead one tree of moves over many determinizations
//! (information-set Monte Carlo tree search, the file `search/ismcts.rs`);
//! the rest of this documentation is the determinized search's, and the
//! tree scores its leaves with the same quiescence and fight horizon.
//!
//! The fight horizon: an attack whose mover does not know the defender's
//! kind (the bot's on an unknown enemy piece, the enemy's on a bot's piece
//! it has not seen), and an attack by an enemy piece the bot cannot see on a
//! bot's piece the enemy knows, ends its line, at the root and in the tree:
//! its score is the evaluation before it plus the fight's expected material
//! change over the hidden piece's kinds under the beliefs (docs/log/2026-12-strength-experiments.md;
//! for the unseen attacker, only the kinds that gain by the attack count: the
//! enemy knows its piece), nothing searched below but the captures. So a
//! rare Spy or a likely Bomb counts with its probability in every
//! determinization, and no line rewards an attack with follow-ups that exist
//! only in the worlds the sampler drew. (The enemy's attacks on the bot's
//! Flag are searched: the bot knows its Flag.) The beliefs also weigh what
//! the bot saw the enemy's pieces do, when the caller kept it
//! ([`search_position_seen`], [`Behaviour`](crate::Behaviour)), and, while
//! well ahead, a quiet root move back to a position of the last plies it saw
//! scores less for each time it came up (so a won game makes progress
//! instead of shuffling to the ply limit).
//!
//! Risk: at the horizon a loss of one of the bot's two strongest kinds (the
//! Marshal and the General) weighs twice its value. Such a top piece that
//! has moved counts the enemy's unseen attackers beside it as if the enemy
//! knew it (a Marshal that chased may be guessed: the Spy beside it is a
//! danger). And such a threat — an unseen attacker beside a top piece of the
//! bot's, which gains in some worlds — is not one more enemy move to choose
//! among: its expectation counts on top of the enemy's best move (in the
//! worlds where the attacker is the Spy it takes the Marshal, whatever else
//! the enemy could do).
//!
//! The root moves are the game's legal moves ([`Game::legal_moves`](crate::Game::legal_moves):
//! two-square, more-squares and every other rule of the ruleset, from the
//! engine), so the bot never chooses an illegal move. Inside the tree the
//! engine's [`Position`] plays the moves: the two-square rule, no-hope, the
//! Czech reveal rule and diagonal steps are the engine's; the more-squares
//! rule and the repeated-position draw, which need a game's history, apply
//! at the root only.
//!
//! Deterministic: the same position (as the side sees it), seed and node
//! budget give the same move on every machine. A node is a move made in the
//! tree. Nothing is allocated while searching (positions are copied on the
//! stack, move lists are fixed arrays).
//!
//! # Why this design, and what was measured
//! PIMC with a shallow alpha-beta uses the engine's speed (a move made and
//! its legality are a few tens of nanoseconds) and needs no learned
//! evaluation; sampling the enemy kinds many times turns attacks on unknown
//! pieces into expected values, which is what the careful and random bots
//! get wrong. Its known weakness — each determinization is searched as if
//! both sides saw everything (strategy fusion) — the fight horizon removes
//! where it cost most, at the fights with hidden pieces. The measurements (README,
//! "Strength") were taken with `marsal-host/examples/strength.rs`.
//!
//! ```
//! # #[cfg(feature = "alloc")]
//! # fn main() -> Result<(), marsal::PositionError> {
//! use marsal::{Game, Position, Ruleset, SearchConfig, search_move};
//! let game = Game::from_position(Position::start(&Ruleset::barrage(), 1, 2)?);
//! let config = SearchConfig { nodes: 2_000, ..SearchConfig::default() };
//! let mv = search_move(&game, &config).expect("a legal move");
//! assert!(game.is_legal(mv));
//! // The same seed and budget: the same move.
//! assert_eq!(search_move(&game, &config), Some(mv));
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "alloc"))]
//! # fn main() {}
//! ```

use crate::player::beliefs::Beliefs;
use crate::referee::board::cell::{kind_of, owner};
use crate::referee::combat::{Battle, combat};
use crate::referee::moves::{MAX_MOVES, Move, MoveList};
use crate::referee::piece::PieceKind;
use crate::referee::piece::Side;
use crate::referee::position::Position;
use crate::referee::rng::Rng;
use eval::{Values, evaluate};

mod config;
mod eval;
pub use config::{SearchConfig, SearchMethod, SearchResult};

/// The search state of one determinization.
struct Tree<'a, C: ?Sized> {
    me: Side,
    /// By owner: the beliefs about that side's pieces, as its opponent may
    /// hold them (made once a move, from the view).
    beliefs: &'a [Beliefs; 2],
    rules: &'a crate::Ruleset,
    values: [Values; 2],
    /// By kind: what a loss of the bot's piece of that kind weighs at the
    /// fight horizon, over its value ([`top_risk`]).
    risk: [f32; 16],
    nodes: u64,
    limit: u64,
    aborted: bool,
    /// With a time limit: the clock (microseconds), when the time ends (in
    /// the first depth, the move's; then this determinization's share), and
    /// the node count at which the clock is read next.
    clock: Option<&'a mut C>,
    deadline: u64,
    out_of_time: bool,
    next_look: u64,
}

/// The deepest iterative-deepening depth.
const MAX_DEPTH: u32 = 8;
/// The deepest quiescence (captures only) below the depth.
const MAX_QUIESCENCE: u32 = 4;
/// Above every score.
const INF: i32 = i32::MAX / 2;

/// What a captured Flag weighs in the expectation of a fight (the game is
/// won; in the expectation a large material gain, so that a small chance of
/// it does not outweigh everything else).
const FLAG_STAKE: f32 = 400.0;

/// How many nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 256;

/// How much more than its value the loss of one of the bot's top pieces
/// (the two strongest kinds) weighs at the fight horizon: on a Bomb it
/// attacked, to an unseen Spy. The top pieces hold the game (the enemy's
/// Marshal rules the board once ours is gone), and the chance of such a
/// loss, taken again and again, adds up.
const TOP_RISK: f32 = 2.0;

/// By kind: [`TOP_RISK`] for the two strongest kinds of `rules`, 1 for the
/// others.
fn top_risk(rules: &crate::Ruleset) -> [f32; 16] {
    let strongest = PieceKind::ALL
        .iter()
        .map(|&k| rules.strengths.get(k))
        .max()
        .unwrap_or(0);
    core::array::from_fn(|i| {
        let s = rules.strengths.get(PieceKind::ALL[i]);
        if s > 0 && s + 1 >= strongest {
            TOP_RISK
        } else {
            1.0
        }
    })
}

impl<C: ?Sized + FnMut() -> u64> Tree<'_, C> {
    /// Whether the budget is spent: the nodes, or the time
    /// ([`Tree::time_spent`]).
    fn spent(&mut self) -> bool {
        self.nodes >= self.limit || self.time_spent()
    }

    /// Whether the time is spent, looked at when the tree starts and then
    /// every [`CLOCK_EVERY`] nodes (never without a clock).
    fn time_spent(&mut self) -> bool {
        if !self.out_of_time && self.nodes >= self.next_look {
            if let Some(clock) = self.clock.as_mut() {
                self.next_look = self.nodes + CLOCK_EVERY;
                self.out_of_time = clock() >= self.deadline;
            }
        }
        self.out_of_time
    }

    /// The evaluation for the side to move.
    fn leaf(&self, pos: &Position) -> i32 {
        let v = evaluate(pos, self.me, &self.values);
        if pos.to_move == self.me { v } else { -v }
    }

    /// The material change of an attack by an `attacker` of the mover's on a
    /// `defender`, for the mover (a Flag taken counts [`FLAG_STAKE`]); a part
    /// of the attacker's value is lost when it wins and was `hidden` (it is
    /// shown).
    fn stake(&self, mover: Side, attacker: PieceKind, hidden: bool, defender: PieceKind) -> f32 {
        let mine = self.values[mover.index()].kind[attacker.index()] as f32;
        let theirs = self.values[(!mover).index()].kind[defender.index()] as f32;
        let shown = if hidden { mine / 6.0 } else { 0.0 };
        match combat(self.rules, attacker, defender) {
            Some(Battle::AttackerWins | Battle::MineDefused) => theirs - shown,
            Some(Battle::DefenderWins) => -mine,
            Some(Battle::BothRemoved) => theirs - mine,
            Some(Battle::FlagCaptured) => FLAG_STAKE,
            None => 0.0,
        }
    }

    /// For an attack at the fight horizon, its expected material change for
    /// the mover; `None` for every other move. Two kinds of attack are at
    /// the horizon:
    ///
    /// - the mover does not know the defender's kind: the expectation over
    ///   the defender's kinds under the mover's beliefs (but the enemy's
    ///   attacks on the bot's Flag: the bot knows its Flag, and a lost game
    ///   is searched as one);
    /// - the enemy attacks, with a piece the bot cannot see, a bot piece the
    ///   enemy knows (not the Flag): the expectation over the attacker's
    ///   kinds under the bot's beliefs, counting only the kinds that gain by
    ///   the attack (the enemy knows its piece: the others would not
    ///   attack). So a rare enemy Spy beside the bot's known Marshal costs
    ///   its probability in every determinization, not the whole Marshal in
    ///   the few that drew it there.
    fn expected_fight(&self, pos: &Position, mv: Move) -> Option<f32> {
        self.fight(pos, mv).map(|(e, _)| e)
    }

    /// [`Tree::expected_fight`], and whether the attack is a threat: an
    /// enemy piece the bot cannot see on a top piece of the bot's the enemy
    /// knows (or may guess: one that moved). A threat is carried
    /// out only in the worlds where the attacker gains, so it is not one of
    /// the enemy's moves to choose among but a chance on top of its best
    /// move ([`Tree::threat`]).
    fn fight(&self, pos: &Position, mv: Move) -> Option<(f32, bool)> {
        let (from, to) = (mv.from.cell(), mv.to.cell());
        let mover = pos.to_move;
        let defender = pos.cells[to];
        if owner(defender) != Some(!mover) || (kind_of(defender).is_flag() && mover != self.me) {
            return None;
        }
        let attacker = kind_of(pos.cells[from]);
        let hidden = pos.knowledge[from].count_ones() > 1;
        let defender = kind_of(defender);
        // A top piece of the bot's that has moved may be known to the enemy
        // without being shown (it chased, it was guessed): guarded as a known one.
        let guarded = mover != self.me
            && self.risk[defender.index()] > 1.0
            && pos.knowledge[to] & !crate::KindSet::MOVABLE.bits() == 0;
        if pos.knowledge[to].count_ones() > 1 && !(guarded && hidden) {
            let p = self.beliefs[(!mover).index()].at(pos, to);
            let risk = if mover == self.me {
                self.risk[attacker.index()]
            } else {
                1.0
            };
            let mut expected = 0.0;
            for k in crate::KindSet::from_bits(pos.knowledge[to]).iter() {
                let s = self.stake(mover, attacker, hidden, k);
                expected += p[k.index()] * if s < 0.0 { s * risk } else { s };
            }
            return Some((expected, false));
        }
        if mover == self.me || !hidden {
            return None;
        }
        let p = self.beliefs[mover.index()].at(pos, from);
        let risk = self.risk[defender.index()];
        let mut expected = 0.0;
        for k in crate::KindSet::from_bits(pos.knowledge[from]).iter() {
            expected += p[k.index()] * self.stake(mover, k, true, defender).max(0.0) * risk;
        }
        Some((expected, risk > 1.0))
    }

    /// At an enemy node, the greatest of its threats' expectations (0 at the
    /// bot's nodes, or with none): what the enemy's best move gains on top,
    /// in the worlds where a hidden attacker beside a known piece of the
    /// bot's takes it. (Were the threat one more move to choose among, a
    /// rare Spy beside the bot's Marshal would count only when the enemy had
    /// nothing better to do.) `moves` are `pos`'s moves, attacks first.
    fn threat(&self, pos: &Position, moves: &[Move]) -> i32 {
        if pos.to_move == self.me {
            return 0;
        }
        let mut threat = 0.0f32;
        for &mv in moves {
            let defender = pos.cells[mv.to.cell()];
            if owner(defender) != Some(self.me) {
                break;
            }
            if !self.may_threaten(pos, mv) {
                continue;
            }
            if let Some((e, true)) = self.fight(pos, mv) {
                threat = threat.max(e);
            }
        }
        threat as i32
    }

    /// Whether `mv` may be a threat ([`Tree::fight`]): an enemy attack on a
    /// top piece of the bot's (a cheap test before the fight's expectation).
    fn may_threaten(&self, pos: &Position, mv: Move) -> bool {
        pos.to_move != self.me && self.risk[kind_of(pos.cells[mv.to.cell()]).index()] > 1.0 && {
            owner(pos.cells[mv.to.cell()]) == Some(self.me)
        }
    }

    /// [`Tree::child`] at a node whose threat is `threat`: a move that is
    /// not the threat itself scores the threat on top.
    fn threatened(
        &mut self,
        pos: &Position,
        mv: Move,
        depth: u32,
        (alpha, beta): (i32, i32),
        threat: i32,
    ) -> i32 {
        if threat == 0
            || (self.may_threaten(pos, mv) && matches!(self.fight(pos, mv), Some((_, true))))
        {
            return self.child(pos, mv, depth, alpha, beta);
        }
        threat + self.child(pos, mv, depth, alpha - threat, beta - threat)
    }

    /// The score, for the mover, of the move `mv` from `pos`, whose
    /// evaluation for the mover is `stand` (computed at the first such
    /// attack and kept), when `mv` is an attack at the fight horizon;
    /// `None` when the move is to be searched.
    ///
    /// The fight horizon: an attack whose mover does not know the
    /// defender's kind ends the line. Its score is the evaluation before it
    /// plus the fight's expected material change under the beliefs, with
    /// nothing searched below: in a determinization the rest of the tree
    /// would know every other piece and reward the attack with follow-ups
    /// found only in the worlds the sampler drew (strategy fusion).
    fn horizon(&self, pos: &Position, mv: Move, stand: &mut Option<i32>) -> Option<i32> {
        let e = self.expected_fight(pos, mv)?;
        let s = *stand.get_or_insert_with(|| self.leaf(pos));
        Some(s.saturating_add(e as i32))
    }

    /// The moves of `pos`, attacks first (those on the more valuable
    /// defenders first); only the attacks with `captures_only`.
    fn ordered(&self, pos: &Position, captures_only: bool) -> MoveList {
        let mut moves = pos.legal_moves();
        let enemy = !pos.to_move;
        let key = |mv: &Move| {
            let t = pos.cells[mv.to.cell()];
            if owner(t) == Some(enemy) {
                -self.values[enemy.index()].kind[kind_of(t).index()] - 1
            } else {
                0
            }
        };
        if captures_only {
            moves.retain(|mv| owner(pos.cells[mv.to.cell()]) == Some(enemy));
        }
        moves.sort_unstable_by_key(key);
        moves
    }

    /// The score, for the mover, of `mv` from `pos` searched `depth` plies
    /// below within (`alpha`, `beta`). An attack at the fight horizon gets
    /// only the quiescence below it, with the fight's material change
    /// replaced by its expectation: the replies it allows (a recapture, the
    /// piece it left to take the Flag) count, the worlds' other pieces
    /// hardly do (their fights are at the horizon too).
    fn child(&mut self, pos: &Position, mv: Move, depth: u32, alpha: i32, beta: i32) -> i32 {
        let mut child = *pos;
        match self.expected_fight(pos, mv) {
            Some(e) => {
                child.play_unchecked(mv);
                if child.status.is_over() {
                    // The Flag in this world: no won game counts, only the
                    // expectation.
                    return self.leaf(pos).saturating_add(e as i32);
                }
                let adj = e as i32 - self.drawn_stake(pos, mv);
                adj - self.quiesce(&child, MAX_QUIESCENCE, adj - beta, adj - alpha)
            }
            None => {
                child.play_unchecked(mv);
                -self.negamax(&child, depth, -beta, -alpha)
            }
        }
    }

    /// The material change, for the mover, of the attack `mv` in this
    /// determinization (the defender's drawn kind).
    fn drawn_stake(&self, pos: &Position, mv: Move) -> i32 {
        let from = mv.from.cell();
        let hidden = pos.knowledge[from].count_ones() > 1;
        self.stake(
            pos.to_move,
            kind_of(pos.cells[from]),
            hidden,
            kind_of(pos.cells[mv.to.cell()]),
        ) as i32
    }

    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if pos.status.is_over() {
            return self.leaf(pos);
        }
        if depth == 0 {
            return self.quiesce(pos, MAX_QUIESCENCE, alpha, beta);
        }
        let moves = self.ordered(pos, false);
        if moves.is_empty() {
            return self.leaf(pos);
        }
        let threat = self.threat(pos, &moves);
        let mut best = -INF;
        for &mv in moves.iter() {
            if self.spent() {
                self.aborted = true;
                break;
            }
            self.nodes += 1;
            let v = self.threatened(pos, mv, depth - 1, (alpha, beta), threat);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn quiesce(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let leaf = self.leaf(pos);
        if pos.status.is_over() || depth == 0 || (pos.to_move == self.me && leaf >= beta) {
            // (The bot's own nodes have no threat: no moves needed to stand.)
            return leaf;
        }
        let moves = self.ordered(pos, true);
        // Standing pat, the enemy keeps its threats.
        let threat = self.threat(pos, &moves);
        let stand = leaf + threat;
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut known = Some(leaf);
        for &mv in moves.iter() {
            if self.spent() {
                self.aborted = true;
                break;
            }
            self.nodes += 1;
            let extra = if threat > 0
                && self.may_threaten(pos, mv)
                && matches!(self.fight(pos, mv), Some((_, true)))
            {
                0
            } else {
                threat
            };
            let v = extra
                + match self.horizon(pos, mv, &mut known) {
                    Some(v) => v,
                    None => {
                        let mut child = *pos;
                        child.play_unchecked(mv);
                        -self.quiesce(&child, depth - 1, extra - beta, extra - alpha)
                    }
                };
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Searches `position` for its side to move, choosing among `moves` (its
/// legal moves, e.g. [`Position::legal_moves`] or, in a game,
/// [`Game::legal_moves`](crate::Game::legal_moves)); see the module
/// documentation. Uses only what the side to move knows; allocates nothing.
///
/// ```
/// use marsal::{Position, Ruleset, SearchConfig, search_position};
/// let pos = Position::start(&Ruleset::classic(), 3, 4)?;
/// let moves = pos.legal_moves();
/// let found = search_position(&pos, &moves, &SearchConfig::default().with_nodes(3_000));
/// assert!(moves.contains(&found.best.unwrap()));
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn search_position(position: &Position, moves: &[Move], config: &SearchConfig) -> SearchResult {
    search_system_timed(position, moves, config, None)
}

/// The search, its time limit (if any) read from the system's clock (with
/// `std`; without it, only the node budget counts).
fn search_system_timed(
    position: &Position,
    moves: &[Move],
    config: &SearchConfig,
    behaviour: Option<&crate::Behaviour>,
) -> SearchResult {
    #[cfg(feature = "std")]
    if config.time_ms > 0 {
        let start = std::time::Instant::now();
        let mut clock = || start.elapsed().as_micros() as u64;
        return search(position, moves, config, Some(&mut clock), behaviour);
    }
    search::<fn() -> u64>(position, moves, config, None, behaviour)
}

/// [`search_position`] with the time limit read from `clock`: the
/// microseconds elapsed since any fixed moment (a host without `std`, e.g. a
/// web page's `performance.now()`, gives its own).
///
/// ```
/// use marsal::{Position, Ruleset, SearchConfig, search_position_with_clock};
/// let pos = Position::start(&Ruleset::classic(), 1, 2)?;
/// // A clock that advances 1 ms each time it is read.
/// let mut t = 0;
/// let mut clock = || { t += 1_000; t };
/// let config = SearchConfig::default().with_time(50);
/// let found = search_position_with_clock(&pos, &pos.legal_moves(), &config, &mut clock);
/// assert!(found.best.is_some());
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn search_position_with_clock(
    position: &Position,
    moves: &[Move],
    config: &SearchConfig,
    clock: &mut dyn FnMut() -> u64,
) -> SearchResult {
    search(position, moves, config, Some(clock), None)
}

/// [`search_position_with_clock`] whose beliefs also weigh what the side to
/// move saw the enemy's pieces do ([`Behaviour`](crate::Behaviour), kept
/// from the game's observations: it weighs the beliefs about the pieces of
/// the side that is not its observer); `clock` is read only with a time
/// limit.
///
/// ```
/// use marsal::{Behaviour, Position, Ruleset, SearchConfig, Side, search_position_seen};
/// let pos = Position::start(&Ruleset::classic(), 1, 2)?;
/// let seen = Behaviour::new(Side::Red);
/// let mut clock = || 0;
/// let config = SearchConfig::default().with_nodes(2_000);
/// let found = search_position_seen(&pos, &pos.legal_moves(), &config, &seen, &mut clock);
/// assert!(found.best.is_some());
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn search_position_seen(
    position: &Position,
    moves: &[Move],
    config: &SearchConfig,
    behaviour: &crate::Behaviour,
    clock: &mut dyn FnMut() -> u64,
) -> SearchResult {
    search(position, moves, config, Some(clock), Some(behaviour))
}

/// The search (see the module documentation), timed by `clock` when the
/// configuration has a time limit.
fn search<C: ?Sized + FnMut() -> u64>(
    position: &Position,
    moves: &[Move],
    config: &SearchConfig,
    mut clock: Option<&mut C>,
    behaviour: Option<&crate::Behaviour>,
) -> SearchResult {
    let mut result = SearchResult {
        best: None,
        nodes: 0,
        determinizations: 0,
        depth: 0,
    };
    let n = moves.len().min(MAX_MOVES);
    if n == 0 || position.status.is_over() {
        return result;
    }
    result.best = Some(moves[0]);
    if n == 1 {
        return result;
    }
    let me = position.to_move;
    let mut rng = Rng::new(config.seed ^ position.ply as u64 ^ 0xA5A5_5A5A_0F0F_F0F0);
    let samples = config.samples();
    let share = u64::from(config.nodes / samples).max(n as u64);
    let mut total = [0i64; MAX_MOVES];
    let mut depth_everywhere = MAX_DEPTH;
    // What the bot knows, and what it believes of each side's unknown pieces.
    let mut known = *position;
    known.knowledge = position.refined_knowledge();
    let beliefs = [
        Beliefs::seen(&known, Side::Red, behaviour),
        Beliefs::seen(&known, Side::Blue, behaviour),
    ];
    let rules = position.rules();
    if config.time_ms == 0 {
        clock = None;
    }
    let next_look = if clock.is_some() { 0 } else { u64::MAX };
    let start = clock.as_mut().map_or(0, |c| c());
    let time = u64::from(config.time_ms) * 1_000;
    // How often each quiet root move's position (who stands where) came up
    // in the last plies the bot saw: not to repeat positions while ahead.
    let mut repeats = [0u32; MAX_MOVES];
    if let Some(seen) = behaviour {
        for (i, &mv) in moves[..n].iter().enumerate() {
            if owner(position.cells[mv.to.cell()]).is_none() {
                let mut after = *position;
                after.play_unchecked(mv);
                repeats[i] = seen.recent_times(&crate::player::behaviour::occupancy(&after));
            }
        }
    }
    #[cfg(feature = "alloc")]
    if config.method == SearchMethod::Tree {
        let setup = ismcts::Setup {
            me,
            beliefs: &beliefs,
            repeats: &repeats,
            deadline: start + time,
            next_look,
        };
        return ismcts::search(position, moves, config, clock, &setup, &mut rng);
    }
    // The root moves the totals cover: all, but when the time ran out before
    // any determinization completed its first depth.
    let mut searched = n;
    for sample in 0..samples {
        let det = position.determinize(me, &mut rng);
        let mut tree = Tree {
            me,
            beliefs: &beliefs,
            rules,
            values: [Values::of(&det, Side::Red), Values::of(&det, Side::Blue)],
            risk: top_risk(rules),
            nodes: 0,
            limit: share,
            aborted: false,
            deadline: start + time * u64::from(sample + 1) / u64::from(samples),
            clock: clock.as_deref_mut(),
            out_of_time: false,
            next_look,
        };
        // The first depth has the move's time, the next ones this
        // determinization's share.
        let share_ends = tree.deadline;
        tree.deadline = start + time;
        let mut scores = [0i32; MAX_MOVES];
        // The root moves' scores in the current iteration (each written
        // when its move is searched), and how many it completed.
        let mut iteration = [0i32; MAX_MOVES];
        let mut completed = 0;
        let mut done = 0;
        for depth in 1..=MAX_DEPTH {
            completed = 0;
            // The first iteration has no node limit (only the time ends it).
            if depth == 1 {
                tree.limit = u64::MAX;
            }
            let mut alpha = -INF;
            for (i, &mv) in moves[..n].iter().enumerate() {
                if tree.time_spent() {
                    tree.aborted = true;
                    break;
                }
                tree.nodes += 1;
                let v = tree.child(&det, mv, depth - 1, alpha - 1, INF);
                if tree.aborted {
                    break;
                }
                iteration[i] = v;
                alpha = alpha.max(v);
                completed += 1;
            }
            if depth == 1 {
                tree.limit = share;
                tree.deadline = share_ends;
            }
            if tree.aborted {
                break;
            }
            scores = iteration;
            done = depth;
            if tree.nodes >= tree.limit {
                break;
            }
        }
        result.nodes += tree.nodes;
        if done == 0 {
            // Out of time in the first depth: the determinizations that
            // completed it decide; when none did, the root moves this one
            // completed (none: the first move).
            if result.determinizations == 0 {
                searched = completed;
                for i in 0..searched {
                    total[i] = i64::from(iteration[i]);
                }
                result.determinizations = 1;
                depth_everywhere = 0;
            }
            break;
        }
        depth_everywhere = depth_everywhere.min(done);
        for i in 0..n {
            total[i] += i64::from(repeated(scores[i], repeats[i]));
        }
        result.determinizations += 1;
    }
    result.depth = depth_everywhere;
    // The best total; ties broken at random.
    let mut best = i64::MIN;
    let mut ties = 0;
    for i in 0..searched {
        if total[i] > best {
            best = total[i];
            ties = 1;
            result.best = Some(moves[i]);
        } else if total[i] == best {
            ties += 1;
            if rng.below(ties) == 0 {
                result.best = Some(moves[i]);
            }
        }
    }
    result
}

/// Above what root score (well ahead) a move back to a recent position is
/// scored less ([`repeated`]).
const AHEAD: i32 = 150;
/// How much less, for each time that position came up after the first.
const REPEATED: i32 = 50;

/// Whether a score is well ahead: above [`AHEAD`].
fn well_ahead(score: i32) -> bool {
    score > AHEAD
}

/// A root move's `score` when its position came up `times` in the last plies
/// the bot saw: while well ahead, less by [`REPEATED`] for each time after
/// the first (at most three), so that a won game makes progress instead of
/// shuffling one piece back and forth (the ply limit would make it a draw);
/// going back once (a retreat) costs nothing.
fn repeated(score: i32, times: u32) -> i32 {
    if well_ahead(score) && times >= 2 {
        score - REPEATED * (times.min(4) - 1) as i32
    } else {
        score
    }
}

/// The search bot's move in `game` for the side to move, among the game's
/// legal moves (see the module documentation), with what that side saw the
/// enemy's pieces do over the game in its beliefs ([`search_game`]); `None`
/// when the game is over. Deterministic for a given seed and node budget;
/// uses only what the side to move knows.
///
/// ```
/// use marsal::{Game, Position, Ruleset, SearchConfig, search_move};
/// let game = Game::from_position(Position::start(&Ruleset::marsal_a_spion(), 5, 6)?);
/// let mv = search_move(&game, &SearchConfig::default().with_nodes(2_000)).unwrap();
/// assert!(game.is_legal(mv));
/// # Ok::<(), marsal::PositionError>(())
/// ```
#[cfg(feature = "alloc")]
pub fn search_move(game: &crate::Game, config: &SearchConfig) -> Option<Move> {
    search_game(game, config).best
}

/// Searches `game` for its side to move, with what that side saw the enemy's
/// pieces do over the game ([`Behaviour::from_game`](crate::Behaviour::from_game))
/// in its beliefs, as [`search_position_seen`] does; the time limit (if any)
/// read from the system's clock (with `std`). What [`search_move`] plays, with
/// what the search cost. Uses only what the side to move knows.
///
/// ```
/// use marsal::{Game, Position, Ruleset, SearchConfig, search_game};
/// let game = Game::from_position(Position::start(&Ruleset::classic(), 5, 6)?);
/// let found = search_game(&game, &SearchConfig::default().with_nodes(2_000));
/// assert!(game.is_legal(found.best.unwrap()));
/// assert!(found.nodes > 0);
/// # Ok::<(), marsal::PositionError>(())
/// ```
#[cfg(feature = "alloc")]
pub fn search_game(game: &crate::Game, config: &SearchConfig) -> SearchResult {
    let seen = crate::Behaviour::from_game(game, game.position().to_move);
    search_system_timed(game.position(), &game.legal_moves(), config, Some(&seen))
}

/// The search bot's move for the side whose `view` it is, among `moves` (the
/// legal moves the referee gave), under `rules`: what a bot that is told only
/// its view (over a protocol, or a skin's batch call) plays. The search starts
/// from [`Position::from_view`]; `None` when `moves` is empty. When the view
/// does not fit `rules`, the careful bot's choice.
///
/// ```
/// use marsal::{Position, Ruleset, SearchConfig, Side, search_view};
/// let rules = Ruleset::classic();
/// let pos = Position::start(&rules, 1, 2)?;
/// let moves = pos.legal_moves();
/// let mv = search_view(&rules, &pos.view(Side::Red), &moves, &SearchConfig::default().with_nodes(2_000));
/// assert!(moves.contains(&mv.unwrap()));
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn search_view(
    rules: &crate::Ruleset,
    view: &crate::View,
    moves: &[Move],
    config: &SearchConfig,
) -> Option<Move> {
    match Position::from_view(rules, view) {
        Some(pos) if pos.to_move == view.side() => search_position(&pos, moves, config).best,
        _ => crate::careful_move(rules, |sq| view.at(sq), moves, &mut Rng::new(config.seed)),
    }
}

#[cfg(feature = "alloc")]
mod ismcts;

// The tests of how the search plays: endgames on every preset, fights with
// hidden pieces (they play games, so they need `alloc`).
#[cfg(all(test, feature = "alloc"))]
mod tests {
    mod endgames;
    mod risk;
}
