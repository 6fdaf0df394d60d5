"""In-memory model of the fake Discord: users, one guild, channels, messages, commands."""

from __future__ import annotations

import base64
import datetime as dt
import itertools
import struct
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .messages import Message

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions)
P = {
    "CREATE_INSTANT_INVITE": 1 << 0, "ADMINISTRATOR": 1 << 3, "MANAGE_CHANNELS": 1 << 4,
    "ADD_REACTIONS": 1 << 6, "VIEW_CHANNEL": 1 << 10, "SEND_MESSAGES": 1 << 11,
    "MANAGE_MESSAGES": 1 << 13, "EMBED_LINKS": 1 << 14, "ATTACH_FILES": 1 << 15,
    "READ_MESSAGE_HISTORY": 1 << 16, "MENTION_EVERYONE": 1 << 17, "USE_EXTERNAL_EMOJIS": 1 << 18,
    "CONNECT": 1 << 20, "SPEAK": 1 << 21, "CHANGE_NICKNAME": 1 << 26,
    "USE_APPLICATION_COMMANDS": 1 << 31, "MANAGE_THREADS": 1 << 34, "CREATE_PUBLIC_THREADS": 1 << 35,
    "CREATE_PRIVATE_THREADS": 1 << 36, "USE_EXTERNAL_STICKERS": 1 << 37, "SEND_MESSAGES_IN_THREADS": 1 << 38,
}
ALL_PERMISSIONS = (1 << 51) - 1
EVERYONE_PERMISSIONS = sum(P[k] for k in (
    "CREATE_INSTANT_INVITE", "ADD_REACTIONS", "VIEW_CHANNEL", "SEND_MESSAGES", "EMBED_LINKS", "ATTACH_FILES",
    "READ_MESSAGE_HISTORY", "USE_EXTERNAL_EMOJIS", "CONNECT", "SPEAK", "CHANGE_NICKNAME",
    "USE_APPLICATION_COMMANDS", "CREATE_PUBLIC_THREADS", "CREATE_PRIVATE_THREADS", "USE_EXTERNAL_STICKERS",
    "SEND_MESSAGES_IN_THREADS",
))
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | P["MANAGE_MESSAGES"] | P["MANAGE_THREADS"]

# Channel types
GUILD_TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12


class Snowflakes:
    """Realistic, strictly increasing snowflake generator."""

    def __init__(self) -> None:
        self._last = 0
        self._inc = itertools.count()

    def next(self) -> int:
        """Return a new snowflake greater than every earlier one."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17) | (next(self._inc) & 0xFFF)
        self._last = max(value, self._last + 1)
        return self._last


def iso(ts: float | None = None) -> str:
    """Discord-style ISO8601 timestamp."""
    return dt.datetime.fromtimestamp(time.time() if ts is None else ts, dt.UTC).isoformat()


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width/height of a PNG, or None when the bytes are not a PNG."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    return None


@dataclass
class User:
    """A Discord user (human or bot)."""

    id: int
    name: str
    bot: bool = False
    dms_closed: bool = False
    #: the language of the member's Discord client (sent as an interaction's ``locale``)
    locale: str = "en-US"

    def to_json(self) -> dict[str, Any]:
        """Public user object."""
        data = {"id": str(self.id), "username": self.name.lower().replace(" ", "_"), "global_name": self.name,
                "discriminator": "0", "avatar": None, "public_flags": 0, "flags": 0, "banner": None,
                "accent_color": None, "avatar_decoration_data": None, "collectibles": None, "clan": None,
                "primary_guild": None}
        if self.bot:
            data.update(bot=True, global_name=None, discriminator="4242")
        return data


@dataclass
class Role:
    """A guild role."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Role object."""
        return {"id": str(self.id), "name": self.name, "permissions": str(self.permissions), "position": self.position,
                "color": 0, "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False, "managed": self.managed, "mentionable": False, "icon": None, "unicode_emoji": None,
                "flags": 0, "description": None, "tags": {"bot_id": str(self.bot_id)} if self.bot_id else {}}


