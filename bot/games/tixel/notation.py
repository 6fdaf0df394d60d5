"""The Tixel text notation: ``format_action`` and ``parse_action`` (see docs/rules/tixel.md).

    c3^NE   place a tixel on c3, active, hollow NE       c3=N    … inactive, hollow N
    Tc3^    place a Tix piece, active (Tc3= inactive)     Yc3^NE> a Poka Yoke piece; > round cw, < ccw
    a1-c1^NE  slide a1 to c1, arriving active with hollow NE
    a1-c1=E   slide a1 to c1, sacrificed there (inactive, hollow E)
    +c3^NE  activate c3    @c3^SE  pivot c3    xc3  pick up c3    end  decline the bonus move
    draw / accept / decline   offer a draw / answer an offer
"""

from __future__ import annotations

import re
from typing import Any

from ..base import N_, IllegalAction
from . import rules
from .actions import DIAG_NAMES, ORTHO_NAMES
from .geometry import DIR_INDEX, DIRS, INDEX
from .reasons import explain

Action = dict[str, Any]

PREFIX = {"tixel": "", "tix": "T", "poka": "Y"}
ROUND_MARK = {"cw": ">", "ccw": "<", None: ""}
WORDS = {
    "end": "end", "pass": "end", "done": "end", "endturn": "end",
    "draw": "offer_draw", "offerdraw": "offer_draw",
    "accept": "accept_draw", "acceptdraw": "accept_draw",
    "decline": "decline_draw", "declinedraw": "decline_draw", "refuse": "decline_draw",
}
FORMAT_WORDS = {"end": "end", "offer_draw": "draw", "accept_draw": "accept", "decline_draw": "decline",
                "resign": "resign"}
HINT = ("write e.g. c3^NE or c3=N (place), Tc3^ (Tix), Yc3^NE> (Poka Yoke), a1-c1^NE or a1-c1=E (slide), "
        "+c3^NE (activate), @c3^SE (pivot), xc3 (pick up), end, draw, accept, decline")
#: the notation explained for players (``/tixel help``)
HELP = N_("**Tixel move notation** (case and spaces do not matter; `^` = active, `=` = inactive)\n"
          "`c3^NE` place a tixel on c3, active, hollow NE · `c3=N` inactive, hollow N\n"
          "`Tc3^` / `Tc3=` place a Tix piece · `Yc3^NE>` place a Poka Yoke piece (`>` rounded corner "
          "clockwise from the hollow, `<` counter-clockwise)\n"
          "`a1-c1^NE` slide a1 to c1, arriving active with hollow NE · `a1-c1=E` slide and sacrifice it (hollow E)\n"
          "Bonus moves: `+c3^NE` activate · `@c3^SE` pivot · `xc3` pick up · `end` decline the bonus move\n"
          "`draw` offer a draw · `accept` / `decline` answer an offer\n"
          "A piece goes down active whenever an active orientation fits. The autocomplete lists every legal move.")

_SQ = r"([a-z]\d+)"
_ORIENT = r"([\^=]?)(ne|nw|se|sw|n|e|s|w)?(ccw|cw|>|<)?"
PATTERNS = [
    ("slide", re.compile(rf"{_SQ}-{_SQ}{_ORIENT}")),
    ("activate", re.compile(rf"(?:\+|activate){_SQ}{_ORIENT}")),
    ("pivot", re.compile(rf"(?:@|pivot){_SQ}{_ORIENT}")),
    ("pickup", re.compile(rf"(?:x|pickup|up){_SQ}")),
    ("place", re.compile(rf"(t|tix|y|poka|pokayoke|)?{_SQ}{_ORIENT}")),
]


def slide_arrival(action: Action) -> tuple[bool, str | None]:
    """Return whether a slider ends active and its final hollow (None for a Tix piece)."""
    stance, trn = action["stance"], action["turn"]
    if stance is not None and trn is not None:
        return True, DIRS[(DIR_INDEX[stance] + (1 if trn == "cw" else -1)) % 8]
    return trn is not None, stance


def _orient(active: bool, hollow: str | None, rnd: str | None = None) -> str:
    """Return the orientation suffix of a piece: ``^NE``, ``=N``, ``^`` (Tix), ``^NE>`` (Poka Yoke)."""
    return ("^" if active else "=") + (hollow or "") + ROUND_MARK[rnd]


def format_action(action: Action) -> str:
    """Return the notation of an action, e.g. ``"a1-c1^NE"``."""
    kind = action["type"]
    if kind == "place":
        return PREFIX[action["kind"]] + action["square"] + _orient(action["active"], action["hollow"], action["round"])
    if kind == "slide":
        active, hollow = slide_arrival(action)
        return f"{action['from']}-{action['to']}" + _orient(active, hollow)
    if kind == "activate":
        return "+" + action["square"] + _orient(True, action["hollow"])
    if kind == "pivot":
        return "@" + action["square"] + _orient(True, action["hollow"])
    if kind == "pickup":
        return "x" + action["square"]
    return FORMAT_WORDS.get(kind, kind)


def _square(text: str) -> str:
    """Return a square name or refuse."""
    if text not in INDEX:
        raise IllegalAction("{square} is not a square (files a–f, ranks 1–6).", square=text)
    return text


def _read(text: str) -> tuple[str, Any]:
    """Return (action type, regex match or None) of normalised text, or refuse."""
    if text in WORDS:
        return WORDS[text], None
    for kind, pattern in PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            return kind, match
    raise IllegalAction("Could not read {text}: write e.g. c3^NE or c3=N (place), Tc3^ (Tix), Yc3^NE> (Poka Yoke), "
                        "a1-c1^NE or a1-c1=E (slide), +c3^NE (activate), @c3^SE (pivot), xc3 (pick up), end, draw, "
                        "accept, decline.", text=repr(text))


