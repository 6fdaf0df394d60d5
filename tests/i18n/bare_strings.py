"""Member-facing strings written outside the catalogue, found in the source (no bot run): a string literal or
f-string with words that flows straight into what Discord shows a member — a message's content, a button's
label, a select's options and placeholder, a modal's texts, an embed's texts, a thread's name, an attachment's
alt text, an autocomplete choice — without passing through ``t``/``tn``/``N_``/``Phrase`` (or a refusal).

"Flows straight" follows the value through what keeps its words: ``+``/``%``, ``a if … else b``, ``a or b``,
f-string fields, ``str`` methods (``"…".join``, ``.format``, ``.strip`` …), list/tuple items and the names
assigned (or appended to) in the same function or module, and what a function of the same module returns.
Any other call is opaque: a helper of another module is trusted to word its own result."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bot.i18n.extract import KEYWORDS

ROOT = Path(__file__).resolve().parents[2]
#: the folders of the bot's member-facing code (the engines in bot/games speak through events and refusals)
FOLDERS = ("bot", "cogs", "rendering")
SKIPPED = ("bot/games/",)
#: calls whose string arguments are catalogue messages (or an engine's translatable clause)
CATALOGUE = frozenset(KEYWORDS) | {"Phrase"}
_CONTENT = ((0,), frozenset({"content"}))
#: call name → (positional indexes, keywords) of its member-facing texts
SINKS: dict[str, tuple[tuple[int, ...], frozenset[str]]] = {
    "send": _CONTENT, "send_message": _CONTENT, "reply": _CONTENT, "send_followup": _CONTENT,
    "edit": ((), frozenset({"content", "name"})),  # a message's content, a thread's name
    "edit_message": ((), frozenset({"content"})), "edit_original_response": ((), frozenset({"content"})),
    "Button": ((), frozenset({"label"})), "button": ((), frozenset({"label"})),
    "SelectOption": ((0,), frozenset({"label", "description"})),
    **{name: ((), frozenset({"placeholder"}))
       for name in ("Select", "select", "UserSelect", "RoleSelect", "ChannelSelect", "MentionableSelect")},
    "TextInput": ((), frozenset({"label", "placeholder", "default"})),
    "Modal": ((), frozenset({"title"})),
    "Embed": ((), frozenset({"title", "description"})),
    "add_field": ((), frozenset({"name", "value"})), "insert_field_at": ((), frozenset({"name", "value"})),
    "set_field_at": ((), frozenset({"name", "value"})),
    "set_footer": ((), frozenset({"text"})), "set_author": ((), frozenset({"name"})),
    "create_thread": ((), frozenset({"name"})), "File": ((), frozenset({"description"})),
    # the bot's own post and image (cogs/posts.py): a post's content, an image's alt text
    "Post": _CONTENT, "Image": ((2,), frozenset({"alt"})),
    # text drawn on an image: Pillow's ``draw.text((x, y), text)``, the canvases' ``cv.text(x, y, text, …)``
    "text": ((1, 2), frozenset({"text"})), "multiline_text": ((1, 2), frozenset({"text"})),
}
_DRAWN = ("text", "multiline_text")
#: attributes whose assignment sets a member-facing text (``post.content = …``, ``embed.description = …``)
ATTRIBUTES = frozenset({"content", "description", "title", "label", "placeholder"})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
#: ``str`` methods whose result keeps the receiver's (and their arguments') words
_STR_METHODS = frozenset({"join", "format", "strip", "lstrip", "rstrip", "upper", "lower", "title", "capitalize",
                          "replace", "ljust", "rjust", "center", "removeprefix", "removesuffix", "format_map"})


@dataclass(frozen=True)
class Bare:
    """One member-facing literal outside the catalogue."""

    path: str
    line: int
    sink: str
    text: str

    @property
    def key(self) -> tuple[str, str, str]:
        """What an allow-list entry names (no line number: it moves with every edit above it)."""
        return self.path, self.sink, self.text

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.sink}(…) gets {self.text!r}"


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def wordy(text: str) -> bool:
    """Whether ``text`` holds a word (two letters in a row): emoji, numbers, ids and punctuation do not."""
    return any(a.isalpha() and b.isalpha() for a, b in zip(text, text[1:], strict=False))


def _literal_text(node: ast.expr) -> str | None:
    """The words a literal writes itself (an f-string's fields as ``{…}``), None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{…}" for v in node.values)
    return None


def _ours(node: ast.Import | ast.ImportFrom, alias: ast.alias) -> bool:
    """Whether an import names one of the bot's own modules (not Pillow's ``Image``, discord's ``ui``)."""
    if isinstance(node, ast.ImportFrom):
        return node.level > 0 or (node.module or "").split(".")[0] in FOLDERS
    return alias.name.split(".")[0] in FOLDERS


class _Scopes:
    """The values assigned to each name, per function and for the module."""

    def __init__(self, tree: ast.Module) -> None:
        self.parents: dict[ast.AST, ast.AST] = {}
        self.assigned: dict[ast.AST, dict[str, list[ast.expr]]] = {}
        #: function name → its return values (any function or method of the module by that name)
        self.returns: dict[str, list[ast.expr]] = {}
        #: the names the file imports from the bot's own modules (``module.function(…)`` may call a wrapper)
        self.modules = {alias.asname or alias.name.split(".")[0] for node in ast.walk(tree)
                        if isinstance(node, ast.Import | ast.ImportFrom) for alias in node.names
                        if _ours(node, alias)}
        for parent in ast.walk(tree):
            for child in ast.iter_child_nodes(parent):
                self.parents[child] = parent
        for node in ast.walk(tree):
            scope = self.scope_of(node)
            values = self.assigned.setdefault(scope, {})
            for name, value in self._assignments(node):
                values.setdefault(name, []).append(value)
            if isinstance(node, ast.Return) and node.value is not None and isinstance(scope, _FUNCTIONS[:2]):
                self.returns.setdefault(scope.name, []).append(node.value)

    @classmethod
    def _unpacked(cls, target: ast.expr, value: ast.expr) -> Iterator[tuple[str, ast.expr]]:
        """(name, value) of an assignment, tuples unpacked item by item (``a, b = (x, y) if … else (z, w)``)."""
        if isinstance(target, ast.Name):
            yield target.id, value
        elif isinstance(target, ast.Tuple | ast.List):
            if isinstance(value, ast.IfExp):
                yield from cls._unpacked(target, value.body)
                yield from cls._unpacked(target, value.orelse)
            elif isinstance(value, ast.Tuple | ast.List) and len(value.elts) == len(target.elts):
                for item, part in zip(target.elts, value.elts, strict=True):
                    yield from cls._unpacked(item, part)

    @classmethod
    def _assignments(cls, node: ast.AST) -> Iterator[tuple[str, ast.expr]]:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                yield from cls._unpacked(target, node.value)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign) and isinstance(node.target, ast.Name) and node.value:
            yield node.target.id, node.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and isinstance(node.func.value, ast.Name) and node.func.attr in ("append", "extend", "insert")
              and node.args):
            yield node.func.value.id, node.args[-1]

    def scope_of(self, node: ast.AST) -> ast.AST:
        """The innermost function (or the module) ``node`` is in: a function's decorators and defaults are in
        the scope around it."""
        while node in self.parents:
            parent = self.parents[node]
            if isinstance(parent, ast.Module):
                return parent
            if isinstance(parent, _FUNCTIONS):
                body = parent.body if isinstance(parent.body, list) else [parent.body]
                if any(node is statement for statement in body):
                    return parent
            node = parent
        return node

    def values(self, name: str, at: ast.AST) -> list[ast.expr]:
        """What ``name`` may hold where ``at`` is: its assignments in the innermost scope that assigns it."""
        scope = self.scope_of(at)
        while True:
            found = self.assigned.get(scope, {}).get(name)
            if found or scope not in self.parents:
                return found or []
            scope = self.scope_of(scope)


