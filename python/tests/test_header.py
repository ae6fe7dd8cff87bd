"""The package's ctypes table against ``include/marsal.h``: every function
the package declares has the header's return type and argument types, the
library it loaded exports every function of the header, and
every structure it declares has the header's fields, in order, of the
header's types. A change of the header that the table does not follow fails
here instead of corrupting memory at run time.

The header is found at ``MARSAL_HEADER`` (``python/ci.sh`` sets it: the
tests run from a copy outside the repository) or beside a source checkout.
"""

from __future__ import annotations

import ctypes
import os
import re
import unittest
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from marsal import _library, _structs


def _header_path() -> Optional[Path]:
    env = os.environ.get("MARSAL_HEADER")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    for up in here.parents:
        p = up / "include" / "marsal.h"
        if p.is_file():
            return p
    return None


def _code(text: str) -> str:
    """The header without its comments and preprocessor lines."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    lines = [re.sub(r"//.*", "", line) for line in text.splitlines()]
    return "\n".join(line for line in lines if not line.lstrip().startswith("#"))


def _norm(c_type: str) -> str:
    """A C type with one space between its words and none before a ``*``."""
    t = re.sub(r"\s+", " ", c_type).strip()
    t = re.sub(r"\s*\*\s*", "*", t)
    return t


def header_functions(text: str) -> Dict[str, Tuple[str, List[str]]]:
    """name: (return type, argument types) of every ``marsal_*`` function."""
    out: Dict[str, Tuple[str, List[str]]] = {}
    for m in re.finditer(r"([A-Za-z_][\w \t*]*?)\b(marsal_\w+)\s*\(([^()]*)\)\s*;", _code(text)):
        ret, name, args = m.group(1), m.group(2), m.group(3)
        types = []
        for a in args.split(","):
            a = a.strip()
            if not a or a == "void":
                continue
            # The last identifier is the parameter's name.
            types.append(_norm(re.sub(r"\w+$", "", a)))
        out[name] = (_norm(ret), types)
    return out


_DEFINES: Dict[str, str] = {}


def header_defines(text: str) -> Dict[str, str]:
    """name: value of every ``#define MARSAL_* <number>``."""
    return dict(re.findall(r"^#define (MARSAL_\w+) (\d+)\s*$", text, flags=re.M))


def header_structs(text: str) -> Dict[str, List[Tuple[str, str]]]:
    """name: [(field, type)] of every ``typedef struct Marsal* { ... }``."""
    out: Dict[str, List[Tuple[str, str]]] = {}
    for m in re.finditer(r"typedef struct (Marsal\w+) \{(.*?)\} \1;", _code(text), flags=re.S):
        fields = []
        for decl in m.group(2).split(";"):
            decl = decl.strip()
            if decl:
                f = re.match(r"(.*?)(\w+)((?:\[\w+\])*)$", decl)
                assert f, decl
                dims = "".join(f"[{_DEFINES.get(d, d)}]" for d in re.findall(r"\[(\w+)\]", f.group(3)))
                fields.append((f.group(2), _norm(f.group(1)) + dims))
        out[m.group(1)] = fields
    return out


_SCALARS = {
    "uint8_t": ctypes.c_uint8,
    "uint16_t": ctypes.c_uint16,
    "uint32_t": ctypes.c_uint32,
    "uint64_t": ctypes.c_uint64,
    "int64_t": ctypes.c_int64,
    "size_t": ctypes.c_size_t,
    "bool": ctypes.c_bool,
    "float": ctypes.c_float,
    "enum MarsalStatus": ctypes.c_int,
    # The one-byte enums are typedefs of uint8_t.
    **{name: ctypes.c_uint8 for name in (
        "MarsalSide", "MarsalKind", "MarsalBattle", "MarsalState", "MarsalWinReason",
        "MarsalDrawReason", "MarsalCell")},
}

_HANDLES = {"MarsalRuleset", "MarsalGame", "MarsalVecEnv"}


