"""A loopback fake of Discord's REST API and gateway, for end-to-end tests of the unmodified bot.

Usage (the fixture patches discord.http.Route.BASE / DiscordWebSocket.DEFAULT_GATEWAY and fails the
test at teardown if the fake recorded any violation)::

    async def test_play(fake_discord):
        alice = fake_discord.add_member("Alice")
        async with running_bot(fake_discord, make_my_bot()):
            await fake_discord.wait_commands("play")
            inter = await (await fake_discord.slash(alice, "play", {"game": "pixies"})).wait_final()
            assert not inter.ephemeral and inter.message.buttons()
"""

from .driver import FakeDiscord
from .interactions import DriverError, InteractionRecord
from .messages import Attachment, Button, Message
from .server import RequestRecord
from .state import Channel, Guild, Role, User

__all__ = ["Attachment", "Button", "Channel", "DriverError", "FakeDiscord", "Guild", "InteractionRecord", "Message",
           "RequestRecord", "Role", "User"]
