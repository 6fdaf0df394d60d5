"""Play a chosen engine action through the loopback Discord as a player would: a button on the game's
post, the step-by-step chooser, a button in a DM, or — when the member's DMs are closed — through the
table post's private button and its ephemeral answer. Also a random game played to its end that way, and the
private answers the language tests collect on the way."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

from bot.codec import encode_action
from bot.i18n import language_of
from cogs.posts import presenter_for
from tests.e2e.harness import TIMEOUT, buttons_with
from tests.fakediscord import FakeDiscord, Message, User
from tests.fakediscord.patience import patience


def selects(message: Message) -> list[dict]:
    """Return the string selects of a message."""
    return [c for c in message.iter_components() if c.get("type") == 3]


async def table_post(fake: FakeDiscord, game_id: int, channel, *prefixes: str) -> Message:
    """Wait for the newest post in the game's channel with a button id starting with one of ``prefixes``."""
    def offers(m: Message) -> bool:
        return any(buttons_with(m, prefix) for prefix in prefixes)
    await fake.wait_for_message(offers, TIMEOUT, channel=channel)
    found = [m for m in fake.messages(channel) if offers(m)]
    assert found
    return found[-1]


async def private_message(fake: FakeDiscord, game_id: int, user: User, seat: int, decision_id: str, channel,
                          closed: bool) -> Message:
    """Return the message offering a player's private decision: their DM, or the ephemeral answer
    of the table post's **My hand & choices** button when their DMs are closed."""
    prefix = f"pg:{game_id}:{seat}:{decision_id}:"
    if not closed:
        return await fake.wait_for_message(lambda m: bool(buttons_with(m, prefix)), TIMEOUT,
                                           channel=fake.dm_channel(user))
    post = await table_post(fake, game_id, channel, f"pm:{game_id}")
    record = await (await fake.click(user, post, f"pm:{game_id}")).wait_final(TIMEOUT)
    [answer] = record.followups
    assert answer.ephemeral and buttons_with(answer, prefix), answer.content
    return answer


async def settle(bot, game_id: int) -> None:
    """Wait until the game's latest state has been posted (the bot posts after answering a click)."""
    import asyncio
    import time

    end = time.monotonic() + patience(TIMEOUT)
    while time.monotonic() < end:
        row = (await bot.tables.load(game_id)).row
        if row.posted_version is not None and row.posted_version >= row.version:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"game {game_id}: its latest state was never posted")


async def perform(fake: FakeDiscord, bot, game_id: int, user: User, action: dict, channel, *,
                  closed: bool = False) -> None:
    """Have ``user`` take ``action`` (a legal engine action of their pending decision) through
    Discord, and wait until the bot has posted what follows."""
    await _perform(fake, bot, game_id, user, action, channel, closed)
    await settle(bot, game_id)


async def _perform(fake: FakeDiscord, bot, game_id: int, user: User, action: dict, channel, closed: bool) -> None:
    table = await bot.tables.load(game_id)
    seat = table.seat_of(user.id)
    decision = table.engine.decision_for(table.state, seat)
    assert decision is not None, f"{user.name} has nothing to decide"
    button = f"pg:{game_id}:{seat}:{decision.id}:{encode_action(action)}"
    if decision.private:
        message = await private_message(fake, game_id, user, seat, decision.id, channel, closed)
        if message.find_component(button) is None:
            await _through_guide(fake, game_id, user, seat, decision.id, action, table, message)
            return
        record = await (await fake.click(user, message, button)).wait_final(TIMEOUT)
        assert not _refusal(record), _refusal(record)
        return
    message = await table_post(fake, game_id, channel, f"pg:{game_id}:{seat}:{decision.id}:",
                               f"gb:{game_id}:{seat}:{decision.id}")
    if message.find_component(button) is not None:
        record = await (await fake.click(user, message, button)).wait_final(TIMEOUT)
        assert not _refusal(record), _refusal(record)
        return
    await _through_guide(fake, game_id, user, seat, decision.id, action, table, message)


def _refusal(record) -> str:
    texts = [m.content for m in record.followups if m.ephemeral]
    return texts[0] if texts else ""


async def _through_guide(fake, game_id, user, seat, decision_id, action, table, message) -> None:
    """Open the chooser from ``message`` and pick, step by step, the labels of ``action``'s path."""
    presenter = presenter_for(table.row.kind)
    if getattr(presenter, "speaks_languages", False):  # the chooser speaks the member's language
        path = presenter.guide_path(table, seat, action, language_of(getattr(user, "locale", None)))
    else:
        path = presenter.guide_path(table, seat, action)
    assert path, f"{action} is offered neither by a button nor by the chooser"
    opener = f"gb:{game_id}:{seat}:{decision_id}"
    record = await (await fake.click(user, message, opener)).wait_final(TIMEOUT)
    current = record.message
    for step in path:
        assert current is not None and current.ephemeral, _refusal(record)
        [select] = selects(current)
        option = next((o for o in select["options"] if o["label"] == step.label[:100]), None)
        assert option is not None, f"{step.label!r} not in {[o['label'] for o in select['options']]}"
        record = await (await fake.select(user, current, select["custom_id"], [option["value"]])).wait_final(TIMEOUT)
        assert not _refusal(record), _refusal(record)
        current = record.message
    assert current is not None and not selects(current), "the chooser asked for more than the action's path"


