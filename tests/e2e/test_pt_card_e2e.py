"""`/pt card` through the loopback Discord: autocomplete on names, the card image, unknown names refused;
`/pusher rules` answers privately."""

from __future__ import annotations

from bot.games.pixel_tactics import sets
from cogs.pixel_tactics.cards import every_card
from tests.e2e.harness import TIMEOUT, parlor, png
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


async def test_pt_card_autocomplete_and_image(fake_discord, tmp_path):  # noqa: F811
    fake = fake_discord
    ada = fake.add_member("Ada")
    async with parlor(fake, str(tmp_path / "c.sqlite3")):
        auto = await (await fake.autocomplete(ada, "pt", "name", {"name": "blade"}, subcommand="card",
                                              channel=fake.games)).wait_final(TIMEOUT)
        names = [c["name"] for c in auto.choices]
        assert names == [c["name"] for c in every_card() if "blade" in c["name"].lower()][:25] and names
        everything = await (await fake.autocomplete(ada, "pt", "name", {"name": ""}, subcommand="card",
                                                    channel=fake.games)).wait_final(TIMEOUT)
        assert len(everything.choices) == min(25, len(every_card())) and len(sets.all_cards()) >= 25

        shown = await (await fake.slash(ada, "pt", {"name": names[0].upper()}, subcommand="card",
                                        channel=fake.games)).wait_final(TIMEOUT)
        message = shown.followups[0] if shown.followups else shown.message
        assert not shown.ephemeral and names[0] in message.content
        image = png(message.attachments[0])
        assert image.width >= 400 and names[0] in message.attachments[0].description

        unknown = await (await fake.slash(ada, "pt", {"name": "Nobody Special"}, subcommand="card",
                                          channel=fake.games)).wait_final(TIMEOUT)
        assert unknown.ephemeral and "No card is called" in unknown.content

        rules = await (await fake.slash(ada, "pusher", subcommand="rules", channel=fake.games)).wait_final(TIMEOUT)
        assert rules.ephemeral and "Pixel Pusher" in rules.content
        rules = await (await fake.slash(ada, "pt", subcommand="rules", channel=fake.games)).wait_final(TIMEOUT)
        assert rules.ephemeral and "Ceasefire" in rules.content and len(rules.content) <= 2000
    fake.assert_no_violations()
