"""Pixel Tactics alt texts for the board, hand and card images (≤ 1,000 characters, from the view only)."""

from __future__ import annotations

from typing import Any

from bot.games.pixel_tactics.events import position
from bot.i18n import N_, SOURCE, t, tn
from rendering.describe_text import fit
from rendering.pixel_tactics.cards import TACTIC_KINDS
from rendering.pixel_tactics.kinds import card_kind, kind_tag, points_words, set_title, snap_cost_words
from rendering.pixel_tactics.modes import alt_words, mode_title
from rendering.pixel_tactics.style import (
    SLOTS,
    Card,
    Names,
    View,
    alt_name,
    as_int,
    players,
    power_text,
    seat_of,
    side,
    status_counts,
)
from rendering.pixel_tactics.team_alt import alt_team_board, team_sentences
from rendering.pixel_tactics.words import (
    CEASEFIRE,
    actions_words,
    chip_word,
    match_words,
    result_words,
    round_words,
    trophies_of,
    turn_status,
    waiting_words,
)

ALT_MAX = 1000
#: the rows of a Hero's powers
ROW_WORDS = (N_("Vanguard"), N_("Flank"), N_("Rear"))
POLICY_WORDS = {"ask": N_("asks you"), "always": N_("always activates"), "never": N_("never activates")}
#: a unit's keywords in sentences
KEYWORDS = {"Ranged": N_("Ranged"), "Intercept": N_("Intercept"), "No Special Abilities": N_("No Special Abilities")}


def _plain(text: Any, limit: int = 0) -> str:
    """One line of card or view text (control characters dropped), shortened to ``limit`` when > 0."""
    out = " ".join("".join(ch if ch.isprintable() else " " for ch in str(text or "")).split())
    return out if not limit or len(out) <= limit else out[: limit - 1].rstrip() + "…"


def _name(card: Any, limit: int = 40, lang: str = SOURCE) -> str:
    return _plain(card.get("name"), limit) if isinstance(card, dict) and card.get("name") else t(lang, "unknown card")


def _clip(text: str) -> str:
    return text if len(text) <= ALT_MAX else text[: ALT_MAX - 1].rstrip() + "…"


def _kind(card: Any, lang: str = SOURCE) -> str:
    kind = _plain(side(card, "tactic").get("kind")).capitalize() or "Tactic"
    return t(lang, kind) if kind in TACTIC_KINDS else kind


def _at(code: str, words: str, lang: str) -> str:
    """A space's words led by its code (``V0 Iron Sentinel 4/6``; another language: by its name)."""
    if lang == SOURCE:
        return f"{code} {words}"
    return t(lang, "{space}: {unit}", space=position(code), unit=words)


# ---------------------------------------------------------------- board
def _slot_words(slot: dict, level: int, over: bool, lang: str = SOURCE) -> str:
    """``Iron Sentinel 4/6, 2 damage, Intercept, +1 Attack ×2`` (less detail at higher levels)."""
    if slot.get("kind") == "corpse":
        return (t(lang, "corpse of {card}", card=_name(slot.get("card"))) if isinstance(slot.get("card"), dict)
                else t(lang, "corpse"))
    if not isinstance(slot.get("card"), dict):
        return t(lang, "face down")
    chase = slot.get("chase") if isinstance(slot.get("chase"), dict) else None
    named = _name(chase or slot["card"], 40 if level < 2 else 18)
    if chase and level < 2:
        named = t(lang, "{card} (Chase)", card=named)
    words = [f"{named} {as_int(slot.get('attack'))}/{as_int(slot.get('life'))}"]
    damage = as_int(slot.get("damage"))
    if damage:
        lethal = damage >= as_int(slot.get("life"))
        words.append(t(lang, "{n} damage (falls)", n=damage) if lethal and not over else t(lang, "{n} damage", n=damage))
    if level < 3:
        counts = status_counts(slot.get("statuses"))
        keys = {s for s, _ in counts}
        for key, flag in (("Ranged", "ranged"), ("Intercept", "intercept"), ("No Special Abilities", "nsa")):
            if slot.get(flag) and key not in keys:
                words.append(t(lang, KEYWORDS[key]))
        words += [_plain(chip_word(s, lang), 30) + (f" ×{n}" if n > 1 else "") for s, n in counts]
        if level < 2 and not over:
            words += [t(lang, w) for w, on in ((N_("recruited this wave"), slot.get("fresh")),
                                               (N_("acted"), slot.get("acted"))) if on]
    return ", ".join(words)


