"""A league's private choices, by DM (or, when a member's DMs are closed, ephemerally): the League Draft pick
(the 3 visible cards as an image and one "take X, bottom Y" menu) and a challenge's secret Leader and Base (a
Leader menu, then a menu of the rival's Bases). Every menu's ``custom_id`` names what it answers, so a stale
menu is refused and a restart loses nothing."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

import bot.league as rules
from bot import errors
from bot.games.pixel_tactics.pools import card as card_of
from bot.games.pixel_tactics.pools import name_of as name_of_card
from bot.league.model import LEADERS_HELD
from bot.league.pools import base_points
from bot.league.state import name_of as player_name
from cogs.buttons import id_number, refusing, stale_button
from cogs.flow import bot_of
from cogs.league.common import answering, base_name, name_of
from cogs.posts import Image, Post, render
from cogs.private import send_dm
from rendering import themes
from rendering.pixel_tactics.draft import render_draft_pick

log = logging.getLogger("parlor.leagues")

KINDS = {"leaders": ("Leader", "Leaders"), "heroes": ("Hero", "Heroes")}


def draft_token(view: Any) -> str:
    """Return what identifies one draft pick (its kind, cards left and pile size): a menu of an older pick is
    refused."""
    return f"{view.kind[0]}{view.left}p{view.pile}"


def _draft_options(view: Any) -> list[discord.SelectOption]:
    """Return the pick menu's options: take one visible card and put another on the bottom (the last card of
    the pile: take it, nothing goes to the bottom)."""
    visible = list(view.visible)
    options, seen = [], set()
    for i, take in enumerate(visible):
        if take not in view.takeable:
            continue
        others = [j for j in range(len(visible)) if j != i]
        if not others:
            options.append(discord.SelectOption(label=f"Take {name_of_card(take)}"[:100], value=f"{i}.-"))
        for j in others:
            if (take, visible[j]) in seen:  # two copies of a card are visible: one option each
                continue
            seen.add((take, visible[j]))
            label = f"Take {name_of_card(take)}, bottom {name_of_card(visible[j])}"
            options.append(discord.SelectOption(label=label[:100], value=f"{i}.{j}"))
    return options[:25]


async def draft_post(row: Any, view: Any, theme: str = themes.STANDARD) -> Post:
    """Return the drafter's private post: the visible cards as an image and the pick menu."""
    pool = rules.pool_of(row.state, view.user_id)
    one, many = KINDS.get(view.kind, ("card", "cards"))
    status = f"{name_of(row)} · {many}: {view.left} more to take"
    image_view = {"title": "League Draft", "status": status, "prompt": "Take one, put another on the bottom",
                  "cards": [card_of(k) or {"key": k, "name": k} for k in view.visible],
                  "pool": {"leaders": len(pool.get("leaders") or []), "leaders_max": LEADERS_HELD,
                           "heroes": len(pool.get("heroes") or [])}}
    names = ", ".join(f"**{name_of_card(k)}**" for k in view.visible)
    text = (f"🃏 **{name_of(row)}** — your League Draft pick ({many}: {view.left} more to take). Visible: {names}. "
            f"Take one {one} and put another on the bottom of the pile (only you see this; `/pt card` shows a "
            "card's full text).")
    alt = f"League Draft: the visible cards {', '.join(name_of_card(k) for k in view.visible)}."
    image = Image(await render(themes.render, theme, render_draft_pick, image_view), f"league-{row.id}-draft.png", alt)
    return Post(text, [image], [DraftSelect(row.id, view.user_id, draft_token(view), _draft_options(view))])


def challenge_of(state: dict, challenge_id: int) -> dict:
    """Return a challenge's record in the state (refused when unknown)."""
    found = next((c for c in state.get("challenges") or [] if int(c["id"]) == int(challenge_id)), None)
    if found is None:
        raise errors.NotAllowed("That challenge no longer exists.")
    return found


def rival_of(challenge: dict, user_id: int) -> int:
    """Return the other player of a challenge."""
    return int(challenge["to"] if int(challenge["by"]) == user_id else challenge["by"])


def choice_post(row: Any, challenge_id: int, user_id: int, leader: str | None = None) -> Post:
    """Return a player's secret choice: first their Leader, then (``leader`` chosen) the rival's Base to attack."""
    challenge = challenge_of(row.state, challenge_id)
    rival = rival_of(challenge, user_id)
    rival_name = player_name(row.state, rival)
    head = f"🔒 **{name_of(row)}** — your game against **{discord.utils.escape_markdown(rival_name)}**: "
    if leader is None:
        keys = rules.available_leaders(row.state, user_id)
        options = [discord.SelectOption(label=name_of_card(k)[:100], value=k) for k in keys][:25]
        text = head + ("choose your Leader (it retires for this cycle after the game). Your choices stay secret "
                       "until both of you have chosen.")
        return Post(text, [], [LeaderSelect(row.id, challenge_id, user_id, options)])
    keys = rules.available_bases(row.state, rival)
    options = [discord.SelectOption(label=f"{base_name(k)} ({base_points(k)} points)"[:100], value=k)
               for k in keys][:25]
    text = head + (f"your Leader: **{name_of_card(leader)}**. Now choose which of their Bases you attack "
                   "(they play the game with it; if you win, you capture it).")
    return Post(text, [], [BaseSelect(row.id, challenge_id, user_id, leader, options)])


