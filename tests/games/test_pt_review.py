"""The rules review of the Pixel Tactics engine against the rulebook and issue #4: the findings of the
review (each with the behaviour it pins down) and the hidden-information contract checked over whole
seeded games (refusals, log lines, action descriptions, undo)."""

import random

import pytest

from bot.games.base import GameError, IllegalAction
from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.positions import RESERVE, SLOTS
from bot.games.pixel_tactics.scenario import act, at, build, card_id, hand_size, legal
from bot.games.pixel_tactics.sets import card_def, set_keys
from bot.games.pixel_tactics.state import key_of

E = PixelTacticsEngine()
PLAIN = ("gloomweaver", "rimecaster")
END = {"type": "end"}
KEYS = set_keys("core")
NAMES = {card_def(k)["name"]: k for k in KEYS}


def refused(state, seat, action):
    with pytest.raises(IllegalAction) as err:
        act(state, seat, action)
    return err.value.message


# ------------------------------------------------------------------ refusals


def test_tactic_actions_without_a_card_are_refused_not_crashed():
    # found by the review: {"type": "order"} without "card" raised KeyError instead of a GameError
    s = build(PLAIN, hands={0: ["skyshot", "stonehide", "bladedancer"]})
    for kind in ("recruit", "order", "operation", "trap"):
        assert refused(s, 0, {"type": kind}) == "That card is not in your hand."
        assert refused(s, 0, {"type": kind, "card": ["0.skyshot@6"]}) == "That card is not in your hand."


def test_wrong_tactic_refusals_use_the_right_article():
    s = build(PLAIN, hands={0: ["skyshot", "stonehide", "bladedancer"]})
    assert refused(s, 0, {"type": "trap", "card": "0.skyshot@6", "policy": "ask"}) == \
        "That card's tactic is an Order, not a Trap."
    assert refused(s, 0, {"type": "order", "card": "0.bladedancer@6", "target": None}) == \
        "That card's tactic is a Trap, not an Order."
    assert refused(s, 0, {"type": "operation", "card": "0.bladedancer@6"}) == \
        "That card's tactic is a Trap, not an Operation."


def _junk(rng, state):
    """Return a random (mostly illegal) action built from real and made-up field values."""
    cards = [card_id(s, k) for s in (0, 1) for k in KEYS] + ["0.nothing@6", None, 3, ["0.skyshot@6"], {"a": 1}]
    slots = list(SLOTS) + list(RESERVE) + ["Q", None, 5, ["V0"]]
    refs = [f"{s}:{x}" for s in (0, 1, 2) for x in ("V0", "L", "R2", "X0")] + [None, "zz", 7]
    types = ["draw", "recruit", "attack", "spell", "leader_action", "order", "move", "clear_corpse", "switch",
             "operation", "trap", "clear_reserve", "end", "activate", "decline", "leader", "fly", None]
    action = {"type": rng.choice(types)}
    for fld, pool in (("card", cards), ("slot", slots), ("by", slots), ("target", refs), ("from", slots),
                      ("to", slots), ("a", slots), ("b", slots), ("policy", ["ask", "always", "x", None])):
        if rng.random() < 0.4:
            action[fld] = rng.choice(pool)
    return action


def test_illegal_actions_in_mid_game_states_are_clear_game_errors_naming_no_card():
    """Many illegal actions, by both seats, in states along seeded games: always a GameError, and the
    message never names a card nor holds a card id (hand, deck, face-down Trap or unrevealed Leader)."""
    tried = 0
    for seed in range(4):
        rng = random.Random(f"review:{seed}")
        s = E.new_game(2, {"trophies": 2}, seed)
        for step in range(260):
            if E.is_terminal(s):
                break
            d = rng.choice(E.pending(s))
            legal_now = E.legal_actions(s, d.player)
            if step % 3 == 0:
                for _ in range(10):
                    action = _junk(rng, s)
                    for seat in (0, 1, 2):
                        if seat == d.player and action in legal_now:
                            continue
                        tried += 1
                        try:
                            E.apply(s, seat, action)
                        except GameError as err:
                            message = err.message
                        else:
                            raise AssertionError(f"illegal action accepted: {action}")
                        assert not [n for n in NAMES if n in message], message
                        assert not [k for k in KEYS if f".{k}" in message], message
            attacks = [a for a in legal_now if a["type"] == "attack"]
            s = E.apply(s, d.player, rng.choice(attacks if attacks and rng.random() < 0.7 else legal_now))
    assert tried > 2000


# ------------------------------------------------- hidden information, whole games


