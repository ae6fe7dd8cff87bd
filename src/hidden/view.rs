//! Views: exactly what one side knows.

use crate::referee::army::Army;
use crate::referee::board::cell::{LAKE, OFF, kind_of, owner};
use crate::referee::board::square::{CELLS, GRID_SQUARES, MAX_FILES, MAX_RANKS, Square};
use crate::referee::outcome::Observation;
use crate::referee::piece::{KIND_COUNT, KindSet, Piece, PieceKind, Side};
use crate::referee::position::Position;
use crate::referee::status::Status;
use core::fmt;

/// What one side sees on one square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SquareView {
    /// Not a square of the board.
    #[default]
    OffBoard,
    /// A lake.
    Lake,
    /// An empty square.
    Empty,
    /// One of the viewer's own pieces, and what the opponent knows of it.
    Own {
        /// The piece's kind.
        kind: PieceKind,
        /// The kinds the opponent still thinks possible (a single kind when the
        /// opponent knows it).
        known_to_opponent: KindSet,
    },
    /// An enemy piece: only the kinds it may still be, given everything the viewer
    /// has seen (its army, whether it moved, how far, the fights it was in).
    Enemy {
        /// The kinds it may be; a single kind when the viewer knows it.
        possible: KindSet,
    },
}

impl SquareView {
    /// The kind of the enemy piece here, if the viewer knows it.
    ///
    /// ```
    /// use marsal::{KindSet, PieceKind, SquareView};
    /// let v = SquareView::Enemy { possible: KindSet::only(PieceKind::Scout) };
    /// assert_eq!(v.known_enemy(), Some(PieceKind::Scout));
    /// ```
    pub fn known_enemy(self) -> Option<PieceKind> {
        match self {
            SquareView::Enemy { possible } => possible.single(),
            _ => None,
        }
    }
}

/// Everything one side knows, and nothing more: its own pieces; for each enemy
/// piece the kinds it may still be (under the ruleset's reveal rule, plus the
/// public facts that a piece that moved is no Mine, Bomb or Flag and one that
/// moved more than one square is a Scout, plus what fights showed); the pieces
/// each side has left (removed pieces are shown to both); the status; and the
/// side's log of events.
///
/// A `View` is built from the referee's state by [`Position::view`] or
/// [`Game::view`](crate::Game::view) and holds no hidden information, so it can be
/// handed to a player, a bot or a remote client as it is.
///
/// ```
/// use marsal::{Position, Ruleset, Side, SquareView};
/// let pos = Position::start(&Ruleset::classic(), 1, 2)?;
/// let view = pos.view(Side::Red);
/// let enemy = view.squares().filter(|(_, v)| matches!(v, SquareView::Enemy { .. })).count();
/// assert_eq!(enemy, 40);
/// assert!(view.squares().all(|(_, v)| v.known_enemy().is_none()));
/// # Ok::<(), marsal::PositionError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct View {
    side: Side,
    status: Status,
    ply: u32,
    plies_since_attack: u32,
    files: u8,
    ranks: u8,
    #[cfg_attr(feature = "serde", serde(with = "crate::formats::serde_array"))]
    squares: [SquareView; GRID_SQUARES],
    remaining: [Army; 2],
    last: Option<Observation>,
    #[cfg(feature = "alloc")]
    log: alloc::vec::Vec<Observation>,
}

impl View {
    /// Whose view this is.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.view(marsal::Side::Blue).side(), marsal::Side::Blue);
    /// ```
    pub fn side(&self) -> Side {
        self.side
    }

