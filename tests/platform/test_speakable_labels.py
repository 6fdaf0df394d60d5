"""Issue 16: every button label and chooser option a game offers says what it does in words a screen reader
reads as they are (no label of symbols or emoji only, no arrow or tick standing for a word), over random
games. Pixel Pusher's cards keep their notation (``R+B → W``): it is the cards' own wording."""

from __future__ import annotations

import random
import re

from bot.registry import engine
from cogs.pixel_pusher import PixelPusherPresenter
from cogs.pixel_pusher import action_label as pusher_label
from cogs.pixel_tactics import guide_path as tactics_path
from cogs.pixies import PixiesPresenter
from cogs.pt_draft import action_label as draft_label
from cogs.tixel import ACTION_LABELS
from cogs.tixel.guide import _source_label, _target_label, _variant_label

#: symbols a screen reader names ("right arrow", "black right-pointing triangle") instead of the word meant
SYMBOLS = re.compile(r"[→←↔⇒◀▶►◄✓✔✗✘★☆]")


def speakable(label: str, notation: bool = False) -> None:
    """Fail unless ``label`` holds a word and (unless it shows a card's ``notation``) no symbol for a word."""
    assert label and re.search(r"[A-Za-z]{2}", label), f"no word in {label!r}"
    assert notation or not SYMBOLS.search(label), f"a symbol for a word in {label!r}"


class Table:
    """Just enough of a table for the presenters' labels."""

    def __init__(self, kind: str, state: dict, version: int):
        self.engine, self.state, self.id = engine(kind), state, 1
        self.row = type("Row", (), {"version": version, "kind": kind, "updated_at": 0.0})()


def positions(kind: str, players: int, games: int, steps: int):
    """(state, seat, view, legal actions) of every pending decision over random games."""
    eng = engine(kind)
    for seed in range(games):
        rng = random.Random(seed)
        state = eng.new_game(players, {}, seed)
        for _ in range(steps):
            pending = eng.pending(state)
            if not pending:
                break
            for decision in pending:
                yield state, decision, eng.view(state, decision.player), eng.legal_actions(state, decision.player)
            decision = rng.choice(pending)
            state = eng.apply(state, decision.player, rng.choice(eng.legal_actions(state, decision.player)))


def test_pixies_buttons():
    presenter = PixiesPresenter()
    checked = 0
    for k, (state, decision, view, legal) in enumerate(positions("pixies", 3, 3, 120)):
        for action in legal:
            speakable(presenter.button(Table("pixies", state, k), view, decision, action).item.label)
            checked += 1
    assert checked > 300


def test_tixel_buttons_and_guided_move():
    for label, _emoji, _style in ACTION_LABELS.values():
        speakable(label)
    checked = 0
    for _state, _decision, view, legal in positions("tixel", 2, 2, 40):
        for action in legal:
            if action["type"] in ("place", "slide", "activate", "pickup", "pivot"):
                source = action.get("square") or action.get("from") or f"pool-{action.get('kind', 'tixel')}"
                if source in view["board"] or source.startswith("pool-"):
                    speakable(_source_label(view, source))
                speakable(_variant_label(action) if _variant_label(action).strip() else "no variant")
                checked += 1
    for target in ("to-c3", "activate", "pickup", "pivot", "d4"):
        speakable(_target_label(target))
    assert checked > 50


def test_card_games_buttons_and_chooser_steps():
    presenter = PixelPusherPresenter()
    checked = 0
    for k, (state, decision, view, legal) in enumerate(positions("pixel-pusher", 3, 2, 150)):
        for action in legal:
            for step in presenter.guide_path(Table("pixel-pusher", state, k), decision.player, action):
                speakable(step.label, notation=True)
            speakable(pusher_label(view, action), notation=True)
            checked += 1
    for _state, decision, view, legal in positions("pixel-tactics", 2, 2, 150):
        for action in legal:
            for step in tactics_path(view, decision.player, action, ["Ada", "Bob"]):
                speakable(step.label)
            checked += 1
    for _state, _decision, view, legal in positions("pt-draft", 2, 2, 60):
        for action in legal:
            speakable(draft_label(view, action))
            checked += 1
    assert checked > 1000
