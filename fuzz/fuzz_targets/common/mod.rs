//! Shared helpers of the fuzz targets: rulesets and sparse positions built from
//! fuzz bytes, and slow, independent reference implementations (move
//! generation, the no-hope reachability of `docs/rules.md`) to check the engine
//! against. Nothing here calls the engine's own move generator or search.
#![allow(dead_code)] // each fuzz target uses only part of this module

use arbitrary::{Result, Unstructured};
use marsal::{
    Army, Geometry, Move, NoMoveRule, Piece, PieceKind, Position, RevealRule, Ruleset, Side,
    SpyRule, Square, Strengths,
};
use std::collections::BTreeSet;

/// What stands on a square, as the reference sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    /// Off the board (outside the rectangle, or `#`).
    Off,
    Lake,
    Empty,
    Piece(Piece),
}

/// The cell at (file, rank), with coordinates that may leave the grid.
pub fn cell_at(pos: &Position, file: i32, rank: i32) -> Cell {
    let g = &pos.rules().board;
    if file < 0 || rank < 0 || file >= i32::from(g.files) || rank >= i32::from(g.ranks) {
        return Cell::Off;
    }
    let Some(sq) = Square::new(file as u8, rank as u8) else {
        return Cell::Off;
    };
    if g.is_lake(sq) {
        Cell::Lake
    } else if !g.is_playable(sq) {
        Cell::Off
    } else {
        match pos.piece_at(sq) {
            Some(p) => Cell::Piece(p),
            None => Cell::Empty,
        }
    }
}

pub fn cell(pos: &Position, sq: Square) -> Cell {
    cell_at(pos, i32::from(sq.file()), i32::from(sq.rank()))
}

pub const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
pub const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

pub fn sq(file: i32, rank: i32) -> Square {
    Square::new(file as u8, rank as u8).expect("square on the grid")
}

/// The corner rule by `docs/rules.md`: a diagonal step from (f, r) by (df, dr) is
/// allowed unless the rule is on and both squares beside it, (f, r + dr) and
/// (f + df, r), are blocked (off the board, a lake or a piece).
pub fn ref_corner_open(pos: &Position, f: i32, r: i32, df: i32, dr: i32) -> bool {
    !pos.rules().corner_rule
        || cell_at(pos, f, r + dr) == Cell::Empty
        || cell_at(pos, f + df, r) == Cell::Empty
}

/// Every move `side` could make by `docs/rules.md`, whoever is to move and whatever
/// the status: steps to empty neighbours (diagonal too when allowed), attacks on
/// orthogonal enemy neighbours, Scout lines over empty squares ending on an
/// empty square or the first enemy piece.
pub fn ref_moves(pos: &Position, side: Side) -> BTreeSet<Move> {
    let mut out = BTreeSet::new();
    let g = pos.rules().board;
    let diagonal = pos.rules().diagonal_steps;
    for from in g.playable.iter() {
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        if p.side != side || !p.kind.is_movable() {
            continue;
        }
        let (f, r) = (i32::from(from.file()), i32::from(from.rank()));
        for (df, dr) in ORTHO {
            let mut k = 1;
            loop {
                let (tf, tr) = (f + df * k, r + dr * k);
                match cell_at(pos, tf, tr) {
                    Cell::Empty => {
                        out.insert(Move::new(from, sq(tf, tr)));
                        if p.kind == PieceKind::Scout {
                            k += 1;
                            continue;
                        }
                    }
                    Cell::Piece(q) if q.side != side => {
                        out.insert(Move::new(from, sq(tf, tr)));
                    }
                    _ => {}
                }
                break;
            }
        }
        if diagonal {
            for (df, dr) in DIAG {
                if cell_at(pos, f + df, r + dr) == Cell::Empty && ref_corner_open(pos, f, r, df, dr)
                {
                    out.insert(Move::new(from, sq(f + df, r + dr)));
                }
            }
        }
    }
    out
}

