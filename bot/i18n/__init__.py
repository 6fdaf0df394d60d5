"""Message catalogues (gettext ``.po`` files read with Babel): the languages Pixel Parlor speaks and lookups.

English is the source language: a message's id is its English text, so English needs no catalogue and a
missing translation falls back to English. ``locales/parlor.pot`` is the template of every message;
``locales/<lang>/LC_MESSAGES/parlor.po`` holds one language. A message may carry a context (``msgctxt``):
the same English word can be translated differently as a command name and in a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from gettext import c2py
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

#: language code → its own name (what a member picks in settings)
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
#: the source language (message ids are its text)
SOURCE = "en"
#: a pseudo-language for tests (the Discord client locale ``en-XA``, which Discord never sends): every
#: catalogue message comes out bracketed and accented, so text that bypassed the catalogue stands out
PSEUDO = "en-XA"
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


@cache
def template() -> Catalog:
    """The template: every message the catalogues must translate (read once)."""
    if not template_path().exists():
        return Catalog(domain=DOMAIN)
    with template_path().open("rb") as handle:
        return read_po(handle, domain=DOMAIN)


def language_of(locale: str | None) -> str:
    """The language Pixel Parlor speaks for a Discord locale (``de``, ``en-US`` …): its own when it has a
    catalogue, else English."""
    if not locale:
        return SOURCE
    if str(locale) == PSEUDO:
        return PSEUDO
    code = str(locale).split("-")[0].lower()
    return code if code in LANGUAGES else SOURCE


def lookup(lang: str, message: str, context: str | None = None) -> str | None:
    """The translation of ``message`` (in ``context``) into ``lang``, or None when there is none."""
    if lang == SOURCE:
        return None
    entry = catalogue(lang).get(message, context=context)
    if entry is None or not entry.string or entry.fuzzy:
        return None
    if isinstance(entry.string, str):
        return entry.string
    return entry.string[0] if all(entry.string) else None  # a counted message: every form translated


def translate(lang: str, message: str, context: str | None = None, **fields: object) -> str:
    """``message`` in ``lang`` (English when untranslated), its ``{fields}`` filled in (an engine's ``Phrase`` as
    the message: its template, a counted one in its form for its count, its own fields and ``fields`` filled in)."""
    own = getattr(message, "fields", None)
    if isinstance(getattr(message, "template", None), str) and isinstance(own, dict) and context is None:
        return _clause(lang, message, {**own, **fields})
    if lang == PSEUDO:
        text = pseudo(message) if template().get(message, context=context) is not None else message
    else:
        text = lookup(lang, message, context) or message
    return text.format(**{k: _field(lang, v) for k, v in fields.items()}) if fields else text


def _field(lang: str, value: object) -> object:
    """A message's field in ``lang``: a clause that carries its own template and fields (an engine's ``Phrase``)
    translated, anything else as it is."""
    template, fields = getattr(value, "template", None), getattr(value, "fields", None)
    if isinstance(value, str) and isinstance(template, str) and isinstance(fields, dict):
        return _clause(lang, value, fields)
    return value


def _clause(lang: str, phrase: object, fields: dict[str, object]) -> str:
    """A clause (an engine's ``Phrase``: its ``template``, a counted one's ``plural`` and ``count``) in ``lang``, its
    ``fields`` filled in; a counted clause in its form for its count."""
    plural = getattr(phrase, "plural", None)
    if isinstance(plural, str):
        return tn(lang, phrase.template, plural, getattr(phrase, "count", 1), **fields)
    return translate(lang, phrase.template, None, **fields)


def t(lang: str, message: str, **fields: object) -> str:
    """``message`` (a catalogue message without context) in ``lang``, its ``{fields}`` filled in."""
    return translate(lang, message, None, **fields)


def tn(lang: str, singular: str, plural: str, n: int, /, **fields: object) -> str:
    """The form of a counted message (``singular``/``plural``, gettext's ``ngettext``) for ``n`` in ``lang``, its
    ``{fields}`` filled in (``{n}`` is ``n`` unless a field says otherwise)."""
    fields.setdefault("n", n)
    if lang == PSEUDO:
        english = singular if n == 1 else plural
        text = pseudo(english) if template().get(singular) is not None else english
    else:
        text = lookup_plural(lang, singular, n) or (singular if n == 1 else plural)
    return text.format(**{k: _field(lang, v) for k, v in fields.items()})


def lookup_plural(lang: str, singular: str, n: int) -> str | None:
    """The form for ``n`` of the counted message ``singular`` in ``lang``, or None when it is not translated (or
    any of its forms is missing)."""
    if lang == SOURCE:
        return None
    entry = catalogue(lang).get(singular)
    if entry is None or entry.fuzzy or not isinstance(entry.string, tuple | list) or not all(entry.string):
        return None
    forms = entry.string
    return forms[min(plural_rule(lang)(n), len(forms) - 1)]


@cache
def plural_rule(lang: str) -> Callable[[int], int]:
    """``lang``'s plural rule: a count → the index of its form (the catalogue's ``Plural-Forms``)."""
    return c2py(catalogue(lang).plural_expr)


def N_(message: str) -> str:  # noqa: N802  (gettext's name for "mark for the catalogue, translate later")
    """Mark ``message`` for the catalogue where it is defined; ``t`` translates it where it is shown."""
    return message


#: the pseudo-language's letters (ASCII vowels and a few consonants, accented)
_ACCENTS = str.maketrans("aeiouyAEIOUYcnsz", "àéîöûýÀÉÎÖÛÝçñšž")
#: what pseudo-translation leaves alone: ``{fields}``, `code`, <mentions and emoji>, and links
_KEEP = re.compile(r"(\{[^{}]*\}|`[^`]*`|<[^<>]*>|https?://\S+)")


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language: accented and bracketed, its fields, code and mentions unchanged."""
    parts = _KEEP.split(message)
    return "⟦" + "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts)) + "⟧"
