//! The random-move API (`legal_move_count`, `random_legal_move`, `play_random`, `has_legal_move`) against the reference move generator, with the two-square rule and the status followed independently of the engine.

use super::*;
use crate::common::status_oracle::Facts;
use crate::ending::check_status;
use crate::no_hope_draw::{no_hope_board, reference_can_reach_flag};

/// The line a move runs along, as the two-square rule sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum RefLine {
    Rank,
    File,
    Diagonal,
    AntiDiagonal,
}

fn ref_line(mv: Move) -> RefLine {
    let df = mv.to.file() as i8 - mv.from.file() as i8;
    let dr = mv.to.rank() as i8 - mv.from.rank() as i8;
    match (df.signum(), dr.signum()) {
        (_, 0) => RefLine::Rank,
        (0, _) => RefLine::File,
        (a, b) if a == b => RefLine::Diagonal,
        _ => RefLine::AntiDiagonal,
    }
}

/// The borders `mv` crosses along its line; border `k` lies between positions
/// `k` and `k + 1` (ranks for a move along a file, files otherwise).
fn ref_borders(mv: Move) -> std::ops::Range<u8> {
    let (a, b) = if ref_line(mv) == RefLine::File {
        (mv.from.rank(), mv.to.rank())
    } else {
        (mv.from.file(), mv.to.file())
    };
    a.min(b)..a.max(b)
}

/// One side's two-square chain, written from the documentation of
/// `marsal::two_square` (the border form): the side's consecutive moves by one
/// piece along one line, oldest first.
#[derive(Clone, Debug, Default)]
struct RefChain(Vec<Move>);

impl RefChain {
    /// Whether `mv` continues the chain: it starts where the chain's last move
    /// ended, along the same line.
    fn continued_by(&self, mv: Move) -> bool {
        self.0
            .last()
            .is_some_and(|last| last.to == mv.from && ref_line(*last) == ref_line(mv))
    }

    /// Whether the rule with limit `n` forbids `mv`: it continues the chain and
    /// crosses a border that each of the chain's last `n` moves crossed.
    fn forbids(&self, mv: Move, n: u8) -> bool {
        let n = usize::from(n);
        self.0.len() >= n
            && self.continued_by(mv)
            && ref_borders(mv).any(|b| {
                self.0[self.0.len() - n..]
                    .iter()
                    .all(|m| ref_borders(*m).contains(&b))
            })
    }

    fn record(&mut self, mv: Move) {
        if !self.continued_by(mv) {
            self.0.clear();
        }
        self.0.push(mv);
    }
}

/// What the reference follows beyond the board, move by move from the start:
/// both two-square chains, the side to move and the ply counters.
#[derive(Clone, Debug)]
struct Referee {
    chains: [RefChain; 2],
    to_move: Side,
    ply: u32,
    since_attack: u32,
}

impl Referee {
    /// The referee of a position where no move has been played yet.
    fn new(start: &Position) -> Referee {
        Referee {
            chains: Default::default(),
            to_move: start.to_move(),
            ply: start.ply(),
            since_attack: start.plies_since_attack(),
        }
    }

    /// Follows the move `out` reports.
    fn record(&mut self, out: &marsal::Outcome) {
        let (mover, other) = (out.side.index(), (!out.side).index());
        self.chains[mover].record(out.mv);
        if let Some(fight) = out.fight {
            // The death of the piece at a chain's end starts a new chain.
            if !fight.battle.attacker_survives() {
                self.chains[mover].0.clear();
            }
            if !fight.battle.defender_survives()
                && self.chains[other]
                    .0
                    .last()
                    .is_some_and(|m| m.to == out.mv.to)
            {
                self.chains[other].0.clear();
            }
        }
        self.to_move = !self.to_move;
        self.ply += 1;
        self.since_attack = if out.fight.is_some() {
            0
        } else {
            self.since_attack + 1
        };
    }

    /// `side`'s legal moves by the reference generator and the reference
    /// two-square rule, whoever is to move and whatever the status; sorted.
    fn moves(&self, pos: &Position, side: Side) -> Vec<Move> {
        let mut moves = reference_board_moves(pos, side);
        if let Some(n) = pos.rules().two_square {
            moves.retain(|m| !self.chains[side.index()].forbids(*m, n));
        }
        moves
    }

