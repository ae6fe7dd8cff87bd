"""The three presets as OpenSpiel games (``pip install "marsal[openspiel]"``).

Importing this module registers, with :func:`pyspiel.register_game`:

=========================  ==================
``python_marsal_a_spion``  Maršál a špión
``python_marsal_classic``  classic Stratego
``python_marsal_barrage``  Barrage
=========================  ==================

Example::

    import pyspiel
    import marsal.openspiel  # registers the games
    game = pyspiel.load_game("python_marsal_classic", {"max_plies": 400})
    state = game.new_initial_state()

The game as OpenSpiel sees it:

* **Two players, sequential, imperfect information, zero-sum, terminal
  rewards** (+1 the winner, -1 the loser, 0 each for a draw). Player 0 is Red,
  player 1 Blue.
* **The setups are two chance nodes.** The game starts with a chance node
  that draws Red's setup, then one that draws Blue's, each uniformly from a
  family of ``setups`` seeded random setups of that side
  (``Ruleset.random_setup(side, seed * setups + k)`` for outcome ``k``). A
  player sees its own draw, never the other's. Every setup of the ruleset as a
  chance outcome would be astronomically many; a seeded family keeps the
  chance node small, lets :meth:`MarsalState.resample_from_infostate` sample
  exactly from what a player may believe, and is still a fresh deal per game.
* **Actions** are the library's action numbers (``docs/encodings.md``): in
  the acting side's frame, ``num_distinct_actions`` is the ruleset's
  ``action_space_size``; legal actions come from its legal-action mask.
* **A ply limit** (``max_plies``, default 2000): a game still going after that
  many plies ends as a draw, so that random games end.
* **Observations** come from the library's encodings, built from the
  player's ``View`` only: the observation tensor is ``Game.observation(side)``
  (``45 x ranks x files`` float32, the side's own frame); the
  information-state tensor is the same tensor (the view already carries what
  the side has learnt: revealed kinds, moved pieces, counting). The
  information-state string is the side's own setup and every move as that
  side saw it (:meth:`marsal.Game.last_seen`: a hidden attacker stays hidden),
  so it has perfect recall; the observation string is the side's view. The
  public observer (``private_info`` none) gives the moves as the side that did
  not move saw them, which is what both sides saw.
* **Clone and serialization**: a clone is an independent copy (the library
  clones its game); OpenSpiel's serialization is the action history, replayed.

Parameters: ``max_plies`` (int, 2000), ``setups`` (int, 100: chance outcomes
per side), ``seed`` (int, 0: which family of setups).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError(
        "marsal.openspiel needs OpenSpiel: pip install 'marsal[openspiel]' "
        "(open_spiel, Python 3.11 or newer)") from e

from ._enums import Side
from ._errors import MarsalError, ParseError, _bad_value
from ._game import Game
from ._ruleset import Ruleset
from ._values import SeenMove

__all__ = [
    "GAMES", "MarsalGame", "MarsalASpionGame", "ClassicGame", "BarrageGame", "MarsalState", "MarsalObserver", "DEFAULT_PARAMS"]

#: OpenSpiel short name -> marsal preset.
GAMES: Dict[str, str] = {
    "python_marsal_a_spion": "marsal_a_spion",
    "python_marsal_classic": "classic",
    "python_marsal_barrage": "barrage",
}
_LONG_NAMES = {
    "marsal_a_spion": "Marsal a spion (marsal, Python)",
    "classic": "Classic Stratego rules (marsal, Python)",
    "barrage": "Barrage (marsal, Python)",
}

#: The game parameters and their defaults.
DEFAULT_PARAMS: Dict[str, int] = {"max_plies": 2000, "setups": 100, "seed": 0}

_SIDES = (Side.RED, Side.BLUE)


def _game_type(short_name: str, preset: str) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=_LONG_NAMES[preset],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(DEFAULT_PARAMS),
    )


def _seen_text(seen: Optional[SeenMove]) -> str:
    """One move as a side saw it, as text (the mover's kind ``?`` if hidden)."""
    if seen is None:
        return ""
    piece = seen.piece.name if seen.piece is not None else "?"
    text = f"{seen.move} {piece}"
    if seen.defender is not None:
        text += f" x {seen.defender.name} {seen.battle.value}"
    return text


class _Config:
    """What the states of one (preset, parameters) game share: the ruleset,
    the parameters and the setup texts drawn so far."""

    def __init__(self, preset: str, params: Dict[str, Any]) -> None:
        merged = dict(DEFAULT_PARAMS)
        merged.update(params)
        unknown = set(merged) - set(DEFAULT_PARAMS)
        if unknown:
            raise _bad_value(
                f"unknown parameters {sorted(unknown)}; known: {sorted(DEFAULT_PARAMS)}")
        self.params = {k: int(v) for k, v in merged.items()}
        self.max_plies = self.params["max_plies"]
        self.setups = self.params["setups"]
        self.seed = self.params["seed"]
        if self.max_plies < 1 or self.setups < 1 or self.seed < 0:
            raise _bad_value("max_plies and setups must be at least 1, seed at least 0")
        self.preset = preset
        self.ruleset = Ruleset.preset(preset)
        self._setup_texts: Dict[Tuple[int, int], str] = {}

    # Shared by every state of the game: a clone of a state keeps it.
    def __deepcopy__(self, memo: Dict[int, Any]) -> "_Config":
        return self

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_config, (self.preset, self.params))

    def setup_text(self, player: int, outcome: int) -> str:
        """The setup that chance outcome ``outcome`` gives ``player``."""
        key = (player, outcome)
        text = self._setup_texts.get(key)
        if text is None:
            text = self.ruleset.random_setup(_SIDES[player], self.seed * self.setups + outcome)
            self._setup_texts[key] = text
        return text