def _unit_words(view: View, seat: int, names: Names, level: int, lang: str = SOURCE) -> str:
    ps = players(view)
    p = ps[seat] if seat < len(ps) else {}
    over = view.get("phase") == "finished"
    discard = p.get("discard")
    n_discard = len(discard) if isinstance(discard, list) else as_int(discard)
    head = t(lang, "{name}: hand {hand}/{size}, deck {deck}, discard {discard}",
             name=alt_name(names, seat, 32 if level < 2 else 16), hand=as_int(p.get("hand")),
             size=as_int(p.get("hand_size"), 5), deck=as_int(p.get("deck")), discard=n_discard)
    match = view.get("match") if isinstance(view.get("match"), dict) else {}
    if as_int(match.get("target")) > 1:
        head += ", " + t(lang, "trophies {n}", n=trophies_of(view, seat))
    base = p.get("base") if isinstance(p.get("base"), dict) else None
    if base is not None:
        named = str(base.get("name") or "")[:30]
        head += ", " + (t(lang, "Base {name} (snapped)", name=named) if base.get("snapped") else
                        t(lang, "Base {name}", name=named))
    unit = p.get("unit") if isinstance(p.get("unit"), dict) else {}
    parts = []
    leader = unit.get("L")
    if view.get("mode") == "siege":  # no Leader: the middle Flank space is a Hero's (F1)
        middle = unit.get("F1") or leader
        parts.append(_at("F1", _slot_words(middle, level, over, lang), lang) if isinstance(middle, dict)
                     else t(lang, "no Leader"))
    elif isinstance(leader, dict) and isinstance(leader.get("card"), dict):
        parts.append(t(lang, "Leader {unit}", unit=_slot_words(leader, min(level, 1), over, lang)))
    elif view.get("phase") == "leader":
        parts.append(t(lang, "Leader chosen, hidden") if p.get("leader_chosen") else t(lang, "Choosing a Leader"))
    else:
        parts.append(t(lang, "Leader hidden"))
    for code in SLOTS:
        slot = unit.get(code)
        if code != "L" and isinstance(slot, dict):
            parts.append(_at(code, _slot_words(slot, level, over, lang), lang))
    reserve = p.get("reserve") if isinstance(p.get("reserve"), list) else []
    for k, entry in enumerate(reserve[:3]):
        if not isinstance(entry, dict):
            continue
        if entry.get("kind") == "trap":
            parts.append(_at(f"X{k}", t(lang, "face-down Trap"), lang))
        else:
            parts.append(_at(f"X{k}", t(lang, "Operation {card}, {n} time markers",
                                        card=_name(entry.get("card"), 40 if level < 2 else 18),
                                        n=as_int(entry.get("timers"))), lang))
    empty = t(lang, "no Heroes") if len(parts) == 1 else ""
    return f"{head}. " + "; ".join(parts + ([empty] if empty else [])) + "."


def alt_board(view: View, names: Names = None, lang: str = SOURCE) -> str:
    """Plain-text summary of the board image (≤ 1,000 characters; shortened ones point at /game describe), in
    ``lang``."""
    if isinstance(view.get("teams"), dict):  # Team Cross Duel and King (rendering/pixel_tactics/team_alt.py)
        return alt_team_board(view, names, lang)
    intro = board_intro(view, names, lang)
    n = max(2, len(players(view)))
    return fit((" ".join(intro + [_unit_words(view, s, names, level, lang) for s in range(n)]) for level in range(4)),
               ALT_MAX, lang)


def board_sentences(view: View, names: Names = None, lang: str = SOURCE) -> list[str]:
    """The board in sentences at full detail: the intro, then each seat's Unit (teams: each seat's line)."""
    if isinstance(view.get("teams"), dict):
        return team_sentences(view, names, lang)
    n = max(2, len(players(view)))
    return board_intro(view, names, lang) + [_unit_words(view, s, names, 0, lang) for s in range(n)]


