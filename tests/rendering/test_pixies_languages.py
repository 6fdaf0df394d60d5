"""Pixies images in the server's language (issue 16): the renderers take ``lang``; a German table, score pad
and standings differ from the English ones, draw German words (the German rules' terms), and read on a phone
as the English ones do (tests/rendering/test_phone_legibility.py: every text ≥ 12 px at 400 px wide, inside
the image, only a player's name ever shortened); in the pseudo-language every text they draw or write comes from
the catalogue."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.pixies.engine import PixiesEngine
from bot.i18n import PSEUDO
from cogs.describe import describe_messages
from rendering import pixies
from rendering.describers import describe
from tests.i18n.pseudo import outside_catalogue
from tests.rendering.test_phone_legibility import NAMES, WORDS, _positions, _shortened_name


def _cases(lang: str) -> list[tuple[str, object, tuple, str]]:
    """(kind, renderer, arguments without the language, alt text in ``lang``) over seeded 2- and 4-player games."""
    engine, cases = PixiesEngine(), []
    for n in (2, 4):
        names = NAMES[:n]
        for state in _positions(engine, n, 5 + n, 4):
            view = engine.view(state, None)
            cases.append(("table", pixies.render_table, (view, names), pixies.table_alt(view, names, lang)))
            for entry in view.get("rounds") or []:
                cases.append(("round scores", pixies.render_round_scores, (view, names, entry["round"]),
                              pixies.round_scores_alt(view, names, entry["round"], lang)))
            if view["status"] == "finished":
                cases.append(("final", pixies.render_final, (view, names), pixies.final_alt(view, names, lang)))
    return cases


#: a German word each kind of image draws (the German Pixies rules' terms)
GERMAN = {"table": "Durchgang", "round scores": "Waldboden", "final": "Endstand"}


@pytest.mark.parametrize("lang", ["de"])
def test_pixies_images_in_german_differ_from_english_and_read_on_a_phone(lang: str) -> None:
    cases = _cases(lang)
    assert {kind for kind, *_ in cases} == set(GERMAN)
    for kind, render, args, alt in cases:
        log: list = []
        data = render(*args, lang, log=log)
        assert data != render(*args), kind
        img = Image.open(io.BytesIO(data))
        drawn = " ".join(rec.text for rec in log)
        assert GERMAN[kind] in drawn, (kind, drawn)
        assert "Round" not in drawn and "Player" not in drawn, (kind, drawn)
        for rec in log:
            assert rec.px * 400 / img.width >= 12, (kind, img.size, rec)
            x0, y0, x1, y1 = rec.box
            assert 0 <= x0 < x1 <= img.width and 0 <= y0 < y1 <= img.height, (kind, img.size, rec)
            if "…" in rec.text and rec.text not in WORDS:
                name = _shortened_name(rec.text, args[1])
                assert name is not None, (kind, rec.text)  # only a player's name may be shortened
                assert name in alt, (kind, rec.text, alt)


#: what the images draw that no catalogue message says: the game's name, card letters and numbers (the
#: grids' card faces: colour letter B/G/Y/R and value), the key's glyphs
DRAWN_AS_IS = ("Pixies",)


def test_everything_the_images_draw_and_say_in_the_pseudo_language_comes_from_the_catalogue() -> None:
    cases = _cases(PSEUDO)
    assert {kind for kind, *_ in cases} == set(GERMAN)
    allowed = (*NAMES[:4], *DRAWN_AS_IS)
    for kind, render, args, alt in cases:
        log: list = []
        render(*args, PSEUDO, log=log)
        drawn = [rec.text for rec in log]
        assert any("⟦" in text for text in drawn), kind
        depth = 0  # a message wrapped over lines: its brackets open on one line and close on a later one
        for text in drawn:
            opened = depth + text.count("⟦") - text.count("⟧")
            closed = "⟦" * depth + text + "⟧" * max(0, opened)
            words = [w for w in outside_catalogue(closed, allowed) if not _card_face(w)]
            assert not words, (kind, text, words)
            # a pseudo text too long for its room is cut ("…"): its closing brackets went with its end
            depth = 0 if text.endswith("…") else max(0, opened)
        assert not outside_catalogue(alt, allowed), (kind, alt)
    view, names = cases[-1][2][0], cases[-1][2][1]
    assert not outside_catalogue(describe("pixies", view, names, 0, PSEUDO), allowed)


def _card_face(word: str) -> bool:
    """Whether ``word`` is what a card face draws (its colour letter: B, G, Y, R) or part of a player's shortened
    name ("Bartholomew Lo…")."""
    return word in ("B", "G", "Y", "R") or any(word in name for name in NAMES[:4])


def test_the_last_action_shows_in_the_callers_words_and_english_text_stays_out_of_other_languages() -> None:
    engine = PixiesEngine()
    state = engine.new_game(2, {}, 4)
    seat = engine.pending(state)[0].player
    state = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    view = engine.view(state, None)
    english: list = []
    pixies.render_table(view, NAMES[:2], log=english)
    assert any(rec.text.startswith("Last: ") for rec in english)
    german: list = []
    pixies.render_table(view, NAMES[:2], "de", log=german)
    assert not any("took" in rec.text or "Zuletzt" in rec.text for rec in german)
    told: list = []
    pixies.render_table({**view, "last_words": "nahm Blau 5 → Feld 5"}, NAMES[:2], "de", log=told)
    assert any(rec.text.startswith("Zuletzt: ") and "nahm Blau 5" in rec.text for rec in told)


def test_game_describe_speaks_german() -> None:
    engine = PixiesEngine()
    states = _positions(engine, 2, 7, 3)
    view = engine.view(states[-1], None)
    text = describe("pixies", view, NAMES[:2], 0, "de")
    assert "Jedes Raster ist 3 mal 3" in text and "Du bist Ana." in text and "Endstand" in text
    assert "Each grid" not in text and "points" not in text
    first = describe_messages("Pixies #1", text, "de")[0]
    assert first.startswith(("**Pixies #1** in Worten:", "Teil 1 von ")) and "**Pixies #1** in Worten:" in first
