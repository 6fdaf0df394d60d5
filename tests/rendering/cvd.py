"""Colour distance as a colour-blind member sees it: CIEDE2000 between sRGB colours after the Machado
(2009) dichromacy simulation at severity 1.0 (deuteranopia, protanopia, tritanopia), from colour-science."""

from __future__ import annotations

import itertools
import warnings
from functools import cache

import numpy as np

with warnings.catch_warnings():  # colour-science warns that its optional SciPy/Matplotlib parts are absent
    warnings.simplefilter("ignore")
    import colour

RGB = tuple[int, int, int]
#: what each simulation is called in the docs → colour-science's deficiency at severity 1.0
SIMULATIONS = {"deuteranopia": "Deuteranomaly", "protanopia": "Protanomaly", "tritanopia": "Tritanomaly"}
VISIONS = ("normal", *SIMULATIONS)
_D65 = colour.CCS_ILLUMINANTS["CIE 1931 2 Degree Standard Observer"]["D65"]


@cache
def _matrix(vision: str) -> np.ndarray:
    if vision == "normal":
        return np.eye(3)
    with warnings.catch_warnings():  # it warns that Machado's tritanomaly is an approximation: known, used as is
        warnings.simplefilter("ignore")
        return colour.matrix_cvd_Machado2009(SIMULATIONS[vision], 1.0)


def lab(colours: list[RGB] | np.ndarray, vision: str = "normal") -> np.ndarray:
    """CIELAB (D65) of sRGB colours (0–255) as seen under ``vision`` (simulated on linear RGB)."""
    linear = colour.cctf_decoding(np.asarray(colours, dtype=float) / 255, function="sRGB")
    seen = np.clip(linear @ _matrix(vision).T, 0, 1)
    return colour.XYZ_to_Lab(colour.RGB_to_XYZ(seen, "sRGB"), _D65)


def delta_e(a: RGB, b: RGB, vision: str = "normal") -> float:
    """CIEDE2000 between two sRGB colours under ``vision``."""
    la, lb = lab([a, b], vision)
    return float(colour.delta_E(la, lb, method="CIE 2000"))


def pair_distances(colours: dict[str, RGB], vision: str) -> dict[tuple[str, str], float]:
    """CIEDE2000 of every pair of named colours under ``vision``."""
    names = list(colours)
    labs = lab([colours[n] for n in names], vision)
    pairs = list(itertools.combinations(range(len(names)), 2))
    if not pairs:
        return {}
    d = colour.delta_E(labs[[i for i, _ in pairs]], labs[[j for _, j in pairs]], method="CIE 2000")
    return {(names[i], names[j]): float(v) for (i, j), v in zip(pairs, np.atleast_1d(d), strict=True)}


def weakest(colours: dict[str, RGB], vision: str) -> tuple[tuple[str, str], float]:
    """The closest pair of named colours under ``vision`` and its CIEDE2000."""
    found = pair_distances(colours, vision)
    pair = min(found, key=found.__getitem__)
    return pair, found[pair]
