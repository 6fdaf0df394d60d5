"""No member-facing string bypasses the catalogue, checked in the source (``tests/i18n/bare_strings.py``): a
literal with words that flows into a message, a button, a select, a modal, an embed, a thread name, an alt
text, an autocomplete choice or text drawn on an image fails unless it goes through ``t``/``tn``/``N_``/
``Phrase`` or is allowed below with its reason; every string a command declaration gives Discord is a
catalogue message of its context (what ``CatalogueTranslator`` translates). The pseudo-language e2e tests
catch what this cannot see (words built by other modules' helpers)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from bot.i18n import DOMAIN, template_path
from tests.i18n import bare_strings
from tests.i18n.bare_strings import declared_command_strings, parse, scan

#: (file, call, text) → why the literal is not a catalogue message; only exact findings, each still found
ALLOWED: dict[tuple[str, str, str], str] = {
    ("rendering/pixel_pusher/public.py", "text", "Pixel Pusher"): "the game's name, never translated (its title)",
    ("rendering/pixel_pusher/private.py", "text", "Pixel Pusher"): "the game's name, never translated",
    ("rendering/pixel_tactics/board.py", "text", "Pixel Tactics"): "the game's name, never translated",
    ("rendering/pixel_tactics/pages.py", "text", "Pixel Tactics"): "the game's name (a page without a title)",
    ("rendering/pixel_tactics/team_band.py", "text", "Pixel Tactics"): "the game's name, never translated",
    ("rendering/tixel/board.py", "text", "Tixel"): "the game's name, never translated",
    ("rendering/pixel_tactics/alt.py", "fit", "Pixel Tactics{…}, {…}."): "alt text: the game's name, then commas",
    ("rendering/pixel_tactics/team_alt.py", "fit", "Pixel Tactics, {…}, {…}."): "alt text: the game's name, commas",
    ("rendering/league/sheet.py", "_row", "available"): "a Base state key, drawn through STATE_WORDS",
    ("rendering/pixel_tactics/teams.py", "text", "Eliminated"): "a tag key, drawn through team_words.TAG_WORDS",
}


@pytest.fixture(scope="module")
def found() -> list[bare_strings.Bare]:
    return scan(bare_strings.modules())


def test_no_member_facing_literal_bypasses_the_catalogue(found):
    bare = [str(b) for b in found if b.key not in ALLOWED]
    assert not bare, ("member-facing text written outside the catalogue: wrap it in t(lang, …) (or N_ and t "
                      "later), or, if it is never translated (a name, an id), add it to ALLOWED with why:\n"
                      + "\n".join(bare))


def test_every_allowed_literal_is_still_found(found):
    keys = {b.key for b in found}
    stale = [key for key in ALLOWED if key not in keys]
    assert not stale, f"ALLOWED names literals the scan no longer finds (remove them): {stale}"


def test_every_declared_command_string_is_a_catalogue_message_of_its_context():
    with template_path().open("rb") as handle:
        listed = {(m.id, m.context) for m in read_po(handle, domain=DOMAIN) if m.id}
    missing = [f"{module.path}:{line}: {text!r} ({context})" for module in bare_strings.modules()
               if module.path.startswith(("bot/", "cogs/"))
               for text, context, line in declared_command_strings(module) if (text, context) not in listed]
    assert not missing, ("strings Discord shows that the translator cannot find (a command the extractor does not "
                         "load? run `python -m bot.i18n.extract`):\n" + "\n".join(missing))


SAMPLE = '''
import discord
from discord import app_commands

HELLO = "Hello there"
LABEL = N_("Join the game")


def greeting(name):
    return f"Welcome, {name}"


async def tell(interaction, text):
    await interaction.response.send_message(text, ephemeral=True)


class Ask(discord.ui.Modal, title="Your deck"):
    pass


async def command(interaction, lang, post, current):
    await interaction.response.send_message(HELLO)
    await interaction.followup.send(t(lang, "Fine {x}", x="ok") + " (see above)")
    await tell(interaction, greeting("Ann"))
    label, style = ("Cancel it", 1) if current else (t(lang, LABEL), 2)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label=label, style=style, custom_id="x:1:y"))
    view.add_item(discord.ui.Button(label="🔁", custom_id="again"))
    lines = [t(lang, "Header")]
    lines.append("Second line here")
    embed = discord.Embed(title=t(lang, "Title"), description="\\n".join(lines))
    embed.set_footer(text=f"{len(lines)} lines")
    post.content += "\\n" + "Due soon"
    return [app_commands.Choice(name=f"Deck {n}", value=n) for n in current]
'''


def test_the_scan_follows_literals_through_names_wrappers_and_branches():
    found = {(b.sink, b.text) for b in scan([parse(SAMPLE, "sample.py")])}
    assert found == {("send_message", "Hello there"), ("send", " (see above)"), ("tell", "Welcome, {…}"),
                     ("Button", "Cancel it"), ("Embed", "Second line here"), (".content =", "Due soon"),
                     ("Modal", "Your deck"), ("autocomplete Choice", "Deck {…}"),
                     ("set_footer", "{…} lines"), ("tell", "Ann"), ("greeting", "Ann")}, found
