"""Trap "ask" windows betray nothing: a seat holding a ready face-down Trap set to "ask" is asked about every
event a Trap could answer, whichever Trap it holds, and only its private choices list the Traps that can.

The parametrised test plays one scripted turn pair (a recruit, an Order, a Spell, an Attack, a rival's Trap,
damage and a casualty) against every Trap of every set, against another Trap with a different trigger, and
against one with the same trigger (when there is one), the owner declining every window; everything the
public sees after every step (the public view, the pending decisions with their ids and prompts, the public
action descriptions, whether undo is allowed) must be identical.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games.pixel_tactics import PixelTacticsEngine, sets
from bot.games.pixel_tactics.scenario import act, build, legal
from bot.games.pixel_tactics.traps import MATCHES

E = PixelTacticsEngine()
DECLINE = {"type": "decline"}
MUTE = {"type": "decline", "mute": True}
TRAPS = [c for c in sets.all_cards() if c["tactic"]["kind"] == "trap"]
CORE = sets.SETS["core"]


def _first(pred, exclude=()) -> str:
    """Return the key of the first core card matching ``pred`` and not in ``exclude``."""
    return next(c["key"] for c in CORE if pred(c) and c["key"] not in exclude)


def _vanguard_spell(c: dict[str, Any]) -> bool:
    """Return whether a card's Vanguard power holds a Spell."""
    return any(a["kind"] == "spell" for a in c["hero"]["vanguard"]["abilities"])


def _plain(c: dict[str, Any]) -> bool:
    """Return whether a card's tactic is not a Trap and its Vanguard power is only static (a quiet body)."""
    return c["tactic"]["kind"] != "trap" and all(a["kind"] == "static" for a in c["hero"]["vanguard"]["abilities"])


# seat 0 (the actor): a Spell caster, an attacker, a recruit, an Order, and a Trap set to "always" that
# answers seat 1's Attack (so seat 1 is asked about a rival's Trap)
CASTER = _first(_vanguard_spell)
ORDER = _first(lambda c: c["tactic"]["kind"] == "order", (CASTER,))
ZAP = _first(lambda c: c["tactic"]["kind"] == "trap" and c["tactic"]["trigger"] == "rival_attack"
             and c["tactic"].get("target") is None)
ATTACKER = _first(_plain, (CASTER, ORDER, ZAP))
RECRUIT = _first(_plain, (CASTER, ORDER, ZAP, ATTACKER))
LEADER0 = _first(_plain, (CASTER, ORDER, ZAP, ATTACKER, RECRUIT))
# seat 1 (the Trap's owner): no card that is a Trap, so any Trap can sit in its reserve
VICTIM, STRIKER, LEADER1 = [c["key"] for c in CORE if _plain(c)][:3]

_USED = {CASTER, ORDER, ZAP, ATTACKER, RECRUIT, LEADER0, VICTIM, STRIKER, LEADER1}
_SPARE = [c["key"] for c in CORE if c["tactic"]["kind"] != "trap" and c["key"] not in _USED]
_COMMON = [c["key"] for c in sets.SETS["commons"] if c["tactic"]["kind"] != "trap"][:1]
DECK0, DECK1 = _SPARE[:5] + _COMMON, _SPARE[5:10]

#: the script: (seat, action type) taken in order; the owner declines every window in between
SCRIPT = [(0, "recruit"), (0, "order"), (0, "spell"), (0, "attack"), (0, "end"), (1, "attack"), (1, "end")]


def position(trap_key: str) -> dict[str, Any]:
    """Return the scripted position with ``trap_key`` face down (set to "ask", ready) in seat 1's X0.

    Both decks are given whole and the discard piles emptied, so nothing public (pile contents, deck sizes)
    depends on which Trap was placed; a Common in seat 0's deck makes every position a built-deck game."""
    life = sets.card_def(VICTIM)["hero"]["life"]
    s = build((LEADER0, LEADER1), turn=0, first=0, actions=4,
              units={0: {"V0": CASTER, "V1": ATTACKER},
                     1: {"V0": {"key": VICTIM, "damage": life - 1}, "V1": STRIKER}},
              hands={0: [RECRUIT, ORDER]},
              reserve={0: {"X0": {"key": ZAP, "policy": "always"}},
                       1: {"X0": {"key": trap_key, "policy": "ask"}}},
              deck={0: DECK0, 1: DECK1})
    for player in s["players"]:
        player["discard"] = []
    return s


