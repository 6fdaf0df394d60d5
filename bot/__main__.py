"""Command line: ``python -m bot [run [--shards N --shard-ids a-b]|migrate|sync [--guild ID]|check|health|demo|
migrate-data]`` (also
``pixel-parlor``)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bot.config import ENVIRONMENT, Config, ConfigError, load_config
from bot.i18n import LANGUAGES


def _parser() -> argparse.ArgumentParser:
    env_help = "\n".join(f"  {name}: {text}" for name, text in ENVIRONMENT.items())
    parser = argparse.ArgumentParser(
        prog="pixel-parlor",
        description="Pixel Parlor: a Discord bot for Pixies, Pixel Tactics, Tixel and Pixel Pusher.",
        epilog="environment variables:\n" + env_help,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command")
    run_cmd = sub.add_parser("run", help="connect to Discord and serve games (the default)")
    run_cmd.add_argument("--shards", default=None, metavar="N",
                         help="run discord.py's sharded client with N shards in all (default: PARLOR_SHARDS, else "
                              "one unsharded connection)")
    run_cmd.add_argument("--shard-ids", default=None, metavar="a-b",
                         help="the shards this process runs, a range within 0..N-1 (default: PARLOR_SHARD_IDS, "
                              "else all N)")
    sub.add_parser("migrate", help="create or upgrade the database, then exit")
    sync = sub.add_parser("sync", help="push the slash commands to Discord, then exit")
    sync.add_argument("--guild", type=int, default=None, help="sync to this guild only (instant)")
    sub.add_parser("check", help="inspect the database read-only (integrity, schema, games), then exit")
    sub.add_parser("health", help="for a container's HEALTHCHECK: exit 0 when the database answers and the running "
                                  "bot's heartbeat (PARLOR_HEARTBEAT) is fresh, else 1")
    copy = sub.add_parser("migrate-data", help="copy every table of a SQLite database into a PostgreSQL one and "
                                               "verify row counts and checksums (safe to rerun)")
    copy.add_argument("--from", dest="source", required=True, help="the SQLite database: sqlite:PATH")
    copy.add_argument("--to", dest="target", required=True, help="the PostgreSQL database: postgresql://…")
    demo = sub.add_parser("demo", help="play one game between computer players offline and write its images, "
                                       "replay and move log to a folder (no Discord needed)")
    demo.add_argument("game", nargs="?", default="tixel",
                      help="tixel (default), pixies, pixel-tactics or pixel-pusher")
    demo.add_argument("--players", type=int, default=None, help="how many computer players (default: the fewest)")
    demo.add_argument("--level", default="normal", help="easy, normal (default) or strong")
    demo.add_argument("--out", default="parlor-demo", help="the folder to write to (default: ./parlor-demo)")
    demo.add_argument("--seed", type=int, default=None, help="the same seed plays the same game (default: random)")
    demo.add_argument("--lang", default="en", help="the language of the images, the replay, the move log and the "
                                                   f"summary: {' or '.join(LANGUAGES)} (default: en)")
    return parser


async def run(config: Config) -> None:
    """Connect to Discord and serve until stopped."""
    from bot.app import build_bot

    await migrate(config)  # a damaged database is refused before anything connects to Discord
    bot = build_bot(config)
    async with bot:
        await bot.start(config.token)


async def migrate(config: Config) -> int:
    """Create or upgrade the database; return its schema version."""
    from storage.database import Database

    db = await Database.open(config.db_path)
    try:
        return db.schema_version
    finally:
        await db.close()


async def sync(config: Config, guild_id: int | None) -> int:
    """Log in, push the slash commands, log out; return how many were synced."""
    from bot.app import build_bot

    bot = build_bot(config, auto_sync=False, elect=False)  # a one-off: no leader duties, no scheduler
    async with bot:
        await bot.login(config.token)
        return await bot.sync_commands(guild_id)


def demo(args: argparse.Namespace) -> int:
    """Run ``pixel-parlor demo`` (no token, no database); a bad argument is one line and exit code 2."""
    from bot.demo import DemoError
    from bot.demo import run as run_demo

    try:
        return run_demo(args.game, args.players, args.level, args.out, args.seed, lang=args.lang)
    except DemoError as exc:
        print(f"pixel-parlor demo: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:  # a game that would not end
        print(f"pixel-parlor demo: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130


def migrate_data(args: argparse.Namespace) -> int:
    """Run ``pixel-parlor migrate-data``: 0 when every table matches, 1 on a mismatch or an unusable database,
    2 on a bad argument."""
    from storage.copy_data import CopyError, copy_data, report, source_path
    from storage.opening import DatabaseUnusable

    try:
        healthy, lines = report(asyncio.run(copy_data(source_path(args.source), args.target)))
    except CopyError as exc:
        print(f"pixel-parlor migrate-data: {exc}", file=sys.stderr)
        return 2
    except DatabaseUnusable as exc:
        print(f"pixel-parlor migrate-data: {exc}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    print("copied and verified" if healthy else "NOT verified: the target holds other rows (see MISMATCH above)")
    return 0 if healthy else 1


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m bot`` and ``pixel-parlor``; returns the exit code."""
    args = _parser().parse_args(argv)
    command = args.command or "run"
    if command == "demo":
        return demo(args)
    if command == "migrate-data":
        return migrate_data(args)
    try:
        config = load_config(need_token=command not in ("migrate", "check", "health"),
                             shards=getattr(args, "shards", None), shard_ids=getattr(args, "shard_ids", None))
    except ConfigError as exc:
        print(f"pixel-parlor: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # discord.py's debug lines carry interaction tokens in URLs and raw DM payloads, aiosqlite's carry
    # every statement's parameters (game states, with hands): keep both at INFO or above.
    for name in ("discord", "aiosqlite"):
        logging.getLogger(name).setLevel(max(config.log_level, logging.INFO))
    from storage.backend import redact
    from storage.opening import DatabaseUnusable
    from storage.pg_tools import check_any

    try:
        if command == "health":
            from bot.health import check_health

            healthy, lines = check_health(config.db_path, config.heartbeat)
            print("\n".join(lines))
            return 0 if healthy else 1
        if command == "check":
            healthy, lines = check_any(config.db_path)
            print("\n".join(lines))
            return 0 if healthy else 1
        if command == "migrate":
            version = asyncio.run(migrate(config))
            print(f"database {redact(config.db_path)} is at schema version {version}")
        elif command == "sync":
            count = asyncio.run(sync(config, args.guild))
            print(f"synced {count} commands")
        else:
            asyncio.run(run(config))
    except KeyboardInterrupt:
        return 0
    except DatabaseUnusable as exc:
        print(f"pixel-parlor: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # a last resort: one line, no traceback, for login failures and the like
        import aiohttp
        import discord

        if isinstance(exc, discord.LoginFailure):
            print("pixel-parlor: Discord refused the token (DISCORD_TOKEN): check it.", file=sys.stderr)
            return 2
        if isinstance(exc, aiohttp.ClientError | OSError | asyncio.TimeoutError | discord.GatewayNotFound
                      | discord.ConnectionClosed):
            print(f"pixel-parlor: could not reach Discord ({type(exc).__name__}: {exc}); check the network "
                  "and try again.", file=sys.stderr)
            return 1
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
