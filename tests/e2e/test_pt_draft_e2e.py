"""Pixel Tactics Drafts through the loopback Discord: a 3-player Pack Draft (one member's DMs closed, a restart
mid-pack) and a Winston Draft, played whole; no public payload ever names a card of a pack, a face-down lot or a
pool; at the end every pool and deck is saved and the pairings open Pixel Tactics lobbies with the drafted decks."""

from __future__ import annotations

import json
import logging
import random

import pytest

from bot import app
from bot.games.pt_draft import PtDraftEngine
from tests.e2e import drive
from tests.e2e.drive import LeakWatch, dump_images, perform
from tests.e2e.harness import TIMEOUT, buttons_with, open_table_for, parlor, png
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

ENGINE = PtDraftEngine()


@pytest.fixture(autouse=True)
def draft_cog(monkeypatch):
    """Load the draft cog even before the bot's cog list names it."""
    if "cogs.pt_draft" not in app.COGS:
        monkeypatch.setattr(app, "COGS", (*app.COGS, "cogs.pt_draft"))


def hidden_names(state: dict) -> set[str]:
    """Return the names of the cards in packs, face-down lots, drawn cards and pools no public place shows."""
    public = json.dumps(ENGINE.view(state, None))
    names: set[str] = set()
    for seat in range(state["num_players"]):
        private = ENGINE.view(state, seat).get("private") or {}
        cards = [*(private.get("pack") or []), *(private.get("lot") or []), *(private.get("leaders") or []),
                 *(private.get("heroes") or [])]
        if private.get("drawn"):
            cards.append(private["drawn"])
        names |= {c["name"] for c in cards if f'"{c["name"]}"' not in public}
    return names


async def finish_checks(fake, bot, game_id, users) -> None:
    """The draft's end is posted; each player's pool and deck are saved; a pairing opens a built-deck lobby."""
    final = await fake.wait_for_message(lambda m: "the draft is over" in m.content, TIMEOUT)
    assert png(final.attachments[0]).width == 800
    for user in users:
        deck = await bot.tables.decks.get(fake.guild_id, user.id, f"Draft #{game_id}")
        assert deck is not None and len(deck["leaders"]) == 4 and len(deck["heroes"]) >= 20
        pools = await bot.tables.decks.pools(fake.guild_id, user.id)
        assert [p["name"] for p in pools] == [f"Draft #{game_id}"] and pools[0]["source_game_id"] == game_id
        assert sorted(deck["leaders"] + deck["heroes"]) == sorted(set(deck["leaders"] + deck["heroes"]))
    pairing = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"pp:{game_id}:")), TIMEOUT)
    first = buttons_with(pairing, f"pp:{game_id}:")[0]
    a = int(first.split(":")[2])
    record = await (await fake.click(users[a], pairing, first)).wait_final(TIMEOUT)
    lobby = record.followups[-1] if record.followups else record.message
    assert "Pixel Tactics" in lobby.content and buttons_with(lobby, "pl:"), lobby.content
    lobby_id = int(buttons_with(lobby, "pl:")[0].split(":")[1])
    table = await bot.tables.load(lobby_id)
    assert table.row.kind == "pixel-tactics" and table.row.options["built"] is True
    assert set(table.row.options["deck_choices"].values()) == {f"Draft #{game_id}"}


async def test_pack_draft_three_players(fake_discord, tmp_path, caplog):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ada", "Bob", "Cy")]
    fake.close_dms(users[2])
    db = str(tmp_path / "draft.sqlite3")
    rng = random.Random(3)
    caplog.set_level(logging.INFO)
    watch = LeakWatch(fake, fake.games, caplog.records)
    actions, restarted, game_id = 0, False, None
    while True:
        async with parlor(fake, db, seed=21) as bot:
            if game_id is None:
                game_id, _ = await open_table_for(fake, bot, users, "pt-draft", {"method": "pack"}, thread=False)
            while True:
                table = await bot.tables.load(game_id)
                if table.row.status != "running":
                    break
                pending = table.pending()
                state = table.state
                if not restarted and state["phase"] == "pack" and state["round"] == 1 and len(pending) == 2:
                    restarted = True  # mid-pack: one player has picked, two have not
                    break
                decision = rng.choice(pending)
                legal = ENGINE.legal_actions(state, decision.player)
                action = legal[0] if state["phase"] == "return" and rng.random() < 0.5 else rng.choice(legal)
                user = users[decision.player]
                await perform(fake, bot, game_id, user, action, fake.games, closed=user is users[2])
                watch.check(hidden_names((await bot.tables.load(game_id)).state))
                actions += 1
            if table.row.status != "running":
                await finish_checks(fake, bot, game_id, users)
                break
    assert restarted and actions >= 84
    assert any(table.state["returned"]) and [len(p) for p in table.state["pools"]] != [32, 32, 32]

    dump_images(fake, "pt-draft-pack")
    fake.assert_no_violations()


async def test_winston_draft(fake_discord, tmp_path, caplog, monkeypatch):  # noqa: F811
    fake = fake_discord
    guided: list[dict] = []
    through_guide = drive._through_guide

    async def spy(fake, game_id, user, seat, decision_id, action, table, message):
        guided.append(action)
        await through_guide(fake, game_id, user, seat, decision_id, action, table, message)
    monkeypatch.setattr(drive, "_through_guide", spy)
    users = [fake.add_member(n) for n in ("Ada", "Bob")]
    rng = random.Random(8)
    caplog.set_level(logging.INFO)
    watch = LeakWatch(fake, fake.games, caplog.records)
    actions, many = 0, False
    async with parlor(fake, str(tmp_path / "winston.sqlite3"), seed=5) as bot:
        game_id, _ = await open_table_for(fake, bot, users, "pt-draft", {"method": "winston"}, thread=False)
        while True:
            table = await bot.tables.load(game_id)
            if table.row.status != "running":
                break
            [decision, *_] = table.pending()
            legal = ENGINE.legal_actions(table.state, decision.player)
            # mostly take lots (a draft of a sensible length), sometimes a Leader or a pass
            takes = [a for a in legal if a["type"] in ("take", "keep")]
            action = takes[0] if takes and rng.random() < 0.6 else rng.choice(legal)
            if table.state["phase"] == "return":  # two Heroes returned each, then done
                returns = [a for a in legal if a["type"] == "return"]
                many |= len(returns) > 23
                action = rng.choice(returns) if len(table.state["returned"][decision.player]) < 2 else legal[-1]
            await perform(fake, bot, game_id, users[decision.player], action, fake.games)
            watch.check(hidden_names((await bot.tables.load(game_id)).state))
            actions += 1
        await finish_checks(fake, bot, game_id, users)
        returned = (await bot.tables.load(game_id)).state["returned"]
    assert actions > 20 and any(returned)
    # more than 23 Heroes to choose from: the returns went through the step-by-step chooser
    assert many and guided and all(a["type"] == "return" for a in guided)
    dump_images(fake, "pt-draft-winston")
    fake.assert_no_violations()
