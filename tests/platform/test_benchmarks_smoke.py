"""The benchmark harness: sections run isolated, each is written to the document as it finishes, a crash
loses nothing, and ``--check`` decides the exit code. Tiny fake sections; no timings are asserted."""

from __future__ import annotations

import importlib
import types

import pytest

from benchmarks import __main__ as cli
from benchmarks.harness import Section, exit_code, run_all


def _module(monkeypatch, name: str, run, check=None) -> str:
    module = types.ModuleType(name)
    module.run = run
    if check is not None:
        module.check = check
    monkeypatch.setitem(__import__("sys").modules, name, module)
    return name


@pytest.fixture
def sections(monkeypatch, tmp_path):
    """good (figures, no missed goal), crash (raises), slow (a missed goal), later (sees good already written)."""
    doc = tmp_path / "performance.md"
    seen: dict[str, str] = {}

    def later(quick: bool) -> dict:
        seen["doc"] = doc.read_text(encoding="utf-8")
        return {"x": {"quick": quick}}

    def crash() -> dict:
        raise RuntimeError("boom in the middle")

    mods = {
        "good": _module(monkeypatch, "fake_bench_good", lambda games=1: {"case a": {"n": games, "median_ms": 2.5}},
                        lambda result: []),
        "crash": _module(monkeypatch, "fake_bench_crash", crash, lambda result: []),
        "slow": _module(monkeypatch, "fake_bench_slow", lambda: {"n": 3},
                        lambda result: [f"{result['n']} is above the goal of 2"]),
        "later": _module(monkeypatch, "fake_bench_later", later),
    }
    made = [Section("good", "Good section", mods["good"], lambda quick: {"games": 4 if quick else 40}),
            Section("crash", "Crashing section", mods["crash"]),
            Section("slow", "Slow section", mods["slow"], row="the row"),
            Section("later", "Later section", mods["later"], note="A note under the table.")]
    return made, doc, seen


def test_a_crash_is_isolated_and_every_section_is_written_as_it_finishes(sections, capsys):
    made, doc, seen = sections
    code = cli.main(["--quick"], sections=made, doc=doc)
    out, err = capsys.readouterr()
    assert code == 1  # a section crashed
    assert "RuntimeError: boom in the middle" in err and "Traceback" in err
    text = doc.read_text(encoding="utf-8")
    assert text.startswith("# Performance") and "\nMachine: " in text
    # in the order of the sections
    assert [text.index(f"<!-- section {n} ") for n in ("good", "crash", "slow", "later")] == sorted(
        text.index(f"<!-- section {n} ") for n in ("good", "crash", "slow", "later"))
    assert "| case a | 4 | 2.5 |" in text  # quick arguments
    assert "**failed**: RuntimeError: boom in the middle" in text and "No figures yet." in text
    assert "| the row | 3 |" in text and "**missed**: 3 is above the goal of 2" in text
    assert "A note under the table." in text
    # the section after the crash ran, and the first one was already in the document when it did
    assert "| case a | 4 | 2.5 |" in seen["doc"] and "<!-- section later" not in seen["doc"]
    assert "MISSED slow: 3 is above the goal of 2" in out
    assert "FAILED crash: RuntimeError: boom in the middle" in out
    assert "4 section(s): 1 failed, 1 goal(s) missed" in out


def test_a_later_crash_keeps_the_previous_figures(sections, monkeypatch):
    made, doc, _ = sections
    assert cli.main(["--only", "good", "--only", "slow"], sections=made, doc=doc) == 0
    assert "| case a | 40 | 2.5 |" in doc.read_text(encoding="utf-8")

    def broken(games: int = 1) -> dict:
        raise ValueError("renderer half edited")

    monkeypatch.setattr(importlib.import_module("fake_bench_good"), "run", broken)
    for _ in range(2):  # failing twice keeps the same figures, with one failure line
        assert cli.main(["--only", "good"], sections=made, doc=doc) == 1
        text = doc.read_text(encoding="utf-8")
        good = text[text.index("<!-- section good"):text.index("<!-- end good")]
        assert "| case a | 40 | 2.5 |" in good
        assert good.count("**failed**: ValueError: renderer half edited") == 1
        assert good.count("The figures below are from the run of") == 1
        assert "| the row | 3 |" in text  # the other section is untouched
        assert text.index("<!-- section good") < text.index("<!-- section slow")


def test_check_decides_the_exit_code(sections, tmp_path):
    made, doc, _ = sections
    good, slow = made[0], made[2]
    assert cli.main(["--check", "--only", "good"], sections=made, doc=doc) == 0
    assert cli.main(["--only", "slow"], sections=made, doc=doc) == 0  # a missed goal alone: only --check fails
    assert cli.main(["--check", "--only", "slow"], sections=made, doc=doc) == 1
    assert cli.main(["--check", "--only", "crash"], sections=made, doc=doc) == 1
    outcomes = run_all([good, slow], quick=True, doc=None)
    assert [o.missed for o in outcomes] == [[], ["3 is above the goal of 2"]]
    assert exit_code(outcomes, check=False) == 0 and exit_code(outcomes, check=True) == 1


def test_no_write_leaves_the_document(sections):
    made, doc, _ = sections
    assert cli.main(["--no-write", "--only", "good"], sections=made, doc=doc) == 0
    assert not doc.exists()


def test_every_real_section_has_a_run():
    names = [s.name for s in cli.SECTIONS]
    assert len(names) == len(set(names))
    for section in cli.SECTIONS:
        module = importlib.import_module(section.module)
        assert callable(module.run), section.name
        assert callable(getattr(module, "check", lambda result: [])), section.name
