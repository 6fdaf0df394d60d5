"""Counted messages (gettext plural forms, ``tn``): each language picks its form by its ``Plural-Forms`` rule,
the pseudo-language marks them, and the extraction writes a ``tn`` call as one message with ``msgid_plural``."""

from __future__ import annotations

from babel.messages.pofile import read_po

from bot.i18n import DOMAIN, PSEUDO, catalogue, lookup_plural, template, template_path, tn
from bot.i18n.extract import source_messages

POINT = ("{n} point", "{n} points")


def test_english_takes_the_singular_for_one_and_the_plural_otherwise():
    assert tn("en", *POINT, 1) == "1 point"
    assert tn("en", *POINT, 2) == "2 points" and tn("en", *POINT, 0) == "0 points"
    assert tn("en", "{count} entry", "{count} entries", 1, count=1) == "1 entry"
    assert tn("en", "Not in any catalogue: {n} thing", "Not in any catalogue: {n} things", 3) == (
        "Not in any catalogue: 3 things")


def test_german_follows_its_catalogue_plural_rule():
    assert catalogue("de").num_plurals == 2 and catalogue("de").plural_expr == "(n != 1)"
    assert tn("de", *POINT, 1) == "1 Punkt" and tn("de", *POINT, 2) == "2 Punkte"
    assert tn("de", *POINT, 0) == "0 Punkte"
    assert tn("de", "{n} corpse", "{n} corpses", 1) == "1 Leiche" and tn("de", "{n} corpse", "{n} corpses", 5) == (
        "5 Leichen")
    assert lookup_plural("de", "{n} point", 7) == "{n} Punkte"
    # untranslated: the English form for the count
    assert tn("de", "Not in any catalogue: {n} thing", "Not in any catalogue: {n} things", 1) == (
        "Not in any catalogue: 1 thing")


def test_the_pseudo_language_marks_catalogue_plurals_only():
    assert tn(PSEUDO, *POINT, 1) == "⟦1 pöîñt⟧" and tn(PSEUDO, *POINT, 2) == "⟦2 pöîñtš⟧"
    assert template().get("{n} point").id == POINT
    assert tn(PSEUDO, "Not in any catalogue: {n} thing", "Not in any catalogue: {n} things", 2) == (
        "Not in any catalogue: 2 things")


def test_a_tn_call_is_extracted_as_a_plural_message(tmp_path):
    (tmp_path / "cogs").mkdir()
    (tmp_path / "cogs" / "sample.py").write_text(
        'from bot.i18n import t, tn\n\n'
        'def words(lang, n):\n'
        '    return tn(lang, "{n} apple", "{n} apples", n) + t(lang, "Fruit")\n', encoding="utf-8")
    found = dict(source_messages(tmp_path))
    assert found == {("{n} apple", "{n} apples"): "cogs/sample.py:4", "Fruit": "cogs/sample.py:4"}
    with template_path().open("rb") as handle:
        pot = read_po(handle, domain=DOMAIN)
    assert pot.get("{n} point").id == POINT and pot.get("{n} point").pluralizable
    text = template_path().read_text(encoding="utf-8")
    assert 'msgid "{n} point"\nmsgid_plural "{n} points"' in text
