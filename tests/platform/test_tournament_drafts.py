"""Pixel Tactics tournaments that draft first, and replacing a player, over a real temporary database: the
draft pod the bot creates, each drafter's deck from their pool, round 1 after the draft (also when the draft
ended while the bot was down), a saved draft deck edited before a game, and a replacement mid-game."""

from __future__ import annotations

import random

import pytest

from bot import tournaments as tm
from bot.decks import attach
from bot.games.pixel_tactics import decks as deck_rules
from bot.tournament_service import TournamentRefused
from tests.platform.tournament_helpers import GUILD, ORGANISER, Harness


@pytest.fixture
def h(db):
    return Harness(db)


async def draft_through(h: Harness, game_id: int, seed: int, stop_before_last: bool = False,
                        careful: bool = False) -> None:
    """Play a draft with random legal picks (keeping every Hero at the return step) through the table service;
    ``careful``: picks of cards the drafter does not hold yet when there are some; ``stop_before_last``: return
    before the action that ends it."""
    rng = random.Random(seed)
    while True:
        table = await h.tables.load(game_id)
        if table.row.status != "running":
            return
        decision = table.pending()[0]
        legal = table.engine.legal_actions(table.state, decision.player)
        held = set(table.state["leaders"][decision.player] + table.state["heroes"][decision.player])
        new = [a for a in legal if a.get("card") not in held] if careful else []
        action = {"type": "done"} if table.state["phase"] == "return" else rng.choice(new or legal)
        if stop_before_last and table.engine.apply(table.state, decision.player, action)["status"] != "playing":
            return
        await h.tables.act(game_id, table.user_of(decision.player), decision.id, action)


async def test_a_draft_tournament_drafts_then_pairs_round_one_with_the_drafted_decks(h):
    row = await h.open(4, "swiss", kind="pixel-tactics", deck_format="draft")
    with pytest.raises(TournamentRefused, match="drafts its decks"):
        await h.service.join(row.id, 9, "P9", "My deck")
    await h.service.start(row.id, ORGANISER, True)
    [draft] = h.events[-1].new_tables
    assert draft.row.kind == "pt-draft" and sorted(s.user_id for s in draft.seats) == [1, 2, 3, 4]
    assert draft.row.options["tournament"] == {"id": row.id, "match": "draft-1", "game_no": 1, "draft": 0}
    assert {k: draft.row.options[k] for k in ("deadline_policy", "rated")} == {"deadline_policy": "skip",
                                                                                "rated": False}
    assert draft.state["method"] == "pack"
    running = await h.service.load(row.id)
    assert running.status == "running" and tm.drafting(running.state) and tm.round_no(running.state) == 0
    with pytest.raises(TournamentRefused, match="Sign-up is closed"):
        await h.service.join(row.id, 9, "P9")

    await draft_through(h, draft.id, seed=4, careful=True)
    done = await h.tables.load(draft.id)
    after = await h.service.load(row.id)
    assert not tm.drafting(after.state) and tm.round_no(after.state) == 1
    games = h.events[-1].new_tables
    assert len(games) == 2 and all(t.row.kind == "pixel-tactics" for t in games)
    for table in games:
        for seat, deck in zip(table.seats, table.row.options["game"]["decks"], strict=True):
            assert deck_rules.problems(deck) == []  # a legal Standard deck
            pool = done.state["pools"][next(s.seat for s in done.seats if s.user_id == seat.user_id)]
            assert set(deck["leaders"] + deck["heroes"]) <= set(pool)  # every card from the drafter's pool
    assert {g.match_id for g in await h.service.played(row.id)} == {"draft-1", *(m.id for m in
                                                                                  tm.matches(after.state, 1))}
    assert await h.play_out(row.id) == 4  # two Swiss rounds of two games
    assert (await h.service.load(row.id)).status == "finished"


