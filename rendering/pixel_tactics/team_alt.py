"""The alt text of a team board (Team Cross Duel, King; ≤ 1,000 characters): mode, round and wave, whose turn,
team points and goal, what the acting seat may attack, then one short line per Unit. Only public fields are
read: hands, face-down Traps and face-down cards are never named."""

from __future__ import annotations

from typing import Any

from bot.games.pixel_tactics.events import position
from bot.i18n import N_, SOURCE, t, tn
from rendering.describe_text import fit
from rendering.pixel_tactics import team_words as tw
from rendering.pixel_tactics.style import SLOTS, Names, View, alt_name, as_int
from rendering.pixel_tactics.team_band import result_words
from rendering.pixel_tactics.words import (
    CEASEFIRE,
    actions_words,
    match_words,
    round_words,
    turn_status,
    waiting_words,
)

ALT_MAX = 1000


def _plain(text: Any, limit: int) -> str:
    out = " ".join("".join(ch if ch.isprintable() else " " for ch in str(text or "")).split())
    return out if len(out) <= limit else out[: limit - 1].rstrip() + "…"


def _space(slot: dict, limit: int, over: bool, lang: str = SOURCE) -> str:
    """``Rageborn 4/4, 2 damage`` / ``corpse`` / ``face down``."""
    if slot.get("kind") == "corpse":
        return t(lang, "corpse")
    card = slot.get("card")
    if not isinstance(card, dict):
        return t(lang, "face down")
    chase = slot.get("chase") if isinstance(slot.get("chase"), dict) else None
    name = _plain((chase or card).get("name") or t(lang, "card"), limit) + " " if limit else ""
    words = f"{name}{as_int(slot.get('attack'))}/{as_int(slot.get('life'))}"
    damage = as_int(slot.get("damage"))
    if damage:
        lethal = damage >= as_int(slot.get("life")) and not over
        words += ", " + (t(lang, "{n} damage (falls)", n=damage) if lethal else t(lang, "{n} damage", n=damage))
    return words


def _owner(view: View, names: Names, seat: int, slot: dict, level: int, lang: str = SOURCE) -> str:
    """`` (Cyd's)`` for an ally's card standing in ``seat``'s Unit (named at the two most detailed levels)."""
    owner = tw.owner_of(slot, tw.seat_count(view))
    if level > 1 or owner is None or owner == seat or slot.get("kind") == "corpse":
        return ""
    return " " + t(lang, "({name}'s)", name=alt_name(names, owner, 12))


def _at(code: str, words: str, lang: str) -> str:
    """A space's words led by its code (``V0 Rageborn 4/4``; another language: by its name)."""
    if lang == SOURCE:
        return f"{code} {words}"
    return t(lang, "{space}: {unit}", space=position(code), unit=words)


ALT_TAGS = {"Acting": N_("acting"), "Ally": N_("ally"), "In reach": N_("in reach"),
            "Long Action (2)": N_("in reach by a Long Action (2 actions)"), "Out of reach": N_("out of reach"),
            "Eliminated": N_("eliminated")}


