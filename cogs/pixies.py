"""Pixies in Discord: the table post, its buttons, round scores and final standings."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.base import Action, Decision
from bot.tables import Outcome, Table
from cogs.buttons import GameButton
from cogs.posts import Image, Post, esc, public_decisions, register_presenter
from cogs.posts import render as run_render
from rendering import pixies as render
from rendering.pixies_cards import card_label, card_symbols

COLOURS = {
    "blue": ("Blue", "🟦"),
    "green": ("Green", "🟩"),
    "yellow": ("Yellow", "🟨"),
    "red": ("Red", "🟥"),
    "multi": ("Multicolour", "🌈"),
}


def _label(card: dict) -> str:
    """A button's words for a card, e.g. ``Blue 5 (2 spirals, 1 cross)``: a screen reader reads them as they are."""
    symbols = card_symbols(card)
    return card_label(card) + (f" ({symbols})" if symbols else "")


class PixiesPresenter:
    """How Pixies looks in Discord."""

    kind = "pixies"

    def button(self, table: Table, view: dict, decision: Decision, action: Action) -> GameButton:
        """Return the button offering one legal action."""
        common = {"game_id": table.id, "seat": decision.player, "decision_id": decision.id, "action": action}
        if action["type"] == "take":
            card = next(c for c in view["offer"] if c["id"] == action["card"])
            return GameButton(label=_label(card), emoji=COLOURS[card["color"]][1],
                              style=discord.ButtonStyle.primary, row=0, **common)
        if action["type"] == "keep":
            placing = view["decision"]["card"]
            old = view["players"][decision.player]["grid"][view["decision"]["space"]]["up"]
            card = placing if action["which"] == "new" else old
            return GameButton(label=f"Keep {_label(card)} face up", emoji=COLOURS[card["color"]][1],
                              style=discord.ButtonStyle.primary, row=0, **common)
        index = action["index"]
        return GameButton(label=f"Space {index + 1}", style=discord.ButtonStyle.secondary,
                          row=index // 3, **common)

    def prompt(self, table: Table, view: dict, mention: bool) -> str:
        """Return the text of the table post."""
        names = table.names()
        head = f"**{table.title}** · Round {view['round']}/3 · Turn {view['turn']}"
        if view["status"] == "finished":
            return f"**{table.title}** · the game is over."
        decision = view["decision"]
        if decision is None:
            return head
        seat = decision["seat"]
        who = f"<@{table.user_of(seat)}>" if mention else f"**{esc(names[seat])}**"
        kind = decision["kind"]
        if kind == "pick":
            return f"{head}\n{who}, your pick: take one of the face-up cards."
        card = decision["card"]
        space = decision["space"] + 1
        if kind == "keep":
            old = view["players"][seat]["grid"][decision["space"]]["up"]
            return (f"{head}\n{who}, {card_label(card)} goes to space {space}, where {card_label(old)} lies "
                    "face up: which one stays face up? (The other goes face down beneath it: validated.)")
        return (f"{head}\n{who}, space {space} is already validated: choose an empty space for "
                f"{card_label(card)}, face down.")

    async def table_post(self, table: Table, *, mention: bool) -> Post:
        """Return the post showing the current table."""
        view = table.engine.view(table.state, None)
        names = table.names()
        if view["status"] == "finished":
            return await self._final_post(table, view)
        data = await run_render(render.render_table, view, names)
        alt = render.table_alt(view, names)
        decision = view["decision"]
        mentions = [table.user_of(decision["seat"])] if decision and mention else []
        return Post(self.prompt(table, view, mention), [Image(data, f"pixies-{table.id}.png", alt)],
                    [self.button(table, view, d, a) for d, actions in public_decisions(table) for a in actions],
                    mentions)

    async def outcome_posts(self, outcome: Outcome) -> list[Post]:
        """Return round-score posts for rounds the action finished, and the final standings."""
        before = outcome.before.engine.view(outcome.before.state, None)
        after_table = outcome.after
        after = after_table.engine.view(after_table.state, None)
        names = after_table.names()
        posts = []
        for entry in after["rounds"][len(before["rounds"]):]:
            number = entry["round"]
            data = await run_render(render.render_round_scores, after, names, number)
            lines = [f"**{after_table.title}** · end of round {number}: scores"]
            for score in sorted(entry["scores"], key=lambda s: -s["total"]):
                lines.append(f"• {esc(names[score['seat']])}: {score['total']} points")
            posts.append(Post("\n".join(lines), [Image(
                data, f"pixies-{after_table.id}-round{number}.png",
                render.round_scores_alt(after, names, number))]))
        if after["status"] == "finished":
            posts.append(await self._final_post(after_table, after))
        return posts

    async def _final_post(self, table: Table, view: dict) -> Post:
        names = table.names()
        result = view["result"] or {"winners": [], "scores": []}
        winners = result["winners"]
        data = await run_render(render.render_final, view, names)
        if len(winners) == 1:
            headline = f"🏆 <@{table.user_of(winners[0])}> wins with {result['scores'][winners[0]]} points!"
        elif winners:
            tied = ", ".join(f"<@{table.user_of(w)}>" for w in winners)
            headline = f"🏆 Shared victory: {tied} with {result['scores'][winners[0]]} points each!"
        else:
            headline = "The game ended without a winner."
        return Post(f"**{table.title}** · final standings\n{headline}",
                    [Image(data, f"pixies-{table.id}-final.png", render.final_alt(view, names))],
                    mention=[table.user_of(w) for w in winners])


RULES_SUMMARY = """**Pixies** — 2–4 players, three rounds. Fill your 3×3 grid; each space takes the card of its number.
• Each turn the first player reveals one card per player (4 with two players, who then take two each).
  In turn, everyone takes one and places it at once:
  – empty space → face up;
  – only a face-down card there → on top, face up (**validated**);
  – one face-up card there → you choose which stays face up; the other goes face down beneath (validated);
  – validated space → the card goes face down on any empty space you choose.
• Whoever took the last card starts the next turn. A round ends after the turn in which someone covers all nine spaces.
• Scoring (face-up cards only): validated cards score their number; each spiral +1, each cross −1;
  a colour spiral scores 1 per card of its colour in your grid (itself and multicolour cards included);
  your largest connected colour zone scores 2/3/4 points per card in rounds 1/2/3 (multicolour counts as every colour).
• Highest total after three rounds wins; ties share the victory. `/game resign` with 3–4 players freezes your score."""


class PixiesCog(commands.Cog):
    """Pixies: its presenter for the generic game cog, and /pixies rules."""

    pixies = app_commands.Group(name="pixies", description="Pixies, the open-draft grid card game")

    async def cog_load(self) -> None:
        """Register the Pixies presenter."""
        register_presenter(PixiesPresenter())

    @pixies.command(name="rules", description="A short summary of the Pixies rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        """Answer with the rules summary, privately."""
        await interaction.response.send_message(RULES_SUMMARY, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Load the Pixies cog."""
    await bot.add_cog(PixiesCog())
