"""The tournament service over a real temporary database: whole tournaments driven by finishing the games it
creates (players resign through the table service), sign-up refusals, rated seeding, built decks and the CSV."""

from __future__ import annotations

import pytest

from bot import tournaments
from bot.games.pixel_tactics import sets
from bot.tournament_service import TournamentRefused
from tests.platform.tournament_helpers import CHANNEL, GUILD, ORGANISER, Harness


@pytest.fixture
def h(db):
    return Harness(db)


async def test_an_eight_player_single_elimination_runs_whole(h):
    row = await h.open(8, "single elimination")
    assert row.status == "signup" and row.options["fmt"] == "single_elim" and row.options["max_players"] == 64
    started = await h.service.start(row.id, ORGANISER, True)
    assert started.status == "running"
    first = h.events[-1]
    assert len(first.new_tables) == 4 and first.round_done is None and not first.finished
    seated = sorted(u for t in first.new_tables for u in (s.user_id for s in t.seats))
    assert seated == list(range(1, 9))  # everybody plays round 1, once
    table = first.new_tables[0]
    match = tournaments.matches(started.state, 1)[0]
    assert table.row.status == "running" and table.row.kind == "tixel"
    assert table.row.options["tournament"] == {"id": row.id, "match": match.id, "game_no": 1}
    assert [s.user_id for s in table.seats] == match.players
    assert {k: table.row.options[k] for k in ("thread", "deadline_hours", "deadline_policy", "rated")} == {
        "thread": True, "deadline_hours": 48, "deadline_policy": "forfeit", "rated": True}

    played = await h.play_out(row.id)  # the lower member id wins every game
    assert played == 7  # 4 + 2 + 1, one game per match at best of 1
    final = await h.service.load(row.id)
    assert final.status == "finished" and tournaments.champion(final.state) == 1
    steps = [(len(e.new_tables), e.round_done, e.finished) for e in h.events if e.new_tables or e.round_done]
    assert steps == [(4, None, False), (2, 1, False), (1, 2, False), (0, 3, True)]
    # the final's loser is the best member of the other half of the bracket (slots 0-1 v 2-3 of round 1)
    round1 = tournaments.matches(final.state, 1)
    half_of_1 = 0 if any(1 in m.players for m in round1 if m.slot < 2) else 1
    other_half = [p for m in round1 if (m.slot >= 2) == (half_of_1 == 0) for p in m.players]
    (the_final,) = tournaments.matches(final.state, 3)
    assert sorted(the_final.players) == [1, min(other_half)] and the_final.winner == 1
    ranks = {s.user_id: s.rank for s in tournaments.standings(final.state)}
    assert ranks[1] == 1 and ranks[min(other_half)] == 2
    assert sorted(ranks.values()) == [1, 2, 3, 3, 5, 5, 5, 5]  # losers of a round share its rank
    games = await h.service.played(row.id)
    assert len(games) == 7 and all(g.recorded and g.status == "finished" for g in games)


async def test_a_six_player_swiss_at_best_of_three_runs_whole(h):
    row = await h.open(6, "swiss", best_of=3)
    await h.service.start(row.id, ORGANISER, True)
    played = await h.play_out(row.id)
    final = await h.service.load(row.id)
    assert final.status == "finished"
    # 3 rounds (ceil(log2 6)) of 3 matches, each won 2-0 by its lower member id: 18 games
    assert played == 18 and tournaments.round_no(final.state) == 3
    matches = tournaments.matches(final.state)
    assert len(matches) == 9 and all(m.done and len(m.game_ids) == 2 and m.winner == min(m.players)
                                     for m in matches)
    for r in (1, 2, 3):
        assert sorted(p for m in tournaments.matches(final.state, r) for p in m.players) == [1, 2, 3, 4, 5, 6]
    pairs = [frozenset(m.players) for m in matches]
    assert len(set(pairs)) == 9  # no rematch
    points = {s.user_id: s.points for s in tournaments.standings(final.state)}
    assert points[1] == 9 and points[6] == 0 and sum(points.values()) == 27
    assert [s.user_id for s in tournaments.standings(final.state)][0] == 1
    steps = [(len(e.new_tables), e.round_done, e.finished) for e in h.events if e.round_done]
    assert steps == [(3, 1, False), (3, 2, False), (0, 3, True)]


