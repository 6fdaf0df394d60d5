"""Issue 16: a Team Cross Duel or King board whose whole state does not fit one alt text is posted in parts (one
image per team, plus an overview when needed), each with its own alt text; together they tell the whole public
state (no ``/game describe`` pointer), each part legible on a phone. Seeded real games, English and German."""

import io
import random

import pytest
from PIL import Image

from bot.games.pixel_tactics import PixelTacticsEngine
from bot.i18n import t
from rendering.describe_text import ALT_MAX, DESCRIBE_POINTER
from rendering.pixel_tactics import board_parts
from rendering.pixel_tactics import team_words as tw
from rendering.pixel_tactics.team_alt import _intro, _unit_line
from rendering.pixel_tactics.team_parts import part_alts, part_specs, render_team_part
from rendering.pixel_tactics.teams import render_team_board
from tests.rendering.legibility import assert_legible

PT = PixelTacticsEngine()
NAMES = ["Ada Lovelace", "Bartholomew Longname X", "Chloé", "Dee", "Eve", "Fynn"]
SEATS = {"team": 4, "king": 6}


def _views(mode: str, seed: int, steps: int = 400, every: int = 9):
    """Public views of a seeded random game of ``mode``, every ``every`` actions."""
    rng, state = random.Random(seed), PT.new_game(SEATS[mode], {"mode": mode}, seed)
    for k in range(steps):
        if PT.is_terminal(state):
            break
        if k % every == 0:
            yield PT.view(state, None)
        decision = rng.choice(PT.pending(state))
        state = PT.apply(state, decision.player, rng.choice(PT.legal_actions(state, decision.player)))
    yield PT.view(state, None)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("mode", ["team", "king"])
def test_the_parts_alt_texts_together_tell_the_whole_state(mode, lang):
    pointer = t(lang, DESCRIBE_POINTER)
    names = NAMES[:SEATS[mode]]
    counts = set()
    for seed in (1, 2):
        for view in _views(mode, seed):
            alts = part_alts(view, names, lang)
            counts.add(len(alts))
            said = " ".join(alts)
            assert all(len(a) <= ALT_MAX for a in alts)
            assert pointer not in said, alts
            for sentence in _intro(view, names, lang):  # mode, round, turn, team points, goal, banners
                assert sentence in said
            for seat in range(SEATS[mode]):  # every seat's whole line: Leader, every space, damage, reserve
                assert _unit_line(view, names, seat, 0, lang) in said
            if len(alts) > 1:
                assert all(a.startswith(t(lang, "Part {number} of {count}:", number=k + 1, count=len(alts)))
                           for k, a in enumerate(alts))
    if mode == "king":
        assert counts >= {2}, counts  # King's board hardly ever fits one alt text


def test_a_board_whose_state_fits_stays_one_image():
    view = next(_views("team", 1))  # the Leader picks: short
    parts = board_parts(view, NAMES[:4], "en")
    assert len(parts) == 1 and DESCRIBE_POINTER not in parts[0][1]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_part_is_legible_with_a_heading(lang):
    views = list(_views("king", 2, 160, 40))
    seen = set()
    for view in views[1:]:
        specs = part_specs(view, NAMES, lang)
        seen.add(len(specs))
        for k, spec in enumerate(specs):
            log: list = []
            data = (render_team_part(view, NAMES, lang, spec, k, len(specs), log=log) if len(specs) > 1
                    else render_team_board(view, NAMES, lang, log=log))
            img = Image.open(io.BytesIO(data))
            assert img.width == 800
            assert_legible(img, log, 8)
            texts = [r.text for r in log]
            if len(specs) > 1:
                assert any(x.startswith(t(lang, "Part {number} of {count}: {what}", number=k + 1, count=len(specs),
                                           what="")[:8]) for x in texts)
                for r in spec[1]:  # every seat of its team: its name
                    assert all(any(x.startswith(NAMES[s][:5]) for x in texts) for s in tw.rows(view)[r])
    assert seen - {1}, seen
