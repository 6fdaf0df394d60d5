"""FakeDiscord: the API end-to-end tests use to play users against the real bot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .interactions import DriverError, InteractionRecord, build_payload, command_data
from .messages import Message, _normalize_components, resolve_mentions, store_message
from .server import FakeServer, RequestRecord
from .state import DM, Channel, Guild, P, Role, User


class FakeDiscord(FakeServer):
    """A loopback Discord with one guild (#general, #games), a bot user and test users; ``guilds=N`` gives N
    guilds, each with its own #general and #games, roles and members, spread over the shards (guild k on shard
    ``k % shards``). The first guild is the default one (``guild_id``, ``general``, ``games``, ``add_member``...)."""

    # ----- model -----
    @property
    def token(self) -> str:
        """The bot token the bot must log in with."""
        return self.world.token

    @property
    def bot_user(self) -> User:
        """The bot's own user."""
        return self.world.bot

    @property
    def application_id(self) -> int:
        """Application id (== bot user id)."""
        return self.world.application_id

    @property
    def guild_id(self) -> int:
        """Id of the (default) guild."""
        return self.world.guild_id

    @property
    def guilds(self) -> list[Guild]:
        """Every guild, the default one first."""
        return list(self.world.guilds.values())

    def guild(self, guild: Guild | int | None = None) -> Guild:
        """A guild by id (None: the default guild)."""
        return self.world.get_guild(guild)

    def shard_of(self, guild: Guild | int | None) -> int:
        """The shard (of ``self.shards``) Discord routes a guild's events to: ``(guild_id >> 22) % shards``."""
        gid = guild.id if isinstance(guild, Guild) else guild
        return 0 if gid is None else (gid >> 22) % self.shards

    @property
    def general(self) -> Channel:
        """The #general text channel."""
        return self.world.general

    @property
    def games(self) -> Channel:
        """The #games text channel."""
        return self.world.games

    def add_member(self, name: str | User, *, roles: list[Role] | None = None, admin: bool = False,
                   guild: Guild | int | None = None) -> User:
        """Create a user and add them to the guild (default: the default guild); an existing User joins it."""
        role_ids = [r.id for r in roles or []]
        if admin:
            label = name if isinstance(name, str) else name.name
            role_ids.append(self.world.add_role(f"{label} admin", P["ADMINISTRATOR"], guild=guild).id)
        return self.world.add_member(name, roles=role_ids, guild=guild)

    def add_role(self, name: str, permissions: int = 0, *, guild: Guild | int | None = None) -> Role:
        """Create a role (assign it via add_member(roles=...))."""
        return self.world.add_role(name, permissions, guild=guild)

    def add_channel(self, name: str, *, guild: Guild | int | None = None) -> Channel:
        """Create a text channel (before the bot connects, or it will not know it)."""
        return self.world.add_channel(name, guild=guild)

    def set_overwrite(self, channel: Channel, target_id: int, *, allow: int = 0, deny: int = 0) -> None:
        """Set a permission overwrite (role id or user id) on a channel."""
        channel.overwrites = [o for o in channel.overwrites if int(o["id"]) != target_id]
        guild = self.world.guild_of(channel)
        kind = 0 if guild is not None and target_id in guild.roles else 1
        channel.overwrites.append({"id": str(target_id), "type": kind, "allow": str(allow), "deny": str(deny)})

    def close_dms(self, user: User, closed: bool = True) -> None:
        """Make sending to this user's DMs fail with 403 / 50007 (or reopen them)."""
        user.dms_closed = closed

    def channel(self, channel: Channel | int | str) -> Channel:
        """Channel (text, thread or DM) by id (a Channel is returned as is)."""
        return channel if isinstance(channel, Channel) else self.world.channels[int(channel)]

    def dm_channel(self, user: User) -> Channel:
        """The bot's DM channel with this user (created if needed, like POST /users/@me/channels)."""
        return self.world.dm_channel(user)

    def threads(self, parent: Channel | None = None) -> list[Channel]:
        """Threads (optionally of one parent channel), oldest first."""
        return [c for c in self.world.channels.values()
                if c.is_thread and (parent is None or c.parent_id == parent.id)]

    def messages(self, channel: Channel | int, *, include_ephemeral: bool = False,
                 include_deleted: bool = False) -> list[Message]:
        """Messages of a channel (thread / DM channel too), oldest first."""
        cid = self.channel(channel).id
        return [m for m in self.world.messages.get(cid, [])
                if (include_ephemeral or not m.ephemeral) and (include_deleted or not m.deleted)]

    def dm_messages(self, user: User) -> list[Message]:
        """Messages in the bot's DM channel with this user (empty if none was opened)."""
        chans = [c for c in self.world.channels.values() if c.type == DM and c.recipient is user]
        return self.messages(chans[0]) if chans else []

    def all_messages(self, *, include_ephemeral: bool = True) -> list[Message]:
        """Every stored (not deleted) message of every channel, oldest first."""
        msgs = [m for ms in self.world.messages.values() for m in ms if include_ephemeral or not m.ephemeral]
        return sorted((m for m in msgs if not m.deleted), key=lambda m: m.id)

    def commands(self, guild: Guild | int | None = None) -> dict[str, dict[str, Any]]:
        """Synced commands by name in a guild (default: the default guild; guild commands override global
        ones of the same name)."""
        out = {c["name"]: c for c in self.world.global_commands.values()}
        out.update({c["name"]: c for c in self.world.guild_commands.get(self.world.get_guild(guild).id, {}).values()})
        return out

    def requests_to(self, method: str, template: str) -> list[RequestRecord]:
        """Logged requests for one spec route, e.g. requests_to('PUT', '/applications/{application_id}/commands')."""
        return [r for r in self.requests if r.method == method and r.template == template]

    def format_violations(self) -> str:
        """Human-readable list of recorded violations."""
        return "\n".join(f"  {i + 1}. {v}" for i, v in enumerate(self.violations))

    def assert_no_violations(self) -> None:
        """Raise AssertionError listing every recorded violation."""
        if self.violations:
            raise AssertionError(f"fake Discord recorded {len(self.violations)} violation(s):\n"
                                 + self.format_violations())

    # ----- waiting -----
    async def wait_ready(self, timeout: float = 10.0, *, min_identifies: int = 1) -> None:
        """Wait until a bot is connected and got READY + GUILD_CREATE (the min_identifies-th IDENTIFY)."""
        await self.wait_until(lambda: self.active_sessions() and self.identify_count >= min_identifies,
                              timeout, f"bot READY (identify #{min_identifies})")

    async def wait_disconnected(self, timeout: float = 10.0) -> None:
        """Wait until no bot is connected to the gateway."""
        await self.wait_until(lambda: not self.active_sessions(), timeout, "the bot to disconnect")

    async def wait_commands(self, *names: str, timeout: float = 10.0) -> None:
        """Wait until these commands were synced."""
        await self.wait_until(lambda: set(names) <= set(self.commands()), timeout, f"commands {names} synced")

    async def wait_for_message(self, predicate: Callable[[Message], Any], timeout: float = 5.0, *,
                               channel: Channel | int | None = None) -> Message:
        """Wait for a (non-deleted, possibly ephemeral) message matching predicate; returns the newest match."""
        def find() -> Message | None:
            pool = self.messages(channel, include_ephemeral=True) if channel else self.all_messages()
            return next((m for m in reversed(pool) if predicate(m)), None)
        return await self.wait_until(find, timeout, "a matching message")

    # ----- users acting -----
    async def _send(self, itype: int, user: User, channel: Channel, data: dict[str, Any],
                    message: Message | None = None, command: dict[str, Any] | None = None,
                    opener: InteractionRecord | None = None) -> InteractionRecord:
        if not self.active_sessions():
            self.violation(f"interaction sent while no bot is connected: {data!r:.200}")
            raise DriverError("no bot is connected to the fake gateway")
        payload = build_payload(self, itype, user, channel, data, message)
        guild = payload.get("guild_id")
        if not self.sessions_for(int(guild) if guild else None):
            raise DriverError(f"no bot session runs the shard of guild {guild} (DMs: shard 0)")
        rec = InteractionRecord(self, itype, user, channel, payload, message, command, opener)
        self.interactions[rec.id] = rec
        await self.dispatch("INTERACTION_CREATE", payload)
        return rec

    def _command(self, user: User, name: str, channel: Channel) -> dict[str, Any]:
        synced = self.commands(channel.guild_id) if channel.type != DM else self.commands()
        cmd = synced.get(name)
        if cmd is None or cmd.get("type", 1) != 1:
            self.violation(f"/{name} used but never synced (synced: {sorted(synced)})")
            raise DriverError(f"/{name} is not a synced slash command (synced: {sorted(synced)})")
        if channel.type == DM:
            if cmd.get("guild_id") or cmd.get("dm_permission") is False or 1 not in (cmd.get("contexts") or [0, 1]):
                raise DriverError(f"/{name} is not available in DMs")
        elif cmd.get("default_member_permissions") is not None:
            need = int(cmd["default_member_permissions"])
            if self.world.guild_perms(user.id, channel.guild_id) & need != need:
                raise DriverError(f"{user.name} lacks default_member_permissions {need} for /{name}")
        return cmd

    async def slash(self, user: User, name: str, options: dict[str, Any] | None = None, *,
                    channel: Channel | int | None = None, subcommand: str | None = None,
                    group: str | None = None) -> InteractionRecord:
        """User runs /name [group] [subcommand] with options (str/int/float/bool, User, Channel, Role)."""
        channel = self.channel(channel or self.general)
        cmd = self._command(user, name, channel)
        data = command_data(self, cmd, dict(options or {}), subcommand, group, guild_id=channel.guild_id or 0)
        return await self._send(2, user, channel, data, command=cmd)

    async def autocomplete(self, user: User, name: str, focused: str, options: dict[str, Any], *,
                           channel: Channel | int | None = None, subcommand: str | None = None,
                           group: str | None = None) -> InteractionRecord:
        """User types in option `focused` (its partial value in options); the record's .choices has the answer."""
        channel = self.channel(channel or self.general)
        cmd = self._command(user, name, channel)
        data = command_data(self, cmd, dict(options), subcommand, group, focused=focused,
                            guild_id=channel.guild_id or 0)
        return await self._send(4, user, channel, data, command=cmd)

    def _component(self, user: User, message: Message, custom_id: str, ctype: int) -> dict[str, Any]:
        msg = self.world.message_index.get(message.id)
        if msg is None or msg.deleted:
            raise DriverError(f"message {message.id} does not exist (deleted?)")
        chan = self.world.channels[msg.channel_id]
        if chan.type == DM and chan.recipient is not user:
            raise DriverError(f"{user.name} cannot see the DM channel of {chan.recipient}")
        meta_user = (msg.interaction_metadata or {}).get("user", {}).get("id")
        if msg.ephemeral and meta_user != str(user.id):
            raise DriverError(f"{user.name} cannot see ephemeral message {msg.id}")
        comp = msg.find_component(custom_id)
        if comp is None:
            raise DriverError(f"no component {custom_id!r} on message {msg.id}: {[b.custom_id for b in msg.buttons()]}")
        if comp.get("type") != ctype:
            raise DriverError(f"component {custom_id!r} has type {comp.get('type')}, not {ctype}")
        if comp.get("disabled"):
            raise DriverError(f"component {custom_id!r} is disabled")
        return comp

    async def click(self, user: User, message: Message, custom_id: str) -> InteractionRecord:
        """User clicks the button with this custom_id on a message."""
        self._component(user, message, custom_id, 2)
        chan = self.world.channels[message.channel_id]
        return await self._send(3, user, chan, {"custom_id": custom_id, "component_type": 2}, message=message)

    async def select(self, user: User, message: Message, custom_id: str, values: list[str]) -> InteractionRecord:
        """User picks values in a string select menu."""
        comp = self._component(user, message, custom_id, 3)
        allowed = {o["value"] for o in comp.get("options", [])}
        if not set(values) <= allowed or not comp.get("min_values", 1) <= len(values) <= comp.get("max_values", 1):
            raise DriverError(f"invalid selection {values} for {custom_id!r} (options {sorted(allowed)})")
        chan = self.world.channels[message.channel_id]
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        return await self._send(3, user, chan, data, message=message)

    async def submit_modal(self, opener: InteractionRecord, values: dict[str, str]) -> InteractionRecord:
        """The user who got the modal (callback type 9) submits it with text input values by custom_id."""
        modal = opener.modal
        if modal is None:
            raise DriverError(f"{opener!r} did not answer with a modal")

        def fill(comp: dict[str, Any]) -> dict[str, Any]:
            if comp.get("type") == 4:
                if comp.get("required", True) and not values.get(comp["custom_id"]):
                    raise DriverError(f"modal text input {comp['custom_id']!r} is required")
                return {"type": 4, "id": comp.get("id", 0), "custom_id": comp["custom_id"],
                        "value": values.get(comp["custom_id"], "")}
            out = {"type": comp["type"], "id": comp.get("id", 0)}
            if "components" in comp:
                out["components"] = [fill(c) for c in comp["components"]]
            if "component" in comp:
                out["component"] = fill(comp["component"])
            return out
        data = {"custom_id": modal["custom_id"], "components": [fill(c) for c in modal.get("components", [])]}
        return await self._send(5, opener.user, opener.channel, data, message=opener.source_message, opener=opener)

    def planted_post(self, channel: Channel | int, buttons: list[str] = (), selects: list[str] = (),
                     content: str = "an old post") -> Message:
        """Store a bot message carrying buttons (and select menus with options "0"–"2") with these
        custom_ids, as if the bot had posted it long ago (an older version, a restored database);
        no gateway event is sent. Users can then click or select them like any other."""
        chan = self.channel(channel)
        items = [{"type": 2, "style": 2, "label": "?", "custom_id": cid} for cid in buttons]
        rows = [{"type": 1, "components": items[i:i + 5]} for i in range(0, len(items), 5)]
        rows += [{"type": 1, "components": [{"type": 3, "custom_id": cid, "min_values": 1, "max_values": 1,
                                             "options": [{"label": v, "value": v} for v in "012"]}]}
                 for cid in selects]
        if len(rows) > 5:
            raise DriverError("a message holds at most 5 action rows")
        msg = Message(self.world.ids.next(), chan.id, self.world.bot,
                      guild_id=chan.guild_id if chan.type != DM else None, content=content, components=rows,
                      application_id=self.world.application_id)
        _normalize_components(msg.components)
        return store_message(self.world, msg)

    async def user_message(self, user: User, channel: Channel | int | None, content: str) -> Message:
        """User posts a message (channel None = DM to the bot); dispatches MESSAGE_CREATE."""
        chan = self.channel(channel) if channel is not None else self.world.dm_channel(user)
        msg = Message(self.world.ids.next(), chan.id, user, guild_id=chan.guild_id if chan.type != DM else None,
                      content=content)
        resolve_mentions(self.world, msg)
        store_message(self.world, msg)
        await self.dispatch_message("MESSAGE_CREATE", msg)
        return msg

    async def disconnect_bot(self, code: int = 4000) -> None:
        """Drop the bot's gateway connection (discord.py then RESUMEs)."""
        for sess in self.active_sessions():
            await sess.close(code)
