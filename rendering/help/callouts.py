"""A board with lettered callouts: the board as its renderer draws it (same width, so its text reads as well as
on the table post) and gold lettered discs beside the texts that anchor each region. The key explaining each
letter is text in the post (it reflows on a phone; the image stays one phone screen). Pure: the board's PNG and
text log in, PNG bytes out."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from rendering.theme import ACCENT, BG, INK, Canvas, TextRecord, to_png

Box = tuple[int, int, int, int]
#: where a disc may go beside its anchor text, tried in order until one covers no text
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SIDES = ("right", "left", "above", "below", "above-right", "below-right", "above-left", "below-left")


@dataclass(frozen=True)
class Callout:
    """One lettered region: its key id, the text that anchors it (the ``nth`` match), where its disc goes
    (no sides: always in a strip opened above the anchor)."""

    key: str
    match: Callable[[TextRecord, list[TextRecord]], bool]
    sides: tuple[str, ...] = SIDES
    nth: int = 0
    #: space between the anchor text and the disc (more beside a pill or card drawn around the text)
    gap: int = 4


@dataclass(frozen=True)
class Placed:
    """A callout placed on the board: its number, anchor box and disc box (image coordinates)."""

    number: int
    key: str
    anchor: Box
    disc: Box
    #: the board row before which a strip is opened for the disc (None: the disc lies on the board)
    strip: int | None = None


Match = Callable[[TextRecord, list[TextRecord]], bool]


def text_is(text: str) -> Match:
    """Match a drawn text exactly."""
    return lambda rec, _records: rec.text == text


def text_starts(prefix: str) -> Match:
    """Match a drawn text by its start."""
    return lambda rec, _records: rec.text.startswith(prefix)


def text_ends(suffix: str) -> Match:
    """Match a drawn text by its end."""
    return lambda rec, _records: rec.text.endswith(suffix)


def between(rec: TextRecord, records: list[TextRecord], above: str, below: str) -> bool:
    """Whether ``rec`` lies below the first text ``above`` and above the first text ``below``."""
    top = next((r.box[3] for r in records if r.text == above), None)
    bottom = next((r.box[1] for r in records if r.text == below), None)
    return top is not None and bottom is not None and top < rec.box[1] and rec.box[3] < bottom


def anchor(records: list[TextRecord], callout: Callout) -> TextRecord | None:
    """Return the callout's anchor text, if the board drew it."""
    found = [r for r in records if callout.match(r, records)]
    return found[callout.nth] if len(found) > callout.nth else None


def _overlaps(a: Box, b: Box, pad: int = 0) -> bool:
    return a[0] - pad < b[2] and b[0] - pad < a[2] and a[1] - pad < b[3] and b[1] - pad < a[3]