async def deliver(bot: Any, user_id: int, post: Post) -> bool:
    """Send a private post by DM; return whether it arrived (closed DMs are remembered by ``send_dm``)."""
    return await send_dm(bot, user_id, post)


def _values(interaction: discord.Interaction) -> list[str]:
    return [str(v) for v in (interaction.data or {}).get("values") or []]


class DraftSelect(discord.ui.DynamicItem[discord.ui.Select],
                  template=r"ldp:(?P<lid>\d+):(?P<user>\d+):(?P<token>[a-z0-9]{1,20})"):
    """The League Draft pick menu: "take X, bottom Y" among the visible cards."""

    def __init__(self, lid: int, user_id: int, token: str, options: list[discord.SelectOption] | None = None):
        self.lid, self.user_id, self.token = lid, user_id, token
        super().__init__(discord.ui.Select(custom_id=f"ldp:{lid}:{user_id}:{token}", placeholder="Take…, bottom…",
                                           options=options or [discord.SelectOption(label="Nothing to choose", value="-")],
                                           min_values=1, max_values=1))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> DraftSelect:
        """Rebuild the menu from a choice."""
        return cls(id_number(match["lid"]), id_number(match["user"]), match["token"])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Check the pick is the drafter's current one, then take and bottom the cards through the service."""
        bot = bot_of(interaction)
        async with answering(interaction):
            if interaction.user.id != self.user_id:
                raise stale_button(self.custom_id, "another member's draft")
            row = await bot.tables.leagues.load(self.lid)
            view = rules.draft_state(row.state)
            if view is None or view.user_id != self.user_id or draft_token(view) != self.token:
                raise errors.StaleDecision("That pick is over: your current pick (if any) is in your latest "
                                           "message, or use `/league draft`.")
            take_i, _, bottom_i = (_values(interaction) or ["-"])[0].partition(".")
            if not take_i.isdigit() or int(take_i) >= len(view.visible):
                raise stale_button(self.custom_id, "no such card")
            take = view.visible[int(take_i)]
            bottom = view.visible[int(bottom_i)] if bottom_i.isdigit() and int(bottom_i) < len(view.visible) else None
            await interaction.response.defer()
            await bot.tables.leagues.draft_pick(self.lid, self.user_id, take, bottom)
            under = f" ({name_of_card(bottom)} went to the bottom)" if bottom else ""
            await interaction.edit_original_response(
                content=f"✅ **{name_of(row)}** — you took **{name_of_card(take)}**{under}.", attachments=[],
                view=None)


class LeaderSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"lcl:(?P<lid>\d+):(?P<cid>\d+):(?P<user>\d+)"):
    """A challenge's secret Leader menu."""

    def __init__(self, lid: int, cid: int, user_id: int, options: list[discord.SelectOption] | None = None):
        self.lid, self.cid, self.user_id = lid, cid, user_id
        super().__init__(discord.ui.Select(custom_id=f"lcl:{lid}:{cid}:{user_id}", placeholder="Your Leader",
                                           options=options or [discord.SelectOption(label="Nothing to choose", value="-")],
                                           min_values=1, max_values=1))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> LeaderSelect:
        """Rebuild the menu from a choice."""
        return cls(id_number(match["lid"]), id_number(match["cid"]), id_number(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Keep the Leader (nothing is stored yet) and show the Base menu in its place."""
        bot = bot_of(interaction)
        async with answering(interaction):
            if interaction.user.id != self.user_id:
                raise stale_button(self.custom_id, "another member's choice")
            row = await bot.tables.leagues.load(self.lid)
            leader = (_values(interaction) or [""])[0]
            if leader not in rules.available_leaders(row.state, self.user_id):
                raise errors.StaleDecision("That Leader is not available any more: choose another.")
            post = choice_post(row, self.cid, self.user_id, leader)
            await interaction.response.edit_message(content=post.content, view=post.view())


class BaseSelect(discord.ui.DynamicItem[discord.ui.Select],
                 template=r"lcb:(?P<lid>\d+):(?P<cid>\d+):(?P<user>\d+):(?P<leader>[A-Za-z0-9_.-]{1,60})"):
    """A challenge's secret Base menu (the Leader chosen just before is in its ``custom_id``)."""

    def __init__(self, lid: int, cid: int, user_id: int, leader: str,
                 options: list[discord.SelectOption] | None = None):
        self.lid, self.cid, self.user_id, self.leader = lid, cid, user_id, leader
        super().__init__(discord.ui.Select(custom_id=f"lcb:{lid}:{cid}:{user_id}:{leader}",
                                           placeholder="The rival's Base you attack",
                                           options=options or [discord.SelectOption(label="Nothing to choose", value="-")],
                                           min_values=1, max_values=1))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> BaseSelect:
        """Rebuild the menu from a choice."""
        return cls(id_number(match["lid"]), id_number(match["cid"]), id_number(match["user"]), match["leader"])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Commit the Leader and the Base through the service (secret until both players chose)."""
        bot = bot_of(interaction)
        async with answering(interaction):
            if interaction.user.id != self.user_id:
                raise stale_button(self.custom_id, "another member's choice")
            base = (_values(interaction) or [""])[0]
            await interaction.response.defer()
            row = await bot.tables.leagues.choose(self.lid, self.cid, self.user_id, self.leader, base)
            await interaction.edit_original_response(
                content=f"✅ **{name_of(row)}** — you play **{name_of_card(self.leader)}** and attack "
                        f"**{base_name(base)}**. Both choices are revealed when your rival has chosen too.",
                view=None)


def discard_post(row: Any, user_id: int) -> Post:
    """Return a player's discard question after a cycle's end: Leaders to put back into the pool, or keep all."""
    leaders = list(dict.fromkeys(rules.pool_of(row.state, user_id).get("leaders") or []))
    options = [discord.SelectOption(label=name_of_card(k)[:100], value=k) for k in leaders][:25]
    ended = int((row.state or {}).get("ended") or 0)
    text = (f"🔁 **{name_of(row)}** — cycle {ended} is scored. Put any of your Leaders back into the Leader pool "
            "(you then draft back to 5), or keep them all.")
    items: list[discord.ui.Item] = [KeepButton(row.id, user_id, ended)]
    if options:
        items.insert(0, DiscardSelect(row.id, user_id, ended, options))
    return Post(text, [], items)


async def _discard(interaction: discord.Interaction, lid: int, user_id: int, ended: int, keys: list[str]) -> None:
    """Discard ``keys`` (none: keep every Leader) through the service; the question loses its menu."""
    bot = bot_of(interaction)
    if interaction.user.id != user_id:
        raise stale_button(f"ldd:{lid}:{user_id}", "another member's discards")
    row = await bot.tables.leagues.load(lid)
    if int((row.state or {}).get("ended") or 0) != ended or (row.state or {}).get("phase") != "discard":
        raise errors.StaleDecision("The discards of that cycle are over.")
    await interaction.response.defer()
    row = await bot.tables.leagues.discard(lid, user_id, keys)
    said = ", ".join(f"**{name_of_card(k)}**" for k in keys)
    await interaction.edit_original_response(
        content=f"✅ **{name_of(row)}** — " + (f"you put back {said}." if keys else "you keep all your Leaders."),
        view=None)


class DiscardSelect(discord.ui.DynamicItem[discord.ui.Select],
                    template=r"ldd:(?P<lid>\d+):(?P<user>\d+):(?P<ended>\d+)"):
    """The Leaders a player puts back into the Leader pool after a cycle (one or more)."""

    def __init__(self, lid: int, user_id: int, ended: int, options: list[discord.SelectOption] | None = None):
        self.lid, self.user_id, self.ended = lid, user_id, ended
        options = options or [discord.SelectOption(label="Nothing to choose", value="-")]
        super().__init__(discord.ui.Select(custom_id=f"ldd:{lid}:{user_id}:{ended}",
                                           placeholder="Leaders to put back", options=options, min_values=1,
                                           max_values=len(options)))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> DiscardSelect:
        """Rebuild the menu from a choice."""
        return cls(id_number(match["lid"]), id_number(match["user"]), id_number(match["ended"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Discard the Leaders chosen."""
        async with answering(interaction):
            await _discard(interaction, self.lid, self.user_id, self.ended, _values(interaction))


class KeepButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"ldk:(?P<lid>\d+):(?P<user>\d+):(?P<ended>\d+)"):
    """**Keep all my Leaders** after a cycle."""

    def __init__(self, lid: int, user_id: int, ended: int):
        self.lid, self.user_id, self.ended = lid, user_id, ended
        super().__init__(discord.ui.Button(label="Keep all my Leaders", style=discord.ButtonStyle.secondary,
                                           custom_id=f"ldk:{lid}:{user_id}:{ended}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> KeepButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["lid"]), id_number(match["user"]), id_number(match["ended"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Keep every Leader."""
        async with answering(interaction):
            await _discard(interaction, self.lid, self.user_id, self.ended, [])
