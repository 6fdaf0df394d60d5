"""The Pixel Tactics modes through the loopback Discord: a whole Siege game (a fortress hit, then a breach that
wins), a whole Duel Draft game (the opening draft by public buttons, Draft Draws and Gather Funds through the
chooser) and an Epic Duel through its first fallen Leader and the new Leader's boon. Every public payload is
checked for hidden information: hands, face-down Traps, unrevealed Leaders, fortress cards, the shared deck."""

from __future__ import annotations

import json
import random

from bot.games.pixel_tactics.state import card
from tests.e2e.drive import LeakWatch, dump_images, perform
from tests.e2e.harness import TIMEOUT, open_table_for, parlor, png, resign
from tests.e2e.pt_mode_play import ENGINE, choose_mode
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

SIEGE_SEED, DRAFT_SEED, EPIC_SEED = 0, 7, 0


def hidden_names(state: dict, shown: set[str]) -> set[str]:
    """Return the names of cards hidden from the public now (hands, face-down Traps, Leaders not yet revealed,
    fortress cards, the shared deck), except those also visible somewhere public (copies share names) and the
    ``shown`` ones (Duel Draft: a card drafted from the face-up tableau is known to be in its taker's hand)."""
    public = json.dumps(ENGINE.view(state, None))
    ids: list[str] = []
    for player in state["players"]:
        ids += player["hand"] + [c for column in player.get("fortress", []) for c in column]
        ids += [r["card"] for r in player["reserve"] if r and r.get("kind") == "trap"]
        ids += [player["leader_pick"]] if player.get("leader_pick") else []
    ids += (state.get("duel_draft") or {}).get("deck", [])
    return {card(i)["name"] for i in ids if f'"{card(i)["name"]}"' not in public} - shown


async def play(fake, bot, game_id: int, users, rng: random.Random, watch: LeakWatch, limit: int,
               stop=lambda state: False) -> tuple[int, list[str]]:
    """Play chosen actions through Discord until the game ends, ``stop`` holds or ``limit`` actions; return
    (actions, the engine log lines seen)."""
    lines: list[str] = []
    shown: set[str] = set()
    for count in range(limit):
        table = await bot.tables.load(game_id)
        if table.row.status != "running" or stop(table.state):
            return count, lines
        decision = rng.choice(table.pending())
        action = choose_mode(table.state, decision.player, rng)
        await perform(fake, bot, game_id, users[decision.player], action, fake.games)
        after = await bot.tables.load(game_id)
        shown |= {lot["card"]["name"] for lot in (ENGINE.view(table.state, None).get("duel_draft") or {})
                  .get("tableau", [])}
        watch.check(hidden_names(after.state, shown))
        lines += [line for line in after.state["log"] if line not in table.state["log"]]
    return limit, lines


def lobby_text(fake, lobby) -> str:
    """Return the lobby post's text as it stands now."""
    return next(m.content for m in fake.messages(fake.games) if m.id == lobby.id)


async def final_post(fake, bot, game_id: int, users) -> str:
    """Wait for the match's end post; check it names the winner with the final board; return its alt text."""
    final = await fake.wait_for_message(lambda m: "wins the match" in m.content, TIMEOUT, channel=fake.games)
    assert png(final.attachments[0]).height > 800
    result = ENGINE.result((await bot.tables.load(game_id)).state)
    assert len(result.winners) == 1 and f"<@{users[result.winners[0]].id}>" in final.content
    assert "Game over: " in final.attachments[0].description
    return final.attachments[0].description


