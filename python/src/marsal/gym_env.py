"""The Gymnasium single-agent environment: one side against a built-in or
given opponent. Registered (when Gymnasium is installed) as
``marsal/MarsalASpion-v0``, ``marsal/Classic-v0`` and ``marsal/Barrage-v0``.

Observations are dicts: ``"observation"``, the ``float32`` tensor
``(45, ranks, files)`` built from the agent's view only (its own frame), and
``"action_mask"``, the ``int8`` legal-action mask (also available as
:meth:`MarsalEnv.action_masks` for MaskablePPO-style trainers). Actions are
``Discrete(action_space_size)``; see ``docs/encodings.md``.

Rewards: +1 when the agent wins, -1 when it loses, 0 otherwise. An illegal
action loses the game (``illegal_action="lose"``, reward -1, terminated,
``info["illegal_action"] = True``) or is replaced by a random legal one
(``illegal_action="random"``). ``max_plies`` (default 3000) truncates long
games.

Rendering: ``render_mode="ansi"`` gives the agent's view as text;
``render_mode="rgb_array"`` gives the board as an ``(H, W, 3)`` ``uint8``
picture (426 x 426 for a classic board at the default ``render_size`` of
40 pixels a square), drawn from the agent's view (``render_as="player"``, the
default: enemy pieces it has not seen show ``?``) or the referee's
(``render_as="referee"``: every piece), as
``gymnasium.wrappers.RecordVideo`` records it.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple, Union

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ._bots import POLICIES, _bot_name, _check_bot
from ._enums import Side
from ._game import Game
from ._errors import _bad_value
from ._library import _side_code
from ._pictures import DEFAULT_SQUARE
from ._ruleset import Ruleset

__all__ = ["MarsalEnv"]

Opponent = Union[str, Callable[[Dict[str, np.ndarray]], int]]


class MarsalEnv(gymnasium.Env):
    """One side of a game against an opponent.

    ``ruleset``: a :class:`marsal.Ruleset` or preset name. ``opponent``:
    ``"random"`` (uniform over legal moves), ``"careful"`` (from its own view
    only: a capture it knows it wins, the Flag first; never an attack it knows
    it loses; else random), ``"search"`` (the search bot, from its own view
    only, with the budget ``opponent_nodes`` a move, default
    :data:`marsal.SEARCH_DEFAULT_NODES`; all three run inside the library) or
    a callable that gets the opponent's observation dict and returns its
    action. ``opponent_nodes`` is only for ``"search"`` (a ValueError
    otherwise; InvalidArgument outside 1..2**32). ``agent_side``: ``"red"``,
    ``"blue"`` or ``"random"`` (drawn at each reset). ``setup``:
    ``"random"`` (the default) or ``"sensible"`` (setups a person would make,
    see :meth:`marsal.Ruleset.sensible_setup`) for both sides.
    ``render_mode``: ``None``, ``"ansi"`` or ``"rgb_array"``; ``render_as``:
    ``"player"`` (the agent's view) or ``"referee"``; ``render_size``: pixels
    a square of the ``rgb_array`` picture (8 to 256).
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(self, ruleset: Union[Ruleset, str] = "classic", opponent: Opponent = "random",
                 agent_side: str = "red", max_plies: Optional[int] = 3000,
                 illegal_action: str = "lose", render_mode: Optional[str] = None,
                 opponent_nodes: Optional[int] = None, setup: str = "random",
                 render_as: str = "player", render_size: int = DEFAULT_SQUARE) -> None:
        self.ruleset = ruleset if isinstance(ruleset, Ruleset) else Ruleset(ruleset)
        if not (callable(opponent) or opponent in POLICIES):
            raise _bad_value("opponent must be 'random', 'careful', 'search' or a callable, "
                             f"not {opponent!r}")
        if callable(opponent):
            if opponent_nodes is not None:
                raise _bad_value("opponent_nodes is the search bot's budget: a callable "
                                 "opponent takes none")
            self.opponent_nodes: Optional[int] = None
        else:
            _check_bot(_bot_name(str(opponent), opponent_nodes))  # refuses a bad bot now
            self.opponent_nodes = opponent_nodes
        if setup not in ("random", "sensible"):
            raise _bad_value(f"setup must be 'random' or 'sensible', not {setup!r}")
        self.setup = setup
        if agent_side not in ("red", "blue", "random"):
            raise _bad_value(f"agent_side must be 'red', 'blue' or 'random', not {agent_side!r}")
        if illegal_action not in ("lose", "random"):
            raise _bad_value(f"illegal_action must be 'lose' or 'random', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise _bad_value("render_mode must be None, 'ansi' or 'rgb_array', "
                             f"not {render_mode!r}")
        if render_as not in ("player", "referee"):
            raise _bad_value(f"render_as must be 'player' or 'referee', not {render_as!r}")
        self.render_as = render_as
        self.render_size = render_size
        self.opponent = opponent
        self.agent_side_choice = agent_side
        self.max_plies = max_plies
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        a = self.ruleset.action_space_size
        shape = self.ruleset.observation_shape
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, shape, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (a,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(a)
        self.game: Optional[Game] = None
        self.agent_side = Side.RED
        self._mask = np.zeros(a, dtype=np.bool_)

    # -- helpers

    def _seed(self) -> int:
        return int(self.np_random.integers(0, 2**63))

    def _obs(self, side: Side) -> Dict[str, np.ndarray]:
        assert self.game is not None
        mask = np.zeros(self._mask.size, dtype=np.int8)
        if self.game.to_move is side:
            self.game.action_mask(self._mask)
            mask[self._mask] = 1
        return {"observation": self.game.observation(side), "action_mask": mask}

    def _opponent_action(self) -> int:
        assert self.game is not None
        if isinstance(self.opponent, str):
            return self.game.bot_action(self.opponent, self._seed(), self.opponent_nodes)
        return int(self.opponent(self._obs(self.agent_side.other)))

    def _play_opponent(self) -> None:
        """Lets the opponent move until it is the agent's turn or the game ends."""
        assert self.game is not None
        while self.game.to_move is not None and self.game.to_move is not self.agent_side:
            if self._truncated():
                return
            self.game.play_action(self._opponent_action())

    def _truncated(self) -> bool:
        assert self.game is not None
        return self.game._step_result(self.agent_side, self.max_plies)[2]


    # -- the Gymnasium API

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        super().reset(seed=seed)
        if self.agent_side_choice == "random":
            self.agent_side = Side.RED if self.np_random.integers(0, 2) == 0 else Side.BLUE
        else:
            self.agent_side = Side.from_code(_side_code(self.agent_side_choice))
        if self.game is not None:
            self.game.close()
        start = Game.sensible if self.setup == "sensible" else Game.random
        self.game = start(self.ruleset, self._seed(), self._seed())
        self._play_opponent()
        return self._obs(self.agent_side), {"agent_side": self.agent_side.value}

    def step(self, action: Any) -> Tuple[Dict[str, np.ndarray], float, bool, bool, Dict[str, Any]]:
        assert self.game is not None, "reset() first"
        info: Dict[str, Any] = {}
        a = int(action)
        if not (0 <= a < self._mask.size) or not self.game.action_mask(self._mask)[a]:
            if self.illegal_action == "lose":
                info["illegal_action"] = True
                return self._obs(self.agent_side), -1.0, True, False, info
            a = self.game.bot_action("random", self._seed())
        self.game.play_action(a)
        self._play_opponent()
        reward, terminated, truncated = self.game._step_result(self.agent_side, self.max_plies)
        if terminated:
            info["status"] = str(self.game.status)
        return self._obs(self.agent_side), reward, terminated, truncated, info

    def action_masks(self) -> "npt.NDArray[np.bool_]":
        """The legal-action mask of the agent (``bool``), for MaskablePPO."""
        assert self.game is not None, "reset() first"
        mask: npt.NDArray[np.bool_] = self.game.action_mask().copy()
        return mask

    def render(self) -> Union[str, npt.NDArray[np.uint8], None]:
        if self.game is None:
            return None
        if self.render_mode == "rgb_array":
            viewer = None if self.render_as == "referee" else self.agent_side
            return self.game.rgb(viewer, self.render_size)
        if self.render_mode != "ansi":
            return None
        return f"{self.game.view(self.agent_side)}\n{self.game.status}"

    def close(self) -> None:
        if self.game is not None:
            self.game.close()
            self.game = None
