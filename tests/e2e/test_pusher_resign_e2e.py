"""A Pixel Pusher player who resigns during a draft is shown as having left, never as having picked."""

from __future__ import annotations

from tests.e2e.harness import TIMEOUT, buttons_with, open_table_for, parlor, resign
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def test_resigned_player_is_not_listed_as_picked(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ada", "Bob", "Cy")]
    async with parlor(fake, str(tmp_path / "pusher.sqlite3"), seed=99) as bot:
        game_id, _ = await open_table_for(fake, bot, users, "pixel-pusher", thread=False)
        table = await bot.tables.load(game_id)
        assert table.state["phase"] == "draft" and len(table.pending()) == 3
        rec = await resign(fake, users[0], fake.games)
        assert "You resigned" in rec.message.content
        table = await bot.tables.load(game_id)
        assert table.state["phase"] == "draft" and not table.state["active"][0]
        assert sorted(d.player for d in table.pending()) == [1, 2]
        post = await fake.wait_for_message(lambda m: "**Ada** resigned" in m.content, TIMEOUT, channel=fake.games)
        draft = post if "Draft in secret" in post.content else await fake.wait_for_message(
            lambda m: m.id > post.id and "Draft in secret" in m.content, TIMEOUT, channel=fake.games)
        lines = draft.content.splitlines()
        assert not any(line.startswith("✓ Picked") for line in lines), draft.content
        assert "Left the game: Ada" in lines, draft.content
        alt = draft.attachments[0].description  # the image's alt text says the same
        assert "Picked: Ada" not in alt and "picked: Ada" not in alt and "Ada (left the game" in alt, alt
        # once Bob picks (by the buttons of his DM), he alone is listed as picked
        decision = next(d for d in table.pending() if d.player == 1)
        prefix = f"pg:{game_id}:1:{decision.id}:"
        dm = await fake.wait_until(lambda: next((m for m in fake.dm_messages(users[1]) if buttons_with(m, prefix)),
                                                None), TIMEOUT, "Bob's draft")
        picked = await (await fake.click(users[1], dm, buttons_with(dm, prefix)[0])).wait_final(TIMEOUT)
        assert not picked.followups
        updated = await fake.wait_for_message(lambda m: "✓ Picked: Bob" in m.content.splitlines(), TIMEOUT,
                                              channel=fake.games)
        assert "Left the game: Ada" in updated.content.splitlines(), updated.content
        assert fake.violations == []
