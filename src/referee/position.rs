//! The position: the board, whose turn it is, what each side knows, and the status.

use crate::referee::army::Army;
use crate::referee::board::bitboard::{Bits, Boards};
use crate::referee::board::cell::{EMPTY, LAKE, OFF, code, kind_of, owner};
use crate::referee::board::square::{CELLS, STRIDE, Square};
use crate::referee::combat::{Battle, combat};
use crate::referee::moves::{Move, MoveParseError, parse_move_text};
use crate::referee::outcome::{Fight, Outcome};
use crate::referee::piece::{KIND_COUNT, KindSet, Piece, PieceKind, Side};
use crate::referee::ruleset::{NoMoveRule, RevealRule, Ruleset};
use crate::referee::setup::{Setup, SetupError};
use crate::referee::status::{DrawReason, Status, WinReason};
use crate::referee::two_square::Chain;
use crate::referee::zobrist;
use core::fmt;

mod ending;
#[cfg(feature = "alloc")] // used by Game
pub(crate) use ending::no_move_ending;
mod errors;
mod make;
pub(crate) mod state;

pub use errors::{MoveError, PositionError, PositionTextError};
use state::{FarCounts, HopeRegions};

/// A position of a game: where every piece stands, whose turn it is, what each
/// side has learnt about the other's pieces, the ply counters and the status.
///
/// `Position` is `Copy` and never allocates: a whole game can be set up and
/// played with it alone (see [`Game`](crate::Game) for history and undo).
/// Every way to build one checks it: from two [`Setup`]s ([`Position::new`]) or
/// from the position text ([`Position::from_text`]).
///
/// ```
/// use marsal::{Position, Ruleset, Setup, Side};
/// let mut rules = Ruleset::marsal_a_spion();
/// rules.max_plies = Some(500);
/// let red = Setup::random(&rules, Side::Red, 1);
/// let blue = Setup::random(&rules, Side::Blue, 2);
/// let mut pos = Position::new(&rules, &red, &blue)?;
/// while !pos.status().is_over() {
///     let moves = pos.legal_moves();
///     let mv = moves[pos.ply() as usize % moves.len()];
///     pos.play(mv)?;
/// }
/// assert!(pos.ply() <= 500);
/// println!("{}", pos.status());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) rules: Ruleset,
    /// Cell codes of the padded board.
    pub(crate) cells: [u8; CELLS],
    /// For each piece: the kinds its owner's opponent still thinks possible.
    pub(crate) knowledge: [u16; CELLS],
    /// Pieces on the board, by side and kind.
    pub(crate) on_board: [[u8; KIND_COUNT]; 2],
    pub(crate) to_move: Side,
    pub(crate) ply: u32,
    pub(crate) plies_since_attack: u32,
    pub(crate) status: Status,
    pub(crate) hash: u64,
    pub(crate) last: Option<Outcome>,
    /// Each side's two-square chain (see [`two_square`](crate::two_square)).
    pub(crate) chains: [Chain; 2],
    /// The same board as bitboards (see [`bitboard`](crate::referee::board::bitboard)).
    pub(crate) boards: Boards,
    /// The long moves of the far-moving pieces (see
    /// [`far_moves`](crate::referee::far_moves)).
    pub(crate) far: FarCounts,
    /// With the no-hope draw: the squares from which each side can reach the
    /// enemy Flag (see [`no_hope`](crate::no_hope)); empty otherwise.
    pub(crate) hope: HopeRegions,
    /// Pieces absent from the board whose capture the opponent did not see
    /// (only a position read from text has them, see
    /// [`notation`](crate::notation)), by side and kind: counting deduces
    /// nothing from them.
    pub(crate) unknown_absent: [[u8; KIND_COUNT]; 2],
}