    /// The status of the game (public).
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.view(marsal::Side::Blue).status(), pos.status());
    /// ```
    pub fn status(&self) -> Status {
        self.status
    }

    /// Plies played (public).
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.view(marsal::Side::Red).ply(), 0);
    /// ```
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Plies since the last attack (public).
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.view(marsal::Side::Red).plies_since_attack(), 0);
    /// ```
    pub fn plies_since_attack(&self) -> u32 {
        self.plies_since_attack
    }

    /// The board's files and ranks.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.view(marsal::Side::Red).size(), (10, 10));
    /// ```
    pub fn size(&self) -> (u8, u8) {
        (self.files, self.ranks)
    }

    /// What the viewer sees on `square`.
    ///
    /// ```
    /// use marsal::SquareView;
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// let v = pos.view(marsal::Side::Red);
    /// assert_eq!(v.at("c5".parse().unwrap()), SquareView::Lake);
    /// assert_eq!(v.at("l12".parse().unwrap()), SquareView::OffBoard);
    /// ```
    #[inline]
    pub fn at(&self, square: Square) -> SquareView {
        self.squares[square.grid_index()]
    }

    /// Every square of the board (lakes included) with what the viewer sees there.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.view(marsal::Side::Red).squares().count(), 100);
    /// ```
    pub fn squares(&self) -> impl Iterator<Item = (Square, SquareView)> + '_ {
        // Squares beyond the board's files and ranks are off the board.
        Square::all()
            .map(|sq| (sq, self.at(sq)))
            .filter(|(_, v)| *v != SquareView::OffBoard)
    }

    /// The pieces `side` has left, as the viewer knows them: of its own side,
    /// exactly those on the board; of the other side, every piece not known to
    /// be captured (removed pieces are shown to both players, so in a game
    /// these are exactly the pieces on the board; a position read from text
    /// may have absent pieces whose capture was not public, see
    /// [`notation`](crate::notation)).
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::barrage(), 1, 2).unwrap();
    /// assert_eq!(pos.view(marsal::Side::Red).remaining(marsal::Side::Blue).total(), 8);
    /// ```
    pub fn remaining(&self, side: Side) -> Army {
        self.remaining[side.index()]
    }

    /// The last event, as the viewer saw it.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::barrage(), 1, 2).unwrap();
    /// assert!(pos.view(marsal::Side::Red).last().is_none());
    /// ```
    pub fn last(&self) -> Option<Observation> {
        self.last
    }

    /// The viewer's log of events, oldest first: every move of the game when the
    /// view comes from a [`Game`](crate::Game). A bare [`Position`] keeps no
    /// history (and its views never allocate), so its views have an empty log;
    /// [`View::last`] still gives the last event.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::barrage(), 1, 2).unwrap();
    /// assert!(pos.view(marsal::Side::Red).log().is_empty());
    /// ```
    #[cfg(feature = "alloc")]
    pub fn log(&self) -> &[Observation] {
        &self.log
    }

    #[cfg(feature = "alloc")]
    pub(crate) fn set_log(&mut self, log: alloc::vec::Vec<Observation>) {
        self.log = log;
    }
}

// A game hands each side its view; written here, beside the view, so that
// the referee's game names nothing of hidden information's module.
#[cfg(feature = "alloc")]
impl crate::referee::game::Game {
    /// What `side` knows, with its whole log (see [`View`]).
    ///
    /// ```
    /// use marsal::{Game, Position, Ruleset, Side};
    /// let mut game = Game::from_position(Position::start(&Ruleset::classic(), 1, 2)?);
    /// let mv = game.legal_moves()[0];
    /// game.play(mv).unwrap();
    /// let mv = game.legal_moves()[0];
    /// game.play(mv).unwrap();
    /// assert_eq!(game.view(Side::Blue).log().len(), 2);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn view(&self, side: Side) -> View {
        let mut v = self.position().view(side);
        v.set_log(self.log(side).collect());
        v
    }
}

impl Position {
    /// What `side` knows (see [`View`]).
    ///
    /// ```
    /// use marsal::{Position, Ruleset, Side, SquareView};
    /// let pos = Position::start(&Ruleset::marsal_a_spion(), 3, 4)?;
    /// let v = pos.view(Side::Blue);
    /// let (sq, _) = pos.pieces(Side::Red).next().unwrap();
    /// assert!(matches!(v.at(sq), SquareView::Enemy { possible } if possible.len() > 1));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn view(&self, side: Side) -> View {
        let knowledge = self.refined_knowledge();
        let mut squares = [SquareView::OffBoard; GRID_SQUARES];
        // Only the board's rectangle; the rest of the grid stays off the board.
        let files = self.rules.board.files.min(MAX_FILES);
        let ranks = self.rules.board.ranks.min(MAX_RANKS);
        for rank in 0..ranks {
            for file in 0..files {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                squares[sq.grid_index()] = self.square_view(side, sq, &knowledge);
            }
        }
        let last = self.last.map(|o| o.observed_by(side));
        View {
            side,
            status: self.status,
            ply: self.ply,
            plies_since_attack: self.plies_since_attack,
            files: self.rules.board.files,
            ranks: self.rules.board.ranks,
            squares,
            remaining: [
                self.remaining_as_seen(Side::Red, side),
                self.remaining_as_seen(Side::Blue, side),
            ],
            last,
            #[cfg(feature = "alloc")]
            log: alloc::vec::Vec::new(),
        }
    }
}

