"""The Pixel Tactics hand image on a phone (issue 16): a hand too tall for a phone's screen is split into images
sent together, each at most 1.6 times as tall as wide, at full size (text ≥ 12 px at 400 px wide, nothing cut),
each with its own alt text describing what it shows — in English and German, in two-player and team games."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from bot.games.pixel_tactics import PixelTacticsEngine, match
from bot.games.pixel_tactics.sets import all_cards
from rendering import pixel_tactics
from rendering.pixel_tactics.hand import TALL, hand_parts, render_hand_parts
from tests.rendering.legibility import assert_legible

NAMES = ["Ana", "Bartholomew Longname-Smythe", "Chloé", "Dmitri"]


@cache
def _full_hands() -> dict[str, dict]:
    """The largest hands the game allows (five plus a Promo Leader's three), of its wordiest cards, with three
    face-down Traps; in a two-player and a team game."""
    cards = all_cards()
    wordiest = sorted(cards, key=lambda c: (-len(str(c)), c["name"]))[:8]
    traps = [c for c in cards if (c.get("tactic") or {}).get("kind") == "trap"][:3]
    engine = PixelTacticsEngine()
    duel = engine.view(match.new_match(2, 1, 3, "core"), 0)
    team = engine.view(match.new_match(4, 1, 3, "core", mode="team"), 0)
    hands = {}
    for label, view in (("duel", duel), ("team", team)):
        players = [dict(p) for p in view["players"]]
        players[0]["reserve"] = [{"kind": "trap", "card": c, "policy": "ask"} for c in traps]
        hands[label] = {**view, "phase": "turn", "turn": 0, "actions_left": 2, "hand": wordiest, "players": players}
    return hands


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("kind", ["duel", "team"])
def test_a_full_hand_is_sent_as_phone_sized_images(kind: str, lang: str) -> None:
    view = _full_hands()[kind]
    names = NAMES[:len(view["players"])]
    parts = render_hand_parts(view, names, lang)
    assert 2 <= len(parts) <= 10
    drawn: list[str] = []
    for k, data in enumerate(parts):
        log: list = []
        assert pixel_tactics.render_hand(view, names, lang, part=k, log=log) == data
        img = Image.open(io.BytesIO(data))
        assert img.width == 800 and img.height <= TALL * img.width, (k, img.size)  # full size, never shrunk
        assert_legible(img, log, 5)
        assert not any(r.text.endswith("…") for r in log), [r.text for r in log]
        drawn += [r.text for r in log]
        alt = pixel_tactics.alt_hand(view, names, lang, k)
        assert len(alt) <= 1024
        shown = [b[1]["name"] for b in hand_parts(view, lang)[k] if b[0] == "card"]
        assert all(name in alt for name in shown), (alt, shown)  # each alt text describes its own image
        assert (f"image {k + 1} of" if lang == "en" else f"Bild {k + 1} von") in alt
    for card in view["hand"]:
        assert drawn.count(card["name"]) == 1  # every card whole, once
    assert sum(text.startswith("Your hand (" if lang == "en" else "Deine Hand (") for text in drawn) == len(parts)


def test_a_short_hand_stays_one_image() -> None:
    view = {**_full_hands()["duel"], "hand": _full_hands()["duel"]["hand"][:1], "players": [
        {**p, "reserve": []} for p in _full_hands()["duel"]["players"]]}
    assert len(hand_parts(view)) == 1
    log: list = []
    pixel_tactics.render_hand(view, NAMES[:2], log=log)
    assert "Your hand" in [r.text for r in log]
    assert "image" not in pixel_tactics.alt_hand(view, NAMES[:2], part=0)
