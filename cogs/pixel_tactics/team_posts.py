"""Pixel Tactics team modes in the game posts (issue #12): the headline's score (points, Knights out), the
restart's Ceasefire round, a fallen Leader or an eliminated Knight, and the team that wins."""

from __future__ import annotations

from bot.games.pixel_tactics.modes import MODES, TEAM_MODES
from cogs.posts import esc
from cogs.pt_labels import member_team, seat_name, team_in_view
from rendering.pixel_tactics.team_words import role, team_label


def is_team(view: dict) -> bool:
    """Return whether a public view is of a team mode (Team Cross Duel or King)."""
    return view.get("mode") in TEAM_MODES


def score(view: dict) -> str:
    """Return the headline's score of a team game, e.g. ``Team Cross Duel · points 1–0 (3 from one rival or 1 from
    each)`` or ``King · Knights out 0–1``."""
    teams = view.get("teams") or {}
    points = teams.get("points") or [0, 0]
    if view.get("mode") == "king":
        return f"King · Knights out {points[0]}–{points[1]}"
    goal = teams.get("goal") or {}
    wins = f" ({goal['one']} from one rival or {goal['each']} from each)" if goal.get("one") else ""
    return f"{MODES['team']} · points {points[0]}–{points[1]}{wins}"


def restart_line(view: dict, names: list[str]) -> str:
    """Return the headline's line for a seat playing its restart Ceasefire round alone, or ``""``."""
    seat = (view.get("teams") or {}).get("ceasefire_seat")
    if seat is None:
        return ""
    return (f" · 🕊️ {esc(member_team(view, seat, names))} restarts: a Ceasefire round alone (2 actions in each "
            "wave; no Attacks, Spells, Orders or Operations)")


def falls(before: dict, after: dict, names: list[str]) -> list[str]:
    """Return a sentence per seat whose Leader fell between two public views of a team game (Team Cross Duel: a
    point and a restart; King: a Knight eliminated), in seat order."""
    old, new = before.get("teams") or {}, after.get("teams") or {}
    lines = []
    for seat, lost in enumerate(new.get("defeats") or []):
        if lost <= ((old.get("defeats") or [])[seat:seat + 1] or [0])[0]:
            continue
        who = esc(member_team(after, seat, names))
        if after.get("mode") == "king":
            part = role(after, seat)
            who = esc(f"{seat_name(names, seat)} ({team_label(after, seat)})")
            lines.append(f"⚔️ **{who}**'s Leader falls: the King is defeated." if part == "King" else
                         f"⚔️ **{who}**'s Leader falls: the Knight is eliminated and its Unit leaves the table.")
        else:
            points = new.get("points") or [0, 0]
            lines.append(f"⚔️ **{who}**'s Leader falls: the other team scores (points {points[0]}–{points[1]}). "
                         f"{esc(names[seat]) if seat < len(names) else 'The seat'} restarts with a new Leader.")
    return lines


def winners_line(view: dict, mentions: list[str]) -> str:
    """Return the final post's headline of a team game: ``🏆 Team 2 wins the match: <@b> and <@d>!``, or the draw."""
    winners = (view.get("result") or {}).get("winners") or []
    if not winners or len({team_in_view(view, s) for s in winners}) != 1:
        return "The match ended in a draw."
    team = team_in_view(view, winners[0])
    who = ", ".join(mentions[s] for s in winners[:-1]) + f" and {mentions[winners[-1]]}" if len(winners) > 1 \
        else mentions[winners[0]]
    return f"🏆 Team {(team or 0) + 1} wins the match: {who}!"
