//! What a picture shows: every square as one viewer sees it, taken from a
//! side's [`View`] or from the referee's [`Position`], and nothing else.

use crate::RenderError;
use marsal::{
    Game, KindSet, PieceKind, Position, Ruleset, Side, Square, SquareView, Strengths, View,
};
use std::fmt;
use std::str::FromStr;

/// Whose eyes a picture is seen through.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Viewpoint {
    /// One side: its own pieces, and of each enemy piece only what it knows.
    Side(Side),
    /// The referee: every piece, each marked when its opponent knows it.
    Referee,
}

impl FromStr for Viewpoint {
    type Err = RenderError;

    /// `red`, `blue` or `referee` (any case).
    ///
    /// ```
    /// use marsal_render::Viewpoint;
    /// assert_eq!("Blue".parse::<Viewpoint>().unwrap(), Viewpoint::Side(marsal::Side::Blue));
    /// assert!("green".parse::<Viewpoint>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Viewpoint, RenderError> {
        match s.to_ascii_lowercase().as_str() {
            "red" => Ok(Viewpoint::Side(Side::Red)),
            "blue" => Ok(Viewpoint::Side(Side::Blue)),
            "referee" => Ok(Viewpoint::Referee),
            _ => Err(RenderError::UnknownViewpoint(s.to_string())),
        }
    }
}

impl fmt::Display for Viewpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Viewpoint::Side(s) => f.write_str(s.name()),
            Viewpoint::Referee => f.write_str("referee"),
        }
    }
}

/// How a piece shows its kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Look {
    /// The kind is shown.
    Kind(PieceKind),
    /// An enemy piece whose kind the viewer does not know: the kinds it may be.
    Unknown(KindSet),
}

/// What one square of a picture shows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cell {
    /// Not a square of the board.
    Off,
    /// A lake.
    Lake,
    /// An empty square.
    Empty,
    /// A piece.
    Piece {
        /// Its owner.
        side: Side,
        /// What the viewer sees of it.
        look: Look,
        /// Whether the owner's opponent knows its kind (shown for the
        /// viewer's own pieces, and for every piece in the referee's picture).
        known_to_opponent: bool,
    },
}

/// The last move, as a picture marks it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LastMove {
    /// Where the piece came from.
    pub from: Square,
    /// Where it went (or whom it attacked).
    pub to: Square,
    /// Whether the move attacked.
    pub fight: bool,
}

/// Everything one picture shows: the board, what the viewer sees on each
/// square, the setup zones and the last move. Built only from a side's
/// [`View`] (or, for the referee, the [`Position`]), so a side's picture holds
/// nothing that side may not know.
///
/// ```
/// use marsal::{Position, Ruleset, Side};
/// use marsal_render::{Picture, Viewpoint};
/// let rules = Ruleset::classic();
/// let pos = Position::start(&rules, 1, 2)?;
/// let p = Picture::from_view(&rules, &pos.view(Side::Red));
/// assert_eq!(p.viewpoint(), Viewpoint::Side(Side::Red));
/// assert_eq!(p.size(), (10, 10));
/// # Ok::<(), marsal::PositionError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Picture {
    pub(crate) viewpoint: Viewpoint,
    pub(crate) files: u8,
    pub(crate) ranks: u8,
    pub(crate) cells: Vec<Cell>,
    pub(crate) zones: Vec<Option<Side>>,
    pub(crate) strengths: Strengths,
    pub(crate) last: Option<LastMove>,
}

impl Picture {
    fn empty(rules: &Ruleset, viewpoint: Viewpoint) -> Picture {
        let g = &rules.board;
        let n = g.files as usize * g.ranks as usize;
        let mut p = Picture {
            viewpoint,
            files: g.files,
            ranks: g.ranks,
            cells: vec![Cell::Off; n],
            zones: vec![None; n],
            strengths: rules.strengths,
            last: None,
        };
        for sq in p.squares() {
            let i = p.index(sq);
            p.cells[i] = if g.is_lake(sq) {
                Cell::Lake
            } else if g.is_playable(sq) {
                Cell::Empty
            } else {
                Cell::Off
            };
            p.zones[i] = Side::BOTH.into_iter().find(|s| g.zone(*s).contains(sq));
        }
        p
    }

