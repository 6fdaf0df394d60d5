"""The checks behind ``sets.validate()``: every card complete, every ability made of known parts.

A card's kind follows its set: Commons (Hero side and tactic, no Leader side), Chase Leaders (Leader side
only), League Bases (colour, points, Ongoing and Snap effects); every other set holds dual cards."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .. import vocab

#: set name -> card kind (every other set holds dual cards)
KIND_OF_SET = {"commons": "common", "chase": "chase", "bases": "base"}
#: card kind -> the fields it must have (any other card-side field is refused)
FIELDS = {
    "dual": ("key", "name", "set", "leader", "hero", "tactic"),
    "common": ("key", "name", "set", "hero", "tactic"),
    "chase": ("key", "name", "set", "leader"),
    "base": ("key", "name", "set", "colour", "points", "ongoing", "snap"),
}
_SIDES = ("leader", "hero", "tactic", "colour", "points", "ongoing", "snap")
#: the League colours, 5 Bases each
COLOURS = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "grey")
BASES_PER_COLOUR = 5
#: the text of a Common's blank row (its abilities list is empty)
NO_ABILITY = "No Ability"
#: selectors that need a position in the Unit (a Base has none)
_POSITIONAL = ("forerunner", "supporter")


def kind_of(card: dict[str, Any]) -> str:
    """Return a card's kind from its set: "dual", "common", "chase" or "base"."""
    return KIND_OF_SET.get(card.get("set"), "dual")


def problems(cards: list[dict[str, Any]]) -> list[str]:
    """Return one line per problem found in ``cards`` (each checked as the kind its set says)."""
    out: list[str] = []
    seen: set[str] = set()
    for i, c in enumerate(cards):
        label = c.get("key", f"#{i}") if isinstance(c, dict) else f"#{i}"
        if not isinstance(c, dict):
            out.append(f"{label}: not a card dict")
            continue
        kind = kind_of(c)
        for fld in FIELDS[kind]:
            if fld not in c:
                out.append(f"{label}: missing {fld}")
        for fld in _SIDES:
            if fld in c and fld not in FIELDS[kind]:
                out.append(f"{label}: a {kind} card has no {fld}")
        if c.get("key") in seen:
            out.append(f"{label}: duplicate key")
        seen.add(c.get("key"))
        key = c.get("key")
        if not isinstance(key, str) or not key.isidentifier() or key != key.lower():
            out.append(f"{label}: key must be a lowercase identifier")
        if not isinstance(c.get("name"), str) or not c.get("name"):
            out.append(f"{label}: name must be text")
        if kind == "base":
            _base(out, label, c)
            continue
        if kind in ("dual", "chase"):
            _leader(out, label, c.get("leader"))
        if kind in ("dual", "common"):
            _hero(out, label, c.get("hero"), blank_rows=kind == "common")
            _tactic(out, label, c.get("tactic"))
    return out


