"""``/game describe`` (issue 16): each game's describer on a small position worked by hand, long positions split
within Discord's limits, and no hidden card of another seat in what a seat is told."""

from __future__ import annotations

import random

import pytest

from bot.registry import engine
from cogs.describe import describe_messages
from rendering.describe_text import ALT_MAX, DESCRIBE_POINTER, fit, split_text
from rendering.describers import DESCRIBERS, describe
from rendering.pixies.alt import table_alt


def card(cid: int, colour: str, value: int, spirals: int = 0, crosses: int = 0, colour_spiral: bool = False) -> dict:
    """A Pixies card as the view shows it."""
    return {"id": cid, "color": colour, "value": value, "spirals": spirals, "crosses": crosses,
            "color_spiral": colour_spiral}


def pixies_view() -> dict:
    """Round 1, turn 2: Bob to pick from two cards; Ada holds two cards (one validated), Bob one face down."""
    ada = [{"up": None, "down": False} for _ in range(9)]
    ada[0] = {"up": card(1, "blue", 1, spirals=2), "down": True}
    ada[4] = {"up": card(2, "red", 5, crosses=1), "down": False}
    bob = [{"up": None, "down": False} for _ in range(9)]
    bob[2] = {"up": None, "down": True}
    return {"game": "pixies", "status": "playing", "round": 1, "turn": 2, "num_players": 2, "deck_count": 60,
            "players": [{"seat": 0, "active": True, "total": 0, "grid": ada},
                        {"seat": 1, "active": True, "total": 0, "grid": bob}],
            "offer": [card(3, "green", 3, colour_spiral=True), card(4, "multi", 9)], "turn_first": 1,
            "to_act": 1, "decision": {"seat": 1, "kind": "pick", "id": "5", "card": None, "space": None},
            "rounds": [], "last_action": {"seat": 0, "text": "took Red 5 (1 cross) → space 5"}, "result": None}


def test_pixies_position_worked_by_hand():
    text = describe("pixies", pixies_view(), ["Ada", "Bob"], 0)
    assert text == (
        "Pixies, round 1 of 3, turn 2, 60 cards in the deck. Bob to pick.\n"
        "You are Ada.\n"
        "Last action: Ada took Red 5 (1 cross) to space 5.\n"
        "Offer: Green 3 (colour spiral), Multicolour 9.\n"
        "Each grid is 3 by 3: spaces 1 to 3 are the top row, 4 to 6 the middle row, 7 to 9 the bottom row.\n"
        "Ada: 0 points; face up: Blue 1 (2 spirals) validated, Red 5 (1 cross); empty: 2, 3, 4, 6, 7, 8, 9.\n"
        "Bob: 0 points; face down only: 3; empty: 1, 2, 4, 5, 6, 7, 8, 9.")
    # the alt text tells the same grids (they fit), and no seat is told more than another
    alt = table_alt(pixies_view(), ["Ada", "Bob"])
    assert "Ada: 0 points; face up: Blue 1 (2 spirals) validated, Red 5 (1 cross); empty: 2, 3, 4, 6, 7, 8, 9." in alt
    assert DESCRIBE_POINTER not in alt
    other = describe("pixies", pixies_view(), ["Ada", "Bob"], 1)
    assert other.replace("You are Bob.", "You are Ada.") == text


def tixel_view() -> dict:
    """Turn 3, White (Ada) to move; one piece each on the board."""
    return {"game": "tixel", "status": "playing", "turn": 3, "colors": ["white", "black"], "to_act": 0,
            "phase": "move", "board": {"b2": {"owner": 0, "kind": "tixel", "active": True, "hollow": "NE"},
                                       "e5": {"owner": 1, "kind": "tixel", "active": False, "hollow": "S"}},
            "pools": [{"tixel": 7, "tix": 0, "poka": 0}, {"tixel": 7, "tix": 0, "poka": 0}],
            "options": {}, "promotions": [0, 0], "bonus": None, "can_place": [True, True],
            "last_move": None, "draw_offer": None, "result": None}


def test_tixel_position_worked_by_hand():
    text = describe("tixel", tixel_view(), ["Ada", "Bob"], 1)
    empty = ", ".join(f"{f}{{r}} empty" for f in "abcdef")
    ranks = [empty.format(r=r) for r in "654321"]
    ranks[1] = ranks[1].replace("e5 empty", "e5 black inactive tixel hollow S")
    ranks[4] = ranks[4].replace("b2 empty", "b2 white active tixel hollow NE")
    assert text.split("\n") == [
        "Tixel, turn 3.", "You play black.", "Ada to move.",
        "Ada (white) pool: 7 tixel, 0 Tix, 0 Poka Yoke.", "Bob (black) pool: 7 tixel, 0 Tix, 0 Poka Yoke.",
        "White on the board: b2 active tixel hollow NE.", "Black on the board: e5 inactive tixel hollow S.",
        "The board, files a to f from left to right, rank 6 at the top:",
        *(f"Rank {r}: {line}." for r, line in zip("654321", ranks, strict=True)),
        "To move, use /tixel move: its autocomplete lists your legal moves as you type."]


