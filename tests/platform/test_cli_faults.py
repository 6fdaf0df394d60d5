"""The process's own faults: a damaged or foreign database file, a newer schema, no network.

Each is one plain line and exit code 1 at once (never a traceback, never a hang), and a damaged file
is left byte for byte as it was.
"""

from __future__ import annotations

import os
import re
import socket
import sqlite3
import subprocess
import sys

import pytest

from tests.platform.test_cli import GOOD_TOKEN, run_cli

#: a line of the bot's ordinary log (timestamp, level, logger): not part of the error report
LOG_RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ (DEBUG|INFO) ")


def _healthy(path) -> None:
    proc = run_cli("migrate", env={"PARLOR_DB": str(path)})
    assert proc.returncode == 0, proc.stderr
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode = DELETE")
        for i in range(300):  # enough rows for several pages
            conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (f"k{i}", "v" * 200))


def _truncated(path) -> None:
    _healthy(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _random_header(path) -> None:
    _healthy(path)
    data = bytearray(path.read_bytes())
    data[:100] = bytes((i * 37 + 11) % 256 for i in range(100))
    path.write_bytes(bytes(data))


def _text_file(path) -> None:
    path.write_text("these are my notes, not a database\n" * 50)


def _damaged_pages(path) -> None:
    _healthy(path)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for at in range(page, len(data), 7):  # every page after the first, scribbled over
        data[at] = 0xA5
    path.write_bytes(bytes(data))


DAMAGE = {"truncated": _truncated, "random header": _random_header, "text file": _text_file,
          "damaged pages": _damaged_pages}


@pytest.mark.parametrize("how", sorted(DAMAGE))
@pytest.mark.parametrize("command", ["migrate", "run"])
def test_a_damaged_database_is_one_line_exit_1_and_left_untouched(tmp_path, how, command):
    path = tmp_path / "parlor.sqlite3"
    DAMAGE[how](path)
    before = path.read_bytes()
    env = {"PARLOR_DB": str(path), "DISCORD_TOKEN": GOOD_TOKEN}
    proc = run_cli(command, env=env)  # a hang fails here through the 60 s guard of run_cli
    assert proc.returncode == 1, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr and str(path) in lines[0]
    assert "backup" in lines[0] and "pixel-parlor check" in lines[0]
    assert path.read_bytes() == before


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "parlor.sqlite3"
    _healthy(path)
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    before = path.read_bytes()
    proc = run_cli("migrate", env={"PARLOR_DB": str(path)})
    assert proc.returncode == 1
    assert len(proc.stderr.strip().splitlines()) == 1 and "newer Pixel Parlor" in proc.stderr
    assert path.read_bytes() == before


def test_check_reports_a_healthy_database_and_a_damaged_one(tmp_path):
    good = tmp_path / "good.sqlite3"
    _healthy(good)
    proc = run_cli("check", env={"PARLOR_DB": str(good)})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "integrity: ok" in proc.stdout and "healthy" in proc.stdout.splitlines()[-1]
    bad = tmp_path / "bad.sqlite3"
    _damaged_pages(bad)
    before = bad.read_bytes()
    proc = run_cli("check", env={"PARLOR_DB": str(bad)})
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert bad.read_bytes() == before


def test_run_without_network_is_one_line_and_exit_1(tmp_path):
    with socket.socket() as sock:  # a local port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    script = (
        "import sys, discord, discord.http\n"
        f"discord.http.Route.BASE = 'http://127.0.0.1:{port}/api/v10'\n"
        "from bot.__main__ import main\n"
        "sys.exit(main(['run']))\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "PARLOR_"))}
    env.update({"DISCORD_TOKEN": GOOD_TOKEN, "PARLOR_DB": str(tmp_path / "p.sqlite3"), "PARLOR_RENDER_WORKERS": "0"})
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.strip().splitlines() if not LOG_RECORD.match(line)]
    assert len(lines) == 1 and "could not reach Discord" in lines[0], proc.stderr
    assert "PyNaCl" not in proc.stderr and "davey" not in proc.stderr
