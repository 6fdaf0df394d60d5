"""Words for Pixel Tactics positions, cards and actions, read from a player's view."""

from __future__ import annotations

from bot.games.pixel_tactics.modes import TEAM_MODES, team_of_seat
from rendering.pixel_tactics.positions import COLUMNS, WAVES, humanize, position_name  # noqa: F401  (re-exported)

ACTION_NAMES = {
    "draw": "Draw a card", "recruit": "Recruit a Hero", "attack": "Attack", "spell": "Cast a Spell",
    "leader_action": "Leader action", "order": "Play an Order", "move": "Move a Hero",
    "clear_corpse": "Clear a corpse", "switch": "Switch two (long action)", "operation": "Start an Operation",
    "trap": "Place a Trap", "clear_reserve": "Clear a Trap or Operation", "end": "End turn",
    "promo_draw": "Promo Draw (discard a card, draw a Promo)", "snap": "Snap your Base",
    "draft_draw": "Draft Draw (from the tableau)", "gather": "Gather Funds (Gold from a tableau card)",
    "epic_boon": "Your new Leader's boon", "epic_done": "Stop here",
}
#: Epic Duel's boons for a new Leader (engine choice -> words)
BOONS = {"draw": "Draw until 7 cards in hand", "recruit": "Recruit up to 3 times into any slots",
         "regroup": "Clear every Corpse and rearrange your Unit"}
POLICIES = {
    "ask": ("Ask me each time", "You are asked privately when it can be activated"),
    "always": ("Always activate", "It springs by itself as soon as it can"),
    "never": ("Never (hold it)", "It never springs by itself; change nothing later"),
}


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
    return {"name": "a card"}


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


def slot_label(view: dict, seat: int, slot: str, *, empty: bool = False) -> str:
    """Return a slot of the viewer's own unit in words, with what stands there."""
    place = None if slot.startswith("X") else ((view.get("players") or [{}] * (seat + 1))[seat].get("unit") or {}).get(slot)
    card = unit_card(view, seat, slot)
    where = position_name(slot, view.get("mode") == "siege")
    if slot.startswith("fortress"):  # Siege: only the count of its face-down cards is public
        counts = ((view.get("siege") or {}).get("fortress") or [])
        column = int(slot[8:]) if slot[8:].isdigit() else 0
        n = counts[seat][column] if seat < len(counts) and column < len(counts[seat]) else 0
        return f"{where} ({n} card{'' if n == 1 else 's'}" + (", a hit wins)" if n == 0 else ")")
    if empty or not card:
        return where + (" (corpse)" if place and place.get("kind") == "corpse" else "")
    what = card.get("name", "?")
    if place and place.get("kind") == "corpse":
        return f"{where}: corpse of {what}"
    if place and "attack" in place:
        return f"{where}: {what} ({place['attack']}/{place['life']}, {place.get('damage', 0)} damage)"
    return f"{where}: {what}"


def team_in_view(view: dict, seat: int) -> int | None:
    """Return a seat's team index in a team mode's view (``view["teams"]["team_of"]``, else the mode's seat
    table), or None outside the team modes."""
    team_of = (view.get("teams") or {}).get("team_of") or []
    if 0 <= seat < len(team_of):
        return team_of[seat]
    mode = view.get("mode")
    return team_of_seat(mode, seat) if mode in TEAM_MODES else None


def seat_name(names: list[str] | None, seat: int) -> str:
    """Return the member's name at a seat (``Seat N`` without names)."""
    return names[seat] if names and 0 <= seat < len(names) else f"Seat {seat + 1}"


def member_team(view: dict, seat: int, names: list[str] | None = None) -> str:
    """Return a seat as ``Ana (Team 2)`` in a team mode (``Ana`` otherwise)."""
    team = team_in_view(view, seat)
    return seat_name(names, seat) + (f" (Team {team + 1})" if team is not None else "")


def side_of(view: dict, viewer: int, seat: int, names: list[str] | None = None) -> str:
    """Return whose Unit a seat's is, from the viewer's side: ``Your``, ``Rival's`` (a duel) or, in a team mode,
    the member and team, ``Ana's (Team 2)``."""
    if seat == viewer:
        return "Your"
    if team_in_view(view, seat) is None:
        return "Rival's"
    return f"{seat_name(names, seat)}'s (Team {team_in_view(view, seat) + 1})"


def ref_label(view: dict, viewer: int, ref: str, names: list[str] | None = None) -> str:
    """Return a ``seat:slot`` reference in words from the viewer's side, e.g. ``Rival's Vanguard left: X`` (in a
    team mode ``Ana's (Team 2) Vanguard left: X``)."""
    seat_text, _, slot = ref.partition(":")
    seat = int(seat_text)
    return f"{side_of(view, viewer, seat, names)} {slot_label(view, seat, slot)}"


def unit_label(view: dict, viewer: int, seat: int, slot: str, names: list[str] | None = None, *,
               empty: bool = False) -> str:
    """Return a slot of the viewer's own Unit as ``slot_label`` does, or of an ally's Unit with whose it is
    (``Bo's (Team 1) Flank left: X``)."""
    label = slot_label(view, seat, slot, empty=empty)
    return label if seat == viewer else f"{side_of(view, viewer, seat, names)} {label}"


def draft_label(view: dict, action: dict) -> str:
    """Return a Duel Draft Draw or Gather Funds in words from the public tableau, e.g. ``Pass over 2 (pay 2 Gold),
    take Rimecaster (+1 Gold)`` or ``Pass over all 5 (pay 5 Gold): the deck's top card``."""
    tableau = (view.get("duel_draft") or {}).get("tableau") or []
    index = action.get("index", 0)
    lot = tableau[index] if 0 <= index < len(tableau) else None
    if action.get("type") == "gather":
        return f"Take the {lot['gold'] if lot else 0} Gold on {((lot or {}).get('card') or {}).get('name', 'a card')}"
    if lot is None:
        return f"Pass over all {len(tableau)} (pay {len(tableau)} Gold): the deck's top card"
    what = (lot.get("card") or {}).get("name", "a card") + (f" (+{lot['gold']} Gold)" if lot.get("gold") else "")
    return f"Take {what}" if not index else f"Pass over {index} (pay {index} Gold), take {what}"
