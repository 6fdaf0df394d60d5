"""The computer players' benchmark (benchmarks/ai_strength.py, ai_report.py) on stored rows: a rerun goes on where
the stored results stop, a budget change starts a figure afresh, seats rotate evenly, and the report's rates,
ranks, intervals and goals. No game is played at a real budget and no time is asserted."""

from __future__ import annotations

import json

from benchmarks import ai_strength
from benchmarks.ai_report import missed, report, to_markdown


def _pairing_row(name: str, chunk: int, games: list[dict], budget: str | None = None) -> dict:
    game, _players, _options, levels = ai_strength.PAIRINGS[name]
    return {"kind": "pairing", "pairing": name, "chunk": chunk, "games": games, "seconds": 1.0,
            "budget": budget or ai_strength.budgets_key(game, levels),
            "seeds": [1000 + 2 * chunk, 1001 + 2 * chunk]}


def _two(first_wins: int) -> list[dict]:
    """Two finished 2-player games: the first level (seat 0, then seat 1) wins ``first_wins`` of them."""
    games = []
    for i in range(2):
        levels = ["strong", "random"] if i == 0 else ["random", "strong"]
        won = i < first_wins
        mine = levels.index("strong")
        share = [0.0, 0.0]
        share[mine if won else 1 - mine] = 1.0
        ranks = [1 if s == 1.0 else 2 for s in share]
        games.append({"levels": levels, "finished": True, "moves": 30, "ranks": ranks, "share": share})
    return games


def test_a_rerun_goes_on_and_a_budget_change_starts_afresh(tmp_path):
    path = tmp_path / "results.jsonl"
    name = "tixel: strong vs random"
    rows = [_pairing_row(name, 0, _two(2)), _pairing_row(name, 1, _two(1), budget="strong=old budget")]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    stored = ai_strength.load(path)
    assert [r["chunk"] for r in stored] == [0]  # the old budget's chunk no longer counts
    todo = ai_strength.jobs({ai_strength.key(r) for r in stored}, games=4, positions=2, only="pairings")
    assert {(j["pairing"], j["chunk"]) for j in todo if j["pairing"] == name} == {(name, 1)}
    assert len(todo) == 2 * len(ai_strength.PAIRINGS) - 1
    assert ai_strength.execute(path, todo, minutes=0, workers=1) == 0  # the time box is over: nothing starts


def test_seats_rotate_evenly_over_a_chunk(monkeypatch):
    seen = []
    monkeypatch.setattr(ai_strength, "play_game", lambda game, players, options, levels, seed: seen.append(levels)
                        or {"levels": levels, "finished": False, "moves": 0})
    ai_strength.run_job({"kind": "pairing", "pairing": "tixel: strong vs normal", "chunk": 0, "budget": "b",
                         "seeds": [1000, 1001]})
    ai_strength.run_job({"kind": "pairing", "pairing": "pixies 3p: strong vs normal", "chunk": 0, "budget": "b",
                         "seeds": [1000, 1001, 1002]})
    assert seen[:2] == [["strong", "normal"], ["normal", "strong"]]
    assert [levels.index("strong") for levels in seen[2:]] == [1, 2, 0]


def test_report_rates_intervals_ranks_and_goals():
    rows = [_pairing_row("tixel: strong vs random", c, _two(2 if c < 9 else 0)) for c in range(11)]
    three = {"levels": ["normal", "strong", "normal"], "finished": True, "moves": 50, "ranks": [2, 1, 3],
             "share": [0.0, 1.0, 0.0]}
    rows.append(_pairing_row("pixies 3p: strong vs normal", 0, [three]))
    rows.append({"kind": "times", "case": "tixel", "level": "strong", "budget": "strong=Budget(iterations=400, "
                 "rollout_depth=4, width=24); easy_sample=24", "positions": 2, "cpu": [1.5, 2.5], "wall": [3, 4]})
    result = report(rows)
    tixel = result["pairings"]["tixel: strong vs random"]
    assert tixel["games"] == 22 and tixel["win_rate"] == round(18 / 22, 3) and tixel["low"] < 0.818 < tixel["high"]
    assert tixel["rank_strong"] == round((18 + 2 * 4) / 22, 2) and tixel["goal"] == 0.95
    multi = result["pairings"]["pixies 3p: strong vs normal"]
    assert (multi["rank_strong"], multi["rank_normal"], multi["goal"]) == (1.0, 2.5, round(1 / 3 + 0.15, 3))
    assert result["times"]["tixel"]["strong"]["p95_ms"] == 2500.0
    goals = missed(result)
    assert any("tixel strong: p95 2500 ms" in m for m in goals)
    assert any("tixel: strong vs random" in m for m in goals)
    assert not any("pixies 3p" in m for m in goals)  # one game is too few to judge
    text = to_markdown(result)
    assert "| tixel: strong vs random | 22 | 0 | 81.8% |" in text and "400 it, depth 4, width 24" in text


def test_the_report_names_a_tree_search_and_an_alpha_beta_budget_in_words():
    from benchmarks.ai_report import budget_label

    assert budget_label("normal=Budget(iterations=150, rollout_depth=3, width=10, safety=0)") == (
        "150 it, depth 3, width 10")
    assert budget_label("strong=Budget(iterations=0, rollout_depth=0, width=0, safety=0, depth=2, nodes=40000)") == (
        "alpha-beta depth 2, ≤ 40000 nodes")
    assert budget_label("easy=easy") == "one ply"


def test_an_unfinished_game_counts_as_played_and_won_by_neither():
    capped = {"levels": ["strong", "normal"], "finished": False, "moves": 400}
    rows = [_pairing_row("tixel: strong vs normal", 0, _two(2)), _pairing_row("tixel: strong vs normal", 1,
                                                                               [capped, _two(1)[0]])]
    entry = report(rows)["pairings"]["tixel: strong vs normal"]
    assert (entry["games"], entry["unfinished"], entry["win_rate"]) == (4, 1, 0.75)
    assert entry["rank_strong"] == 1.0  # ranks come from the three finished games only
