"""Pixel Pusher in the server's language (issue 16): the board and private images, their alt texts and ``/game
describe`` take ``lang``; in the pseudo-language every text they draw or write comes from the catalogue; German
images draw German words and read on a phone as the English ones do; the engine's English (describe_action, the
move log) is unchanged, its log lines and a refusal's card name are worded again in any language."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from bot.games.base import GameError
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.content import ABILITY_CARDS, IMAGES, MACHINES
from bot.games.pixel_pusher.events import event_text, log_event
from bot.games.pixel_pusher.names import ABILITY_TEXTS, CARD_NAMES, IMAGE_NAMES
from bot.i18n import PSEUDO, t, template
from rendering import pixel_pusher as pp
from rendering.describers import describe
from tests.i18n.pseudo import outside_catalogue
from tests.rendering.test_phone_legibility import NAMES, WORDS, _positions, _shortened_name

ENGINE = PixelPusherEngine()
SHORT = ["Ana", "Bob", "Cyd", "Dee"]
#: what the images draw outside sentences: pixel letters (``R``, ``2R+G``, ``RGB→W``)
LETTERS = re.compile(r"[RGBCMYW]+")


def _states() -> list[dict]:
    """States over seeded games: 2 to 4 players, every content version, each game's end among them."""
    states = []
    for players, options, seed in ((2, {}, 3), (3, {"content": 1}, 4), (4, {"content": 2}, 5), (4, {}, 5)):
        states += _positions(ENGINE, players, seed, 8, options)
    return states


def _views() -> list[tuple[dict, list[dict]]]:
    """(public view, each seat's private view) of every sampled state."""
    return [(ENGINE.view(s, None), [ENGINE.view(s, seat) for seat in range(s["num_players"])]) for s in _states()]


def _outside(text: str) -> list[str]:
    """The words of ``text`` no catalogue message produced, pixel letters and names left out."""
    closed = text + "⟧" * (text.count("⟦") - text.count("⟧"))  # a text cut for its room lost its end
    return [w for w in outside_catalogue(closed, (*SHORT, "Pixel Pusher")) if not LETTERS.fullmatch(w)]


def _drawn_texts(log: list) -> list[str]:
    """The texts an image drew, a text wrapped over several lines joined again (its brackets balance)."""
    texts, buffer = [], ""
    for rec in log:
        buffer = f"{buffer} {rec.text}" if buffer else rec.text
        if buffer.count("⟦") <= buffer.count("⟧") or rec.text.endswith("…"):
            texts.append(buffer)
            buffer = ""
    return texts + ([buffer] if buffer else [])


def test_every_card_and_image_name_and_ability_text_is_a_catalogue_message() -> None:
    names = {c["name"] for c in MACHINES.values()} | {a["name"] for a in ABILITY_CARDS}
    assert names == set(CARD_NAMES) and {i["name"] for i in IMAGES.values()} == set(IMAGE_NAMES)
    assert {a["text"] for a in ABILITY_CARDS} == set(ABILITY_TEXTS)
    for message in CARD_NAMES + IMAGE_NAMES + ABILITY_TEXTS:
        assert template().get(message) is not None and t("de", message) != message or message == "Draft", message


def test_everything_the_images_draw_and_say_in_the_pseudo_language_comes_from_the_catalogue() -> None:
    views = _views()
    phases = {public["phase"] for public, _ in views}
    assert {"draft", "build", "convert", "score", "finished"} <= phases, phases
    for public, privates in views:
        names = SHORT[:len(privates)]
        log: list = []
        pp.render_board(public, names, PSEUDO, log=log)
        for view in privates:
            pp.render_private(view, names, PSEUDO, log=log)
        for text in _drawn_texts(log):
            assert not _outside(text), (text, public["phase"])
        texts = [pp.alt_board(public, names, PSEUDO), describe("pixel-pusher", public, names, None, PSEUDO)]
        texts += [pp.alt_private(v, names, PSEUDO) for v in privates]
        texts += [describe("pixel-pusher", v, names, v["you"], PSEUDO) for v in privates]
        for text in texts:
            assert not _outside(text), text


