"""Pixel Tactics team boards (issue 12) in the render benchmark: 4 Units (Team Cross Duel) and 6 Units (King) from
consecutive positions of seeded random team games, and their goal: each renders in at most twice the Classic
board's time (median over its views), both measured in the same run and encoded in the same image mode."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.pixel_tactics import PixelTacticsEngine
from rendering import pixel_tactics

CLASSIC = "Pixel Tactics board"
#: case -> (seats, mode)
TEAM_CASES = {"Pixel Tactics team board (4 Units)": (4, "team"), "Pixel Tactics King board (6 Units)": (6, "king")}
NAMES = ["Ana", "Bartholomew", "Chloé", "Dmitri", "Eun-ji", "Farouk"]
#: goal of issue 12: a multi-unit board renders in at most twice the Classic board's time
MAX_VS_CLASSIC = 2.0


def cases(walk: Callable[..., list[dict]], n: int) -> dict[str, list[Callable[[], bytes]]]:
    """Render jobs of both team boards: ``n`` consecutive positions (one per action) of a seeded random game each,
    from its 60th state on (``walk`` is the render benchmark's walk through a game)."""
    engine = PixelTacticsEngine()
    out: dict[str, list[Callable[[], bytes]]] = {}
    for name, (seats, mode) in TEAM_CASES.items():
        views = walk(engine, seats, {"mode": mode}, 103, 60, n)
        out[name] = [lambda v=v, names=NAMES[:seats]: pixel_tactics.render_board(v, names) for v in views]
    return out


def annotate(result: dict) -> None:
    """Add to each team board's row ``vs_classic``: its median render time over the Classic board's."""
    classic = result.get(CLASSIC, {}).get("median_ms")
    for name in TEAM_CASES:
        row = result.get(name)
        if row and classic:
            row["vs_classic"] = round(row["median_ms"] / classic, 2)


def check(result: dict) -> list[str]:
    """Return one sentence per team board slower than twice the Classic board, or drawn in another image mode."""
    missed = []
    for name in TEAM_CASES:
        row = result.get(name, {})
        if row.get("vs_classic", 0) > MAX_VS_CLASSIC:
            missed.append(f"{name}: renders in {row['vs_classic']}× the Classic board's time (goal ≤ "
                          f"{MAX_VS_CLASSIC}×)")
        if row and row.get("mode") != result.get(CLASSIC, {}).get("mode"):
            missed.append(f"{name}: image mode {row.get('mode')} differs from the Classic board's")
    return missed
