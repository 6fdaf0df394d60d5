"""The guided Tixel move: piece or pool → action and destination → orientation, privately.

Every step is a component whose ``custom_id`` carries the game, seat, decision and the choices so
far, so the guide survives restarts; each step re-checks that the decision is still pending.
"""

from __future__ import annotations

import re

import discord

from bot import errors
from bot.answers import member_language
from bot.games.base import Action
from bot.games.tixel import notation
from bot.i18n import N_, SOURCE, t
from cogs.buttons import MAX_SEAT, id_number, refusing, stale_button
from cogs.flow import announce, bot_of, guarded

#: a pool's piece to place, and a piece on the board, by kind
PLACE_KIND = {"tixel": N_("Place a tixel from your pool"), "tix": N_("Place a Tix piece from your pool"),
              "poka": N_("Place a Poka Yoke piece from your pool")}
YOUR_PIECE = {"tixel": N_("Your tixel on {square} ({state})"), "tix": N_("Your Tix piece on {square} ({state})"),
              "poka": N_("Your Poka Yoke piece on {square} ({state})")}
#: what to do with a chosen piece, by target
TARGETS = {"activate": N_("Activate it"), "pickup": N_("Pick it up (back to your pool)"),
           "pivot": N_("Pivot it to another diagonal")}
# the slider's hollow on arrival: its sliding stance turned 45° clockwise or counter-clockwise
_ARRIVAL = {"cw": {"N": "NE", "E": "SE", "S": "SW", "W": "NW"},
            "ccw": {"N": "NW", "E": "NE", "S": "SE", "W": "SW"}}
_IDS = r"(?P<game>\d+):(?P<seat>\d+):(?P<decision>[A-Za-z0-9_.-]{1,20})"


def source_of(action: Action) -> str:
    """Return what an action moves: ``pool-<kind>`` or the square of the piece."""
    if action["type"] == "place":
        return f"pool-{action['kind']}"
    return action.get("from") or action.get("square") or ""


def target_of(action: Action) -> str:
    """Return where or how an action acts on its source: a square or the action's type."""
    if action["type"] == "place":
        return action["square"]
    if action["type"] == "slide":
        return f"to-{action['to']}"
    return action["type"]


async def guided_table(interaction: discord.Interaction, item: GuideButton | GuideSelect):
    """Return the table and seat of a guide step after the usual checks (its decision is the
    clicker's and still open); a step naming a game that is not Tixel is refused."""
    table, seat = await bot_of(interaction).tables.check_decision(
        item.game_id, interaction.user.id, item.decision_id, interaction.guild_id, item.seat)
    if table.row.kind != "tixel":
        raise stale_button(item.custom_id, f"game {item.game_id} is not a Tixel game")
    return table, seat


def guided_actions(table, seat: int) -> list[Action]:
    """Return the legal actions the guide offers (ending a turn and draws have their own buttons)."""
    return [a for a in table.engine.legal_actions(table.state, seat)
            if a["type"] in ("place", "slide", "activate", "pickup", "pivot")]


def _state(active: bool, hollow: str | None, lang: str) -> str:
    """``active, hollow NE`` in ``lang``."""
    state = t(lang, "active") if active else t(lang, "inactive")
    return state + (", " + t(lang, "hollow {hollow}", hollow=hollow) if hollow else "")


def _source_label(view: dict, source: str, lang: str = SOURCE) -> str:
    if source.startswith("pool-"):
        kind = source[5:]
        return t(lang, PLACE_KIND[kind]) if kind in PLACE_KIND else source
    piece = view["board"].get(source, {})
    state = _state(bool(piece.get("active")), piece.get("hollow"), lang)
    return t(lang, YOUR_PIECE.get(piece.get("kind"), YOUR_PIECE["tixel"]), square=source, state=state)


