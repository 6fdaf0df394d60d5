"""The top band of a team board (Team Cross Duel, King): title and status pill, mode and match, the result, round,
wave and first player, each team's points and the goal, a restart Ceasefire and the Trap "Waiting" line."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_, SOURCE, t, tn
from rendering.pixel_tactics import team_words as tw
from rendering.pixel_tactics.style import CEASE_FILL, PX, TRAP, Names, View, seat_name
from rendering.pixel_tactics.words import CEASEFIRE, match_words, round_words, turn_status, waiting_words
from rendering.theme import ACCENT, BG, INK, MUTED, SURFACE, TEXT, Canvas
from rendering.tiles import fit as fit_text
from rendering.tiles import width_of as text_width
from rendering.tiles import wrap as wrap_text

W = 800
M = 12
LINE_H = 34
#: team index -> its colour (blue, orange; ink text on both). Colour is never alone: each header says "Team 1"/"Team 2" and
#: each team has its own row
TEAM_FILL = (CEASE_FILL, TRAP)
N_STILL_PICKING = N_("Leaders are picked in secret; still picking: {names}")


def _fitted_names(names: list[str], room: float) -> list[str]:
    """``names`` shortened to share ``room`` (their ``, `` included): a name that fits its share stays whole and
    leaves the rest to the longer ones."""
    comma = text_width(", ", PX, True)
    widths = {n: text_width(n, PX, True) + comma for n in names}
    left, share, longer = room, room / max(1, len(names)), list(names)
    while longer:
        short = [n for n in longer if widths[n] <= share]
        if not short:
            break
        left -= sum(widths[n] for n in short)
        longer = [n for n in longer if n not in short]
        share = left / max(1, len(longer))
    return [n if n not in longer else fit_text(n, PX, share - comma, True) for n in names]


def _band_lines(view: View, names: Names, lang: str = SOURCE) -> list[tuple[str, str]]:
    """The band's banners: (kind, text) of a restart Ceasefire, round 1's Ceasefire and the Trap Waiting line."""
    lines = []
    restart = tw.ceasefire_words(view, names, seat_name, lang)
    if restart and view.get("phase") in ("turn", "trap"):
        lines.append(("ceasefire", restart))
    elif view.get("ceasefire") and view.get("phase") in ("turn", "trap"):
        lines.append(("ceasefire", t(lang, CEASEFIRE)))
    waiting = waiting_words(view, lambda s: seat_name(names, s), lang)
    if waiting:
        lines.append(("waiting", waiting))
    return lines


def _wrapped(kind: str, text: str) -> list[str]:
    return wrap_text(text, PX, W - 2 * M - 40, bold=kind == "waiting", max_lines=2)


def band_height(view: View, names: Names, lang: str = SOURCE) -> int:
    """Height of the top band (title, result, round, team points, goal, banners)."""
    h = 60 + 44 + (76 if view.get("phase") == "finished" else 0) + 54 + 54 + 40
    return h + sum(len(_wrapped(k, line)) * LINE_H + 22 for k, line in _band_lines(view, names, lang))


def draw_band(cv: Canvas, view: View, names: Names, lang: str = SOURCE) -> None:
    """Title and status pill, mode and match, result, round and first player, team points, goal, banners."""
    y = M
    cv.text(M, y + 22, "Pixel Tactics", 36, TEXT, BG, bold=True)
    name, rest = turn_status(view, lambda s: seat_name(names, s), lang)
    pill_max = W - 2 * M - text_width("Pixel Tactics", 36, True) - 30
    pill = fit_text(name, 28, pill_max - 32 - text_width(rest, 28, True), True) + rest if name else rest
    pw = text_width(pill, 28, True) + 32
    cv.rect((W - M - pw, y, W - M, y + 44), ACCENT, radius=22)
    cv.text(W - M - pw / 2, y + 23, pill, 28, INK, ACCENT, bold=True, anchor="mm")
    y += 60
    cv.text(M, y + 15, f"{tw.title(view, lang)} · {match_words(view, lang)}", PX, MUTED, BG, max_width=W - 2 * M)
    y += 44
    if view.get("phase") == "finished":
        head, detail = result_words(view, names, seat_name, lang)
        cv.rect((M, y, W - M, y + 66), ACCENT, radius=14)
        cv.crown(M + 14, y + 15, 36, INK)
        cv.text(M + 62, y + 20, head, 28, INK, ACCENT, bold=True, max_width=W - 2 * M - 76)
        cv.text(M + 62, y + 49, detail, PX, INK, ACCENT, max_width=W - 2 * M - 76)
        y += 76
    text = round_words(view, lang)
    first = tw.acting(view) is not None and view.get("first")
    if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < tw.seat_count(view):
        room = W - 2 * M - 36 - text_width(f"{text} · " + t(lang, "{name} first", name=""), PX, True)
        text += " · " + t(lang, "{name} first", name=fit_text(seat_name(names, first), PX, room, True))  # the name gives way
    if view.get("phase") == "leader":
        picking = [seat_name(names, s) for s in range(tw.seat_count(view)) if not tw.player(view, s).get("leader_chosen")]
        sentence = N_STILL_PICKING
        room = W - 2 * M - 68 - text_width(t(lang, sentence, names=""), PX, True)
        fitted = _fitted_names(picking, room)  # the names give way, not the sentence
        text = (t(lang, sentence, names=", ".join(fitted)) if picking
                else t(lang, "Leaders are picked in secret"))
        if any(n.endswith("…") and len(n) < 4 for n in fitted):  # no room for the names (King's six seats)
            text = tn(lang, "Leaders are picked in secret; {n} still picking",
                      "Leaders are picked in secret; {n} still picking", len(picking))
    if text:
        w = min(W - 2 * M, text_width(text, PX, True) + 36)
        cv.rect((W / 2 - w / 2, y, W / 2 + w / 2, y + 40), SURFACE, radius=20)
        cv.text(W / 2, y + 21, text, PX, TEXT, SURFACE, bold=True, anchor="mm", max_width=w - 32)
    y += 54
    half = (W - 2 * M - 10) / 2
    for team in (0, 1):
        x = M + team * (half + 10)
        fill = TEAM_FILL[team]
        cv.rect((x, y, x + half, y + 40), fill, radius=12)
        cv.text(x + half / 2, y + 21, tw.points_words(view, team, lang), PX, INK, fill, bold=True, anchor="mm",
                max_width=half - 24)
    y += 54
    cv.text(W / 2, y + 13, tw.goal_words(view, lang), PX, MUTED, BG, anchor="mm", max_width=W - 2 * M)
    y += 40
    for kind, line in _band_lines(view, names, lang):
        wrapped = _wrapped(kind, line)
        bh = len(wrapped) * LINE_H + 12
        fill = CEASE_FILL if kind == "ceasefire" else ACCENT
        cv.rect((M + 10, y, W - M - 10, y + bh), fill, radius=12)
        for k, part in enumerate(wrapped):
            cv.text(W / 2, y + 6 + LINE_H * k + LINE_H / 2, part, PX, INK, fill, bold=kind == "waiting", anchor="mm")
        y += bh + 10


def result_words(view: View, names: Names, name: Any = seat_name, lang: str = SOURCE) -> tuple[str, str]:
    """(headline, detail) of a finished team game: ``Team 1 wins`` and its players (and the points in Team Cross
    Duel), or ``Draw``."""
    result = view.get("result") if isinstance(view.get("result"), dict) else {}
    n = tw.seat_count(view)
    winners = [s for s in result.get("winners") or [] if isinstance(s, int) and 0 <= s < n]
    score = t(lang, "points {a}–{b}", a=tw.points(view, 0), b=tw.points(view, 1)) if tw.kind(view) == "team" else ""
    if not winners or len(winners) == n:
        return t(lang, "Draw"), score
    team = tw.team_of(view, winners[0])
    who = ", ".join(name(names, s) for s in tw.members(view, team))
    return t(lang, "Team {n} wins", n=team + 1), who + (f" · {score}" if score else "")