    /// The legal moves of the side to move (none once the game is over).
    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        if pos.status().is_over() {
            Vec::new()
        } else {
            self.moves(pos, self.to_move)
        }
    }

    /// Which boards moves of `side` the two-square rule forbids.
    fn forbidden(&self, pos: &Position, side: Side) -> Vec<Move> {
        match pos.rules().two_square {
            None => Vec::new(),
            Some(n) => reference_board_moves(pos, side)
                .into_iter()
                .filter(|m| self.chains[side.index()].forbids(*m, n))
                .collect(),
        }
    }

    /// The status `docs/rules.md` gives the position (see
    /// [`Facts::status`]), from the census of the board, the reference moves,
    /// the reference reachability and the counters followed here.
    fn status(&self, pos: &Position) -> Status {
        let on_board = census(pos);
        let flag = PieceKind::Flag.index();
        Facts {
            rules: pos.rules(),
            to_move: self.to_move,
            ply: self.ply,
            since_attack: self.since_attack,
            flags: [on_board[0][flag], on_board[1][flag]],
            can_move: &|side| !self.moves(pos, side).is_empty(),
            can_reach_flag: &|side| reference_can_reach_flag(pos, side),
        }
        .status()
    }
}

/// Where a random game starts.
#[derive(Clone, Debug)]
enum Start {
    /// The game start of `rules` with random setups.
    Setup {
        rules: Box<Ruleset>,
        red_seed: u64,
        blue_seed: u64,
    },
    /// A random board of [`no_hope_board`] (walled Flags, Mines, lakes, holes),
    /// under this two-square limit.
    Board {
        files: u8,
        ranks: u8,
        seed: u64,
        two_square: Option<u8>,
    },
}

impl Start {
    fn position(&self) -> Result<Position, TestCaseError> {
        match self {
            Start::Setup {
                rules,
                red_seed,
                blue_seed,
            } => Position::start(rules, *red_seed, *blue_seed)
                .map_err(|e| fail(format!("a valid ruleset must give a start position: {e}"))),
            Start::Board {
                files,
                ranks,
                seed,
                two_square,
            } => {
                let (mut rules, text) = no_hope_board(*files, *ranks, *seed);
                rules.two_square = *two_square;
                Position::from_text(&rules, &text).map_err(|e| fail(format!("{text}: {e}")))
            }
        }
    }
}

