"""Message records and how the fake builds/edits them from the bot's request payloads."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .state import DM, User, World, iso, png_size

EPHEMERAL, LOADING = 1 << 6, 1 << 7
MENTION_RE = re.compile(r"<@!?(\d+)>")
EMBED_URL_KEYS = (("image",), ("thumbnail",), ("author", "icon_url"), ("footer", "icon_url"))


class BadRequest(Exception):
    """A request Discord would reject; carries HTTP status, Discord error code and message."""

    def __init__(self, status: int, code: int, message: str, violation: bool = True) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.violation = status, code, message, violation


@dataclass
class FilePart:
    """One `files[n]` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str


class Button(NamedTuple):
    """A button found in a message."""

    custom_id: str | None
    label: str | None
    style: int
    disabled: bool
    emoji: dict[str, Any] | None


@dataclass
class Attachment:
    """An uploaded file, with its bytes."""

    id: int
    filename: str
    data: bytes
    description: str | None = None
    content_type: str = "application/octet-stream"
    url: str = ""

    def to_json(self) -> dict[str, Any]:
        """Attachment object."""
        out: dict[str, Any] = {"id": str(self.id), "filename": self.filename, "size": len(self.data),
                               "url": self.url, "proxy_url": self.url, "content_type": self.content_type}
        size = png_size(self.data)
        if size:
            out.update(width=size[0], height=size[1], content_type="image/png")
        if self.description is not None:
            out["description"] = self.description
        return out


@dataclass
class Message:
    """A message as stored by the fake (raw request fields kept as sent)."""

    id: int
    channel_id: int
    author: User
    guild_id: int | None = None
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    mentions: list[User] = field(default_factory=list)
    mention_everyone: bool = False
    allowed_mentions: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    interaction_metadata: dict[str, Any] | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    thread: Any = None  # the Channel started from this message
    timestamp: str = field(default_factory=iso)
    edited_timestamp: str | None = None
    deleted: bool = False
    reactions: dict[str, set[int]] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)
    referenced: Message | None = None

    @property
    def ephemeral(self) -> bool:
        """Whether the EPHEMERAL flag is set."""
        return bool(self.flags & EPHEMERAL)

    def iter_components(self) -> list[dict[str, Any]]:
        """All components, flattened (action rows, sections, containers...)."""
        out: list[dict[str, Any]] = []
        stack = list(reversed(self.components))
        while stack:
            comp = stack.pop()
            out.append(comp)
            children = list(comp.get("components") or [])
            if comp.get("accessory"):
                children.append(comp["accessory"])
            stack.extend(reversed(children))
        return out

    def buttons(self) -> list[Button]:
        """Buttons of the message, in display order."""
        return [Button(c.get("custom_id"), c.get("label"), c.get("style", 1), bool(c.get("disabled", False)),
                       c.get("emoji")) for c in self.iter_components() if c.get("type") == 2]

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        """The component carrying this custom_id, if any."""
        return next((c for c in self.iter_components() if c.get("custom_id") == custom_id), None)

    def attachment(self, filename: str) -> Attachment:
        """The attachment with this filename (KeyError if none)."""
        for att in self.attachments:
            if att.filename == filename:
                return att
        raise KeyError(filename)

    def to_json(self, with_guild: bool = False, nested: bool = True) -> dict[str, Any]:
        """Message object (with guild_id/member when dispatched on the gateway)."""
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": self.author.to_json(),
            "content": self.content, "timestamp": self.timestamp, "edited_timestamp": self.edited_timestamp,
            "tts": False, "mention_everyone": self.mention_everyone, "mentions": [u.to_json() for u in self.mentions],
            "mention_roles": [], "attachments": [a.to_json() for a in self.attachments], "embeds": self.embeds,
            "pinned": False, "type": self.type, "flags": self.flags, "components": self.components,
        }
        if self.reactions:
            data["reactions"] = [{"emoji": {"id": None, "name": e}, "count": len(u), "me": False,
                                  "count_details": {"burst": 0, "normal": len(u)}, "burst_colors": [],
                                  "me_burst": False} for e, u in self.reactions.items() if u]
        for key in ("webhook_id", "application_id"):
            if getattr(self, key):
                data[key] = str(getattr(self, key))
        if self.message_reference:
            data["message_reference"] = self.message_reference
            if nested:
                data["referenced_message"] = self.referenced.to_json(nested=False) if self.referenced else None
        if self.interaction_metadata:
            data["interaction_metadata"] = self.interaction_metadata
        if self.thread is not None:
            data["thread"] = self.thread.to_json()
        if with_guild and self.guild_id:
            data["guild_id"] = str(self.guild_id)
        return data


