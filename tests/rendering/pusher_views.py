"""Hand-written Pixel Pusher views (docs/dev/pixel_pusher_view.md) for the renderer tests.

Built by hand from the contract, never by the engine: a 2-player draft, a 4-player Convert & Store in
round 3, a finished 3-player game, and private views of the first two.
"""

from __future__ import annotations

import copy
from collections import Counter

COLOUR_WORD = {"R": "Red", "G": "Green", "B": "Blue", "C": "Cyan", "M": "Magenta", "Y": "Yellow", "W": "White"}
NAMES = ["Ana", "Bartholomew", "Chloé", "Dmitri"]
LONG = ["🦄 Princess Sparkle-Unicorn of the Eternal Glitter Kingdom 🦄", "漢字", "",
        "𝓕𝓪𝓷𝓬𝔂 WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"]


def collector(cid: str, color: str, n: int, name: str | None = None) -> dict:
    """A collector card: slot k takes ``n`` pixels of ``color`` from segment k."""
    return {"id": cid, "type": "collector", "name": name or f"{COLOUR_WORD[color]} Hopper {cid[1:]}",
            "text": f"Collect {n} {color}", "color": color, "n": n}


def converter(cid: str, pay: dict, gain: dict, uses: int = 1, name: str | None = None) -> dict:
    """A converter card: pay ``pay`` to the supply, take ``gain`` (``uses`` times per Convert phase)."""
    p = "+".join(c * n for c, n in pay.items())
    g = "+".join(c * n for c, n in gain.items())
    return {"id": cid, "type": "converter", "name": name or f"Mixer {cid[1:]}",
            "text": f"Pay {p}, gain {g}" + (f" ({uses}× per round)" if uses > 1 else ""),
            "pay": dict(pay), "gain": dict(gain), "uses": uses}


def storage(cid: str, slots: int, name: str | None = None) -> dict:
    """A storage card: ``slots`` extra storage slots."""
    return {"id": cid, "type": "storage", "name": name or f"Pixel Shelf {cid[1:]}",
            "text": f"+{slots} storage slots", "slots": slots}


def _recipe(pay: str, gain: str) -> dict:
    return {"pay": dict(Counter(pay)), "gain": dict(Counter(gain))}


# The contract's fields (id, name, text) plus fields an engine may add (phase, uses, recipes).
ABILITIES = {
    "build": {"id": "build", "name": "1st to Build", "text": "You build first. Once a round: R+G → Y or G+B → C.",
              "phase": "build", "uses": 1, "recipes": [_recipe("RG", "Y"), _recipe("GB", "C")]},
    "collect": {"id": "collect", "name": "1st to Collect", "text": "You collect first on every segment."},
    "score": {"id": "score", "name": "1st to Score", "text": "You score first this round."},
    "convert": {"id": "convert", "name": "Colour Wheel", "text": "Once a round: R+G+B → W.", "uses": 1,
                "recipes": [_recipe("RGB", "W")]},
}


def image(iid: str, name: str, art: list[str], vps: list[int], filled: dict[int, int] | None = None) -> dict:
    """An image card from four art rows ('.' = unpainted); one scanline per painted row, top to bottom."""
    grid = [[None if ch == "." else ch for ch in row] for row in art]
    lines, k = [], 0
    for r, row in enumerate(grid):
        cells = [c for c in row if c]
        if not cells:
            continue
        lines.append({"row": r, "needs": dict(sorted(Counter(cells).items())), "vp": vps[k],
                      "filled_by": (filled or {}).get(r)})
        k += 1
    return {"id": iid, "name": name, "grid": grid, "scanlines": lines}


def images(filled: dict[str, dict[int, int]] | None = None) -> list[dict]:
    """Six face-up image cards; ``filled`` maps image id -> {row: seat}."""
    f = filled or {}
    return [
        image("i01", "Cherry", ["..G.", ".GR.", "RR.R", "RR.."], [2, 3, 4, 3], f.get("i01")),
        image("i02", "Sunset", ["YYYY", "MMYY", "MMMM", "BBBB"], [4, 4, 5, 3], f.get("i02")),
        image("i03", "Ghost", [".WW.", "WBWB", "WWWW", "W.W."], [2, 5, 4, 3], f.get("i03")),
        image("i04", "Frog", ["G..G", "GGGG", "GRRG", ".GG."], [3, 4, 5, 3], f.get("i04")),
        image("i05", "Wave", ["....", "C..C", "BCCB", "BBBB"], [3, 4, 3], f.get("i05")),
        image("i06", "Heart", [".M.M", "MMMM", ".MM.", "..M."], [3, 5, 3, 1], f.get("i06")),
    ]


