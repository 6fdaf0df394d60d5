"""What /rules shows: a page of a game's rules as an embed, the board guide, or pictures of real positions,
with their images (drawn once per process in the render workers)."""

from __future__ import annotations

import discord

from bot import help_positions
from cogs.help import rules_book, texts
from cogs.posts import MAX_ALT, Image
from cogs.posts import render as run_render
from rendering.help import render_guide
from rendering.public import REPLAY_ART, posted_view, table_image

#: the pages that are pictures, as a page value reads them
BOARD, PICTURES = "board", "pictures"
#: Discord's limit of an embed title
TITLE_LIMIT = 256
_IMAGES: dict[tuple[str, str], list[Image]] = {}


def resolve_page(game: str, wanted: str | None) -> int | str | None:
    """Return the page a member asked for: a number, ``board`` or ``pictures``; None if there is none."""
    text = (wanted or "1").strip()
    word = text.split(" ", 1)[0].casefold()
    if word in (BOARD, PICTURES):
        return word
    if word.isdigit() and " · " in text:  # an autocomplete choice's name typed in full
        text = word
    return rules_book.book(game).find(text)


async def guide_images(game: str) -> list[Image]:
    """Return the game's board guide image."""
    if (game, BOARD) not in _IMAGES:
        key = texts.GUIDE_KEYS[game]
        data = await run_render(render_guide, game, help_positions.guide_view(game), help_positions.NAMES,
                                texts.GUIDE_HEADINGS[game], key)
        alt = texts.GUIDE_HEADINGS[game] + ": " + " ".join(f"{t}: {x}" for t, x in key.values())
        _IMAGES[(game, BOARD)] = [Image(data, f"{game}-board-guide.png", alt[:MAX_ALT])]
    return _IMAGES[(game, BOARD)]


async def picture_images(game: str) -> list[Image]:
    """Return pictures of real positions of the game's seeded game (opening, a few moves in, later)."""
    if (game, PICTURES) not in _IMAGES:
        names, images = help_positions.NAMES, []
        for i, view in enumerate(help_positions.picture_views(game), start=1):
            data = await run_render(table_image, game, view, names)
            alt = REPLAY_ART[game].alt(posted_view(game, view, names), names)
            images.append(Image(data, f"{game}-position-{i}.png", alt[:MAX_ALT]))
        _IMAGES[(game, PICTURES)] = images
    return _IMAGES[(game, PICTURES)]


def text_embed(game: str, number: int) -> discord.Embed:
    """Return one page of a game's rules as an embed."""
    book = rules_book.book(game)
    page = book.pages[number - 1]
    title = texts.RULES_TITLE.format(game=book.title, page=page.title())
    embed = discord.Embed(title=title[:TITLE_LIMIT], description=page.text)
    embed.set_footer(text=texts.RULES_FOOTER.format(page=number, pages=len(book.pages)))
    return embed


async def rules_message(game: str, page: int | str) -> tuple[list[discord.Embed], list[Image]]:
    """Return the embeds and images of one /rules page (a number, ``board`` or ``pictures``)."""
    title = rules_book.GAMES[game][0]
    if page == BOARD:
        images = await guide_images(game)
        embed = discord.Embed(title=texts.BOARD_TITLE.format(game=title))
        embed.set_image(url=f"attachment://{images[0].filename}")
        embed.set_footer(text=texts.BOARD_FOOTER)
        return [embed], images
    if page == PICTURES:
        images = await picture_images(game)
        embeds = []
        for image, caption in zip(images, texts.PICTURE_CAPTIONS, strict=False):
            embed = discord.Embed(title=caption, description=None)
            embed.set_image(url=f"attachment://{image.filename}")
            embeds.append(embed)
        embeds[0].set_author(name=texts.PICTURES_TITLE.format(game=title))
        embeds[-1].set_footer(text=texts.PICTURES_FOOTER)
        return embeds, images
    return [text_embed(game, int(page))], []
