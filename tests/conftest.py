"""Shared fixtures of the test suite."""

from __future__ import annotations

import pytest_asyncio

from storage.database import Database


@pytest_asyncio.fixture
async def db(tmp_path):
    """A fresh, migrated database in a temporary directory."""
    database = await Database.open(str(tmp_path / "parlor.sqlite3"))
    try:
        yield database
    finally:
        await database.close()
