"""Replies that quote what a member typed cut the quote and show it as plain text: a reply never
exceeds Discord's 2,000 characters, whatever was typed."""

from __future__ import annotations

from tests.e2e.harness import TIMEOUT, open_table_for, parlor
from tests.e2e.tixel_play import board_post
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.fakediscord.messages import MENTION_RE


async def test_typed_text_is_quoted_short_and_plain(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Eli"), fake.add_member("Fay")]
    async with parlor(fake, str(tmp_path / "q.sqlite3"), seed=3) as bot:
        game_id, _ = await open_table_for(fake, bot, users, "tixel")
        table, decision, _ = await board_post(fake, bot, game_id)
        mover, channel = users[decision.player], table.row.post_channel_id

        async def move(text):
            return await (await fake.slash(mover, "tixel", {"move": text}, subcommand="move",
                                           channel=channel)).wait_final(TIMEOUT)

        long = await move("no such move " * 150)  # 1,950 characters
        assert long.ephemeral and len(long.content) < 400, len(long.content)
        assert long.content.startswith("Could not read “no such move no such move no such move…”: write e.g.")
        # markdown and mentions in what was typed show as typed, never formatted or pinging
        marked = await move(f"**c9**<@{users[1].id}>")
        assert marked.ephemeral and f"\\*\\*c9\\*\\*<@\u200b{users[1].id}>" in marked.content, marked.content
        assert not MENTION_RE.search(marked.content)
        assert (await bot.tables.load(game_id)).row.version == table.row.version

        card = await (await fake.slash(mover, "pt", {"name": "Dragon " * 400}, subcommand="card",
                                       channel=channel)).wait_final(TIMEOUT)
        assert card.ephemeral and card.content.startswith("No card is called “Dragon Dragon")
        assert len(card.content) < 200 and "…”" in card.content
        assert fake.violations == []