def registry(groups: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Return the problems across registries (set name -> cards): each card's ``set`` names its registry,
    keys are unique across all of them, and the Bases make 5 of each colour."""
    out: list[str] = []
    counts = Counter(c.get("key") for cards in groups.values() for c in cards if isinstance(c, dict))
    for key, n in counts.items():
        if n > 1:
            out.append(f"{key}: key used by {n} cards across the sets")
    for name, cards in groups.items():
        for c in cards:
            if isinstance(c, dict) and c.get("set") != name:
                out.append(f"{c.get('key')}: set must be {name!r} (it is {c.get('set')!r})")
    bases = groups.get("bases")
    if bases:
        per = Counter(c.get("colour") for c in bases if isinstance(c, dict))
        for colour in COLOURS:
            if per[colour] != BASES_PER_COLOUR:
                out.append(f"bases: {colour} has {per[colour]} bases ({BASES_PER_COLOUR} expected)")
    return out


def _stats(out: list[str], where: str, side: dict, attack: tuple[int, int], life: tuple[int, int]) -> None:
    """Check Attack and Life are integers in range."""
    for fld, (lo, hi) in (("attack", attack), ("life", life)):
        value = side.get(fld)
        if type(value) is not int or not lo <= value <= hi:
            out.append(f"{where}: {fld} must be an integer {lo}-{hi}")


def _power(out: list[str], where: str, power: Any, kinds: tuple[str, ...], blank: bool = False,
           base: bool = False) -> None:
    """Check a text + abilities block (``blank``: may be exactly the "No Ability" row)."""
    if not isinstance(power, dict):
        out.append(f"{where}: missing")
        return
    if not isinstance(power.get("text"), str) or not power.get("text"):
        out.append(f"{where}: missing text")
    abilities = power.get("abilities")
    if power.get("text") == NO_ABILITY or (blank and abilities == []):
        if not blank:
            out.append(f"{where}: only a Common's Hero row may read {NO_ABILITY!r}")
        elif power != {"text": NO_ABILITY, "abilities": []}:
            out.append(f"{where}: a blank row is exactly {{'text': {NO_ABILITY!r}, 'abilities': []}}")
        return
    if not isinstance(abilities, list) or not abilities:
        out.append(f"{where}: needs at least one ability")
        return
    for j, ability in enumerate(abilities):
        _ability(out, f"{where}[{j}]", ability, kinds, base)


def _leader(out: list[str], label: str, leader: Any) -> None:
    """Check the Leader side."""
    if not isinstance(leader, dict):
        return
    _stats(out, f"{label}.leader", leader, (0, 8), (14, 36))
    _power(out, f"{label}.leader", leader, ("static", "reaction", "leader_action"))


def _hero(out: list[str], label: str, hero: Any, blank_rows: bool = False) -> None:
    """Check the Hero side (``blank_rows``: a Common, which may leave one row "No Ability")."""
    if not isinstance(hero, dict):
        return
    _stats(out, f"{label}.hero", hero, (1, 6), (1, 10))
    for row in ("vanguard", "flank", "rear"):
        _power(out, f"{label}.hero.{row}", hero.get(row), ("static", "reaction", "spell"), blank=blank_rows)
    rows = [hero.get(row) for row in ("vanguard", "flank", "rear")]
    if blank_rows and sum(isinstance(r, dict) and r.get("text") == NO_ABILITY for r in rows) > 1:
        out.append(f"{label}.hero: at most one row may read {NO_ABILITY!r}")


def _base(out: list[str], label: str, c: dict[str, Any]) -> None:
    """Check a League Base: colour, points, Ongoing abilities and the one-shot Snap effect."""
    if c.get("colour") not in COLOURS:
        out.append(f"{label}: colour must be one of {', '.join(COLOURS)}")
    if type(c.get("points")) is not int or not 1 <= c["points"] <= 5:
        out.append(f"{label}: points must be an integer 1-5")
    if "ongoing" in c:
        _power(out, f"{label}.ongoing", c["ongoing"], ("static", "reaction"), base=True)
    snap = c.get("snap")
    if "snap" not in c:
        return
    where = f"{label}.snap"
    if not isinstance(snap, dict):
        out.append(f"{where}: must be a dict")
        return
    extra = set(snap) - {"text", "cost", "target", "effects"}
    if extra:
        out.append(f"{where}: unknown fields {sorted(extra)}")
    if not isinstance(snap.get("text"), str) or not snap.get("text"):
        out.append(f"{where}: missing text")
    if snap.get("cost") not in (0, 1, 2) or type(snap.get("cost")) is not int:
        out.append(f"{where}: cost must be 0, 1 or 2")
    _target(out, where, snap.get("target", "missing"))
    _effects(out, where, snap.get("effects"), base=True)


def _tactic(out: list[str], label: str, tactic: Any) -> None:
    """Check the Order / Operation / Trap."""
    where = f"{label}.tactic"
    if not isinstance(tactic, dict):
        return
    kind = tactic.get("kind")
    if kind not in vocab.TACTIC_KINDS:
        out.append(f"{where}: kind must be one of {', '.join(vocab.TACTIC_KINDS)}")
        return
    if not isinstance(tactic.get("text"), str) or not tactic.get("text"):
        out.append(f"{where}: missing text")
    if kind == "operation":
        abilities = tactic.get("abilities")
        if not isinstance(abilities, list) or not abilities:
            out.append(f"{where}: an Operation needs abilities")
            return
        for j, ability in enumerate(abilities):
            _ability(out, f"{where}[{j}]", ability, ("static", "reaction"))
        return
    if kind == "trap" and tactic.get("trigger") not in vocab.TRAP_TRIGGERS:
        out.append(f"{where}: unknown trap trigger {tactic.get('trigger')!r}")
    _target(out, where, tactic.get("target", "missing"))
    _effects(out, where, tactic.get("effects"))


def _ability(out: list[str], where: str, ability: Any, kinds: tuple[str, ...], base: bool = False) -> None:
    """Check one ability (``base``: of a Base, which has no forerunner or supporter)."""
    if not isinstance(ability, dict) or ability.get("kind") not in kinds:
        kind = ability.get("kind") if isinstance(ability, dict) else ability
        out.append(f"{where}: ability kind {kind!r} not allowed here ({', '.join(kinds)})")
        return
    kind = ability["kind"]
    if kind == "static":
        mod = ability.get("mod")
        if mod not in vocab.STATIC_MODS:
            out.append(f"{where}: unknown static modifier {mod!r}")
            return
        who = ability.get("who")
        allowed = vocab.PLAYER_SELECTORS if mod == "hand_size" else vocab.STATIC_WHO
        if who not in allowed:
            out.append(f"{where}: unknown static target {who!r}")
        elif base and who in _POSITIONAL:
            out.append(f"{where}: a Base has no {who}")
        if mod in ("attack", "life", "reduce", "hand_size") and type(ability.get("amount")) is not int:
            out.append(f"{where}: amount must be an integer")
        if mod == "keyword" and ability.get("keyword") not in vocab.KEYWORDS:
            out.append(f"{where}: unknown keyword {ability.get('keyword')!r}")
        if mod == "immune" and ability.get("to") not in vocab.IMMUNE_TO:
            out.append(f"{where}: unknown immunity {ability.get('to')!r}")
        return
    if kind == "reaction" and ability.get("trigger") not in vocab.TRIGGERS:
        out.append(f"{where}: unknown trigger {ability.get('trigger')!r}")
    if kind in ("spell", "leader_action"):
        _target(out, where, ability.get("target", "missing"))
    if kind == "leader_action":
        if ability.get("cost") not in (0, 1, 2):
            out.append(f"{where}: cost must be 0, 1 or 2")
        if type(ability.get("limited")) is not bool:
            out.append(f"{where}: limited must be true or false")
    _effects(out, where, ability.get("effects"), base)


def _target(out: list[str], where: str, target: Any) -> None:
    """Check a target spec (None = no target)."""
    if target is None:
        return
    if not isinstance(target, dict):
        out.append(f"{where}: target must be null or a spec")
        return
    if target.get("side") not in vocab.TARGET_SIDES:
        out.append(f"{where}: unknown target side {target.get('side')!r}")
    if target.get("kind") not in vocab.TARGET_KINDS:
        out.append(f"{where}: unknown target kind {target.get('kind')!r}")
    extra = set(target) - {"side", "kind", "if", "other", "column"}
    if extra:
        out.append(f"{where}: unknown target fields {sorted(extra)}")
    _condition(out, where, target.get("if"))


def _condition(out: list[str], where: str, cond: Any) -> None:
    """Check a condition dict (None = no condition)."""
    if cond is None:
        return
    if not isinstance(cond, dict) or not cond:
        out.append(f"{where}: condition must be a non-empty dict")
        return
    for name, value in cond.items():
        if name not in vocab.CONDITIONS:
            out.append(f"{where}: unknown condition {name!r}")
        elif type(value) is not vocab.CONDITIONS[name]:
            out.append(f"{where}: condition {name} has a wrong value")
        elif name == "status" and value not in vocab.ALL_STATUSES:
            out.append(f"{where}: unknown status {value!r}")


def _effects(out: list[str], where: str, effects: Any, base: bool = False) -> None:
    """Check a list of effects (``base``: of a Base, which has no forerunner or supporter)."""
    if not isinstance(effects, list) or not effects:
        out.append(f"{where}: needs effects")
        return
    for j, effect in enumerate(effects):
        here = f"{where}.effects[{j}]"
        if not isinstance(effect, dict) or effect.get("op") not in vocab.OPS:
            out.append(f"{here}: unknown op {effect.get('op') if isinstance(effect, dict) else effect!r}")
            continue
        required, optional = vocab.OPS[effect["op"]]
        missing = [f for f in required if f not in effect]
        extra = set(effect) - set(required) - set(optional) - {"op"}
        if missing:
            out.append(f"{here}: missing {', '.join(missing)}")
        if extra:
            out.append(f"{here}: unknown fields {sorted(extra)}")
        for fld in ("amount", "count", "times"):
            if fld in effect and type(effect[fld]) is not int:
                out.append(f"{here}: {fld} must be an integer")
        for fld in ("to", "a", "b"):
            if fld in effect:
                allowed = vocab.RESERVE_SELECTORS if effect["op"] == "timers" else vocab.UNIT_SELECTORS
                if effect[fld] not in allowed:
                    out.append(f"{here}: unknown selector {effect[fld]!r}")
                elif base and effect[fld] in _POSITIONAL:
                    out.append(f"{here}: a Base has no {effect[fld]}")
        if "who" in effect and effect["who"] not in vocab.PLAYER_SELECTORS:
            out.append(f"{here}: unknown player {effect['who']!r}")
        if effect["op"] in ("status", "remove_status"):
            allowed_status = vocab.ALL_STATUSES + (("all",) if effect["op"] == "remove_status" else ())
            if effect.get("status") not in allowed_status:
                out.append(f"{here}: unknown status {effect.get('status')!r}")
        _condition(out, here, effect.get("if"))
