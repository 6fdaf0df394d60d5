"""Engine options of a match: content version, Classic set, built decks, Promos, Chase Leaders (checked and
turned into what the state holds: instance ids of every seat's cards)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..base import N_, BadOptions, Phrase
from . import sets
from .modes import MODES, TEAM_MODES, seats_of
from .state import make_id

#: format -> (Leaders, fewest Heroes, most Heroes, copies of a card across both stacks)
FORMATS: dict[str, tuple[int, int, int, int]] = {"standard": (4, 25, 30, 1), "epic": (4, 60, 80, 3),
                                                  # a League game: the Leader chosen for it, 25 Heroes (bot/league)
                                                  "league": (1, 25, 25, 3)}
#: the fewest cards a Classic set needs (an opening hand)
CLASSIC_MIN = 5
KNOWN = ("trophies", "content", "set", "decks", "promos", "chase", "mode", "points")
#: Team Cross Duel's points targets: points -> (from one enemy, from each enemy)
POINTS: dict[int, tuple[int, int]] = {3: (3, 1), 5: (5, 2)}
#: team mode -> the refusal of a table of another size
TEAM_SEATS = {"team": N_("Team Cross Duel is played by 4 players (two teams of 2)."),
              "king": N_("King is played by 6 players (two teams of 3: a King and two Knights).")}
#: the refusals of a deck's size and copies, by format (a Standard deck, an Epic deck otherwise)
_LEADER_COUNT = {"standard": N_("Seat {seat}'s deck: a Standard deck needs exactly {leaders} Leaders, not {given}."),
                 "epic": N_("Seat {seat}'s deck: an Epic deck needs exactly {leaders} Leaders, not {given}.")}
_HERO_COUNT = {"standard": N_("Seat {seat}'s deck: a Standard deck needs {low} to {high} Heroes, not {given}."),
               "epic": N_("Seat {seat}'s deck: an Epic deck needs {low} to {high} Heroes, not {given}.")}
_COPIES = {"standard": N_("Seat {seat}'s deck: a Standard deck holds at most {copies} copies of a card across "
                          "both stacks."),
           "epic": N_("Seat {seat}'s deck: an Epic deck holds at most {copies} copies of a card across both "
                      "stacks.")}


def classic_keys(set_name: str, version: int) -> list[str]:
    """Return the card keys of a core set in a content version, in set order (version 1: the frozen core)."""
    if version == 1:
        from .sets.core_v1 import CARDS

        return [c["key"] for c in CARDS] if set_name == "core" else []
    return sets.set_keys(set_name)


def promo_keys(version: int) -> list[str]:
    """Return the keys of the shared Promo deck in a content version (version 1 had none)."""
    return [] if version == 1 else sets.set_keys("promo")


def chase_keys(version: int) -> list[str]:
    """Return the Chase Leaders a player may swap in (version 1 had none)."""
    return [] if version == 1 else [c["key"] for c in sets.CHASE]


def _known(key: Any, version: int) -> dict[str, Any] | None:
    """Return the definition of a playable card key in a content version, or None."""
    if not isinstance(key, str):
        return None
    try:
        return sets.card_def(key, version)
    except KeyError:
        return None


def _size(fmt: str) -> str:
    """Return the key of a format's size refusals: "standard", else "epic" (a League deck is told as Epic)."""
    return "standard" if fmt == "standard" else "epic"


