"""Pictures of games: Game.svg / Game.rgb / _repr_svg_, and the
environments' render_mode="rgb_array", drawn from a side's view (hidden
pieces stay hidden) or the referee's."""

import numpy as np
import pytest

import marsal


def test_svg_of_every_preset_is_a_document_without_fonts():
    for preset in ("marsal_a_spion", "classic", "barrage"):
        game = marsal.Game.random(preset, 1, 2)
        game.play_random(20, seed=3)
        for side in (None, "red", "blue", "referee", marsal.Side.BLUE):
            text = game.svg(side)
            assert text.startswith("<svg") and text.rstrip().endswith("</svg>")
            assert "<text" not in text
        assert game._repr_svg_() == game.svg()


def test_rgb_is_height_width_3_uint8_and_reuses_out():
    game = marsal.Game.random("classic", 1, 2)
    img = game.rgb("red")
    assert img.shape == (426, 426, 3) and img.dtype == np.uint8
    out = np.zeros_like(img)
    assert game.rgb("red", out=out) is out
    assert np.array_equal(out, img)
    small = game.rgb("blue", size=16, coordinates=False)
    assert small.shape[0] < 200
    with pytest.raises(ValueError):
        game.rgb("red", out=np.zeros((10, 10, 3), dtype=np.uint8))


def test_pictures_of_games_differing_only_in_hidden_pieces_are_identical():
    # Classic setups fill the setup zone: Red sees the same board in both.
    a = marsal.Game.random("classic", 1, 2)
    b = marsal.Game.random("classic", 1, 3)
    assert a.svg("referee") != b.svg("referee")
    assert a.svg("red") == b.svg("red")
    assert np.array_equal(a.rgb("red"), b.rgb("red"))


def test_bad_picture_arguments_raise():
    game = marsal.Game.random("barrage", 1, 2)
    for size in (0, 7, 257, 10**6):
        with pytest.raises(marsal.InvalidArgument, match="8 to 256"):
            game.svg(size=size)
        with pytest.raises(marsal.InvalidArgument):
            game.rgb(size=size)
    with pytest.raises(marsal.InvalidArgument):
        game.svg("green")
    with pytest.raises(marsal.InvalidArgument):
        game.svg(bottom="green")


def test_environments_render_rgb_arrays_from_the_player_or_the_referee():
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    import gymnasium
    import marsal.pettingzoo

    env = gymnasium.make("marsal/Classic-v0", render_mode="rgb_array")
    env.reset(seed=1)
    frame = env.render()
    assert frame.shape == (426, 426, 3) and frame.dtype == np.uint8
    referee = gymnasium.make("marsal/Classic-v0", render_mode="rgb_array", render_as="referee")
    referee.reset(seed=1)
    assert not np.array_equal(referee.render(), frame)

    aec = marsal.pettingzoo.raw_env(ruleset="barrage", render_mode="rgb_array", render_size=20)
    aec.reset(seed=1)
    red = aec.render()
    aec.step(int(np.flatnonzero(aec.observe("red")["action_mask"])[0]))
    blue = aec.render()
    assert red.shape == blue.shape and red.dtype == np.uint8
    with pytest.raises(ValueError):
        marsal.pettingzoo.raw_env(render_as="nobody")


def test_record_video_records_an_episode(tmp_path):
    gymnasium = pytest.importorskip("gymnasium")
    pytest.importorskip("moviepy")
    from gymnasium.wrappers import RecordVideo

    env = gymnasium.make("marsal/Barrage-v0", render_mode="rgb_array", max_plies=30)
    env = RecordVideo(env, str(tmp_path), episode_trigger=lambda e: True, disable_logger=True)
    obs, _ = env.reset(seed=2)
    done = False
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, _, term, trunc, _ = env.step(action)
        done = term or trunc
    env.close()
    videos = list(tmp_path.glob("*.mp4"))
    assert videos and videos[0].stat().st_size > 1000
