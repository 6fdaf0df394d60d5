"""Every image the bot posts, from real game views: render time, PNG size, and the ratio of the render
to a bare PNG encode (zlib level 1, the same image mode) of the very pixels it produced."""

from __future__ import annotations

import io
import random
import statistics
import time
from collections.abc import Callable

from PIL import Image

from benchmarks import bench_pt_teams
from benchmarks.stats import summary
from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.sets import all_cards
from bot.games.pixies import PixiesEngine
from rendering import pixel_pusher, pixel_tactics, pixies, tixel
from rendering.pixel_tactics import cards as pixel_tactics_cards

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


def _walk(engine, players: int, options: dict, seed: int, skip: int, limit: int, viewer: int | None = None,
          ) -> list[dict]:
    """Return ``limit`` consecutive views (one per action, as the bot posts them) of one seeded random
    game, from its ``skip``-th state on (fewer if the game ends first)."""
    rng = random.Random(seed)
    state = engine.new_game(players, options, seed)
    views = []
    for step in range(5000):
        if engine.is_terminal(state) or len(views) >= limit:
            break
        if step >= skip:
            views.append(engine.view(state, viewer))
        decision = rng.choice(engine.pending(state))
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
    return views


def _finished(engine, players: int, seed: int) -> dict:
    """Return the finished view of one seeded random game."""
    rng = random.Random(seed)
    state = engine.new_game(players, {}, seed)
    while not engine.is_terminal(state):
        decision = rng.choice(engine.pending(state))
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
    return engine.view(state, None)


def cases(quick: bool = False) -> dict[str, list[Callable[[], bytes]]]:
    """Return, per image kind, render jobs over real views in the order players get them: consecutive
    positions of seeded games (seeds other than the render workers' warm-up), each to be rendered once."""
    from bot.games.tixel import TixelEngine

    n = 12 if quick else 40
    out: dict[str, list[Callable[[], bytes]]] = {}
    px = PixiesEngine()
    for players in (2, 3, 4):
        names = NAMES[:players]
        out[f"Pixies table {players}p"] = [lambda v=v, n=names: pixies.render_table(v, n)
                                           for v in _walk(px, players, {}, 100 + players, 40, n)]
        finals = [_finished(px, players, 200 + k) for k in range(3 if quick else 8)]
        out[f"Pixies round scores {players}p"] = [lambda f=f, n=names, r=r: pixies.render_round_scores(f, n, r)
                                                  for f in finals for r in (1, 2, 3)]
        out[f"Pixies final {players}p"] = [lambda f=f, n=names: pixies.render_final(f, n) for f in finals]
    tix = TixelEngine()
    out["Tixel board"] = [lambda v=v: tixel.render_board(v, NAMES[:2]) for v in _walk(tix, 2, {}, 101, 20, n)]
    pt = PixelTacticsEngine()
    out["Pixel Tactics board"] = [lambda v=v: pixel_tactics.render_board(v, NAMES[:2])
                                  for v in _walk(pt, 2, {"trophies": 2}, 103, 60, n)]
    # seat 0's hand from the same position on, the views in which it holds cards (random play soon empties
    # a hand: positions 60-71 of this game all showed "No cards in hand")
    hands = [v for v in _walk(pt, 2, {"trophies": 2}, 103, 60, 5000, viewer=0) if v.get("hand")]
    out["Pixel Tactics hand"] = [lambda v=v: pixel_tactics.render_hand(v, NAMES[:2]) for v in hands[:n]]
    out["Pixel Tactics card"] = [lambda c=card: pixel_tactics_cards.render_card(c) for card in all_cards()[::3]]
    out.update(_pt_card_kinds(quick))
    out.update(bench_pt_teams.cases(_walk, n))  # issue 12: 4 and 6 Units, each ≤ 2× the Classic board's time
    pp = PixelPusherEngine()
    for players in (2, 4):
        out[f"Pixel Pusher board {players}p"] = [lambda v=v, n=NAMES[:players]: pixel_pusher.render_board(v, n)
                                                 for v in _walk(pp, players, {}, 103, 30, n)]
    out["Pixel Pusher private"] = [lambda v=v: pixel_pusher.render_private(v, NAMES)
                                   for v in _walk(pp, 4, {}, 104, 30, n, viewer=0)]
    return out


