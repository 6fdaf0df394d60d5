"""Pixel Tactics' team modes (Team Cross Duel, King) with computer players in the other seats, through the
loopback Discord: the opener fills the table from the lobby's **Add computer player** menu, the table starts by
itself when full, the computers play their seats between the member's moves, and no hidden card reaches a public
post, alt text or log line; no computer is ever mentioned or sent a DM."""

from __future__ import annotations

import logging
import random

import pytest

from bot.games.pixel_tactics.modes import SEATS
from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.computer_play import assert_no_computer_addressed, member_turn
from tests.e2e.drive import LeakWatch, perform
from tests.e2e.harness import TIMEOUT, buttons_with, parlor
from tests.e2e.pt_team_play import quick_action, secret_names
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

#: member actions played per mode (the computers answer in between)
MEMBER_ACTIONS = 6


async def click(fake, user, message, custom_id):
    return await (await fake.click(user, message, custom_id)).wait_final(TIMEOUT)


@pytest.mark.parametrize("mode", ["team", "king"])
async def test_a_team_mode_with_computer_players(fake_discord, tmp_path, monkeypatch, caplog, mode):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    caplog.set_level(logging.INFO)
    watch = LeakWatch(fake, fake.games, caplog.records)
    rng = random.Random(5)
    async with parlor(fake, str(tmp_path / "team.sqlite3"), seed=5) as bot:
        options = {"game": "pixel-tactics", "mode": mode, "thread": False}
        lobby = (await (await fake.slash(ada, "play", options, channel=fake.games)).wait_final(TIMEOUT)).message
        game_id = int(lobby.content.split("#")[1].split("*")[0])
        menu = (await click(fake, ada, lobby, f"pc:{game_id}")).message
        assert menu.ephemeral, menu.content
        for _ in range(SEATS[mode] - 1):
            add = next(b.custom_id for b in menu.buttons() if b.label == "Add normal")
            menu = (await click(fake, ada, menu, add)).message
        table = await bot.tables.load(game_id)
        if table.row.status == "lobby":  # a lobby that waits for its opener's Start
            lobby = fake.messages(fake.games)[0]
            start = next(cid for cid in buttons_with(lobby, f"pl:{game_id}") if cid.endswith(":start"))
            await click(fake, ada, lobby, start)
        table = await bot.tables.load(game_id)
        assert table.state["mode"] == mode and len(table.seats) == SEATS[mode]
        assert [s.user_id for s in table.seats][0] == ada.id and all(s.user_id < 0 for s in table.seats[1:])
        done = 0
        while done < MEMBER_ACTIONS and (table := await member_turn(bot, game_id, {0})) is not None:
            watch.check(secret_names(table.state, None))
            await perform(fake, bot, game_id, ada, quick_action(table.state, 0, rng), fake.games)
            watch.check(secret_names((await bot.tables.load(game_id)).state, None))
            done += 1
        log = await bot.db.actions(game_id)
        assert done >= 3, done
        assert len({a.actor_id for a in log if a.actor_id is not None and a.actor_id < 0}) >= 2, log
        assert_no_computer_addressed(fake)
