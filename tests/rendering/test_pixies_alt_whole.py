"""Issue 16: the Pixies table alt text always tells the whole state within Discord's 1,024 characters, for 2-4
players, in every language and with the longest display names (seeded random games); and what it tells is the
state: a screen-reader parser rebuilds every grid from it."""

from __future__ import annotations

import random

import pytest

from bot.games.pixies.engine import PixiesEngine
from bot.i18n import LANGUAGES, t
from rendering.describe_text import ALT_MAX, DESCRIBE_POINTER
from rendering.pixies.alt import SIGNS_KEY, table_alt
from tests.e2e.screen_reader import grids

ENGINE = PixiesEngine()
SIXTEEN = ["Ada Quartermaine", "Bob Featherstone", "Cyd Wolstenholme", "Dee Hollingworth"]
DISCORD_LONGEST = ["Ä" * 32, "B" * 32, "Ç" * 32, "D" * 32]  # display names are at most 32 characters


def _views(players: int, seed: int):
    rng, state = random.Random(seed), ENGINE.new_game(players, {}, seed)
    while True:
        yield ENGINE.view(state, None)
        if ENGINE.is_terminal(state):
            return
        [decision] = ENGINE.pending(state)
        state = ENGINE.apply(state, decision.player, rng.choice(ENGINE.legal_actions(state, decision.player)))


def _kinds(grid: list[dict]) -> dict[int, str]:
    return {k + 1: ("validated" if s["down"] else "up") if s["up"] else "down" if s["down"] else "empty"
            for k, s in enumerate(grid)}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_table_alt_text_is_always_the_whole_state(players, lang):
    pointer = t(lang, DESCRIBE_POINTER)
    for names in (SIXTEEN, DISCORD_LONGEST):
        for seed in (1, 2):
            for view in _views(players, seed):
                alt = table_alt(view, names[:players], lang)
                assert len(alt) <= ALT_MAX and pointer not in alt, (players, lang, len(alt), alt)


def test_every_wording_tells_every_grid():
    wordings = set()
    for seed in range(3):
        for view in _views(4, seed):
            alt = table_alt(view, SIXTEEN, "en")
            wordings.add("signed" if t("en", SIGNS_KEY) in alt else "grouped" if "validated: " in alt else "words")
            heard = grids(alt, SIXTEEN)
            for p in view["players"]:
                assert heard[SIXTEEN[p["seat"]]] == (p["total"], _kinds(p["grid"])), alt
    assert wordings == {"words", "grouped", "signed"}
