"""Render workers run below the bot's event loop, so a click's acknowledgement never waits for a render."""

from __future__ import annotations

import os

from bot import render_pool


async def test_render_workers_run_at_a_lower_priority_than_the_bot():
    pool = render_pool.RenderPool(2)
    try:
        pids = await pool.warm()
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        expected = min(19, mine + render_pool.WORKER_NICENESS)
        assert [os.getpriority(os.PRIO_PROCESS, pid) for pid in set(pids)] == [expected] * len(set(pids))
        assert os.getpriority(os.PRIO_PROCESS, 0) == mine  # the bot's own process is unchanged
    finally:
        pool.shutdown()


async def test_the_old_design_keeps_the_bots_priority():
    pool = render_pool.RenderPool(0)
    try:
        before = os.getpriority(os.PRIO_PROCESS, 0)
        await pool.warm()
        assert os.getpriority(os.PRIO_PROCESS, 0) == before
    finally:
        pool.shutdown()