def seat(i: int, *, score: int = 0, side: str = "A", slots: list[list[dict]] | None = None, cap: int = 3,
         stored: list[str] | None = None, held: list[str] | None = None, ability: str | None = None,
         hand: int = 0, picked: bool = False, confirmed: bool = False) -> dict:
    """One public seat entry."""
    segs = [1, 2, 3, 4, 5, 6] if side == "A" else [6, 5, 4, 3, 2, 1]
    return {"seat": i, "score": score, "side": side, "slot_segments": segs,
            "slots": slots or [[] for _ in range(6)], "storage": cap, "stored": stored or [],
            "held": held or [], "ability": copy.deepcopy(ABILITIES[ability]) if ability else None,
            "hand": hand, "picked": picked, "confirmed": confirmed}


def draft2() -> dict:
    """Round 1 draft, 2 players: Ana has picked, Bartholomew has not."""
    return {
        "game": "pixel-pusher", "round": 1, "phase": "draft", "players": 2,
        "conveyor": [list("RGBRRG"), list("BBGRG"), list("GRBR"), list("RRB"), list("GB"), list("B")],
        "bag": 39, "supply": {"C": 10, "M": 10, "Y": 10, "W": 10, "R": 0, "G": 0, "B": 0},
        "deck": 34, "discard": 0, "images": images(), "image_deck": 14, "abilities": copy.deepcopy(ABILITIES),
        "order": None, "to_act": [1],
        "seats": [seat(0, hand=3, picked=True), seat(1, hand=4, picked=False)],
        "log": ["Round 1: each player drafts from a stack of an ability card and 3 machine cards."],
        "result": None,
    }


DRAFT_HAND_1 = [  # Bartholomew's hand: the stack dealt to him
    ABILITIES["score"],
    collector("m11", "G", 2, "Verdant Funnel"),
    converter("m31", {"R": 1, "G": 1}, {"Y": 1}, name="Sunny Blender"),
    storage("m51", 2, "Attic Drawer"),
]
DRAFT_HAND_0 = [  # Ana's hand after her first pick
    ABILITIES["build"],
    collector("m02", "R", 1, "Ruby Ladle"),
    converter("m33", {"R": 1, "G": 1, "B": 1}, {"W": 1}, name="Prism Press"),
]
DRAFT_PICKS_0 = [collector("m07", "B", 3, "Cobalt Siphon")]


def draft2_private(viewer: int = 1) -> dict:
    """The draft view as seen by ``viewer`` (0 or 1)."""
    view = draft2()
    view["you"] = viewer
    hand, picks = (DRAFT_HAND_0, DRAFT_PICKS_0) if viewer == 0 else (DRAFT_HAND_1, [])
    view["private"] = {"hand": copy.deepcopy(hand), "drafted": copy.deepcopy(picks), "working": None}
    return view


def _boards4() -> list[list[list[dict]]]:
    c, v, s = collector, converter, storage
    return [
        [[c("m01", "R", 2), c("m03", "R", 1)], [c("m12", "G", 1)], [], [v("m30", {"R": 1, "G": 1}, {"Y": 1})],
         [s("m50", 2)], [c("m20", "B", 2)]],
        [[c("m13", "G", 2)], [v("m34", {"G": 1, "B": 1}, {"C": 1}, 2), v("m35", {"G": 1, "B": 1}, {"C": 1})],
         [c("m21", "B", 1)], [c("m04", "R", 3)], [], [s("m52", 3)]],
        [[], [c("m22", "B", 2), c("m23", "B", 2), c("m24", "B", 1)], [v("m36", {"R": 1, "B": 1}, {"M": 1})],
         [c("m05", "R", 1)], [c("m14", "G", 1)], [v("m37", {"R": 1, "G": 1, "B": 1}, {"W": 1})]],
        [[c("m15", "G", 3)], [], [], [], [c("m06", "R", 2)], []],
    ]


