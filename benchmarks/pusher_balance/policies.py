"""Pixel Pusher players for the balance benchmark: ``random`` and ``greedy`` (a one-look heuristic); the
``planner`` lives in ``planner``.

A policy is a class built with a ``random.Random``; ``choose(state, seat)`` returns one legal action.
"""

from __future__ import annotations

import random
from collections import Counter

from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.board import (
    content_version,
    max_fills,
    slot_demand,
    slot_segment,
    storage_capacity,
)
from bot.games.pixel_pusher.content import ABILITIES, IMAGES, MACHINES, pixel_vp

ENGINE = PixelPusherEngine()
ABILITY_VALUE = {"collect": 3.0, "score": 2.2, "build": 2.0, "reverse": 1.8}


# ------------------------------------------------------------------ what the table asks for
def open_lines(state: dict) -> list[dict]:
    """Return the unfilled scanlines of the face-up image cards (each with its ``image`` id)."""
    return [{**line, "image": image["id"]} for image in state["images"]
            for line in IMAGES[image["id"]]["scanlines"] if image["filled_by"][line["row"]] is None]


def wanted(state: dict) -> Counter:
    """Return how much each colour is asked for by the unfilled scanlines on the table."""
    want: Counter = Counter()
    for line in open_lines(state):
        for colour, n in line["needs"].items():
            want[colour] += n * line["vp"] / sum(line["needs"].values())
    return want


def slot_value(state: dict, seat: int, slot: int, colour: str, n: int) -> float:
    """Return how good stacking a collector of ``n`` ``colour`` on a slot is (this round and later)."""
    board = state["boards"][seat]
    demand = slot_demand(board["slots"][slot])
    total = n + (demand[1] if demand else 0)
    segment = slot_segment(board, slot)
    now = total if state["conveyor"][segment].count(colour) >= total else 0
    # later rounds: segment 1 always gets 6 fresh pixels, later segments get leftovers
    expected = 2.0 if segment == 0 else max(0.4, 1.6 - 0.25 * segment)
    later = total * max(0.0, 1.0 - max(0, total - expected) * 0.45)
    return now * 0.8 + later * 1.2 * (1.2 if total <= 3 else 0.6)


def collector_fits(stack: list[str], colour: str) -> bool:
    """Return whether a collector of ``colour`` may go on ``stack``."""
    return not stack or (MACHINES[stack[0]]["type"], MACHINES[stack[0]].get("color")) == ("collector", colour)


# ------------------------------------------------------------------ random
class RandomPolicy:
    """Uniform over the legal actions (seeded)."""

    def __init__(self, rng: random.Random) -> None:
        """Keep the random source."""
        self.rng = rng

    def choose(self, state: dict, seat: int) -> dict:
        """Return a uniformly random legal action."""
        return self.rng.choice(ENGINE.legal_actions(state, seat))


# ------------------------------------------------------------------ greedy
class GreedyPolicy:
    """Drafts by a one-look card value, installs collectors where the belt feeds them, converts into wanted
    colours, stores the most wanted pixels and fills the most valuable scanline."""

    def __init__(self, rng: random.Random) -> None:
        """Keep the random source (a little noise in card values)."""
        self.rng = rng

    def card_value(self, state: dict, seat: int, card: str) -> float:
        """Return a heuristic worth of drafting ``card``."""
        noise = self.rng.random() * 0.3
        if card in ABILITIES:
            return ABILITY_VALUE[card] + noise
        info = MACHINES[card]
        board = state["boards"][seat]
        if info["type"] == "collector":
            want = wanted(state)
            best = max((slot_value(state, seat, i, info["color"], info["n"])
                        for i, stack in enumerate(board["slots"]) if collector_fits(stack, info["color"])),
                       default=0.0)
            return best * (0.6 + want[info["color"]] / (sum(want.values()) or 1) * 1.5) + noise
        if info["type"] == "converter":
            have = sum(1 for st in board["slots"] for c in st if MACHINES[c]["type"] == "converter")
            gain = next(iter(info["gain"]))
            return (2.4 if have < 2 else 0.8) * (0.5 + min(1.0, wanted(state)[gain] / 6)) + noise
        return (2.6 if storage_capacity(board) < 6 else 0.7) + noise

    def choose_build(self, state: dict, seat: int, legal: list[dict]) -> dict:
        """Install each card where it helps most; a useless card becomes a random pixel."""
        best, best_value = None, 0.3
        for action in legal:
            if action["type"] != "install":
                continue
            info = MACHINES[action["card"]]
            slot = action["slot"] - 1
            stack = state["boards"][seat]["slots"][slot]
            if info["type"] == "collector":
                value = slot_value(state, seat, slot, info["color"], info["n"])
            else:
                # other machines go on their own stacks, or on the slots worst for collecting
                value = 2.0 if stack else 0.5 + slot * 0.3
            if value > best_value:
                best, best_value = action, value
        return best if best is not None else next(a for a in legal if a["type"] == "pixel")

    def choose_convert(self, state: dict, seat: int, legal: list[dict]) -> dict:
        """Convert into wanted colours, store the most wanted pixels, then confirm."""
        work = state["work"][seat]
        want = wanted(state)
        worth = pixel_vp(content_version(state))
        have = Counter(work["held"] + work["stored"])
        for action in legal:
            if action["type"] != "convert":
                continue
            gain = next(iter(action["gain"]))
            cost = sum(want[c] for c in action["pay"]) / max(1, sum(action["pay"].values()))
            if want[gain] > 0 and have[gain] < 1 + max_fills(state) and want[gain] >= cost:
                return action
        room = storage_capacity(state["boards"][seat]) - len(work["stored"])
        if room > 0 and len(work["held"]) > room:
            colour = max(set(work["held"]), key=lambda c: (want[c] - have[c] * 0.3, worth[c]))
            return {"type": "store", "color": colour}
        return {"type": "confirm"}

    def choose_fill(self, state: dict, seat: int, legal: list[dict]) -> dict:
        """Fill the most valuable scanline the seat can pay for."""
        fills = [a for a in legal if a["type"] == "fill"]
        if not fills:
            return {"type": "done"}
        return max(fills, key=lambda a: line_of(a)["vp"])

    def choose(self, state: dict, seat: int) -> dict:
        """Return the policy's action."""
        legal = ENGINE.legal_actions(state, seat)
        phase = state["phase"]
        if phase == "draft":
            return max(legal, key=lambda a: self.card_value(state, seat, a["card"]))
        if phase == "build":
            return self.choose_build(state, seat, legal)
        if phase == "convert":
            return self.choose_convert(state, seat, legal)
        return self.choose_fill(state, seat, legal)


def line_of(action: dict) -> dict:
    """Return the scanline a fill action names."""
    return next(line for line in IMAGES[action["image"]]["scanlines"] if line["row"] == action["row"])
