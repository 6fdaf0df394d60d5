"""A resignation asks first: /game resign answers privately with Resign / Keep playing; only the
confirmation resigns, once, and only for the member who asked."""

from __future__ import annotations

import asyncio

from cogs.buttons import STALE
from tests.e2e.harness import TIMEOUT, open_table, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def ask(fake, user, game_id):
    """Run /game resign; return the private question (a message with the two buttons)."""
    rec = await (await fake.slash(user, "game", {"game": game_id}, subcommand="resign",
                                  channel=fake.games)).wait_final(TIMEOUT)
    assert rec.ephemeral and f"Resign from **Pixies #{game_id}**?" in rec.content, rec.content
    assert [(b.label, b.custom_id) for b in rec.message.buttons()] == [
        ("Resign", f"rs:{game_id}:{user.id}:y"), ("Keep playing", f"rs:{game_id}:{user.id}:n")]
    return rec.message


async def resignations(bot, game_id):
    return [a for a in await bot.db.actions(game_id) if a.action.get("type") == "resign"]


async def test_resign_asks_first_and_resigns_once(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada, bob, cy = (fake.add_member(n) for n in ("Ada", "Bob", "Cy"))
    async with parlor(fake, str(tmp_path / "resign.sqlite3")) as bot:
        game_id, _ = await open_table(fake, bot, [ada, bob, cy], thread=False)
        version = (await bot.tables.load(game_id)).row.version

        # Asking changes nothing; "Keep playing" closes the question and changes nothing either.
        question = await ask(fake, ada, game_id)
        assert (await bot.tables.load(game_id)).row.version == version
        kept = await (await fake.click(ada, question, f"rs:{game_id}:{ada.id}:n")).wait_final(TIMEOUT)
        assert kept.message.content == "You keep playing: nothing changed." and not kept.message.buttons()
        assert (await bot.tables.load(game_id)).row.version == version

        # Another member's confirm button (a forged post carrying it) is refused plainly.
        question = await ask(fake, ada, game_id)
        forged = fake.planted_post(fake.games, buttons=[f"rs:{game_id}:{ada.id}:y"])
        foreign = await (await fake.click(bob, forged, f"rs:{game_id}:{ada.id}:y")).wait_final(TIMEOUT)
        assert foreign.ephemeral and foreign.content == STALE
        assert await resignations(bot, game_id) == []

        # Confirming twice at once resigns once; the second click is told why it did nothing.
        clicks = await asyncio.gather(*(fake.click(ada, question, f"rs:{game_id}:{ada.id}:y") for _ in range(2)))
        for rec in clicks:
            await rec.wait_final(TIMEOUT)
        await fake.wait_until(lambda: any(r.followups for r in clicks), TIMEOUT, "the second click's answer")
        refusals = [m.content for r in clicks for m in r.followups]
        assert refusals == ["You have already left this game."], refusals
        assert question.content == f"You resigned from Pixies #{game_id}." and not question.buttons()
        assert [a.actor_seat for a in await resignations(bot, game_id)] == [0]
        table = await bot.tables.load(game_id)
        assert table.row.status == "running" and not table.state["active"][0]
        await fake.wait_for_message(lambda m: f"**{ada.name}** resigned" in m.content, TIMEOUT, channel=fake.games)

        # Once resigned, the old confirmation is refused: nothing is logged twice.
        late = await (await fake.click(ada, forged, f"rs:{game_id}:{ada.id}:y")).wait_final(TIMEOUT)
        assert [m.content for m in late.followups] == ["You have already left this game."]
        assert len(await resignations(bot, game_id)) == 1
        assert fake.violations == []
