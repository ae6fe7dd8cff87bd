"""Tests of the ctypes bindings (the marsal package) against the built library.

Run against the installed package (see python/ci.sh):

    python3 -m pytest python/tests
"""

import ctypes
import json
import random
import time
import unittest

import marsal
from marsal import (
    Cell, Game, GameOver, GameStatus, IllegalMove, InvalidArgument, InvalidRuleset,
    InvalidSetup, Kind, MarsalError, Move, NothingToUndo, NullPointer, Outcome, ParseError,
    Ruleset, Side, State, Status,
)

PRESETS = ("marsal_a_spion", "classic", "barrage")
PLY_CAP = 2000


def capped(preset, max_plies=PLY_CAP):
    """The preset with a ply limit, loaded through its JSON form."""
    with Ruleset.preset(preset) as rules:
        data = json.loads(rules.to_json())
    data["max_plies"] = max_plies
    return Ruleset.from_json(json.dumps(data))


def board_letters(position_text, files, ranks):
    """{(file, rank): char} from a position text (rows top rank first)."""
    # rows, side to move, and optionally the pieces captured in public view
    rows_part, to_move = position_text.split(" ")[:2]
    rows = rows_part.split("/")
    assert len(rows) == ranks, (len(rows), ranks)
    out = {}
    for i, row in enumerate(rows):
        assert len(row) == files, (row, files)
        rank = ranks - 1 - i
        for file, ch in enumerate(row):
            out[(file, rank)] = ch
    return out, to_move


def side_of_letter(ch):
    if ch.isalpha():
        return Side.RED if ch.isupper() else Side.BLUE
    return None


class ErrorAssertions(unittest.TestCase):
    def assertMarsalError(self, cls, status, fn, *args, **kwargs):
        """fn(...) raises cls with .status == status and a non-empty message."""
        with self.assertRaises(cls) as cm:
            fn(*args, **kwargs)
        e = cm.exception
        self.assertIsInstance(e, MarsalError)
        self.assertIsInstance(e.status, Status)
        self.assertEqual(e.status, status)
        self.assertIsInstance(e.message, str)
        self.assertTrue(e.message.strip(), f"empty message for {e.status!r}")
        self.assertTrue(str(e).strip())
        return e


class ViewChecks(unittest.TestCase):
    def check_views(self, game, fresh=False):
        """Both views against the referee's position text; returns how many
        enemy pieces have a known kind (in both views together)."""
        known = 0
        files, ranks = game.board_size
        letters, _ = board_letters(game.position_text(), files, ranks)
        for side in (Side.RED, Side.BLUE):
            view = game.view(side)
            self.assertEqual(view.side, side)
            self.assertEqual((view.files, view.ranks), (files, ranks))
            self.assertEqual(len(view), files * ranks)
            for sv in view:
                f, r = marsal.parse_square(sv.square)
                ch = letters[(f, r)]
                owner = side_of_letter(ch)
                if ch == "#":
                    self.assertIs(sv.cell, Cell.OFF_BOARD, sv)
                elif ch == "~":
                    self.assertIs(sv.cell, Cell.LAKE, sv)
                elif ch == ".":
                    self.assertIs(sv.cell, Cell.EMPTY, sv)
                elif owner == side:
                    self.assertIs(sv.cell, Cell.OWN, sv)
                    self.assertEqual(sv.kind, Kind.from_letter(ch), sv)
                else:
                    self.assertIs(sv.cell, Cell.ENEMY, sv)
                    true_kind = Kind.from_letter(ch)
                    self.assertIn(true_kind, sv.possible, sv)
                    if sv.kind is not None:
                        known += 1
                        self.assertEqual(sv.kind, true_kind, sv)
                        self.assertEqual(sv.possible, frozenset({sv.kind}), sv)
                    else:
                        self.assertGreater(len(sv.possible), 1, sv)
                    if fresh:
                        self.assertIsNone(sv.kind, f"enemy kind known at the start: {sv}")
                        self.assertGreaterEqual(len(sv.possible), 3, sv)
                if sv.cell not in (Cell.OWN, Cell.ENEMY):
                    self.assertIsNone(sv.kind)
                    self.assertEqual(sv.possible, frozenset())
        return known


