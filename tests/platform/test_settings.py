"""The settings layer: defaults, stored values over them, reminder point parsing, deadline names."""

from __future__ import annotations

import pytest

from bot.settings import (
    DEFAULTS,
    Settings,
    deadline_text,
    is_default,
    load_settings,
    parse_reminder_points,
    reminder_offsets,
    save_setting,
)


async def test_defaults_for_a_new_server_and_for_dms(db):
    for guild in (1, None):
        settings = await load_settings(db, guild)
        assert settings == Settings(deadline_hours=48, deadline_policy="skip", reminder_points=["50%", "2h"],
                                    threads=True, game_channels=[], starter_role=None, lobby_ping_role=None)
        assert all(is_default(settings, name) for name in ("deadline_hours", "threads", "game_channels"))


async def test_stored_values_override_the_defaults_per_server(db):
    await save_setting(db, 7, "deadline_hours", 24)
    await save_setting(db, 7, "deadline_hours", None)  # the last write wins; None is "no deadline"
    await save_setting(db, 7, "game_channels", [111, 222])
    await save_setting(db, 7, "threads", False)
    settings = await save_setting(db, 7, "starter_role", 333)
    assert settings.deadline_hours is None and settings.game_channels == [111, 222]
    assert settings.threads is False and settings.starter_role == 333
    assert settings.deadline_policy == "skip" and settings.reminder_points == ["50%", "2h"]
    assert not is_default(settings, "deadline_hours") and is_default(settings, "deadline_policy")
    assert await load_settings(db, 8) == DEFAULTS  # another server is untouched
    # storing a default value again makes it count as the default
    assert is_default(await save_setting(db, 7, "threads", True), "threads")
    with pytest.raises(ValueError, match="unknown setting"):
        await save_setting(db, 7, "colour", "blue")


@pytest.mark.parametrize(("text", "points"), [
    ("50%, 2h", ["50%", "2h"]),
    ("  25 %,1H , 12.5%", ["25%", "1h", "12.5%"]),
    ("2h, 2.0h, 2 h", ["2h"]),  # duplicates written differently count once
    ("50%,,2h,", ["50%", "2h"]),  # empty pieces are ignored
    ("none", []),
    ("NONE", []),
    ("99.5%, 167h", ["99.5%", "167h"]),  # just inside both bounds
])
def test_valid_reminder_points(text, points):
    assert parse_reminder_points(text) == points


@pytest.mark.parametrize(("text", "reason"), [
    ("100%", "`100%`: a percentage must be more than 0 and less than 100"),
    ("0%", "`0%`: a percentage must be more than 0"),
    ("0h", "`0h`: hours before the deadline must be more than 0 and less than 168"),
    ("168h", "less than 168 (the longest deadline, 1 week)"),
    ("50%, 2 days", "`2 days` is not a reminder point"),
    ("-1h", "`-1h` is not a reminder point"),
    ("half", "`half` is not a reminder point"),
    (" , ", "Give reminder points such as `50%, 2h`"),
    ("10%, 20%, 30%, 40%, 1h, 2h", "At most 5 reminder points, please (6 given)"),
])
def test_invalid_reminder_points_say_why(text, reason):
    with pytest.raises(ValueError) as info:
        parse_reminder_points(text)
    assert reason in str(info.value)


def test_parsed_points_are_what_the_scheduler_reads():
    # 48 h deadline: 25% has passed after 12 h, i.e. 36 h before; 1h = 3600 s before.
    span = 48 * 3600
    assert reminder_offsets(parse_reminder_points("25%, 1h"), span) == {"25%": 36 * 3600, "1h": 3600}


def test_deadline_names():
    assert [deadline_text(h) for h in (12, 48, 168, None, 5)] == \
        ["12 hours", "48 hours", "1 week", "no deadline", "5 hours"]
