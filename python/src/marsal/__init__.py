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
* :class:`VectorEnv`: N games stepped from an array of actions in one call;
* ``marsal.pettingzoo`` (``env()``, ``raw_env()``) and the Gymnasium
  environments ``marsal/MarsalASpion-v0``, ``marsal/Classic-v0`` and
  ``marsal/Barrage-v0`` (:mod:`marsal.gym_env`), registered when Gymnasium is
  installed.

Example::

    import marsal
    game = marsal.Game.random("classic", red_seed=1, blue_seed=2)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    print(game.status)
"""

from ._core import *  # noqa: F401,F403
from ._core import __all__ as _core_all
from .vector import VectorEnv

__version__ = "0.1.0"

__all__ = list(_core_all) + ["VectorEnv", "__version__"]


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
