"""Shared helpers of the Team Cross Duel tests: version-1 core-set games at chosen points."""

# Team Cross Duel (issue #12): test_pt_team_*.py hold one test per rule of the rulebook's Team Cross Duel text
# (GAME MODES) and per point of the shared team design, with hand-worked positions built from real 4-seat games
# (docs/rules/pt_modes/team.md). Content version 1 core sets (each seat its own mirror copy), so the figures in
# those tests are version 1's.

from bot.games.pixel_tactics import PixelTacticsEngine, match
from bot.games.pixel_tactics.state import new_entry
from bot.games.pixel_tactics.stats import board_of

ENGINE = PixelTacticsEngine()
LEADERS = ("marshal", "stonehide", "brewmother", "shieldwarden")  # Life 19, 16, 21, 24 (version 1)


def new(seed=7, points=3):
    """Return a new Team Cross Duel (core sets, content 1), the four Leader picks pending."""
    return match.new_match(4, 1, seed, "core", mode="team", points=points)


def take(state, seat, key, owner=None):
    """Remove ``owner``'s (default ``seat``'s) card ``key`` from that owner's deck, hand or discard; return its id."""
    owner = seat if owner is None else owner
    card_id = f"{owner}.{key}"
    for pile in ("hand", "deck", "discard"):
        if card_id in state["players"][owner][pile]:
            state["players"][owner][pile].remove(card_id)
            return card_id
    raise AssertionError(f"{card_id} is not in a pile")


def started(seed=7, leaders=LEADERS, points=3):
    """Return a Team Cross Duel after the four Leader picks (``leaders``, put in hand first), round 1 begun."""
    state = new(seed, points)
    for seat, key in enumerate(leaders):
        hand = state["players"][seat]["hand"]
        card_id = f"{seat}.{key}"
        if card_id not in hand:
            take(state, seat, key)
            state["players"][seat]["deck"].append(hand.pop())
            hand.append(card_id)
        state = ENGINE.apply(state, seat, {"type": "leader", "card": card_id})
    return state


def put(state, seat, slot, key, owner=None, kind="hero"):
    """Put ``owner``'s card ``key`` (taken from its piles) into ``seat``'s ``slot`` (ready to act); return its id."""
    card_id = take(state, seat, key, owner)
    state["players"][seat]["unit"][slot] = new_entry(card_id, kind)
    return card_id


def end_turns(state, count):
    """End ``count`` turns in a row."""
    for _ in range(count):
        state = ENGINE.apply(state, state["turn"], {"type": "end"})
    return state


def round_two(seed=7, leaders=LEADERS, points=3):
    """Return a game at round 2's Vanguard wave (the Ceasefire over; seat 1 goes first)."""
    return end_turns(started(seed, leaders, points), 12)


def rout(state, *down):
    """Put lethal damage on the Leaders of ``down``, then end turns until the wave is over."""
    board = board_of(state)
    for seat in down:
        state["players"][seat]["unit"]["L"]["damage"] = board["units"][f"{seat}:L"]["life"]
    wave = (state["round"], state["wave"])
    while state["phase"] == "turn" and (state["round"], state["wave"]) == wave:
        state = ENGINE.apply(state, state["turn"], {"type": "end"})
    return state


def legal(state, kind=None):
    """Return the legal actions of the seat to act (of one type)."""
    return [a for a in ENGINE.legal_actions(state, state["turn"]) if kind is None or a["type"] == kind]
