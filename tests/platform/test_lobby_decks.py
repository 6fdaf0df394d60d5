"""Built-deck tables through the table service: private deck choices, the start with every seat's deck, locks
for the game's duration and their release when it ends, and every refusal changing nothing."""

from __future__ import annotations

import pytest

from bot import errors
from bot.decks import DeckError
from bot.games.pixel_tactics import sets
from bot.tables import TableService

G, ADA, BEN, CY = 10, 1, 2, 3
CORE, CORE2 = sets.set_keys("core"), sets.set_keys("core2")


def deck(name: str, leaders: list[str], heroes: list[str]) -> dict:
    return {"name": name, "format": "standard", "leaders": leaders, "heroes": heroes}


ADA_DECK = deck("Foxes", CORE[:4], CORE[4:] + CORE2[:4])
BEN_DECK = deck("Owls", CORE2[:4], CORE2[4:] + CORE[:4])


@pytest.fixture
def service(db):
    return TableService(db, seed_source=lambda: 3)


async def built_lobby(service: TableService) -> int:
    await service.decks.save(G, ADA, ADA_DECK)
    await service.decks.save(G, BEN, BEN_DECK)
    chosen = await service.playable_deck(G, ADA, "foxes")
    table = await service.create_lobby("pixel-tactics", G, 50, ADA, "Ada",
                                       {"game": {}, "built": True, "deck_choices": {str(ADA): chosen["name"]}})
    await service.join(table.id, BEN, "Ben")
    return table.id


async def test_every_seat_must_choose_then_the_game_starts_with_both_decks_locked(service):
    game_id = await built_lobby(service)
    with pytest.raises(errors.LobbyError, match=f"still waiting for <@{BEN}>"):
        await service.start(game_id, ADA)
    with pytest.raises(errors.LobbyError, match="no deck named “Hawks”"):
        await service.choose_deck(game_id, BEN, "Hawks")
    with pytest.raises(errors.LobbyError, match="Take a seat first"):
        await service.choose_deck(game_id, CY, "Owls")
    table = await service.choose_deck(game_id, BEN, "owls")
    assert table.row.options["deck_choices"] == {str(ADA): "Foxes", str(BEN): "Owls"}

    started = await service.start(game_id, ADA)
    stored = started.row.options["game"]
    assert [(d["format"], sorted(d["leaders"]), sorted(d["heroes"])) for d in stored["decks"]] == [
        ("standard", sorted(ADA_DECK["leaders"]), sorted(ADA_DECK["heroes"])),
        ("standard", sorted(BEN_DECK["leaders"]), sorted(BEN_DECK["heroes"]))]
    assert stored["content"] == sets.CURRENT  # written out, so that a replay deals the same cards
    state = started.state
    assert state["phase"] == "leader"
    # each seat picks its Leader from its own Leader stack
    picks = {a["card"] for a in started.engine.legal_actions(state, 0)}
    assert {p.split(".")[1].split("@")[0] for p in picks} == set(ADA_DECK["leaders"])

    assert (await service.decks.get(G, ADA, "Foxes"))["locked_by"] == game_id
    with pytest.raises(DeckError, match=f"#{game_id}"):
        await service.decks.rename(G, ADA, "Foxes", "Vixens")

    await service.resign(game_id, BEN, G)  # the game ends: both decks are free again
    assert (await service.decks.get(G, ADA, "Foxes"))["locked_by"] is None
    assert (await service.decks.get(G, BEN, "Owls"))["locked_by"] is None
    await service.decks.rename(G, ADA, "Foxes", "Vixens")


async def test_an_invalid_deck_is_refused_at_the_lobby_and_at_the_start(service):
    game_id = await built_lobby(service)
    await service.decks.save(G, BEN, deck("Short", CORE2[:4], CORE2[4:20]))
    with pytest.raises(errors.LobbyError, match="can't be played here"):
        await service.choose_deck(game_id, BEN, "Short")
    table = await service.load(game_id)
    assert str(BEN) not in table.row.options["deck_choices"]  # the refusal changed nothing


async def test_a_table_without_built_decks_refuses_a_deck_choice(service):
    table = await service.create_lobby("pixel-tactics", G, 50, ADA, "Ada", {"game": {}})
    await service.decks.save(G, ADA, ADA_DECK)
    with pytest.raises(errors.LobbyError, match="without built decks"):
        await service.choose_deck(table.id, ADA, "Foxes")


def test_a_rematch_is_settled_afresh():
    from bot.lobby_decks import fresh_options

    stored = {"thread": True, "built": True, "deck_choices": {"1": "Foxes"},
              "game": {"trophies": 2, "content": 1, "decks": [{"format": "standard"}], "promos": True}}
    assert fresh_options(stored) == {"thread": True, "built": True, "deck_choices": {"1": "Foxes"},
                                     "game": {"trophies": 2, "promos": True}}


def test_play_options_of_other_games_and_impossible_matches_are_refused():
    from cogs.lobby.options import option_refusal

    none = dict.fromkeys(("tix", "poka_yoke", "trophies", "deck", "set", "promos", "chase", "method"))
    assert option_refusal("pixel-tactics", {**none, "deck": "Foxes", "trophies": 2}) is None
    assert "1 or 2 trophies" in option_refusal("pixel-tactics", {**none, "deck": "Foxes", "trophies": 3})
    assert "not both" in option_refusal("pixel-tactics", {**none, "deck": "Foxes", "set": "core2"})
    assert option_refusal("pixies", {**none, "promos": True}) == "The `promos` option is for Pixel Tactics only."
    assert "Pixel Tactics Draft only" in option_refusal("pixel-tactics", {**none, "method": "pack"})
