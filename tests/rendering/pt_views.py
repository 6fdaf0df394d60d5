"""Hand-written Pixel Tactics views and card definitions for the renderer tests.

Built from the contract (docs/dev/pixel_tactics_view.md), not from the engine: a few invented cards
and views at the interesting moments (leader pick, mid game with a Trap window, finished match).
"""

from __future__ import annotations

import copy
from typing import Any

View = dict[str, Any]


def _card(key: str, name: str, leader: tuple[int, int, str], hero: tuple[int, int, str, str, str],
          tactic: tuple[str, str]) -> dict:
    la, ll, lt = leader
    ha, hl, v, f, r = hero
    return {"key": key, "name": name, "set": "core",
            "leader": {"attack": la, "life": ll, "text": lt, "abilities": []},
            "hero": {"attack": ha, "life": hl,
                     "vanguard": {"text": v, "abilities": []},
                     "flank": {"text": f, "abilities": []},
                     "rear": {"text": r, "abilities": []}},
            "tactic": {"kind": tactic[0], "text": tactic[1]}}


CARDS: dict[str, dict] = {c["key"]: c for c in [
    _card("gearwright", "Gearwright",
          (3, 19, "Leader action: draw a card, then discard a card."),
          (2, 4, "Intercept.", "Whenever you draw a card with an action, draw one more.", "Spell: draw 2 cards."),
          ("order", "Draw 3 cards. Your maximum hand size is 6 until the end of the round.")),
    _card("ember_archer", "Ember Archer",
          (4, 17, "Your Heroes with Ranged get [+1 Attack]."),
          (3, 3, "Gains [+1 Attack] x2 while it is the forerunner.", "Ranged.", "Ranged. Deals +1 damage to Leaders."),
          ("trap", "When a rival recruits a Hero, deal 2 damage to it.")),
    _card("moss_mender", "Moss Mender",
          (2, 22, "At the end of each wave, remove 1 damage from your Leader."),
          (1, 5, "Intercept. Takes 1 less damage from Attacks.", "Spell: remove 2 damage from an ally.",
           "At the end of your turn, remove 1 damage from each ally in your Flank."),
          ("operation", "At the end of each of your turns, remove 1 damage from every ally.")),
    _card("storm_caller", "Storm Caller",
          (5, 16, "Leader action: a rival discards a card at random."),
          (2, 3, "When attacked, the attacker gets [-1 Attack].", "Spell: give a Hero [No Special Abilities].",
           "Spell: defeat a rival Hero with 3 or less Life outright."),
          ("trap", "When a rival casts a Spell, cancel it and give the caster [No Special Abilities].")),
    _card("bone_keeper", "Bone Keeper",
          (3, 20, "Once per turn, when a Hero of yours falls, draw a card."),
          (3, 4, "Clear a corpse in front of this Hero as a free action.", "Spell: revive an ally corpse here.",
           "Your corpses count as Heroes for your abilities."),
          ("order", "Revive a Hero corpse in your unit with 1 damage.")),
    _card("iron_sentinel", "Iron Sentinel",
          (2, 26, "Your Vanguard Heroes get [+1 Life]."),
          (2, 6, "Intercept.", "Your Leader takes 1 less damage from Ranged Attacks.", "Ranged."),
          ("trap", "When your Leader is attacked, switch it with this card's owner's forerunner.")),
    _card("whisper_thief", "Whisper Thief",
          (4, 18, "Leader action: look at a rival's hand and discard one Order from it."),
          (3, 4, "Ranged.", "When this Hero attacks, a rival discards a card.", "Spell: steal an Operation."),
          ("order", "A rival shows you their hand and discards a card of your choice.")),
    _card("glass_oracle", "Glass Oracle",
          (0, 30, "Your maximum hand size is 7."),
          (1, 2, "Intercept.", "Spell: look at the top 3 cards of a deck.", "Ranged."),
          ("trap", "When a rival plays an Order, they discard it without effect.")),
    _card("mirror_hound", "Mirror Hound",
          (3, 21, "The first time each round a rival Trap is activated, draw a card."),
          (4, 4, "Gains [+1 Life] when a rival Hero falls.", "Intercept.", "Spell: copy a rival Hero's Rear power."),
          ("trap", "When a rival Hero attacks your Leader, deal that much damage back to it.")),
    _card("lantern", "Lantern Cartographer of the Far Western Reaches",
          (1, 36, "At the start of each of your turns, look at the top three cards of your deck and put them "
                  "back in any order, then if your hand is smaller than your maximum hand size draw one card "
                  "and give one of your Heroes [+1 Life] until the end of the round. " * 2),
          (6, 10, "Supersupercalifragilisticexpialidociouslylongwordwithoutanyspacesatalltotestwrapping "
                  "and then a few more words. " * 3,
           "Forerunner and supporter effects of your allies in this column are doubled while this Hero "
           "stands here and nothing else happens.",
           "Spell: move any Hero to any empty slot of its unit."),
          ("operation", "Every time marker removed from this Operation lets you draw a card. " * 4)),
]}


