"""/pt card (any card, by name, with autocomplete) and /pt cards (every card, filtered, pages of nine with ◀ ▶)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.answers import member_language
from bot.games.pixel_tactics import sets
from bot.i18n import N_, SOURCE, t, tn
from bot.member_prefs import member_theme, server_theme
from cogs.buttons import id_number, refusing, stale_button
from cogs.flow import bot_of, guarded
from cogs.posts import Image, esc, guild_language, quote
from cogs.posts import render as run_render
from rendering import pixel_tactics as render
from rendering import themes

#: cards shown on one page of /pt cards (one image of three by three)
PAGE = 9
MAX_SEARCH = 60
SET_CHOICES = {"core": N_("Core Set 1"), "core2": N_("Core Set 2"), "mini1": N_("Minipak 1"),
               "mini2": N_("Minipak 2"), "commons": N_("Commons"), "promo": N_("Promos"),
               "chase": N_("Chase Leaders"), "bases": N_("Bases")}
TYPE_CHOICES = {"dual": N_("Leader/Hero cards"), "common": N_("Commons"), "chase": N_("Chase Leaders"),
                "base": N_("Bases"), "order": N_("Orders"), "operation": N_("Operations"), "trap": N_("Traps")}
#: a card's kind in a page's alt text
KIND_WORDS = {"dual": N_("Leader/Hero card"), "common": N_("Common"), "chase": N_("Chase Leader"), "base": N_("Base")}


def every_card() -> list[dict[str, Any]]:
    """Return every card of every kind: playable cards by set, then Chase Leaders, then Bases."""
    return [*sets.all_cards(), *sets.CHASE, *sets.BASES]


def kind_of(card: dict[str, Any]) -> str:
    """Return the kind of a card: ``dual``, ``common``, ``chase`` or ``base``."""
    if card.get("set") == "chase":
        return "chase"
    if card.get("set") == "bases":
        return "base"
    return "dual" if "leader" in card else "common"


def find_card(text: str) -> dict[str, Any] | None:
    """Return the card named (or keyed) ``text``, any case, or ``None``."""
    wanted = " ".join(text.split()).casefold()
    return next((c for c in every_card() if wanted in (c["name"].casefold(), c["key"])), None)


def texts(card: Any) -> list[str]:
    """Return a card's name and every text printed on it."""
    if isinstance(card, dict):
        own = [card[k] for k in ("name", "text") if isinstance(card.get(k), str)]
        return own + [t for k, v in card.items() if k not in ("name", "text") for t in texts(v)]
    if isinstance(card, list):
        return [t for v in card for t in texts(v)]
    return []


def matching(set_name: str | None, kind: str | None, search: str | None) -> list[dict[str, Any]]:
    """Return the cards of a set and type whose name or texts contain ``search``."""
    wanted = (search or "").casefold().strip()
    out = []
    for card in every_card():
        if set_name and card.get("set") != set_name:
            continue
        if kind in ("dual", "common", "chase", "base") and kind_of(card) != kind:
            continue
        if kind in ("order", "operation", "trap") and (card.get("tactic") or {}).get("kind") != kind:
            continue
        if wanted and not any(wanted in t.casefold() for t in texts(card)):
            continue
        out.append(card)
    return out


async def card_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Offer the names of every card containing what is typed."""
    typed = current.casefold().strip()
    names = [c["name"] for c in every_card() if typed in c["name"].casefold()]
    return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names[:25]]


async def card_image(card: dict[str, Any], theme: str = themes.STANDARD, lang: str = SOURCE) -> Image:
    """Return a card's rendered image (in ``theme``, its labels in ``lang``) with its alt text."""
    data = await run_render(themes.render, theme, render.render_card, card, lang)
    return Image(data, f"pt-{card['key']}.png", render.alt_card(card, lang))


@app_commands.describe(name="The card's name")
@app_commands.autocomplete(name=card_names)
async def pt_card(interaction: discord.Interaction, name: str) -> None:
    """Post a card's image (a public post: in the server's theme): a Leader/Hero card, a Common, a Chase
    Leader or a Base."""
    card = find_card(name)
    if card is None:
        await interaction.response.send_message(t(member_language(interaction), "No card is called {name}. Start "
                                                  "typing to see the names.", name=quote(name, 80)), ephemeral=True)
        return
    await interaction.response.defer(thinking=True)
    lang = await guild_language(interaction.guild_id)  # a public post: the server's language
    image = await card_image(card, await server_theme(bot_of(interaction).tables, interaction.guild_id), lang)
    await interaction.followup.send(f"**{esc(card['name'])}**", file=image.file())


