"""Every image of the four games, read on a phone (issue 16): real positions of seeded random games drawn by
every renderer, for every image kind (the public board or table, the private hand or board, the score
sheets, the card and deck images without alt text). Each text must be ≥ 12 px when the image is shown
400 px wide, lie inside the image, and never be cut: the only "…" allowed ends a shortened player name,
and then the image's alt text (when it has one) names the player in full. Nothing is covered: no text is drawn
over another, and every text's ink is still there, along its whole length, in the final image; on the Pixel Pusher
board, in English and German, the supply's caption and the stacked-cards note are drawn, and a claimed scanline
keeps its pixels and VP beside its seat disc."""

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
from bot.i18n import t
from rendering import help as help_guides
from rendering import pixel_pusher, pixel_tactics, pixies, tixel
from rendering.pixel_pusher.images import (
    CELL,
    CELL_GAP,
    DISC,
    IMAGE_H,
    TITLE_H,
    draw_image_card,
    needs_match_art,
)
from rendering.pixel_pusher.parts import encode_png, expand_counts, new_canvas
from rendering.pixel_tactics.hand import hand_parts
from rendering.pixel_tactics.positions import named_view
from tests.rendering.legibility import boxes_meet, inked, overlapping, pixels

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
        rgb = pixels(img)
        assert log, kind
        for rec in log:
            assert rec.px * 400 / img.width >= 12, (kind, img.size, rec)
            x0, y0, x1, y1 = rec.box
            assert 0 <= x0 < x1 <= img.width and 0 <= y0 < y1 <= img.height, (kind, img.size, rec)
            if "…" in rec.text and rec.text not in WORDS:
                name = _shortened_name(rec.text, names)
                assert name is not None, (kind, rec.text)  # only a player's name may be shortened
                assert alt is None or name in alt, (kind, rec.text, alt)
            assert not rec.text.strip() or inked(rgb, rec), (kind, img.size, rec)  # nothing drawn over it later
        assert not overlapping(log), (kind, img.size, overlapping(log)[:3])  # no text drawn over another


def _claimed(view: dict) -> list[tuple[dict, int, int]]:
    """(image card, row, seat) of every scanline some seat has filled."""
    return [(card, line["row"], line["filled_by"]) for card in view.get("images") or []
            for line in card.get("scanlines", []) if isinstance(line.get("filled_by"), int)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_pixel_pusher_board_explains_and_covers_nothing(lang: str) -> None:
    """Issue 16 on the Pusher board, in real positions: the supply says why R, G and B are there, a slot holding
    a stack gets the note on what stacked cards do, and every text (pixel letters, VP, names) still shows its
    ink in the final image: nothing (a name pill, a seat disc, a card) was drawn over it."""
    caption = t(lang, "R G B: returned this round; back to the bag next round")
    note = t(lang, "Cards stacked in a slot all work (collectors add up)")
    stacked = claimed = 0
    for _, (view, names), _, _ in _cases()["pixel pusher board"]:
        log: list = []
        rgb = pixels(Image.open(io.BytesIO(pixel_pusher.render_board(view, names, lang, log=log))))
        drawn = [rec.text for rec in log]
        if any(c in (view.get("supply") or {}) for c in "RGB"):
            assert caption in drawn, (lang, view["supply"])
        stack = any(len(slot) > 1 for seat in view["seats"] for slot in seat.get("slots", []))
        assert (note in drawn) == stack, (lang, view["phase"], view.get("round"))
        stacked += stack
        claimed += len(_claimed(view))
        for rec in log:
            if rec.text.strip():
                assert inked(rgb, rec), (lang, view["phase"], view.get("round"), rec)
        assert not overlapping(log), (lang, overlapping(log)[:3])
    assert stacked and claimed, "the seeded games must show stacks and claimed scanlines"


def test_pixel_pusher_claimed_scanline_keeps_its_pixels_and_points() -> None:
    """A scanline a seat has filled is framed in its colour and ends in its seat disc: the row's pixel letters
    and its "n VP" are all still drawn and visible, none under the disc."""
    names, seen = NAMES[:4], 0
    width = (pixel_pusher.W - 2 * pixel_pusher.M - 2 * 14) // 3  # an image card's width on the board
    for _, (view, _), _, _ in _cases()["pixel pusher board"]:
        for card, row, seat in _claimed(view):
            log: list = []
            cv = new_canvas(width, IMAGE_H, log)
            draw_image_card(cv, (0, 0, width, IMAGE_H), card, names)
            rgb = pixels(Image.open(io.BytesIO(encode_png(cv, IMAGE_H))))
            top = cv.px(TITLE_H + row * (CELL + CELL_GAP))
            band = [r for r in log if top <= (r.box[1] + r.box[3]) / 2 <= top + cv.px(CELL)]
            line = next(x for x in card["scanlines"] if x["row"] == row)
            needs = expand_counts(line["needs"]) if not needs_match_art(card, line) else []
            cubes = needs if needs and len(needs) <= 4 else [c for c in card["grid"][row] if c]
            vp = t("en", "{n} VP", n=line["vp"])
            discs = [r for r in band if r.text == str(seat + 1)]
            letters = [r for r in band if r.text not in (str(seat + 1), vp) and ":" not in r.text]
            assert len(discs) == 1, (card.get("name"), row, [r.text for r in band])
            assert sorted(r.text for r in letters) == sorted(cubes), (card.get("name"), row, [r.text for r in band])
            assert any(r.text == vp or ":" in r.text for r in band), (card.get("name"), row, [r.text for r in band])
            cx, cy, half = (discs[0].box[0] + discs[0].box[2]) / 2, (discs[0].box[1] + discs[0].box[3]) / 2, cv.px(
                DISC / 2)
            disc = (cx - half, cy - half, cx + half, cy + half)
            for rec in band:
                assert inked(rgb, rec), (card.get("name"), row, rec)
                assert rec in discs or not boxes_meet(rec.box, disc), (card.get("name"), row, rec)
            seen += 1
    assert seen
