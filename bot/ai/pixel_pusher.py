"""Pixel Pusher's computer-player adapter: rebuild a state from one seat's view, judge it, play it out.

Hidden in a view: the other seats' hands and face-down picks, the machine deck's order, the discard pile and
the cards returned to the box, the image deck, the bag's colours (only its size is shown) and, during Convert
& Store, the other seats' private work. ``determinize`` deals the unseen cards at random into those places (the
counts the view shows), gives the bag the colours that are not anywhere in sight (every R, G and B cube is
either in the bag or visible), rebuilds the Convert & Store shares from the public supply exactly as the engine
opened the phase, and draws a fresh seed for the bag.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bot.ai.base import terminal_value
from bot.games.base import Action, State, View
from bot.games.pixel_pusher.board import content_version, storage_capacity
from bot.games.pixel_pusher.content import ABILITIES, PRIMARIES, TOTALS, VERSION_CARDS, pixel_vp
from bot.games.pixel_pusher.convert import finish_convert, open_convert
from bot.games.pixel_pusher.score import scanline
from bot.registry import engine as registry_engine


def _ids(cards: list[dict[str, Any]]) -> list[str]:
    """Return the ids of card dicts."""
    return [c["id"] for c in cards]


def _visible_pixels(view: View) -> Counter[str]:
    """Return the R, G and B cubes in sight: on the belt, in the supply, on boards and on filled scanlines."""
    seen: Counter[str] = Counter()
    for segment in view["conveyor"]:
        seen.update(segment)
    for colour in PRIMARIES:
        seen[colour] += view["supply"][colour]
    for seat in view["seats"]:
        seen.update(seat["stored"])
        seen.update(seat["held"])
    for image in view["images"]:
        for line in image["scanlines"]:
            if line["filled_by"] is not None:
                seen.update(line["needs"])
    return seen


def _bag(view: View, rng: random.Random) -> dict[str, int]:
    """Return the bag's colours: what is not in sight (resampled in proportion if that disagrees with its size)."""
    seen = _visible_pixels(view)
    bag = {c: max(TOTALS[c] - seen[c], 0) for c in PRIMARIES}
    if sum(bag.values()) == view["bag"]:
        return bag
    pool = [c for c in PRIMARIES for _ in range(max(bag[c], 1))]
    out = dict.fromkeys(PRIMARIES, 0)
    for _ in range(view["bag"]):
        out[rng.choice(pool)] += 1
    return out


def _deal_hidden(view: View, seat: int, rng: random.Random) -> tuple[list, list, list[str], list[str], list[str]]:
    """Return the other seats' hands and picks, the deck, the discard pile and the removed cards, dealt from
    the cards this seat has not seen (ability cards only where the draft can hold them)."""
    n = view["players"]
    private = view["private"]
    mine = _ids(private["hand"]) + _ids(private["drafted"])
    installed = [c["id"] for s in view["seats"] for stack in s["slots"] for c in stack]
    machine_cards, _ = VERSION_CARDS[view.get("content", 1)]
    machines = [c["id"] for c in machine_cards if c["id"] not in set(mine) | set(installed)]
    rng.shuffle(machines)
    held = {a for s in view["seats"] for a in _ids(s["abilities"])}
    abilities = [a for a in ABILITIES if a not in held and a not in mine]
    rng.shuffle(abilities)
    in_draft = view["phase"] == "draft"
    hidden_abilities = n - sum(1 for c in mine if c in ABILITIES) if in_draft else 0
    places = [(s, kind) for s in range(n) if s != seat for kind in ("hand", "drafted")
              for _ in range(view["seats"][s][kind])]
    ability_places = set(rng.sample(range(len(places)), min(hidden_abilities, len(places), len(abilities))))
    hands: list[list[str]] = [[] for _ in range(n)]
    drafted: list[list[str]] = [[] for _ in range(n)]
    for i, (s, kind) in enumerate(places):
        card = abilities.pop() if i in ability_places else machines.pop()
        (hands if kind == "hand" else drafted)[s].append(card)
    hands[seat], drafted[seat] = _ids(private["hand"]), _ids(private["drafted"])
    deck, rest = machines[:view["deck"]], machines[view["deck"]:]
    discard, removed = rest[:view["discard"]], rest[view["discard"]:]
    return hands, drafted, deck, discard, removed


