"""Games: :class:`Game`, a handle over ``MarsalGame`` with its history: moves,
views, saved games and positions, and the encodings for learning."""

from __future__ import annotations

import ctypes
import json
import struct
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

from ._bots import SEARCH_DEFAULT_NODES, SearchStats, _bot_name, _search_config, _time_arg
from ._enums import _SIDE_TO_MOVE, Side, State, Status
from ._game_core import _GameCore
from ._handle import _Handle
from ._pictures import _Pictures
from ._errors import _bad_type, _bad_value
from ._library import (
    _check_buffer, _encode, _int_arg, _read_items, _read_text, _side_code, _u32_arg, _u64_arg, check, lib,
)
from ._ruleset import Ruleset, _ruleset_arg
from ._structs import (
    MarsalGameStatus, MarsalMove, MarsalOutcome, MarsalSearchStats, MarsalSquareView,
    MarsalViewInfo, _game_p, _i64, _u8, _u32, _u64,
)
from ._values import (
    GameStatus, Move, Outcome, SeenMove,
    View, _as_move,
    _view_from_cells,
)

__all__ = ["Game"]

class Game(_GameCore, _Pictures, _Handle):
    """A game with its history (``MarsalGame``).

    ``Game(ruleset, red_setup, blue_setup)`` starts from two setup texts;
    :meth:`random` from random setups. ``ruleset`` may also be a preset name.
    The game keeps its own copy of the ruleset.
    """

    _free_name = "marsal_game_free"

    def __init__(self, ruleset: Union[Ruleset, str], red_setup: str, blue_setup: str) -> None:
        self._ptr = None
        rptr, tmp = _ruleset_arg(ruleset)
        try:
            out = _game_p()
            check(lib.marsal_game_new(
                rptr, _encode(red_setup, "red_setup"), _encode(blue_setup, "blue_setup"),
                ctypes.byref(out)))
        finally:
            if tmp is not None:
                tmp.close()
        self._init(out)

    def _init(self, ptr: Any) -> None:
        self._ptr = ptr
        self._core_attach(ctypes.cast(ptr, ctypes.c_void_p).value or 0)
        self._size: Optional[Tuple[int, int]] = None
        self._sizes: Optional[Tuple[int, int, int, int]] = None
        self._mask_buf: Optional[npt.NDArray[np.bool_]] = None

    def close(self) -> None:
        """Frees the game (idempotent)."""
        if self._ptr is not None:
            self._core_attach(0)
        super().close()

    @classmethod
    def _wrap(cls, ptr: Any) -> "Game":
        game = cls.__new__(cls)
        game._init(ptr)
        return game

    # -- copies and saved games

    def clone(self) -> "Game":
        """An independent copy (``marsal_game_clone``): history and all."""
        out = _game_p()
        check(lib.marsal_game_clone(self._get(), ctypes.byref(out)))
        return Game._wrap(out)

    def __copy__(self) -> "Game":
        return self.clone()

    def __deepcopy__(self, memo: Any) -> "Game":
        return self.clone()

    def __reduce__(self) -> Any:
        return (Game.from_json, (self.to_json(),))

    def to_json(self) -> str:
        """The JSON form (the start position with its ruleset, and the moves)."""
        ptr = self._get()
        return _read_text(lambda b, c, n: lib.marsal_game_to_json(ptr, b, c, n), 8192)

    @classmethod
    def from_json(cls, text: Union[str, Dict[str, Any]]) -> "Game":
        """A game from its JSON form; every move is checked again (ParseError
        for text that is not a game, or with an illegal move)."""
        if isinstance(text, dict):
            text = json.dumps(text)
        out = _game_p()
        check(lib.marsal_game_from_json(_encode(text, "json"), ctypes.byref(out)))
        return cls._wrap(out)

    @classmethod
    def from_position_text(cls, ruleset: Union[Ruleset, str], text: str) -> "Game":
        """A game that starts from a position text (as :meth:`position_text` writes it)."""
        rptr, tmp = _ruleset_arg(ruleset)
        try:
            out = _game_p()
            check(lib.marsal_game_from_position_text(rptr, _encode(text, "text"), ctypes.byref(out)))
        finally:
            if tmp is not None:
                tmp.close()
        return cls._wrap(out)

    def __eq__(self, other: object) -> bool:
        """Games are equal when they started from the same position under the
        same ruleset and the same moves were played."""
        if not isinstance(other, Game):
            return NotImplemented
        return bool(json.loads(self.to_json()) == json.loads(other.to_json()))

    __hash__ = None  # type: ignore[assignment]

    @property
    def ruleset(self) -> Ruleset:
        """A copy of the game's ruleset."""
        return Ruleset.from_json(json.dumps(json.loads(self.to_json())["start"]["rules"]))

    # -- encodings for learning

    def _encoding_sizes(self) -> Tuple[int, int, int, int]:
        if self._sizes is None:
            a, c, r, f = ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_size_t()
            check(lib.marsal_game_encoding_sizes(
                self._get(), ctypes.byref(a), ctypes.byref(c), ctypes.byref(r), ctypes.byref(f)))
            self._sizes = (a.value, c.value, r.value, f.value)
        return self._sizes

    @property
    def action_space_size(self) -> int:
        """The number of actions of the ruleset's fixed action space."""
        return self._encoding_sizes()[0]

    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """``(channels, ranks, files)``."""
        return self._encoding_sizes()[1:]

    def action_mask(self, out: Optional[npt.NDArray[Any]] = None) -> npt.NDArray[np.bool_]:
        """The legal-action mask of the side to move (a ``bool`` array of the
        action-space size; all False once the game is over). Pass ``out`` (a
        contiguous ``bool`` or ``uint8`` array of that size) to reuse it."""
        a = self._encoding_sizes()[0]
        if out is None:
            out = np.empty(a, dtype=np.bool_)
        _check_buffer(out, (np.bool_, np.uint8), a, "out")
        check(lib.marsal_game_action_mask(self._get(), out.ctypes.data, out.size, None))
        return out

    def legal_actions(self) -> npt.NDArray[np.int64]:
        """The legal actions of the side to move, ascending (``int64``)."""
        if self._mask_buf is None:
            self._mask_buf = np.empty(self._encoding_sizes()[0], dtype=np.bool_)
        return np.flatnonzero(self.action_mask(self._mask_buf))

    def observation(self, side: Union[Side, str, int, None] = None,
                    out: Optional[npt.NDArray[Any]] = None,
                    dtype: npt.DTypeLike = np.float32) -> npt.NDArray[Any]:
        """The observation tensor of ``side`` (default: the side to move), an
        array of :attr:`observation_shape` built from that side's view only.

        ``dtype`` is ``numpy.float32`` (the default: 0.0 / 1.0 and two planes
        of fractions) or ``numpy.uint8`` (the same content in a quarter of the
        memory: 0 / 1, a fraction ``x`` as ``round(255 * x)``). Pass ``out``
        (a contiguous array of either type) to reuse it; its type is then the
        one written."""
        _, c, r, f = self._encoding_sizes()
        if out is None:
            out = np.empty((c, r, f), dtype=dtype)
        _check_buffer(out, (np.float32, np.uint8), c * r * f, "out")
        code = _SIDE_TO_MOVE if side is None else _side_code(side)
        one = (_game_p * 1)(self._get())
        fn = (lib.marsal_games_observations_u8 if out.dtype == np.uint8
              else lib.marsal_games_observations)
        check(fn(one, 1, code, out.ctypes.data, out.size))
        return out

    def play_action(self, action: int) -> Outcome:
        """Plays the move of ``action`` for the side to move (see
        :meth:`Ruleset.action_to_move`); IllegalMove, GameOver or
        InvalidArgument (out of range) change nothing."""
        self._legal_fresh = False
        out = MarsalOutcome()
        check(lib.marsal_game_play_action(self._get(), _int_arg(action, "action"),
                                          ctypes.byref(out)))
        return Outcome.from_c(out)

    def bot_move(self, bot: str = "random", seed: int = 0) -> Move:
        """The move the built-in bot ``bot`` plays for the side to move, in
        the game of ``seed`` (``marsal_game_bot_move``): ``"random"``,
        ``"careful"``, ``"search"``, ``"search:N"`` (N nodes a move),
        ``"search:time=MS"``, ``"search:nodes=N,time=MS"`` (the names of
        ``marsal bot``). The seed rule of every host: the bot draws from
        ``seed`` and the game's ply, so the same game, bot and seed give the
        move ``marsal selfplay`` and the C library give. GameOver once the
        game is over; InvalidArgument (the library's message) for a name it
        does not know. The game is not changed.

        >>> game = Game.for_bots("barrage", "careful", "random", seed=3)
        >>> game.bot_move("careful", seed=3) in game.legal_moves()
        True
        """
        mv = MarsalMove()
        check(lib.marsal_game_bot_move(
            self._get(), _encode(bot, "bot"), _u64_arg(seed % (1 << 64), "seed"),
            ctypes.byref(mv)))
        return Move.from_c(mv)

    def bot_action(self, policy: str = "random", seed: int = 0,
                   nodes: Optional[int] = None) -> int:
        """The action of :meth:`bot_move` (``policy`` a bot's name, ``nodes``
        the search bot's budget, default :data:`marsal.SEARCH_DEFAULT_NODES`:
        ``bot_action("search", seed, 500)`` is ``bot_move("search:500",
        seed)``'s action). -1 once the game is over. The same game, seed and
        budget give the same action.
        """
        name = _bot_name(policy, nodes)
        if self.is_over:
            return -1
        mv = MarsalMove()
        check(lib.marsal_game_bot_move(
            self._get(), name, _u64_arg(seed % (1 << 64), "seed"), ctypes.byref(mv)))
        return self.move_to_action(Move.from_c(mv))

    # -- the search bot and determinizations

    def search(self, nodes: int = SEARCH_DEFAULT_NODES, seed: int = 0,
               determinizations: int = 0, time_ms: int = 0) -> Tuple[Move, SearchStats]:
        """The search bot's move for the side to move, and what the search
        cost (``marsal_game_search_move_timed``).

        The bot draws ``determinizations`` complete positions consistent with
        the side's own view (0: chosen from the budget) and searches each with
        alpha-beta within its share of ``nodes``; the move with the best total
        is played. It uses only what the side to move knows, always returns a
        legal move, and the same game, ``nodes``, ``seed`` and
        ``determinizations`` give the same move. ``time_ms`` (0: none) limits
        the search's time as well, in milliseconds (give ``nodes=2**32 - 1``
        for a search only the time stops); a timed search depends on the
        machine's speed, so only the node budget is reproducible. GameOver
        once the game is over; InvalidArgument for ``nodes`` outside
        1..2**32, too many determinizations or ``time_ms`` outside
        0..:data:`SEARCH_MAX_TIME_MS`. The game is not changed.
        """
        config = _search_config(nodes, seed, determinizations)
        time = _time_arg(time_ms)
        mv, stats = MarsalMove(), MarsalSearchStats()
        check(lib.marsal_game_search_move_timed(
            self._get(), ctypes.byref(config), time, ctypes.byref(mv), ctypes.byref(stats)))
        return Move.from_c(mv), SearchStats.from_c(stats)

    def search_move(self, nodes: int = SEARCH_DEFAULT_NODES, seed: int = 0,
                    determinizations: int = 0, time_ms: int = 0) -> Move:
        """The search bot's move (see :meth:`search`)."""
        return self.search(nodes, seed, determinizations, time_ms)[0]

    def determinize(self, side: Union[Side, str, int], seed: int = 0) -> "Game":
        """A complete game consistent with everything ``side`` knows
        (``marsal_game_determinize``): the same moves from a start in which
        every enemy piece has a kind it may have (revealed and deduced kinds
        kept, the enemy army's counts), replayed under the rules, so its view
        for ``side`` equals this game's. Drawn uniformly over the consistent
        assignments; the same seed gives the same game, and pieces hidden from
        ``side`` never change it. For a search, :meth:`determinize_into`
        reuses a game instead."""
        out = _game_p()
        check(lib.marsal_game_determinize(
            self._get(), _side_code(side), _u64_arg(seed % (1 << 64), "seed"),
            ctypes.byref(out)))
        return Game._wrap(out)

    def determinize_into(self, side: Union[Side, str, int], seed: int, out: "Game") -> "Game":
        """:meth:`determinize` into the existing game ``out`` (replaced,
        ruleset and all; it may be this game), which allocates nothing once
        ``out`` has held a game as long; returns ``out``."""
        if not isinstance(out, Game):
            raise _bad_type(f"out must be a Game, not {type(out).__name__}")
        check(lib.marsal_game_determinize_into(
            self._get(), _side_code(side), _u64_arg(seed % (1 << 64), "seed"), out._get()))
        out._size = None
        out._sizes = None
        out._mask_buf = None
        return out

    def is_consistent(self, other: "Game", side: Union[Side, str, int]) -> bool:
        """Whether this game agrees with everything ``side`` knows in
        ``other``: its view for ``side``, log included, is ``side``'s view of
        ``other`` (true of ``other`` itself and of its determinizations)."""
        if not isinstance(other, Game):
            raise _bad_type(f"other must be a Game, not {type(other).__name__}")
        out = ctypes.c_bool(False)
        check(lib.marsal_game_is_consistent(
            self._get(), other._get(), _side_code(side), ctypes.byref(out)))
        return bool(out.value)

    def action_to_move(self, action: int) -> Move:
        """The move of ``action`` for the side to move."""
        with self.ruleset as r:
            return r.action_to_move(self.position_to_move, action)

    def move_to_action(self, move: Union[Move, str, Tuple[Any, ...]]) -> int:
        """The action of ``move`` for the side to move."""
        with self.ruleset as r:
            return r.move_to_action(self.position_to_move, move)

    @property
    def position_to_move(self) -> Side:
        """The side to move in the position (also once the game is over: the
        side that would move next)."""
        s = self.status
        if s.state is State.ONGOING and s.side is not None:
            return s.side
        # The position text: rows, the side to move, maybe public captures.
        fields = self.position_text().split()
        return Side.RED if fields[1] == "r" else Side.BLUE

    @classmethod
    def random(cls, ruleset: Union[Ruleset, str], red_seed: int, blue_seed: int) -> "Game":
        """A game from random setups (Red's from ``red_seed``, Blue's from ``blue_seed``)."""
        rptr, tmp = _ruleset_arg(ruleset)
        try:
            out = _game_p()
            check(lib.marsal_game_new_random(
                rptr, _u64_arg(red_seed, "red_seed"), _u64_arg(blue_seed, "blue_seed"),
                ctypes.byref(out)))
        finally:
            if tmp is not None:
                tmp.close()
        game = cls.__new__(cls)
        game._init(out)
        return game

    @classmethod
    def for_bots(cls, ruleset: Union[Ruleset, str], red: str, blue: str, seed: int = 0) -> "Game":
        """The game of ``seed`` between the built-in bots ``red`` and ``blue``
        (names as :meth:`bot_move` takes them), from their setups drawn by the
        seed rule of every host (``marsal_game_new_bots``: the search bot's
        sensible setup, the others' random one); play it on with
        :meth:`bot_move` and the same seed.

        >>> game = Game.for_bots("barrage", "careful", "search:300", seed=5)
        >>> game.ply
        0
        """
        rptr, tmp = _ruleset_arg(ruleset)
        try:
            out = _game_p()
            check(lib.marsal_game_new_bots(
                rptr, _encode(red, "red"), _encode(blue, "blue"),
                _u64_arg(seed % (1 << 64), "seed"), ctypes.byref(out)))
        finally:
            if tmp is not None:
                tmp.close()
        return cls._wrap(out)

    @classmethod
    def sensible(cls, ruleset: Union[Ruleset, str], red_seed: int, blue_seed: int) -> "Game":
        """A game from sensible setups (see :meth:`Ruleset.sensible_setup`:
        Red's from ``red_seed``, Blue's from ``blue_seed``)."""
        rptr, tmp = _ruleset_arg(ruleset)
        try:
            out = _game_p()
            check(lib.marsal_game_new_sensible(
                rptr, _u64_arg(red_seed, "red_seed"), _u64_arg(blue_seed, "blue_seed"),
                ctypes.byref(out)))
        finally:
            if tmp is not None:
                tmp.close()
        return cls._wrap(out)

    # -- moves

    # legal_moves and play: _game_core (compiled, or the same C calls through ctypes).

    def _play_text(self, move: Union[str, bytes]) -> Outcome:
        """:meth:`play` of move text (``"e5-e6"``, ``"e5xe6"``)."""
        self._legal_fresh = False
        out = MarsalOutcome()
        check(lib.marsal_game_play_text(self._get(), _encode(move, "move_text"),
                                        ctypes.byref(out)))
        return Outcome.from_c(out)

    def play_random(self, max_plies: int = 1, seed: int = 0) -> int:
        """Plays up to ``max_plies`` uniformly random legal moves inside the
        library, recorded like :meth:`play` (so :meth:`undo` takes them back),
        stopping when the game ends; returns how many were played (0 once the
        game is over). The same ``seed`` gives the same plies, so vary it when
        playing one ply a call.
        """
        self._legal_fresh = False
        played = _u32()
        check(lib.marsal_game_play_random(
            self._get(), _u32_arg(max_plies, "max_plies"), _u64_arg(seed, "seed"),
            ctypes.byref(played)))
        return played.value

    def play_until_over(self, policy: Union[str, Callable[["Game"], Any]] = "random",
                        max_plies: int = 2000, seed: int = 0) -> GameStatus:
        """Plays until the game ends or ``max_plies`` more plies have been
        played, whichever comes first, and returns :attr:`status` (still
        ongoing if the limit stopped it: a game such as classic may have no
        limit of its own, so a loop without one can run forever).

        ``policy`` chooses each move: a built-in bot's name (``"random"``,
        ``"careful"``, ``"search"``, ``"search:N"``..., as :meth:`bot_move`
        in the game of ``seed``: the seed rule of every host) or a function
        of the game returning a move (a :class:`Move`, its text or an action
        number's move).

        >>> game = Game.random("classic", red_seed=1, blue_seed=2)
        >>> status = game.play_until_over(lambda g: g.legal_moves()[0], max_plies=100)
        >>> game.ply <= 100
        True
        """
        limit = _u32_arg(max_plies, "max_plies")
        for _ in range(limit):
            if self.is_over:
                break
            if isinstance(policy, str):
                self.play(self.bot_move(policy, seed))
            elif callable(policy):
                self.play(policy(self))
            else:
                raise _bad_type(
                    f"policy must be a bot's name or a function of the game, not {policy!r}")
        return self.status

    def undo(self) -> Outcome:
        """Takes back the last move; returns what it had done (NothingToUndo if none)."""
        self._legal_fresh = False
        out = MarsalOutcome()
        check(lib.marsal_game_undo(self._get(), ctypes.byref(out)))
        return Outcome.from_c(out)

    def move_text(self, move: Union[Move, str, Tuple[Any, ...]]) -> str:
        """The text of ``move`` in the current position (``e5-e6`` or ``e5xe6``)."""
        ptr = self._get()
        cm = _as_move(move).to_c()
        return _read_text(
            lambda b, c, n: lib.marsal_game_move_text(ptr, ctypes.byref(cm), b, c, n), 16)

    @property
    def last_outcome(self) -> Optional[Outcome]:
        """What the last move did, or None before the first move."""
        out = MarsalOutcome()
        st = lib.marsal_game_last_outcome(self._get(), ctypes.byref(out))
        if st == Status.NO_OUTCOME:
            return None
        check(st)
        return Outcome.from_c(out)

    # -- state

    @property
    def status(self) -> GameStatus:
        """Whose move it is, or how the game ended (a :class:`GameStatus`)."""
        out = MarsalGameStatus()
        check(lib.marsal_game_status(self._get(), ctypes.byref(out)))
        return GameStatus.from_c(out)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (won or drawn): ``status.is_over``."""
        return self.status.is_over

    @property
    def to_move(self) -> Optional[Side]:
        """The side to move while the game goes on, else None."""
        s = self.status
        return s.side if s.state is State.ONGOING else None

    @property
    def hash(self) -> int:
        """The Zobrist hash of the current position (an unsigned 64-bit int)."""
        out = _u64()
        check(lib.marsal_game_hash(self._get(), ctypes.byref(out)))
        return out.value

    def _step_result(self, side: Union[Side, str, int], max_plies: Optional[int]
                     ) -> Tuple[float, bool, bool]:
        """``(reward, terminated, truncated)`` of this game for ``side`` as
        the environments report a step (``marsal_game_step_result``): +1.0
        when ``side`` won, -1.0 when it lost, else 0.0; terminated when the
        game ended by the rules, truncated when it goes on but has reached
        ``max_plies`` (None: no limit)."""
        reward = ctypes.c_float()
        terminated = ctypes.c_bool()
        truncated = ctypes.c_bool()
        limit = 0 if max_plies is None else _u32_arg(max(int(max_plies), 1), "max_plies")
        check(lib.marsal_game_step_result(
            self._get(), _side_code(side), limit, ctypes.byref(reward),
            ctypes.byref(terminated), ctypes.byref(truncated)))
        return float(reward.value), bool(terminated.value), bool(truncated.value)

    @property
    def ply(self) -> int:
        """The number of plies played."""
        out = _u32()
        check(lib.marsal_game_ply(self._get(), ctypes.byref(out)))
        return out.value

    @property
    def board_size(self) -> Tuple[int, int]:
        """``(files, ranks)``."""
        if self._size is None:
            f, r = _u8(), _u8()
            check(lib.marsal_game_board_size(self._get(), ctypes.byref(f), ctypes.byref(r)))
            self._size = (f.value, r.value)
        return self._size

    def view(self, side: Union[Side, str, int]) -> View:
        """What ``side`` sees (enemy pieces only as the kinds they may be)."""
        ptr = self._get()
        code = _side_code(side)
        files, ranks = self.board_size
        items = _read_items(
            lambda b, c, n: lib.marsal_game_view(ptr, code, b, c, n),
            MarsalSquareView, files * ranks)
        return _view_from_cells(Side.from_code(code), files, ranks, items)

    def last_seen(self, side: Union[Side, str, int]) -> Optional[SeenMove]:
        """The last move as ``side`` saw it (None before the first move): what a
        player may be told of it, where :attr:`last_outcome` is the referee's."""
        ptr = self._get()
        files, ranks = self.board_size
        buf = (MarsalSquareView * (files * ranks))()
        info = MarsalViewInfo()
        check(lib.marsal_game_view_full(
            ptr, _side_code(side), buf, files * ranks, None, ctypes.byref(info)))
        return SeenMove.from_c(info.last) if info.has_last else None

    def position_text(self) -> str:
        """The position text (the referee's full information: never for a player)."""
        ptr = self._get()
        return _read_text(lambda b, c, n: lib.marsal_game_position_text(ptr, b, c, n), 256)

    def __repr__(self) -> str:
        if self.closed:
            return "<marsal.Game closed>"
        return f"<marsal.Game ply={self.ply} {self.status}>"