async def test_a_draft_that_ended_while_the_bot_was_down_is_counted_at_the_start(h):
    row = await h.open(3, "round robin", kind="pixel-tactics", deck_format="draft")
    await h.service.start(row.id, ORGANISER, True)
    [draft] = h.events[-1].new_tables
    await draft_through(h, draft.id, seed=9, stop_before_last=True)
    h.tables.after_commit.remove(h.service.games.on_commit)  # the bot stops before the finish hook runs
    await draft_through(h, draft.id, seed=9)
    assert tm.drafting((await h.service.load(row.id)).state)
    done = await h.tables.load(draft.id)
    assert done.row.status == "finished"
    h.tables.after_commit.append(h.service.games.on_commit)
    assert await h.service.reconcile() == 2  # the draft counted, round 1's one game created (a bye)
    after = await h.service.load(row.id)
    assert tm.round_no(after.state) == 1 and len(await h.running_games(row.id)) == 1
    for player in after.state["players"]:  # random picks drafted second copies: the fewest Cube cards complete
        deck = player["deck"]
        pool = done.state["pools"][next(s.seat for s in done.seats if s.user_id == player["id"])]
        extra = set(deck["leaders"] + deck["heroes"]) - set(pool)
        assert deck_rules.problems({k: deck[k] for k in ("format", "leaders", "heroes")}) == []
        assert not extra or len(set(pool)) + len(extra) == 29
    assert await h.service.reconcile() == 0


async def test_a_drafted_deck_edited_from_the_pool_is_dealt_when_legal(h):
    decks = attach(h.tables)
    row = await h.open(2, "round robin", best_of=3, kind="pixel-tactics", deck_format="draft")
    await h.service.start(row.id, ORGANISER, True)
    [draft] = h.events[-1].new_tables
    assert draft.state["method"] == "winston"  # two drafters: the engine's method for two
    await draft_through(h, draft.id, seed=2)
    first = (await h.tables.load((await h.running_games(row.id))[0]))
    built = next(p["deck"] for p in (await h.service.load(row.id)).state["players"] if p["id"] == 1)
    seat = [s.user_id for s in first.seats].index(1)
    assert first.row.options["game"]["decks"][seat]["heroes"] == built["heroes"]
    # player 1 saves the draft's pool and a deck from it without the last Hero (still legal), as /pt deck does
    done = await h.tables.load(draft.id)
    pool = done.state["pools"][next(s.seat for s in done.seats if s.user_id == 1)]
    await decks.save_pool(GUILD, 1, f"Draft #{draft.id}", pool, draft.id)
    edited = {"name": f"Draft #{draft.id}", "format": "standard", "leaders": built["leaders"],
              "heroes": built["heroes"][:25], "pool": f"Draft #{draft.id}"}
    await decks.save(GUILD, 1, edited)
    await h.win(first.id, 2)
    second = await h.tables.load((await h.running_games(row.id))[0])
    seat = [s.user_id for s in second.seats].index(1)
    assert sorted(second.row.options["game"]["decks"][seat]["heroes"]) == sorted(built["heroes"][:25])
    await decks.save(GUILD, 1, {**edited, "heroes": built["heroes"][:20]}, replace=True)  # too few: not legal
    await h.win(second.id, 1)  # 1-1: a third game, dealt the deck the bot built (the saved one is not legal)
    third = await h.tables.load((await h.running_games(row.id))[0])
    seat = [s.user_id for s in third.seats].index(1)
    assert third.row.options["game"]["decks"][seat]["heroes"] == built["heroes"]


async def test_replacing_a_player_mid_game(h):
    row = await h.open(4, "swiss")
    with pytest.raises(TournamentRefused, match="has not started|not playing"):
        await h.service.replace(row.id, 8, 9, "P9", ORGANISER, True)
    await h.service.start(row.id, ORGANISER, True)
    games = await h.running_games(row.id)
    table = await h.tables.load(games[0])
    old = table.seats[0].user_id
    with pytest.raises(TournamentRefused, match="organisers"):
        await h.service.replace(row.id, old, 9, "P9", 5, False)
    with pytest.raises(TournamentRefused, match="already in this tournament"):
        await h.service.replace(row.id, old, table.seats[1].user_id, "X", ORGANISER, True)
    replaced, swapped = await h.service.replace(row.id, old, 9, "Newcomer", ORGANISER, True)
    assert swapped == [table.id]
    seats = (await h.tables.load(table.id)).seats
    assert [(s.user_id, s.name) for s in seats][0] == (9, "Newcomer")
    assert old not in {s.user_id for s in tm.standings(replaced.state)}
    match = next(m for m in tm.matches(replaced.state, 1) if table.id in m.game_ids)
    assert 9 in match.players and old not in match.players
    await h.win(table.id, 9)  # the newcomer wins the game the old player started
    standing = {s.user_id: s for s in tm.standings((await h.service.load(row.id)).state)}
    assert standing[9].name == "Newcomer" and standing[9].points == 3
    with pytest.raises(TournamentRefused, match="not playing"):
        await h.service.replace(row.id, old, 10, "P10", ORGANISER, True)
    await h.play_out(row.id)
    final = await h.service.load(row.id)
    assert final.status == "finished"
    with pytest.raises(TournamentRefused, match="finished"):
        await h.service.replace(row.id, 9, 10, "P10", ORGANISER, True)


