"""/help and /rules: parse, build the pages, reply privately with their buttons."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import member_language
from bot.i18n import SOURCE, t
from cogs.flow import guarded
from cogs.help import command_pages, rules_book, rules_posts, texts
from cogs.help.views import help_embed, help_view, rules_answer, rules_view

#: Discord offers at most 25 autocomplete choices, each name at most 100 characters
MAX_CHOICES, CHOICE_LIMIT = 25, 100
GAME_CHOICES = [app_commands.Choice(name=title, value=game) for game, (title, _docs) in rules_book.GAMES.items()]


def page_choices(game: str, typed: str, lang: str = SOURCE) -> list[app_commands.Choice[str]]:
    """Return the /rules pages matching what was typed (named in ``lang``): the board guide, the pictures, then
    numbered pages whose number or headings contain it."""
    book = rules_book.book(game, lang)
    wanted = typed.strip().casefold()
    out = [app_commands.Choice(name=name, value=value)
           for name, value in ((t(lang, texts.BOARD_CHOICE), rules_posts.BOARD),
                               (t(lang, texts.PICTURES_CHOICE), rules_posts.PICTURES))
           if wanted in name.casefold() or wanted in value]
    for number, page in enumerate(book.pages, start=1):
        heads = " ".join(h for _level, h in page.headings).casefold()
        if not wanted or wanted == str(number) or wanted in page.title().casefold() or wanted in heads:
            name = texts.PAGE_CHOICE.format(number=number, title=page.title())
            out.append(app_commands.Choice(name=name[:CHOICE_LIMIT], value=str(number)))
    return out[:MAX_CHOICES]


class HelpCog(commands.Cog):
    """/help and /rules."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(name="help", description=texts.HELP_DESCRIPTION)
    @app_commands.describe(command=texts.HELP_COMMAND_OPTION)
    async def help(self, interaction: discord.Interaction,
                   command: app_commands.Range[str, 1, 100] | None = None) -> None:
        """Every command by group, paged; or one command in detail (only for you)."""
        async with guarded(interaction):
            tree, lang = self.bot.tree, member_language(interaction)
            if command is None:
                embed, number, pages = help_embed(tree, 1, lang)
                await interaction.response.send_message(embed=embed, view=help_view(number, pages, lang),
                                                        ephemeral=True)
                return
            found = command_pages.find_command(tree, command, lang)
            members = [] if found else command_pages.find_group(tree, command, lang)
            if members:
                depth = len(command.split())  # the group's own name, as Discord shows it in the member's language
                name = " ".join(command_pages.command_name(members[0], lang).split()[:depth])
                lines = [command_pages.command_line(c, lang) for c in members]
                embed = discord.Embed(title=texts.DETAIL_TITLE.format(name=name), description="\n\n".join(lines)[:4000])
                embed.set_footer(text=t(lang, texts.GROUP_FOOTER))
                await interaction.response.send_message(embed=embed, ephemeral=True)
                return
            if found is None:
                near = command_pages.near_names(tree, command, lang=lang)
                marked = [f"`/{n}`" for n in near]
                listed = marked[0] if marked else ""
                for name in marked[1:]:
                    listed = t(lang, "{first} or {second}", first=listed, second=name)
                suggest = t(lang, texts.SUGGEST, names=listed) if near else ""
                shown = " ".join(command.strip().lstrip("/").split())[:60]
                await interaction.response.send_message(
                    t(lang, texts.UNKNOWN_COMMAND, name=discord.utils.escape_markdown(shown), suggest=suggest),
                    ephemeral=True)
                return
            title, text, fields = command_pages.detail(found, lang)
            embed = discord.Embed(title=title, description=text)
            for name, value in fields:
                embed.add_field(name=name, value=value, inline=False)
            await interaction.response.send_message(embed=embed, ephemeral=True)

    @help.autocomplete("command")
    async def help_command_names(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        """Offer the command names containing what was typed."""
        lang = member_language(interaction)
        commands_ = {c.qualified_name: c for c in command_pages.slash_commands(self.bot.tree)}
        return [app_commands.Choice(name=f"/{command_pages.command_name(commands_[n], lang)}", value=n)
                for n in command_pages.matching_names(self.bot.tree, current, MAX_CHOICES, lang)]

    @app_commands.command(name="rules", description=texts.RULES_DESCRIPTION)
    @app_commands.describe(game=texts.RULES_GAME_OPTION, page=texts.RULES_PAGE_OPTION)
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                    page: app_commands.Range[str, 1, 100] | None = None) -> None:
        """A game's full rules as implemented, a page at a time, with pictures (only for you)."""
        async with guarded(interaction):
            lang = member_language(interaction)
            if game.value not in rules_book.GAMES:
                await interaction.response.send_message(t(lang, texts.UNKNOWN_GAME, game=game.value[:40]),
                                                        ephemeral=True)
                return
            number = rules_posts.resolve_page(game.value, page, lang)
            if number is None:
                book = rules_book.book(game.value, lang)
                shown = discord.utils.escape_markdown(" ".join((page or "").split())[:60])
                await interaction.response.send_message(
                    t(lang, texts.UNKNOWN_PAGE, game=book.title, page=shown, pages=len(book.pages)), ephemeral=True)
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            embeds, images = await rules_answer(interaction, game.value, number, lang)
            await interaction.followup.send(embeds=embeds, files=[i.file() for i in images],
                                            view=rules_view(game.value, number, lang), ephemeral=True)

    @rules.autocomplete("page")
    async def rules_pages(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Offer the pages whose number or headings match what was typed."""
        game = getattr(interaction.namespace, "game", None)
        game = getattr(game, "value", game)
        return page_choices(game, current, member_language(interaction)) if game in rules_book.GAMES else []
