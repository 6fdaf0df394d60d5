"""/settings in the member's language, through the loopback Discord: a manager whose Discord client speaks the
pseudo-language sees every answer of every /settings subcommand come from the catalogue (nothing left in
plain English), and ``/settings language`` sets the language of the server's public posts."""

from __future__ import annotations

from bot.i18n import LANGUAGES, PSEUDO
from tests.e2e.harness import TIMEOUT, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.i18n.pseudo import outside_catalogue

MANAGE_GUILD = 1 << 5
NAMES = tuple(LANGUAGES.values()) + ("UTC", "Europe/Paris", "Manage Server", "Pixel Parlor")


async def test_every_settings_answer_comes_from_the_catalogue(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    mods = fake.add_role("Mods", MANAGE_GUILD)
    crew = fake.add_role("Crew")
    mia = fake.add_member("Mia", roles=[mods])
    mia.locale = PSEUDO
    ben = fake.add_member("Ben", roles=[mods])
    ben.locale = PSEUDO
    calls = [("show", None), ("deadline", {"value": "24 hours", "policy": "computer", "takeover_level": "strong"}),
             ("deadline", None), ("reminders", {"points": "25%, 3h"}), ("reminders", {"points": "soon"}),
             ("reminders", {"points": "none"}), ("threads", {"enabled": False}), ("threads", {"enabled": True}),
             ("hints", {"enabled": True}), ("hints", {"enabled": False}), ("theme", {"theme": "high-contrast"}),
             ("channels", {"add": fake.general}), ("channels", {"add": fake.general}),
             ("channels", {"remove": fake.general}), ("channels", {"remove": fake.general}), ("channels", None),
             ("starter_role", {"role": crew}), ("starter_role", {"clear": True}), ("starter_role", None),
             ("lobby_ping", {"role": crew}), ("lobby_ping", {"clear": True}),
             ("organisers", {"role": crew}), ("organisers", {"clear": True}),
             ("timezone", {"name": "Europe/Paris"}), ("timezone", {"name": "Mars/Olympus"}),
             ("language", {"language": "de"}), ("show", None)]
    async with parlor(fake, str(tmp_path / "lang.sqlite3")) as bot:
        await fake.wait_commands("settings", timeout=TIMEOUT)
        for subcommand, options in calls:
            record = await (await fake.slash(mia, "settings", options, subcommand=subcommand)).wait_final(TIMEOUT)
            assert record.ephemeral, (subcommand, options)
            left = outside_catalogue(record.content, NAMES + (crew.name,))
            assert not left, f"/settings {subcommand} {options}: {left} bypassed the catalogue in {record.content!r}"
        assert (await bot.tables.settings(fake.guild_id)).language == "de"
        member = fake.add_member("Ola")
        member.locale = PSEUDO
        refused = await (await fake.slash(ben, "settings", subcommand="show")).wait_final(TIMEOUT)
        assert not outside_catalogue(refused.content, NAMES)
