"""Pixel Tactics in the server's language (issue 16): the board and hand images, their alt texts and ``/game
describe`` take ``lang``; in the pseudo-language every word they draw or write comes from the catalogue (card names
and printed rule texts aside); a German board and hand read on a phone as the English ones do; the engine's English
(the move log's) is unchanged, and its events filled in English read as the humanized English sentence."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.sets import CHASE, SETS
from bot.i18n import PSEUDO, t
from rendering import pixel_tactics as render
from rendering.describers import describe
from rendering.pixel_tactics.positions import humanize
from tests.i18n.pseudo import outside_catalogue
from tests.rendering import pt_team_views, pt_views
from tests.rendering.test_phone_legibility import NAMES, TEAM_NAMES, WORDS, _positions, _shortened_name

ENGINE = PixelTacticsEngine()
_CARDS = [c for cards in SETS.values() for c in cards] + list(CHASE)
#: the printed cards' names (never translated), longest first
CARD_NAMES = tuple(sorted({c["name"] for c in _CARDS} | {c["name"] for c in pt_views.CARDS.values()},
                          key=len, reverse=True))
#: the words of the card names and their beginnings (a long name takes two lines on a card, or is cut)
NAME_WORDS = {w[:k] for name in CARD_NAMES for w in re.findall(r"[^\W\d_]+", name) for k in range(1, len(w) + 1)}
#: the printed rule texts' words (a hand shows them as printed) and their beginnings (a cut text)
_TEXTS = [str(v.get("text") or "") for c in [*_CARDS, *pt_views.CARDS.values()] for part in c.values()
          if isinstance(part, dict) for v in [part, *part.values()] if isinstance(v, dict)]
CARD_WORDS = {w[:k] for text in _TEXTS for w in re.findall(r"[^\W\d_]+", text) for k in range(1, len(w) + 1)}
#: what the board draws outside sentences: the row letters of a Hero's powers
LETTERS = {"V", "F", "R"}
#: English words a German image must not draw
ENGLISH = ("Your hand", "Round ", " wave", "Deck ", "Discard ", "Corpse", "Falls",
           "Game over", "Choosing Leaders", "recruited this wave")


def _views() -> list[dict]:
    """Public views over seeded Classic, Siege, Duel Draft and Epic Duel games and the hand-made views (a Trap
    window, Ceasefire, Leaders being chosen, a finished match)."""
    views = [pt_views.mid_view(), {**pt_views.trap_window_view(), "window_seat": 1}, pt_views.ceasefire_view(),
             pt_views.leader_view(), _finished()]
    for seed in (3, 8):
        views += [ENGINE.view(s, None) for s in _positions(ENGINE, 2, seed, 6, {"trophies": 2})]
    for seed, mode in enumerate(("siege", "duel_draft", "epic")):  # the modes' panels, fortresses and counts
        views += [ENGINE.view(s, None) for s in _positions(ENGINE, 2, seed, 5, {"mode": mode})]
    return views


def _finished() -> dict:
    """The hand-made finished match, its result's reason the engine's sentence."""
    view = pt_views.finished_view()
    return {**view, "result": {**view["result"], "reason": "Seat 2 wins the match with 2 trophies."}}


def _hands() -> list[dict]:
    """Private views: the hand-made one and hands over a seeded game."""
    hands = [pt_views.private_view(0)]
    for state in _positions(ENGINE, 2, 5, 5, {"trophies": 2}):
        hands.append(ENGINE.view(state, 0))
    return hands


def _left(text: str, private: bool = False) -> list[str]:
    # a wrapped or cut pseudo text lost an opening or closing bracket with its other line or its end
    text = "⟦" * max(0, text.count("⟧") - text.count("⟦")) + text + "⟧" * max(0, text.count("⟦") - text.count("⟧"))
    left = outside_catalogue(text,
                             ("Ana", "Bob", "Pixel Tactics", *CARD_NAMES))
    return [w for w in left if w not in LETTERS | NAME_WORDS and not (private and w in CARD_WORDS)]


def test_everything_the_board_and_hand_draw_and_say_in_the_pseudo_language_comes_from_the_catalogue() -> None:
    names = ["Ana", "Bob"]
    for view in _views():
        log: list = []
        render.render_board(view, names, PSEUDO, log=log)
        for rec in log:
            assert not _left(rec.text), (rec.text, view.get("phase"))
        for text in (render.alt_board(view, names, PSEUDO), describe("pixel-tactics", view, names, None, PSEUDO)):
            assert not _left(text), text
    for view in _hands():
        log = []
        render.render_hand(view, names, PSEUDO, log=log)
        for rec in log:
            assert not _left(rec.text, private=True), rec.text
        for text in (render.alt_hand(view, names, PSEUDO), describe("pixel-tactics", view, names, 0, PSEUDO)):
            assert not _left(text, private=True), text


@pytest.mark.parametrize("kind", ["board", "hand"])
def test_a_german_image_differs_from_english_and_reads_on_a_phone(kind: str) -> None:
    drawn_all = []
    for view in _views() if kind == "board" else _hands():
        draw = render.render_board if kind == "board" else render.render_hand
        log: list = []
        data = draw(view, NAMES[:2], "de", log=log)
        assert data != draw(view, NAMES[:2])
        img = Image.open(io.BytesIO(data))
        drawn = " | ".join(rec.text for rec in log)
        drawn_all.append(drawn)
        assert not any(word in drawn for word in ENGLISH), drawn
        for rec in log:
            assert rec.px * 400 / img.width >= 12, (img.size, rec)
            x0, y0, x1, y1 = rec.box
            assert 0 <= x0 < x1 <= img.width and 0 <= y0 < y1 <= img.height, (img.size, rec)
            if "…" in rec.text and rec.text not in WORDS | {"Wählt…"}:  # only a name (or an overlong test
                cut = rec.text.split("…")[0]                               # card's text) is shortened
                assert (_shortened_name(rec.text, NAMES[:2]) is not None or any(cut in x for x in _TEXTS)
                        or any(name.startswith(cut) for name in CARD_NAMES)), rec.text
    words = " ".join(drawn_all)
    wanted = (("Runde ", "Vorhut", "Nachhut", "Reserve", "Stapel ", "Ablage ", "Anführer", "Spielende", "Festung")
              if kind == "board" else ("Deine Hand", "Anführer", "Held", "Deine verdeckten Fallen", "Karten"))
    for german in wanted:
        if german != "Festung":
            assert german in words, german


def test_game_describe_and_the_alt_texts_speak_german() -> None:
    view = _finished()
    alt = render.alt_board(view, NAMES[:2], "de")
    assert alt.startswith("Pixel Tactics, ") and "Spielende: " in alt and "Stapel " in alt, alt
    assert "gewinnt das Match mit 2 Trophäen" in alt, alt
    text = describe("pixel-tactics", pt_views.private_view(0), NAMES[:2], 0, "de")
    assert "Deine Hand (Ana)" in text and "Deine verdeckten Fallen: Reserve 2: " in text, text
    assert "Vorhut links: " in text and "V0 " not in text, text


def test_the_engines_english_is_unchanged_and_its_events_read_as_the_humanized_sentence() -> None:
    """In every mode, every action has an event, and filled in English it is the engine's sentence put in words by
    ``humanize`` (a slot code named in words where the English left it raw); German words every kind of action."""
    words, checked = set(), 0
    games = [(2, {"trophies": 2}), (2, {"mode": "siege"}), (2, {"mode": "duel_draft"}), (2, {"mode": "epic"}),
             (4, {"mode": "team"}), (6, {"mode": "king"})]
    for seed, (players, options) in enumerate(games):
        names = ["Ana", "Bob", "Cyd", "Dee", "Eve", "Fay"][:players]
        rng = random.Random(seed)
        state = ENGINE.new_game(players, options, seed)
        for _ in range(300):
            if ENGINE.is_terminal(state):
                break
            decision = rng.choice(ENGINE.pending(state))
            for action in ENGINE.legal_actions(state, decision.player)[:8]:
                for own in (False, True):
                    english = ENGINE.describe_for(state, decision.player, action, decision.player if own else None)
                    event = ENGINE.describe_event(state, decision.player, action, own, names)
                    assert event is not None, action
                    said = t("en", event[0], **event[1])
                    if action["type"] not in ("switch", "recruit", "move", "clear_corpse"):
                        assert said == humanize(english, names, state.get("mode") == "siege"), (said, english)
                    else:  # the English left a slot code raw where humanize could not read it
                        assert not re.search(r"\b[VFRX][0-2]\b|\bL\b", said), said
                    words.add(t("de", event[0], **event[1]).split()[0])
                    checked += 1
            state = ENGINE.apply(state, decision.player, rng.choice(ENGINE.legal_actions(state, decision.player)))
    assert checked > 3000
    assert {"rekrutierte", "beendete", "legte", "zog", "draftete", "wählte"} <= words, words


# ---------------------------------------------------------------- team boards (Team Cross Duel, King)
TEAM_SEATS = ["Ada", "Bob", "Cyd", "Dee", "Eve", "Fay"]
#: English words a German team board must not draw
TEAM_ENGLISH = (*ENGLISH, "Leaders lost", "In reach", "Out of reach", "Ally", "Acting",
                "Eliminated", "Win:", "point", "rival Knight", "face down", "damage")


def _team_views() -> list[dict]:
    """Team Cross Duel and King: the hand-made views (a Long Action's reach, an eliminated Knight, a Trap window,
    a restart Ceasefire, a finished game, Leaders being picked) and views over seeded games."""
    team, king = pt_team_views.team_view(), pt_team_views.king_view()
    views = [team, king, pt_team_views.king_view(out=False), pt_team_views.private_team_view(None),
             {**team, "phase": "trap", "waiting": "Waiting: Cyd may respond.", "window_seat": 2},
             {**team, "teams": {**team["teams"], "ceasefire_seat": 0}},
             {**team, "ceasefire": True, "round": 1},
             {**team, "phase": "leader", "turn": None},
             {**team, "phase": "finished", "result": {"winners": [1, 3], "reason": "Team 2 wins."}},
             {**king, "phase": "finished", "result": {"winners": [], "reason": ""}}]
    for seed, (players, mode) in enumerate(((4, "team"), (6, "king"))):
        views += [ENGINE.view(s, None) for s in _positions(ENGINE, players, seed, 5, {"mode": mode})]
    return views


def _team_left(text: str) -> list[str]:
    text = "⟦" * max(0, text.count("⟧") - text.count("⟦")) + text + "⟧" * max(0, text.count("⟦") - text.count("⟧"))
    left = outside_catalogue(text, (*TEAM_SEATS, "Pixel Tactics", *CARD_NAMES))
    return [w for w in left if w not in LETTERS | NAME_WORDS]


def test_everything_a_team_board_draws_and_says_in_the_pseudo_language_comes_from_the_catalogue() -> None:
    for view in _team_views():
        names = TEAM_SEATS[:len(view.get("players") or []) or 4]
        log: list = []
        render.render_board(view, names, PSEUDO, log=log)
        assert log
        for rec in log:
            assert not _team_left(rec.text), (rec.text, view.get("phase"))
        for text in (render.alt_board(view, names, PSEUDO), describe("pixel-tactics", view, names, None, PSEUDO)):
            assert not _team_left(text), text


def test_a_german_team_board_differs_from_english_and_reads_on_a_phone() -> None:
    drawn_all = []
    for view in _team_views():
        n = len(view.get("players") or []) or 4
        names = (TEAM_NAMES + ["Eve", "Fay"])[:n]
        log: list = []
        data = render.render_board(view, names, "de", log=log)
        assert data != render.render_board(view, names)
        img = Image.open(io.BytesIO(data))
        drawn = " | ".join(rec.text for rec in log)
        drawn_all.append(drawn)
        assert not any(word in drawn for word in TEAM_ENGLISH), drawn
        for rec in log:
            assert rec.px * 400 / img.width >= 12, (img.size, rec)
            x0, y0, x1, y1 = rec.box
            assert 0 <= x0 < x1 <= img.width and 0 <= y0 < y1 <= img.height, (img.size, rec)
            if "…" in rec.text and rec.text not in WORDS:  # only a name is shortened
                assert _shortened_name(rec.text, names) is not None, rec.text
        alt = render.alt_board(view, names, "de")
        assert len(alt) <= 1000 and not any(w in alt for w in ("hand ", "Leaders lost", " points", "in reach", "Win:")), alt
    words = " ".join(drawn_all)
    for german in ("Runde ", "Vorhut", "Nachhut", "Stapel ", "Hand ", "Anführer verloren", "In Reichweite",
                   "Verbündet", "Ausgeschieden", "Spielende"):
        assert german in words, german
