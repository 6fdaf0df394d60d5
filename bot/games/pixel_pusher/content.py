"""Pixel Pusher content as data: 60 machine cards and 20 image cards per content version, 4 ability cards, checks.

Everything here is ours (the rulebook draft lists no cards); docs/rules/pixel_pusher.md explains it.
"""

from __future__ import annotations

from typing import Any

from . import content_v2 as v2
from . import content_v3 as v3

PRIMARIES = ("R", "G", "B")
SECONDARIES = ("C", "M", "Y", "W")
COLOURS = PRIMARIES + SECONDARIES
#: how many cubes of each colour the box holds
TOTALS = {"R": 20, "G": 20, "B": 20, "C": 10, "M": 10, "Y": 10, "W": 10}
COLOUR_NAMES = {"R": "red", "G": "green", "B": "blue", "C": "cyan", "M": "magenta", "Y": "yellow", "W": "white"}
#: victory points a pixel of each colour is worth on a scanline (the primaries it took to make it)
PIXEL_VP = {"R": 1, "G": 1, "B": 1, "C": 2, "M": 2, "Y": 2, "W": 3}
#: a full scanline of four pixels earns this bonus on top
FULL_ROW_BONUS = 1

MACHINE_TYPES = ("collector", "converter", "storage")
MACHINE_COUNT = 60
IMAGE_COUNT = 20

# ------------------------------------------------------------------ machine cards
#: (colour, n, copies): 10 collectors per primary colour
_COLLECTORS = [(c, n, k) for c in PRIMARIES for n, k in ((1, 4), (2, 4), (3, 2))]
#: (name, pay, gain, uses, copies)
_CONVERTERS = [
    ("Yellow Mixer", {"R": 1, "G": 1}, {"Y": 1}, 1, 3),
    ("Cyan Mixer", {"G": 1, "B": 1}, {"C": 1}, 1, 3),
    ("Magenta Mixer", {"R": 1, "B": 1}, {"M": 1}, 1, 3),
    ("White Blender", {"R": 1, "G": 1, "B": 1}, {"W": 1}, 1, 3),
    ("Yellow Brightener", {"Y": 1, "B": 1}, {"W": 1}, 1, 2),
    ("Cyan Brightener", {"C": 1, "R": 1}, {"W": 1}, 1, 2),
    ("Magenta Brightener", {"M": 1, "G": 1}, {"W": 1}, 1, 2),
]
#: (name, slots, copies)
_STORAGE = [("Pixel Tank", 1, 6), ("Big Pixel Tank", 2, 6)]

_COLLECTOR_NAMES = {1: "Scoop", 2: "Grabber", 3: "Hopper"}


def recipe_text(pay: dict[str, int], gain: dict[str, int]) -> str:
    """Return ``"R+G → Y"`` for a recipe."""
    def side(d: dict[str, int]) -> str:
        return "+".join(c for c in COLOURS for _ in range(d.get(c, 0)))
    return f"{side(pay)} → {side(gain)}"


def _build_machine_cards(collectors: list[tuple[str, int, int]], converters: list, storage: list,
                         first: int) -> list[dict[str, Any]]:
    """Return 60 machine cards with ids ``m{first}`` onwards in a fixed order (collectors, converters, storage)."""
    cards: list[dict[str, Any]] = []

    def add(card: dict[str, Any]) -> None:
        cards.append({"id": f"m{first + len(cards):02d}", **card})

    for colour, n, copies in collectors:
        for _ in range(copies):
            add({"type": "collector", "name": f"{COLOUR_NAMES[colour].title()} {_COLLECTOR_NAMES[n]}",
                 "text": f"Collect {n} {colour}", "color": colour, "n": n})
    for name, pay, gain, uses, copies in converters:
        for _ in range(copies):
            add({"type": "converter", "name": name,
                 "text": f"Convert {recipe_text(pay, gain)}, {'once' if uses == 1 else 'twice'} a round",
                 "pay": dict(pay), "gain": dict(gain), "uses": uses})
    for name, slots, copies in storage:
        for _ in range(copies):
            add({"type": "storage", "name": name, "text": f"+{slots} storage slot{'s' if slots > 1 else ''}",
                 "slots": slots})
    return cards


#: version 1's machine cards (m01–m60), version 2's (m61–m120) and version 3's (m121–m180)
MACHINE_CARDS: list[dict[str, Any]] = _build_machine_cards(_COLLECTORS, _CONVERTERS, _STORAGE, 1)
MACHINE_CARDS_V2: list[dict[str, Any]] = _build_machine_cards(
    [(c, n, k) for c in PRIMARIES for n, k in v2.COLLECTOR_MIX], v2.CONVERTERS, v2.STORAGE, 61)
