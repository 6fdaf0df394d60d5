"""Helpers of the computer players' end-to-end tests: waiting for the member's turn, the checks every
game with a computer seat must pass (no computer mentioned, nothing sent to one)."""

from __future__ import annotations

import asyncio
import json
import time

from tests.e2e.harness import TIMEOUT
from tests.fakediscord.patience import patience


async def member_turn(bot, game_id: int, seats: set[int]):
    """Wait until the game is over (return ``None``) or one of ``seats`` has a decision pending and the
    latest state was posted; return the table then."""
    end = time.monotonic() + patience(TIMEOUT)
    while time.monotonic() < end:
        table = await bot.tables.load(game_id)
        row = table.row
        posted = row.posted_version is not None and row.posted_version >= row.version
        if row.status != "running" and posted and not bot.computers.busy(game_id):
            return None
        if row.status == "running" and posted and any(d.player in seats for d in table.pending()):
            return table
        await asyncio.sleep(0.01)
    raise AssertionError(f"game {game_id}: the computer never handed the turn back")


def assert_no_computer_addressed(fake) -> None:
    """No message mentions a computer seat, and the bot never opened a DM with one."""
    for message in fake.all_messages(include_ephemeral=True):
        text = json.dumps({"c": message.content, "comp": message.components})
        assert "<@-" not in text, message.content
        assert all(u.id > 0 for u in message.mentions)
    for request in fake.requests_to("POST", "/users/@me/channels"):
        assert int(request.body["recipient_id"]) > 0, request.body
    fake.assert_no_violations()
