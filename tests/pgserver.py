"""A throwaway PostgreSQL server for the tests: the OS package's binaries, a temporary data directory, a Unix
socket only (no TCP port), started once per test session (per xdist worker) and stopped at its end.

``initdb`` refuses to run as root: as root, the server runs as the ``postgres`` OS user (``runuser``). Where no
binaries are found the tests that need PostgreSQL are skipped with the reason, except in CI (``CI=true``), where
they fail: CI installs the ``postgresql`` package (``.ci/run``).
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

SETTINGS = ("-c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=200 -c shared_buffers=32MB")


def bindir() -> str | None:
    """Return the folder of ``initdb`` and ``pg_ctl`` (``PARLOR_PG_BIN``, the OS package's, or the PATH's)."""
    chosen = os.environ.get("PARLOR_PG_BIN")
    if chosen:  # an explicit choice is kept, even a wrong one (then PostgreSQL counts as missing)
        return chosen if os.path.exists(os.path.join(chosen, "initdb")) else None
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return os.path.dirname(found[-1])
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True).stdout.strip()
        if out and os.path.exists(os.path.join(out, "initdb")):
            return out
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


class PgServer:
    """A running PostgreSQL server on a Unix socket in ``folder``."""

    def __init__(self, bin_dir: str):
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="parlor-pg-"))
        self.data = self.folder / "data"
        self.as_postgres = os.geteuid() == 0
        self._names = itertools.count(1)
        self.template = ""

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = list(args)
        if self.as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        return subprocess.run(cmd, capture_output=True, text=True, check=check, timeout=120)

    def start(self) -> None:
        """Create the cluster and start the server (a few seconds)."""
        if self.as_postgres:
            entry = pwd.getpwnam("postgres")
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self._run(f"{self.bin}/initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--no-sync", "--no-instructions")
        self._run(f"{self.bin}/pg_ctl", "start", "-w", "-t", "60", "-D", str(self.data),
                  "-l", str(self.folder / "server.log"), "-o", f"-k {self.folder} {SETTINGS}")

    def stop(self) -> None:
        """Stop the server and delete its files."""
        self._run(f"{self.bin}/pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, name: str = "postgres") -> str:
        """Return the URL of database ``name`` on this server."""
        return f"postgresql://postgres@/{name}?host={self.folder}"

    def sql(self, statement: str) -> str:
        """Run one statement through ``psql`` on the ``postgres`` database; return its output."""
        return self._run(f"{self.bin}/psql", "-h", str(self.folder), "-U", "postgres", "-d", "postgres",
                         "-v", "ON_ERROR_STOP=1", "-qAtc", statement).stdout

    def create_database(self, template: str | None = None) -> str:
        """Create a fresh, empty database (or a copy of ``template``); return its name."""
        name = f"t{os.getpid()}_{next(self._names)}"
        self.sql(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
        return name

    def drop_database(self, name: str) -> None:
        """Drop a database, closing any connection still open to it."""
        self.sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def unavailable_reason() -> str | None:
    """Return why no PostgreSQL server can be started here (``None``: it can)."""
    if bindir() is None:
        return "PostgreSQL binaries not found (apt-get install postgresql, or set PARLOR_PG_BIN)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root without a postgres OS user to run the server as"
    return None


_shared: PgServer | None = None
_databases: dict[str, str] = {}
#: the server of the end-to-end test running now on PostgreSQL (``on_postgresql``), and its databases by path
_test_server: PgServer | None = None
_test_databases: dict[str, str] = {}


def backend_target(db_path: str) -> str:
    """Return where the end-to-end harness keeps ``db_path``: itself, or on PostgreSQL the URL of a database of
    its own (the same path, the same database: a restart finds its games). On PostgreSQL means: within
    ``on_postgresql`` (the end-to-end tests that CI runs on both backends, ``tests/e2e/conftest.py``), or
    everywhere with ``PARLOR_TEST_BACKEND=postgresql`` (a shake-out run of the whole end-to-end suite), on a server
    started once per process."""
    global _shared
    if "://" in db_path:
        return db_path
    if _test_server is not None:
        if db_path not in _test_databases:
            _test_databases[db_path] = _test_server.create_database(_test_server.template or None)
        return _test_server.url(_test_databases[db_path])
    if os.environ.get("PARLOR_TEST_BACKEND", "sqlite") != "postgresql":
        return db_path
    if _shared is None:
        reason = unavailable_reason()
        if reason:
            raise RuntimeError(f"PARLOR_TEST_BACKEND=postgresql: {reason}")
        _shared = PgServer(bindir())
        _shared.start()
        atexit.register(_shared.stop)
    if db_path not in _databases:
        _databases[db_path] = _shared.create_database()
    return _shared.url(_databases[db_path])


@contextlib.contextmanager
def on_postgresql(server: PgServer) -> Iterator[None]:
    """While the block runs, the end-to-end harness keeps each database path in a database of its own on
    ``server`` (a copy of its migrated template), dropped when the block ends."""
    global _test_server
    _test_server = server
    try:
        yield
    finally:
        _test_server = None
        made = list(_test_databases.values())
        _test_databases.clear()
        for name in made:
            server.drop_database(name)