MACHINE_CARDS_V3: list[dict[str, Any]] = _build_machine_cards(
    [(c, n, k) for c in PRIMARIES for n, k in v3.COLLECTOR_MIX], v3.CONVERTERS, v3.STORAGE, 121)
#: every machine card of every content version, by id (a game's state names the ones it deals)
MACHINES: dict[str, dict[str, Any]] = {c["id"]: c for c in MACHINE_CARDS + MACHINE_CARDS_V2 + MACHINE_CARDS_V3}

# ------------------------------------------------------------------ ability cards
ABILITY_CARDS: list[dict[str, Any]] = [
    {"id": "build", "name": "1st to Build", "phase": "build",
     "text": "You build first. Once a round: R+G → Y, G+B → C or R+B → M.",
     "recipes": [{"pay": {"R": 1, "G": 1}, "gain": {"Y": 1}}, {"pay": {"G": 1, "B": 1}, "gain": {"C": 1}},
                 {"pay": {"R": 1, "B": 1}, "gain": {"M": 1}}], "uses": 1},
    {"id": "collect", "name": "1st to Collect", "phase": "collect",
     "text": "You collect first. Once a round: G+B → C.",
     "recipes": [{"pay": {"G": 1, "B": 1}, "gain": {"C": 1}}], "uses": 1},
    {"id": "score", "name": "1st to Score", "phase": "score",
     "text": "You score first. Once a round: R+B → M.",
     "recipes": [{"pay": {"R": 1, "B": 1}, "gain": {"M": 1}}], "uses": 1},
    {"id": "reverse", "name": "Reverser", "phase": None,
     "text": "Once a round, while building, you may flip your board (slots read 1-6 or 6-1). Once a round: R+G+B → W.",
     "recipes": [{"pay": {"R": 1, "G": 1, "B": 1}, "gain": {"W": 1}}], "uses": 1},
]
ABILITIES: dict[str, dict[str, Any]] = {a["id"]: a for a in ABILITY_CARDS}

# ------------------------------------------------------------------ image cards
#: (id, name, grid rows top to bottom ("." = background), VP of each painted row top to bottom)
_IMAGES = [
    ("i01", "Heart", [".R.R", "RRMR", ".RR.", "..R."], [2, 6, 2, 1]),
    ("i02", "Leaf", ["..GG", ".GYG", "GGG.", "C..."], [2, 4, 3, 2]),
    ("i03", "Sun", [".RR.", "RYYR", "RYWR", ".RR."], [2, 7, 8, 2]),
    ("i04", "Sea", ["....", ".C..", "CBBC", "BBBB"], [2, 7, 5]),
    ("i05", "Mushroom", [".RR.", "RWRR", ".GG.", "GGGG"], [2, 7, 2, 5]),
    ("i06", "Tree", [".GG.", "GGYG", ".GG.", ".R.."], [2, 6, 2, 1]),
    ("i07", "Fish", ["....", "B.BB", "BBCB", "B.BB"], [3, 6, 3]),
    ("i08", "Ghost", [".BB.", "BWBW", "BBBB", "B.B."], [2, 9, 5, 2]),
    ("i09", "House", [".RR.", "RRRR", "B.YB", "BGGB"], [2, 5, 4, 5]),
    ("i10", "Boat", ["..W.", ".RW.", "RRRR", "BBBB"], [3, 4, 5, 5]),
    ("i11", "Apple", ["..G.", ".RR.", "RRRM", ".RR."], [1, 2, 6, 2]),
    ("i12", "Star", [".Y..", "RYYR", ".RR.", "R..R"], [2, 7, 2, 2]),
    ("i13", "Key", ["GG..", "GYGG", "GG.G", "...."], [2, 6, 3]),
    ("i14", "Potion", [".W..", ".B..", "BMMB", ".BB."], [3, 1, 7, 2]),
    ("i15", "Moon", [".BB.", "B.Y.", "B...", ".BB."], [2, 3, 1, 2]),
    ("i16", "Cloud", ["....", ".BB.", "BCCB", "BBBB"], [2, 7, 5]),
    ("i17", "Frog", ["G..G", "GGGG", "GMMG", "G..G"], [2, 5, 7, 2]),
    ("i18", "Gem", [".CC.", "BBBB", ".BB.", "..B."], [4, 5, 2, 1]),
    ("i19", "Rainbow", ["RRRR", "YYYY", "GGGG", "BBBB"], [5, 9, 5, 5]),
    ("i20", "Cherry", ["...G", "..G.", "R.C.", "MRCR"], [1, 1, 3, 7]),
]


