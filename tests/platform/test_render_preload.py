"""The render workers preload every renderer the cogs use, so no first image pays for its imports."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_module_with_a_renderer_is_loaded_by_the_preload():
    renderers = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts)
                       for p in (ROOT / "rendering").rglob("*.py")
                       if re.search(r"^def render_", p.read_text(encoding="utf-8"), re.M))
    assert {"rendering.ratings.leaderboard", "rendering.tournaments.bracket"} <= set(renderers)
    # a fresh interpreter: what importing the preload list loads, and nothing the test process loaded
    script = ("import importlib, json, sys\nfrom bot.render_pool import RENDERERS\n"
              "for name in RENDERERS: importlib.import_module(name)\nprint(json.dumps(sorted(sys.modules)))")
    loaded = set(json.loads(subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True,
                                           capture_output=True, text=True).stdout))
    missing = [m for m in renderers if m not in loaded]
    assert missing == [], f"add {missing} to bot/render_pool.RENDERERS (the render workers' preload)"