def _embed_chars(embed: dict[str, Any]) -> int:
    """Characters Discord counts towards the 6000 limit of a message's embeds."""
    parts = [embed.get("title"), embed.get("description"), (embed.get("footer") or {}).get("text"),
             (embed.get("author") or {}).get("name")]
    parts += [f.get(k) for f in embed.get("fields") or [] for k in ("name", "value")]
    return sum(len(p) for p in parts if isinstance(p, str))


def _normalize_components(components: list[dict[str, Any]]) -> None:
    """Normalise components like Discord: numeric `id`s (keeping the bot's), unique custom_ids, emoji."""
    flat: list[dict[str, Any]] = []
    stack = list(reversed(components))
    while stack:
        comp = stack.pop()
        flat.append(comp)
        children = list(comp.get("components") or []) + ([comp["accessory"]] if comp.get("accessory") else [])
        stack.extend(reversed(children))
    used = {c["id"] for c in flat if isinstance(c.get("id"), int)}
    nxt = 1
    seen_custom: set[str] = set()
    for comp in flat:
        if isinstance(comp.get("emoji"), dict):  # Discord echoes unicode emoji as {"name": ...}
            comp["emoji"] = {k: v for k, v in comp["emoji"].items() if v is not None and v is not False}
        if "id" not in comp:
            while nxt in used:
                nxt += 1
            comp["id"] = nxt
            used.add(nxt)
        cid = comp.get("custom_id")
        if cid is not None:
            if cid in seen_custom:
                raise BadRequest(400, 50035, f"Invalid Form Body: duplicate component custom_id {cid!r}")
            seen_custom.add(cid)


