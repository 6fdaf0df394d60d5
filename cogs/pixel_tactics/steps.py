"""The Pixel Tactics action chooser's steps (**Take an action**): what to do → which card or Hero → which target,
in the member's language."""

from __future__ import annotations

from bot.games.base import Action
from bot.i18n import SOURCE, t
from cogs.guide import Step
from cogs.pixel_tactics.labels import (
    BOONS,
    POLICIES,
    action_name,
    card_name,
    card_of,
    draft_label,
    member_team,
    ref_label,
    slot_label,
    unit_label,
)


def guide_path(view: dict, seat: int, action: Action, names: list[str] | None = None,
               lang: str = SOURCE) -> list[Step]:
    """Return the chooser's steps to an action: what to do → which card or Hero → which target (→ in team modes,
    which rival it acts against); ``names`` (by seat) say whose Unit a target or slot is in team modes."""
    kind = action["type"]
    if kind in ("end", "leader", "chase", "activate", "decline"):
        return []
    steps = [Step(action_name(kind, lang), t(lang, "Choose an action"))]
    if kind in ("draft_draw", "gather"):  # Duel Draft: the tableau is public
        return steps + [Step(draft_label(view, action, lang), t(lang, "Choose a card of the tableau"))]
    if kind == "epic_boon":  # Epic Duel: a new Leader's boon
        boon = t(lang, BOONS[action["choice"]]) if action["choice"] in BOONS else action["choice"]
        return steps + [Step(boon, t(lang, "Choose a boon"))]
    if kind == "epic_done":
        return steps
    if kind == "promo_draw":
        steps.append(Step(card_name(card_of(view, action["card"]), lang), t(lang, "Choose the card to discard")))
    if kind in ("recruit", "order", "operation", "trap"):
        card = card_of(view, action["card"])
        steps.append(Step(card_name(card, lang), t(lang, "Choose a card from your hand"),
                          _tactic_hint(card) if kind != "recruit" else _hero_hint(card, lang)))
    if kind in ("attack", "spell"):
        steps.append(Step(slot_label(view, seat, action["by"], lang=lang), t(lang, "Choose who acts")))
    if kind == "recruit":
        steps.append(Step(slot_label(view, seat, action["slot"], empty=True, lang=lang),
                          t(lang, "Choose an empty slot")))
    if kind == "move":  # team modes: into or out of an ally's Unit (to_seat / from_seat)
        into = unit_label(view, seat, action.get("to_seat", seat), action["to"], names, empty=True, lang=lang)
        steps += [Step(unit_label(view, seat, action.get("from_seat", seat), action["from"], names, lang=lang),
                       t(lang, "Choose the Hero to move")),
                  Step(t(lang, "Into {space}", space=into) if "to_seat" in action else into,
                       t(lang, "Choose where it goes"))]
    if kind == "switch":
        steps += [Step(slot_label(view, seat, action["a"], lang=lang), t(lang, "Choose the first to switch")),
                  Step(slot_label(view, seat, action["b"], lang=lang), t(lang, "Choose the other"))]
    if kind == "clear_corpse":  # team modes: also in an ally's Unit (seat)
        steps.append(Step(unit_label(view, seat, action.get("seat", seat), action["slot"], names, lang=lang),
                          t(lang, "Choose the corpse")))
    if kind == "clear_reserve":
        steps.append(Step(slot_label(view, seat, action["slot"], lang=lang), t(lang, "Choose the reserve slot")))
    if kind == "trap":
        label, hint = POLICIES[action["policy"]]
        steps.append(Step(t(lang, label), t(lang, "When its moment comes…"), t(lang, hint)))
    if "target" in action:
        target = ref_label(view, seat, action["target"], names, lang) if action["target"] else t(lang, "No target")
        if action.get("long"):
            target = t(lang, "{target} (Long Action, 2 actions)", target=target)
        steps.append(Step(target, t(lang, "Choose the target"),
                          t(lang, "A Long Action: this Attack reaches two seats away and takes both your actions")
                          if action.get("long") else None))
    if action.get("foe") is not None:  # team modes: the one rival a card's rival effects act on
        steps.append(Step(t(lang, "…against {rival}", rival=member_team(view, action["foe"], names, lang)),
                          t(lang, "Choose the rival it acts against")))
    return steps


def _hero_hint(card: dict, lang: str) -> str:
    hero = card.get("hero") or {}
    return t(lang, "Hero {attack}/{life}", attack=hero.get("attack", "?"), life=hero.get("life", "?"))


def _tactic_hint(card: dict) -> str:
    """The card's tactic text (card texts are printed English) as the step's hint."""
    return ((card.get("tactic") or {}).get("text") or "")[:100]
