"""REST route handlers of the fake Discord, keyed by (method, OpenAPI path template)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .interactions import InteractionRecord
from .messages import EPHEMERAL, LOADING, BadRequest, FilePart, Message, store_message
from .state import DM, Channel, P

if TYPE_CHECKING:
    from .server import FakeServer

INTENT_GUILDS = 1 << 0


@dataclass
class Ctx:
    """Parsed request: path params, query, JSON body (or payload_json) and uploaded files."""

    method: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    files: list[FilePart]


Handler = Callable[["FakeServer", Ctx], Awaitable[tuple[int, Any]]]
HANDLERS: dict[tuple[str, str], Handler] = {}


def route(method: str, *templates: str) -> Callable[[Handler], Handler]:
    """Register a handler for spec path templates."""
    def deco(func: Handler) -> Handler:
        for template in templates:
            HANDLERS[(method, template)] = func
        return func
    return deco


def channel_or_404(fake: FakeServer, ctx: Ctx) -> Channel:
    """The channel named by the channel_id path param (404 Unknown Channel otherwise)."""
    chan = fake.world.channels.get(int(ctx.params["channel_id"]))
    if chan is None:
        raise BadRequest(404, 10003, "Unknown Channel", violation=False)
    return chan


def message_or_404(fake: FakeServer, chan: Channel, message_id: str) -> Message:
    """A visible message of the channel (404 Unknown Message otherwise)."""
    msg = fake.world.message_index.get(int(message_id))
    if msg is None or msg.deleted or msg.channel_id != chan.id or msg.ephemeral:
        raise BadRequest(404, 10008, "Unknown Message", violation=False)
    return msg


def require_permission(fake: FakeServer, chan: Channel, perm: str) -> None:
    """403 Missing Permissions unless the bot has `perm` in the channel."""
    if not fake.world.channel_perms(fake.world.bot.id, chan) & P[perm]:
        raise BadRequest(403, 50013, f"Missing Permissions ({perm} in #{chan.name})", violation=False)


def check_can_send(fake: FakeServer, chan: Channel, files: list[FilePart]) -> None:
    """Raise like Discord when the bot may not post here (closed DMs, permissions, archived thread)."""
    if chan.type == DM:
        if chan.recipient is None or chan.recipient.dms_closed or chan.recipient.bot:
            raise BadRequest(403, 50007, "Cannot send messages to this user", violation=False)
        return
    require_permission(fake, chan, "VIEW_CHANNEL")
    require_permission(fake, chan, "SEND_MESSAGES_IN_THREADS" if chan.is_thread else "SEND_MESSAGES")
    if chan.is_thread and (chan.archived or chan.locked):
        raise BadRequest(400, 50083, "Thread is archived", violation=False)
    if files:
        require_permission(fake, chan, "ATTACH_FILES")


# ----- gateway, users, application -----
@route("GET", "/gateway")
async def get_gateway(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET /gateway: the fake gateway URL."""
    return 200, {"url": str(fake.gateway_url)}


