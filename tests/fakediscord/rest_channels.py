"""REST handlers for channels, messages, threads and guild members."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .messages import EPHEMERAL, BadRequest, store_message
from .rest import (
    INTENT_GUILDS,
    Ctx,
    channel_or_404,
    check_can_send,
    delete_message_record,
    message_or_404,
    require_permission,
    route,
)
from .state import DM, GUILD_TEXT, PRIVATE_THREAD, PUBLIC_THREAD, iso

if TYPE_CHECKING:
    from .server import FakeServer


# ----- channels & messages -----
@route("GET", "/channels/{channel_id}")
async def get_channel(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET /channels/{id}: text channel, thread or DM channel."""
    return 200, channel_or_404(fake, ctx).to_json()


@route("PATCH", "/channels/{channel_id}")
async def edit_channel(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """PATCH /channels/{id}: rename, archive/lock threads (dispatches THREAD/CHANNEL_UPDATE)."""
    chan = channel_or_404(fake, ctx)
    for key in ("name", "archived", "locked", "auto_archive_duration", "invitable"):
        if key in ctx.body and ctx.body[key] is not None:
            setattr(chan, key, ctx.body[key])
    if chan.type != DM:
        await fake.dispatch("THREAD_UPDATE" if chan.is_thread else "CHANNEL_UPDATE", chan.to_json(), INTENT_GUILDS)
    return 200, chan.to_json()


@route("POST", "/channels/{channel_id}/messages")
async def create_message(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """POST /channels/{id}/messages (JSON or multipart), then MESSAGE_CREATE."""
    chan = channel_or_404(fake, ctx)
    check_can_send(fake, chan, ctx.files)
    body = dict(ctx.body or {})
    if (body.get("flags") or 0) & EPHEMERAL:
        raise BadRequest(400, 50035, "ephemeral flag is only valid on interaction responses")
    msg = store_message(fake.world, fake.builder.new(chan.id, fake.world.bot, body, ctx.files,
                                                     type=19 if body.get("message_reference") else 0))
    await fake.dispatch_message("MESSAGE_CREATE", msg)
    return 200, msg.to_json()


@route("GET", "/channels/{channel_id}/messages")
async def list_messages(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET /channels/{id}/messages: newest first, with before/after/limit."""
    chan = channel_or_404(fake, ctx)
    msgs = [m for m in fake.world.messages.get(chan.id, []) if not m.deleted and not m.ephemeral]
    if "before" in ctx.query:
        msgs = [m for m in msgs if m.id < int(ctx.query["before"])]
    if "after" in ctx.query:
        msgs = [m for m in msgs if m.id > int(ctx.query["after"])]
    limit = int(ctx.query.get("limit", 50))
    return 200, [m.to_json() for m in reversed(msgs)][:limit]


@route("GET", "/channels/{channel_id}/messages/{message_id}")
async def get_message(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET one message."""
    return 200, message_or_404(fake, channel_or_404(fake, ctx), ctx.params["message_id"]).to_json()


@route("PATCH", "/channels/{channel_id}/messages/{message_id}")
async def edit_message(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """PATCH a message the bot wrote, then MESSAGE_UPDATE."""
    chan = channel_or_404(fake, ctx)
    msg = message_or_404(fake, chan, ctx.params["message_id"])
    if msg.author is not fake.world.bot:
        raise BadRequest(403, 50005, "Cannot edit a message authored by another user")
    fake.builder.apply(msg, ctx.body or {}, ctx.files, creating=False)
    await fake.dispatch_message("MESSAGE_UPDATE", msg)
    return 200, msg.to_json()


@route("DELETE", "/channels/{channel_id}/messages/{message_id}")
async def delete_message(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """DELETE a message, then MESSAGE_DELETE."""
    chan = channel_or_404(fake, ctx)
    msg = message_or_404(fake, chan, ctx.params["message_id"])
    if msg.author is not fake.world.bot:
        require_permission(fake, chan, "MANAGE_MESSAGES")
    await delete_message_record(fake, msg)
    return 204, None


@route("POST", "/channels/{channel_id}/typing")
async def typing(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """POST typing indicator."""
    channel_or_404(fake, ctx)
    return 204, None


@route("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me")
@route("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me")
async def own_reaction(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """PUT/DELETE the bot's own reaction."""
    chan = channel_or_404(fake, ctx)
    msg = message_or_404(fake, chan, ctx.params["message_id"])
    users = msg.reactions.setdefault(ctx.params["emoji_name"], set())
    if ctx.method == "PUT":
        require_permission(fake, chan, "ADD_REACTIONS")
        users.add(fake.world.bot.id)
    else:
        users.discard(fake.world.bot.id)
    return 204, None


@route("POST", "/channels/{channel_id}/threads", "/channels/{channel_id}/messages/{message_id}/threads")
async def create_thread(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """POST a thread (standalone or from a message; same id as the message), then THREAD_CREATE."""
    parent = channel_or_404(fake, ctx)
    if parent.type != GUILD_TEXT:
        raise BadRequest(400, 50024, "Cannot execute action on this channel type")
    starter = message_or_404(fake, parent, ctx.params["message_id"]) if "message_id" in ctx.params else None
    ttype = PUBLIC_THREAD if starter else (ctx.body.get("type") or PRIVATE_THREAD)
    require_permission(fake, parent, "CREATE_PRIVATE_THREADS" if ttype == PRIVATE_THREAD else "CREATE_PUBLIC_THREADS")
    if starter is not None and starter.thread is not None:
        raise BadRequest(400, 160004, "A thread has already been created for this message", violation=False)
    thread = fake.world.add_thread(parent, ctx.body["name"], fake.world.bot, private=ttype == PRIVATE_THREAD,
                                   thread_id=starter.id if starter else None,
                                   auto_archive_duration=ctx.body.get("auto_archive_duration") or 1440)
    if ctx.body.get("invitable") is not None:
        thread.invitable = ctx.body["invitable"]
    if starter is not None:
        starter.thread = thread
    member = {"id": str(thread.id), "user_id": str(fake.world.bot.id), "join_timestamp": iso(), "flags": 1}
    await fake.dispatch("THREAD_CREATE", thread.to_json() | {"newly_created": True, "member": member}, INTENT_GUILDS)
    return 201, thread.to_json() | {"member": member}


@route("PUT", "/channels/{channel_id}/thread-members/@me", "/channels/{channel_id}/thread-members/{user_id}")
@route("DELETE", "/channels/{channel_id}/thread-members/@me", "/channels/{channel_id}/thread-members/{user_id}")
async def thread_member(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """PUT/DELETE a thread member (or @me)."""
    thread = channel_or_404(fake, ctx)
    if not thread.is_thread:
        raise BadRequest(400, 50024, "Cannot execute action on this channel type")
    uid = int(ctx.params.get("user_id", fake.world.bot.id))
    if uid not in fake.world.get_guild(thread.guild_id).members:
        raise BadRequest(404, 10013, "Unknown User", violation=False)
    if ctx.method == "PUT":
        thread.thread_members.add(uid)
    else:
        thread.thread_members.discard(uid)
    return 204, None


# ----- guild -----
@route("GET", "/guilds/{guild_id}/members/{user_id}")
async def get_member(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET /guilds/{id}/members/{user_id}."""
    guild = fake.world.guilds.get(int(ctx.params["guild_id"]))
    if guild is None:
        raise BadRequest(404, 10004, "Unknown Guild", violation=False)
    member = guild.members.get(int(ctx.params["user_id"]))
    if member is None:
        raise BadRequest(404, 10007, "Unknown Member", violation=False)
    return 200, member.to_json()


@route("GET", "/guilds/{guild_id}/channels")
async def get_guild_channels(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET /guilds/{id}/channels."""
    guild_id = int(ctx.params["guild_id"])
    if guild_id not in fake.world.guilds:
        raise BadRequest(404, 10004, "Unknown Guild", violation=False)
    return 200, [c.to_json() for c in fake.world.channels.values() if c.type == GUILD_TEXT and c.guild_id == guild_id]