/// A cramped custom ruleset: a `files` x `ranks` board whose first and last
/// ranks are the setup zones and whose ranks between are mostly lakes and
/// holes, so they form narrow lanes with dead ends; each army is a Flag, one
/// or two movable pieces and a few Bombs. Pieces often have one way out, so
/// the two-square rule often decides whether a side can move at all.
fn cramped_rules(files: u8, ranks: u8, seed: u64) -> Ruleset {
    let mut rng = Rng::new(seed);
    let blocked = 30 + rng.below(30);
    let rows: Vec<String> = (0..ranks)
        .rev()
        .map(|rank| {
            (0..files)
                .map(|_| {
                    let roll = rng.below(100);
                    if rank == 0 {
                        'R'
                    } else if rank == ranks - 1 {
                        'B'
                    } else if roll < blocked {
                        if roll % 4 == 0 { '#' } else { '~' }
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let board = Geometry::from_diagram(&rows).expect("generated diagram");
    let mut armies = [Army::EMPTY; 2];
    for army in &mut armies {
        let mut a = Army::EMPTY.with(PieceKind::Flag, 1);
        for _ in 0..1 + rng.below(2) {
            let kind = if chance(&mut rng, 30) {
                PieceKind::Scout
            } else {
                MOVABLE[rng.below(MOVABLE.len() as u32) as usize]
            };
            a = a.with(kind, a.count(kind) + 1);
        }
        let room = usize::from(files) - a.total();
        a = a.with(PieceKind::Bomb, rng.below(room as u32 + 1) as u8);
        *army = a;
    }
    let mut strengths = Strengths::EMPTY;
    for kind in MOVABLE {
        strengths.set(kind, 1 + rng.below(10) as u8);
    }
    Ruleset {
        board,
        armies,
        strengths,
        diagonal_steps: chance(&mut rng, 50),
        no_move: if chance(&mut rng, 50) {
            NoMoveRule::Draw
        } else {
            NoMoveRule::Loses
        },
        no_hope_draw: chance(&mut rng, 50),
        max_plies: Some(80),
        two_square: Some(1 + rng.below(3) as u8),
        more_squares: chance(&mut rng, 50),
        corner_rule: chance(&mut rng, 50),
        ..Ruleset::classic()
    }
}

/// A two-square limit for a random game: often 1..=8 (so that the rule bites
/// in games this short), sometimes off, sometimes the ruleset's own.
fn two_square_limits() -> impl Strategy<Value = Option<Option<u8>>> {
    prop_oneof![
        2 => Just(None),
        1 => Just(Some(None)),
        2 => (1u8..=2).prop_map(|n| Some(Some(n))),
        2 => (3u8..=8).prop_map(|n| Some(Some(n))),
    ]
}

fn starts() -> impl Strategy<Value = Start> {
    prop_oneof![
        3 => (any_rules(), any::<u64>(), any::<u64>(), two_square_limits()).prop_map(
            |(mut rules, red_seed, blue_seed, limit)| {
                if let Some(limit) = limit {
                    rules.two_square = limit;
                }
                Start::Setup {
                    rules: Box::new(rules),
                    red_seed,
                    blue_seed,
                }
            }
        ),
        2 => (3u8..=6, 3u8..=7, any::<u64>(), (any::<u64>(), any::<u64>()), two_square_limits())
            .prop_map(|(files, ranks, seed, (red_seed, blue_seed), limit)| {
                let mut rules = cramped_rules(files, ranks, seed);
                if let Some(limit) = limit {
                    rules.two_square = limit;
                }
                Start::Setup {
                    rules: Box::new(rules),
                    red_seed,
                    blue_seed,
                }
            }),
        2 => (3u8..=8, 3u8..=8, any::<u64>(), two_square_limits()).prop_map(
            |(files, ranks, seed, limit)| Start::Board {
                files,
                ranks,
                seed,
                two_square: limit.unwrap_or(Some(3)),
            }
        ),
    ]
}

/// A random game played mostly with [`Position::play_random`]: where it starts,
/// one number per ply, and the seed of the generator `play_random` draws with.
/// Two plies in five instead continue the mover's two-square chain when they can
/// (a move of the piece that moved last, along the same line), so that chains
/// grow long enough for the rule to forbid moves.
#[derive(Clone, Debug)]
struct RandomGame {
    start: Start,
    choices: Vec<u32>,
    seed: u64,
}

fn random_games(max_plies: usize) -> impl Strategy<Value = RandomGame> {
    (
        starts(),
        prop::collection::vec(any::<u32>(), 0..=max_plies),
        any::<u64>(),
    )
        .prop_map(|(start, choices, seed)| RandomGame {
            start,
            choices,
            seed,
        })
}

/// One ply of a [`RandomGame`].
struct Ply<'a> {
    before: &'a Position,
    /// What the reference knew before the ply.
    referee_before: &'a Referee,
    /// Whether `play_random` played it (else `play`, continuing a chain).
    by_play_random: bool,
    out: marsal::Outcome,
    after: &'a Position,
    /// What the reference knows after the ply.
    referee: &'a Referee,
}

impl RandomGame {
    /// Plays the game (until its choices run out or it ends) and calls `f`
    /// after every ply; returns the last position and its referee.
    fn walk(
        &self,
        mut f: impl FnMut(&Ply) -> Result<(), TestCaseError>,
    ) -> Result<(Position, Referee), TestCaseError> {
        let mut pos = self.start.position()?;
        let mut referee = Referee::new(&pos);
        let mut rng = Rng::new(self.seed);
        for &choice in &self.choices {
            if pos.status().is_over() {
                break;
            }
            let before = pos;
            let referee_before = referee.clone();
            let chain_move = if choice % 5 < 2 {
                let chain = &referee.chains[pos.to_move().index()];
                let continuing: Vec<Move> = referee
                    .legal_moves(&pos)
                    .into_iter()
                    .filter(|m| chain.continued_by(*m))
                    .collect();
                (!continuing.is_empty())
                    .then(|| continuing[(choice / 5) as usize % continuing.len()])
            } else {
                None
            };
            let (out, by_play_random) = match chain_move {
                Some(mv) => {
                    let out = pos.play(mv).map_err(|e| {
                        fail(format!("reference-legal {mv} refused: {e}\n{before}"))
                    })?;
                    (out, false)
                }
                None => {
                    let out = pos.play_random(&mut rng).ok_or_else(|| {
                        fail(format!(
                            "play_random played nothing in an ongoing game\n{before}"
                        ))
                    })?;
                    (out, true)
                }
            };
            referee.record(&out);
            f(&Ply {
                before: &before,
                referee_before: &referee_before,
                by_play_random,
                out,
                after: &pos,
                referee: &referee,
            })?;
        }
        Ok((pos, referee))
    }

    /// Calls `f` with the start, the position before every ply and the last
    /// position, each with its referee.
    fn each_position(
        &self,
        mut f: impl FnMut(&Position, &Referee) -> Result<(), TestCaseError>,
    ) -> Result<(), TestCaseError> {
        let (last, referee) = self.walk(|ply| f(ply.before, ply.referee_before))?;
        f(&last, &referee)
    }
}

/// A generator for extra draws in `pos`, different at every ply.
fn probe_rng(seed: u64, pos: &Position, k: u64) -> Rng {
    Rng::new(
        seed ^ (u64::from(pos.ply()) << 32) ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ pos.hash(),
    )
}

proptest! {
    #![proptest_config(config())]

    /// `legal_move_count` counts exactly the moves `legal_moves` lists, which
    /// are the reference generator's moves less those the reference two-square
    /// rule forbids; `for_each_legal_move` visits the same moves.
    #[test]
    fn legal_move_count_is_the_number_of_legal_moves(game in random_games(200)) {
        game.each_position(|pos, referee| {
            let moves = pos.legal_moves();
            prop_assert_eq!(pos.legal_move_count(), moves.len(), "in\n{}", pos);
            let mut listed: Vec<Move> = moves.iter().copied().collect();
            listed.sort();
            let mut visited = Vec::new();
            pos.for_each_legal_move(|m| visited.push(m));
            prop_assert_eq!(visited.len(), moves.len());
            visited.sort();
            prop_assert_eq!(&visited, &listed, "for_each_legal_move in\n{}", pos);
            let expected = referee.legal_moves(pos);
            prop_assert_eq!(
                &listed, &expected,
                "legal moves (two-square limit {:?}, chain {:?}) in\n{}",
                pos.rules().two_square, referee.chains[pos.to_move().index()], pos
            );
            Ok(())
        })?;
    }

    /// `perft` (children made and unmade in place, the last ply counted in
    /// bulk, the Scouts' long moves reused between siblings) counts what the
    /// reference counts: the reference's legal moves, and below each the
    /// reference's legal moves of the child unless the reference status says
    /// that game is over. Looked at every 15th ply.
    #[test]
    fn perft_counts_what_the_reference_counts(game in random_games(90)) {
        let mut k = 0;
        game.each_position(|pos, referee| {
            k += 1;
            if k % 15 != 1 {
                return Ok(());
            }
            let moves = referee.legal_moves(pos);
            let mut two = 0;
            for &mv in &moves {
                let mut child = *pos;
                let out = child
                    .play(mv)
                    .map_err(|e| fail(format!("reference-legal {mv} refused: {e}\n{pos}")))?;
                let mut below = referee.clone();
                below.record(&out);
                if !below.status(&child).is_over() {
                    two += below.legal_moves(&child).len() as u64;
                }
            }
            prop_assert_eq!(pos.perft(1), moves.len() as u64, "perft(1) in\n{}", pos);
            prop_assert_eq!(pos.perft(2), two, "perft(2) in\n{}", pos);
            Ok(())
        })?;
    }

    /// `random_legal_move` returns a legal move exactly while the game goes on,
    /// and depends only on the generator's state.
    #[test]
    fn random_legal_move_is_always_legal(game in random_games(200)) {
        game.each_position(|pos, referee| {
            let expected = referee.legal_moves(pos);
            for k in 0..4 {
                let mut rng = probe_rng(game.seed, pos, k);
                let mut again = rng;
                let drawn = pos.random_legal_move(&mut rng);
                prop_assert_eq!(pos.random_legal_move(&mut again), drawn, "same state, another move");
                prop_assert_eq!(again, rng, "same state, another number of draws");
                match drawn {
                    None => {
                        prop_assert!(pos.status().is_over(), "no move drawn in an ongoing game\n{}", pos);
                        prop_assert_eq!(pos.legal_move_count(), 0);
                    }
                    Some(mv) => {
                        prop_assert!(!pos.status().is_over(), "{} drawn after the end\n{}", mv, pos);
                        prop_assert!(expected.binary_search(&mv).is_ok(), "{} is not legal in\n{}", mv, pos);
                        prop_assert!(pos.legal_moves().contains(&mv));
                        prop_assert_eq!(pos.check_move(mv), Ok(()));
                    }
                }
            }
            Ok(())
        })?;
    }

    /// `play_random` plays exactly the move it reports: a copy given that move
    /// with `play` reaches the same position (board, knowledge, chains, chase,
    /// counters, status, hash) and the same outcome. Once the game is over it
    /// plays nothing and changes nothing.
    #[test]
    fn play_random_plays_the_move_it_reports(game in random_games(200)) {
        let check = |pos: &Position, k: u64| -> Result<(), TestCaseError> {
            let mut random = *pos;
            let mut rng = probe_rng(game.seed, pos, k);
            match random.play_random(&mut rng) {
                None => {
                    prop_assert!(pos.status().is_over(), "play_random played nothing in\n{}", pos);
                    prop_assert_eq!(&random, pos, "play_random changed a finished game");
                }
                Some(out) => {
                    prop_assert!(!pos.status().is_over(), "play_random played after the end");
                    prop_assert_eq!(out.side, pos.to_move());
                    let mut played = *pos;
                    prop_assert_eq!(played.play(out.mv), Ok(out), "outcome of {} in\n{}", out.mv, pos);
                    prop_assert_eq!(&random, &played, "play_random({}) vs play({}) from\n{}", out.mv, out.mv, pos);
                    prop_assert_eq!(random.hash(), played.hash());
                    prop_assert_eq!(random.last_outcome(), Some(out));
                }
            }
            Ok(())
        };
        let (last, _) = game.walk(|ply| {
            if ply.by_play_random {
                let mut played = *ply.before;
                prop_assert_eq!(played.play(ply.out.mv), Ok(ply.out), "outcome of {}", ply.out.mv);
                prop_assert_eq!(&played, ply.after, "play_random({}) vs play from\n{}", ply.out.mv, ply.before);
            }
            check(ply.before, 7)?;
            check(ply.after, 8)
        })?;
        check(&last, 9)?;
    }

    /// `has_legal_move(side)`, for the side to move and for the other side,
    /// is whether the reference generator finds a move for that side that the
    /// reference two-square rule (followed with that side's own chain) allows.
    #[test]
    fn has_legal_move_sees_both_sides_and_the_two_square_rule(game in random_games(200)) {
        game.each_position(|pos, referee| {
            for side in Side::BOTH {
                let expected = !referee.moves(pos, side).is_empty();
                prop_assert_eq!(
                    pos.has_legal_move(side), expected,
                    "has_legal_move({}) with {} to move (two-square limit {:?}, chain {:?}, forbidden {:?}) in\n{}",
                    side, pos.to_move(), pos.rules().two_square, referee.chains[side.index()],
                    referee.forbidden(pos, side), pos
                );
            }
            Ok(())
        })?;
    }

    /// After every ply (by `play_random` or by `play`) the status is the one the
    /// reference gives (captured Flag, no-move rule with the reference two-square
    /// rule for both sides, reference no-hope reachability, ply limits), and the
    /// counters and the side to move are the ones the reference counted.
    #[test]
    fn status_after_play_random_follows_the_rules(game in random_games(200)) {
        let start = game.start.position()?;
        prop_assert_eq!(start.status(), Referee::new(&start).status(&start), "at the start\n{}", start);
        game.walk(|ply| {
            let pos = ply.after;
            prop_assert_eq!(pos.to_move(), ply.referee.to_move);
            prop_assert_eq!(pos.ply(), ply.referee.ply);
            prop_assert_eq!(pos.plies_since_attack(), ply.referee.since_attack);
            prop_assert_eq!(
                pos.status(), ply.referee.status(pos),
                "after {} ({}) from\n{}\nto\n{}",
                ply.out.mv, if ply.by_play_random { "play_random" } else { "play" }, ply.before, pos
            );
            check_status(pos)
        })?;
    }

    /// The incremental hash equals the hash computed from scratch after every
    /// ply of a game played with `play_random`.
    #[test]
    fn hash_after_play_random_equals_scratch(game in random_games(200)) {
        let start = game.start.position()?;
        prop_assert_eq!(start.hash(), start.hash_from_scratch());
        game.walk(|ply| {
            prop_assert_eq!(ply.after.hash(), ply.after.hash_from_scratch(), "after {}", ply.out.mv);
            let mut copy = *ply.after;
            let mut rng = probe_rng(game.seed, ply.after, 3);
            for _ in 0..3 {
                if copy.play_random(&mut rng).is_none() {
                    break;
                }
                prop_assert_eq!(copy.hash(), copy.hash_from_scratch());
            }
            Ok(())
        })?;
    }

    /// `Game::play_random` plays only moves `Game::is_legal` accepts (the
    /// more-squares and repeated-position rules included), records them like
    /// `Game::play`, and plays every game to its end.
    #[test]
    fn game_play_random_plays_only_legal_moves_and_ends(
        start in starts(),
        seed in any::<u64>(),
    ) {
        let position = start.position()?;
        let limit = position.rules().max_plies.ok_or_else(|| fail("a ply limit is set"))?;
        let mut game = Game::from_position(position);
        let mut shadow = game.clone();
        let mut rng = Rng::new(seed);
        loop {
            let legal = shadow.legal_moves();
            let Some(out) = game.play_random(&mut rng) else {
                prop_assert!(shadow.status().is_over(), "nothing played in an ongoing game\n{}", shadow.position());
                prop_assert!(legal.is_empty());
                prop_assert_eq!(&game, &shadow, "a finished game changed");
                break;
            };
            prop_assert!(!shadow.status().is_over(), "{} played after the end", out.mv);
            prop_assert!(shadow.is_legal(out.mv), "{} is not legal: {:?}", out.mv, shadow.check_move(out.mv));
            prop_assert!(legal.contains(&out.mv));
            prop_assert_eq!(shadow.play(out.mv), Ok(out));
            prop_assert_eq!(game.position(), shadow.position());
            prop_assert!(game.position().ply() <= limit, "the game goes on past its ply limit");
        }
        prop_assert_eq!(&game, &shadow);
        prop_assert!(game.status().is_over());
        prop_assert_eq!(game.moves().count() as u32, game.position().ply());
    }
}

/// The random games above make the two-square rule bite: it forbids moves of
/// the side to move and of the other side in many positions, and in some it
/// alone leaves the side not to move without a legal move (the case a fast
/// `has_legal_move` that forgets that side's chain gets wrong).
#[test]
fn random_games_make_two_square_chains_live() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = random_games(200);
    let (mut positions, mut to_move, mut other, mut decides, mut limits) = (0, 0, 0, 0, 0);
    for _ in 0..1000 {
        let game = strategy.new_tree(&mut runner).unwrap().current();
        game.each_position(|pos, referee| {
            positions += 1;
            if pos.rules().two_square.is_none() {
                return Ok(());
            }
            limits += 1;
            let side = pos.to_move();
            to_move += usize::from(!referee.forbidden(pos, side).is_empty());
            other += usize::from(!referee.forbidden(pos, !side).is_empty());
            // (The side not to move: its chain is the one a fast generator may
            // forget.)
            decides += usize::from(
                referee.moves(pos, !side).is_empty()
                    && !reference_board_moves(pos, !side).is_empty(),
            );
            Ok(())
        })
        .unwrap();
    }
    eprintln!(
        "{positions} positions, {limits} under the two-square rule: it forbids moves of the \
         side to move in {to_move}, of the other side in {other}, and alone leaves a side \
         without a move in {decides}"
    );
    assert!(to_move * 20 > limits, "{to_move} of {limits}");
    assert!(other * 20 > limits, "{other} of {limits}");
    assert!(decides >= 10, "{decides}");
}
