"""The PettingZoo AEC environment: two agents, ``"red"`` and ``"blue"``.

Follows PettingZoo's module convention: :func:`env` is the wrapped
environment (an illegal action loses the game with reward -1; out-of-range
actions are refused; calls must come in order), :func:`raw_env` the bare one.

Each agent's observation is a dict: ``"observation"``, the ``float32`` tensor
``(45, ranks, files)`` built from that agent's view only (its own frame: Blue
sees the board turned half a turn), and ``"action_mask"``, an ``int8`` array
of the action-space size (all zeros when it is not the agent's turn). Actions
are ``Discrete(action_space_size)`` (see ``docs/encodings.md``). Rewards are
+1 for the winner and -1 for the loser when the game ends, else 0; games
reaching ``max_plies`` (``None``: no limit but the ruleset's) are truncated.

``render_mode="rgb_array"``: :meth:`raw_env.render` returns the board as an
``(H, W, 3)`` ``uint8`` picture from the view of the agent to move
(``render_as="player"``) or the referee's (``render_as="referee"``),
``render_size`` pixels a square; ``"ansi"`` returns that agent's view as text.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Union

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._enums import Side
from ._errors import _bad_value
from ._game import Game
from ._pictures import DEFAULT_SQUARE
from ._ruleset import Ruleset

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment (``raw_env(**kwargs)`` with PettingZoo's
    TerminateIllegalWrapper, AssertOutOfBoundsWrapper and
    OrderEnforcingWrapper)."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801  (PettingZoo's name)
    """A game of marsal between two agents (see the module documentation).

    ``ruleset``: a :class:`marsal.Ruleset` or a preset name
    (``"marsal_a_spion"``, ``"classic"``, ``"barrage"``). ``setup``:
    ``"random"`` (the default) or ``"sensible"`` (setups a person would make,
    see :meth:`marsal.Ruleset.sensible_setup`). A built-in opponent for
    either agent: :meth:`bot_action` (``"random"``, ``"careful"`` or
    ``"search"`` with its budget).
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "name": "marsal_v0",
                                "is_parallelizable": False, "render_fps": 4}

    def __init__(self, ruleset: Union[Ruleset, str] = "classic", max_plies: Optional[int] = None,
                 render_mode: Optional[str] = None, setup: str = "random",
                 render_as: str = "player", render_size: int = DEFAULT_SQUARE) -> None:
        super().__init__()
        self.ruleset = ruleset if isinstance(ruleset, Ruleset) else Ruleset(ruleset)
        if setup not in ("random", "sensible"):
            raise _bad_value(f"setup must be 'random' or 'sensible', not {setup!r}")
        self.setup = setup
        self.max_plies = max_plies
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise _bad_value("render_mode must be None, 'ansi' or 'rgb_array', "
                             f"not {render_mode!r}")
        if render_as not in ("player", "referee"):
            raise _bad_value(f"render_as must be 'player' or 'referee', not {render_as!r}")
        self.render_mode = render_mode
        self.render_as = render_as
        self.render_size = render_size
        self.possible_agents = ["red", "blue"]
        self.agents = self.possible_agents[:]
        a = self.ruleset.action_space_size
        shape = self.ruleset.observation_shape
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, shape, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (a,), dtype=np.int8),
        })
        self.observation_spaces = {ag: obs_space for ag in self.possible_agents}
        self.action_spaces = {ag: spaces.Discrete(a) for ag in self.possible_agents}
        self._np_random = np.random.default_rng()
        self.game: Optional[Game] = None
        self._mask = np.zeros(a, dtype=np.bool_)

    def observation_space(self, agent: str) -> "spaces.Space[Any]":
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> "spaces.Space[Any]":
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
        red, blue = (int(x) for x in self._np_random.integers(0, 2**63, size=2))
        if self.game is not None:
            self.game.close()
        start = Game.sensible if self.setup == "sensible" else Game.random
        self.game = start(self.ruleset, red, blue)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: Dict[str, Dict[str, Any]] = {ag: {} for ag in self.agents}
        self.agent_selection = self.game.position_to_move.value

    def bot_action(self, policy: str = "search", seed: Optional[int] = None,
                   nodes: Optional[int] = None) -> int:
        """The action a built-in bot chooses for the agent to move
        (:meth:`marsal.Game.bot_action`: ``"random"``, ``"careful"`` or
        ``"search"`` with the budget ``nodes``, default
        :data:`marsal.SEARCH_DEFAULT_NODES`), from that agent's view only:
        ``env.step(env.unwrapped.bot_action("search", nodes=2000))`` lets a
        bot play one side. ``seed`` None draws one from the environment's
        generator. -1 once the game is over."""
        assert self.game is not None, "reset() first"
        if seed is None:
            seed = int(self._np_random.integers(0, 2**63))
        return self.game.bot_action(policy, seed, nodes)

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        assert self.game is not None, "reset() first"
        obs = self.game.observation(agent)
        mask = np.zeros(self.ruleset.action_space_size, dtype=np.int8)
        if agent == self.agent_selection and not self.game.is_over:
            self.game.action_mask(self._mask)
            mask[self._mask] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game is not None
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.game.play_action(int(action))
        for ag in self.agents:
            reward, terminated, truncated = self.game._step_result(ag, self.max_plies)
            self.rewards[ag] = reward
            self.terminations[ag] = terminated
            self.truncations[ag] = truncated
        self.agent_selection = Side(agent).other.value
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            pass  # render() returns the text on demand

    def render(self) -> Union[str, npt.NDArray[np.uint8], None]:
        if self.render_mode is None or self.game is None:
            return None
        if self.render_mode == "rgb_array":
            viewer = None if self.render_as == "referee" else self.agent_selection
            return self.game.rgb(viewer, self.render_size)
        return f"{self.game.view(self.agent_selection)}\n{self.game.status}"

    def close(self) -> None:
        if self.game is not None:
            self.game.close()
            self.game = None