def test_german_images_differ_from_english_and_read_on_a_phone() -> None:
    drawn_all = []
    views = _views()
    for public, privates in views[::3] + [v for v in views if v[0]["phase"] == "finished"]:
        names = NAMES[:len(privates)]
        for render, view in [(pp.render_board, public), (pp.render_private, privates[0])]:
            log: list = []
            data = render(view, names, "de", log=log)
            assert data != render(view, names)
            img = Image.open(io.BytesIO(data))
            drawn = " ".join(rec.text for rec in log)
            drawn_all.append(drawn)
            assert not re.search(r"\b(Round|Conveyor|Supply|Slot|Stored|Your hand)\b", drawn), drawn
            for rec in log:
                assert rec.px * 400 / img.width >= 12, (img.size, rec)
                x0, y0, x1, y1 = rec.box
                assert 0 <= x0 < x1 <= img.width and 0 <= y0 < y1 <= img.height, (img.size, rec)
                if "…" in rec.text and rec.text not in WORDS:  # only a player's name may be shortened
                    assert _shortened_name(rec.text, names) is not None, rec.text
    words = " ".join(drawn_all)
    for german in ("Runde ", "Förderband", "Vorrat", "Platz 1", "Punkteleiste", "Deine Hand", "SP", "Spielende"):
        assert german in words, german


def test_the_alt_texts_and_game_describe_speak_german() -> None:
    public, privates = [v for v in _views() if v[0]["phase"] == "convert"][0]
    names = NAMES[:len(privates)]
    alt = pp.alt_board(public, names, "de")
    assert alt.startswith("Pixel Pusher, Runde ") and "Förderband: " in alt and "Conveyor" not in alt, alt
    private = pp.alt_private(privates[0], names, "de")
    assert "private Ansicht für " in private and "Arbeitstableau: " in private, private
    text = describe("pixel-pusher", privates[0], names, 0, "de")
    assert "Pixelbuchstaben: " in text and "Pixel letters" not in text, text


def test_the_move_log_keeps_the_engines_english_and_its_lines_are_worded_again() -> None:
    pairs, lines, german = 0, 0, set()
    for seed in range(8):
        rng = random.Random(seed)
        state = ENGINE.new_game(2 + seed % 3, {} if seed % 2 else {"content": 1}, seed)
        while not ENGINE.is_terminal(state):
            decision = rng.choice(ENGINE.pending(state))
            seat = decision.player
            for action in ENGINE.legal_actions(state, seat):
                for private in (False, True):
                    english = ENGINE.describe_for(state, seat, action, seat if private else None)
                    assert event_text(ENGINE.describe_event(state, seat, action, private)) == english
                    pairs += 1
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
            for line in state["log"]:
                event = log_event(line)
                assert event is not None and event_text(event) == line, line
                german.add(t("de", event[0], **event[1]).split(" ")[0])
                lines += 1
    assert pairs > 5000 and lines > 500
    assert {"Erzeugen:", "Sammeln:"} <= german, german


def _unpainted_row_refusal() -> GameError:
    """The refusal of filling an image card's row that has no scanline (its field: the image's name)."""
    for seed in range(20):
        rng, state = random.Random(seed), ENGINE.new_game(2, {"content": 1}, seed)
        while not ENGINE.is_terminal(state):
            decision = rng.choice(ENGINE.pending(state))
            if state["phase"] == "score":
                for image in state["images"]:
                    rows = {line["row"] for line in IMAGES[image["id"]]["scanlines"]}
                    for row in set(range(4)) - rows:
                        try:
                            ENGINE.apply(state, decision.player, {"type": "fill", "image": image["id"], "row": row})
                        except GameError as exc:
                            return exc
            state = ENGINE.apply(state, decision.player, rng.choice(ENGINE.legal_actions(state, decision.player)))
    raise AssertionError("no image card with an unpainted row came up")


@pytest.mark.parametrize("lang", ["de", PSEUDO])
def test_a_refusals_image_name_is_translated_with_it(lang: str) -> None:
    refused = _unpainted_row_refusal()
    name = str(refused.fields["image"])
    said = t(lang, refused.template, **refused.fields)
    assert t(lang, name) in said and name not in said, said
