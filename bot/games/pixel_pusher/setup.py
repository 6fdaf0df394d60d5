"""Setting up a Pixel Pusher game: the plain-JSON state layout and the opening position.

State layout (plain JSON)::

    game, seed, num_players, status ("playing"|"finished"), result, round, phase, token
    rng            -- counter of random draws from the bag (salt for ``rng_for``)
    acts           -- [int] per seat: actions that seat has taken (part of its decision ids)
    active         -- [bool] per seat, false once the player left
    bag            -- {"R","G","B": n}
    conveyor       -- 6 lists of pixels, index 0 = segment 1
    supply         -- {colour: n} for all seven colours (R/G/B in it go back to the bag at Generate)
    deck, discard, removed, image_deck -- card ids (decks are dealt from the front)
    images         -- [{"id", "filled_by": [seat|None per grid row]}] face up
    hands          -- per seat: the draft hand, then the build hand (private)
    drafted        -- per seat: face-down picks of the running draft (private)
    picked         -- per seat: has picked this pass
    abilities_held -- per seat: ability ids revealed after this round's draft
    boards         -- per seat {"side", "slots": [[card ids]] x6, "held", "stored", "score"}
    order, turn    -- acting order of build/score and the index of the seat to act
    fills          -- scanlines filled by the seat to act in this Score phase
    flipped        -- per seat: has flipped this round
    work           -- per seat during Convert & Store: {"held", "stored", "share", "paid", "used"} (private)
    confirmed      -- per seat: done with Convert & Store
    supply_public  -- the supply as it was when Convert & Store opened (shown meanwhile)
    log            -- public sentences of what the last action caused (English: old readers, computer players)
    log_events     -- the same entries as events {"template", "fields"} (``board.note``), which the application words
    content        -- the content version dealt (absent in games begun before versions: 1)
    max_fills      -- scanlines a player may fill in one Score phase (absent: 2, version 1's rule)
"""

from __future__ import annotations

from ..base import rng_for
from .board import PRELOAD, REMOVED, SEGMENTS, State, draw, new_board
from .content import CURRENT, VERSION_CARDS
from .draft import deal
from .rules import advance


def new_state(num_players: int, seed: int, content: int = CURRENT, scanlines: int | None = None) -> State:
    """Return a new game: images dealt, bag filled, deck shuffled and trimmed, conveyor preloaded, round 1
    drafting. ``content`` is the content version dealt; ``scanlines`` the scanlines a player may fill in one
    Score phase (default: 1 as the rulebook says; version 1 games kept their 2)."""
    rng = rng_for(seed, "setup")
    machines, image_cards = VERSION_CARDS[content]
    images = [c["id"] for c in image_cards]
    rng.shuffle(images)
    deck = [c["id"] for c in machines]
    rng.shuffle(deck)
    cut = REMOVED[num_players]
    state: State = {
        "game": "pixel-pusher", "seed": seed, "num_players": num_players, "status": "playing", "result": None,
        "round": 1, "phase": "draft", "token": rng.randrange(num_players), "rng": 0,
        "acts": [0] * num_players, "active": [True] * num_players,
        "bag": {"R": 20, "G": 20, "B": 20}, "conveyor": [[] for _ in range(SEGMENTS)],
        "supply": {"R": 0, "G": 0, "B": 0, "C": 10, "M": 10, "Y": 10, "W": 10},
        "deck": deck[cut:], "discard": [], "removed": deck[:cut],
        "images": [{"id": i, "filled_by": [None] * 4} for i in images[:6]], "image_deck": images[6:],
        "hands": [[] for _ in range(num_players)], "drafted": [[] for _ in range(num_players)],
        "picked": [False] * num_players, "abilities_held": [[] for _ in range(num_players)],
        "boards": [new_board() for _ in range(num_players)],
        "order": None, "turn": 0, "fills": 0, "flipped": [False] * num_players,
        "work": [None] * num_players, "confirmed": [False] * num_players, "supply_public": None,
        "log": [], "log_events": [], "content": content, "max_fills": scanlines or (2 if content == 1 else 1),
    }
    for segment, how_many in enumerate(PRELOAD):
        state["conveyor"][segment] = draw(state, how_many)
    deal(state)
    advance(state)
    return state
