"""/game undo: who may ask, what may be taken back, votes, the append-only log and replay.

Card ids used in the engine checks: 7 Blue 5, 22 Green 5, 63 Red 9, 48 Red 1.
"""

from __future__ import annotations

import pytest

from bot import errors
from bot.games.pixies import PixiesEngine
from bot.games.pixies.scenario import arrange
from bot.games.tixel import TixelEngine
from bot.tables import TableService, replay
from bot.undo import AGREED, PENDING, REFUSED, UndoClosed, UndoRefused, UndoService

ENGINE = PixiesEngine()
USERS = (1, 2, 3)
OUTSIDER = 99


@pytest.fixture
def service(db):
    return TableService(db, seed_source=lambda: 4242)


@pytest.fixture
def undo(service):
    return UndoService(service)


async def pixies(service, users=USERS):
    """A running Pixies game with ``users`` seated in order."""
    t = await service.create_lobby("pixies", 9, 50, users[0], "P1", {})
    for i, uid in enumerate(users[1:], start=2):
        await service.join(t.id, uid, f"P{i}")
    return await service.start(t.id, users[0])


async def pick(service, game_id, index=0):
    """The player to act takes the ``index``-th legal action through the service; return the outcome."""
    table = await service.load(game_id)
    [decision] = table.pending()
    action = table.engine.legal_actions(table.state, decision.player)[index]
    return await service.act(game_id, table.user_of(decision.player), decision.id, action,
                             for_seat=decision.player)


async def log_of(db, game_id):
    return [(a.seq, a.actor_seat, a.action) for a in await db.actions(game_id)]


async def replayed(service, game_id):
    table = await service.load(game_id)
    log = [(a.actor_seat, a.action) for a in await service.db.actions(game_id)]
    return replay(table.engine, table.row, len(table.seats), log), table


# --- the engine contract ---------------------------------------------------------------------


def test_pixies_allows_a_placement_that_revealed_nothing():
    s = arrange(ENGINE.new_game(3, {}, 2), offer=[7, 63, 48], order=[0, 1, 2])
    take = {"type": "take", "card": 7}
    after = ENGINE.apply(s, 0, take)  # face up on an empty space; seat 1 picks from the same offer
    assert ENGINE.undo_allowed(s, after, 0, take)
    # A take that asks where to keep it (a lone face-up Green 5 on space 5) reveals nothing either.
    s = arrange(ENGINE.new_game(3, {}, 2), grids={0: {4: (22, None)}}, offer=[7, 63, 48], order=[0, 1, 2])
    held = ENGINE.apply(s, 0, take)
    assert held["held"]["kind"] == "keep" and ENGINE.undo_allowed(s, held, 0, take)
    keep = {"type": "keep", "which": "new"}
    assert ENGINE.undo_allowed(held, ENGINE.apply(held, 0, keep), 0, keep)


def test_pixies_refuses_an_action_that_revealed_cards_or_a_resignation():
    s = arrange(ENGINE.new_game(3, {}, 2), offer=[7], order=[2])  # the last pick of the turn
    take = {"type": "take", "card": 7}
    after = ENGINE.apply(s, 2, take)
    assert after["turn"] == s["turn"] + 1 and len(after["deck"]) == len(s["deck"]) - 3
    assert not ENGINE.undo_allowed(s, after, 2, take)
    assert not ENGINE.undo_allowed(s, ENGINE.leave(s, 0), 0, {"type": "resign"})


def test_games_without_hidden_information_keep_the_default():
    s = TixelEngine().new_game(2, {}, 1)
    assert TixelEngine().undo_allowed(s, s, 0, {"type": "anything"})


# --- the workflow ----------------------------------------------------------------------------


