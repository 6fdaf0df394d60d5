"""``pixel-parlor migrate-data``: every table of a SQLite database copied into PostgreSQL, verified by row counts
and checksums, safe to rerun; a target holding other rows is reported, never overwritten."""

from __future__ import annotations

from storage import ratings as store
from storage.database import Database
from storage.decks import DeckStore
from storage.leagues import LeagueStore
from storage.tournaments import TournamentStore, insert_started_game
from storage.undo_requests import UndoRequest
from tests.platform.test_cli import run_cli


async def _filled(path: str) -> None:
    """A SQLite database with rows in every table."""
    db = await Database.open(path)
    try:
        gid = await db.create_game("pixies", 10, 20, 111, {"thread": True}, 2**62, "Ada")
        version = await db.add_seat(gid, 2**63 - 1, 0, "Bob")  # Discord ids are 64-bit
        version = await db.update_game(gid, version, status="running", state={"n": 0})
        for n in range(3):
            version = await db.commit_action(gid, version, n % 2, 111, {"type": "take", "n": n}, {"n": n}, "running",
                                             computer_level="normal" if n == 2 else None)
        await db.timers.replace([], [(gid, "d1", 0, "deadline", "", 1234.5), (gid, "d1", 0, "reminder", "50%", 99.25)])
        await db.timers.extend(gid, "d1", 0, 2000.0, {}, 1000.0)
        await db.undo_requests.store(UndoRequest(gid, 1, 3, 3, 0, (1,), {1: True}, "agreed", 5.0))
        await db.set_guild_setting(10, "deadline_hours", 24)
        await db.set_meta("commands_hash", "abc")
        await db.set_dm_closed(111, True)
        await db._write("INSERT INTO member_prefs (user_id, theme, updated_at) VALUES (?, ?, ?)", (111, "standard", 1.5))
        decks = DeckStore(db)
        pool = await decks.insert_pool(10, 111, "Draft", ["a", "b"], gid)
        deck = await decks.insert_deck(10, 111, "Mine", "standard", ["a"], ["b"], pool)
        await decks.lock(deck, gid)
        await decks.set_server_list(10, "banned", ["x"])
        async with db.transaction() as conn:
            await store.insert_result(conn, gid, 10, "pixies", 1, [[111, 1, "Ada"]], 7.0)
            await store.save_rating(conn, store.RatingRow(10, "pixies", 1, 111, "Ada", 27.1, 8.2, 1, 1, 7.0))
            await store.add_history(conn, 10, "pixies", 1, 111, gid, 27.1, 8.2, 7.0)
            await store.set_optout(conn, 10, 222, True)
        tournaments = TournamentStore(db)
        tid = await tournaments.insert(10, 20, 111, "tixel", {"fmt": "swiss"}, {"round": 0})
        row = await db.get_game(gid)

        async def link(conn, game_id):
            await tournaments.link_game(conn, tid, game_id, "m1", 1)

        await insert_started_game(db, row, await db.seats(gid), link)
        leagues = LeagueStore(db)
        lid = await leagues.insert(10, 20, 111, {"days": 3}, {"cycle": 1})
        await leagues.replace_timers(lid, [], [("cycle_end", "1", None, 500.0)])
        async with db.transaction() as conn:
            await leagues.link_game(conn, lid, gid, 1)
    finally:
        await db.close()


async def test_every_table_is_copied_verified_and_a_rerun_changes_nothing(tmp_path, pg_empty_url):
    path = str(tmp_path / "old.sqlite3")
    await _filled(path)
    first = run_cli("migrate-data", "--from", f"sqlite:{path}", "--to", pg_empty_url)
    assert first.returncode == 0, first.stdout + first.stderr
    lines = first.stdout.splitlines()
    assert lines[-1] == "copied and verified"
    counts = {line.split()[1].rstrip(":"): (line.split()[0], int(line.split()[2])) for line in lines[:-1]}
    assert (counts["games"], counts["actions"], counts["league_timers"]) == (("ok", 2), ("ok", 3), ("ok", 1))
    assert all(status == "ok" and rows > 0 for status, rows in counts.values()), counts  # every table had rows
    assert len(counts) >= 22
    again = run_cli("migrate-data", "--from", f"sqlite:{path}", "--to", pg_empty_url)  # safe to rerun
    assert again.returncode == 0 and again.stdout == first.stdout, again.stdout + again.stderr

    source, target = await Database.open(path), await Database.open(pg_empty_url)
    try:
        assert await target.get_game(1) == await source.get_game(1)
        assert await target.actions(1) == await source.actions(1)
        assert await target.seats(1) == await source.seats(1)
        assert await target.create_game("tixel", 1, 2, 3, {}, 4) == 3  # new ids continue after the copied ones
        await target.set_meta("commands_hash", "changed")
    finally:
        await source.close()
        await target.close()
    changed = run_cli("migrate-data", "--from", f"sqlite:{path}", "--to", pg_empty_url)
    assert changed.returncode == 1
    assert "MISMATCH games: 2 rows in the source, 3 in the target" in changed.stdout, changed.stdout
    assert any(line.startswith("MISMATCH meta") for line in changed.stdout.splitlines())


def test_bad_arguments_are_one_line_and_exit_2(tmp_path):
    missing = run_cli("migrate-data", "--from", f"sqlite:{tmp_path}/none.sqlite3", "--to", "postgresql://h/db")
    assert missing.returncode == 2 and len(missing.stderr.strip().splitlines()) == 1
    (tmp_path / "x.sqlite3").write_bytes(b"")
    wrong = run_cli("migrate-data", "--from", f"sqlite:{tmp_path}/x.sqlite3", "--to", "mysql://u:pw@h/db")
    assert wrong.returncode == 2 and "pw" not in wrong.stderr and "postgresql://" in wrong.stderr