async def test_a_whole_siege_game(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    watch = LeakWatch(fake, fake.games)
    async with parlor(fake, str(tmp_path / "siege.sqlite3"), seed=SIEGE_SEED) as bot:
        for game, options, refusal in (
                ("pixies", {"mode": "siege"}, "The `mode` option is for Pixel Tactics only."),
                ("pixel-tactics", {"mode": "epic", "trophies": 2}, "leave `trophies` out"),
                ("pixel-tactics", {"mode": "duel_draft", "promos": True}, "Duel Draft is played without Promos.")):
            rec = await (await fake.slash(users[0], "play", {"game": game, **options},
                                          channel=fake.games)).wait_final(TIMEOUT)
            assert rec.ephemeral and refusal in rec.content, rec.content
        game_id, lobby = await open_table_for(fake, bot, users, "pixel-tactics", {"mode": "siege", "trophies": 1},
                                              thread=False)
        assert "Mode: Siege" in lobby_text(fake, lobby)
        first = await fake.wait_for_message(lambda m: bool(m.attachments), TIMEOUT, channel=fake.games)
        assert "Face-down fortress cards per column (0, 1, 2): Ada 2, 2, 2; Bob 2, 2, 2." in \
            first.attachments[0].description
        count, lines = await play(fake, bot, game_id, users, random.Random(SIEGE_SEED), watch, 200)
        assert (await bot.tables.load(game_id)).row.status == "finished", count
        text = "\n".join(lines)
        assert "declares a melee attack on Seat" in text and "takes one of its cards into their hand" in text
        assert "breaks through" in text, text[-1500:]
        alt = await final_post(fake, bot, game_id, users)
        assert "Pixel Tactics, Siege" in alt and "0" in alt.split("per column (0, 1, 2):")[1][:40]
        posted = "\n".join(m.content for m in fake.messages(fake.games))
        assert "fortress behind the" in posted and "Leader" not in posted.split("Mode: Siege")[-1]
        assert "**Pixel Tactics #1** · Siege · game 1 (trophies 0–0, first to 1) · round 1" in posted
    dump_images(fake, "pt-siege")
    fake.assert_no_violations()


#: a whole game's replay renders every sampled frame: generous on a loaded machine (a guard, not a timing)
REPLAY_TIMEOUT = 120.0


async def test_a_whole_duel_draft_game(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    watch = LeakWatch(fake, fake.games)
    async with parlor(fake, str(tmp_path / "draft.sqlite3"), seed=DRAFT_SEED) as bot:
        game_id, lobby = await open_table_for(fake, bot, users, "pixel-tactics",
                                              {"mode": "duel_draft", "trophies": 1}, thread=False)
        assert "Mode: Duel Draft" in lobby_text(fake, lobby)
        opening = await fake.wait_for_message(lambda m: "Opening draft:" in m.content, TIMEOUT, channel=fake.games)
        labels = [b.label for b in opening.buttons() if b.custom_id.startswith(f"pg:{game_id}:")]
        assert labels and labels[0].startswith("Take ") and all("Pass over" in x for x in labels[1:])
        assert "Duel Draft tableau from the far end:" in opening.attachments[0].description
        # Play through the opening draft and two whole rounds of Draft Draws and Gather Funds, then Bob resigns
        # (the whole game is played by the Siege test; this keeps the replay below short).
        count, lines = await play(fake, bot, game_id, users, random.Random(DRAFT_SEED), watch, 200,
                                  stop=lambda state: state["phase"] == "turn" and state["round"] >= 3)
        if (await bot.tables.load(game_id)).row.status == "running":
            await resign(fake, users[1], fake.games)
        assert (await bot.tables.load(game_id)).row.status == "finished", count
        text = "\n".join(lines)
        assert "The opening draft is done" in text and "passing over" in text
        alt = await final_post(fake, bot, game_id, users)
        assert "Pixel Tactics, Duel Draft" in alt and "Gold: Ada" in alt
        replay = await (await fake.slash(users[0], "game", {"game": game_id}, subcommand="replay",
                                         channel=fake.games)).wait_final(REPLAY_TIMEOUT)
        gif = (replay.followups or [replay.message])[0].attachments[0]
        assert gif.filename.endswith(".gif") and "Duel Draft" in gif.description
    dump_images(fake, "pt-duel-draft")
    fake.assert_no_violations()


def _boon_taken(state: dict) -> bool:
    """Whether a new Epic Duel Leader's boon has been chosen and played out."""
    return bool(state["epic"]["fallen"][0] or state["epic"]["fallen"][1]) and state["phase"] == "turn"


async def test_an_epic_duel_through_its_first_fallen_leader(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member("Ada"), fake.add_member("Bob")]
    watch = LeakWatch(fake, fake.games)
    async with parlor(fake, str(tmp_path / "epic.sqlite3"), seed=EPIC_SEED) as bot:
        game_id, lobby = await open_table_for(fake, bot, users, "pixel-tactics", {"mode": "epic"}, thread=False)
        assert "Mode: Epic Duel" in lobby_text(fake, lobby)
        count, lines = await play(fake, bot, game_id, users, random.Random(EPIC_SEED), watch, 200, _boon_taken)
        state = (await bot.tables.load(game_id)).state
        assert _boon_taken(state), count
        text = "\n".join(lines)
        assert "chooses to" in text, text[-1500:]
        board = [m for m in fake.messages(fake.games) if m.attachments][-1]
        alt = board.attachments[0].description
        left = [3 if state["epic"]["fallen"][s] else 4 for s in (0, 1)]
        assert f"Epic Duel. Leaders left: Ada {left[0]}, Bob {left[1]}." in alt and "Fallen Leaders: " in alt
        posted = "\n".join(m.content for m in fake.messages(fake.games))
        assert "A Leader fell:" in posted and "your new Leader is in play" in posted
        assert f"· Epic Duel (Leaders left {left[0]}–{left[1]}) · round" in posted
    dump_images(fake, "pt-epic")
    fake.assert_no_violations()
