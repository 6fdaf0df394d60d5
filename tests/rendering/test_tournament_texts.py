"""The texts of tournament posts (``cogs/tournaments/texts.py``): the sign-up post and the pairing post."""

from __future__ import annotations

from types import SimpleNamespace

from cogs.tournaments.texts import pairing_text, signup_text


def _row(deck_format: str | None = None) -> SimpleNamespace:
    players = [{"id": 11, "name": "Ann"}, {"id": 12, "name": "Ben"}]
    return SimpleNamespace(id=3, kind="pixel-tactics", status="signup", creator_id=11, state={"players": players},
                           options={"fmt": "swiss", "best_of": 3, "deadline_hours": None, "rated": False,
                                    "deck_format": deck_format})


def test_signup_post_of_a_deck_tournament_reads_as_one_sentence():
    text = signup_text(_row("standard"))
    assert text.splitlines()[1:] == [
        "Signed up (2): <@11>, <@12>",
        "Join with `/tournament join deck:<your standard deck>`; <@11> (or an organiser) presses **Start** when "
        "everyone is in."]
    assert ".;" not in text


def test_signup_post_without_decks_points_to_the_join_button():
    assert signup_text(_row()).splitlines()[-1] == ("Press **Join** to play; <@11> (or an organiser) presses "
                                                    "**Start** when everyone is in.")
    assert signup_text(_row("draft")).splitlines()[-1].startswith("Press **Join** to play; <@11>")


def test_pairing_post_says_where_the_game_is_played():
    row = SimpleNamespace(id=3, kind="tixel", options={"best_of": 3}, state={})
    table = SimpleNamespace(title="Tixel #9", seats=[SimpleNamespace(user_id=11), SimpleNamespace(user_id=12)],
                            row=SimpleNamespace(options={"tournament": {"id": 3, "match": "r2m1", "game_no": 2}}))
    match = SimpleNamespace(round=2, slot=0, players=[11, 12])
    head = "⚔️ **Tixel tournament #3** — round 2, match 1, game 2 of 3: <@11> v <@12>. Your game is **Tixel #9**, "
    assert pairing_text(row, table, match) == head + "in the thread below."
    assert pairing_text(row, table, match, thread=False) == head + "posted below in this channel."
