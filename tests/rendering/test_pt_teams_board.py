"""The team modes' board image (issue 12): 4 Units (Team Cross Duel) and 6 Units (King) on one image, seats as the
rulebook's charts, team frames, the acting Unit in gold, each enemy's reach from the acting seat, eliminated
Units crossed out, the top band, and nothing hidden drawn. Views: a real Classic engine view copied to 4/6 seats
with a hand-made ``teams`` field (tests/rendering/pt_team_views.py)."""

import io

from PIL import Image

from rendering.pixel_tactics import alt_board, render_board
from rendering.pixel_tactics.style import CEASE_FILL, CORPSE_FACE, CORPSE_HATCH, NSA, TRAP, new_canvas
from rendering.pixel_tactics.teams import HEAD_H, PAD, W, layout
from rendering.theme import ACCENT, BACK, BACK_EDGE, BACK_PATTERN
from tests.rendering.legibility import assert_legible
from tests.rendering.pt_team_views import NAMES4, NAMES6, king_view, private_team_view, team_view


def _shown(colour):
    """``colour`` as the board's PNG shows it (its palette entry)."""
    cv = new_canvas(4, 4)
    cv.rect((0, 0, 4, 4), colour)
    return Image.open(io.BytesIO(cv.png())).convert("RGB").getpixel((1, 1))


BLUE, ORANGE, GOLD, GREY = _shown(CEASE_FILL), _shown(TRAP), _shown(ACCENT), _shown(NSA)


def _draw(view, names):
    """Return (RGB image, texts drawn) of the board of ``view``, checked for legibility."""
    log: list = []
    img = Image.open(io.BytesIO(render_board(view, names, log=log)))
    assert_legible(img, log, 60)
    return img.convert("RGB"), [r.text for r in log]


def _tags(view, names):
    """{seat: its Unit's tag} (Acting…, Ally, In reach, Long Action (2), Out of reach, Eliminated) by where drawn."""
    log: list = []
    render_board(view, names, log=log)
    words = ("Acting", "Ally", "In reach", "Long Action (2)", "Out of reach", "Eliminated")
    out = {}
    for seat, (x0, y0, x1, y1) in layout(view, names)["units"].items():
        found = [r.text for r in log if r.text.startswith(words) and x0 <= r.box[0] and r.box[2] <= x1
                 and y0 + 100 <= r.box[1] and r.box[3] <= y1 and (r.box[1] > y1 - 60 or r.box[3] < y0 + 200)]
        if found:
            out[seat] = found[0]
    return out