def public(state: dict[str, Any]) -> tuple:
    """Return everything the public sees of a state: the view and the pending decisions."""
    decisions = [(d.player, d.kind, d.id, d.prompt, d.private) for d in E.pending(state)]
    return json.dumps(E.view(state, None), sort_keys=True), decisions


def play(trap_key: str, answer: dict[str, Any] = DECLINE) -> tuple[list, list[str]]:
    """Play the script against ``trap_key``, the owner giving ``answer`` to every window; return the public
    trace and the event kinds the owner was asked about."""
    s = position(trap_key)
    trace = [public(s)]
    asked = []
    script = list(SCRIPT)
    while (script or s["phase"] == "trap") and s["status"] == "playing":
        if s["phase"] == "trap":
            seat, action = s["window"]["seat"], answer
            asked.append(s["chain"][-1]["type"])
        else:
            seat, kind = script.pop(0)
            if kind == "end" and s["turn"] != seat:
                continue  # the turn ended by itself (no action left)
            assert s["turn"] == seat, (trap_key, kind, s["log"][-3:])
            action = next(a for a in legal(s, seat) if a["type"] == kind)
        after = act(s, seat, action)
        trace.append((E.describe_action(s, seat, action), E.undo_allowed(s, after, seat, action), public(after)))
        s = after
    return trace, asked


def _rivals(card: dict[str, Any]) -> list[str]:
    """Return the Traps to compare ``card`` with: one with another trigger, one with the same (if any)."""
    trigger = card["tactic"]["trigger"]
    other = next(c["key"] for c in TRAPS if c["tactic"]["trigger"] != trigger)
    same = [c["key"] for c in TRAPS if c["tactic"]["trigger"] == trigger and c["key"] != card["key"]]
    return [other] + same[:1]


def test_the_script_asks_about_every_kind_of_event():
    trace, asked = play(TRAPS[0]["key"])
    assert sorted(set(asked)) == ["attack", "damaged", "defeated", "order", "recruit", "spell", "trap"]


@pytest.mark.parametrize("answer", [DECLINE, MUTE], ids=["decline", "mute"])
@pytest.mark.parametrize("card", TRAPS, ids=[c["key"] for c in TRAPS])
def test_the_public_sees_the_same_whatever_trap_is_face_down(card, answer):
    mine, asked = play(card["key"], answer)
    for other in _rivals(card):
        theirs, asked_other = play(other, answer)
        assert asked_other == asked
        assert theirs == mine, f"{card['key']} vs {other}"


@pytest.mark.parametrize("card", TRAPS, ids=[c["key"] for c in TRAPS])
def test_only_the_private_choices_name_the_traps_that_can_answer(card):
    s = position(card["key"])
    seen = []
    for seat, kind in SCRIPT[:4]:
        s = act(s, seat, next(a for a in legal(s, seat) if a["type"] == kind))
        while s["phase"] == "trap":
            event = s["chain"][-1]
            answers = [a for a in legal(s, 1) if a["type"] == "activate"]
            if card["tactic"]["trigger"] not in MATCHES[event["type"]]:
                assert answers == []
            seen.append(bool(answers))
            assert legal(s, 1)[-2:] == [MUTE, DECLINE] and E.default_action(s, 1) == DECLINE
            s = act(s, 1, DECLINE)
    assert len(seen) >= 5  # recruit, order, spell, attack, damaged (at least)


def _attack_position(**kw: Any) -> dict[str, Any]:
    """Return seat 0 ready to attack seat 1's Leader, seat 1 holding a Trap that cannot answer an Attack."""
    spec = {"key": "mirewraith", "policy": "ask", **kw.pop("trap", {})}
    return build(("gearsmith", "starseer"), units={0: {"V0": "ironsentry"}}, reserve={1: {"X0": spec}}, **kw)