def _pt_card_kinds(quick: bool) -> dict[str, list[Callable[[], bytes]]]:
    """Pixel Tactics images of issue 11: Chase Leader and Base faces, pages of /pt cards, decks, draft picks and
    draft tables, over the real card sets (a deck and a pick from seeded shuffles of them)."""
    from bot.games.pixel_tactics import sets

    cards, n = all_cards(), 4 if quick else 12
    rng = random.Random(11)
    duals = [c for c in cards if isinstance(c.get("leader"), dict)]
    out: dict[str, list[Callable[[], bytes]]] = {}
    out["Pixel Tactics Chase/Base card"] = [lambda c=c: pixel_tactics.render_card(c)
                                            for c in (sets.CHASE + sets.BASES)[::4]]
    every = cards + sets.CHASE + sets.BASES
    out["Pixel Tactics card page"] = [lambda k=k: pixel_tactics.render_card_page(every[k:k + 9], k // 9 + 1,
                                                                                 len(every) // 9 + 1, "All cards")
                                      for k in range(0, len(every), 9)][:n]
    decks = []
    for k in range(n):
        leaders = rng.sample(duals, 4)
        heroes = rng.sample([c for c in cards if c not in leaders], 25 + k % 6)
        decks.append({"name": f"Deck {k + 1}", "format": "standard", "owner": NAMES[k % 4], "leaders": leaders,
                      "heroes": heroes, "problems": [] if k % 3 else ["A Standard deck holds 25 to 30 Heroes."]})
    out["Pixel Tactics deck"] = [lambda d=d: pixel_tactics.render_deck(d) for d in decks]
    picks = [{"title": "Pack Draft", "status": f"Pack {k % 4 + 1} of 4 · Pick {k % 8 + 1} of 8",
              "prompt": "Pick a Hero", "cards": rng.sample(cards, 8 - k % 8),
              "pool": {"leaders": k % 5, "leaders_max": 4, "heroes": k}} for k in range(n)]
    out["Pixel Tactics draft pick"] = [lambda v=v: pixel_tactics.render_draft_pick(v) for v in picks]
    out["Pixel Tactics draft table"] = [lambda v=v: pixel_tactics.render_draft_table(v)
                                        for v in _draft_tables(6, rng)[8:8 + n]]
    return out


def _draft_tables(players: int, rng: random.Random) -> list[dict]:
    """The public table of a Pack Draft as it is posted after each pick (seats picking in a random order)."""
    pools = [[0, 0] for _ in range(players)]
    tables = []
    for pack in range(4):
        for pick in range(8):
            picked: list[int] = []
            for seat in rng.sample(range(players), players):
                picked.append(seat)
                pools[seat][0 if pick == 0 else 1] += 1
                tables.append({"title": "Pack Draft", "status": f"Pack {pack + 1} of 4 · Pick {pick + 1} of 8",
                               "seats": [{"name": f"{NAMES[s % 4]} {s + 1}", "picked": s in picked,
                                          "leaders": pools[s][0], "heroes": pools[s][1]} for s in range(players)]})
    return tables


def bare_encode_seconds(data: bytes, repeats: int = 3) -> float:
    """Return the best time of a plain level-1 PNG encode of the pixels ``data`` holds (same mode)."""
    image = Image.open(io.BytesIO(data))
    image.load()
    best = 9e9
    for _ in range(repeats):
        start = time.process_time()
        image.save(io.BytesIO(), "PNG", compress_level=1)
        best = min(best, time.process_time() - start)
    return best


def run(quick: bool = False) -> dict:
    """Per image kind: render time, bare encode time, their ratio (median over views) and PNG size.

    As players get it: a render worker warmed as the bot warms it (``render_warmup.warm_worker``), then
    every view rendered once, in game order, so a view's tiles are cached only if an earlier position
    (or the warm-up) drew them; the garbage collector stays on. Times are this process's CPU time (render
    and encode alike), so other processes on a shared machine do not decide the ratio."""
    from bot import render_warmup

    render_warmup.warm_worker()
    out = {}
    for name, jobs in cases(quick).items():
        renders, ratios, sizes, modes = [], [], [], set()
        for job in jobs:
            start = time.process_time()
            data = job()
            took = time.process_time() - start
            renders.append(took)
            ratios.append(took / bare_encode_seconds(data))
            sizes.append(len(data) / 1024)
            modes.add(Image.open(io.BytesIO(data)).mode)
        out[name] = {**summary(renders), "ratio": round(statistics.median(ratios), 2),
                     "png_kib": round(max(sizes), 1), "mode": "/".join(sorted(modes))}
    bench_pt_teams.annotate(out)
    return out


def check(result: dict) -> list[str]:
    """Return one sentence per image kind that misses a goal."""
    missed = []
    for name, row in result.items():
        if row["ratio"] > MAX_RATIO:
            missed.append(f"{name}: render is {row['ratio']}× a bare level-1 encode (goal ≤ {MAX_RATIO}×)")
        if row["png_kib"] > MAX_KIB:
            missed.append(f"{name}: {row['png_kib']} KiB (goal ≤ {MAX_KIB:.0f} KiB)")
    return missed + bench_pt_teams.check(result)
