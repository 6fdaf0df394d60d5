"""Private decisions through the loopback Discord: by DM, or ephemerally when DMs are closed; one
player's private choice never invalidates another's."""

from __future__ import annotations

import pytest

from bot import registry
from cogs.buttons import GameButton
from cogs.flow import send_table
from cogs.posts import PRESENTERS, Post, public_decisions, register_presenter
from tests.e2e.harness import TIMEOUT, buttons_with, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


class SecretPresenter:
    """A bare presenter for the test game: public picks (hidden until the end), private buttons."""

    kind = "secret"

    async def table_post(self, table, *, mention):
        picks = table.engine.view(table.state, None)["picks"]
        return Post(f"**{table.title}** · picks: {picks}")

    async def outcome_posts(self, outcome):
        after = outcome.after
        if after.row.status != "finished":
            return []
        return [Post(f"**{after.title}** · revealed: {after.engine.view(after.state, None)['picks']}")]

    async def private_post(self, table, seat):
        mine = table.engine.view(table.state, seat)["picks"][seat]
        buttons = [GameButton(table.id, d.player, d.id, a, label=f"Pick {a['n']}")
                   for d, actions in _private(table) if d.player == seat for a in actions]
        return Post(f"**{table.title}** · your secret pick (now: {mine})", buttons=buttons)


def _private(table):
    return [(d, table.engine.legal_actions(table.state, d.player)) for d in table.pending() if d.private]


@pytest.fixture
def secret_game(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "secret", ("Secret", "tests.platform.secretgame:SecretEngine"))
    registry.engine.cache_clear()
    register_presenter(SecretPresenter())
    yield
    PRESENTERS.pop("secret", None)
    registry.engine.cache_clear()


async def click(fake, user, message, custom_id):
    return await (await fake.click(user, message, custom_id)).wait_final(TIMEOUT)


async def test_private_choices_by_dm_and_ephemeral_fallback(fake_discord, tmp_path, secret_game):  # noqa: F811
    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    fake.close_dms(bob)
    async with parlor(fake, str(tmp_path / "s.sqlite3")) as bot:
        table = await bot.tables.create_lobby("secret", fake.guild_id, fake.games.id, ada.id, "Ada",
                                              {"thread": False})
        await bot.tables.join(table.id, bob.id, "Bob")
        table = await bot.tables.start(table.id, ada.id)
        assert not public_decisions(table)  # every decision is private: no public buttons
        async with bot.tables.post_lock(table.id):
            await send_table(bot, table, mention=True)

        # Ada's choice arrives by DM; Bob's DMs are closed: the table post mentions him and its
        # "My hand & choices" button answers him privately.
        ada_dm = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"pg:{table.id}:0:")), TIMEOUT,
                                             channel=fake.dm_channel(ada))
        offer = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"pm:{table.id}")), TIMEOUT,
                                            channel=fake.games)
        assert [u.id for u in offer.mentions] == [bob.id] and "DMs are closed" in offer.content
        assert await bot.db.dm_closed_since(bob.id) is not None
        stranger = await click(fake, fake.add_member("Cy"), offer, buttons_with(offer, "pm:")[0])
        assert stranger.ephemeral and "not playing" in stranger.content
        opened = await click(fake, bob, offer, buttons_with(offer, "pm:")[0])
        private = opened.followups[0] if opened.followups else opened.message
        assert buttons_with(private, f"pg:{table.id}:1:")

        # Bob picks in his ephemeral post: Ada's DM choice stays open (not stale), and the table post
        # is updated in place (no new post while a simultaneous private phase goes on).
        before = len(fake.messages(fake.games))
        await click(fake, bob, private, buttons_with(private, f"pg:{table.id}:1:")[2])
        await fake.wait_for_message(lambda m: "picks: [None, 'hidden']" in m.content, TIMEOUT, channel=fake.games)
        assert len(fake.messages(fake.games)) == before
        assert all("3]" not in m.content for m in fake.messages(fake.games))  # Bob's 3 stays hidden
        assert len(fake.dm_messages(ada)) == 1  # no second DM for Ada's still-open choice
        done = await click(fake, ada, ada_dm, buttons_with(ada_dm, f"pg:{table.id}:0:")[1])
        assert not done.followups and "Done" in ada_dm.content and not ada_dm.buttons()
        final = await fake.wait_for_message(lambda m: "revealed" in m.content, TIMEOUT, channel=fake.games)
        assert "[2, 3]" in final.content
        assert (await bot.tables.load(table.id)).row.status == "finished"