def row_needs(row: str) -> dict[str, int]:
    """Return the pixels a grid row needs, in colour order (``"R.RM"`` → ``{"R": 2, "M": 1}``)."""
    return {c: row.count(c) for c in COLOURS if row.count(c)}


def scanline_vp(needs: dict[str, int], version: int = 1) -> int:
    """Return the VP of a scanline by a content version's formula (version 1: pixel values, plus the bonus for
    a full row of four; version 2: see ``content_v2.scanline_vp``)."""
    if version == 2:
        return v2.scanline_vp(needs)
    count = sum(needs.values())
    return sum(PIXEL_VP[c] * n for c, n in needs.items()) + (FULL_ROW_BONUS if count == 4 else 0)


def _image_card(image_id: str, name: str, rows: list[str], vps: list[int], version: int) -> dict[str, Any]:
    """Return an image card: grid cells (colour or None) and one scanline per painted row."""
    painted = [r for r, row in enumerate(rows) if row.strip(".")]
    scanlines = [{"row": r, "needs": row_needs(rows[r]), "vp": vp} for r, vp in zip(painted, vps, strict=False)]
    return {"id": image_id, "name": name, "grid": [[None if ch == "." else ch for ch in row] for row in rows],
            "scanlines": scanlines, "_rows": rows, "_vps": vps, "_version": version}


#: version 1's image cards (i01–i20, VPs as printed) and version 2's (i21–i40, VPs by its formula)
IMAGE_CARDS: list[dict[str, Any]] = [_image_card(i, name, rows, vps, 1) for i, name, rows, vps in _IMAGES]
IMAGE_CARDS_V2: list[dict[str, Any]] = [
    _image_card(f"i{21 + k}", name, rows, [v2.scanline_vp(row_needs(r)) for r in rows if r.strip(".")], 2)
    for k, (name, rows) in enumerate(v2.IMAGES)]
#: every image card of every content version, by id
IMAGES: dict[str, dict[str, Any]] = {c["id"]: c for c in IMAGE_CARDS + IMAGE_CARDS_V2}

#: the content version new games are dealt with; a game's state records its own (absent: version 1)
CURRENT = 3


def pixel_vp(version: int) -> dict[str, int]:
    """Return what one pixel of each colour is worth on a scanline under a content version (version 3 keeps
    version 2's worths)."""
    return v2.PIXEL_VP if version in (2, 3) else PIXEL_VP


#: each content version's machine and image cards (version 3 deals version 2's pictures with its own machines)
VERSION_CARDS: dict[int, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {
    1: (MACHINE_CARDS, IMAGE_CARDS), 2: (MACHINE_CARDS_V2, IMAGE_CARDS_V2), 3: (MACHINE_CARDS_V3, IMAGE_CARDS_V2)}


def machine_dict(card_id: str) -> dict[str, Any]:
    """Return a machine card as the JSON object of the view contract (a fresh copy)."""
    card = MACHINES[card_id]
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in card.items()}


def ability_dict(ability_id: str) -> dict[str, Any]:
    """Return an ability card as the JSON object of the view contract (a fresh copy)."""
    card = ABILITIES[ability_id]
    return {"id": card["id"], "name": card["name"], "text": card["text"], "phase": card["phase"],
            "uses": card["uses"],
            "recipes": [{"pay": dict(r["pay"]), "gain": dict(r["gain"])} for r in card["recipes"]]}


def card_name(card_id: str) -> str:
    """Return the name of a machine or ability card (for private texts)."""
    if card_id in ABILITIES:
        return ABILITIES[card_id]["name"]
    card = MACHINES[card_id]
    return f"{card['name']} ({card['text']})" if card["type"] == "collector" else card["name"]


# ------------------------------------------------------------------ validation
def _check_counts(d: Any, allowed: tuple[str, ...], what: str) -> None:
    """Raise ``ValueError`` unless ``d`` maps allowed colours to positive ints."""
    if not isinstance(d, dict) or not d:
        raise ValueError(f"{what}: must list at least one colour")
    for colour, n in d.items():
        if colour not in allowed or type(n) is not int or not 1 <= n <= 4:
            raise ValueError(f"{what}: bad entry {colour!r}: {n!r}")


