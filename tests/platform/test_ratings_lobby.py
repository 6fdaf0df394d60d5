"""The /play ``rated`` option through the loopback Discord: rated:False marks the table Unrated in its lobby
text and its result leaves the ratings unchanged; by default a game is rated."""

from __future__ import annotations

from storage import ratings as store
from tests.e2e.harness import open_table_for, parlor, resign
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def test_play_rated_false_is_unrated_and_says_so(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with parlor(fake, str(tmp_path / "r.sqlite3")) as bot:
        unrated, lobby = await open_table_for(fake, bot, [ann, ben], "tixel", {"rated": False}, thread=False)
        assert (await bot.tables.load(unrated)).row.options["rated"] is False
        first = fake.messages(fake.games)[0]
        assert first.id == lobby.id and "Unrated: the result does not change ratings" in first.content
        await resign(fake, ann, fake.games, {"game": unrated})
        assert (await bot.tables.load(unrated)).row.status == "finished"
        assert await store.result_of(bot.tables.db, unrated) is None
        assert await bot.tables.ratings.boards(fake.guild_id) == []

        rated, lobby = await open_table_for(fake, bot, [ann, ben], "tixel", thread=False)
        assert "rated" not in (await bot.tables.load(rated)).row.options
        assert "Unrated" not in next(m for m in fake.messages(fake.games) if m.id == lobby.id).content
        await resign(fake, ann, fake.games, {"game": rated})
        board = await bot.tables.ratings.leaderboard(fake.guild_id, "tixel")
        assert [(b.user_id, b.games, b.wins) for b in board] == [(ben.id, 1, 1), (ann.id, 1, 0)]
