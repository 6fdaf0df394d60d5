"""Every member-facing text of a message the bot sent through the loopback Discord (every version of an edited
post): what the language tests read through the pseudo-language."""

from __future__ import annotations

from collections.abc import Callable, Iterator


def versions(message) -> Iterator[dict]:
    """Every version of a message the bot sent (earlier versions of an edited post first)."""
    yield from message.history
    yield {"content": message.content, "embeds": message.embeds, "components": message.components,
           "attachments": message.attachments}


def components(items: list[dict]) -> Iterator[dict]:
    """Every component, nested ones too."""
    stack = list(items or [])
    while stack:
        item = stack.pop()
        yield item
        stack.extend(item.get("components") or [])
        if item.get("accessory"):
            stack.append(item["accessory"])


def texts(message) -> Iterator[tuple[str, str]]:
    """(where, text) of every member-facing text of every version of ``message``."""
    for version in versions(message):
        yield "content", version.get("content") or ""
        for embed in version.get("embeds") or []:
            for key in ("title", "description"):
                yield f"embed {key}", embed.get(key) or ""
            for part in (embed.get("footer"), embed.get("author")):
                if part:
                    yield "embed footer/author", part.get("text") or part.get("name") or ""
            for embed_field in embed.get("fields") or []:
                yield "embed field", f"{embed_field.get('name', '')} {embed_field.get('value', '')}"
        for item in components(version.get("components") or []):
            for key in ("label", "placeholder"):
                if item.get(key):
                    yield f"component {key}", item[key]
            for option in item.get("options") or []:
                yield "select option", f"{option.get('label', '')} {option.get('description') or ''}"
        for attachment in version.get("attachments") or []:
            yield f"alt text of {attachment.filename}", attachment.description or ""


def checked_texts(messages: list, outside: Callable[[object, str], list]) -> int:
    """Assert that ``outside(message, text)`` finds nothing in any text of ``messages``; return how many texts
    were not empty."""
    checked = 0
    for message in messages:
        for where, text in texts(message):
            left = outside(message, text)
            assert not left, f"{where} of message {message.id}: {left} bypassed the catalogue in {text!r}"
            checked += bool(text)
    return checked


def check_answers(answers: list, names: tuple[str, ...]) -> None:
    """Assert that every answer is ephemeral, in the pseudo-language, and bypasses no catalogue."""
    from tests.i18n.pseudo import outside_catalogue

    for answer in answers:
        assert answer.ephemeral and "⟦" in answer.content, answer.content
        assert not outside_catalogue(answer.content, names), answer.content
