"""History and community commands through the loopback Discord: /game log, /game replay, /mygames,
/game rematch."""

from __future__ import annotations

import io
import random
import re
import sys

from PIL import Image

from bot.tables import UNDO, replay
from tests.e2e.harness import TIMEOUT, open_table, open_table_for, parlor, play_until, resign
from tests.e2e.tixel_play import board_post, play_actions, short_game
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.fakediscord.interactions import ATTACHMENT_SIZE_LIMIT

LINE = re.compile(r"^(~~)?#(\d+) · (Ada|Bob) · .+")


async def slash(fake, user, subcommand, options=None, *, channel, name="game"):
    return await (await fake.slash(user, name, options or {}, subcommand=subcommand,
                                   channel=channel)).wait_final(TIMEOUT)


def history_lines(content: str) -> list[re.Match]:
    return [m for m in map(LINE.match, content.splitlines()[1:]) if m]


async def take_back_last(bot, game_id):
    """Log an undo entry the way the undo feature does (the log stays append-only)."""
    table = await bot.tables.load(game_id)
    log = [(a.actor_seat, a.action) for a in await bot.db.actions(game_id)]
    seat = log[-1][0]
    state = replay(table.engine, table.row, len(table.seats), [*log, (seat, {"type": UNDO})])
    await bot.db.commit_action(game_id, table.row.version, seat, table.user_of(seat), {"type": UNDO},
                               state, "running")


