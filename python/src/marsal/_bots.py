"""The built-in bots: the policy names (``"random"``, ``"careful"``,
``"search"``), the search bot's budget and what a search cost
(:class:`SearchStats`), and :func:`bot_actions`, one bot action for each of
many games in one call."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any, Iterable, Optional

import numpy as np

from ._enums import Status
from ._errors import InvalidArgument, _bad_type, _bad_value
from ._handle import _handles
from ._library import _encode, _u64_arg, check, lib
from ._structs import MarsalSearchConfig, MarsalSearchLimits, MarsalSearchStats

__all__ = [
    "POLICIES", "SEARCH_DEFAULT_NODES", "SEARCH_MAX_DETERMINIZATIONS", "SEARCH_MAX_TIME_MS",
    "SearchStats", "bot_actions",
]

#: The built-in bots, by name (their codes are the ``MARSAL_POLICY_*`` ones).
POLICIES = ("random", "careful", "search")


def _limits() -> MarsalSearchLimits:
    """The search's default budget and bounds, as the library checks them
    (``marsal_search_limits``): written once, in Rust."""
    limits = MarsalSearchLimits()
    check(lib.marsal_search_limits(ctypes.byref(limits)))
    return limits


_LIMITS = _limits()
#: The search bot's default node budget (about 10 ms a move on one core), as
#: the library gives it.
SEARCH_DEFAULT_NODES = int(_LIMITS.default_nodes)
#: The most determinizations a search may be asked for (the library's bound).
SEARCH_MAX_DETERMINIZATIONS = int(_LIMITS.max_determinizations)
#: The longest time limit a search may be given, in milliseconds (an hour:
#: the library's bound).
SEARCH_MAX_TIME_MS = int(_LIMITS.max_time_ms)


def _c_u32(value: Any, what: str) -> int:
    """``value`` as a C ``uint32_t`` (an int, NumPy's too, in 0..2**32):
    only the conversion; the library checks the bounds and its error is
    raised as it is (InvalidArgument)."""
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool) \
            or not 0 <= int(value) < 1 << 32:
        raise InvalidArgument(
            Status.INVALID_ARGUMENT,
            f"{what} must be an int in 0..2**32 (the library's bounds apply), not {value!r}")
    return int(value)


def _time_arg(time_ms: Any) -> int:
    """A search's time limit for the library (which checks it)."""
    return _c_u32(time_ms, "time_ms (the search's time limit)")


def _policy_code(policy: str) -> int:
    if not isinstance(policy, str) or policy not in POLICIES:
        raise _bad_value(f"policy must be one of {', '.join(map(repr, POLICIES))}, not {policy!r}")
    return POLICIES.index(policy)


def _nodes_arg(nodes: Any) -> int:
    """A search budget for the library (which checks it)."""
    return _c_u32(nodes, "nodes (the search budget)")


def _budget(policy: str, nodes: Optional[int]) -> int:
    """The policy code's budget: ``nodes`` for the search (default
    :data:`SEARCH_DEFAULT_NODES`); the other bots take none."""
    if policy == "search":
        return SEARCH_DEFAULT_NODES if nodes is None else _nodes_arg(nodes)
    if nodes is not None:
        raise _bad_value(f"nodes is the search bot's budget: policy {policy!r} takes none")
    return 0


def _bot_name(policy: str, nodes: Optional[int]) -> bytes:
    """The roster's name of the bot ``policy`` with the budget ``nodes``
    (``"search:N"``); the library reads and checks it."""
    if not isinstance(policy, str):
        raise _bad_type(f"the bot's name must be str, not {type(policy).__name__}")
    if nodes is not None:
        if policy != "search":
            raise _bad_value(f"nodes is the search bot's budget: bot {policy!r} takes none")
        policy = f"search:{_nodes_arg(nodes)}"
    return _encode(policy, "the bot's name")


def _check_bot(name: bytes) -> None:
    """Refuses a bot name the library does not know (its message:
    InvalidArgument), before any game asks the bot for a move."""
    check(lib.marsal_bot_check(name))


def _search_config(nodes: int, seed: int, determinizations: int) -> MarsalSearchConfig:
    return MarsalSearchConfig(_nodes_arg(nodes), _c_u32(determinizations, "determinizations"),
                              _u64_arg(seed % (1 << 64), "seed"))


@dataclass(frozen=True)
class SearchStats:
    """What a search cost (``MarsalSearchStats``): nodes searched (moves made
    in the trees), determinizations searched (0 when there was a single legal
    move) and the depth in plies completed in every determinization."""

    nodes: int
    determinizations: int
    depth: int

    @classmethod
    def from_c(cls, s: MarsalSearchStats) -> "SearchStats":
        """The statistics from the C struct ``MarsalSearchStats``."""
        return cls(s.nodes, s.determinizations, s.depth)


def bot_actions(games: Iterable[Any], policy: str = "random", seed: int = 0,
                nodes: Optional[int] = None, out: Optional[np.ndarray] = None) -> np.ndarray:
    """One action of the bot ``policy`` for the side to move in each of
    ``games`` (all with the same action space), chosen inside the library in
    one call (``marsal_games_bot_actions_budget``): an ``int64`` array, -1 for
    a game that is over. ``nodes`` is the search bot's budget (default
    :data:`SEARCH_DEFAULT_NODES`; the other bots take none); game ``i``'s
    action is ``games[i].bot_action(policy, (seed * 0x9E3779B9 + i) % 2**64, nodes)`` (game
    ``i`` of a batch is the game of that seed: the seed rule of every host). Every bot judges
    from the side to move's view only.
    Pass ``out`` (a contiguous ``int64`` array of ``len(games)``) to reuse it.
    """
    code = _policy_code(policy)
    budget = _budget(policy, nodes)
    arr = _handles(games)
    n = len(arr)
    if out is None:
        out = np.empty(n, dtype=np.int64)
    if out.dtype != np.int64 or out.shape != (n,) or not out.flags.c_contiguous:
        raise _bad_value(f"out must be a contiguous int64 array of shape ({n},)")
    check(lib.marsal_games_bot_actions_budget(
        arr, n, code, budget, _u64_arg(seed % (1 << 64), "seed"),
        out.ctypes.data_as(ctypes.c_void_p), n))
    return out
