"""/tixel move autocomplete reads, on each keystroke, only the member's Tixel game of this channel:
found in SQL, whatever else is played there."""

from __future__ import annotations

from bot.games.tixel import notation
from tests.e2e.harness import TIMEOUT, open_table_for, parlor
from tests.e2e.tixel_play import board_post
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def test_autocomplete_loads_only_the_members_tixel_game(fake_discord, tmp_path, monkeypatch):  # noqa: F811
    fake = fake_discord
    ada, bob, cyd, dee = (fake.add_member(n) for n in ("Ada", "Bob", "Cyd", "Dee"))
    async with parlor(fake, str(tmp_path / "ac.sqlite3"), seed=3) as bot:
        # all in #games: Ada's Tixel game, a Pixies game of others, and a Pixies game Ada plays too
        tixel_id, _ = await open_table_for(fake, bot, [ada, bob], "tixel", thread=False)
        table, decision, _ = await board_post(fake, bot, tixel_id)
        await open_table_for(fake, bot, [cyd, dee], "pixies", thread=False)
        await open_table_for(fake, bot, [cyd, ada], "pixies", thread=False)
        mover = [ada, bob][decision.player]
        assert mover is ada  # White moves first; Ada also plays Pixies here
        loaded: list[int] = []
        real = bot.tables.load

        async def counting(game_id, *args, **kwargs):
            loaded.append(game_id)
            return await real(game_id, *args, **kwargs)

        monkeypatch.setattr(bot.tables, "load", counting)
        auto = await (await fake.autocomplete(mover, "tixel", "move", {"move": "c"}, subcommand="move",
                                              channel=fake.games)).wait_response(TIMEOUT)
        legal = [notation.format_action(a) for a in table.engine.legal_actions(table.state, decision.player)]
        expected = [t for t in legal if t.lower().startswith("c")]
        assert [c["value"] for c in auto.choices] == expected[:25] and expected
        assert loaded == [tixel_id]
        # a member without a Tixel game here is offered nothing, and nothing is loaded
        loaded.clear()
        none = await (await fake.autocomplete(dee, "tixel", "move", {"move": "c"}, subcommand="move",
                                              channel=fake.games)).wait_response(TIMEOUT)
        assert none.choices == [] and loaded == []
        # and /tixel move finds her Tixel game beside her Pixies game
        played = await (await fake.slash(ada, "tixel", {"move": expected[0]}, subcommand="move",
                                         channel=fake.games)).wait_final(TIMEOUT)
        assert played.ephemeral and played.content == f"✅ Played `{expected[0]}`.", played.content
        assert fake.violations == []
