"""The ``planner`` policy: greedy's turn structure with three searched or simulated decisions.

- Collectors (draft and build): a small simulation of the Collect phase with every board as it stands, this
  round on the real belt and ``AHEAD`` later rounds on ``SAMPLES`` sampled belts (fresh draws from the bag's
  mix, the belt shifting, the collect order rotating); a collector is worth the extra pixels it brings (at most
  4 a round count: one scanline a round is all a player can paint).
- Convert & Store: every sequence of conversions the seat can still make (each converter once), then the
  pixels worth storing; a result is judged by the scanline it pays this round plus what the rest is worth later.
- Score: the scanline that, with what it leaves in storage, is worth the most.

Converters, storage and ability cards are valued from the content version's pixel worths and the seat's
machine. No hidden information is used (the belt, boards, bag counts and deck size are public).
"""

from __future__ import annotations

import random
from collections import Counter

from bot.games.pixel_pusher.board import (
    content_version,
    converter_sources,
    slot_demand,
    slot_segment,
    storage_capacity,
)
from bot.games.pixel_pusher.content import ABILITIES, MACHINES, pixel_vp

from .policies import ABILITY_VALUE, GreedyPolicy, collector_fits, line_of, open_lines, wanted


def _take(pixels: Counter, needs: dict[str, int]) -> Counter | None:
    """Return ``pixels`` minus ``needs``, or None if they are not all there."""
    if any(pixels[c] < n for c, n in needs.items()):
        return None
    left = Counter(pixels)
    left.subtract(needs)
    return +left


