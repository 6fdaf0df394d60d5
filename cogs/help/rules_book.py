"""Each game's full rules as implemented (``docs/rules``), read where the package ships them and cut into
pages for ``/rules``. A language's translation of a document lives beside it under ``docs/rules/<lang>/`` (same
path) and replaces it for members speaking that language; where a game's documents are not all translated, such
a member first gets the game's short rules in their language (the catalogue message its own rules command
answers with), then the documents, the untranslated ones in English.

``cogs/help/rules`` is a link to ``docs/rules``: a source checkout reads the documents themselves, and a
built package holds a copy (pyproject's package-data follows the link; the Dockerfile copies ``docs/rules``
before installing)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.i18n import SOURCE, t
from cogs.help.markdown import HEADING, Unit, to_units
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


def read(name: str, base: Path = RULES_DIR, lang: str = SOURCE) -> str:
    """Return one rules document's text in ``lang`` (English where it has no translation)."""
    return (translation(name, base, lang) or base / name).read_text(encoding="utf-8")


def translation(name: str, base: Path, lang: str) -> Path | None:
    """Return the file of a document's translation into ``lang``, or None when there is none."""
    if lang == SOURCE:
        return None
    path = base / lang / name
    return path if path.is_file() else None


def doc_title(text: str) -> str:
    """Return a document's first heading (its title), without the part after a dash."""
    for line in text.splitlines():
        match = HEADING.match(line)
        if match:
            return re.split(r"\s+[—–-]\s+", match[2])[0].strip()
    return ""


def summary(game: str) -> str:
    """Return a game's short rules: the catalogue message its own rules command answers with."""
    if game == "pixies":
        from cogs.pixies import RULES_SUMMARY
    elif game == "pixel-tactics":
        from cogs.pixel_tactics.rules import RULES_SUMMARY
    elif game == "pixel-pusher":
        from cogs.pixel_pusher import RULES_SUMMARY
    else:
        from cogs.help.texts import TIXEL_SUMMARY as RULES_SUMMARY
    return RULES_SUMMARY


def summary_units(game: str, lang: str) -> list[Unit]:
    """Return the short rules page in ``lang``: its heading, the game's short rules as its own command shows
    them, and a line saying the full rules follow in English."""
    from cogs.help.texts import FULL_RULES_FOLLOW, SHORT_RULES

    return [Unit(f"# {t(lang, SHORT_RULES)}", 1), Unit(t(lang, summary(game))), Unit(f"*{t(lang, FULL_RULES_FOLLOW)}*")]


def build(game: str, base: Path = RULES_DIR, lang: str = SOURCE) -> RulesBook:
    """Return a game's rules book from its documents under ``base`` in ``lang``; where some are English only,
    the game's short rules in ``lang`` come first."""
    title, names = GAMES[game]
    texts = {name: read(name, base, lang) for name in names}
    titles = {name.rsplit("/", 1)[-1]: doc_title(text) for name, text in texts.items()}
    documents = [to_units(texts[name], titles, lang) for name in names]
    if lang != SOURCE and not all(translation(name, base, lang) for name in names):
        documents.insert(0, summary_units(game, lang))
    return RulesBook(game, title, tuple(paginate(documents)))


@cache
def book(game: str, lang: str = SOURCE) -> RulesBook:
    """Return a game's rules book for a member speaking ``lang`` (read once)."""
    return build(game, lang=lang)