def board_intro(view: View, names: Names = None, lang: str = SOURCE) -> list[str]:
    """The board's first sentences: mode, match, round, whose turn, banners and a mode's public fields."""
    n = max(2, len(players(view)))
    title = mode_title(view, lang)
    intro = [f"Pixel Tactics{', ' + title if title else ''}, {match_words(view, lang).replace(' · ', ', ')}."]
    rnd = round_words(view, lang).replace(" · ", ", ")
    first = seat_of(view.get("first"), n)
    if rnd and view.get("phase") in ("turn", "trap", "between") and first is not None:
        rnd += ", " + t(lang, "{name} first", name=alt_name(names, first))
    if rnd:
        intro.append(rnd + ".")
    phase = view.get("phase")
    if phase == "finished":
        head, detail = result_words(view, lambda s: alt_name(names, s), lang)
        intro.append(t(lang, "Game over: {result} ({detail}).", result=head, detail=detail) if detail else
                     t(lang, "Game over: {result}.", result=head))
    elif phase == "turn" and seat_of(view.get("turn"), n) is not None:
        who = alt_name(names, view["turn"])
        intro.append(t(lang, "{name}'s turn, {left}.", name=who, left=actions_words(as_int(view.get("actions_left")), lang)))
    else:
        name, rest = turn_status(view, lambda s: alt_name(names, s), lang)
        intro.append(f"{name}{rest}.")
    if view.get("ceasefire") and phase in ("turn", "trap"):
        intro.append(t(lang, CEASEFIRE) + ".")
    waiting = waiting_words(view, lambda s: alt_name(names, s), lang)
    if waiting:
        intro.append(_plain(waiting, 200))
    if alt_words(view, names, lang):  # a mode's public fields: fortresses, the tableau, Leaders left
        intro.append(_plain(alt_words(view, names, lang), 400))
    return intro


# ---------------------------------------------------------------- hand
def alt_hand(view: View, names: Names = None, lang: str = SOURCE, part: int | None = None) -> str:
    """Plain-text summary of the private hand image (≤ 1,000 characters; shortened ones point at /game describe),
    in ``lang`` (card names and rule texts as printed); with ``part``, of that part of the image alone."""
    return fit((" ".join(hand_sentences(view, names, limit, lang, part)) for limit in (-1, 120, 60, 30, 0)), ALT_MAX,
               lang)


