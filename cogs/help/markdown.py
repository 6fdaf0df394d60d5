"""The rules' markdown as Discord renders it: paragraphs and list items joined into one line each (the
files are wrapped for editors, Discord would keep every break), tables turned into lists (Discord shows a
table's pipes as they are), links to other rule files named by their title, headings past ### made bold.

The result is a list of ``Unit``: one heading, paragraph, list item, code block or table row each, the
smallest pieces a page may be cut between."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import N_, SOURCE, t

#: a heading Discord renders (it knows #, ## and ###)
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LIST_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+")
FENCE = re.compile(r"^\s*(```|~~~)")
LINK = re.compile(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)")
#: a comment for the documents' generators (e.g. ``<!-- pp-images-v2:start -->``): not for members
COMMENT = re.compile(r"^\s*<!--.*-->\s*$")
TABLE_RULE = re.compile(r"^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")


@dataclass(frozen=True)
class Unit:
    """One piece of a page: its text as Discord shows it, and its heading level (0: not a heading)."""

    text: str
    level: int = 0


def cells(row: str) -> list[str]:
    """Return a markdown table row's cells (``\\|`` is a pipe inside a cell)."""
    row = row.strip()
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|") and not row.endswith("\\|"):
        row = row[:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", row)]


def table_units(rows: list[str], inline: Callable[[str], str]) -> list[Unit]:
    """Return a table as one list item per row: its first cell bold, then each other cell after its header."""
    if len(rows) >= 2 and TABLE_RULE.match(rows[1].strip()):
        header, body = cells(rows[0]), [cells(r) for r in rows[2:]]
    else:
        header, body = [], [cells(r) for r in rows]
    units = [Unit(" · ".join(f"*{inline(h)}*" for h in header if h))] if any(header) else []
    for row in body:
        first = inline(row[0]) if row else ""
        rest = []
        for i, cell in enumerate(row[1:], start=1):
            if not cell:
                continue
            name = header[i] if i < len(header) and header[i] else ""
            rest.append(f"{inline(name)}: {inline(cell)}" if name else inline(cell))
        if len(row) == 2 and len(header) >= 2:  # two columns read as "first: second"
            rest = [inline(row[1])] if row[1] else []
        text = f"- **{first}**" if first else "-"
        if rest:
            text += (": " if len(row) == 2 else " — ") + "; ".join(rest)
        units.append(Unit(text))
    return units


#: what follows a link to another rules document (its pages come later in the same book)
FURTHER_ON = N_("**{title}** (its own pages, further on)")


def link_text(titles: dict[str, str], lang: str = SOURCE) -> Callable[[str], str]:
    """Return the inline conversion: a link to a rule file becomes that file's title in bold (its pages
    follow in the same rules), any other link keeps its text and address."""

    def replace(match: re.Match[str]) -> str:
        text, target = match[1], match[2]
        name = target.split("#")[0].rsplit("/", 1)[-1]
        if name in titles:
            return t(lang, FURTHER_ON, title=titles[name])
        if target.startswith(("http://", "https://")):
            return f"[{text}](<{target}>)"
        return text

    def inline(text: str) -> str:
        return LINK.sub(replace, text)

    return inline


def to_units(markdown: str, titles: dict[str, str] | None = None, lang: str = SOURCE) -> list[Unit]:
    """Return the units of a markdown document, as Discord renders them (links to other documents in ``lang``)."""
    inline = link_text(titles or {}, lang)
    units: list[Unit] = []
    lines = markdown.splitlines()
    open_text: list[str] | None = None  # the paragraph or list item being joined

    def close() -> None:
        nonlocal open_text
        if open_text is not None:
            units.append(Unit(inline(" ".join(open_text))))
            open_text = None

    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        if COMMENT.match(line):
            close()
            i += 1
            continue
        if FENCE.match(line):
            close()
            fence, block = FENCE.match(line)[1], [line]
            i += 1
            while i < len(lines):
                block.append(lines[i].rstrip())
                i += 1
                if lines[i - 1].strip().startswith(fence):
                    break
            units.append(Unit("\n".join(block)))
            continue
        if line.lstrip().startswith("|"):
            close()
            rows = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(lines[i])
                i += 1
            units.extend(table_units(rows, inline))
            continue
        heading = HEADING.match(line)
        if heading:
            close()
            level = len(heading[1])
            text = inline(heading[2])
            units.append(Unit(f"{heading[1]} {text}", level) if level <= 3 else Unit(f"**{text}**", level))
            i += 1
            continue
        if not line.strip():
            close()
        elif LIST_ITEM.match(line):
            close()
            open_text = [line]
        elif open_text is not None:
            open_text.append(line.strip())
        else:
            open_text = [line.strip()]
        i += 1
    close()
    return units