#: wrappers found in the source: function name → (positional indexes, keywords) of the parameters that reach
#: a member-facing text (a sink: ``send_private(interaction, message)``) or its return value (a pass-through:
#: ``fit_content(text)``); the indexes count the caller's arguments (a method's ``self`` left out)
Wrappers = dict[str, tuple[frozenset[int], frozenset[str]]]


@dataclass(frozen=True)
class Param:
    """A parameter a value comes from: ``index`` among the caller's arguments, ``name`` as a keyword."""

    function: str
    index: int | None
    name: str


def _param(name: str, scope: ast.AST, scopes: _Scopes) -> Param | None:
    """``name`` as a parameter of the function ``scope`` (a constructor goes by its class's name)."""
    if not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    function = scope.name
    if function == "__init__" and isinstance(scopes.parents.get(scope), ast.ClassDef):
        function = scopes.parents[scope].name
    positional = [a.arg for a in [*scope.args.posonlyargs, *scope.args.args]]
    if positional and positional[0] in ("self", "cls"):
        positional = positional[1:]
    if name in positional:
        return Param(function, positional.index(name), name)
    if name in [a.arg for a in scope.args.kwonlyargs]:
        return Param(function, None, name)
    return None


def _arguments(call: ast.Call, wrapped: tuple[frozenset[int], frozenset[str]]) -> Iterator[ast.expr]:
    indexes, keywords = wrapped
    for index, argument in enumerate(call.args):
        if index in indexes:
            yield argument
    for keyword in call.keywords:
        if keyword.arg in keywords:
            yield keyword.value


