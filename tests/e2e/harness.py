"""Helpers for end-to-end tests: run the real bot against the fake Discord and play as its users."""

from __future__ import annotations

import asyncio
import contextlib
import io
import random
import time
from collections.abc import AsyncIterator

from PIL import Image

from bot.app import ParlorBot, build_bot
from bot.config import Config
from tests.fakediscord import Channel, FakeDiscord, Message, User
from tests.fakediscord.fixtures import running_bot
from tests.pgserver import backend_target

TIMEOUT = 15.0
#: an hour, in seconds (deadline tests move the clock by hours)
H = 3600.0


class Clock:
    """Wall clock plus a hand-moved offset (deadline tests move it forward)."""

    def __init__(self):
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


@contextlib.asynccontextmanager
async def parlor(fake: FakeDiscord, db_path: str, seed: int = 1234, clock=None,
                 computer_delay: float = 0.0) -> AsyncIterator[ParlorBot]:
    """Run Pixel Parlor (as ``pixel-parlor run`` builds it) against the fake until the block ends.

    ``clock`` replaces the wall clock of deadlines and reminders (a callable returning seconds);
    ``computer_delay``: the computer players' visible pause (default: none).
    """
    db_path = backend_target(db_path)  # PARLOR_TEST_BACKEND=postgresql: the whole suite on PostgreSQL
    # computers: a thread, no pause unless asked
    config = Config(token=fake.token, db_path=db_path, ai_workers=0, computer_delay=computer_delay)
    extra = {"clock": clock} if clock is not None else {}
    bot = build_bot(config, seed_source=lambda: seed, **extra)
    async with running_bot(fake, bot):
        await fake.wait_commands("play", "game", "games", "pixies", "tixel", "pusher", "pt", timeout=TIMEOUT)
        if bot.render_warm is not None:  # the first images wait for no warm-up: a test's timeouts time the bot
            await asyncio.wait_for(asyncio.shield(bot.render_warm), 120)
        yield bot


def png(attachment) -> Image.Image:
    """Decode an attachment as a PNG image (fails the test if it is not one)."""
    image = Image.open(io.BytesIO(attachment.data))
    assert image.format == "PNG"
    image.load()
    return image


def buttons_with(message: Message, prefix: str) -> list[str]:
    """Return the custom ids of the message's enabled buttons starting with ``prefix``."""
    return [b.custom_id for b in message.buttons() if b.custom_id and b.custom_id.startswith(prefix)
            and not b.disabled]


async def open_table(fake: FakeDiscord, bot: ParlorBot, users: list[User], *,
                     thread: bool = True) -> tuple[int, Message]:
    """``/play game:pixies`` by the first user, the others join, the first starts; return (game id, lobby)."""
    return await open_table_for(fake, bot, users, "pixies", thread=thread)


async def open_table_for(fake: FakeDiscord, bot: ParlorBot, users: list[User], game: str,
                         extra: dict | None = None, *, thread: bool = True,
                         channel: Channel | None = None) -> tuple[int, Message]:
    """``/play game:<game>`` (with ``extra`` options) by the first user in ``channel`` (default #games of
    the default guild), the others join, the first starts; return (game id, lobby post)."""
    opener = users[0]
    options = {"game": game, **(extra or {})}
    if not thread:
        options["thread"] = False
    record = await (await fake.slash(opener, "play", options, channel=channel or fake.games)).wait_final(TIMEOUT)
    lobby = record.message
    assert lobby is not None and not record.ephemeral
    join = next(cid for cid in buttons_with(lobby, "pl:") if cid.endswith(":join"))
    game_id = int(join.split(":")[1])
    for user in users[1:]:
        rec = await (await fake.click(user, lobby, join)).wait_final(TIMEOUT)
        assert not rec.followups, rec.followups[0].content if rec.followups else ""
    start = f"pl:{game_id}:start"
    rec = await (await fake.click(opener, lobby, start)).wait_final(TIMEOUT)
    assert not rec.followups
    if game == "pixies":
        await current_post(fake, bot, game_id)  # the first turn post is up
    return game_id, lobby


async def current_post(fake: FakeDiscord, bot: ParlorBot, game_id: int) -> tuple[object, Message, list[str]]:
    """Wait for the post offering the pending decision; return (decision, message, its button ids)."""
    table = await bot.tables.load(game_id)
    decision = table.pending()[0]
    prefix = f"pg:{game_id}:{decision.player}:{decision.id}:"
    message = await fake.wait_for_message(lambda m: bool(buttons_with(m, prefix)), TIMEOUT)
    return decision, message, buttons_with(message, prefix)


async def play_until(fake: FakeDiscord, bot: ParlorBot, game_id: int, users: list[User], rng: random.Random,
                     *, max_actions: int | None = None, on_post=None) -> int:
    """Click random legal buttons as the players until the game ends (or ``max_actions``); return actions."""
    done = 0
    while max_actions is None or done < max_actions:
        table = await bot.tables.load(game_id)
        if table.row.status != "running":
            break
        decision, message, choices = await current_post(fake, bot, game_id)
        if on_post is not None:
            on_post(table, decision, message)
        user = users[table.seats[decision.player].seat]
        record = await (await fake.click(user, message, rng.choice(choices))).wait_final(TIMEOUT)
        # The clicked post is edited only after the action was committed.
        assert not record.followups, f"refused: {record.followups[0].content}"
        done += 1
    if (await bot.tables.load(game_id)).row.status == "running":
        await current_post(fake, bot, game_id)  # the next post is up before we return
    return done


async def resign(fake: FakeDiscord, user: User, channel, options: dict | None = None):
    """``/game resign`` (with ``options``) as ``user``, then **Resign** on the private question it
    answers with; return the confirming click's record (its message says what happened)."""
    asked = await (await fake.slash(user, "game", options or {}, subcommand="resign",
                                    channel=channel)).wait_final(TIMEOUT)
    assert asked.ephemeral and "Resign from" in asked.content, asked.content
    confirm = next(b.custom_id for b in asked.message.buttons() if b.custom_id.endswith(":y"))
    return await (await fake.click(user, asked.message, confirm)).wait_final(TIMEOUT)
