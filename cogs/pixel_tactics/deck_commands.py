"""/pt deck: a member's Pixel Tactics decks in this server (new, show, add, remove, designate, copy, rename,
delete, list, export, import). Every answer is private; a refusal says which rule and changes nothing."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord
from discord import app_commands

from bot.answers import member_language
from bot.decks import DeckError
from bot.games.pixel_tactics import decks as rules
from bot.games.pixel_tactics import pools, sets
from bot.i18n import N_, SOURCE, t
from bot.member_prefs import member_theme
from cogs.flow import bot_of, guarded
from cogs.pixel_tactics.cards import card_names, find_card
from cogs.posts import Image, esc, fit_content, quote
from cogs.posts import render as run_render
from rendering import pixel_tactics as render
from rendering import themes
from rendering.pixel_tactics.pages import hero_count, leader_count
from rendering.pt_draft.words import problem_words

FORMATS = [app_commands.Choice(name="Standard (4 Leaders, 25–30 Heroes)", value="standard"),
           app_commands.Choice(name="Epic (4 Leaders, 60–80 Heroes)", value="epic")]
ROLES = [app_commands.Choice(name="Hero", value="hero"), app_commands.Choice(name="Leader", value="leader")]
NAME = "Your deck's name"


async def reply(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """Answer privately without pinging anyone (``text`` already in the member's language)."""
    await interaction.response.send_message(fit_content(text), ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none(), **kwargs)


def _service(interaction: discord.Interaction):
    return bot_of(interaction).tables.decks


def card_key(text: str) -> str:
    """Return the key of the card named ``text`` (``DeckError`` if there is none)."""
    card = find_card(text)
    if card is None:
        raise DeckError("No card is called {text}: start typing to see the names.", text=quote(text, 80))
    return card["key"]


def parse_sets(text: str) -> tuple[list[str], list[str]]:
    """Return ``(core sets, minipaks)`` named in ``core + mini1`` style text (``DeckError`` for another word)."""
    cores, minis = [], []
    titles = {t.casefold().replace(" ", ""): k for k, (t, _kind) in sets.SET_INFO.items()}
    for word in text.replace("+", " ").replace(",", " ").split():
        key = titles.get(word.casefold(), word.casefold())
        kind = sets.SET_INFO.get(key, ("", ""))[1]
        if kind not in ("core", "minipak"):
            raise DeckError("{text} is not a core set or minipak: use core, core2, mini1, mini2 (e.g. `core + mini1`).",
                            text=quote(word, 30))
        (cores if kind == "core" else minis).append(key)
    if not cores and not minis:
        raise DeckError("Name the sets to combine, e.g. `core + mini1`.")
    return cores, minis


def _offer(found: list[dict[str, Any]], current: str) -> list[app_commands.Choice[str]]:
    """Return up to 25 choices: the names (of decks or pools) containing what is typed."""
    typed = current.casefold().strip()
    names = [d["name"] for d in found if typed in d["name"].casefold()]
    return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names[:25]]


async def deck_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Offer the member's decks in this server."""
    return _offer(await _service(interaction).list(interaction.guild_id, interaction.user.id), current)


async def pool_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Offer the member's saved pools in this server."""
    return _offer(await _service(interaction).pools(interaction.guild_id, interaction.user.id), current)


N_("(Epic)")  # the mark of an Epic Combination in the autocomplete
COMBINATIONS = ["core + mini1", "core + mini2", "core2 + mini1", "core2 + mini2",
                "core + core2 + mini1 + mini2 (Epic)", "core + mini1 + mini1 + mini1 + mini2 + mini2 (Epic)"]


