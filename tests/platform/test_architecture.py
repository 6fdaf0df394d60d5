"""The rooms stay separate: rules engines are pure, rendering never touches Discord or storage."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN_IN_ENGINES = {"discord", "aiosqlite", "PIL", "sqlite3", "asyncio", "socket", "aiohttp",
                        "requests", "urllib", "os", "pathlib", "io", "time", "datetime", "subprocess",
                        "threading", "rendering", "storage", "cogs"}
FORBIDDEN_IN_RENDERING = {"discord", "aiosqlite", "sqlite3", "storage", "cogs", "aiohttp"}


def imported_roots(path: Path) -> set[str]:
    """Return the top-level module names a file imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def offenders(folder: str, forbidden: set[str]) -> dict[str, set[str]]:
    found = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        bad = imported_roots(path) & forbidden
        if bad:
            found[str(path.relative_to(ROOT))] = bad
    return found


def test_engines_are_pure():
    assert list((ROOT / "bot" / "games").rglob("*.py")), "no engine modules found"
    assert offenders("bot/games", FORBIDDEN_IN_ENGINES) == {}


def test_tournament_rules_are_pure():
    assert list((ROOT / "bot" / "tournaments").rglob("*.py")), "no tournament modules found"
    assert offenders("bot/tournaments", FORBIDDEN_IN_ENGINES) == {}


def test_league_rules_are_pure():
    assert list((ROOT / "bot" / "league").rglob("*.py")), "no league modules found"
    assert offenders("bot/league", FORBIDDEN_IN_ENGINES) == {}


def test_rendering_is_pure():
    assert offenders("rendering", FORBIDDEN_IN_RENDERING) == {}


def test_engines_do_not_read_the_wall_clock_or_global_random():
    for path in [*(ROOT / "bot" / "games").rglob("*.py"), *(ROOT / "bot" / "tournaments").rglob("*.py"),
                 *(ROOT / "bot" / "league").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        for needle in ("random.random(", "random.choice(", "random.shuffle(", "random.randint(",
                       "time.time(", "datetime.now("):
            assert needle not in text, f"{path.name} uses {needle}"


def test_the_check_itself_catches_an_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import discord\nfrom PIL import Image\nfrom . import sibling\n")
    assert imported_roots(bad) == {"discord", "PIL"}


def test_the_bot_core_does_not_import_cogs():
    core = sorted((ROOT / "bot").glob("*.py"))
    assert core, "no bot modules found"
    assert {str(p.relative_to(ROOT)) for p in core if "cogs" in imported_roots(p)} == set()


#: cogs that still read storage directly (none: every cog goes through the table service)
STILL_DIRECT: set[str] = set()


def test_cogs_reach_storage_only_through_the_table_service():
    direct = set()
    for path in sorted((ROOT / "cogs").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.Attribute) and node.attr == "db" for node in ast.walk(tree)):
            direct.add(str(path.relative_to(ROOT / "cogs")))
    assert direct <= STILL_DIRECT, f"cogs using the database directly: {sorted(direct - STILL_DIRECT)}"


def test_cogs_import_nothing_from_storage():
    assert offenders("cogs", {"storage", "aiosqlite"}) == {}


#: the games' module prefixes: a game's rendering or cog parts live in one package named for it
GAME_PREFIXES = ("pixies_", "tixel_", "pixel_pusher_", "pixel_tactics_", "pt_")


def test_a_games_rendering_and_cogs_are_gathered_in_its_package():
    flat = [f"{folder}/{path.name}" for folder in ("rendering", "cogs")
            for path in sorted((ROOT / folder).glob("*.py")) if path.name.startswith(GAME_PREFIXES)]
    assert flat == [], f"gather these in the game's package (rendering/<game>/, cogs/<game>/): {flat}"
