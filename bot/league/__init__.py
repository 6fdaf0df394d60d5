"""Pixel Tactics League: pure, deterministic rules on a JSON-able state (pools, League Draft, challenges with
Bases, cycle scoring, redrafts, the organiser's tools). No IO, no clock; randomness comes from the league's seed."""

from .challenges import (
    answer,
    attach_game,
    available_bases,
    available_leaders,
    challenge,
    challenge_of_game,
    challenges,
    choose,
    deck_locked,
    override,
    ready_games,
    record_result,
    view,
    void,
)
from .cycles import close_discards, discard_leaders, drop, end_cycle, replace, set_deck, waiting_discards
from .draft import auto_pick, draft_pick, draft_state, start
from .model import COLOURS, ChallengeView, DraftView, GameSpec, LeagueError, SheetRow
from .pools import default_hero_pool, default_leader_pool, max_players_for, pool_sizes
from .sheet import cycle_score, pool_of, ranks, sheet, standings_order, totals, winners
from .state import add_player, is_over, new_league, remove_player

__all__ = [
    "COLOURS", "ChallengeView", "DraftView", "GameSpec", "LeagueError", "SheetRow",
    "add_player", "answer", "attach_game", "auto_pick", "available_bases", "available_leaders", "challenge",
    "challenge_of_game", "challenges", "choose", "close_discards", "cycle_score", "deck_locked",
    "default_hero_pool", "default_leader_pool", "discard_leaders", "draft_pick", "draft_state", "drop",
    "end_cycle", "is_over", "max_players_for", "new_league", "override", "pool_of", "pool_sizes", "ranks",
    "ready_games", "record_result", "remove_player", "replace", "set_deck", "sheet", "standings_order", "start",
    "totals", "view", "void", "waiting_discards", "winners",
]
