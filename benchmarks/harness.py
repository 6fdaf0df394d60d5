"""Run benchmark sections one at a time, each isolated, and keep docs/performance.md up to date as they finish.

A section is a module with ``run(...) -> result`` and, optionally, ``check(result) -> list[str]`` (one
sentence per missed goal) and ``markdown(result) -> str`` (its part of the document; by default a table).
A section that raises is reported with its traceback and counted as failed; the others still run, and
the document keeps the figures of its last successful run.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import platform
import re
import sys
import textwrap
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

_BLOCK = re.compile(r"<!-- section (?P<name>[\w-]+)(?P<attrs>[^>]*?) -->\n(?P<body>.*?)<!-- end (?P=name) -->\n?",
                    re.S)
_MEASURED = re.compile(r'measured="(?P<when>[^"]*)"')
_KEPT = "The figures below are from the run of"


@dataclass(frozen=True)
class Section:
    """One benchmark section: its module, its heading and the arguments of a quick or a full run."""

    name: str
    title: str
    module: str
    kwargs: Callable[[bool], dict] = field(default=lambda quick: {})
    note: str = ""
    #: the row's name when the result is one flat dict
    row: str = "result"


@dataclass
class Outcome:
    """What one section's run gave: its result, or the traceback it failed with; missed goals."""

    section: Section
    seconds: float
    #: the machine's 1-minute load average when the section started and when it ended
    load: tuple[float, float] = (0.0, 0.0)
    result: object = None
    error: str | None = None
    missed: list[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        """Whether the section (its run, check or markdown) raised."""
        return self.error is not None


def machine() -> str:
    """Describe this machine: CPU model, cores, memory, OS, Python."""
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = "?"
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f"{kb / 1024 / 1024:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    return (f"{cpu}, {os.cpu_count()} cores, {memory} RAM; {platform.system()} {platform.release()}; "
            f"Python {platform.python_version()}")


