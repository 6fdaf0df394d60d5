"""Pixel Tactics Draft in Discord: the public progress post (never a card of a pack, a face-down lot or a pool),
private picks by DM (or the 🔒 button), Purchase buys on the table post; at the end each player's pool and deck
are saved through the deck service and the pairings are posted, each with a button opening its match's lobby."""

from __future__ import annotations

import logging
import re

import discord
from discord.ext import commands

from bot import errors
from bot.decks import DeckError
from bot.duties import duties_of
from bot.games.base import Action
from bot.i18n import N_, SOURCE, t, tn
from bot.move_words import move_words
from bot.tables import Outcome, Table
from cogs.buttons import GameButton, id_number, refusing
from cogs.flow import bot_of, guarded
from cogs.guide import GuideButton, Step
from cogs.posts import Image, Post, esc, guild_language, public_language, register_presenter, seat_view
from cogs.posts import render as run_render
from rendering import pt_draft as render

log = logging.getLogger("parlor.pt_draft")

#: most Hero buttons a return post shows before it groups them in the step-by-step chooser
RETURN_BUTTONS = 23
GROUP = 20
OPEN_MATCH = "Open the match"


def draft_deck_name(game_id: int) -> str:
    """Return the name a draft's pool and deck are saved under (a number is added if the member has one)."""
    return f"Draft #{game_id}"


def _card_name(view: dict, key: str) -> str:
    private = view.get("private") or {}
    for group in ("pack", "lot", "leaders", "heroes", "returnable"):
        for card in private.get(group) or []:
            if card.get("id") == key:
                return str(card.get("name", key))
    drawn = private.get("drawn") or {}
    if drawn.get("id") == key:
        return str(drawn.get("name", key))
    for lot in view.get("lots") or []:
        if isinstance(lot, dict) and lot.get("id") == key:
            return str(lot.get("name", key))
    return key


def _number(view: dict, key: str) -> str:
    """Return ``"3 · "`` for the card numbered 3 on the pick image (its first card with that key)."""
    for index, (card, _note) in enumerate(render.pick_cards(view), start=1):
        if card.get("id") == key:
            return f"{index} · "
    return ""


def action_label(view: dict, action: Action, lang: str = SOURCE) -> str:
    """Return a button label for a draft action, from the acting player's view, in ``lang``."""
    kind = action["type"]
    private = view.get("private") or {}
    leader = action.get("to") == "leader"
    if kind == "pick":
        held = {c.get("id") for c in (private.get("leaders") or []) + (private.get("heroes") or [])}
        card = _card_name(view, action["card"])
        label = (t(lang, "Pick {card} as a Leader", card=card) if view.get("leader_pick") else
                 t(lang, "Pick {card}", card=card))
        return _number(view, action["card"]) + label + (" " + t(lang, "(you have one)") if action["card"] in held
                                                         else "")
    if kind == "take":
        size, lot = len(private.get("lot") or []), (view.get("looking") or 0) + 1
        return (tn(lang, "Take lot {lot} ({n} card) as Heroes", "Take lot {lot} ({n} cards) as Heroes", size, lot=lot, n=size))
    if kind == "leader":
        return _number(view, action["card"]) + t(lang, "Take {card} as a Leader, shuffle the rest back",
                                                 card=_card_name(view, action["card"]))
    if kind == "pass":
        if private.get("last_lot"):
            return t(lang, "Pass the last lot: draw the deck's top card")
        return t(lang, "Pass lot {lot}: add a card, look at the next", lot=(view.get("looking") or 0) + 1)
    if kind == "keep":
        card = _card_name(view, (private.get("drawn") or {}).get("id", ""))
        return t(lang, "Keep {card} as a Leader", card=card) if leader else t(lang, "Keep {card} as a Hero", card=card)
    if kind == "buy":
        lot = (view.get("lots") or [])[action["lot"]] if action["lot"] < len(view.get("lots") or []) else {}
        cost = action["lot"]
        fields = {"lot": cost + 1, "card": lot.get("name", "?"), "price": render.price(cost, lang)}
        return (t(lang, "Lot {lot}: {card} as a Leader ({price})", **fields) if leader else
                t(lang, "Lot {lot}: {card} as a Hero ({price})", **fields))
    if kind == "return":
        return t(lang, "Return {card}", card=_card_name(view, action["card"]))
    if kind == "done":
        return t(lang, "Done: keep the rest")
    return kind


