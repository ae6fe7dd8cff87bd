//! `GameCore`: the base class of `marsal.Game` that holds its two per-ply
//! calls, `legal_moves` and `play` with an interned `Move`, compiled (a ply
//! from Python costs a few hundred nanoseconds of wrapper, not microseconds of
//! ctypes). `marsal.Game` does everything else through ctypes on the same
//! handle; it attaches the handle here when it gets one and detaches it
//! before freeing it.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::ffi::{
    MARSAL_MAX_LEGAL_MOVES, MarsalGame, MarsalMove, MarsalOutcome, MarsalSquare,
    marsal_game_legal_moves, marsal_game_play_legal_moves,
};
use crate::legal_moves::LegalMoves;
use crate::tables::tables;

/// The per-ply part of `marsal.Game`: the handle's address and the legal
/// moves of its position, brought back by each play.
#[pyclass(subclass, module = "marsal._native", name = "GameCore")]
pub struct GameCore {
    /// The `MarsalGame*` the Python object owns, 0 when it has none (before
    /// it got one, after `close`).
    game: usize,
    /// The legal moves the last call wrote (`MARSAL_MAX_LEGAL_MOVES`).
    moves: Box<[MarsalMove]>,
    /// How many of `moves` are the position's.
    count: usize,
    /// Whether `moves` holds the legal moves of the position now.
    fresh: bool,
}

/// The 4-byte code of a move: from file, from rank, to file, to rank, as a
/// little-endian u32 (the key the package interns moves by).
#[inline]
fn key(m: &MarsalMove) -> u32 {
    u32::from_le_bytes([m.from.file, m.from.rank, m.to.file, m.to.rank])
}

/// The move of a code.
#[inline]
fn c_move(key: u32) -> MarsalMove {
    let [f, r, tf, tr] = key.to_le_bytes();
    MarsalMove {
        from: MarsalSquare { file: f, rank: r },
        to: MarsalSquare { file: tf, rank: tr },
    }
}

/// The outcome's 9 bytes, as ctypes lays out `MarsalOutcome`.
#[inline]
fn outcome_bytes(o: &MarsalOutcome) -> [u8; 9] {
    let m = &o.mv;
    [
        m.from.file,
        m.from.rank,
        m.to.file,
        m.to.rank,
        o.side,
        o.piece,
        o.defender,
        o.battle,
        o.attacker_revealed as u8,
    ]
}

const EMPTY_MOVE: MarsalMove = MarsalMove {
    from: MarsalSquare { file: 0, rank: 0 },
    to: MarsalSquare { file: 0, rank: 0 },
};

impl GameCore {
    /// The handle, or the ValueError of a closed game.
    #[inline]
    fn handle(&self) -> PyResult<*mut MarsalGame> {
        if self.game == 0 {
            return Err(PyValueError::new_err("operation on a closed Game"));
        }
        Ok(self.game as *mut MarsalGame)
    }
}

#[pymethods]
impl GameCore {
    /// A core with no handle (any arguments: the subclass's `__init__` takes
    /// them).
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> GameCore {
        GameCore {
            game: 0,
            moves: vec![EMPTY_MOVE; MARSAL_MAX_LEGAL_MOVES].into_boxed_slice(),
            count: 0,
            fresh: false,
        }
    }

    /// Attaches the `MarsalGame*` at `address` (0 detaches). Private to
    /// `marsal.Game`: the address must be a live handle the object owns. A
    /// core holds one handle in its life: attaching another while one is
    /// attached is a `RuntimeError`.
    fn _core_attach(&mut self, address: usize) -> PyResult<()> {
        if address != 0 && self.game != 0 && address != self.game {
            return Err(PyRuntimeError::new_err("this Game already holds a handle"));
        }
        self.game = address;
        self.fresh = false;
        self.count = 0;
        Ok(())
    }

    /// Whether the kept legal moves are the position's (set to False by every
    /// other call that may change the game).
    #[getter]
    fn _legal_fresh(&self) -> bool {
        self.fresh
    }

    #[setter(_legal_fresh)]
    fn set_legal_fresh(&mut self, fresh: bool) {
        // Only forgetting is allowed: the moves are the library's to bring.
        self.fresh &= fresh;
    }

    /// The legal moves of the side to move (empty once the game is over), a
    /// `LegalMoves`. Right after `play` no call into the library is made.
    fn legal_moves(&mut self, py: Python<'_>) -> PyResult<LegalMoves> {
        if !self.fresh {
            let game = self.handle()?;
            let mut n = 0usize;
            // SAFETY: `game` is the live handle the object owns (attached by
            // `marsal.Game`, detached before it is freed); `moves` has
            // `MARSAL_MAX_LEGAL_MOVES` writable elements, `n` is writable.
            let st = unsafe {
                marsal_game_legal_moves(game, self.moves.as_mut_ptr(), self.moves.len(), &mut n)
            } as i32;
            if st != 0 {
                return Err(tables(py)?.error(py, st));
            }
            self.count = n;
            self.fresh = true;
        }
        Ok(LegalMoves::from_keys(
            self.moves[..self.count].iter().map(key).collect(),
        ))
    }

    /// Plays `move` (a `Move`, its text `"e5-e6"` / `"e5xe6"`, or a pair of
    /// square names) and returns its `Outcome`; also brings back the next
    /// legal moves. Raises IllegalMove or GameOver (nothing changes),
    /// ParseError for bad text, InvalidArgument for a square outside the
    /// 12 x 12 grid.
    #[pyo3(name = "play")]
    fn play<'py>(
        slf: &Bound<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let t = tables(py)?;
        if r#move.is_instance_of::<pyo3::types::PyString>()
            || r#move.is_instance_of::<pyo3::types::PyBytes>()
        {
            slf.borrow_mut().fresh = false;
            return slf.call_method1("_play_text", (r#move,));
        }
        let mv = c_move(t.key_of(py, r#move)?);
        let mut core = slf.borrow_mut();
        let game = core.handle()?;
        core.fresh = false;
        let mut outcome = MarsalOutcome {
            mv: EMPTY_MOVE,
            side: 0,
            piece: 0,
            defender: 0,
            battle: 0,
            attacker_revealed: false,
        };
        let mut n = 0usize;
        let cap = core.moves.len();
        // SAFETY: `game` is the live handle the object owns; `mv` and
        // `outcome` are valid; `moves` has `cap` writable elements.
        let st = unsafe {
            marsal_game_play_legal_moves(
                game,
                &mv,
                &mut outcome,
                core.moves.as_mut_ptr(),
                cap,
                &mut n,
            )
        } as i32;
        if st != 0 {
            drop(core);
            return Err(t.error(py, st));
        }
        core.count = n;
        core.fresh = true;
        drop(core);
        t.outcome_of(py, outcome_bytes(&outcome))
    }
}
