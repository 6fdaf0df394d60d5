"""Helpers of the ``/learn`` end-to-end tests: open a tutorial, and play the learner's decisions through
Discord while checking that each tip appeared exactly once, in order, with the first decision of its kind."""

from __future__ import annotations

import random

from bot.i18n import t
from bot.tutorial import learner_kinds
from bot.tutorial.tips import TIP, TIPS
from tests.e2e.computer_play import member_turn
from tests.e2e.drive import perform, settle
from tests.e2e.harness import TIMEOUT
from tests.e2e.pt_play import choose as pt_choose
from tests.e2e.test_pixel_pusher_e2e import choose as pusher_choose
from tests.e2e.tixel_play import board_post, by_button, by_text


def tip_texts(lang: str, game: str) -> dict[str, str]:
    """Return ``{kind: the posted tip}`` of a game in ``lang``."""
    return {kind: t(lang, TIP, tip=t(lang, tip)) for kind, tip in TIPS[game].items()}


def posted_tips(fake, channel_id: int, tips: dict[str, str]) -> list[str]:
    """Return the kinds of the tips posted in a channel, in order."""
    by_text = {text: kind for kind, text in tips.items()}
    return [by_text[m.content] for m in fake.messages(channel_id) if m.content in by_text]


async def open_learning(fake, bot, user, game: str):
    """``/learn game:<game>`` as ``user``; return (its answer, the game id, the game's channel or thread id)."""
    record = await (await fake.slash(user, "learn", {"game": game}, channel=fake.games)).wait_final(TIMEOUT)
    [row] = await bot.tables.games_of(user.id, ("running",))
    table = await member_turn(bot, row.id, {0})
    return record, row.id, table.row.post_channel_id


#: the action types a learner tries once each, the first time they are offered (in this order of preference), so
#: that the decisions after them come up too: a Trap set to ask (a Trap window later), Orders, Spells, Moves, …
TRIES = {"pixel-tactics": ("trap", "order", "spell", "operation", "move", "switch", "leader_action", "draw"),
         "pixel-pusher": ("flip", "pixel")}


def choose(table, rng: random.Random, tried: set[str] | None = None) -> dict:
    """Return the learner's next action: a quick sensible player (never a Tixel draw offer) that, in Pixel
    Tactics and Pixel Pusher, first tries each action type of ``TRIES`` once (recorded in ``tried``)."""
    kind, state = table.row.kind, table.state
    if kind in TRIES:
        legal = table.engine.legal_actions(state, 0)
        tried = set() if tried is None else tried
        tries = _tries(kind, legal, tried)
        if tries:
            tried.add(tries[0]["type"])
            return rng.choice(tries)
    if kind == "pixel-tactics":
        return _tactics(state, legal, rng)
    if kind == "pixel-pusher":
        return _pusher(state, legal, rng)
    legal = [a for a in table.engine.legal_actions(state, 0) if "draw" not in a["type"]]
    if kind == "tixel":
        return _tixel(table, legal, rng)
    return rng.choice(legal)


def _tries(game: str, legal: list[dict], tried: set[str]) -> list[dict]:
    """Return the learner's legal actions of the first type of ``TRIES`` not tried yet (a Trap: set to ask)."""
    for kind in TRIES[game]:
        found = [a for a in legal if a["type"] == kind and a.get("policy", "ask") == "ask"]
        if kind not in tried and found:
            return found
    return []


def _tactics(state: dict, legal: list[dict], rng: random.Random) -> dict:
    """Pixel Tactics: springs a Trap when it can (else lets the event pass, never muting), clears a Corpse,
    recruits, otherwise the quick player of ``tests.e2e.pt_play``."""
    for kind in ("activate", "clear_corpse"):
        found = [a for a in legal if a["type"] == kind]
        if found:
            return found[0]
    if any(a["type"] == "decline" for a in legal):
        return {"type": "decline"}
    recruits = [a for a in legal if a["type"] == "recruit"]
    if recruits:  # a full front guards the Leader: the rival's Attacks fall on Heroes (Corpses come up)
        return rng.choice(recruits)
    return pt_choose(state, 0, rng)


def _pusher(state: dict, legal: list[dict], rng: random.Random) -> dict:
    """Pixel Pusher: drafts the Reverser when offered, otherwise the quick player of the Pusher e2e test."""
    reverser = [a for a in legal if a["type"] == "pick" and a["card"] == "reverse"]
    return reverser[0] if reverser else pusher_choose(state, 0, rng)


def _tixel(table, legal: list[dict], rng: random.Random) -> dict:
    """A Tixel learner that soon sacrifices with two pieces on the board (a bonus move where a pick-up, a
    promotion, is legal), then picks up."""
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    mine = sum(1 for piece in table.engine.view(table.state, 0)["board"].values() if piece["owner"] == 0)
    sacrifices = [a for a in by_type.get("slide", []) if a.get("turn") is None]
    if "pickup" in by_type:
        return rng.choice(by_type["pickup"])
    if sacrifices and mine >= 2:
        return rng.choice(sacrifices)
    if "place" in by_type and (mine < 2 or rng.random() < 0.5):
        return rng.choice(by_type["place"])
    return rng.choice(legal)


async def act(fake, bot, user, table, action: dict) -> None:
    """Take the learner's ``action`` as a member would (Tixel: ``/tixel move``, or the **end** button), and wait
    until the bot has posted what follows."""
    if table.row.kind != "tixel":
        await perform(fake, bot, table.id, user, action, table.row.post_channel_id)
        return
    if action["type"] == "end":
        table, decision, message = await board_post(fake, bot, table.id)
        await by_button(fake, user, table, decision, message, action)
    else:
        await by_text(fake, user, table, action)
    await settle(bot, table.id)


async def play_learning(fake, bot, user, game_id: int, lang: str, rng: random.Random, *, seen: list[str],
                        until: set[str] | None = None, most: int = 60, tried: set[str] | None = None) -> int:
    """Play the learner's decisions until the game ends, or every kind of ``until`` came up, or ``most`` moves;
    before each move assert the posted tips are exactly those of the kinds ``seen`` so far (extended in place),
    in order. Return the moves made."""
    table = await bot.tables.load(game_id)
    tips = tip_texts(lang, table.row.kind)
    tried = set() if tried is None else tried
    moves = 0
    while (table := await member_turn(bot, game_id, {0})) is not None:
        seen.extend(kind for kind in learner_kinds(table) if kind not in seen)
        assert posted_tips(fake, table.row.post_channel_id, tips) == seen
        if until is not None and until <= set(seen) or moves >= most:
            break
        await act(fake, bot, user, table, choose(table, rng, tried))
        moves += 1
    return moves