def card(key: str, **extra: Any) -> dict:
    """A fresh copy of one invented card definition (plus e.g. an instance id)."""
    out = copy.deepcopy(CARDS[key])
    out.update(extra)
    return out


def hero(key: str, *, attack: int | None = None, life: int | None = None, damage: int = 0,
         statuses: list[str] | None = None, ranged: bool = False, intercept: bool = False, nsa: bool = False,
         fresh: bool = False, acted: bool = False, kind: str = "hero") -> dict:
    """A unit slot holding a face-up Hero (or Leader) of card ``key``."""
    c = CARDS[key]
    side = c["leader"] if kind == "leader" else c["hero"]
    return {"card": card(key), "kind": kind, "attack": side["attack"] if attack is None else attack,
            "life": side["life"] if life is None else life, "damage": damage, "statuses": list(statuses or []),
            "ranged": ranged, "intercept": intercept, "nsa": nsa, "fresh": fresh, "acted": acted}


def corpse(key: str | None) -> dict:
    """A corpse (its card face shown, or unknown when ``key`` is None)."""
    return {"card": card(key) if key else None, "kind": "corpse", "attack": 0, "life": 0, "damage": 0,
            "statuses": [], "ranged": False, "intercept": False, "nsa": False, "fresh": False, "acted": False}


def empty_unit() -> dict:
    return {s: None for s in ("V0", "V1", "V2", "F0", "L", "F2", "R0", "R1", "R2")}


def player(seat: int, unit: dict, reserve: list, *, hand: int = 4, deck: int = 14, discard: list | None = None,
           trophies: int = 0, hand_size: int = 5, chosen: bool = True) -> dict:
    return {"seat": seat, "hand": hand, "deck": deck, "discard": discard or [], "trophies": trophies,
            "hand_size": hand_size, "leader_chosen": chosen, "unit": unit, "reserve": reserve}


def mid_view() -> View:
    """Round 3, Flank wave, seat 0 acting with 1 action left; heroes, corpses, statuses, reserve."""
    u0 = empty_unit()
    u0.update({
        "V0": hero("iron_sentinel", attack=4, damage=2, statuses=["+1 Attack", "+1 Attack"], intercept=True),
        "V1": corpse("ember_archer"),
        "F0": hero("moss_mender", fresh=True, intercept=True),
        "L": hero("gearwright", kind="leader", damage=4),
        "R0": hero("ember_archer", ranged=True, acted=True),
        "R2": hero("storm_caller", damage=3, statuses=["No Special Abilities"], nsa=True),
    })
    u1 = empty_unit()
    u1.update({
        "V0": hero("bone_keeper", damage=1, statuses=["-1 Attack"], attack=2),
        "V1": hero("moss_mender", intercept=True, statuses=["+1 Life"], life=6),
        "V2": corpse("gearwright"),
        "L": hero("storm_caller", kind="leader", damage=7),
        "F2": hero("ember_archer", ranged=True, damage=1, statuses=["Ranged", "+1 Attack", "-1 Life"],
                   attack=4, life=2),
        "R1": hero("iron_sentinel", ranged=True),
    })
    return {
        "game": "pixel-tactics", "match": {"target": 2, "game": 2, "trophies": [1, 0]},
        "round": 3, "wave": "F", "first": 1, "turn": 0, "actions_left": 1, "ceasefire": False,
        "phase": "turn", "waiting": None,
        "players": [
            player(0, u0, [{"kind": "operation", "card": card("moss_mender"), "timers": 3},
                           {"kind": "trap", "card": None}, None],
                   hand=3, deck=11, discard=[card("bone_keeper")], trophies=1),
            player(1, u1, [None, {"kind": "trap", "card": None}, {"kind": "trap", "card": None}],
                   hand=5, deck=9, discard=[card("bone_keeper"), card("storm_caller")], hand_size=6),
        ],
        "log": ["Seat 2 recruited Iron Sentinel to R1.", "Seat 1 attacked Bone Keeper with Iron Sentinel."],
        "result": None,
    }