class MessageBuilder:
    """Turns message payloads (+ uploaded files) into stored Message records."""

    def __init__(self, world: World, http_base: str) -> None:
        self.world = world
        self.http_base = http_base

    def attachment_url(self, channel_id: int, att_id: int, filename: str) -> str:
        """Loopback URL where the fake serves an attachment's bytes."""
        return f"{self.http_base}/attachments/{channel_id}/{att_id}/{filename}"

    def _attachments(self, msg: Message, payload: dict[str, Any], files: list[FilePart]) -> None:
        req = payload.get("attachments")
        by_index = {f.index: f for f in files}
        if req is None:
            if files:
                raise BadRequest(400, 50035, "files[n] uploaded without an `attachments` array in payload_json")
            return
        existing = {a.id: a for a in msg.attachments}
        result, used = [], set()
        for entry in req:
            aid = int(entry["id"])
            if aid in existing:
                result.append(existing[aid])
            elif aid in by_index:
                part = by_index[aid]
                used.add(aid)
                new_id = self.world.ids.next()
                name = entry.get("filename") or part.filename
                result.append(Attachment(new_id, name, part.data, entry.get("description"), part.content_type,
                                         self.attachment_url(msg.channel_id, new_id, name)))
            else:
                raise BadRequest(400, 50035, f"attachments[].id {aid} matches no files[{aid}] part and no "
                                             "existing attachment of the message")
        unused = sorted(set(by_index) - used)
        if unused:
            raise BadRequest(400, 50035, f"files{unused} not referenced by any payload_json attachments[].id")
        msg.attachments = result

    def _embeds(self, msg: Message, embeds: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for raw in embeds:
            emb = {"type": "rich", **raw}
            for keys in EMBED_URL_KEYS:
                holder = emb.get(keys[0])
                if not isinstance(holder, dict):
                    continue
                key = keys[1] if len(keys) > 1 else "url"
                url = holder.get(key)
                if isinstance(url, str) and url.startswith("attachment://"):
                    name = url[len("attachment://"):]
                    att = next((a for a in msg.attachments if a.filename == name), None)
                    if att is None:
                        raise BadRequest(400, 50035, f"embed {'.'.join(keys)} references {url} but the message "
                                                     "has no attachment with that filename")
                    holder = emb[keys[0]] = dict(holder)
                    holder[key] = att.url
                    holder["proxy_url" if key == "url" else "proxy_icon_url"] = att.url
                    size = png_size(att.data)
                    if size and key == "url":
                        holder.update(width=size[0], height=size[1], content_type="image/png")
            out.append(emb)
        return out

    def apply(self, msg: Message, payload: dict[str, Any], files: list[FilePart], *, creating: bool) -> Message:
        """Apply a create/edit payload to a message (raises BadRequest like Discord would, changing nothing)."""
        backup, history_len = dict(vars(msg)), len(msg.history)
        try:
            return self._apply(msg, payload, files, creating)
        except BadRequest:
            vars(msg).update(backup)
            del msg.history[history_len:]
            raise

    def _apply(self, msg: Message, payload: dict[str, Any], files: list[FilePart], creating: bool) -> Message:
        if not creating:
            msg.history.append({"content": msg.content, "embeds": msg.embeds, "components": msg.components,
                                "attachments": list(msg.attachments), "flags": msg.flags})
        content = payload.get("content", msg.content if not creating else "")
        if content is not None and len(str(content)) > 2000:
            raise BadRequest(400, 50035, "Invalid Form Body: content must be 2000 or fewer in length")
        self._attachments(msg, payload, files)
        if "content" in payload:
            msg.content = payload["content"] or ""
        if payload.get("components") is not None or ("components" in payload and not creating):
            comps = [dict(c) for c in payload.get("components") or []]
            _normalize_components(comps)
            msg.components = comps
        if "embeds" in payload:
            msg.embeds = self._embeds(msg, payload.get("embeds") or [])
            if sum(_embed_chars(e) for e in msg.embeds) > 6000:
                raise BadRequest(400, 50035, "Invalid Form Body: embeds exceed 6000 characters in total")
        if "flags" in payload and payload["flags"] is not None:
            keep = msg.flags & (EPHEMERAL | (1 << 15)) if not creating else 0
            msg.flags = keep | payload["flags"]
        if not creating:
            msg.flags &= ~LOADING
            msg.edited_timestamp = iso()
        if "allowed_mentions" in payload:
            msg.allowed_mentions = payload["allowed_mentions"]
        if creating and payload.get("message_reference"):
            ref = dict(payload["message_reference"])
            ref.setdefault("channel_id", str(msg.channel_id))
            fail = ref.pop("fail_if_not_exists", True)
            ref = {k: str(v) if k.endswith("_id") else v for k, v in ref.items() if v is not None}
            ref.setdefault("type", 0)
            if "guild_id" not in ref and msg.guild_id:
                ref["guild_id"] = str(msg.guild_id)
            target = self.world.message_index.get(int(ref.get("message_id", 0)))
            if target is None or target.deleted:
                if fail is not False:
                    raise BadRequest(400, 50035, "Invalid Form Body: message_reference: Unknown message")
            else:
                msg.referenced = target
            msg.message_reference = ref
        if msg.flags & (1 << 15) and (msg.content or msg.embeds):
            raise BadRequest(400, 50035, "Invalid Form Body: content/embeds cannot be used with IS_COMPONENTS_V2")
        empty = not (msg.content or msg.embeds or msg.attachments or msg.components or payload.get("poll"))
        if empty and not msg.flags & LOADING:
            raise BadRequest(400, 50006, "Cannot send an empty message")
        resolve_mentions(self.world, msg)
        return msg

    def new(self, channel_id: int, author: User, payload: dict[str, Any], files: list[FilePart],
            **fields: Any) -> Message:
        """Build (but do not store) a new message in a channel."""
        chan = self.world.channels[channel_id]
        msg = Message(self.world.ids.next(), channel_id, author, guild_id=chan.guild_id if chan.type != DM else None,
                      **fields)
        return self.apply(msg, payload, files, creating=True)


def store_message(world: World, msg: Message) -> Message:
    """Store a message (and bump the channel's counters)."""
    world.messages.setdefault(msg.channel_id, []).append(msg)
    world.message_index[msg.id] = msg
    chan = world.channels.get(msg.channel_id)
    if chan and not msg.ephemeral:
        chan.last_message_id = msg.id
        chan.message_count += 1
    return msg


def resolve_mentions(world: World, msg: Message) -> None:
    """Fill msg.mentions / mention_everyone from its content and allowed_mentions, like Discord."""
    am = msg.allowed_mentions
    parse = set(am.get("parse") or []) if am is not None else {"users", "roles", "everyone"}
    allowed_users = {int(u) for u in (am or {}).get("users") or []}
    seen: list[User] = []
    for uid in (int(m) for m in MENTION_RE.findall(msg.content or "")):
        user = world.users.get(uid)
        if user and user not in seen and ("users" in parse or uid in allowed_users):
            seen.append(user)
    ref = msg.message_reference and world.message_index.get(int(msg.message_reference.get("message_id", 0)))
    if ref and (am is None or am.get("replied_user", False)) and ref.author not in seen:
        seen.append(ref.author)
    msg.mentions = seen
    msg.mention_everyone = "everyone" in parse and ("@everyone" in msg.content or "@here" in msg.content)