class TestRandomGames(ViewChecks, ErrorAssertions):
    """Complete random games on every preset, checking statuses, views and undo."""

    GAMES_PER_PRESET = 2
    VIEW_EVERY = 5  # also check the views every so many plies

    def play_random_game(self, preset, seed):
        rng = random.Random(seed)
        with capped(preset) as rules, Game.random(rules, seed, seed + 1000) as game:
            files, ranks = game.board_size
            self.assertEqual(self.check_views(game, fresh=True), 0)
            known_seen = 0
            hashes = [game.hash]
            outcomes = []
            last_moves = None
            while True:
                status = game.status
                moves = game.legal_moves()
                self.assertEqual(game.ply, len(outcomes))
                if status.state is not State.ONGOING:
                    break
                self.assertTrue(moves, f"ongoing with no legal move at ply {game.ply}")
                self.assertFalse(game.is_over)
                self.assertIn(status.side, (Side.RED, Side.BLUE))
                self.assertIsNone(status.reason)
                self.assertEqual(status.reason_code, 255)
                self.assertLess(game.ply, PLY_CAP)
                self.assertEqual(len(set(moves)), len(moves))
                last_moves = moves
                mv = rng.choice(moves)
                letters, to_move = board_letters(game.position_text(), files, ranks)
                self.assertEqual(to_move, "r" if status.side is Side.RED else "b")
                from_sq = marsal.parse_square(mv.from_square)
                to_sq = marsal.parse_square(mv.to_square)
                text = game.move_text(mv)
                attacks = side_of_letter(letters[to_sq]) == status.side.other
                self.assertEqual(text, f"{mv.from_square}{'x' if attacks else '-'}{mv.to_square}")
                out = game.play(mv)
                self.assertIsInstance(out, Outcome)
                self.assertEqual(out.move, mv)
                self.assertEqual(out.side, status.side)
                self.assertEqual(out.piece, Kind.from_letter(letters[from_sq]))
                self.assertEqual(side_of_letter(letters[from_sq]), status.side)
                self.assertEqual(out.fought, attacks)
                if attacks:
                    self.assertEqual(out.defender, Kind.from_letter(letters[to_sq]))
                else:
                    self.assertIsNone(out.defender)
                self.assertEqual(game.last_outcome, out)
                outcomes.append(out)
                hashes.append(game.hash)
                # Knowledge changes with fights: check the views after each.
                if out.fought or game.ply % self.VIEW_EVERY == 0:
                    known_seen += self.check_views(game)

            # The end.
            self.assertTrue(game.is_over)
            self.assertEqual(moves, [])
            self.assertEqual(game.legal_moves(), [])
            self.assertLessEqual(game.ply, PLY_CAP)
            self.assertIsNotNone(status.reason)
            if status.state is State.WON:
                self.assertIn(status.side, (Side.RED, Side.BLUE))
                self.assertEqual(status.winner, status.side)
                self.assertIn(status.reason, ("flag captured", "opponent cannot move"))
                if status.reason == "flag captured":
                    self.assertEqual(outcomes[-1].defender, Kind.Flag)
                    self.assertEqual(outcomes[-1].side, status.side)
            else:
                self.assertIs(status.state, State.DRAWN)
                if status.reason == "no legal move":
                    self.assertIn(status.side, (Side.RED, Side.BLUE))
                else:
                    self.assertIsNone(status.side)
                if status.reason == "ply limit":
                    self.assertEqual(game.ply, PLY_CAP)
            self.check_views(game)
            if any(o.fought for o in outcomes):
                self.assertGreater(known_seen, 0, "no enemy kind ever became known")
            end_hash = game.hash
            self.assertMarsalError(GameOver, Status.GAME_OVER, game.play, last_moves[0])
            self.assertMarsalError(GameOver, Status.GAME_OVER, game.play, str(last_moves[0]))
            self.assertEqual(game.hash, end_hash)

            # Undo everything, checking each hash.
            for i in range(len(outcomes) - 1, -1, -1):
                undone = game.undo()
                self.assertEqual(undone, outcomes[i])
                self.assertEqual(game.hash, hashes[i])
                self.assertEqual(game.ply, i)
                self.assertFalse(game.is_over)
            self.assertIsNone(game.last_outcome)
            self.assertMarsalError(NothingToUndo, Status.NOTHING_TO_UNDO, game.undo)
            self.check_views(game, fresh=True)
            return status, len(outcomes)

    def test_random_games_all_presets(self):
        for preset in PRESETS:
            for k in range(self.GAMES_PER_PRESET):
                with self.subTest(preset=preset, seed=k):
                    self.play_random_game(preset, 17 + k)