def trap_window_view() -> View:
    """The mid-game view while a Trap window is open (public wording only)."""
    view = mid_view()
    view["phase"] = "trap"
    view["waiting"] = "Seat 2 may respond with a face-down Trap…"
    return view


def ceasefire_view() -> View:
    """Round 1, Vanguard wave: ceasefire, a few fresh recruits."""
    u0, u1 = empty_unit(), empty_unit()
    u0["L"] = hero("gearwright", kind="leader")
    u0["V1"] = hero("iron_sentinel", fresh=True, intercept=True)
    u1["L"] = hero("ember_archer", kind="leader")
    return {
        "game": "pixel-tactics", "match": {"target": 3, "game": 1, "trophies": [0, 0]},
        "round": 1, "wave": "V", "first": 0, "turn": 0, "actions_left": 1, "ceasefire": True,
        "phase": "turn", "waiting": None,
        "players": [player(0, u0, [None, None, None], hand=3, deck=20),
                    player(1, u1, [{"kind": "trap", "card": None}, None, None], hand=3, deck=20)],
        "log": [], "result": None,
    }


def leader_view() -> View:
    """The secret Leader choice: seat 0 has chosen, seat 1 has not; nothing revealed."""
    hidden = {"card": None, "kind": "leader", "attack": 0, "life": 0, "damage": 0, "statuses": [],
              "ranged": False, "intercept": False, "nsa": False, "fresh": False, "acted": False}
    u0 = empty_unit()
    u0["L"] = copy.deepcopy(hidden)
    return {
        "game": "pixel-tactics", "match": {"target": 2, "game": 1, "trophies": [0, 0]},
        "round": 1, "wave": "V", "first": 1, "turn": None, "actions_left": 0, "ceasefire": True,
        "phase": "leader", "waiting": None,
        "players": [player(0, u0, [None, None, None], hand=5, deck=20, chosen=True),
                    player(1, empty_unit(), [None, None, None], hand=5, deck=20, chosen=False)],
        "log": [], "result": None,
    }


def finished_view() -> View:
    """The match is over: seat 1 routed seat 0's Leader and holds 2 trophies."""
    view = mid_view()
    view["phase"] = "finished"
    view["turn"] = None
    view["actions_left"] = 0
    view["match"]["trophies"] = [1, 2]
    view["players"][0]["trophies"] = 1
    view["players"][1]["trophies"] = 2
    view["players"][0]["unit"]["L"]["damage"] = 21
    view["result"] = {"winners": [1], "ranking": [[1], [0]], "scores": [1, 2], "reason": "rout"}
    return view


def private_view(seat: int = 0) -> View:
    """The mid-game view as seen by ``seat``: its hand and its own face-down Trap with policy."""
    view = mid_view()
    view["you"] = seat
    view["hand"] = [card("whisper_thief", id=f"{seat}.whisper_thief"), card("lantern", id=f"{seat}.lantern"),
                    card("gearwright", id=f"{seat}.gearwright")]
    view["players"][seat]["hand"] = 3
    view["players"][seat]["reserve"][1] = {"kind": "trap", "card": card("glass_oracle"), "policy": "ask"}
    view["players"][seat]["reserve"][2] = {"kind": "trap", "card": card("mirror_hound"), "policy": "always"}
    return view


# names that appear only in seat 0's hand / face-down Traps of private_view, never on the public board
HIDDEN_ONLY = ("Whisper Thief", "Lantern", "Glass Oracle", "Mirror Hound")
