"""The Pixel Tactics team modes end to end through the loopback Discord (issue #12), every click a real interaction:
a Team Cross Duel from ``/play mode:team`` through its first Leader loss (the point posted, the defeated seat's
new hand and secret Leader pick by DM only, its lone Ceasefire round, play resuming where it was) with the bot
process restarted twice in the middle, and a King game to its first eliminated Knight (posted, skipped in turn
order, greyed on the board). Every public post, alt text and log line is checked for hidden cards (hands of every
seat, teammates' included, face-down Traps, secret Leader picks) and each member's DMs for cards not theirs.

Seeds were chosen for short games with ``quick_action`` (the Team Cross Duel's first Leader falls at the 32nd
action, the King's first Knight at the 52nd); the expected seats, waves and rounds were worked out from the
rules in docs/rules/pt_modes/team.md and king.md and checked against those games."""

from __future__ import annotations

import json
import logging
import random

from bot.games.pixel_tactics.modes import teams
from bot.games.pixel_tactics.state import card
from cogs.pixel_tactics.game_posts import named_view
from rendering.describe_text import DESCRIBE_POINTER
from rendering.pixel_tactics import team_words as tw
from rendering.pixel_tactics.style import CORPSE_FACE, CORPSE_HATCH, NSA, TRAP
from rendering.pixel_tactics.team_parts import LAYOUTS, part_layout
from rendering.pixel_tactics.teams import HEAD_H, PAD, layout
from tests.e2e.drive import LeakWatch, dump_images, perform, settle
from tests.e2e.harness import parlor, png
from tests.e2e.pt_team_lobby import open_team_table
from tests.e2e.pt_team_play import ENGINE, DmWatch, quick_action, rgb_at, secret_names, shown
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

TEAM_SEED, KING_SEED = 48, 10


class Game:
    """One team game being played through Discord: the members, the game id and the watches."""

    def __init__(self, fake, users, records, open_centre: bool, seed: int):
        self.fake, self.users, self.open_centre = fake, users, open_centre
        self.rng = random.Random(seed)
        self.watch = LeakWatch(fake, fake.games, records)
        self.dms = DmWatch(fake, users)
        self.game_id: int | None = None
        self.done: list[tuple[int, dict, dict]] = []  # (seat, action, the state before it)

    async def step(self, bot) -> dict:
        """Take the next pending decision's action through Discord; check the secrecy; return the new state."""
        table = await bot.tables.load(self.game_id)
        decision = table.pending()[0]
        action = quick_action(table.state, decision.player, self.rng, open_centre=self.open_centre)
        await perform(self.fake, bot, self.game_id, self.users[decision.player], action, self.fake.games)
        after = (await bot.tables.load(self.game_id)).state
        self.watch.check(secret_names(after, None))
        self.dms.check(after)
        self.done.append((decision.player, action, table.state))
        return after

    async def until(self, bot, stop, limit: int = 80) -> dict:
        """Play until ``stop(state)`` holds (at most ``limit`` actions); return that state."""
        for _ in range(limit):
            state = (await bot.tables.load(self.game_id)).state
            if stop(state):
                return state
            await self.step(bot)
        raise AssertionError(f"not reached in {limit} actions")


def posts(fake) -> list[str]:
    """Return the public posts' texts in the games channel."""
    return [m.content for m in fake.messages(fake.games)]


def hand_dms(fake, user) -> list:
    """Return a member's DMs showing their hand."""
    return [m for m in fake.dm_messages(user) if "· your hand (" in m.content]


def snapshot(fake, users) -> tuple:
    """Return what a restart must leave as it was: public posts and every member's DMs (ids and texts)."""
    return ([(m.id, m.content) for m in fake.messages(fake.games)],
            [[(m.id, m.content) for m in fake.dm_messages(u)] for u in users])


