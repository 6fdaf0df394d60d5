"""What /rules shows: a page of a game's rules as an embed, the board guide, or pictures of real positions,
with their images (drawn once per process in the render workers)."""

from __future__ import annotations

import discord

from bot import help_positions
from bot.i18n import SOURCE, t
from bot.registry import engine
from cogs.help import rules_book, texts
from cogs.posts import MAX_ALT, PRESENTERS, Image
from cogs.posts import render as run_render
from rendering.help import guide_parts
from rendering.help.callouts import letter
from rendering.public import REPLAY_ART, posted_view, table_image

#: the pages that are pictures, as a page value reads them
BOARD, PICTURES = "board", "pictures"
#: Discord's limit of an embed title
TITLE_LIMIT = 256
_IMAGES: dict[tuple[str, str, str], list[Image]] = {}
#: (game, language) → the ids of the board guide's callouts, in the order of the letters its image shows
_LETTERED: dict[tuple[str, str], list[str]] = {}


def guide_key(game: str, lang: str = SOURCE) -> dict[str, tuple[str, str]]:
    """Return the key of a game's board guide in ``lang``: callout id → (title, explanation)."""
    return {k: (t(lang, title), t(lang, text)) for k, (title, text) in texts.GUIDE_KEYS[game].items()}


def seeded_view(game: str, index: int, lang: str = SOURCE) -> dict:
    """Return the public view of the seeded game's state ``index`` as its table post draws it in ``lang``: with the
    last move in words when the game's presenter words moves (Pixies draws them)."""
    view = engine(game).view(help_positions.seeded_game(game)[index], None)
    presenter, move = PRESENTERS.get(game), help_positions.last_move(game, index)
    if lang != SOURCE and move is not None and hasattr(presenter, "describe_move"):
        words = presenter.describe_move(engine(game), *move, lang)
        if words:
            view = {**view, "last_words": words}
    return view


def guide_alt(heading: str, key: dict[str, tuple[str, str]]) -> str:
    """Return a board guide's alt text: its heading and key, each entry whole; an entry that no longer fits in
    the alt text's limit is named by its title only."""
    entries = list(key.values())
    alt = heading + ":"
    for i, (title, text) in enumerate(entries):
        rest = sum(len(t) + 2 for t, _x in entries[i + 1:])
        whole = f" {title}: {text}"
        alt += whole if len(alt) + len(whole) + rest <= MAX_ALT else f" {title}."
    return alt[:MAX_ALT]


def resolve_page(game: str, wanted: str | None, lang: str = SOURCE) -> int | str | None:
    """Return the page a member asked for: a number, ``board`` or ``pictures``; None if there is none."""
    text = (wanted or "1").strip()
    word = text.split(" ", 1)[0].casefold()
    if word in (BOARD, PICTURES):
        return word
    if word.isdigit() and " · " in text:  # an autocomplete choice's name typed in full
        text = word
    return rules_book.book(game, lang).find(text)


async def guide_images(game: str, lang: str = SOURCE) -> list[Image]:
    """Return the game's board guide image (its board with lettered discs) and its alt text in ``lang``."""
    if (game, BOARD, lang) not in _IMAGES:
        key, heading = guide_key(game, lang), t(lang, texts.GUIDE_HEADINGS[game])
        view = seeded_view(game, help_positions.guide_index(game), lang)
        data, lettered = await run_render(guide_parts, game, view, help_positions.NAMES, lang)
        _LETTERED[(game, lang)] = lettered
        shown = {k: key[k] for k in lettered}
        _IMAGES[(game, BOARD, lang)] = [Image(data, f"{game}-board-guide.png", guide_alt(heading, shown))]
    return _IMAGES[(game, BOARD, lang)]


async def guide_key_text(game: str, lang: str = SOURCE) -> str:
    """Return the key of the game's board guide as text in ``lang``: one line per letter its image shows."""
    await guide_images(game, lang)
    key = guide_key(game, lang)
    return "\n".join(t(lang, texts.GUIDE_KEY_LINE, letter=letter(n), title=key[k][0], text=key[k][1])
                     for n, k in enumerate(_LETTERED[(game, lang)], start=1))


async def picture_images(game: str, lang: str = SOURCE) -> list[Image]:
    """Return pictures of real positions of the game's seeded game (opening, a few moves in, later) in ``lang``."""
    if (game, PICTURES, lang) not in _IMAGES:
        names, images = help_positions.NAMES, []
        for i, index in enumerate(help_positions.picture_indexes(game), start=1):
            view = seeded_view(game, index, lang)
            data = await run_render(table_image, game, view, names, lang)
            alt = REPLAY_ART[game].alt(posted_view(game, view, names), names, lang)
            images.append(Image(data, f"{game}-position-{i}.png", alt[:MAX_ALT]))
        _IMAGES[(game, PICTURES, lang)] = images
    return _IMAGES[(game, PICTURES, lang)]


def text_embed(game: str, number: int, lang: str = SOURCE) -> discord.Embed:
    """Return one page of a game's rules as an embed (its frame in ``lang``)."""
    book = rules_book.book(game, lang)
    page = book.pages[number - 1]
    title = t(lang, texts.RULES_TITLE, game=book.title, page=page.title())
    embed = discord.Embed(title=title[:TITLE_LIMIT], description=page.text)
    embed.set_footer(text=t(lang, texts.RULES_FOOTER, page=number, pages=len(book.pages)))
    return embed


async def rules_message(game: str, page: int | str, lang: str = SOURCE) -> tuple[list[discord.Embed], list[Image]]:
    """Return the embeds and images of one /rules page (a number, ``board`` or ``pictures``) in ``lang``."""
    title = rules_book.GAMES[game][0]
    if page == BOARD:
        images = await guide_images(game, lang)  # one phone screen: the board; the key below it as text
        embed = discord.Embed(title=t(lang, texts.BOARD_TITLE, game=title))
        embed.set_image(url=f"attachment://{images[0].filename}")
        key = discord.Embed(title=t(lang, texts.GUIDE_KEY_TITLE), description=await guide_key_text(game, lang))
        key.set_footer(text=t(lang, texts.BOARD_FOOTER))
        return [embed, key], images
    if page == PICTURES:
        images = await picture_images(game, lang)
        embeds = []
        for image, caption in zip(images, texts.PICTURE_CAPTIONS, strict=False):
            embed = discord.Embed(title=t(lang, caption), description=None)
            embed.set_image(url=f"attachment://{image.filename}")
            embeds.append(embed)
        embeds[0].set_author(name=t(lang, texts.PICTURES_TITLE, game=title))
        embeds[-1].set_footer(text=t(lang, texts.PICTURES_FOOTER))
        return embeds, images
    return [text_embed(game, int(page), lang)], []
