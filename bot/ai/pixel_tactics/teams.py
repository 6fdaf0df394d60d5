"""The team modes' part of a determinized Pixel Tactics state (Team Cross Duel and King, modes/teams.py).

Public in ``view["teams"]``: Leaders lost, set-aside Leaders, the goal, eliminated seats, the restarting seat,
the wave, round and first seat the game resumes with after a restart (``resume``).
Not in the view and estimated here: which seats are still picking a new Leader after a restart (those without
a revealed Leader while others have one), the queue of restarting seats (the one in its Ceasefire round, then
the pickers), and in King the cards an eliminated Knight took out of play (only their count is shown: drawn
from its unseen cards).
"""

from __future__ import annotations

from typing import Any

View = dict[str, Any]
State = dict[str, Any]


def _pickers(view: View) -> list[int] | None:
    """Return the seats picking a new Leader after a restart (None at the opening pick or outside one)."""
    if view["phase"] != "leader":
        return None
    shown = view["teams"]
    lacking = [p["seat"] for p in view["players"] if p["unit"]["L"] is None or p["unit"]["L"].get("hidden")]
    live = [p["seat"] for p in view["players"] if not shown["eliminated"][p["seat"]]]
    if len(lacking) >= len(live):
        return None
    return [s for s in lacking if s in live]


def rebuild(state: State, view: View, out_cards: list[list[str]]) -> None:
    """Add ``state["teams"]`` (and King's ``state["king"]``) from the view; ``out_cards`` are the sampled cards
    out of play per seat."""
    shown = view["teams"]
    pickers = _pickers(view)
    restarts = ([shown["ceasefire_seat"]] if shown["ceasefire_seat"] is not None else []) + (pickers or [])
    state["teams"] = {
        "kind": shown["kind"], "defeats": list(shown["defeats"]),
        "set_aside": [[c["id"] for c in cards] for cards in shown["set_aside"]],
        "goal": dict(shown["goal"]) if shown["goal"] else None, "ceasefire_seat": shown["ceasefire_seat"],
        "picking": pickers, "restarts": restarts,
        "resume": dict(shown["resume"]) if shown["resume"] else None,
    }
    if shown["kind"] == "king":
        state["king"] = {"eliminated": list(shown["eliminated"]), "out": out_cards}
        state["teams"]["defeats"] = [0] * len(view["players"])


def out_count(view: View, seat: int) -> int:
    """Return how many cards ``seat`` has out of play (King; 0 otherwise)."""
    shown = view.get("teams")
    return shown["out"][seat] if shown and "out" in shown else 0
