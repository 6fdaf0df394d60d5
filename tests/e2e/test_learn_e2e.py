"""``/learn``: a guided game against an easy computer player in a thread of its own, for every game, through
the loopback Discord — the welcome, each tip exactly once and in order with the first decision of its kind
(kept across a restart), the closing tip; in the pseudo-language and in German."""

from __future__ import annotations

import random

import pytest

from bot.i18n import PSEUDO, t
from bot.tutorial.tips import CLOSING, WELCOMES
from tests.ai.ai_helpers import tiny_budgets
from tests.e2e.bot_texts import checked_texts
from tests.e2e.computer_play import assert_no_computer_addressed
from tests.e2e.harness import TIMEOUT, parlor
from tests.e2e.learn_play import TRIES, open_learning, play_learning, posted_tips, tip_texts
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)
from tests.i18n.pseudo import outside_catalogue

#: the kinds each game's test must meet before it may stop (then resigned): every kind of decision of its
#: tutorial (the learner, steered by ``tests.e2e.learn_play.choose``, places a Trap set to ask, plays an Order,
#: a Spell, moves, draws, … and its seeded game brings a Corpse and a Trap window)
MUST = {"pixies": {"pick", "keep", "space", "scoring"},
        "tixel": {"place", "slide", "sacrifice", "bonus", "promotion", "draw"},
        "pixel-tactics": {"leader", "wave", "draw", "recruit", "attack", "power", "order", "operation", "place_trap",
                          "move", "corpse", "reserve", "trap"},
        "pixel-pusher": {"draft", "build", "pixel", "flip", "convert", "store", "score"}}
SEEDS = {"pixies": 3, "tixel": 4, "pixel-tactics": 3, "pixel-pusher": 10}


async def resign(fake, user, channel) -> None:
    """``/game resign`` in the game's channel, confirmed (in any language)."""
    asked = await (await fake.slash(user, "game", {}, subcommand="resign", channel=channel)).wait_final(TIMEOUT)
    assert asked.ephemeral, asked.content
    confirm = next(b.custom_id for b in asked.message.buttons() if b.custom_id.endswith(":y"))
    await (await fake.click(user, asked.message, confirm)).wait_final(TIMEOUT)


async def learn_game(fake, bot, user, game: str, lang: str = "en", *, until: bool = False):
    """Open ``/learn game:<game>`` and play it (to its end, or until every kind of ``MUST`` came up); return
    (game id, channel, kinds seen)."""
    record, game_id, channel = await open_learning(fake, bot, user, game)
    assert not record.ephemeral
    table = await bot.tables.load(game_id)
    assert table.row.thread_id == channel and [s.user_id for s in table.seats] == [user.id, -1]
    assert table.row.options["computer_levels"] == {"-1": "easy"} and table.row.options["rated"] is False
    welcome = fake.messages(channel)[0]
    assert t(lang, WELCOMES[game]) in welcome.content and f"<@{user.id}>" in welcome.content
    seen: list[str] = []
    tried: set[str] = set()
    await play_learning(fake, bot, user, game_id, lang, random.Random(SEEDS[game]), seen=seen,
                        until=MUST[game] if until else None, tried=tried)
    assert MUST[game] <= set(seen), seen
    if until:  # each steered decision was taken too, not only offered
        assert tried == set(TRIES.get(game, ())), tried
    return game_id, channel, seen


