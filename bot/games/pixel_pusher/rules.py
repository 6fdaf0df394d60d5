"""The Pixel Pusher state machine: in-place transitions on an already copied plain-JSON state.

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
    log            -- public sentences of what the last action caused
"""

from __future__ import annotations

from typing import Any

from ..base import rng_for
from .board import (
    MAX_FILLS,
    PRELOAD,
    REMOVED,
    SEGMENTS,
    STACK_CARDS,
    State,
    active_seats,
    can_pay,
    clone,
    converter_sources,
    count,
    draw,
    fits,
    new_board,
    phase_order,
    remove_pixels,
    seat_name,
    slot_demand,
    slot_segment,
    sort_pixels,
    storage_capacity,
)
from .content import (
    ABILITIES,
    ABILITY_CARDS,
    IMAGE_CARDS,
    IMAGES,
    MACHINE_CARDS,
    MACHINES,
    PIXEL_VP,
    PRIMARIES,
    SECONDARIES,
)

PHASE_NAMES = {"draft": "Draft", "build": "Build", "collect": "Collect", "convert": "Convert & Store",
               "score": "Score", "finished": "Game over"}


# ------------------------------------------------------------------ setup
def new_state(num_players: int, seed: int) -> State:
    """Return a new game: images dealt, bag filled, deck shuffled and trimmed, conveyor preloaded, round 1
    drafting."""
    rng = rng_for(seed, "setup")
    images = [c["id"] for c in IMAGE_CARDS]
    rng.shuffle(images)
    deck = [c["id"] for c in MACHINE_CARDS]
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
        "log": [],
    }
    for segment, how_many in enumerate(PRELOAD):
        state["conveyor"][segment] = draw(state, how_many)
    deal(state)
    advance(state)
    return state


