"""Every image the bot posts, from real game views: render time, PNG size, and the ratio of the render
to a bare PNG encode (zlib level 1, the same image mode) of the very pixels it produced."""

from __future__ import annotations

import io
import random
import statistics
import time
from collections.abc import Callable

from PIL import Image

from benchmarks.stats import summary
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.sets import all_cards
from bot.games.pixies import PixiesEngine
from rendering import pixel_pusher, pixel_tactics, pixel_tactics_cards, pixies, tixel

NAMES = ["Ana", "Bartholomew", "Chloé", "Dmitri"]
#: goals of the issue: a render costs at most twice a bare encode of its pixels, and stays light
MAX_RATIO = 2.0
MAX_KIB = 100.0


def sample_views(players: int, seed: int = 7) -> tuple[dict, dict]:
    """Return a mid-round-2 view and the finished view of one random Pixies game."""
    engine = PixiesEngine()
    rng = random.Random(seed)
    state = engine.new_game(players, {}, seed)
    middle = None
    while not engine.is_terminal(state):
        view = engine.view(state, None)
        if middle is None and view["round"] == 2 and view["turn"] >= 4:
            middle = view
        decision = engine.pending(state)[0]
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
    return middle, engine.view(state, None)


def _states(engine, players: int, options: dict, seed: int, every: int, limit: int) -> list[dict]:
    """Return every ``every``-th state of one seeded random game (at most ``limit``)."""
    rng = random.Random(seed)
    state = engine.new_game(players, options, seed)
    out = []
    for step in range(5000):
        if engine.is_terminal(state) or len(out) >= limit:
            break
        if step % every == every // 2:
            out.append(state)
        decision = rng.choice(engine.pending(state))
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
    return out


def cases(quick: bool = False) -> dict[str, list[Callable[[], bytes]]]:
    """Return, per image kind, render jobs over several real views."""
    from benchmarks.bench_tixel import midgame_states
    from bot.games.tixel import TixelEngine

    out: dict[str, list[Callable[[], bytes]]] = {}
    for players in (2, 3, 4):
        middle, final = sample_views(players)
        names = NAMES[:players]
        out[f"Pixies table {players}p"] = [lambda m=middle, n=names: pixies.render_table(m, n)]
        out[f"Pixies round scores {players}p"] = [lambda f=final, n=names: pixies.render_round_scores(f, n, 3)]
        out[f"Pixies final {players}p"] = [lambda f=final, n=names: pixies.render_final(f, n)]
    tix = TixelEngine()
    views = [tix.view(s, None) for s in midgame_states(3 if quick else 6)[::7][:8]]
    out["Tixel board"] = [lambda v=v: tixel.render_board(v, NAMES[:2]) for v in views]
    pt = PixelTacticsEngine()
    states = _states(pt, 2, {"trophies": 2}, 3, 9, 6 if quick else 20)
    boards, hands = [pt.view(s, None) for s in states], [pt.view(s, 0) for s in states]
    out["Pixel Tactics board"] = [lambda v=v: pixel_tactics.render_board(v, NAMES[:2]) for v in boards]
    out["Pixel Tactics hand"] = [lambda v=v: pixel_tactics.render_hand(v, NAMES[:2]) for v in hands]
    out["Pixel Tactics card"] = [lambda c=card: pixel_tactics_cards.render_card(c) for card in all_cards()[::6]]
    pp = PixelPusherEngine()
    for players in (2, 4):
        views = [pp.view(s, None) for s in _states(pp, players, {}, 3, 11, 5 if quick else 15)]
        out[f"Pixel Pusher board {players}p"] = [
            lambda v=v, n=NAMES[:players]: pixel_pusher.render_board(v, n) for v in views]
    views = [pp.view(s, 0) for s in _states(pp, 4, {}, 4, 11, 5 if quick else 15)]
    out["Pixel Pusher private"] = [lambda v=v: pixel_pusher.render_private(v, NAMES) for v in views]
    return out


def bare_encode_seconds(data: bytes, repeats: int = 3) -> float:
    """Return the best time of a plain level-1 PNG encode of the pixels ``data`` holds (same mode)."""
    image = Image.open(io.BytesIO(data))
    image.load()
    best = 9e9
    for _ in range(repeats):
        start = time.perf_counter()
        image.save(io.BytesIO(), "PNG", compress_level=1)
        best = min(best, time.perf_counter() - start)
    return best


def run(quick: bool = False) -> dict:
    """Per image kind: render time, bare encode time, their ratio (median over views) and PNG size."""
    repeats = 2 if quick else 5
    out = {}
    for name, jobs in cases(quick).items():
        renders, ratios, sizes, modes = [], [], [], set()
        for job in jobs:
            job()  # warm the caches, as a warmed worker has them
            times = []
            for _ in range(repeats):
                start = time.perf_counter()
                data = job()
                times.append(time.perf_counter() - start)
            took = statistics.median(times)
            renders.append(took)
            ratios.append(took / bare_encode_seconds(data))
            sizes.append(len(data) / 1024)
            modes.add(Image.open(io.BytesIO(data)).mode)
        out[name] = {**summary(renders), "ratio": round(statistics.median(ratios), 2),
                     "png_kib": round(max(sizes), 1), "mode": "/".join(sorted(modes))}
    return out


def check(result: dict) -> list[str]:
    """Return one sentence per image kind that misses a goal."""
    missed = []
    for name, row in result.items():
        if row["ratio"] > MAX_RATIO:
            missed.append(f"{name}: render is {row['ratio']}× a bare level-1 encode (goal ≤ {MAX_RATIO}×)")
        if row["png_kib"] > MAX_KIB:
            missed.append(f"{name}: {row['png_kib']} KiB (goal ≤ {MAX_KIB:.0f} KiB)")
    return missed