impl Position {
    /// What `side` sees on `sq` (on the board's rectangle), given the refined
    /// knowledge of every piece.
    #[inline]
    fn square_view(&self, side: Side, sq: Square, knowledge: &[u16; CELLS]) -> SquareView {
        let c = self.cells[sq.cell()];
        let know = KindSet::from_bits(knowledge[sq.cell()]);
        match (c, owner(c)) {
            (OFF, _) => SquareView::OffBoard,
            (LAKE, _) => SquareView::Lake,
            (_, None) => SquareView::Empty,
            (_, Some(o)) if o == side => SquareView::Own {
                kind: kind_of(c),
                known_to_opponent: know,
            },
            (_, Some(_)) => SquareView::Enemy { possible: know },
        }
    }

    /// What each piece's opponent knows of it ([`KnownGroups::gather`] of
    /// each side), by cell.
    pub(crate) fn refined_knowledge(&self) -> [u16; CELLS] {
        let mut know = self.knowledge;
        let mut group = [0u8; CELLS];
        let mut groups = KnownGroups::new();
        for side in Side::BOTH {
            // (A side has fewer pieces than `u8::MAX`, so as many groups.)
            groups.gather(self, side, |c, g| group[c] = g as u8);
            // (Every piece has a group; none would keep what the position
            // keeps of it.)
            self.boards.pieces[side.index()].for_each_cell(|c| {
                if let Some(&k) = groups.known().get(usize::from(group[c])) {
                    know[c] = k;
                }
            });
        }
        know
    }
}

/// One side's pieces grouped by what the opponent knows of them
/// ([`KnownGroups::gather`]): for each group, the kinds its pieces may be
/// (as [`KindSet`] bits) and how many pieces it has. A list of fixed size.
pub(crate) struct KnownGroups {
    /// The groups.
    len: usize,
    /// A cache of the groups by their known kinds: slot [`slot`]`(k)` holds
    /// `k` and its group, or kinds 0 (no piece may be of no kind: empty).
    slots: [(u16, u8); SLOTS],
    /// The kinds each group's pieces may be.
    known: [u16; GRID_SQUARES],
    /// The pieces of each group.
    size: [u8; GRID_SQUARES],
}

/// The slots of [`KnownGroups::slots`] (a game has only a handful of groups a
/// side at a time: they seldom share a slot).
const SLOTS: usize = 32;

/// The slot of the group of the pieces that may be the kinds `known`.
#[inline(always)]
fn slot(known: u16) -> usize {
    // (Multiplicative hashing: the top five bits of the product.)
    (u32::from(known).wrapping_mul(0x9E37_79B1) >> 27) as usize % SLOTS
}

impl KnownGroups {
    /// No group.
    #[inline(always)]
    pub(crate) fn new() -> KnownGroups {
        KnownGroups {
            len: 0,
            slots: [(0, 0); SLOTS],
            known: [0; GRID_SQUARES],
            size: [0; GRID_SQUARES],
        }
    }

