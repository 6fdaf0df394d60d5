"""Every sub-store's statements on both backends, above all those written per dialect (JSON paths, NULL guilds):
look-ups of games, computer seats, timers, decks, tournaments and leagues."""

from __future__ import annotations

import pytest

from storage.computer_seats import add_computer_seat, remove_computer_seat, running_games_with_computers
from storage.decks import DeckStore, NameTaken
from storage.leagues import LeagueStore
from storage.timers import AlreadyExtended
from storage.tournaments import TournamentStore, insert_started_game


async def _running(db, guild=1, channel=2, creator=100, options=None) -> int:
    gid = await db.create_game("pixies", guild, channel, creator, options or {}, 1, "A")
    await db.update_game(gid, 0, status="running", state={})
    return gid


async def test_game_look_ups_in_servers_and_in_dms(db):
    dm = await db.create_game("tixel", None, 5, 100, {}, 1)
    here = await _running(db, 1, 2, 100)
    await db.set_thread(here, 77)
    rematch = await db.create_game("pixies", 1, 2, 100, {"rematch_of": here}, 1)
    assert [g.id for g in await db.list_games(None, ("lobby",))] == [dm]
    assert [g.id for g in await db.list_games(1, ("lobby", "running"))] == [here, rematch]
    assert await db.running_in_thread(1, 77) == [here] and await db.running_in_thread(None, 77) == []
    assert [g.id for g in await db.games_here(1, 77, ("running",))] == [here]
    assert await db.seated_here(1, 2, 100, "pixies", ("lobby", "running")) == [here, rematch]
    assert await db.seated_here(None, 5, 100, "tixel", ("lobby",)) == [dm]
    assert [g.id for g in await db.rematches_of(here, ("lobby",))] == [rematch]
    assert await db.rematches_of(dm, ("lobby",)) == []
    assert [g.id for g in await db.games_without_timers()] == [here]


async def test_computer_seats_change_the_seat_and_the_options_together(db):
    gid = await db.create_game("pixies", 1, 2, 100, {}, 1, "A")
    v = await add_computer_seat(db, gid, 0, -5, "Computer", {"bots": {"1": "easy"}})
    assert [(s.seat, s.user_id) for s in await db.seats(gid)] == [(0, 100), (1, -5)]
    v = await db.update_game(gid, v, status="running", state={})
    assert await running_games_with_computers(db) == [gid]
    await db.update_game(gid, v, status="lobby")
    await remove_computer_seat(db, gid, v + 1, -5, {})
    assert [s.user_id for s in await db.seats(gid)] == [100] and (await db.get_game(gid)).options == {}


async def test_timers_fire_once_and_an_extension_is_once(db):
    gid = await _running(db)
    await db.timers.replace([], [(gid, "d", 0, "deadline", "", 50.0), (gid, "d", 0, "reminder", "50%", 25.0)])
    await db.timers.replace([], [(gid, "d", 0, "deadline", "", 99.0)])  # exists already: kept as it is
    assert await db.timers.next_due() == 25.0
    due = await db.timers.due(60.0)
    assert [(t.kind, t.due_at) for t in due] == [("reminder", 25.0), ("deadline", 50.0)]
    assert await db.timers.claim(due[0].id) and not await db.timers.claim(due[0].id)
    await db.timers.reschedule(due[1].id, 2, 70.0)
    assert await db.timers.attempts(due[1].id) == 2 and await db.timers.deadline_of(gid, "d", 0) == 70.0
    await db.timers.extend(gid, "d", 0, 200.0, {"50%": 100.0, "1h": 10.0}, 60.0)
    with pytest.raises(AlreadyExtended):
        await db.timers.extend(gid, "d", 0, 300.0, {}, 60.0)
    assert sorted((t.kind, t.point, t.due_at) for t in await db.timers.open_of(gid)) == [
        ("deadline", "", 200.0), ("reminder", "1h", 190.0)]  # the 50% point was sent already
    await db.timers.replace([t.id for t in await db.timers.open_of(gid)], [])
    assert await db.timers.open_of(gid) == [] and await db.timers.open_timer_count(gid) == 1
    await db.timers.drop_game(gid)
    assert await db.timers.open_timer_count(gid) == 0 and await db.timers.next_due() is None