@route("GET", "/gateway/bot")
async def get_gateway_bot(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET /gateway/bot: URL, the recommended shard count, session start limits."""
    return 200, {"url": str(fake.gateway_url), "shards": fake.shards, "session_start_limit": {
        "total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1}}


@route("GET", "/users/@me")
async def get_me(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET /users/@me: the bot user (login)."""
    return 200, fake.world.bot.to_json() | {"verified": True, "mfa_enabled": False, "locale": "en-US",
                                            "premium_type": 0, "email": None}


@route("GET", "/users/{user_id}")
async def get_user(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET /users/{id}: any known user."""
    user = fake.world.users.get(int(ctx.params["user_id"]))
    if user is None:
        raise BadRequest(404, 10013, "Unknown User", violation=False)
    return 200, user.to_json()


@route("GET", "/oauth2/applications/@me", "/applications/@me")
async def get_application(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET /oauth2/applications/@me (and /applications/@me): application info."""
    world = fake.world
    return 200, {
        "id": str(world.application_id), "name": world.bot.name, "icon": None, "description": "", "type": None,
        "summary": "", "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
        "flags": 1 << 23, "flags_new": str(1 << 23), "redirect_uris": [], "interactions_endpoint_url": None,
        "role_connections_verification_url": None, "owner": world.owner.to_json(), "team": None,
        "approximate_guild_count": 1, "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0, "explicit_content_filter": 0, "eligible_oauth2_scopes": [],
        "rpc_origins": [], "tags": [], "bot": world.bot.to_json(), "integration_types_config": {"0": {}},
    }


@route("POST", "/users/@me/channels")
async def create_dm(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """POST /users/@me/channels: open (or reuse) the DM channel with a user."""
    user = fake.world.users.get(int(ctx.body.get("recipient_id") or 0))
    if user is None:
        raise BadRequest(400, 50033, "Invalid Recipient(s)")
    return 200, fake.world.dm_channel(user).to_json()


# ----- application commands -----
def _command_store(fake: FakeServer, ctx: Ctx) -> dict[str, dict[str, Any]]:
    if int(ctx.params["application_id"]) != fake.world.application_id:
        raise BadRequest(403, 50001, "Missing Access (wrong application id)")
    if "guild_id" in ctx.params:
        guild_id = int(ctx.params["guild_id"])
        if guild_id not in fake.world.guilds:
            raise BadRequest(403, 50001, "Missing Access (unknown guild)")
        return fake.world.guild_commands.setdefault(guild_id, {})
    return fake.world.global_commands


def _check_options(name: str, options: list[dict[str, Any]]) -> None:
    seen_optional = False
    for opt in options:
        if opt.get("choices") and opt.get("autocomplete"):
            raise BadRequest(400, 50035, f"/{name} option {opt['name']}: autocomplete and choices are exclusive")
        if opt.get("required"):
            if seen_optional:
                raise BadRequest(400, 50035, f"/{name}: required options must be placed before non-required options")
        elif opt.get("type", 3) > 2:
            seen_optional = True
        if opt.get("type") in (1, 2):
            _check_options(f"{name} {opt['name']}", opt.get("options") or [])


def _make_command(fake: FakeServer, ctx: Ctx, store: dict[str, dict[str, Any]], body: dict[str, Any]) -> dict[str, Any]:
    ctype = body.get("type") or 1
    if ctype == 1 and not body.get("description"):
        raise BadRequest(400, 50035, f"/{body['name']}: chat input commands need a description")
    _check_options(body["name"], body.get("options") or [])
    old = store.get(f"{ctype}:{body['name']}")
    cmd = {"id": old["id"] if old else str(fake.world.ids.next()), "application_id": str(fake.world.application_id),
           "version": str(fake.world.ids.next()), "default_member_permissions": None, "type": ctype,
           "description": "", "dm_permission": True, "nsfw": False, "integration_types": [0], "contexts": None,
           **{k: v for k, v in body.items() if v is not None}}
    if cmd["default_member_permissions"] is not None:  # sent as an integer, returned as a string
        cmd["default_member_permissions"] = str(cmd["default_member_permissions"])
    if "guild_id" in ctx.params:
        cmd["guild_id"] = ctx.params["guild_id"]
    return cmd


@route("GET", "/applications/{application_id}/commands", "/applications/{application_id}/guilds/{guild_id}/commands")
async def get_commands(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET global or guild commands."""
    return 200, list(_command_store(fake, ctx).values())


@route("PUT", "/applications/{application_id}/commands", "/applications/{application_id}/guilds/{guild_id}/commands")
async def put_commands(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """PUT (bulk overwrite) global or guild commands; ids stay stable per (type, name)."""
    store = _command_store(fake, ctx)
    new = [_make_command(fake, ctx, store, body) for body in ctx.body or []]
    keys = [f"{c['type']}:{c['name']}" for c in new]
    if len(set(keys)) != len(keys):
        raise BadRequest(400, 50035, f"Application command names must be unique: {keys}")
    store.clear()
    store.update(zip(keys, new, strict=True))
    return 200, new


@route("POST", "/applications/{application_id}/commands", "/applications/{application_id}/guilds/{guild_id}/commands")
async def post_command(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """POST (upsert) one global or guild command."""
    store = _command_store(fake, ctx)
    cmd = _make_command(fake, ctx, store, ctx.body)
    store[f"{cmd['type']}:{cmd['name']}"] = cmd
    return 200, cmd


@route("GET", "/applications/{application_id}/commands/{command_id}",
       "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
@route("DELETE", "/applications/{application_id}/commands/{command_id}",
       "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
@route("PATCH", "/applications/{application_id}/commands/{command_id}",
       "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
async def one_command(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET/PATCH/DELETE one global or guild command."""
    store = _command_store(fake, ctx)
    key = next((k for k, c in store.items() if c["id"] == ctx.params["command_id"]), None)
    if key is None:
        raise BadRequest(404, 10063, "Unknown application command")
    if ctx.body is None and ctx.method == "DELETE":
        del store[key]
        return 204, None
    if ctx.body is not None:
        store[key] = {**store[key], **ctx.body, "version": str(fake.world.ids.next())}
    return 200, store[key]


# ----- interactions -----
def _interaction_by_token(fake: FakeServer, ctx: Ctx) -> InteractionRecord:
    rec = next((r for r in fake.interactions.values() if r.token == ctx.params["webhook_token"]), None)
    if rec is None or int(ctx.params["webhook_id"]) != fake.world.application_id:
        raise BadRequest(404, 10015, "Unknown Webhook")
    if rec.response is None:
        raise BadRequest(404, 10015, "Unknown Webhook (interaction not acknowledged yet)")
    return rec


def _new_interaction_message(fake: FakeServer, rec: InteractionRecord, data: dict[str, Any],
                             files: list[FilePart], flags: int = 0) -> Message:
    world = fake.world
    meta = rec.metadata()
    data = dict(data)
    data["flags"] = (data.get("flags") or 0) | flags
    first_reply = rec.command is not None and rec.original is None
    mtype = (20 if rec.command.get("type", 1) == 1 else 23) if first_reply and rec.command else 0
    msg = fake.builder.new(rec.channel.id, world.bot, data, files, type=mtype, webhook_id=world.application_id,
                           application_id=world.application_id, interaction_metadata=meta)
    return store_message(world, msg)


@route("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
async def interaction_callback(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """POST the interaction callback (types 4-9); with_response returns the callback response."""
    rec = fake.interactions.get(int(ctx.params["interaction_id"]))
    if rec is None or rec.token != ctx.params["interaction_token"]:
        raise BadRequest(404, 10062, "Unknown interaction")
    if rec.callbacks:
        raise BadRequest(400, 40060, "Interaction has already been acknowledged.")
    late = time.monotonic() - rec.sent_at
    if late > fake.callback_deadline:
        raise BadRequest(404, 10062, f"Unknown interaction (acknowledged {late:.2f}s after INTERACTION_CREATE; "
                                     f"Discord allows {fake.callback_deadline}s)")
    rtype, data = ctx.body["type"], ctx.body.get("data") or {}
    allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}[rec.type]
    if rtype not in allowed:
        raise BadRequest(400, 50035, f"callback type {rtype} is not valid for interaction type {rec.type}")
    if rtype in (6, 7) and rec.type == 5 and rec.source_message is None:
        raise BadRequest(400, 50035, "callback type 6/7 for a modal that was not opened from a message")
    resource: dict[str, Any] | None = None
    if rtype == 4:
        rec.original = _new_interaction_message(fake, rec, data, ctx.files)
    elif rtype == 5:
        rec.original = _new_interaction_message(fake, rec, {"content": ""}, [], LOADING | (data.get("flags") or 0))
    elif rtype in (6, 7):
        rec.original = rec.source_message
    if rtype == 7:
        assert rec.original is not None
        fake.builder.apply(rec.original, data, ctx.files, creating=False)
    rec.callbacks.append(ctx.body)
    if rtype == 7:
        await fake.dispatch_message("MESSAGE_UPDATE", rec.original)  # type: ignore[arg-type]
    elif rtype in (4, 5):
        assert rec.original is not None
        await fake.dispatch_message("MESSAGE_CREATE", rec.original)
    if rtype in (4, 7):
        resource = {"type": rtype, "message": rec.original.to_json()}  # type: ignore[union-attr]
    fake.bump()
    info: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
    if rec.original is not None:
        info.update(response_message_id=str(rec.original.id), response_message_loading=rtype == 5,
                    response_message_ephemeral=rec.original.ephemeral)
    if ctx.query.get("with_response") not in ("1", "true", "True"):
        return 204, None
    return 200, {"interaction": info, **({"resource": resource} if resource else {})}


@route("POST", "/webhooks/{webhook_id}/{webhook_token}")
async def followup(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """POST a followup (the first one after a deferral replaces the "thinking" message)."""
    rec = _interaction_by_token(fake, ctx)
    orig = rec.original
    if rec.response_type == 5 and orig is not None and orig.flags & LOADING and not rec.followups:
        # Discord turns the first followup after a deferred ("thinking") response into that message.
        fake.builder.apply(orig, {k: v for k, v in ctx.body.items() if k != "flags"}, ctx.files, creating=False)
        msg = orig
        await fake.dispatch_message("MESSAGE_UPDATE", msg)
    else:
        flags = (ctx.body.get("flags") or 0) & EPHEMERAL
        msg = _new_interaction_message(fake, rec, ctx.body, ctx.files, flags)
        await fake.dispatch_message("MESSAGE_CREATE", msg)
    rec.followups.append(msg)
    return (200, msg.to_json()) if ctx.query.get("wait") in ("1", "true", "True") else (204, None)


def _webhook_message(fake: FakeServer, ctx: Ctx) -> tuple[InteractionRecord, Message]:
    rec = _interaction_by_token(fake, ctx)
    mid = ctx.params.get("message_id", "@original")
    msg = rec.original if mid == "@original" else next((m for m in rec.messages() if str(m.id) == mid), None)
    if msg is None or msg.deleted:
        raise BadRequest(404, 10008, "Unknown Message")
    return rec, msg


@route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
       "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
async def get_webhook_message(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """GET @original or a followup message."""
    return 200, _webhook_message(fake, ctx)[1].to_json()


@route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
       "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
async def edit_webhook_message(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """PATCH @original or a followup message."""
    rec, msg = _webhook_message(fake, ctx)
    fake.builder.apply(msg, ctx.body or {}, ctx.files, creating=False)
    if msg is rec.original:
        rec.edits.append(ctx.body or {})
    await fake.dispatch_message("MESSAGE_UPDATE", msg)
    return 200, msg.to_json()


@route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
       "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
async def delete_webhook_message(fake: FakeServer, ctx: Ctx) -> tuple[int, Any]:
    """DELETE @original or a followup message."""
    rec, msg = _webhook_message(fake, ctx)
    await delete_message_record(fake, msg)
    rec.original_deleted = rec.original_deleted or msg is rec.original
    return 204, None


async def delete_message_record(fake: FakeServer, msg: Message) -> None:
    """Mark a message deleted and dispatch MESSAGE_DELETE."""
    msg.deleted = True
    if not msg.ephemeral:
        data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id:
            data["guild_id"] = str(msg.guild_id)
        await fake.dispatch("MESSAGE_DELETE", data, intent=(1 << 12) if msg.guild_id is None else (1 << 9))