class TestViews(ViewChecks):
    def test_fresh_views_hide_enemy_pieces(self):
        for preset in PRESETS:
            for seed in (1, 2, 3):
                with self.subTest(preset=preset, seed=seed), \
                        Game.random(preset, seed, seed * 7 + 1) as game:
                    self.check_views(game, fresh=True)
                    for side in ("red", "blue"):
                        view = game.view(side)
                        enemies = view.enemies()
                        self.assertTrue(enemies)
                        self.assertTrue(all(sv.kind is None for sv in enemies))
                        self.assertTrue(all(len(sv.possible) > 1 for sv in enemies))
                        self.assertTrue(all(sv.kind is not None for sv in view.own()))
                        self.assertEqual(len(enemies), len(view.own()))

    def test_view_indexing(self):
        with Game.random("classic", 1, 2) as game:
            view = game.view(Side.RED)
            self.assertEqual(view.size, (10, 10))
            self.assertIs(view["a1"].cell, Cell.OWN)
            self.assertIs(view[(0, 9)].cell, Cell.ENEMY)
            self.assertIs(view["c5"].cell, Cell.LAKE)
            self.assertIs(view["a5"].cell, Cell.EMPTY)
            with self.assertRaises(KeyError):
                view["l12"]
        with Game.random("marsal_a_spion", 1, 2) as game:
            self.assertIs(game.view("blue")["a1"].cell, Cell.OFF_BOARD)