async def test_agreed_undo_restores_the_state_and_appends_to_the_log(service, undo, db):
    notified = []

    async def hook(table):
        notified.append(table.row.version)

    service.after_commit.append(hook)
    t = await pixies(service)
    before = t.state
    [d0] = t.pending()
    out = await pick(service, t.id)
    [d1] = out.after.pending()
    assert d1.player != d0.player
    log_before = await log_of(db, t.id)

    asked = await undo.request_undo(t.id, t.user_of(d0.player))
    request = asked.request
    assert request.requester_seat == d0.player and request.number == 1 and request.status == PENDING
    assert sorted(request.voters) == sorted(set(range(3)) - {d0.player})
    assert asked.text == out.text  # e.g. "took Blue 5 → space 5"

    first, second = request.voters
    voted = await undo.vote(t.id, t.user_of(first), 1, True)
    assert voted.status == PENDING and voted.request.waiting_for() == [second]
    assert (await service.load(t.id)).state == out.after.state  # nothing taken back yet
    with pytest.raises(UndoRefused, match="already agreed"):
        await undo.vote(t.id, t.user_of(first), 1, True)
    hooks_before = len(notified)
    voted = await undo.vote(t.id, t.user_of(second), 1, True)
    assert voted.status == AGREED

    after = await service.load(t.id)
    assert after.state == before == voted.after.state
    assert after.row.status == "running" and after.row.version == out.after.row.version + 1
    assert notified[hooks_before:] == [after.row.version]  # the commit hooks ran for the undo
    log = await log_of(db, t.id)
    assert log[:len(log_before)] == log_before  # append-only
    assert log[-1] == (len(log_before) + 1, d0.player, {"type": "undo", "seq": log_before[-1][0]})
    state, _ = await replayed(service, t.id)
    assert state == after.state

    # The decision taken back is open again under a fresh id (its old buttons and timers stay
    # spent); the button of the post made after it is stale.
    reopened = after.pending()
    assert [(d.player, d.kind) for d in reopened] == [(d0.player, d0.kind)] and reopened[0].id != d0.id
    with pytest.raises(errors.StaleDecision):
        await service.act(t.id, t.user_of(d0.player), d0.id, {"type": "take", "card": t.state["offer"][0]},
                          for_seat=d0.player)
    with pytest.raises(errors.StaleDecision):
        await service.act(t.id, t.user_of(d1.player), d1.id, {"type": "take", "card": t.state["offer"][0]},
                          for_seat=d1.player)
    with pytest.raises(UndoClosed, match="already taken back"):
        await undo.vote(t.id, t.user_of(second), 1, True)
    # Play goes on from the restored state: the same player picks again (another card this time).
    again = await pick(service, t.id, index=1)
    assert again.before.state == before
    state, table = await replayed(service, t.id)
    assert state == table.state


async def test_who_may_ask_and_when(service, undo):
    t = await pixies(service)
    with pytest.raises(UndoRefused, match="nothing to take back"):
        await undo.request_undo(t.id, USERS[0])
    with pytest.raises(errors.NotSeated):
        await undo.request_undo(t.id, OUTSIDER)
    out = await pick(service, t.id)
    actor = out.seat
    other = (actor + 1) % 3
    with pytest.raises(UndoRefused, match="Only the last action .* by the player who made it"):
        await undo.request_undo(t.id, t.user_of(other))
    await undo.request_undo(t.id, t.user_of(actor))
    with pytest.raises(UndoRefused, match="already waiting"):
        await undo.request_undo(t.id, t.user_of(actor))
    await undo.drop(t.id, 1)  # e.g. the request post could not be sent: the player may ask again
    assert (await undo.request_undo(t.id, t.user_of(actor))).request.number == 2
    lobby = await service.create_lobby("pixies", 9, 50, USERS[0], "P1", {})
    with pytest.raises(errors.GameNotRunning):
        await undo.request_undo(lobby.id, USERS[0])


async def test_who_may_answer(service, undo):
    t = await pixies(service)
    out = await pick(service, t.id)
    asked = await undo.request_undo(t.id, t.user_of(out.seat))
    voter = asked.request.voters[0]
    with pytest.raises(errors.NotSeated):
        await undo.vote(t.id, OUTSIDER, 1, True)
    with pytest.raises(UndoRefused, match="the other players decide"):
        await undo.vote(t.id, t.user_of(out.seat), 1, True)
    with pytest.raises(UndoClosed, match="no longer open"):
        await undo.vote(t.id, t.user_of(voter), 7, True)  # a request number that is not the open one
    assert (await undo.get(t.id)).votes == {}