def convert4() -> dict:
    """Round 3, Convert & Store, 4 players: Bartholomew and Dmitri have confirmed."""
    b = _boards4()
    return {
        "game": "pixel-pusher", "round": 3, "phase": "convert", "players": 4,
        "conveyor": [list("GRB"), [], list("RGRB"), list("B"), list("GGRBR"), list("RR")],
        "bag": 17, "supply": {"C": 8, "M": 9, "Y": 7, "W": 10, "R": 2, "G": 0, "B": 1},
        "deck": 8, "discard": 3,
        "images": images({"i01": {0: 2, 1: 0}, "i02": {3: 1}, "i04": {0: 3}}), "image_deck": 12,
        "abilities": copy.deepcopy(ABILITIES), "order": None, "to_act": [0, 2],
        "seats": [
            seat(0, score=7, side="A", slots=b[0], cap=5, stored=["R", "Y"], held=["R", "R", "G", "B", "B"],
                 ability="build"),
            seat(1, score=4, side="B", slots=b[1], cap=6, stored=["C"], held=[], ability="collect", confirmed=True),
            seat(2, score=12, side="A", slots=b[2], cap=3, stored=["M", "W", "B"], held=["B", "B"], ability="score"),
            seat(3, score=3, side="B", slots=b[3], cap=3, stored=[], held=["G", "G", "G"], ability="convert",
                 confirmed=True),
        ],
        "log": ["Ana collected 2 R and 1 R from segment 1.", "Chloé collected 5 B from segment 2.",
                "Nobody could collect from segment 4."],
        "result": None,
    }


def convert4_private(viewer: int = 0) -> dict:
    """The Convert & Store view as seen by Ana (seat 0), who has converted once."""
    view = convert4()
    view["you"] = viewer
    view["private"] = {
        "hand": [], "drafted": [],
        "working": {"held": ["R", "B", "B"], "stored": ["R", "Y", "Y"],
                    "supply_available": {"C": 8, "M": 9, "Y": 6, "W": 10, "R": 3, "G": 1, "B": 1},
                    "used": {"m30": 1}},
    }
    return view


def finished3() -> dict:
    """The end of a 3-player game: Chloé wins."""
    c, v, s = collector, converter, storage
    slots = [[c("m01", "R", 2)], [c("m12", "G", 1), c("m13", "G", 2)], [v("m30", {"R": 1, "G": 1}, {"Y": 1})],
             [s("m50", 2)], [c("m20", "B", 2)], []]
    return {
        "game": "pixel-pusher", "round": 5, "phase": "finished", "players": 3,
        "conveyor": [list("RRGBBG"), list("GB"), [], list("R"), list("BB"), list("G")],
        "bag": 9, "supply": {"C": 3, "M": 5, "Y": 2, "W": 6, "R": 4, "G": 1, "B": 0},
        "deck": 0, "discard": 5,
        "images": images({"i01": {0: 2, 1: 0, 2: 2, 3: 1}, "i02": {0: 0, 3: 1}, "i03": {1: 2},
                          "i06": {1: 0, 2: 2}}),
        "image_deck": 2, "abilities": copy.deepcopy(ABILITIES), "order": None, "to_act": [],
        "seats": [seat(0, score=21, side="A", slots=copy.deepcopy(slots), cap=5, stored=["R", "C"],
                       ability="score"),
                  seat(1, score=14, side="B", slots=copy.deepcopy(slots), cap=3, stored=["G"], ability="build"),
                  seat(2, score=26, side="A", slots=copy.deepcopy(slots), cap=5, stored=["W", "W", "B"],
                       ability="collect")],
        "log": ["Chloé filled row 3 of Cherry for 4 VP.", "The machine deck is empty: the game ends."],
        "result": {"winners": [2], "scores": [21, 14, 26], "reason": "most victory points"},
    }


def minimal() -> dict:
    """A view with only the required top-level keys and bare seats (robustness)."""
    return {"game": "pixel-pusher", "round": 1, "phase": "build", "players": 2, "conveyor": [[]] * 6,
            "seats": [{"seat": 0}, {"seat": 1}], "to_act": [0]}
