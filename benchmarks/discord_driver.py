"""Drive the bot, running in a process of its own, through the loopback fake Discord, with exact timings.

The fake and this driver share the benchmark's process; the bot runs in another (``benchmarks.discord_bot``),
so the bot's event loop and render workers never share a Python process with the fake. Every state change
of the fake (a request it handled) runs the registered watchers at once, so a click's acknowledgement and
its next table post are timed when the fake received them, not when a waiting task got around to looking.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import sqlite3
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.fakediscord import FakeDiscord, Message, User

TIMEOUT = 20.0
#: how long a click may wait for its next post before the game counts as stalled
POST_TIMEOUT = 30.0


class SampledValidator:
    """The fake's OpenAPI checks of requests, done in full for the first ``full`` requests of each route and
    then for one in ``every``: a full check costs the fake ~5 ms of CPU per request (jsonschema), which on a
    2-core machine is taken from the bot under test; Discord's own checks do not run on the bot's machine."""

    def __init__(self, inner, full: int = 20, every: int = 10):
        self.inner, self.full, self.every = inner, full, every
        self.seen: dict[tuple[str, str], int] = {}
        self.checked = self.skipped = 0
        self._due = True

    def __getattr__(self, name: str):
        return getattr(self.inner, name)

    def check_params(self, method: str, template: str, params: dict, query: dict) -> list[str]:
        """Check path and query parameters when this request is one to check (decides for its body too)."""
        count = self.seen.get((method, template), 0)
        self.seen[(method, template)] = count + 1
        self._due = count < self.full or count % self.every == 0
        self.checked += self._due
        self.skipped += not self._due
        return self.inner.check_params(method, template, params, query) if self._due else []

    def check_body(self, method: str, template: str, body) -> list[str]:
        """Check the body of the request whose parameters were just checked, if it is one to check."""
        return self.inner.check_body(method, template, body) if self._due else []


class TimedFake(FakeDiscord):
    """The fake Discord, running watchers (``callable(now) -> done``) on every change it makes."""

    def __init__(self, *, sampled: bool = True, **kwargs):
        self.watchers: list[Callable[[float], bool]] = []
        #: when the handler of each interaction callback started (interaction id → perf_counter seconds)
        self.callback_arrived: dict[int, float] = {}
        super().__init__(**kwargs)
        if sampled:
            self.validator = SampledValidator(self.validator)

    async def _entry(self, request):
        path = request.path
        if path.startswith("/api/v10/interactions/") and path.endswith("/callback"):
            self.callback_arrived[int(path.split("/")[4])] = time.perf_counter()
        return await super()._entry(request)

    def bump(self) -> None:
        """Wake waiting tasks and run the watchers; a watcher returning True is dropped."""
        super().bump()
        if self.watchers:
            now = time.perf_counter()
            self.watchers = [w for w in self.watchers if not w(now)]


@contextlib.asynccontextmanager
async def timed_fake(*, sampled: bool = True) -> AsyncIterator[TimedFake]:
    """Start a TimedFake (``sampled``: checking a sample of the requests) on a loopback port; stop it afterwards."""
    fake = TimedFake(sampled=sampled)
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


def _cpu_seconds(pid: int) -> float:
    """Return user + system CPU seconds of a process (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


_BEHIND = re.compile(r"Can't keep up, shard ID \S+ websocket is ([\d.]+)s behind")


def _loopback_artifact(line: str) -> bool:
    """discord.py's keep-alive thread notes when it sent a heartbeat only after the send returned; the
    loopback fake acknowledges faster than that, so the latency it computes is one whole heartbeat interval
    (41.25 s) and it warns "websocket is 41.3s behind". A real delay would show another figure."""
    found = _BEHIND.search(line)
    return found is not None and abs(float(found[1]) - 41.25) < 1.0


@dataclass
class BotProcess:
    """The bot under benchmark, in its own OS process, connected to the fake."""

    proc: asyncio.subprocess.Process
    info: dict
    db_path: str
    log_path: str
    db: sqlite3.Connection | None = None

    def cpu(self) -> dict[str, float]:
        """CPU seconds used so far by the bot's process and by its render workers, and by this process."""
        return {"bot": _cpu_seconds(self.proc.pid),
                "render_workers": sum(_cpu_seconds(pid) for pid in self.info.get("render_pids", [])),
                "fake_and_driver": time.process_time()}

    def games(self) -> dict[int, tuple[int, int | None, str]]:
        """Return {game id: (version, posted_version, status)} as stored by the bot."""
        if self.db is None:
            self.db = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True, timeout=10)
        rows = self.db.execute("SELECT id, version, posted_version, status FROM games").fetchall()
        return {gid: (version, posted, status) for gid, version, posted, status in rows}

    async def command(self, line: str, answer: str | None = None, timeout: float = 30.0) -> str:
        """Send one command line to the bot process (and return the line starting with ``answer``)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line.encode() + b"\n")
        await self.proc.stdin.drain()
        if answer is None:
            return ""
        async with asyncio.timeout(timeout):
            while True:
                got = (await self.proc.stdout.readline()).decode()
                if not got:
                    raise RuntimeError(f"the bot process ended:\n{self.log_tail()}")
                if got.startswith(answer):
                    return got[len(answer):].strip()

    async def interaction_times(self) -> tuple[dict[int, list[float]], int]:
        """For each interaction since the last call: [when the bot parsed it, when it called the callback,
        when the callback request's headers were written]; and how many connections the bot opened."""
        got = json.loads(await self.command("times", "TIMES "))
        connections = got.pop("connections", 0)
        return {int(k): v for k, v in got.items()}, connections

    async def loop_lag(self) -> dict:
        """How late the bot's event loop ran a 5 ms timer since the last call (p50, p99, max in ms)."""
        return json.loads(await self.command("lag", "LAG "))

    def log_errors(self) -> list[str]:
        """Return the lines of the bot's log that report an error or a warning (tracebacks included),
        except discord.py's false "websocket is 41.3s behind" (see ``_loopback_artifact``)."""
        with contextlib.suppress(OSError):
            lines = Path(self.log_path).read_text(errors="replace").splitlines()
            return [line for line in lines if line.startswith(("bot ERROR", "bot WARNING", "bot CRITICAL",
                                                               "Traceback")) and not _loopback_artifact(line)]
        return []

    def log_tail(self, lines: int = 20) -> str:
        """Return the end of the bot's log (its standard error)."""
        with contextlib.suppress(OSError):
            return "\n".join(Path(self.log_path).read_text(errors="replace").splitlines()[-lines:])
        return ""


@contextlib.asynccontextmanager
async def bot_process(fake: FakeDiscord, folder: str, *, render_workers: int | None = None,
                      name: str = "bot") -> AsyncIterator[BotProcess]:
    """Start the bot in its own process and wait until it is fully ready and its commands are synced."""
    env = dict(os.environ)
    env.pop("PARLOR_RENDER_WORKERS", None)
    if render_workers is not None:
        env["PARLOR_RENDER_WORKERS"] = str(render_workers)
    db_path = str(Path(folder) / f"{name}.sqlite3")
    log_path = str(Path(folder) / f"{name}.log")
    root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    with open(log_path, "wb") as log:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "benchmarks.discord_bot", fake.api_base, str(fake.gateway_url), fake.token,
            db_path, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=log, env=env, cwd=root,
            limit=1 << 24)
    bot = BotProcess(proc, {}, db_path, log_path)
    try:
        assert proc.stdout is not None
        try:
            async with asyncio.timeout(120):
                while True:
                    line = (await proc.stdout.readline()).decode()
                    if not line:
                        raise RuntimeError(f"the bot process exited before it was ready:\n{bot.log_tail()}")
                    if line.startswith("READY "):
                        bot.info = json.loads(line[6:])
                        break
        except TimeoutError:
            raise TimeoutError(f"the bot process was not ready after 120 s:\n{bot.log_tail()}") from None
        await fake.wait_ready(TIMEOUT)
        await fake.wait_commands("play", "game", "pixies", timeout=TIMEOUT)
        yield bot
    finally:
        if bot.db is not None:
            bot.db.close()
        if proc.returncode is None:
            with contextlib.suppress(Exception):
                assert proc.stdin is not None
                proc.stdin.close()
            try:
                await asyncio.wait_for(proc.wait(), 30)
            except TimeoutError:
                proc.kill()
                await proc.wait()


