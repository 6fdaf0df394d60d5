"""Counted clauses of the engines (``Phrase.counted``): an engine cannot call ``tn``, so its counted message is a
``Phrase`` that carries its plural template and count; ``bot.i18n`` words it in the form for the count in any
language, and the extraction writes it as one message with ``msgid_plural``."""

from __future__ import annotations

from bot.games.base import BadOptions, Phrase
from bot.games.pixel_pusher.events import log_event
from bot.games.pixel_pusher.names import text_phrase
from bot.games.pixel_tactics.setup_decks import _deck_problem
from bot.games.pt_draft.describe import event
from bot.games.tixel.engine import TixelEngine
from bot.i18n import PSEUDO, t, template
from bot.i18n.extract import source_messages
from rendering.pixel_pusher.words import log_line

SLOT = ("+{n} storage slot", "+{n} storage slots")


def slots(n: int) -> Phrase:
    """A storage card's rule text as the engine words it."""
    return text_phrase({"type": "storage", "slots": n})


def test_a_counted_phrase_is_its_english_form_for_the_count():
    assert slots(1) == "+1 storage slot" and slots(2) == "+2 storage slots"
    assert (slots(2).template, slots(2).plural, slots(2).count) == (*SLOT, 2)
    assert Phrase.counted("{who} has {n} card", "{who} has {n} cards", 0, who="Ada") == "Ada has 0 cards"
    assert Phrase("plain").plural is None


def test_a_counted_phrase_is_translated_in_its_form_as_a_field_and_as_a_message():
    for lang, one, two in (("en", "+1 storage slot", "+2 storage slots"), ("de", "+1 Lagerplatz", "+2 Lagerplätze"),
                           (PSEUDO, "⟦+1 štöràgé šlöt⟧", "⟦+2 štöràgé šlötš⟧")):
        assert t(lang, "{x}", x=slots(1)) == one and t(lang, "{x}", x=slots(2)) == two
        assert t(lang, slots(1)) == one and t(lang, slots(2)) == two


def test_engine_refusals_with_a_count_are_counted_messages():
    for n, english, german in ((1, "Unknown option for Tixel: a.", "Unbekannte Option für Tixel: a."),
                               (2, "Unknown options for Tixel: a, b.", "Unbekannte Optionen für Tixel: a, b.")):
        try:
            TixelEngine().checked_options(2, {k: 1 for k in "ab"[:n]}, 1)
        except BadOptions as refusal:
            assert refusal.message == english and t("de", refusal.template, **refusal.fields) == german
            assert t(PSEUDO, refusal.template, **refusal.fields).startswith("⟦Ûñkñöwñ öptîöñ")
        else:
            raise AssertionError("unknown options accepted")
    problem, fields = _deck_problem({"format": "standard", "leaders": ["nope"], "heroes": []}, 1, 0)
    refusal = BadOptions(problem, seat=1, **fields)
    assert refusal.message == "Seat 1's deck: unknown card for content version 1: nope."
    assert t("de", refusal.template, **refusal.fields) == (
        "Deck von Platz 1: unbekannte Karte für Inhaltsversion 1: nope.")


def test_draft_events_word_lots_and_prices_by_their_count():
    one, fields = event({"looking": 0, "lots": [["a"]]}, 0, {"type": "take"}, False)
    three, _ = event({"looking": 1, "lots": [[], ["a", "b", "c"]]}, 0, {"type": "take"}, False)
    assert (one, three) == ("took lot 1 (1 card)", "took lot 2 (3 cards)")
    assert t("de", one, **fields) == "hat Stapel 1 genommen (1 Karte)"
    assert t("de", three) == "hat Stapel 2 genommen (3 Karten)"
    assert t(PSEUDO, three) == "⟦töök löt 2 (3 çàrdš)⟧"


def test_stored_pusher_draft_lines_keep_their_english_and_read_as_counted_messages():
    shown = ["Ada", "Bo"]
    line = "Seat 1 drafted 1 machine card(s) and no ability card."
    assert log_event(line) is not None
    assert log_line(line, shown, "en") == "Ada drafted 1 machine card(s) and no ability card."
    assert log_line(line, shown, "de") == "Ada draftete 1 Maschinenkarte und keine Fähigkeitskarte."
    line = "Seat 2 drafted 2 machine card(s) and no ability card."
    assert log_line(line, shown, "de") == "Bo draftete 2 Maschinenkarten und keine Fähigkeitskarte."
    assert log_line(line, shown, PSEUDO) == "⟦Bo dràftéd 2 màçhîñé çàrd(š) àñd ñö àbîlîtý çàrd.⟧"
    assert template().get("{seat} drafted {n} machine card(s) and {abilities}.").pluralizable


def test_counted_phrases_are_extracted_as_plural_messages(tmp_path):
    (tmp_path / "bot").mkdir()
    (tmp_path / "bot" / "engine.py").write_text(
        'from bot.games.base import IllegalAction, Phrase\n\n'
        'def refuse(n):\n'
        '    raise IllegalAction(Phrase.counted("Costs {n} coin.", "Costs {n} coins.", n))\n', encoding="utf-8")
    assert dict(source_messages(tmp_path)) == {("Costs {n} coin.", "Costs {n} coins."): "bot/engine.py:4"}
    for singular, plural in (SLOT, ("{n} coin", "{n} coins"), ("took lot {lot} ({n} card)", "took lot {lot} ({n} cards)"),
                             ("Unknown option for {game}: {options}.", "Unknown options for {game}: {options}.")):
        assert template().get(singular).id == (singular, plural)
    for gone in ("+{n} storage slots", "{n} coins", "took lot {lot} (1 card)", "Unknown option(s) for {game}: {options}.",
                 "{n} cards", "1 card", "1 spiral"):
        assert template().get(gone) is None


def test_a_plain_phrase_as_the_message_is_translated_by_its_template():
    phrase = Phrase("{name} ({text})", name=Phrase("Attic Drawer"), text=slots(2))
    assert t("en", phrase) == "Attic Drawer (+2 storage slots)"
    assert t("de", phrase).endswith("(+2 Lagerplätze)") and t(PSEUDO, phrase).startswith("⟦")
