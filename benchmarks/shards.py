"""Load test of shard processes on one PostgreSQL, with kills (issue 15; outside CI):
``python -m benchmarks.shards [--games N] [--seconds S] [--kill-every S] [--guilds G] [--think S] [--quick]
[--no-doc]``.

The loopback Discord serves 4 shards to 2 bot processes (``benchmarks.shard_bot``: ``pixel-parlor run --shards 4
--shard-ids 0-1`` and ``2-3``) on one throwaway PostgreSQL (``tests/pgserver.py``). Many Pixel Pusher games are
played at once by simulated players in ``--guilds`` guilds (default: one per shard; game ``i`` in guild ``i % G``,
guild ``k`` on shard ``k % 4``; the table's clicks reach its guild's shard, the secret drafts are clicked in DMs, on
shard 0), while every ``kill_every`` seconds one bot process, in turn, is killed with SIGKILL and started
again. A click that gets no answer is retried as a player would (a new look at the game, a new click). At the end,
after a grace period without kills (``--think``: a player clicks that many seconds on average after a post, as
members do, rather than at once; the load then is games / think clicks per second):

* lost actions: clicks the bot acknowledged whose action is not in the game's log;
* doubled actions: log entries beyond the clicks sent for them; and every game's log must replay (from its seed)
  to its stored state, with no gap in its numbering;
* stalled games: running games without an accepted action during the grace period's last minute, or whose latest
  state was never posted;
* failover: from killing the leader to the next "is the leader" line of any process;
* click → image: from sending a click to the bot having posted the state it led to (the table post, with its
  image; polled every 50 ms);
* clicks by shard: the clicks sent to and acknowledged by each shard (a table's on its guild's shard, a DM's on
  shard 0), so the report shows every shard carried traffic.

Bounded: the games, the time and the kills are fixed by the arguments; everything stays on the loopback.
With ``--guilds 1`` (one guild, as the load test had before) only two of the four shards carry traffic: the
guild's and shard 0 (DMs).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from benchmarks.shards_report import markdown, write_block
from benchmarks.stats import summary

SHARDS = 4
#: the processes and their shard ranges
PROCESSES = {"A": "0-1", "B": "2-3"}
#: how long a killed process stays down before it is started again (seconds)
RESTART_AFTER = 2.0
#: a click without an answer this long is given up (and the game looked at again)
CLICK_TIMEOUT = 20.0
#: how long a game may go without an accepted action at the end before it counts as stalled
STALL = 60.0
#: examples of lost or doubled actions found by ``verify`` (for the report)
EXAMPLES: list[str] = []
#: what each stalled game waited for (for the report)
STALLED: list[str] = []
DOC = Path(__file__).resolve().parents[1] / "docs" / "performance.md"


def canon(action: dict) -> str:
    """An action as a comparable key. A machine card stands for its definition, not its id: the chooser offers
    identical copies under one label, and a member (like the simulated player) picks the label, so either copy
    may be the one installed."""
    from bot.games.pixel_pusher.content import MACHINES

    card = MACHINES.get(action.get("card")) if isinstance(action.get("card"), str) else None
    if card is not None:
        action = action | {"card": {k: v for k, v in card.items() if k != "id"}}
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


class ShardProcess:
    """One bot process (restartable): its shard range, its current OS process, one log file per start."""

    def __init__(self, name: str, ids: str, folder: Path, env: dict, argv: list[str]):
        self.name, self.ids, self.folder, self.env, self.argv = name, ids, folder, env, argv
        self.proc: asyncio.subprocess.Process | None = None
        self.logs: list[Path] = []

    async def start(self) -> None:
        """Start a new incarnation (not waiting for it to connect)."""
        log = self.folder / f"bot-{self.name}-{len(self.logs) + 1}.log"
        self.logs.append(log)
        with open(log, "wb") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "benchmarks.shard_bot", *self.argv, "run", "--shards", str(SHARDS),
                "--shard-ids", self.ids, env=self.env | {"PARLOR_HEARTBEAT": str(self.folder / f"beat-{self.name}")},
                stdin=asyncio.subprocess.DEVNULL, stdout=out, stderr=out)

    def kill(self) -> float:
        """SIGKILL the current incarnation; return when."""
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.proc.pid, signal.SIGKILL)
        return time.time()

    async def stop(self) -> None:
        """Stop the current incarnation as Ctrl-C does (SIGKILL after 20 s)."""
        if self.proc is None or self.proc.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(self.proc.wait(), 20)
        except TimeoutError:
            self.kill()
            await self.proc.wait()

    def lines(self, log: Path | None = None) -> list[tuple[float, str]]:
        """The (time, text) log lines of one incarnation (default: every incarnation's)."""
        out = []
        for path in [log] if log else self.logs:
            with contextlib.suppress(OSError):
                for line in path.read_text(errors="replace").splitlines():
                    stamp, _, text = line.partition(" ")
                    with contextlib.suppress(ValueError):
                        out.append((float(stamp), text))
        return out

    def leads(self) -> bool:
        """Whether the current incarnation is the leader (by its last role line)."""
        roles = [text for _, text in self.lines(self.logs[-1])
                 if "is the leader" in text or "lost the leader lock" in text]
        return bool(roles) and "is the leader" in roles[-1]

    def errors(self) -> list[str]:
        """Every ERROR or CRITICAL log line of every incarnation."""
        return [text for _, text in self.lines() if text.startswith(("ERROR", "CRITICAL"))]


@dataclass
class Played:
    """One game as the simulated players saw it."""

    id: int
    users: list
    sent: Counter = field(default_factory=Counter)
    acked: Counter = field(default_factory=Counter)
    refused: int = 0
    failed: int = 0
    last_ack: float = 0.0
    latencies: list[float] = field(default_factory=list)
    #: the shard of the game's guild (its table's clicks go there; DMs go to shard 0)
    shard: int = 0
    #: clicks sent / acknowledged, by the shard Discord routed them to
    shard_sent: Counter = field(default_factory=Counter)
    shard_acked: Counter = field(default_factory=Counter)
    #: of the clicks sent, those in DMs (all on shard 0)
    dm_sent: int = 0
    #: why clicks went unanswered or were refused (first words of the error)
    problems: Counter = field(default_factory=Counter)


async def wait_posted(db, game_id: int, timeout: float = 30.0) -> bool:
    """Wait until the game's latest committed state is posted (polled every 50 ms)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        row = await db._one("SELECT version, posted_version FROM games WHERE id = ?", (game_id,))
        if row is not None and row[1] is not None and row[1] >= row[0]:
            return True
        await asyncio.sleep(0.05)
    return False


async def play(fake, db, tables, game: Played, rng: random.Random, stop: asyncio.Event, think: float = 0.0) -> None:
    """Click as the game's players until ``stop`` is set or the game ends, each click ``think`` seconds on average
    (0.5-1.5 times) after the last post; every failure is retried."""
    from tests.e2e.drive import _perform
    from tests.e2e.test_pixel_pusher_e2e import choose

    shim = SimpleNamespace(tables=tables)
    while not stop.is_set():
        try:
            table = await tables.load(game.id)
        except Exception:
            await asyncio.sleep(1)
            continue
        if table.row.status != "running":
            return
        pending = table.pending()
        if not pending:
            await asyncio.sleep(0.5)
            continue
        if think > 0:
            await asyncio.sleep(think * (0.5 + rng.random()))
            if stop.is_set():
                return
            table = await tables.load(game.id)
            pending = table.pending()
            if table.row.status != "running" or not pending:
                continue
        decision = rng.choice(pending)
        action = choose(table.state, decision.player, rng)
        key = (decision.player, canon(action))
        shard = 0 if decision.private else game.shard  # DMs reach shard 0, the table its guild's shard
        game.sent[key] += 1
        game.shard_sent[shard] += 1
        game.dm_sent += decision.private
        started = time.perf_counter()
        try:
            channel = fake.channel(table.row.post_channel_id)  # the game's thread once it has one
            await asyncio.wait_for(_perform(fake, shim, game.id, game.users[decision.player], action, channel, False),
                                   CLICK_TIMEOUT)
        except AssertionError as exc:  # refused: usually a stale choice after a retry; look again
            game.refused += 1
            game.problems[f"refused: {exc}"[:90]] += 1
            continue
        except Exception as exc:  # no answer (the shard's process is down), or the DM never came: look again later
            game.failed += 1
            game.problems[f"{type(exc).__name__}: {exc}"[:90]] += 1
            await asyncio.sleep(1 + rng.random())
            continue
        game.acked[key] += 1
        game.shard_acked[shard] += 1
        game.last_ack = time.monotonic()
        if await wait_posted(db, game.id):
            game.latencies.append(time.perf_counter() - started)


def stalled_detail(fake, table, game: Played) -> str:
    """What a stalled game waits for, and whether Discord shows its players the buttons for it."""
    from tests.e2e.harness import buttons_with

    parts = []
    for decision in table.pending():
        prefix = f"pg:{game.id}:{decision.player}:{decision.id}"
        user = game.users[decision.player]
        where = fake.dm_messages(user) if decision.private else fake.messages(table.row.post_channel_id)
        shown = any(buttons_with(m, prefix) or buttons_with(m, f"gb:{game.id}:{decision.player}:{decision.id}")
                    for m in where)
        parts.append(f"{decision.id} ({'DM' if decision.private else 'table'}: {'shown' if shown else 'NOT shown'})")
    return f"game {game.id} v{table.row.version} posted v{table.row.posted_version}: waits for {', '.join(parts)}; " \
           f"{dict(game.problems.most_common(2))}"


async def verify(fake, db, tables, games: list[Played], now: float) -> dict:
    """Check every game's log against the clicks and its stored state."""
    from bot.game_table import replay

    out = Counter()
    for game in games:
        table = await tables.load(game.id)
        log = await db.actions(game.id)
        out["actions_logged"] += len(log)
        if [a.seq for a in log] != list(range(1, len(log) + 1)):
            out["log_gaps"] += 1
        if replay(table.engine, table.row, len(table.seats), [(a.actor_seat, a.action) for a in log]) != table.state:
            out["replay_mismatches"] += 1
        logged = Counter((a.actor_seat, canon(a.action)) for a in log)
        doubled = {k: n - game.sent[k] for k, n in logged.items() if n > game.sent[k]}
        lost = {k: n - logged[k] for k, n in game.acked.items() if n > logged[k]}
        out["doubled"] += sum(doubled.values())
        out["lost"] += sum(lost.values())
        for kind, found in (("doubled", doubled), ("lost", lost)):
            for key in list(found)[:2]:
                EXAMPLES.append(f"game {game.id} {kind}: seat {key[0]} {key[1]}")
        row = table.row
        if row.posted_version is None or row.posted_version < row.version:
            out["stalled_unposted"] += 1
        elif row.status == "running" and now - game.last_ack > STALL:
            out["stalled_no_progress"] += 1
            STALLED.append(stalled_detail(fake, table, game))
        out["finished"] += row.status == "finished"
    return dict(out)


async def open_games(fake, tables, count: int) -> list[Played]:
    """Open ``count`` two-player Pixel Pusher tables, each in its thread, game ``i`` in #games of the fake's
    guild ``i % len(fake.guilds)`` (its players are members of that guild)."""
    from tests.e2e.harness import open_table_for

    games = []
    guilds = fake.guilds
    for i in range(count):
        guild = guilds[i % len(guilds)]
        users = [fake.add_member(f"P{i}a", guild=guild), fake.add_member(f"P{i}b", guild=guild)]
        game_id, _ = await open_table_for(fake, None, users, "pixel-pusher", thread=True, channel=guild.games)
        games.append(Played(game_id, users, shard=fake.shard_of(guild)))
    return games


def by_shard(played: list[Played]) -> dict[str, dict[str, int]]:
    """Games, clicks sent (of them in DMs: shard 0's) and clicks acknowledged of each shard (every shard
    listed, busy or not)."""
    out = {}
    for shard in range(SHARDS):
        out[str(shard)] = {"games": sum(g.shard == shard for g in played),
                           "clicks_sent": sum(g.shard_sent[shard] for g in played),
                           "dm_clicks_sent": sum(g.dm_sent for g in played) if shard == 0 else 0,
                           "clicks_acknowledged": sum(g.shard_acked[shard] for g in played)}
    return out


async def wait_shards(fake, ids: set[int], timeout: float = 120.0) -> None:
    """Wait until the fake has a connected session for each shard of ``ids``."""
    await fake.wait_until(lambda: {s.shard[0] for s in fake.active_sessions() if s.shard} >= ids, timeout,
                          f"shards {sorted(ids)} connected")


async def killer(procs: list[ShardProcess], fake, kill_every: float, until: float, kills: list) -> None:
    """Kill one process in turn every ``kill_every`` seconds until ``until`` (monotonic), restarting each."""
    turn = 0
    while time.monotonic() + kill_every < until:
        await asyncio.sleep(kill_every)
        victim = procs[turn % len(procs)]
        turn += 1
        leader = victim.leads()
        kills.append({"process": victim.name, "at": victim.kill(), "leader": leader})
        await victim.proc.wait()
        await asyncio.sleep(RESTART_AFTER)
        await victim.start()


def failovers(procs: list[ShardProcess], kills: list) -> list[float]:
    """For each kill of the leader: seconds until some process logged that it leads."""
    elected = sorted(t for p in procs for t, text in p.lines() if "is the leader" in text)
    out = []
    for kill in kills:
        if kill["leader"]:
            after = [t for t in elected if t > kill["at"]]
            out.append(round(after[0] - kill["at"], 1) if after else float("inf"))
    return out


async def run(games: int = 40, seconds: float = 150.0, kill_every: float = 30.0, grace: float = 60.0,
              seed: int = 1, guilds: int = SHARDS, think: float = 0.0) -> dict:
    """Run the load test; return its figures."""
    import tempfile

    from benchmarks.discord_driver import TimedFake
    from bot.tables import TableService
    from storage.database import Database
    from tests.pgserver import PgServer, bindir, unavailable_reason

    reason = unavailable_reason()
    if reason:
        raise RuntimeError(f"PostgreSQL is needed: {reason}")
    folder = Path(tempfile.mkdtemp(prefix="parlor-shards-"))
    server = PgServer(bindir())
    server.start()
    fake = TimedFake(sampled=True, shards=SHARDS, guilds=guilds)
    await fake.start()
    procs: list[ShardProcess] = []
    db = None
    started = time.monotonic()
    try:
        url = server.url(server.create_database())
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "PARLOR_"))}
        env |= {"DISCORD_TOKEN": fake.token, "PARLOR_DB": url, "PARLOR_RENDER_WORKERS": "1",
                "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
        argv = [fake.api_base, str(fake.gateway_url)]
        for name, ids in PROCESSES.items():
            procs.append(ShardProcess(name, ids, folder, env, argv))
        await procs[0].start()  # the first process migrates the database and leads
        await wait_shards(fake, {0, 1})
        await fake.wait_commands("play", "pusher", timeout=120)
        await procs[1].start()
        await wait_shards(fake, set(range(SHARDS)))
        from cogs.pixel_pusher import PixelPusherPresenter
        from cogs.posts import register_presenter

        register_presenter(PixelPusherPresenter())  # the simulated players read the buttons as the bot lays them out
        db = await Database.open(url)
        tables = TableService(db)
        played = await open_games(fake, tables, games)
        rng = random.Random(seed)
        stop = asyncio.Event()
        begin = time.monotonic()
        for game in played:
            game.last_ack = begin
        players = [asyncio.create_task(play(fake, db, tables, g, random.Random(rng.random()), stop, think)) for g in played]
        kills: list = []
        await killer(procs, fake, kill_every, begin + seconds, kills)
        await asyncio.sleep(max(0.0, begin + seconds - time.monotonic()))
        await wait_shards(fake, set(range(SHARDS)))
        await asyncio.sleep(grace)  # no kills: every game should move on
        stop.set()
        await asyncio.gather(*players, return_exceptions=True)
        for game in played:  # what the last clicks committed is posted too
            await wait_posted(db, game.id, timeout=30)
        checked = await verify(fake, db, tables, played, time.monotonic())
        latencies = [x for g in played for x in g.latencies]
        return {
            "games": games, "think_s": think, "processes": len(procs), "shards": SHARDS, "guilds": guilds,
            "guild_shards": [fake.shard_of(g) for g in fake.guilds],
            "seconds_with_kills": seconds, "grace_seconds": grace, "kills": len(kills),
            "leader_kills": sum(k["leader"] for k in kills), "failover_s": failovers(procs, kills),
            "clicks_sent": sum(sum(g.sent.values()) for g in played),
            "clicks_acknowledged": sum(sum(g.acked.values()) for g in played),
            "clicks_refused": sum(g.refused for g in played), "clicks_unanswered": sum(g.failed for g in played),
            "by_shard": by_shard(played),
            **{k: checked.get(k, 0) for k in ("actions_logged", "lost", "doubled", "replay_mismatches", "log_gaps",
                                             "stalled_unposted", "stalled_no_progress", "finished")},
            "click_to_image": summary(latencies),
            "fake_violations": len(fake.violations),
            "bot_error_lines": sum(len(p.errors()) for p in procs),
            "examples": EXAMPLES[:12],
            "stalled": STALLED[:12],
            "problems": dict(sum((g.problems for g in played), Counter()).most_common(8)),
            "wall_s": round(time.monotonic() - started),
            "logs": str(folder),
        }
    finally:
        for proc in procs:
            await proc.stop()
        if db is not None:
            await db.close()
        await fake.stop()
        server.stop()


def main(argv: list[str] | None = None) -> int:
    """Run the load test, print the figures, and write them into docs/performance.md."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.shards", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=150.0, help="how long processes are killed")
    parser.add_argument("--kill-every", type=float, default=30.0)
    parser.add_argument("--grace", type=float, default=60.0, help="play on without kills at the end")
    parser.add_argument("--guilds", type=int, default=SHARDS,
                        help=f"guilds the games are spread over (default {SHARDS}: one per shard)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a simulated player waits after a post before clicking (0: at once)")
    parser.add_argument("--quick", action="store_true", help="6 games, 60 s, a kill every 25 s, 40 s of grace")
    parser.add_argument("--no-doc", action="store_true", help="do not write docs/performance.md")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.seconds, args.kill_every, args.grace = 6, 60.0, 25.0, 40.0
    import logging

    logging.basicConfig(level=logging.WARNING)
    if args.guilds < 1:
        parser.error("--guilds must be at least 1")
    result = asyncio.run(run(args.games, args.seconds, args.kill_every, args.grace, guilds=args.guilds, think=args.think))
    print(json.dumps(result, indent=1))
    if not args.no_doc:
        write_block(DOC, markdown(result, args))
    bad = result["lost"] or result["doubled"] or result["replay_mismatches"] or result["log_gaps"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
