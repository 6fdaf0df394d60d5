"""**Add computer player** at a lobby, and the refusals a member can meet with computer players."""

from __future__ import annotations

import random

from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.computer_play import assert_no_computer_addressed, member_turn
from tests.e2e.harness import TIMEOUT, buttons_with, parlor
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def click(fake, user, message, custom_id):
    return await (await fake.click(user, message, custom_id)).wait_final(TIMEOUT)


def refusal(record) -> str:
    answers = [m for m in record.followups + ([record.message] if record.message else []) if m.ephemeral]
    assert answers, "expected an ephemeral refusal"
    return answers[0].content


def menu_button(message, label: str) -> str:
    return next(b.custom_id for b in message.buttons() if b.label == label)


async def test_pixies_with_two_computer_players_to_the_end(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    async with parlor(fake, str(tmp_path / "c.sqlite3"), seed=11) as bot:
        rec = await (await fake.slash(ada, "play", {"game": "pixies", "thread": False},
                                      channel=fake.games)).wait_final(TIMEOUT)
        lobby = rec.message
        game_id = int(lobby.content.split("#")[1].split("*")[0])
        assert buttons_with(lobby, f"pc:{game_id}")
        menu = (await click(fake, ada, lobby, f"pc:{game_id}")).message
        assert menu.ephemeral and "easy" in menu.content
        menu = (await click(fake, ada, menu, menu_button(menu, "Add normal"))).message
        menu = (await click(fake, ada, menu, menu_button(menu, "Remove Computer (normal)"))).message
        assert "Computer players seated" not in menu.content
        menu = (await click(fake, ada, menu, menu_button(menu, "Add easy"))).message
        menu = (await click(fake, ada, menu, menu_button(menu, "Add strong"))).message
        assert "Computer (easy), Computer 2 (strong)" in menu.content
        lobby = fake.messages(fake.games)[0]
        assert "🤖 **Computer (easy)**" in lobby.content and "🤖 **Computer 2 (strong)**" in lobby.content
        assert "not rated" in lobby.content
        table = await bot.tables.load(game_id)
        assert [s.user_id for s in table.seats] == [ada.id, -1, -2]
        assert table.row.options["computer_levels"] == {"-1": "easy", "-2": "strong"}

        assert not (await click(fake, ada, lobby, f"pl:{game_id}:start")).followups
        rng = random.Random(3)
        moves = 0
        while (table := await member_turn(bot, game_id, {0})) is not None:
            decision = next(d for d in table.pending() if d.player == 0)
            prefix = f"pg:{game_id}:0:{decision.id}:"
            post = await fake.wait_for_message(lambda m, p=prefix: bool(buttons_with(m, p)), TIMEOUT,
                                               channel=fake.games)
            assert all(u.id == ada.id for u in post.mentions)
            record = await click(fake, ada, post, rng.choice(buttons_with(post, prefix)))
            assert not record.followups, record.followups[0].content
            moves += 1
        table = await bot.tables.load(game_id)
        assert table.row.status == "finished" and moves > 5
        actors = {a.actor_id for a in await bot.db.actions(game_id)}
        assert actors == {ada.id, -1, -2}
        posts = fake.messages(fake.games)
        assert any("🤖 **Computer 2 (strong)**" in m.content for m in posts)
        assert any("final standings" in m.content for m in posts)
        assert not await bot.tables.ratings.leaderboard(fake.guild_id, "pixies")  # games with computers are not rated
        assert_no_computer_addressed(fake)


async def test_refusals_change_nothing(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ann, ben, cat, dan = (fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Dan"))
    async with parlor(fake, str(tmp_path / "r.sqlite3")) as bot:
        rec = await (await fake.slash(ann, "play", {"game": "pixies"}, channel=fake.games)).wait_final(TIMEOUT)
        lobby = rec.message
        # A member who did not open the table.
        assert "Only the member who opened" in refusal(await click(fake, ben, lobby, "pc:1"))
        # The opener's menu, then the table fills up before a level is chosen.
        menu = (await click(fake, ann, lobby, "pc:1")).message
        for user in (ben, cat, dan):
            assert not (await click(fake, user, lobby, "pl:1:join")).followups
        assert "full (4 players)" in refusal(await click(fake, ann, menu, menu_button(menu, "Add easy")))
        assert "full (4 players)" in refusal(await click(fake, ann, lobby, "pc:1"))
        assert [s.user_id for s in (await bot.tables.load(1)).seats] == [ann.id, ben.id, cat.id, dan.id]

        # vs where it cannot work: no game is opened.
        for options, why in (({"game": "pt-draft", "vs": "easy"}, "cannot play"),
                             ({"game": "pixel-tactics", "mode": "team", "vs": "easy"}, "needs 4 players"),
                             ({"game": "pixel-tactics", "deck": "Mine", "vs": "strong"}, "without built decks")):
            answer = await (await fake.slash(ann, "play", options, channel=fake.games)).wait_final(TIMEOUT)
            assert answer.ephemeral and why in answer.content, answer.content
        assert len(await bot.tables.open_games(fake.guild_id, ("lobby", "running"))) == 1

        # /game return when no computer plays the seat.
        assert not (await click(fake, ann, lobby, "pl:1:start")).followups
        table = await bot.tables.load(1)
        back = await (await fake.slash(ben, "game", subcommand="return",
                                       channel=table.row.post_channel_id)).wait_final(TIMEOUT)
        assert back.ephemeral and "not played by a computer" in back.content
        outsider = fake.add_member("Eve")
        back = await (await fake.slash(outsider, "game", {"game": 1}, subcommand="return",
                                       channel=table.row.post_channel_id)).wait_final(TIMEOUT)
        assert back.ephemeral and "not playing" in back.content
        assert (await bot.tables.load(1)).row.version == table.row.version
        fake.assert_no_violations()