def round_robin(seats: list[int]) -> list[list[tuple[int, int]]]:
    """Return round-robin rounds (the circle method): every two seats meet once; with an odd count, one rests."""
    players: list[int | None] = list(seats)
    if len(players) % 2:
        players.append(None)
    rounds = []
    for _ in range(len(players) - 1):
        half = len(players) // 2
        pairs = [(players[i], players[-1 - i]) for i in range(half)]
        rounds.append([(a, b) for a, b in pairs if a is not None and b is not None])
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


class PtDraftPresenter:
    """How a Pixel Tactics Draft looks in Discord."""

    kind = "pt-draft"
    private_label = N_("My draft")
    combine_done_line = True
    speaks_languages = True

    def describe_action(self, before: Table, seat: int, action: Action, lang: str) -> str | None:
        """The public words for a draft action (never a hidden card), in ``lang``."""
        return move_words(self.kind, before.state, seat, action, lang, eng=before.engine)

    def describe_private(self, before: Table, seat: int, action: Action, lang: str) -> str | None:
        """The player's own words for their draft action (naming their card), in ``lang``."""
        return move_words(self.kind, before.state, seat, action, lang, own=True, eng=before.engine)

    def guide_path(self, table: Table, seat: int, action: Action, lang: str = SOURCE) -> list[Step]:
        """A return among many Heroes goes through the chooser: a group of names, then the Hero."""
        if action["type"] != "return":
            return []
        view = seat_view(table, seat)
        names = sorted({_card_name(view, c.get("id", "")) for c in (view.get("private") or {}).get("returnable") or []})
        name = _card_name(view, action["card"])
        index = names.index(name) if name in names else 0
        group = names[index - index % GROUP:index - index % GROUP + GROUP]
        return [Step(f"{group[0]} … {group[-1]}", t(lang, "Choose which Heroes to look at")),
                Step(name, t(lang, "Choose the Hero to return to the Cube"))]

    def _headline(self, table: Table, view: dict, mention: bool, lang: str = SOURCE) -> str:
        names = table.names(lang)
        head = f"**{table.title}** · {esc(render.title(view, lang))} · {render.progress(view, lang)}"
        acting = view.get("to_act") or []
        button = f"**{t(lang, self.private_label)}**"

        def who(seat: int) -> str:
            return f"<@{table.user_of(seat)}>" if mention else f"**{esc(names[seat])}**"
        gone = [esc(names[s["seat"]]) for s in view["seats"] if s.get("active") is False]
        left = "\n" + t(lang, "Left the draft: {names}", names=", ".join(gone)) if gone else ""
        phase = view.get("phase")
        if view.get("status") == "finished":
            return f"{head}{left}"
        if phase == "pack":
            done = [esc(names[s["seat"]]) for s in view["seats"] if s.get("picked") and s.get("active")]
            return (f"{head}\n" + t(lang, "Pick in secret: {players} still to pick (your pack is in your DMs, or "
                                          "press {button}).", players=", ".join(who(s) for s in acting), button=button)
                    + ("\n✓ " + t(lang, "Picked: {names}", names=", ".join(done)) if done else "") + left)
        if phase == "winston" and acting:
            return (f"{head}\n" + t(lang, "{player} looks at the lots in secret (in your DMs, or press {button}): "
                                          "take the lot, take one card as a Leader, or pass.", player=who(acting[0]),
                                    button=button) + left)
        if phase == "purchase" and acting:
            return (f"{head}\n" + t(lang, "{player}, buy a lot: lot 1 is free, each lot after it costs a coin more "
                                          "(one placed on each lot passed over).", player=who(acting[0])) + left)
        if phase == "return":
            return (f"{head}\n" + t(lang, "Returning Heroes to the Cube in secret: {players} (in your DMs, or press "
                                          "{button}).", players=", ".join(who(s) for s in acting), button=button)
                    + left)
        return head + left

    async def table_post(self, table: Table, *, mention: bool) -> Post:
        """Return the public progress post (in the server's language); a Purchase buyer's buttons are on it (the
        lots are face up)."""
        lang = await public_language(table)
        view = table.engine.view(table.state, None)
        names = list(table.names(lang))
        data = await run_render(render.render_draft_table, view, names, lang)
        buttons: list[discord.ui.Item] = []
        mentions: list[int] = []
        for decision in table.pending():
            if mention:
                mentions.append(table.user_of(decision.player))
            if decision.private:
                continue
            for action in table.engine.legal_actions(table.state, decision.player)[:24]:
                style = discord.ButtonStyle.success if action.get("to") == "leader" else discord.ButtonStyle.primary
                buttons.append(GameButton(table.id, decision.player, decision.id, action,
                                          label=action_label(view, action, lang), style=style))
        return Post(self._headline(table, view, mention, lang),
                    [Image(data, f"pt-draft-{table.id}.png", render.alt_table(view, names, lang))], buttons, mentions)

    async def private_post(self, table: Table, seat: int, lang: str | None = None) -> Post:
        """Return one player's private post (in ``lang``; the server's when None): the cards they choose from,
        with their buttons."""
        lang = lang or await public_language(table)
        view = table.engine.view(table.state, seat)
        names = list(table.names(lang))
        data = await run_render(render.render_draft_pick, view, names, lang)
        decision = table.engine.decision_for(table.state, seat)
        lines = [f"**{table.title}** · {esc(render.title(view, lang))} · {render.progress(view, lang)} · "
                 + t(lang, "your private view")]
        buttons: list[discord.ui.Item] = []
        if decision is not None and decision.private:
            lines.append(t(lang, decision.prompt))
            legal = table.engine.legal_actions(table.state, seat)
            returns = [a for a in legal if a["type"] == "return"]
            if len(returns) > RETURN_BUTTONS:
                buttons.append(GuideButton(table.id, seat, decision.id, t(lang, "Return a Hero"), "↩️"))
                legal = [a for a in legal if a["type"] != "return"]
            for action in legal[:24]:
                style = (discord.ButtonStyle.secondary if action["type"] in ("done", "pass")
                         else discord.ButtonStyle.success if action["type"] in ("leader",) or
                         action.get("to") == "leader" else discord.ButtonStyle.primary)
                buttons.append(GameButton(table.id, seat, decision.id, action, label=action_label(view, action, lang),
                                          style=style))
        elif decision is not None:
            lines.append(t(lang, "Your turn to buy: press a lot's button on the draft's post."))
        else:
            lines.append(t(lang, "Nothing to decide privately right now."))
        return Post("\n".join(lines), [Image(data, f"pt-draft-{table.id}-you.png",
                                              render.alt_pick(view, names, lang))], buttons)

    async def outcome_posts(self, outcome: Outcome) -> list[Post]:
        """Return the end of the draft (decks saved) and the pairings, each with a button opening its match."""
        after = outcome.after
        if after.row.status != "finished":
            return []
        lang = await public_language(after)
        view = after.engine.view(after.state, None)
        names = list(after.names(lang))
        data = await run_render(render.render_draft_table, view, names, lang)
        active = [s["seat"] for s in view["seats"] if s.get("active", True)]
        problems = after.state.get("deck_problems") or []
        lines = [f"**{after.title}** · {esc(render.title(view, lang))} · " + t(lang, "the draft is over."),
                 t(lang, "Each player's pool and deck are saved as “{name}” (see `/pt deck show`; edit the deck from "
                         "the pool with `/pt deck`).", name=draft_deck_name(after.id))]
        for seat in active:
            if seat < len(problems) and problems[seat]:
                lines.append("• " + t(lang, "{name}: the deck breaks a deck rule as drafted — see `/pt deck show`.",
                                      name=esc(names[seat])))
        if after.row.options.get("tournament"):
            lines.append(t(lang, "Your tournament games deal that deck when it is a legal Standard deck of your pool, "
                                 "else the bot's build from the pool (see `/tournament status`)."))
        posts = [Post("\n".join(lines), [Image(data, f"pt-draft-{after.id}-final.png",
                                                render.alt_table(view, names, lang))],
                      mention=[after.user_of(s) for s in active])]
        if after.row.options.get("tournament"):  # a tournament's draft: the tournament pairs its players
            return posts
        rounds = round_robin(active) if len(active) > 2 else ([[tuple(active)]] if len(active) == 2 else [])
        for number, pairs in enumerate(rounds, start=1):
            head = t(lang, "Your match") if len(rounds) == 1 else t(lang, "Round {number} of {count}", number=number,
                                                                       count=len(rounds))
            text = [f"**{head}** " + t(lang, "(Pixel Tactics with your drafted decks): press a pairing to open its "
                                             "table.")]
            text += ["• " + t(lang, "{a} vs {b}", a=esc(names[a]), b=esc(names[b])) for a, b in pairs]
            buttons = [PairingButton(after.id, a, b, t(lang, "{a} vs {b}", a=names[a], b=names[b])) for a, b in pairs]
            posts.append(Post("\n".join(text), buttons=buttons))
        return posts


class PairingButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pp:(?P<game>\d+):(?P<a>\d+):(?P<b>\d+)"):
    """Opens a Pixel Tactics lobby for one pairing of a finished draft, with both players' drafted decks chosen."""

    def __init__(self, game_id: int, a: int, b: int, label: str = OPEN_MATCH):
        self.game_id, self.a, self.b = game_id, a, b
        super().__init__(discord.ui.Button(label=label[:80], emoji="⚔️", style=discord.ButtonStyle.primary,
                                           custom_id=f"pp:{game_id}:{a}:{b}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> PairingButton:
        """Rebuild the button from a click, after a restart too."""
        return cls(id_number(match["game"]), id_number(match["a"], 63), id_number(match["b"], 63),
                   getattr(item, "label", None) or OPEN_MATCH)

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Open the match's lobby (one of the pair only): the clicker seated, both drafted decks chosen."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            await open_match(interaction, bot, self.game_id, self.a, self.b)


async def open_match(interaction: discord.Interaction, bot, game_id: int, a: int, b: int) -> None:
    """Open a built-deck Pixel Tactics lobby for seats ``a`` and ``b`` of a finished draft."""
    from cogs.lobby.buttons import lobby_view
    from cogs.lobby.texts import lobby_text

    draft = await bot.tables.load(game_id, interaction.guild_id)
    if draft.row.kind != "pt-draft" or draft.row.status != "finished" or max(a, b) >= len(draft.seats):
        raise errors.NotAllowed("This pairing is not from a finished draft.")
    users = [draft.user_of(a), draft.user_of(b)]
    if interaction.user.id not in users:
        raise errors.NotSeated("Only the two players of this pairing can open its match.")
    await interaction.response.defer(thinking=True)
    lang = await guild_language(interaction.guild_id)
    chosen = {}
    for user in users:
        deck = await bot.tables.decks.get(interaction.guild_id, user, draft_deck_name(game_id))
        if deck is not None:
            chosen[str(user)] = deck["name"]
    settings = await bot.tables.settings(interaction.guild_id)
    options = {"thread": settings.threads, "game": {}, "built": True, "deck_choices": chosen}
    user = interaction.user
    table = await bot.tables.create_lobby("pixel-tactics", interaction.guild_id, interaction.channel_id, user.id,
                                          user.display_name, options)
    other = users[1] if users[0] == user.id else users[0]
    await interaction.followup.send(t(lang, "<@{player}>: join to play your drafted decks.", player=other)
                                    + f"\n{lobby_text(table, lang)}", view=lobby_view(table, lang),
                                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(other)]))


