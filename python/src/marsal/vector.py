"""``VectorEnv``: many games stepped in one call, NumPy in and out."""

from __future__ import annotations

import ctypes
from typing import Any, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

from ._bots import _budget, _policy_code
from ._enums import Side
from ._game import Game
from ._errors import _bad_value
from ._library import _raw, _u64_arg, check, lib
from ._ruleset import Ruleset
from ._structs import MarsalVecEnvOutputs, _env_p, _game_p

__all__ = ["VectorEnv"]

#: The observation types and their ``MARSAL_OBS_*`` codes.
_OBS_DTYPES = {np.dtype(np.float32): 0, np.dtype(np.uint8): 1}


class VectorEnv:
    """``num_envs`` games of one ruleset, stepped together inside the library.

    Every game is played by both sides in turn (self-play): on each step, game
    ``i`` plays ``actions[i]`` for its side to move. The arrays this object
    returns are **preallocated and reused**: each call overwrites them (copy
    what you keep):

    - ``obs``: ``(num_envs, channels, ranks, files)`` of ``obs_dtype``, what
      the side to move next sees, in its own frame (turned half a turn for
      Blue). ``obs_dtype=numpy.float32`` (the default) holds 0.0 / 1.0 and two
      constant planes of fractions (plies played, plies since the last
      attack); ``obs_dtype=numpy.uint8`` holds the same content in a quarter
      of the memory: 0 / 1, and each fraction ``x`` as ``round(255 * x)``
      (``obs.astype(numpy.float32)`` gives the float planes, except those two:
      divide them by 255);
    - ``masks``: ``bool`` ``(num_envs, actions)``, its legal actions;
    - ``rewards``: ``float32`` ``(num_envs,)``, +1 when the step's move won the
      game for the side that made it, -1 when that side lost by it, else 0;
    - ``terminated`` / ``truncated``: ``bool`` ``(num_envs,)``: the game ended
      by the rules / reached ``max_plies`` (``None``: no limit of the
      environment's own);
    - ``to_move``: ``uint8`` ``(num_envs,)``, the side (0 red, 1 blue) the
      observations are for.

    **Automatic reset**: a game that ends (or is truncated) is restarted at once
    from new random setups, and the observation and mask returned for it are
    the new game's first ones; its result is in ``rewards`` and
    ``terminated``. No action is ever needed for a finished game.

    **Threads**: the games are stepped on ``num_threads`` threads inside the
    library (the caller's and ``num_threads - 1`` workers the environment
    starts once and stops on :meth:`close`); the default 1 starts none, 0 means
    one a core. The GIL is released during every call into the library. The
    results do not depend on the number of threads: each game has its own
    generators, drawn from ``seed`` and its index, so the same seed gives the
    same games, observations, masks and :meth:`random_actions` with any
    ``num_threads``. Between calls each thread watches for the next one,
    busy, for ``spin_us`` microseconds before it sleeps (``None``: the
    library's default, 200; 0 sleeps at once; at most 1,000,000): a call
    that comes sooner starts at once, where waking a sleeping thread costs
    tens to hundreds of microseconds on a virtual machine (two threads
    stepped 256 classic games 0.8x as fast as one without the spin, 1.9x
    with it). Lower it when the host computes between steps on the same
    cores (a policy network on the CPU); it changes no result.

    ``ruleset`` is a :class:`Ruleset` or a preset name; ``seed`` seeds the
    setups (and :meth:`random_actions`).
    """

    def __init__(self, ruleset: Union[Ruleset, str], num_envs: int, seed: int = 0,
                 max_plies: Optional[int] = None, num_threads: int = 1,
                 obs_dtype: npt.DTypeLike = np.float32,
                 spin_us: Optional[int] = None) -> None:
        self._ptr: Optional[ctypes.c_void_p] = None
        if not isinstance(num_envs, int) or num_envs < 1:
            raise _bad_value(f"num_envs must be a positive int, not {num_envs!r}")
        if not isinstance(num_threads, int) or isinstance(num_threads, bool) or num_threads < 0:
            raise _bad_value(f"num_threads must be an int >= 0, not {num_threads!r}")
        if spin_us is not None and (not isinstance(spin_us, int) or isinstance(spin_us, bool)
                                    or not 0 <= spin_us <= 1_000_000):
            raise _bad_value(f"spin_us must be None or an int in 0..=1000000, not {spin_us!r}")
        dtype = np.dtype(obs_dtype)
        if dtype not in _OBS_DTYPES:
            raise _bad_value(f"obs_dtype must be numpy.float32 or numpy.uint8, not {dtype}")
        rules = ruleset if isinstance(ruleset, Ruleset) else Ruleset(ruleset)
        out = _env_p()
        check(lib.marsal_vec_env_new(rules._get(), num_envs, seed % (1 << 64),
                                     int(max_plies or 0), ctypes.byref(out)))
        self._ptr = ctypes.cast(out, ctypes.c_void_p)
        check(lib.marsal_vec_env_set_threads(out, num_threads))
        threads = ctypes.c_size_t(0)
        check(lib.marsal_vec_env_threads(out, ctypes.byref(threads)))
        #: The number of threads the games are stepped on (the caller's included).
        self.num_threads: int = threads.value
        if spin_us is not None:
            check(lib.marsal_vec_env_set_spin(out, spin_us))
        spin = ctypes.c_uint64(0)
        check(lib.marsal_vec_env_spin(out, ctypes.byref(spin)))
        #: How long the threads spin between calls before they sleep (microseconds).
        self.spin_us: int = spin.value
        self.ruleset = rules
        self.num_envs = num_envs
        self.max_plies = max_plies
        self.obs_dtype: np.dtype = dtype
        self.action_space_size = rules.action_space_size
        self.observation_shape: Tuple[int, int, int] = rules.observation_shape
        n = num_envs
        self.obs: np.ndarray = np.zeros((n,) + self.observation_shape, dtype=dtype)
        self.masks: np.ndarray = np.zeros((n, self.action_space_size), dtype=np.bool_)
        self.rewards: np.ndarray = np.zeros(n, dtype=np.float32)
        self.terminated: np.ndarray = np.zeros(n, dtype=np.bool_)
        self.truncated: np.ndarray = np.zeros(n, dtype=np.bool_)
        self.to_move: np.ndarray = np.zeros(n, dtype=np.uint8)
        self._actions: np.ndarray = np.zeros(n, dtype=np.int64)
        self._seed = seed
        # The outputs of a call, made once: every pointer into the arrays above.
        self._all = self._outputs(observations=True)
        self._masks_only = self._outputs(observations=False)
        self._all_ref = ctypes.byref(self._all)
        self._masks_only_ref = ctypes.byref(self._masks_only)
        self._n = ctypes.c_size_t(n)
        self._fill()

    def _outputs(self, observations: bool) -> MarsalVecEnvOutputs:
        o = MarsalVecEnvOutputs()
        if observations:
            o.obs = self.obs.ctypes.data
            o.obs_cap = self.obs.size
        o.obs_dtype = _OBS_DTYPES[self.obs_dtype]
        o.masks = self.masks.ctypes.data
        o.mask_cap = self.masks.size
        o.rewards = self.rewards.ctypes.data
        o.terminated = self.terminated.ctypes.data
        o.truncated = self.truncated.ctypes.data
        o.to_move = self.to_move.ctypes.data
        return o

    def _actions_arg(self, actions: Any) -> np.ndarray:
        """``actions`` as a contiguous ``int64`` array of one action a game
        (no copy when it is one already)."""
        a: np.ndarray = actions
        if not (type(a) is np.ndarray and a.dtype == np.int64 and a.flags.c_contiguous):
            a = np.ascontiguousarray(actions, dtype=np.int64)
        if a.shape != (self.num_envs,):
            raise _bad_value(f"actions must have shape ({self.num_envs},), not {a.shape}")
        return a

    def _get(self) -> ctypes.c_void_p:
        if self._ptr is None:
            raise ValueError("operation on a closed VectorEnv")
        return self._ptr

    def _fill(self) -> None:
        check(lib.marsal_vec_env_reset_into(
            ctypes.cast(self._get(), _env_p), self._seed % (1 << 64), self._all_ref))

    def reset(self, seed: Optional[int] = None) -> Tuple[np.ndarray, np.ndarray]:
        """Restarts every game (from ``seed``, else the constructor's seed);
        returns ``(obs, masks)``."""
        if seed is not None:
            self._seed = seed
        self._fill()
        return self.obs, self.masks

    def step(self, actions: Any, observations: bool = True
             ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Plays ``actions[i]`` in game ``i`` (one call into the library, the
        GIL released, the games split between the threads) and returns
        ``(obs, masks, rewards, terminated, truncated)``. With
        ``observations=False`` the observations are not written (``obs`` keeps
        old values): the fast path when only masks are needed.

        An illegal or out-of-range action raises (IllegalMove,
        InvalidArgument, naming its index) and changes no game.
        """
        a = self._actions_arg(actions)
        st = _raw.marsal_vec_env_step_into(
            self._get(), ctypes.c_void_p(a.ctypes.data), self._n,
            self._all_ref if observations else self._masks_only_ref)
        if st:
            check(st)
        return self.obs, self.masks, self.rewards, self.terminated, self.truncated

    def send(self, actions: Any, observations: bool = True) -> None:
        """Starts :meth:`step` with ``actions`` and returns at once: the
        games are played, and this object's arrays written, on a thread of
        the library while the caller goes on (EnvPool's ``send``);
        :meth:`recv` waits for them and returns what :meth:`step` returns.
        ``send`` followed by ``recv`` gives exactly the results of
        ``step`` (with any ``num_threads``).

        The actions are checked now (an illegal or out-of-range one raises as
        in :meth:`step`, changes nothing and leaves nothing in flight), and
        read during this call only: ``actions`` may be changed at once.

        **Between send and recv the arrays of this object (``obs``,
        ``masks``, ``rewards``, ``terminated``, ``truncated``, ``to_move``)
        are being written**: do not read them then (copy before ``send``
        what you keep), and call nothing else on this environment: every
        other method (``step``, ``reset``, ``random_actions``, ``game``,
        ``send``, ...) raises :class:`~marsal.InvalidArgument` ("a step is in
        flight") and changes nothing. :meth:`close` waits for the step.

        To overlap stepping with the host's own work (a policy's inference),
        alternate two environments of half the games each (EnvPool's
        ``batch_size = num_envs / 2``): while one steps, infer on the other's
        outputs::

            a.send(policy(a.obs, a.masks)); b.send(policy(b.obs, b.masks))
            while True:
                obs, masks, *_ = a.recv()          # b steps meanwhile
                a.send(policy(obs, masks))
                obs, masks, *_ = b.recv()          # a steps meanwhile
                b.send(policy(obs, masks))

        (``policy`` reads the arrays and returns new actions before the
        ``send`` that overwrites them.)
        """
        a = self._actions_arg(actions)
        st = _raw.marsal_vec_env_send(
            self._get(), ctypes.c_void_p(a.ctypes.data), self._n,
            self._all_ref if observations else self._masks_only_ref)
        if st:
            check(st)

    def recv(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Waits for the step :meth:`send` started (the GIL released) and
        returns ``(obs, masks, rewards, terminated, truncated)``, as
        :meth:`step` does; the arrays may be read again. Raises
        :class:`~marsal.InvalidArgument` when no step is in flight."""
        st = _raw.marsal_vec_env_recv(self._get())
        if st:
            check(st)
        return self.obs, self.masks, self.rewards, self.terminated, self.truncated

    @property
    def in_flight(self) -> bool:
        """Whether a step is in flight (:meth:`send` called, :meth:`recv`
        not yet)."""
        out = ctypes.c_bool(False)
        check(lib.marsal_vec_env_in_flight(ctypes.cast(self._get(), _env_p), ctypes.byref(out)))
        return bool(out.value)

    def random_actions(self, out: Optional[np.ndarray] = None) -> np.ndarray:
        """One uniformly random legal action per game, drawn inside the library
        (an ``int64`` array; reused unless ``out`` is given).

        The draws are uniform over the legal actions and reproducible: the
        same seed and the same calls give the same actions, with any
        ``num_threads``. Every :meth:`reset` and :meth:`step` writes the masks,
        and each game then draws from the legal actions listed with its mask
        (a few instructions; the next step checks its actions against that
        list too). (The C ABI's environment stepped without masks finds the
        moves again, and may so draw another, equally uniform, sequence.)"""
        if out is None:
            out = self._actions
        elif out.dtype != np.int64 or out.shape != (self.num_envs,) or not out.flags.c_contiguous:
            raise _bad_value(f"out must be a contiguous int64 array of shape ({self.num_envs},)")
        st = _raw.marsal_vec_env_random_actions(
            self._get(), ctypes.c_void_p(out.ctypes.data), self._n)
        if st:
            check(st)
        return out

    def bot_actions(self, policy: str = "search", seed: int = 0, nodes: Optional[int] = None,
                    out: Optional[np.ndarray] = None) -> np.ndarray:
        """One action per game of the built-in bot ``policy`` for the side to
        move, chosen inside the library in one call
        (``marsal_vec_env_bot_actions``): ``"random"``, ``"careful"`` or
        ``"search"`` with the budget ``nodes`` a move (default
        :data:`marsal.SEARCH_DEFAULT_NODES`; the other bots take none). Each
        bot judges from its side's view only, so these are the actions of an
        opponent (play them for the games where the opponent is to move: see
        :attr:`to_move`) or of a teacher. The same environment state, seed and
        budget give the same actions; game ``i``'s search is that of
        ``self.game(i).bot_action(policy, (seed * 0x9E3779B9 + i) % 2**64, nodes)``. Returns an ``int64`` array (reused unless ``out`` is given).
        """
        code = _policy_code(policy)
        budget = _budget(policy, nodes)
        if out is None:
            out = self._actions
        if out.dtype != np.int64 or out.shape != (self.num_envs,) or not out.flags.c_contiguous:
            raise _bad_value(f"out must be a contiguous int64 array of shape ({self.num_envs},)")
        check(lib.marsal_vec_env_bot_actions(
            ctypes.cast(self._get(), _env_p), code, budget, _u64_arg(seed % (1 << 64), "seed"), out.ctypes.data,
            self.num_envs))
        return out

    def game(self, index: int) -> Game:
        """An independent copy of game ``index`` (for inspection)."""
        out = _game_p()
        check(lib.marsal_vec_env_game(ctypes.cast(self._get(), _env_p), index,
                                      ctypes.byref(out)))
        return Game._wrap(out)

    def sides_to_move(self) -> List[Side]:
        """The side each observation is for, as :class:`Side` values."""
        return [Side.RED if s == 0 else Side.BLUE for s in self.to_move]

    def close(self) -> None:
        """Frees the games (idempotent); a step in flight (:meth:`send`) is
        waited for first."""
        ptr, self._ptr = self._ptr, None
        if ptr is not None:
            lib.marsal_vec_env_free(ctypes.cast(ptr, _env_p))

    def __enter__(self) -> "VectorEnv":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    def __repr__(self) -> str:
        return f"VectorEnv({self.ruleset!r}, num_envs={self.num_envs})"
