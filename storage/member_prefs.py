"""Members' own preferences: the theme of their private images (SQL only; migration 0015)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.database import Database


async def member_theme(db: Database, user_id: int) -> str | None:
    """Return the theme a member chose, or ``None`` when they never chose one."""
    row = await db._one("SELECT theme FROM member_prefs WHERE user_id = ?", (user_id,))
    return row[0] if row else None


async def set_member_theme(db: Database, user_id: int, theme: str) -> None:
    """Store the theme a member chose (now)."""
    await db._write("INSERT INTO member_prefs (user_id, theme, updated_at) VALUES (?, ?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET theme = excluded.theme, updated_at = excluded.updated_at",
                    (user_id, theme, db.clock()))