    /// Groups the pieces of `side` in `pos` by what the opponent knows of them: the per-piece facts
    /// the position keeps (army, moved, moved far, fights) narrowed by what
    /// both players can count. Every removed piece is shown to both, so each
    /// side knows how many pieces of each kind the other has left: a kind
    /// with none left is no longer possible, and once every remaining piece
    /// of a kind has been identified, no other piece can be of that kind
    /// (repeated until nothing changes). Both steps are sound: a piece's true
    /// kind is never excluded.
    ///
    /// The pieces are grouped by the facts kept of them (a game has only a
    /// handful of different ones at a time), and the counting is done a group
    /// at a time: `f(cell, group)` is called for each piece, in the order of
    /// the cells, with the index of its group (the first piece of a new group
    /// gets the next index). What was gathered before goes.
    #[inline(always)]
    pub(crate) fn gather(&mut self, pos: &Position, side: Side, mut f: impl FnMut(usize, usize)) {
        self.clear();
        pos.boards.pieces[side.index()].for_each_cell(|c| f(c, self.add(pos.knowledge[c])));
        // What the opponent can count: the pieces on the board and those
        // whose capture it did not see (an upper bound, so sound).
        let mut counts = pos.on_board[side.index()];
        for (c, u) in counts.iter_mut().zip(pos.unknown_absent[side.index()]) {
            *c = c.saturating_add(u);
        }
        self.refine(&counts);
    }

    /// No group (the memory of the last ones kept).
    #[inline(always)]
    fn clear(&mut self) {
        // (Only the groups used so far have pieces counted; a game has
        // seldom more than 16, cleared by a fill of fixed length.)
        match self.size.get_mut(..16) {
            Some(first) if self.len <= 16 => first.fill(0),
            _ => self.size[..self.len].fill(0),
        }
        self.len = 0;
        self.slots = [(0, 0); SLOTS];
    }

    /// Adds a piece that may be any of the kinds `known`: the index of its
    /// group (a board has at most `GRID_SQUARES` pieces, so as many groups).
    #[inline(always)]
    fn add(&mut self, known: u16) -> usize {
        // (A piece may always be its own kind: the position never takes it
        // out. An empty slot holds kinds 0.)
        debug_assert!(known != 0, "a piece of no possible kind");
        let s = slot(known);
        let g = match self.slots[s] {
            (k, g) if k == known => usize::from(g),
            // No group of this slot yet: a new group.
            (0, _) => self.push(known, s),
            _ => self.find(known, s),
        };
        // (No group has more pieces than a board has squares.)
        self.size[g] = self.size[g].wrapping_add(1);
        g
    }

    /// The group of the pieces that may be the kinds `known`, not in its
    /// slot `s` (another group is): found in the list, or new; then put in
    /// the slot.
    #[inline(never)]
    fn find(&mut self, known: u16, s: usize) -> usize {
        match self.known[..self.len].iter().position(|&k| k == known) {
            Some(g) => {
                // (A group index fits: fewer groups than `u8::MAX`, see above.)
                self.slots[s] = (known, g as u8);
                g
            }
            None => self.push(known, s),
        }
    }

    /// A new group of pieces that may be the kinds `known`, put in slot `s`.
    #[inline(never)]
    fn push(&mut self, known: u16, s: usize) -> usize {
        let g = self.len.min(GRID_SQUARES - 1);
        self.known[g] = known;
        self.len = g + 1;
        self.slots[s] = (known, g as u8);
        g
    }

    /// The kinds the pieces of each group may be (as [`KindSet`] bits).
    #[inline(always)]
    pub(crate) fn known(&self) -> &[u16] {
        &self.known[..self.len]
    }

    /// Narrows what is known of the groups by the counts the opponent can
    /// make (`counts[k]`: an upper bound of the side's pieces of kind `k`):
    /// kinds with no piece left go, then the kinds whose pieces are all
    /// identified go from every other group, until nothing changes. (Two
    /// groups may end up with the same kinds.)
    fn refine(&mut self, counts: &[u8; KIND_COUNT]) {
        let alive = kinds_with_pieces(counts);
        let (known, size) = (&mut self.known[..self.len], &self.size[..self.len]);
        loop {
            // Kinds no longer possible go; then the kinds whose remaining
            // pieces are all identified.
            let mut identified = [0u8; KIND_COUNT];
            let mut kinds = 0u16;
            for (k, &n) in known.iter_mut().zip(size) {
                *k &= alive;
                if one_kind(*k) {
                    let i = &mut identified[k.trailing_zeros() as usize % KIND_COUNT];
                    *i = i.saturating_add(n);
                    kinds |= *k;
                }
            }
            let mut full = 0u16;
            let mut m = kinds;
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                if identified[k] >= counts[k] {
                    full |= 1 << k;
                }
                m &= m - 1;
            }
            if full == 0 {
                break;
            }
            // No other piece can be of those kinds. Another round can only
            // find more when a piece is identified by this one (else it would
            // count the same and take out the same kinds).
            let mut identified_more = false;
            for k in known.iter_mut() {
                if !one_kind(*k) && *k & full != 0 {
                    *k &= !full;
                    identified_more |= one_kind(*k);
                }
            }
            if !identified_more {
                break;
            }
        }
    }
}

