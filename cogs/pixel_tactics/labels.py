"""Words for Pixel Tactics positions, cards and actions, read from a player's view, in a language (``lang``:
English by default, whose words the tests pin)."""

from __future__ import annotations

from bot.games.pixel_tactics.events import position
from bot.games.pixel_tactics.modes import TEAM_MODES, team_of_seat
from bot.i18n import N_, SOURCE, t, tn
from rendering.pixel_tactics.positions import COLUMNS, WAVES, humanize, position_name  # noqa: F401  (re-exported)

ACTION_NAMES = {
    "draw": N_("Draw a card"), "recruit": N_("Recruit a Hero"), "attack": N_("Attack"), "spell": N_("Cast a Spell"),
    "leader_action": N_("Leader action"), "order": N_("Play an Order"), "move": N_("Move a Hero"),
    "clear_corpse": N_("Clear a corpse"), "switch": N_("Switch two (long action)"),
    "operation": N_("Start an Operation"), "trap": N_("Place a Trap"), "clear_reserve": N_("Clear a Trap or Operation"),
    "end": N_("End turn"), "promo_draw": N_("Promo Draw (discard a card, draw a Promo)"), "snap": N_("Snap your Base"),
    "draft_draw": N_("Draft Draw (from the tableau)"), "gather": N_("Gather Funds (Gold from a tableau card)"),
    "epic_boon": N_("Your new Leader's boon"), "epic_done": N_("Stop here"),
}
#: Epic Duel's boons for a new Leader (engine choice -> words)
BOONS = {"draw": N_("Draw until 7 cards in hand"), "recruit": N_("Recruit up to 3 times into any slots"),
         "regroup": N_("Clear every Corpse and rearrange your Unit")}
POLICIES = {
    "ask": (N_("Ask me each time"), N_("You are asked privately when it can be activated")),
    "always": (N_("Always activate"), N_("It springs by itself as soon as it can")),
    "never": (N_("Never (hold it)"), N_("It never springs by itself; change nothing later")),
}


def action_name(kind: str, lang: str = SOURCE) -> str:
    """An action type in words (``Recruit a Hero``), in ``lang``."""
    return t(lang, ACTION_NAMES[kind]) if kind in ACTION_NAMES else kind


def card_of(view: dict, card_id: str | None) -> dict:
    """Return the card with this instance id from the viewer's hand or any visible place."""
    if card_id is None:
        return {}
    for card in [*(view.get("hand") or []), *(view.get("leader_stack") or [])]:
        if card.get("id") == card_id:
            return card
    for player in view.get("players") or []:
        for place in [*(player.get("unit") or {}).values(), *(player.get("reserve") or [])]:
            card = (place or {}).get("card") or {}
            if place and (place.get("id") == card_id or card.get("id") == card_id):
                return card
    return {}


def card_name(card: dict | None, lang: str = SOURCE) -> str:
    """A card's printed name (card names are not translated), or ``a card`` in ``lang`` when unknown."""
    return (card or {}).get("name") or t(lang, "a card")


def space_name(slot: str, siege: bool = False, lang: str = SOURCE) -> str:
    """A space in words in ``lang`` (``Vanguard left``; ``position_name`` in English)."""
    return t(lang, "{space}", space=position(slot, siege))


def unit_card(view: dict, seat: int, slot: str) -> dict | None:
    """Return the card standing in (or lying face up in) a slot of a seat's unit or reserve."""
    players = view.get("players") or []
    if not 0 <= seat < len(players):
        return None
    player = players[seat]
    if slot.startswith("X"):
        reserve = player.get("reserve") or []
        index = int(slot[1:])
        place = reserve[index] if index < len(reserve) else None
    else:
        place = (player.get("unit") or {}).get(slot)
    return (place or {}).get("card") if place else None


def slot_label(view: dict, seat: int, slot: str, *, empty: bool = False, lang: str = SOURCE) -> str:
    """Return a slot of the viewer's own unit in words, with what stands there."""
    place = None if slot.startswith("X") else ((view.get("players") or [{}] * (seat + 1))[seat].get("unit") or {}).get(slot)
    card = unit_card(view, seat, slot)
    where = space_name(slot, view.get("mode") == "siege", lang)
    if slot.startswith("fortress"):  # Siege: only the count of its face-down cards is public
        counts = ((view.get("siege") or {}).get("fortress") or [])
        column = int(slot[8:]) if slot[8:].isdigit() else 0
        n = counts[seat][column] if seat < len(counts) and column < len(counts[seat]) else 0
        if n == 0:
            return t(lang, "{space} ({n} cards, a hit wins)", space=where, n=n)
        return tn(lang, "{space} ({n} card)", "{space} ({n} cards)", n, space=where)
    if empty or not card:
        corpse = place and place.get("kind") == "corpse"
        return t(lang, "{space} (corpse)", space=where) if corpse else where
    what = card.get("name", "?")
    if place and place.get("kind") == "corpse":
        return t(lang, "{space}: corpse of {card}", space=where, card=what)
    if place and "attack" in place:
        return t(lang, "{space}: {card} ({attack}/{life}, {damage} damage)", space=where, card=what,
                 attack=place["attack"], life=place["life"], damage=place.get("damage", 0))
    return t(lang, "{space}: {card}", space=where, card=what)