def hand_sentences(view: View, names: Names = None, limit: int = 0, lang: str = SOURCE,
                   part: int | None = None) -> list[str]:
    """The caller's hand, Leader, Leader stack and face-down Traps in sentences (card texts cut to ``limit``,
    none when 0; -1: whole); with ``part``, those the hand image's part ``part`` shows."""
    from rendering.pixel_tactics.hand import (
        hand_cards,
        hand_parts,
        leader_stack,
        own_leader,
        own_traps,
        part_cards,
    )

    n = max(2, len(players(view)))
    you = seat_of(view.get("you"), n)
    cards = hand_cards(view)
    many = tn(lang, "{n} card", "{n} cards", len(cards))
    head = (t(lang, "Your hand ({name}), {cards}", name=alt_name(names, you), cards=many) if you is not None else
            t(lang, "Your hand, {cards}", cards=many))
    parts = len(hand_parts(view, lang)) if part is not None else 1
    shown, shown_traps, with_leader = part_cards(view, part, lang) if part is not None else (cards, None, True)
    if parts > 1:
        head += t(lang, "; image {part} of {parts}", part=part + 1, parts=parts)
    leader = own_leader(view) if with_leader else None
    lead = t(lang, "Your Leader, secret until both reveal: {card}.", card=_name(leader)) if leader else ""

    limit = 10_000 if limit < 0 else limit

    def card_words(card: Card, limit: int) -> str:
        lside, hero = side(card, "leader"), side(card, "hero")
        out = (t(lang, "{card}: Leader {attack}/{life}", card=_name(card), attack=as_int(lside.get("attack")),
                 life=as_int(lside.get("life")))
               + (f" ({_plain(lside.get('text'), limit)})" if limit else "")
               + "; " + t(lang, "Hero {attack}/{life}", attack=as_int(hero.get("attack")), life=as_int(hero.get("life"))))
        if limit:
            out += "".join(f"; {t(lang, row)}: {_plain(power_text(card, row.lower()), limit).rstrip('.')}"
                           for row in ROW_WORDS if power_text(card, row.lower()))
        tactic = side(card, "tactic").get("text")
        return out + f"; {_kind(card, lang)}" + (f" ({_plain(tactic, limit)})" if limit and tactic else "")

    traps = own_traps(view) if shown_traps is None else shown_traps
    stack = leader_stack(view) if with_leader else []
    if stack:  # a Leader to pick from the Leader stack
        lead = (lead + " " if lead else "") + t(lang, "Your Leader stack: {cards}.", cards=", ".join(
            f"{_name(c)} {as_int(side(c, 'leader').get('attack'))}/{as_int(side(c, 'leader').get('life'))}"
            for c in stack))
    sentences = [head + (": " + ". ".join(card_words(c, limit) for c in shown) if shown else "") + ".", lead]
    if traps:
        sentences.append(t(lang, "Your face-down Traps: {traps}.", traps="; ".join(
            _at(f"X{k}", f"{_name(e.get('card'))}, {_policy(e.get('policy'), lang)}", lang)
            + (f" ({_plain(side(e.get('card'), 'tactic').get('text'), limit)})" if limit else "")
            for k, e in traps)))
    return [p for p in sentences if p]


def _policy(policy: Any, lang: str) -> str:
    """A placed Trap's policy in words (``asks you``)."""
    words = POLICY_WORDS.get(str(policy))
    return t(lang, words) if words else t(lang, "no policy")


# ---------------------------------------------------------------- card
def alt_card(card: Card, lang: str = SOURCE) -> str:
    """Plain-text description of one card image of any kind (≤ 1,000 characters), in ``lang`` (the card's name
    and rule texts as printed)."""
    card = card if isinstance(card, dict) else {}
    kind = card_kind(card)
    lside, hero, tactic = side(card, "leader"), side(card, "hero"), side(card, "tactic")
    title = set_title(card, lang)
    tag = kind_tag(card, lang)
    none = t(lang, "(none)")
    text = ""
    for limit in (0, 200, 120, 70, 40):
        name = _name(card, 80, lang)
        head = (t(lang, "Pixel Tactics card {card}, {set}", card=name, set=title) if title else
                t(lang, "Pixel Tactics card {card}", card=name))
        what = (tag[0] + (f", {points_words(card, lang)}" if kind == "base" else "")) if tag else ""
        parts = [head + (f" ({what})." if what else ".")]
        if kind == "base":
            for label, part in ((N_("Ongoing"), card.get("ongoing")), (N_("Snap"), card.get("snap"))):
                part = part if isinstance(part, dict) else {}
                cost = f" ({snap_cost_words(part, lang)})" if label == "Snap" else ""
                parts.append(f"{t(lang, label)}{cost}: {_plain(part.get('text'), limit) or none}.")
        if kind not in ("base", "common"):
            parts.append(t(lang, "Leader: Attack {attack}, Life {life}", attack=as_int(lside.get("attack")),
                           life=as_int(lside.get("life")))
                         + (f": {_plain(lside.get('text'), limit)}" if lside.get("text") else "") + ".")
        if kind not in ("base", "chase"):
            parts.append(t(lang, "Hero: Attack {attack}, Life {life}.", attack=as_int(hero.get("attack")),
                           life=as_int(hero.get("life"))))
            for row in ROW_WORDS:
                power = power_text(card, row.lower())
                parts.append(f"{t(lang, row)}: {_plain(power, limit) if power else none}.")
            parts.append(f"{_kind(card, lang)}: {_plain(tactic.get('text'), limit) or none}.")
        text = " ".join(parts).replace("..", ".").replace("….", "…")
        if len(text) <= ALT_MAX:
            return text
    return _clip(text)