def _face_up_keys(state):
    """Return the keys of every card face up somewhere (units, discards, Operations, in flight, trophies)."""
    out = set()
    for p in state["players"]:
        out.update(e["card"] for e in p["unit"].values() if e is not None)
        out.update(p["discard"])
        out.update(r["card"] for r in p["reserve"] if r is not None and r["kind"] == "operation")
    out.update(state["in_flight"])
    out.update(c for held in state["trophies"] for pair in held for c in pair)
    return {key_of(c) for c in out}


def _shown_by(state, seat, action):
    """Return the key of the card an action itself shows (a recruit, an Order or Operation played, a Trap
    activated or cleared): named even when the game ends within the action and a new one is dealt."""
    card_id = action.get("card")
    if action["type"] in ("activate", "clear_reserve"):
        card_id = state["players"][seat]["reserve"][RESERVE.index(action["slot"])]["card"]
    return {key_of(card_id)} if action["type"] in ("recruit", "order", "operation", "activate",
                                                               "clear_reserve") else set()


def _named(text):
    """Return the keys of the cards a text names."""
    return {key for name, key in NAMES.items() if name in text}


def _hidden_happened(before, after):
    """Return whether an action drew randomness or revealed something hidden to someone."""
    return (before["rng"] != after["rng"] or before["game_no"] != after["game_no"]
            or (before["phase"] == "leader" and after["phase"] != "leader")
            or [len(p["deck"]) for p in after["players"]] != [len(p["deck"]) for p in before["players"]]
            or after["window"] is not None
            or any("activates the Trap" in line for line in after["log"]))


def test_log_lines_descriptions_and_undo_over_whole_games():
    """Over seeded games: every public log line and public description names only cards face up before or
    after the action; the rival reads exactly the public description; undo is refused whenever the action
    drew randomness or revealed something."""
    checked = refused_undo = 0
    for seed in range(12):
        rng = random.Random(f"review-log:{seed}")
        s = E.new_game(2, {"trophies": 2}, 100 + seed)
        for _ in range(1500):
            if E.is_terminal(s):
                break
            d = rng.choice(E.pending(s))
            legal_now = E.legal_actions(s, d.player)
            attacks = [a for a in legal_now if a["type"] == "attack"]
            action = rng.choice(attacks if attacks and rng.random() < 0.6 else legal_now)
            public = E.describe_action(s, d.player, action)
            assert E.describe_for(s, d.player, action, None) == public
            assert E.describe_for(s, d.player, action, 1 - d.player) == public
            before = {**s, "log": []}  # the log is public text only: start empty to read the new lines
            after = E.apply(before, d.player, action)
            allowed = _face_up_keys(before) | _face_up_keys(after) | _shown_by(before, d.player, action)
            for text in [public] + after["log"]:
                assert _named(text) <= allowed, (text, action)
            if _hidden_happened(before, after):
                assert not E.undo_allowed(before, after, d.player, action), action
                refused_undo += 1
            checked += 1
            s = after
    assert checked > 3000 and refused_undo > 300


# ------------------------------------------------------------ rules findings


def test_simultaneous_defeat_reactions_resolve_for_the_active_player_first():
    # Seat 0 (active) defeats 1:V0 with a Spell: Mirewraith Leader (seat 0) draws a card, Gravecaller
    # Vanguard (seat 1) removes 2 damage from its Leader. The rulebook: the active player's effects first.
    s = build(("mirewraith", "gloomweaver"), wave="F", deck_top={0: ["skyshot"]},
              units={0: {"F0": "nightblade"},
                     1: {"V0": {"key": "stonehide", "damage": 1}, "V1": "gravecaller", "L": {"damage": 3}}})
    s = act(s, 0, {"type": "spell", "by": "F0", "target": "1:V0"})
    assert at(s, "1:V0")["kind"] == "corpse"
    assert s["players"][0]["hand"] == ["0.skyshot@6"] and at(s, "1:L")["damage"] == 1
    drew = s["log"].index("Seat 1 draws 1 card.")
    healed = s["log"].index("Damage removed from Gloomweaver (1:L).")
    assert drew < healed


