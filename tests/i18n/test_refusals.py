"""Every refusal written in the source reaches the catalogue: its message is a literal English template (its
``{fields}`` passed as keywords), never an f-string, which Babel's extractor skips (it warns "Skipping
f-string" and the sentence is never translated), nor a choice between two literals, which the extractor reads
as one message (both strings joined)."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.i18n.extract import KEYWORDS, REFUSALS, SOURCES

ROOT = Path(__file__).resolve().parents[2]
#: files whose refusals are not all templates yet: this list only shrinks (it is empty: keep it so)
ALLOWED: set[str] = set()


def _name(call: ast.Call) -> str | None:
    """The called name: ``f`` of ``f(…)`` and of ``module.f(…)``."""
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _message(call: ast.Call) -> ast.expr | None:
    """The argument of a catalogue call that is its message (the first, or the one ``KEYWORDS`` names)."""
    name = _name(call)
    if name not in KEYWORDS:
        return None
    spec = KEYWORDS[name]
    index = spec[0] - 1 if spec else 0
    return call.args[index] if len(call.args) > index else None


def _formatted(node: ast.expr) -> bool:
    """Whether ``node`` is an f-string with substitutions (an f-string without any is a plain string)."""
    return isinstance(node, ast.JoinedStr) and any(isinstance(v, ast.FormattedValue) for v in node.values)


def _literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def problems(source: str) -> list[str]:
    """Every catalogue call of ``source`` whose message cannot be extracted as written (``line: why``)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        message = _message(node)
        if message is None:
            continue
        # the extractor reads every string argument of the call: none may be an f-string
        arguments = [*node.args, *(k.value for k in node.keywords)]
        if any(_formatted(a) for a in arguments):
            out.append((node.lineno, f"an f-string in {_name(node)}(…): write a template and pass its fields"))
        elif isinstance(message, ast.IfExp) and _literal(message.body) and _literal(message.orelse):
            out.append((node.lineno, f"{_name(node)}(a if … else b) is read as one message: raise each one"))
    return [f"{line}: {why}" for line, why in sorted(out)]


def sources() -> dict[str, str]:
    """The source the catalogue is extracted from: path (from the repository root) → text."""
    return {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
            for folder in SOURCES for path in sorted((ROOT / folder).rglob("*.py"))}


def test_the_checked_calls_are_the_catalogue_calls():
    assert set(REFUSALS) <= set(KEYWORDS) and {"t", "reply_error", "N_"} <= set(KEYWORDS)
    sample = ('raise IllegalAction(f"Space {index + 1} is not empty.")\n'
              'raise errors.LobbyError("Full." if full else "Open.")\n'
              'await reply_error(interaction, f"{n} games.")\n'
              'raise NotAllowed("Only {member} may.", member=f"<@{user}>")\n'
              'raise IllegalAction("Space {space} is not empty.", space=index + 1)\n'
              'raise IllegalAction(_WRONG_KIND[kind])\n'
              'text = t(lang, "{n} games.", n=len(games))\n')
    assert [p.split(":")[0] for p in problems(sample)] == ["1", "2", "3", "4"]


def test_every_refusal_is_a_template():
    found = {}
    for where, source in sources().items():
        if where not in ALLOWED and (bad := problems(source)):
            found[where] = bad
    assert not found, "\n".join(f"{where}:{line}" for where, bad in found.items() for line in bad)


def test_the_allow_list_only_shrinks():
    done = sorted(where for where in ALLOWED if not problems((ROOT / where).read_text(encoding="utf-8")))
    assert not done, f"no f-string refusal is left in {done}: take them off ALLOWED"
