"""A whole 3-player Pixel Pusher game through the loopback Discord: private simultaneous drafts by DM
and (for a member with closed DMs) through the table post's private button; a restart during the
draft; builds through the chooser; Convert & Store by DM; scoring by buttons; final standings. Every
public payload is checked for hidden information."""

from __future__ import annotations

import json
import random

from bot.games.pixel_pusher import PixelPusherEngine
from tests.e2e.drive import dump_images, perform
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


def hidden_ids(state: dict) -> set[str]:
    """Return the ids of every card in a hand or a draft pick right now (never public)."""
    ids: set[str] = set()
    for seat in range(state["num_players"]):
        view = ENGINE.view(state, seat)
        private = view.get("private") or {}
        for key in ("hand", "drafted"):
            ids.update(c["id"] for c in private.get(key) or [] if c.get("id", "").startswith("m"))
    return ids


async def check_end(fake, bot, game_id, users) -> None:
    """The final standings name the winners, with the final board."""
    final = await fake.wait_for_message(lambda m: "final standings" in m.content, TIMEOUT, channel=fake.games)
    assert png(final.attachments[0]).width >= 800
    result = ENGINE.result((await bot.tables.load(game_id)).state)
    assert result.winners and all(f"<@{users[w].id}>" in final.content for w in result.winners)


def check_no_leak(fake, secrets: set[str]) -> None:
    """No public post, alt text or button of the game ever showed a card from a hand or a pick."""
    public = fake.messages(fake.games, include_ephemeral=False)
    assert public and secrets
    for message in public:
        payload = json.dumps({"content": message.content, "components": message.components,
                              "alt": [a.description for a in message.attachments]})
        leaked = {card for card in secrets if f'"{card}"' in payload or f"={card}" in payload}
        assert not leaked, (leaked, message.content[:200])


async def test_whole_three_player_game(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ada", "Bob", "Cy")]
    fake.close_dms(users[2])
    db = str(tmp_path / "pusher.sqlite3")
    rng = random.Random(5)
    secrets: set[str] = set()
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
                secrets |= hidden_ids(table.state)
                pending = table.pending()
                decision = rng.choice(pending)
                if (not restarted and table.state["phase"] == "draft" and len(pending) == 2
                        and table.state["round"] == 2):
                    restarted = True  # mid-draft: one player has picked, two have not
                    break
                action = choose(table.state, decision.player, rng)
                user = users[decision.player]
                await perform(fake, bot, game_id, user, action, fake.games, closed=user is users[2])
                actions += 1
            if table.row.status != "running":
                await check_end(fake, bot, game_id, users)
                break
    assert restarted and actions > 60
    check_no_leak(fake, secrets)
    dump_images(fake, "pixel-pusher")
    fake.assert_no_violations()
