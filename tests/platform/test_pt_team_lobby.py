"""Team mode lobbies (issue #12): seat counts per mode through the table service, the lobby text naming each
seat's team and role (seat = join order), the /play options refused at once, and tournaments unchanged."""

from __future__ import annotations

import pytest

from bot import errors
from bot.tables import TableService
from bot.tournament_rules import is_pod
from cogs.lobby.options import option_refusal
from cogs.lobby.texts import lobby_text
from cogs.pixel_tactics.team_lobby import full, seat_role

G = 10
NONE = {"tix": None, "poka_yoke": None, "trophies": None, "deck": None, "set": None, "promos": None,
        "chase": None, "method": None, "mode": None, "points": None}


@pytest.fixture
def service(db):
    return TableService(db, seed_source=lambda: 3)


async def lobby(service: TableService, mode: str | None, joined: int):
    game = {"mode": mode} if mode else {}
    table = await service.create_lobby("pixel-tactics", G, 50, 1, "M1", {"game": game})
    for user in range(2, joined + 1):
        table = await service.join(table.id, user, f"M{user}")
    return table


def test_seat_roles_follow_the_design():
    assert [seat_role("team", s) for s in range(4)] == ["Team 1", "Team 2", "Team 1", "Team 2"]
    assert [seat_role("king", s) for s in range(6)] == [
        "Team 1, King", "Team 1, Knight", "Team 2, Knight", "Team 2, King", "Team 2, Knight", "Team 1, Knight"]


async def test_a_team_cross_duel_lobby_seats_four_and_names_each_seats_team(service):
    table = await lobby(service, "team", 2)
    assert table.seat_range == (4, 4) and not full(table)
    text = lobby_text(table)
    assert "a table for 4 players" in text and "\nMode: Team Cross Duel" in text
    assert ("Seated:\n1. <@1> — Team 1\n2. <@2> — Team 2\n3. (free) — Team 1\n4. (free) — Team 2\n"
            "Needs 2 more to start.") in text
    assert "The game starts when all 4 seats are taken." in text
    with pytest.raises(errors.LobbyError, match="needs 4–4 players; 2 seated"):
        await service.start(table.id, 1)
    table = await service.join(table.id, 3, "M3")
    table = await service.join(table.id, 4, "M4")
    assert full(table)
    with pytest.raises(errors.LobbyError, match=r"The table is full \(4 players\)"):
        await service.join(table.id, 5, "M5")
    started = await service.start(table.id, 1)
    assert started.row.status == "running" and len(started.state["players"]) == 4
    assert started.state["mode"] == "team"


async def test_a_king_lobby_seats_six_with_kings_and_knights(service):
    table = await lobby(service, "king", 6)
    assert table.seat_range == (6, 6) and full(table)
    text = lobby_text(table)
    assert "a table for 6 players" in text and "\nMode: King" in text
    assert ("1. <@1> — Team 1, King\n2. <@2> — Team 1, Knight\n3. <@3> — Team 2, Knight\n4. <@4> — Team 2, King\n"
            "5. <@5> — Team 2, Knight\n6. <@6> — Team 1, Knight") in text
    with pytest.raises(errors.LobbyError, match=r"The table is full \(6 players\)"):
        await service.join(table.id, 7, "M7")


async def test_classic_and_two_seat_modes_still_seat_two(service):
    for mode in (None, "siege", "epic"):
        table = await lobby(service, mode, 2)
        assert table.seat_range == (2, 2) and not full(table)
        assert "a table for 2 players" in lobby_text(table)
        with pytest.raises(errors.LobbyError, match=r"The table is full \(2 players\)"):
            await service.join(table.id, 3, "M3")


def test_pixel_tactics_tournaments_are_still_played_in_pairs():
    assert is_pod("pixel-tactics") is False and is_pod("pixies") is True


@pytest.mark.parametrize("picked, reason", [
    ({"points": 3}, "The `points` option is for Team Cross Duel (`mode:team`) only."),
    ({"mode": "king", "points": 5}, "The `points` option is for Team Cross Duel (`mode:team`) only."),
    ({"mode": "team", "trophies": 2}, "Team Cross Duel is one game, won by defeating Leaders: leave `trophies` out."),
    ({"mode": "king", "promos": True}, "King is played without Promos."),
    ({"mode": "team", "chase": True}, "Team Cross Duel is played without Chase Leaders."),
    ({"mode": "team", "points": 5, "deck": "Foxes"}, "A built deck holds 4 Leaders and each lost Leader is set "
                                                     "aside: a game to 5 points may need 5. Play to 3 points with "
                                                     "built decks."),
])
def test_team_options_are_refused_at_once(picked, reason):
    assert option_refusal("pixel-tactics", {**NONE, **picked}) == reason


def test_team_options_that_fit_are_allowed_and_points_belongs_to_pixel_tactics():
    assert option_refusal("pixel-tactics", {**NONE, "mode": "team", "points": 5, "trophies": 1}) is None
    assert option_refusal("pixel-tactics", {**NONE, "mode": "king", "deck": "Foxes"}) is None
    assert option_refusal("pixies", {**NONE, "points": 3}) == "The `points` option is for Pixel Tactics only."


async def test_a_built_deck_team_table_waits_for_every_deck_then_starts_with_four(service):
    from bot.games.pixel_tactics import sets

    core, core2 = sets.set_keys("core"), sets.set_keys("core2")
    deck = {"name": "Foxes", "format": "standard", "leaders": core[:4], "heroes": core[4:] + core2[:4]}
    for user in (1, 2, 3, 4):
        await service.decks.save(G, user, deck)
    table = await service.create_lobby("pixel-tactics", G, 50, 1, "M1", {
        "game": {"mode": "team"}, "built": True, "deck_choices": {"1": "Foxes"}})
    for user in (2, 3, 4):
        table = await service.join(table.id, user, f"M{user}")
    assert full(table)
    assert ("The game starts when all 4 seats are taken if every player has chosen a deck by then (otherwise the "
            "opener starts it once they have).") in lobby_text(table)
    with pytest.raises(errors.LobbyError, match="Every player must choose a deck first"):
        await service.start(table.id, 1)
    for user in (2, 3, 4):
        await service.choose_deck(table.id, user, "Foxes")
    started = await service.start(table.id, 1)
    assert started.row.status == "running" and started.state["mode"] == "team"
    assert [len(p["leaders"]) for p in started.state["players"]] == [4, 4, 4, 4]
