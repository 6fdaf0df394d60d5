"""Ratings through the loopback Discord: members finish quick Pixies games (the loser resigns), then
/leaderboard shows them in order, /rating shows a member, hiding oneself takes one off the board, a new
season (confirmed by a manager) empties it, and members without Manage Server are refused the settings."""

from __future__ import annotations

import pytest

from cogs.buttons import STALE
from cogs.settings import REFUSAL
from tests.e2e.harness import TIMEOUT, open_table, parlor, png, resign
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.fakediscord.interactions import DriverError

MANAGE_GUILD = 1 << 5


async def slash(fake, user, name, options=None, **kwargs):
    return await (await fake.slash(user, name, options, channel=fake.games, **kwargs)).wait_final(TIMEOUT)


def posted(record):
    """Return the message a deferred public command posted (its follow-up) and check it is public."""
    assert not record.ephemeral, record.content
    return record.followups[0] if record.followups else record.message


def private(record) -> str:
    assert record.ephemeral, f"expected an ephemeral answer, got {record.content!r}"
    return record.content


async def beat(fake, bot, winner, loser) -> None:
    """Play a two-player Pixies game that ``loser`` resigns at once (``winner`` wins it)."""
    game_id, _ = await open_table(fake, bot, [winner, loser], thread=False)
    await resign(fake, loser, fake.games, {"game": game_id})
    table = await bot.tables.load(game_id)
    assert table.row.status == "finished", table.row.status


async def board_alt(fake, user) -> str:
    message = posted(await slash(fake, user, "leaderboard", {"game": "pixies"}))
    assert "**Pixies** leaderboard · season" in message.content
    image = png(message.attachments[0])
    assert image.width == 640 and image.height > 200
    return message.attachments[0].description