/// `docs/rules.md`'s static reachability, written as a fixpoint over coordinates
/// (the engine uses a queue over padded cells): can some movable piece of
/// `side` ever reach the enemy Flag?
pub fn ref_can_reach_flag(pos: &Position, side: Side) -> bool {
    let enemy = !side;
    let enemy_has_miner = pos.count(enemy, PieceKind::Miner) > 0;
    let own_has_miner = pos.count(side, PieceKind::Miner) > 0;
    // Under the corner rule a diagonal step needs a square beside it that may
    // some day be empty: on the board, no Flag, no Mine no Miner can clear.
    let may_empty = |f: i32, r: i32| match cell_at(pos, f, r) {
        Cell::Off | Cell::Lake => false,
        Cell::Empty => true,
        Cell::Piece(q) => match q.kind {
            PieceKind::Flag => false,
            PieceKind::Mine | PieceKind::Bomb if q.side == side => enemy_has_miner,
            PieceKind::Mine | PieceKind::Bomb => own_has_miner,
            _ => true,
        },
    };
    let g = pos.rules().board;
    let diagonal = pos.rules().diagonal_steps;
    let (files, ranks) = (i32::from(g.files), i32::from(g.ranks));
    for miner in [false, true] {
        // reached[file][rank]
        let mut reached = [[false; 12]; 12];
        let mut any = false;
        for s in g.playable.iter() {
            if let Some(p) = pos.piece_at(s)
                && p.side == side
                && p.kind.is_movable()
                && (p.kind == PieceKind::Miner) == miner
            {
                reached[s.file() as usize][s.rank() as usize] = true;
                any = true;
            }
        }
        if !any {
            continue;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for f in 0..files {
                for r in 0..ranks {
                    if !reached[f as usize][r as usize] {
                        continue;
                    }
                    let dirs: &[(i32, i32)] = if diagonal {
                        &[
                            (0, 1),
                            (0, -1),
                            (1, 0),
                            (-1, 0),
                            (1, 1),
                            (1, -1),
                            (-1, 1),
                            (-1, -1),
                        ]
                    } else {
                        &ORTHO
                    };
                    for &(df, dr) in dirs {
                        let orthogonal = df == 0 || dr == 0;
                        if !orthogonal
                            && pos.rules().corner_rule
                            && !may_empty(f, r + dr)
                            && !may_empty(f + df, r)
                        {
                            continue; // a corner closed for ever
                        }
                        let (tf, tr) = (f + df, r + dr);
                        let enter = match cell_at(pos, tf, tr) {
                            Cell::Off | Cell::Lake => false,
                            Cell::Empty => true,
                            Cell::Piece(q) if q.side == side => match q.kind {
                                PieceKind::Flag => false,
                                PieceKind::Mine | PieceKind::Bomb => enemy_has_miner,
                                _ => true,
                            },
                            Cell::Piece(q) => match q.kind {
                                PieceKind::Flag => {
                                    if orthogonal {
                                        return true;
                                    }
                                    false
                                }
                                PieceKind::Mine | PieceKind::Bomb => miner && orthogonal,
                                _ => true,
                            },
                        };
                        if enter && !reached[tf as usize][tr as usize] {
                            reached[tf as usize][tr as usize] = true;
                            changed = true;
                        }
                    }
                }
            }
        }
    }
    false
}

/// A ruleset: a preset or a small custom board, with fuzzed options.
pub fn ruleset(u: &mut Unstructured) -> Result<Ruleset> {
    let mut r = match u.int_in_range(0..=4u8)? {
        0 => Ruleset::marsal_a_spion(),
        1 => Ruleset::classic(),
        2 => Ruleset::barrage(),
        _ => custom_ruleset(u)?,
    };
    options(u, &mut r)?;
    Ok(r)
}

