"""Languages through the loopback Discord: the synced commands carry their German names and descriptions,
and a refusal is written in the language of the member's Discord client (the pseudo-language ``en-XA``
shows it went through the catalogue; German shows the German text)."""

from __future__ import annotations

from bot.i18n import PSEUDO, lookup
from tests.e2e.harness import TIMEOUT, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

NO_GAME = "There is no running game in this channel or thread. "


def german(text: str, context: str) -> str:
    found = lookup("de", text, context)
    assert found, f"no German for {text!r} ({context})"
    return found


async def test_commands_are_synced_with_their_german_names_and_descriptions(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    async with parlor(fake, str(tmp_path / "i18n.sqlite3")):
        synced = fake.commands()
        assert synced, "no command was synced"
        for name, command in synced.items():
            assert command["name_localizations"]["de"] == german(name, "command name")
            assert command.get("description_localizations", {}).get("de") == german(command["description"],
                                                                        "command description")
        play = synced["play"]
        for option in play["options"]:
            assert option["name_localizations"]["de"] == german(option["name"], "option name")
            for choice in option.get("choices", []):
                assert choice["name_localizations"]["de"] == german(choice["name"], "choice")


async def test_a_refusal_speaks_the_members_client_language(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ana = fake.add_member("Ana")
    async with parlor(fake, str(tmp_path / "i18n.sqlite3")):
        plain = await (await fake.slash(ana, "game", subcommand="status")).wait_final(TIMEOUT)
        assert plain.ephemeral and plain.content.startswith("There is no running game")
        ana.locale = PSEUDO
        marked = await (await fake.slash(ana, "game", subcommand="status")).wait_final(TIMEOUT)
        assert marked.ephemeral and marked.content.startswith("⟦Théré îš ñö rûññîñg gàmé"), marked.content
        ana.locale = "de"
        answer = await (await fake.slash(ana, "game", subcommand="status")).wait_final(TIMEOUT)
        expected = lookup("de", next(m.id for m in _template() if str(m.id).startswith(NO_GAME)))
        assert answer.ephemeral and expected and answer.content == expected


def _template():
    from bot.i18n import template
    return template()