async def test_a_pod_tournament_seats_pods_and_scores_by_rank(h):
    row = await h.open(6, "swiss", kind="pixies")
    assert row.options["pod"] is True
    await h.service.start(row.id, ORGANISER, True)
    pods = h.events[-1].new_tables
    assert sorted(len(t.seats) for t in pods) == [3, 3]  # n = 6: two pods of 3
    await h.play_out(row.id)
    final = await h.service.load(row.id)
    assert final.status == "finished" and tournaments.round_no(final.state) == 3  # ceil(log2 6)
    top = tournaments.standings(final.state)[0]
    # member 1 wins each of their 3 pods alone (3 points each); the two who resigned share 2nd-3rd (1.5 each)
    assert (top.user_id, top.points) == (1, 9)


async def test_sign_up_refusals_change_nothing(h):
    service = h.service
    row = await h.open(2, "single_elim", max_players=3)
    with pytest.raises(TournamentRefused, match="already joined"):
        await service.join(row.id, 1, "P1")
    await service.join(row.id, 3, "P3")
    with pytest.raises(TournamentRefused, match=r"full \(3 players\)"):
        await service.join(row.id, 4, "P4")
    with pytest.raises(TournamentRefused, match="not joined"):
        await service.leave(row.id, 4)
    with pytest.raises(TournamentRefused, match="Only the tournament's organisers"):
        await service.start(row.id, 2, False)
    with pytest.raises(TournamentRefused, match="not started yet"):
        await service.override(row.id, "r1m1", 1, ORGANISER, True)
    with pytest.raises(TournamentRefused, match="Only the tournament's organisers can drop another"):
        await service.drop(row.id, 1, 2, False)
    with pytest.raises(TournamentRefused, match="no tournament #999"):
        await service.load(999)
    with pytest.raises(TournamentRefused, match="no tournament"):
        await service.load(row.id, guild_id=GUILD + 1)
    assert [s.user_id for s in tournaments.standings((await service.load(row.id)).state)] == [1, 2, 3]
    after = await service.drop(row.id, 3, ORGANISER, True)  # before the start, a drop takes them off the list
    assert [s.user_id for s in tournaments.standings(after.state)] == [1, 2] and after.status == "signup"
    await service.start(row.id, ORGANISER, True)
    with pytest.raises(TournamentRefused, match="Sign-up is closed"):
        await service.join(row.id, 5, "P5")
    with pytest.raises(TournamentRefused, match="Sign-up is closed"):
        await service.leave(row.id, 1)
    with pytest.raises(TournamentRefused, match="not playing in this tournament"):
        await service.drop(row.id, 9, 9, False)
    lonely = await h.open(1, "swiss")
    with pytest.raises(TournamentRefused, match=r"At least 2 players .* \(1 so far\)"):
        await service.start(lonely.id, ORGANISER, True)
    pod = await h.open(2, "swiss", kind="pixel-pusher")
    with pytest.raises(TournamentRefused, match=r"At least 3 players .* \(2 so far\)"):
        await service.start(pod.id, ORGANISER, True)


@pytest.mark.parametrize(("kind", "fmt", "best_of", "extra", "message"), [
    ("pixies", "single_elim", 1, {}, "Swiss only"),
    ("tixel", "double_elim", 1, {}, "single elimination, Swiss or round robin"),
    ("tixel", "swiss", 2, {}, "best of 1, 3 or 5"),
    ("tixel", "swiss", 1, {"max_players": 1}, "between 2 and 64"),
    ("pixies", "swiss", 1, {"max_players": 2}, "between 3 and 64"),
    ("tixel", "swiss", 1, {"deck_format": "standard"}, "not played with built decks"),
    ("pixel-tactics", "swiss", 1, {"deck_format": "sealed"}, "standard, epic or draft"),
    ("pt-draft", "swiss", 1, {}, "no tournament of"),
    ("tixel", "swiss", 1, {"deadline_hours": 0}, "between 1 and 168 hours, or none"),
    ("tixel", "swiss", 1, {"deadline_hours": 169}, "between 1 and 168 hours, or none"),
])
async def test_create_refuses_what_cannot_be_run(h, kind, fmt, best_of, extra, message):
    with pytest.raises(TournamentRefused, match=message):
        await h.service.create(GUILD, CHANNEL, ORGANISER, "Org", kind, fmt, best_of, **extra)
    assert await h.service.active_in(GUILD) == []