def _spec_orientation(mark: str, direction: str | None, rnd: str | None) -> dict[str, Any]:
    """Return the orientation fields the text gives: active, hollow, round (absent when not given)."""
    spec: dict[str, Any] = {}
    hollow = direction.upper() if direction else None
    if hollow is not None:
        if mark == "^" and hollow in ORTHO_NAMES or mark == "=" and hollow in DIAG_NAMES:
            raise IllegalAction("An active piece (^) has its hollow on a diagonal (NE, SE, SW, NW); "
                                "an inactive one (=) on a side (N, E, S, W).")
        spec["active"] = hollow in DIAG_NAMES
        spec["hollow"] = hollow
    elif mark:
        spec["active"] = mark == "^"
    if rnd:
        spec["round"] = "cw" if rnd in ("cw", ">") else "ccw"
    return spec


def _matches(action: Action, spec: dict[str, Any]) -> bool:
    """Return whether a legal action agrees with every field the text gave."""
    if action["type"] != spec["type"]:
        return False
    kind = spec["type"]
    if kind == "slide":
        if (action["from"], action["to"]) != (spec["from"], spec["to"]):
            return False
        active, hollow = slide_arrival(action)
        return spec.get("active", active) == active and spec.get("hollow", hollow) == hollow
    if kind in ("activate", "pivot"):
        return action["square"] == spec["square"] and spec.get("hollow", action["hollow"]) == action["hollow"]
    return all(action.get(k) == v for k, v in spec.items())


def parse_action(text: str, state: dict[str, Any], player: int) -> Action:
    """Return the legal action written as ``text`` by ``player``; raise ``IllegalAction`` with a precise reason."""
    if state["status"] != "playing":
        raise IllegalAction("The game is over.")
    if rules.to_act(state) != player:
        raise IllegalAction("It is not your turn.")
    norm = re.sub(r"\s+", "", str(text).lower()).replace("→", "-").replace("–", "-").replace("—", "-")
    if not norm:
        raise IllegalAction("Write a move: write e.g. c3^NE or c3=N (place), Tc3^ (Tix), Yc3^NE> (Poka Yoke), "
                            "a1-c1^NE or a1-c1=E (slide), +c3^NE (activate), @c3^SE (pivot), xc3 (pick up), end, "
                            "draw, accept, decline.")
    kind, match = _read(norm)
    spec: dict[str, Any] = {"type": kind}
    if kind == "slide":
        spec.update({"from": _square(match[1]), "to": _square(match[2])})
        spec.update(_spec_orientation(match[3], match[4], match[5]))
        _check_round(state, spec, spec["from"])
        slider = state["board"].get(spec["from"])
        if slider is not None and slider["kind"] == "tix" and "hollow" in spec:
            raise IllegalAction("A Tix piece has no hollow: write {start}-{end}^ or {start}-{end}=.", start=match[1],
                                end=match[2])
    elif kind in ("activate", "pivot"):
        spec["square"] = _square(match[1])
        orient = _spec_orientation(match[2] or "^", match[3], match[4])
        if not orient.get("active", True):
            raise IllegalAction("An activated or pivoted piece is active: write {square}^ and a diagonal.",
                                square=match[1])
        _check_round(state, orient, spec["square"])
        if "hollow" in orient:
            spec["hollow"] = orient["hollow"]
    elif kind == "pickup":
        spec["square"] = _square(match[1])
    elif kind == "place":
        prefix = match[1] or ""
        spec["kind"] = "tix" if prefix.startswith("t") else "poka" if prefix.startswith(("y", "p")) else "tixel"
        spec["square"] = _square(match[2])
        spec.update(_spec_orientation(match[3], match[4], match[5]))
        if spec["kind"] == "tix" and "hollow" in spec:
            raise IllegalAction("A Tix piece has no hollow: write Tc3^ or Tc3=.")
        if "round" in spec and spec["kind"] != "poka":
            raise IllegalAction("Only a Poka Yoke piece has a rounded corner: write Y before the square.")
    legal = rules.legal_actions(state, player)
    found = [a for a in legal if _matches(a, spec)]
    if len(found) == 1:
        return found[0]
    if found:
        raise IllegalAction("Say which: {moves}.", moves=", ".join(format_action(a) for a in found))
    if kind == "slide" and "active" in spec:
        spec["turn"] = "cw" if spec.pop("active") else None
        hollow = spec.pop("hollow", None)
        if spec["turn"] is None:
            spec["stance"] = hollow
        else:
            spec["stance"] = DIRS[(DIR_INDEX[hollow] - 1) % 8] if hollow else "N"
        piece = state["board"].get(spec["from"])
        if piece is not None and piece["kind"] == "tix":
            spec["stance"] = None
    raise explain(state, player, spec)


def _check_round(state: dict[str, Any], spec: dict[str, Any], square: str) -> None:
    """Refuse a round mark that does not match the Poka Yoke piece on ``square``."""
    if "round" not in spec:
        return
    piece = state["board"].get(square)
    if piece is None or piece["kind"] != "poka":
        raise IllegalAction("Only a Poka Yoke piece has a rounded corner, and there is none on {square}.",
                            square=square)
    if piece["round"] != spec.pop("round"):
        raise IllegalAction("The Poka Yoke piece on {square} lies with the other side up (round {round}).",
                            square=square, round=piece["round"])
