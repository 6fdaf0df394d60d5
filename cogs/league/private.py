"""A league's private choices, by DM (or, when a member's DMs are closed, ephemerally): the League Draft pick
(the 3 visible cards as an image and one "take X, bottom Y" menu) and a challenge's secret Leader and Base (a
Leader menu, then a menu of the rival's Bases). Every menu's ``custom_id`` names what it answers, so a stale
menu is refused and a restart loses nothing."""

from __future__ import annotations

import logging
import re
from functools import partial
from typing import Any

import discord

import bot.league as rules
from bot import errors
from bot.answers import member_language
from bot.games.pixel_tactics.pools import card as card_of
from bot.games.pixel_tactics.pools import name_of as name_of_card
from bot.i18n import N_, SOURCE, t
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

#: what a League Draft pick takes: the pick's words in the DM and on the image
KINDS = {"leaders": (N_("Leaders: {n} more to take"), N_("Take one Leader and put another on the bottom of the pile")),
         "heroes": (N_("Heroes: {n} more to take"), N_("Take one Hero and put another on the bottom of the pile"))}
NOTHING = N_("Nothing to choose")


def draft_token(view: Any) -> str:
    """Return what identifies one draft pick (its kind, cards left and pile size): a menu of an older pick is
    refused."""
    return f"{view.kind[0]}{view.left}p{view.pile}"


def _draft_options(view: Any, lang: str = SOURCE) -> list[discord.SelectOption]:
    """Return the pick menu's options: take one visible card and put another on the bottom (the last card of
    the pile: take it, nothing goes to the bottom)."""
    visible = list(view.visible)
    options, seen = [], set()
    for i, take in enumerate(visible):
        if take not in view.takeable:
            continue
        others = [j for j in range(len(visible)) if j != i]
        if not others:
            options.append(discord.SelectOption(label=t(lang, "Take {card}", card=name_of_card(take))[:100],
                                                value=f"{i}.-"))
        for j in others:
            if (take, visible[j]) in seen:  # two copies of a card are visible: one option each
                continue
            seen.add((take, visible[j]))
            label = t(lang, "Take {card}, bottom {other}", card=name_of_card(take), other=name_of_card(visible[j]))
            options.append(discord.SelectOption(label=label[:100], value=f"{i}.{j}"))
    return options[:25]


async def draft_post(row: Any, view: Any, theme: str = themes.STANDARD, lang: str = SOURCE) -> Post:
    """Return the drafter's private post: the visible cards as an image and the pick menu (in ``lang``)."""
    pool = rules.pool_of(row.state, view.user_id)
    left, take = KINDS.get(view.kind, KINDS["heroes"])
    left = t(lang, left, n=view.left)
    status = f"{name_of(row, lang)} · {left}"
    image_view = {"title": t(lang, "League Draft"), "status": status,
                  "prompt": t(lang, "Take one, put another on the bottom"),
                  "cards": [card_of(k) or {"key": k, "name": k} for k in view.visible],
                  "pool": {"leaders": len(pool.get("leaders") or []), "leaders_max": LEADERS_HELD,
                           "heroes": len(pool.get("heroes") or [])}}
    names = ", ".join(f"**{name_of_card(k)}**" for k in view.visible)
    text = t(lang, "🃏 **{league}** — your League Draft pick ({left}). Visible: {cards}. {take} (only you see this; "
             "`/pt card` shows a card's full text).", league=name_of(row, lang), left=left, cards=names,
             take=t(lang, take))
    alt = t(lang, "League Draft: the visible cards {cards}.", cards=", ".join(name_of_card(k) for k in view.visible))
    image = Image(await render(themes.render, theme, partial(render_draft_pick, lang=lang), image_view),
                  f"league-{row.id}-draft.png", alt)
    return Post(text, [image], [DraftSelect(row.id, view.user_id, draft_token(view), _draft_options(view, lang),
                                            lang)])


