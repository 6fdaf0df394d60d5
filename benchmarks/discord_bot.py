"""The bot under benchmark, in a process of its own: ``python -m benchmarks.discord_bot API GATEWAY TOKEN DB``.

It builds the bot as ``pixel-parlor run`` does (render workers from ``PARLOR_RENDER_WORKERS``), points
discord.py at the loopback fake, and prints one line ``READY {json}`` once the bot is fully ready:
``setup_hook`` done (database open, render workers warmed, cogs loaded, commands synced), the gateway's
READY received and the start-up recovery finished. It runs until its standard input closes; the line
``profile PATH`` on its standard input starts cProfile on the event loop's thread, ``dump`` writes it to PATH,
``lag`` prints ``LAG {json}``: how late a 5 ms timer of the event loop fired since the last ``lag`` (p50/p99/max),
``times`` prints ``TIMES {json}``: for each interaction since the last ``times``, when the bot parsed it and when
it called the interaction callback (``time.perf_counter()``: the system's monotonic clock, as the driver's).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
import time

import aiohttp
import discord
import yarl

from benchmarks.stats import LoopLag
from bot.app import build_bot
from bot.config import Config, load_config

try:
    from bot import render_pool
except ImportError:  # an older bot, measured for comparisons
    render_pool = None

#: interaction id → [parsed, callback called, callback request's headers written] (perf_counter seconds)
TIMES: dict[int, list[float]] = {}
#: when the bot's HTTP client opened each new connection
CONNECTIONS: list[float] = []


def _instrument() -> None:
    """Record when each interaction is parsed and when its callback (the acknowledgement) is called."""
    from discord.state import ConnectionState
    from discord.webhook.async_ import AsyncWebhookAdapter

    parse = ConnectionState.parse_interaction_create
    respond = AsyncWebhookAdapter.create_interaction_response

    def parse_interaction_create(self, data):
        TIMES[int(data["id"])] = [time.perf_counter()]
        return parse(self, data)

    def create_interaction_response(self, interaction_id, token, **kwargs):
        TIMES.setdefault(int(interaction_id), [0.0]).append(time.perf_counter())
        return respond(self, interaction_id, token, **kwargs)

    ConnectionState.parse_interaction_create = parse_interaction_create
    AsyncWebhookAdapter.create_interaction_response = create_interaction_response


def _trace() -> aiohttp.TraceConfig:
    """Record when the headers of each interaction callback request were written, and new connections."""
    trace = aiohttp.TraceConfig()

    async def headers_sent(session, context, params) -> None:
        parts = params.url.path.split("/")
        if len(parts) > 5 and parts[-1] == "callback" and parts[-4] == "interactions":
            TIMES.setdefault(int(parts[-3]), [0.0, 0.0]).append(time.perf_counter())

    async def connection_created(session, context, params) -> None:
        CONNECTIONS.append(time.perf_counter())

    trace.on_request_headers_sent.append(headers_sent)
    trace.on_connection_create_end.append(connection_created)
    return trace


async def _serve(api: str, gateway: str, token: str, db_path: str, seed: int) -> None:
    discord.http.Route.BASE = api
    _instrument()
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    # (older versions of the bot, measured for comparisons, have no render_workers setting)
    workers = getattr(load_config(need_token=False), "render_workers", None)
    extra = {"render_workers": workers} if workers is not None else {}
    bot = build_bot(Config(token=token, db_path=db_path, **extra), seed_source=lambda: seed)
    bot.http.http_trace = _trace()
    task = asyncio.create_task(bot.start(token), name="bot")
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, return_when=asyncio.FIRST_COMPLETED, timeout=60)
    if ready not in done:
        ready.cancel()
        if task in done:
            task.result()
        raise TimeoutError("the bot did not become ready within 60 s")
    lobby = bot.get_cog("LobbyCog")
    for _ in range(600):  # the recovery of unposted games runs from on_ready: let it finish first
        if lobby is None or getattr(lobby, "_recovered", True):
            break
        await asyncio.sleep(0.05)
    if bot.render_warm is not None:  # fully ready: the render workers warmed too
        await bot.render_warm
    await asyncio.sleep(0.2)
    pool = render_pool.current() if hasattr(render_pool, "current") else None
    info = {"pid": os.getpid(), "render_workers": pool.workers if pool else -1, "render_pids": pool.pids() if pool else []}
    print("READY " + json.dumps(info), flush=True)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    commands = _Commands(stop)
    loop.add_reader(sys.stdin.fileno(), commands.read)
    commands.lag.start()
    waiter = asyncio.create_task(stop.wait())
    await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
    loop.remove_reader(sys.stdin.fileno())
    waiter.cancel()
    commands.lag.stop()
    await asyncio.wait_for(bot.close(), 15)
    with contextlib.suppress(asyncio.CancelledError, TimeoutError):
        await asyncio.wait_for(task, 15)
    if pool is not None:
        pool.shutdown()


class _Commands:
    """Lines on standard input: ``profile PATH``, ``dump``, ``lag``, ``times``; end of input stops the bot."""

    def __init__(self, stop: asyncio.Event):
        self.stop = stop
        self.buffer = b""
        self.profiler = None
        self.path = ""
        self.lag = LoopLag()

    def read(self) -> None:
        """Handle what arrived on standard input."""
        data = os.read(sys.stdin.fileno(), 4096)
        if not data:
            self.stop.set()
            return
        self.buffer += data
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            word, _, rest = line.decode().strip().partition(" ")
            if word == "profile":
                import cProfile

                self.profiler, self.path = cProfile.Profile(), rest
                self.profiler.enable()
            elif word == "lag":
                print("LAG " + json.dumps(self.lag.take()), flush=True)
            elif word == "times":
                print("TIMES " + json.dumps({**TIMES, "connections": len(CONNECTIONS)}), flush=True)
                TIMES.clear()
                CONNECTIONS.clear()
            elif word == "dump" and self.profiler is not None:
                self.profiler.disable()
                self.profiler.dump_stats(self.path)
                self.profiler = None
                print("DUMPED", flush=True)


def main(argv: list[str]) -> int:
    """Run the bot against the fake at ``argv`` until standard input closes."""
    api, gateway, token, db_path = argv[:4]
    seed = int(argv[4]) if len(argv) > 4 else 1234
    logging.basicConfig(level=logging.WARNING, format="bot %(levelname)s %(name)s: %(message)s")
    asyncio.run(_serve(api, gateway, token, db_path, seed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
