"""Posts never address a computer-run seat: no mention of it (its name instead), no buttons for it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.computer_players import computer_levels, computer_seats
from bot.i18n import t
from cogs.posts import Post, esc

if TYPE_CHECKING:
    from bot.tables import Table

#: prefixes of the table-post buttons whose ``custom_id`` reads ``prefix:game:seat:…``
_SEAT_BUTTONS = ("pg", "gb", "tg", "po")
_COMPUTER_MENTION = re.compile(r"<@!?-\d+>")


def seat_label(table: Table, seat: int, lang: str = "en") -> str:
    """Return how a post names a seat's player: a member's mention, or a computer seat's name (in ``lang``) in
    bold."""
    user = table.user_of(seat)
    return f"<@{user}>" if user > 0 else f"🤖 **{esc(table.names(lang)[seat])}**"


def _computer_users(table: Table, lang: str = "en") -> dict[int, str]:
    """Return ``{user id: shown name}`` of the seats a post must not mention (a finished game: its computers)."""
    names = table.names(lang)
    if table.row.status == "running":
        seats = computer_seats(table)
    else:
        bots = computer_levels(table)
        seats = {s.seat: "" for s in table.seats if s.user_id in bots}
    return {table.user_of(seat): names[seat] for seat in seats}


def _for_seat(item, game_id: int, seats: dict[int, str]) -> bool:
    parts = (getattr(item, "custom_id", None) or "").split(":")
    return (len(parts) >= 3 and parts[0] in _SEAT_BUTTONS and parts[1] == str(game_id)
            and parts[2].isdigit() and int(parts[2]) in seats)


def without_computers(table: Table, post: Post, lang: str = "en") -> Post:
    """Return ``post`` (changed in place, in ``lang``) mentioning no computer-run seat and offering no button to
    one."""
    users = _computer_users(table, lang)
    content = post.content
    for user, name in users.items():
        content = re.sub(rf"<@!?{user}>", f"**{esc(name)}**", content)
    post.content = _COMPUTER_MENTION.sub(t(lang, "a computer player"), content)
    post.mention = [u for u in post.mention if u > 0 and u not in users]
    if table.row.status == "running":
        seats = computer_seats(table)
        if seats:
            post.buttons = [b for b in post.buttons if not _for_seat(b, table.id, seats)]
    return post
