"""``run --shards N --shard-ids a-b`` and PARLOR_SHARDS/PARLOR_SHARD_IDS: parsed, validated, and the right client."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from discord.ext import commands

from bot.app import ParlorBot, ShardedParlorBot, build_bot
from bot.config import ENVIRONMENT, Config, ConfigError, load_config, parse_shards

GOOD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"


@pytest.mark.parametrize(("count", "ids", "want"), [
    (None, None, (None, None)),
    ("", "", (None, None)),
    ("1", None, (1, (0,))),
    ("4", None, (4, (0, 1, 2, 3))),
    ("4", "0-1", (4, (0, 1))),
    ("4", "2-3", (4, (2, 3))),
    ("4", "3", (4, (3,))),
    (" 4 ", " 1 - 2 ", (4, (1, 2))),
])
def test_shard_options_are_parsed(count, ids, want):
    assert parse_shards(count, ids) == want


@pytest.mark.parametrize(("count", "ids", "needle"), [
    ("0", None, "from 1 to"),
    ("-2", None, "from 1 to"),
    ("two", None, "not 'two'"),
    ("99999999", None, "from 1 to"),
    (None, "0-1", "needs --shards"),
    ("2", "0-2", "outside the 2 shard(s)"),
    ("2", "2", "outside the 2 shard(s)"),
    ("4", "3-1", "runs backwards"),
    ("4", "a-b", "must be a range a-b"),
    ("4", "-1", "must be a range a-b"),
    ("4", "0,1", "must be a range a-b"),
    ("4", "0-1-2", "must be a range a-b"),
])
def test_malformed_shard_options_are_one_clear_error(count, ids, needle):
    with pytest.raises(ConfigError) as info:
        parse_shards(count, ids)
    text = str(info.value)
    assert needle in text and "\n" not in text


def test_environment_and_command_line():
    env = {"DISCORD_TOKEN": GOOD_TOKEN, "PARLOR_SHARDS": "4", "PARLOR_SHARD_IDS": "2-3"}
    config = load_config(env)
    assert (config.shard_count, config.shard_ids) == (4, (2, 3))
    assert load_config({"DISCORD_TOKEN": GOOD_TOKEN}).shard_count is None
    # the command line wins; --shard-ids alone takes the total from the environment
    assert load_config(env, shards="2").shard_ids == (0, 1)
    assert load_config(env, shard_ids="0-1").shard_ids == (0, 1)
    with pytest.raises(ConfigError):
        load_config({"DISCORD_TOKEN": GOOD_TOKEN, "PARLOR_SHARDS": "2", "PARLOR_SHARD_IDS": "1-5"})
    for name in ("PARLOR_SHARDS", "PARLOR_SHARD_IDS", "PARLOR_HEARTBEAT"):
        assert name in ENVIRONMENT


def test_without_options_the_bot_is_unsharded_and_with_them_sharded(tmp_path):
    plain = build_bot(Config(token="x", db_path=str(tmp_path / "a.sqlite3"), render_workers=0, ai_workers=0))
    assert type(plain) is ParlorBot and not isinstance(plain, commands.AutoShardedBot)
    assert plain.shard_count is None
    sharded = build_bot(Config(token="x", db_path=str(tmp_path / "b.sqlite3"), render_workers=0, ai_workers=0,
                               shard_count=4, shard_ids=(2, 3)))
    assert isinstance(sharded, ShardedParlorBot) and isinstance(sharded, commands.AutoShardedBot)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [2, 3])
    assert "shard(s) 2-3 of 4" in sharded.role_name


def test_cli_refuses_a_bad_range_in_one_line():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "PARLOR_"))}
    env["DISCORD_TOKEN"] = GOOD_TOKEN
    proc = subprocess.run([sys.executable, "-m", "bot", "run", "--shards", "2", "--shard-ids", "1-2"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "outside the 2 shard(s)" in lines[0], proc.stderr
