"""Shared data of the content-version tests: golden games, card-data digests, changed Leaders, playout."""

import hashlib
import json
import random

from bot.games.pixel_tactics import PixelTacticsEngine, sets
from bot.games.pixel_tactics.scenario import act

E = PixelTacticsEngine()

#: observed with the engine as it was before content versions (commit c4ae77e), same seeds and policy:
#: the state's sha256 (sorted JSON, first 16 hex digits) after steps 0, 1, 10, 100 and at the end
GOLDEN = {
    3: (408, ["6081ecf9758a6ed0", "f4965a71b6f37985", "7931e49f89bd2ec2", "253ed105f3b4256e", "7b9c3cfbfb3039e2"],
        [[["0.bladedancer", "1.mirewraith"]], [["0.brewmother", "1.mirrorjest"], ["0.bannerbearer", "1.bladedancer"]]]),
    8: (358, ["2674b9833ab306b4", "f3e80bcc8954b4b9", "f77a4eba0e520249", "bb332bbbccbf83d0", "ae1a7f1a02cb13a3"],
        [[["0.surgeon", "1.shieldwarden"]], [["0.ironsentry", "1.stonehide"], ["0.bladedancer", "1.brewmother"]]]),
}
#: observed with the engine before the Leader rebalance (commit 515cb4b = eb06873~1, when content 2 was the current
#: one), same policy as GOLDEN: (set, seed) -> steps, digests after steps 0, 1, 10, 100 and at the end, trophies.
#: Both games use rebalanced Leaders' actions (core seed 1: Starseer, Hushmonk, Rimecaster; 19 Leader actions).
GOLDEN_V2 = {
    ("core", 1): (326, ["3b17c16f21f6416f", "63f3a5f33ab7a847", "762b54ccc4ba77b8", "7b424efd108b3c62",
                        "bf46d1face4ab9ba"],
                  [[["0.starseer@2", "1.hushmonk@2"], ["0.lorekeeper@2", "1.brewmother@2"]],
                   [["0.rimecaster@2", "1.bladedancer@2"]]]),
    ("core2", 2): (393, ["e35adfc00ab5b0f5", "cf9a5446ade8b475", "2579a7dc328c3775", "d67d72ffb218c3bb",
                         "f21b5d98c76309b1"],
                   [[["0.pyrekeeper@2", "1.cragspear@2"], ["0.gravesexton@2", "1.tunnelsapper@2"]], []]),
}
#: Leader sides before the rebalance, copied by hand from ``git show eb06873~1:bot/games/pixel_tactics/sets/core.py``
#: (Starseer, Venomfang, and Gearsmith and Mirrorjest, which only round 3 changed) and ``...sets/mini2.py`` (Nullwarden)
OLD_LEADERS = {
    "starseer": {"attack": 2, "life": 23, "text": "Leader action (limited): draw 2 cards.",
                 "abilities": [{"kind": "leader_action", "cost": 1, "limited": True, "target": None,
                                "effects": [{"op": "draw", "count": 2, "who": "you"}]}]},
    "venomfang": {"attack": 3, "life": 16, "text": "At the end of your turn, deal 1 damage to a random rival Hero.",
                  "abilities": [{"kind": "reaction", "trigger": "turn_end",
                                 "effects": [{"op": "damage", "amount": 1, "to": "random_rival_hero"}]}]},
    "nullwarden": {"attack": 4, "life": 22,
                   "text": "Leader action (limited): give a rival Hero [No Special Abilities] and [-1 Life].",
                   "abilities": [{"kind": "leader_action", "cost": 1, "limited": True,
                                  "target": {"side": "rival", "kind": "hero"},
                                  "effects": [{"op": "status", "status": "No Special Abilities", "to": "target"},
                                              {"op": "status", "status": "-1 Life", "to": "target"}]}]},
    "gearsmith": {"attack": 3, "life": 20,
                  "text": "Leader action (limited): draw a card and add a time marker to each of your Operations.",
                  "abilities": [{"kind": "leader_action", "cost": 1, "limited": True, "target": None,
                                 "effects": [{"op": "draw", "count": 1, "who": "you"},
                                             {"op": "timers", "amount": 1, "to": "own_operations"}]}]},
    "mirrorjest": {"attack": 4, "life": 21, "text": "Leader action (limited): return a Hero of yours to your hand.",
                   "abilities": [{"kind": "leader_action", "cost": 1, "limited": True,
                                  "target": {"side": "own", "kind": "hero"},
                                  "effects": [{"op": "return_to_hand", "to": "target"}]}]},
}
#: sha256 of the sorted JSON of every playable card (key -> definition) at commit 515cb4b, before the rebalance
V2_CARDS_SHA256 = "7af0319e72c48514e258166e2d7e63e3822a9c267d3640b8c8e4eaf7a218795b"