async def test_learn_pixies_to_the_end_with_a_closing_tip(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    async with parlor(fake, str(tmp_path / "px.sqlite3"), seed=3) as bot:
        game_id, channel, seen = await learn_game(fake, bot, ada, "pixies")
        assert fake.channel(channel).name == "Learn Pixies — Ada"
        assert (await bot.tables.load(game_id)).row.status == "finished"
        closing = t("en", CLOSING, game="pixies")
        await fake.wait_for_message(lambda m: m.content == closing, TIMEOUT, channel=channel)
        assert [m.content for m in fake.messages(channel)].count(closing) == 1
        assert posted_tips(fake, channel, tip_texts("en", "pixies")) == seen == ["pick", "keep", "space", "scoring"]
        assert_no_computer_addressed(fake)


@pytest.mark.parametrize("game", ["tixel", "pixel-tactics", "pixel-pusher"])
async def test_learn_until_every_kind_came_up_then_resign(fake_discord, tmp_path, monkeypatch, game):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    async with parlor(fake, str(tmp_path / "g.sqlite3"), seed=SEEDS[game]) as bot:
        game_id, channel, seen = await learn_game(fake, bot, ada, game, until=True)
        await resign(fake, ada, channel)
        closing = t("en", CLOSING, game=game)
        await fake.wait_for_message(lambda m: m.content == closing, TIMEOUT, channel=channel)
        assert posted_tips(fake, channel, tip_texts("en", game)) == seen
        assert_no_computer_addressed(fake)


#: names never translated: the member, the games, the channel
NAMES = ("Ada", "Tixel", "Pixies", "games")


async def test_learn_in_the_pseudo_language_bypasses_no_catalogue(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    ada.locale = PSEUDO
    async with parlor(fake, str(tmp_path / "xa.sqlite3"), seed=SEEDS["tixel"]) as bot:
        await bot.tables.save_setting(fake.guild_id, "language", PSEUDO)
        game_id, channel, seen = await learn_game(fake, bot, ada, "tixel", PSEUDO, until=True)
        await resign(fake, ada, channel)
        closing = t(PSEUDO, CLOSING, game="tixel")
        await fake.wait_for_message(lambda m: m.content == closing, TIMEOUT, channel=channel)
        assert fake.channel(channel).name == t(PSEUDO, "Learn {game} — {name}", game="Tixel", name="Ada")
        mine = [m for m in fake.all_messages(include_ephemeral=True) + fake.dm_messages(ada)
                if m.author.id == fake.bot_user.id]
        assert checked_texts(mine, lambda _message, text: outside_catalogue(text, NAMES)) > 30
        assert posted_tips(fake, channel, tip_texts(PSEUDO, "tixel")) == seen


async def test_learn_in_german(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    async with parlor(fake, str(tmp_path / "de.sqlite3"), seed=SEEDS["tixel"]) as bot:
        await bot.tables.save_setting(fake.guild_id, "language", "de")
        game_id, channel, seen = await learn_game(fake, bot, ada, "tixel", "de", until=True)
        assert fake.channel(channel).name == "Tixel lernen — Ada"
        said = "\n".join(m.content for m in fake.messages(channel))
        assert "**Ziel:** Lass deinen Gegner ohne erlaubten Zug." in said
        assert "📘 Setze einen Stein aus deinem Vorrat auf ein leeres Feld." in said
        assert "📘 Bonuszug: setzen, schieben" in said and "Bonus move" not in said
        opening = fake.messages(fake.games)[-1].content
        assert "lernt Tixel gegen einen Computerspieler" in opening
        await resign(fake, ada, channel)
        closing = t("de", CLOSING, game="tixel")
        assert "`/spielen spiel:tixel`" in closing
        await fake.wait_for_message(lambda m: m.content == closing, TIMEOUT, channel=channel)


async def test_a_restart_in_the_middle_repeats_no_tip(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    tiny_budgets(monkeypatch)
    fake = fake_discord
    ada = fake.add_member("Ada")
    path = str(tmp_path / "restart.sqlite3")
    seen: list[str] = []
    async with parlor(fake, path, seed=SEEDS["pixies"]) as bot:
        _record, game_id, channel = await open_learning(fake, bot, ada, "pixies")
        await play_learning(fake, bot, ada, game_id, "en", random.Random(1), seen=seen, until={"pick", "keep"})
    assert seen == ["pick", "keep"]
    async with parlor(fake, path, seed=SEEDS["pixies"]) as bot:
        # the table posted again after the restart: its tips are not
        await (await fake.slash(ada, "game", subcommand="status", channel=channel)).wait_final(TIMEOUT)
        await play_learning(fake, bot, ada, game_id, "en", random.Random(2), seen=seen, until={"scoring"})
        assert seen == ["pick", "keep", "space", "scoring"]
        stored = (await bot.tables.load(game_id)).row.options["learn"]["shown"]
        assert stored == seen