def _unit_line(view: View, names: Names, seat: int, level: int, lang: str = SOURCE) -> str:
    """One Unit: ``Ada (Team 1, King, in reach): hand 4/5, deck 14, Leaders lost 1; Leader …; V0 …``."""
    p = tw.player(view, seat)
    tags = [tw.team_label(view, seat, lang).replace(" · ", ", ")]
    standing = tw.standing(view, seat)
    if standing:
        tags.append(t(lang, ALT_TAGS[standing]))
    head = f"{alt_name(names, seat, 32 if level < 3 else 12)} ({', '.join(tags)})"  # whole: the image may shorten
    if tw.eliminated(view, seat):
        return head + "."
    lost = tw.defeats(view, seat)
    head += ": " + t(lang, "hand {hand}/{size}, deck {deck}", hand=as_int(p.get("hand")),
                     size=as_int(p.get("hand_size"), 5), deck=as_int(p.get("deck")))
    if lost:
        gone = tw.set_aside_names(view, seat)
        head += ", " + t(lang, "Leaders lost {n}", n=lost) + (
            f" ({', '.join(_plain(n, 20) for n in gone)})" if gone and level < 3 else "")
    unit = p.get("unit") if isinstance(p.get("unit"), dict) else {}
    over = view.get("phase") == "finished"
    leader = unit.get("L")
    if isinstance(leader, dict) and isinstance(leader.get("card"), dict) and not leader.get("hidden"):
        parts = [t(lang, "Leader {unit}", unit=_space(leader, 24, over, lang))]
    else:  # a secret pick (face down even in its owner's view) or none yet
        parts = [t(lang, "Leader chosen, hidden") if p.get("leader_chosen") else t(lang, "choosing a Leader")]
    others = [(code, unit.get(code)) for code in SLOTS if code != "L" and isinstance(unit.get(code), dict)]
    reserve = [e for e in (p.get("reserve") if isinstance(p.get("reserve"), list) else [])[:3] if isinstance(e, dict)]
    traps = sum(1 for e in reserve if e.get("kind") == "trap")
    ops = [e for e in reserve if e.get("kind") != "trap"]
    if level < 3:
        parts += [_at(code, _space(slot, (24, 10, 0)[level], over, lang) + _owner(view, names, seat, slot, level, lang),
                      lang) for code, slot in others]
        parts += [t(lang, "Operation {card} ×{n}", card=_plain((e.get("card") or {}).get("name")
                                                              if isinstance(e.get("card"), dict) else "", 18),
                    n=as_int(e.get("timers"))).replace("  ", " ") for e in ops]
    else:
        heroes = sum(1 for _, s in others if s.get("kind") != "corpse")
        counts = [tn(lang, "{n} Hero", "{n} Heroes", heroes, n=heroes)] if level == 3 else []
        corpses = len(others) - heroes
        if corpses and level == 3:
            counts.append(tn(lang, "{n} corpse", "{n} corpses", corpses, n=corpses))
        if ops and level == 3:
            counts.append(tn(lang, "{n} Operation", "{n} Operations", len(ops), n=len(ops)))
        parts += counts
    if traps and level < 4:
        parts.append(tn(lang, "{n} face-down Trap", "{n} face-down Traps", traps, n=traps))
    return f"{head}; " + "; ".join(parts) + "."


def _intro(view: View, names: Names, lang: str = SOURCE) -> list[str]:
    """Mode and match, round and first player, whose turn, team points and goal, banners."""
    intro = [f"Pixel Tactics, {tw.title(view, lang)}, {match_words(view, lang).replace(' · ', ', ')}."]
    rnd = round_words(view, lang).replace(" · ", ", ")
    first = view.get("first")
    if rnd and tw.acting(view) is not None and isinstance(first, int) and 0 <= first < tw.seat_count(view):
        rnd += ", " + t(lang, "{name} first", name=alt_name(names, first))
    if rnd:
        intro.append(rnd + ".")
    turn = tw.acting(view)
    if view.get("phase") == "finished":
        head, detail = result_words(view, names, alt_name, lang)
        intro.append(t(lang, "Game over: {result} ({detail}).", result=head, detail=detail) if detail else
                     t(lang, "Game over: {result}.", result=head))
    elif view.get("phase") == "turn" and turn is not None:
        intro.append(t(lang, "{name}'s turn, {left}.", name=alt_name(names, turn),
                       left=actions_words(as_int(view.get("actions_left")), lang)))
    else:
        name, rest = turn_status(view, lambda s: alt_name(names, s), lang)
        intro.append(f"{name}{rest}.")
    teams = [t(lang, "Team {n} ({names}) {score}", n=k + 1, score=tw.score_words(view, k, lang),
               names=", ".join(alt_name(names, s, 16) for s in tw.members(view, k))) for k in (0, 1)]
    goal = tw.goal_words(view, lang)
    intro.append("; ".join(teams) + (f". {goal}." if goal else "."))
    restart = tw.ceasefire_words(view, names, alt_name, lang)
    if restart and view.get("phase") in ("turn", "trap"):
        intro.append(restart + ".")
    elif view.get("ceasefire") and view.get("phase") in ("turn", "trap"):
        intro.append(t(lang, CEASEFIRE) + ".")
    waiting = waiting_words(view, lambda s: alt_name(names, s), lang)
    if waiting:
        intro.append(_plain(waiting, 200))
    return intro


def alt_team_board(view: View, names: Names = None, lang: str = SOURCE) -> str:
    """Plain-text summary of a team board image (≤ 1,000 characters; shortened ones point at /game describe), in
    ``lang``."""
    intro = _intro(view, names, lang)
    order = [s for row in tw.rows(view) for s in row]
    return fit((" ".join(intro + [_unit_line(view, names, s, level, lang) for s in order]) for level in range(5)),
               ALT_MAX, lang)


def team_sentences(view: View, names: Names = None, lang: str = SOURCE) -> list[str]:
    """A team board in sentences at full detail: the intro, then each seat's line."""
    return _intro(view, names, lang) + [_unit_line(view, names, s, 0, lang) for row in tw.rows(view) for s in row]
