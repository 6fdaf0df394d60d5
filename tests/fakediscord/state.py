"""In-memory model of the fake Discord: users, guilds (one by default), channels, messages, commands."""

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


#: guild ids made by ``guild_snowflake(k)`` put guild ``k`` on shard ``k % n`` for every shard count ``n`` dividing
#: this (1 to 16 shards): their timestamps are ``k`` more than a multiple of it
SHARD_SPREAD = 720720


def guild_snowflake(index: int) -> int:
    """The id of the ``index``-th guild of a several-guild world: a day-old snowflake whose timestamp is
    ``index`` modulo SHARD_SPREAD, so Discord's shard routing ``(guild_id >> 22) % n`` sends it to shard
    ``index % n`` (for any ``n`` dividing SHARD_SPREAD)."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS - 86_400_000
    ms -= ms % SHARD_SPREAD
    return ((ms + index) << 22) | (1 << 17) | (index & 0xFFF)


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to (DMs: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass
class Guild:
    """One guild: its roles (the @everyone role has the guild's id), members and the bot's role, #general, #games."""

    id: int
    name: str
    created: str = field(default_factory=iso)
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    bot_role: Role = None  # type: ignore[assignment]  # set by World.add_guild
    general: Channel = None  # type: ignore[assignment]
    games: Channel = None  # type: ignore[assignment]


GuildRef = Guild | int | None


class World:
    """The whole fake Discord state, which outlives bot connections.

    It has ``guilds`` guilds (default one). With one guild, its id is an ordinary new snowflake (as Discord's
    would be, so its shard is whatever it is); with several, guild ``k`` gets ``guild_snowflake(k)``, which puts
    it on shard ``k % n`` for any shard count ``n`` up to 16. The first guild is the default one: ``guild_id``,
    ``members``, ``roles``, ``general``, ... are its, and methods taking ``guild=`` use it when given None."""

    def __init__(self, guild_name: str = "Pixel Parlor Test Guild", guilds: int = 1) -> None:
        if guilds < 1:
            raise ValueError("a fake Discord needs at least one guild")
        self.ids = Snowflakes()
        self.users: dict[int, User] = {}
        self.bot = self._new_user("Pixel Parlor", bot=True)
        self.application_id = self.bot.id
        self.token = make_token(self.bot.id)
        self.owner = self._new_user("Guild Owner")
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, list[Message]] = {}
        self.message_index: dict[int, Message] = {}
        self.global_commands: dict[str, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}
        self.guild = self.add_guild(guild_name, None if guilds == 1 else guild_snowflake(0))
        for k in range(1, guilds):
            self.add_guild(f"{guild_name} {k + 1}", guild_snowflake(k))

    def add_guild(self, name: str, guild_id: int | None = None) -> Guild:
        """Create a guild (id: a new snowflake unless given) with the owner, the bot and its managed role,
        #general and #games. Add guilds before the bot connects: the fake sends no GUILD_CREATE later."""
        guild = Guild(guild_id or self.ids.next(), name)
        if guild.id in self.guilds:
            raise ValueError(f"guild {guild.id} exists")
        self.guilds[guild.id] = guild
        guild.roles[guild.id] = Role(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        guild.bot_role = self.add_role("Pixel Parlor", BOT_PERMISSIONS, bot_id=self.bot.id, guild=guild)
        self.add_member(self.owner, guild=guild)
        self.add_member(self.bot, roles=[guild.bot_role.id], guild=guild)
        guild.general = self.add_channel("general", guild=guild)
        guild.games = self.add_channel("games", guild=guild)
        return guild

    def get_guild(self, guild: GuildRef = None) -> Guild:
        """A guild by id (a Guild is returned as is; None: the default guild)."""
        if guild is None:
            return self.guild
        return guild if isinstance(guild, Guild) else self.guilds[int(guild)]

    def guild_of(self, channel: Channel) -> Guild | None:
        """The guild of a guild channel or thread (None for a DM channel)."""
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    # the default guild's attributes (the single guild of most tests)
    @property
    def guild_id(self) -> int:
        """Id of the default guild."""
        return self.guild.id

    @property
    def guild_name(self) -> str:
        """Name of the default guild."""
        return self.guild.name

    @property
    def guild_created(self) -> str:
        """When the bot joined the default guild."""
        return self.guild.created

    @property
    def roles(self) -> dict[int, Role]:
        """Roles of the default guild."""
        return self.guild.roles

    @property
    def members(self) -> dict[int, Member]:
        """Members of the default guild."""
        return self.guild.members

    @property
    def bot_role(self) -> Role:
        """The bot's managed role in the default guild."""
        return self.guild.bot_role

    @property
    def general(self) -> Channel:
        """#general of the default guild."""
        return self.guild.general

    @property
    def games(self) -> Channel:
        """#games of the default guild."""
        return self.guild.games

    def _new_user(self, name: str, bot: bool = False) -> User:
        user = User(self.ids.next(), name, bot=bot)
        self.users[user.id] = user
        return user

    def add_role(self, name: str, permissions: int, bot_id: int | None = None, guild: GuildRef = None) -> Role:
        """Create a guild role (a managed integration role when bot_id is given)."""
        roles = self.get_guild(guild).roles
        role = Role(self.ids.next(), name, permissions, position=len(roles), managed=bool(bot_id), bot_id=bot_id)
        roles[role.id] = role
        return role

    def add_member(self, user: User | str, roles: list[int] | None = None, guild: GuildRef = None) -> User:
        """Add a user (or a new user with this display name) to the guild."""
        if isinstance(user, str):
            user = self._new_user(user)
        self.get_guild(guild).members[user.id] = Member(user, roles=list(roles or []))
        return user

    def add_channel(self, name: str, guild: GuildRef = None, **kw: Any) -> Channel:
        """Create a guild text channel."""
        chan = Channel(self.ids.next(), GUILD_TEXT, name=name, guild_id=self.get_guild(guild).id,
                       position=len(self.channels), **kw)
        self.channels[chan.id] = chan
        self.messages[chan.id] = []
        return chan

    def add_thread(self, parent: Channel, name: str, owner: User, private: bool = False,
                   thread_id: int | None = None, auto_archive_duration: int = 1440) -> Channel:
        """Create a thread under a text channel (in the parent's guild)."""
        chan = Channel(thread_id or self.ids.next(), PRIVATE_THREAD if private else PUBLIC_THREAD, name=name,
                       guild_id=parent.guild_id, parent_id=parent.id, owner_id=owner.id,
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

    def guild_perms(self, user_id: int, guild: GuildRef = None) -> int:
        """Guild-level permissions of a member (of the default guild unless ``guild`` is given)."""
        if user_id == self.owner.id:
            return ALL_PERMISSIONS
        g = self.get_guild(guild)
        member = g.members.get(user_id)
        perms = g.roles[g.id].permissions
        for rid in member.roles if member else []:
            perms |= g.roles[rid].permissions
        return ALL_PERMISSIONS if perms & P["ADMINISTRATOR"] else perms

    def channel_perms(self, user_id: int, channel: Channel) -> int:
        """Permissions of a member in a channel (overwrites applied; threads use their parent)."""
        if channel.type == DM:
            return P["VIEW_CHANNEL"] | P["SEND_MESSAGES"] | P["ATTACH_FILES"] | P["EMBED_LINKS"] | P["READ_MESSAGE_HISTORY"]
        guild = self.get_guild(channel.guild_id)
        perms = self.guild_perms(user_id, guild)
        if perms == ALL_PERMISSIONS:
            return perms
        base = self.channels[channel.parent_id] if channel.is_thread and channel.parent_id else channel
        member = guild.members.get(user_id)
        roles = set(member.roles if member else [])
        ows = {int(o["id"]): o for o in base.overwrites}
        order = [guild.id] + [r for r in ows if r in roles and r != guild.id] + [user_id]
        for target in order:
            if target in ows:
                perms = (perms & ~int(ows[target]["deny"])) | int(ows[target]["allow"])
        return perms

    def guild_json(self, include_all_members: bool, guild: GuildRef = None) -> dict[str, Any]:
        """Full GUILD_CREATE payload of a guild (default: the default guild; only the bot member unless the
        members intent is on)."""
        g = self.get_guild(guild)
        members = [m for m in g.members.values() if include_all_members or m.user is self.bot]
        channels = [c for c in self.channels.values() if c.type == GUILD_TEXT and c.guild_id == g.id]
        threads = [c for c in self.channels.values() if c.is_thread and not c.archived and c.guild_id == g.id]
        return {
            "id": str(g.id), "name": g.name, "icon": None, "splash": None,
            "discovery_splash": None, "banner": None, "description": None, "owner_id": str(self.owner.id),
            "region": "deprecated", "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 1, "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0,
            "premium_tier": 0, "premium_subscription_count": 0, "premium_progress_bar_enabled": False,
            "preferred_locale": "en-US", "features": [], "system_channel_id": str(g.general.id),
            "system_channel_flags": 0, "rules_channel_id": None, "public_updates_channel_id": None,
            "safety_alerts_channel_id": None, "vanity_url_code": None, "max_members": 25000000, "max_presences": None, "home_header": None,
            "max_video_channel_users": 25, "max_stage_video_channel_users": 50, "nsfw": False,
            "application_id": None, "widget_enabled": False, "widget_channel_id": None, "incidents_data": None,
            "roles": [r.to_json() for r in g.roles.values()], "emojis": [], "stickers": [],
            "joined_at": g.created, "large": False, "unavailable": False,
            "member_count": len(g.members), "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [], "embedded_activities": [],
            "members": [m.to_json() for m in members],
            "channels": [{k: v for k, v in c.to_json().items() if k != "guild_id"} for c in channels],
            "threads": [c.to_json() for c in threads],
        }