#: built decks for the content-3 golden games: Leaders that content 4 changed on both sides, Heroes from the sets
_LEADS = (["grievewarden", "bonewright", "gravemoss", "pyrekeeper"], ["cryptmother", "boatwraith", "quartermaster",
                                                                      "spurcaptain"])
_POOL = [k for name in ("core2", "mini1", "core") for k in sets.set_keys(name) if k not in _LEADS[0] + _LEADS[1]]
DECKS_V3 = [{"format": "standard", "leaders": _LEADS[0], "heroes": _POOL[:25]},
            {"format": "standard", "leaders": _LEADS[1], "heroes": _POOL[4:29]}]
#: observed with the engine before the Leader tuning of content 4 (commit d073667, when content 3 was the current
#: one), same policy as GOLDEN: (figure, seed) -> steps, digests after steps 0, 1, 10, 100 and at the end, trophies.
#: Between them the games lead with every Leader that content 4 changed and use their Leader actions.
GOLDEN_V3 = {
    ("core2", 21): (453, ["3df6b99a68e8f913", "a733301f64cfee26", "3febe481c27b980d", "7dc15f9c20ab6511",
                          "ce78b6229bd3d6c0"],
                    [[["0.dirgesinger@3", "1.cragspear@3"]],
                     [["0.cryptmother@3", "1.veilrunner@3"], ["0.ashmoth@3", "1.pyrekeeper@3"]]]),
    ("core2", 32): (328, ["8f5904826137705f", "2e18127af97381bf", "4fc8b66761d8b009", "211084d0317f052b",
                          "ab468dffb7e988df"],
                    [[["0.boatwraith@3", "1.cryptmother@3"]],
                     [["0.gravemoss@3", "1.mournbell@3"], ["0.mournbell@3", "1.harrowknight@3"]]]),
    ("decks", 5): (535, ["3b937d1e77bd6335", "3f297b8b09e842f9", "4b2d5b8f656edab0", "997cc4480e37908d",
                         "e03ae4f3f9310a62"],
                   [[["0.gravemoss@3", "1.quartermaster@3"]],
                    [["0.grievewarden@3", "1.spurcaptain@3"], ["0.pyrekeeper@3", "1.boatwraith@3"]]]),
    ("decks", 14): (429, ["a3d9088b148427a9", "1d76ff2f8c3e82f6", "199b685aaeadde33", "96cc69808d19b6f2",
                          "9bd56e20e2d681da"],
                    [[["0.bonewright@3", "1.cryptmother@3"], ["0.grievewarden@3", "1.spurcaptain@3"]],
                     [["0.gravemoss@3", "1.boatwraith@3"]]]),
}
#: sha256 of the sorted JSON of every playable card (key -> definition) at commit d073667, before the tuning
V3_CARDS_SHA256 = "4a96394dac247a966998f2559fda9b277de195d24516a7a878b6729cccd0a4e8"
#: the Leaders content 4 changed: (Attack, Life) in content 3 and in content 4
CHANGED_IN_4 = {"pyrekeeper": ((3, 19), (3, 20)), "gravemoss": ((3, 22), (3, 20)), "cryptmother": ((3, 20), (3, 21)),
                "boatwraith": ((3, 20), (2, 22)), "bonewright": ((3, 20), (3, 21)), "grievewarden": ((2, 18), (3, 21))}

#: built decks for the content-4 golden games: the three Leaders content 5 changed on both sides, Heroes from the sets
_LEADS_V4 = (["pyrekeeper", "hexfencer", "marrowfiend", "quartermaster"],
             ["marrowfiend", "pyrekeeper", "hexfencer", "spurcaptain"])
_POOL_V4 = [k for name in ("core2", "mini2", "core") for k in sets.set_keys(name)
            if k not in _LEADS_V4[0] + _LEADS_V4[1]]
