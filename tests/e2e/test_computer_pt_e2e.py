"""Pixel Tactics Classic against a computer player through the loopback Discord, a few rounds: the member's
secret Leader pick and hand by DM, the computer's never shown (no public post, alt text or log line names a
card hidden at that moment)."""

from __future__ import annotations

import logging
import random

from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.computer_play import assert_no_computer_addressed, member_turn
from tests.e2e.drive import LeakWatch, perform
from tests.e2e.harness import TIMEOUT, parlor
from tests.e2e.pt_play import choose
from tests.e2e.test_pixel_tactics_e2e import hidden_names
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

#: member actions played (a few rounds; the computer answers in between)
MEMBER_ACTIONS = 24


async def test_pixel_tactics_classic_against_a_computer(fake_discord, tmp_path, monkeypatch, caplog):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    caplog.set_level(logging.INFO)
    watch = LeakWatch(fake, fake.games, caplog.records)
    rng = random.Random(6)
    async with parlor(fake, str(tmp_path / "pt.sqlite3"), seed=6) as bot:
        rec = await (await fake.slash(ada, "play", {"game": "pixel-tactics", "vs": "normal", "trophies": 1,
                                                    "thread": False}, channel=fake.games)).wait_final(TIMEOUT)
        assert "Computer (normal)" in rec.content
        game_id = int(rec.content.split("#")[1].split("*")[0])
        done = 0
        while done < MEMBER_ACTIONS and (table := await member_turn(bot, game_id, {0})) is not None:
            watch.check(hidden_names(table.state))
            await perform(fake, bot, game_id, ada, choose(table.state, 0, rng), fake.games)
            done += 1
        table = await bot.tables.load(game_id)
        watch.check(hidden_names(table.state))
        log = await bot.db.actions(game_id)
        assert sum(a.actor_id == -1 for a in log) >= 5, [a.action for a in log]
        assert table.state["round"] >= 2 or table.row.status == "finished"
        assert fake.dm_messages(ada)  # the member's hand and Leader pick come by DM
        assert any(m.content.startswith("🤖 **Computer (normal)**") for m in fake.messages(fake.games))
        assert_no_computer_addressed(fake)
