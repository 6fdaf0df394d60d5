"""Message catalogues (gettext ``.po`` files read with Babel): the languages Pixel Parlor speaks and lookups.

English is the source language: a message's id is its English text, so English needs no catalogue and a
missing translation falls back to English. ``locales/parlor.pot`` is the template of every message;
``locales/<lang>/LC_MESSAGES/parlor.po`` holds one language. A message may carry a context (``msgctxt``):
the same English word can be translated differently as a command name and in a sentence.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

#: language code → its own name (what a member picks in settings)
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
#: the source language (message ids are its text)
SOURCE = "en"
DOMAIN = "parlor"
LOCALES = Path(__file__).parent / "locales"


def po_path(lang: str) -> Path:
    """The ``.po`` file of ``lang``."""
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_path() -> Path:
    """The template listing every message (``parlor.pot``)."""
    return LOCALES / f"{DOMAIN}.pot"


@cache
def catalogue(lang: str) -> Catalog:
    """The catalogue of ``lang`` (read once); English, the source, has an empty one (so does a language whose
    file is missing: it falls back to English, and the catalogue test names every gap)."""
    if lang == SOURCE or lang not in LANGUAGES or not po_path(lang).exists():
        return Catalog(locale="en", domain=DOMAIN)
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def language_of(locale: str | None) -> str:
    """The language Pixel Parlor speaks for a Discord locale (``de``, ``en-US`` …): its own when it has a
    catalogue, else English."""
    if not locale:
        return SOURCE
    code = str(locale).split("-")[0].lower()
    return code if code in LANGUAGES else SOURCE


def lookup(lang: str, message: str, context: str | None = None) -> str | None:
    """The translation of ``message`` (in ``context``) into ``lang``, or None when there is none."""
    if lang == SOURCE:
        return None
    entry = catalogue(lang).get(message, context=context)
    if entry is None or not entry.string or entry.fuzzy:
        return None
    return entry.string if isinstance(entry.string, str) else entry.string[0]


def translate(lang: str, message: str, context: str | None = None, **fields: object) -> str:
    """``message`` in ``lang`` (English when untranslated), its ``{fields}`` filled in."""
    text = lookup(lang, message, context) or message
    return text.format(**fields) if fields else text