impl Position {
    /// The game's start: both setups are validated against `rules`
    /// ([`Setup::validate`]), Red's setup must be for [`Side::Red`] and Blue's for
    /// [`Side::Blue`]; [`Ruleset::first_to_move`] moves first.
    ///
    /// ```
    /// use marsal::{Position, PositionError, Ruleset, Setup, SetupError, Side};
    /// let rules = Ruleset::barrage();
    /// let red = Setup::random(&rules, Side::Red, 1);
    /// let err = Position::new(&rules, &red, &red).unwrap_err();
    /// assert!(matches!(err, PositionError::Setup { side: Side::Blue, error: SetupError::WrongSide { .. } }));
    /// ```
    pub fn new(rules: &Ruleset, red: &Setup, blue: &Setup) -> Result<Position, PositionError> {
        rules.validate()?;
        let mut pos = Position::empty(rules);
        for (side, setup) in [(Side::Red, red), (Side::Blue, blue)] {
            if setup.side() != side {
                return Err(PositionError::Setup {
                    side,
                    error: SetupError::WrongSide {
                        expected: side,
                        found: setup.side(),
                    },
                });
            }
            setup
                .validate(rules)
                .map_err(|error| PositionError::Setup { side, error })?;
            for (sq, kind) in setup.pieces() {
                pos.put(sq, Piece::new(side, kind))?;
            }
        }
        pos.finish(rules.first_to_move)?;
        Ok(pos)
    }

    /// A board with no pieces (terrain only), Red to move, not yet finished:
    /// the pieces go on with [`Position::put`] (or [`Position::place`]), then
    /// [`Position::finish`] completes it (the bitboards of the empty squares
    /// among the rest).
    pub(crate) fn empty(rules: &Ruleset) -> Position {
        let g = &rules.board;
        let mut cells = [OFF; CELLS];
        Bits::of_squares(g.playable)
            .cells()
            .for_each(|cell| cells[cell] = EMPTY);
        // Lakes are never playable (see `Ruleset::validate`).
        Bits::of_squares(g.lakes)
            .cells()
            .for_each(|cell| cells[cell] = LAKE);
        Position {
            rules: *rules,
            cells,
            knowledge: [0; CELLS],
            on_board: [[0; KIND_COUNT]; 2],
            unknown_absent: [[0; KIND_COUNT]; 2],
            to_move: rules.first_to_move,
            ply: 0,
            plies_since_attack: 0,
            status: Status::Ongoing {
                to_move: rules.first_to_move,
            },
            hash: 0,
            last: None,
            chains: [Chain::default(); 2],
            boards: Boards::new(g.playable),
            far: FarCounts::default(),
            hope: HopeRegions::default(),
        }
    }