async def test_leaderboard_rating_optout_and_new_season(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    mods = fake.add_role("Mods", MANAGE_GUILD)
    ada, bob, cy = fake.add_member("Ada", roles=[mods]), fake.add_member("Bob"), fake.add_member("Cy")
    async with parlor(fake, str(tmp_path / "r.sqlite3")) as bot:
        await fake.wait_commands("leaderboard", "rating", "settings", timeout=TIMEOUT)
        assert "Nobody is on the **Pixies** leaderboard of season 1" in private(
            await slash(fake, bob, "leaderboard", {"game": "Pixies"}))

        await beat(fake, bot, ada, bob)
        await beat(fake, bot, ada, cy)
        await beat(fake, bot, bob, cy)  # Ada 2 wins, Bob 1 of 2, Cy none of 2

        # Two games each: everyone provisional (the default is 5), listed by rating all the same.
        alt = await board_alt(fake, bob)
        assert "Provisional (fewer than 5 games): Ada" in alt
        assert alt.index("Ada") < alt.index("Bob") < alt.index("Cy"), alt
        rows = await bot.tables.ratings.leaderboard(fake.guild_id, "pixies")
        assert [(r.name, r.games, r.wins) for r in rows] == [("Ada", 2, 2), ("Bob", 2, 1), ("Cy", 2, 0)]
        assert rows[0].rating > 1500 > rows[2].rating

        # A manager lowers the provisional threshold: the three are ranked 1, 2, 3.
        assert "fewer than **2** rated games" in private(
            await slash(fake, ada, "settings", {"games": 2}, group="ratings", subcommand="provisional"))
        alt = await board_alt(fake, cy)
        assert "Provisional" not in alt
        assert f"1. Ada {rows[0].rating} (2 games, 100% won, rising);" in alt
        assert f"2. Bob {rows[1].rating} (2 games, 50% won" in alt and "3. Cy" in alt

        # Autocomplete offers the rated games; an unknown game is refused privately.
        auto = await (await fake.autocomplete(bob, "leaderboard", "game", {"game": "pix"},
                                              channel=fake.games)).wait_final(TIMEOUT)
        assert [c["name"] for c in auto.choices] == ["Pixies", "Pixel Tactics (classic)", "Pixel Pusher"]
        assert "No rated game is called “chess”" in private(await slash(fake, bob, "leaderboard", {"game": "chess"}))
        assert "Nobody is on the **Tixel** leaderboard" in private(
            await slash(fake, bob, "leaderboard", {"game": "tixel"}))
        assert "Season 2 has not started" in private(
            await slash(fake, bob, "leaderboard", {"game": "pixies", "season": 2}))

        # /rating of a member: an image with their board.
        shown = posted(await slash(fake, ada, "rating", {"member": bob}))
        assert f"Ratings of <@{bob.id}> · season 1" in shown.content
        assert png(shown.attachments[0]).height > 300
        assert shown.attachments[0].description.startswith(
            f"Ratings of Bob, season 1. Pixies: {rows[1].rating}, 2 games, 1 won")
        assert "You have no rated games of **Tixel**" in private(await slash(fake, bob, "rating", {"game": "tixel"}))

        # Cy hides: gone from the board, others cannot look them up, Cy still can (privately).
        assert "You are hidden" in private(await slash(fake, cy, "rating", {"hidden": True}))
        alt = await board_alt(fake, bob)
        assert "Cy" not in alt and "2. Bob" in alt
        assert "Cy has chosen not to appear" in private(await slash(fake, ada, "rating", {"member": cy}))
        mine = await slash(fake, cy, "rating")
        assert mine.ephemeral and "only you see it" in mine.followups[0].content
        assert "only hide or show yourself" in private(await slash(fake, cy, "rating", {"member": ada,
                                                                                         "hidden": True}))
        assert "shown on this server's leaderboards again" in private(
            await slash(fake, cy, "rating", {"hidden": False}))
        assert "3. Cy" in await board_alt(fake, bob)

        # Members without Manage Server: Discord hides /settings; if a server shows it, the bot refuses.
        with pytest.raises(DriverError, match="lacks default_member_permissions"):
            await fake.slash(bob, "settings", {}, group="ratings", subcommand="new_season")
        fake.commands()["settings"]["default_member_permissions"] = None
        assert private(await slash(fake, bob, "settings", group="ratings", subcommand="new_season")) == REFUSAL
        assert private(await slash(fake, bob, "settings", {"role": mods}, subcommand="organisers")) == REFUSAL

        # A new season asks first: a stranger's click is refused, "Keep" changes nothing, "Start" starts it once.
        question = await slash(fake, ada, "settings", group="ratings", subcommand="new_season")
        assert "Start **season 2**?" in private(question)
        ids = [b.custom_id for b in question.message.buttons()]
        assert ids == [f"rns:1:{ada.id}:y", f"rns:1:{ada.id}:n"]
        forged = fake.planted_post(fake.games, buttons=[ids[0]])  # another member's confirmation
        stranger = await (await fake.click(bob, forged, ids[0])).wait_final(TIMEOUT)
        assert stranger.ephemeral and stranger.content == STALE
        kept = await (await fake.click(ada, question.message, ids[1])).wait_final(TIMEOUT)
        assert kept.message.content == "Season 1 goes on: nothing changed." and not kept.message.buttons()
        assert await bot.tables.ratings.season(fake.guild_id) == 1
        question = await slash(fake, ada, "settings", group="ratings", subcommand="new_season")
        started = await (await fake.click(ada, question.message, ids[0])).wait_final(TIMEOUT)
        assert "**Season 2** has started" in started.message.content and not started.message.buttons()
        assert await bot.tables.ratings.season(fake.guild_id) == 2
        again = await slash(fake, ada, "settings", group="ratings", subcommand="new_season")
        late = await (await fake.click(ada, forged, ids[0])).wait_final(TIMEOUT)  # an old confirmation again
        assert "already over" in late.message.content and await bot.tables.ratings.season(fake.guild_id) == 2
        assert "Start **season 3**?" in private(again)

        assert "Nobody is on the **Pixies** leaderboard of season 2" in private(
            await slash(fake, bob, "leaderboard", {"game": "pixies"}))
        old = await board_alt_season(fake, bob, 1)
        assert "1. Ada" in old and "season 1" in old

        # The organisers' role and the ratings lines of /settings show.
        assert f"<@&{mods.id}>" in private(await slash(fake, ada, "settings", {"role": mods},
                                                       subcommand="organisers"))
        shown = private(await slash(fake, ada, "settings", subcommand="show"))
        assert "**Ratings season:** season 2 · changed" in shown
        assert "**Provisional until:** 2 rated games · changed" in shown
        assert f"**Tournament organisers:** <@&{mods.id}> (and Manage Server) · changed" in shown
    fake.assert_no_violations()


async def board_alt_season(fake, user, season: int) -> str:
    message = posted(await slash(fake, user, "leaderboard", {"game": "pixies", "season": season}))
    assert f"leaderboard · season {season}" in message.content
    return message.attachments[0].description


async def test_organisers_void_a_rated_result(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    mods, orgs = fake.add_role("Mods", MANAGE_GUILD), fake.add_role("Organisers", 0)
    ada, bob, dee = fake.add_member("Ada", roles=[mods]), fake.add_member("Bob"), fake.add_member("Dee", roles=[orgs])
    async with parlor(fake, str(tmp_path / "v.sqlite3")) as bot:
        await fake.wait_commands("leaderboard", "rating", "settings", timeout=TIMEOUT)
        ratings = bot.tables.ratings
        await beat(fake, bot, ada, bob)
        await beat(fake, bot, bob, ada)
        assert await ratings.boards(fake.guild_id) == ["pixies"]
        before = await ratings.leaderboard(fake.guild_id, "pixies")
        assert sorted((r.name, r.games, r.wins) for r in before) == [("Ada", 2, 1), ("Bob", 2, 1)]

        # Only organisers void, and a refusal changes nothing; Dee's role counts once it is the organiser role.
        refused = "Only organisers (Manage Server, or the server's organiser role) can void a rated result."
        assert private(await slash(fake, bob, "rating", {"void": 1})) == refused
        assert private(await slash(fake, dee, "rating", {"void": 1})) == refused
        assert await ratings.leaderboard(fake.guild_id, "pixies") == before
        await slash(fake, ada, "settings", {"role": orgs}, subcommand="organisers")
        assert "goes alone" in private(await slash(fake, dee, "rating", {"void": 1, "member": bob}))
        assert "There is no game #999 here." == private(await slash(fake, dee, "rating", {"void": 999}))

        # Dee voids game 1 (Ada beat Bob): said publicly, and the board is worked out again without it.
        done = await slash(fake, dee, "rating", {"void": 1})
        assert not done.ephemeral and done.content == (
            "♻️ The result of **Pixies #1** no longer counts: an organiser voided it, and the **Pixies** ratings "
            "of season 1 were worked out again without it.")
        after = {r.name: (r.games, r.wins, r.rating) for r in await ratings.leaderboard(fake.guild_id, "pixies")}
        assert {n: v[:2] for n, v in after.items()} == {"Bob": (1, 1), "Ada": (1, 0)}
        assert after["Bob"][2] > 1500 > after["Ada"][2]
        assert "voided already" in private(await slash(fake, ada, "rating", {"void": 1}))

        # A tournament's game is voided by /tournament void (it replays the match), not here.
        tournaments = bot.tables.tournaments
        row = await tournaments.create(fake.guild_id, fake.games.id, ada.id, "Ada", "tixel", "swiss", 1)
        for member in (ada, bob):
            await tournaments.join(row.id, member.id, member.name)
        await tournaments.start(row.id, ada.id, True)
        (game,) = await tournaments.played(row.id)
        assert f"**Tixel #{game.game_id}** is a game of tournament #{row.id}: `/tournament void` replays it" in \
            private(await slash(fake, ada, "rating", {"void": game.game_id}))
    fake.assert_no_violations()
