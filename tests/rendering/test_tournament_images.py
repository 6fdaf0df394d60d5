"""Tournament images: bracket and standings are legible (every text ≥ 14 px when shown 400 px wide),
show what the view says, and their alt texts say it too."""

from __future__ import annotations

import io

from PIL import Image

from rendering.tournaments import bracket_alt, render_bracket, render_standings, standings_alt
from rendering.tournaments.common import ALT_MAX
from tests.rendering.legibility import assert_legible

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max", "Ned", "Oda",
         "Pia"]
LONG = ["Maximiliana Featherstonehaugh", "Bartholomew the Unready 🐉", "Ｗｉｄｅ Ｔｅｘｔ", "Constantinople Jones",
        "xXx_DragonSlayer_9000_xXx", "Ωmega Ψ"]


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


def _seed_order(size: int) -> list[int]:
    order = [1, 2]
    while len(order) < size:
        order = [x for s in order for x in (s, 2 * len(order) + 1 - s)]
    return order


def _bracket(names: list[str], size: int, decided: int) -> dict:
    """A bracket where the better seed wins 2–1 in the first ``decided`` rounds; byes to the top seeds."""
    current = [(s, names[s - 1]) if s <= len(names) else None for s in _seed_order(size)]
    rounds = []
    number = 0
    while len(current) > 1:
        matches, winners = [], []
        for a, b in zip(current[::2], current[1::2], strict=True):
            if number >= decided:
                matches.append({"done": False, "slots": [
                    {"name": p[1], "seed": p[0]} if p else None for p in (a, b)]})
                winners.append(None)
            elif b is None:
                matches.append({"done": True, "slots": [{"name": a[1], "seed": a[0], "won": True}, {"bye": True}]})
                winners.append(a)
            else:
                won = min(a, b)
                matches.append({"done": True, "slots": [
                    {"name": p[1], "seed": p[0], "score": 2 if p is won else 1, "won": p is won} for p in (a, b)]})
                winners.append(won)
        rounds.append({"name": f"Round {number + 1}", "matches": matches})
        current, number = winners, number + 1
    champion = current[0][1] if current[0] else None
    return {"title": "Tixel tournament #3", "subtitle": f"Single elimination · {len(names)} players · best of 3",
            "champion": champion, "rounds": rounds}


def _texts(log) -> list[str]:
    return [rec.text for rec in log]


def _assert_phone_sized(image: Image.Image, log) -> None:
    assert image.width == 800
    assert min(rec.px for rec in log) * 400 / image.width >= 14


def test_eight_player_bracket_shows_every_match_and_the_champion():
    log: list = []
    image = _png(render_bracket(_bracket(NAMES[:8], 8, 3), log=log))
    assert_legible(image, log, 40)
    _assert_phone_sized(image, log)
    texts = _texts(log)
    assert "Champion: Ann" in texts
    assert [t for t in texts if t.startswith("Round")] == ["Round 1", "Round 2", "Round 3"]
    assert all(name in texts for name in NAMES[:8])
    # 4 + 2 + 1 matches won 2–1 by the better seed: seven scores of 2 and of 1, plus seeds 1 and 2 in each round
    assert texts.count("2") == 7 + 3 and texts.count("1") == 7 + 3
    assert texts.count("to be decided") == 0 and texts.count("bye") == 0


def test_sixteen_player_bracket_in_progress_keeps_later_rounds_open():
    log: list = []
    image = _png(render_bracket(_bracket(NAMES, 16, 2), log=log))
    assert_legible(image, log, 60)
    _assert_phone_sized(image, log)
    texts = _texts(log)
    assert not any(t.startswith("Champion") for t in texts)
    # the semi-finals' players are known (no scores yet); the final's are not
    assert texts.count("to be decided") == 2
    assert "16" in texts and "Pia" in texts
    eight = _png(render_bracket(_bracket(NAMES[:8], 8, 3)))
    assert image.height > eight.height  # twice the first-round cards


def test_byes_and_long_names_fit_their_cards():
    log: list = []
    view = _bracket(LONG, 8, 3)
    image = _png(render_bracket(view, log=log))
    assert_legible(image, log, 20)
    _assert_phone_sized(image, log)
    texts = _texts(log)
    assert texts.count("bye") == 2  # seeds 1 and 2 of 6 have a bye
    assert any(t.startswith("Maximiliana") and t.endswith("…") for t in texts)
    assert "Wide Text" in texts  # full-width letters folded into the font's
    assert not any("🐉" in t for t in texts)


def test_undecided_final_slots():
    view = _bracket(NAMES[:4], 4, 1)
    view["rounds"][1]["matches"] = [{"done": False, "slots": [None, None]}]
    log: list = []
    image = _png(render_bracket(view, log=log))
    assert_legible(image, log, 8)
    assert _texts(log).count("to be decided") == 2


