"""How good a Pixel Tactics position is for a seat: trophies, Leader life left, the Unit's strength, cards in
hand, and each mode's own stakes (Siege fortresses, Epic Duel Leaders still standing)."""

from __future__ import annotations

import math
from typing import Any

from bot.games.pixel_tactics.modes import epic as epic_mode
from bot.games.pixel_tactics.positions import ref
from bot.games.pixel_tactics.state import members, seats
from bot.games.pixel_tactics.stats import board_of

State = dict[str, Any]

#: weights of the material score (in "Leader life" units)
TROPHY = 40.0
LEADER_LIFE = 1.0
HERO = 0.35
HAND = 0.6
FORTRESS = 3.0
EPIC_LEADER = 18.0
#: a lead of this much material is worth about 73% (the logistic's scale)
SCALE = 8.0


def material(state: State, board: dict[str, Any], seat: int) -> float:
    """Return ``seat``'s material: what it has standing and in hand, in units of its Leader's life."""
    player = state["players"][seat]
    value = TROPHY * len(state["trophies"][seat]) + HAND * min(len(player["hand"]), 6)
    for slot in members(state, seat):
        entry = player["unit"][slot]
        values = board["units"].get(ref(seat, slot))
        if values is None:
            continue
        left = max(values["life"] - entry["damage"], 0)
        if entry["kind"] == "leader":
            value += LEADER_LIFE * left
        else:
            value += HERO * (values["attack"] * 1.5 + left + 1.0)
    if "fortress" in player:
        value += FORTRESS * sum(len(column) for column in player["fortress"])
    if epic_mode.active(state):
        value += EPIC_LEADER * len(player.get("leaders") or [])
    return value


def evaluate(state: State, seat: int) -> float:
    """Return a value in (0, 1) of an unfinished match for ``seat``: a logistic of its material lead over the
    strongest other seat (a teammate counts as a rival here: team modes are not handled yet)."""
    board = board_of(state)
    mine = material(state, board, seat)
    best = max((material(state, board, s) for s in seats(state) if s != seat), default=0.0)
    return 1.0 / (1.0 + math.exp(-(mine - best) / SCALE))