async def combination_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Offer the Combinations our sets can supply (an Epic one marked in the member's language)."""
    typed = current.casefold().strip()
    epic = t(member_language(interaction), "(Epic)")
    named = [(c.replace("(Epic)", epic), c.replace(" (Epic)", "")) for c in COMBINATIONS]
    return [app_commands.Choice(name=n, value=v) for n, v in named if typed in n.casefold()][:25]


def stack_text(keys: list[str], *, markdown: bool = True, lang: str = SOURCE) -> str:
    """Return a stack as card names in order, copies as ×n (names escaped for a message unless ``markdown``
    is false, for alt text); ``none`` in ``lang`` when empty."""
    counts = Counter(keys)
    shown = esc if markdown else str
    return ", ".join(shown(pools.name_of(k)) + (f" ×{counts[k]}" if counts[k] > 1 else "")
                     for k in dict.fromkeys(keys)) or t(lang, "none")


def format_name(fmt: str, lang: str = SOURCE) -> str:
    """A deck format's name (``Standard``, ``Epic``) in ``lang``."""
    return t(lang, "Epic") if fmt == "epic" else t(lang, "Standard")


def deck_text(deck: dict[str, Any], found: list[str], lang: str = SOURCE) -> str:
    """Return a deck as text beside its image (in ``lang``): format, sizes, Leaders, pool, lock and validity here."""
    head = (f"🃏 **{esc(deck['name'])}** · {format_name(deck['format'], lang)} · "
            f"{leader_count(len(deck['leaders']), lang)}, {hero_count(len(deck['heroes']), lang)}")
    lines = [head, t(lang, "**Leaders:** {cards}", cards=stack_text(deck["leaders"], lang=lang))]
    lines.append(t(lang, "Pool: saved pool {name}.", name=quote(deck["pool"], 40)) if deck.get("pool") else
                 t(lang, "Pool: this server’s pool."))
    if deck.get("locked_by"):
        lines.append("🔒 " + t(lang, "Locked by game #{game} until it ends.", game=deck["locked_by"]))
    if found:
        lines.append("❌ " + t(lang, "Not playable here yet:") + "\n"
                     + "\n".join(f"• {esc(problem_words(p, lang))}" for p in found))
    else:
        lines.append("✅ " + t(lang, "Valid: playable here."))
    return "\n".join(lines)


def deck_alt(deck: dict[str, Any], found: list[str], lang: str = SOURCE) -> str:
    """Return the alt text of a deck image (in ``lang``): name, format, validity, both stacks."""
    validity = (t(lang, "valid here.") if not found else
                t(lang, "not valid here: {problems}", problems=" ".join(problem_words(p, lang) for p in found)))
    text = t(lang, "Pixel Tactics deck {name}, {format}, {validity} Leaders: {leaders}. Heroes ({n}): {heroes}.",
             name=deck["name"], format=format_name(deck["format"], lang), validity=validity,
             leaders=stack_text(deck["leaders"], markdown=False, lang=lang), n=len(deck["heroes"]),
             heroes=stack_text(deck["heroes"], markdown=False, lang=lang))
    return text if len(text) <= 1000 else text[:999] + "…"


async def deck_image(deck: dict[str, Any], found: list[str], theme: str = themes.STANDARD,
                     lang: str = SOURCE) -> Image:
    """Return the deck's image (``render_deck``, in ``theme``, its words in ``lang``) with its alt text."""
    problems = [problem_words(p, lang) for p in found]
    view: dict[str, Any] = {"name": deck["name"], "format": deck["format"], "problems": problems,
                            "leaders": [pools.card(k) or {"key": k, "name": k} for k in deck["leaders"]],
                            "heroes": [pools.card(k) or {"key": k, "name": k} for k in deck["heroes"]]}
    try:
        view["code"] = rules.encode(deck)
    except rules.DeckCodeError:
        pass  # a card no code can name: the image goes without a code
    data = await run_render(themes.render, theme, render.render_deck, view, lang)
    return Image(data, "pt-deck.png", deck_alt(deck, found, lang))


async def _show(interaction: discord.Interaction, deck: dict[str, Any], lead: str = "") -> None:
    """Answer privately with a deck (in the member's language): its image, and as text its validity and why not;
    ``lead`` comes translated."""
    lang = member_language(interaction)
    found = await bot_of(interaction).tables.decks.problems_here(interaction.guild_id, deck)
    text = (lead + "\n" if lead else "") + deck_text(deck, found, lang)
    image = await deck_image(deck, found, await member_theme(bot_of(interaction).tables, interaction.user.id), lang)
    await reply(interaction, text, file=image.file())


@app_commands.describe(name="A name for the deck (yours in this server)", format="Standard or Epic",
                       combination="Start from a Combination: core sets and minipaks, e.g. core + mini1",
                       pool="Start from one of your saved pools (e.g. a draft's)")
@app_commands.choices(format=FORMATS)
@app_commands.autocomplete(combination=combination_names, pool=pool_names)
async def deck_new(interaction: discord.Interaction, name: app_commands.Range[str, 1, 40],
                   format: app_commands.Choice[str],  # noqa: A002
                   combination: app_commands.Range[str, 1, 100] | None = None,
                   pool: app_commands.Range[str, 1, 40] | None = None) -> None:
    """Make a deck: empty, from a Combination (4 random Leaders) or from a saved pool."""
    async with guarded(interaction):
        combo = parse_sets(combination) if combination else None
        deck = await _service(interaction).new(interaction.guild_id, interaction.user.id, name, format.value,
                                               combination=combo, pool=pool)
        lang = member_language(interaction)
        lead = (t(lang, "Deck made (from {sets}).", sets=" + ".join(combo[0] + combo[1])) if combo else
                t(lang, "Deck made (from your pool {pool}: designate 4 Leaders).", pool=quote(pool, 40)) if pool else
                t(lang, "Deck made (empty: add cards)."))
        await _show(interaction, deck, lead)


@app_commands.describe(name=NAME)
@app_commands.autocomplete(name=deck_names)
async def deck_show(interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]) -> None:
    """Show a deck: both stacks and whether it can be played here."""
    async with guarded(interaction):
        deck = await _service(interaction).get(interaction.guild_id, interaction.user.id, name)
        if deck is None:
            raise DeckError("You have no deck named {name} in this server (see `/pt deck list`).", name=quote(name, 40))
        await _show(interaction, deck)


