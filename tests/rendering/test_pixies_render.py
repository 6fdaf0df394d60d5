"""Tests for the Pixies renderer: PNG sanity, legibility (contrast, text size), alt texts, edge cases."""

from __future__ import annotations

import copy
import io
import itertools

import pytest
from PIL import Image

from rendering import pixies
from rendering.pixies.cards import COLOURS, largest_zone_cells
from rendering.theme import INK, MIN_CONTRAST, contrast_ratio
from tests.rendering.legibility import assert_legible, assert_sane_png, opened

# ---------------------------------------------------------------- hand-built views (docs/dev/pixies_view.md)
_ids = itertools.count()


def card(color: str, value: int, spirals: int = 0, crosses: int = 0, color_spiral: bool = False) -> dict:
    return {"id": next(_ids) % 70, "color": color, "value": value, "spirals": spirals, "crosses": crosses,
            "color_spiral": color_spiral}


def space(up: dict | None = None, down: bool = False) -> dict:
    return {"up": up, "down": down}


def grid_a() -> list[dict]:
    """A busy grid: validated cards, a lone face-down card, empties, every symbol kind."""
    return [space(card("blue", 1, spirals=2), True), space(card("blue", 2)), space(),
            space(card("multi", 4), True), space(card("green", 5, color_spiral=True)), space(None, True),
            space(card("red", 7, crosses=1)), space(), space(card("yellow", 9, crosses=2), True)]


def grid_b() -> list[dict]:
    return [space(), space(card("green", 2, spirals=1)), space(card("green", 3, spirals=3), True),
            space(card("red", 4)), space(card("green", 5)), space(card("green", 6, crosses=1)),
            space(), space(card("yellow", 8, color_spiral=True), True), space()]


def grid_full() -> list[dict]:
    colours = ["red", "red", "blue", "multi", "red", "blue", "yellow", "yellow", "green"]
    return [space(card(c, i + 1, spirals=i % 2, crosses=int(i == 8)), i % 3 == 0) for i, c in enumerate(colours)]


def score(seat: int, total_hint: int = 0, active: bool = True, zone: str | None = "green", size: int = 4,
          mult: int = 2) -> dict:
    validated, spirals, crosses, cs = 9 + total_hint, 3, 2, 1
    pts = size * mult
    return {"seat": seat, "active": active, "validated": validated, "spirals": spirals, "crosses": crosses,
            "color_spirals": cs, "zone_color": zone, "zone_size": size, "zone_points": pts,
            "total": validated + spirals - crosses + cs + pts}


def score_grid(seat: int, grid: list[dict], mult: int, active: bool = True) -> dict:
    """Score a grid by the rules (a small stand-in for the engine, so that samples are coherent)."""
    ups = [(i, sp["up"]) for i, sp in enumerate(grid) if sp["up"]]
    best: tuple[int, str | None] = (0, None)
    for colour in ("blue", "green", "yellow", "red", "multi"):
        ok = {i for i, c in ups if c["color"] in (colour, "multi")}
        while ok:
            todo, zone = [ok.pop()], set()
            while todo:
                i = todo.pop()
                zone.add(i)
                for j in (i - 3, i + 3, i - 1 if i % 3 else -1, i + 1 if i % 3 < 2 else -1):
                    if j in ok:
                        ok.discard(j)
                        todo.append(j)
            if len(zone) > best[0]:
                best = (len(zone), colour)
    color_spirals = sum(sum(1 for _, o in ups if o["color"] in (c["color"], "multi") or c["color"] == "multi")
                        for _, c in ups if c["color_spiral"])
    out = {"seat": seat, "active": active,
           "validated": sum(c["value"] for i, c in ups if grid[i]["down"]),
           "spirals": sum(c["spirals"] for _, c in ups), "crosses": sum(c["crosses"] for _, c in ups),
           "color_spirals": color_spirals, "zone_color": best[1], "zone_size": best[0],
           "zone_points": best[0] * mult}
    out["total"] = out["validated"] + out["spirals"] - out["crosses"] + out["color_spirals"] + out["zone_points"]
    return out


