"""Rulesets: :class:`Ruleset`, a handle over ``MarsalRuleset`` with value
semantics, its encoding sizes and action space, random and sensible setups
and random playouts."""

from __future__ import annotations

import ctypes
import json
from typing import Any, Dict, Optional, Tuple, Union

from ._enums import DEFAULT_MAX_PLIES, Side
from ._handle import _Handle
from ._errors import _bad_type, _bad_value
from ._library import _encode, _int_arg, _read_text, _side_code, _u32_arg, _u64_arg, check, lib
from ._structs import MarsalMove, MarsalPlayoutSummary, _i64, _rules_p
from ._values import Move, PlayoutSummary, _as_move

__all__ = ["Ruleset"]


class Ruleset(_Handle):
    """A ruleset (``MarsalRuleset``); it never changes once made.

    ``Ruleset.classic()``, ``Ruleset.barrage()`` and ``Ruleset.marsal_a_spion()``
    are the presets, as in Rust; ``Ruleset("classic")`` is :meth:`preset`
    (the preset by name); :meth:`from_json` reads the JSON
    form. Rulesets compare equal when their JSON forms are equal; ``copy``,
    ``deepcopy`` and ``pickle`` go through the JSON form.
    """

    _free_name = "marsal_ruleset_free"
    PRESETS = ("marsal_a_spion", "classic", "barrage")

    def __init__(self, _ptr: Any = "marsal_a_spion") -> None:
        """``Ruleset(name)`` is ``Ruleset.preset(name)``."""
        self._json: Optional[str] = None
        self._sizes: Optional[Tuple[int, int, int, int]] = None
        if isinstance(_ptr, str):
            out = _rules_p()
            check(lib.marsal_ruleset_preset(_encode(_ptr, "name"), ctypes.byref(out)))
            _ptr = out
        self._ptr = _ptr

    # -- value semantics

    def _canonical(self) -> str:
        if self._json is None:
            self._json = json.dumps(json.loads(self.to_json()), sort_keys=True)
        return self._json

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ruleset):
            return NotImplemented
        return self._canonical() == other._canonical()

    def __hash__(self) -> int:
        return hash(self._canonical())

    def __copy__(self) -> "Ruleset":
        return Ruleset.from_json(self.to_json())

    def __deepcopy__(self, memo: Any) -> "Ruleset":
        return self.__copy__()

    def __reduce__(self) -> Any:
        return (Ruleset.from_json, (self.to_json(),))

    @property
    def name(self) -> Optional[str]:
        """The preset this ruleset equals, or None."""
        for name in self.PRESETS:
            if _PRESET_JSON.get(name) is None:
                with Ruleset.preset(name) as r:
                    _PRESET_JSON[name] = r._canonical()
            if _PRESET_JSON[name] == self._canonical():
                return name
        return None

    # -- encodings

    def _encoding_sizes(self) -> Tuple[int, int, int, int]:
        if self._sizes is None:
            a, c, r, f = ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_size_t()
            ptr = self._get()
            check(lib.marsal_ruleset_action_space_size(ptr, ctypes.byref(a)))
            check(lib.marsal_ruleset_observation_shape(
                ptr, ctypes.byref(c), ctypes.byref(r), ctypes.byref(f)))
            self._sizes = (a.value, c.value, r.value, f.value)
        return self._sizes

    @property
    def action_space_size(self) -> int:
        """The number of actions of the fixed action space (classic: 1800)."""
        return self._encoding_sizes()[0]

    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """``(channels, ranks, files)`` of an observation tensor."""
        return self._encoding_sizes()[1:]

    @property
    def board_size(self) -> Tuple[int, int]:
        """``(files, ranks)``."""
        _, _, r, f = self._encoding_sizes()
        return f, r

    def action_to_move(self, side: Union[Side, str, int], action: int) -> Move:
        """The move ``side`` makes by ``action`` (InvalidArgument when none)."""
        out = MarsalMove()
        check(lib.marsal_ruleset_action_to_move(
            self._get(), _side_code(side), _int_arg(action, "action"), ctypes.byref(out)))
        return Move.from_c(out)

    def move_to_action(self, side: Union[Side, str, int],
                       move: Union[Move, str, Tuple[Any, ...]]) -> int:
        """The action of ``move`` made by ``side`` (InvalidArgument when none)."""
        out = _i64()
        cm = _as_move(move).to_c()
        check(lib.marsal_ruleset_move_to_action(
            self._get(), _side_code(side), ctypes.byref(cm), ctypes.byref(out)))
        return out.value

    @classmethod
    def preset(cls, name: str) -> "Ruleset":
        """``"marsal_a_spion"``, ``"classic"`` or ``"barrage"``; ParseError otherwise."""
        out = _rules_p()
        check(lib.marsal_ruleset_preset(_encode(name, "name"), ctypes.byref(out)))
        return cls(out)

    @classmethod
    def marsal_a_spion(cls) -> "Ruleset":
        """Maršál a špión, the default (Rust's ``Ruleset::marsal_a_spion()``).

        >>> Ruleset.marsal_a_spion() == Ruleset.preset("marsal_a_spion")
        True
        """
        return cls.preset("marsal_a_spion")

    @classmethod
    def classic(cls) -> "Ruleset":
        """Classic Stratego (Rust's ``Ruleset::classic()``).

        >>> Ruleset.classic().board_size
        (10, 10)
        """
        return cls.preset("classic")

    @classmethod
    def barrage(cls) -> "Ruleset":
        """Barrage: eight pieces a side (Rust's ``Ruleset::barrage()``).

        >>> Ruleset.barrage().name
        'barrage'
        """
        return cls.preset("barrage")

    @classmethod
    def from_json(cls, text: Union[str, Dict[str, Any]]) -> "Ruleset":
        """From the JSON form (a string, or a dict that is dumped first).

        ParseError for text that is not a ruleset's JSON, InvalidRuleset for
        an inconsistent ruleset.
        """
        if isinstance(text, dict):
            text = json.dumps(text)
        out = _rules_p()
        check(lib.marsal_ruleset_from_json(_encode(text, "json"), ctypes.byref(out)))
        return cls(out)

    def to_json(self) -> str:
        """The JSON form (a string)."""
        ptr = self._get()
        return _read_text(lambda b, c, n: lib.marsal_ruleset_to_json(ptr, b, c, n), 2048)

    def to_dict(self) -> Dict[str, Any]:
        """The JSON form, parsed."""
        d: Dict[str, Any] = json.loads(self.to_json())
        return d

    def ending(self) -> "Ruleset":
        """This ruleset with a ply limit, so that every game ends: its own
        ``max_plies`` if it has one, else :data:`marsal.DEFAULT_MAX_PLIES`
        (as Rust's ``Ruleset::ending``; the presets have no limit).

        >>> Ruleset("barrage").ending().to_dict()["max_plies"]
        3000
        """
        rules = self.to_dict()
        if rules.get("max_plies") is None:
            rules["max_plies"] = DEFAULT_MAX_PLIES
        return Ruleset.from_json(rules)

    def random_playouts(self, games: int, seed: int = 0, max_plies: int = 3000) -> PlayoutSummary:
        """Plays ``games`` complete random games from random setups inside the
        library (no handles, no history; see ``marsal_random_playouts``), each
        capped at ``max_plies`` plies, and returns the totals.

        InvalidArgument for ``max_plies`` 0.
        """
        out = MarsalPlayoutSummary()
        check(lib.marsal_random_playouts(
            self._get(), _u32_arg(games, "games"), _u64_arg(seed, "seed"),
            _u32_arg(max_plies, "max_plies"), ctypes.byref(out)))
        return PlayoutSummary.from_c(out)

    def random_setup(self, side: Union[Side, str, int], seed: int) -> str:
        """A random legal setup for ``side`` in the setup text form."""
        ptr = self._get()
        code = _side_code(side)
        seed = _u64_arg(seed, "seed")
        return _read_text(lambda b, c, n: lib.marsal_setup_random(ptr, code, seed, b, c, n))

    def sensible_setup(self, side: Union[Side, str, int], seed: int) -> str:
        """A setup a person would make for ``side``, in the setup text form
        (``marsal_setup_sensible``): the Flag on the back row behind its Mines
        or Bombs where the geometry allows, a mix of Scouts and low ranks up
        front, Miners at the back; a random setup for a ruleset the plan does
        not fit. Always legal; the same seed gives the same setup."""
        ptr = self._get()
        code = _side_code(side)
        seed = _u64_arg(seed, "seed")
        return _read_text(lambda b, c, n: lib.marsal_setup_sensible(ptr, code, seed, b, c, n))

    def __repr__(self) -> str:
        if self.closed:
            return "<marsal.Ruleset closed>"
        name = self.name
        if name is not None:
            return f"Ruleset({name!r})"
        f, r = self.board_size
        return f"<marsal.Ruleset custom {f}x{r}>"


_PRESET_JSON: Dict[str, str] = {}


def _ruleset_arg(ruleset: Union[Ruleset, str]) -> Tuple[Any, Optional[Ruleset]]:
    """(handle, temporary Ruleset or None) for a Ruleset or a preset name."""
    if isinstance(ruleset, Ruleset):
        return ruleset._get(), None
    if isinstance(ruleset, str):
        tmp = Ruleset.preset(ruleset)
        return tmp._get(), tmp
    raise _bad_type(f"ruleset must be a Ruleset or a preset name, not {type(ruleset).__name__}")