class TestApi(ErrorAssertions):
    def test_version(self):
        self.assertRegex(marsal.version(), r"^\d+\.\d+\.\d+")

    def test_ruleset_json_round_trip(self):
        for preset in PRESETS:
            with Ruleset.preset(preset) as r:
                text = r.to_json()
                with Ruleset.from_json(text) as r2:
                    self.assertEqual(json.loads(r2.to_json()), json.loads(text))
                with Ruleset.from_json(json.loads(text)) as r3:
                    self.assertEqual(r3.to_dict(), json.loads(text))

    def test_preset_constructors_as_in_rust(self):
        # Ruleset::marsal_a_spion(), ::classic(), ::barrage() in Rust; the same
        # names here, each the preset of that name and nothing else.
        made = {"marsal_a_spion": Ruleset.marsal_a_spion, "classic": Ruleset.classic,
                "barrage": Ruleset.barrage}
        self.assertEqual(sorted(made), sorted(PRESETS))
        for name, make in made.items():
            with make() as r:
                self.assertEqual(r.name, name)
                self.assertEqual(r, Ruleset.preset(name))
                for other in PRESETS:
                    if other != name:
                        self.assertNotEqual(r, Ruleset.preset(other))
        with Game.random(Ruleset.classic(), 1, 2) as g1, Game.random("classic", 1, 2) as g2:
            self.assertEqual(g1.position_text(), g2.position_text())

    def test_setups_and_game_from_setups(self):
        for preset in PRESETS:
            with Ruleset.preset(preset) as r:
                red, blue = r.random_setup("red", 5), r.random_setup(Side.BLUE, 6)
                self.assertEqual(red, r.random_setup(0, 5))
                self.assertNotEqual(red, r.random_setup("red", 7))
                with Game(r, red, blue) as g1, Game.random(r, 5, 6) as g2:
                    self.assertEqual(g1.hash, g2.hash)
                    self.assertEqual(g1.position_text(), g2.position_text())
                    self.assertEqual(g1.ply, 0)
                    self.assertEqual(g1.status, GameStatus(State.ONGOING, Side.RED, None, 255))

    def test_undo_restores_hash(self):
        with Game.random("marsal_a_spion", 3, 4) as game:
            rng = random.Random(5)
            for _ in range(40):
                if game.is_over:
                    break
                before, ply, text = game.hash, game.ply, game.position_text()
                out = game.play(rng.choice(game.legal_moves()))
                self.assertEqual(game.ply, ply + 1)
                self.assertEqual(game.undo(), out)
                self.assertEqual(game.hash, before)
                self.assertEqual(game.position_text(), text)
                self.assertEqual(game.ply, ply)
                game.play(out.move)

    def test_play_text_and_move_forms(self):
        with Game.random("classic", 1, 2) as game:
            mv = game.legal_moves()[0]
            text = game.move_text(mv)
            self.assertEqual(game.move_text(str(mv)), text)
            self.assertEqual(game.move_text((mv.from_square, mv.to_square)), text)
            out = game.play(text)
            self.assertEqual(out.move, mv)
            self.assertEqual(Move.parse(text), mv)

    def test_every_move_form_plays_the_same_move(self):
        # An interned Move, an equal Move made by hand, the text and a pair of
        # squares play the same move: the same outcome and the same next moves.
        results = []
        for form in ("interned", "made", "text", "pair"):
            with Game.random("classic", 5, 6) as game:
                mv = game.legal_moves()[3]
                arg = {"interned": mv, "made": Move(mv.from_square, mv.to_square),
                       "text": str(mv), "pair": (mv.from_square, mv.to_square)}[form]
                out = game.play(arg)
                self.assertEqual(out.move, mv)
                results.append((out, game.legal_moves(), game.to_json()))
        self.assertTrue(all(r == results[0] for r in results))
        g = Game.random("classic", 5, 6)
        mv = g.legal_moves()[0]
        g.close()
        with self.assertRaises(ValueError):
            g.play(mv)

    def test_close_and_context_manager(self):
        r = Ruleset.preset("barrage")
        g = Game.random(r, 1, 2)
        r.close()  # the game keeps its own copy of the ruleset
        self.assertTrue(r.closed)
        self.assertTrue(g.legal_moves())
        g.close()
        g.close()  # idempotent
        with self.assertRaises(ValueError):
            g.hash
        with self.assertRaises(ValueError):
            r.to_json()

    def test_buffers(self):
        """The raw text and array outputs report the size they need."""
        lib = marsal.lib
        with Game.random("classic", 1, 2) as game:
            n = ctypes.c_size_t(0)
            st = lib.marsal_game_position_text(game._ptr, None, 0, ctypes.byref(n))
            self.assertEqual(st, Status.BUFFER_TOO_SMALL)
            self.assertEqual(n.value, len(game.position_text()))
            buf = ctypes.create_string_buffer(n.value)  # one byte short (no room for NUL)
            st = lib.marsal_game_position_text(game._ptr, buf, n.value, ctypes.byref(n))
            self.assertEqual(st, Status.BUFFER_TOO_SMALL)
            self.assertMarsalError(marsal.BufferTooSmall, Status.BUFFER_TOO_SMALL,
                                   marsal.check, st)
            st = lib.marsal_game_legal_moves(game._ptr, None, 0, ctypes.byref(n))
            self.assertEqual(st, Status.BUFFER_TOO_SMALL)
            self.assertEqual(n.value, len(game.legal_moves()))
            small = (marsal.MarsalMove * 1)()
            st = lib.marsal_game_legal_moves(game._ptr, small, 1, ctypes.byref(n))
            self.assertEqual(st, Status.BUFFER_TOO_SMALL)
            self.assertEqual(n.value, len(game.legal_moves()))

    def test_struct_layouts(self):
        self.assertEqual(ctypes.sizeof(marsal.MarsalSquare), 2)
        self.assertEqual(ctypes.sizeof(marsal.MarsalMove), 4)
        self.assertEqual(ctypes.sizeof(marsal.MarsalOutcome), 9)
        self.assertEqual(ctypes.sizeof(marsal.MarsalGameStatus), 3)
        self.assertEqual(ctypes.sizeof(marsal.MarsalSquareView), 4)
        self.assertEqual(ctypes.sizeof(marsal.MarsalPlayoutSummary), 24)
        self.assertEqual([k.name for k in Kind][:3], ["Marshal", "General", "Colonel"])
        self.assertEqual(len(Kind), marsal.KIND_COUNT)


