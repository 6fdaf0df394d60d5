"""Fake gateway: websocket at /gateway (JSON encoding, zlib-stream or zstd-stream transport compression)."""

from __future__ import annotations

import asyncio
import json
import secrets
import zlib
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeServer

INTENT_GUILDS, INTENT_MEMBERS = 1 << 0, 1 << 1
#: close code for an IDENTIFY with an invalid ``shard`` field
INVALID_SHARD = 4010
PRIVILEGED = (1 << 1) | (1 << 8) | (1 << 15)  # GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT


class Connection:
    """One websocket connection with its transport compression context."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compress = compress
        self.lock = asyncio.Lock()
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._zstd: Any = None
        if compress == "zstd-stream":
            try:
                from compression.zstd import ZstdCompressor  # type: ignore[import-not-found]
                self._zstd = ZstdCompressor()
            except ImportError:
                import zstandard  # type: ignore[import-not-found]
                self._zstd = zstandard.ZstdCompressor().compressobj()

    async def send(self, payload: dict[str, Any]) -> None:
        """Send one gateway payload (caller holds self.lock when ordering matters)."""
        data = json.dumps(payload, separators=(",", ":")).encode()
        if self.ws.closed:
            return
        try:
            if self._zlib is not None:
                await self.ws.send_bytes(self._zlib.compress(data) + self._zlib.flush(zlib.Z_SYNC_FLUSH))
            elif self._zstd is not None:
                flush = getattr(self._zstd, "FLUSH_BLOCK", 1)
                await self.ws.send_bytes(self._zstd.compress(data) + self._zstd.flush(flush))
            else:
                await self.ws.send_str(data.decode())
        except ConnectionResetError:  # the client died mid-send (kill -9): the session keeps it in its backlog
            return


class GatewaySession:
    """An identified session: sequence numbers and event backlog survive a RESUME."""

    def __init__(self, fake: FakeServer, conn: Connection, intents: int,
                 shard: tuple[int, int] | None = None) -> None:
        self.fake = fake
        self.conn: Connection | None = conn
        self.intents = intents
        #: ``(shard_id, shard_count)`` from IDENTIFY (None: unsharded, receives every event)
        self.shard = shard
        self.session_id = secrets.token_hex(16)
        self.seq = 0
        self.backlog: list[dict[str, Any]] = []
        self.ended = False  # the client closed with 1000/1001: the session cannot be resumed
        self.dropped = False  # the fake closed the connection itself (resumable)

    @property
    def connected(self) -> bool:
        """True while the websocket is open."""
        return self.conn is not None and not self.conn.ws.closed

    def receives(self, guild_id: int | None) -> bool:
        """Whether Discord routes events of ``guild_id`` (None: DMs) to this session: a guild's events go to shard
        ``(guild_id >> 22) % shard_count``, DMs to shard 0."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else (guild_id >> 22) % count)

    def _record(self, event: str, data: dict[str, Any]) -> dict[str, Any]:
        self.seq += 1
        payload = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.backlog.append(payload)
        del self.backlog[:-500]
        return payload

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a DISPATCH (op 0) with the next sequence number (kept for RESUME while disconnected)."""
        if self.fake.check_responses:
            for problem in self.fake.validator.check_dispatch(event, data):
                self.fake.violation(f"FAKE GATEWAY PAYLOAD does not match the spec: {problem}")
        conn = self.conn
        if conn is None:
            self._record(event, data)
            return
        async with conn.lock:
            await conn.send(self._record(event, data))

    async def close(self, code: int) -> None:
        """Close the websocket with a close code."""
        self.dropped = True
        if self.conn is not None and not self.conn.ws.closed:
            await self.conn.ws.close(code=code)


def ready_payload(fake: FakeServer, sess: GatewaySession, shard: Any) -> dict[str, Any]:
    """READY event data: the guilds of the session's shard, each unavailable until its GUILD_CREATE."""
    world = fake.world
    user = world.bot.to_json() | {"verified": True, "mfa_enabled": False, "email": None, "locale": "en-US",
                                  "premium_type": 0}
    guilds = [{"id": str(gid), "unavailable": True} for gid in world.guilds if sess.receives(gid)]
    data = {"v": 10, "user": user, "user_settings": {}, "session_type": "normal",
            "guilds": guilds, "session_id": sess.session_id,
            "resume_gateway_url": str(fake.gateway_url), "relationships": [], "private_channels": [],
            "presences": [], "guild_join_requests": [], "geo_ordered_rtc_regions": ["rotterdam"],
            "auth": {}, "application": {"id": str(world.application_id), "flags": 1 << 23},
            "_trace": ['["fake-gateway",{"micros":1}]']}
    if shard is not None:
        data["shard"] = shard
    return data


