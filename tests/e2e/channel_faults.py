"""What moderators do to a game's channel, done to the fake Discord with the gateway events Discord
sends for it (or silently, as if the bot had been offline): permission overwrites changed, a thread
archived or locked, a thread deleted."""

from __future__ import annotations

from tests.fakediscord import FakeDiscord
from tests.fakediscord.rest import INTENT_GUILDS
from tests.fakediscord.state import Channel


async def set_overwrite(fake: FakeDiscord, channel: Channel, target_id: int, *, allow: int = 0, deny: int = 0,
                        notify: bool = True) -> None:
    """Set (allow = deny = 0: remove) a permission overwrite of a text channel, then CHANNEL_UPDATE."""
    fake.set_overwrite(channel, target_id, allow=allow, deny=deny)
    if not allow and not deny:
        channel.overwrites = [o for o in channel.overwrites if int(o["id"]) != target_id]
    if notify:
        await fake.dispatch("CHANNEL_UPDATE", channel.to_json(), INTENT_GUILDS)


async def close_thread(fake: FakeDiscord, thread: Channel, *, archived: bool, locked: bool,
                       notify: bool = True) -> None:
    """Archive / lock (or reopen / unlock) a thread, then THREAD_UPDATE."""
    thread.archived, thread.locked = archived, locked
    if notify:
        await fake.dispatch("THREAD_UPDATE", thread.to_json(), INTENT_GUILDS)


async def delete_thread(fake: FakeDiscord, thread: Channel, *, notify: bool = True) -> None:
    """Delete a thread with its messages (REST answers 404 Unknown Channel from now on), then
    THREAD_DELETE (``notify=False``: the bot was offline and never heard of it)."""
    del fake.world.channels[thread.id]
    for message in fake.world.messages.get(thread.id, []):
        message.deleted = True
    for messages in fake.world.messages.values():
        for message in messages:
            if message.thread is thread:
                message.thread = None
    if notify:
        await fake.dispatch("THREAD_DELETE", {"id": str(thread.id), "guild_id": str(thread.guild_id),
                                              "parent_id": str(thread.parent_id), "type": thread.type},
                            INTENT_GUILDS)
