"""Results and log lines are worded from the events the engines record (issue 16), not from their English: a
Pixel Tactics result's ``reason_event``, Pixel Pusher's ``log_events`` and ``reason_keys``. A state stored before
them (no such field) still reads exactly as it did, through the old-state readers."""

from __future__ import annotations

import random

from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_tactics import PixelTacticsEngine
from bot.i18n import SOURCE
from bot.move_words import reason_words
from rendering.pixel_pusher.words import log_entries, log_line
from rendering.pixel_pusher.words import reason_words as pusher_reason
from rendering.pixel_tactics.positions import named_view
from rendering.pixel_tactics.words import result_words

PT, PP = PixelTacticsEngine(), PixelPusherEngine()
NAMES = ["Ada", "Bo"]


def _finished_pt() -> dict:
    """A Classic single game played to its end by seeded random moves."""
    state, rng = PT.new_game(2, {"trophies": 1}, 5), random.Random(5)
    while not PT.is_terminal(state):
        seat = PT.pending(state)[0].player
        state = PT.apply(state, seat, rng.choice(PT.legal_actions(state, seat)))
    return state


def test_a_pixel_tactics_result_is_worded_from_its_event_not_its_english() -> None:
    state = _finished_pt()
    result = state["result"]
    assert result["reason_event"]["fields"]["winner"] in (0, 1) and "Seat" in result["reason"]
    view = PT.view(state, None)
    garbled = {**view, "result": {**view["result"], "reason": "(an English sentence nobody parses)"}}
    winner = NAMES[result["reason_event"]["fields"]["winner"]]
    for lang in (SOURCE, "de"):
        words = reason_words("pixel-tactics", garbled, garbled["result"]["reason"], NAMES, lang)
        assert winner in words and "nobody parses" not in words and "Seat" not in words
        assert winner in result_words(garbled, lambda s: NAMES[s], lang)[1]
    assert "gewinnt" in reason_words("pixel-tactics", garbled, "", NAMES, "de")
    assert named_view(garbled, NAMES)["result"]["reason"] == result["reason"].replace(
        f"Seat {result['reason_event']['fields']['winner'] + 1}", winner)


def test_a_pixel_tactics_result_stored_before_its_event_reads_as_before() -> None:
    view = PT.view(_finished_pt(), None)
    old = {**view, "result": {k: v for k, v in view["result"].items() if k != "reason_event"}}
    new = PT.view(_finished_pt(), None)
    assert result_words(named_view(old, NAMES), lambda s: NAMES[s]) == result_words(named_view(new, NAMES),
                                                                                  lambda s: NAMES[s])
    for lang in ("de",):
        assert result_words(old, lambda s: NAMES[s], lang) == result_words(new, lambda s: NAMES[s], lang)
        assert reason_words("pixel-tactics", old, old["result"]["reason"], NAMES, lang) == \
            reason_words("pixel-tactics", new, new["result"]["reason"], NAMES, lang)
    assert named_view(old, NAMES)["result"]["reason"] == named_view(new, NAMES)["result"]["reason"]


def _pusher_views() -> list[dict]:
    """Public views of a seeded 3-player game, every step to the end."""
    state, rng, views = PP.new_game(3, {}, 9), random.Random(9), []
    while not PP.is_terminal(state):
        views.append(PP.view(state, None))
        decision = rng.choice(PP.pending(state))
        state = PP.apply(state, decision.player, rng.choice(PP.legal_actions(state, decision.player)))
    return [*views, PP.view(state, None)]


def test_pixel_pusher_log_lines_and_reasons_are_worded_from_their_events() -> None:
    views = _pusher_views()
    shown = ["Ada", "Bo", "Cy"]
    checked = 0
    for view in views:
        entries = log_entries(view)
        assert all(event is not None for _, event in entries)
        for line, event in entries:
            for lang in (SOURCE, "de"):
                words = log_line("(English nobody parses)", shown, lang, event)
                assert "nobody parses" not in words and "Seat" not in words
                # a state stored before log_events reads its English back: the same words
                assert words == log_line(line, shown, lang)
                checked += 1
    assert checked > 100
    final = views[-1]["result"]
    assert final["reason_keys"] and final["reason_keys"][0] == "deck_empty"
    for lang in (SOURCE, "de"):
        assert pusher_reason({**final, "reason": "nobody parses"}, lang) == pusher_reason(final["reason"], lang)
    assert pusher_reason(final, "de") != pusher_reason(final, SOURCE)