def test_draw_follows_a_smaller_maximum_hand_size():
    # Pickpocket Leader: the Rival's maximum hand size is 4 (5 - 1)
    s = build(("gloomweaver", "pickpocket"), hands={0: ["skyshot", "stonehide", "venomfang", "surgeon"]})
    assert hand_size(s, 0) == 4 and {"type": "draw"} not in legal(s, 0)
    assert refused(s, 0, {"type": "draw"}) == "Your hand is full (maximum 4 cards)."
    s = build(("gloomweaver", "pickpocket"), hands={0: ["skyshot", "stonehide", "venomfang"]})
    assert {"type": "draw"} in legal(s, 0)
    # Gloomweaver Rear Spell: the Rival's maximum hand size drops by 1 for the rest of the game (5 -> 4)
    s = build(("gearsmith", "starseer"), wave="R", units={0: {"R0": "gloomweaver"}},
              hands={1: ["skyshot", "stonehide", "venomfang", "surgeon"]})
    s = act(act(s, 0, {"type": "spell", "by": "R0", "target": None}), 0, END)
    assert s["turn"] == 1 and hand_size(s, 1) == 4 and {"type": "draw"} not in legal(s, 1)
    s = act(s, 1, END)  # next round: still 4
    assert s["round"] == 3 and hand_size(s, 1) == 4


def test_a_trap_placed_in_the_last_turn_of_a_wave_cannot_answer_that_wave_casualty_check():
    # Interpretation: a Trap is ready once a later turn has begun; the casualty check at the end of the
    # wave still belongs to the turn in which it was placed.
    s = build(PLAIN, first=0, turn=1, units={1: {"V0": {"key": "stonehide", "damage": 9}}},
              hands={1: ["mirewraith"]})
    s = act(s, 1, {"type": "trap", "card": "1.mirewraith@6", "policy": "always"})
    s = act(s, 1, END)
    assert at(s, "1:V0")["kind"] == "corpse" and s["players"][1]["reserve"][0]["card"] == "1.mirewraith@6"
    assert s["wave"] == "F" and s["phase"] == "turn"


def test_undo_may_take_back_showing_your_own_cards():
    # Interpretation: recruiting or clearing your own Trap shows only your own cards; the rival votes on it.
    s = build(PLAIN, hands={0: ["skyshot"]}, reserve={0: {"X0": {"key": "bladedancer"}}})
    recruit = {"type": "recruit", "card": "0.skyshot@6", "slot": "V0"}
    assert E.undo_allowed(s, act(s, 0, recruit), 0, recruit)
    clear = {"type": "clear_reserve", "slot": "X0"}
    assert E.undo_allowed(s, act(s, 0, clear), 0, clear)



def test_the_ceasefire_lasts_the_whole_first_round_and_ends_with_it():
    s = build(PLAIN, ceasefire=True, wave="R", first=0, turn=1, units={0: {"V0": "bladedancer"}})
    assert s["round"] == 1 and not [a for a in legal(s, 1) if a["type"] == "attack"]
    s = act(s, 1, END)  # end of the Rear wave: round 2, the first player changes sides
    assert (s["round"], s["wave"], s["first"], s["turn"]) == (2, "V", 1, 1)
    s = act(s, 1, END)
    assert {"type": "attack", "by": "V0", "target": "1:L"} in legal(s, 0)
    assert E.view(s, None)["ceasefire"] is False


def test_a_routed_leader_ends_the_game_only_at_the_end_of_the_wave():
    s = build(PLAIN, first=0, turn=0, trophies=1, units={0: {"L": {"damage": 20}}})  # Gloomweaver: Life 20
    s = act(s, 0, END)
    assert s["status"] == "playing" and s["turn"] == 1
    s = act(s, 1, END)
    assert s["status"] == "finished" and E.result(s).winners == [1]


def test_both_routed_counts_living_heroes_after_the_casualty_check():
    # Seat 0 has two Heroes, but Skyshot (Life 3, 3 damage) falls at this check: 1 against 1 -> a tie
    s = build(PLAIN, first=0, turn=1, units={
        0: {"L": {"damage": 30}, "V0": "surgeon", "V1": {"key": "skyshot", "damage": 3}},
        1: {"L": {"damage": 30}, "V0": "bladedancer"}})
    s = act(s, 1, END)
    assert s["trophies"] == [[], []] and s["game_no"] == 2 and s["phase"] == "leader"


def _front_is_clear(unit, slot):
    """Return whether no living Hero or Leader stands in front of ``slot`` in its column."""
    rows = ("V", "F", "R")
    column = 1 if slot == "L" else int(slot[1])
    row = "F" if slot == "L" else slot[0]
    for r in rows[:rows.index(row)]:
        ahead = "L" if (r, column) == ("F", 1) else f"{r}{column}"
        if unit[ahead] is not None and unit[ahead]["kind"] in ("hero", "leader"):
            return False
    return True


