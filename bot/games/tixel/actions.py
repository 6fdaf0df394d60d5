"""Action shapes: checking a submitted action's fields and bringing it to canonical form."""

from __future__ import annotations

from typing import Any

from ..base import N_, IllegalAction
from .geometry import DIR_INDEX, INDEX, KINDS, ROUNDS

Action = dict[str, Any]

TYPES = ("place", "slide", "activate", "pickup", "pivot", "end", "offer_draw", "accept_draw", "decline_draw")
FIELDS: dict[str, tuple[str, ...]] = {
    "place": ("kind", "square", "active", "hollow", "round"),
    "slide": ("from", "to", "stance", "turn"),
    "activate": ("square", "hollow"),
    "pickup": ("square",),
    "pivot": ("square", "hollow"),
}
ORTHO_NAMES = ("N", "E", "S", "W")
DIAG_NAMES = ("NE", "SE", "SW", "NW")
_ACTIVE_HOLLOW = N_("An active piece's hollow must be one of {directions}.")
_INACTIVE_HOLLOW = N_("An inactive piece's hollow must be one of {directions}.")


def _square(value: Any) -> str:
    """Return a valid square name or refuse."""
    if not isinstance(value, str) or value not in INDEX:
        raise IllegalAction("{square} is not a square (files a–f, ranks 1–6).", square=repr(value))
    return value


def _dir(value: Any, allowed: tuple[str, ...], refusal: str) -> str:
    """Return a direction among ``allowed`` or refuse (``refusal``: a template of the ``{directions}``)."""
    if value not in allowed:
        raise IllegalAction(refusal, directions=", ".join(allowed))
    return value


def canonical_slide(kind: str, stance: str | None, trn: str | None) -> tuple[str | None, str | None]:
    """Return the canonical (stance, turn) of a slide outcome (see moves.py)."""
    if kind == "tix":
        return None, None if trn is None else "cw"
    if trn is None:
        return stance, None
    hollow = (DIR_INDEX[stance] + ROUNDS[trn]) % 8
    return ORTHO_NAMES[(hollow - 1) // 2], "cw"


def normalize(action: Any, board: dict[str, dict[str, Any]]) -> Action:
    """Return ``action`` with all its fields, checked for shape, slides in canonical form; else refuse."""
    if not isinstance(action, dict) or action.get("type") not in TYPES:
        raise IllegalAction("That is not a Tixel action.")
    kind = action["type"]
    out: Action = {"type": kind}
    for name in FIELDS.get(kind, ()):
        out[name] = action.get(name)
    if kind == "place":
        _square(out["square"])
        if out["kind"] not in KINDS:
            raise IllegalAction("Choose a tixel, Tix or Poka Yoke piece to place.")
        if type(out["active"]) is not bool:
            raise IllegalAction("Say whether the piece is placed active or inactive.")
        if out["kind"] == "tix":
            if out["hollow"] is not None or out["round"] is not None:
                raise IllegalAction("A Tix piece has no hollow and no rounded corner.")
        else:
            allowed = DIAG_NAMES if out["active"] else ORTHO_NAMES
            _dir(out["hollow"], allowed, _ACTIVE_HOLLOW if out["active"] else _INACTIVE_HOLLOW)
            if out["kind"] == "poka" and out["round"] not in ("cw", "ccw"):
                raise IllegalAction("Say which side of the Poka Yoke piece is up: round cw or ccw.")
            if out["kind"] == "tixel" and out["round"] is not None:
                raise IllegalAction("Only a Poka Yoke piece has a rounded corner.")
    elif kind == "slide":
        _square(out["from"])
        _square(out["to"])
        if out["turn"] not in ("cw", "ccw", None):
            raise IllegalAction("The slider turns cw or ccw at the end of its slide, or not at all.")
        piece = board.get(out["from"])
        if piece is not None and piece["kind"] == "tix":
            if out["stance"] is not None:
                raise IllegalAction("A Tix piece has no hollow: it slides with no stance.")
        elif piece is not None or out["stance"] is not None:
            _dir(out["stance"], ORTHO_NAMES, N_("The sliding stance (the hollow while sliding) must be one of "
                                                "{directions}."))
        if piece is not None:
            out["stance"], out["turn"] = canonical_slide(piece["kind"], out["stance"], out["turn"])
    elif kind in ("activate", "pivot", "pickup"):
        _square(out["square"])
        if kind != "pickup":
            piece = board.get(out["square"])
            if kind == "pivot" or out["hollow"] is not None or piece is None or piece["kind"] != "tix":
                _dir(out["hollow"], DIAG_NAMES, _ACTIVE_HOLLOW)
    return out
