"""Route matching and request validation against the vendored Discord OpenAPI 3.1 spec."""

from __future__ import annotations

import copy
import functools
import json
import re
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).with_name("openapi.json")
SPEC_URI = "urn:discord-openapi"

# Documented deviations between the spec and what Discord's API really accepts (and discord.py sends).
# Each entry: (name in #/components/schemas, replacement schema builder, reason).
ERRATA: list[tuple[str, Any, str]] = [
    ("SnowflakeType", lambda s: {"anyOf": [s, {"type": "integer", "minimum": 0}]},
     "Discord accepts integer snowflakes; discord.py sends ints (attachment ids, allowed_mentions ids...)"),
]


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


@functools.lru_cache(maxsize=1)
def load_spec() -> dict[str, Any]:
    """The vendored spec with ERRATA applied (loaded once per process)."""
    spec = json.loads(SPEC_PATH.read_text())
    schemas = spec["components"]["schemas"]
    for name, fix, _reason in ERRATA:
        schemas[name] = fix(copy.deepcopy(schemas[name]))
    return spec


class SpecValidator:
    """Matches concrete API paths to spec operations and validates request bodies."""

    def __init__(self) -> None:
        self.spec = load_spec()
        self.registry = Registry().with_resource(SPEC_URI, Resource(contents=self.spec, specification=DRAFT202012))
        self._routes: list[tuple[int, re.Pattern[str], str, list[str]]] = []
        for template in self.spec["paths"]:
            names = re.findall(r"{(\w+)}", template)
            regex = "^" + re.sub(r"\\{\w+\\}", "([^/]+)", re.escape(template)) + "$"
            literal = sum(1 for seg in template.split("/") if seg and not seg.startswith("{"))
            self._routes.append((literal, re.compile(regex), template, names))
        self._routes.sort(key=lambda r: -r[0])
        self._validators: dict[str, Draft202012Validator] = {}

    def match(self, path: str) -> tuple[str, dict[str, str]] | None:
        """(template, path params) of the most specific spec path matching `path`, or None."""
        for _lit, regex, template, names in self._routes:
            m = regex.match(path)
            if m:
                return template, dict(zip(names, m.groups(), strict=True))
        return None

    def operation(self, method: str, template: str) -> dict[str, Any] | None:
        """The spec operation object, or None when the method is not defined for the path."""
        return self.spec["paths"][template].get(method.lower())

    def _validator(self, pointer: str) -> Draft202012Validator:
        val = self._validators.get(pointer)
        if val is None:
            val = Draft202012Validator({"$ref": f"{SPEC_URI}#/{pointer}"}, registry=self.registry)
            self._validators[pointer] = val
        return val

    def check_params(self, method: str, template: str, params: dict[str, str], query: dict[str, str]) -> list[str]:
        """Problems with path parameters and undeclared query parameters."""
        problems = []
        item = self.spec["paths"][template]
        declared = {p["name"]: p for p in item.get("parameters", []) + item[method.lower()].get("parameters", [])}
        for name, value in params.items():
            if name in declared:
                ptr = self._param_pointer(template, method, declared[name])
                problems += [f"path param {name}={value!r}: {m}" for m in self._errors(ptr, value)]
        for name in query:
            if name not in declared or declared[name].get("in") != "query":
                problems.append(f"query parameter {name!r} is not declared for {method} {template}")
        return problems

    def _param_pointer(self, template: str, method: str, param: dict[str, Any]) -> str:
        item = self.spec["paths"][template]
        for where, plist in (((template,), item.get("parameters", [])),
                             ((template, method.lower()), item[method.lower()].get("parameters", []))):
            for i, p in enumerate(plist):
                if p is param:
                    return _pointer("paths", *where, "parameters", str(i), "schema")
        raise KeyError(param["name"])

    def check_body(self, method: str, template: str, body: Any) -> list[str]:
        """Schema problems of a JSON body (or multipart payload_json) for this operation."""
        op = self.operation(method, template)
        assert op is not None
        rb = op.get("requestBody")
        if rb is None:
            return [] if body is None else [f"{method} {template} takes no request body, got {body!r:.200}"]
        if body is None:
            return [f"{method} {template} requires a request body"] if rb.get("required") else []
        if "application/json" not in rb["content"]:
            return [f"{method} {template} has no application/json body in the spec"]
        ptr = _pointer("paths", template, method.lower(), "requestBody", "content", "application/json", "schema")
        return self._errors(ptr, body)

    def check_response(self, method: str, template: str, status: int, body: Any) -> list[str]:
        """Schema problems of a response the fake sends (self-check of the fake's fidelity)."""
        responses = self.operation(method, template)["responses"]  # type: ignore[index]
        if str(status) not in responses:
            return [f"status {status} is not a documented response of {method} {template}"]
        content = responses[str(status)].get("content", {})
        if body is None or "application/json" not in content:
            return []
        ptr = _pointer("paths", template, method.lower(), "responses", str(status), "content", "application/json",
                       "schema")
        return self._errors(ptr, body)

    def check_schema(self, name: str, instance: Any) -> list[str]:
        """Problems of an instance against #/components/schemas/<name>."""
        return self._errors(_pointer("components", "schemas", name), instance)

    def check_dispatch(self, event: str, data: dict[str, Any]) -> list[str]:
        """Self-check of gateway payloads the fake sends, against the spec's REST object schemas."""
        checks: list[tuple[str, str, Any]] = []
        if event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            checks.append(("", "MessageResponse", data))
        elif event == "THREAD_CREATE":
            checks.append(("", "ThreadResponse", data))
        elif event == "READY":
            checks.append(("user", "UserResponse", data["user"]))
        elif event == "GUILD_CREATE":
            checks.append(("", "GuildResponse", data))
            checks += [(f"channels[{i}]", "GuildChannelResponse", c | {"guild_id": data["id"]})  # omitted on the gateway
                       for i, c in enumerate(data["channels"])]
            checks += [(f"members[{i}]", "GuildMemberResponse", m) for i, m in enumerate(data["members"])]
            checks += [(f"threads[{i}]", "ThreadResponse", t) for i, t in enumerate(data["threads"])]
        elif event == "INTERACTION_CREATE":
            kind = {0: "GuildChannelResponse", 1: "PrivateChannelResponse"}.get(data["channel"]["type"], "ThreadResponse")
            checks.append(("channel", kind, data["channel"]))
            if "member" in data:
                checks.append(("member", "GuildMemberResponse", data["member"]))
            if "message" in data:
                checks.append(("message", "MessageResponse", data["message"]))
            for uid, user in ((data.get("data") or {}).get("resolved") or {}).get("users", {}).items():
                checks.append((f"resolved.users.{uid}", "UserResponse", user))
        return [f"{event} {where}: {p}" for where, name, inst in checks for p in self.check_schema(name, inst)]

    def _errors(self, pointer: str, instance: Any) -> list[str]:
        out = []
        for err in self._validator(pointer).iter_errors(instance):
            for leaf in _leaves(err):
                out.append(f"{leaf.json_path}: {leaf.message[:300]}")
        return out


def _leaves(err: Any) -> list[Any]:
    """Most specific sub-errors of an anyOf/oneOf failure (skipping branches rejected by a discriminator)."""
    if not err.context:
        return [err]
    branches: dict[Any, list[Any]] = {}
    for sub in err.context:
        branches.setdefault(sub.schema_path[0], []).append(sub)
    good = [b for b in branches.values() if not any(s.validator in ("enum", "const") and len(s.relative_path) <= 1
                                                    for s in b)] or list(branches.values())
    best = min(good, key=lambda b: (-max(len(s.absolute_path) for s in b), len(b)))
    return [leaf for sub in best for leaf in _leaves(sub)]
