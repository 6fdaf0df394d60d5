"""Helpers of the league e2e tests: drive a Pixel Tactics League through the loopback Discord as its members do
(sign-up buttons, DM picks and menus, challenge buttons, resignations in the game threads)."""

from __future__ import annotations

import random

import bot.league as rules
from bot.games.pixel_tactics.pools import name_of as name_of_card
from tests.e2e.drive import selects
from tests.e2e.harness import TIMEOUT, buttons_with
from tests.e2e.test_deadlines_e2e import Clock  # noqa: F401  (the league tests' fake clock)
from tests.e2e.tournament_play import click, refusal, wait_for  # noqa: F401  (shared helpers)
from tests.fakediscord import FakeDiscord, Message, User

H = 3600.0


async def slash(fake: FakeDiscord, user: User, sub: str, options: dict | None = None, channel=None):
    """Run ``/league <sub>`` in the games channel and wait for the final answer."""
    return await (await fake.slash(user, "league", options or {}, subcommand=sub,
                                   channel=channel or fake.games)).wait_final(TIMEOUT)


def answer_of(record) -> Message:
    """Return the last message an interaction produced (its response or latest follow-up)."""
    found = [m for m in [record.message, *record.followups] if m is not None]
    assert found, "the interaction produced no message"
    return found[-1]


async def choose(fake: FakeDiscord, user: User, message: Message, custom_id: str, values: list[str]):
    """Pick in a select menu and wait for the bot's final answer."""
    return await (await fake.select(user, message, custom_id, values)).wait_final(TIMEOUT)


def menu(message: Message, prefix: str) -> dict | None:
    """Return the message's select menu whose custom id starts with ``prefix``."""
    return next((s for s in selects(message) if str(s.get("custom_id", "")).startswith(prefix)), None)


async def dm_with_menu(fake: FakeDiscord, user: User, custom_id: str) -> Message:
    """Wait for the DM carrying the select menu ``custom_id`` (exactly)."""
    return await fake.wait_for_message(lambda m: any(s.get("custom_id") == custom_id for s in selects(m)),
                                       TIMEOUT, channel=fake.dm_channel(user))


async def run_draft(fake: FakeDiscord, bot, lid: int, by_id: dict[int, User], rng: random.Random,
                    alt: str = "League Draft: the visible cards") -> int:
    """Make every League Draft pick through the drafters' DMs until the draft is over; return the picks made.
    Each DM shows the 3 visible cards as an image (its alt text starting with ``alt``), and its menu offers
    exactly "take X, bottom Y" of them."""
    picks = 0
    before = {m.id: m.content for m in fake.messages(fake.games)}
    while True:
        row = await bot.tables.leagues.load(lid)
        view = rules.draft_state(row.state)
        if view is None:
            return picks
        token = f"{view.kind[0]}{view.left}p{view.pile}"
        cid = f"ldp:{lid}:{view.user_id}:{token}"
        user = by_id[view.user_id]
        if user.dms_closed:  # told once in the channel; the pick is made through /league draft (ephemeral)
            await fake.wait_for_message(lambda m, u=user: f"<@{u.id}>" in m.content and "draft`" in m.content,
                                        TIMEOUT, channel=fake.games)
            shown = await slash(fake, user, "draft")
            dm = shown.followups[-1]
            assert dm.ephemeral and menu(dm, cid) is not None, dm.content
        else:
            dm = await dm_with_menu(fake, user, cid)
        [image] = dm.attachments
        assert image.description.startswith(alt)
        options = [o["value"] for o in menu(dm, cid)["options"]]
        visible = list(view.visible)
        pairs = {(t, b) for i, t in enumerate(visible) if t in view.takeable
                 for j, b in enumerate(visible) if j != i}
        assert len(options) == (len(pairs) if len(visible) > 1 else len(view.takeable))
        record = await choose(fake, by_id[view.user_id], dm, cid, [rng.choice(options)])
        assert not record.followups, record.followups[0].content if record.followups else ""
        assert answer_of(record).content.lstrip("⟦").startswith("✅")
        public = " ".join(m.content or "" for m in fake.messages(fake.games) if before.get(m.id) != m.content)
        leaked = [name_of_card(k) for k in visible if name_of_card(k) in public]
        assert not leaked, (leaked, public[-500:])  # the revealed cards stay private
        picks += 1