/// Whether a piece's possible kinds `k` are down to one: it is identified.
#[inline(always)]
pub(crate) fn one_kind(k: u16) -> bool {
    // (`count_ones` is no single instruction on every target.)
    k != 0 && k & (k - 1) == 0
}

// `kinds_with_pieces` reads the counts eight at a time.
const _: () = assert!(KIND_COUNT == 16);

/// The kinds `k` with `counts[k] > 0`, as bits: eight counts at a time, bit 7
/// of each byte set when the byte is not 0, then those eight bits gathered
/// into the top byte by one multiplication (bit `8i` moves to `56 + i`; no
/// two products meet).
#[inline(always)]
fn kinds_with_pieces(counts: &[u8; KIND_COUNT]) -> u16 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut bits = 0u16;
    for (half, eight) in counts.chunks_exact(8).enumerate() {
        let mut b = [0u8; 8];
        b.copy_from_slice(eight);
        let x = u64::from_le_bytes(b);
        let high = (((x & LOW) + LOW) | x) & !LOW;
        let gathered = ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16;
        bits |= gathered << (8 * half);
    }
    bits
}

/// Prints the board as the viewer sees it: own pieces by letter, enemy pieces by
/// letter when known and `?` when not (upper case Red, lower case Blue), the
/// top rank first, as Red sits; [`View::diagram`] turns it to Blue's side.
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.diagram(Side::Red).fmt(f)
    }
}

impl View {
    /// The board as [`Display`](fmt::Display) prints it, seen from `from`'s
    /// side of the table: for Blue turned half a turn, rank 1 at the top and
    /// file `a` on the right, so that Blue's own rows are at the bottom (as a
    /// player sitting there sees them).
    ///
    /// ```
    /// use marsal::{Position, Ruleset, Setup, Side};
    /// let rules = Ruleset::barrage();
    /// let red = Setup::random(&rules, Side::Red, 1);
    /// let blue = Setup::random(&rules, Side::Blue, 2);
    /// let pos = Position::new(&rules, &red, &blue)?;
    /// let text = pos.view(Side::Blue).diagram(Side::Blue).to_string();
    /// assert!(text.starts_with("  1 "));
    /// assert!(text.ends_with("     j i h g f e d c b a"));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn diagram(&self, from: Side) -> ViewDiagram<'_> {
        ViewDiagram { view: self, from }
    }
}

/// A [`View`]'s board seen from one side of the table ([`View::diagram`]).
#[derive(Clone, Copy, Debug)]
pub struct ViewDiagram<'a> {
    view: &'a View,
    from: Side,
}

