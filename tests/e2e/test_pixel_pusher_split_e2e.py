"""Issue 16 through the loopback Discord: a 4-player Pixel Pusher table post whose whole state does not fit one alt
text carries the board as two images, each with its own description (≤ 1,024 characters, together the whole state,
no ``/game describe`` pointer), and a move updates the post's images and descriptions to the new state."""

from __future__ import annotations

import random

from bot.i18n import t
from rendering.describe_text import DESCRIBE_POINTER
from rendering.pixel_pusher.alt import alt_board_parts
from tests.e2e.drive import perform, settle
from tests.e2e.harness import open_table_for, parlor, png
from tests.e2e.test_pixel_pusher_e2e import choose
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


def _post(fake, table):
    """The table's public post as the fake Discord holds it now."""
    return next(m for m in fake.all_messages(include_ephemeral=False) if m.id == table.row.message_id)


def _expected(table) -> list[str]:
    view = table.engine.view(table.state, None)
    return alt_board_parts(view, table.names("en"), "en")


async def test_a_four_player_board_posts_two_images_and_a_move_updates_them(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in ("Ada Lovelace", "Bartholomew", "Chloé", "Dmitri")]
    rng, seen = random.Random(3), {}  # message id → the descriptions it showed, in order
    async with parlor(fake, str(tmp_path / "split.sqlite3"), seed=7) as bot:
        game_id, _ = await open_table_for(fake, bot, users, "pixel-pusher", thread=False)
        for _ in range(200):
            await settle(bot, game_id)
            table = await bot.tables.load(game_id)
            post = _post(fake, table)
            descriptions = [a.description for a in post.attachments]
            assert descriptions == _expected(table)  # the post shows the state it stores
            shown = seen.setdefault(post.id, [])
            if not shown or shown[-1] != descriptions:
                shown.append(descriptions)
            if len(descriptions) == 2 and len(shown) > 1 and len(shown[-2]) == 2:
                break  # a move updated a two-image post in place
            decision = rng.choice(table.pending())
            user = users[decision.player]
            await perform(fake, bot, game_id, user, choose(table.state, decision.player, rng), fake.games)
        else:
            raise AssertionError(f"no two-image post was updated in place: {[len(v) for v in seen.values()]}")
    assert len(post.attachments) == 2
    for att, part in zip(post.attachments, (1, 2), strict=True):
        assert len(att.description) <= 1024 and t("en", DESCRIBE_POINTER) not in att.description
        assert att.description.startswith(t("en", "Part {number} of {count}:", number=part, count=2))
        assert png(att).width >= 700
    assert post.attachments[0].filename != post.attachments[1].filename
