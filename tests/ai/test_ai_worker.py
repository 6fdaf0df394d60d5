"""The thinking worker in its process mode (the bot's): a decision runs in another process, a pool sized by
``PARLOR_AI_WORKERS`` thinks decisions of two games at once, a worker killed mid-decision is replaced and the same
decision returned, and while a computer thinks the event loop keeps answering clicks. The real budgets are used
(a monkeypatched budget would not reach the worker): cheap positions keep the tests short."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.ai import player, worker
from bot.config import ConfigError, default_ai_workers, load_config
from bot.registry import engine
from tests.ai import worker_helpers
from tests.ai.ai_helpers import positions

GOOD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcDE.abcdefghijklmnopqrstuvwxyz012345678"
#: the most a test waits for a worker to reach a step (a broken worker fails the test, never hangs it)
PATIENCE = 120.0


def _decision(game: str, level: str = "normal", players: int = 2) -> tuple:
    """``decide``'s arguments at a position of a seeded random game where the mover has a choice."""
    eng = engine(game)
    for number, state in enumerate(positions(game, players, 1)):
        if number < 6 or eng.is_terminal(state):
            continue
        seat = eng.pending(state)[0].player
        legal = eng.legal_actions(state, seat)
        if len(legal) > 2:
            return game, eng.view(state, seat), seat, legal, level, 11
    raise AssertionError(f"no position with a choice in {game}")


async def _until(check: Callable[[], bool]) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not check():
        assert loop.time() < deadline, "the worker never got there"
        await asyncio.sleep(0.01)


def _lines(mark: Path) -> list[str]:
    return mark.read_text().split() if mark.exists() else []


def test_parlor_ai_workers_sizes_the_pool_to_the_machine_by_default():
    env = {"DISCORD_TOKEN": GOOD_TOKEN}
    assert load_config(env).ai_workers == default_ai_workers() == max(1, (os.cpu_count() or 1) - 1)
    assert load_config({**env, "PARLOR_AI_WORKERS": "3"}).ai_workers == 3
    assert load_config({**env, "PARLOR_AI_WORKERS": "0"}).ai_workers == 0  # one thread in the bot's process
    for bad in ("-1", "two", "65"):
        with pytest.raises(ConfigError, match="PARLOR_AI_WORKERS"):
            load_config({**env, "PARLOR_AI_WORKERS": bad})


async def test_decisions_run_in_other_processes_two_games_at_once_with_the_in_process_answer(tmp_path):
    pool = worker.AIWorker(2)
    try:
        # each call waits until two workers have started it: only a pool thinking two decisions at once returns
        pids = await asyncio.gather(pool.call(worker_helpers.meet, str(tmp_path), 2),
                                    pool.call(worker_helpers.meet, str(tmp_path), 2))
        assert len(set(pids)) == 2 and os.getpid() not in pids and sorted(pool.pids()) == sorted(pids)
        assert await pool.call(worker.worker_pid) in pids
        for game, players in (("tixel", 2), ("pixies", 3), ("pixel-pusher", 3), ("pixel-tactics", 2)):
            args = _decision(game, players=players)
            assert await pool.decide_async(*args) == player.decide(*args) and pool.restarts == 0
    finally:
        pool.shutdown()


async def test_a_worker_killed_mid_decision_is_replaced_and_the_same_decision_returned(tmp_path):
    args = _decision("pixies", players=3)
    mark = tmp_path / "mark"
    pool = worker.AIWorker(1)
    try:
        thinking = asyncio.ensure_future(pool.call(worker_helpers.think_until_killed, str(mark), *args))
        await _until(lambda: bool(_lines(mark)))
        first = int(_lines(mark)[0])
        assert first != os.getpid() and pool.pids() == [first]
        os.kill(first, signal.SIGKILL)  # mid-decision: the worker is thinking until it is killed
        assert await thinking == player.decide(*args)
        assert pool.restarts == 1
        assert pool.pids() and first not in pool.pids()  # a new worker made the decision again
        assert await pool.decide_async(*args) == player.decide(*args) and pool.restarts == 1
    finally:
        pool.shutdown()


class Clicks:
    """A fake click's round trip on the event loop: the click is queued, a handler task answers it after 1 ms of
    "Discord" (an awaited sleep, as a real reply awaits the network)."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[asyncio.Future] = asyncio.Queue()
        self.answered = 0

    async def handle(self) -> None:
        while True:
            clicked = await self.queue.get()
            await asyncio.sleep(0.001)
            self.answered += 1
            clicked.set_result(True)

    async def click(self) -> None:
        clicked = asyncio.get_running_loop().create_future()
        self.queue.put_nowait(clicked)
        await clicked


async def test_while_a_computer_thinks_in_its_worker_the_event_loop_answers_clicks(tmp_path):
    # the thinking: Tixel's normal search (150 iterations) made again and again in the worker until told to stop
    args = _decision("tixel")
    mark, go = tmp_path / "mark", tmp_path / "go"
    clicks = Clicks()
    handler = asyncio.create_task(clicks.handle())
    pool = worker.AIWorker(1)
    try:
        thinking = asyncio.ensure_future(pool.call(worker_helpers.think_until_told, str(mark), str(go), *args))
        await _until(lambda: bool(_lines(mark)))
        assert int(_lines(mark)[0]) != os.getpid()
        start, answered = len(_lines(mark)), clicks.answered
        while len(_lines(mark)) < start + 3:  # clicks, one after another, while the worker makes 3 decisions
            await clicks.click()
        during = clicks.answered - answered
        assert not thinking.done()
        go.touch()
        assert await thinking == player.decide(*args)
        # measured against the worker's own progress, not a clock: at least 10 clicks answered per decision made
        # (a decision is ~0.15 s of CPU; a click ~1 ms), so no click waited for the computer's thought
        assert during >= 10 * 3, during
        # the measure tells a blocked loop: the same decision made on the event loop lets no click through
        clicker = asyncio.create_task(_click_forever(clicks))
        await _until(lambda: clicks.answered > answered + during)
        before = clicks.answered
        player.decide(*args)
        assert clicks.answered == before
        clicker.cancel()
    finally:
        handler.cancel()
        pool.shutdown()


async def _click_forever(clicks: Clicks) -> None:
    while True:
        await clicks.click()
