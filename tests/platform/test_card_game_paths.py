"""The chooser's paths of both card games over random games: every legal action is reachable (a
button or a path), and two different actions never share a path (the chooser would pick the wrong one)."""

import random

from bot.games.pixel_pusher import PixelPusherEngine
from bot.games.pixel_tactics import PixelTacticsEngine
from cogs.pixel_pusher import PixelPusherPresenter, action_label
from cogs.pixel_tactics import guide_path

BUTTONS = {"end", "leader", "activate", "decline"}


def states(engine, players, options, games, steps):
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.new_game(players, options, seed)
        for _ in range(steps):
            if engine.is_terminal(state):
                break
            yield state
            decision = rng.choice(engine.pending(state))
            state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))


def test_pixel_tactics_paths_are_unique_and_complete():
    engine = PixelTacticsEngine()
    checked = 0
    for state in states(engine, 2, {"trophies": 2}, 6, 400):
        for decision in engine.pending(state):
            view = engine.view(state, decision.player)
            paths = {}
            for action in engine.legal_actions(state, decision.player):
                path = tuple(step.label for step in guide_path(view, decision.player, action))
                assert path or action["type"] in BUTTONS, action
                if path:
                    assert paths.setdefault(path, action) == action, (path, action, paths[path])
                    checked += 1
    assert checked > 1000


def same_card(view, a, b):
    """Return whether two cards of the viewer's hand differ only by their ids."""
    hand = {c["id"]: {k: v for k, v in c.items() if k != "id"} for c in view["private"]["hand"]}
    return hand[a] == hand[b]


def test_pixel_pusher_labels_tell_different_actions_apart():
    engine = PixelPusherEngine()
    presenter = PixelPusherPresenter()

    class Table:
        def __init__(self, state, version):
            self.engine, self.state, self.id = engine, state, 0
            self.row = type("Row", (), {"version": version, "kind": "pixel-pusher", "updated_at": 0.0})()

    version = 0
    for players in (2, 4):
        for state in states(engine, players, {}, 4, 300):
            version += 1
            for decision in engine.pending(state):
                view = engine.view(state, decision.player)
                seen = {}
                for action in engine.legal_actions(state, decision.player):
                    path = tuple(s.label for s in presenter.guide_path(Table(state, version), decision.player, action))
                    key = path or (action_label(view, action),)
                    if key in seen and seen[key] != action:
                        # only copies of the same card may share a label: taking either is the same
                        a, b = seen[key], action
                        assert {k: v for k, v in a.items() if k != "card"} == {k: v for k, v in b.items() if k != "card"}
                        assert same_card(view, a["card"], b["card"]), (a, b)
                    seen[key] = action
