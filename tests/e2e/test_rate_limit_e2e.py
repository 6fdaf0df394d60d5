"""A 429 without Discord's Via header (a Cloudflare block) on the interaction callback is logged at
WARNING with the retry time: never lost silently, never an ERROR traceback, nothing applied."""

from __future__ import annotations

import logging

from tests.e2e.harness import TIMEOUT, current_post, open_table, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

CALLBACK = r"^/interactions/\d+/[^/]+/callback$"


def warned(caplog, interaction_id: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno == logging.WARNING and str(interaction_id) in r.getMessage()]


async def test_blocked_callback_is_logged_with_the_retry_time(fake_discord, tmp_path, caplog):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    async with parlor(fake, str(tmp_path / "rl.sqlite3")) as bot:
        game_id, _ = await open_table(fake, bot, users)
        decision, message, choices = await current_post(fake, bot, game_id)
        version = (await bot.tables.load(game_id)).row.version
        caplog.set_level(logging.INFO)
        caplog.clear()

        # a game button: the click cannot be acknowledged, so nothing is played
        fake.cloudflare_block("POST", CALLBACK, retry_after=42)
        click = await fake.click(users[decision.player], message, choices[0])
        [record] = await fake.wait_until(lambda: warned(caplog, click.id), TIMEOUT, "the warning")
        assert record.getMessage() == (f"interaction {click.id} could not be answered: 429 rate limit from "
                                       "Cloudflare (no Via header), retry after 42 s")
        assert click.response is None
        assert (await bot.tables.load(game_id)).row.version == version

        # a slash command: answered by the command tree's handler, the same way
        fake.cloudflare_block("POST", CALLBACK, retry_after=7)
        listing = await fake.slash(users[0], "games", channel=fake.games)
        [record] = await fake.wait_until(lambda: warned(caplog, listing.id), TIMEOUT, "the warning")
        assert record.getMessage().endswith("429 rate limit from Cloudflare (no Via header), retry after 7 s")
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []

        # once the block is over, the same click goes through
        again = await (await fake.click(users[decision.player], message, choices[0])).wait_final(TIMEOUT)
        assert not again.followups
        assert (await bot.tables.load(game_id)).row.version == version + 1
        assert fake.violations == []
