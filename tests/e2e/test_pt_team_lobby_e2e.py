"""A Team Cross Duel lobby through the loopback Discord (issue #12): /play mode:team opens a 4-seat table naming
each seat's team as members join, it starts when the fourth joins, and each member gets their own hand by DM
(teammates included: no hand in the thread or the channel)."""

from __future__ import annotations

import json
import random

import pytest

from bot.games.pixel_tactics.state import card
from tests.e2e.drive import LeakWatch, perform
from tests.e2e.harness import TIMEOUT, parlor, png
from tests.e2e.pt_team_lobby import open_team_table
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def test_a_four_seat_lobby_starts_when_full_and_deals_each_hand_by_dm(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ana", "Bo", "Cy", "Di")]
    async with parlor(fake, str(tmp_path / "team.sqlite3")) as bot:
        refused = await (await fake.slash(users[0], "play", {"game": "pixel-tactics", "mode": "team", "trophies": 2},
                                          channel=fake.games)).wait_final(TIMEOUT)
        assert refused.ephemeral and "leave `trophies` out" in refused.content
        game_id, lobby = await open_team_table(fake, bot, users, "team", {"points": 5})
        table = await bot.tables.load(game_id)
        assert [s.user_id for s in table.seats] == [u.id for u in users]
        assert table.state["mode"] == "team" and len(table.state["players"]) == 4
        text = next(m.content for m in fake.messages(fake.games) if m.id == lobby.id)
        assert "the game has started" in text and "\nMode: Team Cross Duel" in text
        assert "Option: points = 5" in text
        assert (f"1. <@{users[0].id}> — Team 1\n2. <@{users[1].id}> — Team 2\n3. <@{users[2].id}> — Team 1\n"
                f"4. <@{users[3].id}> — Team 2") in text
        hands = [[card(c)["name"] for c in p["hand"]] for p in table.state["players"]]
        for seat, user in enumerate(users):
            dm = await fake.wait_for_message(lambda m: "your hand" in m.content, TIMEOUT,
                                             channel=fake.dm_channel(user))
            assert dm.attachments and f"{len(hands[seat])} cards" in dm.content
            files = [a.filename for a in dm.attachments]  # the hand in phone-sized images, in the same message
            assert len(files) >= 2 and files == [f"pixel-tactics-{game_id}-hand-{k + 1}.png" for k in range(len(files))]
            assert all(png(a).height <= 1.6 * png(a).width for a in dm.attachments)
            assert all(name in " ".join(a.description for a in dm.attachments) for name in hands[seat])
            assert "Lead with" in json.dumps(dm.components)  # the secret Leader pick, by DM
            own = json.dumps([b.label for b in dm.buttons()])
            assert all(name in own for name in hands[seat])
        thread = fake.threads(fake.games)[-1]
        post = await fake.wait_for_message(lambda m: "Leaders are picked" in m.content, TIMEOUT, channel=thread)
        public = json.dumps([{"c": m.content, "alt": [a.description for a in m.attachments]}
                             for m in fake.messages(thread) + fake.messages(fake.games)])
        shown = json.dumps(table.engine.view(table.state, None))
        secret = {n for hand in hands for n in hand if f'"{n}"' not in shown}
        assert secret and not {n for n in secret if n in public}
        assert all(f"<@{u.id}>" in post.content for u in users)  # every seat is still choosing
        assert "Team Cross Duel · points 0–0 (5 from one rival or 2 from each)" in post.content


TEAM_KEYS = ("to_seat", "from_seat", "seat", "long", "foe")


def pick(legal: list[dict], rng: random.Random) -> dict:
    """Prefer the team modes' own actions (ally Moves and Corpses, Long Actions, a foe), then Attacks, then any
    action but ending the turn early."""
    for keep in (lambda a: any(k in a for k in TEAM_KEYS), lambda a: a["type"] == "attack",
                 lambda a: a["type"] != "end"):
        found = [a for a in legal if keep(a)]
        if found:
            return rng.choice(found)
    return rng.choice(legal)


@pytest.mark.parametrize("mode, names", [("team", ("Ana", "Bo", "Cy", "Di")),
                                         ("king", ("Ana", "Bo", "Cy", "Di", "Ed", "Flo"))])
async def test_team_turns_through_the_chooser(fake_discord, tmp_path, mode, names):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in names]
    rng = random.Random(3)
    async with parlor(fake, str(tmp_path / f"{mode}.sqlite3"), seed=3) as bot:
        game_id, _ = await open_team_table(fake, bot, users, mode, thread=False)
        watch = LeakWatch(fake, fake.games)
        done: list[dict] = []
        for _ in range(30 if mode == "team" else 45):
            table = await bot.tables.load(game_id)
            decision = table.pending()[0]
            action = pick(table.engine.legal_actions(table.state, decision.player), rng)
            await perform(fake, bot, game_id, users[decision.player], action, fake.games)
            after = await bot.tables.load(game_id)
            hidden = {card(c)["name"] for p in after.state["players"] for c in p["hand"]}
            watch.check(hidden - {n for n in hidden if f'"{n}"' in json.dumps(after.engine.view(after.state, None))})
            done.append(action)
        assert any(any(k in a for k in TEAM_KEYS) for a in done), done  # a team action went through the chooser
        head = "Team Cross Duel · points 0–0" if mode == "team" else "King · Knights out 0–0"
        assert any(head in m.content for m in fake.messages(fake.games))
