"""Failed commands are answered by their type (a cooldown with the wait, a failed check with its
reason), never with "Something went wrong"; /game log and /game replay have cooldowns and replay the
log in a worker thread, off the event loop."""

from __future__ import annotations

import logging
import random
import sys
import threading

from discord import app_commands

from tests.e2e.harness import TIMEOUT, open_table, parlor, play_until
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def slash(fake, user, name, options=None, *, channel, subcommand=None):
    return await (await fake.slash(user, name, options or {}, subcommand=subcommand,
                                   channel=channel)).wait_final(TIMEOUT)


def probes() -> app_commands.Group:
    """Commands whose checks fail, added to the bot's tree for this test only."""
    group = app_commands.Group(name="probe", description="Checks that fail")

    @group.command(name="manage", description="Needs Manage Server")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def manage(interaction):
        await interaction.response.send_message("ran", ephemeral=True)

    @group.command(name="never", description="A check that says no")
    @app_commands.check(lambda interaction: False)
    async def never(interaction):
        await interaction.response.send_message("ran", ephemeral=True)

    def tuesdays(interaction):
        raise app_commands.CheckFailure("Only on Tuesdays.")

    @group.command(name="tuesday", description="A check that gives its reason")
    @app_commands.check(tuesdays)
    async def tuesday(interaction):
        await interaction.response.send_message("ran", ephemeral=True)

    return group


async def test_checks_and_cooldowns_are_answered_by_type(fake_discord, tmp_path, caplog):  # noqa: F811
    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    boss = fake.add_member("Boss", admin=True)
    async with parlor(fake, str(tmp_path / "e.sqlite3")) as bot:
        bot.tree.add_command(probes())
        await bot.tree.sync()
        await fake.wait_commands("probe", timeout=TIMEOUT)
        caplog.set_level(logging.INFO)

        answers = {sub: await slash(fake, ada, "probe", subcommand=sub, channel=fake.games)
                   for sub in ("manage", "never", "tuesday")}
        assert {sub: (rec.ephemeral, rec.content) for sub, rec in answers.items()} == {
            "manage": (True, "This command needs the **Manage Server** permission."),
            "never": (True, "You can't use this command here."),
            "tuesday": (True, "Only on Tuesdays."),
        }
        assert (await slash(fake, boss, "probe", subcommand="manage", channel=fake.games)).content == "ran"

        game_id, _ = await open_table(fake, bot, [ada, bob], thread=False)
        await play_until(fake, bot, game_id, [ada, bob], random.Random(2), max_actions=3)
        # /game log: five a member per half minute, then the wait is told
        for _ in range(5):
            rec = await slash(fake, bob, "game", {"game": game_id}, subcommand="log", channel=fake.games)
            assert rec.ephemeral and f"Pixies #{game_id}" in rec.content, rec.content
        rec = await slash(fake, bob, "game", {"game": game_id}, subcommand="log", channel=fake.games)
        assert rec.ephemeral and rec.content.startswith("You're doing that too often: try again in "), rec.content
        wait = int(rec.content.removeprefix("You're doing that too often: try again in ").removesuffix(" s."))
        assert 1 <= wait <= 30
        other = await slash(fake, ada, "game", {"game": game_id}, subcommand="log", channel=fake.games)
        assert f"Pixies #{game_id}" in other.content  # the cooldown is per member
        # /game replay: two a member per minute
        for _ in range(2):
            rec = await slash(fake, bob, "game", {"game": game_id}, subcommand="replay", channel=fake.games)
            assert not rec.ephemeral and rec.message.attachments, rec.content
        rec = await slash(fake, bob, "game", {"game": game_id}, subcommand="replay", channel=fake.games)
        assert rec.ephemeral and rec.content.startswith("You're doing that too often: try again in ")
        assert not any("Something went wrong" in (r.content or "") for r in fake.all_messages())
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
        assert fake.violations == []


async def test_history_is_replayed_off_the_event_loop(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    async with parlor(fake, str(tmp_path / "t.sqlite3")) as bot:
        history = sys.modules["cogs.history"]  # the module the bot loaded
        threads: list[threading.Thread] = []
        real = history.read_history

        def spy(*args, **kwargs):
            threads.append(threading.current_thread())
            return real(*args, **kwargs)

        monkeypatch.setattr(history, "read_history", spy)
        game_id, _ = await open_table(fake, bot, [ada, bob], thread=False)
        await play_until(fake, bot, game_id, [ada, bob], random.Random(4), max_actions=4)
        log = await slash(fake, ada, "game", {"game": game_id}, subcommand="log", channel=fake.games)
        assert "4 entries" in log.content
        replay = await slash(fake, ada, "game", {"game": game_id}, subcommand="replay", channel=fake.games)
        assert replay.message.attachments
        assert len(threads) == 2 and threading.main_thread() not in threads
