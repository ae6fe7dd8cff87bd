//! What the Python package hands over once, at import: the tables its moves
//! and outcomes are interned in (so that the compiled calls return the very
//! objects the rest of the package makes), the functions that make a new one, and
//! its error check (so that a failed call raises the package's own
//! exceptions with the library's message).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyType};

/// Squares of the largest grid (12 x 12): a move's code has four coordinates
/// below 12 when it is on the grid.
const GRID: usize = 12;

/// The index of a code in [`Cache::moves`], `None` off the grid.
#[inline]
fn slot(key: u32) -> Option<usize> {
    let [f, r, tf, tr] = key.to_le_bytes().map(usize::from);
    if f.max(r).max(tf).max(tr) >= GRID {
        return None;
    }
    Some(((f * GRID + r) * GRID + tf) * GRID + tr)
}

/// A multiply-and-fold hash of one machine word or a few bytes (the keys
/// here are object addresses and 9-byte outcomes, not attacker-chosen text).
#[derive(Default)]
pub(crate) struct WordHasher(u64);

impl Hasher for WordHasher {
    #[inline]
    fn finish(&self) -> u64 {
        let h = self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ (h >> 29)
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for c in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            self.0 =
                (self.0.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(0x51_7CC1_B727_220A);
        }
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.0 = (self.0.rotate_left(5) ^ n as u64).wrapping_mul(0x51_7CC1_B727_220A);
    }
}

type WordMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// The interned objects already handed out, by code and by address: the same
/// objects as the package's dicts hold, found without hashing Python objects.
#[derive(Default)]
struct Cache {
    /// The interned move of each on-grid code ([`slot`]), once asked for.
    moves: Vec<Option<Py<PyAny>>>,
    /// The code of each interned move in `moves`, by the object's address
    /// (the objects are kept alive by `moves`, so an address is never reused).
    keys: WordMap<usize, u32>,
    /// The interned outcome of each 9 bytes seen.
    outcomes: WordMap<[u8; 9], Py<PyAny>>,
}

/// The package's tables and functions (see [`_configure`]).
pub(crate) struct Tables {
    /// `marsal.Move`.
    pub(crate) move_type: Py<PyType>,
    /// Interned moves by their 4-byte code (`_MOVE_BY_KEY`).
    pub(crate) move_by_key: Py<PyDict>,
    /// Interns and returns the move of a code (`_move_from_key`).
    pub(crate) move_from_key: Py<PyAny>,
    /// The code of each interned move (`_KEY_BY_MOVE`).
    pub(crate) key_by_move: Py<PyDict>,
    /// The code of any move argument (a `Move` or a pair of square names),
    /// interning it; raises for a square outside the grid (`_move_key`).
    pub(crate) move_key: Py<PyAny>,
    /// Interned outcomes by their 9 bytes (`_OUTCOME_BY_BYTES`).
    pub(crate) outcome_by_bytes: Py<PyDict>,
    /// Makes and interns the outcome of 9 bytes (`_outcome_from_bytes`).
    pub(crate) outcome_from_bytes: Py<PyAny>,
    /// Raises the package's exception for a failed status (`check`).
    pub(crate) check: Py<PyAny>,
    /// What was already looked up.
    cache: Mutex<Cache>,
}

static TABLES: PyOnceLock<Tables> = PyOnceLock::new();

/// Hands the package's tables and functions to the module; called once by
/// `marsal` when it loads the module. A second call is a `RuntimeError`.
#[pyfunction]
#[allow(clippy::too_many_arguments, reason = "one argument a table, named")]
pub(crate) fn _configure(
    py: Python<'_>,
    move_type: Py<PyType>,
    move_by_key: Py<PyDict>,
    move_from_key: Py<PyAny>,
    key_by_move: Py<PyDict>,
    move_key: Py<PyAny>,
    outcome_by_bytes: Py<PyDict>,
    outcome_from_bytes: Py<PyAny>,
    check: Py<PyAny>,
) -> PyResult<()> {
    let t = Tables {
        move_type,
        move_by_key,
        move_from_key,
        key_by_move,
        move_key,
        outcome_by_bytes,
        outcome_from_bytes,
        check,
        cache: Mutex::new(Cache {
            moves: (0..GRID * GRID * GRID * GRID).map(|_| None).collect(),
            ..Cache::default()
        }),
    };
    TABLES
        .set(py, t)
        .map_err(|_| PyRuntimeError::new_err("marsal._native is configured once"))
}

/// The tables, or a `RuntimeError` before the package configured them.
pub(crate) fn tables(py: Python<'_>) -> PyResult<&'static Tables> {
    TABLES.get(py).ok_or_else(|| {
        PyRuntimeError::new_err("marsal._native is used before `import marsal` configured it")
    })
}

impl Tables {
    /// The cache (never poisoned: nothing panics while it is held).
    #[inline]
    fn cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The interned move of a code.
    #[inline]
    pub(crate) fn move_of<'py>(&self, py: Python<'py>, key: u32) -> PyResult<Bound<'py, PyAny>> {
        let slot = slot(key);
        if let Some(i) = slot {
            if let Some(m) = &self.cache().moves[i] {
                return Ok(m.bind(py).clone());
            }
        }
        let m = match self.move_by_key.bind(py).get_item(key)? {
            Some(m) => m,
            None => self.move_from_key.bind(py).call1((key,))?,
        };
        if let Some(i) = slot {
            let mut c = self.cache();
            c.keys.insert(m.as_ptr() as usize, key);
            c.moves[i] = Some(m.clone().unbind());
        }
        Ok(m)
    }

    /// The code of a move argument: an interned `Move` by its address or a
    /// look-up, anything else through the package's `_move_key` (which raises
    /// for a bad one).
    #[inline]
    pub(crate) fn key_of(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<u32> {
        if let Some(&k) = self.cache().keys.get(&(mv.as_ptr() as usize)) {
            return Ok(k);
        }
        if mv.get_type().is(self.move_type.bind(py)) {
            if let Some(k) = self.key_by_move.bind(py).get_item(mv)? {
                return k.extract();
            }
        }
        self.move_key.bind(py).call1((mv,))?.extract()
    }

    /// The interned outcome of 9 bytes.
    #[inline]
    pub(crate) fn outcome_of<'py>(
        &self,
        py: Python<'py>,
        b: [u8; 9],
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Some(o) = self.cache().outcomes.get(&b) {
            return Ok(o.bind(py).clone());
        }
        let bytes = PyBytes::new(py, &b);
        let o = match self.outcome_by_bytes.bind(py).get_item(&bytes)? {
            Some(o) => o,
            None => self.outcome_from_bytes.bind(py).call1((bytes,))?,
        };
        let mut c = self.cache();
        // As many as the package's own table keeps.
        if c.outcomes.len() < 200_000 {
            c.outcomes.insert(b, o.clone().unbind());
        }
        Ok(o)
    }

    /// The exception of a failed status, as the package's `check` raises it.
    pub(crate) fn error(&self, py: Python<'_>, status: i32) -> PyErr {
        match self.check.bind(py).call1((status,)) {
            Err(e) => e,
            Ok(_) => PyRuntimeError::new_err(format!("marsal: status {status} without an error")),
        }
    }
}