def make_view(n: int = 4, *, kind: str = "pick", seat: int = 1, resigned: tuple[int, ...] = (),
              finished: bool = False, rnd: int = 2) -> dict:
    grids = [grid_a(), grid_b(), grid_full(), grid_b()]
    rounds = []
    last = 3 if finished else rnd - 1
    for r in range(1, last + 1):
        mult = r + 1
        if r == last and finished:  # the grids on the table are this round's
            scores = [score_grid(s, grids[s], mult, s not in resigned) for s in range(n)]
        else:
            scores = [score(s, 3 * s + r, s not in resigned, ["green", "red", None, "multi"][s], [4, 3, 0, 2][s],
                            mult) for s in range(n)]
        rounds.append({"round": r, "multiplier": mult, "scores": scores})
    totals = [sum(e["scores"][s]["total"] for e in rounds) for s in range(n)]
    offer = [card("blue", 3, spirals=1), card("multi", 6), card("red", 8, crosses=2),
             card("yellow", 2, color_spiral=True)][: (4 if n == 2 else n) - (1 if kind != "pick" else 0)]
    decision = None
    if not finished:
        taken = card("blue", 2, spirals=1) if kind == "keep" else card("green", 3)
        decision = {"seat": seat, "kind": kind, "id": "17", "card": None if kind == "pick" else taken,
                    "space": None if kind == "pick" else taken["value"] - 1}
    result = None
    if finished:
        best = max(totals)
        ranking: list[list[int]] = []
        for s in sorted(range(n), key=lambda s: (s in resigned, -totals[s])):
            if ranking and totals[ranking[-1][0]] == totals[s] and (s in resigned) == (ranking[-1][0] in resigned):
                ranking[-1].append(s)
            else:
                ranking.append([s])
        result = {"winners": [s for s in range(n) if totals[s] == best and s not in resigned],
                  "ranking": ranking, "scores": totals}
    return {
        "game": "pixies", "status": "finished" if finished else "playing", "round": 3 if finished else rnd,
        "turn": 5, "num_players": n,
        "players": [{"seat": s, "active": s not in resigned, "total": totals[s], "grid": grids[s]}
                    for s in range(n)],
        "offer": [] if finished else offer, "turn_first": 0, "to_act": None if finished else seat,
        "decision": decision, "rounds": rounds, "deck_count": 0 if finished else 31,
        "last_action": {"seat": 0, "text": "Ana took Green 5 and placed it on space 5."},
        "result": result,
    }


def tie_view() -> dict:
    view = make_view(3, finished=True)
    view["result"] = {"winners": [0, 2], "ranking": [[0, 2], [1]], "scores": [70, 64, 70]}
    return view


NAMES = ["Ana", "Bartholomew", "Chloé", "Dmitri"]
LONG = ["🦄🦄 Princess Sparkle-Unicorn of the Eternal Glitter Kingdom 🦄", "漢字", "",
        "𝓕𝓪𝓷𝓬𝔂 𝓝𝓪𝓶𝓮 WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"]

CASES = {
    "table4_pick_resigned": lambda: (pixies.render_table, (make_view(4, seat=2, resigned=(3,)), NAMES)),
    "table2_keep": lambda: (pixies.render_table, (make_view(2, kind="keep", seat=0, rnd=1), NAMES[:2])),
    "table3_space": lambda: (pixies.render_table, (make_view(3, kind="space", seat=1), NAMES[:3])),
    "table4_long_names": lambda: (pixies.render_table, (make_view(4, seat=0), LONG)),
    "table2_crowded_symbols": lambda: (pixies.render_table, (crowded_view(), NAMES[:2])),
    "table_finished": lambda: (pixies.render_table, (make_view(3, finished=True), NAMES[:3])),
    "scores4_round1": lambda: (pixies.render_round_scores, (make_view(4, resigned=(3,)), NAMES, 1)),
    "scores3_round3_grid": lambda: (pixies.render_round_scores, (make_view(3, finished=True), NAMES[:3], 3)),
    "scores2_long": lambda: (pixies.render_round_scores, (make_view(2, finished=True), LONG[:2], 2)),
    "scores_missing_round": lambda: (pixies.render_round_scores, (make_view(2, rnd=1), NAMES[:2], 1)),
    "final4_resigned": lambda: (pixies.render_final, (make_view(4, finished=True, resigned=(1,)), NAMES)),
    "final3_tie": lambda: (pixies.render_final, (tie_view(), NAMES[:3])),
    "final4_long": lambda: (pixies.render_final, (make_view(4, finished=True), LONG)),
}


def render(name: str, log: list | None = None) -> tuple[bytes, Image.Image]:
    fn, args = CASES[name]()
    data = fn(*args, log=log)
    return data, opened(data)


# ---------------------------------------------------------------- image sanity
@pytest.mark.parametrize("name", sorted(CASES))
def test_png_is_sane(name: str) -> None:
    data, img = render(name)
    assert_sane_png(data, img, (780, 1100), (300, 1600), under_bytes=300_000)


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_text_is_legible(name: str) -> None:
    log: list = []
    _, img = render(name, log)
    assert_legible(img, log, 5)


@pytest.mark.parametrize("name", sorted(CASES))
def test_deterministic(name: str) -> None:
    first, _ = render(name)
    second, _ = render(name)
    assert first == second


def test_view_is_not_mutated() -> None:
    view = make_view(4, kind="space", seat=1, resigned=(2,))
    before = copy.deepcopy(view)
    pixies.render_table(view, NAMES)
    pixies.render_round_scores(view, NAMES, 1)
    pixies.table_alt(view, NAMES)
    assert view == before