@dataclass
class Member:
    """A guild member."""

    user: User
    roles: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso)
    nick: str | None = None

    def to_json(self, permissions: int | None = None) -> dict[str, Any]:
        """Guild member object (with `permissions` when given, as in interactions)."""
        data = {"user": self.user.to_json(), "roles": [str(r) for r in self.roles], "nick": self.nick,
                "avatar": None, "banner": None, "joined_at": self.joined_at, "premium_since": None, "deaf": False,
                "mute": False, "pending": False, "flags": 0, "communication_disabled_until": None}
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class Channel:
    """A guild text channel, a thread or a DM channel."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: User | None = None
    position: int = 0
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    invitable: bool = True
    created: str = field(default_factory=iso)
    thread_members: set[int] = field(default_factory=set)
    last_message_id: int | None = None
    message_count: int = 0

    @property
    def is_thread(self) -> bool:
        """True for public/private threads."""
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    def to_json(self) -> dict[str, Any]:
        """Channel object as REST and the gateway return it."""
        data: dict[str, Any] = {"id": str(self.id), "type": self.type, "flags": 0,
                                "last_message_id": str(self.last_message_id) if self.last_message_id else None}
        if self.type == DM:
            data["recipients"] = [self.recipient.to_json()] if self.recipient else []
            return data
        data.update(guild_id=str(self.guild_id), name=self.name, rate_limit_per_user=0,
                    parent_id=str(self.parent_id) if self.parent_id else None)
        if self.is_thread:
            data.update(owner_id=str(self.owner_id), message_count=self.message_count,
                        total_message_sent=self.message_count, member_count=len(self.thread_members),
                        thread_metadata={"archived": self.archived, "locked": self.locked,
                                         "auto_archive_duration": self.auto_archive_duration,
                                         "archive_timestamp": self.created, "create_timestamp": self.created,
                                         "invitable": self.invitable})
        else:
            data.update(position=self.position, permission_overwrites=self.overwrites, topic=None, nsfw=False,
                        default_auto_archive_duration=1440, default_thread_rate_limit_per_user=0)
        return data


def make_token(user_id: int) -> str:
    """A format-valid bot token: base64(user id).timestamp.hmac."""
    head = base64.b64encode(str(user_id).encode()).decode().rstrip("=")
    return f"{head}.GfAkEd.FakeDiscordTokenForTests_xQ"


class World:
    """The whole fake Discord state, which outlives bot connections."""

    def __init__(self, guild_name: str = "Pixel Parlor Test Guild") -> None:
        self.ids = Snowflakes()
        self.users: dict[int, User] = {}
        self.bot = self._new_user("Pixel Parlor", bot=True)
        self.application_id = self.bot.id
        self.token = make_token(self.bot.id)
        self.owner = self._new_user("Guild Owner")
        self.guild_id = self.ids.next()
        self.guild_name = guild_name
        self.guild_created = iso()
        self.roles: dict[int, Role] = {self.guild_id: Role(self.guild_id, "@everyone", EVERYONE_PERMISSIONS)}
        self.bot_role = self.add_role("Pixel Parlor", BOT_PERMISSIONS, bot_id=self.bot.id)
        self.members: dict[int, Member] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, list[Message]] = {}
        self.message_index: dict[int, Message] = {}
        self.global_commands: dict[str, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}
        self.add_member(self.owner)
        self.add_member(self.bot, roles=[self.bot_role.id])
        self.general = self.add_channel("general")
        self.games = self.add_channel("games")

    def _new_user(self, name: str, bot: bool = False) -> User:
        user = User(self.ids.next(), name, bot=bot)
        self.users[user.id] = user
        return user

    def add_role(self, name: str, permissions: int, bot_id: int | None = None) -> Role:
        """Create a guild role (a managed integration role when bot_id is given)."""
        role = Role(self.ids.next(), name, permissions, position=len(self.roles), managed=bool(bot_id), bot_id=bot_id)
        self.roles[role.id] = role
        return role

    def add_member(self, user: User | str, roles: list[int] | None = None) -> User:
        """Add a user (or a new user with this display name) to the guild."""
        if isinstance(user, str):
            user = self._new_user(user)
        self.members[user.id] = Member(user, roles=list(roles or []))
        return user

    def add_channel(self, name: str, **kw: Any) -> Channel:
        """Create a guild text channel."""
        chan = Channel(self.ids.next(), GUILD_TEXT, name=name, guild_id=self.guild_id,
                       position=len(self.channels), **kw)
        self.channels[chan.id] = chan
        self.messages[chan.id] = []
        return chan

    def add_thread(self, parent: Channel, name: str, owner: User, private: bool = False,
                   thread_id: int | None = None, auto_archive_duration: int = 1440) -> Channel:
        """Create a thread under a text channel."""
        chan = Channel(thread_id or self.ids.next(), PRIVATE_THREAD if private else PUBLIC_THREAD, name=name,
                       guild_id=self.guild_id, parent_id=parent.id, owner_id=owner.id,
                       auto_archive_duration=auto_archive_duration, thread_members={owner.id})
        self.channels[chan.id] = chan
        self.messages[chan.id] = []
        return chan

    def dm_channel(self, user: User) -> Channel:
        """The (single) DM channel between the bot and this user, created on demand."""
        for chan in self.channels.values():
            if chan.type == DM and chan.recipient is user:
                return chan
        chan = Channel(self.ids.next(), DM, recipient=user)
        self.channels[chan.id] = chan
        self.messages[chan.id] = []
        return chan

    def guild_perms(self, user_id: int) -> int:
        """Guild-level permissions of a member."""
        if user_id == self.owner.id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        perms = self.roles[self.guild_id].permissions
        for rid in member.roles if member else []:
            perms |= self.roles[rid].permissions
        return ALL_PERMISSIONS if perms & P["ADMINISTRATOR"] else perms

    def channel_perms(self, user_id: int, channel: Channel) -> int:
        """Permissions of a member in a channel (overwrites applied; threads use their parent)."""
        if channel.type == DM:
            return P["VIEW_CHANNEL"] | P["SEND_MESSAGES"] | P["ATTACH_FILES"] | P["EMBED_LINKS"] | P["READ_MESSAGE_HISTORY"]
        perms = self.guild_perms(user_id)
        if perms == ALL_PERMISSIONS:
            return perms
        base = self.channels[channel.parent_id] if channel.is_thread and channel.parent_id else channel
        member = self.members.get(user_id)
        roles = set(member.roles if member else [])
        ows = {int(o["id"]): o for o in base.overwrites}
        order = [self.guild_id] + [r for r in ows if r in roles and r != self.guild_id] + [user_id]
        for target in order:
            if target in ows:
                perms = (perms & ~int(ows[target]["deny"])) | int(ows[target]["allow"])
        return perms

    def guild_json(self, include_all_members: bool) -> dict[str, Any]:
        """Full GUILD_CREATE payload (only the bot member unless the members intent is on)."""
        members = [m for m in self.members.values() if include_all_members or m.user is self.bot]
        channels = [c for c in self.channels.values() if c.type == GUILD_TEXT]
        threads = [c for c in self.channels.values() if c.is_thread and not c.archived]
        return {
            "id": str(self.guild_id), "name": self.guild_name, "icon": None, "splash": None,
            "discovery_splash": None, "banner": None, "description": None, "owner_id": str(self.owner.id),
            "region": "deprecated", "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 1, "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0,
            "premium_tier": 0, "premium_subscription_count": 0, "premium_progress_bar_enabled": False,
            "preferred_locale": "en-US", "features": [], "system_channel_id": str(self.general.id),
            "system_channel_flags": 0, "rules_channel_id": None, "public_updates_channel_id": None,
            "safety_alerts_channel_id": None, "vanity_url_code": None, "max_members": 25000000, "max_presences": None, "home_header": None,
            "max_video_channel_users": 25, "max_stage_video_channel_users": 50, "nsfw": False,
            "application_id": None, "widget_enabled": False, "widget_channel_id": None, "incidents_data": None,
            "roles": [r.to_json() for r in self.roles.values()], "emojis": [], "stickers": [],
            "joined_at": self.guild_created, "large": False, "unavailable": False,
            "member_count": len(self.members), "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [], "embedded_activities": [],
            "members": [m.to_json() for m in members],
            "channels": [{k: v for k, v in c.to_json().items() if k != "guild_id"} for c in channels],
            "threads": [c.to_json() for c in threads],
        }
