"""The service-side checks of a tournament: what may be created, who may join with which deck, how many must
join, who may run it, and the first seeding (by rating on the game's board when the tournament is rated)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from bot import errors, lobby_decks
from bot import tournaments as tm
from bot.i18n import N_
from bot.registry import GAMES, title
from bot.registry import engine as engine_for
from bot.settings import MAX_DEADLINE_HOURS

if TYPE_CHECKING:
    from bot.tables import TableService
    from storage.tournaments import TournamentRow

#: the most players a tournament takes (also the default cap)
MAX_PLAYERS = 64
#: ``create``'s default deadline: the server's
SERVER_DEADLINE = "server"
#: the deck formats a Pixel Tactics tournament may require (``draft``: a Pack Draft first, see
#: ``bot/tournament_drafts.py``)
DECK_FORMATS = ("standard", "epic", "draft")
#: game kinds no tournament is played of (a draft is not a contest)
NOT_PLAYED = ("pt-draft",)
#: how the formats read in a sentence (``bot.tournaments``' canonical names)
FORMAT_NAMES = {"single_elim": "single elimination", "swiss": "Swiss", "round_robin": "round robin"}
#: other spellings of the formats (the command's choice names)
FORMAT_ALIASES = {"single elimination": "single_elim", "single-elimination": "single_elim",
                  "single_elimination": "single_elim", "round robin": "round_robin", "round-robin": "round_robin",
                  "Swiss": "swiss"}


#: a built-deck tournament's refusals, by its deck format (a deck of the other format is refused)
_NAME_A_DECK = {"standard": N_("This tournament is played with built standard decks: name one of yours to join."),
                "epic": N_("This tournament is played with built epic decks: name one of yours to join.")}
_OTHER_FORMAT = {"standard": N_("Your deck “{name}” is an epic deck; this tournament is played with standard decks."),
                 "epic": N_("Your deck “{name}” is a standard deck; this tournament is played with epic decks.")}


class TournamentRefused(errors.ParlorError):
    """A tournament command refused (the message says why)."""


#: a tournament's status as a refusal states it (one message per status, for the catalogues)
_STATUS = {"signup": N_("This tournament is still taking sign-ups."), "running": N_("This tournament is running."),
           "finished": N_("This tournament is finished."), "cancelled": N_("This tournament is cancelled.")}
_ALREADY = {"finished": N_("This tournament is already finished."),
            "cancelled": N_("This tournament is already cancelled.")}


def status_refusal(status: str, already: bool = False) -> TournamentRefused:
    """The refusal of an action the tournament's ``status`` does not allow."""
    message = (_ALREADY if already else _STATUS).get(status) or _STATUS.get(status) or N_("This tournament is closed.")
    return TournamentRefused(message)


#: the refusal of a member who is not one of the tournament's organisers, by what they tried
_NOT_ORGANISER = {
    "start":
        N_("Only the tournament's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can start."),
    "override a result":
        N_("Only the tournament's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can override a result."),
    "void a game":
        N_("Only the tournament's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can void a game."),
    "replace a player":
        N_("Only the tournament's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can replace a player."),
    "cancel it":
        N_("Only the tournament's organisers (its creator, members with Manage Server or the server's "
           "organiser role) can cancel it."),
}


def organiser_refusal(what: str) -> str:
    """Return the sentence refusing a non-organiser (a catalogue message for the actions ``_NOT_ORGANISER``
    lists)."""
    return _NOT_ORGANISER.get(what) or (f"Only the tournament's organisers (its creator, members with Manage "
                                        f"Server or the server's organiser role) can {what}.")


def is_pod(kind: str) -> bool:
    """Return whether a game kind seats more than two players (its tournaments are played in pods)."""
    return engine_for(kind).seat_range({})[1] > 2