/// Fuzzes the rule options of `r` (not its board or armies).
pub fn options(u: &mut Unstructured, r: &mut Ruleset) -> Result<()> {
    let bits: u8 = u.arbitrary()?;
    if bits & 1 != 0 {
        r.diagonal_steps = !r.diagonal_steps;
    }
    if bits & 2 != 0 {
        r.spy_rule = match r.spy_rule {
            SpyRule::DefeatsMarshalAlways => SpyRule::OnlyWhenAttacking,
            SpyRule::OnlyWhenAttacking => SpyRule::DefeatsMarshalAlways,
        };
    }
    if bits & 4 != 0 {
        r.reveal = match r.reveal {
            RevealRule::AttackerStaysHidden => RevealRule::BothFighters,
            RevealRule::BothFighters => RevealRule::AttackerStaysHidden,
        };
    }
    if bits & 8 != 0 {
        r.no_move = match r.no_move {
            NoMoveRule::Draw => NoMoveRule::Loses,
            NoMoveRule::Loses => NoMoveRule::Draw,
        };
    }
    if bits & 16 != 0 {
        r.no_hope_draw = !r.no_hope_draw;
    }
    if bits & 32 != 0 {
        r.first_to_move = !r.first_to_move;
    }
    if bits & 64 != 0 {
        r.max_plies = Some(u32::from(u.int_in_range(1..=200u8)?));
    }
    if bits & 128 != 0 {
        r.max_plies_without_attack = Some(u32::from(u.int_in_range(1..=100u8)?));
    }
    let more: u8 = u.arbitrary()?;
    if more & 1 != 0 {
        r.two_square = match more >> 1 & 15 {
            0..=7 => None,
            n => Some(n - 7), // 1..=8
        };
    }
    if more & 32 != 0 {
        r.more_squares = !r.more_squares;
    }
    if more & 64 != 0 {
        r.corner_rule = !r.corner_rule;
    }
    Ok(())
}

/// Strengths: a preset order, or arbitrary values 1..=12 (ties allowed) for every
/// kind.
pub fn strengths(u: &mut Unstructured) -> Result<Strengths> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => Strengths::marsal_a_spion(),
        1 => Strengths::classic(),
        2 => Strengths::marsal_a_spion().swapped(PieceKind::Scout, PieceKind::Miner),
        _ => {
            let mut s = Strengths::EMPTY;
            for k in PieceKind::ALL {
                s.set(k, u.int_in_range(0..=12u8)?);
            }
            for k in PieceKind::ALL {
                if k.is_movable() && s.get(k) == 0 {
                    s.set(k, 1);
                }
            }
            s
        }
    })
}

/// A small custom board (lakes and holes from the bytes; Red's zone the lower
/// half, Blue's the upper half) with armies that fit it.
pub fn custom_ruleset(u: &mut Unstructured) -> Result<Ruleset> {
    let files = u.int_in_range(1..=12u8)?;
    let ranks = u.int_in_range(2..=12u8)?;
    let mut rows = Vec::new();
    for top in 0..ranks {
        let rank = ranks - 1 - top;
        let mut row = String::new();
        for _ in 0..files {
            let b: u8 = u.arbitrary()?;
            let terrain = match b % 8 {
                0 => '~',
                1 => '#',
                _ => '.',
            };
            let ch = if terrain != '.' {
                terrain
            } else if rank < ranks / 2 {
                'R'
            } else if rank >= ranks - ranks / 2 {
                'B'
            } else {
                '.'
            };
            row.push(ch);
        }
        rows.push(row);
    }
    let board = Geometry::from_diagram(&rows).expect("well-formed diagram");
    let mut r = Ruleset::marsal_a_spion();
    r.board = board;
    r.strengths = strengths(u)?;
    for side in Side::BOTH {
        let room = board.zone(side).len();
        let mut army = Army::EMPTY.with(PieceKind::Flag, 1);
        let mut left = room.saturating_sub(1);
        for k in PieceKind::ALL {
            if k == PieceKind::Flag || left == 0 {
                continue;
            }
            let n = (u.int_in_range(0..=3u8)? as usize).min(left);
            army.set(k, n as u8);
            left -= n;
        }
        r.armies[side.index()] = army;
    }
    for k in PieceKind::ALL {
        if k.is_movable() && r.strengths.get(k) == 0 {
            r.strengths.set(k, 1 + (k.index() % 7) as u8);
        }
    }
    Ok(r)
}

