"""Self-tests of the fake Discord, driven by a tiny discord.py bot defined here."""

from __future__ import annotations

import asyncio
import io
import json
import re
import struct
import zlib
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from .driver import FakeDiscord
from .fixtures import fail_on_violations, fake_discord_running, running_bot
from .interactions import DriverError
from .patience import patience


def make_png(width: int = 3, height: int = 2) -> bytes:
    """A valid RGB PNG of the given size."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


PNG = make_png()


class CounterButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ping:(?P<n>\d+)"):
    """Persistent button whose state lives in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Clicked {n}", style=discord.ButtonStyle.primary,
                                           custom_id=f"ping:{n}", emoji="🎲"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],
                             match: re.Match[str]) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.n + 1))
        await interaction.response.edit_message(content=f"clicked {self.n + 1}", view=view)
        await interaction.followup.send(f"{interaction.user.display_name} clicked", ephemeral=True)


def make_bot() -> commands.Bot:
    """The tiny bot under test: /ping, /game status (autocomplete) and /slow."""
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05)
    bot.setup_hook = lambda: _setup(bot)  # type: ignore[method-assign]

    @bot.tree.command(name="ping", description="Ping with a picture")
    @app_commands.describe(size="Image width")
    async def ping(interaction: discord.Interaction, size: int = 3, who: discord.Member | None = None) -> None:
        await interaction.response.defer(thinking=True)
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(0))
        file = discord.File(io.BytesIO(make_png(size)), filename="ping.png", description="A tiny test image")
        embed = discord.Embed(title="Pong").set_image(url="attachment://ping.png")
        await interaction.followup.send(f"pong {who.mention if who else ''}".strip(), file=file, embed=embed,
                                        view=view)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        post = await channel.send("board", file=discord.File(io.BytesIO(PNG), "board.png",
                                                              description="Board alt text"))
        await post.create_thread(name="post thread")
        thread = await channel.create_thread(name="ping thread", type=discord.ChannelType.public_thread)
        await thread.send("in thread")
        try:
            await interaction.user.send("psst")
        except discord.Forbidden as exc:
            await interaction.followup.send(f"DMs closed ({exc.code})", ephemeral=True)

    game = app_commands.Group(name="game", description="Game commands")

    @game.command(name="status", description="Show a game")
    async def status(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"status of {name}", ephemeral=True)

    @status.autocomplete("name")
    async def name_ac(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=n) for n in ("pixies", "tixel") if n.startswith(current)]

    @bot.tree.command(name="slow", description="Answers too late")
    @app_commands.default_permissions(manage_guild=True)
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.5)
        await interaction.response.send_message("late")

    @bot.tree.command(name="panel", description="Select menu, modal and edits")
    async def panel(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("panel", file=discord.File(io.BytesIO(PNG), "p.png"), view=Panel())

    @bot.tree.command(name="later", description="Deferred ephemeral answer edited in place")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.edit_original_response(content="edited")

    @bot.event
    async def on_message(message: discord.Message) -> None:
        if bot.user in message.mentions and message.author != bot.user:
            await message.reply(f"hi {message.author.mention}", mention_author=False)

    bot.tree.add_command(game)
    return bot


class Panel(discord.ui.View):
    """A select menu and a button that opens a modal."""

    def __init__(self) -> None:
        super().__init__(timeout=30)

    @discord.ui.select(custom_id="panel:select", options=[discord.SelectOption(label=x) for x in "ab"])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"picked {select.values}")

    @discord.ui.button(custom_id="panel:modal", label="Name")
    async def ask(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_modal(NameModal())


class NameModal(discord.ui.Modal, title="Your name"):
    """A one-field modal."""

    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="modal:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"got {self.name.value}", ephemeral=True)


async def _setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(CounterButton)


async def test_end_to_end_with_restart() -> None:
    """Slash/defer/followup/file/button/thread/DM flows, then a restarted bot and a RESUME."""
    async with fake_discord_running(check_responses=True) as fake:
        await _first_bot(fake)
        # Restart: a new bot instance against the same fake; the old button must still work.
        async with running_bot(fake, make_bot()) as bot2:
            await asyncio.wait_for(bot2.wait_until_ready(), patience(5))
            msg = fake.messages(fake.general)[0]
            alice = next(u for u in fake.world.users.values() if u.name == "Alice")
            inter = await (await fake.click(alice, msg, "ping:1")).wait_final()
            assert inter.response_type == 7 and msg.content == "clicked 2"
            assert [b.custom_id for b in msg.buttons()] == ["ping:2"]
            assert len(fake.requests_to("PUT", "/applications/{application_id}/commands")) == 1
            # Gateway drop: discord.py RESUMEs on the same session and keeps working.
            session_ids = set(fake.sessions)
            await fake.disconnect_bot()
            await fake.user_message(alice, fake.games, f"still there <@{fake.bot_user.id}>?")  # backlogged
            await fake.wait_until(lambda: fake.active_sessions(), 5, "resume")
            assert set(fake.sessions) == session_ids
            await fake.wait_for_message(lambda m: m.content == f"hi <@{alice.id}>", channel=fake.games)
            inter = await (await fake.slash(alice, "game", {"name": "tixel"}, subcommand="status")).wait_final()
            assert inter.content == "status of tixel"
        fail_on_violations(fake)


async def _first_bot(fake: FakeDiscord) -> None:
    alice, bob = fake.add_member("Alice"), fake.add_member("Bob")
    fake.close_dms(bob)
    async with running_bot(fake, make_bot()) as bot:
        await asyncio.wait_for(bot.wait_until_ready(), patience(5))
        assert bot.get_guild(fake.guild_id) is not None
        synced = await bot.tree.sync()
        await fake.wait_commands("ping", "game", timeout=1)
        assert {c.name for c in synced} == {"ping", "game", "slow", "panel", "later"} == set(fake.commands())

        inter = await fake.slash(alice, "ping", {"size": 4, "who": bob})
        await inter.wait_final()
        assert inter.response_type == 5 and not inter.ephemeral
        msg = inter.original
        assert msg is not None and msg.content == f"pong <@{bob.id}>" and msg.mentions == [bob]
        att = msg.attachment("ping.png")
        assert att.data[:8] == b"\x89PNG\r\n\x1a\n" and att.description == "A tiny test image"
        assert msg.embeds[0]["image"]["url"] == att.url and msg.embeds[0]["image"]["width"] == 4
        assert msg.buttons() == [("ping:0", "Clicked 0", 1, False, {"name": "🎲"})]
        post = await fake.wait_for_message(lambda m: m.content == "board", channel=fake.general)
        assert post.attachments[0].description == "Board alt text" and post.attachments[0].data == PNG
        await fake.wait_for_message(lambda m: m.content == "psst")
        assert [m.content for m in fake.dm_messages(alice)] == ["psst"]
        await fake.wait_for_message(lambda m: m.content == "in thread")
        threads = fake.threads(fake.general)
        assert {t.name for t in threads} == {"post thread", "ping thread"}
        assert next(t for t in threads if t.name == "post thread").id == post.id
        assert bot.get_channel(threads[1].id) is not None

        inter_b = await fake.slash(bob, "ping")
        closed = await fake.wait_for_message(lambda m: m.content.startswith("DMs closed"))
        assert closed.ephemeral and closed.content == "DMs closed (50007)" and closed in inter_b.followups
        assert ("POST", f"/channels/{fake.dm_channel(bob).id}/messages", 403, 50007,
                "Cannot send messages to this user") in fake.errors

        click = await (await fake.click(bob, msg, "ping:0")).wait_final()
        await click.wait_followups(1)
        assert click.response_type == 7 and msg.content == "clicked 1" and msg.edited_timestamp
        assert click.followups[0].ephemeral and click.followups[0].content == "Bob clicked"

        ac = await (await fake.autocomplete(alice, "game", "name", {"name": "pi"}, subcommand="status")).wait_response()
        assert ac.choices == [{"name": "pixies", "value": "pixies"}]
        status = await (await fake.slash(alice, "game", {"name": "pixies"}, subcommand="status")).wait_final()
        assert status.ephemeral and status.content == "status of pixies"
        dm = await (await fake.slash(alice, "game", {"name": "tixel"}, subcommand="status",
                                     channel=fake.dm_channel(alice))).wait_final()
        assert dm.content == "status of tixel" and dm.payload["context"] == 1
        with pytest.raises(DriverError):
            await fake.slash(alice, "never-synced")
        assert fake.violations.pop().startswith("/never-synced used but never synced")
        with pytest.raises(DriverError):
            await fake.slash(alice, "game", {"name": "x"})  # subcommand required
    await fake.wait_disconnected(5)


async def test_late_ack_is_violation() -> None:
    """A callback after the 3 s window (here 0.2 s) is a violation."""
    async with fake_discord_running(callback_deadline=0.2) as fake:
        async with running_bot(fake, make_bot()) as bot:
            await bot.tree.sync()
            with pytest.raises(DriverError):  # hidden from members without Manage Server
                await fake.slash(fake.add_member("Eve"), "slow")
            inter = await fake.slash(fake.add_member("Carol", admin=True), "slow")
            await fake.wait_until(lambda: fake.violations, 5, "violation")
            assert "Unknown interaction" in fake.violations[0] and inter.response is None
        fake.violations.clear()


async def test_invalid_requests_are_violations() -> None:
    """Schema-invalid bodies, unknown routes, bad Content-Type and bad auth are violations."""
    async with fake_discord_running() as fake:
        headers = {"Authorization": f"Bot {fake.token}", "User-Agent": "DiscordBot (https://x, 1.0)"}
        url = f"{fake.api_base}/channels/{fake.general.id}/messages"
        async with aiohttp.ClientSession(headers=headers) as http:
            async with http.post(url, json={"content": 5}) as resp:
                assert resp.status == 400 and (await resp.json())["code"] == 50035
            assert len(fake.violations) == 1 and "$.content" in fake.violations[0]
            async with http.get(f"{fake.api_base}/no/such/route") as resp:
                assert resp.status == 404 and (await resp.json())["code"] == 0
            assert len(fake.violations) == 2 and "not in the Discord OpenAPI spec" in fake.violations[1]
            async with http.post(url, data=b'{"content": "x"}', headers={"Content-Type": "text/plain"}) as resp:
                assert resp.status == 400
            async with http.get(f"{fake.api_base}/users/@me", headers={"Authorization": "Bearer nope"}) as resp:
                assert resp.status == 401
            assert len(fake.violations) == 4
            async with http.post(url, json={"content": "ok"}) as resp:
                assert resp.status == 200 and fake.messages(fake.general)[0].content == "ok"
            assert len(fake.violations) == 4
            form = aiohttp.FormData(quote_fields=False)
            form.add_field("payload_json", json.dumps({"attachments": [{"id": 1, "filename": "a.png"}]}))
            form.add_field("files[0]", PNG, filename="a.png", content_type="application/octet-stream")
            async with http.post(url, data=form) as resp:
                assert resp.status == 400
            assert len(fake.violations) == 5 and "matches no files[1] part" in fake.violations[4]
            async with http.patch(f"{url}/{fake.messages(fake.general)[0].id}", json={"content": "y" * 2001}) as resp:
                assert resp.status == 400
            assert len(fake.violations) == 6 and fake.messages(fake.general)[0].content == "ok"
            assert fake.messages(fake.general)[0].edited_timestamp is None
        fake.violations.clear()


async def test_components_modals_edits_and_messages(fake_discord: FakeDiscord) -> None:
    """Guild-synced commands, select menus, modals, edits, replies and member fetches."""
    fake = fake_discord
    fake.check_responses = True
    dave = fake.add_member("Dave")
    async with running_bot(fake, make_bot()) as bot:
        bot.tree.copy_global_to(guild=discord.Object(fake.guild_id))
        await bot.tree.sync(guild=discord.Object(fake.guild_id))  # guild commands this time
        assert all(c.get("guild_id") == str(fake.guild_id) for c in fake.commands().values())
        panel = await (await fake.slash(dave, "panel")).wait_final()
        msg = panel.original
        assert panel.response_type == 4 and msg is not None and msg.attachments[0].data == PNG
        pick = await (await fake.select(dave, msg, "panel:select", ["b"])).wait_final()
        assert pick.response_type == 6 and msg.content == "picked ['b']" and pick.edits
        ask = await (await fake.click(dave, msg, "panel:modal")).wait_response()
        assert ask.response_type == 9 and ask.modal is not None and ask.modal["title"] == "Your name"
        sub = await (await fake.submit_modal(ask, {"modal:name": "Dave D."})).wait_final()
        assert sub.ephemeral and sub.content == "got Dave D."
        later = await (await fake.slash(dave, "later")).wait_final()
        assert later.ephemeral and later.content == "edited" and not later.original.flags & 128
        with pytest.raises(DriverError):  # guild commands are not offered in DMs
            await fake.slash(dave, "later", channel=fake.dm_channel(dave))
        said = await fake.user_message(dave, fake.games, f"hello <@{fake.bot_user.id}>")
        reply = await fake.wait_for_message(lambda m: m.message_reference is not None, channel=fake.games)
        assert reply.content == f"hi <@{dave.id}>" and reply.mentions == [dave]
        assert reply.message_reference["message_id"] == str(said.id) and reply.type == 19
        member = await bot.get_guild(fake.guild_id).fetch_member(dave.id)  # type: ignore[union-attr]
        assert member.display_name == "Dave"
        with pytest.raises(DriverError):
            await fake.select(dave, msg, "panel:select", ["zzz"])