class CardsPageButton(discord.ui.DynamicItem[discord.ui.Button],
                      template=r"ptc:(?P<page>\d+):(?P<set>[a-z0-9]*):(?P<kind>[a-z]*):(?P<q>.*)"):
    """◀ / ▶ under a private /pt cards page: the filter rides in the custom id."""

    def __init__(self, page: int, set_name: str, kind: str, search: str, label: str = "▶",
                 disabled: bool = False):
        self.page, self.set_name, self.kind, self.search = page, set_name, kind, search
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"ptc:{page}:{set_name}:{kind}:{search}"[:100]))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> CardsPageButton:
        """Rebuild the button from a click, after a restart too."""
        if match["set"] not in ("", *SET_CHOICES) or match["kind"] not in ("", *TYPE_CHOICES):
            raise ValueError("unknown card filter")
        return cls(id_number(match["page"], 10_000), match["set"], match["kind"], match["q"][:MAX_SEARCH])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Show the requested page in place."""
        async with guarded(interaction):
            if interaction.message is None or not interaction.message.flags.ephemeral:
                raise stale_button(self.custom_id, "a card page button on a public post")
            await interaction.response.defer()
            theme = await member_theme(bot_of(interaction).tables, interaction.user.id)
            content, images, view = await cards_page(self.set_name, self.kind, self.search, self.page, theme,
                                                     member_language(interaction))
            await interaction.edit_original_response(content=content, attachments=[i.file() for i in images],
                                                     view=view, allowed_mentions=discord.AllowedMentions.none())


def page_alt(cards: list[dict[str, Any]], title: str, page: int, pages: int, lang: str = SOURCE) -> str:
    """Return the alt text of a card page (in ``lang``): its title and each card's name, kind and set."""
    def set_words(card: dict[str, Any]) -> str:
        return t(lang, SET_CHOICES[card["set"]]) if card.get("set") in SET_CHOICES else str(card.get("set"))
    named = "; ".join(f"{c['name']} ({t(lang, KIND_WORDS[kind_of(c)])}, {set_words(c)})" for c in cards)
    return t(lang, "{title}, page {page} of {pages}: {cards}.", title=title, page=page, pages=pages,
             cards=named)[:1000]


async def cards_page(set_name: str, kind: str, search: str, page: int,
                     theme: str = themes.STANDARD, lang: str = SOURCE) -> tuple[str, list[Image], Any]:
    """Return the text, the page image and the ◀ ▶ buttons of one page of matching cards (``page`` from 1), in
    ``lang``."""
    found = matching(set_name or None, kind or None, search or None)
    pages = max(1, -(-len(found) // PAGE))
    page = min(max(1, page), pages)
    shown = found[(page - 1) * PAGE:page * PAGE]
    what = " · ".join(x for x in (t(lang, SET_CHOICES[set_name]) if set_name in SET_CHOICES else "",
                                   t(lang, TYPE_CHOICES[kind]) if kind in TYPE_CHOICES else "",
                                   f"“{search}”" if search else "") if x)
    title = t(lang, "Pixel Tactics cards · {filter}", filter=what) if what else t(lang, "Pixel Tactics cards")
    count = tn(lang, "{n} card", "{n} cards", len(found))
    lines = [f"**{esc(title)}** · " + t(lang, "page {page} of {pages} ({count})", page=page, pages=pages,
                                         count=count),
             " · ".join(esc(c["name"]) for c in shown)]
    data = await run_render(themes.render, theme, render.render_card_page, shown, page, pages, title, lang)
    image = Image(data, f"pt-cards-{page}.png", page_alt(shown, title, page, pages, lang))
    view = None
    if pages > 1:
        view = discord.ui.View(timeout=None)
        view.add_item(CardsPageButton(page - 1, set_name, kind, search, "◀ " + t(lang, "Previous"),
                                      disabled=page == 1))
        view.add_item(CardsPageButton(page + 1, set_name, kind, search, t(lang, "Next") + " ▶",
                                      disabled=page == pages))
    return "\n".join(lines), [image], view


@app_commands.describe(set="Only this set", type="Only this kind of card",
                       search="Only cards whose name or text contains this")
@app_commands.choices(set=[app_commands.Choice(name=n, value=k) for k, n in SET_CHOICES.items()],
                      type=[app_commands.Choice(name=n, value=k) for k, n in TYPE_CHOICES.items()])
async def pt_cards(interaction: discord.Interaction, set: app_commands.Choice[str] | None = None,  # noqa: A002
                   type: app_commands.Choice[str] | None = None,  # noqa: A002
                   search: app_commands.Range[str, 1, MAX_SEARCH] | None = None) -> None:
    """Every card, nine to a page image, only for you."""
    set_name, kind = set.value if set else "", type.value if type else ""
    text = " ".join((search or "").split())
    lang = member_language(interaction)
    if not matching(set_name or None, kind or None, text or None):
        await interaction.response.send_message(t(lang, "No card matches that: try another set, type or search."),
                                                ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    theme = await member_theme(bot_of(interaction).tables, interaction.user.id)
    content, images, view = await cards_page(set_name, kind, text, 1, theme, lang)
    kwargs = {"view": view} if view is not None else {}
    await interaction.followup.send(content, files=[i.file() for i in images], ephemeral=True,
                                    allowed_mentions=discord.AllowedMentions.none(), **kwargs)
