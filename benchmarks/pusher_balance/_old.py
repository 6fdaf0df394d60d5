"""Pixel Pusher balance: heuristic players, 1,000 games per player count, win rate per seat and score spreads.

Run ``python -m benchmarks.pusher_balance [--games 1000] [--players 2 3 4]``. It passes when every seat's
win rate (a shared win split between the winners) is within 8 percentage points of fair (1/n). Outside CI:
it takes minutes. The results table in docs/rules/pixel_pusher.md comes from this command.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter

from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_pusher.board import slot_demand, slot_segment, storage_capacity
from bot.games.pixel_pusher.content import ABILITIES, IMAGES, MACHINES, PIXEL_VP

ENGINE = PixelPusherEngine()
TOLERANCE = 0.08
ABILITY_VALUE = {"collect": 3.0, "score": 2.2, "build": 2.0, "reverse": 1.8}


# ------------------------------------------------------------------ what a player wants
def wanted(state: dict) -> Counter:
    """Return how much each colour is asked for by the unfilled scanlines on the table."""
    want: Counter = Counter()
    for image in state["images"]:
        for line in IMAGES[image["id"]]["scanlines"]:
            if image["filled_by"][line["row"]] is None:
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


def card_value(state: dict, seat: int, card: str, rng: random.Random) -> float:
    """Return a heuristic worth of drafting ``card``."""
    noise = rng.random() * 0.3
    if card in ABILITIES:
        return ABILITY_VALUE[card] + noise
    info = MACHINES[card]
    board = state["boards"][seat]
    if info["type"] == "collector":
        want = wanted(state)
        best = max((slot_value(state, seat, i, info["color"], info["n"])
                    for i, stack in enumerate(board["slots"])
                    if not stack or (MACHINES[stack[0]]["type"], MACHINES[stack[0]].get("color"))
                    == ("collector", info["color"])), default=0.0)
        return best * (0.6 + want[info["color"]] / (sum(want.values()) or 1) * 1.5) + noise
    if info["type"] == "converter":
        have = sum(1 for st in board["slots"] for c in st if MACHINES[c]["type"] == "converter")
        gain = next(iter(info["gain"]))
        return (2.4 if have < 2 else 0.8) * (0.5 + min(1.0, wanted(state)[gain] / 6)) + noise
    capacity = storage_capacity(board)
    return (2.6 if capacity < 6 else 0.7) + noise


# ------------------------------------------------------------------ decisions
def choose_build(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
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
            # machines other than collectors go on their own stacks, or on the slots worst for collecting
            value = 2.0 if stack else 0.5 + slot * 0.3
        if value > best_value:
            best, best_value = action, value
    if best is not None:
        return best
    return next(a for a in legal if a["type"] == "pixel")


def choose_convert(state: dict, seat: int, legal: list[dict]) -> dict:
    """Convert into wanted colours, store the most wanted pixels, then confirm."""
    work = state["work"][seat]
    want = wanted(state)
    have = Counter(work["held"] + work["stored"])
    for action in legal:
        if action["type"] != "convert":
            continue
        gain = next(iter(action["gain"]))
        cost = sum(want[c] for c in action["pay"]) / max(1, sum(action["pay"].values()))
        if want[gain] > 0 and have[gain] < 3 and want[gain] >= cost:
            return action
    room = storage_capacity(state["boards"][seat]) - len(work["stored"])
    if room > 0 and len(work["held"]) > room:
        colour = max(set(work["held"]), key=lambda c: (want[c] - have[c] * 0.3, PIXEL_VP[c]))
        return {"type": "store", "color": colour}
    return {"type": "confirm"}


def choose(state: dict, seat: int, rng: random.Random) -> dict:
    """Return the heuristic player's action."""
    legal = ENGINE.legal_actions(state, seat)
    phase = state["phase"]
    if phase == "draft":
        return max(legal, key=lambda a: card_value(state, seat, a["card"], rng))
    if phase == "build":
        return choose_build(state, seat, legal, rng)
    if phase == "convert":
        return choose_convert(state, seat, legal)
    fills = [a for a in legal if a["type"] == "fill"]
    if not fills:
        return {"type": "done"}
    return max(fills, key=lambda a: next(line["vp"] for line in IMAGES[a["image"]]["scanlines"]
                                         if line["row"] == a["row"]))


def play(num_players: int, seed: int) -> dict:
    """Play one game between heuristic players; return the final state."""
    rng = random.Random(f"balance:{num_players}:{seed}")
    state = ENGINE.new_game(num_players, {}, seed)
    while not ENGINE.is_terminal(state):
        decision = ENGINE.pending(state)[0]
        state = ENGINE.apply(state, decision.player, choose(state, decision.player, rng))
    return state


# ------------------------------------------------------------------ report
def run(num_players: int, games: int) -> dict:
    """Play ``games`` games; return win shares per seat and score statistics."""
    wins = [0.0] * num_players
    scores: list[int] = []
    winning: list[int] = []
    margins: list[int] = []
    shared = 0
    for seed in range(games):
        state = play(num_players, seed)
        result = ENGINE.result(state)
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        shared += len(result.winners) > 1
        ordered = sorted(result.scores, reverse=True)
        scores.extend(result.scores)
        winning.append(ordered[0])
        margins.append(ordered[0] - ordered[1])
    rates = [w / games for w in wins]
    return {"players": num_players, "games": games, "rates": rates, "shared": shared,
            "ok": all(abs(r - 1 / num_players) <= TOLERANCE for r in rates),
            "mean": statistics.mean(scores), "stdev": statistics.pstdev(scores),
            "min": min(scores), "max": max(scores), "winning_mean": statistics.mean(winning),
            "margin_median": statistics.median(margins),
            "quartiles": statistics.quantiles(scores, n=4)}


def table(results: list[dict]) -> str:
    """Return the Markdown tables of win rates and score spreads."""
    lines = ["| Players | Games | " + " | ".join(f"Seat {i + 1}" for i in range(4)) + " | Fair | Shared wins | Pass |",
             "|---|---|" + "---|" * 4 + "---|---|---|"]
    for r in results:
        cells = [f"{rate * 100:.1f} %" for rate in r["rates"]] + ["—"] * (4 - r["players"])
        lines.append(f"| {r['players']} | {r['games']} | " + " | ".join(cells)
                     + f" | {100 / r['players']:.1f} % | {r['shared']} | {'yes' if r['ok'] else 'NO'} |")
    lines += ["", "| Players | Mean score | Std dev | Min | Quartiles | Max | Winner's mean | Median winning margin |",
              "|---|---|---|---|---|---|---|---|"]
    for r in results:
        q = r["quartiles"]
        lines.append(f"| {r['players']} | {r['mean']:.1f} | {r['stdev']:.1f} | {r['min']} | "
                     f"{q[0]:.0f} / {q[1]:.0f} / {q[2]:.0f} | {r['max']} | {r['winning_mean']:.1f} | "
                     f"{r['margin_median']:.0f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the balance check and print the tables; exit 1 if a seat is off by more than 8 points."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = [run(n, args.games) for n in args.players]
    print(table(results))
    print(f"\n{time.perf_counter() - started:.0f} s")
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
