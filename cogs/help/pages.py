"""Units cut into pages that fit an embed: whole sections (a ## heading and what follows) while they fit,
else their ### subsections, else single units; a unit longer than a page is cut between words."""

from __future__ import annotations

from dataclasses import dataclass, field

from cogs.help.markdown import LIST_ITEM, Unit

#: an embed's description holds 4096 characters; a little is kept for safety
PAGE_LIMIT = 4000
SEP = "\n\n"


@dataclass
class Page:
    """One page: its text, the headings it holds (level, text without #), and the section it continues."""

    text: str = ""
    headings: list[tuple[int, str]] = field(default_factory=list)
    continues: str | None = None

    def title(self) -> str:
        """Return what the page is about: its opening section's heading, or the section it continues."""
        if self.headings and self.text.startswith("#") and self.headings[0][0] <= 2:
            return self.headings[0][1]
        if self.continues:
            return f"{self.continues} · {self.headings[0][1]}" if self.headings else self.continues
        return self.headings[0][1] if self.headings else ""


def joiner(before: str, after: str) -> str:
    """Return what goes between two units: a line break inside a list, else a blank line."""
    last_line = before.rsplit("\n", 1)[-1]
    return "\n" if LIST_ITEM.match(last_line) and LIST_ITEM.match(after) else SEP


def joined(units: list[Unit]) -> str:
    """Return units as one text."""
    text = ""
    for unit in units:
        text = text + joiner(text, unit.text) + unit.text if text else unit.text
    return text


def heading_text(unit: Unit) -> str:
    """Return a heading's words without its # marks or bold."""
    return unit.text.lstrip("#").strip().strip("*").strip()


def split_long(text: str, limit: int) -> list[str]:
    """Cut a text longer than ``limit`` between words (or anywhere, for a word longer than a page)."""
    parts, rest = [], text
    while len(rest) > limit:
        cut = rest.rfind(" ", 0, limit + 1)
        if cut <= 0:
            cut = limit
        parts.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    return [*parts, rest] if rest else parts


def groups(units: list[Unit], level: int) -> list[list[Unit]]:
    """Split units before every heading of ``level`` or above (a lower number)."""
    out: list[list[Unit]] = []
    for unit in units:
        if not out or (unit.level and unit.level <= level):
            out.append([])
        out[-1].append(unit)
    return out


class Packer:
    """Fills pages in order; knows the section (## heading) in effect to name continued pages."""

    def __init__(self, limit: int):
        self.limit, self.pages, self.section = limit, [Page()], ""

    def _fits(self, text: str) -> bool:
        page = self.pages[-1]
        return len(page.text) + (len(joiner(page.text, text)) if page.text else 0) + len(text) <= self.limit

    def new_page(self) -> None:
        """Start a page (unless the current one is empty)."""
        if self.pages[-1].text:
            self.pages.append(Page(continues=self.section or None))

    def _put(self, units: list[Unit]) -> None:
        page = self.pages[-1]
        text = joined(units)
        page.text = page.text + joiner(page.text, text) + text if page.text else text
        for unit in units:
            if unit.level:
                page.headings.append((unit.level, heading_text(unit)))
                if unit.level <= 2:
                    self.section = heading_text(unit)

    def add(self, units: list[Unit], level: int = 2) -> None:
        """Add units on the current page, a new page, or split finer (sections, subsections, units)."""
        text = joined(units)
        if self._fits(text):
            self._put(units)
            return
        self.new_page()
        if len(text) <= self.limit:
            self._put(units)
        elif level <= 3:
            for part in groups(units, level + 1):
                self.add(part, level + 1)
        elif len(units) > 1:
            for unit in units:
                self.add([unit], level)
        else:
            for part in split_long(units[0].text, self.limit):
                self.new_page()
                self._put([Unit(part, units[0].level)])


def paginate(documents: list[list[Unit]], limit: int = PAGE_LIMIT) -> list[Page]:
    """Return the pages of documents (each starts a page): sections kept whole where they fit."""
    packer = Packer(limit)
    for units in documents:
        packer.new_page()
        packer.section = ""
        for section in groups(units, 2):
            packer.add(section, 2)
    return [p for p in packer.pages if p.text]