def _frame(img, box):
    """The colour of a Unit's frame: its left edge, halfway down."""
    return img.getpixel((box[0] + 1, (box[1] + box[3]) // 2))


def _header_fill(img, box, row):
    """The colour of a Unit's header strip, right of its name."""
    y = box[1] + PAD + 2 + 32 if row == 0 else box[3] - PAD - 2 - HEAD_H + 32
    return img.getpixel((box[2] - PAD - 12, y))


def test_four_units_sit_as_the_rulebook_chart_team_1_on_top():
    view = team_view()
    units = layout(view, NAMES4)["units"]
    assert units[0][1] == units[2][1] < units[1][1] == units[3][1]  # seats 0, 2 on top; 1, 3 below
    assert units[0][0] == units[1][0] < units[2][0] == units[3][0]  # 0 over 1, 2 over 3
    img, _ = _draw(view, NAMES4)
    # band 60 + 44 + 54 + 54 + 40 = 252 from y 12; two Units of 188 + 16 + 40 + 3 × 96 = 532 with 24 between;
    # 12 below; one legend row (damage, recruited, Corpse) of 40 and the margin of 12
    assert layout(view, NAMES4)["height"] == 12 + 252 + 532 + 24 + 532 + 12 == 1364
    assert img.size == (W, 1364 + 40 + 12)


def test_four_units_team_frames_and_the_acting_unit_in_gold():
    view = team_view()  # Bob (seat 1, Team 2) acts
    img, _ = _draw(view, NAMES4)
    units = layout(view, NAMES4)["units"]
    assert _frame(img, units[0]) == _frame(img, units[2]) == BLUE  # Team 1: blue
    assert _frame(img, units[3]) == ORANGE  # Team 2: orange
    assert _frame(img, units[1]) == GOLD  # the acting Unit: gold
    assert [_header_fill(img, units[s], s % 2) for s in range(4)] == [BLUE, ORANGE, BLUE, ORANGE]


def test_four_units_headers_and_reach_from_the_acting_seat():
    img, texts = _draw(team_view(), NAMES4)
    for name in NAMES4:
        assert name in texts
    assert texts.count("Team 1") == 2 and texts.count("Team 2") == 2
    assert texts.count("In reach") == 2  # Team Cross Duel: both enemies, cost 1
    assert _tags(team_view(), NAMES4) == {0: "In reach", 1: "Acting: 2 actions", 2: "In reach", 3: "Ally"}
    assert texts.count("Ally") == 1 and "Acting: 2 actions" in texts
    assert "Leaders lost 1" in texts and texts.count("Leaders lost 0") == 3
    assert texts.count("Hand 0/5") == 4 and texts.count("Deck 16") == 2 and texts.count("Deck 17") == 2


def test_top_band_mode_round_points_goal():
    _, texts = _draw(team_view(), NAMES4)
    assert texts[0] == "Pixel Tactics" and texts[1] == "Bob: 2 actions left"
    assert texts[2].startswith("Team Cross Duel · ")
    assert "Round 6 · Flank wave · Ada first" in texts
    assert "Team 1 · 0 points" in texts and "Team 2 · 1 point" in texts
    assert "Win: 3 Leaders from one rival or 1 from each" in texts


def test_top_band_restart_ceasefire_and_waiting_line():
    view = team_view()
    view["teams"]["ceasefire_seat"] = 1
    view["phase"], view["waiting"] = "trap", "Dee may respond with a face-down Trap…"
    _, texts = _draw(view, NAMES4)
    assert "Ceasefire: Bob plays a restart round alone, 2 actions a wave" in texts
    assert "Dee may respond with a face-down Trap…" in texts


def test_six_units_sit_as_the_king_chart():
    view = king_view()
    units = layout(view, NAMES6)["units"]
    top, bottom = units[5][1], units[4][1]
    assert units[0][1] == units[1][1] == top < bottom == units[3][1] == units[2][1]
    assert units[5][0] < units[0][0] < units[1][0]  # Knight, King, Knight of Team 1
    assert units[4][0] < units[3][0] < units[2][0]  # seat 1 faces seat 2, seat 5 faces seat 4, King faces King
    assert (units[1][0], units[5][0], units[0][0]) == (units[2][0], units[4][0], units[3][0])


def test_six_units_roles_long_actions_and_an_eliminated_knight():
    view = king_view()  # Ada (seat 0, Team 1's King) acts; Eve (seat 4) is out
    img, texts = _draw(view, NAMES6)
    units = layout(view, NAMES6)["units"]
    assert texts.count("Team 1 · King") == 1 and texts.count("Team 2 · King") == 1
    assert texts.count("Team 1 · Knight") == 2 and texts.count("Team 2 · Knight") == 2
    assert _tags(view, NAMES6) == {0: "Acting: 2 actions", 1: "Ally", 5: "Ally", 2: "Long Action (2)",
                                   3: "Long Action (2)", 4: "Eliminated"}
    assert "In reach" not in texts and "Out of reach" not in texts
    assert texts.count("Eliminated") == 2  # the tag and the plate over the crossed-out Unit
    assert _frame(img, units[0]) == GOLD
    assert _frame(img, units[5]) == _frame(img, units[1]) == BLUE
    assert _frame(img, units[3]) == _frame(img, units[2]) == ORANGE
    assert _header_fill(img, units[4], 1) == GREY  # greyed
    x0, y0, x1, _ = units[4]
    stripes = {img.getpixel((x, y0 + 60)) for x in range(x0 + PAD + 4, x1 - PAD - 4)}
    assert {_shown(CORPSE_FACE), _shown(CORPSE_HATCH)} <= stripes  # crossed out
    assert "Team 1 · 1 rival Knight out" in texts and "Win: rout the rival King's Leader" in texts


def test_a_knight_reaches_the_knight_across_and_the_rival_king_by_a_long_action():
    view = king_view(out=False)
    view["turn"] = 1  # Bob, Team 1's Knight at the start: reach [[2, 1], [3, 2]]
    img, texts = _draw(view, NAMES6)
    assert _tags(view, NAMES6) == {1: "Acting: 2 actions", 0: "Ally", 5: "Ally", 2: "In reach", 3: "Long Action (2)",
                                   4: "Out of reach"}
    assert texts.count("Ally") == 2 and "Acting: 2 actions" in texts and "Eliminated" not in texts
    units = layout(view, NAMES6)["units"]
    assert _frame(img, units[1]) == GOLD and _frame(img, units[0]) == BLUE


def test_hidden_cards_are_not_drawn_a_private_view_draws_the_public_board():
    private, public = private_team_view(0), private_team_view(None)
    assert private["hand"] and private["players"][0]["reserve"][0]["card"]["name"] == "Cinderwitch"
    assert render_board(private, NAMES4) == render_board(public, NAMES4)
    img, texts = _draw(private, NAMES4)
    assert "Trap" in texts and "Cinderwitch" not in " ".join(texts)


def test_secret_leaders_are_drawn_face_down_the_others_stay_face_up():
    view = team_view()  # a restart: Bob (seat 1) picks a new Leader in secret; his own view shows it, marked hidden
    view["phase"], view["turn"] = "leader", None
    view["players"][1] = {**view["players"][1], "leader_chosen": False, "unit": dict(view["players"][1]["unit"])}
    secret = view["players"][1]["unit"]["L"]
    view["players"][1]["unit"]["L"] = {**secret, "card": {**secret["card"], "name": "Zanzibar"}, "hidden": True}
    img, texts = _draw(view, NAMES4)
    x0, y0, x1, y1 = layout(view, NAMES4)["units"][1]  # bottom row: V, F, R; the Leader is F1, the middle
    sw = (x1 - x0 - 2 * (PAD + 2) - 8) // 3
    cx, cy = x0 + PAD + 2 + sw + 4 + sw // 2, y0 + PAD + 2 + 92 + 4 + 46
    assert img.getpixel((cx, cy)) in {_shown(c) for c in (BACK, BACK_PATTERN, BACK_EDGE)}  # the card back
    assert not any(t.startswith("Zan") for t in texts)
    assert "Leaders are picked in secret; still picking: Bob" in texts
    assert texts.count("Stonehi.") == 4 and texts.count("Rimeca.") == 3  # Leaders of Ada, Cyd, Dee stay face up
    alt = alt_board(view, NAMES4)
    assert "Zanzibar" not in alt and "Bob (Team 2): hand 0/5, deck 17; choosing a Leader;" in alt
    assert "Ada (Team 1): hand 0/5, deck 16, Leaders lost 1 (Rimecaster); Leader Stonehide 4/15" in alt


def test_finished_game_names_the_winning_team_and_nobody_acts():
    view = team_view()
    view.update(phase="finished", turn=None, result={"winners": [1, 3], "ranking": [[1, 3], [0, 2]], "reason": "x"})
    view["teams"]["points"] = [0, 3]
    img, texts = _draw(view, NAMES4)
    assert texts[1] == "Game over" and "Team 2 wins" in texts and "Bob, Dee · points 0–3" in texts
    assert _tags(view, NAMES4) == {}  # no acting seat: no reach tags
    units = layout(view, NAMES4)["units"]
    assert [_frame(img, units[s]) for s in range(4)] == [BLUE, ORANGE, BLUE, ORANGE]
