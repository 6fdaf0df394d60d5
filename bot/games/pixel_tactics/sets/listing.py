"""The card list of a set as Markdown (pasted into docs/rules/pixel_tactics.md; a test keeps it in sync)."""

from __future__ import annotations

from . import SETS

_TACTIC = {"order": "Order", "operation": "Operation", "trap": "Trap"}


def markdown(set_name: str = "core") -> str:
    """Return the Markdown card list of a set: every card's figures and texts."""
    lines = []
    for c in SETS[set_name]:
        leader, hero, tactic = c["leader"], c["hero"], c["tactic"]
        lines.append(f"### {c['name']} (`{c['key']}`)")
        lines.append("")
        lines.append(f"- **Leader** {leader['attack']}/{leader['life']}: {leader['text']}")
        lines.append(f"- **Hero** {hero['attack']}/{hero['life']}")
        for row, label in (("vanguard", "Vanguard"), ("flank", "Flank"), ("rear", "Rear")):
            lines.append(f"  - {label}: {hero[row]['text']}")
        lines.append(f"- **{_TACTIC[tactic['kind']]}**: {tactic['text']}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
