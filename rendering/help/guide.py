"""Each game's "how to read this board" image: a real position drawn by the game's own renderer with lettered
callouts on its regions, one phone screen tall; the key is the post's text. Pure: a public view, names and a
language in, PNG out.

The callouts find their regions by the English words the board draws; a board drawn in another language has
the same layout, so each anchor is the text drawn in that language where the English one lies."""

from __future__ import annotations

import difflib
import io
from collections.abc import Callable
from dataclasses import dataclass, replace

from PIL import Image

from bot.i18n import SOURCE
from rendering.help import pixel_pusher, pixel_tactics, pixies, tixel
from rendering.help.callouts import Callout, anchor, compose
from rendering.public import REPLAY_ART, posted_view
from rendering.theme import TextRecord


@dataclass(frozen=True)
class Guide:
    """A game's callouts and the rows of its board the guide shows."""

    callouts: list[Callout]
    crop: Callable[[list[TextRecord], int], tuple[int, int]] | None = None


GUIDES: dict[str, Guide] = {
    "pixies": Guide(pixies.CALLOUTS),
    "tixel": Guide(tixel.CALLOUTS),
    "pixel-tactics": Guide(pixel_tactics.CALLOUTS, pixel_tactics.crop),
    "pixel-pusher": Guide(pixel_pusher.CALLOUTS),
}


def keys(game: str) -> list[str]:
    """Return the ids of a game's callouts, in number order (the key's texts are given for these)."""
    return [c.key for c in GUIDES[game].callouts]


def board_of(game: str, view: dict, names: list[str],
             lang: str = SOURCE) -> tuple[bytes, list[TextRecord], tuple[int, int] | None]:
    """Return the board as the table post draws it in ``lang``, its texts and the rows the guide shows."""
    guide = GUIDES[game]
    records: list[TextRecord] = []
    board = REPLAY_ART[game].render(posted_view(game, view, names), names, lang, log=records)
    height = Image.open(io.BytesIO(board)).height
    return board, records, guide.crop(records, height) if guide.crop else None


def _style(record: TextRecord) -> tuple:
    return record.px, record.fg, record.bg


def counterpart(english: list[TextRecord], drawn: list[TextRecord], index: int) -> TextRecord | None:
    """Return the text of ``drawn`` (the board in another language) drawn where ``english[index]`` is drawn in
    English: both come from the same drawing calls in the same order, so the texts are aligned by their size and
    colours (a line that wraps differently is an insertion or a deletion)."""
    matcher = difflib.SequenceMatcher(None, [_style(r) for r in english], [_style(r) for r in drawn], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if i1 <= index < i2 and tag != "delete":
            return drawn[min(j1 + index - i1, j2 - 1)]
    return None


def _kept(records: list[TextRecord], crop: tuple[int, int] | None) -> list[TextRecord]:
    """Return the texts inside the rows ``crop`` (all without one), as ``callouts.cropped`` keeps them."""
    return [r for r in records if crop is None or (r.box[1] >= crop[0] and r.box[3] <= crop[1])]


def _key(record: TextRecord) -> tuple:
    """What tells a text from the others once cropped (its rows move, its columns and height stay)."""
    return record.text, record.px, record.fg, record.bg, record.box[0], record.box[2], record.box[3] - record.box[1]


def localised(callouts: list[Callout], english: list[TextRecord], drawn: list[TextRecord],
              crop: tuple[int, int] | None = None) -> list[Callout]:
    """Return callouts anchored on the texts ``drawn`` (a board in another language) where their English anchors
    lie on the same board drawn in English (both shown in the rows ``crop``)."""
    english, drawn = _kept(english, crop), _kept(drawn, crop)
    out = []
    for callout in callouts:
        found = anchor(english, callout)
        there = counterpart(english, drawn, english.index(found)) if found else None
        if there is not None:
            key = _key(there)
            nth = sum(1 for r in drawn[:drawn.index(there)] if _key(r) == key)
            out.append(replace(callout, match=lambda r, _rs, key=key: _key(r) == key, nth=nth))
    return out


def guide_parts(game: str, view: dict, names: list[str], lang: str = SOURCE,
                log: list[TextRecord] | None = None) -> tuple[bytes, list[str]]:
    """Return the board guide of a public view in ``lang`` (the table as posted with lettered callouts) and the
    ids of its callouts in letter order: the post's key explains those letters, in that order."""
    board, records, crop = board_of(game, view, names)
    callouts = GUIDES[game].callouts
    if lang != SOURCE:
        english = records
        board, records, _crop = board_of(game, view, names, lang)
        callouts = localised(callouts, english, records, crop)
    return compose(board, records, callouts, crop=crop, log=log)


def render_guide(game: str, view: dict, names: list[str], lang: str = SOURCE,
                 log: list[TextRecord] | None = None) -> bytes:
    """Return the board guide image of a public view in ``lang``: the table as posted, lettered callouts."""
    return guide_parts(game, view, names, lang, log)[0]