async def restart_check(fake, bot, game_id: int, users, before_state: dict, before_version: int, before) -> None:
    """After the bot process restarted: the game stands as stored (same version, same state), nothing re-posted."""
    await settle(bot, game_id)
    table = await bot.tables.load(game_id)
    assert table.row.version == before_version and table.state == before_state
    assert table.row.status == "running"
    assert snapshot(fake, users) == before


async def test_team_cross_duel_through_the_first_leader_loss_with_restarts(fake_discord, tmp_path, caplog):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ana", "Bo", "Cy", "Di")]
    ana, bo, cy, di = users
    db = str(tmp_path / "team.sqlite3")
    caplog.set_level(logging.INFO)  # the level the bot runs at
    game = Game(fake, users, caplog.records, open_centre=False, seed=TEAM_SEED)

    # 1. The table, the opening Leader picks by DM and two rounds of play until a Leader falls.
    async with parlor(fake, db, seed=TEAM_SEED) as bot:
        game.game_id, _ = await open_team_table(fake, bot, users, "team", thread=False)
        start = (await bot.tables.load(game.game_id)).state
        assert [(d.player, d.private) for d in ENGINE.pending(start)] == [(s, True) for s in range(4)]
        fallen = await game.until(bot, lambda s: sum(s["teams"]["defeats"]) > 0)
        assert len(game.done) == 32
        # Di (seat 3, Team 2) lost her Leader at the end of round 2's Vanguard wave (turns 1, 2, 3, 0): a point
        # for Team 1, and she restarts alone.
        t = fallen["teams"]
        assert t["defeats"] == [0, 0, 0, 1] and teams.team_points(fallen) == [1, 0] and [card(c)["name"] for c in
                                                                         t["set_aside"][3]] == ["Rageborn"]
        assert t["picking"] == [3] and t["restarts"] == [3] and t["resume"] == {"wave": "V", "round": 2, "first": 1}
        assert [d.player for d in ENGINE.pending(fallen)] == [3]
        # her new hand: 4 cards + 1 per point of the opposing team + 1 with core decks; the Leader among them
        hand = [card(c)["name"] for c in fallen["players"][3]["hand"]]
        assert len(hand) == 6 and fallen["players"][3]["unit"] == {s: None for s in fallen["players"][3]["unit"]}
        fell = [p for p in posts(fake) if "Leader falls" in p]
        assert fell == ["⚔️ **Di (Team 2)**'s Leader falls: the other team scores (points 1–0). Di restarts with "
                        "a new Leader."]
        head = posts(fake)[-1]
        assert "Team Cross Duel · points 1–0 (3 from one rival or 1 from each) · round 2" in head
        assert f"Still choosing: <@{di.id}>." in head and "revealed together" in head
        # Di's new hand and her secret pick by DM, nobody else asked
        dm = hand_dms(fake, di)[-1]
        assert "your hand (6 cards)" in dm.content and "revealed once every player choosing has chosen" in dm.content
        picks = [b.label for b in dm.buttons() if b.label.startswith("Lead with")]
        leaders = [card(c)["name"] for c in fallen["players"][3]["hand"] if "leader" in card(c)]
        assert picks and [p.split("Lead with ")[1].rsplit(" (", 1)[0] for p in picks] == leaders
        alts = [a.description for a in dm.attachments]  # six cards: the hand in phone-sized images, sent together
        assert len(alts) == 3 and all(f"image {k + 1} of 3" in alt for k, alt in enumerate(alts))
        assert all(name in " ".join(alts) for name in hand)
        for other in (ana, bo, cy):
            assert not any("Lead with" in json.dumps(m.components) for m in fake.dm_messages(other)[-3:])
        stored = await bot.tables.load(game.game_id)
        before = (stored.state, stored.row.version, snapshot(fake, users))

    # 2. The bot process stops and starts again on the same database: the pick is still Di's, by DM.
    async with parlor(fake, db, seed=TEAM_SEED) as bot:
        await restart_check(fake, bot, game.game_id, users, *before)
        picked = await game.until(bot, lambda s: s["teams"]["ceasefire_seat"] == 3 and s["wave"] == "F")
        chosen = [a for seat, a, _ in game.done[32:] if seat == 3 and a["type"] == "leader"]
        assert len(chosen) == 1  # her one secret pick, made by DM
        leader = card(picked["players"][3]["unit"]["L"]["card"])["name"]
        assert leader in leaders  # one of the Leaders in her new hand, revealed once picked
        assert f"👑 **Di** leads with **{leader}**." in posts(fake)
        stored = await bot.tables.load(game.game_id)
        before = (stored.state, stored.row.version, snapshot(fake, users))

    # 3. Restarted again in the middle of her Ceasefire round: she plays its Flank and Rear waves, then the game
    # resumes with the wave that would have come (round 2's Flank wave, Bo first as the round's first player).
    async with parlor(fake, db, seed=TEAM_SEED) as bot:
        await restart_check(fake, bot, game.game_id, users, *before)
        resumed = await game.until(bot, lambda s: s["teams"]["ceasefire_seat"] is None and not s["teams"]["restarts"])
        lone = game.done[32:]
        assert {seat for seat, _, _ in lone} == {3}
        assert [s["wave"] for _, a, s in lone if a["type"] != "leader"] == ["V", "V", "F", "F", "R", "R"]
        assert all(s["actions_left"] <= 2 for _, a, s in lone if a["type"] != "leader")
        assert not any(a["type"] == "attack" for _, a, _ in lone)
        assert (resumed["round"], resumed["wave"], resumed["first"], resumed["turn"]) == (2, "F", 1, 1)
        assert resumed["teams"]["defeats"] == [0, 0, 0, 1] and teams.team_points(resumed) == [1, 0]
        assert "The game resumes." in resumed["log"]
        text = "\n".join(posts(fake))
        assert "Di (Team 2) restarts: a Ceasefire round alone (2 actions in each wave" in text
        assert "restarts: a Ceasefire round alone" not in posts(fake)[-1]
        assert f"<@{bo.id}>: your turn, 2 actions left." in posts(fake)[-1]
        assert posts(fake)[-1].count("Leader falls") == 0 and "\n".join(posts(fake)).count("Leader falls") == 1
        board = [m for m in fake.messages(fake.games) if m.attachments][-1]
        assert png(board.attachments[0]).width == 800
        alt = " ".join(board_alts(board))
        assert "Team Cross Duel" in alt and "Rageborn" in alt  # the set-aside Leader is public
        # play resumes: Bo acts, then the next seat in turn order
        after = await game.step(bot)
        assert game.done[-1][0] == 1 and after["teams"]["ceasefire_seat"] is None
        assert sum(1 for line in after["log"] if "is defeated: a point" in line) == 1
    dump_images(fake, "pt-team-cross")
    fake.assert_no_violations()


