"""/settings timezone: a manager names the server's IANA time zone (league cycles end at its midnight); unknown
names are refused clearly; the names are offered as one types; /settings show lists it."""

from __future__ import annotations

from bot.settings import load_settings
from cogs.settings import REFUSAL
from tests.e2e.harness import TIMEOUT, parlor
from tests.e2e.test_settings_e2e import MANAGE_GUILD, private, settings_cmd
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def test_a_manager_sets_the_time_zone_others_are_refused(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    mia, ben = fake.add_member("Mia", roles=[fake.add_role("Mods", MANAGE_GUILD)]), fake.add_member("Ben")
    async with parlor(fake, str(tmp_path / "tz.sqlite3")) as bot:
        await fake.wait_commands("settings", timeout=TIMEOUT)
        assert "**Time zone (league cycles end at its midnight):** UTC · default" in private(
            await settings_cmd(fake, mia, "show"))
        offered = await (await fake.autocomplete(mia, "settings", "name", {"name": "york"}, subcommand="timezone",
                                                 channel=fake.general)).wait_response(TIMEOUT)
        assert [c["value"] for c in offered.choices] == ["America/New_York"]
        common = await (await fake.autocomplete(mia, "settings", "name", {"name": ""}, subcommand="timezone",
                                                channel=fake.general)).wait_response(TIMEOUT)
        assert [c["value"] for c in common.choices][:3] == ["UTC", "Europe/London", "Europe/Paris"]
        assert len(common.choices) == 25

        refused = private(await settings_cmd(fake, mia, "timezone", {"name": "Mars/Olympus"}))
        assert refused.startswith("`Mars/Olympus` is not a time zone name I know") and "Europe/Paris" in refused
        assert (await load_settings(bot.db, fake.guild_id)).timezone == "UTC"

        answer = private(await settings_cmd(fake, mia, "timezone", {"name": "europe/paris"}))
        assert answer == "The server's time zone is **Europe/Paris**: league cycles end at its midnight."
        assert (await load_settings(bot.db, fake.guild_id)).timezone == "Europe/Paris"
        assert "**Time zone (league cycles end at its midnight):** Europe/Paris · changed" in private(
            await settings_cmd(fake, mia, "show"))

        fake.commands()["settings"]["default_member_permissions"] = None  # a server let anyone use /settings
        assert private(await settings_cmd(fake, ben, "timezone", {"name": "Asia/Tokyo"})) == REFUSAL
        assert (await load_settings(bot.db, fake.guild_id)).timezone == "Europe/Paris"
