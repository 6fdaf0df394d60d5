"""Pixel Tactics engine sentences that are counted come from the catalogue in their form for the count: the turn
prompt (``Round 2, Flank wave: 1 action left.``; German ``noch 1 Aktion`` / ``noch 2 Aktionen``) and a Duel Draft
refusal's price; the engine's English keeps a correct plural (no ``action(s)``)."""

from __future__ import annotations

from bot.games.base import IllegalAction
from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.describe import prompt
from bot.games.pixel_tactics.modes import duel_draft
from bot.i18n import PSEUDO, t
from tests.i18n.pseudo import outside_catalogue

ENGINE = PixelTacticsEngine()


def _first_turn() -> dict:
    """A Classic game at its first turn (both Leaders picked)."""
    state = ENGINE.new_game(2, {}, 7)
    while state["phase"] != "turn":
        decision = ENGINE.pending(state)[0]
        state = ENGINE.apply(state, decision.player, ENGINE.legal_actions(state, decision.player)[0])
    return state


def test_the_turn_prompt_is_a_counted_catalogue_message_in_every_language():
    state = _first_turn()
    seat = state["turn"]
    two = prompt(state, seat)
    assert two == "Round 1 (Ceasefire), Vanguard wave: 2 actions left."
    assert t("de", two) == "Runde 1 (Waffenruhe), Vorhut-Welle: noch 2 Aktionen."
    assert ENGINE.pending(state)[0].prompt == two
    one = prompt({**state, "round": 2, "wave": "F", "actions_left": 1}, seat)
    assert one == "Round 2, Flank wave: 1 action left."
    assert t("de", one) == "Runde 2, Flanken-Welle: noch 1 Aktion."
    for sentence in (one, two):
        assert not outside_catalogue(t(PSEUDO, sentence), ()), t(PSEUDO, sentence)
        assert "(s)" not in sentence


def test_a_gained_action_keeps_its_recorded_log_line():
    """The engine's log is internal English (no member reads it: posts word the action's event) and stored games
    replay to it byte for byte (tests/games/test_pt_versions_v*.py digest whole states), so it is not reworded."""
    from bot.games.pixel_tactics.effects import op_extra_action

    state = _first_turn()
    seat = state["turn"]
    op_extra_action(state, {"seat": seat}, {"count": 2})
    assert state["log"][-1] == f"Seat {seat + 1} gains 2 action(s)."


def test_passing_over_tableau_cards_is_refused_with_the_price_in_its_form():
    state = ENGINE.new_game(2, {"mode": "duel_draft"}, 3)
    seat = duel_draft.drafter(state)
    state["duel_draft"]["gold"][seat] = 0
    for index, english, german in ((1, "Passing over 1 card costs 1 Gold; you have 0.",
                                    "1 Karte zu überspringen kostet 1 Gold; du hast 0."),
                                   (2, "Passing over 2 cards costs 2 Gold; you have 0.",
                                    "2 Karten zu überspringen kostet 2 Gold; du hast 0.")):
        refusal = duel_draft.explain(state, seat, {"type": "draft_draw", "index": index})
        assert isinstance(refusal, IllegalAction) and refusal.message == english
        assert t("de", refusal.template, **refusal.fields) == german