def _interceptor_ahead(state, seat, slot, board):
    """Return whether a living Interceptor stands in front of ``slot`` in its column."""
    rows = ("V", "F", "R")
    column = 1 if slot == "L" else int(slot[1])
    row = "F" if slot == "L" else slot[0]
    for r in rows[:rows.index(row)]:
        ahead = "L" if (r, column) == ("F", 1) else f"{r}{column}"
        values = board["units"].get(f"{seat}:{ahead}")
        if values is not None and values["intercept"]:
            return True
    return False


def test_attack_recruit_move_and_draw_choices_match_the_rulebook_over_whole_games():
    """An independent reading of the rulebook's restrictions, compared with the engine's legal turn actions
    in every turn state of seeded games: Draw, Recruit, Attack (melee/Ranged/Intercept), Move, Clear a
    Corpse, Switch, and the Ceasefire's ban on Attacks, Orders and Operations."""
    from bot.games.pixel_tactics.stats import compute

    compared = 0
    for seed in range(5):
        rng = random.Random(f"review-oracle:{seed}")
        s = E.new_game(2, {"trophies": 2}, 200 + seed)
        for _ in range(1200):
            if E.is_terminal(s):
                break
            d = rng.choice(E.pending(s))
            legal_now = E.legal_actions(s, d.player)
            if d.kind == "turn":
                compared += 1
                _compare(s, d.player, legal_now, compute(s))
            attacks = [a for a in legal_now if a["type"] == "attack"]
            s = E.apply(s, d.player, rng.choice(attacks if attacks and rng.random() < 0.6 else legal_now))
    assert compared > 1000


def _compare(s, seat, legal_now, board):
    """Assert the engine's legal actions agree with the rulebook (see the test above)."""
    me, rival = s["players"][seat], s["players"][1 - seat]
    unit, left, wave, cease = me["unit"], s["actions_left"], s["wave"], s["round"] == 1
    by_type = {}
    for a in legal_now:
        by_type.setdefault(a["type"], []).append(a)
    can_draw = left >= 1 and bool(me["deck"]) and len(me["hand"]) < board["hand_size"][seat]
    assert ("draw" in by_type) == can_draw
    empty_wave = [x for x in (f"{wave}0", f"{wave}1", f"{wave}2") if x in unit and unit[x] is None]
    expected = {(c, x) for c in me["hand"] for x in empty_wave} if left >= 1 else set()
    assert {(a["card"], a["slot"]) for a in by_type.get("recruit", [])} == expected
    expected = set()
    if left >= 1 and not cease:
        row = [x for x in (f"{wave}0", f"{wave}1", f"{wave}2") if x in unit] + (["L"] if wave == "F" else [])
        for slot in row:
            entry = unit[slot]
            if entry is None or entry["kind"] not in ("hero", "leader") or entry["fresh"] or entry["acted"]:
                continue
            ranged = board["units"][f"{seat}:{slot}"]["ranged"]
            for target, t_entry in rival["unit"].items():
                if t_entry is None or t_entry["kind"] not in ("hero", "leader"):
                    continue
                melee = _front_is_clear(unit, slot) and _front_is_clear(rival["unit"], target)
                shot = ranged and not _interceptor_ahead(s, 1 - seat, target, board)
                if melee or shot:
                    expected.add((slot, f"{1 - seat}:{target}"))
    assert {(a["by"], a["target"]) for a in by_type.get("attack", [])} == expected
    empties = [x for x in HERO if unit[x] is None]
    movers = [x for x in HERO if unit[x] is not None and unit[x]["kind"] == "hero"
              and not unit[x]["fresh"] and not unit[x]["acted"]]
    expected = {(f, t) for f in movers for t in empties} if left >= 1 else set()
    assert {(a["from"], a["to"]) for a in by_type.get("move", [])} == expected
    corpses = {x for x in HERO if unit[x] is not None and unit[x]["kind"] == "corpse"}
    assert {a["slot"] for a in by_type.get("clear_corpse", [])} == (corpses if left >= 1 else set())
    swappable = sorted(corpses | set(movers), key=HERO.index)
    expected = {(a, b) for i, a in enumerate(swappable) for b in swappable[i + 1:]} if left >= 2 else set()
    assert {(a["a"], a["b"]) for a in by_type.get("switch", [])} == expected
    if cease:
        assert "order" not in by_type and "operation" not in by_type
    assert by_type["end"] == [{"type": "end"}]


HERO = ("V0", "V1", "V2", "F0", "F2", "R0", "R1", "R2")