DECKS_V4 = [{"format": "standard", "leaders": _LEADS_V4[0], "heroes": _POOL_V4[:25]},
            {"format": "standard", "leaders": _LEADS_V4[1], "heroes": _POOL_V4[4:29]}]
#: observed with the engine before the Leader tuning of content 5 (commit dd4be5f, when content 4 was the current
#: one), same policy as GOLDEN: (figure, seed) -> steps, digests after steps 0, 1, 10, 100 and at the end, trophies.
#: Between them the games lead with every Leader that content 5 changed (Core Set 2 seed 59: Pyrekeeper, seed 72:
#: Marrow Fiend and Pyrekeeper; the built decks: all three) and use Leader actions. A Life more or less changes a
#: game only when a Leader's fall comes sooner or later, so these seeds are ones that content 5 plays differently.
GOLDEN_V4 = {
    ("core2", 59): (505, ["fd617d35afd526fe", "dba0c06b90ac8852", "b37d38071ff40643", "d63b841599615b8b",
                          "40624f0421de4b56"],
                    [[], [["0.gallowshot@4", "1.vowbreaker@4"], ["0.pyrekeeper@4", "1.mournbell@4"]]]),
    ("core2", 72): (243, ["e1a45e0360af00c0", "95bee7590667393e", "b12e86e8b81c6fe7", "c529b0fe728903e1",
                          "db63a9b138a68950"],
                    [[], [["0.driftblade@4", "1.cairnguard@4"], ["0.marrowfiend@4", "1.pyrekeeper@4"]]]),
    ("decks", 6): (367, ["9f06b75facfe789c", "32f1e71b8a3b21fe", "bca62bd1c08ba647", "02503e1e7d54ec76",
                         "6dd08798a97b8490"],
                   [[["0.marrowfiend@4", "1.hexfencer@4"]],
                    [["0.pyrekeeper@4", "1.pyrekeeper@4"], ["0.hexfencer@4", "1.marrowfiend@4"]]]),
    ("decks", 10): (400, ["5974433694713676", "f51f2e355014e8a9", "1f91e06be5d80e0d", "c9ce2ceda0e42279",
                          "4c55208a612b753d"],
                    [[["0.marrowfiend@4", "1.marrowfiend@4"]],
                     [["0.hexfencer@4", "1.pyrekeeper@4"], ["0.quartermaster@4", "1.hexfencer@4"]]]),
}
#: sha256 of the sorted JSON of every playable card (key -> definition) at commit dd4be5f, before the tuning
V4_CARDS_SHA256 = "304e5278987d05200dc56de1aa44473d819117015a9dc86d70c3734d40ba6770"
#: the Leaders content 5 changed: (Attack, Life) in content 4 and in content 5
CHANGED_IN_5 = {"pyrekeeper": ((3, 20), (3, 21)), "marrowfiend": ((2, 18), (2, 17)), "hexfencer": ((4, 17), (4, 16))}


def digest(state):
    """Return the first 16 hex digits of the sha256 of the state's sorted JSON, without the fields added after the
    golden games were recorded (the result's ``reason_event``, issue 16: the reason as an event; its English
    ``reason`` is still digested)."""
    result = state.get("result")
    if isinstance(result, dict) and "reason_event" in result:
        state = {**state, "result": {k: v for k, v in result.items() if k != "reason_event"}}
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


def old_playout(seed, options):
    """Play the golden policy (no Trap placed, attacks preferred); return the state, digests, steps and log."""
    rng = random.Random(f"v1:{seed}")
    state = E.new_game(2, options, seed)
    marks, log = [], []
    for step in range(3000):
        if E.is_terminal(state):
            break
        decision = rng.choice(E.pending(state))
        legal = [a for a in E.legal_actions(state, decision.player) if a["type"] != "trap"]
        attacks = [a for a in legal if a["type"] == "attack"]
        action = rng.choice(attacks) if attacks and rng.random() < 0.75 else rng.choice(legal)
        state = E.apply(state, decision.player, action)
        log.append((decision.player, action))
        if step in (0, 1, 10, 100):
            marks.append(digest(state))
    marks.append(digest(state))
    return state, marks, step, log


def lead(state, target=None, seat=0):
    """Use the Leader action of ``seat``."""
    return act(state, seat, {"type": "leader_action", "target": target})