/// A sparse position on `rules`' board: each playable square empty or holding a
/// piece drawn from the bytes (never more of a kind than the army has); Flags
/// on squares picked separately. `bias` makes that kind likely. Returns `None`
/// when the text is refused (the target then checks that it was right to).
pub fn sparse_position(
    u: &mut Unstructured,
    rules: &Ruleset,
    bias: Option<PieceKind>,
) -> Result<Option<(Position, String)>> {
    let g = rules.board;
    let squares: Vec<Square> = g.playable.iter().collect();
    if squares.is_empty() {
        return Ok(None);
    }
    let mut placed: Vec<Option<Piece>> = vec![None; squares.len()];
    let mut counts = [[0u8; 16]; 2];
    for side in Side::BOTH {
        if u.int_in_range(0..=15u8)? == 0 {
            continue; // no Flag: that side has lost
        }
        let i = u.choose_index(squares.len())?;
        if placed[i].is_none() {
            placed[i] = Some(Piece::new(side, PieceKind::Flag));
            counts[side.index()][PieceKind::Flag.index()] += 1;
        }
    }
    let density = u.int_in_range(1..=255u8)?;
    for slot in placed.iter_mut() {
        if slot.is_some() {
            continue;
        }
        let b: u8 = u.arbitrary()?;
        if b >= density {
            continue;
        }
        let side = if u.arbitrary::<bool>()? {
            Side::Red
        } else {
            Side::Blue
        };
        let army = rules.army(side);
        let kinds: Vec<PieceKind> = army.kinds().iter().filter(|k| !k.is_flag()).collect();
        if kinds.is_empty() {
            continue;
        }
        let kind = match bias {
            Some(k) if kinds.contains(&k) && u.arbitrary::<bool>()? => k,
            _ => kinds[u.choose_index(kinds.len())?],
        };
        let n = &mut counts[side.index()][kind.index()];
        if *n < army.count(kind) {
            *n += 1;
            *slot = Some(Piece::new(side, kind));
        }
    }
    let to_move = if u.arbitrary::<bool>()? {
        Side::Red
    } else {
        Side::Blue
    };
    let mut text = String::new();
    for top in 0..g.ranks {
        let rank = g.ranks - 1 - top;
        if top > 0 {
            text.push('/');
        }
        for file in 0..g.files {
            let s = Square::new(file, rank).expect("on the grid");
            let ch = if g.is_lake(s) {
                '~'
            } else if !g.is_playable(s) {
                '#'
            } else {
                let i = squares.iter().position(|x| *x == s).expect("playable");
                placed[i].map_or('.', |p| p.letter())
            };
            text.push(ch);
        }
    }
    text.push_str(if to_move == Side::Red { " r" } else { " b" });
    let flags = counts[0][PieceKind::Flag.index()] + counts[1][PieceKind::Flag.index()];
    match Position::from_text(rules, &text) {
        Ok(pos) => {
            assert_eq!(pos.to_text().to_string(), text, "position text round trip");
            assert_eq!(pos.to_move(), to_move);
            Ok(Some((pos, text)))
        }
        Err(e) => {
            // Only a valid ruleset with a Flag on the board must be accepted.
            assert!(
                rules.validate().is_err() || flags == 0,
                "a valid sparse position was refused: {e} ({text})"
            );
            Ok(None)
        }
    }
}

/// The counts of `side` on the board, by kind, computed from the squares.
pub fn board_counts(pos: &Position, side: Side) -> [u8; 16] {
    let mut c = [0u8; 16];
    for (_, k) in pos.pieces(side) {
        c[k.index()] += 1;
    }
    c
}

/// An independent model of the two-square rule (border form, see
/// `src/referee/two_square.rs` docs): each side's chain of consecutive moves by the
/// same piece along the same line, cleared when that piece dies.
#[derive(Clone, Default, Debug)]
pub struct Chains {
    moves: [Vec<Move>; 2],
}

