"""Tournaments: pure, deterministic rules for single elimination, Swiss, round robin and pods."""

from .core import (
    abandoned_games,
    add_player,
    attach_game,
    champion,
    drop,
    games_to_start,
    is_over,
    match_of_game,
    matches,
    new_tournament,
    override,
    record_game,
    remove_player,
    round_no,
    start,
    void_game,
)
from .drafts import (
    attach_draft,
    drafting,
    drafts_over,
    finish_draft,
    open_drafts,
    pod_of_game,
    pod_players,
    pod_sizes,
    pods_to_start,
    pool_deck,
    replace_player,
)
from .model import FORMATS, ROUND_ROBIN, SINGLE_ELIM, SWISS, GameSlot, Match, Standing, TournamentError
from .standings import standings

__all__ = [
    "FORMATS", "ROUND_ROBIN", "SINGLE_ELIM", "SWISS", "GameSlot", "Match", "Standing", "TournamentError",
    "abandoned_games", "add_player", "attach_game", "champion", "drop", "games_to_start", "is_over",
    "match_of_game", "matches", "new_tournament", "override", "record_game", "remove_player", "round_no",
    "standings", "start", "void_game",
    # Pixel Tactics draft tournaments, and replacing a player
    "attach_draft", "drafting", "drafts_over", "finish_draft", "open_drafts", "pod_of_game", "pod_players",
    "pod_sizes", "pods_to_start", "pool_deck", "replace_player",
]
