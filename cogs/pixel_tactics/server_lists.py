"""/settings pt: a server's Pixel Tactics lists (Manage Server): pool sets, banned and restricted Leaders and
Heroes, the restricted-hero count, the Cube and whether Chase Leaders may be used. Wired into /settings by
``cogs.settings`` (which passes its refusal for members without Manage Server). Every refusal is private and changes nothing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.answers import member_language
from bot.decks import DeckError
from bot.games.pixel_tactics import pools, sets
from bot.i18n import N_, SOURCE, t, tn
from cogs.flow import bot_of
from cogs.pixel_tactics.cards import card_names, find_card
from cogs.pixel_tactics.deck_commands import ROLES, reply, stack_text
from cogs.posts import esc, quote

ROLE_LIST = {"leader": "leaders", "hero": "heroes"}
#: (list, role) -> the refusals of taking a card off a list it is not on, and of listing it twice
_NOT_LISTED = {("banned", "leader"): N_("{card} is not banned as a Leader."),
               ("banned", "hero"): N_("{card} is not banned as a Hero."),
               ("restricted", "leader"): N_("{card} is not restricted as a Leader."),
               ("restricted", "hero"): N_("{card} is not restricted as a Hero.")}
_LISTED = {("banned", "leader"): N_("{card} is already banned as a Leader."),
           ("banned", "hero"): N_("{card} is already banned as a Hero."),
           ("restricted", "leader"): N_("{card} is already restricted as a Leader."),
           ("restricted", "hero"): N_("{card} is already restricted as a Hero.")}
CUBE_ACTIONS = ["show", "add", "remove", "reset"]
#: (list, role, lifted) -> what a ban or restriction's change says
_CHANGED = {("banned", "leader", False): N_("{card} is banned as a Leader here."),
            ("banned", "hero", False): N_("{card} is banned as a Hero here."),
            ("restricted", "leader", False): N_("{card} is restricted as a Leader here."),
            ("restricted", "hero", False): N_("{card} is restricted as a Hero here."),
            ("banned", "leader", True): N_("{card} is no longer banned as a Leader here."),
            ("banned", "hero", True): N_("{card} is no longer banned as a Hero here."),
            ("restricted", "leader", True): N_("{card} is no longer restricted as a Leader here."),
            ("restricted", "hero", True): N_("{card} is no longer restricted as a Hero here.")}


def _service(interaction: discord.Interaction):
    return bot_of(interaction).tables.decks


def deck_card(text: str) -> dict[str, Any]:
    """Return the deck card named ``text`` (``DeckError`` for an unknown name, a Chase Leader or a Base)."""
    card = find_card(text)
    if card is None:
        raise DeckError("No card is called {text}: start typing to see the names.", text=quote(text, 80))
    if pools.kind_of(card["key"]) not in ("dual", "common", "promo"):
        raise DeckError("{card} never goes in a deck, so no list needs it.", card=esc(card["name"]))
    return card


def cube_line(lists: dict[str, Any], lang: str = SOURCE) -> str:
    """The Cube's line of the /settings pt show text: its size and the drafts it is big enough for."""
    cube = lists["cube"]
    fields = {"n": len(cube), "pack": min(8, len(cube) // 32), "epic": min(8, len(cube) // 64)}
    if lists["cube_default"]:
        return t(lang, "**Cube:** {n} cards (the default): Pack Draft for up to {pack} players, Epic Pack Draft for "
                       "up to {epic}", **fields)
    return t(lang, "**Cube:** {n} cards: Pack Draft for up to {pack} players, Epic Pack Draft for up to {epic}",
             **fields)


def describe(lists: dict[str, Any], lang: str = SOURCE) -> str:
    """Return a server's Pixel Tactics lists as the /settings pt show text, in ``lang``."""
    def titles(names: list[str]) -> str:
        return ", ".join(t(lang, sets.SET_INFO[n][0]) for n in names if n in sets.SET_INFO) or t(lang, "none")

    def stack(key: str) -> str:
        return stack_text(lists[key], lang=lang)
    return "\n".join([
        "🃏 **" + t(lang, "Pixel Tactics settings") + "**",
        t(lang, "**Card pool (Constructed):** {sets} ({n} cards)", sets=titles(lists["pool_sets"]),
          n=len(lists["pool"])),
        t(lang, "**Banned Leaders:** {cards}", cards=stack("banned_leaders")),
        t(lang, "**Banned Heroes:** {cards}", cards=stack("banned_heroes")),
        t(lang, "**Restricted Leaders (one per deck):** {cards}", cards=stack("restricted_leaders")),
        t(lang, "**Restricted Heroes (at most {n} per deck):** {cards}", n=lists["restricted_hero_count"],
          cards=stack("restricted_heroes")),
        cube_line(lists, lang),
        t(lang, "**Chase Leaders:** allowed") if lists["chase"] else t(lang, "**Chase Leaders:** not allowed"),
    ])


async def pt_show(interaction: discord.Interaction) -> None:
    """Show the server's Pixel Tactics lists."""
    lists = await _service(interaction).server_lists(interaction.guild_id)
    await reply(interaction, describe(lists, member_language(interaction)))


@app_commands.describe(sets="Sets in the pool, e.g. `core core2 mini1 mini2 commons` (or `default`)")
async def pt_pool(interaction: discord.Interaction, sets: app_commands.Range[str, 1, 100]) -> None:  # noqa: A002
    """Choose the sets of the server's Constructed card pool."""
    words = sets.replace(",", " ").replace("+", " ").casefold().split()
    if words == ["default"]:
        chosen = None
    else:
        unknown = [w for w in words if w not in pools.POOL_SETS]
        if unknown or not words:
            raise DeckError("{text} is not a set: choose from {sets} (or `default`).",
                            text=quote(unknown[0] if unknown else sets, 30), sets=", ".join(pools.POOL_SETS))
        chosen = list(dict.fromkeys(words))
        if not any(pools.kind_of(k) in ("dual", "promo") for k in pools.cards_of_sets(chosen)):
            raise DeckError("A pool needs Leader/Hero cards (Commons are never Leaders): add a core set or a "
                            "minipak.")
    lists = await _service(interaction).set_server_list(interaction.guild_id, "pool_sets", chosen)
    await reply(interaction, "✅ " + t(member_language(interaction), "The card pool is now {sets} ({n} cards).",
                                      sets=", ".join(lists["pool_sets"]), n=len(lists["pool"])))


async def _toggle(interaction: discord.Interaction, kind: str, card_text: str, role: str, lift: bool) -> None:
    """Add a card to (or, ``lift``, take it off) a banned or restricted list."""
    card = deck_card(card_text)
    if role == "leader" and pools.kind_of(card["key"]) == "common":
        raise DeckError("{card} is a Common: Commons are never Leaders, so no list needs it as one.",
                        card=esc(card["name"]))
    key = f"{kind}_{ROLE_LIST[role]}"
    service = _service(interaction)
    current = list((await service.server_lists(interaction.guild_id))[key])
    if lift and card["key"] not in current:
        raise DeckError(_NOT_LISTED[kind, role], card=esc(card["name"]))
    if not lift and card["key"] in current:
        raise DeckError(_LISTED[kind, role], card=esc(card["name"]))
    current = [k for k in current if k != card["key"]] if lift else [*current, card["key"]]
    await service.set_server_list(interaction.guild_id, key, current or None)
    await reply(interaction, "✅ " + t(member_language(interaction), _CHANGED[kind, role, lift],
                                      card=esc(card["name"])))


@app_commands.describe(card="The card", role="Banned as a Leader or as a Hero", lift="Lift the ban instead")
@app_commands.rename(role="as")
@app_commands.choices(role=ROLES)
@app_commands.autocomplete(card=card_names)
async def pt_ban(interaction: discord.Interaction, card: app_commands.Range[str, 1, 100],
                 role: app_commands.Choice[str], lift: bool = False) -> None:
    """Ban a card as a Leader or as a Hero (or lift the ban)."""
    await _toggle(interaction, "banned", card, role.value, lift)


@app_commands.describe(card="The card", role="Restricted as a Leader or as a Hero",
                       lift="Lift the restriction instead")
@app_commands.rename(role="as")
@app_commands.choices(role=ROLES)
@app_commands.autocomplete(card=card_names)
async def pt_restrict(interaction: discord.Interaction, card: app_commands.Range[str, 1, 100],
                      role: app_commands.Choice[str], lift: bool = False) -> None:
    """Restrict a card as a Leader (one per deck) or as a Hero (the server's number per deck)."""
    await _toggle(interaction, "restricted", card, role.value, lift)


@app_commands.describe(count="How many Restricted Heroes a deck may hold (default 1)")
async def pt_restricted_heroes(interaction: discord.Interaction, count: app_commands.Range[int, 0, 10]) -> None:
    """Set how many Restricted Heroes one deck may hold."""
    await _service(interaction).set_server_list(interaction.guild_id, "restricted_hero_count",
                                                None if count == 1 else count)
    lang = member_language(interaction)
    await reply(interaction, "✅ " + (tn(lang, "A deck may hold at most {n} Restricted Hero.", "A deck may hold at most {n} Restricted Heroes.", count, n=count)))


@app_commands.describe(action="Show, add a card, remove a card, or reset to the default Cube", card="The card",
                       copies="How many copies to add or remove (a Cube holds at most 3 of a card)")
@app_commands.choices(action=[app_commands.Choice(name=a, value=a) for a in CUBE_ACTIONS])
@app_commands.autocomplete(card=card_names)
async def pt_cube(interaction: discord.Interaction, action: app_commands.Choice[str],
                  card: app_commands.Range[str, 1, 100] | None = None,
                  copies: app_commands.Range[int, 1, 3] = 1) -> None:
    """Edit the server's Cube, the cards drafts deal from."""
    service = _service(interaction)
    lists = await service.server_lists(interaction.guild_id)
    cube = list(lists["cube"])
    lang = member_language(interaction)
    if action.value == "show":
        counts = Counter(cube)
        by_set = Counter(pools.card(k)["set"] for k in cube)
        parts = ", ".join(f"{t(lang, sets.SET_INFO[s][0])} {n}" for s, n in by_set.items() if s in sets.SET_INFO)
        await reply(interaction, cube_line(lists, lang) + "\n" + t(
            lang, "By set: {sets}; {n} cards in several copies.", sets=parts or t(lang, "empty"),
            n=sum(1 for n in counts.values() if n > 1)))
        return
    if action.value == "reset":
        await service.set_server_list(interaction.guild_id, "cube", None)
        await reply(interaction, "✅ " + t(lang, "The Cube is the default one again ({n} cards).",
                                          n=len(pools.DEFAULT_CUBE)))
        return
    if card is None and action.value == "add":
        raise DeckError("Name the card to add.")
    if card is None:
        raise DeckError("Name the card to remove.")
    found = deck_card(card)
    have = cube.count(found["key"])
    if action.value == "add":
        if have + copies > pools.MAX_COPIES:
            if have == 1:
                raise DeckError("The Cube holds 1 copy of {card}: at most {most} of a card.", card=esc(found["name"]),
                                most=pools.MAX_COPIES)
            raise DeckError("The Cube holds {have} copies of {card}: at most {most} of a card.", have=have,
                            card=esc(found["name"]), most=pools.MAX_COPIES)
        cube += [found["key"]] * copies
    else:
        if have < copies:
            if have == 1:
                raise DeckError("The Cube holds 1 copy of {card}.", card=esc(found["name"]))
            raise DeckError("The Cube holds {have} copies of {card}.", have=have, card=esc(found["name"]))
        for _ in range(copies):
            cube.remove(found["key"])
    await service.set_server_list(interaction.guild_id, "cube", cube)
    await reply(interaction, "✅ " + t(lang, "The Cube now holds {have} of {card} ({n} cards).",
                                      have=cube.count(found["key"]), card=esc(found["name"]), n=len(cube)))


@app_commands.describe(enabled="Whether members may swap in Chase Leaders")
async def pt_chase(interaction: discord.Interaction, enabled: bool) -> None:
    """Allow or forbid Chase Leaders in this server's games."""
    await _service(interaction).set_server_list(interaction.guild_id, "chase", None if enabled else False)
    lang = member_language(interaction)
    await reply(interaction, "✅ " + (t(lang, "Chase Leaders are allowed.") if enabled else
                                     t(lang, "Chase Leaders are not allowed.")))


COMMANDS = {
    "show": (pt_show, "Show the server's Pixel Tactics lists"),
    "pool": (pt_pool, "The sets of the Constructed card pool"),
    "ban": (pt_ban, "Ban a card as a Leader or as a Hero (or lift the ban)"),
    "restrict": (pt_restrict, "Restrict a card as a Leader or as a Hero (or lift it)"),
    "restricted_heroes": (pt_restricted_heroes, "How many Restricted Heroes a deck may hold"),
    "cube": (pt_cube, "Show or edit the Cube drafts deal from"),
    "chase": (pt_chase, "Allow or forbid Chase Leaders"),
}


def managers_only(refusal: str) -> Callable[[discord.Interaction], Awaitable[bool]]:
    """Return a command check letting only members with Manage Server through (others get ``refusal``)."""
    async def predicate(interaction: discord.Interaction) -> bool:
        if interaction.guild_id is not None and interaction.permissions.manage_guild:
            return True
        raise app_commands.CheckFailure(refusal)
    return predicate


def pt_group(refusal: str) -> app_commands.Group:
    """Return a fresh ``/settings pt`` group whose commands only managers may use (refusals are private: the
    tree answers a failed check and a ``DeckError`` with their sentence)."""
    group = app_commands.Group(name="pt", description="Pixel Tactics: card pool, banned and restricted lists, Cube")
    for name, (callback, description) in COMMANDS.items():
        command = app_commands.Command(name=name, description=description, callback=callback)
        command.add_check(managers_only(refusal))
        group.add_command(command)
    return group
