"""Tournament images: the single-elimination bracket and the standings table (pure view → PNG)."""

from rendering.tournaments.bracket import bracket_alt, render_bracket
from rendering.tournaments.standings import render_standings, standings_alt

__all__ = ["bracket_alt", "render_bracket", "render_standings", "standings_alt"]