def test_no_window_in_the_ceasefire_nor_for_a_trap_placed_this_turn_nor_one_set_to_never():
    hit = {"type": "attack", "by": "V0", "target": "1:L"}
    assert act(_attack_position(), 0, hit)["phase"] == "trap"
    assert act(_attack_position(trap={"ready": False}), 0, hit)["phase"] == "turn"
    assert act(_attack_position(trap={"policy": "never"}), 0, hit)["phase"] == "turn"
    assert act(_attack_position(trap={"policy": "always"}), 0, hit)["phase"] == "turn"
    calm = _attack_position(ceasefire=True, hands={0: ["bladedancer"]})
    recruit = {"type": "recruit", "card": calm["players"][0]["hand"][0], "slot": "V1"}
    assert act(calm, 0, recruit)["phase"] == "turn"  # the Ceasefire: no Trap may be activated, nobody is asked


def test_your_own_recruit_and_attack_never_ask_you():
    s = build(("gearsmith", "starseer"), units={0: {"V0": "ironsentry"}}, hands={0: ["bladedancer"]},
              reserve={0: {"X0": {"key": "mirewraith", "policy": "ask"}}})
    s = act(s, 0, {"type": "recruit", "card": s["players"][0]["hand"][0], "slot": "V1"})
    assert s["phase"] == "turn"  # seat 0 is never asked about its own recruit
    s = act(s, 0, {"type": "attack", "by": "V0", "target": "1:L"})
    assert s["phase"] == "turn"


def test_a_window_with_nothing_to_answer_offers_only_decline():
    s = act(_attack_position(), 0, {"type": "attack", "by": "V0", "target": "1:L"})
    [d] = E.pending(s)
    assert (d.player, d.kind, d.private) == (1, "trap", True)
    assert d.prompt == "Seat 1 attacks Starseer (1:L) with Iron Sentry (0:V0): activate a Trap?"
    assert legal(s, 1) == [MUTE, DECLINE] and legal(s, 0) == []
    assert E.view(s, None)["waiting"] == "Waiting: Seat 2 may respond."
    assert E.describe_action(s, 1, DECLINE) == "did not respond"
    after = act(s, 1, DECLINE)
    assert after["phase"] == "turn" and after["players"][1]["unit"]["L"]["damage"] == 3


def test_muting_a_kind_of_event_stops_its_windows_until_the_seat_places_a_trap():
    s = build(("gearsmith", "starseer"), turn=0, first=0, actions=3,
              hands={0: ["ironsentry", "stonehide", "brewmother"], 1: ["bladedancer"]},
              reserve={1: {"X0": {"key": "mirewraith", "policy": "ask"}}})
    a, b, c = s["players"][0]["hand"]
    s = act(s, 0, {"type": "recruit", "card": a, "slot": "V0"})
    assert s["phase"] == "trap"
    assert E.describe_action(s, 1, MUTE) == \
        "did not respond, and will not be asked about recruits until they place a Trap"
    s = act(s, 1, MUTE)
    assert s["log"][-1] == "Seat 2 will not be asked about recruits until they place a Trap."
    assert s["players"][1]["muted"] == ["recruit"] and E.view(s, None)["players"][1]["muted"] == ["recruit"]
    s = act(s, 0, {"type": "recruit", "card": b, "slot": "V1"})
    assert s["phase"] == "turn"  # muted: no window for this recruit
    s = act(s, 0, {"type": "end"})
    trap = s["players"][1]["hand"][0]
    s = act(s, 1, {"type": "trap", "card": trap, "policy": "never"})
    assert s["players"][1]["muted"] == []  # placing a Trap (public) unmutes every kind
    s = act(s, 1, {"type": "end"})
    assert (s["wave"], s["turn"]) == ("F", 0)
    s = act(s, 0, {"type": "recruit", "card": c, "slot": "F0"})
    assert s["phase"] == "trap" and E.pending(s)[0].player == 1  # asked about recruits again


def test_games_dealt_with_content_1_keep_the_windows_they_were_played_with():
    # Stored games (content 1) replay their action logs: their windows open only when a Trap can answer,
    # with no mute answer, exactly as when they were played.
    hit = {"type": "attack", "by": "V0", "target": "1:L"}
    assert act(_attack_position(content=1), 0, hit)["phase"] == "turn"  # Mirewraith cannot answer an Attack
    s = act(_attack_position(content=1, trap={"key": "shieldwarden"}), 0, hit)
    assert s["phase"] == "trap" and legal(s, 1) == [{"type": "activate", "slot": "X0", "target": None}, DECLINE]
    assert act(_attack_position(), 0, hit)["phase"] == "trap"  # content 2: asked all the same
