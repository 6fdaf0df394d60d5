"""The engine contract: purity, JSON, the view shape, hidden information in views, descriptions and
errors, undo, default actions."""

import json
import random

import pytest

from bot.games.base import IllegalAction
from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.scenario import act, build

E = PixelTacticsEngine()
PLAIN = ("gloomweaver", "rimecaster")
TOP = {"game", "match", "round", "wave", "first", "turn", "actions_left", "ceasefire", "phase", "waiting",
       "players", "log", "result"}
PLAYER = {"seat", "hand", "deck", "discard", "trophies", "hand_size", "leader_chosen", "unit", "reserve"}
SLOT = {"card", "kind", "attack", "life", "damage", "statuses", "ranged", "intercept", "nsa", "fresh", "acted"}


def test_apply_does_not_mutate_and_states_are_json():
    s = build(PLAIN, units={0: {"V0": "bladedancer"}}, hands={0: ["skyshot"]})
    before = json.dumps(s, sort_keys=True)
    for action in ({"type": "attack", "by": "V0", "target": "1:L"}, {"type": "draw"},
                   {"type": "order", "card": "0.skyshot@6", "target": "1:L"}):
        after = act(s, 0, action)
        assert E.from_json(E.to_json(after)) == after
    E.view(s, 0)["players"][0]["unit"]["V0"]["card"]["name"] = "X"
    E.leave(s, 0)
    assert json.dumps(s, sort_keys=True) == before


def test_view_shape_follows_the_contract():
    s = build(PLAIN, units={0: {"V0": "bladedancer", "V1": {"key": "skyshot", "corpse": True}}},
              reserve={0: {"X0": {"key": "stonehide", "kind": "operation"}, "X1": {"key": "mirrorjest"}}},
              hands={0: ["surgeon"]})
    for viewer in (None, 0, 1):
        v = E.view(s, viewer)
        assert TOP <= set(v) and v["game"] == "pixel-tactics" and v["phase"] == "turn"
        for p in v["players"]:
            assert PLAYER <= set(p) and len(p["reserve"]) == 3
            for entry in p["unit"].values():
                assert entry is None or SLOT <= set(entry)
    public = E.view(s, None)
    unit = public["players"][0]["unit"]
    assert unit["V0"]["attack"] == 4 and unit["V0"]["life"] == 4 and unit["V1"]["kind"] == "corpse"
    assert public["players"][0]["reserve"][0]["timers"] == 4 and public["players"][0]["reserve"][1] == \
        {"kind": "trap", "card": None}
    assert "you" not in public and isinstance(public["players"][0]["hand"], int)
    mine = E.view(s, 0)
    assert mine["you"] == 0 and [c["id"] for c in mine["hand"]] == ["0.surgeon@6"]
    assert mine["players"][0]["reserve"][1]["card"]["key"] == "mirrorjest"
    assert E.view(s, 1)["players"][0]["reserve"][1]["card"] is None


def hidden(state):
    out = set()
    for p in state["players"]:
        out.update(p["hand"] + p["deck"])
        out.update(r["card"] for r in p["reserve"] if r and r["kind"] == "trap")
    return out


def test_public_view_never_holds_a_hidden_card_id_over_whole_games():
    for seed in range(6):
        rng = random.Random(seed)
        s = E.new_game(2, {"trophies": 1}, seed)
        steps = 0
        while not E.is_terminal(s) and steps < 3000:
            text = json.dumps(E.view(s, None))
            assert not [c for c in hidden(s) if f'"{c}"' in text]
            for seat in (0, 1):
                other = json.dumps(E.view(s, seat)["players"][1 - seat])
                assert not [c for c in s["players"][1 - seat]["hand"] if f'"{c}"' in other]
            d = rng.choice(E.pending(s))
            legal = E.legal_actions(s, d.player)
            attacks = [a for a in legal if a["type"] == "attack"]
            action = rng.choice(attacks if attacks and rng.random() < 0.7 else legal)
            public = E.describe_action(s, d.player, action)
            if action["type"] in ("draw", "trap", "leader"):  # never names the drawn/placed/picked card
                assert public in ("drew a card", "placed a Trap face down", "chose a Leader")
            s = E.apply(s, d.player, action)
            steps += 1


def test_draw_is_described_privately_and_cannot_be_undone():
    s = build(PLAIN, deck_top={0: ["skyshot"]})
    draw = {"type": "draw"}
    assert E.describe_action(s, 0, draw) == "drew a card"
    assert E.describe_for(s, 0, draw, 1) == "drew a card"
    assert E.describe_for(s, 0, draw, 0) == "drew Skyshot Ranger"
    after = act(s, 0, draw)
    assert not E.undo_allowed(s, after, 0, draw)
    move = build(PLAIN, units={0: {"V0": "bladedancer"}})
    m = {"type": "move", "from": "V0", "to": "V2"}
    assert E.undo_allowed(move, act(move, 0, m), 0, m)


def test_refusals_never_reveal_the_deck():
    s = build(PLAIN, deck_top={0: ["skyshot"]})
    msgs = set()
    for card in ("0.skyshot@6", "0.stonehide@6", "1.skyshot@6", "9.none"):
        with pytest.raises(IllegalAction) as err:
            act(s, 0, {"type": "recruit", "card": card, "slot": "V0"})
        msgs.add(err.value.message)
    assert msgs == {"That card is not in your hand."}


def test_default_actions():
    s = build(PLAIN)
    assert E.default_action(s, 0) == {"type": "end"}
    assert E.pending(s)[0].kind == "turn" and not E.pending(s)[0].private


def test_random_effects_and_trap_windows_block_undo():
    by_leader = {"type": "attack", "by": "L", "target": "1:V1"}
    s = build(("venomfang", "rimecaster"), wave="F", units={1: {"V0": "bladedancer", "V1": "surgeon"}})
    assert not E.undo_allowed(s, act(s, 0, by_leader), 0, by_leader)  # then a random rival Hero took 1 damage
    s = build(("starseer", "rimecaster"), wave="F", units={1: {"V0": "bladedancer", "V1": "surgeon"}})
    assert E.undo_allowed(s, act(s, 0, by_leader), 0, by_leader)  # the same Attack without a random effect
    end = {"type": "end"}
    quiet = build(PLAIN)
    assert E.undo_allowed(quiet, act(quiet, 0, end), 0, end)
    trap = build(PLAIN, units={0: {"V0": "bladedancer"}}, reserve={1: {"X0": {"key": "shieldwarden", "policy": "never"}}})
    hit = {"type": "attack", "by": "V0", "target": "1:L"}
    assert E.undo_allowed(trap, act(trap, 0, hit), 0, hit)  # a silent Trap reveals nothing
