//! `LegalMoves`: the legal moves of one position, an immutable sequence of
//! interned `marsal.Move` objects over the moves' 4-byte codes (what
//! `Game.legal_moves` returns, whichever per-ply calls are in use: the
//! package's only class for it, `marsal.LegalMoves`).

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBytes, PyInt, PyList, PySlice, PyTuple};

use crate::tables::tables;

/// The legal moves of one position, an immutable sequence of interned `Move`
/// objects: `len`, indexing (negative indexes; out of range raises
/// IndexError), slices (a `LegalMoves`), iteration, `in`, `index`, `count`,
/// equality with another `LegalMoves`, a list or a tuple of the same moves in
/// the same order. Not hashable. `LegalMoves(keys)` makes one from the
/// moves' codes (bytes, 4 a move, little-endian).
#[pyclass(frozen, sequence, module = "marsal._native", name = "LegalMoves")]
pub struct LegalMoves {
    keys: Box<[u32]>,
}

impl LegalMoves {
    /// The sequence of these codes.
    pub(crate) fn from_keys(keys: Box<[u32]>) -> LegalMoves {
        LegalMoves { keys }
    }

    /// The codes as bytes (4 a move, little-endian), what the constructor
    /// takes and pickles hold.
    fn key_bytes(&self) -> Vec<u8> {
        self.keys.iter().flat_map(|k| k.to_le_bytes()).collect()
    }

    /// The moves, as a tuple.
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let t = tables(py)?;
        let moves = self
            .keys
            .iter()
            .map(|&k| t.move_of(py, k))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, moves)
    }
}

#[pymethods]
impl LegalMoves {
    #[new]
    #[pyo3(signature = (keys = None))]
    fn new(keys: Option<&Bound<'_, PyAny>>) -> PyResult<LegalMoves> {
        let Some(keys) = keys else {
            return Ok(LegalMoves::from_keys(Box::default()));
        };
        let bytes = match keys.cast::<PyBytes>() {
            Ok(b) => b.clone(),
            // An array of 4-byte codes, or anything else `bytes()` takes.
            Err(_) => keys
                .py()
                .get_type::<PyBytes>()
                .call1((keys,))?
                .cast_into()?,
        };
        let b = bytes.as_bytes();
        if b.len() % 4 != 0 {
            return Err(PyValueError::new_err(format!(
                "LegalMoves: {} bytes are not whole 4-byte move codes",
                b.len()
            )));
        }
        Ok(LegalMoves::from_keys(
            b.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        ))
    }

    fn __len__(&self) -> usize {
        self.keys.len()
    }

    fn __getitem__<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = index.py();
        if let Ok(i) = index.cast::<PyInt>() {
            let len = self.keys.len() as isize;
            let i: isize = i
                .extract()
                .map_err(|_| PyIndexError::new_err("LegalMoves index out of range"))?;
            let j = if i < 0 { i + len } else { i };
            if !(0..len).contains(&j) {
                return Err(PyIndexError::new_err("LegalMoves index out of range"));
            }
            return tables(py)?.move_of(py, self.keys[j as usize]);
        }
        if let Ok(s) = index.cast::<PySlice>() {
            let ix = s.indices(self.keys.len() as isize)?;
            let keys = (0..ix.slicelength)
                .map(|n| self.keys[(ix.start + n as isize * ix.step) as usize])
                .collect();
            return Ok(Bound::new(py, LegalMoves::from_keys(keys))?.into_any());
        }
        if let Ok(i) = index.call_method0("__index__") {
            return self.__getitem__(&i);
        }
        Err(PyTypeError::new_err(format!(
            "LegalMoves indices must be integers or slices, not {}",
            index.get_type().name()?
        )))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.moves(py)?.try_iter()?.into_any())
    }

    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let l = PyList::new(py, self.moves(py)?)?;
        l.reverse()?;
        Ok(l.try_iter()?.into_any())
    }

    fn __contains__(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.moves(py)?.contains(mv)
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let eq = if let Ok(o) = other.cast::<LegalMoves>() {
            self.keys == o.get().keys
        } else if other.is_instance_of::<PyList>() || other.is_instance_of::<PyTuple>() {
            let theirs = PyTuple::new(py, other.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
            self.moves(py)?.eq(theirs)?
        } else {
            return Ok(py.NotImplemented());
        };
        match op {
            CompareOp::Eq => Ok(eq.into_pyobject(py)?.to_owned().into_any().unbind()),
            CompareOp::Ne => Ok((!eq).into_pyobject(py)?.to_owned().into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    /// The index of the first item equal to `value` at or after `start` and
    /// before `stop`; ValueError when there is none.
    #[pyo3(signature = (value, start = 0, stop = isize::MAX))]
    fn index(
        &self,
        py: Python<'_>,
        value: &Bound<'_, PyAny>,
        start: isize,
        stop: isize,
    ) -> PyResult<Py<PyAny>> {
        Ok(self
            .moves(py)?
            .call_method1("index", (value, start, stop))?
            .unbind())
    }

    /// How many items equal `value`.
    fn count(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Ok(self.moves(py)?.call_method1("count", (value,))?.unbind())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let b = PyBytes::new(py, &slf.get().key_bytes());
        PyTuple::new(
            py,
            [slf.get_type().into_any(), PyTuple::new(py, [b])?.into_any()],
        )
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let moves = self.moves(py)?;
        let mut names = Vec::with_capacity(moves.len());
        for m in moves.iter() {
            names.push(m.str()?.repr()?.to_string());
        }
        Ok(format!("LegalMoves([{}])", names.join(", ")))
    }
}