def _candidate(box: Box, side: str, size: int, gap: int) -> Box:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    left = {"right": x1 + gap, "left": x0 - gap - size, "above": cx - size // 2, "below": cx - size // 2,
            "above-right": x1 - size // 3, "below-right": x1 - size // 3, "above-left": x0 - 2 * size // 3,
            "below-left": x0 - 2 * size // 3}[side]
    top = {"right": cy - size // 2, "left": cy - size // 2, "above": y0 - gap - size, "below": y1 + gap,
           "above-right": y0 - size - 2, "below-right": y1 + 2, "above-left": y0 - size - 2,
           "below-left": y1 + 2}[side]
    return left, top, left + size, top + size


def _flat(board: Image.Image, box: Box) -> tuple[int, int, int] | None:
    """Return the one colour of the board under ``box`` and 2 px around it, or None where something is drawn."""
    area = board.crop((box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2))
    colours = area.getcolors(area.width * area.height) or []
    if not colours or max(colours)[0] < 0.97 * area.width * area.height:
        return None
    return max(colours)[1]


def _plain(board: Image.Image, box: Box) -> bool:
    """Whether nothing is drawn under ``box`` (one flat colour)."""
    return _flat(board, box) is not None


def _around(box: Box, size: int, gap: int, reach: int = 40, step: int = 4) -> list[Box]:
    """Disc boxes ever further from ``box`` (rings of ``step`` px), the nearest first."""
    x0, y0, x1, y1 = box
    out = []
    for ring in range(gap, reach, step):
        left, top, right, bottom = x0 - ring - size, y0 - ring - size, x1 + ring, y1 + ring
        xs = range(left, right + 1, step)
        ys = range(top, bottom + 1, step)
        out += [(x, top, x + size, top + size) for x in xs] + [(x, bottom, x + size, bottom + size) for x in xs]
        out += [(left, y, left + size, y + size) for y in ys] + [(right, y, right + size, y + size) for y in ys]
    return out


def place(board: Image.Image, records: list[TextRecord], callouts: list[Callout], size: int) -> list[Placed]:
    """Return each found callout's disc: on a preferred side of its anchor, else the nearest spot around it,
    where it covers no text, no other disc and nothing drawn (a flat background), inside the board."""
    placed: list[Placed] = []
    texts = [r.box for r in records]
    width, height = board.size

    page = board.getpixel((1, 1))

    def free(d: Box, ground: tuple[int, int, int] | None = None) -> bool:
        return (5 <= d[0] and d[2] <= width - 5 and 5 <= d[1] and d[3] <= height - 5
                and not any(_overlaps(d, t, 3) for t in texts)
                and not any(_overlaps(d, p.disc, 4) for p in placed if p.strip is None)
                and not any(d[1] - 3 <= p.strip <= d[3] + 3 for p in placed if p.strip is not None)
                and _flat(board, d) is not None and (ground is None or _flat(board, d) in (ground, page)))

    def clear(d: Box) -> bool:
        return (5 <= d[0] and d[2] <= width - 5 and 5 <= d[1] and d[3] <= height - 5
                and not any(_overlaps(d, t, 3) for t in texts) and not any(_overlaps(d, p.disc, 4) for p in placed))

    for callout in callouts:
        rec = anchor(records, callout)
        if rec is None:
            continue
        box = rec.box
        sides = [_candidate(box, side, size, callout.gap) for side in callout.sides]
        spot = next((d for d in sides if free(d)), None) or next(  # further off: on the anchor's ground or the page
            (d for d in _around(box, size, callout.gap) if free(d, rec.bg)), None) if sides else None
        busy = texts + [p.disc for p in placed if p.strip is None]
        row = None if spot else flat_row(board, box, busy, (page, rec.bg))
        fallback = sides[0] if sides else _candidate(box, "above", size, callout.gap)
        if spot is None and row is None:  # no flat ground and no row to open: at least cover no text and no disc
            fallback = next((d for d in sides + _around(box, size, callout.gap) if clear(d)), fallback)
        placed.append(Placed(len(placed) + 1, callout.key, box, spot or fallback, row))
    return placed


def _one_colour(area: Image.Image) -> bool:
    return len(area.getcolors(area.width * area.height) or [0, 0]) == 1


def _row(board: Image.Image, y: int) -> bytes:
    return board.crop((0, y, board.width, y + 1)).tobytes()


def flat_row(board: Image.Image, box: Box, texts: list[Box], grounds: tuple = (), reach: int = 90) -> int | None:
    """Return the nearest row above ``box`` that equals the two rows on each side and crosses none of the boxes
    ``texts``: repeating it opens room without cutting anything (None if there is none within ``reach``).
    A row whose colour above the anchor is one of ``grounds`` (the page, the anchor's own background) comes
    first: a row through another element (a card) would stretch that element."""
    found = []
    for y in range(box[1] - 1, max(1, box[1] - reach), -1):
        if y < 2 or any(t[1] - 2 <= y <= t[3] + 2 for t in texts):
            continue
        if len({_row(board, y + d) for d in range(-2, 3)}) != 1:
            continue
        around = board.crop((max(12, box[0] - 12), y, min(board.width - 12, box[2] + 12), y + 1))
        if _one_colour(around):  # not through a pill or card drawn around the anchor
            if around.getpixel((0, 0)) in grounds:
                return y
            found.append(y)
    return found[0] if found else None


def stretch(board: Image.Image, placed: list[Placed], size: int) -> tuple[Image.Image, list[Placed], Callable]:
    """Open a strip (the flat row repeated) above each anchor that had no room, its disc in it; return the
    taller board, every disc where it ends up, and how a board row moves down."""
    rows = sorted({p.strip for p in placed if p.strip is not None})
    high = size + 8

    def moved(y: int) -> int:
        return y + high * sum(1 for r in rows if r <= y)

    out = Image.new("RGB", (board.width, board.height + high * len(rows)))
    start = 0
    for r in rows + [board.height]:
        out.paste(board.crop((0, start, board.width, r)), (0, moved(start)))
        if r < board.height:
            line = board.crop((0, r, board.width, r + 1))
            for i in range(high):
                out.paste(line, (0, moved(r) - high + i))
        start = r
    final: list[Placed] = []
    for item in placed:
        if item.strip is None:
            x0, y0, x1, y1 = item.disc
            final.append(Placed(item.number, item.key, item.anchor, (x0, moved(y0), x1, moved(y0) + y1 - y0)))
            continue
        top = moved(item.strip) - high + 4
        taken = [p.disc for p in final if p.disc[1] == top]
        line = board.crop((0, item.strip, board.width, item.strip + 1))
        for x in sorted(range(5, board.width - size - 5), key=lambda x: abs(x - (item.anchor[0] + item.anchor[2] - size) // 2)):
            span = line.crop((x - 2, 0, x + size + 2, 1))
            if _one_colour(span) and not any(t[0] - 4 < x + size and x < t[2] + 4 for t in taken):
                break
        final.append(Placed(item.number, item.key, item.anchor, (x, top, x + size, top + size)))
    return out, final, moved


def letter(number: int) -> str:
    """Return a callout's mark: A, B, C … (letters, so that no callout reads as a number of the board)."""
    return LETTERS[number - 1]


def disc(cv: Canvas, box: Box, number: int, px: int) -> None:
    """Draw a gold lettered disc."""
    x0, y0, x1, y1 = box
    cv.rect(box, ACCENT, radius=(x1 - x0) // 2, outline=INK, width=2)
    cv.text((x0 + x1) / 2, (y0 + y1) / 2 + 1, letter(number), px, INK, ACCENT, bold=True, anchor="mm")


def cropped(board_png: bytes, records: list[TextRecord],
            crop: tuple[int, int] | None) -> tuple[Image.Image, list[TextRecord]]:
    """Return the board's rows ``crop`` (all by default) and the texts inside them, moved with them."""
    board = Image.open(io.BytesIO(board_png)).convert("RGB")
    top, bottom = crop or (0, board.height)
    kept = [TextRecord(r.text, r.fg, r.bg, r.px, (r.box[0], r.box[1] - top, r.box[2], r.box[3] - top))
            for r in records if r.box[1] >= top and r.box[3] <= bottom]
    return board.crop((0, top, board.width, bottom)), kept


def disc_size(width: int) -> int:
    """Return a disc's diameter on an image ``width`` wide (its letter at the smallest legible size)."""
    return Canvas(width, 1).min_px() + 10


def compose(board_png: bytes, records: list[TextRecord], callouts: list[Callout], *,
            crop: tuple[int, int] | None = None, log: list[TextRecord] | None = None) -> tuple[bytes, list[str]]:
    """Return the guide image (the board, rows ``crop`` only, with lettered discs; no heading and no key: the post
    gives those as text) and the ids of the callouts placed, in letter order."""
    board, kept = cropped(board_png, records, crop)
    px = Canvas(board.width, 1).min_px()
    size = disc_size(board.width)
    board, placed, moved = stretch(board, place(board, kept, callouts, size), size)
    cv = Canvas(board.width, board.height, BG, log)
    cv.image.paste(board, (0, 0))
    if log is not None:
        log.extend(TextRecord(r.text, r.fg, r.bg, r.px, (r.box[0], moved(r.box[1]), r.box[2],
                                                         moved(r.box[1]) + r.box[3] - r.box[1])) for r in kept)
    for item in placed:
        disc(cv, item.disc, item.number, px)
    return to_png(cv.image), [item.key for item in placed]
