"""The views of the tournament images, built from real tournament states (``bot.tournaments``)."""

from __future__ import annotations

from types import SimpleNamespace

import bot.tournaments as tm
from cogs.tournaments.views import bracket_view, match_label, round_name, standings_view

NAMES = {1: "Ann", 2: "Ben", 3: "Cat", 4: "Dan", 5: "Eve", 6: "Fay"}


def _row(state: dict, fmt: str, kind: str = "tixel", pod: bool = False) -> SimpleNamespace:
    return SimpleNamespace(id=4, kind=kind, status="running", state=state,
                           options={"fmt": fmt, "best_of": 1, "pod": pod})


def _started(fmt: str) -> dict:
    t = tm.new_tournament("tixel", fmt, 1, 99, False)
    for uid, name in NAMES.items():
        t = tm.add_player(t, uid, name)
    return tm.start(t, seeding=list(NAMES))  # seeds 1..6 = Ann..Fay


def _play_round(t: dict, winners: set[int]) -> dict:
    """Create and finish every game the state waits for; a player in ``winners`` wins their game."""
    game_id = 100 * tm.round_no(t)
    for slot in tm.games_to_start(t):
        game_id += 1
        t = tm.attach_game(t, slot.match_id, slot.game_no, game_id)
        ranks = {p: 1 if p in winners else 2 for p in slot.players}
        if len(set(ranks.values())) == 1:  # neither or both named: the first seat wins
            ranks = {p: 1 + k for k, p in enumerate(slot.players)}
        t = tm.record_game(t, game_id, ranks)
    return t


def test_round_names():
    assert [round_name(i, 3) for i in range(3)] == ["Quarter-finals", "Semi-finals", "Final"]
    assert [round_name(i, 5) for i in range(5)] == ["Round 1", "Round 2", "Quarter-finals", "Semi-finals", "Final"]


def test_match_names():
    assert [match_label(0, 5, k) for k in (0, 15)] == ["Round 1 · match 1", "Round 1 · match 16"]
    assert [match_label(i, 5, 1) for i in (2, 3)] == ["Quarter-final 2", "Semi-final 2"]
    assert match_label(4, 5, 0) == "Final"


def test_six_player_bracket_byes_then_winners_move_on():
    t = _started(tm.SINGLE_ELIM)
    view = bracket_view(_row(t, tm.SINGLE_ELIM))
    assert [r["name"] for r in view["rounds"]] == ["Quarter-finals", "Semi-finals", "Final"]
    first = view["rounds"][0]["matches"]
    # seeds in bracket order 1 v 8 (bye), 4 v 5, 2 v 7 (bye), 3 v 6
    assert [[s.get("seed") for s in m["slots"]] for m in first] == [[1, None], [4, 5], [2, None], [3, 6]]
    assert first[0]["slots"][1] == {"bye": True} and first[0]["slots"][0]["won"]
    assert view["champion"] is None and view["subtitle"] == "Single elimination · 6 players · best of 1 · round 1 in play"

    t = _play_round(t, {5, 6})  # Eve beats Dan, Fay beats Cat
    view = bracket_view(_row(t, tm.SINGLE_ELIM), after=1)
    assert view["subtitle"].endswith("· after round 1")
    semis = view["rounds"][1]["matches"]
    assert [[s["name"] for s in m["slots"]] for m in semis] == [["Ann", "Eve"], ["Ben", "Fay"]]
    played = view["rounds"][0]["matches"][1]["slots"]
    assert [(s["name"], s["score"], s["won"]) for s in played] == [("Dan", 0, False), ("Eve", 1, True)]
    assert view["rounds"][2]["matches"] == [{"done": False, "slots": [None, None], "label": "Final", "feeds": None}]
    # each match is named, with the match its winner goes on to: quarter-finals 1-2 feed semi-final 1, and so on
    assert [[(m["label"], m["feeds"]) for m in r["matches"]] for r in view["rounds"][:2]] == [
        [("Quarter-final 1", "Semi-final 1"), ("Quarter-final 2", "Semi-final 1"),
         ("Quarter-final 3", "Semi-final 2"), ("Quarter-final 4", "Semi-final 2")],
        [("Semi-final 1", "Final"), ("Semi-final 2", "Final")]]

    t = _play_round(_play_round(t, {1, 6}), {6})
    view = bracket_view(_row(t, tm.SINGLE_ELIM))
    assert view["champion"] == "Fay" and view["subtitle"].endswith("· final")
    standings = standings_view(_row(t, tm.SINGLE_ELIM))
    assert standings["columns"] == ["W-L", "GW"]
    assert [(r["rank"], r["name"], r["values"][0]) for r in standings["rows"]][:2] == [(1, "Fay", "3-0"),
                                                                                       (2, "Ann", "2-1")]
    assert standings["rows"][0]["champion"] and not standings["rows"][1]["champion"]


def test_swiss_standings_view():
    t = _play_round(_started(tm.SWISS), set())  # round 1 is paired at random: each first seat wins
    first_seats = {NAMES[m.players[0]] for m in tm.matches(t, 1)}
    view = standings_view(_row(t, tm.SWISS), after=1)
    assert view["columns"] == ["Pts", "W-D-L", "OMW", "GW", "OGW"]
    winners = view["rows"][:3]
    assert {r["name"] for r in winners} == first_seats and len(first_seats) == 3
    # a winner's only opponent lost (0%, floored at 33%); they won their one game
    assert all(r["values"] == ["3", "1-0-0", "33", "100", "33"] for r in winners)
    assert all(r["values"][:2] == ["0", "0-0-1"] for r in view["rows"][3:])
    assert not any(r["champion"] for r in view["rows"])


def test_standings_after_a_round_leave_out_the_next_rounds_bye():
    """Five-player Swiss: round 2 is paired (with its bye, a match won 2-0) as round 1 ends; the image "after
    round 1" counts round 1 only, so round 2's bye player still shows their round-1 loss and no points."""
    t = tm.new_tournament("tixel", tm.SWISS, 1, 7, False)
    for uid in range(1, 6):
        t = tm.add_player(t, uid, NAMES[uid])
    t = _play_round(tm.start(t), set())  # each first seat wins
    second_bye = next(m.players[0] for m in tm.matches(t, 2) if m.bye)
    assert second_bye not in {m.players[0] for m in tm.matches(t, 1)}  # a round-1 loser gets round 2's bye
    rows = {r["name"]: r["values"] for r in standings_view(_row(t, tm.SWISS), after=1)["rows"]}
    assert rows[NAMES[second_bye]][:2] == ["0", "0-0-1"]
    assert sorted(v[1] for v in rows.values()) == ["0-0-1", "0-0-1", "1-0-0", "1-0-0", "1-0-0"]
    now = {s.user_id: s for s in tm.standings(t)}[second_bye]  # as the tournament stands now: the bye counts
    assert (now.points, now.wins, now.losses) == (3, 1, 1)
