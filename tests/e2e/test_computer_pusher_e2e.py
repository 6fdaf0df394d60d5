"""Pixel Pusher against two computer players (added at the lobby) for a few rounds: simultaneous secret
drafts and Convert & Store of several computer seats, each decided; nothing hidden in a public post."""

from __future__ import annotations

import logging
import random

from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.computer_play import assert_no_computer_addressed, member_turn
from tests.e2e.drive import LeakWatch, perform
from tests.e2e.harness import TIMEOUT, parlor
from tests.e2e.test_pixel_pusher_e2e import choose, hidden_names
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

MEMBER_ACTIONS = 8


async def test_pixel_pusher_with_two_computer_players(fake_discord, tmp_path, monkeypatch, caplog):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    caplog.set_level(logging.INFO)
    watch = LeakWatch(fake, fake.games, caplog.records)
    rng = random.Random(4)
    async with parlor(fake, str(tmp_path / "pp.sqlite3"), seed=4) as bot:
        lobby = (await (await fake.slash(ada, "play", {"game": "pixel-pusher", "thread": False},
                                         channel=fake.games)).wait_final(TIMEOUT)).message
        game_id = int(lobby.content.split("#")[1].split("*")[0])
        for level in ("easy", "normal"):
            menu = (await (await fake.click(ada, lobby, f"pc:{game_id}")).wait_final(TIMEOUT)).message
            add = next(b.custom_id for b in menu.buttons() if b.label == f"Add {level}")
            assert not (await (await fake.click(ada, menu, add)).wait_final(TIMEOUT)).followups
        assert not (await (await fake.click(ada, lobby, f"pl:{game_id}:start")).wait_final(TIMEOUT)).followups
        done = 0
        while done < MEMBER_ACTIONS and (table := await member_turn(bot, game_id, {0})) is not None:
            watch.check(hidden_names(table.state))
            await perform(fake, bot, game_id, ada, choose(table.state, 0, rng), fake.games)
            done += 1
        table = await bot.tables.load(game_id)
        watch.check(hidden_names(table.state))
        actors = [a.actor_id for a in await bot.db.actions(game_id)]
        assert actors.count(-1) >= 3 and actors.count(-2) >= 3, actors
        assert_no_computer_addressed(fake)