def test_names_are_made_drawable() -> None:
    log: list = []
    pixies.render_table(make_view(4, seat=0), LONG, log=log)
    texts = " ".join(r.text for r in log)
    assert "🦄" not in texts and "漢" not in texts
    assert "Player 2" in texts and "Player 3" in texts  # unrenderable / empty names fall back
    assert "…" in texts  # long names are ellipsised


def test_highlights_follow_the_decision() -> None:
    log: list = []
    pixies.render_table(make_view(2, kind="keep", seat=0, rnd=1), NAMES[:2], log=log)
    texts = [r.text for r in log]
    assert "Ana places Blue 2" in texts and "Placing" in texts
    log.clear()
    pixies.render_table(make_view(3, kind="space", seat=1), NAMES[:3], log=log)
    assert any("validated" in r.text for r in log)


def test_card_colours_are_readable_and_lettered() -> None:
    letters = set()
    for fill, letter, label in COLOURS.values():
        assert contrast_ratio(INK, fill) >= MIN_CONTRAST, label
        letters.add(letter)
    assert letters == {"B", "G", "Y", "R", "★"}


def crowded_view() -> dict:
    view = make_view(2)
    view["offer"] = [card("red", 9, spirals=5, crosses=3, color_spiral=True), card("multi", 1, color_spiral=True),
                     card("green", 4, spirals=1, color_spiral=True), card("blue", 7, crosses=2)]
    view["players"][0]["grid"][2] = space(card("multi", 3, spirals=2, crosses=1))
    view["players"][0]["grid"][3] = space(card("yellow", 4, spirals=3, crosses=2, color_spiral=True), True)
    return view


def test_crowded_symbols_use_counts() -> None:
    log: list = []
    pixies.render_table(crowded_view(), NAMES[:2], log=log)
    texts = [r.text for r in log]
    assert {"×5", "5"} & set(texts) and {"×3", "3"} & set(texts) and {"×2", "2"} & set(texts)


def test_odd_inputs_do_not_crash() -> None:
    view = make_view(3)
    view["to_act"], view["decision"], view["last_action"] = None, None, None
    view["players"][1]["grid"] = []  # malformed grid: drawn as empty spaces
    view["offer"][0]["color"] = "purple"  # unknown colour: drawn grey with "?"
    log: list = []
    pixies.render_table(view, ["Solo"], log=log)  # fewer names than seats
    texts = [r.text for r in log]
    assert "Waiting" in texts and "Player 2" in texts and "Player 3" in texts and "?" in texts
    assert pixies.render_round_scores(view, [], 3).startswith(b"\x89PNG")  # round not scored yet
    assert "no scores yet" in pixies.round_scores_alt(view, [], 3)


def test_largest_zone_cells() -> None:
    grid = grid_full()  # red 1,2,5 (+ multi 4) form a zone of 4
    assert largest_zone_cells(grid, "red", 4) == {0, 1, 3, 4}
    assert largest_zone_cells(grid, None, 0) == set()


def test_final_marks_shared_victory() -> None:
    log: list = []
    pixies.render_final(tie_view(), NAMES[:3], log=log)
    texts = [r.text for r in log]
    assert "Shared victory: Ana and Chloé" in texts
    assert "3" in texts  # Bartholomew ranks third after the two tied winners
    alt = pixies.final_alt(tie_view(), NAMES[:3])
    assert alt.split(". ")[1].startswith("Shared victory: Ana, Chloé")


# ---------------------------------------------------------------- alt texts
@pytest.mark.parametrize("n", [2, 3, 4])
def test_table_alt(n: int) -> None:
    view = make_view(n, seat=n - 1, resigned=(0,) if n > 2 else ())
    alt = pixies.table_alt(view, NAMES[:n])
    assert len(alt) <= 1024 and "round 2 of 3" in alt
    assert f"{NAMES[n - 1]} to pick" in alt
    for s in range(n):
        assert NAMES[s] in alt and f"{view['players'][s]['total']} points" in alt
    assert ("resigned" in alt) == (n > 2)


def test_round_and_final_alt() -> None:
    view = make_view(4, finished=True, resigned=(1,))
    alt = pixies.round_scores_alt(view, NAMES, 2)
    assert len(alt) <= 1024 and "round 2" in alt
    for s in range(4):
        assert NAMES[s] in alt and str(view["rounds"][1]["scores"][s]["total"]) in alt
    final = pixies.final_alt(view, NAMES)
    assert len(final) <= 1024 and "final standings" in final
    for s in range(4):
        assert NAMES[s] in final and str(view["result"]["scores"][s]) in final
    assert "Dmitri" in final.split(".")[1]  # the winner is named up front