def _own(func: ast.expr, scopes: _Scopes) -> bool:
    """Whether ``func`` may be a function of the bot's source: ``f``, ``self.f``, ``module.f`` (not a method of
    some object, such as an image's ``save``)."""
    if isinstance(func, ast.Name):
        return True
    return (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
            and (func.value.id in ("self", "cls") or func.value.id in scopes.modules))


def flowing(node: ast.expr, scopes: _Scopes, passes: Wrappers | None = None,
            seen: frozenset[ast.AST] = frozenset()) -> Iterator[ast.expr | Param]:
    """The literals (strings and f-strings) whose words end up in ``node``'s value, and the parameters of the
    function around it that do."""
    passes = passes or {}
    if node in seen:
        return
    seen = seen | {node}

    def inner(*nodes: ast.expr) -> Iterator[ast.expr | Param]:
        for each in nodes:
            yield from flowing(each, scopes, passes, seen)

    if _literal_text(node) is not None:
        yield node
        if isinstance(node, ast.JoinedStr):
            yield from inner(*(part.value for part in node.values if isinstance(part, ast.FormattedValue)))
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        yield from inner(node.left, node.right)
    elif isinstance(node, ast.IfExp):
        yield from inner(node.body, node.orelse)
    elif isinstance(node, ast.BoolOp):
        yield from inner(*node.values)
    elif isinstance(node, ast.List | ast.Tuple | ast.Set):
        yield from inner(*node.elts)
    elif isinstance(node, ast.ListComp | ast.GeneratorExp | ast.SetComp):
        yield from inner(node.elt)
    elif isinstance(node, ast.Starred | ast.Await):
        yield from inner(node.value)
    elif isinstance(node, ast.Name):
        values = scopes.values(node.id, node)
        yield from inner(*values)
        param = None if values else _param(node.id, scopes.scope_of(node), scopes)
        if param is not None:
            yield param
    elif isinstance(node, ast.Call) and _name(node.func) not in CATALOGUE:
        name = _name(node.func)
        if isinstance(node.func, ast.Attribute) and name in _STR_METHODS:
            yield from inner(node.func.value, *node.args, *(k.value for k in node.keywords))
        elif name == "str" and node.args:
            yield from inner(node.args[0])
        else:
            if name in passes and _own(node.func, scopes):
                yield from inner(*_arguments(node, passes[name]))
            if (isinstance(node.func, ast.Name) or (isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in ("self", "cls"))):
                yield from inner(*scopes.returns.get(name, []))


def _member_facing(call: ast.Call, scopes: _Scopes, sinks: Wrappers) -> Iterator[tuple[str, ast.expr]]:
    """(sink, argument) of ``call``'s member-facing texts."""
    name = _name(call.func)
    if name in SINKS:
        indexes, keywords = SINKS[name]
        if name in _DRAWN:  # the text follows Pillow's (x, y) tuple, or a canvas's x and y
            indexes = (1,) if call.args and isinstance(call.args[0], ast.Tuple) else (2,)
        for argument in _arguments(call, (frozenset(indexes), keywords)):
            yield name, argument
    elif name in sinks and name not in CATALOGUE and _own(call.func, scopes):
        for argument in _arguments(call, sinks[name]):
            yield name, argument
    elif name == "Choice" and not isinstance(scopes.scope_of(call), ast.Module):
        # an autocomplete's choice: Discord shows its name as given (the translator only sees declared choices)
        for keyword in call.keywords:
            if keyword.arg == "name":
                yield "autocomplete Choice", keyword.value


def _attribute_texts(node: ast.Assign | ast.AugAssign) -> Iterator[tuple[str, ast.expr]]:
    """A member-facing attribute set by assignment (``post.content += …``)."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    for target in targets:
        if isinstance(target, ast.Attribute) and target.attr in ATTRIBUTES:
            yield f".{target.attr} =", node.value


def _class_texts(node: ast.ClassDef) -> Iterator[tuple[str, ast.expr]]:
    """A modal's title given in its class line (``class Ask(discord.ui.Modal, title="…")``)."""
    if any(_name(base) == "Modal" for base in node.bases):
        for keyword in node.keywords:
            if keyword.arg == "title":
                yield "Modal", keyword.value


@dataclass
class Module:
    """One source file, parsed."""

    path: str
    tree: ast.Module
    scopes: _Scopes

    def texts(self, sinks: Wrappers) -> Iterator[tuple[str, ast.expr]]:
        """(sink, expression) of every member-facing text of the file."""
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Call):
                yield from _member_facing(node, self.scopes, sinks)
            elif isinstance(node, ast.ClassDef):
                yield from _class_texts(node)
            elif isinstance(node, ast.Assign | ast.AugAssign):
                yield from _attribute_texts(node)

    def returned_params(self, passes: Wrappers) -> Iterator[Param]:
        """The parameters whose words a function of the file returns."""
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Return) and node.value is not None:
                yield from (p for p in flowing(node.value, self.scopes, passes) if isinstance(p, Param))


