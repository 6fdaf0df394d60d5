"""Pixel Pusher's table options through the loopback Discord: the scanlines house rule and the content version
a new table settles; the option refused for another game."""

from __future__ import annotations

from tests.e2e.harness import TIMEOUT, open_table_for, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def test_scanlines_option_and_content_version(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ada", "Bob")]
    async with parlor(fake, str(tmp_path / "opts.sqlite3")) as bot:
        refused = await (await fake.slash(users[0], "play", {"game": "tixel", "scanlines": 2},
                                          channel=fake.games)).wait_final(TIMEOUT)
        assert refused.ephemeral and "`scanlines` option is for Pixel Pusher only" in refused.content

        game_id, lobby = await open_table_for(fake, bot, users, "pixel-pusher", {"scanlines": 2}, thread=False)
        table = await bot.tables.load(game_id)
        assert table.row.options["game"] == {"scanlines": 2, "content": 3}  # settled at the start
        assert table.state["content"] == 3 and table.state["max_fills"] == 2
        shown = await fake.wait_for_message(lambda m: m.id == lobby.id and "has started" in m.content, TIMEOUT)
        assert "scanlines = 2" in shown.content

        plain, _ = await open_table_for(fake, bot, users, "pixel-pusher", thread=False)
        table = await bot.tables.load(plain)
        assert table.row.options["game"] == {"content": 3} and table.state["max_fills"] == 1