def test_pod_sizes_and_replace_everywhere_in_the_state():
    assert [tm.pod_sizes(n) for n in (2, 3, 8, 9, 16, 17, 20)] == [[2], [3], [8], [5, 4], [8, 8], [6, 6, 5],
                                                                   [7, 7, 6]]
    t = tm.new_tournament("tixel", "round_robin", 1, 3, False)
    for u in (1, 2, 3):
        t = tm.add_player(t, u, f"P{u}")
    t = tm.start(t)
    game = tm.games_to_start(t)[0]
    t = tm.attach_game(t, game.match_id, game.game_no, 1)
    t = tm.record_game(t, 1, {game.players[0]: 1, game.players[1]: 2})
    swapped = tm.replace_player(t, 1, 7, "Seven")
    text = repr(swapped)
    assert "'id': 1," not in text and [p["name"] for p in swapped["players"] if p["id"] == 7] == ["Seven"]
    assert all(1 not in pair for pairs in swapped["schedule"] for pair in pairs)
    assert [s.points for s in tm.standings(swapped)] == [s.points for s in tm.standings(t)]
    ranks = [g["ranks"] for m in swapped["matches"] for g in m["games"]]
    assert ranks and all(r in (1, 2) for rs in ranks for _u, r in rs)  # ranks are not user ids


async def test_nine_drafters_draft_in_two_pods_and_round_one_waits_for_both(h):
    row = await h.open(9, "swiss", kind="pixel-tactics", deck_format="draft")
    await h.service.start(row.id, ORGANISER, True)
    drafts = h.events[-1].new_tables
    assert [len(t.seats) for t in drafts] == [5, 4]
    assert sorted(s.user_id for t in drafts for s in t.seats) == list(range(1, 10))
    assert [t.row.options["tournament"]["match"] for t in drafts] == ["draft-1", "draft-2"]
    await draft_through(h, drafts[1].id, seed=1, careful=True)
    halfway = await h.service.load(row.id)
    assert tm.drafting(halfway.state) and halfway.state["draft"]["done"] == [False, True]
    assert await h.running_games(row.id) == [drafts[0].id]  # round 1 waits for the other pod
    await draft_through(h, drafts[0].id, seed=2, careful=True)
    after = await h.service.load(row.id)
    matches = tm.matches(after.state, 1)
    assert len(matches) == 5 and sum(m.bye for m in matches) == 1 and len(await h.running_games(row.id)) == 4


async def test_a_drop_and_a_replacement_during_the_draft(h):
    row = await h.open(4, "round robin", kind="pixel-tactics", deck_format="draft")
    await h.service.start(row.id, ORGANISER, True)
    [draft] = h.events[-1].new_tables
    await h.service.drop(row.id, 2, 2, False)  # leaves the draft (the bot picks for them) and the tournament
    table = await h.tables.load(draft.id)
    assert table.state["active"][[s.user_id for s in table.seats].index(2)] is False
    _row, swapped = await h.service.replace(row.id, 3, 30, "Thirty", ORGANISER, True)
    assert swapped == [draft.id]
    assert 30 in {s.user_id for s in (await h.tables.load(draft.id)).seats}
    await draft_through(h, draft.id, seed=6, careful=True)
    after = await h.service.load(row.id)
    assert sorted(p["id"] for p in after.state["players"]) == [1, 4, 30] and tm.round_no(after.state) == 1
    assert all(deck_rules.problems({k: p["deck"][k] for k in ("format", "leaders", "heroes")}) == []
               for p in after.state["players"])


async def test_a_cube_too_small_for_the_pods_is_refused_at_the_start(h):
    decks = attach(h.tables)
    cube = (await decks.server_lists(GUILD))["cube"]
    await decks.set_server_list(GUILD, "cube", list(dict.fromkeys(cube))[:90])
    row = await h.open(3, "swiss", kind="pixel-tactics", deck_format="draft")
    with pytest.raises(TournamentRefused, match="The server's Cube holds 90 cards, but a draft pod of 3 players "
                                                "needs 96"):
        await h.service.start(row.id, ORGANISER, True)
    assert (await h.service.load(row.id)).status == "signup" and not await h.service.played(row.id)