class PlannerPolicy(GreedyPolicy):
    """Greedy's turn structure with collectors valued by simulated collecting, version-aware values for the
    other cards, a searched Convert & Store plan and a fill that keeps the best pixels for later."""

    #: what a pixel kept in storage for a later round is worth, as a fraction of its scanline worth
    KEEP = 0.55

    def __init__(self, rng: random.Random) -> None:
        """Keep the random source."""
        super().__init__(rng)
        self.moves: dict[tuple[int, int], int] = {}

    # ---------------------------------------------------------- judging a set of pixels
    def future(self, state: dict, pixels: Counter, lines: list[dict], worth: dict[str, int]) -> float:
        """Return what pixels carried to a later round are worth: the best open scanline they go towards
        (its VP times the share of it they pay), plus a little for every other pixel the table asks for."""
        if not pixels:
            return 0.0
        best = 0.0
        for line in lines:
            need = sum(line["needs"].values())
            got = sum(min(pixels[c], n) for c, n in line["needs"].items())
            best = max(best, line["vp"] * got / need)
        asked = {c for line in lines for c in line["needs"]}
        loose = sum(worth[c] * n for c, n in pixels.items() if c in asked)
        return self.KEEP * best + 0.15 * loose

    def judge(self, state: dict, pixels: Counter, capacity: int) -> tuple[float, Counter]:
        """Return the worth of holding ``pixels`` at the end of Convert & Store with ``capacity`` storage
        slots, and the pixels to store: the best scanline they pay this round plus what the rest keeps."""
        worth = pixel_vp(content_version(state))
        lines = open_lines(state)
        options = [(0.0, None, pixels)]
        for line in lines:
            if sum(line["needs"].values()) <= capacity:
                left = _take(pixels, line["needs"])
                if left is not None:
                    options.append((float(line["vp"]), line, left))
        best_value, best_keep = -1.0, Counter()
        for vp, line, left in options:
            room = capacity - (sum(line["needs"].values()) if line else 0)
            rest = [x for x in lines if x is not line]
            keep = self.pick_keep(left, room, rest, worth)
            value = vp + self.future(state, keep, rest, worth)
            if value > best_value:
                best_value = value
                best_keep = keep + (Counter(line["needs"]) if line else Counter())
        return best_value, best_keep

    def pick_keep(self, pixels: Counter, room: int, lines: list[dict], worth: dict[str, int]) -> Counter:
        """Return up to ``room`` of ``pixels`` to store for later: towards the best open scanline first, then
        the most valuable asked-for colours."""
        if room <= 0 or not pixels:
            return Counter()
        if sum(pixels.values()) <= room:
            return Counter(pixels)
        keep: Counter = Counter()
        target = max(lines, default=None, key=lambda x: x["vp"] * sum(min(pixels[c], n) for c, n in x["needs"].items())
                     / sum(x["needs"].values()))
        left = Counter(pixels)
        if target is not None:
            for c, n in target["needs"].items():
                k = min(n, left[c], room - sum(keep.values()))
                keep[c] += k
                left[c] -= k
        asked = Counter()
        for line in lines:
            for c, n in line["needs"].items():
                asked[c] += n
        order = sorted(left.elements(), key=lambda c: (-(asked[c] > 0), -worth[c], c))
        for c in order[:max(0, room - sum(keep.values()))]:
            keep[c] += 1
        return +keep

    # ---------------------------------------------------------- Convert & Store
    def plans(self, state: dict, seat: int) -> list[tuple[list[tuple[str, dict, dict]], Counter]]:
        """Return every (conversions, resulting pixels) the seat can still reach this phase."""
        work = state["work"][seat]
        start = Counter(sorted(work["held"] + work["stored"]))
        sources = [(src, recipes) for src, recipes, uses in converter_sources(state, seat)
                   if work["used"].get(src, 0) < uses]
        found: dict[tuple, tuple[list, Counter]] = {}

        def walk(i: int, pixels: Counter, share: dict[str, int], steps: list) -> None:
            key = tuple(sorted(pixels.items()))
            if key not in found or len(steps) < len(found[key][0]):
                found[key] = (list(steps), pixels)
            if i == len(sources) or len(found) > 400:
                return
            walk(i + 1, pixels, share, steps)
            src, recipes = sources[i]
            for recipe in recipes:
                if any(share.get(c, 0) < n for c, n in recipe["gain"].items()):
                    continue
                left = _take(pixels, recipe["pay"])
                if left is None:
                    continue
                new_share = dict(share)
                for c, n in recipe["gain"].items():
                    new_share[c] -= n
                walk(i + 1, left + Counter(recipe["gain"]), new_share,
                     steps + [(src, recipe["pay"], recipe["gain"])])

        walk(0, start, dict(work["share"]), [])
        return list(found.values())

    def choose_convert(self, state: dict, seat: int, legal: list[dict]) -> dict:
        """Follow the best plan: its next conversion, then store what it keeps, unstore what it drops, confirm."""
        work = state["work"][seat]
        capacity = storage_capacity(state["boards"][seat])
        key = (state["round"], seat)
        self.moves[key] = self.moves.get(key, 0) + 1
        if self.moves[key] > 40:  # a safety net: never shuffle pixels in and out for ever
            return {"type": "confirm"}
        best = None
        for steps, pixels in self.plans(state, seat):
            value, keep = self.judge(state, pixels, capacity)
            value -= 0.01 * len(steps)
            if best is None or value > best[0]:
                best = (value, steps, keep)
        _, steps, keep = best
        if steps:
            src, pay, gain = steps[0]
            for action in legal:
                if action["type"] == "convert" and action["pay"] == pay and action["gain"] == gain:
                    return action
        stored = Counter(work["stored"])
        for colour in sorted(stored):
            if stored[colour] > keep[colour]:
                return {"type": "unstore", "color": colour}
        if len(work["stored"]) < capacity:
            held = Counter(work["held"])
            for colour in sorted(held):
                if keep[colour] > stored[colour]:
                    return {"type": "store", "color": colour}
        return {"type": "confirm"}

    # ---------------------------------------------------------- Score
    def choose_fill(self, state: dict, seat: int, legal: list[dict]) -> dict:
        """Fill the scanline that, with what it leaves in storage, is worth the most."""
        fills = [a for a in legal if a["type"] == "fill"]
        if not fills:
            return {"type": "done"}
        worth = pixel_vp(content_version(state))
        stored = Counter(state["boards"][seat]["stored"])
        lines = open_lines(state)

        def value(action: dict) -> float:
            line = line_of(action)
            rest = [x for x in lines if not (x["image"] == action["image"] and x["row"] == action["row"])]
            return line["vp"] + self.future(state, _take(stored, line["needs"]), rest, worth)

        return max(fills, key=value)

    def install_choice(self, state: dict, seat: int, legal: list[dict]) -> dict:
        """Install the card that helps most: a collector by its simulated extra pixels, other machines on their
        own stacks or the slots worst for collecting; a card worth nothing becomes a random pixel."""
        sim = self.collecting(state, seat)
        best, best_value = None, 0.3
        for action in legal:
            if action["type"] != "install":
                continue
            info = MACHINES[action["card"]]
            slot = action["slot"] - 1
            stack = state["boards"][seat]["slots"][slot]
            if info["type"] == "collector":
                value = sim.gain(slot, info["color"], info["n"]) * self.COLLECT_SCALE * 2
            else:
                value = 2.0 if stack else 0.5 + 0.3 * (1 - sim.gain(slot, "R", 1) - sim.gain(slot, "G", 1)
                                                        - sim.gain(slot, "B", 1))
            if value > best_value:
                best, best_value = action, value
        return best if best is not None else next(a for a in legal if a["type"] == "pixel")

    # ---------------------------------------------------------- Draft
    def card_value(self, state: dict, seat: int, card: str) -> float:
        """Return a worth of drafting ``card`` that follows the content's pixel worths and the seat's machine."""
        noise = self.rng.random() * 0.1
        if card in ABILITIES:
            return self.ability_value(state, seat, card) + noise
        info = MACHINES[card]
        board = state["boards"][seat]
        if info["type"] == "converter":
            return self.converter_value(state, seat, info) + noise
        if info["type"] == "storage":
            capacity = storage_capacity(board)
            return (2.8 if capacity < 6 else 1.2 if capacity < 8 else 0.4) + noise
        if self.COLLECT_SCALE <= 0:
            return super().card_value(state, seat, card) - self.rng.random() * 0.3 + noise
        sim = self.collecting(state, seat)
        best = max((sim.gain(i, info["color"], info["n"]) for i, stack in enumerate(board["slots"])
                    if collector_fits(stack, info["color"])), default=0.0)
        want = wanted(state)
        return best * self.COLLECT_SCALE * (0.6 + want[info["color"]] / (sum(want.values()) or 1) * 1.5) + noise

    #: weight of a collector's simulated extra pixels (0: greedy's slot value instead)
    COLLECT_SCALE = 2.0

    def collecting(self, state: dict, seat: int) -> Collecting:
        """Return the collecting simulation of this decision (one per state and seat)."""
        key = (id(state), seat, state["acts"][seat])
        if getattr(self, "_sim_key", None) != key:
            self._sim_key, self._sim = key, Collecting(state, seat, self.rng)
        return self._sim

    def converter_value(self, state: dict, seat: int, info: dict) -> float:
        """Return what a converter adds each round left: the VP its product gains over what it pays, if the
        seat collects those colours and the table asks for the product."""
        worth = pixel_vp(content_version(state))
        gain = next(iter(info["gain"]))
        margin = worth[gain] - sum(worth[c] * n for c, n in info["pay"].items())
        board = state["boards"][seat]
        same = sum(1 for st in board["slots"] for c in st
                   if MACHINES[c]["type"] == "converter" and MACHINES[c]["gain"] == info["gain"])
        collected = {slot_demand(st)[0] for st in board["slots"] if slot_demand(st)}
        feeds = sum(1 for c in info["pay"] if c in collected) / len(info["pay"])
        asked = wanted(state)[gain]
        return (1.0 + margin * 0.8) * (0.5 + 0.5 * feeds) * (0.6 + min(1.0, asked / 6)) / (1 + same)

    def ability_value(self, state: dict, seat: int, card: str) -> float:
        """Return an ability card's worth: its order plus the best gain of a conversion the seat could pay
        from its stored pixels or collects."""
        worth = pixel_vp(content_version(state))
        board = state["boards"][seat]
        have = set(board["stored"]) | {slot_demand(st)[0] for st in board["slots"] if slot_demand(st)}
        gains = [worth[next(iter(r["gain"]))] - sum(worth[c] * n for c, n in r["pay"].items())
                 for r in ABILITIES[card]["recipes"] if set(r["pay"]) <= have]
        return ABILITY_VALUE[card] * self.ORDER + self.ABILITY_GAIN * max(gains, default=0)

    #: weight of an ability card's acting order, and of its conversion's VP gain
    ORDER = 1.0
    ABILITY_GAIN = 0.5

    def choose_build(self, state: dict, seat: int, legal: list[dict]) -> dict:
        """Install by the simulated collecting (greedy's slot values when ``COLLECT_SCALE`` is 0)."""
        if self.COLLECT_SCALE <= 0:
            return super().choose_build(state, seat, legal)
        return self.install_choice(state, seat, legal)


