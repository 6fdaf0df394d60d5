"""Tixel in Discord: the board post, /tixel move with autocomplete, /tixel help and the guided move."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.games.base import GameError
from bot.games.tixel import notation
from bot.tables import Outcome, Table
from cogs.buttons import GameButton
from cogs.flow import announce, bot_of, guarded
from cogs.posts import Image, Post, esc, public_decisions, quote, register_presenter
from cogs.posts import render as run_render
from cogs.tixel_guide import GuideButton, GuideSelect
from rendering import tixel as render

ACTION_LABELS = {
    "offer_draw": ("Offer a draw", "🤝", discord.ButtonStyle.secondary),
    "accept_draw": ("Accept the draw", "🤝", discord.ButtonStyle.success),
    "decline_draw": ("Decline, play on", "⚔️", discord.ButtonStyle.danger),
    "end": ("End my turn", "⏹️", discord.ButtonStyle.secondary),
}


class TixelPresenter:
    """How Tixel looks in Discord."""

    kind = "tixel"

    def _buttons(self, table: Table) -> list[discord.ui.Item]:
        buttons: list[discord.ui.Item] = []
        for decision, actions in public_decisions(table):
            if decision.kind in ("move", "bonus"):
                label = "Guided bonus move" if decision.kind == "bonus" else "Guided move"
                buttons.append(GuideButton(table.id, decision.player, decision.id, label=label))
            for action in actions:
                if action["type"] in ACTION_LABELS:
                    label, emoji, style = ACTION_LABELS[action["type"]]
                    buttons.append(GameButton(table.id, decision.player, decision.id, action,
                                              label=label, emoji=emoji, style=style))
        return buttons

    def prompt(self, table: Table, view: dict, mention: bool) -> str:
        """Return the text of the board post."""
        head = f"**{table.title}** · Turn {view['turn']}"
        seat = view["to_act"]
        if view["status"] == "finished" or seat is None:
            return head
        names = table.names()
        who = f"<@{table.user_of(seat)}>" if mention else f"**{esc(names[seat])}**"
        colour = view["colors"][seat]
        if view["phase"] == "draw":
            offerer = esc(names[1 - seat])
            return f"{head}\n{who}, {offerer} offers a draw: accept, or decline and play on."
        how = "type it with `/tixel move` (autocomplete lists the legal moves) or use **Guided"
        if view["phase"] == "bonus":
            return (f"{head}\n{who}, you sacrificed a piece: take a **bonus move** — {how} bonus move**, "
                    "or end your turn.")
        return f"{head}\n{who} ({colour}), your move: {how} move**."

    async def table_post(self, table: Table, *, mention: bool) -> Post:
        """Return the post showing the board."""
        view = table.engine.view(table.state, None)
        names = table.names()
        if view["status"] == "finished":
            return await self._final_post(table, view)
        data = await run_render(render.render_board, view, names)
        alt = render.board_alt(view, names)
        mentions = [table.user_of(view["to_act"])] if mention and view["to_act"] is not None else []
        return Post(self.prompt(table, view, mention), [Image(data, f"tixel-{table.id}.png", alt)],
                    self._buttons(table), mentions)

    async def outcome_posts(self, outcome: Outcome) -> list[Post]:
        """Return the final post when the action ended the game."""
        after = outcome.after
        if after.row.status != "finished":
            return []
        return [await self._final_post(after, after.engine.view(after.state, None))]

    async def _final_post(self, table: Table, view: dict) -> Post:
        names = table.names()
        data = await run_render(render.render_board, view, names)
        result = view["result"] or {"winners": [], "reason": ""}
        winners = result["winners"]
        if len(winners) == 1:
            loser = esc(names[1 - winners[0]])
            why = {"no legal move": f": {loser} has no legal move", "resignation": f": {loser} resigned"}
            headline = f"🏆 <@{table.user_of(winners[0])}> wins{why.get(result.get('reason'), '')}!"
        else:
            agreed = " by agreement" if result.get("reason") == "draw agreed" else ""
            headline = f"🤝 The game is drawn{agreed}."
        return Post(f"**{table.title}** · game over\n{headline}",
                    [Image(data, f"tixel-{table.id}-final.png", render.board_alt(view, names))],
                    mention=[table.user_of(w) for w in winners])


#: longer than any move written in notation (so an echo of it stays short)
MAX_MOVE = 40

HELP_FOOTER = ("\nThe guided move (button under the board) walks you through the same choices. "
               "Full rules: docs/rules/tixel.md in the bot's repository.")


class TixelCog(commands.Cog):
    """Tixel: its presenter, /tixel move and /tixel help."""

    tixel = app_commands.Group(name="tixel", description="Tixel, the abstract game of pivoting pieces",
                               guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    async def cog_load(self) -> None:
        """Register the Tixel presenter."""
        register_presenter(TixelPresenter())

    @tixel.command(name="help", description="How to write Tixel moves")
    async def help(self, interaction: discord.Interaction) -> None:
        """Answer with the move notation, privately."""
        await interaction.response.send_message(notation.HELP + HELP_FOOTER, ephemeral=True)

    @tixel.command(name="move", description="Play a Tixel move written in notation")
    @app_commands.describe(move="Your move, e.g. c3^NE (autocomplete lists the legal moves)",
                           game="Game number (default: your game in this channel or thread)")
    async def move(self, interaction: discord.Interaction, move: str, game: int | None = None) -> None:
        """Parse the move, apply it and post the new board."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = bot_of(interaction)
        async with guarded(interaction):
            table = await self._my_game(interaction, game)
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise errors.NotSeated("You are not playing in this game.")
            if len(move) > MAX_MOVE:
                raise errors.IllegalMove("Could not read {text}: write e.g. c3^NE or c3=N (place), Tc3^ (Tix), Yc3^NE> "
                                         "(Poka Yoke), a1-c1^NE or a1-c1=E (slide), +c3^NE (activate), @c3^SE "
                                         "(pivot), xc3 (pick up), end, draw, accept, decline.",
                                         text=quote(move, MAX_MOVE))
            try:
                action = notation.parse_action(move, table.state, seat)
            except GameError as exc:  # its reason may quote what was typed (in its fields)
                raise errors.IllegalMove(exc.template, **{k: esc(str(v)) for k, v in exc.fields.items()}) from None
            async with bot.tables.post_lock(table.id):
                outcome = await bot.tables.act(table.id, interaction.user.id, None, action,
                                               guild_id=interaction.guild_id)
                await interaction.followup.send(f"✅ Played `{notation.format_action(action)}`.", ephemeral=True)
                await announce(bot, outcome, None, tell=interaction)

    @move.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        """Offer the legal moves that match what has been typed (on each keystroke: only the member's
        Tixel game here is read, found in SQL)."""
        tables = bot_of(interaction).tables
        game = interaction.namespace.game
        try:
            table = (await tables.load(game, interaction.guild_id) if game is not None else
                     await tables.my_table_here(interaction.guild_id, interaction.channel_id,
                                                interaction.user.id, "tixel"))
        except errors.ParlorError:
            return []
        if table is None or table.row.kind != "tixel":
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.row.status != "running":
            return []
        typed = current.strip().lower().replace(" ", "")
        texts = [notation.format_action(a) for a in table.engine.legal_actions(table.state, seat)]
        starts = [t for t in texts if t.lower().replace(" ", "").startswith(typed)]
        within = [t for t in texts if typed in t.lower().replace(" ", "") and t not in starts]
        return [app_commands.Choice(name=t[:100], value=t[:100]) for t in (starts + within)[:25]]

    async def _my_game(self, interaction: discord.Interaction, game: int | None) -> Table:
        tables = bot_of(interaction).tables
        if game is None:  # the member's Tixel game here, even beside their other games
            mine = await tables.my_table_here(interaction.guild_id, interaction.channel_id,
                                              interaction.user.id, "tixel")
            if mine is not None:
                return mine
        table = await tables.find_for(interaction.guild_id, interaction.channel_id, interaction.user.id, game)
        if table.row.kind != "tixel":
            raise errors.GameNotFound("{game} is not a Tixel game.", game=table.title)
        return table


async def setup(bot: commands.Bot) -> None:
    """Load the Tixel cog and its persistent guided-move components."""
    await bot.add_cog(TixelCog(bot))
    bot.add_dynamic_items(GuideButton, GuideSelect)
