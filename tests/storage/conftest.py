"""The storage tests run on both backends: the ``db`` fixture is a fresh SQLite file, then a fresh PostgreSQL
database (``tests/pgserver.py``)."""

from __future__ import annotations

import pytest_asyncio

from storage.database import Database


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def db(request, tmp_path):
    """A fresh, migrated database of each backend."""
    target = (request.getfixturevalue("pg_url") if request.param == "postgresql"
              else str(tmp_path / "parlor.sqlite3"))
    database = await Database.open(target)
    try:
        yield database
    finally:
        await database.close()
