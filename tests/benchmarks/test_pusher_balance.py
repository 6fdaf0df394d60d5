"""benchmarks.pusher_balance: the share function on hand-worked counts, figure totals on hand-built records,
a few games of every figure end to end (report structure, consistent numbers) and the rules-doc block."""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks import pusher_balance
from benchmarks.pusher_balance import figures, report
from benchmarks.pusher_balance.figures import KINDS, play, run_figures, seat_policies, share_ratios, totals


def test_share_ratios_hand_worked():
    # winners: 3 A + 1 B of 4 cards; everyone: 6 A, 6 B, 8 C of 20
    ratios = share_ratios(Counter(A=3, B=1), Counter(A=6, B=6, C=8))
    assert ratios["A"] == pytest.approx((3 / 4) / (6 / 20))  # 2.5
    assert ratios["B"] == pytest.approx((1 / 4) / (6 / 20))  # 0.833...
    assert ratios["C"] == 0.0
    assert share_ratios(Counter(), Counter(A=1)) == {}
    assert share_ratios(Counter(A=0.5, B=0.5), Counter(A=2, B=2)) == {"A": 1.0, "B": 1.0}


def test_totals_count_shared_wins_fractionally():
    records = [
        {"seed": 0, "scores": [5, 0], "winners": [0], "strong": 0,
         "installed": [["Red Scoop", "Pixel Tank"], ["Red Scoop"]], "fills": [(0, "Heart"), (1, "Sun")]},
        {"seed": 1, "scores": [4, 4], "winners": [0, 1], "strong": 1,
         "installed": [["Yellow Mixer"], ["Pixel Tank"]], "fills": [(0, "Sun"), (1, "Heart")]},
    ]
    t = totals("planner-greedy", 2, records)
    assert t["wins"] == [1.5, 0.5]
    assert t["strong"] == 1.5  # seed 0: seat 0 won; seed 1: seat 1 shared
    assert t["shared"] == 1 and t["zero"] == 1 and t["games"] == 2
    assert t["cards_all"] == Counter({"Red Scoop": 2, "Pixel Tank": 2, "Yellow Mixer": 1})
    assert t["cards_won"] == Counter({"Red Scoop": 1, "Pixel Tank": 1.5, "Yellow Mixer": 0.5})
    assert t["images_won"] == Counter({"Heart": 1.5, "Sun": 0.5})
    ratios = share_ratios(t["cards_won"], t["cards_all"])  # won 3 cards, all 5
    assert ratios["Pixel Tank"] == pytest.approx((1.5 / 3) / (2 / 5))
    assert t["margin_median"] == 2.5 and t["winning_mean"] == 4.5


def test_seat_policies_rotate_the_stronger_seat():
    assert seat_policies("planner-greedy", 3, 4) == ["greedy", "planner", "greedy"]
    assert seat_policies("greedy", 2, 1) == ["greedy", "greedy"]


def test_every_figure_end_to_end():
    games = 4
    wanted = [(kind, n) for n in (2, 3, 4) for kind in KINDS]
    results = run_figures(wanted, games, 2, 1)
    assert set(results) == set(wanted)
    for (kind, n), r in results.items():
        assert r["kind"] == kind and r["games"] == games and len(r["scores"]) == games * n
        assert sum(r["wins"]) == pytest.approx(games)
        assert 0 <= r["strong"] <= games
        assert sum(r["cards_won"].values()) <= sum(r["cards_all"].values())
        assert sum(r["images_all"].values()) >= sum(r["images_won"].values())
    judged = report.goals(results, 2)
    # per count: seat fairness, 3 card goals (planner self-play), 2 pairings; three zero-score goals (4 players)
    assert len(judged) == 3 * (1 + 3 + 2) + 3
    assert all(isinstance(g["ok"], bool) for g in judged)
    text = report.tables(results, 2)
    for heading in ("| Goal | Players |", "Seat win rates", "Pairings", "Score spreads", "Machine cards",
                    "Images"):
        assert heading in text
    assert text.count("| planner vs greedy |") == 3 and "Yellow Mixer" in text


def test_games_are_deterministic():
    assert play("planner-greedy", 3, 2, 7) == play("planner-greedy", 3, 2, 7)
    assert play("random", 2, 1, 3) == play("random", 2, 1, 3)


OLD_DOC = """# Pixel Pusher

## Balance

`python -m benchmarks.pusher_balance` plays games. Latest run (1,000 games per player count, seeds 0–999):

| Players | Games |
|---|---|
| 2 | 1000 |

Score spreads (final VP of every player):

| Players | Mean |
|---|---|
| 2 | 14.3 |

What kept the seats fair: the token rotates.
"""


def test_write_doc_replaces_the_old_tables_then_the_block(tmp_path):
    doc = tmp_path / "rules.md"
    doc.write_text(OLD_DOC)
    report.write_doc("| new | table |", "_header_", doc)
    text = doc.read_text()
    assert "Latest run" not in text and "| 2 | 1000 |" not in text and "14.3" not in text
    assert text.count(report.START) == 1 and "| new | table |" in text
    assert "plays games." in text and text.rstrip().endswith("the token rotates.")
    assert text.index(report.END) < text.index("What kept")
    report.write_doc("| newer |", "_again_", doc)
    again = doc.read_text()
    assert "| new | table |" not in again and "| newer |" in again and again.count(report.START) == 1


def test_main_prints_a_summary_and_exits_by_the_goals(monkeypatch, tmp_path, capsys):
    doc = tmp_path / "rules.md"
    doc.write_text(OLD_DOC)
    monkeypatch.setattr(report, "DOC", doc)
    monkeypatch.setattr(figures, "CHUNK", 2)
    code = pusher_balance.main(["--games", "2", "--players", "2", "--figures", "greedy", "--workers", "1",
                                "--write"])
    out = capsys.readouterr().out
    assert "Summary:" in out and "content version 3" in out
    assert code in (0, 1) and (code == 1) == ("❌" in out)
    assert report.START in doc.read_text()