def _deck_problem(deck: Any, version: int, seat: int) -> tuple[str, dict[str, Any]] | None:
    """Return the first rule a built deck breaks (shape, cards known in the content, formats) as a refusal
    template (its ``{seat}`` left to fill) and its other fields, or None."""
    if not isinstance(deck, dict) or set(deck) != {"format", "leaders", "heroes"}:
        return N_("Seat {seat}'s deck: a deck is {{\"format\", \"leaders\", \"heroes\"}}."), {}
    fmt, leaders, heroes = deck["format"], deck["leaders"], deck["heroes"]
    if fmt not in FORMATS:
        return N_("Seat {seat}'s deck: the format must be standard or epic."), {}
    if type(leaders) is not list or type(heroes) is not list:
        return N_("Seat {seat}'s deck: leaders and heroes must be lists of card keys."), {}
    unknown = [k for k in leaders + heroes if _known(k, version) is None]
    if unknown:
        return Phrase.counted("Seat {seat}'s deck: unknown card for content version {version}: {cards}.",
                              "Seat {seat}'s deck: unknown cards for content version {version}: {cards}.", len(unknown),
                              seat=seat + 1, version=version, cards=", ".join(map(str, unknown[:5]))), {}
    commons = [k for k in leaders if "leader" not in sets.card_def(k, version)]
    if commons:
        return (N_("Seat {seat}'s deck: Commons have no Leader side, so they cannot be Leaders: {cards}."),
                {"cards": ", ".join(commons)})
    n_leaders, low, high, copies = FORMATS[fmt]
    if len(leaders) != n_leaders:
        return _LEADER_COUNT[_size(fmt)], {"leaders": n_leaders, "given": len(leaders)}
    if not low <= len(heroes) <= high:
        return _HERO_COUNT[_size(fmt)], {"low": low, "high": high, "given": len(heroes)}
    counts = Counter(leaders + heroes)
    if copies == 1 and (len(set(leaders)) < len(leaders) or len(set(heroes)) < len(heroes)
                        or set(leaders) & set(heroes)):
        return N_("Seat {seat}'s deck: a Standard deck holds one copy of each card, in one stack."), {}
    if max(counts.values()) > copies:
        return _COPIES[_size(fmt)], {"copies": copies}
    if version == sets.CURRENT and fmt != "league":  # a League pool is checked by bot/league
        try:
            from . import decks as rules
        except ImportError:  # pragma: no cover - the deck rules module is optional
            return None
        found = rules.problems({"format": fmt, "leaders": leaders, "heroes": heroes})
        if found:  # a Phrase: translated where the refusal is shown
            return N_("Seat {seat}'s deck: {problem}"), {"problem": found[0]}
    return None


def deck_ids(seat: int, deck: dict[str, Any], version: int) -> dict[str, Any]:
    """Return a deck with instance ids: copies of a key numbered across the Leader stack then the Heroes."""
    seen: Counter[str] = Counter()

    def ids(keys: list[str]) -> list[str]:
        out = []
        for key in keys:
            seen[key] += 1
            out.append(make_id(seat, key, version, seen[key]))
        return out

    return {"format": deck["format"], "leaders": ids(deck["leaders"]), "heroes": ids(deck["heroes"])}


