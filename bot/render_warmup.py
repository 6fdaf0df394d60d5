"""What a render worker draws before its first job: the renderers imported, the fonts loaded, and the
tiles most images need (every card face, pieces, labels, a few positions of seeded games)."""

from __future__ import annotations

import logging
import os
import random
from collections.abc import Iterator

from bot.render_pool import RENDERERS

log = logging.getLogger("parlor.render")


def _walk(engine, players: int, steps: int, *, first_decision: bool = False) -> Iterator[tuple[int, dict]]:
    """Yield (step, state) along ``steps`` random legal actions of a game seeded 0 (the first pending
    decision, or a random one), stopping at its end."""
    rng, state = random.Random(0), engine.new_game(players, {}, 0)
    for step in range(steps):
        if engine.is_terminal(state):
            return
        yield step, state
        pending = engine.pending(state)
        decision = pending[0] if first_decision else rng.choice(pending)
        state = engine.apply(state, decision.player, rng.choice(engine.legal_actions(state, decision.player)))


#: whether this process has warmed already (a pool outlives the bots of one process: warm once)
_WARMED: list[bool] = []


def warm_worker() -> int:
    """Import the renderers and load the fonts in this worker (once per process); return its process id."""
    import importlib

    if _WARMED:
        return os.getpid()
    _WARMED.append(True)

    from rendering import theme

    for name in RENDERERS:
        module = importlib.import_module(name)
        if callable(getattr(module, "warm", None)):  # a renderer that caches tiles draws its common ones
            try:
                module.warm()
            except Exception:  # a warm-up never stops the pool: the first real render draws its tiles
                log.warning("warming %s failed", name, exc_info=True)
    for px in (12, 14, 16, 18, 20, 24, 28, 32):
        theme.font(px)
        theme.font(px, bold=True)
    _warm_tiles()
    _warm_card_faces()
    _warm_pixel_pusher()
    return os.getpid()


def _warm_tiles() -> None:
    """Render a few views of seeded Pixies and Tixel games, so that this worker's palette tiles (spaces,
    card backs, panels, the empty board, pieces, labels) are drawn before a game's first image needs them."""
    from bot.games.pixies import PixiesEngine
    from bot.games.tixel import TixelEngine
    from rendering import pixies, tixel

    try:
        from bot.games.pixies.cards import ALL_IDS, card_dict

        pixies.warm_faces([card_dict(i) for i in ALL_IDS])  # every card face, in a space and on offer
        for engine, render, players in ((PixiesEngine(), pixies.render_table, 4), (TixelEngine(), tixel.render_board, 2)):
            for step, state in _walk(engine, players, 33, first_decision=True):
                if step % 8 == 0:
                    render(engine.view(state, None), [f"Player {k + 1}" for k in range(players)])
    except Exception:  # a warm-up never stops the pool: the first real render draws its tiles instead
        log.warning("warming the render tiles failed", exc_info=True)


def hand_warm_cards() -> list[dict]:
    """The cards a worker draws as hand cards at warm-up: the core sets, which Classic games deal (a hand card
    is a large part: every card of every set would not stay in the tile cache; others are drawn on first use)."""
    from bot.games.pixel_tactics import sets

    return [c for name, (_, kind) in sets.SET_INFO.items() if kind == "core" for c in sets.SETS[name]]


def _warm_card_faces() -> None:
    """Draw every Pixel Tactics card face (``/pt card``, Chase Leaders and Bases too), every card as a hand,
    a page of cards and a deck show it, so that those images paste their texts and cards instead of laying
    them out."""
    from bot.games.pixel_tactics import sets
    from bot.games.pixel_tactics.sets import all_cards
    from rendering import pixel_tactics
    from rendering.pixel_tactics.style import PALETTE

    try:
        cards = all_cards()
        every = cards + sets.CHASE + sets.BASES
        with PALETTE.warming():  # kept for good: a long run of hands must not push them out
            for k in range(0, len(every), 9):  # each compact card, as /pt cards, decks and drafts show it
                pixel_tactics.render_card_page(every[k:k + 9], 1, 1, "Pixel Tactics cards")
            duals = [c for c in cards if isinstance(c.get("leader"), dict)]
            pixel_tactics.render_deck({"name": "Deck", "format": "epic", "leaders": duals + sets.CHASE,
                                       "heroes": cards, "problems": []})  # every Hero row and Leader tile
            for card in every:
                pixel_tactics.render_card(card)
        seats = [{"unit": {}, "reserve": [], "hand": 5, "hand_size": 5, "deck": 20, "discard": []} for _ in range(2)]
        view = {"phase": "turn", "round": 1, "wave": "V", "turn": 1, "first": 0, "actions_left": 2,
                "match": {"target": 2, "game": 1}, "players": seats, "you": 0}
        classic = hand_warm_cards()
        for k in range(0, len(classic), 5):  # hands of five, every part of each (as a hand DM sends them)
            pixel_tactics.render_hand_parts({**view, "hand": classic[k:k + 5]}, ["Player 1", "Player 2"])
    except Exception:  # a warm-up never stops the pool: the first real render draws its tiles instead
        log.warning("warming the card faces failed", exc_info=True)


def _warm_pixel_pusher() -> None:
    """Draw every Pixel Pusher machine card (installed and in a hand), every image card untouched, and a few
    positions of seeded 2- and 4-player games (texts, pixels, panels), as the first images of a game need."""
    from bot.games.pixel_pusher import PixelPusherEngine
    from bot.games.pixel_pusher.content import (
        ABILITY_CARDS,
        CURRENT,
        MACHINES,
        VERSION_CARDS,
        ability_dict,
        machine_dict,
    )
    from bot.games.pixel_pusher.view import image_dict
    from rendering import pixel_pusher
    from rendering.pixel_pusher.parts import look_of

    try:
        engine = PixelPusherEngine()
        for players in (2, 4):
            names = [f"Player {k + 1}" for k in range(players)]
            for step, state in _walk(engine, players, 40):
                if step % 4 == 0:
                    pixel_pusher.render_board(engine.view(state, None), names)
                    pixel_pusher.render_private(engine.view(state, 0), names)
        view = engine.view(state, 0)
        cards = [machine_dict(c) for c in MACHINES]  # running games may hold any version's cards
        looks = list({look_of(c): c for c in cards}.values())  # one card of each look
        for k, seat in enumerate(view["seats"]):
            seat["slots"] = [[c] for c in looks[6 * k: 6 * k + 6]] + [[] for _ in range(6 - len(looks[6 * k: 6 * k + 6]))]
        view["images"] = [image_dict({"id": c["id"], "filled_by": [None] * 4}) for c in VERSION_CARDS[CURRENT][1]]
        pixel_pusher.render_board(view, names)
        for card in looks + [ability_dict(a["id"]) for a in ABILITY_CARDS]:  # each face as most hand rows size it
            private = {**(view.get("private") or {}), "hand": [card], "working": None}
            pixel_pusher.render_private({**view, "phase": "draft", "private": private}, names)
        for rnd in range(1, 9):  # every round's title row with every status a private image shows
            for phase in ("draft", "build", "collect", "convert", "score", "finished"):
                for to_act in ([0], []):
                    pixel_pusher.render_private({"players": 4, "you": 0, "round": rnd, "phase": phase,
                                                 "to_act": to_act, "seats": [], "private": {}}, names)
    except Exception:  # a warm-up never stops the pool: the first real render draws its tiles instead
        log.warning("warming the Pixel Pusher tiles failed", exc_info=True)