def challenge_of(state: dict, challenge_id: int) -> dict:
    """Return a challenge's record in the state (refused when unknown)."""
    found = next((c for c in state.get("challenges") or [] if int(c["id"]) == int(challenge_id)), None)
    if found is None:
        raise errors.NotAllowed("That challenge no longer exists.")
    return found


def rival_of(challenge: dict, user_id: int) -> int:
    """Return the other player of a challenge."""
    return int(challenge["to"] if int(challenge["by"]) == user_id else challenge["by"])


def choice_post(row: Any, challenge_id: int, user_id: int, leader: str | None = None, lang: str = SOURCE) -> Post:
    """Return a player's secret choice: first their Leader, then (``leader`` chosen) the rival's Base to attack (in
    ``lang``)."""
    challenge = challenge_of(row.state, challenge_id)
    rival = rival_of(challenge, user_id)
    fields = {"league": name_of(row, lang), "rival": discord.utils.escape_markdown(player_name(row.state, rival))}
    if leader is None:
        keys = rules.available_leaders(row.state, user_id)
        options = [discord.SelectOption(label=name_of_card(k)[:100], value=k) for k in keys][:25]
        text = t(lang, "🔒 **{league}** — your game against **{rival}**: choose your Leader (it retires for this "
                 "cycle after the game). Your choices stay secret until both of you have chosen.", **fields)
        return Post(text, [], [LeaderSelect(row.id, challenge_id, user_id, options, lang)])
    keys = rules.available_bases(row.state, rival)
    options = [discord.SelectOption(label=t(lang, "{base} ({points} points)", base=base_name(k),
                                            points=base_points(k))[:100], value=k) for k in keys][:25]
    text = t(lang, "🔒 **{league}** — your game against **{rival}**: your Leader: **{leader}**. Now choose which of "
             "their Bases you attack (they play the game with it; if you win, you capture it).",
             leader=name_of_card(leader), **fields)
    return Post(text, [], [BaseSelect(row.id, challenge_id, user_id, leader, options, lang)])


async def deliver(bot: Any, user_id: int, post: Post) -> bool:
    """Send a private post by DM; return whether it arrived (closed DMs are remembered by ``send_dm``)."""
    return await send_dm(bot, user_id, post)


def _values(interaction: discord.Interaction) -> list[str]:
    return [str(v) for v in (interaction.data or {}).get("values") or []]