async def secret_choice(fake: FakeDiscord, bot, lid: int, cid: int, user: User, rng: random.Random,
                        leader: str | None = None) -> tuple[str, str]:
    """Make a player's secret choice by DM (closed DMs: through **My secret choice** on the challenge post): a
    Leader (``leader`` or any offered), then a rival Base; return them."""
    if user.dms_closed:
        post = await challenge_post(fake, lid, cid, f"lcs:{lid}:{cid}")
        dm = (await click(fake, user, post, f"lcs:{lid}:{cid}")).message
        assert dm.ephemeral
    else:
        dm = await dm_with_menu(fake, user, f"lcl:{lid}:{cid}:{user.id}")
    offered = [o["value"] for o in menu(dm, "lcl:")["options"]]
    row = await bot.tables.leagues.load(lid)
    assert sorted(offered) == sorted(set(rules.available_leaders(row.state, user.id)))
    leader = leader or rng.choice(offered)
    await choose(fake, user, dm, f"lcl:{lid}:{cid}:{user.id}", [leader])
    dm = next(m for m in fake.all_messages() if m.id == dm.id)  # edited: the Base menu now
    base_menu = menu(dm, f"lcb:{lid}:{cid}:{user.id}:")
    assert base_menu is not None, dm.content
    base = rng.choice([o["value"] for o in base_menu["options"]])
    record = await choose(fake, user, dm, base_menu["custom_id"], [base])
    assert not record.followups, record.followups[0].content if record.followups else ""
    return leader, base


async def challenge_post(fake: FakeDiscord, lid: int, cid: int, button: str = "") -> Message:
    """Wait for the public post of a challenge (with a button starting with ``button``: by default Accept's)."""
    prefix = button or f"lca:{lid}:{cid}:"
    return await fake.wait_for_message(lambda m: bool(buttons_with(m, prefix)), TIMEOUT, channel=fake.games)


async def open_challenge(fake: FakeDiscord, bot, lid: int, challenger: User, rival: User) -> int:
    """``/league challenge`` by ``challenger``, accepted by ``rival`` on the public post; return the challenge id."""
    record = await slash(fake, challenger, "challenge", {"member": rival})
    assert record.ephemeral and "challenge" in record.content, record.content
    row = await bot.tables.leagues.load(lid)
    cid = max(c["id"] for c in row.state["challenges"])
    post = await challenge_post(fake, lid, cid)
    assert [u.id for u in post.mentions] == [rival.id]
    assert not (await click(fake, rival, post, f"lca:{lid}:{cid}:y")).followups
    return cid


async def stored(bot, lid: int, cid: int) -> dict:
    """Return a challenge as stored now."""
    row = await bot.tables.leagues.load(lid)
    return next(c for c in row.state["challenges"] if c["id"] == cid)


async def posted_game(bot, lid: int, cid: int, thread: bool = True):
    """Wait until a challenge's game is created (in a thread of its own unless ``thread`` is False) and its
    table posted; return it."""
    async def game():
        c = await stored(bot, lid, cid)
        if c.get("game_id") is None:
            return None
        table = await bot.tables.load(c["game_id"])
        return table if bool(table.row.thread_id) == thread and table.row.posted_version == table.row.version \
            else None

    return await wait_for(game, f"the game of challenge {cid}")


async def play_out(fake: FakeDiscord, bot, lid: int, cid: int, players: list[User], loser: User,
                   rng: random.Random) -> dict:
    """Both secret choices by DM, the game posted in a thread, ``loser`` resigns there; return the challenge as
    stored once its result is recorded."""
    for user in players:
        await secret_choice(fake, bot, lid, cid, user, rng)

    table = await posted_game(bot, lid, cid)
    thread = fake.channel(table.row.thread_id)
    assert thread in fake.threads(fake.games)
    assert table.row.options["game"]["trophies"] == 1 and len(table.row.options["game"]["bases"]) == 2
    asked = await (await fake.slash(loser, "game", {}, subcommand="resign", channel=thread)).wait_final(TIMEOUT)
    confirm = next(b.custom_id for b in asked.message.buttons() if b.custom_id.endswith(":y"))
    await (await fake.click(loser, asked.message, confirm)).wait_final(TIMEOUT)

    async def done():
        c = await stored(bot, lid, cid)
        return c if c["status"] == "done" else None

    return await wait_for(done, f"the result of challenge {cid}")


async def battle(fake: FakeDiscord, bot, lid: int, challenger: User, rival: User, loser: User,
                 rng: random.Random) -> dict:
    """Play one challenge whole (offered, accepted, chosen, played until ``loser`` resigns); return it as stored."""
    cid = await open_challenge(fake, bot, lid, challenger, rival)
    return await play_out(fake, bot, lid, cid, [challenger, rival], loser, rng)
