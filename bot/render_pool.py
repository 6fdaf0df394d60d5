"""Rendering off the event loop: a pool of worker processes, one per core, shared by the process.

Each render is a pure function from a view to PNG bytes, so it can run in any worker: one game's
image never waits for another's while a core is free. The workers are started and warmed (the
renderers imported, the fonts loaded) when the bot starts. A worker that dies (killed, out of
memory) breaks the pool: it is replaced and the render tried once more.

``workers=0`` keeps the old design for comparisons: one render thread in the bot's process, with
the old optimising PNG encoder.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

log = logging.getLogger("parlor.render")

#: modules every worker imports before its first job (the fork server preloads them too)
RENDERERS = ("rendering.pixies", "rendering.pixies_scores", "rendering.tixel", "rendering.pixel_tactics",
             "rendering.pixel_tactics_hand", "rendering.pixel_tactics_cards", "rendering.pixel_pusher",
             "rendering.replay")


def warm_worker() -> int:
    """Import the renderers and load the fonts in this worker; return its process id."""
    import importlib

    from rendering import theme

    for name in RENDERERS:
        module = importlib.import_module(name)
        if callable(getattr(module, "warm", None)):  # a renderer that caches tiles draws its common ones
            try:
                module.warm()
            except Exception:  # a warm-up never stops the pool: the first real render draws its tiles
                log.warning("warming %s failed", name, exc_info=True)
    for px in (12, 14, 16, 18, 20, 24, 28, 32):
        theme.font(px)
        theme.font(px, bold=True)
    _warm_tiles()
    _warm_card_faces()
    _warm_pixel_pusher()
    return os.getpid()


def _warm_tiles() -> None:
    """Render a few views of seeded Pixies and Tixel games, so that this worker's palette tiles (spaces,
    card backs, panels, the empty board, pieces, labels) are drawn before a game's first image needs them."""
    import random

    from bot.games.pixies import PixiesEngine
    from bot.games.tixel import TixelEngine
    from rendering import pixies, tixel

    try:
        from bot.games.pixies.cards import ALL_IDS, card_dict

        pixies.warm_faces([card_dict(i) for i in ALL_IDS])  # every card face, in a space and on offer
        for engine, render, players in ((PixiesEngine(), pixies.render_table, 4), (TixelEngine(), tixel.render_board, 2)):
            rng, state = random.Random(0), engine.new_game(players, {}, 0)
            for step in range(33):
                if engine.is_terminal(state):
                    break
                if step % 8 == 0:
                    render(engine.view(state, None), [f"Player {k + 1}" for k in range(players)])
                decision = engine.pending(state)[0]
                state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
    except Exception:  # a warm-up never stops the pool: the first real render draws its tiles instead
        log.warning("warming the render tiles failed", exc_info=True)


def _warm_card_faces() -> None:
    """Draw every Pixel Tactics card face (``/pt card``) and every card as a hand shows it, so that a
    card or hand image pastes its texts and cards instead of laying them out."""
    from bot.games.pixel_tactics.sets import all_cards
    from rendering import pixel_tactics

    try:
        cards = all_cards()
        for card in cards:
            pixel_tactics.render_card(card)
        seats = [{"unit": {}, "reserve": [], "hand": 5, "hand_size": 5, "deck": 20, "discard": []} for _ in range(2)]
        view = {"phase": "turn", "round": 1, "wave": "V", "turn": 1, "first": 0, "actions_left": 2,
                "match": {"target": 2, "game": 1}, "players": seats, "you": 0}
        for k in range(0, len(cards), 5):  # hands of five: drawn at full size, as most hands are
            pixel_tactics.render_hand({**view, "hand": cards[k:k + 5]}, ["Player 1", "Player 2"])
    except Exception:  # a warm-up never stops the pool: the first real render draws its tiles instead
        log.warning("warming the card faces failed", exc_info=True)