    /// Puts a piece on an empty playable square while building a position; the
    /// opponent knows only that it belongs to the owner's army.
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) -> Result<(), PositionError> {
        if self.cells[sq.cell()] != EMPTY {
            return Err(match self.cells[sq.cell()] {
                OFF | LAKE => PositionError::NotPlayable(sq),
                _ => PositionError::Setup {
                    side: piece.side,
                    error: SetupError::DoublyUsed(sq),
                },
            });
        }
        let army = self.rules.army(piece.side);
        let n = self.on_board[piece.side.index()][piece.kind.index()];
        if n >= army.count(piece.kind) {
            return Err(PositionError::TooMany {
                side: piece.side,
                kind: piece.kind,
                army: army.count(piece.kind),
                found: n.saturating_add(1),
            });
        }
        self.place(piece.side, piece.kind, &[sq], army.kinds());
        Ok(())
    }

    /// [`Position::put`] without its checks, for pieces known to fit (a random
    /// setup's, legal by construction): puts a `kind` of `side` on each of the
    /// empty playable `squares`, where the opponent knows only that it is one
    /// of `army_kinds` (the kinds of `side`'s army). Counts and hashes them.
    #[inline(always)]
    fn place(&mut self, side: Side, kind: PieceKind, squares: &[Square], army_kinds: KindSet) {
        let c = code(side, kind);
        let mut added = Bits::default();
        for sq in squares {
            let cell = sq.cell();
            debug_assert_eq!(self.cells[cell], EMPTY);
            self.cells[cell] = c;
            self.knowledge[cell] = army_kinds.bits();
            self.hash ^= zobrist::piece_key(cell, c);
            added.set(cell);
        }
        let n = &mut self.on_board[side.index()][kind.index()];
        // At most the army's count (a `u8`).
        *n += squares.len() as u8;
        debug_assert!(*n <= self.rules.army(side).count(kind));
        self.boards.add_pieces(added, side, kind);
    }

    /// Completes a position built with [`Position::put`]: side to move, the
    /// empty squares' bitboards, hash and status.
    pub(crate) fn finish(&mut self, to_move: Side) -> Result<(), PositionError> {
        if self.on_board[0][PieceKind::Flag.index()] == 0
            && self.on_board[1][PieceKind::Flag.index()] == 0
        {
            return Err(PositionError::NoFlags);
        }
        self.to_move = to_move;
        self.boards.set_empty(self.rules.board.playable);
        // The pieces were hashed as they were put.
        if to_move == Side::Blue {
            self.hash ^= zobrist::BLUE_TO_MOVE;
        }
        debug_assert_eq!(self.hash, self.hash_from_scratch());
        self.recount_far();
        self.recount_hope();
        self.status = self.evaluate(true);
        Ok(())
    }

    /// The ruleset this position is played under.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert!(!pos.rules().diagonal_steps);
    /// ```
    #[inline]
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// A game start with random setups for both sides (Red's from `red_seed`,
    /// Blue's from `blue_seed`, see [`Setup::random`]); fails only when `rules`
    /// is not valid.
    ///
    /// ```
    /// let pos = marsal::Position::start(&marsal::Ruleset::barrage(), 7, 8)?;
    /// assert_eq!(pos.ply(), 0);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn start(
        rules: &Ruleset,
        red_seed: u64,
        blue_seed: u64,
    ) -> Result<Position, PositionError> {
        rules.validate()?;
        let mut pos = Position::empty(rules);
        for (side, seed) in [(Side::Red, red_seed), (Side::Blue, blue_seed)] {
            // Random setups are legal by construction: no second validation,
            // and the pieces go straight onto the board, unchecked.
            debug_assert_eq!(Setup::random(rules, side, seed).validate(rules), Ok(()));
            let kinds = rules.army(side).kinds();
            Setup::random_placement(rules, side, seed, |kind, squares| {
                pos.place(side, kind, squares, kinds);
            });
        }
        pos.finish(rules.first_to_move)?;
        Ok(pos)
    }

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use marsal::{Piece, PieceKind, Position, Ruleset, Side};
    /// let pos = Position::from_text(&Ruleset::barrage(), "\
    ///     f........./........../........../........../..~~..~~../\
    ///     ..~~..~~../........../........../........../F......... r").unwrap();
    /// assert_eq!(pos.piece_at("a1".parse().unwrap()), Some(Piece::new(Side::Red, PieceKind::Flag)));
    /// assert_eq!(pos.piece_at("b1".parse().unwrap()), None);
    /// ```
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let c = self.cells[square.cell()];
        owner(c).map(|side| Piece::new(side, kind_of(c)))
    }

    /// Every piece of `side` with its square, in square order.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.pieces(marsal::Side::Red).count(), 40);
    /// ```
    pub fn pieces(&self, side: Side) -> impl Iterator<Item = (Square, PieceKind)> + '_ {
        self.rules.board.playable.iter().filter_map(move |sq| {
            self.piece_at(sq)
                .filter(|p| p.side == side)
                .map(|p| (sq, p.kind))
        })
    }

    /// How many pieces of `kind` `side` still has on the board.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.count(marsal::Side::Blue, marsal::PieceKind::Scout), 8);
    /// ```
    #[inline]
    pub fn count(&self, side: Side, kind: PieceKind) -> u8 {
        self.on_board[side.index()][kind.index()]
    }

    /// The pieces `side` still has on the board, as an [`Army`] (public knowledge:
    /// every removed piece is shown to both players).
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::barrage(), 1, 2).unwrap();
    /// assert_eq!(pos.remaining(marsal::Side::Red), marsal::Army::barrage());
    /// ```
    pub fn remaining(&self, side: Side) -> Army {
        PieceKind::ALL
            .into_iter()
            .fold(Army::EMPTY, |a, k| a.with(k, self.count(side, k)))
    }

    /// The pieces of `side` absent from the board whose capture its opponent
    /// did not see: none in a game played from setups; in a position read from
    /// text, those the text does not state as captured in public (see
    /// [`notation`](crate::notation)).
    ///
    /// ```
    /// use marsal::{PieceKind, Position, Ruleset, Side};
    /// let rules = Ruleset::barrage();
    /// let rows = "........yf/........../........../........../..~~..~~../\
    ///             ..~~..~~../........../........../........../M........F";
    /// let pos = Position::from_text(&rules, &format!("{rows} b"))?;
    /// assert_eq!(pos.unknown_absent(Side::Blue).count(PieceKind::Marshal), 1);
    /// let pos = Position::from_text(&rules, &format!("{rows} b m"))?;
    /// assert_eq!(pos.unknown_absent(Side::Blue).count(PieceKind::Marshal), 0);
    /// assert_eq!(pos.publicly_captured(Side::Blue).count(PieceKind::Marshal), 1);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn unknown_absent(&self, side: Side) -> Army {
        PieceKind::ALL.into_iter().fold(Army::EMPTY, |a, k| {
            a.with(k, self.unknown_absent[side.index()][k.index()])
        })
    }

    /// The pieces of `side` captured in public view: its army less what is on
    /// the board and less [`Position::unknown_absent`].
    pub fn publicly_captured(&self, side: Side) -> Army {
        let army = self.rules.army(side);
        PieceKind::ALL.into_iter().fold(Army::EMPTY, |a, k| {
            let gone = army.count(k).saturating_sub(self.count(side, k));
            a.with(
                k,
                gone.saturating_sub(self.unknown_absent[side.index()][k.index()]),
            )
        })
    }

    /// What `viewer` knows of the pieces `side` has left: the exact counts of
    /// its own side; of the other side, the pieces not known to be captured
    /// (those on the board and the unknown absent ones).
    pub(crate) fn remaining_as_seen(&self, side: Side, viewer: Side) -> Army {
        if side == viewer {
            return self.remaining(side);
        }
        PieceKind::ALL.into_iter().fold(Army::EMPTY, |a, k| {
            a.with(
                k,
                self.count(side, k)
                    .saturating_add(self.unknown_absent[side.index()][k.index()]),
            )
        })
    }

    /// What the opponent of the piece's owner knows of the piece on `square`:
    /// the kinds it may still be (as in that opponent's [`View`](crate::View)).
    /// `None` when the square holds no piece.
    ///
    /// ```
    /// use marsal::{KindSet, PieceKind, Position, Ruleset};
    /// let pos = Position::start(&Ruleset::barrage(), 1, 2).unwrap();
    /// let (sq, _) = pos.pieces(marsal::Side::Red).next().unwrap();
    /// assert_eq!(pos.known_to_opponent(sq), Some(marsal::Army::barrage().kinds()));
    /// ```
    pub fn known_to_opponent(&self, square: Square) -> Option<KindSet> {
        owner(self.cells[square.cell()])
            .map(|_| KindSet::from_bits(self.refined_knowledge()[square.cell()]))
    }

    /// Who plays next (also after the game ended: the side that would have).
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.to_move(), marsal::Side::Red);
    /// ```
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Plies played so far.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.ply(), 0);
    /// ```
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Plies played since the last attack (or since the start).
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.plies_since_attack(), 0);
    /// ```
    #[inline]
    pub fn plies_since_attack(&self) -> u32 {
        self.plies_since_attack
    }

    /// Whether the game goes on, and if not, how it ended.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert!(!pos.status().is_over());
    /// ```
    #[inline]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The Zobrist hash of the placement of the pieces and the side to move,
    /// updated incrementally by [`Position::play`]. What the players know is not
    /// part of it.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.hash(), pos.hash_from_scratch());
    /// ```
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash of the placement alone (without the side to move).
    #[inline]
    #[cfg(feature = "alloc")] // used by Game
    pub(crate) fn placement_hash(&self) -> u64 {
        zobrist::placement(self.hash, self.to_move)
    }

    /// The Zobrist hash computed from the whole board (what [`Position::hash`] must
    /// always equal).
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::barrage(), 1, 2).unwrap();
    /// assert_eq!(pos.hash_from_scratch(), pos.hash());
    /// ```
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = if self.to_move == Side::Blue {
            zobrist::BLUE_TO_MOVE
        } else {
            0
        };
        for (cell, &c) in self.cells.iter().enumerate() {
            if owner(c).is_some() {
                h ^= zobrist::piece_key(cell, c);
            }
        }
        h
    }

    /// The last move played and what it did, if any move was played.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// assert!(pos.last_outcome().is_none());
    /// ```
    #[inline]
    pub fn last_outcome(&self) -> Option<Outcome> {
        self.last
    }

    /// Checks that `mv` is legal for the side to move, saying why not.
    ///
    /// ```
    /// use marsal::{MoveError, Position, Ruleset};
    /// let pos = Position::start(&Ruleset::classic(), 1, 2).unwrap();
    /// assert_eq!(pos.check_move("e5-e6".parse()?), Err(MoveError::NoPiece("e5".parse()?)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        if self.status.is_over() {
            return Err(MoveError::GameOver);
        }
        let side = self.to_move;
        let (from, to) = (mv.from, mv.to);
        let p = self.cells[from.cell()];
        let kind = match p {
            EMPTY => return Err(MoveError::NoPiece(from)),
            OFF => return Err(MoveError::OffBoard(from)),
            LAKE => return Err(MoveError::Lake(from)),
            _ if owner(p) != Some(side) => return Err(MoveError::NotYourPiece(from)),
            _ => kind_of(p),
        };
        if !kind.is_movable() {
            return Err(MoveError::Immovable { square: from, kind });
        }
        if from == to {
            return Err(MoveError::SameSquare);
        }
        let t = self.cells[to.cell()];
        match t {
            OFF => return Err(MoveError::OffBoard(to)),
            LAKE => return Err(MoveError::Lake(to)),
            _ if owner(t) == Some(side) => return Err(MoveError::OwnPiece(to)),
            _ => {}
        }
        self.check_geometry(mv, kind, t)?;
        if let Some(limit) = self.rules.two_square {
            if self.chains[side.index()].forbids(mv, limit) {
                return Err(MoveError::TwoSquare { limit });
            }
        }
        Ok(())
    }

    /// The part of [`Position::check_move`] that depends only on the board.
    fn check_geometry(&self, mv: Move, kind: PieceKind, t: u8) -> Result<(), MoveError> {
        let (from, to) = (mv.from, mv.to);
        let (df, dr) = mv.delta();
        if df.abs() <= 1 && dr.abs() <= 1 {
            if df != 0 && dr != 0 {
                if !self.rules.diagonal_steps {
                    return Err(MoveError::DiagonalStep);
                }
                if t != EMPTY {
                    return Err(MoveError::DiagonalAttack(to));
                }
                let (v, h) = (dr as isize * STRIDE as isize, df as isize);
                if self.corner_closed(from.cell(), v, h) {
                    // The squares beside take a coordinate of each end: both
                    // lie in the grid.
                    let beside =
                        |f: Square, r: Square| Square::new(f.file(), r.rank()).unwrap_or(to);
                    return Err(MoveError::CornerBlocked(beside(from, to), beside(to, from)));
                }
            }
            Ok(())
        } else if df == 0 || dr == 0 {
            if !kind.moves_far() {
                return Err(MoveError::TooFar(kind));
            }
            let step = df.signum() as isize + dr.signum() as isize * STRIDE as isize;
            let mut c = from.cell() as isize + step;
            while c != to.cell() as isize {
                if self.cells[c as usize] != EMPTY {
                    return Err(MoveError::PathBlocked(
                        Square::from_cell(c as usize).unwrap_or(to),
                    ));
                }
                c += step;
            }
            Ok(())
        } else {
            Err(MoveError::NotALine)
        }
    }

    /// Whether the corner rule ([`Ruleset::corner_rule`]) forbids a diagonal
    /// step from `from` whose two squares beside lie `v` (north or south) and
    /// `h` (east or west) away: the rule is on and neither square is an empty
    /// square of the board. This is the rule square by square; the bitboard
    /// form, for all pieces at once, is `Position::corner_sources`.
    #[inline(always)]
    pub(crate) fn corner_closed(&self, from: usize, v: isize, h: isize) -> bool {
        self.rules.corner_rule
            && self.cells[(from as isize + v) as usize] != EMPTY
            && self.cells[(from as isize + h) as usize] != EMPTY
    }

    /// Whether `mv` is legal for the side to move.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// let mv = pos.legal_moves()[0];
    /// assert!(pos.is_legal(mv));
    /// ```
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Plays `mv` for the side to move and says what happened. An illegal move is
    /// refused with the reason and leaves the position exactly as it was; after
    /// the game has ended every move is refused ([`MoveError::GameOver`]).
    ///
    /// ```
    /// use marsal::{MoveError, Position, Ruleset};
    /// let mut pos = Position::start(&Ruleset::classic(), 1, 2).unwrap();
    /// let before = pos;
    /// assert!(pos.play("a1-a9".parse()?).is_err());
    /// assert_eq!(pos, before);
    /// let mv = pos.legal_moves()[0];
    /// let out = pos.play(mv)?;
    /// assert_eq!(out.mv, mv);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Outcome, MoveError> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Parses move text (see [`Position::parse_move`]) and plays it. After the
    /// game has ended every text is refused with [`MoveError::GameOver`], as in
    /// [`Position::play`].
    ///
    /// ```
    /// use marsal::{MoveError, MoveParseError, Position, Ruleset};
    /// let mut pos = Position::start(&Ruleset::classic(), 1, 2).unwrap();
    /// assert!(matches!(pos.play_text("e4"), Err(MoveError::Notation(MoveParseError::NoSeparator))));
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<Outcome, MoveError> {
        if self.status.is_over() {
            return Err(MoveError::GameOver);
        }
        let mv = self.parse_move(text)?;
        self.play(mv)
    }

    /// Reads move text: `e5-e6`, or `e5xe6` for an attack. The `x` must be written
    /// exactly when the target square holds an enemy piece (which both players can
    /// see). Legality is checked when the move is played.
    ///
    /// ```
    /// use marsal::{MoveParseError, Position, Ruleset};
    /// let pos = Position::start(&Ruleset::classic(), 1, 2).unwrap();
    /// assert!(pos.parse_move("a4-a5").is_ok());
    /// assert!(matches!(pos.parse_move("a4xa5"), Err(MoveParseError::NotAnAttack(_))));
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        let (mv, marked) = parse_move_text(text)?;
        let attack = self.is_attack(mv);
        if marked && !attack {
            return Err(MoveParseError::NotAnAttack(mv.to));
        }
        if !marked && attack {
            return Err(MoveParseError::IsAnAttack(mv.to));
        }
        Ok(mv)
    }

    /// Whether `mv`'s target holds a piece of the opponent of the piece on its
    /// source (so that playing it would be an attack).
    fn is_attack(&self, mv: Move) -> bool {
        match (
            owner(self.cells[mv.from.cell()]),
            owner(self.cells[mv.to.cell()]),
        ) {
            (Some(a), Some(d)) => a != d,
            _ => false,
        }
    }

    /// The text of `mv` in this position: `e5-e6`, or `e5xe6` when it attacks.
    ///
    /// ```
    /// # let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2).unwrap();
    /// let mv = pos.legal_moves()[0];
    /// assert_eq!(pos.parse_move(&pos.move_text(mv).to_string()), Ok(mv));
    /// ```
    pub fn move_text(&self, mv: Move) -> MoveText {
        MoveText {
            mv,
            attack: self.is_attack(mv),
        }
    }
}