def determinize(view: View, seat: int, rng: random.Random) -> State:
    """Return a full Pixel Pusher state whose view for ``seat`` is ``view``, hidden parts sampled."""
    n = view["players"]
    hands, drafted, deck, discard, removed = _deal_hidden(view, seat, rng)
    face_up = {i["id"] for i in view["images"]}
    image_deck = [c["id"] for c in VERSION_CARDS[view.get("content", 1)][1] if c["id"] not in face_up]
    rng.shuffle(image_deck)
    phase = view["phase"]
    seats = view["seats"]
    order = list(view["order"]) if view["order"] is not None else None
    to_act = view["to_act"]
    turn = order.index(to_act[0]) if order is not None and to_act and to_act[0] in order else 0
    state: State = {
        "game": "pixel-pusher", "seed": rng.randrange(2**31), "num_players": n, "status": view["status"],
        "result": _result(view), "round": view["round"], "phase": phase, "token": view["token"], "rng": 0,
        "acts": [0] * n, "active": [s["active"] for s in seats], "bag": _bag(view, rng),
        "conveyor": [list(seg) for seg in view["conveyor"]], "supply": dict(view["supply"]),
        "deck": deck, "discard": discard, "removed": removed,
        "images": [{"id": i["id"], "filled_by": [None] * 4} for i in view["images"]],
        "image_deck": image_deck[:view["image_deck"]],
        "hands": hands, "drafted": drafted,
        "picked": [bool(s["picked"]) for s in seats],
        "abilities_held": [_ids(s["abilities"]) for s in seats],
        "boards": [{"side": s["side"], "slots": [_ids(stack) for stack in s["slots"]], "held": list(s["held"]),
                    "stored": list(s["stored"]), "score": s["score"]} for s in seats],
        "order": order, "turn": turn, "fills": view["fills"], "flipped": [False] * n,
        "work": [None] * n, "confirmed": [False] * n, "supply_public": None, "log": list(view["log"]),
        "content": view.get("content", 1), "max_fills": view["max_fills"],
    }
    if "log_events" in view:  # the log's entries as events (a state stored before them has none)
        state["log_events"] = [{"template": e["template"], "fields": dict(e["fields"])} for e in view["log_events"]]
    for image, shown in zip(state["images"], view["images"], strict=True):
        for line in shown["scanlines"]:
            image["filled_by"][line["row"]] = line["filled_by"]
    if phase == "convert":
        _convert_work(state, view, seat)
    return state


def _result(view: View) -> dict[str, Any] | None:
    """Return the stored result of a finished game's view (None while playing)."""
    res = view["result"]
    if res is None:
        return None
    out = {"winners": list(res["winners"]), "scores": list(res["scores"]), "reason": res["reason"],
           "ranking": [list(g) for g in res["ranking"]]}
    if "reason_keys" in res:  # the reason's keys (a state stored before them has none)
        out["reason_keys"] = list(res["reason_keys"])
    return out


def _convert_work(state: State, view: View, seat: int) -> None:
    """Reopen Convert & Store from the public supply (the shares are public arithmetic), then put back this
    seat's own work and who has confirmed; a rival who confirmed is taken to have changed nothing."""
    confirmed = [s["confirmed"] for s in view["seats"]]
    events = state.get("log_events")
    state["log"], events = [], None if events is None else list(events)
    open_convert(state)
    state["log"] = list(view["log"])
    if events is None:
        state.pop("log_events", None)
    else:
        state["log_events"] = events
    working = view["private"]["working"]
    if working is not None:
        state["work"][seat] = {"held": list(working["held"]), "stored": list(working["stored"]),
                               "share": dict(working["supply_available"]), "paid": list(working["paid"]),
                               "used": dict(working["used"])}
    for s, done in enumerate(confirmed):
        if s != seat and done and state["work"][s] is not None and not state["confirmed"][s]:
            finish_convert(state, s)
        state["confirmed"][s] = done or state["work"][s] is None


def _potential(state: State, seat: int) -> float:
    """Return a seat's score plus what its stored pixels and machine are likely still worth (in VP)."""
    board = state["boards"][seat]
    value = float(board["score"])
    worth = pixel_vp(content_version(state))
    value += 0.6 * sum(worth[c] for c in board["stored"]) + 0.3 * sum(worth[c] for c in board["held"])
    collectors = sum(1 for stack in board["slots"] if stack and "color" in _machine(stack[0]))
    value += 0.8 * collectors * min(len(state["deck"]) / 12.0, 1.5)
    value += 0.15 * (storage_capacity(board) - 4)
    return value


