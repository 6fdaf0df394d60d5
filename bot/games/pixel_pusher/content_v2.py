"""Pixel Pusher content version 2 as data: the machine mix, the 20 pictures and the scanline formula.

Version 2 keeps the seed's component counts (60 machine cards, 20 image cards, the same cubes) and changes
what they hold so that converting pays and the pictures ask for the colours the box supplies; the numbers
and their reasons are in docs/rules/pixel_pusher.md ("Content versions"). ``content`` builds the cards
(ids m61–m120 and i21–i40, so both versions' cards can be looked up side by side).
"""

from __future__ import annotations

#: victory points of one pixel on a scanline: a made colour is worth more than the primaries it cost
PIXEL_VP = {"R": 1, "G": 1, "B": 1, "C": 5, "M": 5, "Y": 5, "W": 7}
#: points for each colour on a scanline beyond the first (pictures reward variety)
VARIETY_BONUS = 1
#: points for a full row of four
FULL_ROW_BONUS = 1

#: (n, copies) for each primary: 9 collectors a colour, mostly small ones (all or nothing favours them)
COLLECTOR_MIX = ((1, 6), (2, 3), (3, 1))
#: (name, pay, gain, uses, copies): one mixer kind per made colour, in the proportion the pictures ask for
CONVERTERS = [
    ("Yellow Mixer", {"R": 1, "G": 1}, {"Y": 1}, 1, 5),
    ("Cyan Mixer", {"G": 1, "B": 1}, {"C": 1}, 1, 5),
    ("Magenta Mixer", {"R": 1, "B": 1}, {"M": 1}, 1, 5),
    ("White Blender", {"R": 1, "G": 1, "B": 1}, {"W": 1}, 1, 3),
]
#: (name, slots, copies)
STORAGE = [("Pixel Tank", 1, 7), ("Big Pixel Tank", 2, 5)]

#: (name, grid rows top to bottom, "." = background): every picture has two scanlines of one or two primary
#: pixels and at most one white pixel a row; R = G = B = 40, C = M = Y = 15 and W = 8 cells over the 20 pictures
IMAGES = [
    ("Heart", ["M..M", "RMMR", ".RR.", "..R."]),
    ("Leaf", ["..GG", ".G..", "RGCW", "B..."]),
    ("Sun", [".R..", "YWGY", ".BB.", ".GG."]),
    ("Sea", ["..G.", ".BB.", "CBBC", ".B.."]),
    ("Mushroom", [".RR.", "RWRB", ".GB.", "..G."]),
    ("Tree", [".GG.", "GCGY", ".GG.", ".R.."]),
    ("Fish", ["..G.", ".RR.", "BCWC", ".B.."]),
    ("Ghost", [".BB.", "BWBR", ".GY.", ".R.."]),
    ("House", [".G..", ".BB.", "RBYB", ".GG."]),
    ("Boat", ["..G.", ".RW.", "RYMR", "..BB"]),
    ("Apple", ["..G.", ".RR.", "RRMM", ".GG."]),
    ("Star", [".Y..", "RYYR", ".BB.", "...R"]),
    ("Key", ["GG..", "GYGM", ".G..", "..BB"]),
    ("Potion", [".W..", ".B..", "BMYR", ".RR."]),
    ("Moon", [".B..", "..G.", "BCMW", ".R.."]),
    ("Cloud", ["..GG", ".CC.", "BYCB", ".RR."]),
    ("Frog", ["G..G", ".R..", "GMMR", "B..B"]),
    ("Gem", [".CC.", "BCYB", ".BB.", "..G."]),
    ("Rainbow", [".RR.", "MYCM", ".G..", "B..B"]),
    ("Cherry", ["...G", "..G.", "R.Y.", "MRCR"]),
]


def scanline_vp(needs: dict[str, int]) -> int:
    """Return a version 2 scanline's VP: pixel values, +1 per colour beyond the first, +1 for a full row."""
    count = sum(needs.values())
    return (sum(PIXEL_VP[c] * n for c, n in needs.items()) + VARIETY_BONUS * (len(needs) - 1)
            + (FULL_ROW_BONUS if count == 4 else 0))
