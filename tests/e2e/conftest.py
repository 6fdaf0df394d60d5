"""The end-to-end suite on both backends.

Every end-to-end test runs on SQLite. The modules of ``ON_POSTGRESQL`` run a second time on PostgreSQL, in the
same ``python -m pytest`` run (their ids end in ``[sqlite]`` and ``[postgresql]``): the harness (``parlor``,
``tests/e2e/harness.py``) then keeps each database path in a PostgreSQL database of its own on the session's
server (``tests/pgserver.py``), so the same test plays the same games through the loopback Discord on the other
backend. Without PostgreSQL the ``[postgresql]`` runs are skipped, and fail in CI (``CI=true``).

The choice (README, "Tests"): each game's main end-to-end test, computer players (lobby, ``vs``, a restart while
one thinks, the deadline takeover), deadlines, undo, resignation, history, ratings, a tournament of each kind of
pairing, leagues, settings and a German run. The rest of the suite exercises presentation, which the backend
does not touch; ``PARLOR_TEST_BACKEND=postgresql python -m pytest tests/e2e`` runs all of it on PostgreSQL (a
shake-out run outside CI). The tests that start their own PostgreSQL processes (``test_postgres_e2e.py``,
``test_shards_e2e.py``) are not repeated.
"""

from __future__ import annotations

import pytest

from tests import pgserver

#: the end-to-end modules CI runs on PostgreSQL too
ON_POSTGRESQL = (
    "test_pixies_e2e",
    "test_tixel_e2e",
    "test_pixel_pusher_e2e",
    "test_pixel_tactics_e2e",
    "test_pt_draft_e2e",
    "test_computer_lobby_e2e",
    "test_computer_vs_e2e",
    "test_computer_takeover_e2e",
    "test_computer_pt_e2e",
    "test_computer_pusher_e2e",
    "test_deadlines_e2e",
    "test_undo_e2e",
    "test_resign_e2e",
    "test_history_e2e",
    "test_ratings_e2e",
    "test_tournament_elimination_e2e",
    "test_tournament_swiss_e2e",
    "test_league_e2e",
    "test_settings_e2e",
    "test_lobby_e2e",
    "test_i18n_e2e",
)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.module.__name__.rsplit(".", 1)[-1] in ON_POSTGRESQL and "e2e_backend" in metafunc.fixturenames:
        metafunc.parametrize("e2e_backend", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture(autouse=True)
def e2e_backend(request):
    """The backend this end-to-end test runs on: SQLite, or (a module of ``ON_POSTGRESQL``, its second run)
    PostgreSQL."""
    backend = getattr(request, "param", "sqlite")
    if backend != "postgresql":
        yield backend
        return
    with pgserver.on_postgresql(request.getfixturevalue("pg_server")):
        yield backend
