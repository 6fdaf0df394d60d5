"""Forged, stale and foreign button ids: every dynamic item answers with a plain ephemeral refusal,
logs at INFO (no ERROR traceback), and changes nothing."""

from __future__ import annotations

import logging
import random

from cogs.buttons import STALE
from tests.e2e.harness import TIMEOUT, current_post, open_table, open_table_for, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

HUGE = "9" * 25  # past SQLite's 64-bit integers
SELECTS = ("gd:", "ts:")  # select menus; the others are buttons


def forged_ids(game_id: int, other_game: int) -> list[str]:
    """Return custom ids that match the bot's templates but name nothing valid."""
    ids = []
    for game in (HUGE, str(2 ** 63), "0", str(other_game), str(game_id)):
        ids += [f"pg:{game}:0:d1:t", f"pg:{game}:{HUGE}:d1:t", f"pl:{game}:join", f"pl:{game}:zap",
                f"pm:{game}", f"po:{game}:0:d1", f"po:{game}:{HUGE}:zz", f"pu:{game}:{HUGE}:y", f"pu:{game}:1:n",
                f"hl:{game}:{HUGE}", f"hl:{game}:0", f"gb:{game}:0:d1", f"gd:{game}:0:d1:1.2",
                f"tg:{game}:0:d1", f"ts:{game}:0:d1:a1-b2", f"pg:{game}:1:{'x' * 20}:t",
                f"rs:{game}:{HUGE}:y", f"rs:{game}:0:y"]
    return ids


async def test_forged_button_ids_are_refused_plainly(fake_discord, tmp_path, caplog):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ada", "Bob", "Cy")]
    async with parlor(fake, str(tmp_path / "bad.sqlite3")) as bot:
        tixel_id, _ = await open_table_for(fake, bot, users[:2], "tixel")
        game_id, _ = await open_table(fake, bot, users[:2])
        _, message, _ = await current_post(fake, bot, game_id)
        before = await bot.tables.load(game_id)
        caplog.set_level(logging.INFO)
        caplog.clear()
        rng = random.Random(5)
        answers: dict[str, list[str]] = {}
        for custom_id in forged_ids(game_id, tixel_id):
            user = rng.choice(users)
            # A post of the bot carrying the forged id (as an old post, or a tampered client, would).
            if custom_id.startswith(SELECTS):
                post = fake.planted_post(message.channel_id, selects=[custom_id])
                record = await fake.select(user, post, custom_id, ["0"])
            else:
                post = fake.planted_post(message.channel_id, buttons=[custom_id])
                record = await fake.click(user, post, custom_id)
            await record.wait_final(TIMEOUT)
            # (an expired undo request first takes its buttons off the post, then says why)
            replies = await fake.wait_until(lambda rec=record: [r for r in rec.messages() if r.content], TIMEOUT,
                                            f"an answer to {custom_id}")
            texts = answers[custom_id] = [r.content for r in replies]
            assert all(r.ephemeral for r in replies), custom_id
            assert not any("Something went wrong" in t for t in texts), (custom_id, texts)
        # Ids past SQLite's integers, and a private-choice button of a game without private choices,
        # get the usual refusal, logged at INFO.
        unreadable = [c for c in answers if HUGE in c or str(2 ** 63) in c or ":zap" in c]
        assert len(unreadable) == 2 * 18 + 3 * 6
        for custom_id in [*unreadable, f"pm:{tixel_id}", f"rs:{game_id}:0:y"]:
            assert answers[custom_id] == [STALE], (custom_id, answers[custom_id])
            assert any(r.levelno == logging.INFO and custom_id in r.getMessage() for r in caplog.records)
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert errors == [], [r.getMessage() for r in errors]
        after = await bot.tables.load(game_id)
        assert after.row.version == before.row.version
        assert await bot.db.actions(game_id) == []
        assert fake.violations == []
