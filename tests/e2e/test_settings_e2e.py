"""/settings and the /play checks it drives, through the loopback Discord."""

from __future__ import annotations

import pytest

from bot.settings import Settings, load_settings, save_setting
from cogs.settings import REFUSAL
from tests.e2e.harness import TIMEOUT, current_post, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.fakediscord.interactions import DriverError

MANAGE_GUILD = 1 << 5  # https://discord.com/developers/docs/topics/permissions


async def settings_cmd(fake, user, subcommand, options=None, channel=None):
    rec = await fake.slash(user, "settings", options, subcommand=subcommand, channel=channel or fake.general)
    return await rec.wait_final(TIMEOUT)


async def play(fake, user, options, channel):
    return await (await fake.slash(user, "play", options, channel=channel)).wait_final(TIMEOUT)


def private(record) -> str:
    assert record.ephemeral, f"expected an ephemeral answer, got {record.content!r}"
    return record.content


async def test_settings_changed_by_a_manager_and_refused_to_others(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    mods, players, fans = fake.add_role("Mods", MANAGE_GUILD), fake.add_role("Players"), fake.add_role("Fans")
    mia, ben = fake.add_member("Mia", roles=[mods]), fake.add_member("Ben")
    async with parlor(fake, str(tmp_path / "s.sqlite3")) as bot:
        await fake.wait_commands("settings", timeout=TIMEOUT)
        synced = fake.commands()["settings"]
        assert synced["default_member_permissions"] == str(MANAGE_GUILD)
        with pytest.raises(DriverError, match="lacks default_member_permissions"):
            await fake.slash(ben, "settings", subcommand="show")  # Discord hides it from Ben

        shown = private(await settings_cmd(fake, mia, "show"))
        assert shown.count("· default") == 15 and "· changed" not in shown
        assert "48 hours per move" in shown and "`50%`, `2h`" in shown and "any channel" in shown

        answer = private(await settings_cmd(fake, mia, "deadline", {"value": "24 hours", "policy": "forfeit"}))
        assert "24 hours per move" in answer and "forfeit: the player leaves" in answer
        assert "Give `value`" in private(await settings_cmd(fake, mia, "deadline"))
        assert "`150%`: a percentage must be more than 0 and less than 100" in private(
            await settings_cmd(fake, mia, "reminders", {"points": "150%, 2h"}))
        assert "`soon` is not a reminder point" in private(
            await settings_cmd(fake, mia, "reminders", {"points": "soon"}))
        assert "`25%`, `1h`" in private(await settings_cmd(fake, mia, "reminders", {"points": "25 %, 1h"}))
        assert "in the channel" in private(await settings_cmd(fake, mia, "threads", {"enabled": False}))
        assert f"<#{fake.games.id}>" in private(await settings_cmd(fake, mia, "channels", {"add": fake.games}))
        assert "already hosts games" in private(await settings_cmd(fake, mia, "channels", {"add": fake.games}))
        assert "is not in the list" in private(await settings_cmd(fake, mia, "channels", {"remove": fake.general}))
        assert "exactly one" in private(await settings_cmd(fake, mia, "channels",
                                                           {"add": fake.general, "clear": True}))
        assert "Give either" in private(await settings_cmd(fake, mia, "starter_role"))
        assert f"<@&{players.id}>" in private(await settings_cmd(fake, mia, "starter_role", {"role": players}))
        assert f"<@&{fans.id}>" in private(await settings_cmd(fake, mia, "lobby_ping", {"role": fans}))

        shown = private(await settings_cmd(fake, mia, "show"))
        assert shown.count("· changed") == 7 and shown.count("· default") == 8  # takeover, ratings, time zone, hints, theme
        for part in ("24 hours per move", "forfeit", "`25%`, `1h`", "no, in the channel", f"<#{fake.games.id}>",
                     f"<@&{players.id}>", f"<@&{fans.id}>"):
            assert part in shown
        expected = Settings(deadline_hours=24, deadline_policy="forfeit", reminder_points=["25%", "1h"],
                            threads=False, game_channels=[fake.games.id], starter_role=players.id,
                            lobby_ping_role=fans.id)
        assert await load_settings(bot.db, fake.guild_id) == expected

        # clearing goes back to the defaults
        assert "every channel" in private(await settings_cmd(fake, mia, "channels", {"clear": True}))
        assert "Anyone may" in private(await settings_cmd(fake, mia, "starter_role", {"clear": True}))
        assert "no reminders" in private(await settings_cmd(fake, mia, "reminders", {"points": "none"}))
        shown = private(await settings_cmd(fake, mia, "show"))
        assert "any channel · default" in shown and "anyone may open a game · default" in shown
        assert "none · changed" in shown  # no reminders is not the default

        # A server can let anyone use /settings (Server Settings → Integrations overrides the default
        # permissions); the bot's own check still refuses a member without Manage Server.
        synced["default_member_permissions"] = None
        assert private(await settings_cmd(fake, ben, "show")) == REFUSAL
        assert private(await settings_cmd(fake, ben, "threads", {"enabled": True})) == REFUSAL
        assert (await load_settings(bot.db, fake.guild_id)).threads is False


async def test_play_follows_the_server_settings(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    mods, starters, fans = fake.add_role("Mods", MANAGE_GUILD), fake.add_role("Starters"), fake.add_role("Fans")
    ann, ben = fake.add_member("Ann", roles=[starters]), fake.add_member("Ben")
    mia = fake.add_member("Mia", roles=[mods])
    async with parlor(fake, str(tmp_path / "p.sqlite3")) as bot:
        for name, value in (("game_channels", [fake.games.id]), ("starter_role", starters.id),
                            ("lobby_ping_role", fans.id), ("threads", False)):
            await save_setting(bot.db, fake.guild_id, name, value)

        refused = private(await play(fake, ann, {"game": "pixies"}, fake.general))
        assert f"Games can be opened in <#{fake.games.id}>." in refused
        assert f"needs the <@&{starters.id}> role" in private(await play(fake, ben, {"game": "pixies"}, fake.games))
        assert await bot.db.list_games(fake.guild_id, ("lobby", "running")) == []

        # Ann has the starter role: the lobby pings the Fans role (and only it), in the channel, 12 h per move
        rec = await play(fake, ann, {"game": "pixies", "deadline": "12 hours"}, fake.games)
        lobby = rec.message
        assert not rec.ephemeral and lobby.content.startswith(f"<@&{fans.id}> 🎲 **Pixies #1**")
        assert lobby.allowed_mentions["parse"] == [] and [str(r) for r in lobby.allowed_mentions["roles"]] == [str(fans.id)]
        assert not lobby.allowed_mentions.get("users") and not lobby.mentions
        assert "played in this channel" in lobby.content and "Deadline: 12 hours per move" in lobby.content
        table = await bot.tables.load(1)
        assert table.row.options["deadline_hours"] == 12 and table.row.options["thread"] is False
        assert not (await (await fake.click(ben, lobby, "pl:1:join")).wait_final(TIMEOUT)).followups
        assert not (await (await fake.click(ann, lobby, "pl:1:start")).wait_final(TIMEOUT)).followups
        _, post, _ = await current_post(fake, bot, 1)
        assert post.channel_id == fake.games.id and not fake.threads()
        assert (await bot.tables.load(1)).row.thread_id is None
        assert "Deadline: 12 hours per move" in lobby.content  # still there after the edits

        # Mia manages the server: no starter role needed; thread:true overrides the server's default
        rec = await play(fake, mia, {"game": "pixies", "thread": True, "deadline": "none"}, fake.games)
        assert "played in a thread" in rec.message.content and "Deadline: no deadline" in rec.message.content
        assert (await bot.tables.load(2)).row.options["deadline_hours"] is None
        assert not (await (await fake.click(ben, rec.message, "pl:2:join")).wait_final(TIMEOUT)).followups
        assert not (await (await fake.click(mia, rec.message, "pl:2:start")).wait_final(TIMEOUT)).followups
        await current_post(fake, bot, 2)
        (thread,) = fake.threads(fake.games)

        # a thread of an allowed channel is allowed too; without `deadline` the server's default applies
        rec = await play(fake, ann, {"game": "tixel"}, thread)
        assert not rec.ephemeral and "Deadline: the server's default" in rec.message.content
        assert "deadline_hours" not in (await bot.tables.load(3)).row.options
