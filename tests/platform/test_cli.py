"""The command line: configuration errors are one line with exit code 2; migrate creates the database."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

import pytest

from bot.config import ConfigError, load_config

GOOD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"


def run_cli(*args, env=None, cwd=None):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "PARLOR_"))}
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True,
                          env=full_env, cwd=cwd, timeout=60)


@pytest.mark.parametrize("token", [None, "", "not-a-token", "abc.def"])
def test_missing_or_malformed_token_is_one_line_and_exit_2(token):
    env = {} if token is None else {"DISCORD_TOKEN": token}
    proc = run_cli("run", env=env)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0]
    assert "Traceback" not in proc.stderr


def test_migrate_creates_the_database_without_a_token(tmp_path):
    db_path = tmp_path / "sub.sqlite3"
    proc = run_cli("migrate", env={"PARLOR_DB": str(db_path)})
    assert proc.returncode == 0, proc.stderr
    assert "schema version" in proc.stdout
    with sqlite3.connect(db_path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "seats", "actions", "guild_settings", "meta"} <= tables


def test_default_db_path_is_in_the_working_directory(tmp_path):
    proc = run_cli("migrate", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "parlor.sqlite3").exists()


def test_help_lists_every_environment_variable():
    proc = run_cli("--help")
    assert proc.returncode == 0
    for name in ("DISCORD_TOKEN", "PARLOR_DB", "PARLOR_DEV_GUILD", "PARLOR_LOG_LEVEL"):
        assert name in proc.stdout


def test_load_config_values():
    cfg = load_config({"DISCORD_TOKEN": GOOD_TOKEN, "PARLOR_DB": "/x/y.db", "PARLOR_DEV_GUILD": "123",
                       "PARLOR_LOG_LEVEL": "debug"})
    assert (cfg.token, cfg.db_path, cfg.dev_guild, cfg.log_level) == (GOOD_TOKEN, "/x/y.db", 123, 10)
    assert load_config({"DISCORD_TOKEN": GOOD_TOKEN}).db_path == "./parlor.sqlite3"
    with pytest.raises(ConfigError):
        load_config({"DISCORD_TOKEN": GOOD_TOKEN, "PARLOR_DEV_GUILD": "abc"})
    with pytest.raises(ConfigError):
        load_config({"DISCORD_TOKEN": GOOD_TOKEN, "PARLOR_LOG_LEVEL": "LOUD"})
