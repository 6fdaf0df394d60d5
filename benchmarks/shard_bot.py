"""One shard process of the load test, exactly as ``pixel-parlor run`` runs it, pointed at the loopback Discord:
``python -m benchmarks.shard_bot API GATEWAY run --shards 4 --shard-ids 0-1`` (the rest of the configuration
from the environment: ``DISCORD_TOKEN``, ``PARLOR_DB``, ...). Log lines carry Unix times (``%(created)``), so the
load test can tell when a process became the leader."""

from __future__ import annotations

import logging
import sys

import discord
import yarl


def main(argv: list[str]) -> int:
    """Point discord.py at the fake at ``argv[:2]`` and run the command line ``argv[2:]``."""
    api, gateway, *rest = argv
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    logging.basicConfig(level=logging.INFO, format="%(created).3f %(levelname)s %(name)s: %(message)s")
    from bot.__main__ import main as pixel_parlor

    return pixel_parlor(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