_CONFIGS: Dict[Tuple[str, Tuple[Tuple[str, int], ...]], _Config] = {}


def _config(preset: str, params: Dict[str, Any]) -> _Config:
    key = (preset, tuple(sorted((k, int(v)) for k, v in params.items())))
    config = _CONFIGS.get(key)
    if config is None:
        config = _CONFIGS[key] = _Config(preset, params)
    return config


class MarsalGame(pyspiel.Game):  # type: ignore[misc]
    """One preset as an OpenSpiel game (a subclass per preset is registered)."""

    preset: str = "classic"
    game_type: Any = None

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        config = _config(self.preset, params or {})
        info = pyspiel.GameInfo(
            num_distinct_actions=config.ruleset.action_space_size,
            max_chance_outcomes=config.setups,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=config.max_plies + 2,
        )
        super().__init__(self.game_type, info, dict(config.params))

    @property
    def config(self) -> _Config:
        """The ruleset, the parameters and the setups of this game."""
        return _config(self.preset, self.get_parameters())

    def new_initial_state(self) -> "MarsalState":
        return MarsalState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Optional[Dict[str, Any]] = None) -> "MarsalObserver":
        return MarsalObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class MarsalState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the setups drawn so far, then a marsal :class:`Game`."""

    def __init__(self, game: MarsalGame) -> None:
        super().__init__(game)
        self._game_object = game
        self._mgame = game.config
        self.setups: List[int] = []
        self.game: Optional[Game] = None
        # Every move as each side saw it (text), for the information states.
        self.seen: Tuple[List[str], List[str]] = ([], [])
        self.movers: List[int] = []
        # Each side's view when the game starts (where the enemy pieces stand).
        self.start: Tuple[str, str] = ("", "")

    # -- the OpenSpiel state API -------------------------------------------
    def current_player(self) -> int:
        if len(self.setups) < 2:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        assert self.game is not None
        side = self.game.to_move
        assert side is not None
        return side.code

    def _legal_actions(self, player: int) -> List[int]:
        if self.game is None or self.is_terminal():
            return []
        return [int(a) for a in self.game.legal_actions()]

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        k = self._mgame.setups
        return [(i, 1.0 / k) for i in range(k)]

    def _apply_action(self, action: int) -> None:
        if len(self.setups) < 2:
            if not 0 <= action < self._mgame.setups:
                raise _bad_value(f"chance outcome {action} out of range")
            self.setups.append(int(action))
            if len(self.setups) == 2:
                g = self._mgame
                self.game = Game(g.ruleset, g.setup_text(0, self.setups[0]),
                                 g.setup_text(1, self.setups[1]))
                self.start = (str(self.game.view(Side.RED)), str(self.game.view(Side.BLUE)))
            return
        assert self.game is not None
        mover = self.current_player()
        self.game.play_action(int(action))
        self.movers.append(mover)
        for p in (0, 1):
            self.seen[p].append(_seen_text(self.game.last_seen(_SIDES[p])))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"setup {action}"
        try:
            return str(self._mgame.ruleset.action_to_move(_SIDES[player], action))
        except MarsalError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        if self.game is None:
            return False
        _, terminated, truncated = self.game._step_result(Side.RED, self._mgame.max_plies)
        return terminated or truncated

    def returns(self) -> List[float]:
        if self.game is None or not self.is_terminal():
            return [0.0, 0.0]
        return [self.game._step_result(side, None)[0] for side in (Side.RED, Side.BLUE)]

    def __str__(self) -> str:
        if self.game is None:
            return "setups " + " ".join(str(s) for s in self.setups)
        return self.game.position_text()

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> "MarsalState":
        """A state drawn from what ``player_id`` may believe: the other side's
        setup drawn uniformly among the family's setups that agree with every
        move ``player_id`` saw (the true one always does), the moves replayed."""
        g = self._mgame
        if len(self.setups) < 2:
            state = MarsalState(self._game_object)
            for i, k in enumerate(self.setups):
                if i == player_id:
                    state.apply_action(k)
                else:
                    state.apply_action(int(probability_sampler() * g.setups) % g.setups)
            return state
        actions = [int(a) for a in self.history()[2:]]
        assert self.game is not None
        moves = json.loads(self.game.to_json())["moves"]
        own = self.setups[player_id]
        start = int(probability_sampler() * g.setups) % g.setups
        with self._start_game() as true_start:
            for i in range(g.setups):
                other = (start + i) % g.setups
                if self._agrees(player_id, own, other, true_start, moves):
                    state = MarsalState(self._game_object)
                    for k in ((own, other) if player_id == 0 else (other, own)):
                        state.apply_action(k)
                    for a in actions:
                        state.apply_action(a)
                    return state
        raise RuntimeError("no setup agrees with the information state")  # the true one does

    def _start_game(self, red: Optional[int] = None, blue: Optional[int] = None) -> Game:
        """The game of the setups ``red`` and ``blue`` (default: this
        state's) before any move."""
        g = self._mgame
        red = self.setups[0] if red is None else red
        blue = self.setups[1] if blue is None else blue
        return Game(g.ruleset, g.setup_text(0, red), g.setup_text(1, blue))

    def _agrees(self, player: int, own: int, other: int, true_start: Game,
                moves: List[Any]) -> bool:
        """Whether the game of setups ``own`` (``player``'s) and ``other``
        with this game's ``moves`` (its JSON record's) agrees with everything
        ``player`` knows, asked of the library: first the start alone (the
        same view as ``true_start``'s, ``Game.is_consistent``), then the
        whole game (``Game.from_json`` replays the moves and checks each: one
        illegal there, no agreement; then ``player``'s views are compared,
        every move as seen included)."""
        red, blue = (own, other) if player == 0 else (other, own)
        side = _SIDES[player]
        with self._start_game(red, blue) as start:
            if not start.is_consistent(true_start, side):
                return False
            record = json.loads(start.to_json())
        record["moves"] = moves
        try:
            trial = Game.from_json(record)
        except ParseError:
            return False
        assert self.game is not None
        with trial:
            return trial.is_consistent(self.game, side)

    # -- for the observer ---------------------------------------------------
    def information_text(self, player: int) -> str:
        lines = [_SIDES[player].value]
        if len(self.setups) > player:
            lines.append("setup " + self._mgame.setup_text(player, self.setups[player]))
        if self.start[player]:
            lines.append(self.start[player])
        lines.extend(self.seen[player])
        return "\n".join(lines)

    def public_text(self) -> str:
        """The moves as the side that did not move saw them (what both saw)."""
        return "\n".join(self.seen[1 - m][i] for i, m in enumerate(self.movers))


class MarsalObserver:
    """OpenSpiel's observer (the ``PyObserver`` interface): ``tensor``, ``dict``,
    ``set_from`` and ``string_from``."""

    def __init__(self, game: MarsalGame, iig_obs_type: Any,
                 params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise _bad_value(f"observation parameters are not supported; passed {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise _bad_value("marsal games have no observer of every player's private information")
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        shape: Tuple[int, ...] = game.config.ruleset.observation_shape if self.private else (0,)
        self.tensor: npt.NDArray[np.float32] = np.zeros(int(np.prod(shape)), np.float32)
        self.dict: Dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: MarsalState, player: int) -> None:
        if not self.private:
            return
        if state.game is None:
            self.tensor.fill(0.0)
        else:
            state.game.observation(_SIDES[player], out=self.dict["observation"])

    def string_from(self, state: MarsalState, player: int) -> str:
        if not self.private:
            return state.public_text() if self.public else ""
        if self.perfect_recall:
            return state.information_text(player)
        if state.game is None:
            return state.information_text(player)
        view = str(state.game.view(_SIDES[player]))
        last = state.seen[player][-1] if state.seen[player] else ""
        return f"{_SIDES[player].value} ply {state.game.ply}\n{view}\n{last}"


class MarsalASpionGame(MarsalGame):
    """``python_marsal_a_spion``: Maršál a špión."""

    preset = "marsal_a_spion"
    game_type = _game_type("python_marsal_a_spion", preset)


class ClassicGame(MarsalGame):
    """``python_marsal_classic``: classic Stratego rules."""

    preset = "classic"
    game_type = _game_type("python_marsal_classic", preset)


class BarrageGame(MarsalGame):
    """``python_marsal_barrage``: Barrage."""

    preset = "barrage"
    game_type = _game_type("python_marsal_barrage", preset)


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for cls in (MarsalASpionGame, ClassicGame, BarrageGame):
        if cls.game_type.short_name not in registered:
            pyspiel.register_game(cls.game_type, cls)


_register()