def _target_label(target: str, lang: str = SOURCE) -> str:
    if target.startswith("to-"):
        return t(lang, "Slide to {square}", square=target[3:])
    if target in TARGETS:
        return t(lang, TARGETS[target])
    return t(lang, "Place on {square}", square=target)


def _variant_label(action: Action, lang: str = SOURCE) -> str:
    rounded = ", " + t(lang, "rounded corner {rounding}", rounding=action["round"]) if action.get("round") else ""
    if action["type"] == "place":
        return _state(action["active"], action.get("hollow"), lang) + rounded
    if action["type"] == "slide":
        stance = action.get("stance")
        if action.get("turn"):
            arrival = _ARRIVAL[action["turn"]].get(stance) if stance else None
            return (t(lang, "arrives active, hollow {hollow}", hollow=arrival) if arrival else
                    t(lang, "arrives active"))
        return (t(lang, "arrives inactive, hollow {hollow}: sacrificed, you get a bonus move", hollow=stance)
                if stance else t(lang, "arrives inactive: sacrificed, you get a bonus move"))
    if action.get("hollow"):
        return t(lang, "hollow {hollow}", hollow=action["hollow"])
    return notation.format_action(action)


def _select(custom_id: str, placeholder: str, options: list[tuple[str, str]]) -> discord.ui.Select:
    return discord.ui.Select(custom_id=custom_id, placeholder=placeholder[:150], min_values=1, max_values=1,
                             options=[discord.SelectOption(label=label[:100], value=value[:100])
                                      for value, label in options[:25]])


def step_view(game_id: int, seat: int, decision: str, table, chosen: list[str],
              lang: str = SOURCE) -> tuple[str, discord.ui.View]:
    """Return the text and components of the guide's next step after the ``chosen`` values, in ``lang``."""
    view_data = table.engine.view(table.state, None)
    actions = guided_actions(table, seat)
    head = f"ts:{game_id}:{seat}:{decision}"
    title = "**" + t(lang, "Guided move") + "**"
    view = discord.ui.View(timeout=None)
    if not chosen:
        sources = sorted({source_of(a) for a in actions}, key=lambda s: (not s.startswith("pool"), s))
        view.add_item(GuideSelect.make(f"{head}:", t(lang, "What do you want to move?"),
                                       [(s, _source_label(view_data, s, lang)) for s in sources]))
        return t(lang, "{title} · step 1 of 3: choose a piece on the board or your pool.", title=title), view
    matching = [a for a in actions if source_of(a) == chosen[0]]
    if len(chosen) == 1:
        targets = sorted({target_of(a) for a in matching})
        groups = [targets] if len(targets) <= 25 else [
            [square for square in targets if square[:1] <= "c"], [square for square in targets if square[:1] > "c"]]
        for i, group in enumerate(groups):
            hint = (t(lang, "Where, or what?") if len(groups) == 1 else
                    t(lang, "Squares {files}", files="a–c" if i == 0 else "d–f"))
            options = [(square, _target_label(square, lang)) for square in group]
            view.add_item(GuideSelect.make(f"{head}:{chosen[0]}", hint, options, suffix=str(i)))
        return t(lang, "{title} · step 2 of 3: {piece} — where, or what?", title=title,
                 piece=_source_label(view_data, chosen[0], lang)), view
    variants = [a for a in matching if target_of(a) == chosen[1]]
    view.add_item(GuideSelect.make(f"{head}:{chosen[0]}:{chosen[1]}", t(lang, "How?"),
                                   [(str(i), _variant_label(a, lang)) for i, a in enumerate(variants)]))
    return t(lang, "{title} · step 3 of 3: {target} — choose the orientation.", title=title,
             target=_target_label(chosen[1], lang)), view


class GuideButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"tg:{_IDS}"):
    """Opens the guided move for the player to act (privately)."""

    def __init__(self, game_id: int, seat: int, decision_id: str, *, label: str = "Guided move"):
        self.game_id, self.seat, self.decision_id = game_id, seat, decision_id
        super().__init__(discord.ui.Button(label=label, emoji="🧭", style=discord.ButtonStyle.primary,
                                           custom_id=f"tg:{game_id}:{seat}:{decision_id}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> GuideButton:
        """Rebuild the button from a click."""
        return cls(id_number(match["game"]), id_number(match["seat"], MAX_SEAT), match["decision"],
                   label=getattr(item, "label", None) or "Guided move")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Check the decision is the clicker's and still open, then show step 1 privately."""
        async with guarded(interaction):
            table, seat = await guided_table(interaction, self)
            text, view = step_view(self.game_id, seat, self.decision_id, table, [], member_language(interaction))
            await interaction.response.send_message(text, view=view, ephemeral=True)


class GuideSelect(discord.ui.DynamicItem[discord.ui.Select],
                  template=rf"ts:{_IDS}:(?P<chosen>[A-Za-z0-9:-]*?)(?:#(?P<suffix>\d))?"):
    """One step of the guided move; the last step applies the move."""

    def __init__(self, item: discord.ui.Select, game_id: int, seat: int, decision_id: str, chosen: list[str]):
        self.game_id, self.seat, self.decision_id, self.chosen = game_id, seat, decision_id, chosen
        super().__init__(item)

    @classmethod
    def make(cls, custom_id: str, placeholder: str, options: list[tuple[str, str]],
             suffix: str = "") -> GuideSelect:
        """Build a step's select menu."""
        full = custom_id + (f"#{suffix}" if suffix else "")
        match = cls.__discord_ui_compiled_template__.fullmatch(full)
        if match is None or len(full) > 100:
            raise ValueError(f"bad guide custom_id {full!r}")
        return cls(_select(full, placeholder, options), int(match["game"]), int(match["seat"]),
                   match["decision"], [c for c in (match["chosen"] or "").split(":") if c])

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> GuideSelect:
        """Rebuild the select from an interaction."""
        return cls(item, id_number(match["game"]), id_number(match["seat"], MAX_SEAT), match["decision"],
                   [c for c in (match["chosen"] or "").split(":") if c])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Go one step further, or apply the move chosen at the last step."""
        bot = bot_of(interaction)
        async with guarded(interaction):
            values = (interaction.data or {}).get("values") or []
            table, seat = await guided_table(interaction, self)
            chosen = [*self.chosen, *values[:1]]
            if len(chosen) < 3:
                matching = [a for a in guided_actions(table, seat)
                            if source_of(a) == chosen[0] and (len(chosen) < 2 or target_of(a) == chosen[1])]
                if len(chosen) == 1 or len(matching) > 1:
                    text, view = step_view(self.game_id, seat, self.decision_id, table, chosen,
                                           member_language(interaction))
                    await interaction.response.edit_message(content=text, view=view)
                    return
                action = matching[0] if matching else None
            else:
                variants = [a for a in guided_actions(table, seat)
                            if source_of(a) == chosen[0] and target_of(a) == chosen[1]]
                index = int(chosen[2]) if chosen[2].isdigit() else -1
                action = variants[index] if 0 <= index < len(variants) else None
            lang = member_language(interaction)
            if action is None:
                await interaction.response.edit_message(content=t(lang, "That choice is no longer possible."),
                                                        view=None)
                return
            played = f"`{notation.format_action(action)}`"
            await interaction.response.edit_message(content="✅ " + t(lang, "Playing {move}…", move=played), view=None)
            async with bot.tables.post_lock(self.game_id):
                try:
                    outcome = await bot.tables.act(self.game_id, interaction.user.id, self.decision_id, action,
                                                   guild_id=interaction.guild_id, for_seat=self.seat)
                except errors.ParlorError:
                    await interaction.edit_original_response(content="❌ " + t(lang, "{move} was not played.",
                                                                                move=played))
                    raise
                await interaction.edit_original_response(content="✅ " + t(lang, "Played {move}.", move=played))
                await announce(bot, outcome, None, tell=interaction)