/// A move written for a position (see [`Position::move_text`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveText {
    mv: Move,
    attack: bool,
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.mv.from,
            if self.attack { 'x' } else { '-' },
            self.mv.to
        )
    }
}

/// Prints the board as a diagram with coordinates, upper case for Red and lower
/// case for Blue, `~` for lakes, `.` for empty squares, followed by the status.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.diagram(Side::Red))?;
        write!(f, "ply {}: {}", self.ply, self.status)
    }
}

impl Position {
    /// The whole board (every piece shown, as a referee sees it) seen from
    /// `from`'s side of the table, without the status line: Red's diagram is
    /// the [`Display`](fmt::Display) board, Blue's is turned half a turn
    /// (rank 1 at the top, file `a` on the right) like
    /// [`View::diagram`](crate::View::diagram).
    ///
    /// ```
    /// use marsal::{Position, Ruleset, Setup, Side};
    /// let rules = Ruleset::barrage();
    /// let red = Setup::random(&rules, Side::Red, 1);
    /// let blue = Setup::random(&rules, Side::Blue, 2);
    /// let pos = Position::new(&rules, &red, &blue)?;
    /// assert!(pos.to_string().starts_with(&pos.diagram(Side::Red).to_string()));
    /// let turned = pos.diagram(Side::Blue).to_string();
    /// assert!(turned.starts_with("  1 "));
    /// assert!(turned.ends_with("     j i h g f e d c b a"));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn diagram(&self, from: Side) -> PositionDiagram<'_> {
        PositionDiagram {
            position: self,
            from,
        }
    }
}

/// A [`Position`]'s whole board seen from one side of the table
/// ([`Position::diagram`]).
#[derive(Clone, Copy, Debug)]
pub struct PositionDiagram<'a> {
    position: &'a Position,
    from: Side,
}

impl fmt::Display for PositionDiagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.position;
        let g = &p.rules.board;
        crate::referee::board::geometry::write_diagram_from(f, g.files, g.ranks, self.from, |sq| {
            match p.cells[sq.cell()] {
                EMPTY => '.',
                LAKE => '~',
                OFF => ' ',
                c => Piece::new(owner(c).unwrap_or(Side::Red), kind_of(c)).letter(),
            }
        })
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("board", &format_args!("{}", self.to_text()))
            .field("ply", &self.ply)
            .field("status", &self.status)
            .finish_non_exhaustive()
    }
}