def table(result: object, row: str = "result") -> str:
    """Render a dict of row dicts (or one flat dict, the row ``row``) as a Markdown table; nested values
    as JSON."""
    if not isinstance(result, dict):
        return f"`{json.dumps(result, default=str)}`"
    rows = result if result and all(isinstance(v, dict) for v in result.values()) else {row: result}
    columns: list[str] = []
    for row in rows.values():
        columns += [k for k in row if k not in columns]

    def cell(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, default=str) if isinstance(value, dict | list) else str(value)

    out = ["| case | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for name, row in rows.items():
        out.append(f"| {name} | " + " | ".join(cell(row.get(c, "")) for c in columns) + " |")
    return "\n".join(out)


def _call_run(module, quick: bool, kwargs: dict, extra: dict):
    """Call ``module.run`` with the arguments it accepts among ``kwargs``, ``quick`` and ``extra``."""
    params = inspect.signature(module.run).parameters
    wanted = {**kwargs, "quick": quick, **extra}
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return module.run(**wanted)
    return module.run(**{k: v for k, v in wanted.items() if k in params})


def run_section(section: Section, quick: bool, extra: dict | None = None) -> tuple[Outcome, str]:
    """Run one section isolated: return its outcome and its Markdown body (empty when it failed)."""
    start = time.perf_counter()
    outcome = Outcome(section, 0.0)
    load = _load()
    body = ""
    try:
        module = importlib.import_module(section.module)
        outcome.result = _call_run(module, quick, section.kwargs(quick), extra or {})
        check = getattr(module, "check", None)
        outcome.missed = list(check(outcome.result)) if check is not None else []
        render = getattr(module, "markdown", None)
        body = render(outcome.result) if render is not None else table(outcome.result, section.row)
        if section.note:
            body += "\n\n" + section.note
    except Exception:
        outcome.error = traceback.format_exc()
    outcome.seconds = time.perf_counter() - start
    outcome.load = (load, _load())
    return outcome, body


def _load() -> float:
    """The machine's 1-minute load average (0 where unknown)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def header(sections: list[Section]) -> str:
    """The top of the document: what it is, how to run it, the machine."""
    names = ", ".join(f"`{s.name}`" for s in sections)
    intro = ("Measured by `python -m benchmarks` (not part of the test suite); each section is written as soon as "
             "it finishes and says when it was measured. `python -m benchmarks --only NAME` reruns one section "
             f"({names}); `python -m benchmarks --check` exits 1 when a goal is missed (goals compare figures of "
             "one run, so a busy machine does not decide alone).")
    return f"# Performance\n\n{textwrap.fill(intro, 110)}\n\nMachine: {machine()}.\n\n"


def _status(outcome: Outcome, quick: bool, when: str) -> str:
    kind = "quick run" if quick else "full run"
    if outcome.failed:
        last = outcome.error.strip().splitlines()[-1] if outcome.error else "?"
        return f"_Run of {when} ({kind}) **failed**: {last}_"
    goals = ("goals: " + ("**missed**: " + "; ".join(outcome.missed) if outcome.missed else "all met")
             if outcome.missed or _has_check(outcome.section) else "")
    pending = _unjudged(outcome)
    if goals and pending:
        goals = goals.replace("all met", "all judged ones met") + f"; **not judged** (too few games): {len(pending)}"
    load = f"load average {outcome.load[0]:.1f} → {outcome.load[1]:.1f}"
    return f"_Measured {when} ({kind}, {outcome.seconds:.0f} s, {load}){'; ' + goals if goals else ''}._"


def _unjudged(outcome: Outcome) -> list[str]:
    """Return the goals a section could not judge in this run (its optional ``unjudged(result)``)."""
    module = sys.modules.get(outcome.section.module)
    judge = getattr(module, "unjudged", None) if module is not None else None
    return list(judge(outcome.result)) if judge is not None and outcome.result is not None else []


def _has_check(section: Section) -> bool:
    module = sys.modules.get(section.module)
    return module is not None and hasattr(module, "check")


def block(outcome: Outcome, body: str, quick: bool, previous: str | None) -> str:
    """Return the section's block of the document; a failed run keeps the previous figures below its line."""
    section = outcome.section
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    measured = when
    if outcome.failed:
        old = _BLOCK.search(previous or "")
        found = _MEASURED.search(old["attrs"]) if old else None
        measured = found["when"] if found else ""
        parts = old["body"].rstrip("\n").split("\n\n", 2) if old else []
        kept = parts[2] if len(parts) == 3 else ""
        if parts and parts[1].startswith("_Run of "):  # it failed before too: its figures are older still
            kept = kept.split("\n\n", 1)[1] if kept.startswith(_KEPT) and "\n\n" in kept else ""
        body = f"{_KEPT} {measured}.\n\n{kept}" if kept and measured else "No figures yet."
    text = f"## {section.title}\n\n{_status(outcome, quick, when)}\n\n{body.rstrip()}\n"
    return f'<!-- section {section.name} measured="{measured}" -->\n{text}<!-- end {section.name} -->\n'


def update_doc(path: Path, sections: list[Section], name: str, new_block: str) -> None:
    """Replace (or add) one section's block of the document, keeping the others; rewrite the header."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    blocks = {m["name"]: m.group(0) for m in _BLOCK.finditer(text)}
    blocks[name] = new_block
    order = [s.name for s in sections] + [n for n in blocks if n not in {s.name for s in sections}]
    content = header(sections) + "\n".join(blocks[n] for n in order if n in blocks)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(content, encoding="utf-8")
    os.replace(temporary, path)


def previous_block(path: Path, name: str) -> str | None:
    """Return the section's current block in the document, if any."""
    if not path.exists():
        return None
    return next((m.group(0) for m in _BLOCK.finditer(path.read_text(encoding="utf-8")) if m["name"] == name), None)


def run_all(sections: list[Section], *, quick: bool, doc: Path | None, everything: list[Section] | None = None,
            out: TextIO | None = None, err: TextIO | None = None, extra: dict | None = None) -> list[Outcome]:
    """Run the sections in turn; print each one's results (or traceback) and write its block as it ends
    (the document lists the blocks in the order of ``everything``, by default ``sections``)."""
    order = everything or sections
    out, err = out or sys.stdout, err or sys.stderr
    outcomes = []
    for section in sections:
        print(f"== {section.name}: running ...", file=err, flush=True)
        outcome, body = run_section(section, quick, extra)
        outcomes.append(outcome)
        if outcome.failed:
            print(f"== {section.name}: FAILED after {outcome.seconds:.0f} s\n{outcome.error}", file=err, flush=True)
        new_block = block(outcome, body, quick, previous_block(doc, section.name) if doc else None)
        print(new_block, file=out, flush=True)
        if doc is not None:
            update_doc(doc, order, section.name, new_block)
    return outcomes


def exit_code(outcomes: list[Outcome], *, check: bool) -> int:
    """1 when a section failed, or with ``check`` when a goal was missed; otherwise 0."""
    if any(o.failed for o in outcomes):
        return 1
    return 1 if check and any(o.missed for o in outcomes) else 0


def summary_lines(outcomes: list[Outcome]) -> list[str]:
    """One line per failed section and per missed goal, then a total."""
    lines = [f"FAILED {o.section.name}: {o.error.strip().splitlines()[-1]}" for o in outcomes if o.failed and o.error]
    lines += [f"MISSED {o.section.name}: {m}" for o in outcomes for m in o.missed]
    goals = sum(len(o.missed) for o in outcomes)
    failed = sum(o.failed for o in outcomes)
    lines.append(f"{len(outcomes)} section(s): {failed} failed, {goals} goal(s) missed")
    return lines
