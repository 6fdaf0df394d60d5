"""Tixel in the server's language (issue 16): the board image, its alt text and ``/game describe`` take ``lang``;
in the pseudo-language every text they draw or write comes from the catalogue; a German board draws German
words and reads on a phone as the English one does; the engine's English (the move log's) is unchanged, and a
refusal's clause (``{why}``) is translated with it."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.games.base import GameError, Phrase
from bot.games.tixel import TixelEngine, notation
from bot.games.tixel.events import event_text, last_move_event
from bot.i18n import PSEUDO, t
from rendering import tixel
from rendering.describers import describe
from tests.i18n.pseudo import outside_catalogue
from tests.rendering.test_phone_legibility import NAMES, WORDS, _positions, _shortened_name

ENGINE = TixelEngine()
#: what the board draws outside sentences: its files (its ranks are digits)
FILES = set("abcdef")


def _views() -> list[dict]:
    """Views over seeded games (with and without the expansions), a draw offer and a resignation among them."""
    views = []
    for options, seed in (({}, 11), ({"poka_yoke": True, "tix": 2}, 11), ({"poka_yoke": True}, 5)):
        for state in _positions(ENGINE, 2, seed, 6, options):
            views.append(ENGINE.view(state, None))
    state = ENGINE.new_game(2, {}, 3)
    seat = ENGINE.pending(state)[0].player
    offered = ENGINE.apply(state, seat, {"type": "offer_draw"})
    views += [ENGINE.view(offered, None), ENGINE.view(ENGINE.leave(offered, seat), None)]
    return views


def test_everything_the_board_draws_and_says_in_the_pseudo_language_comes_from_the_catalogue() -> None:
    views, names = _views(), ["Ana", "Bob"]
    assert any(v.get("phase") == "bonus" for v in views) and any(v["status"] == "finished" for v in views)
    for view in views:
        log: list = []
        tixel.render_board(view, names, PSEUDO, log=log)
        for rec in log:
            if rec.text in FILES:
                continue
            # a pseudo text too long for its room is cut ("…") or wrapped (the last move, on two lines): the
            # brackets went with the other part
            opened, closed = rec.text.count("⟦"), rec.text.count("⟧")
            text = "⟦" * max(0, closed - opened) + rec.text + "⟧" * max(0, opened - closed)
            assert not outside_catalogue(text, ("Ana", "Bob", "Tixel")), (rec.text, view.get("phase"))
        for text in (tixel.board_alt(view, names, PSEUDO), describe("tixel", view, names, 0, PSEUDO)):
            assert not outside_catalogue(text, ("Ana", "Bob", "Tixel")), text


def test_a_german_board_differs_from_english_and_reads_on_a_phone() -> None:
    drawn_all = []
    for view in _views():
        log: list = []
        data = tixel.render_board(view, NAMES[:2], "de", log=log)
        assert data != tixel.render_board(view, NAMES[:2])
        img = Image.open(io.BytesIO(data))
        drawn = " ".join(rec.text for rec in log)
        drawn_all.append(drawn)
        assert "Turn" not in drawn and "pool" not in drawn and "Last:" not in drawn, drawn
        for rec in log:
            assert rec.px * 400 / img.width >= 12, (img.size, rec)
            x0, y0, x1, y1 = rec.box
            assert 0 <= x0 < x1 <= img.width and 0 <= y0 < y1 <= img.height, (img.size, rec)
            if "…" in rec.text and rec.text not in WORDS:
                assert _shortened_name(rec.text, NAMES[:2]) is not None, rec.text  # only a name is shortened
    words = " ".join(drawn_all)
    for german in ("Zug ", ": Vorrat", "Zuletzt: ", "Kerbe = Mulde", "Spielende", "Bonuszug", "Remis"):
        assert german in words, german


def test_game_describe_and_the_alt_text_speak_german() -> None:
    view = [v for v in _views() if v["status"] == "finished"][0]
    alt = tixel.board_alt(view, NAMES[:2], "de")
    assert alt.startswith("Tixel, Zug ") and "Spielende: " in alt and "Vorrat von Ana (" in alt, alt
    text = describe("tixel", view, NAMES[:2], 1, "de")
    assert "Du spielst " in text and "Reihe 6: a6 " in text and "Rank" not in text, text


def test_the_move_log_keeps_the_engines_english_and_the_last_move_is_worded_again_from_the_view() -> None:
    words = set()
    for seed in range(6):
        rng, state = random.Random(seed), ENGINE.new_game(2, {"poka_yoke": True, "tix": 2}, seed)
        while not ENGINE.is_terminal(state):
            seat = ENGINE.pending(state)[0].player
            action = rng.choice(ENGINE.legal_actions(state, seat))
            template, fields = ENGINE.describe_event(state, seat, action)
            assert event_text((template, fields)) == ENGINE.describe_action(state, seat, action)
            words.add(t("de", template, **fields).split()[0])
            state = ENGINE.apply(state, seat, action)
            last = state["last_move"]
            if last and last["action"] == action:
                assert event_text(last_move_event(state)) == last["text"]
    assert {"setzte", "schob"} <= words, words


@pytest.mark.parametrize("lang, words", [("de", ("ragt", "ragen", "passt")), (PSEUDO, ("⟦",))])
def test_a_refusals_clause_is_translated_with_it(lang: str, words: tuple[str, ...]) -> None:
    state, rng = ENGINE.new_game(2, {}, 2), random.Random(2)
    for _ in range(10):
        seat = ENGINE.pending(state)[0].player
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    seat = ENGINE.pending(state)[0].player
    refusals = []
    for square in (f + r for f in "abcdef" for r in "123456"):
        for text in (f"{square}^NE", f"{square}^SW", f"{square}=N", f"{square}=E"):
            try:
                notation.parse_action(text, state, seat)
            except GameError as exc:
                if any(isinstance(v, Phrase) for v in exc.fields.values()):
                    refusals.append(exc)
    assert refusals
    for exc in refusals:
        said = t(lang, exc.template, **exc.fields)
        clause = next(v for v in exc.fields.values() if isinstance(v, Phrase))
        assert str(clause) not in said and any(word in said for word in words), said
        assert t("en", exc.template, **exc.fields) == exc.message
