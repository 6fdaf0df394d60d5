"""Shared fixtures of the test suite."""

from __future__ import annotations

import asyncio
import os
import threading

import pytest
import pytest_asyncio

from storage.database import Database
from tests.pgserver import PgServer, bindir, unavailable_reason


@pytest_asyncio.fixture
async def db(tmp_path):
    """A fresh, migrated database in a temporary directory."""
    database = await Database.open(str(tmp_path / "parlor.sqlite3"))
    try:
        yield database
    finally:
        await database.close()


def _in_thread(coro_fn) -> None:
    """Run a coroutine to its end on a loop of its own thread (outside the tests' event loops)."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(coro_fn())
        except BaseException as exc:  # noqa: BLE001  (re-raised in the caller's thread)
            failure.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if failure:
        raise failure[0]


@pytest.fixture(scope="session")
def pg_server():
    """A PostgreSQL server for this test session (per xdist worker), with a migrated template database; skipped
    when PostgreSQL is not installed, except in CI (``CI=true``), where that fails the test."""
    reason = unavailable_reason()
    if reason:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"PostgreSQL is required in CI: {reason}")
        pytest.skip(reason)
    server = PgServer(bindir())
    try:
        server.start()
        server.template = server.create_database()

        async def migrate() -> None:
            await (await Database.open(server.url(server.template))).close()

        _in_thread(migrate)
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server):
    """The URL of a fresh, migrated PostgreSQL database of its own (dropped after the test)."""
    name = pg_server.create_database(pg_server.template)
    try:
        yield pg_server.url(name)
    finally:
        pg_server.drop_database(name)


@pytest.fixture
def pg_empty_url(pg_server):
    """The URL of a fresh, empty PostgreSQL database (never migrated; dropped after the test)."""
    name = pg_server.create_database()
    try:
        yield pg_server.url(name)
    finally:
        pg_server.drop_database(name)
