"""Opening a Pixel Tactics team table through the loopback Discord (for the team modes' e2e tests): the team lobby
starts by itself when its last seat is taken, so there is no Start click (``harness.open_table_for`` clicks it)."""

from __future__ import annotations

from bot.app import ParlorBot
from tests.e2e.harness import TIMEOUT, buttons_with
from tests.fakediscord import FakeDiscord, Message, User


async def open_team_table(fake: FakeDiscord, bot: ParlorBot, users: list[User], mode: str,
                          extra: dict | None = None, *, thread: bool = True) -> tuple[int, Message]:
    """``/play game:pixel-tactics mode:<mode>`` (with ``extra`` options) by the first user, the others join in
    order (seat = join order) and the table starts with the last one; return (game id, lobby post)."""
    options = {"game": "pixel-tactics", "mode": mode, **(extra or {})}
    if not thread:
        options["thread"] = False
    record = await (await fake.slash(users[0], "play", options, channel=fake.games)).wait_final(TIMEOUT)
    lobby = record.message
    assert lobby is not None and not record.ephemeral, record.content
    join = next(cid for cid in buttons_with(lobby, "pl:") if cid.endswith(":join"))
    game_id = int(join.split(":")[1])
    for user in users[1:]:
        rec = await (await fake.click(user, lobby, join)).wait_final(TIMEOUT)
        assert not rec.followups, rec.followups[0].content if rec.followups else ""
    table = await bot.tables.load(game_id)
    assert table.row.status == "running", "a full team table starts by itself"
    return game_id, lobby
