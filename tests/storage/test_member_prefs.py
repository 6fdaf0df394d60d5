"""A member's theme preference on both backends (migration 0015): none until chosen, then the latest choice;
the service beside the table service refuses an unknown theme and reads a server's public theme."""

from __future__ import annotations

import pytest

from bot.member_prefs import member_theme, server_theme, set_member_theme
from bot.tables import TableService
from storage import member_prefs

BIG_ID = 1_234_567_890_123_456_789  # a Discord snowflake needs 64 bits


async def test_theme_is_stored_per_member(db):
    assert await member_prefs.member_theme(db, BIG_ID) is None
    await member_prefs.set_member_theme(db, BIG_ID, "colour-blind")
    await member_prefs.set_member_theme(db, 7, "standard")
    await member_prefs.set_member_theme(db, BIG_ID, "high-contrast")
    assert await member_prefs.member_theme(db, BIG_ID) == "high-contrast"
    assert await member_prefs.member_theme(db, 7) == "standard"


async def test_service_defaults_and_refusals(db):
    tables = TableService(db)
    assert await member_theme(tables, 5) == "standard"
    with pytest.raises(ValueError):
        await set_member_theme(tables, 5, "sepia")
    await set_member_theme(tables, 5, "colour-blind")
    assert await member_theme(tables, 5) == "colour-blind"
    assert await server_theme(tables, 1) == "standard" and await server_theme(tables, None) == "standard"
    await tables.save_setting(1, "theme", "high-contrast")
    assert await server_theme(tables, 1) == "high-contrast"
