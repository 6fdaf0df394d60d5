"""Card lists as Markdown (pasted into docs/rules/pixel_tactics.md; tests keep them in sync): the playable
sets (dual cards and Commons), the Chase Leaders and the League Bases."""

from __future__ import annotations

from typing import Any

from . import BASES, CHASE, SETS

_TACTIC = {"order": "Order", "operation": "Operation", "trap": "Trap"}
_COST = {0: "free action", 1: "1 action", 2: "long action"}


def markdown(set_name: str = "core") -> str:
    """Return the Markdown card list of a set: every card's figures and texts (a Common has no Leader line)."""
    lines = []
    for c in SETS[set_name]:
        hero, tactic = c["hero"], c["tactic"]
        lines.append(f"### {c['name']} (`{c['key']}`)")
        lines.append("")
        if "leader" in c:
            leader = c["leader"]
            lines.append(f"- **Leader** {leader['attack']}/{leader['life']}: {leader['text']}")
        lines.append(f"- **Hero** {hero['attack']}/{hero['life']}")
        for row, label in (("vanguard", "Vanguard"), ("flank", "Flank"), ("rear", "Rear")):
            lines.append(f"  - {label}: {hero[row]['text']}")
        lines.append(f"- **{_TACTIC[tactic['kind']]}**: {tactic['text']}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def chase_markdown(cards: list[dict[str, Any]] | None = None) -> str:
    """Return the Markdown list of the Chase Leaders: name, key, figures and Leader text."""
    lines = []
    for c in CHASE if cards is None else cards:
        leader = c["leader"]
        lines.append(f"- **{c['name']}** (`{c['key']}`) {leader['attack']}/{leader['life']}: {leader['text']}")
    return "\n".join(lines) + "\n"


def snap_text(snap: dict[str, Any]) -> str:
    """Return a Snap's text with its cost: ``"Draw 2 cards. (free action)"``."""
    return f"{snap['text']} ({_COST[snap['cost']]})"


def bases_markdown(cards: list[dict[str, Any]] | None = None) -> str:
    """Return the Markdown table of the League Bases: colour, name, points, Ongoing and Snap (with its cost)."""
    lines = ["| colour | name | points | ongoing | snap |", "| --- | --- | --- | --- | --- |"]
    for b in BASES if cards is None else cards:
        lines.append(f"| {b['colour']} | {b['name']} (`{b['key']}`) | {b['points']} | {b['ongoing']['text']} "
                     f"| {snap_text(b['snap'])} |")
    return "\n".join(lines) + "\n"
