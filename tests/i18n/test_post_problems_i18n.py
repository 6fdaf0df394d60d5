"""Why a table could not be posted, told in the member's language: every reason and advice is a catalogue
message (the pseudo-language leaves nothing outside it), German names Discord's German permission names."""

from __future__ import annotations

from bot.i18n import PSEUDO
from cogs.post_problems import GOES_ON, N_, Problem
from tests.i18n.pseudo import outside_catalogue

PROBLEMS = [
    Problem(42, N_("I'm missing {permissions} there"), N_("Ask a moderator to grant them; {goes_on}"), "403/50013",
            names=("Send Messages in Threads", "Attach Files")),
    Problem(42, N_("that channel was deleted"),
            N_("`/game status game:{game}` in another channel shows the table there."), "404/10003", retry=False,
            fields=(("game", 7),)),
    Problem(42, N_("Discord refused the post (error {status})"),
            N_("I'll try again by itself; `/game status` shows the table meanwhile."), "500/0", fields=(("status", 500),)),
]


def test_a_refused_post_is_explained_in_the_members_language():
    english = PROBLEMS[0].text()
    assert english == ("Your move was saved, but I can't post the table in <#42>: I'm missing the **Send Messages in "
                       f"Threads** and **Attach Files** permissions there. Ask a moderator to grant them; {GOES_ON}")
    german = PROBLEMS[0].text(lang="de")
    assert german.startswith("Dein Zug wurde gespeichert, aber ich kann den Tisch in <#42> nicht posten: ich habe "
                             "dort die Berechtigungen **Nachrichten in Threads senden** und **Dateien anhängen** nicht.")
    assert "permission" not in german
    for problem in PROBLEMS:
        assert not outside_catalogue(problem.text(lang=PSEUDO)), problem.text(lang=PSEUDO)
        assert not outside_catalogue(problem.text(N_("The game has started"), PSEUDO))