class TestErrors(ErrorAssertions):
    def setUp(self):
        self.rules = Ruleset.preset("classic")
        self.game = Game.random(self.rules, 1, 2)

    def tearDown(self):
        self.game.close()
        self.rules.close()

    def test_illegal_move_changes_nothing(self):
        g = self.game
        h, text = g.hash, g.position_text()
        # a1 and a2 both hold Red pieces; a7 holds a Blue piece (Red to move);
        # e5 is empty.
        for bad in ("a1-a2", "a7-a6", "e5-e6", Move("a1", "a2"), Move("a4", "a6")):
            with self.subTest(move=bad):
                self.assertMarsalError(IllegalMove, Status.ILLEGAL_MOVE, g.play, bad)
                self.assertEqual(g.hash, h)
                self.assertEqual(g.position_text(), text)
                self.assertEqual(g.ply, 0)

    def test_garbage_move_text(self):
        h = self.game.hash
        for bad in ("hello", "", "e5", "e5-", "z1-z2", "a0-a1", "a13-a12"):
            with self.subTest(text=bad):
                self.assertMarsalError(ParseError, Status.PARSE_ERROR, self.game.play, bad)
        self.assertEqual(self.game.hash, h)
        self.assertMarsalError(ParseError, Status.PARSE_ERROR, Move.parse, "nonsense")
        self.assertMarsalError(ParseError, Status.PARSE_ERROR, self.game.play, Move("m1", "a1"))

    def test_square_outside_grid_is_invalid_argument(self):
        bad = marsal.MarsalMove(marsal.MarsalSquare(12, 0), marsal.MarsalSquare(0, 0))
        st = marsal.lib.marsal_game_play(self.game._ptr, ctypes.byref(bad), None)
        self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT, marsal.check, st)
        self.assertEqual(self.game.ply, 0)

    def test_bad_setup_text(self):
        red = self.rules.random_setup("red", 1)
        blue = self.rules.random_setup("blue", 2)
        self.assertMarsalError(ParseError, Status.PARSE_ERROR, Game, self.rules, "garbage", blue)
        self.assertMarsalError(ParseError, Status.PARSE_ERROR, Game, self.rules, red, "?" * 40)
        # A well-formed text with the wrong army: one Scout made a second Marshal.
        i = red.index("S")
        wrong = red[:i] + "M" + red[i + 1:]
        e = self.assertMarsalError(InvalidSetup, Status.INVALID_SETUP, Game, self.rules,
                                   wrong, blue)
        self.assertIn("red", e.message)
        self.assertIsInstance(e, ValueError)

    def test_unknown_preset(self):
        e = self.assertMarsalError(ParseError, Status.PARSE_ERROR, Ruleset.preset, "chess")
        self.assertIn("chess", e.message)

    def test_invalid_ruleset(self):
        data = json.loads(self.rules.to_json())
        for field, value in (("max_plies", 0), ("repetition_draw", 1)):
            with self.subTest(field=field):
                bad = dict(data, **{field: value})
                self.assertMarsalError(InvalidRuleset, Status.INVALID_RULESET,
                                       Ruleset.from_json, json.dumps(bad))
        self.assertMarsalError(ParseError, Status.PARSE_ERROR, Ruleset.from_json, "{not json")
        self.assertMarsalError(ParseError, Status.PARSE_ERROR, Ruleset.from_json, "{}")

    def test_play_after_end(self):
        with capped("barrage", max_plies=3) as rules, Game.random(rules, 1, 2) as g:
            while not g.is_over:
                g.play(g.legal_moves()[0])
            self.assertEqual(g.status.reason, "ply limit")
            self.assertEqual(g.legal_moves(), [])
            self.assertMarsalError(GameOver, Status.GAME_OVER, g.play, "a1-a2")
            self.assertMarsalError(GameOver, Status.GAME_OVER, g.play, Move("a1", "a2"))

    def test_nothing_to_undo(self):
        self.assertMarsalError(NothingToUndo, Status.NOTHING_TO_UNDO, self.game.undo)
        self.assertIsNone(self.game.last_outcome)
        st = marsal.lib.marsal_game_last_outcome(self.game._ptr, ctypes.byref(marsal.MarsalOutcome()))
        self.assertMarsalError(marsal.NoOutcome, Status.NO_OUTCOME, marsal.check, st)

    def test_bad_side(self):
        lib = marsal.lib
        n = ctypes.c_size_t(0)
        st = lib.marsal_game_view(self.game._ptr, 7, None, 0, ctypes.byref(n))
        self.assertEqual(st, Status.INVALID_ARGUMENT)
        self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT, marsal.check, st)
        buf = ctypes.create_string_buffer(256)
        st = lib.marsal_setup_random(self.rules._ptr, 7, 1, buf, 256, ctypes.byref(n))
        self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT, marsal.check, st)
        # Through the API: an int goes to the library, an unknown name is refused here.
        self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT, self.game.view, 7)
        self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT,
                               self.rules.random_setup, 2, 1)
        self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT, self.game.view, "green")

    def test_null_pointer(self):
        out = ctypes.c_uint64()
        st = marsal.lib.marsal_game_hash(None, ctypes.byref(out))
        self.assertMarsalError(NullPointer, Status.NULL_POINTER, marsal.check, st)
        st = marsal.lib.marsal_ruleset_preset(b"classic", None)
        self.assertMarsalError(NullPointer, Status.NULL_POINTER, marsal.check, st)

    def test_message_is_per_call(self):
        """The message describes the latest failure."""
        with self.assertRaises(ParseError) as a:
            Ruleset.preset("chess")
        with self.assertRaises(NothingToUndo) as b:
            self.game.undo()
        self.assertNotEqual(a.exception.message, b.exception.message)
        self.assertIn("chess", a.exception.message)


