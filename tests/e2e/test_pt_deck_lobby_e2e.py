"""Built decks at a Pixel Tactics table through the loopback Discord: each player's private deck choice, the
decks locked (edits refused with the game's number) while the match runs, and free again once it ends."""

from __future__ import annotations

from bot.games.pixel_tactics import sets
from tests.e2e.harness import TIMEOUT, buttons_with, parlor, resign
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


def standard(name: str, offset: int) -> dict:
    """A valid Standard deck: 4 Leaders and 25 Heroes taken from the two core sets from ``offset``."""
    cards = sets.set_keys("core") + sets.set_keys("core2")
    cards = cards[offset:] + cards[:offset]
    return {"name": name, "format": "standard", "leaders": cards[:4], "heroes": cards[4:29]}


async def test_decks_are_chosen_privately_locked_while_played_and_freed_at_the_end(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada, ben = fake.add_member("Ada"), fake.add_member("Ben")
    async with parlor(fake, str(tmp_path / "l.sqlite3")) as bot:
        decks = bot.tables.decks
        await decks.save(fake.guild_id, ada.id, standard("Red Fox", 0))
        await decks.save(fake.guild_id, ben.id, standard("Blue Owl", 20))
        opened = await (await fake.slash(ada, "play", {"game": "pixel-tactics", "deck": "red fox", "thread": False},
                                         channel=fake.games)).wait_final(TIMEOUT)
        lobby = opened.followups[0] if opened.followups else opened.message
        join = next(c for c in buttons_with(lobby, "pl:") if c.endswith(":join"))
        game_id = int(join.split(":")[1])
        await (await fake.click(ben, lobby, join)).wait_final(TIMEOUT)
        lobby = fake.world.message_index[lobby.id]
        menu = await (await fake.click(ben, lobby, f"pldk:{game_id}")).wait_final(TIMEOUT)
        assert menu.ephemeral
        select = next(c["custom_id"] for row in menu.message.components for c in row["components"]
                      if c["custom_id"].startswith("plds:"))
        chosen = await (await fake.select(ben, menu.message, select, ["Blue Owl"])).wait_final(TIMEOUT)
        assert "Blue Owl" in (chosen.message.content if chosen.message else "")
        lobby = fake.world.message_index[lobby.id]
        assert "Blue Owl" not in lobby.content and "Red Fox" not in lobby.content  # the choice stays private
        await (await fake.click(ada, lobby, f"pl:{game_id}:start")).wait_final(TIMEOUT)
        table = await bot.tables.load(game_id)
        assert table.row.status == "running"
        assert [d["leaders"] for d in table.row.options["game"]["decks"]] == [
            standard("", 0)["leaders"], standard("", 20)["leaders"]]
        for user, name in ((ada, "Red Fox"), (ben, "Blue Owl")):
            assert (await decks.get(fake.guild_id, user.id, name))["locked_by"] == game_id

        refused = await (await fake.slash(ben, "pt", {"name": "Blue Owl", "card": sets.card_def(
            standard("", 20)["heroes"][0])["name"]}, group="deck", subcommand="remove",
            channel=fake.games)).wait_final(TIMEOUT)
        assert refused.ephemeral and refused.content == f"Your deck “Blue Owl” is locked by game #{game_id} until it ends."

        await resign(fake, ada, fake.games, {"game": game_id})
        assert (await bot.tables.load(game_id)).row.status == "finished"
        for user, name in ((ada, "Red Fox"), (ben, "Blue Owl")):
            assert (await decks.get(fake.guild_id, user.id, name))["locked_by"] is None
        renamed = await (await fake.slash(ben, "pt", {"name": "Blue Owl", "new_name": "Owl"}, group="deck",
                                          subcommand="rename", channel=fake.games)).wait_final(TIMEOUT)
        assert renamed.content == "✅ Renamed: **Owl**."
    fake.assert_no_violations()


async def test_play_options_that_cannot_be_met_are_refused_privately(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada = fake.add_member("Ada")
    async with parlor(fake, str(tmp_path / "r.sqlite3")) as bot:
        async def play(options: dict) -> str:
            rec = await (await fake.slash(ada, "play", {"game": "pixel-tactics", **options},
                                          channel=fake.games)).wait_final(TIMEOUT)
            assert rec.ephemeral, rec.content
            return rec.content

        assert "no deck named “Nope”" in await play({"deck": "Nope"})
        await bot.tables.decks.save(fake.guild_id, ada.id, standard("Red Fox", 0))
        assert "1 or 2 trophies" in await play({"deck": "Red Fox", "trophies": 3})
        assert "not both" in await play({"deck": "Red Fox", "card_set": "core2"})
        await bot.tables.decks.set_server_list(fake.guild_id, "chase", False)
        assert "Chase Leaders are turned off" in await play({"chase": True})
        assert await bot.tables.open_games(fake.guild_id, ("lobby", "running")) == []  # nothing was opened
    fake.assert_no_violations()