def unit_marks(fake, bot_view: dict, names: list[str], seat: int, board) -> tuple:
    """Return (header strip colour, colours across the Unit's space row) of ``seat``'s Unit on a posted board (one
    image, or the part showing that seat's team)."""
    specs = next(s for s in LAYOUTS if len(s) == len(board.attachments))
    if len(specs) == 1:
        k, box = 0, layout(bot_view, names)["units"][seat]
    else:
        k = next(k for k, s in enumerate(specs) if any(seat in tw.rows(bot_view)[r] for r in s[1]))
        box = part_layout(bot_view, names, "en", specs[k])["units"][seat]
    x0, y0, x1, y1 = box
    header_y = y0 + PAD + 2 + 32 if seat in (5, 0, 1) else y1 - PAD - 2 - HEAD_H + 32
    points = [(x1 - PAD - 12, header_y)] + [(x, y0 + 60) for x in range(x0 + PAD + 4, x1 - PAD - 4)]
    colours = rgb_at(board.attachments[k].data, points)
    return colours[0], set(colours[1:])


def board_alts(board) -> list[str]:
    """A board post's alt texts: each a Discord description (≤ 1,024), none pointing at /game describe."""
    alts = [a.description for a in board.attachments]
    assert alts and all(a and len(a) <= 1024 and DESCRIBE_POINTER not in a for a in alts), alts
    if len(alts) > 1:
        assert all(a.startswith(f"Part {k + 1} of {len(alts)}:") for k, a in enumerate(alts)), alts
        assert all(png(a).width == 800 for a in board.attachments)
    return alts