impl fmt::Display for ViewDiagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.view;
        crate::referee::board::geometry::write_diagram_from(f, v.files, v.ranks, self.from, |sq| {
            match v.at(sq) {
                SquareView::OffBoard => ' ',
                SquareView::Lake => '~',
                SquareView::Empty => '.',
                SquareView::Own { kind, .. } => Piece::new(v.side, kind).letter(),
                SquareView::Enemy { possible } => match possible.single() {
                    Some(kind) => Piece::new(!v.side, kind).letter(),
                    None => '?',
                },
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blue's diagram is Red's turned half a turn: the rows in the other
    /// order, each row's squares right to left, the file letters too; Red's
    /// diagram is the `Display` text.
    #[test]
    fn blue_sees_the_board_turned_half_a_turn() {
        use crate::{Position, Ruleset, Setup};
        extern crate std;
        use std::string::ToString;
        use std::vec::Vec;
        for rules in [Ruleset::classic(), Ruleset::marsal_a_spion()] {
            let red = Setup::random(&rules, Side::Red, 3);
            let blue = Setup::random(&rules, Side::Blue, 4);
            let pos = Position::new(&rules, &red, &blue).unwrap();
            for side in Side::BOTH {
                let view = pos.view(side);
                let (files, ranks) = (usize::from(view.files), usize::from(view.ranks));
                let as_red = view.diagram(Side::Red).to_string();
                assert_eq!(as_red, view.to_string());
                let as_blue = view.diagram(Side::Blue).to_string();
                let red_lines: Vec<&str> = as_red.lines().collect();
                let blue_lines: Vec<&str> = as_blue.lines().collect();
                assert_eq!(red_lines.len(), ranks + 1);
                assert_eq!(blue_lines.len(), ranks + 1);
                for i in 0..ranks {
                    let (r, b) = (red_lines[i], blue_lines[ranks - 1 - i]);
                    assert_eq!(r[..4], b[..4], "the rank's label");
                    assert_eq!(r.len(), 4 + 2 * files);
                    let turned: std::string::String = r[4..].chars().rev().collect();
                    let expected = std::format!(" {}", &turned[..turned.len() - 1]);
                    assert_eq!(b[4..], expected, "{side:?} rank {i}\n{as_red}\n{as_blue}");
                }
                assert!(red_lines[0].starts_with(&std::format!("{ranks:>3} ")));
                assert!(blue_lines[0].starts_with("  1 "));
                let letters: std::string::String = (0..files)
                    .map(|f| std::format!(" {}", (b'a' + f as u8) as char))
                    .collect();
                let back: std::string::String = (0..files)
                    .rev()
                    .map(|f| std::format!(" {}", (b'a' + f as u8) as char))
                    .collect();
                assert_eq!(red_lines[ranks], std::format!("    {letters}"));
                assert_eq!(blue_lines[ranks], std::format!("    {back}"));
            }
        }
    }

    /// A kind stays possible exactly while the opponent counts a piece of it:
    /// every count, in every place, alone and among others.
    #[test]
    fn a_kind_is_possible_while_a_piece_of_it_is_counted() {
        for k in 0..KIND_COUNT {
            for n in 0..=255u8 {
                let mut one = [0; KIND_COUNT];
                one[k] = n;
                assert_eq!(kinds_with_pieces(&one), u16::from(n > 0) << k, "{k} {n}");
                let mut others = [n; KIND_COUNT];
                others[k] = 0;
                let want = if n > 0 { !(1u16 << k) } else { 0 };
                assert_eq!(kinds_with_pieces(&others), want, "{k} {n}");
            }
        }
    }

    /// Pieces of which the same is known share a group, numbered in the
    /// order the first piece of each comes; a board has no more pieces than
    /// squares, and any further sets of kinds (which no position has) go to
    /// the last group rather than past the list.
    #[test]
    fn pieces_of_which_the_same_is_known_share_a_group() {
        let mut groups = KnownGroups::new();
        for (i, known) in [5u16, 5, 9, 5, 9, 3].into_iter().enumerate() {
            let want = [0, 0, 1, 0, 1, 2][i];
            assert_eq!(groups.add(known), want, "piece {i}");
        }
        assert_eq!(groups.known(), &[5, 9, 3]);
        assert_eq!(&groups.size[..3], &[3, 2, 1]);
        let mut many = KnownGroups::new();
        for known in 1..=(GRID_SQUARES as u16 + 3) {
            assert!(many.add(known) < GRID_SQUARES);
        }
        assert_eq!(many.known().len(), GRID_SQUARES);
        // Grouping again starts from no group, however many there were.
        for n in [3u16, 20, 40] {
            let mut again = KnownGroups::new();
            for _ in 0..2 {
                again.clear();
                for known in 1..=n {
                    again.add(known);
                }
                assert_eq!(again.known().len(), usize::from(n));
                assert!(again.size[..usize::from(n)].iter().all(|&s| s == 1), "{n}");
            }
        }
    }

    /// A piece is identified when exactly one kind is possible for it.
    #[test]
    fn a_piece_is_identified_when_one_kind_is_left() {
        for k in 0..=u16::MAX {
            assert_eq!(one_kind(k), k.count_ones() == 1, "{k:#x}");
        }
    }
}
