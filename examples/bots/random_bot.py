#!/usr/bin/env python3
"""A random bot for the marsal protocol (docs/protocol.md).

Run it under the referee:
    marsal match --ruleset classic --red "python3 examples/bots/random_bot.py" \
                 --blue "python3 examples/bots/random_bot.py"

It shuffles the example setup the referee offers (same rows, same pieces, so
still legal) and plays a random move from the legal moves listed in each `go`.
Everything it writes is a line on stdout, flushed at once; it logs nothing.
"""
import random
import sys


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else None
    rng = random.Random(seed)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "setup":
            example = words[1]
            pieces = [c for c in example if c != "/"]
            rng.shuffle(pieces)
            it = iter(pieces)
            answer = "".join("/" if c == "/" else next(it) for c in example)
            print(answer, flush=True)
        elif command == "go":
            moves = words[1:]
            print(rng.choice(moves) if moves else "resign", flush=True)
        elif command == "end":
            return
        # marsal, ruleset, side, time, start, view, move: nothing to do.


if __name__ == "__main__":
    main()
