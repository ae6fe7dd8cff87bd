"""A short tour of the marsal package: a game, its views, the encodings and a
vector environment.

    python3 -m pip install ./python
    python3 python/examples/play.py
"""

import marsal

# A game from random setups; moves as objects or text.
game = marsal.Game.random("classic", red_seed=1, blue_seed=2)
print(game, "-", len(game.legal_moves()), "legal moves, e.g.", game.legal_moves()[0])
game.play(game.legal_moves()[0])

# Each side only sees its own view.
print(game.view("blue"))

# Encodings for learning, written by the library into NumPy arrays.
obs = game.observation()  # (45, 10, 10) float32, the side to move's frame
mask = game.action_mask()  # (1800,) bool
action = int(mask.nonzero()[0][0])
print("observation", obs.shape, "legal actions", mask.sum(), "first:", action,
      "=", game.action_to_move(action))
game.play_action(action)

# Copies are real clones; pickle goes through the JSON form.
import copy
import pickle

assert copy.deepcopy(game) == game == pickle.loads(pickle.dumps(game))

# Until the end: the careful bot (Red) against random play (Blue).
while not game.is_over and game.ply < 3000:
    policy = "careful" if game.to_move is marsal.Side.RED else "random"
    game.play_action(game.bot_action(policy, seed=game.ply))
print(game.status, "after", game.ply, "plies")

# 256 games stepped in one call, with actions drawn inside the library.
with marsal.VectorEnv("classic", num_envs=256, seed=0) as env:
    obs, masks = env.reset()
    for _ in range(100):
        obs, masks, rewards, terminated, truncated = env.step(env.random_actions())
    print("VectorEnv:", obs.shape, masks.shape, "games ended in the last step:", terminated.sum())