def _working(view: View, key: str) -> list[str]:
    """Return this seat's held or stored pixels in its Convert & Store work (empty outside that step)."""
    working = (view.get("private") or {}).get("working")
    return list(working[key]) if working else []


def _wanted(view: View, colour: str) -> float:
    """How much a seat wants one pixel of ``colour``: the unfilled scanlines of face-up images that need it,
    then (to break ties) its worth on a scanline."""
    needed = sum(line["needs"].get(colour, 0) for image in view.get("images", []) for line in image["scanlines"]
                 if line["filled_by"] is None)
    return needed + pixel_vp(view.get("content", 1))[colour] / 100.0


def _machine(card_id: str) -> dict[str, Any]:
    """Return a machine card's definition."""
    from bot.games.pixel_pusher.content import MACHINES

    return MACHINES[card_id]


class PixelPusherAdapter:
    """The computer players' knowledge of Pixel Pusher."""

    game = "pixel-pusher"

    def __init__(self) -> None:
        """Bind the shared engine."""
        self.engine = registry_engine(self.game)

    def determinize(self, view: View, seat: int, rng: random.Random) -> State:
        """A full state consistent with ``view`` (see the module docstring)."""
        return determinize(view, seat, rng)

    def advance_owned(self, state: State, player: int, action: Action) -> State:
        """The state after a playout step, changing ``state`` (the search's own copy) in place."""
        return self.engine.apply_owned(state, player, action)

    def evaluate(self, state: State, seat: int) -> float:
        """Value in [0, 1]: the result when over, else a logistic of the lead in potential VP over the best
        other seat."""
        if state["status"] == "finished":
            return terminal_value(self.engine, state, seat)
        mine = _potential(state, seat)
        others = [_potential(state, s) for s in range(state["num_players"]) if s != seat and state["active"][s]]
        lead = mine - max(others, default=0.0)
        return 1.0 / (1.0 + pow(2.718281828, -lead / 4.0))

    def choices(self, view: View, seat: int, legal: list[Action]) -> list[Action]:
        """The actions a computer player considers. Ours: with store and unstore both open a player could move one
        pixel in and out of storage for ever, so a computer stores only its most wanted held pixel and takes a
        pixel back out only when storage is full and it holds one it wants more (see ``_wanted``); every such
        swap raises what its storage is worth, so its Convert step always ends."""
        held = _working(view, "held")
        best = max((_wanted(view, c) for c in held), default=None)
        full = not any(a.get("type") == "store" for a in legal)
        kept = []
        for a in legal:
            kind = a.get("type")
            if kind == "unstore" and (best is None or not full or _wanted(view, a["color"]) >= best):
                continue
            if kind == "store" and best is not None and _wanted(view, a["color"]) < best:
                continue
            kept.append(a)
        return kept or legal

    def rollout(self, state: State, player: int, legal: list[Action], rng: random.Random) -> Action:
        """A cheap sensible move: fill the best scanline, install where a card fits a stack, convert then
        confirm, draft machines over abilities at random."""
        return rollout_policy(state, player, legal, rng)


def rollout_policy(state: State, player: int, legal: list[Action], rng: random.Random) -> Action:
    """Return a playout move for ``player`` (one of ``legal``)."""
    kinds = {a["type"] for a in legal}
    if "fill" in kinds:
        fills = [a for a in legal if a["type"] == "fill"]
        return max(fills, key=lambda a: (scanline(a["image"], a["row"])["vp"], rng.random()))
    if "install" in kinds:
        installs = [a for a in legal if a["type"] == "install"]
        slots = state["boards"][player]["slots"]
        stacked = [a for a in installs if slots[a["slot"] - 1]]
        if stacked and rng.random() < 0.6:
            return rng.choice(stacked)
        return rng.choice(installs if rng.random() < 0.9 else legal)
    if "convert" in kinds and rng.random() < 0.8:
        return rng.choice([a for a in legal if a["type"] == "convert"])
    if "confirm" in kinds:
        return {"type": "confirm"}
    if "pick" in kinds:
        machines = [a for a in legal if a["card"] not in ABILITIES]
        return rng.choice(machines if machines and rng.random() < 0.8 else legal)
    return rng.choice(legal)


ADAPTER = PixelPusherAdapter()