async def handle(fake: FakeServer, request: web.Request) -> web.StreamResponse:
    """Serve one gateway websocket connection."""
    query = request.query
    if query.get("v") != "10" or query.get("encoding", "json") != "json":
        fake.violation(f"gateway connected with v={query.get('v')} encoding={query.get('encoding')} (want v=10 json)")
    compress = query.get("compress")
    if compress not in (None, "zlib-stream", "zstd-stream"):
        fake.violation(f"gateway: unknown compress={compress}")
        compress = None
    ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
    await ws.prepare(request)
    conn = Connection(ws, compress)
    async with conn.lock:
        await conn.send({"op": 10, "d": {"heartbeat_interval": fake.heartbeat_interval,
                                         "_trace": ['["fake-gateway",{"micros":1}]']}})
    sess: GatewaySession | None = None
    try:
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                if msg.type == WSMsgType.BINARY:
                    fake.violation("gateway: client sent a binary frame (JSON encoding expects text)")
                continue
            payload = json.loads(msg.data)
            op, data = payload.get("op"), payload.get("d")
            if op == 1:
                async with conn.lock:
                    await conn.send({"op": 11})
            elif op == 2:
                sess = await _identify(fake, conn, sess, data)
            elif op == 6:
                sess = await _resume(fake, conn, data)
            elif op == 8 and sess is not None:
                await _request_members(fake, sess, data)
            elif op in (3, 4):
                pass  # presence / voice state update: accepted and ignored
            else:
                fake.violation(f"gateway: unexpected opcode {op}: {payload!r:.200}")
                await ws.close(code=4001)
    finally:
        if sess is not None and sess.conn is conn:
            sess.conn = None
            sess.ended = not sess.dropped and ws.close_code in (1000, 1001)
        fake.bump()
    return ws


async def _identify(fake: FakeServer, conn: Connection, sess: GatewaySession | None, data: Any) -> GatewaySession | None:
    if sess is not None:
        fake.violation("gateway: IDENTIFY sent twice on one connection")
        await conn.ws.close(code=4005)
        return sess
    if not isinstance(data, dict) or data.get("token") != fake.world.token:
        fake.violation("gateway: IDENTIFY with a wrong token")
        await conn.ws.close(code=4004)
        return None
    props = data.get("properties") or {}
    if not {"os", "browser", "device"} <= set(props) or "intents" not in data:
        fake.violation(f"gateway: IDENTIFY lacks properties/intents: {data!r:.300}")
    intents = int(data.get("intents", 0))
    if intents & PRIVILEGED & ~fake.privileged_intents:
        fake.violation(f"gateway: bot requested privileged intents {intents & PRIVILEGED:#x} that are not enabled")
        await conn.ws.close(code=4014)
        return None
    shard = data.get("shard")
    if shard is not None and not valid_shard(shard):
        fake.violation(f"gateway: IDENTIFY with an invalid shard {shard!r} (want [shard_id, num_shards], "
                       "0 <= shard_id < num_shards)")
        await conn.ws.close(code=INVALID_SHARD)
        return None
    sess = GatewaySession(fake, conn, intents, tuple(shard) if shard is not None else None)
    fake.sessions[sess.session_id] = sess
    await sess.dispatch("READY", ready_payload(fake, sess, shard))
    for guild_id in fake.world.guilds:  # the guilds of the session's shard, as its READY listed them
        if sess.receives(guild_id):
            await sess.dispatch("GUILD_CREATE", fake.world.guild_json(bool(intents & INTENT_MEMBERS), guild_id))
    fake.identify_count += 1
    fake.bump()
    return sess


def valid_shard(shard: Any) -> bool:
    """Whether IDENTIFY's ``shard`` is ``[shard_id, num_shards]`` with ``0 <= shard_id < num_shards``."""
    return (isinstance(shard, list) and len(shard) == 2 and all(type(n) is int for n in shard)
            and 0 <= shard[0] < shard[1])


async def _resume(fake: FakeServer, conn: Connection, data: Any) -> GatewaySession | None:
    sess = fake.sessions.get((data or {}).get("session_id", ""))
    if sess is None or data.get("token") != fake.world.token or sess.connected or sess.ended:
        async with conn.lock:
            await conn.send({"op": 9, "d": False})
        return None
    seq = data.get("seq") or 0
    async with conn.lock:
        sess.conn, sess.dropped = conn, False
        for payload in sess.backlog:
            if payload["s"] > seq:
                await conn.send(payload)
    await sess.dispatch("RESUMED", {"_trace": ['["fake-gateway",{"micros":1}]']})
    fake.bump()
    return sess


async def _request_members(fake: FakeServer, sess: GatewaySession, data: dict[str, Any]) -> None:
    world = fake.world
    guild = world.guilds.get(int(data.get("guild_id") or 0))
    if guild is None or not sess.receives(guild.id):
        fake.violation(f"gateway: REQUEST_GUILD_MEMBERS for guild {data.get('guild_id')!r}, which is not on the "
                       f"session's shard {sess.shard}")
        return
    ids = {int(u) for u in data.get("user_ids") or []}
    query = (data.get("query") or "").lower()
    if not ids and not sess.intents & INTENT_MEMBERS:
        fake.violation("gateway: REQUEST_GUILD_MEMBERS by query requires the GUILD_MEMBERS intent")
        return
    members = [m for m in guild.members.values()
               if (m.user.id in ids if ids else m.user.name.lower().startswith(query))]
    limit = data.get("limit") or len(members)
    chunk = {"guild_id": str(guild.id), "members": [m.to_json() for m in members[:limit]],
             "chunk_index": 0, "chunk_count": 1, "not_found": [str(i) for i in ids - set(guild.members)]}
    if data.get("nonce"):
        chunk["nonce"] = data["nonce"]
    await sess.dispatch("GUILD_MEMBERS_CHUNK", chunk)
