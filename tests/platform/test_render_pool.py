"""The render pool: renders run in worker processes at once, and a dead worker is replaced."""

from __future__ import annotations

import asyncio
import io
import os
import signal

from PIL import Image

from benchmarks.bench_render import NAMES, sample_views
from bot import render_pool
from rendering import pixies


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


async def test_renders_run_in_several_workers_and_match_the_in_process_render():
    pool = render_pool.RenderPool(2)
    try:
        pids = await pool.warm()
        assert len(set(pids)) == 2 and os.getpid() not in pids
        middle, final = sample_views(3)
        jobs = [pool.run(pixies.render_table, middle, NAMES[:3]) for _ in range(6)]
        jobs.append(pool.run(pixies.render_final, final, NAMES[:3]))
        out = await asyncio.gather(*jobs)
        assert out[0] == pixies.render_table(middle, NAMES[:3])  # same bytes as rendered here
        assert len(set(out[:6])) == 1
        assert _png(out[-1]).size[0] == 800
    finally:
        pool.shutdown()


async def test_a_killed_worker_is_replaced_and_the_render_retried():
    pool = render_pool.RenderPool(2)
    try:
        await pool.warm()
        for pid in pool.pids():
            os.kill(pid, signal.SIGKILL)
        middle, _ = sample_views(2)
        data = await pool.run(pixies.render_table, middle, NAMES[:2])
        assert _png(data).mode == "P"
        assert pool.restarts == 1
        again = await asyncio.gather(*(pool.run(pixies.render_table, middle, NAMES[:2]) for _ in range(3)))
        assert set(again) == {data}
    finally:
        pool.shutdown()


async def test_the_old_design_renders_in_one_thread_with_the_optimising_encoder():
    pool = render_pool.RenderPool(0)
    try:
        middle, _ = sample_views(2)
        old = await pool.run(pixies.render_table, middle, NAMES[:2])
        new = pixies.render_table(middle, NAMES[:2])
        assert pool.pids() == []
        assert _png(old).tobytes() == _png(new).tobytes()  # the same picture, encoded differently
        assert len(old) < len(new)
    finally:
        pool.shutdown()
