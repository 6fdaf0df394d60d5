"""/settings in the member's language, through the loopback Discord: a manager whose Discord client speaks the
pseudo-language sees every answer of every /settings subcommand come from the catalogue (nothing left in
plain English), the ratings part's questions, buttons and answers too, and ``/settings language`` sets the
language of the server's public posts."""

from __future__ import annotations

from bot.i18n import LANGUAGES, PSEUDO
from tests.e2e.bot_texts import check_answers, checked_texts
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


async def test_the_ratings_settings_answers_come_from_the_catalogue(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    mia = fake.add_member("Mia", roles=[fake.add_role("Mods", MANAGE_GUILD)])
    mia.locale = PSEUDO

    async def ratings(user, subcommand, options=None):
        record = await (await fake.slash(user, "settings", options or {}, group="ratings",
                                         subcommand=subcommand)).wait_final(TIMEOUT)
        return record.followups[0] if record.followups else record.message

    async def click(message, confirm: bool):
        custom_id = next(b.custom_id for b in message.buttons() if b.custom_id.endswith(":y" if confirm else ":n"))
        record = await (await fake.click(mia, message, custom_id)).wait_final(TIMEOUT)
        assert not record.followups, record.followups[0].content

    async with parlor(fake, str(tmp_path / "ratings.sqlite3")) as bot:
        await fake.wait_commands("settings", timeout=TIMEOUT)
        kept = await ratings(mia, "new_season")
        assert all(b.label.startswith("⟦") for b in kept.buttons()), [b.label for b in kept.buttons()]
        await click(kept, confirm=False)  # "Season 1 goes on"
        first, second = await ratings(mia, "new_season"), await ratings(mia, "new_season")
        await click(second, confirm=True)  # season 2 starts
        await click(first, confirm=True)  # season 1 is already over: nothing changes
        assert await bot.tables.ratings.season(fake.guild_id) == 2
        for question in (kept, first, second):  # each question was answered in place: its buttons are gone
            assert question.history and question.content != question.history[0]["content"] and not question.buttons()
        answers = [kept, first, second, await ratings(mia, "provisional", {"games": 1}),
                   await ratings(mia, "provisional", {"games": 7})]
        check_answers(answers, NAMES)
        bot_messages = [m for m in fake.all_messages(include_ephemeral=True) if m.author.id == fake.bot_user.id]
        assert checked_texts(bot_messages, lambda _message, text: outside_catalogue(text, NAMES)) >= 12
