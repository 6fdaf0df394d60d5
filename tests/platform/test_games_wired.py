"""Every registered game is wired everywhere a game must be: engine, replay art, presenter cog."""

from pathlib import Path

from bot.app import COGS
from bot.registry import GAMES, engine
from cogs.history import REPLAY_ART


def test_every_game_has_replay_art_and_a_cog():
    assert set(REPLAY_ART) == set(GAMES)
    for kind in GAMES:
        assert engine(kind).name == kind
        module = "cogs." + kind.replace("-", "_")
        path = Path(module.replace(".", "/"))
        assert module in COGS and (path.with_suffix(".py").exists() or (path / "__init__.py").exists())