# ------------------------------------------------------------------ collecting, simulated
def demands(board: dict) -> list[tuple[int, str, int]]:
    """Return ``(segment, colour, n)`` for every collector stack of a board."""
    out = []
    for slot, stack in enumerate(board["slots"]):
        demand = slot_demand(stack)
        if demand:
            out.append((slot_segment(board, slot), demand[0], demand[1]))
    return out


def simulate_collect(belt: list[Counter], wants: list[list[tuple[int, str, int]]], order: list[int]) -> list[int]:
    """Collect from ``belt`` (changed in place) as the rules do; return the pixels each seat took."""
    got = [0] * len(wants)
    by_segment: list[list[tuple[int, str, int]]] = [[] for _ in range(6)]
    for seat in order:
        for segment, colour, n in wants[seat]:
            by_segment[segment].append((seat, colour, n))
    for segment, takers in enumerate(by_segment):
        cell = belt[segment]
        for seat, colour, n in takers:
            if cell[colour] >= n:
                cell[colour] -= n
                got[seat] += n
    return got


class Collecting:
    """Expected pixels a seat collects this round (the real belt and boards) and in a few sampled later rounds
    (fresh draws from the bag's mix, the belt shifting), for a board with one more collector."""

    SAMPLES = 4
    AHEAD = 2

    def __init__(self, state: dict, seat: int, rng: random.Random) -> None:
        """Fix the boards, the belt and the sampled futures shared by every candidate (common random numbers)."""
        self.state, self.seat = state, seat
        n = state["num_players"]
        self.wants = [demands(b) if state["active"][s] else [] for s, b in enumerate(state["boards"])]
        self.belt = [Counter(cell) for cell in state["conveyor"]]
        first = next((s for s, held in enumerate(state["abilities_held"]) if "collect" in held), state["token"])
        self.order = [(first + i) % n for i in range(n)]
        left = -(-len(state["deck"]) // (3 * n))
        pool = [c for c in "RGB" for _ in range(max(1, state["bag"][c]))]
        self.futures = [[(rng.choices(pool, k=6), rng.randrange(n)) for _ in range(min(self.AHEAD, left))]
                        for _ in range(self.SAMPLES)]
        self.rounds_left = left

    def pixels(self, extra: tuple[int, str, int] | None) -> float:
        """Return the seat's collected pixels this round plus the mean of each sampled later round."""
        wants = list(self.wants)
        mine = list(wants[self.seat])
        if extra is not None:
            segment, colour, n = extra
            mine = [w for w in mine if w[0] != segment] + [extra]
        wants[self.seat] = mine
        belt = [Counter(c) for c in self.belt]
        now = simulate_collect(belt, wants, self.order)[self.seat]
        later = 0.0
        n = len(wants)
        for future in self.futures:
            cells = [Counter(c) for c in belt]
            for fresh, start in future:
                cells = [Counter(fresh)] + cells[:-1]
                later += min(4, simulate_collect(cells, wants, [(start + i) % n for i in range(n)])[self.seat])
        return min(4, now) + later / max(1, len(self.futures))

    def gain(self, slot: int, colour: str, n: int) -> float:
        """Return the extra pixels a collector of ``n`` ``colour`` stacked on a slot brings."""
        board = self.state["boards"][self.seat]
        demand = slot_demand(board["slots"][slot])
        segment = slot_segment(board, slot)
        total = n + (demand[1] if demand else 0)
        return self.pixels((segment, colour, total)) - self.base()

    def base(self) -> float:
        """Return the pixels the board collects as it is (cached)."""
        if not hasattr(self, "_base"):
            self._base = self.pixels(None)
        return self._base
