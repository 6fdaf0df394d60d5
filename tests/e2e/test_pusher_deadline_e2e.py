"""Pixel Pusher's simultaneous draft under deadlines: one player picks, the other two run out of time;
the bot picks for them (announced without naming the card) and the draft moves on to the next pass."""

from __future__ import annotations

from tests.e2e.drive import perform
from tests.e2e.harness import TIMEOUT, open_table_for, parlor
from tests.e2e.test_deadlines_e2e import Clock, advance
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def test_draft_timeouts_pick_for_the_late(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ada", "Bob", "Cy")]
    clock = Clock()
    async with parlor(fake, str(tmp_path / "pd.sqlite3"), clock=clock) as bot:
        game_id, _ = await open_table_for(fake, bot, users, "pixel-pusher", thread=False)
        table = await bot.tables.load(game_id)
        assert table.state["phase"] == "draft"
        hands = {s: [c["name"] for c in table.engine.view(table.state, s)["private"]["hand"]] for s in (1, 2)}
        ada_pick = table.engine.legal_actions(table.state, 0)[0]
        await perform(fake, bot, game_id, users[0], ada_pick, fake.games)

        await advance(bot, clock, 49)
        for seat in (1, 2):
            line = await fake.wait_for_message(
                lambda m, s=seat: m.content.startswith(f"⌛ **{users[s].name}** ran out of time"), TIMEOUT,
                channel=fake.games)
            assert "made a pick" in line.content and not any(n in line.content for n in hands[seat])
        table = await bot.tables.load(game_id)
        assert sorted(d.player for d in table.pending()) == [0, 1, 2]  # the next pass: everyone picks again
        assert all(len(table.engine.view(table.state, s)["private"]["drafted"]) == 1 for s in range(3))
    fake.assert_no_violations()
