"""The balance report: issue #17's goals judged on the figures' totals, Markdown tables, and the rules doc block."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.games.pixel_pusher.content import VERSION_CARDS

from .figures import share_ratios

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "pixel_pusher.md"
START, END = "<!-- pusher-balance:start -->", "<!-- pusher-balance:end -->"
#: seat win rates in greedy self-play within this of fair (1/n)
SEAT_TOLERANCE = 0.04
#: a card name's share of winners at most this times its share of everyone
MAX_SHARE = 1.3
#: converters: winners' share at least this times everyone's (no tolerance)
MIN_CONVERTER_SHARE = 1.0
#: 4-player final scores equal to 0: under this fraction
MAX_ZERO = 0.02
#: the self-play figure whose winners judge the cards: skilled play shows what a card is worth when used well
#: (greedy drafts converters by a fixed rule, so its winners say more about that rule than about the cards)
SHARE_KIND = "planner"
KIND_ORDER = ["greedy", "planner", "random", "planner-greedy", "greedy-random"]
PAIRINGS = {"planner-greedy": ("planner", "greedy", 0.60), "greedy-random": ("greedy", "random", 0.85)}


def beat_target(kind: str, players: int) -> float:
    """Return the win share the stronger seat needs: 60 % / 85 % with 2 players, 1/n + 15 points with 3-4."""
    return PAIRINGS[kind][2] if players == 2 else 1 / players + 0.15


def converter_names(content: int) -> list[str]:
    """Return the converter card names of a content version (the machine cards it deals)."""
    return sorted({c["name"] for c in VERSION_CARDS[content][0] if c["type"] == "converter"})


def goals(results: dict[tuple[str, int], dict[str, Any]], content: int) -> list[dict[str, Any]]:
    """Return every goal the figures can judge: ``{"goal", "players", "measured", "target", "ok"}``."""
    out: list[dict[str, Any]] = []
    converters = converter_names(content)
    for (kind, n), r in sorted(results.items(), key=lambda kv: (KIND_ORDER.index(kv[0][0]), kv[0][1])):
        games = r["games"] or 1
        if kind == "greedy":
            worst = max(range(n), key=lambda s: abs(r["wins"][s] / games - 1 / n))
            dev = r["wins"][worst] / games - 1 / n
            out.append({"goal": "seat win rates (greedy self-play)", "players": n,
                        "measured": f"seat {worst + 1} {100 * dev:+.1f} pts", "target": "within ±4 pts of fair",
                        "ok": abs(dev) <= SEAT_TOLERANCE})
        if kind == (SHARE_KIND if (SHARE_KIND, n) in results else "greedy"):
            ratios = share_ratios(r["cards_won"], r["cards_all"])
            name, worst_ratio = max(ratios.items(), key=lambda kv: kv[1], default=("—", 0.0))
            out.append({"goal": f"machine's share of winners ({kind} self-play)", "players": n,
                        "measured": f"max {worst_ratio:.2f}× ({name})", "target": f"≤ {MAX_SHARE}×",
                        "ok": worst_ratio <= MAX_SHARE})
            images = share_ratios(r["images_won"], r["images_all"])
            name, worst_ratio = max(images.items(), key=lambda kv: kv[1], default=("—", 0.0))
            out.append({"goal": f"image's share of winners ({kind} self-play)", "players": n,
                        "measured": f"max {worst_ratio:.2f}× ({name})", "target": f"≤ {MAX_SHARE}×",
                        "ok": worst_ratio <= MAX_SHARE})
            conv = {c: ratios.get(c, 0.0) for c in converters}
            name, low = min(conv.items(), key=lambda kv: kv[1])
            out.append({"goal": f"converters installed by winners ({kind} self-play)", "players": n,
                        "measured": f"min {low:.2f}× ({name})", "target": f"≥ {MIN_CONVERTER_SHARE}× each",
                        "ok": low >= MIN_CONVERTER_SHARE})
        if kind in ("greedy", "planner", "random") and n == 4:
            rate = r["zero"] / max(1, len(r["scores"]))
            out.append({"goal": f"4-player scores of 0 ({kind} self-play)", "players": n,
                        "measured": f"{100 * rate:.1f} %", "target": f"< {100 * MAX_ZERO:.0f} %",
                        "ok": rate < MAX_ZERO})
        if kind in PAIRINGS:
            strong, weak, _ = PAIRINGS[kind]
            target = beat_target(kind, n)
            share = r["strong"] / games
            out.append({"goal": f"{strong} beats {weak}", "players": n, "measured": f"{100 * share:.1f} %",
                        "target": f"≥ {100 * target:.1f} %", "ok": share >= target})
    first = {}
    for g in out:
        first.setdefault(g["goal"], len(first))
    return sorted(out, key=lambda g: (first[g["goal"]], g["players"]))


def _pct(x: float) -> str:
    """Return a percentage with one decimal."""
    return f"{100 * x:.1f} %"


def tables(results: dict[tuple[str, int], dict[str, Any]], content: int) -> str:
    """Return the Markdown tables: goals, seat win rates, pairings, score spreads, card and image shares."""
    judged = goals(results, content)
    lines = ["| Goal | Players | Measured | Target | Met |", "|---|---|---|---|---|"]
    lines += [f"| {g['goal']} | {g['players']} | {g['measured']} | {g['target']} | {'✅' if g['ok'] else '❌'} |"
              for g in judged]
    greedy = sorted((n, r) for (k, n), r in results.items() if k == "greedy")
    if greedy:
        lines += ["", "Seat win rates, greedy self-play (a shared win counts fractionally):", "",
                  "| Players | Games | Seat 1 | Seat 2 | Seat 3 | Seat 4 | Fair | Shared wins |",
                  "|---|---|---|---|---|---|---|---|"]
        for n, r in greedy:
            cells = [_pct(w / r["games"]) for w in r["wins"]] + ["—"] * (4 - n)
            lines.append(f"| {n} | {r['games']} | " + " | ".join(cells) + f" | {_pct(1 / n)} | {r['shared']} |")
    pairs = sorted((k, n, r) for (k, n), r in results.items() if k in PAIRINGS)
    if pairs:
        lines += ["", "Pairings: one seat of the stronger policy (seat = seed mod n) against n − 1 of the weaker:", "",
                  "| Stronger vs weaker | Players | Games | Stronger seat's win share | Fair | Target |",
                  "|---|---|---|---|---|---|"]
        for k, n, r in pairs:
            strong, weak, _ = PAIRINGS[k]
            lines.append(f"| {strong} vs {weak} | {n} | {r['games']} | {_pct(r['strong'] / r['games'])} | "
                         f"{_pct(1 / n)} | {_pct(beat_target(k, n))} |")
    lines += ["", "Score spreads (final VP of every player):", "",
              "| Figure | Players | Mean | Std dev | Min | Quartiles | Max | Winner's mean | Median margin | "
              "Scores of 0 |", "|---|---|---|---|---|---|---|---|---|---|"]
    for (k, n), r in sorted(results.items(), key=lambda kv: (KIND_ORDER.index(kv[0][0]), kv[0][1])):
        q = r["quartiles"]
        lines.append(f"| {k} | {n} | {r['mean']:.1f} | {r['stdev']:.1f} | {r['min']} | "
                     f"{q[0]:.0f} / {q[1]:.0f} / {q[2]:.0f} | {r['max']} | {r['winning_mean']:.1f} | "
                     f"{r['margin_median']:.0f} | {_pct(r['zero'] / max(1, len(r['scores'])))} |")
    for kind in (SHARE_KIND, "greedy"):
        rows = sorted((n, r) for (k, n), r in results.items() if k == kind)
        if rows:
            lines += share_table("Machine card", [(n, r["cards_won"], r["cards_all"]) for n, r in rows],
                                 "installed cards", kind)
            lines += share_table("Image", [(n, r["images_won"], r["images_all"]) for n, r in rows],
                                 "filled scanlines", kind)
    return "\n".join(lines)


def share_table(what: str, rows: list[tuple[int, Any, Any]], unit: str, kind: str = "greedy") -> list[str]:
    """Return a table of each name's share of winners over its share of everyone, per player count."""
    names = sorted({name for _, _, everyone in rows for name in everyone})
    head = " | ".join(f"{n} players" for n, _, _ in rows)
    out = ["", f"{what}s, {kind} self-play: winners' share of {unit} over everyone's (count among everyone's):",
           "", f"| {what} | {head} |", "|---|" + "---|" * len(rows)]
    ratios = [(share_ratios(won, everyone), everyone) for _, won, everyone in rows]
    for name in names:
        cells = [f"{r[name]:.2f}× ({everyone[name]})" if name in r else "—" for r, everyone in ratios]
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    return out


def block(text: str, header: str) -> str:
    """Return the marked block for the rules doc."""
    return f"{START}\n{header}\n\n{text}\n{END}"


def write_doc(text: str, header: str, doc: Path | None = None) -> None:
    """Replace the marked block of the rules doc; without markers, put it in the Balance section in place of
    the hand-written "Latest run" tables (or at the section's end)."""
    doc = doc or DOC
    content = doc.read_text()
    new = block(text, header)
    if START in content and END in content:
        content = content[: content.index(START)] + new + content[content.index(END) + len(END):]
        doc.write_text(content)
        return
    lines = content.split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip() == "## Balance"), None)
    if start is None:
        doc.write_text(content.rstrip() + "\n\n## Balance\n\n" + new + "\n")
        return
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    latest = next((i for i in range(start, end) if "Latest run" in lines[i]), None)
    if latest is None:
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1
        lines[end:end] = ["", new]
    else:
        last_table = max(i for i in range(latest, end) if lines[i].startswith("|") or i == latest)
        head = lines[latest][: lines[latest].index("Latest run")].rstrip()
        lines[latest:last_table + 1] = [head, "", new]
    doc.write_text("\n".join(lines))
