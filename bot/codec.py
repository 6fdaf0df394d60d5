"""Compact, reversible text encoding of flat actions for button ``custom_id``s."""

from __future__ import annotations

import re
from typing import Any

_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_TEXT = re.compile(r"^[A-Za-z0-9_.:@#-]+$")  # "@" and "#": Pixel Tactics card ids ("0.lorekeeper@2#2")
_ENTRY = re.compile(r"^([A-Za-z]+)(\d+)$")


def _encode_value(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "b" + ("1" if value else "0")
    if isinstance(value, int):
        return "i" + str(value)
    if isinstance(value, str) and _TEXT.match(value):
        return "s" + value
    if value is None:
        return "n"
    if isinstance(value, dict) and all(isinstance(k, str) and k.isalpha() and k.isascii()
                                       and isinstance(v, int) and not isinstance(v, bool) and v >= 0
                                       for k, v in value.items()):
        return "d" + ".".join(f"{k}{v}" for k, v in sorted(value.items()))
    raise ValueError(f"cannot encode {key}={value!r}")


def encode_action(action: dict[str, Any]) -> str:
    """Encode a flat action as ``type/key=value/...``: values are bools, ints, None, short strings
    (letters, digits, ``_.:@#-``) or small ``{letters: count}`` dicts."""
    kind = action["type"]
    if not isinstance(kind, str) or not _KEY.match(kind) or not all(_KEY.match(k) for k in action):
        raise ValueError(f"cannot encode {action!r}")
    parts = [kind] + [f"{key}={_encode_value(key, action[key])}" for key in sorted(k for k in action if k != "type")]
    return "/".join(parts)


def _decode_value(tag: str, body: str, text: str) -> Any:
    if tag == "b" and body in ("0", "1"):
        return body == "1"
    if tag == "i" and re.fullmatch(r"-?\d+", body):
        return int(body)
    if tag == "s" and _TEXT.match(body):
        return body
    if tag == "n" and not body:
        return None
    if tag == "d":
        entries = [_ENTRY.match(e) for e in body.split(".")] if body else []
        if all(entries):
            return {m[1]: int(m[2]) for m in entries}
    raise ValueError(f"malformed action {text!r}")


def decode_action(text: str) -> dict[str, Any]:
    """Decode what ``encode_action`` produced; raise ``ValueError`` on malformed text."""
    kind, *fields = text.split("/")
    if not _KEY.match(kind):
        raise ValueError(f"malformed action {text!r}")
    action: dict[str, Any] = {"type": kind}
    for field in fields:
        key, sep, raw = field.partition("=")
        if not sep or not _KEY.match(key) or not raw:
            raise ValueError(f"malformed action {text!r}")
        action[key] = _decode_value(raw[0], raw[1:], text)
    return action
