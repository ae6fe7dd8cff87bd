"""Every public name of the package has a docstring of its own, and no
docstring sends the reader to an internal name (one starting with ``_``)."""

import inspect
import re

import marsal

_INTERNAL = re.compile(r"(?<![\w.`])`{0,2}_[a-z]\w*")


def _public_members():
    for name in marsal.__all__ if hasattr(marsal, "__all__") else dir(marsal):
        if name.startswith("_"):
            continue
        obj = getattr(marsal, name)
        if inspect.ismodule(obj) or not (inspect.isclass(obj) or callable(obj)):
            continue
        if getattr(obj, "__module__", "").split(".")[0] != "marsal":
            continue
        yield name, obj
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                yield f"{name}.{attr}", getattr(obj, attr, value)
            for base in obj.__mro__[1:]:
                if base.__module__.split(".")[0] != "marsal":
                    continue
                for attr in vars(base):
                    if not attr.startswith("_"):
                        yield f"{name}.{attr}", getattr(obj, attr)


def _doc(obj):
    if isinstance(obj, property):
        return obj.__doc__
    return inspect.getdoc(obj)


def test_every_public_name_has_a_docstring_without_internal_names():
    missing, internal = [], []
    for name, obj in _public_members():
        if isinstance(obj, (int, str, tuple, float)) or obj is None:
            continue
        raw = inspect.getattr_static(obj, "__doc__", None) if not isinstance(obj, property) \
            else obj.__doc__
        doc = _doc(obj)
        if not doc or (raw is None and not isinstance(obj, property)):
            missing.append(name)
        elif _INTERNAL.search(doc):
            internal.append(f"{name}: {_INTERNAL.search(doc).group(0)}")
    assert not missing, f"no docstring: {missing}"
    assert not internal, f"docstrings naming internals: {internal}"
