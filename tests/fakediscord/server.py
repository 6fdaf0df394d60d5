"""The fake Discord HTTP server: REST entry point (auth, schema validation, routing) and lifecycle."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import yarl
from aiohttp import web

from . import gateway, rest, rest_channels  # noqa: F401  (rest_channels registers handlers)
from .messages import BadRequest, FilePart, Message, MessageBuilder
from .patience import patience
from .state import DM, World
from .validate import SpecValidator

log = logging.getLogger("fakediscord")
FILE_PART_RE = re.compile(r"^files\[(\d+)\]$")
# Routes authenticated by the token in their path: Authorization is optional there (discord.py omits it).
TOKEN_ROUTE_PREFIXES = ("/webhooks/{webhook_id}/{webhook_token}", "/interactions/")
INTENT_GUILD_MESSAGES, INTENT_DIRECT_MESSAGES, INTENT_MESSAGE_CONTENT = 1 << 9, 1 << 12, 1 << 15
_shared_validator: SpecValidator | None = None


@dataclass
class RequestRecord:
    """One REST request the bot made (path relative to /api/v10)."""

    method: str
    path: str
    template: str | None
    query: dict[str, str]
    body: Any
    files: list[FilePart] = field(default_factory=list)
    status: int = 0


def shared_validator() -> SpecValidator:
    """One SpecValidator per process (its compiled validators are cached)."""
    global _shared_validator
    if _shared_validator is None:
        _shared_validator = SpecValidator()
    return _shared_validator


class FakeServer:
    """Loopback Discord (REST + gateway) holding a World that survives bot restarts."""

    def __init__(self, *, callback_deadline: float = 3.0, privileged_intents: int = 0,
                 heartbeat_interval: int = 41250, check_responses: bool = False, shards: int = 1,
                 guilds: int = 1) -> None:
        #: ``guilds`` guilds; with several, guild k lives on shard ``k % shards`` (see state.guild_snowflake)
        self.world = World(guilds=guilds)
        self.validator = shared_validator()
        self.callback_deadline = callback_deadline
        self.privileged_intents = privileged_intents
        self.heartbeat_interval = heartbeat_interval
        self.check_responses = check_responses
        #: the shard count GET /gateway/bot recommends
        self.shards = shards
        self.violations: list[str] = []
        self.errors: list[tuple[str, str, int, int, str]] = []
        self.requests: list[RequestRecord] = []
        self.sessions: dict[str, gateway.GatewaySession] = {}
        self.identify_count = 0
        self.interactions: dict[int, Any] = {}
        self.port = 0
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.builder: MessageBuilder = MessageBuilder(self.world, "")
        #: pending Cloudflare blocks: [method, path regex, requests left, Retry-After seconds]
        self.blocks: list[list[Any]] = []

    def cloudflare_block(self, method: str, path: str, *, count: int = 1, retry_after: int = 30) -> None:
        """Answer the next ``count`` requests ``method`` whose path (under /api/v10) matches the regex
        ``path`` as Cloudflare does when it blocks a client: 429, a text/html body, a ``Retry-After``
        header and no ``Via`` header (so discord.py raises instead of waiting). Nothing is processed."""
        self.blocks.append([method, re.compile(path), count, retry_after])

    def _blocked(self, method: str, path: str) -> web.Response | None:
        for block in self.blocks:
            if block[0] == method and block[2] > 0 and block[1].search(path):
                block[2] -= 1
                return web.Response(status=429, text="<html><body>error code: 1015</body></html>",
                                    content_type="text/html", headers={"Retry-After": str(block[3])})
        return None

    # ----- lifecycle -----
    async def start(self) -> None:
        """Listen on 127.0.0.1 with an ephemeral port."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{cid}/{aid}/{name}", self._attachment)
        app.router.add_route("*", "/{tail:.*}", self._entry)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.builder.http_base = self.http_base

    async def stop(self) -> None:
        """Close every gateway connection and the HTTP server."""
        for sess in list(self.sessions.values()):
            await sess.close(1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def http_base(self) -> str:
        """http://127.0.0.1:PORT"""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """Value for discord.http.Route.BASE."""
        return f"{self.http_base}/api/v10"

    @property
    def gateway_url(self) -> yarl.URL:
        """Value for discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY."""
        return yarl.URL(f"ws://127.0.0.1:{self.port}/gateway")

    # ----- bookkeeping -----
    def violation(self, text: str) -> None:
        """Record a protocol/spec violation (the fixture fails the test at teardown)."""
        log.error("FAKE DISCORD VIOLATION: %s", text)
        self.violations.append(text)
        self.bump()

    def bump(self) -> None:
        """Wake everything waiting for a state change."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], Any], timeout: float, what: str) -> Any:
        """Wait until predicate() is truthy (returns it); TimeoutError naming `what` otherwise."""
        deadline = time.monotonic() + patience(timeout)
        while True:
            event = self._changed
            result = predicate()
            if result:
                return result
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"fake discord: timed out after {patience(timeout)}s waiting for {what}")
            try:
                await asyncio.wait_for(event.wait(), min(remaining, 0.25))
            except TimeoutError:
                pass

    def active_sessions(self) -> list[gateway.GatewaySession]:
        """Identified sessions with an open websocket."""
        return [s for s in self.sessions.values() if s.connected]

    def live_sessions(self) -> list[gateway.GatewaySession]:
        """Sessions still receiving events: connected, or dropped but resumable (events are backlogged)."""
        return [s for s in self.sessions.values() if not s.ended]

    def sessions_for(self, guild_id: int | None) -> list[gateway.GatewaySession]:
        """Live sessions that receive the events of ``guild_id`` (None: DMs): those of its shard."""
        return [s for s in self.live_sessions() if s.receives(guild_id)]

    async def dispatch(self, event: str, data: dict[str, Any], intent: int = 0) -> None:
        """Send a DISPATCH event to every live session of its guild's shard whose intents include `intent`."""
        guild = data.get("guild_id") or (data.get("id") if event.startswith("GUILD_") else None)
        for sess in self.sessions_for(int(guild) if guild else None):
            if not intent or sess.intents & intent:
                await sess.dispatch(event, data)

    async def dispatch_message(self, event: str, msg: Message) -> None:
        """MESSAGE_CREATE/UPDATE for a non-ephemeral message, honouring intents like Discord."""
        if msg.ephemeral:
            return
        world = self.world
        chan = world.channels[msg.channel_id]
        is_dm = chan.type == DM
        for sess in self.sessions_for(None if is_dm else msg.guild_id):
            if not sess.intents & (INTENT_DIRECT_MESSAGES if is_dm else INTENT_GUILD_MESSAGES):
                continue
            data = msg.to_json(with_guild=True)
            members = world.get_guild(chan.guild_id).members if not is_dm else {}
            if msg.author.id in members:
                data["member"] = {k: v for k, v in members[msg.author.id].to_json().items() if k != "user"}
            privileged = sess.intents & INTENT_MESSAGE_CONTENT or is_dm or msg.author is world.bot
            if not privileged and world.bot not in msg.mentions:
                data.update(content="", embeds=[], attachments=[], components=[])
            await sess.dispatch(event, data)

    # ----- HTTP handlers -----
    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        return await gateway.handle(self, request)

    async def _attachment(self, request: web.Request) -> web.StreamResponse:
        aid = int(request.match_info["aid"])
        for msgs in self.world.messages.values():
            for msg in msgs:
                for att in msg.attachments:
                    if att.id == aid:
                        return web.Response(body=att.data, content_type=att.to_json()["content_type"])
        return web.Response(status=404, text="asset not found")

    async def _entry(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if not path.startswith("/api/v10/"):
            self.violation(f"{request.method} {path}: not under /api/v10 (unknown route)")
            return _error(404, 0, "404: Not Found")
        path = path[len("/api/v10"):]
        query = dict(request.query)
        record = RequestRecord(request.method, path, None, query, None)
        self.requests.append(record)
        blocked = self._blocked(request.method, path)
        if blocked is not None:
            record.status = 429
            self.bump()
            return blocked
        try:
            status, payload = await self._handle(request, record)
        except BadRequest as exc:
            if exc.violation:
                self.violation(f"{request.method} {path}: {exc.status} {exc.code} {exc.message}")
            self.errors.append((request.method, path, exc.status, exc.code, exc.message))
            status, payload = exc.status, {"message": exc.message, "code": exc.code}
            if exc.code == 50035:
                payload["errors"] = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": exc.message}]}
        except Exception:  # a bug in the fake: fail the test, but never answer 5xx (discord.py retries those)
            self.violation(f"FAKE INTERNAL ERROR handling {request.method} {path}:\n{traceback.format_exc()}")
            status, payload = 400, {"message": "fake discord internal error", "code": 0}
        record.status = status
        if self.check_responses and record.template and status < 400:
            for problem in self.validator.check_response(request.method, record.template, status, payload):
                self.violation(f"FAKE RESPONSE does not match the spec: {request.method} {path} {problem}")
        self.bump()
        bucket = hashlib.md5(f"{request.method} {record.template}".encode()).hexdigest()[:16] if record.template else None
        if status == 204 or payload is None:
            return web.Response(status=204, headers=_headers(bucket))
        return _json(status, payload, bucket)

    async def _handle(self, request: web.Request, record: RequestRecord) -> tuple[int, Any]:
        method, path = request.method, record.path
        matched = self.validator.match(path)
        if matched is None or self.validator.operation(method, matched[0]) is None:
            raise BadRequest(404, 0, f"404: Not Found (route {method} {path} is not in the Discord OpenAPI spec)")
        template, params = matched
        record.template = template
        self._check_auth(request, template)
        body, files = await self._read_body(request, method, path)
        record.body, record.files = body, files
        problems = self.validator.check_params(method, template, params, record.query)
        problems += self.validator.check_body(method, template, body)
        if problems:
            raise BadRequest(400, 50035, "Invalid Form Body (OpenAPI): " + "; ".join(problems[:8]))
        handler = rest.HANDLERS.get((method, template))
        if handler is None:
            raise BadRequest(404, 0, f"404: Not Found (the fake does not implement {method} {template})")
        return await handler(self, rest.Ctx(method, params, record.query, body, files))

    def _check_auth(self, request: web.Request, template: str) -> None:
        auth = request.headers.get("Authorization")
        token_route = template.startswith(TOKEN_ROUTE_PREFIXES)
        if auth is None and token_route:
            return
        if auth != f"Bot {self.world.token}":
            raise BadRequest(401, 0, f"401: Unauthorized (Authorization header {auth!r} is not 'Bot <token>')")
        if not token_route and not request.headers.get("User-Agent", "").startswith("DiscordBot ("):
            raise BadRequest(400, 0, "User-Agent must look like 'DiscordBot ($url, $versionNumber)'")

    async def _read_body(self, request: web.Request, method: str, path: str) -> tuple[Any, list[FilePart]]:
        if not request.body_exists:
            return None, []
        ctype = request.headers.get("Content-Type", "")
        if ctype.startswith("multipart/form-data"):
            body, files = None, []
            reader = await request.multipart()
            async for part in reader:
                name = part.name or ""
                m = FILE_PART_RE.match(name)
                if name == "payload_json":
                    body = json.loads(await part.text())
                elif m:
                    data = await part.read(decode=False)
                    files.append(FilePart(int(m.group(1)), part.filename or "", bytes(data),
                                          part.headers.get("Content-Type", "application/octet-stream")))
                else:
                    raise BadRequest(400, 50035, f"unexpected multipart field {name!r}")
            return body, files
        raw = await request.read()
        if not raw:
            return None, []
        if ctype != "application/json":
            raise BadRequest(400, 50035, f"JSON body sent with Content-Type {ctype!r} (must be exactly application/json)")
        try:
            return json.loads(raw), []
        except ValueError as exc:
            raise BadRequest(400, 50109, f"The request body contains invalid JSON ({exc})") from None


def _headers(bucket: str | None) -> dict[str, str]:
    """Plausible rate-limit headers that never make discord.py wait (plenty remaining)."""
    headers = {"Via": "1.1 google"}
    if bucket:
        headers.update({"X-RateLimit-Bucket": bucket, "X-RateLimit-Limit": "50", "X-RateLimit-Remaining": "49",
                        "X-RateLimit-Reset": f"{time.time() + 1:.3f}", "X-RateLimit-Reset-After": "1.000"})
    return headers


def _json(status: int, payload: Any, bucket: str | None = None) -> web.Response:
    # discord.py only decodes bodies whose Content-Type is exactly "application/json" (no charset).
    return web.Response(status=status, body=json.dumps(payload, separators=(",", ":")).encode(),
                        headers={"Content-Type": "application/json", **_headers(bucket)})


def _error(status: int, code: int, message: str) -> web.Response:
    return _json(status, {"message": message, "code": code})
