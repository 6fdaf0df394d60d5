"""Issue 16: a whole Pixies game played by screen-reader players through the loopback Discord. Each decides
every move from the table post's alt text, its button labels and ``/game describe`` (tests/e2e/screen_reader.py);
no image is opened and the bot's state is read only to check, at the end, the standings they read."""

from __future__ import annotations

import re

from tests.e2e.drive import settle
from tests.e2e.harness import TIMEOUT, open_table, open_table_for, parlor
from tests.e2e.screen_reader import POINTER, ScreenReaderPlayer, grids, labelled_buttons, standings, table_alt
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

NAMES = ("Ada", "Bob", "Cyd")


def _table_posts(fake, thread) -> list:
    """The table posts a member can act on: a Pixies table image and buttons to press."""
    return [m for m in fake.messages(thread) if m.attachments and any(not b.disabled for b in m.buttons())
            and (m.attachments[0].description or "").startswith("Pixies, round")]


async def test_three_screen_reader_players_play_pixies_to_the_end(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in NAMES]
    outsider = fake.add_member("Dee")
    async with parlor(fake, str(tmp_path / "sr.sqlite3"), seed=77) as bot:
        game_id, _ = await open_table(fake, bot, users)
        thread = fake.channel((await bot.tables.load(game_id)).row.thread_id)
        players = {u.name: ScreenReaderPlayer(fake, u, list(NAMES)) for u in users}
        acted: set[tuple[int, str]] = set()
        moves, rounds_seen = 0, set()

        def final_post():
            return next((m for m in fake.messages(thread) if "final standings" in (m.content or "")), None)

        while final_post() is None:
            await settle(bot, game_id)
            if final_post() is not None:
                break
            post = await fake.wait_until(lambda: next((m for m in reversed(_table_posts(fake, thread))
                                                       if (m.id, table_alt(m)) not in acted), None),
                                         TIMEOUT, "a table post to act on")
            alt = table_alt(post)
            acted.add((post.id, alt))
            who = re.search(r"(\w+) (?:to pick|places)", alt)
            assert who, alt
            player = players[who.group(1)]
            grid = player.my_grid(alt)
            round_no = re.match(r"Pixies, round (\d)", alt).group(1)
            if grid is None or POINTER in alt or (player.name, round_no) not in rounds_seen:
                rounds_seen.add((player.name, round_no))
                text = await player.describe(thread)
                assert f"You are {player.name}." in text
                described = player.my_grid(text)
                assert grid is None or described == grid, (alt, text)
                grid = described
            assert grid is not None
            choice = player.choose(alt, labelled_buttons(post), grid)
            record = await (await fake.click(player.user, post, choice)).wait_final(TIMEOUT)
            assert not record.followups, f"refused: {record.followups[0].content}"
            moves += 1

        # What the players read at the end: the final standings' alt text, and each round's score post.
        final = final_post()
        read = standings(final.attachments[0].description)
        round_posts = [m for m in fake.messages(thread) if "end of round" in (m.content or "")]
        assert len(round_posts) == 3
        per_round = {name: [int(re.search(rf"{name}: (-?\d+) this round", m.attachments[0].description).group(1))
                            for m in round_posts] for name in NAMES}
        outsider_text = await ScreenReaderPlayer(fake, outsider, list(NAMES)).describe(thread)

        # Only now the bot's own record: the standings the players read are the engine's result.
        table = await bot.tables.load(game_id)
        assert table.row.status == "finished"
        result = table.engine.view(table.state, None)["result"]
        expected, rank = [], 1
        for group in result["ranking"]:
            expected += [(rank, NAMES[s], result["scores"][s]) for s in group]
            rank += len(group)
        assert sorted(read) == sorted(expected)
        assert {name: sum(scores) for name, scores in per_round.items()} == {
            NAMES[s]: result["scores"][s] for s in range(3)}
        assert "You are" not in outsider_text and "final standings" in outsider_text
        assert grids(outsider_text, list(NAMES)).keys() == set(NAMES)
        assert moves > 40 and all(p.described >= 3 for p in players.values())
        fake.assert_no_violations()


async def test_describe_tells_each_player_their_own_hand_only(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada, bob, dee = fake.add_member("Ada"), fake.add_member("Bob"), fake.add_member("Dee")
    async with parlor(fake, str(tmp_path / "srpt.sqlite3"), seed=5) as bot:
        nothing = await (await fake.slash(dee, "game", {}, subcommand="describe",
                                          channel=fake.games)).wait_final(TIMEOUT)
        assert nothing.ephemeral and "no game" in nothing.content.lower()
        game_id, _ = await open_table_for(fake, bot, [ada, bob], "pixel-tactics", thread=False)
        table = await bot.tables.load(game_id)
        hands = [{c["name"] for c in table.engine.view(table.state, s)["hand"]} for s in (0, 1)]
        told = {}
        for user in (ada, bob, dee):
            told[user.name] = await ScreenReaderPlayer(fake, user, ["Ada", "Bob"]).describe(fake.games)
        # a description is never public (the table post and hand DMs may still be arriving: none of them is one)
        for message in fake.all_messages(include_ephemeral=False):
            assert "Your hand (" not in (message.content or ""), "a description is never public"
            assert not any(text and message.content == text for text in told.values()), "a description is public"
        for seat, name in enumerate(("Ada", "Bob")):
            text = told[name]
            assert f"Your hand ({name})" in text and all(card in text for card in hands[seat])
            for own in sorted(hands[seat], key=len, reverse=True):  # a name inside a longer one is not a leak
                text = text.replace(own, "")
            assert not [card for card in hands[1 - seat] if card in text], (name, told[name])
        assert "Your hand" not in told["Dee"] and "Pixel Tactics" in told["Dee"]
        fake.assert_no_violations()
