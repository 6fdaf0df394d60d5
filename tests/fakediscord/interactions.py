"""Interaction records (what the bot answered) and INTERACTION_CREATE payload builders."""

from __future__ import annotations

import secrets
import time
from typing import TYPE_CHECKING, Any

from .messages import LOADING, Message
from .state import DM, Channel, Role, User

if TYPE_CHECKING:
    from .server import FakeServer

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


class DriverError(AssertionError):
    """The test asked for something a real Discord user could not do (e.g. an unsynced command)."""


class InteractionRecord:
    """An interaction sent to the bot and everything the bot did with it."""

    def __init__(self, fake: FakeServer, itype: int, user: User, channel: Channel, payload: dict[str, Any],
                 source_message: Message | None = None, command: dict[str, Any] | None = None,
                 opener: InteractionRecord | None = None) -> None:
        self.fake = fake
        self.id = int(payload["id"])
        self.token: str = payload["token"]
        self.type = itype
        self.user = user
        self.channel = channel
        self.payload = payload
        self.command = command
        self.source_message = source_message
        self.opener = opener
        self.sent_at = time.monotonic()
        self.callbacks: list[dict[str, Any]] = []
        self.original: Message | None = None
        self.followups: list[Message] = []
        self.edits: list[dict[str, Any]] = []
        self.original_deleted = False

    def __repr__(self) -> str:
        return (f"<Interaction type={self.type} id={self.id} response_type={self.response_type} "
                f"followups={len(self.followups)} edits={len(self.edits)}>")

    @property
    def response(self) -> dict[str, Any] | None:
        """The callback body (type + data) the bot posted, if any."""
        return self.callbacks[0] if self.callbacks else None

    @property
    def response_type(self) -> int | None:
        """Callback type: 4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 modal."""
        return self.response["type"] if self.response else None

    @property
    def data(self) -> dict[str, Any]:
        """The callback's `data` object ({} if none)."""
        return (self.response or {}).get("data") or {}

    @property
    def ephemeral(self) -> bool:
        """Whether the response message is ephemeral."""
        if self.original is not None and self.response_type in (4, 5):
            return self.original.ephemeral
        return bool((self.data.get("flags") or 0) & 64)

    @property
    def message(self) -> Message | None:
        """The @original message (the reply, or the component's message for types 6/7)."""
        return self.original

    @property
    def content(self) -> str | None:
        """Content of the @original message (or of the callback data)."""
        return self.original.content if self.original else self.data.get("content")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """Embeds of the @original message (or of the callback data)."""
        return self.original.embeds if self.original else self.data.get("embeds") or []

    @property
    def components(self) -> list[dict[str, Any]]:
        """Raw components of the @original message (or of the callback data)."""
        return self.original.components if self.original else self.data.get("components") or []

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        """Autocomplete choices (callback type 8)."""
        return self.data.get("choices") if self.response_type == 8 else None

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (callback type 9)."""
        return self.data if self.response_type == 9 else None

    def metadata(self) -> dict[str, Any]:
        """`interaction_metadata` of messages this interaction created."""
        meta: dict[str, Any] = {"id": str(self.id), "type": self.type, "user": self.user.to_json(),
                                "authorizing_integration_owners": self.payload["authorizing_integration_owners"]}
        if self.type == 3 and self.source_message:
            meta["interacted_message_id"] = str(self.source_message.id)
        if self.type == 5 and self.opener:
            meta["triggering_interaction_metadata"] = self.opener.metadata()
        if self.original and self.response_type in (4, 5):
            meta["original_response_message_id"] = str(self.original.id)
        return meta

    def messages(self) -> list[Message]:
        """@original (if it is a message this interaction created) then the followups, without duplicates."""
        out = [self.original] if self.original and self.response_type in (4, 5) else []
        return out + [m for m in self.followups if m not in out]

    def is_final(self) -> bool:
        """Answered for good: not a deferral still waiting for its followup/edit."""
        rtype = self.response_type
        if rtype is None:
            return False
        if rtype == 5:
            return self.original is not None and not self.original.flags & LOADING
        if rtype == 6:
            return bool(self.edits or self.followups)
        return True

    async def wait_response(self, timeout: float = 5.0) -> InteractionRecord:
        """Wait until the bot posted the interaction callback."""
        await self.fake.wait_until(lambda: self.response is not None, timeout, f"a response to {self!r}")
        return self

    async def wait_final(self, timeout: float = 5.0) -> InteractionRecord:
        """Wait for the response and, if deferred, for the followup/edit that completes it."""
        await self.fake.wait_until(self.is_final, timeout, f"the final answer to {self!r}")
        return self

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[Message]:
        """Wait until at least `count` followup messages were sent."""
        await self.fake.wait_until(lambda: len(self.followups) >= count, timeout, f"{count} followups to {self!r}")
        return self.followups


def _convert(fake: FakeServer, opt: dict[str, Any], value: Any, resolved: dict[str, dict[str, Any]],
             guild_id: int | None = None) -> Any:
    """Typed option value for the payload (filling `resolved` for users/channels/roles; members of the
    interaction's guild, the default one unless ``guild_id`` is given; none in DMs: ``guild_id`` 0)."""
    otype, name, world = opt["type"], opt["name"], fake.world
    if otype in (USER, MENTIONABLE) and isinstance(value, User):
        resolved.setdefault("users", {})[str(value.id)] = value.to_json()
        guild = world.get_guild(guild_id) if guild_id != 0 else None
        if guild is not None and value.id in guild.members:
            member = guild.members[value.id].to_json(permissions=world.guild_perms(value.id, guild))
            resolved.setdefault("members", {})[str(value.id)] = {k: v for k, v in member.items() if k != "user"}
        return str(value.id)
    if otype in (ROLE, MENTIONABLE) and isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = value.to_json()
        return str(value.id)
    if otype == CHANNEL and isinstance(value, Channel):
        if opt.get("channel_types") and value.type not in opt["channel_types"]:
            raise DriverError(f"option {name}: channel type {value.type} not in {opt['channel_types']}")
        resolved.setdefault("channels", {})[str(value.id)] = value.to_json() | {
            "permissions": str(world.channel_perms(world.bot.id, value))}
        return str(value.id)
    checks = {STRING: str, INTEGER: int, NUMBER: (int, float), BOOLEAN: bool}
    if otype not in checks or not isinstance(value, checks[otype]) or (otype in (INTEGER, NUMBER) and
                                                                       isinstance(value, bool)):
        raise DriverError(f"option {name} (type {otype}) cannot take {value!r}")
    if opt.get("choices") and value not in [c["value"] for c in opt["choices"]]:
        raise DriverError(f"option {name}: {value!r} is not one of the synced choices {opt['choices']}")
    if otype == STRING and not opt.get("min_length", 0) <= len(value) <= opt.get("max_length", 6000):
        raise DriverError(f"option {name}: length of {value!r} outside the synced min/max_length")
    if otype in (INTEGER, NUMBER) and not opt.get("min_value", -2**53) <= value <= opt.get("max_value", 2**53):
        raise DriverError(f"option {name}: {value!r} outside the synced min/max_value")
    return value


def command_data(fake: FakeServer, cmd: dict[str, Any], options: dict[str, Any], subcommand: str | None,
                 group: str | None, focused: str | None = None, guild_id: int | None = None) -> dict[str, Any]:
    """`data` of an APPLICATION_COMMAND / AUTOCOMPLETE interaction, checked against the synced command
    (``guild_id``: the guild it is used in, None for the default guild, 0 in DMs)."""
    path = f"/{cmd['name']}"
    level: list[dict[str, Any]] = cmd.get("options") or []
    wrappers: list[dict[str, Any]] = []
    for wanted, kind in ((group, SUB_COMMAND_GROUP), (subcommand, SUB_COMMAND)):
        if wanted is None:
            continue
        opt = next((o for o in level if o["name"] == wanted and o["type"] == kind), None)
        if opt is None:
            raise DriverError(f"{path} has no synced {'group' if kind == 2 else 'subcommand'} {wanted!r}")
        path += f" {wanted}"
        wrappers.append({"name": wanted, "type": kind})
        level = opt.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in level):
        raise DriverError(f"{path} needs a subcommand/group: {[o['name'] for o in level]}")
    resolved: dict[str, dict[str, Any]] = {}
    values = []
    for name, value in options.items():
        opt = next((o for o in level if o["name"] == name), None)
        if opt is None:
            raise DriverError(f"{path} has no synced option {name!r} (has {[o['name'] for o in level]})")
        if name == focused:
            if not opt.get("autocomplete"):
                raise DriverError(f"{path} option {name!r} is not synced with autocomplete=True")
            values.append({"name": name, "type": opt["type"], "value": str(value), "focused": True})
            continue
        values.append({"name": name, "type": opt["type"], "value": _convert(fake, opt, value, resolved, guild_id)})
    if focused is None:
        missing = [o["name"] for o in level if o.get("required") and o["name"] not in options]
        if missing:
            raise DriverError(f"{path}: missing required options {missing}")
    elif focused not in options:
        raise DriverError(f"autocomplete: focused option {focused!r} needs a value in options")
    for wrapper in reversed(wrappers):
        wrapper["options"] = values
        values = [wrapper]
    data = {"id": cmd["id"], "name": cmd["name"], "type": cmd.get("type", 1), "options": values}
    if cmd.get("guild_id"):
        data["guild_id"] = cmd["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def build_payload(fake: FakeServer, itype: int, user: User, channel: Channel, data: dict[str, Any],
                  message: Message | None = None) -> dict[str, Any]:
    """A complete INTERACTION_CREATE payload (guild channel, thread or bot DM)."""
    world = fake.world
    payload: dict[str, Any] = {
        "id": str(world.ids.next()), "application_id": str(world.application_id), "type": itype, "data": data,
        "token": "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48), "version": 1, "locale": user.locale,
        "channel": channel.to_json(), "channel_id": str(channel.id),
        "app_permissions": str(world.channel_perms(world.bot.id, channel)),
        "entitlements": [], "entitlement_sku_ids": [], "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if channel.type == DM:
        payload.update(user=user.to_json(), context=1, authorizing_integration_owners={"0": "0"})
    else:
        guild = world.get_guild(channel.guild_id)
        if user.id not in guild.members:
            raise DriverError(f"{user.name} is not a member of the guild {guild.name}")
        member = guild.members[user.id].to_json(permissions=world.channel_perms(user.id, channel))
        payload.update(guild_id=str(guild.id), guild_locale="en-US", member=member, context=0,
                       guild={"id": str(guild.id), "locale": "en-US", "features": []},
                       authorizing_integration_owners={"0": str(guild.id)})
        payload["channel"]["permissions"] = member["permissions"]
    if message is not None:
        payload["message"] = message.to_json()
    return payload
