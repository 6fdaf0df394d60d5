"""Compact, reversible text encoding of flat actions for button ``custom_id``s."""

from __future__ import annotations

import re
from typing import Any

_WORD = re.compile(r"^[A-Za-z0-9_-]+$")


def encode_action(action: dict[str, Any]) -> str:
    """Encode a flat action (``type`` plus int/str/bool fields) as ``type/key=value/...``."""
    kind = action["type"]
    parts = [str(kind)]
    for key in sorted(k for k in action if k != "type"):
        value = action[key]
        if isinstance(value, bool):
            text = "b" + ("1" if value else "0")
        elif isinstance(value, int):
            text = "i" + str(value)
        elif isinstance(value, str) and _WORD.match(value):
            text = "s" + value
        else:
            raise ValueError(f"cannot encode {key}={value!r}")
        parts.append(f"{key}={text}")
    encoded = "/".join(parts)
    if not _WORD.match(str(kind)) or not all(_WORD.match(k) for k in action):
        raise ValueError(f"cannot encode {action!r}")
    return encoded


def decode_action(text: str) -> dict[str, Any]:
    """Decode what ``encode_action`` produced; raise ``ValueError`` on malformed text."""
    kind, *fields = text.split("/")
    if not _WORD.match(kind):
        raise ValueError(f"malformed action {text!r}")
    action: dict[str, Any] = {"type": kind}
    for field in fields:
        key, sep, raw = field.partition("=")
        if not sep or not _WORD.match(key) or not raw:
            raise ValueError(f"malformed action {text!r}")
        tag, body = raw[0], raw[1:]
        if tag == "b" and body in ("0", "1"):
            action[key] = body == "1"
        elif tag == "i" and re.fullmatch(r"-?\d+", body):
            action[key] = int(body)
        elif tag == "s" and _WORD.match(body):
            action[key] = body
        else:
            raise ValueError(f"malformed action {text!r}")
    return action