def _grow(table: Wrappers, params: Iterator[Param]) -> bool:
    """Add ``params`` to ``table``; whether it grew."""
    grew = False
    for param in params:
        indexes, keywords = table.get(param.function, (frozenset(), frozenset()))
        new = (indexes | ({param.index} if param.index is not None else set()), keywords | {param.name})
        if new != (indexes, keywords):
            table[param.function], grew = new, True
    return grew


def wrappers(modules: list[Module]) -> tuple[Wrappers, Wrappers]:
    """The functions that pass a parameter on to a member-facing text (sinks) or return its words (passes),
    followed through each other until nothing new turns up."""
    sinks: Wrappers = {}
    passes: Wrappers = {}
    while True:
        grew = False
        for module in modules:
            grew |= _grow(passes, module.returned_params(passes))
            grew |= _grow(sinks, (p for _sink, argument in module.texts(sinks)
                                  for p in flowing(argument, module.scopes, passes) if isinstance(p, Param)))
        if not grew:
            return sinks, passes


def _warming(node: ast.AST, scopes: _Scopes) -> bool:
    """Whether ``node`` is in a glyph warm-up (``warm``, ``_warm_faces`` …): it draws on a throwaway canvas to
    fill the text cache, and nothing it draws is shown."""
    scope = scopes.scope_of(node)
    while isinstance(scope, _FUNCTIONS):
        if getattr(scope, "name", "").lstrip("_").startswith("warm"):
            return True
        scope = scopes.scope_of(scope)
    return False


#: decorator (or ``Group``) argument → the catalogue context of the command strings it declares
_DECLARED = {"command": {"name": "command name", "description": "command description"},
             "Group": {"name": "command name", "description": "command description"},
             "context_menu": {"name": "command name"}}


def declared_command_strings(module: Module) -> Iterator[tuple[str, str, int]]:
    """(text, catalogue context, line) of every literal a command declaration gives Discord: names and
    descriptions of commands and groups, options' descriptions (``describe``) and names (``rename``), declared
    choices; ``CatalogueTranslator`` translates exactly these (an f-string is left to the loaded commands)."""
    for node in ast.walk(module.tree):
        pairs: list[tuple[ast.expr, str]] = []
        if isinstance(node, ast.Call) and _name(node.func) in _DECLARED:
            contexts = _DECLARED[_name(node.func)]
            pairs = [(k.value, contexts[k.arg]) for k in node.keywords if k.arg in contexts]
        elif isinstance(node, ast.Call) and _name(node.func) in ("describe", "rename"):
            context = "option description" if _name(node.func) == "describe" else "option name"
            pairs = [(k.value, context) for k in node.keywords]
        elif (isinstance(node, ast.Call) and _name(node.func) == "Choice"
              and isinstance(module.scopes.scope_of(node), ast.Module)):
            pairs = [(k.value, "choice") for k in node.keywords if k.arg == "name"]
        elif isinstance(node, ast.ClassDef) and any(_name(base) == "Group" for base in node.bases):
            contexts = _DECLARED["Group"]
            pairs = [(k.value, contexts[k.arg]) for k in node.keywords if k.arg in contexts]
        for value, context in pairs:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                yield value.value, context, value.lineno


def bare_strings(module: Module, sinks: Wrappers, passes: Wrappers) -> list[Bare]:
    """Every member-facing literal of ``module`` that bypasses the catalogue."""
    found: dict[tuple[str, int, str], Bare] = {}
    for sink, argument in module.texts(sinks):
        for literal in flowing(argument, module.scopes, passes):
            text = None if isinstance(literal, Param) else _literal_text(literal)
            if text is not None and wordy(text.replace("{…}", " ")) and not _warming(literal, module.scopes):
                found.setdefault((sink, literal.lineno, text), Bare(module.path, literal.lineno, sink, text))
    return sorted(found.values(), key=lambda bare: (bare.line, bare.sink, bare.text))


def parse(source: str, path: str) -> Module:
    """``source`` (the file ``path``) parsed for the scan."""
    tree = ast.parse(source)
    return Module(path, tree, _Scopes(tree))


def source_files() -> Iterator[Path]:
    """The files the scan reads."""
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if not path.relative_to(ROOT).as_posix().startswith(SKIPPED):
                yield path


def modules() -> list[Module]:
    """The bot's source, parsed."""
    return [parse(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()) for path in source_files()]


def scan(modules: list[Module]) -> list[Bare]:
    """Every bare member-facing literal in ``modules``, wrappers followed across them."""
    sinks, passes = wrappers(modules)
    return [bare for module in modules for bare in bare_strings(module, sinks, passes)]


if __name__ == "__main__":
    for bare in scan(modules()):
        print(bare)