def played(kind: str, players: int, steps: int, seed: int = 3, options: dict | None = None):
    """An engine, and its state after ``steps`` random legal actions from a seeded start."""
    eng = engine(kind)
    state = eng.new_game(players, options or {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        pending = eng.pending(state)
        if not pending:
            break
        seat = pending[0].player
        state = eng.apply(state, seat, rng.choice(eng.legal_actions(state, seat)))
    return eng, state


def hand_names(kind: str, view: dict) -> set[str]:
    """The names of the private cards a seat's view holds (hand, picks, pack)."""
    if kind == "pixel-tactics":  # the hand, and the seat's own face-down Traps (it knows them)
        cards = list(view.get("hand") or [])
        you = view["players"][view["you"]] if isinstance(view.get("you"), int) else {}
        cards += [e["card"] for e in you.get("reserve") or [] if isinstance(e, dict) and isinstance(e.get("card"), dict)]
    else:
        private = view.get("private") or {}
        cards = [c for key in ("hand", "drafted", "pack", "lot", "leaders", "heroes") for c in private.get(key) or []]
        cards += [private["drawn"]] if private.get("drawn") else []
    return {c["name"] for c in cards if isinstance(c, dict) and c.get("name")}


@pytest.mark.parametrize(("kind", "players", "steps", "options"), [
    ("pixel-tactics", 2, 0, None), ("pixel-tactics", 2, 12, None), ("pixel-tactics", 4, 40, {"mode": "team"}),
    ("pixel-tactics", 6, 40, {"mode": "king"}), ("pixel-tactics", 2, 2, {"mode": "siege"}),
    ("pixel-pusher", 2, 0, None), ("pixel-pusher", 3, 1, None), ("pt-draft", 2, 0, None), ("pt-draft", 2, 3, None)])
def test_a_seat_is_told_its_own_cards_never_another_seats(kind, players, steps, options):
    eng, state = played(kind, players, steps, options=options)
    names = ["Ada", "Bob", "Cyd", "Dee", "Eve", "Fay"][:players]
    public = describe(kind, eng.view(state, None), names, None)
    own = [hand_names(kind, eng.view(state, s)) for s in range(players)]
    assert any(own), "the position holds private cards"
    for seat in range(players):
        text = describe(kind, eng.view(state, seat), names, seat)
        assert all(name in text for name in own[seat]), (own[seat], text)
        hidden = {n for s in range(players) if s != seat for n in own[s]} - own[seat]
        hidden = {n for n in hidden if n not in public}
        rest = text
        for name in sorted(own[seat], key=len, reverse=True):  # "Big Pixel Tank" is not "Pixel Tank"
            rest = rest.replace(name, "")
        assert not [n for n in hidden if n in rest], (seat, hidden, text)
        assert public.split("\n")[0] == text.split("\n")[0]


@pytest.mark.parametrize("kind", sorted(DESCRIBERS))
def test_every_game_describes_a_long_game_within_discords_limits(kind):
    players = 4 if kind in ("pixies", "pixel-pusher") else 2
    eng, state = played(kind, players, 60)
    names = [f"{'Very long member name ' * 3}{k}" for k in range(players)]
    for seat in (None, 0):
        text = describe(kind, eng.view(state, seat), names, seat)
        messages = describe_messages(f"{kind} #1", text)
        assert messages and all(len(m) <= 2000 for m in messages)
        if len(messages) > 1:
            assert messages[0].startswith(f"Part 1 of {len(messages)}: ")
        assert "".join(messages).count("\n") >= text.count("\n") - len(messages)


def test_fit_prefers_the_full_text_and_points_at_describe_otherwise():
    assert fit(["short", "shorter"]) == "short"
    long = "x" * (ALT_MAX + 1)
    assert fit([long, "brief"]) == f"brief {DESCRIBE_POINTER}"
    cut = fit([long])
    assert len(cut) <= ALT_MAX and cut.endswith(DESCRIBE_POINTER) and "…" in cut
    assert len(fit([long], 1000)) <= 1000


def test_split_text_keeps_lines_whole_when_it_can():
    text = "\n".join(f"line {k} " + "word " * 50 for k in range(30))
    pieces = split_text(text, 500)
    assert all(len(p) <= 500 for p in pieces)
    assert "\n".join(pieces) == text
    one_line = "word " * 1000
    assert all(len(p) <= 300 for p in split_text(one_line, 300))
    assert " ".join(split_text(one_line, 300)).split() == one_line.split()


def test_long_event_alts_drop_detail_then_say_what_is_left_out():
    from rendering.tournaments import bracket_alt, standings_alt

    rows = [{"rank": k + 1, "name": f"Player number {k + 1}", "values": [str(60 - k), "3-0-0", "56", "86", "50"]}
            for k in range(60)]
    view = {"title": "Pixies tournament #3", "columns": ["Pts", "W-D-L", "OMW", "GW", "OGW"], "rows": rows}
    alt = standings_alt(view)
    assert len(alt) <= ALT_MAX and "1. Player number 1: Pts 60." in alt and "OMW" not in alt
    left = int(alt.split("And ")[1].split()[0])
    assert f"{60 - left}. Player" in alt and f"{61 - left}. Player" not in alt
    assert alt.endswith("more players, not listed here.")
    short = standings_alt({**view, "rows": rows[:4]})
    assert "4. Player number 4: Pts 57, W-D-L 3-0-0, OMW 56, GW 86, OGW 50." in short
    matches = [{"done": False, "slots": [{"name": f"Contender {2 * k}"}, {"name": f"Contender {2 * k + 1} the Great"}]}
               for k in range(32)]
    bracket = {"title": "Tixel tournament #4", "rounds": [
        {"name": "Round 1", "matches": matches}, {"name": "Final", "matches": matches[:1]}]}
    alt = bracket_alt(bracket)
    assert len(alt) <= ALT_MAX and "Final: Contender 0 v Contender 1 the Great." in alt
    assert alt.endswith("And 1 earlier rounds, not listed here.")