def _buttons(message: Message, prefix: str) -> list[str]:
    return [b.custom_id for b in message.buttons()
            if b.custom_id and b.custom_id.startswith(prefix) and not b.disabled]


@dataclass
class Post:
    """A table post offering a decision: the message, the deciding seat, the decision id, its buttons."""

    message: Message
    seat: int
    decision: str
    choices: list[str]


@dataclass
class Game:
    """One running game as the driver sees it."""

    fake: FakeDiscord
    id: int
    users: list[User]
    channel_id: int
    post: Post | None = None
    busy: bool = False
    over: bool = False
    stalled: bool = False
    clicks: int = 0

    def find_post(self, floor: int, skip_decision: str | None) -> Post | None:
        """Return the newest post in the game's channel, with id ≥ ``floor``, offering a decision other
        than ``skip_decision``."""
        for message in reversed(self.channel()):
            if message.id < floor:
                break
            found = self.offer(message, skip_decision)
            if found is not None:
                return found
        return None

    def channel(self) -> list[Message]:
        """The messages of the game's channel (append-only, oldest first)."""
        return self.fake.world.messages.get(self.channel_id, [])

    def offer(self, message: Message, skip_decision: str | None) -> Post | None:
        """Return the message as a post of this game offering a decision other than ``skip_decision``."""
        if message.deleted or message.ephemeral:
            return None
        choices = _buttons(message, f"pg:{self.id}:")
        if not choices:
            return None
        _, _, seat, decision, _ = choices[0].split(":", 4)
        return Post(message, int(seat), decision, choices) if decision != skip_decision else None