def test_bracket_pairs_are_wired_to_the_match_they_feed():
    """Each card is captioned with its match's name; the two cards side by side are joined by a connector to a
    tag naming the match their winners meet in; the final (alone) needs neither."""
    view = _bracket(NAMES[:8], 8, 1)
    for index, rnd in enumerate(view["rounds"]):
        for k, match in enumerate(rnd["matches"]):
            match["label"] = ["Quarter-final", "Semi-final", "Final"][index] + (f" {k + 1}" if index < 2 else "")
            match["feeds"] = (["Semi-final", "Final"][index] + (f" {k // 2 + 1}" if index == 0 else "")
                              if index < 2 else None)
    log: list = []
    image = _png(render_bracket(view, log=log))
    assert_legible(image, log, 40)
    _assert_phone_sized(image, log)
    texts = _texts(log)
    assert [t for t in texts if t.startswith("→")] == ["→ Semi-final 1", "→ Semi-final 2", "→ Final"]
    assert [t for t in texts if t.startswith("Quarter-final ")] == [f"Quarter-final {k}" for k in range(1, 5)]
    assert texts.count("Final") == 0 and [t for t in texts if t.startswith("Semi-final ")] == [
        "Semi-final 1", "Semi-final 2"]
    tag = next(r for r in log if r.text == "→ Semi-final 1")
    centre = image.width // 2
    assert tag.box[0] < centre < tag.box[2]  # the tag sits centred under its pair
    # from the cards' middle (the gap between them) down to the tag: one unbroken line, not the background
    wire = [image.convert("RGB").getpixel((centre, y)) for y in range(tag.box[1] - 60, tag.box[1] - 12)]
    assert len(set(wire)) == 1 and wire[0] != image.convert("RGB").getpixel((2, 2))  # one unbroken connector
    plain = _png(render_bracket(_bracket(NAMES[:8], 8, 1)))
    assert image.height > plain.height  # captions and tags take their own room


def test_bracket_alt_text_reads_round_by_round():
    view = _bracket(NAMES[:3], 4, 2)
    assert bracket_alt(view) == (
        "Tixel tournament #3: single-elimination bracket. Champion: Ann. "
        "Round 1: (1) Ann has a bye; (2) Ben 2–1 (3) Cat, Ben wins. "
        "Round 2: (1) Ann 2–1 (2) Ben, Ann wins.")
    assert len(bracket_alt(_bracket(LONG * 10 + NAMES, 64, 6))) <= ALT_MAX


def _standings() -> dict:
    values = [["9", "3-0-0", "56", "86", "50"], ["6", "2-1-0", "67", "71", "55"], ["6", "2-0-1", "56", "67", "48"],
              ["3", "1-0-2", "67", "43", "60"], ["3", "1-0-2", "44", "40", "52"], ["0", "0-0-3", "67", "14", "61"]]
    rows = [{"rank": k + 1, "name": name, "values": v, "dropped": k == 4, "champion": k == 0}
            for k, (name, v) in enumerate(zip(LONG, values, strict=True))]
    return {"title": "Pixel Tactics tournament #2", "subtitle": "Swiss · 6 players · best of 1 · final",
            "columns": ["Pts", "W-D-L", "OMW", "GW", "OGW"], "rows": rows,
            "note": "Ties broken by opponents' match-win % (OMW), game-win % (GW), then opponents' game-win % (OGW)."}


def test_six_player_standings_table():
    log: list = []
    image = _png(render_standings(_standings(), log=log))
    assert_legible(image, log, 40)
    _assert_phone_sized(image, log)
    texts = _texts(log)
    assert texts[2:9] == ["#", "Player", "Pts", "W-D-L", "OMW", "GW", "OGW"]
    assert texts.count("dropped") == 1
    starts = ("Maximiliana", "Bartholomew", "Wide Text", "Constantinop", "xXx_", "Ωmega")
    assert [next(k for k, t in enumerate(texts) if t.startswith(s)) for s in starts] == sorted(
        next(k for k, t in enumerate(texts) if t.startswith(s)) for s in starts)  # best first
    assert "3-0-0" in texts and "0-0-3" in texts
    assert any(t.startswith("Ties broken") for t in texts)


def test_pod_standings_with_two_columns():
    view = {"title": "Pixies tournament #1", "subtitle": "Swiss · 7 players · best of 1 · round 2",
            "columns": ["Pts", "Games won"], "note": "",
            "rows": [{"rank": k + 1, "name": n, "values": [str(6 - k), str(2 - k // 3)]} for k, n in
                     enumerate(NAMES[:7])]}
    log: list = []
    image = _png(render_standings(view, log=log))
    assert_legible(image, log, 20)
    _assert_phone_sized(image, log)
    assert "Games won" in _texts(log)


def test_standings_alt_text():
    alt = standings_alt(_standings())
    assert alt.startswith("Pixel Tactics tournament #2: standings. Swiss · 6 players · best of 1 · final. "
                          "1. Maximiliana Featherstonehaugh (champion): Pts 9, W-D-L 3-0-0, OMW 56, GW 86, OGW 50.")
    assert "5. xXx_DragonSlayer_9000_xXx (dropped): Pts 3" in alt
    assert len(alt) <= ALT_MAX
