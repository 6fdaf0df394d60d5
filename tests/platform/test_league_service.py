"""The league service over a real temporary database with a fake clock: a whole 4-player, 2-cycle league driven
through the service (drafts, challenges with Bases, games finished by resigning through the table service, the
first cycle ended by its timer, the discards and redraft, the end), reminders, the CSV, and the refusals."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot import league as lg
from bot.games.pixel_tactics import sets
from bot.league_rules import cycle_end_at
from bot.league_service import LeagueRefused
from tests.platform.league_helpers import CHANNEL, DAY, GUILD, MONDAY_NOON, ORGANISER, harness


@pytest.fixture
async def h(tmp_path):
    async with harness(tmp_path) as made:
        yield made


POINTS = {b["key"]: b["points"] for b in sets.BASES}


def _captured(state: dict, winner: int) -> list[str]:
    """Return the Bases a player captured (from the sheets)."""
    return [c["key"] for row in lg.sheet(state) if row.user_id == winner for c in row.captured]


async def test_a_four_player_two_cycle_league_runs_whole(h):
    row = await h.open(4)
    assert row.status == "signup" and row.options["deadline_hours"] == 48
    row = await h.service.start(row.id, ORGANISER, True)
    assert row.status == "running" and row.state["phase"] == "draft"
    first = h.events[-1]
    assert first.kind == "started" and first.drafter == lg.draft_state(row.state).user_id
    # the League Draft: 5 Leaders each, one player at a time; 25 Heroes and 5 Bases of a colour dealt
    assert await h.draft_all(row.id) == 20
    row = await h.service.load(row.id)
    assert row.state["phase"] == "cycle" and row.state["cycle"] == 1
    for user_id in (1, 2, 3, 4):
        pool = lg.pool_of(row.state, user_id)
        assert len(pool["leaders"]) == 5 and len(pool["heroes"]) == 25 and len(pool["bases"]) == 5
    assert len({s.colour for s in lg.sheet(row.state)}) == 4  # a Base colour each
    # the cycle started at Monday noon (UTC, the server's zone): it ends as Monday 9 March begins
    assert row.options["cycle_started_at"] == MONDAY_NOON
    ends = dt.datetime(2026, 3, 9, tzinfo=dt.UTC).timestamp()
    assert await h.service.cycle_ends_at(row.id) == ends

    # an unanswered challenge is reminded once after a day; declined then
    _row, offered = await h.service.challenge(row.id, 1, 3)
    assert await h.at(MONDAY_NOON + DAY - 1) == 0
    await h.at(MONDAY_NOON + DAY)
    reminders = [e for e in h.events if e.kind == "reminder"]
    assert [(e.user_id, e.reminder) for e in reminders] == [(3, f"answer:{offered}")]
    await h.service.answer(row.id, offered, 3, False)

    # battle 1: P1 challenges P2 and wins; battle 2: P3 challenges P4 and loses
    c12 = await h.battle(row.id, 1, 2)
    game12 = await h.game_of(row.id, c12)
    table = await h.tables.load(game12)
    state = (await h.service.load(row.id)).state
    chosen = {u: state["challenges"][c12 - 1]["choices"][str(u)] for u in (1, 2)}
    assert [s.user_id for s in table.seats] == [1, 2] and table.row.status == "running"
    assert table.row.options["rated"] is False and table.row.options["league"] == {
        "id": row.id, "challenge": c12, "players": [1, 2]}
    game = table.row.options["game"]
    assert game["trophies"] == 1
    assert [d["leaders"] for d in game["decks"]] == [[chosen[1]["leader"]], [chosen[2]["leader"]]]
    assert [d["format"] for d in game["decks"]] == ["league", "league"]
    assert game["decks"][0]["heroes"] == lg.pool_of(state, 1)["deck"]
    # each plays with their own Base that the rival attacks
    assert game["bases"] == [chosen[2]["base"], chosen[1]["base"]]
    assert h.events[-1].kind == "chose" and [t.id for t in h.events[-1].new_tables] == [game12]
    with pytest.raises(LeagueRefused, match="locked"):  # P2 accepted: their deck is locked until it is played
        await h.service.set_deck(row.id, 2, lg.pool_of(state, 2)["heroes"][:25])
    await h.win(game12, 1)
    c34 = await h.battle(row.id, 3, 4)
    await h.win(await h.game_of(row.id, c34), 4)
    state = (await h.service.load(row.id)).state
    assert _captured(state, 1) == [chosen[1]["base"]]
    assert chosen[1]["leader"] not in lg.available_leaders(state, 1)  # retired for the cycle
    base_2 = chosen[1]["base"]  # P1 attacked this Base of P2's
    base_3 = state["challenges"][c34 - 1]["choices"]["4"]["base"]
    assert _captured(state, 1) == [base_2] and _captured(state, 4) == [base_3]
    # an open challenge lapses at the cycle end
    _row, lapsing = await h.service.challenge(row.id, 2, 4)
    played = await h.service.played(row.id)
    assert [(g.challenge_id, g.recorded, g.status) for g in played] == [(c12, True, "finished"),
                                                                        (c34, True, "finished")]

    # the cycle's timer ends it (not a second before)
    await h.at(ends - 1)
    assert (await h.service.load(row.id)).state["ended"] == 0
    await h.at(ends)
    row = await h.service.load(row.id)
    assert row.state["ended"] == 1 and row.state["phase"] == "discard"
    assert [e.cycle for e in h.events if e.kind == "cycle_ended"] == [1]
    assert row.state["challenges"][lapsing - 1]["status"] == "lapsed"
    # cycle 1 scores: captured Bases' points + 2 per own uncaptured Base
    scores = {s.user_id: s.cycle_scores for s in lg.sheet(row.state)}
    assert scores == {1: [POINTS[base_2] + 10], 2: [8], 3: [8], 4: [POINTS[base_3] + 10]}

    # discards (P1 gives one Leader back), then the redraft lowest total first: 1 Leader + 5 Heroes each
    given_back = lg.pool_of(row.state, 1)["leaders"][0]
    await h.service.discard(row.id, 1, [given_back])
    for user_id in (2, 3):
        await h.service.discard(row.id, user_id, [])
    assert (await h.service.load(row.id)).state["phase"] == "discard"
    h.clock.now = ends + 3600
    await h.service.discard(row.id, 4, [])
    row = await h.service.load(row.id)
    totals = {1: POINTS[base_2] + 10, 2: 8, 3: 8, 4: POINTS[base_3] + 10}
    assert lg.draft_state(row.state).order == sorted((1, 2, 3, 4), key=lambda u: totals[u])
    assert await h.draft_all(row.id) == 21
    row = await h.service.load(row.id)
    assert row.state["phase"] == "cycle" and row.state["cycle"] == 2
    assert row.options["cycle_started_at"] == ends + 3600
    assert await h.service.cycle_ends_at(row.id) == dt.datetime(2026, 3, 16, tzinfo=dt.UTC).timestamp()
    assert all(len(lg.available_leaders(row.state, u)) == 5 for u in (1, 2, 3, 4))  # un-retired
    assert all(len(lg.pool_of(row.state, u)["heroes"]) == 30 for u in (1, 2, 3, 4))

    # cycle 2: P2 challenges P1 and wins; the organiser ends the cycle, which ends the league
    c21 = await h.battle(row.id, 2, 1)
    state = (await h.service.load(row.id)).state
    base_1 = state["challenges"][c21 - 1]["choices"]["2"]["base"]
    await h.win(await h.game_of(row.id, c21), 2)
    with pytest.raises(LeagueRefused, match="organisers"):
        await h.service.end_cycle(row.id, 3, False)
    row = await h.service.end_cycle(row.id, ORGANISER, True)
    assert row.status == "finished" and row.state["phase"] == "over"
    assert h.events[-1].kind == "ended" and h.events[-1].cycle == 2
    scores = {s.user_id: s.cycle_scores for s in lg.sheet(row.state)}
    assert scores == {1: [POINTS[base_2] + 10, POINTS[base_2] + 8], 2: [8, POINTS[base_1] + 8],
                      3: [8, 8], 4: [POINTS[base_3] + 10, POINTS[base_3] + 10]}
    totals = {u: sum(v) for u, v in scores.items()}
    assert {s.user_id: s.total for s in lg.sheet(row.state)} == totals
    best = max(totals.values())
    assert lg.winners(row.state) == [u for u in (1, 2, 3, 4) if totals[u] == best]
    assert await h.service.store.open_timers(row.id) == []  # a finished league keeps no timers
    assert await h.service.active_in(GUILD) == []


async def test_the_csv_has_the_sheets_and_the_challenges_without_secret_choices(h):
    row = await h.open(2, cycles=1)
    await h.service.start(row.id, ORGANISER, True)
    await h.draft_all(row.id)
    c = await h.battle(row.id, 1, 2)
    await h.win(await h.game_of(row.id, c), 2)
    _row, pending = await h.service.challenge(row.id, 1, 2)
    await h.service.answer(row.id, pending, 2, True)
    state = (await h.service.load(row.id)).state
    secret = lg.available_leaders(state, 1)[0]
    await h.service.choose(row.id, pending, 1, secret, lg.available_bases(state, 2)[0])
    text = await h.service.export_csv(row.id)
    lines = text.splitlines()
    assert lines[0] == f"League #{row.id},1 cycles of 7 days,running"
    assert lines[1].startswith("rank,user_id,name,colour,cycle_scores,total")
    assert lines[2].split(",")[1:3] in (["2", "P2"], ["1", "P1"]) and len(lines) == 2 + 2 + 1 + 1 + 2
    played = lines[6].split(",")
    assert played[0] == str(c) and played[4] == "done" and played[10] == "2" and played[11] != ""
    waiting = lines[7].split(",")
    assert waiting[0] == str(pending) and waiting[4] == "accepted" and secret not in lines[7]
    assert waiting[5:9] == ["", "", "", ""]


async def test_refusals_change_nothing(h):
    with pytest.raises(LeagueRefused, match="at most 8 players"):
        await h.service.create(GUILD, CHANNEL, ORGANISER, "Org", 2, 7, max_players=9)
    with pytest.raises(LeagueRefused, match="deadline"):
        await h.service.create(GUILD, CHANNEL, ORGANISER, "Org", 2, 7, deadline_hours=0)
    row = await h.open(1)
    with pytest.raises(LeagueRefused, match="already in"):
        await h.service.join(row.id, 1, "P1")
    with pytest.raises(LeagueRefused, match="organisers"):
        await h.service.start(row.id, 1, False)
    with pytest.raises(LeagueRefused, match="At least 2 players"):
        await h.service.start(row.id, ORGANISER, True)
    with pytest.raises(LeagueRefused, match="not started"):
        await h.service.challenge(row.id, 1, 2)
    with pytest.raises(LeagueRefused, match="no league #"):
        await h.service.load(row.id, guild_id=GUILD + 1)
    await h.service.join(row.id, 2, "P2")
    before = await h.service.load(row.id)
    row = await h.service.start(row.id, ORGANISER, True)
    with pytest.raises(LeagueRefused, match="Sign-up is closed"):
        await h.service.join(row.id, 3, "P3")
    view = lg.draft_state(row.state)
    other = 3 - view.user_id
    with pytest.raises(LeagueRefused, match="not your turn"):
        await h.service.draft_pick(row.id, other, view.visible[0], view.visible[1])
    with pytest.raises(LeagueRefused):
        await h.service.challenge(row.id, 1, 2)  # still drafting
    with pytest.raises(LeagueRefused, match="organisers"):
        await h.service.drop(row.id, 1, 2, False)
    with pytest.raises(LeagueRefused, match="organisers"):
        await h.service.cancel(row.id, 1, False)
    assert (await h.service.load(row.id)).version == before.version + 1  # only the start was stored
    await h.draft_all(row.id)
    with pytest.raises(LeagueRefused, match="yourself"):
        await h.service.challenge(row.id, 1, 1)
    row = await h.service.cancel(row.id, ORGANISER, True)
    assert row.status == "cancelled" and await h.service.store.open_timers(row.id) == []
    with pytest.raises(LeagueRefused, match="cancelled"):
        await h.service.challenge(row.id, 1, 2)


async def test_reminders_of_a_draft_turn_and_of_secret_choices_fire_once_and_only_while_pending(h):
    row = await h.open(2)
    row = await h.service.start(row.id, ORGANISER, True)
    drafter = lg.draft_state(row.state).user_id
    await h.at(MONDAY_NOON + DAY)
    await h.at(MONDAY_NOON + 2 * DAY)  # once only
    reminders = [(e.user_id, e.reminder) for e in h.events if e.kind == "reminder"]
    assert reminders == [(drafter, f"draft:0:{drafter}:leaders:5")]  # cycle 0: before the first
    await h.draft_all(row.id)  # every later pick was made at once: no reminder for them
    _row, cid = await h.service.challenge(row.id, 1, 2)
    await h.service.answer(row.id, cid, 2, True)
    state = (await h.service.load(row.id)).state
    await h.service.choose(row.id, cid, 1, lg.available_leaders(state, 1)[0], lg.available_bases(state, 2)[0])
    await h.at(MONDAY_NOON + 3 * DAY + 1)
    reminders = [(e.user_id, e.reminder) for e in h.events if e.kind == "reminder"]
    assert reminders[1:] == [(2, f"choose:{cid}:2")]  # the answer was given at once; P1 chose already


def test_a_cycle_ends_at_midnight_in_the_servers_time_zone():
    paris = ZoneInfo("Europe/Paris")
    started = dt.datetime(2026, 3, 2, 23, 30, tzinfo=paris).timestamp()  # Monday 23:30 in Paris
    assert cycle_end_at(started, 7, paris) == dt.datetime(2026, 3, 9, 0, 0, tzinfo=paris).timestamp()
    # in UTC the same moment is Monday 22:30: a 1-day cycle ends as Tuesday begins there
    assert cycle_end_at(started, 1, dt.UTC) == dt.datetime(2026, 3, 3, tzinfo=dt.UTC).timestamp()


async def test_the_cycle_timer_follows_the_servers_time_zone_setting(h):
    await h.tables.save_setting(GUILD, "timezone", "Europe/Paris")
    row = await h.open(2)
    await h.service.start(row.id, ORGANISER, True)
    await h.draft_all(row.id)
    # started Monday 13:00 in Paris: the 7-day cycle ends as Monday 9 March begins there (Sunday 23:00 UTC)
    assert await h.service.cycle_ends_at(row.id) == dt.datetime(2026, 3, 8, 23, 0, tzinfo=dt.UTC).timestamp()
