"""The Convert & Store phase: supply shares, private work on a board copy, settling it on the board."""

from __future__ import annotations

from ..base import N_
from .board import State, can_pay, converter_sources, note, phase_order, sort_pixels, storage_capacity
from .content import PIXEL_VP, SECONDARIES


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
            note(state, N_("{seat} has nothing to convert or store."), seat=seat)


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
    note(state, N_("Convert & Store is over."))
    state["phase"] = "score"
    state["order"] = phase_order(state, "score")
    state["turn"] = 0
    state["fills"] = 0