async def _edit(interaction: discord.Interaction, name: str, change, *args: Any, **kwargs: Any) -> None:
    """Apply one pure edit to a deck and show the result."""
    deck = await _service(interaction).edit(interaction.guild_id, interaction.user.id, name, change, *args, **kwargs)
    await _show(interaction, deck, "✅ " + t(member_language(interaction), "Done."))


@app_commands.describe(name=NAME, card="The card to add", role="As a Hero (default) or a Leader",
                       copies="How many copies (Epic decks: up to 3 of a card)")
@app_commands.rename(role="as")
@app_commands.choices(role=ROLES)
@app_commands.autocomplete(name=deck_names, card=card_names)
async def deck_add(interaction: discord.Interaction, name: app_commands.Range[str, 1, 100],
                   card: app_commands.Range[str, 1, 100], role: app_commands.Choice[str] | None = None,
                   copies: app_commands.Range[int, 1, 3] = 1) -> None:
    """Add a card to a deck as a Hero or a Leader."""
    async with guarded(interaction):
        await _edit(interaction, name, rules.add, card_key(card), role.value if role else "hero", copies)


@app_commands.describe(name=NAME, card="The card to take out", role="From the Heroes or the Leaders",
                       copies="How many copies")
@app_commands.rename(role="from")
@app_commands.choices(role=ROLES)
@app_commands.autocomplete(name=deck_names, card=card_names)
async def deck_remove(interaction: discord.Interaction, name: app_commands.Range[str, 1, 100],
                      card: app_commands.Range[str, 1, 100], role: app_commands.Choice[str] | None = None,
                      copies: app_commands.Range[int, 1, 3] = 1) -> None:
    """Take a card out of a deck."""
    async with guarded(interaction):
        await _edit(interaction, name, rules.remove, card_key(card), role.value if role else None, copies)


@app_commands.describe(name=NAME, card="A card of the deck", role="Make it a Leader or a Hero")
@app_commands.rename(role="as")
@app_commands.choices(role=ROLES)
@app_commands.autocomplete(name=deck_names, card=card_names)
async def deck_designate(interaction: discord.Interaction, name: app_commands.Range[str, 1, 100],
                         card: app_commands.Range[str, 1, 100], role: app_commands.Choice[str]) -> None:
    """Move one copy of a card between the Leader and Hero stacks."""
    async with guarded(interaction):
        await _edit(interaction, name, rules.designate, card_key(card), role.value)


@app_commands.describe(name=NAME, new_name="The copy's name")
@app_commands.autocomplete(name=deck_names)
async def deck_copy(interaction: discord.Interaction, name: app_commands.Range[str, 1, 100],
                    new_name: app_commands.Range[str, 1, 40]) -> None:
    """Copy a deck under a new name."""
    async with guarded(interaction):
        deck = await _service(interaction).copy(interaction.guild_id, interaction.user.id, name, new_name)
        await reply(interaction, "✅ " + t(member_language(interaction), "Copied into **{name}**.",
                                          name=esc(deck["name"])))


@app_commands.describe(name=NAME, new_name="Its new name")
@app_commands.autocomplete(name=deck_names)
async def deck_rename(interaction: discord.Interaction, name: app_commands.Range[str, 1, 100],
                      new_name: app_commands.Range[str, 1, 40]) -> None:
    """Rename a deck."""
    async with guarded(interaction):
        deck = await _service(interaction).rename(interaction.guild_id, interaction.user.id, name, new_name)
        await reply(interaction, "✅ " + t(member_language(interaction), "Renamed: **{name}**.",
                                          name=esc(deck["name"])))


