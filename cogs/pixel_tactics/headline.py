"""The Pixel Tactics table post's headline (match, mode, round, wave, who is to act), in the server's language."""

from __future__ import annotations

from bot.games.pixel_tactics.events import window_event
from bot.games.pixel_tactics.modes import MODES as PT_MODES
from bot.i18n import N_, SOURCE, t, tn
from bot.tables import Table
from cogs.pixel_tactics import team_posts
from cogs.posts import esc

#: a wave in words, by its row
WAVES = {"V": N_("Vanguard wave"), "F": N_("Flank wave"), "R": N_("Rear wave")}


def waiting_line(table: Table, view: dict, lang: str = SOURCE) -> str:
    """The open Trap window's line (who may respond), in ``lang``; the view's own English when it is another
    mode's."""
    window = table.state.get("window")
    if window is not None and table.state.get("status") == "playing":
        return t(lang, "Waiting: {name} may respond.", name=esc(table.names(lang)[window["seat"]]))
    return esc(view.get("waiting") or t(lang, "Waiting for a response."))


def trap_prompt(table: Table, fallback: str | None, lang: str = SOURCE) -> str:
    """A Trap window's question to a player who may respond (what happened: activate a Trap?), in ``lang``, from
    the window's event (``fallback``, else a generic line, when it has none)."""
    event = window_event(table.state, [esc(n) for n in table.names(lang)])
    if event is None:
        return fallback or t(lang, "One of your Traps can answer now.")
    return t(lang, "{event}: activate a Trap?", event=t(lang, event[0], **event[1]))


def headline(table: Table, view: dict, mention: bool, lang: str = SOURCE) -> str:
    """The table post's headline and what each player is to do now."""
    names = table.names(lang)
    match = view.get("match") or {}
    trophies = match.get("trophies") or [0, 0]
    title = f"**{table.title}**"
    mode = view.get("mode")
    rnd = view.get("round")
    if team_posts.is_team(view):  # one game: the team points (Knights out) say how it stands
        head = t(lang, "{title} · {score} · round {n}", title=title, score=team_posts.score(view, lang), n=rnd)
    elif mode == "epic":  # one game: the Leaders left say how it stands
        left = (view.get("epic") or {}).get("leaders_left") or [0, 0]
        head = t(lang, "{title} · Epic Duel (Leaders left {a}–{b}) · round {n}", title=title, a=left[0], b=left[1],
                 n=rnd)
    else:
        head = t(lang, "{title} · game {game} (trophies {a}–{b}, first to {target}) · round {n}", title=title,
                 game=match.get("game", 1), a=trophies[0], b=trophies[1], target=match.get("target", 1), n=rnd)
        if mode in PT_MODES:
            head = t(lang, "{title} · {mode} · {rest}", title=title, mode=t(lang, PT_MODES[mode]),
                     rest=head.removeprefix(f"{title} · "))
    if view.get("phase") in ("turn", "trap"):
        wave = t(lang, WAVES[view["wave"]]) if view.get("wave") in WAVES else str(view.get("wave"))
        head += " · " + t(lang, "{wave} · {name} first", wave=wave, name=esc(names[view["first"]]))
    head += team_posts.restart_line(view, names, lang)
    if view.get("ceasefire") and (view.get("teams") or {}).get("ceasefire_seat") is None:
        head += " · 🕊️ " + t(lang, "Ceasefire (no Attacks, Spells, Orders or Operations; Traps only placed)")

    def who(seat: int) -> str:
        return f"<@{table.user_of(seat)}>" if mention else f"**{esc(names[seat])}**"
    phase = view.get("phase")
    label = t(lang, "Show my hand")
    if phase == "leader":
        waiting = ", ".join(who(p["seat"]) for p in view["players"] if not p.get("leader_chosen"))
        stack = bool(view.get("built"))
        if len(view["players"]) > 2:  # team modes: every seat at the start, a restarting seat alone later
            line = (t(lang, "Leaders are picked from their Leader stack in secret (by DM, or **{label}**) and "
                            "revealed together. Still choosing: {who}.", label=label, who=waiting) if stack else
                    t(lang, "Leaders are picked from their hand in secret (by DM, or **{label}**) and revealed "
                            "together. Still choosing: {who}.", label=label, who=waiting))
        else:
            line = (t(lang, "Each player picks a Leader from their Leader stack in secret (by DM, or **{label}**); "
                            "both are revealed together. Still choosing: {who}.", label=label, who=waiting) if stack
                    else t(lang, "Each player picks a Leader from their hand in secret (by DM, or **{label}**); both "
                                 "are revealed together. Still choosing: {who}.", label=label, who=waiting))
        return f"{head}\n{line}"
    if phase == "chase":
        waiting = ", ".join(who(p["seat"]) for p in view["players"] if not p.get("chase_chosen"))
        return head + "\n" + t(lang, "Each player may secretly swap in a Chase Leader for their Leader, or keep it; "
                                     "all are revealed together. Still choosing: {who}.", who=waiting)
    if phase == "trap":
        return f"{head}\n⏳ {waiting_line(table, view, lang)}"
    if phase == "draft" and (view.get("duel_draft") or {}).get("drafter") is not None:
        seat = view["duel_draft"]["drafter"]
        return head + "\n" + t(lang, "Opening draft: {who} makes a Draft Draw ({n} left): take the far card of the "
                                     "tableau, or pass over cards, one Gold on each. Then both players pick a Leader "
                                     "from their hand in secret.", who=who(seat), n=view["duel_draft"]["setup"][seat])
    if phase == "epic" and (view.get("epic") or {}).get("step"):
        step = view["epic"]["step"]
        if step.get("stage") == "pick":
            seats = step["seats"]
            if len(seats) == 1:
                line = t(lang, "A Leader fell: {who} chooses the next Leader in secret (by DM, or **{label}**).",
                         who=who(seats[0]), label=label)
            else:
                line = t(lang, "A Leader fell: {who} choose the next Leader in secret (by DM, or **{label}**).",
                         who=t(lang, "{a} and {b}", a=", ".join(who(s) for s in seats[:-1]), b=who(seats[-1])),
                         label=label)
            return f"{head}\n{line}"
        return head + "\n" + t(lang, "{who}: your new Leader is in play. Choose a boon with **{take}**: draw until 7 "
                                     "cards, recruit up to 3 times anywhere, or clear Corpses and rearrange.",
                               who=who(step["seat"]), take=t(lang, "Take an action"))
    if phase == "turn" and view.get("turn") is not None:
        left = view.get("actions_left", 0)
        line = (tn(lang, "{who}: your turn, {n} action left.", "{who}: your turn, {n} actions left.", left, who=who(view["turn"]), n=left))
        return head + "\n" + line + " " + t(lang, "**{take}** offers only legal choices; **{end}** passes the rest.",
                                            take=t(lang, "Take an action"), end=t(lang, "End turn"))
    return head
