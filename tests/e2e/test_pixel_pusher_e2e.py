"""A whole 3-player Pixel Pusher game through the loopback Discord: private simultaneous drafts by DM
and (for a member with closed DMs) through the table post's private button; a restart during the
draft; builds through the chooser; Convert & Store by DM; scoring by buttons; final standings. Every
public payload is checked for hidden information."""

from __future__ import annotations

import json
import logging
import random

from bot.games.pixel_pusher import PixelPusherEngine
from tests.e2e.drive import LeakWatch, dump_images, perform
from tests.e2e.harness import TIMEOUT, open_table_for, parlor, png
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

ENGINE = PixelPusherEngine()


def choose(state: dict, seat: int, rng: random.Random) -> dict:
    """A quick, sensible player: stores before confirming, fills scanlines when it can."""
    legal = ENGINE.legal_actions(state, seat)
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    for preferred in ("fill", "store"):
        if preferred in by_type:
            return rng.choice(by_type[preferred])
    if "convert" in by_type and rng.random() < 0.3:
        return rng.choice(by_type["convert"])
    for final in ("confirm", "done"):
        if final in by_type:
            return by_type[final][0]
    if "install" in by_type and rng.random() < 0.85:
        return rng.choice(by_type["install"])
    return rng.choice(legal)


def hidden_names(state: dict) -> set[str]:
    """Return the names of machine cards in a hand or a draft pick that no public place shows."""
    public = json.dumps(ENGINE.view(state, None))
    names: set[str] = set()
    for seat in range(state["num_players"]):
        private = ENGINE.view(state, seat).get("private") or {}
        for key in ("hand", "drafted"):
            names |= {c["name"] for c in private.get(key) or [] if c.get("name") and f'"{c["name"]}"' not in public}
    return names


async def check_end(fake, bot, game_id, users) -> None:
    """The final standings name the winners, with the final board."""
    final = await fake.wait_for_message(lambda m: "final standings" in m.content, TIMEOUT, channel=fake.games)
    assert png(final.attachments[0]).width >= 700  # the board is drawn 733 px wide
    result = ENGINE.result((await bot.tables.load(game_id)).state)
    assert result.winners and all(f"<@{users[w].id}>" in final.content for w in result.winners)


async def test_whole_three_player_game(fake_discord, tmp_path, caplog):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ada", "Bob", "Cy")]
    fake.close_dms(users[2])
    db = str(tmp_path / "pusher.sqlite3")
    rng = random.Random(5)
    caplog.set_level(logging.INFO)  # the level the bot runs at (DEBUG dumps raw payloads and SQL)
    watch = LeakWatch(fake, fake.games, caplog.records)
    actions = 0
    restarted = False
    game_id = None
    while True:
        async with parlor(fake, db, seed=99) as bot:
            if game_id is None:
                game_id, _ = await open_table_for(fake, bot, users, "pixel-pusher", thread=False)
            while True:
                table = await bot.tables.load(game_id)
                if table.row.status != "running":
                    break
                pending = table.pending()
                decision = rng.choice(pending)
                if (not restarted and table.state["phase"] == "draft" and len(pending) == 2
                        and table.state["round"] == 2):
                    restarted = True  # mid-draft: one player has picked, two have not
                    break
                action = choose(table.state, decision.player, rng)
                user = users[decision.player]
                await perform(fake, bot, game_id, user, action, fake.games, closed=user is users[2])
                watch.check(hidden_names((await bot.tables.load(game_id)).state))
                actions += 1
            if table.row.status != "running":
                await check_end(fake, bot, game_id, users)
                break
    assert restarted and actions > 60
    dump_images(fake, "pixel-pusher")
    fake.assert_no_violations()
