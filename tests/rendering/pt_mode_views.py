"""Hand-written Pixel Tactics views of the modes (Siege, Duel Draft, Epic Duel) for the renderer tests,
built on :mod:`tests.rendering.pt_views` with the public fields of the modes' shared design."""

from __future__ import annotations

from tests.rendering.pt_views import View, card, hero, mid_view


def siege_view() -> View:
    """Round 3 of a Siege game: no Leaders (a Hero in the middle Flank space), fortresses 2/2/1 and 2/0/2."""
    view = mid_view()
    view["mode"] = "siege"
    view["players"][0]["unit"]["L"] = hero("glass_oracle")
    view["players"][1]["unit"]["L"] = None
    view["siege"] = {"fortress": [[2, 2, 1], [2, 0, 2]], "last_round": 20}
    return view


def duel_draft_view() -> View:
    """A Duel Draft turn: five tableau cards with Gold on them, the shared deck, each player's Gold."""
    view = mid_view()
    view["mode"] = "duel_draft"
    for p in view["players"]:
        p["deck"] = 0
    view["duel_draft"] = {
        "tableau": [{"card": card("whisper_thief"), "gold": 3}, {"card": card("lantern"), "gold": 0},
                    {"card": card("glass_oracle"), "gold": 1}, {"card": card("mirror_hound"), "gold": 12},
                    {"card": card("gearwright"), "gold": 0}],
        "deck": 37, "gold": [4, 7], "bank": 16, "setup": [0, 0], "drafter": None}
    return view


def epic_view() -> View:
    """An Epic Duel turn: seat 1 lost two Leaders, seat 0 one; seat 1 holds the First badge; hands of 7."""
    view = mid_view()
    view["mode"] = "epic"
    view["players"][0].update(hand=6, hand_size=7, deck=52)
    view["players"][1].update(hand=7, hand_size=7, deck=48)
    view["epic"] = {"leaders_left": [3, 2], "badge": 1,
                    "fallen": [["0.lorekeeper@2"], [card("whisper_thief"), "1.field_marshal@2#2"]]}
    return view


#: names of the Duel Draft view's tableau (public: they must be drawn)
TABLEAU_NAMES = ("Whisper Thief", "Lantern", "Glass Oracle", "Mirror Hound", "Gearwright")
