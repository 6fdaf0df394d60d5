"""Pixel Tactics team modes in the game posts (issue #12): the headline's score (points, Knights out), the
restart's Ceasefire round, a fallen Leader or an eliminated Knight, and the team that wins (in ``lang``, the
server's language)."""

from __future__ import annotations

from bot.games.pixel_tactics.modes import MODES, TEAM_MODES
from bot.i18n import N_, SOURCE, t
from cogs.pixel_tactics.labels import member_team, seat_name, team_in_view
from cogs.posts import esc
from rendering.pixel_tactics.team_words import role, team_of

#: King's roles in words
ROLES = {"King": N_("King"), "Knight": N_("Knight")}


def is_team(view: dict) -> bool:
    """Return whether a public view is of a team mode (Team Cross Duel or King)."""
    return view.get("mode") in TEAM_MODES


def score(view: dict, lang: str = SOURCE) -> str:
    """Return the headline's score of a team game, e.g. ``Team Cross Duel · points 1–0 (3 from one rival or 1 from
    each)`` or ``King · Knights out 0–1``."""
    teams = view.get("teams") or {}
    points = teams.get("points") or [0, 0]
    if view.get("mode") == "king":
        return t(lang, "King · Knights out {a}–{b}", a=points[0], b=points[1])
    goal = teams.get("goal") or {}
    if goal.get("one"):
        return t(lang, "{mode} · points {a}–{b} ({one} from one rival or {each} from each)",
                 mode=t(lang, MODES["team"]), a=points[0], b=points[1], one=goal["one"], each=goal["each"])
    return t(lang, "{mode} · points {a}–{b}", mode=t(lang, MODES["team"]), a=points[0], b=points[1])


def restart_line(view: dict, names: list[str], lang: str = SOURCE) -> str:
    """Return the headline's line for a seat playing its restart Ceasefire round alone, or ``""``."""
    seat = (view.get("teams") or {}).get("ceasefire_seat")
    if seat is None:
        return ""
    return " · 🕊️ " + t(lang, "{who} restarts: a Ceasefire round alone (2 actions in each wave; no Attacks, Spells, "
                              "Orders or Operations)", who=esc(member_team(view, seat, names, lang)))


def _team_role(view: dict, seat: int, lang: str) -> str:
    """``Team 1`` / ``Team 2 · Knight`` in ``lang``."""
    team = t(lang, "Team {n}", n=team_of(view, seat) + 1)
    part = role(view, seat)
    return f"{team} · {t(lang, ROLES[part])}" if part in ROLES else team


def falls(before: dict, after: dict, names: list[str], lang: str = SOURCE) -> list[str]:
    """Return a sentence per seat whose Leader fell between two public views of a team game (Team Cross Duel: a
    point and a restart; King: a Knight eliminated), in seat order."""
    old, new = before.get("teams") or {}, after.get("teams") or {}
    lines = []
    for seat, lost in enumerate(new.get("defeats") or []):
        if lost <= ((old.get("defeats") or [])[seat:seat + 1] or [0])[0]:
            continue
        who = esc(member_team(after, seat, names, lang))
        if after.get("mode") == "king":
            who = f"**{esc(seat_name(names, seat, lang))} ({_team_role(after, seat, lang)})**"
            lines.append("⚔️ " + (t(lang, "{who}'s Leader falls: the King is defeated.", who=who)
                                  if role(after, seat) == "King" else
                                  t(lang, "{who}'s Leader falls: the Knight is eliminated and its Unit leaves the "
                                          "table.", who=who)))
        else:
            points = new.get("points") or [0, 0]
            bold = f"**{who}**"
            lines.append("⚔️ " + t(lang, "{who}'s Leader falls: the other team scores (points {a}–{b}). {name} "
                                         "restarts with a new Leader.", who=bold, a=points[0], b=points[1],
                                   name=esc(seat_name(names, seat, lang))))
    return lines


def winners_line(view: dict, mentions: list[str], lang: str = SOURCE) -> str:
    """Return the final post's headline of a team game: ``🏆 Team 2 wins the match: <@b> and <@d>!``, or the draw."""
    winners = (view.get("result") or {}).get("winners") or []
    if not winners or len({team_in_view(view, s) for s in winners}) != 1:
        return t(lang, "The match ended in a draw.")
    team = team_in_view(view, winners[0])
    who = (t(lang, "{a} and {b}", a=", ".join(mentions[s] for s in winners[:-1]), b=mentions[winners[-1]])
           if len(winners) > 1 else mentions[winners[0]])
    return "🏆 " + t(lang, "Team {n} wins the match: {who}!", n=(team or 0) + 1, who=who)
