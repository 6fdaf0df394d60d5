"""League images: a player's score sheet like the rulebook's score pad (the standings table reuses
``rendering.tournaments.render_standings``)."""

from rendering.league.sheet import render_sheet, sheet_alt

__all__ = ["render_sheet", "sheet_alt"]
