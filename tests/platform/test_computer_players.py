"""Computer seats, the driver that plays them, lobby seating and the "computer takes over" deadline policy."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot import errors
from bot.computer_players import ComputerDriver, computer_seats, decision_seed
from bot.computer_seating import add_computer, give_back, remove_computer, take_over, vs_seats, with_computer
from bot.deadlines import DeadlineService
from bot.settings import save_setting
from bot.tables import TableService
from storage.timers import Timer
from tests.ai.ai_helpers import tiny_budgets

GUILD = 9
ADA, BOB = 11, 12


@pytest.fixture(autouse=True)
def tiny(monkeypatch):
    tiny_budgets(monkeypatch)


@pytest.fixture
def tables(db):
    return TableService(db, seed_source=lambda: 3)


class Recorder:
    """A decide function counting its calls; ``gate`` (when set) holds each decision until opened."""

    def __init__(self, gate: asyncio.Event | None = None, fail: bool = False):
        self.calls, self.gate, self.fail = [], gate, fail

    async def __call__(self, game, view, seat, legal, level, seed):
        self.calls.append((game, seat, level, seed))
        if self.gate is not None:
            await self.gate.wait()
        if self.fail:
            raise RuntimeError("the worker broke")
        return legal[0]


async def vs_game(tables, level="normal", computer_first=False):
    seats, extra = vs_seats(ADA, "Ada", level)
    if computer_first:
        seats.reverse()
    return await tables.create_started("tixel", GUILD, 50, seats, {"game": {}, **extra})


async def test_computer_seats_names_and_levels(tables):
    table = await vs_game(tables, "strong")
    assert [s.name for s in table.seats] == ["Ada", "Computer (strong)"]
    assert computer_seats(table) == {1: "strong"}
    assert table.row.options["bots"] == [-1] and table.row.options["computer_levels"] == {"-1": "strong"}
    async with tables.lock(table.id):
        table = await tables.update_options(table, {**table.row.options, "takeover": {"0": "easy"}})
    assert computer_seats(table) == {0: "easy", 1: "strong"}
    assert table.names() == ["Ada (computer, easy)", "Computer (strong)"]
    assert decision_seed(table, 1) != decision_seed(table, 0)


async def test_lobby_add_and_remove_computers(tables):
    lobby = await tables.create_lobby("pixies", GUILD, 50, ADA, "Ada", {"game": {}})
    with pytest.raises(errors.LobbyError, match="Only the member who opened"):
        await add_computer(tables, lobby.id, BOB, "easy")
    await add_computer(tables, lobby.id, ADA, "easy")
    table = await add_computer(tables, lobby.id, ADA, "strong")
    assert [(s.user_id, s.name) for s in table.seats] == [(ADA, "Ada"), (-1, "Computer (easy)"),
                                                         (-2, "Computer 2 (strong)")]
    table = await add_computer(tables, lobby.id, ADA, "normal")
    with pytest.raises(errors.LobbyError, match="full"):
        await add_computer(tables, lobby.id, ADA, "easy")
    version = table.row.version
    table = await remove_computer(tables, lobby.id, ADA, -1)
    assert [s.user_id for s in table.seats] == [ADA, -2, -3] and table.row.version == version + 1
    assert table.row.options["bots"] == [-2, -3] and "-1" not in table.row.options["computer_levels"]
    with pytest.raises(errors.LobbyError, match="no longer sits"):
        await remove_computer(tables, lobby.id, ADA, -1)
    started = await tables.start(lobby.id, ADA)
    assert computer_seats(started) == {1: "strong", 2: "normal"}


async def test_computers_refused_where_they_cannot_play(tables):
    draft = await tables.create_lobby("pt-draft", GUILD, 50, ADA, "Ada", {"game": {"method": "winston"}})
    with pytest.raises(errors.LobbyError, match="cannot play"):
        await add_computer(tables, draft.id, ADA, "easy")
    built = await tables.create_lobby("pixel-tactics", GUILD, 50, ADA, "Ada", {"game": {}, "built": True})
    with pytest.raises(errors.LobbyError, match="no deck"):
        await add_computer(tables, built.id, ADA, "easy")
    assert len((await tables.load(built.id)).seats) == 1


async def test_the_driver_plays_one_task_per_game_and_stops_when_the_member_is_to_act(tables):
    decide = Recorder(gate=asyncio.Event())
    driver = ComputerDriver(tables, delay=0, decide=decide)
    tables.after_commit.append(driver.on_commit)
    announced = []

    async def announce(outcome):
        announced.append(outcome)
    driver.announce = announce
    table = await vs_game(tables, computer_first=True)
    driver.poke(table)
    driver.poke(table)
    await asyncio.sleep(0.05)
    assert len(decide.calls) == 1 and driver.busy(table.id)
    decide.gate.set()
    await driver.idle()
    log = await tables.actions(table.id)
    assert [(a.actor_seat, a.actor_id) for a in log] == [(0, -1)]
    assert len(announced) == 1 and announced[0].after.pending()[0].player == 1  # Ada's turn: it stops
    assert decide.calls[0][1:3] == (0, "normal")


async def test_a_stale_decision_is_dropped_quietly(tables, caplog):
    decide = Recorder(gate=asyncio.Event())
    driver = ComputerDriver(tables, delay=0, decide=decide)
    tables.after_commit.append(driver.on_commit)
    table = await vs_game(tables, computer_first=True)
    await asyncio.sleep(0.05)
    assert decide.calls
    await tables.resign(table.id, ADA)  # the game ends while the computer thinks
    decide.gate.set()
    with caplog.at_level(logging.INFO, "parlor.computer"):
        await driver.idle()
    assert [a.actor_seat for a in await tables.actions(table.id)] == [1]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_an_error_is_logged_and_the_next_change_tries_again(tables, caplog):
    decide = Recorder(fail=True)
    driver = ComputerDriver(tables, delay=0, decide=decide)
    tables.after_commit.append(driver.on_commit)
    with caplog.at_level(logging.ERROR, "parlor.computer"):
        table = await vs_game(tables, computer_first=True)
        await driver.idle()
    assert "the computer player failed" in caplog.text and not await tables.actions(table.id)
    decide.fail = False
    driver.poke(await tables.load(table.id))
    await driver.idle()
    assert len(await tables.actions(table.id)) == 1


async def test_resume_at_start_up_makes_the_pending_decision_once(tables):
    table = await vs_game(tables, computer_first=True)  # no driver yet: as if the bot stopped meanwhile
    await vs_game(tables)  # Ada to move: nothing to resume
    driver = ComputerDriver(tables, delay=0, decide=Recorder())
    tables.after_commit.append(driver.on_commit)
    assert await driver.resume() == 1
    await driver.idle()
    assert [a.actor_id for a in await tables.actions(table.id)] == [-1]
    await driver.close()
    driver.poke(await tables.load(table.id))
    assert not driver.busy(table.id)


async def test_the_real_worker_decides_a_legal_move(tables):
    from bot.ai import worker

    worker.use(worker.AIWorker(0))
    driver = ComputerDriver(tables, delay=0)
    tables.after_commit.append(driver.on_commit)
    table = await vs_game(tables, "strong", computer_first=True)
    await driver.idle()
    assert len(await tables.actions(table.id)) == 1
    worker.current().shutdown()


# --- takeover ---------------------------------------------------------------------------------------

@pytest.fixture
def deadlines(db, tables):
    service = DeadlineService(db, tables, lambda: 10_000_000.0)
    tables.after_commit.append(service.sync)
    return service


async def pixies_game(tables, options):
    lobby = await tables.create_lobby("pixies", GUILD, 50, ADA, "Ada", {"game": {}, **options})
    await tables.join(lobby.id, BOB, "Bob")
    return await tables.start(lobby.id, ADA)


async def deadline_timer(db, table) -> Timer:
    [timer] = [t for t in await db.timers.open_of(table.id) if t.kind == "deadline"]
    return timer


async def test_a_timed_out_member_is_taken_over_in_an_unrated_game(db, tables, deadlines):
    await save_setting(db, GUILD, "deadline_policy", "computer")
    await save_setting(db, GUILD, "takeover_level", "strong")
    table = await pixies_game(tables, {"rated": False})
    timer = await deadline_timer(db, table)
    fired = await deadlines.fire(timer)
    assert fired.kind == "computer" and fired.table.row.options["takeover"] == {str(timer.seat): "strong"}
    assert not await db.timers.open_of(table.id)  # a computer-run seat has no deadline
    assert not await tables.actions(table.id)  # the computer plays it through the driver, not here
    with pytest.raises(errors.NotYourTurn, match="/game return"):
        await tables.act(table.id, table.user_of(timer.seat), None, {"type": "none"})
    again = await deadlines.fire(timer)
    assert again.kind == "none"
    with pytest.raises(errors.NotAllowed, match="/game return"):  # no more time to ask for: take the seat back
        await deadlines.extend(table.id, table.user_of(timer.seat))
    other = BOB if table.user_of(timer.seat) == ADA else ADA
    with pytest.raises(errors.NotAllowed, match="not played by a computer"):
        await give_back(tables, table.id, other)
    back, seat = await give_back(tables, table.id, table.user_of(timer.seat))
    assert seat == timer.seat and "takeover" not in back.row.options and computer_seats(back) == {}
    assert await deadline_timer(db, back)  # the member's timers again


@pytest.mark.parametrize("options", [{}, {"rated": False, "tournament": {"id": 1, "match": "1", "game_no": 1}}])
async def test_rated_and_tournament_games_fall_back_to_skip(db, tables, deadlines, options):
    await save_setting(db, GUILD, "deadline_policy", "computer")
    table = await pixies_game(tables, options)
    fired = await deadlines.fire(await deadline_timer(db, table))
    assert fired.kind == "skip" and "takeover" not in (await tables.load(table.id)).row.options
    assert len(await tables.actions(table.id)) == 1


async def test_take_over_refuses_a_decision_already_made(tables):
    table = await pixies_game(tables, {"rated": False})
    with pytest.raises(errors.StaleDecision):
        await take_over(tables, table.id, 0, "not-pending", "easy")
    assert with_computer({"bots": [-1]}, -2, "easy")["bots"] == [-1, -2]


async def test_posts_name_computer_seats_and_offer_them_no_buttons(tables):
    from cogs.buttons import GameButton
    from cogs.computer.posts import seat_label, without_computers
    from cogs.posts import Post

    table = await vs_game(tables, "easy", computer_first=True)
    decision = table.pending()[0]
    button = GameButton(label="x", game_id=table.id, seat=0, decision_id=decision.id, action={"type": "end"})
    post = without_computers(table, Post(f"<@-1>, your move. <@{ADA}> waits; <@-7> too.", [], [button], [-1, ADA]))
    assert post.content == f"**Computer (easy)**, your move. <@{ADA}> waits; a computer player too."
    assert post.mention == [ADA] and post.buttons == []
    assert seat_label(table, 0) == "🤖 **Computer (easy)**"
    assert seat_label(table, 1) == f"<@{ADA}>"
    async with tables.lock(table.id):
        taken = await tables.update_options(table, {**table.row.options, "takeover": {"1": "normal"}})
    post = without_computers(taken, Post(f"<@{ADA}> to move", mention=[ADA]))
    assert post.content == "**Ada (computer, normal)** to move" and post.mention == []


async def test_a_game_left_with_computers_only_waits_for_a_member(tables):
    from bot.computer_players import computer_work, unattended

    table = await vs_game(tables, "easy")  # Ada (seat 0) moves first, against the computer
    [decision] = table.pending()
    assert decision.player == 0 and not unattended(table)
    await take_over(tables, table.id, 0, decision.id, "normal")  # Ada timed out: every seat is computer-run now
    waiting = await tables.load(table.id)
    assert computer_seats(waiting) == {0: "normal", 1: "easy"} and unattended(waiting)
    assert computer_work(waiting) == []  # nobody plays it on for ever (Tixel has no repetition rule)
    recorder = Recorder()
    driver = ComputerDriver(tables, delay=0, decide=recorder)
    driver.poke(waiting)
    assert not driver.busy(table.id) and recorder.calls == []
    back, _ = await give_back(tables, table.id, ADA)
    assert not unattended(back) and [d.player for d in back.pending()] == [0]
