"""Issue 16: a Pixel Pusher board alt text is the whole state when it fits in Discord's limit (the image rows in the
compact wording if needed), and a shortened one always ends by saying where the rest is (``/game describe``, in
the alt text's language); seeded random games of 2 and 4 players."""

from __future__ import annotations

import random

import pytest

from bot.games.pixel_pusher.engine import PixelPusherEngine
from bot.i18n import LANGUAGES, t
from rendering.describe_text import DESCRIBE_POINTER
from rendering.pixel_pusher.alt import ALT_MAX, COMPACT_IMAGES, alt_board

ENGINE = PixelPusherEngine()
NAMES = ["Ada Lovelace", "Bob", "Cyd the Bard", "Dee"]


def _views(players: int, seed: int, steps: int = 400):
    rng, state = random.Random(seed), ENGINE.new_game(players, {}, seed)
    for _ in range(steps):
        yield ENGINE.view(state, None)
        if ENGINE.is_terminal(state):
            return
        decision = rng.choice(ENGINE.pending(state))
        state = ENGINE.apply(state, decision.player, rng.choice(ENGINE.legal_actions(state, decision.player)))


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("players", [2, 4])
def test_a_board_alt_text_is_whole_or_ends_with_the_pointer(players, lang):
    pointer, key = t(lang, DESCRIBE_POINTER), t(lang, COMPACT_IMAGES, images="").split(":")[0]
    whole = compact = 0
    for view in _views(players, 3):
        alt = alt_board(view, NAMES[:players], lang)
        assert len(alt) <= ALT_MAX
        if pointer not in alt:
            whole += 1
            if key in alt:  # the compact wording still names every row of every image card
                compact += 1
                for card in view["images"]:
                    assert all(f"{line['row'] + 1} " in alt for line in card["scanlines"])
        else:
            assert alt.endswith(pointer), alt
    assert whole and compact, (whole, compact)