fn line(mv: Move) -> u8 {
    let df = i32::from(mv.to.file()) - i32::from(mv.from.file());
    let dr = i32::from(mv.to.rank()) - i32::from(mv.from.rank());
    match (df.signum(), dr.signum()) {
        (_, 0) => 0,
        (0, _) => 1,
        (a, b) if a == b => 2,
        _ => 3,
    }
}

/// The borders `mv` crosses, as a half-open interval of coordinates along its line.
fn borders(mv: Move) -> (u8, u8) {
    let (a, b) = if line(mv) == 1 {
        (mv.from.rank(), mv.to.rank())
    } else {
        (mv.from.file(), mv.to.file())
    };
    (a.min(b), a.max(b))
}

impl Chains {
    fn continues(chain: &[Move], mv: Move) -> bool {
        chain
            .last()
            .is_some_and(|l| l.to == mv.from && line(*l) == line(mv))
    }

    /// Whether the rule (limit `limit`) forbids `side` to play `mv`.
    pub fn forbids(&self, side: Side, mv: Move, limit: Option<u8>) -> bool {
        let Some(limit) = limit else { return false };
        let chain = &self.moves[side.index()];
        let n = limit as usize;
        if chain.len() < n || !Self::continues(chain, mv) {
            return false;
        }
        // Some border of `mv` was crossed by each of the last `limit` moves.
        let (mut lo, mut hi) = borders(mv);
        for m in &chain[chain.len() - n..] {
            let (a, b) = borders(*m);
            lo = lo.max(a);
            hi = hi.min(b);
        }
        lo < hi
    }

    /// Records `mv` (played by `side`, legal) and what it left on the board.
    pub fn record(&mut self, side: Side, mv: Move, after: &Position) {
        if after.rules().two_square.is_none() {
            return;
        }
        let chain = &mut self.moves[side.index()];
        if !Self::continues(chain, mv) {
            chain.clear();
        }
        chain.push(mv);
        // A chain ends with the death of its piece.
        for s in Side::BOTH {
            let c = &mut self.moves[s.index()];
            if let Some(l) = c.last()
                && after.piece_at(l.to).is_none_or(|p| p.side != s)
            {
                c.clear();
            }
        }
    }

    /// The reference moves of `side` with the two-square rule applied.
    pub fn moves(&self, pos: &Position, side: Side) -> BTreeSet<Move> {
        let limit = pos.rules().two_square;
        ref_moves(pos, side)
            .into_iter()
            .filter(|mv| !self.forbids(side, *mv, limit))
            .collect()
    }
}

/// Checks the invariants every position must keep: the hash, the counts
/// against the board and the army, legal moves against the reference.
pub fn check_position(pos: &Position, chains: &Chains) {
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "incremental hash");
    for side in Side::BOTH {
        let c = board_counts(pos, side);
        for k in PieceKind::ALL {
            assert_eq!(pos.count(side, k), c[k.index()], "count of {side} {k}");
            assert!(
                c[k.index()] <= pos.rules().army(side).count(k),
                "more {k} than the army"
            );
        }
    }
    assert!(pos.plies_since_attack() <= pos.ply());
    let legal: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
    assert_eq!(
        legal.len(),
        pos.legal_moves().len(),
        "duplicate legal moves"
    );
    if pos.status().is_over() {
        assert!(legal.is_empty(), "moves after the end");
    } else {
        assert_eq!(pos.status().to_move(), Some(pos.to_move()));
        let reference = chains.moves(pos, pos.to_move());
        assert_eq!(
            legal,
            reference,
            "legal moves differ from the reference in {}",
            pos.to_text()
        );
        for mv in &legal {
            assert!(
                pos.is_legal(*mv),
                "{mv} listed but refused: {:?}",
                pos.check_move(*mv)
            );
        }
    }
    for side in Side::BOTH {
        assert_eq!(
            pos.has_legal_move(side),
            !chains.moves(pos, side).is_empty(),
            "has_legal_move({side}) in {}",
            pos.to_text()
        );
    }
}
