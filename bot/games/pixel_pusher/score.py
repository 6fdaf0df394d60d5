"""The Score phase: scanlines, filling them from storage, and replacing finished image cards."""

from __future__ import annotations

from typing import Any

from .board import State, can_pay, remove_pixels, seat_name
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
    state["log"].append(f"{seat_name(seat)} filled row {row + 1} of {IMAGES[image_id]['name']} "
                        f"for {line['vp']} VP.")


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
            state["log"].append(f"{name} is finished; {IMAGES[new_id]['name']} replaces it.")
        else:
            state["images"][index] = None
            state["log"].append(f"{name} is finished; no image card is left to replace it.")
    state["images"] = [i for i in state["images"] if i is not None]