def private_answer(record) -> Message:
    """The private answer of an interaction: its follow-up when it deferred, else its response."""
    return record.followups[0] if record.followups else record.message


async def slash_answers(fake: FakeDiscord, user: User, commands: tuple[tuple[str, str], ...], channel) -> list[Message]:
    """Run each ``(command, subcommand)`` as ``user`` in ``channel``; return their private answers in order."""
    answers = []
    for name, subcommand in commands:
        record = await (await fake.slash(user, name, subcommand=subcommand, channel=channel)).wait_final(TIMEOUT)
        answers.append(private_answer(record))
    return answers


async def press_chooser_of(fake: FakeDiscord, game_id: int, decision, other: User, channel) -> Message:
    """Have ``other`` press the acting player's chooser button (on the game's post in ``channel``); return the
    private answer."""
    opener = f"gb:{game_id}:{decision.player}:{decision.id}"
    message = await fake.wait_for_message(lambda m: bool(buttons_with(m, opener)), TIMEOUT, channel=channel)
    return private_answer(await (await fake.click(other, message, opener)).wait_final(TIMEOUT))


async def play_to_the_end(fake: FakeDiscord, bot, game_id: int, users: list[User], rng: random.Random,
                          choose: Callable[[dict, int, random.Random], dict], channel, *, closed: User, steps: int,
                          before: Callable[[object], Awaitable[None]] | None = None) -> None:
    """Play a random pending decision at a time, the action ``choose(state, seat, rng)`` picks, as the members
    (``closed``: the one whose DMs are closed) until the game ends, at most ``steps`` actions; ``before(decision)``
    is awaited before each. Then assert the game finished and wait for its final image."""
    for _ in range(steps):
        table = await bot.tables.load(game_id)
        if table.row.status != "running":
            break
        decision = rng.choice(table.pending())
        user = users[decision.player]
        if before is not None:
            await before(decision)
        await perform(fake, bot, game_id, user, choose(table.state, decision.player, rng), channel,
                      closed=user is closed)
    table = await bot.tables.load(game_id)
    assert table.row.status == "finished"
    await fake.wait_for_message(lambda m: bool(m.attachments) and m.attachments[0].filename.endswith("-final.png"),
                                TIMEOUT)


def dump_images(fake: FakeDiscord, name: str) -> None:
    """With ``PARLOR_DUMP=<folder>``, save every image the bot posted (to look at them)."""
    import os
    from pathlib import Path

    folder = os.environ.get("PARLOR_DUMP")
    if not folder:
        return
    out = Path(folder) / name
    out.mkdir(parents=True, exist_ok=True)
    for index, message in enumerate(fake.all_messages(include_ephemeral=True)):
        where = "eph" if message.ephemeral else "dm" if message.guild_id is None else "pub"
        for attachment in message.attachments:
            (out / f"{index:04d}-{where}-{attachment.filename}").write_bytes(attachment.data)
        (out / f"{index:04d}-{where}.txt").write_text((message.content or "") + "\n")


class LeakWatch:
    """Checks, after every action, that no public message new or changed since the last check (content,
    buttons, alt text) and no log record names a card hidden at that moment. Retiring an old post's
    buttons is not a change: its text was checked when it was posted."""

    def __init__(self, fake: FakeDiscord, channel, records: list | None = None):
        self.fake, self.channel, self.records = fake, channel, records
        self.seen: dict[int, str] = {}
        self.logged = 0

    def check(self, hidden: set[str]) -> None:
        """Check what appeared since the last call against the names hidden now."""
        import json

        for message in self.fake.messages(self.channel, include_ephemeral=False)[-15:]:
            text = json.dumps({"content": message.content, "alt": [a.description for a in message.attachments]})
            if self.seen.get(message.id) == text:
                continue
            self.seen[message.id] = text
            payload = text + json.dumps(message.components)
            leaked = {name for name in hidden if name in payload}
            assert not leaked, (leaked, payload[:500])
        if self.records is not None:
            for record in self.records[self.logged:]:
                line = record.getMessage()
                leaked = {name for name in hidden if name in line}
                assert not leaked, (leaked, line)
            self.logged = len(self.records)
