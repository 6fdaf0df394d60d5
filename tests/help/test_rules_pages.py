"""/rules pages: every game's rules cut into pages that fit an embed, nothing of a document lost, tables
turned into lists, and the documents shipped with the package."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from cogs.help import rules_book
from cogs.help.markdown import COMMENT, LINK, TABLE_RULE, cells, link_text, to_units
from cogs.help.pages import PAGE_LIMIT, paginate

ROOT = Path(__file__).resolve().parents[2]
GAMES = list(rules_book.GAMES)


def flat(text: str) -> str:
    return " ".join(text.split())


def expected_pieces(game: str) -> list[str]:
    """Every line of the game's documents as it must appear on some page (a table row: each cell)."""
    _title, names = rules_book.GAMES[game]
    titles = {n.rsplit("/", 1)[-1]: rules_book.doc_title(rules_book.read(n)) for n in names}
    inline = link_text(titles)
    pieces = []
    for name in names:
        in_fence = False
        for line in rules_book.read(name).splitlines():
            if line.strip().startswith("```"):
                in_fence = not in_fence
                continue
            if not line.strip() or (line.lstrip().startswith("|") and TABLE_RULE.match(line.strip())):
                continue
            if COMMENT.match(line) and not in_fence:
                assert not any(COMMENT.match(u.text) for u in to_units(line))  # a generator's mark is left out
                continue
            if in_fence:
                pieces.append(line.rstrip())
            elif line.lstrip().startswith("|"):
                pieces.extend(flat(inline(c)) for c in cells(line) if c)
            else:
                text = re.sub(r"^#{1,6}\s+", "", line.strip())
                pieces.append(flat(inline(text)))
    return pieces


@pytest.mark.parametrize("game", GAMES)
def test_every_line_of_the_rules_is_on_a_page_within_the_limits(game):
    book = rules_book.book(game)
    assert book.pages
    for page in book.pages:
        assert 0 < len(page.text) <= PAGE_LIMIT <= 4096
        assert page.title() and len(page.title()) <= 200
        assert page.text.count("```") % 2 == 0, "a code block is never cut"
        prose = re.sub(r"```.*?```", "", page.text, flags=re.S)
        assert not re.search(r"^\s*\|", prose, re.M), "no markdown table left"
        assert not re.search(r"^#{4,}", prose, re.M), "Discord renders # to ### only"
    whole = flat(" ".join(p.text for p in book.pages))
    blocks = "\n".join(p.text for p in book.pages)
    for piece in expected_pieces(game):
        assert piece in (blocks if piece.startswith(" ") else whole), piece


def test_a_table_becomes_a_list_and_links_name_the_document():
    units = to_units("# T\n\n| Name | Cost | Effect |\n|---|---|---|\n| Scoop | 1 | Collect 1 R |\n\n"
                     "| A | B |\n|---|---|\n| x | y |\n\nSee [siege.md](pt_modes/siege.md) and\n[x](https://e.org).",
                     {"siege.md": "Siege"})
    texts = [u.text for u in units]
    assert "- **Scoop** — Cost: 1; Effect: Collect 1 R" in texts
    assert "- **x**: y" in texts
    assert "See **Siege** (its own pages, further on) and [x](<https://e.org>)." in texts
    assert not LINK.search(texts[-1].replace("[x](<https://e.org>)", ""))


def test_a_long_section_is_cut_by_subsections_then_units_then_words():
    para = "word " * 1500  # 7500 characters: longer than a page
    units = to_units(f"## Big\n\n### One\n\n{'a ' * 1000}\n\n### Two\n\n{para}\n\n- item 1\n- item 2\n")
    pages = paginate([units], limit=3000)
    assert all(len(p.text) <= 3000 for p in pages)
    assert flat(" ".join(p.text for p in pages)) == flat(" ".join(u.text for u in units))
    assert pages[0].title() == "Big" and pages[1].title().startswith("Big")
    assert "- item 1\n- item 2" in pages[-1].text  # a list stays tight


def test_a_page_is_found_by_number_or_heading():
    book = rules_book.book("pixel-tactics")
    assert book.find("1") == 1 and book.find(str(len(book.pages))) == len(book.pages)
    assert book.find("0") is None and book.find(str(len(book.pages) + 1)) is None and book.find("") is None
    siege = book.find("siege")
    assert siege and any(h.casefold() == "siege" for _, h in book.pages[siege - 1].headings)
    assert book.find("no such heading") is None


def test_the_rules_ship_with_the_package():
    """``cogs/help/rules`` leads to docs/rules; package-data takes the files into a build; the image copies them."""
    assert rules_book.RULES_DIR.resolve() == (ROOT / "docs" / "rules").resolve()
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["cogs.help"]
    for _title, names in rules_book.GAMES.values():
        for name in names:
            assert (rules_book.RULES_DIR / name).is_file(), name
            assert any(Path("rules", name).match(pattern) for pattern in data), name
    docker = (ROOT / "Dockerfile").read_text()
    assert "COPY docs/rules ./docs/rules" in docker
    assert docker.index("COPY docs/rules") < docker.index("RUN pip install")
