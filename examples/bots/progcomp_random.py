#!/usr/bin/env python3 -u
"""A random bot written to the manual of the UCC Programming Competition 2012
Stratego manager (doc/manager_manual.txt, "PROTOCOL"), for testing
`marsal match --protocol progcomp`.

Setup: `COLOUR OPPONENT WIDTH HEIGHT`, answered with four rows of ten piece
characters (1 Marshal .. 9 Scout, s Spy, B Bomb, F Flag), ROW1 the highest row
of the bot's zone. Each turn: `START` (Red's first turn) or
`LASTMOVE OUTCOME`, then the ten board rows (own pieces by character, `#`
enemy, `+` obstacle, `.` empty); answered with `X Y DIRECTION [MULTIPLIER]`;
then the manager repeats the move with its OUTCOME. `QUIT [RESULT]` at any
time ends the game.
"""
import random
import sys

ARMY = "1" + "2" + "33" + "444" + "5555" + "6666" + "7777" + "88888" + "99999999" + "s" + "BBBBBB" + "F"
DIRS = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}


def read():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    line = line.strip()
    if line.startswith("QUIT"):
        sys.exit(0)
    return line


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    colour, _opponent, width, height = read().split()
    width, height = int(width), int(height)
    pieces = list(ARMY)
    rng.shuffle(pieces)
    for r in range(4):
        print("".join(pieces[r * width:(r + 1) * width]))
    sys.stdout.flush()
    while True:
        read()  # START, or the opponent's move and its outcome
        board = [read() for _ in range(height)]
        moves = []
        for y in range(height):
            for x in range(width):
                c = board[y][x]
                if c not in "123456789s":
                    continue
                for name, (dx, dy) in DIRS.items():
                    n = 1
                    while True:
                        tx, ty = x + dx * n, y + dy * n
                        if not (0 <= tx < width and 0 <= ty < height):
                            break
                        t = board[ty][tx]
                        if t in ".#":
                            moves.append("%d %d %s" % (x, y, name) + (" %d" % n if n > 1 else ""))
                        if t != "." or c != "9":
                            break
                        n += 1
        if not moves:
            print("SURRENDER")
            sys.stdout.flush()
            return
        print(rng.choice(moves))
        sys.stdout.flush()
        read()  # the move repeated with its outcome


if __name__ == "__main__":
    main()