def check_new(kind: str, fmt: str, best_of: int, max_players: int | None, deck_format: str | None) -> dict[str, Any]:
    """Return the options of a new tournament, or refuse what cannot be run."""
    if kind not in GAMES or kind in NOT_PLAYED:
        raise TournamentRefused("There is no tournament of {kind}.", kind=repr(kind))
    fmt = FORMAT_ALIASES.get(fmt, fmt)
    if fmt not in tm.FORMATS:
        raise TournamentRefused("The format must be single elimination, Swiss or round robin.")
    pod = is_pod(kind)
    if pod and fmt != tm.SWISS:
        raise TournamentRefused("{game} tournaments seat pods of 3–4 and are played as Swiss only.", game=title(kind))
    if best_of not in (1, 3, 5):
        raise TournamentRefused("A match is a best of 1, 3 or 5 games.")
    cap = MAX_PLAYERS if max_players is None else int(max_players)
    least = 3 if pod else 2
    if not least <= cap <= MAX_PLAYERS:
        raise TournamentRefused("The most players must be between {least} and {most}.", least=least, most=MAX_PLAYERS)
    if deck_format is not None:
        if kind not in lobby_decks.BUILT_KINDS:
            raise TournamentRefused("{game} is not played with built decks.", game=title(kind))
        if deck_format not in DECK_FORMATS:
            raise TournamentRefused("The deck format must be standard, epic or draft.")
    return {"fmt": fmt, "best_of": best_of, "max_players": cap, "deck_format": deck_format, "pod": pod}


def checked_hours(hours: Any) -> int | None:
    """Return the hours per move of a tournament's games (``None``: no deadline), or refuse a span out of range."""
    if hours is None:
        return None
    if isinstance(hours, bool) or not isinstance(hours, int) or not 1 <= hours <= MAX_DEADLINE_HOURS:
        raise TournamentRefused("The deadline must be between 1 and {most} hours, or none.", most=MAX_DEADLINE_HOURS)
    return hours


def min_players(row: TournamentRow) -> int:
    """Return how many players must join before the start (3 for pods, else 2)."""
    return 3 if row.options.get("pod") else 2


async def joining_deck(tables: TableService, row: TournamentRow, user_id: int,
                       deck_name: str | None) -> dict[str, Any] | None:
    """Return the deck a member signs up with (``None`` without built decks): one of theirs, valid in this
    server now (the lobby's checks) and of the tournament's format; its contents are kept for every game."""
    fmt = row.options.get("deck_format")
    if fmt is None:
        if deck_name:
            raise TournamentRefused("This tournament is played without built decks: join without a deck.")
        return None
    if fmt == "draft":
        if deck_name:
            raise TournamentRefused("This tournament drafts its decks: join without a deck.")
        return None
    if not deck_name:
        raise TournamentRefused(_NAME_A_DECK[fmt])
    try:
        deck = await lobby_decks.checked_deck(tables, row.guild_id, user_id, deck_name)
    except errors.LobbyError as exc:
        raise TournamentRefused(exc.template, **exc.fields) from None
    if deck["format"] != fmt:
        raise TournamentRefused(_OTHER_FORMAT[fmt], name=deck["name"])
    return {"name": deck["name"], "format": deck["format"], "leaders": list(deck["leaders"]),
            "heroes": list(deck["heroes"])}


async def first_seeding(tables: TableService, row: TournamentRow) -> list[int] | None:
    """Return the seeding of a rated single elimination (user ids, best first: members' current ratings on the
    game's board, unrated members at the newcomer's 1500, ties in a random order from the tournament's seed), or
    ``None`` (random seeding by the rules) when it is unrated, of another format, or nobody has a rating yet."""
    if not row.options.get("rated") or row.options.get("fmt") != tm.SINGLE_ELIM:
        return None
    from bot.rating_math import board_of

    board = board_of(row.kind, {"game": row.options.get("game") or {}})
    players = sorted(s.user_id for s in tm.standings(row.state))
    if board is None:
        return None
    ratings: dict[int, int] = {}
    for user_id in players:
        for entry in await tables.ratings.member(row.guild_id, user_id):
            if entry.board == board:
                ratings[user_id] = entry.rating
    if not ratings:
        return None
    rng = random.Random(row.options.get("seed", row.id))
    ties = {user_id: rng.random() for user_id in players}
    return sorted(players, key=lambda u: (-ratings.get(u, 1500), ties[u]))
