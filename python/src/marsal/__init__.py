"""marsal: the referee for Maršál a špión, classic Stratego and Barrage.

A Python package over the marsal C library (installed inside the package):

* :class:`Ruleset`, :class:`Game`, :class:`View`, :class:`Move` and friends
  (``repr``, equality, ``copy``/``deepcopy``/``pickle``; failures raise a
  :class:`MarsalError` subclass carrying the library's message);
* encodings for learning, written by the library into NumPy arrays: a fixed
  action space per ruleset with legal-action masks
  (:meth:`Game.action_mask`, :meth:`Ruleset.action_to_move`) and an
  observation tensor per side (:meth:`Game.observation`), see
  ``docs/encodings.md``;
* the built-in bots inside the library: ``random``, ``careful`` and the
  ``search`` bot (:meth:`Game.search_move`, :meth:`Game.bot_action`,
  :func:`bot_actions` for many games), determinizations of what a side knows
  (:meth:`Game.determinize`) and sensible setups
  (:meth:`Ruleset.sensible_setup`, :meth:`Game.sensible`);
* :class:`VectorEnv`: N games stepped from an array of actions in one call;
* ``marsal.pettingzoo`` (``env()``, ``raw_env()``) and the Gymnasium
  environments ``marsal/MarsalASpion-v0``, ``marsal/Classic-v0`` and
  ``marsal/Barrage-v0`` (:mod:`marsal.gym_env`), registered when Gymnasium is
  installed.

Example (classic has no ply limit of its own, so a game is played to its end
or to a limit, here 3000 plies):

>>> import marsal
>>> game = marsal.Game.random("classic", red_seed=1, blue_seed=2)
>>> print(game.view("red"))  # doctest: +ELLIPSIS
 10  ? ? ? ? ? ? ? ? ? ?
...
  1  ...
     a b c d e f g h i j
>>> game.play("a4-a5")  # doctest: +ELLIPSIS
Outcome(...)
>>> status = game.play_until_over("careful", max_plies=3000)
>>> status.is_over or game.ply == 3001
True
"""

# A module per concept (the C library, enums, errors, C structs, values,
# rulesets, games, batches).
from ._batch import play_random, views, views_raw
from ._bots import (
    POLICIES, SEARCH_DEFAULT_NODES, SEARCH_MAX_DETERMINIZATIONS, SEARCH_MAX_TIME_MS, SearchStats,
    bot_actions,
)
from ._enums import (
    DEFAULT_MAX_PLIES, GRID_SQUARES, KIND_COUNT, MAX_FILES, MAX_LEGAL_MOVES, MAX_RANKS,
    OBSERVATION_CHANNELS, Battle, Cell, Kind, Side, State, Status,
)
from ._errors import (
    BufferTooSmall, GameOver, IllegalMove, InvalidArgument, InvalidArgumentType, InvalidRuleset,
    InvalidSetup,
    InvalidUtf8, MarsalError, MarsalPanic, NoOutcome, NothingToUndo, NullPointer, ParseError,
)
from ._game import Game
from ._game_core import compiled_calls
from ._library import check, find_library, last_error_message, lib, version
from ._ruleset import Ruleset
from ._structs import (
    MarsalGameStatus, MarsalMove, MarsalOutcome, MarsalPlayoutSummary, MarsalSearchConfig,
    MarsalSearchStats, MarsalSquare, MarsalObservation, MarsalSquareView, MarsalViewInfo,
)
from ._values import (
    GameStatus, Move, Outcome, PlayoutSummary, SeenMove, SquareView, View, parse_square, square_name,
)
from ._legal_moves import LegalMoves
from .vector import VectorEnv

__version__ = "0.1.0"

__all__ = [
    "OBSERVATION_CHANNELS",
    "MAX_LEGAL_MOVES", "KIND_COUNT", "MAX_FILES", "MAX_RANKS", "GRID_SQUARES",
    "DEFAULT_MAX_PLIES",
    "Status", "Side", "Kind", "Battle", "State", "Cell",
    "MarsalError", "NullPointer", "InvalidArgument", "BufferTooSmall",
    "InvalidArgumentType", "InvalidUtf8", "ParseError", "InvalidRuleset", "InvalidSetup",
    "IllegalMove", "GameOver", "NothingToUndo", "NoOutcome", "MarsalPanic",
    "MarsalSquare", "MarsalMove", "MarsalOutcome", "MarsalGameStatus",
    "MarsalSquareView", "MarsalPlayoutSummary", "MarsalObservation", "MarsalViewInfo",
    "MarsalSearchConfig", "MarsalSearchStats",
    "Move", "LegalMoves", "Outcome", "SeenMove", "GameStatus", "SquareView", "View", "PlayoutSummary",
    "Ruleset", "Game",
    "lib", "check", "version", "last_error_message", "find_library", "compiled_calls",
    "square_name", "parse_square", "play_random", "views", "views_raw",
    "VectorEnv", "__version__",
    "POLICIES", "SEARCH_DEFAULT_NODES", "SEARCH_MAX_DETERMINIZATIONS", "SEARCH_MAX_TIME_MS",
    "SearchStats",
    "bot_actions",
]


def _register_gymnasium() -> None:
    try:
        import gymnasium
    except ImportError:  # Gymnasium is optional
        return
    ids = {
        "marsal/MarsalASpion-v0": "marsal_a_spion",
        "marsal/Classic-v0": "classic",
        "marsal/Barrage-v0": "barrage",
    }
    for env_id, preset in ids.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="marsal.gym_env:MarsalEnv",
                               kwargs={"ruleset": preset})


_register_gymnasium()