def _accepts(c_type: str, py: object) -> bool:
    """Whether the ctypes type ``py`` passes a C ``c_type`` correctly."""
    dims = re.match(r"(.*)\[(\d+)\]$", c_type)
    if dims:
        # An array (the last dimension varies fastest: the outer ctypes
        # array is the first one).
        outer = re.match(r"([^\[]*)\[(\d+)\](.*)$", c_type)
        assert outer
        return (isinstance(py, type) and issubclass(py, ctypes.Array)
                and py._length_ == int(outer.group(2))  # type: ignore[attr-defined]
                and _accepts(outer.group(1) + outer.group(3), py._type_))  # type: ignore[attr-defined]
    t = re.sub(r"\bconst\b", "", c_type)
    t = _norm(t.replace("struct ", ""))
    if t in _SCALARS:
        return py is _SCALARS[t] or (
            isinstance(py, type) and issubclass(py, ctypes._SimpleCData)
            and ctypes.sizeof(py) == ctypes.sizeof(_SCALARS[t])
            and py._type_ == _SCALARS[t]._type_)  # type: ignore[attr-defined]
    if t in _structs.__all__:
        # A structure by value.
        return getattr(py, "__name__", "") == t
    if t == "char*":
        # In: a NUL-terminated string; out: a caller's buffer.
        return py in (ctypes.c_char_p, ctypes.POINTER(ctypes.c_char))
    if not t.endswith("*"):
        return False
    inner = t[:-1]
    if py is ctypes.c_void_p:
        # A data pointer (a NumPy buffer) for an array of plain values.
        return inner in _SCALARS or inner == "void"
    target = getattr(py, "_type_", None)
    if target is None or not isinstance(py, type) or not issubclass(py, ctypes._Pointer):
        return False
    if inner.endswith("*"):
        return _accepts(inner, target)
    if inner in _HANDLES:
        return getattr(target, "__name__", "") == "_" + inner
    if inner.startswith("Marsal") and inner not in _SCALARS:
        return getattr(target, "__name__", "") == inner
    return _accepts(inner, target)


class HeaderTableTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        path = _header_path()
        if path is None or not path.is_file():
            raise unittest.SkipTest("include/marsal.h not found (set MARSAL_HEADER)")
        text = path.read_text(encoding="utf-8")
        _DEFINES.update(header_defines(text))
        cls.functions = header_functions(text)
        cls.structs = header_structs(text)

    def test_the_header_is_read(self) -> None:
        self.assertGreater(len(self.functions), 70)
        self.assertEqual(self.functions["marsal_game_play"],
                         ("enum MarsalStatus",
                          ["struct MarsalGame*", "const struct MarsalMove*",
                           "struct MarsalOutcome*"]))

    def test_every_declared_function_has_the_headers_signature(self) -> None:
        for name, (restype, argtypes) in _library._SIGNATURES.items():
            with self.subTest(name):
                self.assertIn(name, self.functions, "not in marsal.h")
                ret, args = self.functions[name]
                if ret == "void":
                    self.assertIsNone(restype)
                else:
                    self.assertTrue(_accepts(ret, restype), f"returns {ret}, table {restype}")
                self.assertEqual(len(argtypes), len(args), f"arguments: header {args}")
                for i, (c, py) in enumerate(zip(args, argtypes)):
                    self.assertTrue(_accepts(c, py), f"argument {i}: header {c}, table {py}")

    def test_every_function_of_the_header_is_declared(self) -> None:
        missing = sorted(set(self.functions) - set(_library._SIGNATURES))
        self.assertEqual(missing, [])

    def test_the_loaded_library_exports_every_function_of_the_header(self) -> None:
        # The library the package loaded (in an installed package,
        # marsal._native, which links the C ABI's crate), opened afresh.
        dll = ctypes.CDLL(_library.find_library())
        missing = sorted(name for name in self.functions if not hasattr(dll, name))
        self.assertEqual(missing, [])

    def test_every_declared_structure_has_the_headers_fields(self) -> None:
        for name in _structs.__all__:
            cls = getattr(_structs, name)
            if not (isinstance(cls, type) and issubclass(cls, ctypes.Structure)):
                continue
            with self.subTest(name):
                self.assertIn(name, self.structs)
                fields = self.structs[name]
                declared = cls._fields_
                self.assertEqual(len(declared), len(fields), f"header {fields}")
                for (py_name, py_type), (c_name, c_type) in zip(declared, fields):
                    self.assertEqual(py_name.rstrip("_"), c_name)
                    self.assertTrue(_accepts(c_type, py_type),
                                    f"{c_name}: header {c_type}, table {py_type}")


if __name__ == "__main__":
    unittest.main()
