"""Lobbies through the loopback Discord: joining, refusals, cancelling, listings, no-thread fallback."""

from __future__ import annotations

from tests.e2e.harness import TIMEOUT, buttons_with, open_table, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.fakediscord.state import P


async def click(fake, user, message, custom_id):
    return await (await fake.click(user, message, custom_id)).wait_final(TIMEOUT)


def refusal(record) -> str:
    assert record.followups and record.followups[0].ephemeral, "expected an ephemeral refusal"
    return record.followups[0].content


async def test_lobby_refusals_and_cancel(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ann, ben, cat, dan, eve = (fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Dan", "Eve"))
    async with parlor(fake, str(tmp_path / "l.sqlite3")) as bot:
        rec = await (await fake.slash(ann, "play", {"game": "pixies"}, channel=fake.games)).wait_final(TIMEOUT)
        lobby = rec.message
        assert "Pixies #1" in lobby.content and "Needs 1 more" in lobby.content
        assert not lobby.mentions, "a lobby post pings nobody"
        assert "needs 2–4 players; 1 seated" in refusal(await click(fake, ann, lobby, "pl:1:start"))
        assert "already have a seat" in refusal(await click(fake, ann, lobby, "pl:1:join"))
        assert "use Cancel" in refusal(await click(fake, ann, lobby, "pl:1:leave"))
        assert "not seated" in refusal(await click(fake, ben, lobby, "pl:1:leave"))
        for user in (ben, cat, dan):
            assert not (await click(fake, user, lobby, "pl:1:join")).followups
        assert "full (4 players)" in refusal(await click(fake, eve, lobby, "pl:1:join"))
        assert not (await click(fake, dan, lobby, "pl:1:leave")).followups
        assert "Dan" not in fake.messages(fake.games)[-1].content
        assert "Only the member who opened" in refusal(await click(fake, ben, lobby, "pl:1:start"))
        assert "Only the member who opened" in refusal(await click(fake, ben, lobby, "pl:1:cancel"))

        listing = await (await fake.slash(eve, "games", channel=fake.general)).wait_final(TIMEOUT)
        assert listing.ephemeral and "Pixies #1" in listing.content and "lobby" in listing.content

        assert not (await click(fake, ann, lobby, "pl:1:cancel")).followups
        lobby = fake.messages(fake.games)[-1]
        assert "cancelled" in lobby.content and not lobby.buttons()
        assert (await bot.tables.load(1)).row.status == "cancelled"
        nothing = await (await fake.slash(ann, "game", subcommand="status", channel=fake.games)).wait_final(TIMEOUT)
        assert nothing.ephemeral and "no running game" in nothing.content
        resign = await (await fake.slash(ann, "game", subcommand="resign", channel=fake.games)).wait_final(TIMEOUT)
        assert resign.ephemeral and "no running game" in resign.content


async def test_game_stays_in_the_channel_where_threads_are_not_allowed(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    fake.set_overwrite(fake.games, fake.guild_id, deny=P["CREATE_PUBLIC_THREADS"])  # @everyone role
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with parlor(fake, str(tmp_path / "t.sqlite3")) as bot:
        game_id, _ = await open_table(fake, bot, [ann, ben])
        table = await bot.tables.load(game_id)
        assert table.row.thread_id is None and not fake.threads()
        post = fake.messages(fake.games)[-1]
        assert buttons_with(post, f"pg:{game_id}:")
        listing = await (await fake.slash(ann, "games", channel=fake.games)).wait_final(TIMEOUT)
        assert "running" in listing.content and "to act" in listing.content


async def test_pixies_rules_summary_is_private(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ann = fake.add_member("Ann")
    async with parlor(fake, str(tmp_path / "r.sqlite3")):
        rec = await (await fake.slash(ann, "pixies", subcommand="rules", channel=fake.general)).wait_final(TIMEOUT)
        assert rec.ephemeral and "validated" in rec.content and "three rounds" in rec.content


async def test_games_listing_stays_within_one_message(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    hosts = [fake.add_member(f"A rather long display name {i:02d}") for i in range(30)]
    async with parlor(fake, str(tmp_path / "g.sqlite3")):
        for host in hosts:
            await (await fake.slash(host, "play", {"game": "pixies"}, channel=fake.games)).wait_final(TIMEOUT)
        listing = await (await fake.slash(hosts[0], "games", channel=fake.games)).wait_final(TIMEOUT)
        assert listing.ephemeral and len(listing.content) <= 2000
        assert "Pixies #1**" in listing.content and "more" in listing.content