async def test_decks_pools_locks_and_server_lists(db):
    decks = DeckStore(db)
    draft = await db.create_game("pt-draft", 1, 2, 100, {}, 1)
    await db.update_game(draft, 0, status="finished", state={})
    assert await decks.drafts_without_pools() == [draft]
    pool = await decks.insert_pool(1, 100, "Draft", ["a", "a"], draft)
    with pytest.raises(NameTaken):
        await decks.insert_pool(1, 100, "DRAFT", [], None)
    assert await decks.drafts_without_pools() == [] and await decks.pool_owners(draft) == {100}
    assert (await decks.pool_by_id(pool)).cards == ["a", "a"] and [p.id for p in await decks.pools(1, 100)] == [pool]
    one = await decks.insert_deck(1, 100, "One", "standard", ["l"], ["h"], pool)
    two = await decks.insert_deck(1, 100, "Two", "epic", [], [], None)
    with pytest.raises(NameTaken):
        await decks.update_deck(two, name="one", fmt="epic", leaders=[], heroes=[], pool_id=None)
    await decks.update_deck(two, name="Zwei", fmt="epic", leaders=["x"], heroes=[], pool_id=None)
    assert [d.name for d in await decks.decks(1, 100)] == ["One", "Zwei"]
    assert (await decks.deck(1, 100, "ZWEI")).leaders == ["x"]
    running = await _running(db)
    for deck in (one, two):
        await decks.lock(deck, running)
        await decks.lock(deck, draft)
    await decks.lock(one, running)  # again: no change
    assert await decks.locks(one) == sorted([running, draft])
    assert await decks.clear_stale_locks() == 2 and await decks.unlock_game(running) == 2
    await decks.delete_deck(two)
    await decks.set_server_list(1, "banned", ["x"])
    await decks.set_server_list(1, "cube", None)
    assert await decks.server_lists(1) == {"banned": ["x"]}


async def test_tournament_games_seats_and_unrated_marks(db):
    store = TournamentStore(db)
    tid = await store.insert(1, 2, 100, "pixies", {"fmt": "swiss"}, {"round": 0})
    template = await db.get_game(await _running(db))
    seats = await db.seats(template.id)

    async def link(conn, game_id):
        await store.link_game(conn, tid, game_id, "m1", 1)

    game = await insert_started_game(db, template, seats, link)
    version = await store.save(tid, 1, state={"round": 1}, status="running")
    assert [t.id for t in await store.listed(1, ("running",), 2)] == [tid] and await store.listed(None, ("signup",)) == []
    assert await store.with_running_games() == [tid]
    await store.mark_unrated([game])
    assert (await db.get_game(game)).options == {"rated": False}
    async with db.transaction() as conn:
        assert await store.swap_seats(conn, tid, 100, 300, "C") == [game]
    assert [s.user_id for s in await db.seats(game)] == [300]
    await db.update_game(game, 0, status="finished")  # a started game's row begins at version 0
    assert await store.unrecorded_finished() == [(tid, game)]
    await store.save(tid, version, state={"round": 2}, recorded=[game])
    assert await store.unrecorded_finished() == [] and [g.recorded for g in await store.games(tid)] == [True]
    await store.set_message(tid, 2**62)
    assert (await store.get(tid)).message_id == 2**62


async def test_league_challenge_posts_games_and_timers(db):
    store = LeagueStore(db)
    lid = await store.insert(1, 2, 100, {"days": 3}, {"cycle": 1})
    await store.set_challenge_post(lid, 4, 40, "pending")
    await store.set_challenge_post(lid, 5, 50, None)
    await store.set_challenge_post(lid, 4, 41, "accepted")
    await store.set_challenge_post(lid, 5, None)
    assert (await store.get(lid)).options == {"days": 3, "challenge_posts": {"4": [41, "accepted"]}}
    version = await store.save(lid, 1, state={"cycle": 1}, status="running", options={"days": 4})
    assert [r.id for r in await store.listed(1, ("running",))] == [lid]
    game = await _running(db)
    async with db.transaction() as conn:
        await store.link_game(conn, lid, game, 7)
        assert await store.swap_seats(conn, lid, 100, 400, "D") == [game]
    await db.update_game(game, 1, status="finished")
    assert await store.unrecorded_finished() == [(lid, game)]
    await store.save(lid, version, state={}, recorded=[game])
    assert [(g.challenge_id, g.recorded, g.status) for g in await store.games(lid)] == [(7, True, "finished")]
    await store.replace_timers(lid, [], [("cycle_end", "1", None, 30.0), ("reminder", "a", 2**62, 10.0)])
    await store.replace_timers(lid, [], [("cycle_end", "1", None, 99.0)])  # kept as it is
    assert await store.next_due() == 10.0
    due = await store.due(20.0)
    assert [(t.key, t.user_id) for t in due] == [("a", 2**62)]
    assert await store.claim(due[0].id) and not await store.claim(due[0].id)
    assert [t.due_at for t in await store.open_timers(lid)] == [30.0]
    await store.drop_timers(lid)
    assert await store.open_timers(lid) == [] and await store.next_due() is None
