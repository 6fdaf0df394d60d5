"""A whole best-of-3 Pixel Tactics match through the loopback Discord: secret Leader picks, hands by DM
(and, for a member with closed DMs, through **Show my hand**), every action through the chooser, a
Trap window answered privately, an Operation running out, a restart in the middle. Every public
payload is checked for hidden information: no hand card, face-down Trap or unrevealed Leader."""

from __future__ import annotations

import json
import logging
import random

from tests.e2e.drive import LeakWatch, dump_images, perform
from tests.e2e.harness import TIMEOUT, open_table_for, parlor, png
from tests.e2e.pt_play import ENGINE, choose
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

SEED = 8


def new_lines(old: list[str], new: list[str]) -> list[str]:
    """Return the log lines ``new`` added to ``old`` (the log keeps only its last lines)."""
    for keep in range(len(old), -1, -1):
        if new[:keep] == old[len(old) - keep:]:
            return new[keep:]
    return new


def hidden_names(state: dict) -> set[str]:
    """Return the names of cards hidden from the public right now: hands, face-down Traps, Leaders not
    yet revealed — but not those also visible somewhere public (mirror decks share names)."""
    public = json.dumps(ENGINE.view(state, None))
    names: set[str] = set()
    for seat in (0, 1):
        view = ENGINE.view(state, seat)
        cards = [*view.get("hand", [])]
        cards += [r["card"] for r in view["players"][seat]["reserve"] if r and r.get("card") and r.get("kind") == "trap"]
        if view.get("leader_pick"):
            cards.append(view["leader_pick"] if isinstance(view["leader_pick"], dict) else {})
        names |= {c["name"] for c in cards if c.get("name") and f'"{c["name"]}"' not in public}
    return names


async def test_best_of_three_match(fake_discord, tmp_path, caplog):  # noqa: F811
    fake = fake_discord
    ada, bob = fake.add_member("Ada"), fake.add_member("Bob")
    fake.close_dms(bob)
    users = [ada, bob]
    db = str(tmp_path / "pt.sqlite3")
    rng = random.Random(SEED)
    lines: list[str] = []
    caplog.set_level(logging.INFO)  # the level the bot runs at (DEBUG dumps raw payloads and SQL)
    watch = LeakWatch(fake, fake.games, caplog.records)
    actions, restarted, game_id = 0, False, None
    finished = False
    while not finished:
        async with parlor(fake, db, seed=SEED) as bot:
            if game_id is None:
                game_id, _ = await open_table_for(fake, bot, users, "pixel-tactics", {"trophies": 2}, thread=False)
            while True:
                table = await bot.tables.load(game_id)
                if table.row.status != "running":
                    finished = True
                    await check_end(fake, bot, game_id, users)
                    replay = await (await fake.slash(ada, "game", {"game": game_id}, subcommand="replay",
                                                     channel=fake.games)).wait_final(TIMEOUT)
                    gif = (replay.followups or [replay.message])[0].attachments[0]
                    assert gif.filename.endswith(".gif") and gif.description
                    break
                if actions == 60 and not restarted:
                    restarted = True
                    break
                decision = rng.choice(table.pending())
                action = choose(table.state, decision.player, rng)
                user = users[decision.player]
                await perform(fake, bot, game_id, user, action, fake.games, closed=user is bob)
                after = await bot.tables.load(game_id)
                watch.check(hidden_names(after.state))
                lines += new_lines(table.state["log"], after.state["log"])
                actions += 1
    text = "\n".join(lines)
    assert restarted and "activates the Trap" in text and "runs out" in text, text[-2000:]
    assert len(fake.dm_messages(ada)) > 5 and not fake.dm_messages(bob)
    # Bob's closed DMs were tried once, then remembered: never retried on every turn.
    bob_dm = f"/channels/{fake.dm_channel(bob).id}/messages"
    refused = [r for r in fake.requests_to("POST", "/channels/{channel_id}/messages") if r.path == bob_dm]
    assert len(refused) == 1 and refused[0].status == 403
    dump_images(fake, "pixel-tactics")
    fake.assert_no_violations()


async def check_end(fake, bot, game_id, users) -> None:
    """The match's end names the winner, with the final board; trophies were announced."""
    final = await fake.wait_for_message(lambda m: "wins the match" in m.content, TIMEOUT, channel=fake.games)
    assert png(final.attachments[0]).height > 800
    result = ENGINE.result((await bot.tables.load(game_id)).state)
    assert len(result.winners) == 1 and f"<@{users[result.winners[0]].id}>" in final.content
    assert any("takes a trophy" in m.content for m in fake.messages(fake.games))
