"""The deck service over a real SQLite database: names unique per member and server whatever their case,
edits with their refusals, locks by running games, saved pools, server lists and where a deck may be played."""

from __future__ import annotations

import pytest

from bot.decks import DeckError, DeckService
from bot.games.pixel_tactics import decks as rules
from bot.games.pixel_tactics import pools, sets
from tests.games.pt_deck_fakes import fake_cards  # noqa: F401  (the fixture)

CORE = sets.set_keys("core")
G, ADA, BEN = 10, 1, 2


def valid() -> dict:
    return {"name": "Red Fox", "format": "standard", "leaders": CORE[:4],
            "heroes": CORE[4:] + sets.set_keys("core2")[:4]}


@pytest.fixture
def service(db):
    return DeckService(db, seed_source=lambda: 5)


async def test_save_get_list_names_per_member_and_server(service, fake_cards):  # noqa: F811
    saved = await service.save(G, ADA, valid())
    assert saved == {**rules.normalized(valid()), "pool": None, "pool_cards": None, "locked_by": None}
    assert (await service.get(G, ADA, "  red   FOX "))["name"] == "Red Fox"
    assert await service.get(G, BEN, "Red Fox") is None and await service.get(11, ADA, "Red Fox") is None
    with pytest.raises(DeckError, match="^You already have a deck named “Red Fox”: choose another name.$"):
        await service.save(G, ADA, {**valid(), "name": "RED FOX"})
    await service.save(G, BEN, valid())  # another member may use the name
    replaced = await service.save(G, ADA, {**valid(), "name": "red fox", "heroes": CORE[4:]}, replace=True)
    assert replaced["name"] == "red fox" and len(replaced["heroes"]) == 21
    await service.save(G, ADA, {**valid(), "name": "Alpha"})
    assert [d["name"] for d in await service.list(G, ADA)] == ["Alpha", "red fox"]
    with pytest.raises(DeckError, match="^A deck name has at most 40 characters \\(41 given\\).$"):
        await service.save(G, ADA, {**valid(), "name": "x" * 41})
    with pytest.raises(DeckError, match="^The format must be standard or epic, not “draft”.$"):
        await service.save(G, ADA, {**valid(), "name": "Z", "format": "draft"})
    with pytest.raises(DeckError, match="^Decks belong to a server"):
        await service.save(None, ADA, valid())


async def test_edits_rename_copy_delete_and_their_refusals(service):
    await service.new(G, ADA, "Build", "standard")
    deck = await service.edit(G, ADA, "build", rules.add, CORE[0], "leader")
    deck = await service.edit(G, ADA, "build", rules.add, CORE[1])
    assert deck["leaders"] == [CORE[0]] and deck["heroes"] == [CORE[1]]
    with pytest.raises(DeckError, match="cannot hold a card in both stacks"):
        await service.edit(G, ADA, "build", rules.add, CORE[0])
    deck = await service.edit(G, ADA, "build", rules.designate, CORE[1], "leader")
    assert deck["leaders"] == [CORE[0], CORE[1]] and deck["heroes"] == []
    assert (await service.edit(G, ADA, "build", rules.remove, CORE[0]))["leaders"] == [CORE[1]]
    assert (await service.rename(G, ADA, "build", "Final"))["name"] == "Final"
    await service.copy(G, ADA, "final", "Spare")
    with pytest.raises(DeckError, match="^You already have a deck named “Final”"):
        await service.rename(G, ADA, "spare", "FINAL")
    assert await service.delete(G, ADA, "spare") == "Spare"
    with pytest.raises(DeckError, match="^You have no deck named “Spare” in this server"):
        await service.delete(G, ADA, "Spare")
    assert [d["name"] for d in await service.list(G, ADA)] == ["Final"]


async def test_a_locked_deck_refuses_edits_until_its_games_end(service, fake_cards):  # noqa: F811
    await service.save(G, ADA, valid())
    await service.lock(G, ADA, "red fox", 41)
    await service.lock(G, ADA, "red fox", 40)
    assert (await service.get(G, ADA, "Red Fox"))["locked_by"] == 40
    refusal = "^Your deck “Red Fox” is locked by game #40 until it ends.$"
    for attempt in (service.edit(G, ADA, "Red Fox", rules.remove, CORE[5]),
                    service.rename(G, ADA, "Red Fox", "Blue"), service.delete(G, ADA, "Red Fox"),
                    service.save(G, ADA, valid(), replace=True)):
        with pytest.raises(DeckError, match=refusal):
            await attempt
    assert (await service.copy(G, ADA, "Red Fox", "Copy"))["locked_by"] is None  # a copy is free
    assert await service.unlock_game(40) == 1
    with pytest.raises(DeckError, match="locked by game #41"):
        await service.delete(G, ADA, "Red Fox")
    await service.unlock_game(41)
    assert await service.delete(G, ADA, "Red Fox") == "Red Fox"


