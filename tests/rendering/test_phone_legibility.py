"""Every image of the four games, read on a phone (issue 16): real positions of seeded random games drawn by
every renderer, for every image kind (the public board or table, the private hand or board, the score
sheets, the card and deck images without alt text). Each text must be ≥ 12 px when the image is shown
400 px wide, lie inside the image, and never be cut: the only "…" allowed ends a shortened player name,
and then the image's alt text (when it has one) names the player in full."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from functools import cache, partial

import pytest
from PIL import Image

from bot import help_positions
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_tactics import PixelTacticsEngine, match
from bot.games.pixel_tactics.sets import all_cards
from bot.games.pixies.engine import PixiesEngine
from bot.games.tixel.engine import TixelEngine
from rendering import help as help_guides
from rendering import pixel_pusher, pixel_tactics, pixies, tixel
from rendering.pixel_tactics.hand import hand_parts
from rendering.pixel_tactics.positions import named_view

NAMES = ["Ana", "Bartholomew Longname-Smythe", "Chloé", "Dmitri"]  # a 27-character Discord name
TEAM_NAMES = ["Ada", "Bartholomew Longname-Smythe", "Cyd", "Dee"]
Render = Callable[..., bytes]
Case = tuple[Render, tuple, str | None, list[str]]  # renderer, its arguments, the alt text, the names shown


def _positions(engine, n: int, seed: int, samples: int, options: dict | None = None, state=None) -> list:
    """About ``samples`` states spread over a seeded random game (its first, some middle ones, its last)."""
    state = state if state is not None else engine.new_game(n, options or {}, seed)
    rng, states = random.Random(seed), [state]
    while not engine.is_terminal(state) and len(states) < 5000:
        decision = rng.choice(engine.pending(state))
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
        states.append(state)
    step = max(1, len(states) // samples)
    return states[::step][:samples] + [states[-1]]


def _seat(engine, state) -> int:
    return 0 if engine.is_terminal(state) else engine.pending(state)[0].player


def _hand_cases(view: dict, names: list[str], lang: str = "en") -> list[Case]:
    """One case per image of a Pixel Tactics hand (a hand too tall for a phone is sent as several)."""
    return [(partial(pixel_tactics.render_hand, part=k), (view, names, lang), pixel_tactics.alt_hand(view, names, lang, k),
             names) for k in range(len(hand_parts(view, lang)))]


@cache
def _cases() -> dict[str, list[Case]]:
    cases: dict[str, list[Case]] = {}
    engine = PixiesEngine()
    for n in (2, 4):
        names = NAMES[:n]
        for state in _positions(engine, n, 5 + n, 4):
            view = engine.view(state, None)
            cases.setdefault("pixies table", []).append(
                (pixies.render_table, (view, names), pixies.table_alt(view, names), names))
            for entry in view.get("rounds") or []:
                cases.setdefault("pixies round scores", []).append(
                    (pixies.render_round_scores, (view, names, entry["round"]),
                     pixies.round_scores_alt(view, names, entry["round"]), names))
            if view["status"] == "finished":
                cases.setdefault("pixies final", []).append(
                    (pixies.render_final, (view, names), pixies.final_alt(view, names), names))
    engine = TixelEngine()
    for options, seed in (({}, 11), ({"poka_yoke": True, "tix": 2}, 11)):
        for state in _positions(engine, 2, seed, 5, options):
            view = engine.view(state, None)
            cases.setdefault("tixel board", []).append(
                (tixel.render_board, (view, NAMES[:2]), tixel.board_alt(view, NAMES[:2]), NAMES[:2]))
    engine = PixelPusherEngine()
    for n in (2, 4):
        names = NAMES[:n]
        for state in _positions(engine, n, 11 * n, 5):
            view = engine.view(state, None)
            cases.setdefault("pixel pusher board", []).append(
                (pixel_pusher.render_board, (view, names), pixel_pusher.alt_board(view, names), names))
            private = engine.view(state, _seat(engine, state))
            cases.setdefault("pixel pusher private", []).append(
                (pixel_pusher.render_private, (private, names), pixel_pusher.alt_private(private, names), names))
    engine = PixelTacticsEngine()
    for n, names, start in ((2, NAMES[:2], None), (4, TEAM_NAMES, match.new_match(4, 1, 3, "core", mode="team"))):
        for state in _positions(engine, n, 3, 4, state=start):
            view = named_view(engine.view(state, None), names)
            cases.setdefault("pixel tactics board", []).append(
                (pixel_tactics.render_board, (view, names), pixel_tactics.alt_board(view, names), names))
            private = engine.view(state, _seat(engine, state))
            cases.setdefault("pixel tactics hand", []).extend(_hand_cases(private, names))
    cards = all_cards()
    longest = sorted(cards, key=lambda c: (-len(c["name"]), c["name"]))[:5]
    seats = [{"unit": {}, "reserve": [], "hand": 5, "hand_size": 5, "deck": 20, "discard": []} for _ in range(2)]
    turn = {"phase": "turn", "round": 1, "wave": "V", "turn": 0, "first": 0, "actions_left": 2,
            "match": {"target": 2, "game": 1}, "players": seats, "you": 0}
    for hand in (longest, cards[5:10]):  # hands of five (the longest names), drawn as the bot draws them
        cases["pixel tactics hand"].extend(_hand_cases({**turn, "hand": hand}, NAMES[:2]))
    for card in longest[:3]:
        cases.setdefault("pixel tactics card", []).append(
            (pixel_tactics.render_card, (card,), pixel_tactics.alt_card(card), []))
    cases["pixel tactics card page"] = [(pixel_tactics.render_card_page, (longest + cards[:4], 1, 2, "Cards"), None, [])]
    deck = {"name": "Longest Names", "format": "standard", "owner": NAMES[1], "leaders": longest[:2],
            "heroes": longest + cards[:10], "problems": []}
    cases["pixel tactics deck"] = [(pixel_tactics.render_deck, (deck,), None, [NAMES[1]])]
    for game in help_guides.GUIDES:  # /rules page:board, "how to read this board", for each game
        args = (game, help_positions.guide_view(game), help_positions.NAMES)
        cases.setdefault("board guide", []).append((help_guides.render_guide, args, None, help_positions.NAMES))
    return cases


WORDS = {"Choosing…"}  # an ellipsis that is a word's, not a cut (a Leader being chosen in secret)
KINDS = ["pixies table", "pixies round scores", "pixies final", "tixel board", "pixel pusher board",
         "pixel pusher private", "pixel tactics board", "pixel tactics hand", "pixel tactics card",
         "pixel tactics card page", "pixel tactics deck", "board guide"]


def _shortened_name(text: str, names: list[str]) -> str | None:
    """The player whose name ``text`` shortens with "…" (its start, from a word boundary), else None."""
    before = text.split("…")[0]
    for i in range(len(before)):
        if i and before[i - 1] not in " ·:(":
            continue
        for name in names:
            if before[i:] and name.startswith(before[i:]) and before[i:] != name:
                return name
    return None


@pytest.mark.parametrize("kind", KINDS)
def test_every_image_reads_on_a_phone(kind: str) -> None:
    cases = _cases()[kind]
    assert cases, kind
    for render, args, alt, names in cases:
        log: list = []
        img = Image.open(io.BytesIO(render(*args, log=log)))
        assert log, kind
        for rec in log:
            assert rec.px * 400 / img.width >= 12, (kind, img.size, rec)
            x0, y0, x1, y1 = rec.box
            assert 0 <= x0 < x1 <= img.width and 0 <= y0 < y1 <= img.height, (kind, img.size, rec)
            if "…" in rec.text and rec.text not in WORDS:
                name = _shortened_name(rec.text, names)
                assert name is not None, (kind, rec.text)  # only a player's name may be shortened
                assert alt is None or name in alt, (kind, rec.text, alt)