def _validate_machine(card: dict[str, Any]) -> None:
    """Raise ``ValueError`` unless a machine card is complete and sane."""
    cid = card.get("id")
    for key in ("id", "type", "name", "text"):
        if not isinstance(card.get(key), str) or not card[key]:
            raise ValueError(f"machine card {cid}: missing {key}")
    kind = card["type"]
    if kind == "collector":
        if card.get("color") not in PRIMARIES or type(card.get("n")) is not int or not 1 <= card["n"] <= 3:
            raise ValueError(f"machine card {cid}: a collector takes 1-3 pixels of R, G or B")
    elif kind == "converter":
        _check_counts(card.get("pay"), COLOURS, f"machine card {cid} pay")
        _check_counts(card.get("gain"), SECONDARIES, f"machine card {cid} gain")
        if type(card.get("uses")) is not int or not 1 <= card["uses"] <= 2:
            raise ValueError(f"machine card {cid}: uses must be 1 or 2")
        if set(card["pay"]) & set(card["gain"]):
            raise ValueError(f"machine card {cid}: pays and gains the same colour")
        if sum(card["gain"].values()) >= sum(card["pay"].values()):
            raise ValueError(f"machine card {cid}: a conversion must shrink the number of pixels")
    elif kind == "storage":
        if type(card.get("slots")) is not int or not 1 <= card["slots"] <= 3:
            raise ValueError(f"machine card {cid}: storage adds 1-3 slots")
    else:
        raise ValueError(f"machine card {cid}: unknown type {kind!r}")


def _validate_image(card: dict[str, Any]) -> None:
    """Raise ``ValueError`` unless an image card is a 4x4 grid whose scanlines match its painted rows."""
    cid = card["id"]
    rows = card["_rows"]
    if len(rows) != 4 or any(len(r) != 4 or set(r) - set(COLOURS + (".",)) for r in rows):
        raise ValueError(f"image card {cid}: the grid must be 4x4 colours or '.'")
    painted = [r for r, row in enumerate(rows) if row.strip(".")]
    if len(card["_vps"]) != len(painted) or not 2 <= len(painted) <= 4:
        raise ValueError(f"image card {cid}: one VP per painted row, 2-4 painted rows")
    for line in card["scanlines"]:
        if line["vp"] != scanline_vp(line["needs"], card["_version"]):
            raise ValueError(f"image card {cid} row {line['row']}: VP {line['vp']} does not follow the formula")
        _check_counts(line["needs"], COLOURS, f"image card {cid} row {line['row']}")
    if not isinstance(card.get("name"), str) or not card["name"]:
        raise ValueError(f"image card {cid}: missing name")


def validate() -> None:
    """Check all content (counts, completeness, known types, sane numbers); raise ``ValueError`` if wrong."""
    for version, (machines, images) in VERSION_CARDS.items():
        if len(machines) != MACHINE_COUNT or len({c["id"] for c in machines}) != MACHINE_COUNT:
            raise ValueError(f"version {version}: there must be {MACHINE_COUNT} machine cards with distinct ids")
        for card in machines:
            _validate_machine(card)
        if len(images) != IMAGE_COUNT or len({c["id"] for c in images}) != IMAGE_COUNT:
            raise ValueError(f"version {version}: there must be {IMAGE_COUNT} image cards with distinct ids")
        for card in images:
            _validate_image(card)
    image_sets = {id(images) for _, images in VERSION_CARDS.values()}  # a version may deal an earlier one's pictures
    if len(MACHINES) != MACHINE_COUNT * len(VERSION_CARDS) or len(IMAGES) != IMAGE_COUNT * len(image_sets):
        raise ValueError("card ids must be distinct across content versions")
    if [a["id"] for a in ABILITY_CARDS] != ["build", "collect", "score", "reverse"]:
        raise ValueError("the four ability cards are build, collect, score and reverse")
    for ability in ABILITY_CARDS:
        if not ability["recipes"] or ability["uses"] != 1 or not ability["name"] or not ability["text"]:
            raise ValueError(f"ability {ability['id']}: incomplete")
        for recipe in ability["recipes"]:
            _check_counts(recipe["pay"], PRIMARIES, f"ability {ability['id']} pay")
            _check_counts(recipe["gain"], SECONDARIES, f"ability {ability['id']} gain")
    if set(MACHINES) & set(ABILITIES) or set(IMAGES) & set(MACHINES):
        raise ValueError("card ids must be distinct across kinds")


validate()
