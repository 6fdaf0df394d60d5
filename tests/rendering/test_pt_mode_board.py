"""The board image and alt text of the Pixel Tactics modes: Siege fortresses (counts only, face down), the
Duel Draft tableau with its Gold, Epic Duel's Leaders left, badges and fallen Leaders; Classic unchanged."""

import io

from PIL import Image

from rendering.pixel_tactics import alt_board, board_layout, render_board
from tests.rendering.legibility import assert_legible
from tests.rendering.pt_mode_views import TABLEAU_NAMES, duel_draft_view, epic_view, siege_view
from tests.rendering.pt_views import mid_view

NAMES = ["Ada", "Bob"]


def _draw(view):
    """Return (image, the texts drawn) of the board of ``view``, checked for legibility."""
    log: list = []
    img = Image.open(io.BytesIO(render_board(view, NAMES, log=log)))
    assert_legible(img, log, 30)
    return img, [r.text for r in log]


def test_classic_board_has_no_mode_parts():
    view = mid_view()
    img, texts = _draw(view)
    assert not {"Fort", "Draft tableau", "Fallen Leaders", "Second"} & set(texts)
    assert "Hand 3/5 · Deck 11 · Discard 1" in texts
    assert all((seat, "W") not in board_layout(view)["rows"] for seat in (0, 1))


def test_siege_board_draws_each_fortress_count_behind_its_column_face_down():
    view = siege_view()
    img, texts = _draw(view)
    assert texts[1] == "Siege · Game 2 · match to 2 trophies · lifted after round 20"
    assert texts.count("Fort") == 2 and texts.count("Fortress") == 6 and texts.count("empty") == 1
    assert "empty fortress: a Melee hit there wins" in texts  # the legend
    assert texts.count("2 cards") == 4 and texts.count("1 card") == 1
    assert "centre" in texts and "Leader" not in texts  # Bob's empty middle Flank space; no Leader anywhere
    rows = board_layout(view)["rows"]
    assert rows[(0, "X")] < rows[(0, "W")] < rows[(0, "R")] and rows[(1, "R")] < rows[(1, "W")] < rows[(1, "X")]
    assert board_layout(view)["height"] == board_layout(mid_view())["height"] + 2 * (78 + 10)  # two fortress rows


def test_siege_alt_names_the_fortress_counts_and_no_leader():
    alt = alt_board(siege_view(), NAMES)
    assert alt.startswith("Pixel Tactics, Siege, Game 2")
    assert ("No Leaders. Face-down fortress cards per column (0, 1, 2): Ada 2, 2, 1; Bob 2, 0, 2. The siege is "
            "lifted after round 20.") in alt
    assert "Ada: hand 3/5, deck 11, discard 1, trophies 1. F1 Glass Oracle 1/2; V0 Iron Sentinel" in alt
    assert "Bob: hand 5/6, deck 9, discard 2, trophies 0. no Leader; V0 Bone Keeper" in alt
    assert "Leader hidden" not in alt and "Leader " not in alt
    assert len(alt) <= 1000


def test_duel_draft_board_draws_the_tableau_gold_deck_and_each_players_gold():
    img, texts = _draw(duel_draft_view())
    assert "Draft tableau" in texts and "Deck: 37 cards, face down" in texts
    assert "Hand 3/5 · Gold 4 · Discard 1" in texts and "Hand 5/6 · Gold 7 · Discard 2" in texts
    assert {"3", "0", "1", "12"} <= set(texts)  # the coins
    for name in TABLEAU_NAMES:
        assert any(t.startswith(name[:12]) for t in texts), name
    assert "from the far end · 16 Gold on it" in texts


def test_duel_draft_alt_lists_the_tableau_from_the_far_end_with_gold():
    alt = alt_board(duel_draft_view(), NAMES)
    assert "Duel Draft tableau from the far end: Whisper Thief (3 Gold); " in alt
    assert "Mirror Hound (12 Gold); Gearwright (0 Gold); then the deck, 37 cards. Gold: Ada 4, Bob 7, 16 on the tableau." in alt
    assert len(alt) <= 1000


def test_epic_board_draws_badges_leaders_left_and_fallen_leaders():
    img, texts = _draw(epic_view())
    assert "Second" in texts and "First" in texts  # Ada second, Bob holds the First badge
    assert "Hand 6/7 · Deck 52 · Leaders 3 · Discard 1" in texts
    assert "Hand 7/7 · Deck 48 · Leaders 2 · Discard 2" in texts
    assert "Fallen Leaders" in texts
    assert "Ada: Lorekeeper" in texts and "Bob: Whisper Thief, Field Marshal" in texts
    assert "Round 3 · Flank wave · Bob first" in texts


def test_epic_alt_names_leaders_left_badge_and_fallen():
    alt = alt_board(epic_view(), NAMES)
    assert ("Epic Duel. Leaders left: Ada 3, Bob 2. Bob holds the First badge. Fallen Leaders: Ada: Lorekeeper; "
            "Bob: Whisper Thief, Field Marshal.") in alt
    assert len(alt) <= 1000


def test_epic_board_without_fallen_leaders_has_no_panel():
    view = epic_view()
    view["epic"]["fallen"] = [[], []]
    img, texts = _draw(view)
    assert "Fallen Leaders" not in texts


def test_epic_board_while_a_new_leaders_boon_is_chosen():
    view = epic_view()
    view.update(phase="epic", turn=None, actions_left=0)
    view["epic"]["step"] = {"stage": "boon", "seats": [1], "seat": 1, "boon": "recruit", "left": 2}
    img, texts = _draw(view)
    assert "Bob: recruiting (2 left)" in texts and "A Leader fell: its owner brings in the next one" in texts
    view["epic"]["step"] = {"stage": "pick", "seats": [0, 1]}
    img, texts = _draw(view)
    assert "Choosing a new Leader" in texts
    assert "Choosing a new Leader." in alt_board(view, NAMES)


def test_duel_draft_board_during_the_opening_draft():
    view = duel_draft_view()
    view.update(phase="draft", turn=None, actions_left=0, round=1, wave="V")
    view["duel_draft"].update(setup=[3, 4], drafter=1)
    img, texts = _draw(view)
    assert "Bob: opening Draft Draw" in texts and "Opening draft: Draft Draws, then secret Leaders" in texts
    assert "Bob: opening Draft Draw." in alt_board(view, NAMES)


def test_hand_lists_the_leader_stack_while_a_leader_is_picked_from_it():
    from rendering.pixel_tactics import alt_hand, render_hand
    from tests.rendering.pt_views import card

    view = epic_view()
    view.update(phase="epic", you=0, hand=[], leader_stack=[card("gearwright"), card("iron_sentinel")])
    view["epic"]["step"] = {"stage": "pick", "seats": [0]}
    log: list = []
    img = Image.open(io.BytesIO(render_hand(view, NAMES, log=log)))
    assert_legible(img, log, 5)
    texts = [r.text for r in log]
    assert "Your Leader stack" in texts and "Gearwright · Leader 3/19" in texts
    assert "Iron Sentinel · Leader 2/26" in texts and "Your Vanguard Heroes get [+1 Life]." in texts
    assert "Your Leader stack: Gearwright 3/19, Iron Sentinel 2/26." in alt_hand(view, NAMES)
    view["epic"]["step"] = {"stage": "boon", "seats": [0], "seat": 0, "boon": None, "left": 0}
    log = []
    render_hand(view, NAMES, log=log)
    assert "Your Leader stack" not in [r.text for r in log] and "Leader stack" not in alt_hand(view, NAMES)