async def test_import_export_and_bad_codes_change_nothing(service, fake_cards):  # noqa: F811
    code = service.export_code(valid())
    imported = await service.import_code(G, BEN, "From Ada", code)
    assert imported["leaders"] == CORE[:4] and imported["heroes"] == rules.normalized(valid())["heroes"]
    with pytest.raises(DeckError, match="^The code is damaged or incomplete"):
        await service.import_code(G, BEN, "Broken", code[:-2] + ("00" if code[-2:] != "00" else "11"))
    with pytest.raises(DeckError, match="^That is not a Pixel Tactics deck code"):
        await service.import_code(G, BEN, "Foreign", "AAECAR8GuQ")
    assert [d["name"] for d in await service.list(G, BEN)] == ["From Ada"]


async def test_combination_and_saved_pool_decks(service, fake_cards):  # noqa: F811
    deck = await service.new(G, ADA, "Combo", "standard", combination=(["core"], ["mini1"]))
    assert deck["leaders"] == pools.combination(5, "core", "mini1")["leaders"]
    assert await service.problems_here(G, deck) == []
    with pytest.raises(DeckError, match="^A Standard Combination is one core set and one minipak"):
        await service.new(G, ADA, "Bad", "standard", combination=(["core"], []))
    drafted = CORE[:20] + sets.set_keys("core2")[:12]
    saved = await service.save_pool(G, ADA, "Draft #7", drafted, 7)
    again = await service.save_pool(G, ADA, "draft #7", drafted[:3], 9)
    assert (saved["name"], again["name"]) == ("Draft #7", "draft #7 (2)")
    assert [p["name"] for p in await service.pools(G, ADA)] == ["draft #7 (2)", "Draft #7"]
    built = await service.new(G, ADA, "Drafted", "standard", pool="DRAFT #7")
    assert built["pool"] == "Draft #7" and built["heroes"] == rules.normalized({"leaders": [], "heroes": drafted})[
        "heroes"]
    for key in CORE[:4]:
        built = await service.edit(G, ADA, "Drafted", rules.designate, key, "leader")
    assert await service.problems_here(G, built) == []
    with pytest.raises(DeckError, match="^Not in the card pool: "):
        await service.edit(G, ADA, "Drafted", rules.add, CORE[24])
    # a deck from a saved pool follows the pool, not the Constructed lists
    await service.set_server_list(G, "banned_leaders", [CORE[0]])
    assert await service.problems_here(G, built) == []
    with pytest.raises(DeckError, match="^Make a deck from a Combination or from a saved pool, not both.$"):
        await service.new(G, ADA, "Both", "standard", combination=(["core"], ["mini1"]), pool="Draft #7")
    with pytest.raises(DeckError, match="^You have no saved pool named “Nope”.$"):
        await service.new(G, ADA, "None", "standard", pool="Nope")


async def test_server_lists_defaults_and_changes(service, fake_cards):  # noqa: F811
    lists = await service.server_lists(G)
    assert lists["pool_sets"] == ["core", "core2", "mini1", "mini2", "commons"] and lists["chase"] is True
    assert lists["pool"] == pools.default_pool() and lists["cube"] == pools.DEFAULT_CUBE and lists["cube_default"]
    assert lists["restricted_hero_count"] == 1 and lists["banned_heroes"] == []
    await service.save(G, ADA, valid())
    deck = await service.get(G, ADA, "Red Fox")
    assert await service.problems_here(G, deck) == []
    await service.set_server_list(G, "pool_sets", ["core"])
    await service.set_server_list(G, "restricted_leaders", CORE[:2])
    found = await service.problems_here(G, deck)
    assert found[0].startswith("Not in the card pool: ") and found[1].startswith("Only one Restricted Leader")
    assert await service.problems_here(11, deck) == []  # another server keeps its defaults
    lists = await service.set_server_list(G, "pool_sets", None)
    assert lists["pool_sets"] == list(pools.DEFAULT_POOL_SETS)
    lists = await service.set_server_list(G, "cube", CORE[:3])
    assert lists["cube"] == CORE[:3] and not lists["cube_default"]
    with pytest.raises(ValueError, match="unknown Pixel Tactics list"):
        await service.set_server_list(G, "colour", "red")
