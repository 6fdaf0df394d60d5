"""Tutorial games (``/learn``): a member against one easy computer player, with a tip the first time each kind of
decision comes up. Which tips were shown lives in the game's row options (``options["learn"]["shown"]``), stored
through the table service, so a restart never repeats one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot import errors
from bot.tutorial.kinds import KINDS, decision_kinds
from bot.tutorial.tips import TIPS

if TYPE_CHECKING:
    from bot.tables import Table, TableService

#: the games a tutorial can teach
GAMES = tuple(KINDS)
#: the learner's seat (the computer sits in seat 1)
LEARNER = 0
#: each game's tutorial options: the shortest sensible match (Pixel Tactics: one trophy; Tixel with Poka Yoke,
#: so that promotion is taught)
GAME_OPTIONS: dict[str, dict[str, Any]] = {"pixel-tactics": {"trophies": 1}, "tixel": {"poka_yoke": True}}
LEVEL = "easy"


def learn_options(game: str) -> dict[str, Any]:
    """Return the row options of a new tutorial game (no thread here: the cog opens its own; no deadline;
    unrated)."""
    return {"thread": False, "game": dict(GAME_OPTIONS.get(game, {})), "deadline_hours": None, "rated": False,
            "learn": {"shown": []}}


def is_tutorial(table: Table) -> bool:
    """Return whether ``table`` is a tutorial game."""
    return isinstance(table.row.options.get("learn"), dict)


def shown(table: Table) -> list[str]:
    """Return the decision kinds whose tips were shown in this tutorial game, in order."""
    learn = table.row.options.get("learn")
    return list(learn.get("shown", [])) if isinstance(learn, dict) else []


def learner_kinds(table: Table) -> list[str]:
    """Return the kinds of the learner's pending decision (none: not their decision, or no tutorial)."""
    if not is_tutorial(table) or table.row.status != "running":
        return []
    if not any(d.player == LEARNER for d in table.pending()):
        return []
    legal = table.engine.legal_actions(table.state, LEARNER)
    return decision_kinds(table.row.kind, table.engine.view(table.state, LEARNER), legal)


def due_tips(table: Table) -> list[tuple[str, str]]:
    """Return ``(kind, tip)`` for each kind of the learner's pending decision whose tip was not shown yet."""
    done = set(shown(table))
    tips = TIPS.get(table.row.kind, {})
    return [(kind, tips[kind]) for kind in learner_kinds(table) if kind not in done and kind in tips]


async def mark_shown(tables: TableService, table: Table, kinds: list[str]) -> Table:
    """Record that the tips of ``kinds`` were shown (under the game's lock) and return the table after it; a table
    changed meanwhile is recorded on its newest version and returned unchanged."""
    async with tables.lock(table.id):
        now = await tables.load(table.id)
        options = dict(now.row.options)
        learn = dict(options.get("learn") or {})
        learn["shown"] = [*learn.get("shown", []), *[k for k in kinds if k not in learn.get("shown", [])]]
        options["learn"] = learn
        try:
            after = await tables.update_options(now, options)
        except errors.StaleDecision:
            return table
    return after if now.row.version == table.row.version else table