async def test_a_refusal_cancels_the_request(service, undo, db):
    t = await pixies(service)
    out = await pick(service, t.id)
    asked = await undo.request_undo(t.id, t.user_of(out.seat))
    first, second = asked.request.voters
    await undo.vote(t.id, t.user_of(first), 1, True)
    log = await log_of(db, t.id)
    voted = await undo.vote(t.id, t.user_of(second), 1, False)
    assert voted.status == REFUSED and voted.request.votes == {first: True, second: False}
    assert (await service.load(t.id)).state == out.after.state and await log_of(db, t.id) == log
    with pytest.raises(UndoClosed, match="already refused"):
        await undo.vote(t.id, t.user_of(first), 1, True)
    # Asking again opens request 2: the buttons of request 1 stay closed.
    asked = await undo.request_undo(t.id, t.user_of(out.seat))
    assert asked.request.number == 2
    with pytest.raises(UndoClosed, match="no longer open"):
        await undo.vote(t.id, t.user_of(first), 1, True)
    for seat in asked.request.voters:
        voted = await undo.vote(t.id, t.user_of(seat), 2, True)
    assert voted.status == AGREED and (await service.load(t.id)).state == t.state


async def test_a_request_goes_stale_once_the_game_moves_on(service, undo, db):
    t = await pixies(service)
    out = await pick(service, t.id)
    asked = await undo.request_undo(t.id, t.user_of(out.seat))
    nxt = await pick(service, t.id)  # the next player does not wait for the vote
    voter = next(s for s in asked.request.voters if s != nxt.seat)
    log = await log_of(db, t.id)
    with pytest.raises(UndoClosed, match="moved on"):
        await undo.vote(t.id, t.user_of(voter), 1, True)
    assert await log_of(db, t.id) == log and (await service.load(t.id)).state == nxt.after.state
    with pytest.raises(UndoClosed):
        await undo.vote(t.id, t.user_of(nxt.seat), 1, True)
    # The first player's action is no longer the last one; the second player may ask for theirs.
    with pytest.raises(UndoRefused, match="Only the last action"):
        await undo.request_undo(t.id, t.user_of(out.seat))
    assert (await undo.request_undo(t.id, t.user_of(nxt.seat))).request.number == 2


async def test_an_action_that_revealed_new_cards_cannot_be_taken_back(service, undo):
    t = await pixies(service)
    turn, deck = t.state["turn"], len(t.state["deck"])
    for _ in range(3):  # first turn of three players: three picks onto empty grids, then a new reveal
        out = await pick(service, t.id)
    assert out.after.state["turn"] == turn + 1 and len(out.after.state["deck"]) == deck - 3
    with pytest.raises(UndoRefused, match="hidden information"):
        await undo.request_undo(t.id, t.user_of(out.seat))
    assert await undo.get(t.id) is None


async def test_chained_undos_take_back_one_action_each(service, undo):
    t = await pixies(service)
    first = await pick(service, t.id)
    second = await pick(service, t.id)
    for out, number in ((second, 1), (first, 2)):
        asked = await undo.request_undo(t.id, t.user_of(out.seat))
        assert asked.request.number == number
        for seat in asked.request.voters:
            await undo.vote(t.id, t.user_of(seat), number, True)
        assert (await service.load(t.id)).state == out.before.state
    with pytest.raises(UndoRefused, match="nothing to take back"):
        await undo.request_undo(t.id, t.user_of(first.seat))
    state, table = await replayed(service, t.id)
    assert state == table.state == t.state


async def test_resignations_are_never_taken_back_and_resigned_players_do_not_vote(service, undo):
    t = await pixies(service, (1, 2, 3, 4))
    out = await pick(service, t.id)
    quitter = out.after.state["order"][1]  # neither the last actor nor the next to act
    await service.resign(t.id, t.user_of(quitter))
    with pytest.raises(UndoRefused, match="resignation cannot be taken back"):
        await undo.request_undo(t.id, t.user_of(quitter))
    nxt = await pick(service, t.id)
    asked = await undo.request_undo(t.id, t.user_of(nxt.seat))
    assert quitter not in asked.request.voters and len(asked.request.voters) == 2
    with pytest.raises(UndoRefused, match="still in the game"):
        await undo.vote(t.id, t.user_of(quitter), 1, True)
    for seat in asked.request.voters:
        voted = await undo.vote(t.id, t.user_of(seat), 1, True)
    assert voted.status == AGREED and (await service.load(t.id)).state == nxt.before.state
    state, table = await replayed(service, t.id)
    assert state == table.state
