"""The team modes' public fields (``view["teams"]``, issue 12) read for the board image and its alt text: where
each seat sits, its team and role, and what the acting seat may attack (Team Cross Duel, King)."""

from __future__ import annotations

from typing import Any

from bot.games.pixel_tactics.modes import MODES
from bot.i18n import N_, SOURCE, t, tn
from rendering.pixel_tactics.style import Names, View, as_int, players, seat_of

TITLES = {"team": MODES["team"], "king": MODES["king"]}
#: rows of seats on the image, as the rulebook's charts: Team 1 on top, Team 2 below, each facing its rivals
ROWS = {"team": ((0, 2), (1, 3)), "king": ((5, 0, 1), (4, 3, 2))}
#: reach of an enemy Unit from the acting seat -> its words on the image
REACH = {1: "In reach", 2: "Long Action (2)", 0: "Out of reach"}
#: a Unit's tag (the English key :func:`standing` returns) -> its words
TAG_WORDS = {"Acting": N_("Acting"), "Ally": N_("Ally"), "In reach": N_("In reach"),
             "Long Action (2)": N_("Long Action (2)"), "Out of reach": N_("Out of reach"),
             "Eliminated": N_("Eliminated")}
ROLE_WORDS = {"King": N_("King"), "Knight": N_("Knight")}


def title(view: View, lang: str = SOURCE) -> str:
    """``Team Cross Duel`` or ``King`` in ``lang``."""
    return t(lang, TITLES[kind(view)])


def tag_words(tag: str, lang: str = SOURCE) -> str:
    """A Unit's tag (:func:`standing`) in ``lang``."""
    return t(lang, TAG_WORDS[tag]) if tag in TAG_WORDS else tag


def teams_of(view: View) -> dict[str, Any] | None:
    """Return the view's ``teams`` fields, or None outside the team modes."""
    teams = view.get("teams")
    return teams if isinstance(teams, dict) else None


def kind(view: View) -> str:
    """Return ``team`` (Team Cross Duel) or ``king``."""
    return "king" if (teams_of(view) or {}).get("kind") == "king" else "team"


def seat_count(view: View) -> int:
    """Return the number of seats of a team board (4 or 6)."""
    return 6 if kind(view) == "king" else 4


def rows(view: View) -> tuple[tuple[int, ...], ...]:
    """Return the seats of the image's top and bottom rows of Units."""
    return ROWS[kind(view)]


def _entry(view: View, key: str, seat: int, default: Any = None) -> Any:
    values = (teams_of(view) or {}).get(key)
    return values[seat] if isinstance(values, list) and 0 <= seat < len(values) else default


def team_of(view: View, seat: int) -> int:
    """Return the team index (0 or 1) of ``seat`` (the view's ``team_of``, else the mode's seating)."""
    team = _entry(view, "team_of", seat)
    if team in (0, 1):
        return team
    return int(seat in (2, 3, 4)) if kind(view) == "king" else seat % 2


def role(view: View, seat: int) -> str:
    """Return ``King`` or ``Knight`` in King, else ""."""
    value = _entry(view, "roles", seat)
    return str(value).capitalize() if value in ("king", "knight") else ""


def defeats(view: View, seat: int) -> int:
    """Return how many Leaders ``seat`` has lost."""
    return max(0, as_int(_entry(view, "defeats", seat, 0)))


def eliminated(view: View, seat: int) -> bool:
    """Return whether ``seat`` is out of the game (a routed Knight in King)."""
    return bool(_entry(view, "eliminated", seat, False))


def points(view: View, team: int) -> int:
    """Return team ``team``'s points (Team Cross Duel) or rival Knights eliminated (King)."""
    pts = (teams_of(view) or {}).get("points")
    return max(0, as_int(pts[team])) if isinstance(pts, list) and 0 <= team < len(pts) else 0


def acting(view: View) -> int | None:
    """Return the seat whose turn it is (None outside a turn or a Trap window)."""
    if view.get("phase") not in ("turn", "trap"):
        return None
    return seat_of(view.get("turn"), seat_count(view))


def reach(view: View, seat: int) -> dict[int, int]:
    """Return ``{enemy seat: cost}`` of the enemies ``seat`` may attack now (cost 2 = a Long Action)."""
    out: dict[int, int] = {}
    for pair in _entry(view, "reach", seat, []) or []:
        if isinstance(pair, list | tuple) and len(pair) == 2:
            enemy, cost = seat_of(pair[0], seat_count(view)), as_int(pair[1])
            if enemy is not None and cost in (1, 2):
                out[enemy] = cost
    return out


