"""A generic step-by-step chooser: action → card or Hero → target, privately, offering only legal choices.

A presenter that uses it implements ``guide_path(table, seat, action) -> list[Step]``: the labels a
player reads at each step to reach that action (actions whose path is ``[]`` are not offered). The
chooser groups the legal actions of the player's pending decision step by step; every select's
``custom_id`` carries the game, seat, decision and the option indexes chosen so far, so the chooser
survives restarts, and each step re-checks that the decision is still pending (a stale one is refused).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import discord

from bot import errors
from bot.answers import member_language
from bot.games.base import Action
from bot.i18n import SOURCE, t
from cogs.buttons import MAX_SEAT, id_number, refusing, stale_button
from cogs.flow import bot_of, guarded, play_action
from cogs.posts import presenter_for

_IDS = r"(?P<game>\d+):(?P<seat>\d+):(?P<decision>[A-Za-z0-9_.-]{1,20})"
MAX_OPTIONS = 25


@dataclass(frozen=True)
class Step:
    """One step of an action's path: the option's label, the select's placeholder, a description."""

    label: str
    placeholder: str
    description: str | None = None


def _paths(table, seat: int, custom_id: str = "", lang: str = "en") -> list[tuple[list[Step], Action]]:
    """Every legal action of ``seat`` with its path (labels in ``lang`` when the presenter speaks languages)."""
    presenter = presenter_for(table.row.kind)
    if not hasattr(presenter, "guide_path"):
        raise stale_button(custom_id, f"{table.row.kind} has no step-by-step chooser")
    if getattr(presenter, "speaks_languages", False):
        return [(path, action) for action in table.engine.legal_actions(table.state, seat)
                if (path := presenter.guide_path(table, seat, action, lang))]
    return [(path, action) for action in table.engine.legal_actions(table.state, seat)
            if (path := presenter.guide_path(table, seat, action))]


def _narrow(paths: list[tuple[list[Step], Action]], chosen: list[int]) -> list[tuple[list[Step], Action]]:
    """Return the paths that follow the chosen option indexes (refuse indexes out of range)."""
    for depth, index in enumerate(chosen):
        labels = _labels(paths, depth)
        if not 0 <= index < len(labels):
            raise errors.StaleDecision("That choice is no longer available.")
        paths = [(p, a) for p, a in paths if len(p) > depth and p[depth].label == labels[index]]
    return paths


def _labels(paths: list[tuple[list[Step], Action]], depth: int) -> list[str]:
    seen: list[str] = []
    for path, _ in paths:
        if len(path) > depth and path[depth].label not in seen:
            seen.append(path[depth].label)
    return seen


def chooser(game_id: int, seat: int, decision_id: str, paths: list[tuple[list[Step], Action]],
            chosen: list[int]) -> tuple[str, discord.ui.View] | Action:
    """Return the next step (text and a view with one select), or the action once it is determined."""
    paths = _narrow(paths, chosen)
    if not paths:
        raise errors.StaleDecision("That choice is no longer available.")
    depth = len(chosen)
    labels = _labels(paths, depth)
    if not labels:  # the path is complete; equal paths are equal choices (e.g. two copies of a card)
        return paths[0][1]
    first = {}
    for path, _ in paths:
        if len(path) > depth:
            first.setdefault(path[depth].label, path[depth])
    placeholder = first[labels[0]].placeholder
    trail = " → ".join(step.label for step in paths[0][0][:depth])
    select = GuideSelect(game_id, seat, decision_id, chosen, placeholder=placeholder,
                         options=[discord.SelectOption(label=label[:100], value=str(i),
                                                       description=(first[label].description or None)
                                                       and first[label].description[:100])
                                  for i, label in enumerate(labels[:MAX_OPTIONS])])
    view = discord.ui.View(timeout=None)
    view.add_item(select)
    return (f"**{placeholder}**" + (f"\n{trail}" if trail else "")), view


