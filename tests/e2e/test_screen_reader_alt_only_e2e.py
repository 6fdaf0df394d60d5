"""Issue 16: whole Pixies games of 2 and of 4 players, every seat a screen-reader member who decides every move
from the table posts' alt texts and button labels alone (``heard``: no ``/game describe``, no image bytes, no
state). The alt text must therefore always carry the whole state (no ``/game describe`` pointer); only after the
game does the test read the bot's record, to check that the players' decisions were every action of the game
and that the standings they heard are the engine's."""

from __future__ import annotations

import re

import pytest

from tests.e2e.drive import settle
from tests.e2e.harness import TIMEOUT, open_table, parlor
from tests.e2e.screen_reader import POINTER, Heard, ScreenReaderPlayer, heard, standings
from tests.e2e.test_screen_reader_e2e import _table_posts
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

#: 16-character names (the longest the most compact wording never cuts): 4 of them crowd the alt text, so the
#: game also goes through the grouped and the signed wordings
LONG = ("Ada Quartermaine", "Bob Featherstone", "Cyd Wolstenholme", "Dee Hollingworth")


def _acting(hear: Heard, players: list[ScreenReaderPlayer]) -> ScreenReaderPlayer:
    """Who the alt text says decides now (``Ada to pick.`` / ``Ada places Blue 5: …``)."""
    who = [p for p in players if f"{p.name} to pick." in hear.alt or f"{p.name} places " in hear.alt]
    assert len(who) == 1, hear.alt
    return who[0]


async def _play_by_ear(fake, bot, game_id: int, players: list[ScreenReaderPlayer]) -> list[tuple[str, str, str]]:
    """Play the game to its end from what each post's alt text and buttons say; return the decisions as
    (player, the alt text heard, the label pressed)."""
    thread = fake.channel((await bot.tables.load(game_id)).row.thread_id)
    acted: set[tuple[int, str]] = set()
    decisions: list[tuple[str, str, str]] = []

    def final_post():
        return next((m for m in fake.messages(thread) if "final standings" in (m.content or "")), None)

    while final_post() is None:
        await settle(bot, game_id)  # the harness waits for the bot's post (it reads the version number only)
        if final_post() is not None:
            break
        post = await fake.wait_until(lambda: next((m for m in reversed(_table_posts(fake, thread))
                                                   if (m.id, heard(m).alt) not in acted), None),
                                     TIMEOUT, "a table post to act on")
        hear = heard(post)
        acted.add((hear.message_id, hear.alt))
        assert len(hear.alt) <= 1024 and POINTER not in hear.alt, f"the alt text is not the whole state: {hear.alt}"
        player = _acting(hear, players)
        grid = player.my_grid(hear.alt)
        assert grid is not None, (player.name, hear.alt)
        choice = player.choose(hear.alt, list(hear.buttons), grid)
        label = next(label for label, cid in hear.buttons if cid == choice)
        decisions.append((player.name, hear.alt, label))
        record = await (await fake.click(player.user, post, choice)).wait_final(TIMEOUT)
        assert not record.followups, f"refused: {record.followups[0].content}"
    return decisions


@pytest.mark.parametrize(("names", "seed"), [(("Ada", "Bob"), 11), (LONG, 23)], ids=["2 players", "4 players"])
async def test_screen_reader_players_play_pixies_from_alt_texts_and_labels_alone(
        fake_discord, tmp_path, names, seed):  # noqa: F811
    fake = fake_discord
    users = [fake.add_member(n) for n in names]
    async with parlor(fake, str(tmp_path / "ear.sqlite3"), seed=seed) as bot:
        game_id, _ = await open_table(fake, bot, users)
        thread = fake.channel((await bot.tables.load(game_id)).row.thread_id)
        players = [ScreenReaderPlayer(fake, u, list(names), may_describe=False) for u in users]
        decisions = await _play_by_ear(fake, bot, game_id, players)

        # The end as heard: the final standings' alt text and each round's score post.
        final = next(m for m in fake.messages(thread) if "final standings" in (m.content or ""))
        read = standings(heard(final).alt)
        round_alts = [heard(m).alt for m in fake.messages(thread) if "end of round" in (m.content or "")]
        assert len(round_alts) == 3
        per_round = {name: [int(re.search(rf"{re.escape(name)}: (-?\d+) this round", alt).group(1))
                            for alt in round_alts] for name in names}

        # Only now the bot's record: every action of the game was one of these decisions, in order, and the
        # standings heard are the engine's result.
        log = await bot.tables.actions(game_id)
        assert [names[row.actor_seat] for row in log] == [who for who, _, _ in decisions]
        table = await bot.tables.load(game_id)
        assert table.row.status == "finished"
        result = table.engine.view(table.state, None)["result"]
        expected, rank = [], 1
        for group in result["ranking"]:
            expected += [(rank, names[s], result["scores"][s]) for s in group]
            rank += len(group)
        assert sorted(read) == sorted(expected)
        assert {name: sum(scores) for name, scores in per_round.items()} == {
            names[s]: result["scores"][s] for s in range(len(names))}
        assert all(p.described == 0 for p in players) and {who for who, _, _ in decisions} == set(names)
        kinds = {"keep" if label.startswith("Keep ") else "space" if label.startswith("Space ") else "pick"
                 for _, _, label in decisions}
        assert {"pick", "keep"} <= kinds, kinds
        if len(names) == 4:  # the crowded table went through the compact whole-state wordings too
            alts = [alt for _, alt, _ in decisions]
            assert any("validated: " in alt for alt in alts) and any("Symbols: +n" in alt for alt in alts)
        fake.assert_no_violations()
