"""Each game's full rules as implemented (``docs/rules``), read where the package ships them and cut into
pages for ``/rules``.

``cogs/help/rules`` is a link to ``docs/rules``: a source checkout reads the documents themselves, and a
built package holds a copy (pyproject's package-data follows the link; the Dockerfile copies ``docs/rules``
before installing)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.i18n import SOURCE
from cogs.help.markdown import HEADING, to_units
from cogs.help.pages import Page, paginate

RULES_DIR = Path(__file__).resolve().parent / "rules"
#: the /rules choice → the game's title and its documents in page order (Pixel Tactics: the duel, then each
#: mode, then built decks and drafts)
GAMES: dict[str, tuple[str, tuple[str, ...]]] = {
    "pixies": ("Pixies", ("pixies.md",)),
    "tixel": ("Tixel", ("tixel.md",)),
    "pixel-tactics": ("Pixel Tactics", (
        "pixel_tactics.md", "pt_modes/siege.md", "pt_modes/duel_draft.md", "pt_modes/epic.md", "pt_modes/team.md",
        "pt_modes/king.md", "pt_decks.md", "pt_drafts.md")),
    "pixel-pusher": ("Pixel Pusher", ("pixel_pusher.md",)),
}


@dataclass(frozen=True)
class RulesBook:
    """A game's rules as pages."""

    game: str
    title: str
    pages: tuple[Page, ...]

    def find(self, wanted: str) -> int | None:
        """Return the number (from 1) of the page named by ``wanted``: its number, or a heading's words
        (exact first, then the first heading that contains them); None if nothing matches."""
        wanted = wanted.strip()
        if re.fullmatch(r"\d{1,6}", wanted):
            number = int(wanted)
            return number if 1 <= number <= len(self.pages) else None
        words = wanted.casefold()
        if not words:
            return None
        for exact in (True, False):
            for number, page in enumerate(self.pages, start=1):
                for _level, heading in page.headings:
                    if heading.casefold() == words if exact else words in heading.casefold():
                        return number
        return None


def read(name: str, base: Path = RULES_DIR) -> str:
    """Return one rules document's text."""
    return (base / name).read_text(encoding="utf-8")


def doc_title(text: str) -> str:
    """Return a document's first heading (its title), without the part after a dash."""
    for line in text.splitlines():
        match = HEADING.match(line)
        if match:
            return re.split(r"\s+[—–-]\s+", match[2])[0].strip()
    return ""


def document_names(game: str, lang: str = SOURCE, base: Path = RULES_DIR) -> tuple[str, ...]:
    """Return a game's documents in page order for ``lang``: its summary in that language first when there is one
    (``<lang>/<game>.md``), then the full rules (English)."""
    local = f"{lang}/{game}.md"
    return ((local,) if lang != SOURCE and (base / local).is_file() else ()) + GAMES[game][1]


def build(game: str, base: Path = RULES_DIR, lang: str = SOURCE) -> RulesBook:
    """Return a game's rules book from its documents under ``base`` (with the summary in ``lang``, if any)."""
    title, _names = GAMES[game]
    names = document_names(game, lang, base)
    texts = {name: read(name, base) for name in names}
    titles = {name.rsplit("/", 1)[-1]: doc_title(text) for name, text in texts.items()}
    documents = [to_units(texts[name], titles) for name in names]
    return RulesBook(game, title, tuple(paginate(documents)))


@cache
def book(game: str, lang: str = SOURCE) -> RulesBook:
    """Return a game's rules book for a member speaking ``lang`` (read once)."""
    return build(game, lang=lang)