async def test_king_to_its_first_eliminated_knight(fake_discord, tmp_path, caplog):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")]
    caplog.set_level(logging.INFO)
    game = Game(fake, users, caplog.records, open_centre=True, seed=KING_SEED)
    async with parlor(fake, str(tmp_path / "king.sqlite3"), seed=KING_SEED) as bot:
        game.game_id, lobby = await open_team_table(fake, bot, users, "king", thread=False)
        names = (await bot.tables.load(game.game_id)).names()
        out = await game.until(bot, lambda s: any(s["king"]["eliminated"]))
        assert len(game.done) == 52
        # Cy (seat 2, Team 2's Knight beside Bo) is routed at the end of round 2's Flank wave (turns 1..5, 0)
        assert out["king"]["eliminated"] == [False, False, True, False, False, False]
        assert (out["round"], out["wave"], out["turn"], out["first"]) == (2, "R", 1, 1)
        fell = [p for p in posts(fake) if "Leader falls" in p]
        assert fell == ["⚔️ **Cy (Team 2 · Knight)**'s Leader falls: the Knight is eliminated and its Unit leaves "
                        "the table."]
        assert "King · Knights out 1–0" in posts(fake)[-1] and f"<@{users[1].id}>: your turn" in posts(fake)[-1]
        # new neighbours: Bo (Team 1's Knight) now faces Di (Team 2's King) at distance 1
        assert teams.reach(out, 1) == {3: 1, 4: 2} and teams.reach(out, 3) == {1: 1, 0: 2, 5: 2}
        # the board greys Cy's Unit (team orange before, grey and crossed out now)
        boards = [m for m in fake.messages(fake.games) if m.attachments]
        before_view = named_view(ENGINE.view(game.done[-1][2], None), names)
        after_view = named_view(ENGINE.view(out, None), names)
        head_before, _ = unit_marks(fake, before_view, names, 2, boards[-2])
        head_after, stripes = unit_marks(fake, after_view, names, 2, boards[-1])
        assert head_before == shown(TRAP) and head_after == shown(NSA)
        assert {shown(CORPSE_FACE), shown(CORPSE_HATCH)} <= stripes
        # issue 16: the King board's whole state does not fit one alt text: it comes in parts, one per team (and
        # an overview when needed), each with its own description; together they name every seat
        alts = board_alts(boards[-1])
        assert len(alts) >= 2 and all(len(board_alts(b)) >= 1 for b in boards)
        alt = " ".join(alts)
        assert "Cy" in alt and "liminated" in alt
        assert all(f"{name} (Team" in alt for name in names)
        # the Rear wave skips Cy: Bo, Di, Ed, Flo, Ana; round 3's first player is the next live seat after Bo: Di
        turns = []
        for _ in range(5):
            turns.append((await bot.tables.load(game.game_id)).state["turn"])
            state = await game.step(bot)
            if state["turn"] is not None:
                assert f"<@{users[state['turn']].id}>: your turn" in posts(fake)[-1]
        assert turns == [1, 3, 4, 5, 0] and (state["round"], state["wave"], state["first"], state["turn"]) == \
            (3, "V", 3, 3)
        assert not any(f"<@{users[2].id}>: your turn" in p for p in posts(fake)[-6:])
        # each move posts the board again in parts, with new descriptions (older posts edited keep theirs whole)
        now = [m for m in fake.messages(fake.games) if m.attachments]
        assert len(now) > len(boards) and board_alts(now[-1]) != alts
        assert all(board_alts(b) for b in now)
        assert state["king"]["eliminated"][2] and state["status"] != "finished"
    dump_images(fake, "pt-king")
    fake.assert_no_violations()
