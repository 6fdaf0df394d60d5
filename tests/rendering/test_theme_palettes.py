"""The colour-blind theme's game colours stay apart for every colour vision (issue 16): every pair of each game's
colour set is at least ΔE2000 20 apart under deuteranopia, protanopia and tritanopia (Machado 2009, severity
1.0, from colour-science); the failure names the weakest pair. The standard theme is measured, not asserted
(docs/accessibility.md lists its results: ``python -m tests.rendering.test_theme_palettes``)."""

from __future__ import annotations

import pytest

from rendering import themes
from rendering.theme import contrast_ratio
from rendering.theme_inventory import game_colours
from tests.rendering.cvd import SIMULATIONS, VISIONS, weakest

MIN_DELTA_E = 20
#: sets whose colours also carry their name in words on every image, measured only (see docs/accessibility.md);
#: none now: the Pixel Tactics Bases' eight colours are checked too
NAMED_IN_WORDS: set[str] = set()


def themed_sets(name: str) -> dict[str, dict[str, tuple[int, int, int]]]:
    """Each game colour set as the theme ``name`` draws it."""
    theme = themes.get(name)
    return {s: {k: theme.colour(c) for k, c in colours.items()} for s, colours in game_colours().items()}


@pytest.mark.parametrize("vision", list(SIMULATIONS))
def test_colour_blind_game_colours_stay_apart(vision: str) -> None:
    failures = []
    for set_name, colours in themed_sets(themes.COLOUR_BLIND_NAME).items():
        if set_name in NAMED_IN_WORDS:
            continue
        pair, distance = weakest(colours, vision)
        if distance < MIN_DELTA_E:
            failures.append(f"{set_name}: {pair[0]} vs {pair[1]} ΔE2000 {distance:.1f} under {vision}")
    assert not failures, "; ".join(failures)


def test_colour_blind_fills_keep_ink_text_legible() -> None:
    theme = themes.get(themes.COLOUR_BLIND_NAME)
    ink = theme.colour((22, 26, 36))
    for set_name in ("pixies cards", "pixel pusher pixels", "pixel pusher seats"):
        for name, fill in themed_sets(themes.COLOUR_BLIND_NAME)[set_name].items():
            assert contrast_ratio(ink, fill) >= 4.5, (set_name, name, fill)


def report(name: str) -> str:
    """A Markdown table of each set's weakest pair under each vision in the theme ``name``."""
    lines = ["| colour set | " + " | ".join(VISIONS) + " |", "| --- |" + " --- |" * len(VISIONS)]
    for set_name, colours in themed_sets(name).items():
        cells = []
        for vision in VISIONS:
            pair, distance = weakest(colours, vision)
            mark = "" if distance >= MIN_DELTA_E else " ✗"
            cells.append(f"{distance:.1f} ({pair[0]}/{pair[1]}){mark}")
        lines.append(f"| {set_name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    for theme_name in themes.NAMES:
        print(f"\n### {theme_name}\n\n{report(theme_name)}")
