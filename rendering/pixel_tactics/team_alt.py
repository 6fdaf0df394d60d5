"""The alt text of a team board (Team Cross Duel, King; ≤ 1,000 characters): mode, round and wave, whose turn,
team points and goal, what the acting seat may attack, then one short line per Unit. Only public fields are
read: hands, face-down Traps and face-down cards are never named."""

from __future__ import annotations

from typing import Any

from rendering.describe_text import fit
from rendering.pixel_tactics import team_words as tw
from rendering.pixel_tactics.style import SLOTS, Names, View, alt_name, as_int
from rendering.pixel_tactics.team_band import result_words
from rendering.pixel_tactics.words import CEASEFIRE, actions_words, match_words, round_words, turn_status

ALT_MAX = 1000


def _plain(text: Any, limit: int) -> str:
    out = " ".join("".join(ch if ch.isprintable() else " " for ch in str(text or "")).split())
    return out if len(out) <= limit else out[: limit - 1].rstrip() + "…"


def _space(slot: dict, limit: int, over: bool) -> str:
    """``Rageborn 4/4, 2 damage`` / ``corpse`` / ``face down``."""
    if slot.get("kind") == "corpse":
        return "corpse"
    card = slot.get("card")
    if not isinstance(card, dict):
        return "face down"
    chase = slot.get("chase") if isinstance(slot.get("chase"), dict) else None
    name = _plain((chase or card).get("name") or "card", limit) + " " if limit else ""
    words = f"{name}{as_int(slot.get('attack'))}/{as_int(slot.get('life'))}"
    damage = as_int(slot.get("damage"))
    if damage:
        lethal = damage >= as_int(slot.get("life")) and not over
        words += f", {damage} damage" + (" (falls)" if lethal else "")
    return words


def _owner(view: View, names: Names, seat: int, slot: dict, level: int) -> str:
    """`` (Cyd's)`` for an ally's card standing in ``seat``'s Unit (named at the two most detailed levels)."""
    owner = tw.owner_of(slot, tw.seat_count(view))
    if level > 1 or owner is None or owner == seat or slot.get("kind") == "corpse":
        return ""
    return f" ({alt_name(names, owner, 12)}'s)"


def _unit_line(view: View, names: Names, seat: int, level: int) -> str:
    """One Unit: ``Ada (Team 1, King, in reach): hand 4/5, deck 14, Leaders lost 1; Leader …; V0 …``."""
    p = tw.player(view, seat)
    tags = [tw.team_label(view, seat).replace(" · ", ", ")]
    standing = tw.standing(view, seat)
    if standing:
        tags.append(standing.lower() if standing != "Long Action (2)" else "in reach by a Long Action (2 actions)")
    head = f"{alt_name(names, seat, 32 if level < 3 else 12)} ({', '.join(tags)})"  # whole: the image may shorten
    if tw.eliminated(view, seat):
        return head + "."
    lost = tw.defeats(view, seat)
    head += f": hand {as_int(p.get('hand'))}/{as_int(p.get('hand_size'), 5)}, deck {as_int(p.get('deck'))}"
    if lost:
        gone = tw.set_aside_names(view, seat)
        head += f", Leaders lost {lost}" + (f" ({', '.join(_plain(n, 20) for n in gone)})" if gone and level < 3 else "")
    unit = p.get("unit") if isinstance(p.get("unit"), dict) else {}
    over = view.get("phase") == "finished"
    leader = unit.get("L")
    if isinstance(leader, dict) and isinstance(leader.get("card"), dict) and not leader.get("hidden"):
        parts = ["Leader " + _space(leader, 24, over)]
    else:  # a secret pick (face down even in its owner's view) or none yet
        parts = ["Leader chosen, hidden" if p.get("leader_chosen") else "choosing a Leader"]
    others = [(code, unit.get(code)) for code in SLOTS if code != "L" and isinstance(unit.get(code), dict)]
    reserve = [e for e in (p.get("reserve") if isinstance(p.get("reserve"), list) else [])[:3] if isinstance(e, dict)]
    traps = sum(1 for e in reserve if e.get("kind") == "trap")
    ops = [e for e in reserve if e.get("kind") != "trap"]
    if level < 3:
        parts += [f"{code} {_space(slot, (24, 10, 0)[level], over)}{_owner(view, names, seat, slot, level)}"
                  for code, slot in others]
        parts += [f"Operation {_plain((e.get('card') or {}).get('name') if isinstance(e.get('card'), dict) else '', 18)}"
                  f" ×{as_int(e.get('timers'))}".replace("Operation  ", "Operation ") for e in ops]
    else:
        heroes = sum(1 for _, s in others if s.get("kind") != "corpse")
        counts = [f"{heroes} Hero{'' if heroes == 1 else 'es'}"] if level == 3 else []
        corpses = len(others) - heroes
        if corpses and level == 3:
            counts.append(f"{corpses} corpse{'' if corpses == 1 else 's'}")
        if ops and level == 3:
            counts.append(f"{len(ops)} Operation{'' if len(ops) == 1 else 's'}")
        parts += counts
    if traps and level < 4:
        parts.append(f"{traps} face-down Trap{'' if traps == 1 else 's'}")
    return f"{head}; " + "; ".join(parts) + "."


