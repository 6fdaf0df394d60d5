"""Helpers of the tournament e2e tests: open and fill a tournament through Discord, finish its games by
resignations, and find each game's pairing post and thread."""

from __future__ import annotations

import asyncio
import time

from tests.e2e.harness import TIMEOUT
from tests.fakediscord import FakeDiscord, Message, User
from tests.fakediscord.patience import patience


async def click(fake: FakeDiscord, user: User, message: Message, custom_id: str):
    """Click a button and wait for the bot's final answer."""
    return await (await fake.click(user, message, custom_id)).wait_final(TIMEOUT)


def refusal(record) -> str:
    """Return the ephemeral refusal an interaction got."""
    answers = [m for m in [record.message, *record.followups] if m is not None and m.ephemeral]
    assert answers, "expected an ephemeral refusal"
    return answers[-1].content


async def create(fake: FakeDiscord, organiser: User, options: dict) -> tuple[int, Message]:
    """``/tournament create`` in the games channel; return (tournament id, its post)."""
    rec = await (await fake.slash(organiser, "tournament", options, subcommand="create",
                                  channel=fake.games)).wait_final(TIMEOUT)
    post = rec.message
    assert post is not None and not rec.ephemeral, rec.content
    join = next(b.custom_id for b in post.buttons() if b.custom_id.endswith(":join"))
    return int(join.split(":")[1]), post


async def wait_for(check, what: str):
    """Poll ``check`` (an async callable) until it returns something true; return it."""
    end = time.monotonic() + patience(TIMEOUT)
    while time.monotonic() < end:
        found = await check()
        if found:
            return found
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


async def running_games(bot, tid: int) -> list:
    """Return the tournament's running games (tables), once each has been posted."""
    tables = []
    for game in await bot.tables.tournaments.played(tid):
        if game.status != "running" or game.voided:
            continue
        table = await bot.tables.load(game.game_id)
        if table.row.posted_version is None or table.row.posted_version < table.row.version:
            return []  # still being posted
        tables.append(table)
    return tables


async def settled(bot, tid: int) -> bool:
    """Return whether every game of the tournament has been posted (its latest state)."""
    for game in await bot.tables.tournaments.played(tid):
        row = (await bot.tables.load(game.game_id)).row
        if row.posted_version is None or row.posted_version < row.version:
            return False
    return True


def pairing_post(fake: FakeDiscord, table) -> Message:
    """Return the pairing post of a game in the tournament's channel (it starts the game's thread)."""
    found = [m for m in fake.messages(fake.games) if f"**{table.title}**" in m.content and m.content.startswith("⚔️")]
    assert len(found) == 1, [m.content for m in found]
    return found[0]


def check_posted(fake: FakeDiscord, table, match) -> None:
    """Assert a game was posted as it should: its pairing post mentions exactly the match's players, and it
    is played in a thread of the tournament's channel whose first post is its table."""
    post = pairing_post(fake, table)
    assert sorted(u.id for u in post.mentions) == sorted(match.players) == sorted(s.user_id for s in table.seats)
    assert table.row.thread_id is not None
    thread = fake.channel(table.row.thread_id)
    assert thread in fake.threads(fake.games)
    assert thread.name == f"{table.title} — tournament #{table.row.options['tournament']['id']}, round {match.round}"
    assert any(m.attachments and f"pg:{table.id}:" in "".join(b.custom_id or "" for b in m.buttons())
               for m in fake.messages(thread)), f"no table post in the thread of {table.title}"


async def resign_in_thread(fake: FakeDiscord, bot, user: User, table) -> None:
    """``/game resign`` in the game's thread, confirmed."""
    thread = fake.channel(table.row.thread_id)
    asked = await (await fake.slash(user, "game", {}, subcommand="resign", channel=thread)).wait_final(TIMEOUT)
    assert asked.ephemeral and "Resign from" in asked.content, asked.content
    confirm = next(b.custom_id for b in asked.message.buttons() if b.custom_id.endswith(":y"))
    await (await fake.click(user, asked.message, confirm)).wait_final(TIMEOUT)