def test_alt_texts_stay_short_with_huge_names() -> None:
    names = ["x" * 500] * 4
    view = make_view(4, finished=True)
    for text in (pixies.table_alt(make_view(4), names), pixies.round_scores_alt(view, names, 3),
                 pixies.final_alt(view, names)):
        assert 0 < len(text) <= 1024


def test_last_action_names_its_player() -> None:
    view = make_view(3, seat=1)
    view["last_action"] = {"seat": 2, "text": "took Red 8 (2 crosses) → space 8"}
    log: list = []
    pixies.render_table(view, NAMES[:3], log=log)
    assert f"Last: {NAMES[2]} took Red 8 (2 crosses) → space 8" in [r.text for r in log]


def test_points_are_labelled_and_a_long_last_action_wraps() -> None:
    """Issue 16: the panels' "pts" are explained; a long last action takes two lines instead of being cut."""
    view = make_view(3, seat=1)
    view["last_action"] = {"seat": 2, "text": "took Yellow 6 → space 6 is validated, so it goes face down on space 9"}
    log: list = []
    pixies.render_table(view, NAMES[:3], log=log)
    texts = [r.text for r in log]
    assert any(t.endswith("· pts: points from finished rounds") for t in texts)
    assert not any("…" in t for t in texts)
    last = [t for t in texts if t.startswith("Last: ")]
    following = texts[texts.index(last[0]) + 1]
    assert f"{last[0]} {following}" == f"Last: {NAMES[2]} {view['last_action']['text']}"


# ---------------------------------------------------------------- the key to the symbols (issue 16)
def _key_cases() -> list[tuple[int, str, dict, list[str]]]:
    """(players, language, view, names) of seeded random games, 2, 3 and 4 players, in English and German."""
    from bot.games.pixies.engine import PixiesEngine
    from tests.rendering.test_phone_legibility import NAMES as PHONE_NAMES
    from tests.rendering.test_phone_legibility import _positions

    engine = PixiesEngine()
    return [(n, lang, engine.view(state, None), PHONE_NAMES[:n]) for n in (2, 3, 4)
            for state in _positions(engine, n, 5 + n, 2) for lang in ("en", "de")]


def test_the_table_has_a_key_to_its_symbols_legible_and_uncut_in_english_and_german() -> None:
    """Issue 16: under the grids, the check, the card back, the spiral, the cross and the colour spiral are drawn
    as on the board with their meaning in the post's language; legible at 400 px wide, inside the image, never
    cut or covered (no text over another), and the image stays at most twice as tall as wide."""
    from bot.i18n import t
    from rendering.pixies.key import ITEMS
    from rendering.theme import BACK, CROSS_INK, GOOD, SPIRAL_INK

    labels = [label for group in ITEMS for _, label in group]
    for n, lang, view, names in _key_cases():
        log: list = []
        img = Image.open(io.BytesIO(pixies.render_table(view, names, lang, log=log)))
        assert img.height <= 2 * img.width, (n, lang, img.size)
        assert_legible(img, log, 20)
        drawn = [r for r in log if r.text in {t(lang, label) for label in labels}]
        assert [r.text for r in drawn] == [t(lang, label) for label in labels], (n, lang)
        if lang == "de":
            assert "Pixie auf Waldboden: SP wie Zahl" in [r.text for r in drawn]
        top = min(r.box[1] for r in drawn)
        below = sorted(r.text for r in log if r.box[3] > top)  # the key lies under everything else
        assert below == sorted([r.text for r in drawn] + ["B"]), (n, lang)  # B: the colour spiral's letter
        assert not any("…" in r.text for r in drawn)
        boxes = [r.box for r in log]  # no text covers another (the gold pill once covered a German title)
        assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                    if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]], (n, lang)
        key = img.convert("RGB").crop((0, top - 8, img.width, img.height))
        shown = {rgb for _, rgb in key.getcolors(1 << 16)}
        assert {GOOD, BACK, SPIRAL_INK, CROSS_INK} <= shown, (n, lang)  # the board's own glyphs


def test_a_long_translation_of_the_key_wraps_instead_of_being_cut() -> None:
    from bot.i18n import PSEUDO, t
    from rendering.pixies.key import ITEMS, key_height, layout

    assert key_height(PSEUDO) > key_height("en") == key_height("de") == 2 * 38  # two lines in English and German
    for width in (760, 300):
        placed = layout(PSEUDO, width)
        assert [" ".join(lines) for *_, lines in placed] == [t(PSEUDO, label) for g in ITEMS for _, label in g]
        assert any(len(lines) > 1 for *_, lines in placed) == (width == 300)
    log: list = []
    img = Image.open(io.BytesIO(pixies.render_table(make_view(4), NAMES, PSEUDO, log=log)))
    assert_legible(img, log, 20)
    assert not any("…" in r.text for r in log) and img.height <= 2 * img.width