async def test_log_replay_and_my_games_of_a_pixies_game(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    fake = fake_discord
    ada, bob, cyd = fake.add_member("Ada"), fake.add_member("Bob"), fake.add_member("Cyd")
    async with parlor(fake, str(tmp_path / "h.sqlite3")) as bot:
        await fake.wait_commands("mygames", timeout=TIMEOUT)
        game_id, _ = await open_table(fake, bot, [ada, bob])
        played = await play_until(fake, bot, game_id, [ada, bob], random.Random(3), max_actions=19)
        assert played == 19
        await take_back_last(bot, game_id)
        thread = (await bot.tables.load(game_id)).row.thread_id

        # /game log: the latest page by default, for anyone, only for them
        rec = await slash(fake, cyd, "log", channel=thread)
        assert rec.ephemeral, rec.content
        first_line = rec.content.splitlines()[0]
        assert f"Pixies #{game_id}" in first_line and "page 2/2" in first_line and "20 entries" in first_line
        lines = history_lines(rec.content)
        assert [int(m[2]) for m in lines] == list(range(16, 21))
        assert "took back the last move (#19)" in lines[-1][0]
        assert lines[-2][1] == "~~" and "(taken back)" in lines[-2][0]
        buttons = {b.label: b for b in rec.message.buttons()}
        assert buttons["Next ▶"].disabled and not buttons["◀ Previous"].disabled
        # paging in place
        page = await (await fake.click(cyd, rec.message, buttons["◀ Previous"].custom_id)).wait_final(TIMEOUT)
        assert not page.followups
        content = rec.message.content
        assert "page 1/2" in content
        lines = history_lines(content)
        assert [int(m[2]) for m in lines] == list(range(1, 16))
        assert all("took" in m[0] or "kept" in m[0] or "space" in m[0] for m in lines)
        assert sum(len(line) + 1 for line in content.splitlines()) <= 2000
        buttons = {b.label: b for b in rec.message.buttons()}
        assert buttons["◀ Previous"].disabled and not buttons["Next ▶"].disabled
        await (await fake.click(cyd, rec.message, buttons["Next ▶"].custom_id)).wait_final(TIMEOUT)
        assert "page 2/2" in rec.message.content
        explicit = await slash(fake, ada, "log", {"game": game_id, "page": 1}, channel=fake.general)
        assert explicit.ephemeral and "page 1/2" in explicit.content

        # refusals: no such game, a lobby
        missing = await slash(fake, ada, "log", {"game": 999}, channel=thread)
        assert missing.ephemeral and "no game #999" in missing.content
        lobby = await (await fake.slash(cyd, "play", {"game": "pixies"}, channel=fake.games)).wait_final(TIMEOUT)
        lobby_id = int(re.search(r"Pixies #(\d+)", lobby.message.content)[1])
        early = await slash(fake, cyd, "log", {"game": lobby_id}, channel=fake.games)
        assert early.ephemeral and "not started yet" in early.content
        early = await slash(fake, cyd, "replay", {"game": lobby_id}, channel=fake.games)
        assert early.ephemeral and "not started yet" in early.content

        # /game replay: a public animated GIF of the public line of play (the undone move left out)
        rec = await slash(fake, bob, "replay", channel=thread)
        assert not rec.ephemeral and rec.message.attachments, rec.content
        assert "replay of 18 moves" in rec.content and "all 19 positions" in rec.content
        attachment = rec.message.attachments[0]
        assert attachment.filename.endswith(".gif") and "Animated replay" in attachment.description
        assert len(attachment.data) < ATTACHMENT_SIZE_LIMIT
        gif = Image.open(io.BytesIO(attachment.data))
        assert gif.format == "GIF" and gif.n_frames == 19 and gif.width >= 600
        # a long game shows evenly spaced positions, and a small attachment limit is honoured
        history = sys.modules["cogs.history"]  # the module the bot loaded (extensions are loaded afresh)
        monkeypatch.setattr(history, "MAX_FRAMES", 8)
        monkeypatch.setattr(history, "SIZE_MARGIN", 60_000 / ATTACHMENT_SIZE_LIMIT)
        rec = await slash(fake, cyd, "replay", {"game": game_id}, channel=fake.general)
        shown = re.search(r"(\d+) of its 19 positions, evenly spaced", rec.content)
        assert shown, rec.content
        data = rec.message.attachments[0].data
        # frames dropped to fit the limit are not counted: the post counts what the GIF shows
        assert len(data) <= 60_000 and 2 <= Image.open(io.BytesIO(data)).n_frames == int(shown[1]) <= 8

        # /mygames: the player's game with a link to its latest table post; the lobby for Cyd
        rec = await slash(fake, ada, None, channel=fake.general, name="mygames")
        assert rec.ephemeral and f"Pixies #{game_id}" in rec.content and len(rec.content) <= 2000
        table = await bot.tables.load(game_id)
        link = f"https://discord.com/channels/{fake.guild_id}/{thread}/{table.row.message_id}"
        assert link in rec.content and "Ada, Bob" in rec.content
        rec = await slash(fake, cyd, None, channel=fake.general, name="mygames")
        assert f"Pixies #{lobby_id}" in rec.content and "lobby, 1/4 seated" in rec.content
        assert f"Pixies #{game_id}" not in rec.content
        rec = await slash(fake, fake.add_member("Dee"), None, channel=fake.general, name="mygames")
        assert rec.ephemeral and "no open or running games" in rec.content
        same = await (await fake.slash(ada, "games", {"mine": True}, channel=fake.general)).wait_final(TIMEOUT)
        assert same.ephemeral and link in same.content  # /games mine:true is the same list


async def test_rematch_after_a_finished_tixel_game(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    outsider = fake.add_member("Cyd")
    seed, actions = short_game({"tix": 1})
    async with parlor(fake, str(tmp_path / "r.sqlite3"), seed=seed) as bot:
        game_id, _ = await open_table_for(fake, bot, users, "tixel", {"tix": 1})
        await board_post(fake, bot, game_id)
        thread = (await bot.tables.load(game_id)).row.thread_id
        early = await slash(fake, users[0], "rematch", channel=thread)
        assert early.ephemeral and "not finished" in early.content

        await play_actions(fake, bot, game_id, users, actions, random.Random(seed))
        old = await bot.tables.load(game_id)
        assert old.row.status == "finished"
        foreign = await slash(fake, outsider, "rematch", channel=thread)
        assert foreign.ephemeral and "Only the players" in foreign.content

        # asked in the game's thread by the second player: the lobby opens in the game's channel
        rec = await slash(fake, users[1], "rematch", channel=thread)
        assert not rec.ephemeral and "is open in" in rec.content, rec.content
        new_id = int(re.search(r"Tixel #(\d+)", rec.content)[1])
        new = await bot.tables.load(new_id)
        assert new.row.status == "lobby" and new.row.channel_id == fake.games.id
        assert [s.user_id for s in new.seats] == [u.id for u in users]
        assert new.row.options["game"] == {"tix": 1} and new.row.options["rematch_of"] == game_id
        post = await fake.wait_for_message(lambda m: f"Rematch of **Tixel #{game_id}**" in m.content,
                                           TIMEOUT, channel=fake.games)
        assert f"pl:{new_id}:start" in [b.custom_id for b in post.buttons()]
        assert [u.id for u in post.mentions] == [users[0].id]  # the other player is told
        assert f"/{fake.games.id}/{post.id}" in rec.content

        again = await slash(fake, users[0], "rematch", {"game": game_id}, channel=fake.games)
        assert again.ephemeral and "already open" in again.content

        # the first player starts the rematch from its lobby post: same seats, a new game
        start = await (await fake.click(users[0], post, f"pl:{new_id}:start")).wait_final(TIMEOUT)
        assert not start.followups
        started = await bot.tables.load(new_id)
        assert started.row.status == "running" and [s.user_id for s in started.seats] == [u.id for u in users]
        await board_post(fake, bot, new_id)  # its first board is up (in a thread of its own)
        assert (await bot.tables.load(new_id)).row.thread_id not in (None, old.row.thread_id)

        # a game played in the channel, ended by a resignation: asked there, the answer is the lobby post
        second, _ = await open_table_for(fake, bot, users, "tixel", thread=False)
        await board_post(fake, bot, second)
        resigned = (await resign(fake, users[0], fake.games, {"game": second})).message
        assert resigned.ephemeral and "resigned" in resigned.content
        await fake.wait_for_message(lambda m: "game over" in m.content, TIMEOUT, channel=fake.games)
        rec = await slash(fake, users[0], "rematch", channel=fake.games)
        assert not rec.ephemeral and f"Rematch of **Tixel #{second}**" in rec.content, rec.content
        third = int(re.search(r"\*\*Tixel #(\d+)\*\* — a table", rec.content)[1])
        assert f"pl:{third}:join" in [b.custom_id for b in rec.message.buttons()]
        lobby = await bot.tables.load(third)
        assert lobby.row.options["thread"] is False and [s.user_id for s in lobby.seats] == [u.id for u in users]
