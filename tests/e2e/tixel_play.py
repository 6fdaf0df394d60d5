"""Playing Tixel through the loopback Discord the three ways a member can: text, guide and buttons."""

from __future__ import annotations

import asyncio
import random

from bot.games.tixel import TixelEngine, notation
from cogs.tixel.guide import guided_actions, source_of, target_of
from tests.e2e.harness import TIMEOUT, buttons_with

ENGINE = TixelEngine()


def short_game(options: dict, players: int = 2, *, limit: int = 60, tries: int = 400) -> tuple[int, list]:
    """Find a table seed and a random action sequence that ends in a win within ``limit`` actions.

    Pure engine simulation: the end-to-end test then replays exactly these actions through Discord.
    Draw offers are left out (they have their own test).
    """
    for seed in range(tries):
        rng = random.Random(seed)
        state = ENGINE.new_game(players, options, seed)
        actions = []
        while not ENGINE.is_terminal(state) and len(actions) < limit:
            decision = ENGINE.pending(state)[0]
            legal = [a for a in ENGINE.legal_actions(state, decision.player) if "draw" not in a["type"]]
            action = rng.choice(legal)
            actions.append((decision.player, action))
            state = ENGINE.apply(state, decision.player, action)
        if ENGINE.is_terminal(state) and ENGINE.result(state).winners:
            return seed, actions
    raise AssertionError("no short game found")


async def board_post(fake, bot, game_id):
    """Wait for the board post offering the pending decision; return (table, decision, message)."""
    table = await bot.tables.load(game_id)
    decision = table.pending()[0]
    prefix = f"pg:{game_id}:{decision.player}:{decision.id}:"
    guide = f"tg:{game_id}:{decision.player}:{decision.id}"
    message = await fake.wait_for_message(
        lambda m: bool(buttons_with(m, prefix) or buttons_with(m, guide)), TIMEOUT)
    return table, decision, message


async def by_text(fake, user, table, action):
    """Play ``action`` with /tixel move, after checking autocomplete offers it."""
    text = notation.format_action(action)
    auto = await (await fake.autocomplete(user, "tixel", "move", {"move": text[:2]}, subcommand="move",
                                          channel=table.row.post_channel_id)).wait_response(TIMEOUT)
    assert auto.choices and all(c["value"].lower().startswith(text[:2].lower()) for c in auto.choices[:1])
    rec = await (await fake.slash(user, "tixel", {"move": text}, subcommand="move",
                                  channel=table.row.post_channel_id)).wait_final(TIMEOUT)
    assert rec.ephemeral and "✅" in rec.content, rec.content  # ✅ Played `…` (in any language)


async def by_guide(fake, user, table, decision, message, action):
    """Play ``action`` through the guided components (button, then up to three selects)."""
    guide = f"tg:{table.id}:{decision.player}:{decision.id}"
    rec = await (await fake.click(user, message, guide)).wait_final(TIMEOUT)
    assert rec.ephemeral, rec.content
    private = rec.message
    actions = guided_actions(table, decision.player)
    source, target = source_of(action), target_of(action)
    variants = [a for a in actions if source_of(a) == source and target_of(a) == target]
    for value in (source, target, str(variants.index(action))):
        select = next(c for c in private.iter_components() if c.get("type") == 3
                      and value in {o["value"] for o in c["options"]})
        step = await (await fake.select(user, private, select["custom_id"], [value])).wait_final(TIMEOUT)
        assert not step.followups, step.followups[0].content
        if "✅" in (private.content or ""):  # ✅ Playing `…` (in any language)
            return
    raise AssertionError(f"the guide never played {action}")


async def by_button(fake, user, table, decision, message, action):
    """Press the plain game button carrying ``action`` (end turn, draw offers and answers)."""
    from bot.codec import encode_action

    custom_id = f"pg:{table.id}:{decision.player}:{decision.id}:{encode_action(action)}"
    rec = await (await fake.click(user, message, custom_id)).wait_final(TIMEOUT)
    assert not rec.followups, rec.followups[0].content


async def wait_applied(bot, game_id, count):
    """Wait until the game's action log holds ``count`` actions (the guide answers before it commits)."""
    for _ in range(int(TIMEOUT / 0.02)):
        if len(await bot.db.actions(game_id)) >= count:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"action {count} of game {game_id} never landed")


async def play_actions(fake, bot, game_id, users, actions, rng):
    """Replay ``(seat, action)`` pairs through Discord, each by a randomly chosen way."""
    done = len(await bot.db.actions(game_id))
    for seat, action in actions:
        if done:
            await wait_applied(bot, game_id, done)
        table, decision, message = await board_post(fake, bot, game_id)
        assert decision.player == seat, (decision, seat, action, table.state.get("step"))
        user = users[seat]
        if action["type"] in ("end", "offer_draw", "accept_draw", "decline_draw"):
            await by_button(fake, user, table, decision, message, action)
        elif rng.random() < 0.5:
            await by_text(fake, user, table, action)
        else:
            await by_guide(fake, user, table, decision, message, action)
        done += 1
    await wait_applied(bot, game_id, done)