async def test_organisers_are_the_creator_managers_and_the_organiser_role(h):
    row = await h.open(0, "swiss")
    settings = await h.tables.settings(GUILD)
    assert h.service.is_organiser(row, ORGANISER, False, [], settings)
    assert h.service.is_organiser(row, 5, True, [], settings)
    assert not h.service.is_organiser(row, 5, False, [42], settings)
    settings = await h.tables.save_setting(GUILD, "organiser_role", 42)
    assert h.service.is_organiser(row, 5, False, [7, 42], settings)


async def test_listings_by_server_and_channel(h):
    a = await h.open(0, "swiss")
    b = await h.service.create(GUILD, CHANNEL + 1, ORGANISER, "Org", "tixel", "round_robin", 1)
    await h.service.create(GUILD + 1, CHANNEL, ORGANISER, "Org", "tixel", "swiss", 1)
    assert [t.id for t in await h.service.open_here(GUILD, CHANNEL)] == [a.id]
    assert [t.id for t in await h.service.active_in(GUILD)] == [a.id, b.id]
    await h.service.cancel(b.id, ORGANISER, True)
    assert [t.id for t in await h.service.active_in(GUILD)] == [a.id]
    await h.service.set_message(a.id, 123)
    assert (await h.service.load(a.id)).message_id == 123


async def test_a_rated_single_elimination_is_seeded_by_the_members_ratings(h):
    # member 5 beats member 6 in a rated game first: 5 rates above the newcomers' 1500, 6 below
    lobby = await h.tables.create_lobby("tixel", GUILD, CHANNEL, 5, "P5", {})
    await h.tables.join(lobby.id, 6, "P6")
    await h.tables.start(lobby.id, 5)
    await h.tables.resign(lobby.id, 6)
    board = {r.user_id: r.rating for r in await h.tables.ratings.leaderboard(GUILD, "tixel")}
    assert board[5] > 1500 > board[6]
    row = await h.open(8, "single_elim")
    started = await h.service.start(row.id, ORGANISER, True)
    seeds = {p["id"]: p["seed"] for p in started.state["players"]}
    assert seeds[5] == 1 and seeds[6] == 8
    assert any(sorted(m.players) == [5, 6] for m in tournaments.matches(started.state, 1))  # seed 1 v seed 8


async def test_the_deadline_is_the_servers_unless_given_and_none_means_no_deadline(h):
    await h.tables.save_setting(GUILD, "deadline_hours", 72)
    assert (await h.open(0, "swiss")).options["deadline_hours"] == 72
    row = await h.open(2, "swiss", deadline_hours=None)
    assert row.options["deadline_hours"] is None
    await h.service.start(row.id, ORGANISER, True)
    assert [t.row.options["deadline_hours"] for t in h.events[-1].new_tables] == [None]


async def test_an_unrated_tournament_makes_unrated_games_and_is_seeded_at_random(h):
    row = await h.open(4, "single_elim", rated=False, deadline_hours=12)
    await h.service.start(row.id, ORGANISER, True)
    tables = h.events[-1].new_tables
    assert all(t.row.options["rated"] is False and t.row.options["deadline_hours"] == 12 for t in tables)
    await h.play_out(row.id)
    assert await h.tables.ratings.leaderboard(GUILD, "tixel") == []


CORE, CORE2 = sets.set_keys("core"), sets.set_keys("core2")
FOXES = {"name": "Foxes", "format": "standard", "leaders": CORE[:4], "heroes": CORE[4:] + CORE2[:4]}
OWLS = {"name": "Owls", "format": "standard", "leaders": CORE2[:4], "heroes": CORE2[4:] + CORE[:4]}


