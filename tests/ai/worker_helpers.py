"""Functions the process-worker tests run inside a thinking worker (importable there, unlike a test's locals).

Each writes what it does to a file the test reads: the worker's pid when it starts, a line per finished decision.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from bot.ai.player import decide

#: how long a helper waits for the test at most before giving up (so a broken test fails, never hangs)
PATIENCE = 120.0


def _note(path: str, line: str) -> None:
    """Append ``line`` to ``path`` (one write: a reader sees whole lines)."""
    with open(path, "a") as out:
        out.write(line + "\n")


def meet(folder: str, count: int) -> int:
    """Write this worker's pid into ``folder``, wait until ``count`` workers have, return the pid (two calls only
    both return when they run at once, in two workers)."""
    Path(folder, str(os.getpid())).touch()
    deadline = time.monotonic() + PATIENCE
    while len(os.listdir(folder)) < count:
        if time.monotonic() > deadline:
            raise TimeoutError(f"only {len(os.listdir(folder))} of {count} workers met")
        time.sleep(0.005)
    return os.getpid()


def think_until_killed(mark: str, *args):
    """The first call (no ``mark`` yet): note this worker's pid and think (the same decision, again and again) until
    the test kills the worker. The call made again after the kill (``mark`` exists): decide once and return it."""
    if os.path.exists(mark):
        return decide(*args)
    _note(mark, str(os.getpid()))
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        decide(*args)
    raise TimeoutError("the test did not kill this worker")


def think_until_told(mark: str, go: str, *args):
    """Note this worker's pid, then make the decision again and again (a line in ``mark`` after each) until the file
    ``go`` exists; return the decision."""
    _note(mark, str(os.getpid()))
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        action = decide(*args)
        _note(mark, "decided")
        if os.path.exists(go):
            return action
    raise TimeoutError("the test never said go")