def _warm_pixel_pusher() -> None:
    """Draw every Pixel Pusher machine card (installed and in a hand), every image card untouched, and a few
    positions of seeded 2- and 4-player games (texts, pixels, panels), as the first images of a game need."""
    import random

    from bot.games.pixel_pusher import PixelPusherEngine
    from bot.games.pixel_pusher.content import (
        ABILITY_CARDS,
        IMAGE_CARDS,
        MACHINE_CARDS,
        ability_dict,
        machine_dict,
    )
    from bot.games.pixel_pusher.view import image_dict
    from rendering import pixel_pusher
    from rendering.pixel_pusher_parts import look_of

    try:
        engine = PixelPusherEngine()
        for players in (2, 4):
            names = [f"Player {k + 1}" for k in range(players)]
            rng, state = random.Random(0), engine.new_game(players, {}, 0)
            for step in range(40):
                if engine.is_terminal(state):
                    break
                if step % 4 == 0:
                    pixel_pusher.render_board(engine.view(state, None), names)
                    pixel_pusher.render_private(engine.view(state, 0), names)
                decision = rng.choice(engine.pending(state))
                state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))
        view = engine.view(state, 0)
        cards = [machine_dict(c["id"]) for c in MACHINE_CARDS]
        looks = list({look_of(c): c for c in cards}.values())  # one card of each look
        for k, seat in enumerate(view["seats"]):
            seat["slots"] = [[c] for c in looks[6 * k: 6 * k + 6]] + [[] for _ in range(6 - len(looks[6 * k: 6 * k + 6]))]
        view["images"] = [image_dict({"id": c["id"], "filled_by": [None] * 4}) for c in IMAGE_CARDS]
        pixel_pusher.render_board(view, names)
        for card in looks + [ability_dict(a["id"]) for a in ABILITY_CARDS]:  # each face as most hand rows size it
            private = {**(view.get("private") or {}), "hand": [card], "working": None}
            pixel_pusher.render_private({**view, "phase": "draft", "private": private}, names)
        for rnd in range(1, 9):  # every round's title row with every status a private image shows
            for phase in ("draft", "build", "collect", "convert", "score", "finished"):
                for to_act in ([0], []):
                    pixel_pusher.render_private({"players": 4, "you": 0, "round": rnd, "phase": phase,
                                                 "to_act": to_act, "seats": [], "private": {}}, names)
    except Exception:  # a warm-up never stops the pool: the first real render draws its tiles instead
        log.warning("warming the Pixel Pusher tiles failed", exc_info=True)


#: how much lower than the bot's event loop the render workers run (a ``nice`` increment)
WORKER_NICENESS = 10


def lower_priority() -> None:
    """Run this render worker below the bot's event loop: on a busy machine a click is acknowledged and
    posted before a queued render takes the core (the renders then use what the loop leaves)."""
    try:
        os.nice(WORKER_NICENESS)
    except OSError:  # not allowed here: the worker keeps the bot's priority
        log.info("could not lower the render workers' priority")


def _legacy_job(fn: Callable[..., bytes], *args) -> bytes:
    from rendering import theme

    with theme.legacy_encoder():
        return fn(*args)


class RenderPool:
    """Runs rendering functions in worker processes (or, with ``workers=0``, one thread)."""

    def __init__(self, workers: int):
        self.workers = workers
        self._executor: Executor | None = None
        self._lock = threading.Lock()
        #: how many times a broken pool was replaced
        self.restarts = 0

    def _make(self) -> Executor:
        if self.workers <= 0:
            return ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlor-render")
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(RENDERERS))
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=lower_priority)

    def executor(self) -> Executor:
        """Return the live executor, creating it if needed."""
        with self._lock:
            if self._executor is None:
                self._executor = self._make()
            return self._executor

    def _replace(self, broken: Executor) -> None:
        with self._lock:
            if self._executor is broken:
                self.restarts += 1
                broken.shutdown(wait=False, cancel_futures=True)
                self._executor = self._make()

    async def warm(self) -> list[int]:
        """Start every worker and load the renderers and fonts in each; return the worker pids."""
        loop = asyncio.get_running_loop()
        count = max(1, self.workers)
        return list(await asyncio.gather(*(loop.run_in_executor(self.executor(), warm_worker)
                                           for _ in range(count))))

    async def run(self, fn: Callable[..., bytes], *args) -> bytes:
        """Run ``fn(*args)`` in a worker; a broken pool is replaced and the job tried once more."""
        loop = asyncio.get_running_loop()
        job, job_args = (_legacy_job, (fn, *args)) if self.workers <= 0 else (fn, args)
        executor = self.executor()
        try:
            return await loop.run_in_executor(executor, job, *job_args)
        except BrokenProcessPool:
            log.warning("a render worker died; starting a new pool and trying again")
            self._replace(executor)
            return await loop.run_in_executor(self.executor(), job, *job_args)

    def pids(self) -> list[int]:
        """Return the process ids of the live workers (none for the thread design)."""
        executor = self._executor
        if isinstance(executor, ProcessPoolExecutor):
            return [p.pid for p in (executor._processes or {}).values()]
        return []

    def shutdown(self) -> None:
        """Stop the workers."""
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(wait=True, cancel_futures=True)
                self._executor = None


_POOLS: dict[int, RenderPool] = {}


def pool_for(workers: int) -> RenderPool:
    """Return the process-wide pool with this many workers (bots of one process share it)."""
    if workers not in _POOLS:
        _POOLS[workers] = RenderPool(workers)
    return _POOLS[workers]


_CURRENT: list[RenderPool] = []


def use(pool: RenderPool) -> None:
    """Make ``pool`` the one ``render`` uses (the bot calls this when it starts)."""
    _CURRENT[:] = [pool]


def current() -> RenderPool:
    """Return the pool in use (by default one worker per core)."""
    if not _CURRENT:
        _CURRENT.append(pool_for(os.cpu_count() or 1))
    return _CURRENT[0]


async def render(fn: Callable[..., bytes], *args) -> bytes:
    """Render ``fn(*args)`` to PNG bytes off the event loop."""
    return await current().run(fn, *args)
