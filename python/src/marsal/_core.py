"""Compatibility: the former single module of the package.

The classes now live in a module per concept (``_library``, ``_enums``,
``_errors``, ``_structs``, ``_values``, ``_handle``, ``_ruleset``, ``_game``,
``_batch``); ``marsal`` exports them. This module gives every name it used to
give, private helpers included, for code that imports ``marsal._core``.
"""

from ._batch import *  # noqa: F401,F403
from ._batch import _handles  # noqa: F401
from ._enums import *  # noqa: F401,F403
from ._enums import (  # noqa: F401
    _BATTLES, _CELLS, _DRAW_REASONS, _FILES, _KIND_NONE, _KINDS, _LETTERS, _NONE,
    _SIDE_TO_MOVE, _SIDES, _STATES, _WIN_REASONS, _StrEnum,
)
from ._errors import *  # noqa: F401,F403
from ._errors import _ERROR_CLASSES, _error  # noqa: F401
from ._game import *  # noqa: F401,F403
from ._handle import _Handle  # noqa: F401
from ._library import *  # noqa: F401,F403
from ._library import (  # noqa: F401
    _SIGNATURES, _check_buffer, _encode, _library_names, _load, _read_items, _read_text,
    _side_code, _u32_arg, _u64_arg,
)
from ._ruleset import *  # noqa: F401,F403
from ._ruleset import _PRESET_JSON, _ruleset_arg  # noqa: F401
from ._structs import *  # noqa: F401,F403
from ._structs import (  # noqa: F401
    _buf_p, _c_status, _char_p, _env_p, _f32_p, _game_p, _i64, _MarsalGame, _MarsalRuleset,
    _MarsalVecEnv, _rules_p, _size_p, _u8, _u8_p, _u16, _u32, _u64,
)
from ._values import *  # noqa: F401,F403
from ._values import (  # noqa: F401
    _C_BY_MOVE, _MOVE_BY_KEY, _SQUARE_NAMES, _as_move, _move_from_key, _view_from_cells,
)
from . import __all__ as _package_all

__all__ = [name for name in _package_all if name not in ("VectorEnv", "__version__")]
del _package_all