def team_in_view(view: dict, seat: int) -> int | None:
    """Return a seat's team index in a team mode's view (``view["teams"]["team_of"]``, else the mode's seat
    table), or None outside the team modes."""
    team_of = (view.get("teams") or {}).get("team_of") or []
    if 0 <= seat < len(team_of):
        return team_of[seat]
    mode = view.get("mode")
    return team_of_seat(mode, seat) if mode in TEAM_MODES else None


def seat_name(names: list[str] | None, seat: int, lang: str = SOURCE) -> str:
    """Return the member's name at a seat (``Seat N`` without names)."""
    return names[seat] if names and 0 <= seat < len(names) else t(lang, "Seat {n}", n=seat + 1)


def member_team(view: dict, seat: int, names: list[str] | None = None, lang: str = SOURCE) -> str:
    """Return a seat as ``Ana (Team 2)`` in a team mode (``Ana`` otherwise)."""
    team = team_in_view(view, seat)
    who = seat_name(names, seat, lang)
    return who if team is None else t(lang, "{name} (Team {team})", name=who, team=team + 1)


def side_of(view: dict, viewer: int, seat: int, names: list[str] | None = None, lang: str = SOURCE) -> str:
    """Return whose Unit a seat's is, from the viewer's side: ``Your``, ``Rival's`` (a duel) or, in a team mode,
    the member and team, ``Ana's (Team 2)`` (English; ``ref_label`` words a whole reference in any language)."""
    if seat == viewer:
        return "Your"
    if team_in_view(view, seat) is None:
        return "Rival's"
    return f"{seat_name(names, seat, lang)}'s (Team {team_in_view(view, seat) + 1})"


def _whose(view: dict, viewer: int, seat: int, label: str, names: list[str] | None, lang: str) -> str:
    """A label of a space in ``seat``'s Unit with whose it is, from the viewer's side."""
    if seat == viewer:
        return t(lang, "Your {space}", space=label)
    team = team_in_view(view, seat)
    if team is None:
        return t(lang, "Rival's {space}", space=label)
    return t(lang, "{name}'s (Team {team}) {space}", name=seat_name(names, seat, lang), team=team + 1, space=label)


def ref_label(view: dict, viewer: int, ref: str, names: list[str] | None = None, lang: str = SOURCE) -> str:
    """Return a ``seat:slot`` reference in words from the viewer's side, e.g. ``Rival's Vanguard left: X`` (in a
    team mode ``Ana's (Team 2) Vanguard left: X``)."""
    seat_text, _, slot = ref.partition(":")
    seat = int(seat_text)
    return _whose(view, viewer, seat, slot_label(view, seat, slot, lang=lang), names, lang)


def unit_label(view: dict, viewer: int, seat: int, slot: str, names: list[str] | None = None, *,
               empty: bool = False, lang: str = SOURCE) -> str:
    """Return a slot of the viewer's own Unit as ``slot_label`` does, or of an ally's Unit with whose it is
    (``Bo's (Team 1) Flank left: X``)."""
    label = slot_label(view, seat, slot, empty=empty, lang=lang)
    return label if seat == viewer else _whose(view, viewer, seat, label, names, lang)


def draft_label(view: dict, action: dict, lang: str = SOURCE) -> str:
    """Return a Duel Draft Draw or Gather Funds in words from the public tableau, e.g. ``Pass over 2 (pay 2 Gold),
    take Rimecaster (+1 Gold)`` or ``Pass over all 5 (pay 5 Gold): the deck's top card``."""
    tableau = (view.get("duel_draft") or {}).get("tableau") or []
    index = action.get("index", 0)
    lot = tableau[index] if 0 <= index < len(tableau) else None
    if action.get("type") == "gather":
        return t(lang, "Take the {gold} Gold on {card}", gold=lot["gold"] if lot else 0,
                 card=card_name((lot or {}).get("card"), lang))
    if lot is None:
        return t(lang, "Pass over all {n} (pay {n} Gold): the deck's top card", n=len(tableau))
    what = card_name(lot.get("card"), lang)
    if lot.get("gold"):
        what = t(lang, "{card} (+{gold} Gold)", card=what, gold=lot["gold"])
    if not index:
        return t(lang, "Take {card}", card=what)
    return t(lang, "Pass over {n} (pay {n} Gold), take {card}", n=index, card=what)