async def save_results(service, table: Table) -> None:
    """Commit hook: once a draft is over, save each remaining player's pool and deck through the deck service."""
    if table.row.kind != "pt-draft" or table.row.status != "finished":
        return
    state = table.state
    decks = getattr(service, "decks", None)
    if decks is None or state.get("pools") is None:
        return
    name = draft_deck_name(table.id)
    saved = await decks.pool_owners(table.id)
    for seat in table.seats:
        index = seat.seat
        if not state["active"][index] or seat.user_id in saved:  # saved already (a save at a restart)
            continue
        pool = await decks.save_pool(table.row.guild_id, seat.user_id, name, list(state["pools"][index]), table.id)
        deck = {**state["decks"][index], "pool": pool["name"]}
        for n in range(1, 20):
            deck["name"] = name if n == 1 else f"{name} ({n})"
            try:
                await decks.save(table.row.guild_id, seat.user_id, deck)
                break
            except DeckError as exc:
                if "already have a deck" not in str(exc):  # anything but a name taken: logged, not retried
                    log.warning("game %s: could not save seat %s's deck (%s)", table.id, index, exc)
                    break


class PtDraftCog(commands.Cog):
    """Pixel Tactics Draft: its presenter, the pairing buttons and the commit hook saving pools and decks."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        duties_of(bot).lead("saved the pools of drafts that ended before a restart",
                            lambda: save_missed_results(bot))

    async def cog_load(self) -> None:
        """Register the presenter and the hook that saves finished drafts (with the deck service attached)."""
        from bot.decks import attach

        register_presenter(PtDraftPresenter())
        service = self.bot.tables
        attach(service)

        async def hook(table: Table) -> None:
            await save_results(service, table)
        service.after_commit.append(hook)


async def save_missed_results(bot: commands.Bot) -> int:
    """Save the pools and decks of drafts that finished while the bot stopped before saving them; return how many
    drafts."""
    missed = await bot.tables.decks.drafts_without_pools()
    for game_id in missed:
        await save_results(bot.tables, await bot.tables.load(game_id))
    return len(missed)


async def setup(bot: commands.Bot) -> None:
    """Load the cog and register the pairing buttons."""
    await bot.add_cog(PtDraftCog(bot))
    bot.add_dynamic_items(PairingButton)


async def teardown(bot: commands.Bot) -> None:
    """Remove the pairing buttons."""
    bot.remove_dynamic_items(PairingButton)