def batch_seed(seed, i):
    """The seed of game ``i`` of a batch call started from ``seed``."""
    return (seed * 0x9E3779B9 + i) % (1 << 64)


class TestBatches(ErrorAssertions):
    """The calls that play many plies, games or views in one call."""

    def test_game_play_random_records_and_undoes(self):
        with Game.random("marsal_a_spion", 3, 4) as game:
            start, text = game.hash, game.position_text()
            n = game.play_random(30, seed=9)
            self.assertEqual(n, 30)
            self.assertEqual(game.ply, 30)
            self.assertIsNotNone(game.last_outcome)
            end = game.hash
            for _ in range(n):
                game.undo()
            self.assertEqual((game.hash, game.position_text(), game.ply), (start, text, 0))
            self.assertMarsalError(NothingToUndo, Status.NOTHING_TO_UNDO, game.undo)
            # The same seed plays the same plies; another seed (almost surely) not.
            self.assertEqual(game.play_random(30, seed=9), 30)
            self.assertEqual(game.hash, end)
            self.assertEqual(game.play_random(0, seed=1), 0)
            self.assertEqual(game.ply, 30)

    def test_game_play_random_plays_to_the_end(self):
        for preset in PRESETS:
            with self.subTest(preset=preset), capped(preset) as rules, \
                    Game.random(rules, 5, 6) as game:
                n = game.play_random(10 * PLY_CAP, seed=1)
                self.assertTrue(game.is_over)
                self.assertEqual(n, game.ply)
                self.assertLessEqual(n, PLY_CAP)
                self.assertEqual(game.legal_moves(), [])
                self.assertEqual(game.play_random(10, seed=2), 0)
                self.assertEqual(game.ply, n)

    def test_game_play_random_errors(self):
        played = ctypes.c_uint32(7)
        st = marsal.lib.marsal_game_play_random(None, 5, 1, ctypes.byref(played))
        e = self.assertMarsalError(NullPointer, Status.NULL_POINTER, marsal.check, st)
        self.assertIn("game", e.message)
        self.assertEqual(played.value, 7)
        with Game.random("classic", 1, 2) as game:
            self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT,
                                   game.play_random, -1)
            self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT,
                                   game.play_random, 1, -5)
            # out_played may be NULL.
            self.assertEqual(marsal.lib.marsal_game_play_random(game._ptr, 3, 1, None), Status.OK)
            self.assertEqual(game.ply, 3)

    def test_many_games_play_random(self):
        batch = [Game.random("barrage", i, i + 50) for i in range(5)]
        single = [Game.random("barrage", i, i + 50) for i in range(5)]
        try:
            total = marsal.play_random(batch, plies_each=6, seed=77)
            expected = sum(g.play_random(6, batch_seed(77, i)) for i, g in enumerate(single))
            self.assertEqual(total, expected)
            self.assertEqual(total, sum(g.ply for g in batch))
            for a, b in zip(batch, single):
                self.assertEqual(a.hash, b.hash)
                self.assertEqual(a.position_text(), b.position_text())
            # A None element: NullPointer naming it, and no game changed.
            hashes = [g.hash for g in batch]
            e = self.assertMarsalError(NullPointer, Status.NULL_POINTER,
                                       marsal.play_random, [batch[0], None, batch[2]], 3, 1)
            self.assertIn("games[1]", e.message)
            self.assertEqual([g.hash for g in batch], hashes)
            self.assertEqual(marsal.play_random([], 3, 1), 0)
            st = marsal.lib.marsal_games_play_random(None, 2, 3, 1, None)
            self.assertMarsalError(NullPointer, Status.NULL_POINTER, marsal.check, st)
            closed = Game.random("barrage", 1, 2)
            closed.close()
            with self.assertRaises(ValueError):
                marsal.play_random([batch[0], closed])
        finally:
            for g in batch + single:
                g.close()

    def test_random_playouts(self):
        for preset in PRESETS:
            with self.subTest(preset=preset), Ruleset.preset(preset) as rules:
                s = rules.random_playouts(12, seed=3, max_plies=500)
                self.assertIsInstance(s, marsal.PlayoutSummary)
                self.assertEqual(s.games, 12)
                self.assertEqual(s.red_wins + s.blue_wins + s.draws, 12)
                self.assertGreater(s.plies, 0)
                self.assertLessEqual(s.plies, 12 * 500)
                self.assertEqual(rules.random_playouts(12, seed=3, max_plies=500), s)
                one = rules.random_playouts(4, seed=3, max_plies=1)
                self.assertEqual((one.plies, one.draws), (4, 4))
                self.assertEqual(rules.random_playouts(0, seed=3),
                                 marsal.PlayoutSummary(0, 0, 0, 0, 0))

    def test_random_playouts_errors(self):
        with Ruleset.preset("classic") as rules:
            e = self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT,
                                       rules.random_playouts, 3, 1, 0)
            self.assertIn("max_plies", e.message)
            out = marsal.MarsalPlayoutSummary()
            st = marsal.lib.marsal_random_playouts(None, 3, 1, 10, ctypes.byref(out))
            self.assertMarsalError(NullPointer, Status.NULL_POINTER, marsal.check, st)
            st = marsal.lib.marsal_random_playouts(rules._ptr, 3, 1, 10, None)
            self.assertMarsalError(NullPointer, Status.NULL_POINTER, marsal.check, st)
            self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT,
                                   rules.random_playouts, -1)

    def test_views_are_the_game_views(self):
        games = [Game.random("classic", i, i + 9) for i in range(3)]
        try:
            games[1].play_random(40, seed=1)
            listed = games + [games[1]]
            for side in (Side.RED, Side.BLUE):
                many = marsal.views(listed, side)
                self.assertEqual(len(many), 4)
                for g, v in zip(listed, many):
                    one = g.view(side)
                    self.assertEqual(v.side, side)
                    self.assertEqual(v.size, one.size)
                    self.assertEqual(list(v), list(one))
                raw = marsal.views_raw(listed, side)
                self.assertEqual(len(raw), 4 * 100)
                buf = (marsal.MarsalSquareView * 500)()
                self.assertIs(marsal.views_raw(listed, side, out=buf), buf)
                self.assertEqual(bytes(buf)[:len(bytes(raw))], bytes(raw))
            self.assertEqual(marsal.views([], "red"), [])
        finally:
            for g in games:
                g.close()

    def test_views_errors(self):
        lib = marsal.lib
        with Game.random("classic", 1, 2) as a, Game.random("marsal_a_spion", 1, 2) as b:
            arr = marsal._batch._handles([a, a])
            n = ctypes.c_size_t(0)
            st = lib.marsal_games_view(arr, 2, 0, None, 0, ctypes.byref(n))
            self.assertEqual((st, n.value), (Status.BUFFER_TOO_SMALL, 200))
            small = (marsal.MarsalSquareView * 199)()
            st = lib.marsal_games_view(arr, 2, 0, small, 199, ctypes.byref(n))
            e = self.assertMarsalError(marsal.BufferTooSmall, Status.BUFFER_TOO_SMALL,
                                       marsal.check, st)
            self.assertIn("200", e.message)
            self.assertEqual(n.value, 200)
            self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT,
                                   marsal.views_raw, [a, a], 7, small)
            self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT,
                                   marsal.views, [a], 2)
            self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT,
                                   marsal.views, [a], "green")
            e = self.assertMarsalError(NullPointer, Status.NULL_POINTER,
                                       marsal.views, [a, a, None], "red")
            self.assertIn("games[2]", e.message)
            e = self.assertMarsalError(InvalidArgument, Status.INVALID_ARGUMENT,
                                       marsal.views, [a, b], "red")
            self.assertIn("games[1]", e.message)
            st = lib.marsal_games_view(None, 1, 0, small, 199, ctypes.byref(n))
            self.assertMarsalError(NullPointer, Status.NULL_POINTER, marsal.check, st)


class TestSpeed(unittest.TestCase):
    def test_legal_moves_is_fast(self):
        with Game.random("marsal_a_spion", 1, 2) as g:
            t = time.perf_counter()
            for _ in range(200):
                g.legal_moves()
            self.assertLess(time.perf_counter() - t, 5.0)

    def test_batched_play_is_fast(self):
        with Ruleset.preset("classic") as rules:
            t = time.perf_counter()
            s = rules.random_playouts(20, seed=1, max_plies=1000)
            self.assertLess(time.perf_counter() - t, 10.0)
            self.assertGreater(s.plies, 1000)


if __name__ == "__main__":
    unittest.main()
