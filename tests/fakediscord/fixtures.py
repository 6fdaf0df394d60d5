"""Pytest fixtures and helpers: start the fake, point discord.py at it, run a bot, fail on violations."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord
import pytest
import pytest_asyncio

from .driver import FakeDiscord


@contextlib.contextmanager
def patch_discord(fake: FakeDiscord) -> Iterator[None]:
    """Point discord.http.Route.BASE and DiscordWebSocket.DEFAULT_GATEWAY at the fake; restore on exit."""
    old_base, old_gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = fake.gateway_url
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


@contextlib.asynccontextmanager
async def fake_discord_running(**kwargs: Any) -> AsyncIterator[FakeDiscord]:
    """Start a FakeDiscord (kwargs go to its constructor), patch discord.py, stop and restore afterwards."""
    fake = FakeDiscord(**kwargs)
    await fake.start()
    try:
        with patch_discord(fake):
            yield fake
    finally:
        await fake.stop()


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, bot: discord.Client, timeout: float = 60.0) -> AsyncIterator[discord.Client]:
    """Run `bot.start(fake.token)` as a task until the fake saw it get READY; close it on exit. The bot's start
    warms its render and computer-player workers, which a loaded shared machine may take many seconds to do:
    ``timeout`` only keeps a broken start from hanging the test."""
    before = fake.identify_count
    task = asyncio.create_task(bot.start(fake.token), name="bot-under-test")
    try:
        waiter = asyncio.create_task(fake.wait_ready(timeout, min_identifies=before + 1))
        done, _ = await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            waiter.cancel()
            task.result()  # re-raise the bot's startup error
            raise AssertionError("bot.start() returned before the bot became ready")
        waiter.result()
        yield bot
    finally:
        await stop_bot(fake, bot, task)


def session_ids(bot: discord.Client) -> set[str]:
    """Return the gateway session ids of a bot's connections (one per shard it runs)."""
    shards = getattr(bot, "shards", None)  # an AutoShardedClient: {shard id: ShardInfo}
    sockets = [info._parent.ws for info in shards.values()] if isinstance(shards, dict) else [bot.ws]
    return {ws.session_id for ws in sockets if ws is not None and getattr(ws, "session_id", None)}


async def stop_bot(fake: FakeDiscord, bot: discord.Client, task: asyncio.Task[Any], timeout: float = 10.0) -> None:
    """Close a bot started with bot.start() and wait until its task and its own gateway sessions ended (another
    bot of the test may stay connected)."""
    mine = session_ids(bot)
    await asyncio.wait_for(bot.close(), timeout)
    try:
        await asyncio.wait_for(task, timeout)
    except asyncio.CancelledError:
        pass
    with contextlib.suppress(TimeoutError):
        await fake.wait_until(lambda: not any(s.session_id in mine for s in fake.active_sessions()), timeout,
                              "the bot's gateway sessions to end")


def fail_on_violations(fake: FakeDiscord) -> None:
    """pytest.fail listing every violation the fake recorded (no-op when there are none)."""
    if fake.violations:
        pytest.fail(f"fake Discord recorded {len(fake.violations)} violation(s):\n{fake.format_violations()}",
                    pytrace=False)


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord with discord.py patched to use it; the test fails at teardown on violations."""
    async with fake_discord_running() as fake:
        yield fake
    fail_on_violations(fake)
