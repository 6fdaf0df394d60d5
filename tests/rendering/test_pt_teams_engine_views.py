"""Team boards from real team states (issue 12): ``match.new_match(4|6, 1, seed, "core", mode=...)`` after the
Leader picks, and positions of seeded random games: every image legible, its alt text ≤ 1,000 characters, a
player's private view drawing the very same image and alt text as the public one (no hand, no face-down card)."""

import io
import random

from PIL import Image

from bot.games.pixel_tactics import PixelTacticsEngine, match
from rendering.pixel_tactics import alt_board, render_board
from tests.rendering.legibility import assert_legible
from tests.rendering.pt_team_views import NAMES4, NAMES6

ENGINE = PixelTacticsEngine()


def _after_picks(seats: int, mode: str, seed: int):
    """A new team match after every seat picked its Leader (each its first choice)."""
    state = match.new_match(seats, 1, seed, "core", mode=mode)
    while ENGINE.view(state, None)["phase"] != "turn":
        decision = ENGINE.pending(state)[0]
        state = ENGINE.apply(state, decision.player, ENGINE.legal_actions(state, decision.player)[0])
    return state


def _texts(view, names):
    log: list = []
    img = Image.open(io.BytesIO(render_board(view, names, log=log)))
    assert_legible(img, log, 60)
    return [r.text for r in log]


def _hidden_ids(view) -> list[str]:
    """Ids of the cards only ``view``'s viewer may see: its hand and its face-down Traps."""
    ids = [c.get("id") for c in view.get("hand") or [] if isinstance(c, dict)]
    for p in view["players"]:
        for entry in p.get("reserve") or []:
            if isinstance(entry, dict) and entry.get("kind") == "trap" and isinstance(entry.get("card"), dict):
                ids.append(entry["card"].get("id") or entry.get("id"))
    return [i for i in ids if i]


def test_team_cross_duel_start_seat_0_acts_and_reaches_both_rivals():
    state = _after_picks(4, "team", 3)
    view = ENGINE.view(state, None)
    texts = _texts(view, NAMES4)
    assert texts[1] == "Ada: 2 actions left" and texts[2] == "Team Cross Duel · Single game"
    assert "Round 1 · Vanguard wave · Ada first" in texts
    assert texts.count("In reach") == 2 and texts.count("Ally") == 1 and "Acting: 2 actions" in texts
    assert "Team 1 · 0 points" in texts and "Win: 3 Leaders from one rival or 1 from each" in texts
    alt = alt_board(view, NAMES4)
    assert alt.startswith("Pixel Tactics, Team Cross Duel, Single game. Round 1, Vanguard wave, Ada first. Ada's "
                          "turn, 2 actions left.")
    assert "Bob (Team 2, in reach)" in alt and "Dee (Team 2, in reach)" in alt and "Cyd (Team 1, ally)" in alt
    for seat in range(4):
        private = ENGINE.view(state, seat)
        assert private["hand"] and _hidden_ids(private)
        assert render_board(private, NAMES4) == render_board(view, NAMES4)
        assert alt_board(private, NAMES4) == alt and not any(i in alt for i in _hidden_ids(private))


def test_king_start_the_king_reaches_every_rival_by_a_long_action():
    state = _after_picks(6, "king", 4)
    view = ENGINE.view(state, None)
    texts = _texts(view, NAMES6)
    assert texts[1] == "Ada: 2 actions left" and texts[2] == "King · Single game"
    assert texts.count("Long Action (2)") == 3 and texts.count("Ally") == 2 and "In reach" not in texts
    assert texts.count("Team 1 · Knight") == 2 and "Team 2 · King" in texts
    alt = alt_board(view, NAMES6)
    assert "Dee (Team 2, King, in reach by a Long Action (2 actions))" in alt and len(alt) <= 1000
    for seat in (0, 3):
        private = ENGINE.view(state, seat)
        assert render_board(private, NAMES6) == render_board(view, NAMES6)
        assert alt_board(private, NAMES6) == alt


def _sample(seats: int, mode: str, seed: int, every: int) -> int:
    """Render every ``every``-th position of a seeded random game and its end; return the positions drawn."""
    names = (NAMES4 if seats == 4 else NAMES6)
    rng = random.Random(seed)
    state = match.new_match(seats, 1, seed, "core", mode=mode)
    drawn = 0
    for step in range(6000):
        if ENGINE.is_terminal(state) or step % every == 0:
            view = ENGINE.view(state, None)
            _texts(view, names)
            assert len(alt_board(view, names)) <= 1000
            seat = ENGINE.pending(state)[0].player if not ENGINE.is_terminal(state) else 0
            private = ENGINE.view(state, seat)
            assert render_board(private, names) == render_board(view, names)
            assert not any(i in alt_board(private, names) for i in _hidden_ids(private))
            drawn += 1
        if ENGINE.is_terminal(state):
            break
        decision = rng.choice(ENGINE.pending(state))
        state = ENGINE.apply(state, decision.player, rng.choice(ENGINE.legal_actions(state, decision.player)))
    assert ENGINE.is_terminal(state)
    return drawn


def test_random_team_cross_duel_positions_draw_legibly_without_hidden_cards():
    assert _sample(4, "team", 11, 120) >= 5


def test_random_king_positions_draw_legibly_without_hidden_cards():
    assert _sample(6, "king", 12, 200) >= 5


def test_a_secret_leader_pick_is_face_down_even_in_its_owners_view():
    state = match.new_match(4, 1, 5, "core", mode="team")
    decision = ENGINE.pending(state)[0]
    state = ENGINE.apply(state, decision.player, ENGINE.legal_actions(state, decision.player)[0])
    seat = decision.player
    private, public = ENGINE.view(state, seat), ENGINE.view(state, None)
    assert private["players"][seat]["unit"]["L"]["hidden"] and private["players"][seat]["unit"]["L"]["card"]
    assert render_board(private, NAMES4) == render_board(public, NAMES4)
    assert alt_board(private, NAMES4) == alt_board(public, NAMES4)
    assert f"{NAMES4[seat]} (Team {seat % 2 + 1}): hand" in alt_board(public, NAMES4)
    assert "Leader chosen, hidden" in alt_board(public, NAMES4)
    texts = _texts(public, NAMES4)
    still = ", ".join(NAMES4[s] for s in range(4) if s != seat)
    assert f"Leaders are picked in secret; still picking: {still}" in texts
