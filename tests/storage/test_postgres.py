"""PostgreSQL only: processes racing on one game, lost connections, the command line on a URL."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from storage.backend.postgres import pg_sql, storage_error
from storage.database import Database, StaleVersion, StorageError
from storage.opening import DatabaseUnusable
from tests.platform.test_cli import run_cli

ROUNDS = 25


async def _running_game(db: Database) -> tuple[int, int]:
    gid = await db.create_game("pixies", 1, 2, 100, {}, 1)
    return gid, await db.update_game(gid, 0, status="running", state={"n": 0})


async def test_two_processes_racing_on_one_game_one_wins_the_other_is_stale(pg_url):
    # Two Database objects, each with its own connection pools: to the server, two processes.
    first, second = await Database.open(pg_url), await Database.open(pg_url)
    try:
        gid, version = await _running_game(first)
        wins = {0: 0, 1: 0}
        for n in range(ROUNDS):
            async def slow(conn, who=n % 2):  # the winner keeps its transaction (and the row lock) open a while
                await asyncio.sleep(0.02 if who == 0 else 0)

            outcomes = await asyncio.gather(
                first.commit_action(gid, version, 0, 100, {"type": "a", "n": n}, {"n": n}, "running", extra=slow),
                second.commit_action(gid, version, 1, 200, {"type": "b", "n": n}, {"n": n}, "running"),
                return_exceptions=True)
            won = [i for i, o in enumerate(outcomes) if o == version + 1]
            stale = [i for i, o in enumerate(outcomes) if isinstance(o, StaleVersion)]
            assert len(won) == 1 and len(stale) == 1, outcomes
            wins[won[0]] += 1
            version += 1
        log = await second.actions(gid)
        assert [a.seq for a in log] == list(range(1, ROUNDS + 1))  # no gap, no double
        assert [a.action["n"] for a in log] == list(range(ROUNDS))
        row = await first.get_game(gid)
        assert row.version == version and row.state == {"n": ROUNDS - 1}
    finally:
        await first.close()
        await second.close()


async def test_a_connection_lost_mid_commit_is_a_storage_error_and_nothing_is_stored(pg_url, pg_server):
    db = await Database.open(pg_url)
    try:
        gid, version = await _running_game(db)

        async def cut(conn):  # the server ends this very connection before the commit
            ((pid,),) = await conn.fetch("SELECT pg_backend_pid()")
            pg_server.sql(f"SELECT pg_terminate_backend({pid})")
            await conn.execute("UPDATE games SET thread_id = 1 WHERE id = ?", (gid,))

        with pytest.raises(StorageError):
            await db.commit_action(gid, version, 0, 100, {"type": "x"}, {"n": 1}, "running", extra=cut)
        row = await db.get_game(gid)
        assert (row.version, row.thread_id, await db.actions(gid)) == (version, None, [])
        # The pool opens a new connection: the same action goes through, once.
        assert await db.commit_action(gid, version, 0, 100, {"type": "x"}, {"n": 1}, "running") == version + 1
        assert [a.seq for a in await db.actions(gid)] == [1]
    finally:
        await db.close()


def test_server_failures_are_storage_errors_and_statement_errors_are_not():
    full = storage_error(asyncpg.exceptions.DiskFullError("could not extend file: No space left on device"))
    assert isinstance(full, StorageError) and full.full
    gone = storage_error(asyncpg.exceptions.ConnectionDoesNotExistError("connection was closed"))
    assert isinstance(gone, StorageError) and not gone.full
    for kept in (asyncpg.exceptions.UniqueViolationError("dup"), asyncpg.exceptions.UndefinedTableError("no")):
        assert storage_error(kept) is kept


def test_placeholders_are_numbered_outside_quoted_text():
    assert pg_sql("SELECT ? , '?' , \"a?\", ? WHERE x = '?''?' AND y = ?") == (
        "SELECT $1 , '?' , \"a?\", $2 WHERE x = '?''?' AND y = $3")


async def test_an_unreachable_server_is_refused_in_one_line_without_the_password(tmp_path):
    with pytest.raises(DatabaseUnusable) as info:
        await Database.open(f"postgresql://parlor:hunter2@/parlor?host={tmp_path}")
    assert "hunter2" not in str(info.value) and "***" in str(info.value)


def test_migrate_and_check_on_a_url_hide_the_password(pg_empty_url):
    url = pg_empty_url.replace("postgresql://postgres@", "postgresql://postgres:hunter2@")
    migrated = run_cli("migrate", env={"PARLOR_DB": url})
    assert migrated.returncode == 0, migrated.stderr
    assert "schema version" in migrated.stdout and "hunter2" not in migrated.stdout + migrated.stderr
    checked = run_cli("check", env={"PARLOR_DB": url})
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "append-only action log: enforced" in checked.stdout and "hunter2" not in checked.stdout


def test_parlor_db_takes_a_path_or_a_postgresql_url_and_keeps_the_password_out_of_the_repr():
    from bot.config import ConfigError, load_config

    url = "postgresql://parlor:hunter2@db.example:5432/parlor"
    config = load_config({"PARLOR_DB": url}, need_token=False)
    assert config.db_path == url and "hunter2" not in repr(config)
    assert load_config({"PARLOR_DB": "postgres://h/db"}, need_token=False).db_path == "postgres://h/db"
    assert load_config({}, need_token=False).db_path == "./parlor.sqlite3"
    with pytest.raises(ConfigError, match="postgresql://") as info:
        load_config({"PARLOR_DB": "mysql://root:hunter2@h/db"}, need_token=False)
    assert "hunter2" not in str(info.value)