@app_commands.describe(name=NAME)
@app_commands.autocomplete(name=deck_names)
async def deck_delete(interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]) -> None:
    """Delete a deck."""
    async with guarded(interaction):
        gone = await _service(interaction).delete(interaction.guild_id, interaction.user.id, name)
        await reply(interaction, "🗑️ " + t(member_language(interaction), "Deleted **{name}**.", name=esc(gone)))


async def deck_list(interaction: discord.Interaction) -> None:
    """List your decks in this server with their validity here."""
    async with guarded(interaction):
        service = _service(interaction)
        if interaction.guild_id is None:
            raise DeckError("Decks belong to a server: use this in one of the bot's servers.")
        found = await service.list(interaction.guild_id, interaction.user.id)
        if not found:
            raise DeckError("You have no decks in this server yet: make one with `/pt deck new`.")
        lang = member_language(interaction)
        lines = ["🃏 **" + t(lang, "Your decks here") + "**"]
        for deck in found:
            ok = not await service.problems_here(interaction.guild_id, deck)
            lock = " · 🔒 " + t(lang, "game #{game}", game=deck["locked_by"]) if deck["locked_by"] else ""
            valid = "✅ " + t(lang, "valid") if ok else "❌ " + t(lang, "not valid here")
            lines.append(f"• **{esc(deck['name'])}** · {format_name(deck['format'], lang)} · {len(deck['leaders'])}+"
                         f"{len(deck['heroes'])} · {valid}{lock}")
        pools_saved = await service.pools(interaction.guild_id, interaction.user.id)
        if pools_saved:
            lines.append(t(lang, "Saved pools: {pools}", pools=", ".join(f"**{esc(p['name'])}** ({len(p['cards'])})"
                                                                        for p in pools_saved[:10])))
        await reply(interaction, "\n".join(lines))


@app_commands.describe(name=NAME)
@app_commands.autocomplete(name=deck_names)
async def deck_export(interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]) -> None:
    """Answer with the deck's code, to paste into `/pt deck import`."""
    async with guarded(interaction):
        service = _service(interaction)
        deck = await service.get(interaction.guild_id, interaction.user.id, name)
        if deck is None:
            raise DeckError("You have no deck named {name} in this server (see `/pt deck list`).", name=quote(name, 40))
        code = service.export_code(deck)
        await reply(interaction, t(member_language(interaction), "Code of **{name}** (anyone can import it "
                                   "with `/pt deck import`):", name=esc(deck["name"])) + f"\n```\n{code}\n```")


@app_commands.describe(name="A name for the imported deck", code="The deck code (PT1-…)",
                       replace="Replace your deck of that name")
async def deck_import(interaction: discord.Interaction, name: app_commands.Range[str, 1, 40],
                      code: app_commands.Range[str, 1, 400], replace: bool = False) -> None:
    """Save the deck of a deck code under a name."""
    async with guarded(interaction):
        deck = await _service(interaction).import_code(interaction.guild_id, interaction.user.id, name, code,
                                                       replace=replace)
        await _show(interaction, deck, "✅ " + t(member_language(interaction), "Imported."))


COMMANDS = {
    "new": (deck_new, "Make a deck: empty, from a Combination or from a saved pool"),
    "show": (deck_show, "Show one of your decks and whether it can be played here"),
    "add": (deck_add, "Add a card to a deck, as a Hero or a Leader"),
    "remove": (deck_remove, "Take a card out of a deck"),
    "designate": (deck_designate, "Make a card of a deck a Leader or a Hero"),
    "copy": (deck_copy, "Copy a deck under a new name"),
    "rename": (deck_rename, "Rename a deck"),
    "delete": (deck_delete, "Delete a deck"),
    "list": (deck_list, "Your decks in this server"),
    "export": (deck_export, "A deck's code, to share or keep"),
    "import": (deck_import, "Save a deck from its code"),
}


def deck_group() -> app_commands.Group:
    """Return a fresh ``/pt deck`` group with every subcommand."""
    group = app_commands.Group(name="deck", description="Your Pixel Tactics decks in this server")
    for name, (callback, description) in COMMANDS.items():
        group.add_command(app_commands.Command(name=name, description=description, callback=callback))
    return group

