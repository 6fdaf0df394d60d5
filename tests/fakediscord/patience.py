"""How long a test waits before it calls something lost: every timeout in the tests is a hang guard, never a
measure of speed, so each is stretched by one factor (``PARLOR_TEST_PATIENCE``, default 4). On a loaded 2-core
machine (CI runs four test workers, each with its render and thinking processes at a lower priority) a long render
can take several times what it takes on an idle one; a passing test never waits longer for it."""

from __future__ import annotations

import os

#: the factor every timeout is stretched by
FACTOR = max(1.0, float(os.environ.get("PARLOR_TEST_PATIENCE", "4")))


def patience(seconds: float) -> float:
    """Return ``seconds`` stretched by :data:`FACTOR` (how long a wait may really last before it fails)."""
    return seconds * FACTOR
