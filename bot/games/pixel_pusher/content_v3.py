"""Pixel Pusher content version 3 as data: version 2's machine mix with fewer converters and more Scoops.

Version 3 keeps version 2's pictures (i21–i40), pixel worths and scanline formula, and changes only how many
of each machine card the 60-card deck holds: 4 Yellow, 4 Cyan and 4 Magenta Mixers and 3 White Blenders
(15 converters, not 18) and 7 Scoops a colour (not 6). With 18 converters a 3- or 4-player table drafted
more of them than its few belt pixels could feed, so winners installed them no more often than anybody
(0.97-0.98x their share); docs/rules/pixel_pusher.md ("Why version 3") gives the measurements.
``content`` builds the cards (ids m121–m180).
"""

from __future__ import annotations

from . import content_v2 as v2

#: (n, copies) for each primary: 11 collectors a colour, one Scoop more than version 2
COLLECTOR_MIX = ((1, 7), (2, 3), (3, 1))
#: (name, pay, gain, uses, copies): version 2's converters, one copy fewer of each Mixer
CONVERTERS = [
    ("Yellow Mixer", {"R": 1, "G": 1}, {"Y": 1}, 1, 4),
    ("Cyan Mixer", {"G": 1, "B": 1}, {"C": 1}, 1, 4),
    ("Magenta Mixer", {"R": 1, "B": 1}, {"M": 1}, 1, 4),
    ("White Blender", {"R": 1, "G": 1, "B": 1}, {"W": 1}, 1, 3),
]
#: (name, slots, copies): as version 2
STORAGE = list(v2.STORAGE)
