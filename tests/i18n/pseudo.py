"""What a text shows outside the catalogue, read through the pseudo-language (``bot.i18n.PSEUDO``): every
catalogue message comes out as ``⟦…⟧``, so whatever is left once those, mentions, code, numbers and
punctuation are taken out was written without the catalogue."""

from __future__ import annotations

import re

_INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")
_MARKUP = re.compile(r"<[^<>]*>|`[^`]*`|https?://\S+")
_NOT_WORDS = re.compile(r"[\d\W_]+", re.UNICODE)


def outside_catalogue(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The words of ``text`` (sent in the pseudo-language) that no catalogue message produced, less ``allowed``
    (names that are never translated: members, languages, time zones, games)."""
    while True:
        stripped = _INNERMOST.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    text = _MARKUP.sub(" ", text)
    for name in allowed:
        text = text.replace(name, " ")
    return [word for word in _NOT_WORDS.sub(" ", text).split() if word.strip("*_~|")]
