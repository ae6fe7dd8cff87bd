"""OpenSpiel's information-set MCTS plays the library's bots.

    pip install "marsal[openspiel]"
    python examples/openspiel_ismcts.py --ruleset barrage --games 4 --opponent random

The ISMCTS bot (``open_spiel.python.algorithms.ismcts``) searches the game
registered by :mod:`marsal.openspiel`: at its root it draws worlds with
``resample_from_infostate`` (the opponent's setup among those that agree with
what it saw), and it evaluates a leaf with a random playout played by the
library in one call (``Game.play_random``), scored by the material left when
the playout stops short of the end. The opponent is a library bot
(``Game.bot_action``: ``random`` or ``careful``), which sees its own side's
view only. Sides alternate between games. A game still going at ``--max-plies``
is a draw.
"""

from __future__ import annotations

import argparse
import time
from typing import List, Sequence, Tuple

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import marsal
import marsal.openspiel

GAMES = {"marsal_a_spion": "python_marsal_a_spion", "classic": "python_marsal_classic",
         "barrage": "python_marsal_barrage"}


def _material(game: marsal.Game) -> Tuple[int, int]:
    """Pieces on the board, Red's and Blue's (the referee's count, for a
    playout of a sampled world: never shown to a player)."""
    board = game.position_text().split()[0]
    return sum(c.isupper() for c in board), sum(c.islower() for c in board)


class PlayoutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """A random playout of ``plies`` plies played by the library in one call."""

    def __init__(self, plies: int, rng: np.random.RandomState) -> None:
        self.plies = plies
        self.rng = rng

    def evaluate(self, state: marsal.openspiel.MarsalState) -> Sequence[float]:
        if state.is_terminal():
            return [float(r) for r in state.returns()]
        assert state.game is not None
        with state.game.clone() as game:
            game.play_random(self.plies, seed=int(self.rng.randint(1 << 31)))
            winner = game.status.winner
            if winner is not None:
                return [1.0, -1.0] if winner == "red" else [-1.0, 1.0]
            red, blue = _material(game)
            value = 0.5 * (red - blue) / max(1, red + blue)
            return [value, -value]

    def prior(self, state: marsal.openspiel.MarsalState) -> List[Tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play(ruleset: str, games: int, opponent: str, simulations: int, max_plies: int,
         seed: int) -> Tuple[int, int, int]:
    game = pyspiel.load_game(GAMES[ruleset], {"max_plies": max_plies, "seed": seed})
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game, PlayoutEvaluator(40, rng), uct_c=1.5, max_simulations=simulations,
        max_world_samples=8, random_state=rng, allow_inconsistent_action_sets=True)
    wins = draws = losses = 0
    for i in range(games):
        ismcts_player = i % 2
        state = game.new_initial_state()
        start = time.perf_counter()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.current_player() == ismcts_player:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(state.game.bot_action(opponent, seed=int(rng.randint(1 << 31))))
        r = state.returns()[ismcts_player]
        wins += r > 0
        draws += r == 0
        losses += r < 0
        side = "red" if ismcts_player == 0 else "blue"
        print(f"game {i + 1}: ISMCTS as {side}: {['loss', 'draw', 'win'][int(np.sign(r)) + 1]}"
              f" after {state.game.ply} plies ({state.game.status}), "
              f"{time.perf_counter() - start:.1f} s")
    return wins, draws, losses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", choices=sorted(GAMES), default="barrage")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--opponent", default="random", help="random or careful")
    parser.add_argument("--simulations", type=int, default=40, help="ISMCTS simulations a move")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wins, draws, losses = play(args.ruleset, args.games, args.opponent, args.simulations,
                               args.max_plies, args.seed)
    print(f"ISMCTS ({args.simulations} simulations) against {args.opponent} on {args.ruleset}: "
          f"{wins} wins, {draws} draws, {losses} losses")


if __name__ == "__main__":
    main()