def deal(state: State) -> None:
    """Create the draft stacks: one ability card under up to 3 machine cards per seat; start the draft.

    When the deck cannot give every stack 3 cards, each stack gets as many as it can evenly and the
    rest of the deck is discarded (ours)."""
    n = state["num_players"]
    abilities = [a["id"] for a in ABILITY_CARDS]
    rng_for(state["seed"], "abilities", state["round"]).shuffle(abilities)
    per = min(STACK_CARDS, len(state["deck"]) // n)
    for seat in range(n):
        state["hands"][seat] = state["deck"][:per] + [abilities[seat]]
        state["deck"] = state["deck"][per:]
    if per < STACK_CARDS:
        state["discard"].extend(state["deck"])
        state["deck"] = []
    state["phase"] = "draft"
    state["picked"] = [False] * n
    state["drafted"] = [[] for _ in range(n)]
    state["abilities_held"] = [[] for _ in range(n)]
    state["flipped"] = [False] * n
    state["order"] = None
    state["log"].append(f"Round {state['round']}: the draft begins ({per + 1} cards a hand).")


# ------------------------------------------------------------------ automatic progress
def advance(state: State) -> None:
    """Resolve everything that needs no decision (automatic picks, skipped turns, Collect, closing a phase,
    Generate and the next round) until a decision is awaited or the game is over."""
    while state["status"] == "playing":
        phase = state["phase"]
        if phase == "draft" and not _advance_draft(state):
            return
        if phase == "build" and not _advance_build(state):
            return
        if phase == "convert" and not all(state["confirmed"]):
            return
        if phase == "convert":
            close_convert(state)
        if phase == "score" and not _advance_score(state):
            return


def _advance_draft(state: State) -> bool:
    """Make the automatic picks (a player who left, the last card of a hand); pass hands or end the
    draft. Return whether the state moved on."""
    n = state["num_players"]
    hands = state["hands"]
    last_card = all(len(h) == 1 for h in hands)
    for seat in range(n):
        if not state["picked"][seat] and hands[seat] and (last_card or not state["active"][seat]):
            state["drafted"][seat].append(hands[seat].pop(0))
            state["picked"][seat] = True
    if not all(state["picked"][s] or not hands[s] for s in range(n)) or not any(state["picked"]):
        return False
    if any(hands):
        state["hands"] = [hands[(s - 1) % n] for s in range(n)]
        state["picked"] = [False] * n
        state["log"].append("Everyone picked: the hands pass left.")
        return True
    end_draft(state)
    return True


def end_draft(state: State) -> None:
    """Reveal the drafted ability cards, take the drafted machine cards in hand, start Build."""
    for seat in range(state["num_players"]):
        drafted = state["drafted"][seat]
        state["abilities_held"][seat] = [c for c in drafted if c in ABILITIES]
        machines = [c for c in drafted if c in MACHINES]
        if state["active"][seat]:
            state["hands"][seat] = machines
        else:
            state["hands"][seat] = []
            state["discard"].extend(machines)
        state["drafted"][seat] = []
        names = ", ".join(ABILITIES[a]["name"] for a in state["abilities_held"][seat]) or "no ability card"
        state["log"].append(f"{seat_name(seat)} drafted {len(machines)} machine card(s) and {names}.")
    state["picked"] = [False] * state["num_players"]
    state["phase"] = "build"
    state["order"] = phase_order(state, "build")
    state["turn"] = 0


def _advance_build(state: State) -> bool:
    """Skip seats with nothing to build; after the last builder, Collect and open Convert & Store."""
    order = state["order"]
    while state["turn"] < len(order):
        seat = order[state["turn"]]
        if state["active"][seat] and state["hands"][seat]:
            return False
        state["turn"] += 1
    collect(state)
    open_convert(state)
    return True


def _advance_score(state: State) -> bool:
    """Skip seats that cannot (or may no more) fill a scanline; after the last, end the round."""
    order = state["order"]
    while state["turn"] < len(order):
        seat = order[state["turn"]]
        if state["active"][seat] and state["fills"] < MAX_FILLS and fillable(state, seat):
            return False
        state["turn"] += 1
        state["fills"] = 0
    end_round(state)
    return True


# ------------------------------------------------------------------ draft and build
def pick(state: State, seat: int, card: str) -> None:
    """Draft ``card`` from the seat's hand, face down."""
    state["hands"][seat].remove(card)
    state["drafted"][seat].append(card)
    state["picked"][seat] = True


def install(state: State, seat: int, card: str, slot: int) -> None:
    """Install a machine card from hand into a slot (1-6)."""
    state["hands"][seat].remove(card)
    state["boards"][seat]["slots"][slot - 1].append(card)
    state["log"].append(f"{seat_name(seat)} installed {MACHINES[card]['name']} in slot {slot}.")


def take_pixel(state: State, seat: int, card: str) -> None:
    """Discard a card from hand (face down) and take a random pixel from the bag instead."""
    state["hands"][seat].remove(card)
    state["discard"].append(card)
    got = draw(state, 1)
    state["boards"][seat]["held"] = sort_pixels(state["boards"][seat]["held"] + got)
    what = f"a {got[0]} pixel" if got else "nothing (the bag is empty)"
    state["log"].append(f"{seat_name(seat)} discarded a card and took {what} from the bag.")


def flip(state: State, seat: int) -> None:
    """Turn a board to its other side (the Reverser's power)."""
    board = state["boards"][seat]
    board["side"] = "B" if board["side"] == "A" else "A"
    state["flipped"][seat] = True
    side = "6-1" if board["side"] == "B" else "1-6"
    state["log"].append(f"{seat_name(seat)} flipped their board to the {side} side.")


def install_slots(state: State, seat: int, card: str) -> list[int]:
    """Return the slots (1-6) where ``card`` may be installed."""
    return [i + 1 for i, stack in enumerate(state["boards"][seat]["slots"]) if fits(stack, card)]


def may_flip(state: State, seat: int) -> bool:
    """Return whether the seat may flip now: it holds the Reverser, has not flipped this round, builds."""
    return "reverse" in state["abilities_held"][seat] and not state["flipped"][seat]


# ------------------------------------------------------------------ collect
def collect(state: State) -> None:
    """Resolve Collect: segment by segment, each player in collect order takes what the slot reading it
    asks for, all or nothing."""
    state["phase"] = "collect"
    order = phase_order(state, "collect")
    state["log"].append("Collect: " + ", ".join(seat_name(s) for s in order) + ".")
    for segment in range(SEGMENTS):
        for seat in order:
            board = state["boards"][seat]
            slot = next(i for i in range(SEGMENTS) if slot_segment(board, i) == segment)
            demand = slot_demand(board["slots"][slot])
            if demand is None:
                continue
            colour, n = demand
            belt = state["conveyor"][segment]
            if count(belt, colour) >= n:
                remove_pixels(belt, {colour: n})
                board["held"] = sort_pixels(board["held"] + [colour] * n)
                state["log"].append(f"{seat_name(seat)} collected {n} {colour} from segment {segment + 1}.")
            else:
                state["log"].append(f"{seat_name(seat)} needed {n} {colour} on segment {segment + 1}: none taken.")


# ------------------------------------------------------------------ convert & store
def open_convert(state: State) -> None:
    """Open Convert & Store: each player works privately on a copy of their board, drawing new colours
    from their own share of the supply. Each colour is split evenly among the players who could make it
    (ours, see ``could_make``); the remainder goes one each from the token clockwise, and what nobody could
    make stays in the supply."""
    state["phase"] = "convert"
    state["order"] = None
    state["supply_public"] = dict(state["supply"])
    seats = phase_order(state, None)
    makers = {colour: [s for s in seats if colour in could_make(state, s)] for colour in SECONDARIES}
    shares = {s: {colour: 0 for colour in SECONDARIES} for s in seats}
    for colour, takers in makers.items():
        if not takers:
            continue
        base, extra = divmod(state["supply"][colour], len(takers))
        for i, seat in enumerate(takers):
            shares[seat][colour] = base + (1 if i < extra else 0)
        state["supply"][colour] = 0
    for seat in range(state["num_players"]):
        board = state["boards"][seat]
        if seat not in shares:
            state["confirmed"][seat] = True
            state["work"][seat] = None
            _return(state, board["held"])
            board["held"] = []
            continue
        state["work"][seat] = {"held": list(board["held"]), "stored": list(board["stored"]),
                               "share": shares[seat], "paid": [], "used": {}}
        state["confirmed"][seat] = False
        if not board["held"] and not convert_options(state, seat):
            finish_convert(state, seat)
            state["log"].append(f"{seat_name(seat)} has nothing to convert or store.")


def could_make(state: State, seat: int) -> set[str]:
    """Return the colours a seat could gain in this Convert & Store, were the whole supply theirs: what its
    converters and ability cards produce from the colours it has, or could make first (a generous bound:
    each recipe is judged by the colours it needs, not how many)."""
    board = state["boards"][seat]
    have = set(board["held"] + board["stored"])
    recipes = [recipe for _, source_recipes, _ in converter_sources(state, seat) for recipe in source_recipes]
    made: set[str] = set()
    grew = True
    while grew:
        grew = False
        for recipe in recipes:
            if (set(recipe["gain"]) - made and set(recipe["pay"]) <= have | made
                    and all(state["supply"][c] >= n for c, n in recipe["gain"].items())):
                made |= set(recipe["gain"])
                grew = True
    return made


def _return(state: State, pixels: list[str]) -> None:
    """Put pixels back in the supply."""
    for colour in pixels:
        state["supply"][colour] += 1


def convert_options(state: State, seat: int) -> list[tuple[str, dict[str, int], dict[str, int]]]:
    """Return ``(source, pay, gain)`` for every conversion the seat can make now (one per distinct
    recipe, the first source that offers it)."""
    work = state["work"][seat]
    pixels = work["held"] + work["stored"]
    seen = set()
    options = []
    for source, recipes, uses in converter_sources(state, seat):
        if work["used"].get(source, 0) >= uses:
            continue
        for recipe in recipes:
            key = (tuple(sorted(recipe["pay"].items())), tuple(sorted(recipe["gain"].items())))
            if key in seen or not can_pay(pixels, recipe["pay"]):
                continue
            if any(work["share"].get(c, 0) < n for c, n in recipe["gain"].items()):
                continue
            seen.add(key)
            options.append((source, dict(recipe["pay"]), dict(recipe["gain"])))
    return options


def convert(state: State, seat: int, source: str, pay: dict[str, int], gain: dict[str, int]) -> None:
    """Pay pixels (held first, then stored) to the supply and take the gain from the seat's share."""
    work = state["work"][seat]
    for colour, n in pay.items():
        for _ in range(n):
            (work["held"] if colour in work["held"] else work["stored"]).remove(colour)
            work["paid"].append(colour)
    for colour, n in gain.items():
        work["share"][colour] -= n
        work["held"] = sort_pixels(work["held"] + [colour] * n)
    work["used"][source] = work["used"].get(source, 0) + 1


def store(state: State, seat: int, colour: str) -> None:
    """Move one held pixel into an empty storage slot."""
    work = state["work"][seat]
    work["held"].remove(colour)
    work["stored"] = sort_pixels(work["stored"] + [colour])


def unstore(state: State, seat: int, colour: str) -> None:
    """Take one stored pixel back out (it is held again, and lost unless stored again)."""
    work = state["work"][seat]
    work["stored"].remove(colour)
    work["held"] = sort_pixels(work["held"] + [colour])


def finish_convert(state: State, seat: int) -> None:
    """Confirm: held pixels fill the empty storage slots (most valuable first), the rest return to the
    supply."""
    work = state["work"][seat]
    room = storage_capacity(state["boards"][seat]) - len(work["stored"])
    best = sorted(work["held"], key=lambda c: (-PIXEL_VP[c], "RGBCMYW".index(c)))
    keep, lost = best[:max(room, 0)], best[max(room, 0):]
    work["stored"] = sort_pixels(work["stored"] + keep)
    work["held"] = sort_pixels(lost)
    state["confirmed"][seat] = True


def settle_work(state: State, seat: int) -> None:
    """Make a seat's Convert & Store work its board: stored pixels stay, held, paid and unused shares go
    back to the supply."""
    work = state["work"][seat]
    if work is None:
        return
    board = state["boards"][seat]
    board["stored"] = work["stored"]
    board["held"] = []
    _return(state, work["held"] + work["paid"])
    for colour, n in work["share"].items():
        state["supply"][colour] += n
    state["work"][seat] = None


def close_convert(state: State) -> None:
    """Close Convert & Store: boards take their players' work, leftovers return to the supply, Score opens."""
    for seat in range(state["num_players"]):
        settle_work(state, seat)
    state["supply_public"] = None
    state["log"].append("Convert & Store is over.")
    state["phase"] = "score"
    state["order"] = phase_order(state, "score")
    state["turn"] = 0
    state["fills"] = 0


# ------------------------------------------------------------------ score
def scanline(image_id: str, row: int) -> dict[str, Any] | None:
    """Return the scanline of an image card's grid row, or None if the row is not painted."""
    for line in IMAGES[image_id]["scanlines"]:
        if line["row"] == row:
            return line
    return None


def fillable(state: State, seat: int) -> list[tuple[str, int]]:
    """Return ``(image id, row)`` of every unfilled scanline the seat's stored pixels can pay for."""
    stored = state["boards"][seat]["stored"]
    return [(image["id"], line["row"]) for image in state["images"] for line in IMAGES[image["id"]]["scanlines"]
            if image["filled_by"][line["row"]] is None and can_pay(stored, line["needs"])]


def fill(state: State, seat: int, image_id: str, row: int) -> None:
    """Pay a scanline's pixels from storage onto the image card and score its VP."""
    line = scanline(image_id, row)
    board = state["boards"][seat]
    remove_pixels(board["stored"], line["needs"])
    image = next(i for i in state["images"] if i["id"] == image_id)
    image["filled_by"][row] = seat
    board["score"] += line["vp"]
    state["fills"] += 1
    state["log"].append(f"{seat_name(seat)} filled row {row + 1} of {IMAGES[image_id]['name']} "
                        f"for {line['vp']} VP.")


def done_scoring(state: State) -> None:
    """End the acting seat's turn in the Score phase."""
    state["turn"] += 1
    state["fills"] = 0


def image_finished(image: dict[str, Any]) -> bool:
    """Return whether every painted row of a face-up image card is filled."""
    return all(image["filled_by"][line["row"]] is not None for line in IMAGES[image["id"]]["scanlines"])


def end_round(state: State) -> None:
    """Replace finished images, then end the game if the machine deck is empty, else start the next round."""
    for index, image in enumerate(state["images"]):
        if not image_finished(image):
            continue
        for line in IMAGES[image["id"]]["scanlines"]:
            for colour, n in line["needs"].items():
                if colour in PRIMARIES:
                    state["bag"][colour] += n
                else:
                    state["supply"][colour] += n
        name = IMAGES[image["id"]]["name"]
        if state["image_deck"]:
            new_id = state["image_deck"].pop(0)
            state["images"][index] = {"id": new_id, "filled_by": [None] * 4}
            state["log"].append(f"{name} is finished; {IMAGES[new_id]['name']} replaces it.")
        else:
            state["images"][index] = None
            state["log"].append(f"{name} is finished; no image card is left to replace it.")
    state["images"] = [i for i in state["images"] if i is not None]
    if not state["deck"]:
        finish(state, "the machine deck is empty")
        return
    state["round"] += 1
    n = state["num_players"]
    state["token"] = (state["token"] + 1) % n
    generate(state)
    deal(state)


def generate(state: State) -> None:
    """Generate: supply R/G/B and segment 6 go into the bag, the belt shifts, 6 new pixels land on segment 1."""
    for colour in PRIMARIES:
        state["bag"][colour] += state["supply"][colour]
        state["supply"][colour] = 0
    for colour in state["conveyor"][-1]:
        state["bag"][colour] += 1
    state["conveyor"] = [[]] + state["conveyor"][:-1]
    state["conveyor"][0] = draw(state, 6)
    state["log"].append(f"Generate: {len(state['conveyor'][0])} new pixels on segment 1.")


# ------------------------------------------------------------------ leaving and the end
def leave(state: State, seat: int) -> None:
    """Remove a player: their seat stays as a ghost that picks automatically and does nothing else; the
    game ends when one player is left."""
    state["active"][seat] = False
    state["log"].append(f"{seat_name(seat)} left the game.")
    if len(active_seats(state)) <= 1:
        finish(state, "every other player left")
        return
    phase = state["phase"]
    if phase == "build":
        state["discard"].extend(state["hands"][seat])
        state["hands"][seat] = []
    elif phase == "convert" and state["work"][seat] is not None:
        settle_work(state, seat)
        state["confirmed"][seat] = True
    elif phase == "score" and state["order"][state["turn"]] == seat:
        done_scoring(state)


def ranking(state: State) -> list[list[int]]:
    """Group seats best first: players still in by VP then pixels on the board, then those who left."""
    def key(s: int) -> tuple[int, int]:
        board = state["boards"][s]
        return board["score"], len(board["stored"]) + len(board["held"])

    groups: list[list[int]] = []
    for seats in (active_seats(state), [s for s in range(state["num_players"]) if not state["active"][s]]):
        for value in sorted({key(s) for s in seats}, reverse=True):
            groups.append([s for s in seats if key(s) == value])
    return groups


def finish(state: State, reason: str) -> None:
    """End the game and record the result (open Convert & Store work is settled first)."""
    for seat in range(state["num_players"]):
        settle_work(state, seat)
    state["supply_public"] = None
    groups = ranking(state)
    scores = [b["score"] for b in state["boards"]]
    winners = groups[0]
    if len(winners) > 1:
        reason += "; tied on points and pixels: a shared victory"
    elif len(active_seats(state)) > 1:
        best = [s for s in active_seats(state) if scores[s] == scores[winners[0]]]
        if len(best) > 1:
            reason += "; the tie on points was broken by pixels on the board"
    state["status"] = "finished"
    state["phase"] = "finished"
    state["order"] = None
    state["result"] = {"winners": winners, "ranking": groups, "scores": scores, "reason": reason}
    state["log"].append("Game over: " + ", ".join(seat_name(s) for s in winners) + " won.")


def copy_state(state: State) -> State:
    """Return a deep copy of a state."""
    return clone(state)
