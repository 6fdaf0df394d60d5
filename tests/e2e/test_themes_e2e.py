"""Themes through the loopback Discord (issue 16): a member's /preferences theme draws the images only they
see (a Pixel Pusher draft hand by DM), /settings theme draws the server's public posts, and
/preferences board shows a public board in the member's own theme."""

from __future__ import annotations

from tests.e2e.harness import TIMEOUT, open_table_for, parlor, png
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

MANAGE_GUILD = 1 << 5
STANDARD_PAGE, BLACK = (23, 27, 38), (0, 0, 0)
STANDARD_RED, COLOUR_BLIND_RED = (240, 100, 86), (236, 10, 7)  # Pixel Pusher's R pixel


def colours(attachment) -> set[tuple[int, int, int]]:
    """Every colour of a PNG attachment."""
    image = png(attachment).convert("RGB")
    return {c for _, c in image.getcolors(1 << 16)}


def corner(attachment) -> tuple[int, int, int]:
    return png(attachment).convert("RGB").getpixel((1, 1))


async def test_member_and_server_themes(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    mods = fake.add_role("Mods", MANAGE_GUILD)
    mia, ada, bob = fake.add_member("Mia", roles=[mods]), fake.add_member("Ada"), fake.add_member("Bob")
    async with parlor(fake, str(tmp_path / "t.sqlite3")) as bot:
        await fake.wait_commands("preferences", "settings", timeout=TIMEOUT)
        rec = await (await fake.slash(ada, "preferences", {"theme": "high-contrast"}, subcommand="theme",
                                      channel=fake.general)).wait_final(TIMEOUT)
        assert rec.ephemeral and "high-contrast" in rec.content
        assert corner(rec.message.attachments[0]) == BLACK  # the preview, in Ada's new theme
        rec = await (await fake.slash(mia, "settings", {"theme": "colour-blind"}, subcommand="theme",
                                      channel=fake.general)).wait_final(TIMEOUT)
        assert rec.ephemeral and "colour-blind" in rec.content

        game_id, _ = await open_table_for(fake, bot, [ada, bob], "pixel-pusher")
        ada_dm = await fake.wait_for_message(lambda m: m in fake.dm_messages(ada) and m.attachments, TIMEOUT)
        bob_dm = await fake.wait_for_message(lambda m: m in fake.dm_messages(bob) and m.attachments, TIMEOUT)
        assert corner(ada_dm.attachments[0]) == BLACK  # high contrast: black page, white outlines
        assert (255, 255, 255) in colours(ada_dm.attachments[0])
        assert corner(bob_dm.attachments[0]) == STANDARD_PAGE  # Bob chose nothing: the standard look

        board = await fake.wait_for_message(
            lambda m: any(a.filename == f"pixel-pusher-{game_id}.png" for a in m.attachments), TIMEOUT)
        public = colours(board.attachments[0])
        assert COLOUR_BLIND_RED in public and STANDARD_RED not in public  # the server's colour-blind theme

        rec = await (await fake.slash(bob, "preferences", {"game": game_id}, subcommand="board",
                                      channel=fake.general)).wait_final(TIMEOUT)
        assert rec.ephemeral and corner(rec.message.attachments[0]) == STANDARD_PAGE
        assert STANDARD_RED in colours(rec.message.attachments[0])  # the same board in Bob's own (standard) theme