@dataclass
class Click:
    """One click and when its acknowledgement and its next table post arrived (perf_counter seconds)."""

    game: Game
    start: float
    interaction: int = 0
    ack: float | None = None
    #: when the fake began handling the acknowledgement (the rest of ``ack`` is the fake's own work)
    ack_arrived: float | None = None
    #: when the bot parsed the interaction, called the callback, wrote its request (``interaction_times``)
    parsed: float | None = None
    answered: float | None = None
    written: float | None = None
    image: float | None = None
    refused: bool = False
    done: asyncio.Event = field(default_factory=asyncio.Event)


async def open_game(fake: TimedFake, users: list[User], *, thread: bool) -> Game:
    """``/play game:pixies`` by the first user, the others join, the first starts; wait for the first post."""
    opener = users[0]
    options = {"game": "pixies"} | ({} if thread else {"thread": False})
    record = await (await fake.slash(opener, "play", options, channel=fake.games)).wait_final(TIMEOUT)
    lobby = record.message
    assert lobby is not None and not record.ephemeral, "the lobby was not posted"
    join = next(cid for cid in _buttons(lobby, "pl:") if cid.endswith(":join"))
    game_id = int(join.split(":")[1])
    for user in users[1:]:
        rec = await (await fake.click(user, lobby, join)).wait_final(TIMEOUT)
        assert not rec.followups, rec.followups[0].content
    rec = await (await fake.click(opener, lobby, f"pl:{game_id}:start")).wait_final(TIMEOUT)
    assert not rec.followups, rec.followups[0].content
    prefix = f"pg:{game_id}:"
    first = await fake.wait_for_message(lambda m: m.id > lobby.id and bool(_buttons(m, prefix)), TIMEOUT)
    game = Game(fake, game_id, users, first.channel_id)
    game.post = game.find_post(first.id, None)
    return game


async def click(fake: TimedFake, bot: BotProcess, game: Game, choice: str) -> Click:
    """Click ``choice`` on the game's current post; return once its next post is up, the game ended,
    the click was refused, or ``POST_TIMEOUT`` passed (then the game is marked stalled)."""
    post = game.post
    assert post is not None and not game.busy
    game.busy = True
    user = game.users[post.seat]
    messages = game.channel()
    seen = len(messages)  # only messages stored from now on, and the clicked one, can be the next post
    item = Click(game, time.perf_counter())
    record = await fake.click(user, post.message, choice)
    item.interaction = record.id

    edits = -1  # the clicked post is looked at again only when it was edited

    def watch(now: float) -> bool:
        nonlocal seen, edits
        if item.ack is None and record.response is not None:
            item.ack = now
            item.ack_arrived = fake.callback_arrived.pop(record.id, None)
        if item.image is None:
            found = None
            if len(post.message.history) != edits:
                edits = len(post.message.history)
                found = game.offer(post.message, post.decision)
            for message in messages[seen:]:
                found = game.offer(message, post.decision) or found
            seen = len(messages)
            if found is not None:
                item.image, game.post = now, found
            elif record.followups and all(m.ephemeral for m in record.followups):
                item.refused = True
        finished = item.ack is not None and (item.image is not None or item.refused)
        if finished:
            item.done.set()
        return finished

    if not watch(time.perf_counter()):
        fake.watchers.append(watch)
    try:
        deadline = time.perf_counter() + POST_TIMEOUT
        while not item.done.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(item.done.wait(), 0.5)
            if item.done.is_set():
                break
            version, posted, status = bot.games().get(game.id, (0, None, "?"))
            if status != "running" and posted == version and item.ack is not None:
                game.over = True
                break
            if time.perf_counter() > deadline:
                game.stalled = True
                break
    finally:
        with contextlib.suppress(ValueError):
            fake.watchers.remove(watch)
        game.busy = False
        game.clicks += 1
    return item


async def settle(bot: BotProcess, game_ids: list[int], timeout: float = 10.0) -> list[int]:
    """Wait (bounded) until every game's posted version equals its stored version; return those that
    still differ (stalled games)."""
    deadline = time.perf_counter() + timeout
    while True:
        rows = bot.games()
        behind = [gid for gid in game_ids if rows[gid][1] != rows[gid][0]]
        if not behind or time.perf_counter() > deadline:
            return behind
        await asyncio.sleep(0.1)
