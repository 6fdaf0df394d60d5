"""The checks behind ``sets.validate()``: every card complete, every ability made of known parts."""

from __future__ import annotations

from typing import Any

from .. import vocab


def problems(cards: list[dict[str, Any]]) -> list[str]:
    """Return one line per problem found in ``cards``."""
    out: list[str] = []
    seen: set[str] = set()
    for i, c in enumerate(cards):
        label = c.get("key", f"#{i}") if isinstance(c, dict) else f"#{i}"
        if not isinstance(c, dict):
            out.append(f"{label}: not a card dict")
            continue
        for fld in ("key", "name", "set", "leader", "hero", "tactic"):
            if fld not in c:
                out.append(f"{label}: missing {fld}")
        if c.get("key") in seen:
            out.append(f"{label}: duplicate key")
        seen.add(c.get("key"))
        if not isinstance(c.get("key"), str) or not c.get("key", "").isidentifier():
            out.append(f"{label}: key must be a lowercase identifier")
        if not isinstance(c.get("name"), str) or not c.get("name"):
            out.append(f"{label}: name must be text")
        _leader(out, label, c.get("leader"))
        _hero(out, label, c.get("hero"))
        _tactic(out, label, c.get("tactic"))
    return out


def _stats(out: list[str], where: str, side: dict, attack: tuple[int, int], life: tuple[int, int]) -> None:
    """Check Attack and Life are integers in range."""
    for fld, (lo, hi) in (("attack", attack), ("life", life)):
        value = side.get(fld)
        if type(value) is not int or not lo <= value <= hi:
            out.append(f"{where}: {fld} must be an integer {lo}-{hi}")


def _power(out: list[str], where: str, power: Any, kinds: tuple[str, ...]) -> None:
    """Check a text + abilities block."""
    if not isinstance(power, dict):
        out.append(f"{where}: missing")
        return
    if not isinstance(power.get("text"), str) or not power.get("text"):
        out.append(f"{where}: missing text")
    abilities = power.get("abilities")
    if not isinstance(abilities, list) or not abilities:
        out.append(f"{where}: needs at least one ability")
        return
    for j, ability in enumerate(abilities):
        _ability(out, f"{where}[{j}]", ability, kinds)


def _leader(out: list[str], label: str, leader: Any) -> None:
    """Check the Leader side."""
    if not isinstance(leader, dict):
        return
    _stats(out, f"{label}.leader", leader, (0, 8), (14, 36))
    _power(out, f"{label}.leader", leader, ("static", "reaction", "leader_action"))


def _hero(out: list[str], label: str, hero: Any) -> None:
    """Check the Hero side."""
    if not isinstance(hero, dict):
        return
    _stats(out, f"{label}.hero", hero, (1, 6), (1, 10))
    for row in ("vanguard", "flank", "rear"):
        _power(out, f"{label}.hero.{row}", hero.get(row), ("static", "reaction", "spell"))


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


def _ability(out: list[str], where: str, ability: Any, kinds: tuple[str, ...]) -> None:
    """Check one ability."""
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
    _effects(out, where, ability.get("effects"))


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


def _effects(out: list[str], where: str, effects: Any) -> None:
    """Check a list of effects."""
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
        if "who" in effect and effect["who"] not in vocab.PLAYER_SELECTORS:
            out.append(f"{here}: unknown player {effect['who']!r}")
        if effect["op"] in ("status", "remove_status"):
            allowed_status = vocab.ALL_STATUSES + (("all",) if effect["op"] == "remove_status" else ())
            if effect.get("status") not in allowed_status:
                out.append(f"{here}: unknown status {effect.get('status')!r}")
        _condition(out, here, effect.get("if"))