class DraftSelect(discord.ui.DynamicItem[discord.ui.Select],
                  template=r"ldp:(?P<lid>\d+):(?P<user>\d+):(?P<token>[a-z0-9]{1,20})"):
    """The League Draft pick menu: "take X, bottom Y" among the visible cards."""

    def __init__(self, lid: int, user_id: int, token: str, options: list[discord.SelectOption] | None = None,
                 lang: str = SOURCE):
        self.lid, self.user_id, self.token = lid, user_id, token
        super().__init__(discord.ui.Select(custom_id=f"ldp:{lid}:{user_id}:{token}",
                                           placeholder=t(lang, "Take…, bottom…"),
                                           options=options or [discord.SelectOption(label=t(lang, NOTHING), value="-")],
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
            lang = member_language(interaction)
            fields = {"league": name_of(row, lang), "card": name_of_card(take)}
            if bottom:
                done = t(lang, "✅ **{league}** — you took **{card}** ({other} went to the bottom).",
                         other=name_of_card(bottom), **fields)
            else:
                done = t(lang, "✅ **{league}** — you took **{card}**.", **fields)
            await interaction.edit_original_response(content=done, attachments=[], view=None)


class LeaderSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"lcl:(?P<lid>\d+):(?P<cid>\d+):(?P<user>\d+)"):
    """A challenge's secret Leader menu."""

    def __init__(self, lid: int, cid: int, user_id: int, options: list[discord.SelectOption] | None = None,
                 lang: str = SOURCE):
        self.lid, self.cid, self.user_id = lid, cid, user_id
        super().__init__(discord.ui.Select(custom_id=f"lcl:{lid}:{cid}:{user_id}", placeholder=t(lang, "Your Leader"),
                                           options=options or [discord.SelectOption(label=t(lang, NOTHING), value="-")],
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
            post = choice_post(row, self.cid, self.user_id, leader, member_language(interaction))
            await interaction.response.edit_message(content=post.content, view=post.view())


class BaseSelect(discord.ui.DynamicItem[discord.ui.Select],
                 template=r"lcb:(?P<lid>\d+):(?P<cid>\d+):(?P<user>\d+):(?P<leader>[A-Za-z0-9_.-]{1,60})"):
    """A challenge's secret Base menu (the Leader chosen just before is in its ``custom_id``)."""

    def __init__(self, lid: int, cid: int, user_id: int, leader: str,
                 options: list[discord.SelectOption] | None = None, lang: str = SOURCE):
        self.lid, self.cid, self.user_id, self.leader = lid, cid, user_id, leader
        super().__init__(discord.ui.Select(custom_id=f"lcb:{lid}:{cid}:{user_id}:{leader}",
                                           placeholder=t(lang, "The rival's Base you attack"),
                                           options=options or [discord.SelectOption(label=t(lang, NOTHING), value="-")],
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
            lang = member_language(interaction)
            await interaction.edit_original_response(content=t(
                lang, "✅ **{league}** — you play **{leader}** and attack **{base}**. Both choices are revealed when "
                "your rival has chosen too.", league=name_of(row, lang), leader=name_of_card(self.leader),
                base=base_name(base)), view=None)


def discard_post(row: Any, user_id: int, lang: str = SOURCE) -> Post:
    """Return a player's discard question after a cycle's end: Leaders to put back into the pool, or keep all (in
    ``lang``)."""
    leaders = list(dict.fromkeys(rules.pool_of(row.state, user_id).get("leaders") or []))
    options = [discord.SelectOption(label=name_of_card(k)[:100], value=k) for k in leaders][:25]
    ended = int((row.state or {}).get("ended") or 0)
    text = t(lang, "🔁 **{league}** — cycle {cycle} is scored. Put any of your Leaders back into the Leader pool "
             "(you then draft back to 5), or keep them all.", league=name_of(row, lang), cycle=ended)
    items: list[discord.ui.Item] = [KeepButton(row.id, user_id, ended, lang)]
    if options:
        items.insert(0, DiscardSelect(row.id, user_id, ended, options, lang))
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
    lang = member_language(interaction)
    said = ", ".join(f"**{name_of_card(k)}**" for k in keys)
    done = (t(lang, "✅ **{league}** — you put back {cards}.", league=name_of(row, lang), cards=said) if keys
            else t(lang, "✅ **{league}** — you keep all your Leaders.", league=name_of(row, lang)))
    await interaction.edit_original_response(content=done, view=None)


class DiscardSelect(discord.ui.DynamicItem[discord.ui.Select],
                    template=r"ldd:(?P<lid>\d+):(?P<user>\d+):(?P<ended>\d+)"):
    """The Leaders a player puts back into the Leader pool after a cycle (one or more)."""

    def __init__(self, lid: int, user_id: int, ended: int, options: list[discord.SelectOption] | None = None,
                 lang: str = SOURCE):
        self.lid, self.user_id, self.ended = lid, user_id, ended
        options = options or [discord.SelectOption(label=t(lang, NOTHING), value="-")]
        super().__init__(discord.ui.Select(custom_id=f"ldd:{lid}:{user_id}:{ended}",
                                           placeholder=t(lang, "Leaders to put back"), options=options, min_values=1,
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

    def __init__(self, lid: int, user_id: int, ended: int, lang: str = SOURCE):
        self.lid, self.user_id, self.ended = lid, user_id, ended
        super().__init__(discord.ui.Button(label=t(lang, "Keep all my Leaders"), style=discord.ButtonStyle.secondary,
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