class GuideSelect(discord.ui.DynamicItem[discord.ui.Select],
                  template=rf"gd:{_IDS}:(?P<chosen>[0-9.]{{0,40}})"):
    """One step of the chooser; its ``custom_id`` carries the option indexes chosen before."""

    def __init__(self, game_id: int, seat: int, decision_id: str, chosen: list[int], *,
                 placeholder: str = "Choose", options: list[discord.SelectOption] | None = None,
                 lang: str = SOURCE):
        self.game_id, self.seat, self.decision_id, self.chosen = game_id, seat, decision_id, chosen
        trail = ".".join(str(i) for i in chosen)
        super().__init__(discord.ui.Select(custom_id=f"gd:{game_id}:{seat}:{decision_id}:{trail}",
                                           placeholder=placeholder[:150],
                                           options=options or [discord.SelectOption(label=t(lang, "Nothing to choose"),
                                                                                      value="0")]))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> GuideSelect:
        """Rebuild the step from a choice, after a restart too."""
        chosen = [id_number(i, MAX_OPTIONS) for i in match["chosen"].split(".") if i]
        return cls(id_number(match["game"]), id_number(match["seat"], MAX_SEAT), match["decision"], chosen)

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Go one step further, or play the action once it is determined."""
        async with guarded(interaction):
            value = ((interaction.data or {}).get("values") or ["0"])[0]
            if not value.isdigit() or int(value) > MAX_OPTIONS:
                raise stale_button(self.custom_id, f"no option {value[:10]!r}")
            await advance(interaction, self.game_id, self.seat, self.decision_id, [*self.chosen, int(value)])


async def open_guide(interaction: discord.Interaction, game_id: int, seat: int, decision_id: str) -> None:
    """Open the chooser privately for the clicker (after the usual checks)."""
    bot = bot_of(interaction)
    table, seat = await bot.tables.check_decision(game_id, interaction.user.id, decision_id,
                                                  interaction.guild_id, seat)
    paths = _paths(table, seat, f"gb:{game_id}:{seat}:{decision_id}", member_language(interaction))
    step = chooser(game_id, seat, decision_id, paths, [])
    if isinstance(step, dict):
        await play_action(interaction, game_id, step, decision_id=decision_id, for_seat=seat)
        return
    text, view = step
    await interaction.response.send_message(text, view=view, ephemeral=True)


async def advance(interaction: discord.Interaction, game_id: int, seat: int, decision_id: str,
                  chosen: list[int]) -> None:
    """Answer one step of the chooser: the next select in place, or the chosen action played."""
    bot = bot_of(interaction)
    table, seat = await bot.tables.check_decision(game_id, interaction.user.id, decision_id,
                                                  interaction.guild_id, seat)
    paths = _paths(table, seat, f"gd:{game_id}:{seat}:{decision_id}", member_language(interaction))
    step = chooser(game_id, seat, decision_id, paths, chosen)
    if isinstance(step, dict):
        await play_action(interaction, game_id, step, decision_id=decision_id, for_seat=seat)
        return
    text, view = step
    await interaction.response.edit_message(content=text, view=view)


class GuideButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"gb:{_IDS}"):
    """The table post's button that opens the chooser for the player whose turn it is."""

    def __init__(self, game_id: int, seat: int, decision_id: str, label: str = "Take an action",
                 emoji: str | None = "🎯", row: int | None = None):
        self.game_id, self.seat, self.decision_id = game_id, seat, decision_id
        super().__init__(discord.ui.Button(label=label, emoji=emoji, style=discord.ButtonStyle.primary, row=row,
                                           custom_id=f"gb:{game_id}:{seat}:{decision_id}"))

    @classmethod
    @refusing
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> GuideButton:
        """Rebuild the button from a click, after a restart too."""
        return cls(id_number(match["game"]), id_number(match["seat"], MAX_SEAT), match["decision"],
                   getattr(item, "label", None) or "Take an action")

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        """Open the chooser privately."""
        async with guarded(interaction):
            await open_guide(interaction, self.game_id, self.seat, self.decision_id)
