"""Shared pieces of the rating service tests: a game that ends with the ranking its options name, drivers that open,
fill, start and finish such games through the table service, readers of the stored ratings and history, and
openskill's PlackettLuce folded over results directly (the expected values)."""

from __future__ import annotations

import copy
from collections.abc import Iterator

from openskill.models import PlackettLuce

from bot import registry
from bot.games.base import Decision, Engine, Result
from bot.tables import TableService
from storage import ratings as store

GUILD = 9


class RankedEngine(Engine):
    """A game that ends with the ranking its options name (``ranking``: groups of seats, best first) when
    seat 0 says ``end``; a leaver ranks last, and the last one left wins alone."""

    name, title, min_players, max_players = "ranked", "Ranked", 2, 4

    def new_game(self, num_players, options, seed):
        ranking = options.get("ranking") or [[s] for s in range(num_players)]
        return {"n": num_players, "ranking": ranking, "done": False, "left": [], "step": 0}

    def _active(self, state):
        return [s for s in range(state["n"]) if s not in state["left"]]

    def pending(self, state):
        return [] if state["done"] else [Decision(self._active(state)[0], "end", str(state["step"]))]

    def legal_actions(self, state, player):
        return [{"type": "end"}] if any(d.player == player for d in self.pending(state)) else []

    def apply(self, state, player, action):
        s = copy.deepcopy(state)
        s["done"], s["step"] = True, s["step"] + 1
        return s

    def is_terminal(self, state):
        return state["done"]

    def result(self, state):
        left = state["left"]
        groups = [[s for s in g if s not in left] for g in state["ranking"]]
        groups = [g for g in groups if g] + ([sorted(left)] if left else [])
        return Result(groups[0], groups)

    def view(self, state, viewer):
        return dict(state)

    def default_action(self, state, player):
        return {"type": "end"}

    def leave(self, state, player):
        s = copy.deepcopy(state)
        s["left"].append(player)
        s["step"] += 1
        s["done"] = len(self._active(s)) == 1
        return s


def ranked_tables(db, monkeypatch) -> Iterator[TableService]:
    """Yield a table service over ``db`` with :class:`RankedEngine` registered as the game ``ranked`` for one test
    (the body of a fixture)."""
    monkeypatch.setitem(registry.GAMES, "ranked", ("Ranked", f"{__name__}:RankedEngine"))
    registry.engine.cache_clear()
    yield TableService(db, seed_source=lambda: 0)
    registry.engine.cache_clear()


async def running(tables, users, ranking=None, options=None, kind="ranked", guild=GUILD):
    """Open, fill and start a game; ``ranking`` (groups of seats) is how it will end."""
    opts = {"game": {"ranking": ranking} if ranking else {}, **(options or {})}
    t = await tables.create_lobby(kind, guild, 50, users[0], f"U{users[0]}", opts)
    for u in users[1:]:
        await tables.join(t.id, u, f"U{u}")
    return await tables.start(t.id, users[0])


async def finish(tables, users, ranking=None, **kw):
    """Play a game to its end: seat 0 ends it with ``ranking``."""
    t = await running(tables, users, ranking, **kw)
    return await tables.act(t.id, users[0], None, {"type": "end"})


async def table_rows(db, board="ranked", season=1):
    return {r.user_id: (r.mu, r.sigma, r.games, r.wins) for r in await store.board_ratings(db, GUILD, board, season)}


async def history_rows(db, board="ranked", season=1):
    return [(h.user_id, h.game_id, h.mu, h.sigma, h.at) for h in await store.history(db, GUILD, board, season)]


def openskill(ranks_in_order):
    """Fold openskill's PlackettLuce over results given as {user: rank}, directly."""
    model = PlackettLuce()
    now: dict[int, tuple[float, float]] = {}
    for ranks in ranks_in_order:
        users = sorted(ranks)
        teams = [[model.rating(*now[u]) if u in now else model.rating()] for u in users]
        for u, team in zip(users, model.rate(teams, ranks=[ranks[u] for u in users]), strict=True):
            now[u] = (team[0].mu, team[0].sigma)
    return now
