"""The computer player's short visible pause: ``PARLOR_COMPUTER_DELAY`` (seconds, default 2) and, through the
loopback Discord, no computer move committed before that pause has passed (only "not before" is asserted: the
machine may be slow)."""

from __future__ import annotations

import random

import pytest

from bot.config import ConfigError, load_config
from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.computer_play import member_turn
from tests.e2e.harness import TIMEOUT, parlor
from tests.e2e.tixel_play import by_text
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.platform.test_cli import GOOD_TOKEN

DELAY = 0.4


def test_parlor_computer_delay_is_read_from_the_environment():
    assert load_config({"DISCORD_TOKEN": GOOD_TOKEN}).computer_delay == 2.0
    assert load_config({"DISCORD_TOKEN": GOOD_TOKEN, "PARLOR_COMPUTER_DELAY": "0.25"}).computer_delay == 0.25
    assert load_config({"DISCORD_TOKEN": GOOD_TOKEN, "PARLOR_COMPUTER_DELAY": " 0 "}).computer_delay == 0.0
    for bad in ("soon", "-1", "11", "nan", "inf"):
        with pytest.raises(ConfigError, match="PARLOR_COMPUTER_DELAY") as info:
            load_config({"DISCORD_TOKEN": GOOD_TOKEN, "PARLOR_COMPUTER_DELAY": bad})
        assert "\n" not in str(info.value)


async def test_a_computer_move_is_not_committed_before_the_delay(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    rng = random.Random(3)
    async with parlor(fake, str(tmp_path / "d.sqlite3"), seed=7, computer_delay=DELAY) as bot:
        assert bot.computers.delay == DELAY
        rec = await (await fake.slash(ada, "play", {"game": "tixel", "vs": "normal", "thread": False},
                                      channel=fake.games)).wait_final(TIMEOUT)
        game_id = int(rec.content.split("#")[1].split("*")[0])
        for _ in range(2):  # two member moves, each answered by the computer
            table = await member_turn(bot, game_id, {0})
            await by_text(fake, ada, table, rng.choice(
                [a for a in table.engine.legal_actions(table.state, 0) if a["type"] != "end"]))
            await member_turn(bot, game_id, {0})
        log = await bot.tables.actions(game_id)
        pairs = [(a, b) for a, b in zip(log, log[1:], strict=False) if a.actor_seat == 0 and b.actor_seat == 1]
        assert len(pairs) >= 2, [(a.actor_seat, a.action) for a in log]
        for member, computer in pairs:
            assert member.computer_level is None and computer.computer_level == "normal"
            assert computer.created_at - member.created_at >= DELAY  # never before the pause
