"""Content versions: ids carry the version (none = 1); new games record and settle the current one."""


import pytest

from bot.games.base import BadOptions
from bot.games.pixel_tactics import sets
from bot.games.pixel_tactics.state import card, copy_of, key_of, make_id, owner, version_of
from tests.games.pt_versions_golden import E


def test_ids_parse_key_version_copy_and_owner():
    assert (key_of("0.lorekeeper"), version_of("0.lorekeeper"), copy_of("0.lorekeeper")) == ("lorekeeper", 1, 1)
    assert (key_of("1.lorekeeper@2#3"), version_of("1.lorekeeper@2#3"), copy_of("1.lorekeeper@2#3")) == \
        ("lorekeeper", 2, 3)
    assert (key_of("0.rune_smith@2"), owner("1.rune_smith@2"), version_of("0.x#2")) == ("rune_smith", 1, 1)
    assert make_id(0, "lorekeeper", 1) == "0.lorekeeper" and make_id(1, "lorekeeper", 2, 2) == "1.lorekeeper@2#2"
    assert card("0.lorekeeper@3#2") is sets.card_def("lorekeeper")
    assert card("0.lorekeeper@2#2") is sets.card_def("lorekeeper", 2)
    assert (card("0.lorekeeper@2")["leader"]["life"], card("0.lorekeeper@3")["leader"]["life"]) == (20, 21)


def test_new_games_record_the_current_content_and_settle_it_in_their_options():
    s = E.new_game(2, {}, 4)
    assert s["content"] == sets.CURRENT == 6
    assert all(c.endswith("@6") for p in s["players"] for c in p["hand"] + p["deck"])
    assert E.settled_options({"trophies": 2}) == {"trophies": 2, "content": 6}
    assert E.settled_options({"content": 1}) == {"content": 1}
    assert E.settled_options({"trophies": 1, "content": 2}) == {"trophies": 1, "content": 2}
    assert E.settled_options({"trophies": 1, "content": 3}) == {"trophies": 1, "content": 3}
    assert E.settled_options({"trophies": 1, "content": 4}) == {"trophies": 1, "content": 4}
    # same seed, same shuffle: only the version mark differs between contents 1 to 6 (core keys unchanged)
    for version in (1, 2, 3, 4, 5):
        old = E.new_game(2, {"content": version}, 4)
        assert [key_of(c) for c in old["players"][1]["hand"]] == [key_of(c) for c in s["players"][1]["hand"]]
        assert old.get("content", 1) == version and all(version_of(c) == version for c in old["players"][1]["hand"])


@pytest.mark.parametrize("content", [0, 7, "2", True, 1.0])
def test_bad_content_versions_are_refused(content):
    with pytest.raises(BadOptions, match="content must be a content version from 1 to 6"):
        E.new_game(2, {"content": content}, 1)
