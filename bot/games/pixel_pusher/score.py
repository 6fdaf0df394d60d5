"""The Score phase: scanlines, filling them from storage, and replacing finished image cards."""

from __future__ import annotations

from typing import Any

from ..base import N_
from .board import State, can_pay, note, remove_pixels
from .content import IMAGES, PRIMARIES


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
    note(state, N_("{seat} filled row {row} of {image} for {vp} VP."), seat=seat, row=row + 1,
         image=IMAGES[image_id]["name"], vp=line["vp"])


def done_scoring(state: State) -> None:
    """End the acting seat's turn in the Score phase."""
    state["turn"] += 1
    state["fills"] = 0


def image_finished(image: dict[str, Any]) -> bool:
    """Return whether every painted row of a face-up image card is filled."""
    return all(image["filled_by"][line["row"]] is not None for line in IMAGES[image["id"]]["scanlines"])


def replace_finished_images(state: State) -> None:
    """Return a finished image card's pixels to the bag and supply and deal a new image card in its place."""
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
            note(state, N_("{image} is finished; {new} replaces it."), image=name, new=IMAGES[new_id]["name"])
        else:
            state["images"][index] = None
            note(state, N_("{image} is finished; no image card is left to replace it."), image=name)
    state["images"] = [i for i in state["images"] if i is not None]