def checked(num_players: int, options: dict[str, Any]) -> dict[str, Any]:
    """Return the match settings of checked options (``BadOptions`` with a clear reason otherwise):
    ``{"target", "content", "set", "decks" (instance ids or None), "promos", "chase", "mode"}``."""
    mode = options.get("mode", "classic")
    if not isinstance(mode, str) or mode not in MODES:
        raise BadOptions("mode must be one of: {modes}.", modes=", ".join(MODES))
    if num_players != seats_of(mode):
        raise BadOptions(TEAM_SEATS[mode] if mode in TEAM_MODES else "Pixel Tactics is played by 2 players.")
    if mode in TEAM_MODES:
        _team_refusals(mode, options)
    elif "points" in options:
        raise BadOptions("points is an option of Team Cross Duel only.")
    target = options.get("trophies", 1 if mode in TEAM_MODES else 2)
    if type(target) is not int or target not in (1, 2, 3):
        raise BadOptions("trophies must be 1, 2 or 3.")
    version = options.get("content", sets.CURRENT)
    if type(version) is not int or not 1 <= version <= sets.CURRENT:
        raise BadOptions("content must be a content version from 1 to {latest}.", latest=sets.CURRENT)
    flags = {}
    for name in ("promos", "chase"):
        value = options.get(name, False)
        if type(value) is not bool:
            raise BadOptions("{option} must be true or false.", option=name)
        flags[name] = value
    decks = options.get("decks")
    if decks is not None and "set" in options:
        raise BadOptions("Choose either built decks or a core set both players copy, not both.")
    set_name = options.get("set", "core")
    if set_name not in sets.SET_INFO or sets.SET_INFO[set_name][1] != "core":
        raise BadOptions("set must be one of the core sets: {sets}.",
                         sets=", ".join(k for k, (_t, kind) in sets.SET_INFO.items() if kind == "core"))
    built = None
    if decks is None:
        have = len(classic_keys(set_name, version))
        if have < CLASSIC_MIN:
            raise BadOptions("{set} has {have} cards in content version {version}: a Classic game needs at "
                             "least {least}.", set=sets.SET_INFO[set_name][0], have=have, version=version,
                             least=CLASSIC_MIN)
    else:
        if type(decks) is not list or len(decks) != num_players:
            raise BadOptions("decks must hold one deck per seat.")
        if target == 3:
            raise BadOptions("A built deck holds 4 Leaders and each decided game sets one aside: a match to 3 "
                             "trophies may need 5. Play to 1 or 2 trophies.")
        built = []
        for seat, deck in enumerate(decks):
            problem = _deck_problem(deck, version, seat)
            if problem is not None:
                raise BadOptions(problem[0], seat=seat + 1, **problem[1])
            built.append(deck_ids(seat, deck, version))
    if flags["promos"] and len(promo_keys(version)) < num_players:
        raise BadOptions("The Promo deck has too few cards for this content version: play without Promos.")
    if flags["chase"] and not chase_keys(version):
        raise BadOptions("There are no Chase Leaders in this content version: play without them.")
    got = {"target": target, "content": version, "set": set_name, "decks": built, **flags, "mode": mode}
    if mode == "team":
        got["points"] = _points(options, built)
    return got


def _team_refusals(mode: str, options: dict[str, Any]) -> None:
    """Refuse the options a team mode does not take (``BadOptions``): more than one game, Promos, Chase
    Leaders, League Bases, Epic decks, and ``points`` outside Team Cross Duel."""
    title = Phrase(MODES[mode])  # a mode's name (marked for the catalogue in modes/__init__.py), translated with it
    if options.get("trophies", 1) != 1:
        raise BadOptions("{mode} is one game, won by defeating Leaders: leave trophies out.", mode=title)
    if options.get("promos", False) is not False:
        raise BadOptions("{mode} is played without Promos.", mode=title)
    if options.get("chase", False) is not False:
        raise BadOptions("{mode} is played without Chase Leaders.", mode=title)
    if options.get("bases") is not None:
        raise BadOptions("{mode} is not a League game: it is played without Bases.", mode=title)
    if mode != "team" and "points" in options:
        raise BadOptions("points is an option of Team Cross Duel only.")
    decks = options.get("decks")
    if type(decks) is list and any(isinstance(d, dict) and d.get("format") == "epic" for d in decks):
        raise BadOptions("{mode} is played with core sets or Standard decks, not Epic decks.", mode=title)


def _points(options: dict[str, Any], built: list[dict[str, Any]] | None) -> int:
    """Return Team Cross Duel's points target (3: 3 from one enemy or 1 from each; 5: 5 or 2 each)."""
    points = options.get("points", 3)
    if type(points) is not int or points not in POINTS:
        raise BadOptions("points must be 3 (3 from one rival or 1 from each) or 5 (5 from one or 2 from each).")
    if points == 5 and built is not None:
        raise BadOptions("A built deck holds 4 Leaders and each lost Leader is set aside: a game to 5 points may "
                         "need 5. Play to 3 points.")
    return points