def _intro(view: View, names: Names) -> list[str]:
    """Mode and match, round and first player, whose turn, team points and goal, banners."""
    intro = [f"Pixel Tactics, {tw.TITLES[tw.kind(view)]}, {match_words(view).replace(' · ', ', ')}."]
    rnd = round_words(view).replace(" · ", ", ")
    first = view.get("first")
    if rnd and tw.acting(view) is not None and isinstance(first, int) and 0 <= first < tw.seat_count(view):
        rnd += f", {alt_name(names, first)} first"
    if rnd:
        intro.append(rnd + ".")
    turn = tw.acting(view)
    if view.get("phase") == "finished":
        head, detail = result_words(view, names, alt_name)
        intro.append(f"Game over: {head}" + (f" ({detail})." if detail else "."))
    elif view.get("phase") == "turn" and turn is not None:
        intro.append(f"{alt_name(names, turn)}'s turn, {actions_words(as_int(view.get('actions_left')))}.")
    else:
        name, rest = turn_status(view, lambda s: alt_name(names, s))
        intro.append(f"{name}{rest}.")
    teams = [f"Team {t + 1} ({', '.join(alt_name(names, s, 16) for s in tw.members(view, t))}) "
             + tw.points_words(view, t).split(" · ", 1)[1] for t in (0, 1)]
    intro.append("; ".join(teams) + (f". {tw.goal_words(view)}." if tw.goal_words(view) else "."))
    restart = tw.ceasefire_words(view, names, alt_name)
    if restart and view.get("phase") in ("turn", "trap"):
        intro.append(restart + ".")
    elif view.get("ceasefire") and view.get("phase") in ("turn", "trap"):
        intro.append(CEASEFIRE + ".")
    if isinstance(view.get("waiting"), str) and view["waiting"].strip():
        intro.append(_plain(view["waiting"], 200))
    return intro


def alt_team_board(view: View, names: Names = None) -> str:
    """Plain-text summary of a team board image (≤ 1,000 characters; shortened ones point at /game describe)."""
    intro = _intro(view, names)
    order = [s for row in tw.rows(view) for s in row]
    return fit((" ".join(intro + [_unit_line(view, names, s, level) for s in order]) for level in range(5)), ALT_MAX)


def team_sentences(view: View, names: Names = None) -> list[str]:
    """A team board in sentences at full detail: the intro, then each seat's line."""
    return _intro(view, names) + [_unit_line(view, names, s, 0) for row in tw.rows(view) for s in row]