def standing(view: View, seat: int) -> str:
    """Return ``seat``'s tag from the acting seat's side: Acting, Ally, In reach, Long Action (2), Out of reach,
    Eliminated ("" when nobody is acting)."""
    if eliminated(view, seat):
        return "Eliminated"
    turn = acting(view)
    if turn is None:
        return ""
    if seat == turn:
        return "Acting"
    if team_of(view, seat) == team_of(view, turn):
        return "Ally"
    return REACH[reach(view, turn).get(seat, 0)]


def team_label(view: View, seat: int, lang: str = SOURCE) -> str:
    """``Team 1`` / ``Team 2 · Knight``."""
    part = role(view, seat)
    return t(lang, "Team {n}", n=team_of(view, seat) + 1) + (f" · {t(lang, ROLE_WORDS[part])}" if part else "")


def members(view: View, team: int) -> list[int]:
    """Return the seats of team ``team`` in seat order."""
    return [s for s in range(seat_count(view)) if team_of(view, s) == team]


def score_words(view: View, team: int, lang: str = SOURCE) -> str:
    """``2 points`` (King: ``1 rival Knight out``)."""
    n = points(view, team)
    if kind(view) == "king":
        return tn(lang, "{n} rival Knight out", "{n} rival Knights out", n, n=n)
    return tn(lang, "{n} point", "{n} points", n, n=n)


def points_words(view: View, team: int, lang: str = SOURCE) -> str:
    """``Team 1 · 2 points`` (King: ``Team 1 · 1 rival Knight out``)."""
    return f"{t(lang, 'Team {n}', n=team + 1)} · {score_words(view, team, lang)}"


def goal_words(view: View, lang: str = SOURCE) -> str:
    """How a team wins: ``Win: 3 Leaders from one rival or 1 from each`` / the rival King's rout."""
    goal = (teams_of(view) or {}).get("goal")
    if kind(view) == "king":
        return t(lang, "Win: rout the rival King's Leader")
    if isinstance(goal, dict):
        one, each = as_int(goal.get("one"), 3), as_int(goal.get("each"), 1)
        return t(lang, "Win: {one} Leaders from one rival or {each} from each", one=one, each=each)
    return ""


def ceasefire_seat(view: View) -> int | None:
    """Return the seat playing its restart Ceasefire round (None when none)."""
    return seat_of((teams_of(view) or {}).get("ceasefire_seat"), seat_count(view))


def ceasefire_words(view: View, names: Names, name: Any, lang: str = SOURCE) -> str:
    """``Ceasefire: Ada plays a restart round alone, 2 actions a wave`` ("" when none)."""
    seat = ceasefire_seat(view)
    if seat is None:
        return ""
    return t(lang, "Ceasefire: {name} plays a restart round alone, 2 actions a wave", name=name(names, seat))


def hand_words(p: dict[str, Any], lang: str = SOURCE) -> tuple[str, str]:
    """(``Hand 4/5``, ``Deck 14``) of a player entry."""
    return (t(lang, "Hand {hand}/{size}", hand=as_int(p.get("hand")), size=as_int(p.get("hand_size"), 5)),
            t(lang, "Deck {n}", n=as_int(p.get("deck"))))


def player(view: View, seat: int) -> dict[str, Any]:
    """Return the view's player entry of ``seat`` (an empty dict when missing)."""
    ps = players(view)
    return ps[seat] if 0 <= seat < len(ps) else {}


def set_aside_names(view: View, seat: int) -> list[str]:
    """Return the names of ``seat``'s defeated Leaders set aside (public)."""
    cards = _entry(view, "set_aside", seat, []) or []
    return [str(c.get("name") or "Leader") for c in cards if isinstance(c, dict)] if isinstance(cards, list) else []


def owner_of(slot: Any, seats: int) -> int | None:
    """Return the seat owning the card in a Unit space (its instance id ``"<seat>.<key>…"``), None when unknown."""
    if not isinstance(slot, dict):
        return None
    card = slot.get("card") if isinstance(slot.get("card"), dict) else {}
    head = str(slot.get("id") or card.get("id") or "").split(".", 1)[0]
    return int(head) if head.isdigit() and int(head) < seats else None