async def test_a_built_deck_tournament_plays_each_members_signed_up_deck(h):
    decks = h.tables.decks
    await decks.save(GUILD, 1, FOXES)
    await decks.save(GUILD, 2, OWLS)
    epic = await h.service.create(GUILD, CHANNEL, ORGANISER, "Org", "pixel-tactics", "swiss", 1, deck_format="epic")
    with pytest.raises(TournamentRefused, match="“Foxes” is a standard deck; this tournament is played with epic"):
        await h.service.join(epic.id, 1, "P1", "foxes")
    row = await h.service.create(GUILD, CHANNEL, ORGANISER, "Org", "pixel-tactics", "single_elim", 1,
                                 deck_format="standard")
    with pytest.raises(TournamentRefused, match="built standard decks: name one of yours"):
        await h.service.join(row.id, 1, "P1")
    with pytest.raises(TournamentRefused, match="no deck named “Hawks”"):
        await h.service.join(row.id, 1, "P1", "Hawks")
    await h.service.join(row.id, 1, "P1", "foxes")
    await h.service.join(row.id, 2, "P2", "Owls")
    await h.service.start(row.id, ORGANISER, True)
    (table,) = h.events[-1].new_tables
    game = table.row.options["game"]
    assert game["trophies"] == 1  # best_of counts single games: each table is one Pixel Tactics game
    by_user = {1: FOXES, 2: OWLS}
    expected = [by_user[s.user_id] for s in table.seats]
    assert [(d["format"], sorted(d["leaders"]), sorted(d["heroes"])) for d in game["decks"]] == [
        (d["format"], sorted(d["leaders"]), sorted(d["heroes"])) for d in expected]
    assert table.state["phase"] == "leader"
    await h.play_out(row.id)
    assert (await h.service.load(row.id)).status == "finished"


async def test_the_csv_export_lists_standings_and_every_game(h):
    row = await h.open(3, "round_robin")
    await h.service.start(row.id, ORGANISER, True)
    await h.play_out(row.id)
    final = await h.service.load(row.id)
    games = {frozenset(m.players): m.game_ids for m in tournaments.matches(final.state) if not m.bye}
    g12, g13, g23 = games[frozenset({1, 2})][0], games[frozenset({1, 3})][0], games[frozenset({2, 3})][0]
    rounds = {frozenset(m.players): (m.round, m.id) for m in tournaments.matches(final.state)}
    lines = (await h.service.export_csv(row.id)).splitlines()
    # member 1 beats both, 2 beats 3; each has a bye, a win 2-0 in games (hand-worked percentages: a bye is
    # nobody's opponent, but counts in its player's own record; opponents floored at 33.33%)
    # P1: 3 wins, games 4/4; opponents P2 (2/3 matches) and P3 (1/3): OMW 50%, their GW 75% and 50%: OGW 62.5%
    # P2: 2 wins, games 3/4; opponents P1 (3/3) and P3 (1/3): OMW 66.67%, OGW (100 + 50) / 2 = 75%
    # P3: 1 win (the bye), games 2/4; opponents P2 and P1: OMW (66.67 + 100) / 2 = 83.33%, OGW (75 + 100) / 2
    assert lines[:5] == [
        f"tournament,{row.id},Tixel,round robin,best of 1,finished,champion,P1",
        "rank,user_id,name,points,wins,draws,losses,omw_pct,gw_pct,ogw_pct,dropped",
        "1,1,P1,9,3,0,0,50.00,100.00,62.50,no",
        "2,2,P2,6,2,0,1,66.67,75.00,75.00,no",
        "3,3,P3,3,1,0,2,83.33,50.00,87.50,no",
    ]
    assert lines[5] == "" and lines[6] == "round,match,players,game_no,game_id,game_ranks,match_winner,decided_by"
    body = set(lines[7:])
    r12, r13, r23 = rounds[frozenset({1, 2})], rounds[frozenset({1, 3})], rounds[frozenset({2, 3})]

    def line(r, players, game_id, ranks, winner):
        return f"{r[0]},{r[1]},{players},1,{game_id},{ranks},{winner},games"

    order = {frozenset(m.players): m.players for m in tournaments.matches(final.state)}
    names = {frozenset({1, 2}): " / ".join(f"P{p}" for p in order[frozenset({1, 2})]),
             frozenset({1, 3}): " / ".join(f"P{p}" for p in order[frozenset({1, 3})]),
             frozenset({2, 3}): " / ".join(f"P{p}" for p in order[frozenset({2, 3})])}
    assert line(r12, names[frozenset({1, 2})], g12, "P1 1; P2 2", "P1") in body
    assert line(r13, names[frozenset({1, 3})], g13, "P1 1; P3 2", "P1") in body
    assert line(r23, names[frozenset({2, 3})], g23, "P2 1; P3 2", "P2") in body
    byes = [x for x in lines[7:] if x.endswith(",bye")]
    assert len(byes) == 3 and len(lines) == 7 + 3 + 3  # 3 rounds of one match and one bye each
