"""Pixel Tactics' two-player modes (Siege, Duel Draft, Epic Duel) against a computer player through the loopback
Discord, a few rounds each: the computer answers between the member's moves and nothing hidden reaches a public
post, alt text or log line."""

from __future__ import annotations

import logging
import random

import pytest

from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.computer_play import assert_no_computer_addressed, member_turn
from tests.e2e.drive import LeakWatch, perform
from tests.e2e.harness import TIMEOUT, parlor
from tests.e2e.pt_mode_play import ENGINE, choose_mode
from tests.e2e.test_pt_modes_e2e import hidden_names
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

#: member actions played per mode (the computer answers in between)
MEMBER_ACTIONS = 8


@pytest.mark.parametrize("mode", ["siege", "duel_draft", "epic"])
async def test_a_mode_against_a_computer(fake_discord, tmp_path, monkeypatch, caplog, mode):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    caplog.set_level(logging.INFO)
    watch = LeakWatch(fake, fake.games, caplog.records)
    rng = random.Random(8)
    options = {"game": "pixel-tactics", "vs": "normal", "mode": mode, "thread": False}
    if mode != "epic":
        options["trophies"] = 1
    async with parlor(fake, str(tmp_path / "pt.sqlite3"), seed=8) as bot:
        rec = await (await fake.slash(ada, "play", options, channel=fake.games)).wait_final(TIMEOUT)
        assert "Computer (normal)" in rec.content, rec.content
        game_id = int(rec.content.split("#")[1].split("*")[0])
        assert (await bot.tables.load(game_id)).state["mode"] == mode
        done, shown, before = 0, set(), None

        def check(state: dict) -> None:
            """Check the new public payloads against the names hidden now and at the last check (a card the
            computer's moves made public and then hid again was named while it was public)."""
            nonlocal before
            shown.update(lot["card"]["name"] for lot in (ENGINE.view(state, None).get("duel_draft") or {})
                         .get("tableau", []))
            now = hidden_names(state, shown)
            watch.check(now if before is None else now & before)
            before = now

        while done < MEMBER_ACTIONS and (table := await member_turn(bot, game_id, {0})) is not None:
            check(table.state)
            await perform(fake, bot, game_id, ada, choose_mode(table.state, 0, rng), fake.games)
            check((await bot.tables.load(game_id)).state)
            done += 1
        check((await bot.tables.load(game_id)).state)
        log = await bot.db.actions(game_id)
        assert sum(a.actor_id == -1 for a in log) >= 3, [a.action for a in log]
        assert done >= 3
        assert fake.dm_messages(ada)  # the member's private choices come by DM
        assert_no_computer_addressed(fake)