    /// The picture `view`'s side sees, on the board of `rules` (which gives the
    /// setup zones and the strengths printed on pieces; everything else comes
    /// from the view).
    ///
    /// ```
    /// use marsal::{Position, Ruleset, Side};
    /// use marsal_render::{Cell, Look, Picture};
    /// let rules = Ruleset::barrage();
    /// let pos = Position::start(&rules, 1, 2)?;
    /// let p = Picture::from_view(&rules, &pos.view(Side::Blue));
    /// let (sq, _) = pos.pieces(Side::Red).next().unwrap();
    /// assert!(matches!(p.cell(sq), Cell::Piece { look: Look::Unknown(_), .. }));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn from_view(rules: &Ruleset, view: &View) -> Picture {
        let side = view.side();
        let mut p = Picture::empty(rules, Viewpoint::Side(side));
        for sq in p.squares() {
            let cell = match view.at(sq) {
                SquareView::OffBoard => Cell::Off,
                SquareView::Lake => Cell::Lake,
                SquareView::Empty => Cell::Empty,
                SquareView::Own {
                    kind,
                    known_to_opponent,
                } => Cell::Piece {
                    side,
                    look: Look::Kind(kind),
                    known_to_opponent: known_to_opponent.single().is_some(),
                },
                SquareView::Enemy { possible } => Cell::Piece {
                    side: side.opponent(),
                    look: match possible.single() {
                        Some(k) => Look::Kind(k),
                        None => Look::Unknown(possible),
                    },
                    known_to_opponent: false,
                },
            };
            let i = p.index(sq);
            p.cells[i] = cell;
        }
        p.last = view.last().map(|o| LastMove {
            from: o.mv.from,
            to: o.mv.to,
            fight: o.battle.is_some(),
        });
        p
    }

    /// The referee's picture of `pos`: every piece shown, each marked when its
    /// opponent knows its kind.
    ///
    /// ```
    /// use marsal::{Position, Ruleset};
    /// use marsal_render::{Cell, Look, Picture, Viewpoint};
    /// let pos = Position::start(&Ruleset::classic(), 1, 2)?;
    /// let p = Picture::from_position(&pos);
    /// assert_eq!(p.viewpoint(), Viewpoint::Referee);
    /// assert!(p.cells().all(|(_, c)| !matches!(c, Cell::Piece { look: Look::Unknown(_), .. })));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn from_position(pos: &Position) -> Picture {
        let mut p = Picture::empty(pos.rules(), Viewpoint::Referee);
        for sq in p.squares() {
            if let Some(piece) = pos.piece_at(sq) {
                let known = pos.known_to_opponent(sq).and_then(|k| k.single()).is_some();
                let i = p.index(sq);
                p.cells[i] = Cell::Piece {
                    side: piece.side,
                    look: Look::Kind(piece.kind),
                    known_to_opponent: known,
                };
            }
        }
        p.last = pos.last_outcome().map(|o| LastMove {
            from: o.mv.from,
            to: o.mv.to,
            fight: o.is_attack(),
        });
        p
    }

    /// The picture of `pos` from `viewpoint`.
    ///
    /// ```
    /// use marsal::{Position, Ruleset, Side};
    /// use marsal_render::{Picture, Viewpoint};
    /// let pos = Position::start(&Ruleset::classic(), 1, 2)?;
    /// let p = Picture::of(&pos, Viewpoint::Side(Side::Blue));
    /// assert_eq!(p, Picture::from_view(pos.rules(), &pos.view(Side::Blue)));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn of(pos: &Position, viewpoint: Viewpoint) -> Picture {
        match viewpoint {
            Viewpoint::Side(s) => Picture::from_view(pos.rules(), &pos.view(s)),
            Viewpoint::Referee => Picture::from_position(pos),
        }
    }

    /// The picture of `game`'s current position from `viewpoint`.
    ///
    /// ```
    /// use marsal::{Game, Position, Ruleset, Side};
    /// use marsal_render::{Picture, Viewpoint};
    /// let game = Game::from_position(Position::start(&Ruleset::classic(), 1, 2)?);
    /// assert_eq!(Picture::of_game(&game, Viewpoint::Referee).viewpoint(), Viewpoint::Referee);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn of_game(game: &Game, viewpoint: Viewpoint) -> Picture {
        Picture::of(game.position(), viewpoint)
    }

    /// Whose picture it is.
    ///
    /// ```
    /// # use marsal::{Position, Ruleset, Side, PieceKind};
    /// # use marsal_render::{Cell, Picture, Viewpoint};
    /// let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2)?;
    /// let p = Picture::from_position(&pos);
    /// assert_eq!(p.viewpoint(), Viewpoint::Referee);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn viewpoint(&self) -> Viewpoint {
        self.viewpoint
    }

    /// Files and ranks of the board.
    ///
    /// ```
    /// # use marsal::{Position, Ruleset, Side, PieceKind};
    /// # use marsal_render::{Cell, Picture, Viewpoint};
    /// let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2)?;
    /// let p = Picture::from_position(&pos);
    /// assert_eq!(p.size(), (12, 12));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn size(&self) -> (u8, u8) {
        (self.files, self.ranks)
    }

    /// The last move, if the picture marks one.
    ///
    /// ```
    /// # use marsal::{Position, Ruleset, Side, PieceKind};
    /// # use marsal_render::{Cell, Picture, Viewpoint};
    /// let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2)?;
    /// let p = Picture::from_position(&pos);
    /// assert!(p.last_move().is_none());
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn last_move(&self) -> Option<LastMove> {
        self.last
    }

    /// What `square` shows ([`Cell::Off`] outside the board).
    ///
    /// ```
    /// # use marsal::{Position, Ruleset, Side, PieceKind};
    /// # use marsal_render::{Cell, Picture, Viewpoint};
    /// let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2)?;
    /// let p = Picture::from_position(&pos);
    /// assert_eq!(p.cell("a1".parse().unwrap()), Cell::Off);
    /// assert_eq!(p.cell("d5".parse().unwrap()), Cell::Lake);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn cell(&self, square: Square) -> Cell {
        if square.file() < self.files && square.rank() < self.ranks {
            self.cells[self.index(square)]
        } else {
            Cell::Off
        }
    }

    /// Every square of the board's rectangle with what it shows.
    ///
    /// ```
    /// # use marsal::{Position, Ruleset, Side, PieceKind};
    /// # use marsal_render::{Cell, Picture, Viewpoint};
    /// let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2)?;
    /// let p = Picture::from_position(&pos);
    /// assert_eq!(p.cells().count(), 144);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = (Square, Cell)> + '_ {
        self.squares().map(|sq| (sq, self.cell(sq)))
    }

    /// The setup zone `square` lies in, if any.
    ///
    /// ```
    /// # use marsal::{Position, Ruleset, Side, PieceKind};
    /// # use marsal_render::{Cell, Picture, Viewpoint};
    /// let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2)?;
    /// let p = Picture::from_position(&pos);
    /// assert_eq!(p.zone("b1".parse().unwrap()), Some(Side::Red));
    /// assert_eq!(p.zone("a5".parse().unwrap()), None);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn zone(&self, square: Square) -> Option<Side> {
        if square.file() < self.files && square.rank() < self.ranks {
            self.zones[self.index(square)]
        } else {
            None
        }
    }

    /// The strength printed on a piece of `kind` (0: none).
    ///
    /// ```
    /// # use marsal::{Position, Ruleset, Side, PieceKind};
    /// # use marsal_render::{Cell, Picture, Viewpoint};
    /// let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2)?;
    /// let p = Picture::from_position(&pos);
    /// assert_eq!(p.strength(PieceKind::Marshal), 9);
    /// assert_eq!(p.strength(PieceKind::Flag), 0);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn strength(&self, kind: PieceKind) -> u8 {
        self.strengths.get(kind)
    }

    fn index(&self, sq: Square) -> usize {
        sq.rank() as usize * self.files as usize + sq.file() as usize
    }

    fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        let (files, ranks) = (self.files, self.ranks);
        (0..ranks).flat_map(move |r| (0..files).filter_map(move |f| Square::new(f, r)))
    }
}
