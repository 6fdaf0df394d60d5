"""A Pixel Pusher game dealt with content version 1 (as migration 0014 leaves a game stored before versions)
still replays from its options, seed and log, and its positions still render with version 1's cards."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.game_table import replay
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.content import IMAGES
from rendering import pixel_pusher as pp
from storage.rows import GameRow

ENGINE = PixelPusherEngine()


def _row(options: dict) -> GameRow:
    return GameRow(id=1, guild_id=1, channel_id=1, thread_id=None, message_id=None, posted_version=None,
                   kind="pixel-pusher", options=options, seed=31, status="finished", creator_id=1, state=None,
                   version=0, created_at=0.0, updated_at=0.0)


def test_a_version_one_game_replays_and_renders():
    state = ENGINE.new_game(3, {"content": 1}, 31)
    rng = random.Random(31)
    log = []
    while not ENGINE.is_terminal(state):
        decision = rng.choice(ENGINE.pending(state))
        action = rng.choice(ENGINE.legal_actions(state, decision.player))
        log.append((decision.player, action))
        state = ENGINE.apply(state, decision.player, action)
    row = _row({"thread": False, "game": {"content": 1}})
    assert replay(ENGINE, row, 3, log) == state
    midway = replay(ENGINE, row, 3, log[: len(log) // 2])
    for shown in (midway, state):
        view = ENGINE.view(shown, None)
        assert view["content"] == 1 and view["max_fills"] == 2
        assert all(int(image["id"][1:]) <= 20 for image in view["images"])  # version 1's pictures
        out = pp.render_board(view, ["Ana", "Bo", "Cy"])
        data = out if isinstance(out, bytes) else out[0]
        image = Image.open(io.BytesIO(data))
        assert image.width == 733 and image.height > 600
    # the same log under the current content is another game: the version in the options matters
    assert ENGINE.new_game(3, {}, 31)["deck"] != ENGINE.new_game(3, {"content": 1}, 31)["deck"]
    assert {i["id"] for i in ENGINE.new_game(3, {}, 31)["images"]} <= {k for k in IMAGES if int(k[1:]) > 20}
