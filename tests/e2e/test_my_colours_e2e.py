"""**🎨 My colours** on table posts (issue 16), through the loopback Discord: a colour-blind member gets the
post's board in their own theme (an ephemeral image that differs from the public one and decodes, with its alt
text) on a table post of every game; a member whose theme and language are the post's is told so; a German member
reads German; a post the game moved past and a game of another server get their reasons; /rules pictures follow
the member's theme."""

from __future__ import annotations

from bot.member_prefs import set_member_theme
from cogs.my_colours import TEXT
from tests.e2e.harness import TIMEOUT, buttons_with, open_table_for, parlor, png
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

GAMES = ("pixies", "tixel", "pixel-pusher", "pixel-tactics", "pt-draft")


def answer(record):
    """The ephemeral answer of a deferred click."""
    assert record.followups, record.message
    reply = record.followups[-1]
    assert reply.ephemeral
    return reply


async def table_post(fake, game_id: int):
    """The game's live table post: the one carrying its **My colours** button; (post, the button's id)."""
    post = await fake.wait_for_message(lambda m: bool(buttons_with(m, f"mc:{game_id}:")), TIMEOUT)
    return post, buttons_with(post, f"mc:{game_id}:")[0]


async def click(fake, user, post, custom_id: str):
    return answer(await (await fake.click(user, post, custom_id)).wait_final(TIMEOUT))


async def test_my_colours_on_every_game(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    other = fake.world.add_guild("Elsewhere")
    ada, bob, cyd, dee = (fake.add_member(n) for n in ("Ada", "Bob", "Cyd", "Dee"))
    eve = fake.add_member("Eve", guild=other)
    async with parlor(fake, str(tmp_path / "c.sqlite3")) as bot:
        await set_member_theme(bot.tables, cyd.id, "colour-blind")
        dee.locale = "de"
        for game in GAMES:
            game_id, _ = await open_table_for(fake, bot, [ada, bob], game)
            post, custom_id = await table_post(fake, game_id)
            public = post.attachments[0]
            assert [b.label for b in post.buttons() if b.custom_id == custom_id] == ["My colours"]

            mine = await click(fake, cyd, post, custom_id)  # a colour-blind member, not even playing
            assert "in your **colour-blind** theme (only you see this)" in mine.content, mine.content
            [copy] = mine.attachments
            assert copy.description == public.description and copy.description  # the same board's alt text
            ours, theirs = png(copy).convert("RGB"), png(public).convert("RGB")
            assert ours.size == theirs.size and ours.tobytes() != theirs.tobytes(), game

            same = await click(fake, bob, post, custom_id)  # the server's theme and language: nothing new
            assert same.content == TEXT["same"].format(theme="standard") and not same.attachments

            german = await click(fake, dee, post, custom_id)  # Dee's Discord speaks German: the copy too
            assert "in deinem Design **Standard** (nur du siehst das)" in german.content, german.content
            assert german.attachments[0].description != public.description, game

        # A post the game has moved past (its buttons left behind) and another server's game: their reasons.
        table = await bot.tables.load(game_id)
        old = f"mc:{game_id}:{table.row.version - 1}"
        stale = await click(fake, cyd, fake.planted_post(post.channel_id, buttons=[old]), old)
        assert stale.content == TEXT["stale"].format(title=table.title, game=game_id) and not stale.attachments
        foreign = await click(fake, eve, fake.planted_post(other.general, buttons=[custom_id]), custom_id)
        assert foreign.content == f"There is no game #{game_id} here." and not foreign.attachments
        assert fake.violations == []


async def test_rules_pictures_follow_the_members_theme(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada, cyd = fake.add_member("Ada"), fake.add_member("Cyd")
    async with parlor(fake, str(tmp_path / "r.sqlite3")) as bot:
        await set_member_theme(bot.tables, cyd.id, "high-contrast")
        await fake.wait_commands("rules", timeout=TIMEOUT)
        for page in ("board", "pictures"):
            shown = []
            for user in (ada, cyd):
                rec = await (await fake.slash(user, "rules", {"game": "pixel-pusher", "page": page},
                                              channel=fake.general)).wait_final(TIMEOUT)
                reply = rec.followups[-1] if rec.followups else rec.message
                assert reply.ephemeral and reply.attachments
                shown.append([png(a).convert("RGB") for a in reply.attachments])
            standard, high = shown
            assert [i.size for i in standard] == [i.size for i in high]
            for plain, themed in zip(standard, high, strict=True):  # high contrast: a black page
                assert min(plain.getpixel((1, 1))) > 15 and max(themed.getpixel((1, 1))) <= 3, page


async def test_my_colours_in_the_pseudo_language(fake_discord, tmp_path):  # noqa: F811
    from bot.i18n import PSEUDO
    from tests.e2e.bot_texts import check_answers, checked_texts
    from tests.i18n.pseudo import outside_catalogue

    names = ("Ada", "Bob", "Cyd", "Tixel")
    fake = fake_discord
    ada, bob, cyd = (fake.add_member(n) for n in names[:3])
    async with parlor(fake, str(tmp_path / "p.sqlite3")) as bot:
        await bot.tables.save_setting(fake.guild_id, "language", PSEUDO)
        await set_member_theme(bot.tables, cyd.id, "colour-blind")
        for user in (ada, bob, cyd):
            user.locale = PSEUDO
        game_id, _ = await open_table_for(fake, bot, [ada, bob], "tixel")
        post, custom_id = await table_post(fake, game_id)
        copy = await click(fake, cyd, post, custom_id)
        same = await click(fake, bob, post, custom_id)
        old = f"mc:{game_id}:{(await bot.tables.load(game_id)).row.version + 1}"
        stale = await click(fake, cyd, fake.planted_post(post.channel_id, buttons=[old]), old)
        check_answers([copy, same, stale], names)
        assert copy.attachments and not same.attachments and not stale.attachments
        assert checked_texts([post, copy], lambda _m, text: outside_catalogue(text, names)) >= 4
