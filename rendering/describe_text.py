"""Text for screen readers: alt texts fitted to Discord's 1,024 characters (the most detailed wording that fits,
else a shorter one pointing at ``/game describe``), and long descriptions split into messages."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import N_, t

#: Discord's limit of an attachment's description (alt text)
ALT_MAX = 1024
#: what a shortened alt text ends with: where the whole state is told
DESCRIBE_POINTER = N_("Full state: /game describe.")


def clip(text: str, limit: int = ALT_MAX) -> str:
    """Return ``text`` cut to ``limit`` characters (ending with … when cut)."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def fit(candidates: Iterable[str], limit: int = ALT_MAX, lang: str = "en") -> str:
    """Return the first (most detailed) candidate when it fits in ``limit``; else the first shorter one that
    fits with the ``/game describe`` pointer (in ``lang``) after it (the last one cut when none does)."""
    pointer = t(lang, DESCRIBE_POINTER)
    room = limit - len(pointer) - 1
    last = ""
    for k, text in enumerate(candidates):
        if k == 0 and len(text) <= limit:
            return text
        last = text
        if len(text) <= room:
            return f"{text} {pointer}"
    return f"{clip(last, room)} {pointer}"


def split_text(text: str, limit: int) -> list[str]:
    """Split ``text`` into pieces of at most ``limit`` characters, between lines where possible."""
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:  # a line longer than a piece: cut at the last space that fits
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > 0 else limit
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:cut])
            line = line[cut:].lstrip()
        joined = f"{current}\n{line}" if current else line
        if len(joined) > limit:
            pieces.append(current)
            joined = line
        current = joined
    if current.strip():
        pieces.append(current)
    return [p for p in pieces if p.strip()]
