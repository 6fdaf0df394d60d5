"""Tixel in Discord: the board post, /tixel move with autocomplete, /tixel help and the guided move."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.answers import member_language
from bot.games.base import GameError, Phrase
from bot.games.tixel import notation
from bot.i18n import N_, SOURCE, t
from bot.tables import Outcome, Table
from cogs.buttons import GameButton
from cogs.flow import announce, bot_of, guarded
from cogs.posts import (
    Image,
    MoveWords,
    Post,
    esc,
    public_decisions,
    public_language,
    quote,
    register_presenter,
)
from cogs.posts import render as run_render
from cogs.tixel.guide import GuideButton, GuideSelect
from rendering import tixel as render
from rendering.tixel.alt import colour_word

ACTION_LABELS = {
    "offer_draw": (N_("Offer a draw"), "🤝", discord.ButtonStyle.secondary),
    "accept_draw": (N_("Accept the draw"), "🤝", discord.ButtonStyle.success),
    "decline_draw": (N_("Decline, play on"), "⚔️", discord.ButtonStyle.danger),
    "end": (N_("End my turn"), "⏹️", discord.ButtonStyle.secondary),
}
#: the guided move's button, by decision kind
GUIDE_LABELS = {"move": N_("Guided move"), "bonus": N_("Guided bonus move")}
#: how a won game ended, by the engine's reason (the headline names the winner)
WON = {"no legal move": N_("🏆 {winner} wins: {loser} has no legal move!"),
       "resignation": N_("🏆 {winner} wins: {loser} resigned!")}


class TixelPresenter(MoveWords):
    """How Tixel looks in Discord (public posts and buttons in the server's language); its moves in
    ``MoveWords``'."""

    kind = "tixel"

    def _buttons(self, table: Table, lang: str = SOURCE) -> list[discord.ui.Item]:
        buttons: list[discord.ui.Item] = []
        for decision, actions in public_decisions(table):
            if decision.kind in ("move", "bonus"):
                label = t(lang, GUIDE_LABELS[decision.kind])
                buttons.append(GuideButton(table.id, decision.player, decision.id, label=label))
            for action in actions:
                if action["type"] in ACTION_LABELS:
                    label, emoji, style = ACTION_LABELS[action["type"]]
                    buttons.append(GameButton(table.id, decision.player, decision.id, action,
                                              label=t(lang, label), emoji=emoji, style=style))
        return buttons

    def prompt(self, table: Table, view: dict, mention: bool, lang: str = SOURCE) -> str:
        """Return the text of the board post."""
        title = f"**{table.title}**"
        head = t(lang, "{title} · Turn {turn}", title=title, turn=view["turn"])
        seat = view["to_act"]
        if view["status"] == "finished" or seat is None:
            return head
        names = table.names(lang)
        who = f"<@{table.user_of(seat)}>" if mention else f"**{esc(names[seat])}**"
        if view["phase"] == "draw":
            return head + "\n" + t(lang, "{who}, {offerer} offers a draw: accept, or decline and play on.", who=who,
                                    offerer=esc(names[1 - seat]))
        if view["phase"] == "bonus":
            return head + "\n" + t(lang, "{who}, you sacrificed a piece: take a **bonus move** — type it with "
                                          "`/tixel move` (autocomplete lists the legal moves) or use **Guided bonus "
                                          "move**, or end your turn.", who=who)
        return head + "\n" + t(lang, "{who} ({colour}), your move: type it with `/tixel move` (autocomplete lists "
                                      "the legal moves) or use **Guided move**.", who=who,
                                colour=colour_word(view, seat, lang))

    async def table_post(self, table: Table, *, mention: bool) -> Post:
        """Return the post showing the board."""
        view = table.engine.view(table.state, None)
        lang = await public_language(table)
        names = table.names(lang)
        if view["status"] == "finished":
            return await self._final_post(table, view, lang)
        data = await run_render(render.render_board, view, names, lang)
        alt = render.board_alt(view, names, lang)
        mentions = [table.user_of(view["to_act"])] if mention and view["to_act"] is not None else []
        return Post(self.prompt(table, view, mention, lang), [Image(data, f"tixel-{table.id}.png", alt)],
                    self._buttons(table, lang), mentions)

    async def outcome_posts(self, outcome: Outcome) -> list[Post]:
        """Return the final post when the action ended the game."""
        after = outcome.after
        if after.row.status != "finished":
            return []
        return [await self._final_post(after, after.engine.view(after.state, None), await public_language(after))]

    async def _final_post(self, table: Table, view: dict, lang: str = SOURCE) -> Post:
        names = table.names(lang)
        data = await run_render(render.render_board, view, names, lang)
        result = view["result"] or {"winners": [], "reason": ""}
        winners = result["winners"]
        if len(winners) == 1:
            winner, loser = f"<@{table.user_of(winners[0])}>", esc(names[1 - winners[0]])
            won = WON.get(result.get("reason"))
            headline = t(lang, won, winner=winner, loser=loser) if won else "🏆 " + t(lang, "{winner} wins!",
                                                                                      winner=winner)
        elif result.get("reason") == "draw agreed":
            headline = "🤝 " + t(lang, "The game is drawn by agreement.")
        else:
            headline = "🤝 " + t(lang, "The game is drawn.")
        title = f"**{table.title}**"
        return Post(t(lang, "{title} · game over", title=title) + "\n" + headline,
                    [Image(data, f"tixel-{table.id}-final.png", render.board_alt(view, names, lang))],
                    mention=[table.user_of(w) for w in winners])


#: longer than any move written in notation (so an echo of it stays short)
MAX_MOVE = 40

HELP_FOOTER = N_("The guided move (button under the board) walks you through the same choices. "
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
        lang = member_language(interaction)
        await interaction.response.send_message(t(lang, notation.HELP) + "\n" + t(lang, HELP_FOOTER), ephemeral=True)

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
                raise errors.IllegalMove(exc.template, **{k: v if isinstance(v, Phrase) else esc(str(v))
                                                          for k, v in exc.fields.items()}) from None
            async with bot.tables.post_lock(table.id):
                outcome = await bot.tables.act(table.id, interaction.user.id, None, action,
                                               guild_id=interaction.guild_id)
                played = f"`{notation.format_action(action)}`"
                await interaction.followup.send("✅ " + t(member_language(interaction), "Played {move}.", move=played),
                                                ephemeral=True)
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
