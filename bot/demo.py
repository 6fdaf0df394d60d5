"""``pixel-parlor demo``: one whole game between computer players, offline (no Discord, no database).

Every seat is a computer player of one level deciding with ``bot.ai.player.decide`` from its own view. The
folder gets every table image as the bot posts it (``table-0001.png`` is the opening table, then one after
each move, drawn from the public view), the replay GIF as ``/game replay`` makes it, and ``moves.txt``: one
line per move as ``/game log`` writes it. Everything is written in one language of the catalogue (``--lang``), as a
server set to that language sees it. Same seed and language, same files.
"""

from __future__ import annotations

import hashlib
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from bot.ai.player import LEVELS, decide
from bot.game_table import COMPUTER_NAMES
from bot.games.base import Action, State
from bot.i18n import LANGUAGES, SOURCE, t, tn, translate
from bot.move_words import log_words, reason_words
from bot.registry import engine, title
from rendering.public import REPLAY_ART, posted_view, replay_durations, table_image
from rendering.replay import MAX_FRAMES, animate, sample

GAMES = ("tixel", "pixies", "pixel-tactics", "pixel-pusher")
DEFAULT_GAME, DEFAULT_LEVEL, DEFAULT_OUT, DEFAULT_LANG = "tixel", "normal", "parlor-demo", SOURCE
#: a rough number of moves per player of a game between computer players (only the progress bar uses it)
MOVES_PER_PLAYER = {"tixel": 25, "pixies": 55, "pixel-tactics": 200, "pixel-pusher": 70}
#: past this many times the rough length, the players agree a draw where the game has draw offers (Tixel has
#: no repetition rule: two computer players can shuffle the same pieces back and forth for ever)
DRAW_AFTER = 6
#: a seat that has made this many moves in a row takes the game's default action (what a deadline skip plays):
#: a computer player undoing and redoing the same step (Pixel Pusher's store / unstore) would never finish
IN_A_ROW = 100
#: a game still running after this many moves is stopped (a safety net)
MOST_MOVES = 5000
#: the actions that end a game by agreement, the accepting one first
AGREE_DRAW = ("accept_draw", "offer_draw")
BAR_WIDTH = 30
#: without a terminal, a progress line every this many moves
LINE_EVERY = 25


class DemoError(ValueError):
    """A bad argument, said in one line."""


@dataclass
class Move:
    """One move of the demo game: who, what, and how the game's log reads it."""

    seat: int
    action: Action
    text: str


@dataclass
class DemoGame:
    """A demo game as played: its seat names, every public state from the start, and its moves."""

    game: str
    level: str
    seed: int
    names: list[str]
    lang: str = SOURCE
    states: list[State] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)


class Progress:
    """A plain-text progress bar on ``stream``: redrawn in place on a terminal, else a line every ``every``
    moves."""

    def __init__(self, stream: TextIO, expected: int, every: int = LINE_EVERY, lang: str = SOURCE):
        self.stream, self.expected, self.every, self.lang = stream, max(1, expected), every, lang
        self.tty = bool(getattr(stream, "isatty", lambda: False)())

    def bar(self, moves: int, done: bool = False) -> str:
        """Return the bar for ``moves`` moves played (full once ``done``)."""
        share = 1.0 if done else min(0.99, moves / max(self.expected, moves + 1))
        filled = round(share * BAR_WIDTH)
        return f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] " + tn(self.lang, "{n} move", "{n} moves", moves)

    def moved(self, moves: int) -> None:
        """Show that ``moves`` moves were played."""
        if self.tty:
            self.stream.write("\r" + self.bar(moves))
            self.stream.flush()
        elif moves % self.every == 0:
            self.stream.write(self.bar(moves) + "\n")
            self.stream.flush()

    def finish(self, moves: int, note: str) -> None:
        """Show the full bar and what comes next."""
        self.stream.write(("\r" if self.tty else "") + self.bar(moves, done=True) + f" {note}\n")
        self.stream.flush()


def checked_game(name: str) -> str:
    """Return a game's registry key from what was typed (``pixel_tactics`` works too); ``DemoError`` if unknown."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in GAMES:
        raise DemoError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    return key


def checked_language(lang: str) -> str:
    """Return a language of the catalogue from what was typed (``de``, ``DE``); ``DemoError`` if it has none."""
    code = lang.strip().lower()
    if code not in LANGUAGES:
        raise DemoError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return code


def checked(game: str, players: int | None, level: str) -> tuple[str, int, str]:
    """Return ``(game, players, level)`` checked (players default: the fewest the game allows); ``DemoError``."""
    key = checked_game(game)
    if level not in LEVELS:
        raise DemoError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    low, high = engine(key).seat_range({})
    count = low if players is None else players
    if not low <= count <= high:
        span = f"{low}" if low == high else f"{low}–{high}"
        raise DemoError(f"{title(key)} is played by {span} players, not {count}")
    return key, count, level


def seat_names(count: int, level: str, lang: str = SOURCE) -> list[str]:
    """Return the computer seats' names in ``lang``: ``Computer 1 (normal)``, ``Computer 2 (normal)``…"""
    level_word = translate(lang, level, "choice")  # as a table's computer seats name their level
    return [t(lang, COMPUTER_NAMES[1], number=i, level=level_word) for i in range(1, count + 1)]


def decision_seed(seed: int, number: int) -> int:
    """Return the seed of the ``number``-th decision of a demo played with ``seed``."""
    return int(hashlib.sha256(f"demo:{seed}:{number}".encode()).hexdigest()[:15], 16)


def play(game: str, players: int, level: str, seed: int, on_state=None, lang: str = SOURCE) -> DemoGame:
    """Play one whole game between computer players of ``level`` (agreeing a draw if it drags on far too long, a
    seat going round in circles plays the default action), its words in ``lang``; ``on_state(demo)`` once set up
    and after each move."""
    eng = engine(game)
    demo = DemoGame(game, level, seed, seat_names(players, level, lang), lang)
    state = eng.new_game(players, {}, seed)
    demo.states.append(state)
    if on_state is not None:
        on_state(demo)
    while not eng.is_terminal(state):
        if len(demo.moves) >= MOST_MOVES:
            raise RuntimeError(f"the demo game passed {MOST_MOVES} moves without ending")
        seat = min(d.player for d in eng.pending(state))
        legal = eng.legal_actions(state, seat)
        agreed = [a for kind in AGREE_DRAW for a in legal if a.get("type") == kind]
        if agreed and len(demo.moves) >= DRAW_AFTER * MOVES_PER_PLAYER[game] * players:
            action = agreed[0]
        elif len(demo.moves) >= IN_A_ROW and all(m.seat == seat for m in demo.moves[-IN_A_ROW:]):
            action = eng.default_action(state, seat)
        else:
            action = decide(game, eng.view(state, seat), seat, legal, level, decision_seed(seed, len(demo.moves)))
        text = public_words(game, state, seat, action, demo.names, lang)  # as the public log reads it
        state = eng.apply(state, seat, action)
        demo.moves.append(Move(seat, action, text))
        demo.states.append(state)
        if on_state is not None:
            on_state(demo)
    return demo


def public_words(game: str, state: State, seat: int, action: Action, names: list[str], lang: str) -> str:
    """``action`` of ``seat`` from ``state`` (before it) as everyone may read it in ``lang``, as ``/game log`` words it:
    the game's words (``bot.move_words``: the engine's event filled in from the catalogue), else the engine's
    sentence."""
    return log_words(game, state, seat, action, lang, names)


def log_lines(demo: DemoGame) -> list[str]:
    """Return ``moves.txt``: one line per move as ``/game log`` writes it (``#3 · Computer 1 (easy) · …``)."""
    return [f"#{n} · {demo.names[m.seat]} · {m.text}" for n, m in enumerate(demo.moves, start=1)]


def winner_line(demo: DemoGame) -> str:
    """Return who won (or that nobody did), with the game's reason when it gives one, in the demo's language."""
    eng, lang = engine(demo.game), demo.lang
    result = eng.result(demo.states[-1])
    names = [demo.names[s] for s in result.winners]
    who = (t(lang, "Winner: {name}", name=names[0]) if len(names) == 1
           else t(lang, "Shared win: {names}", names=", ".join(names)) if names else t(lang, "No winner: a draw"))
    reason = result_reason(demo)
    return who + (f" ({reason.rstrip('.')})" if reason else "") + "."


def result_reason(demo: DemoGame) -> str:
    """The finished game's reason as its final post words it in the demo's language ("" when it has none there)."""
    eng, lang, state = engine(demo.game), demo.lang, demo.states[-1]
    view = eng.view(state, None)
    if lang == SOURCE:
        shown = posted_view(demo.game, view, demo.names).get("result")
        return (shown.get("reason") if isinstance(shown, dict) else None) or eng.result(state).reason
    reason = str((view.get("result") or {}).get("reason") or eng.result(state).reason or "")
    return reason_words(demo.game, view, reason, demo.names, lang)


def write_table(demo: DemoGame, out: Path, index: int) -> Path:
    """Write the table image after ``index`` moves (0: the opening table) as ``table-<index + 1>.png``, in the
    demo's language."""
    view = engine(demo.game).view(demo.states[index], None)
    path = out / f"table-{index + 1:04d}.png"
    path.write_bytes(table_image(demo.game, view, demo.names, demo.lang))
    return path


def write_replay(demo: DemoGame, out: Path) -> Path:
    """Write ``replay.gif`` as ``/game replay`` makes it: at most ``MAX_FRAMES`` public positions, evenly spaced."""
    eng, art = engine(demo.game), REPLAY_ART[demo.game]
    frames = [art.render(eng.view(demo.states[i], None), demo.names, demo.lang)
              for i in sample(len(demo.states), MAX_FRAMES)]
    path = out / "replay.gif"
    path.write_bytes(animate(frames, replay_durations(len(frames))))
    return path


def run(game: str, players: int | None, level: str, out: str, seed: int | None, err: TextIO | None = None,
        stdout: TextIO | None = None, lang: str = DEFAULT_LANG) -> int:
    """Play and write a demo game in ``lang``; return the exit code (``DemoError`` for a bad argument)."""
    err, stdout = err or sys.stderr, stdout or sys.stdout
    game, players, level = checked(game, players, level)
    lang = checked_language(lang)
    seed = random.SystemRandom().getrandbits(31) if seed is None else seed
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("table-*.png"):  # a longer earlier demo's images would be mistaken for this one's
        old.unlink()
    err.write(t(lang, "{game}: {players} computer players ({level}), seed {seed}", game=title(game),
                players=players, level=translate(lang, level, "choice"), seed=seed) + "\n")
    progress = Progress(err, MOVES_PER_PLAYER[game] * players, lang=lang)

    def posted(demo: DemoGame) -> None:
        write_table(demo, folder, len(demo.moves))
        if demo.moves:
            progress.moved(len(demo.moves))

    demo = play(game, players, level, seed, posted, lang)
    progress.finish(len(demo.moves), t(lang, "played; making the replay…"))
    write_replay(demo, folder)
    (folder / "moves.txt").write_text("\n".join(log_lines(demo)) + "\n", encoding="utf-8")
    again = f"pixel-parlor demo {game} --players {players} --level {level} --seed {seed}"
    again += f" --lang {lang}" if lang != DEFAULT_LANG else ""
    where = f"{folder}{'' if str(folder).endswith('/') else '/'}"
    played = tn(lang, "{game} in {n} move.", "{game} in {n} moves.", len(demo.moves), game=title(game))
    last = f"table-{len(demo.states):04d}.png"
    wrote = t(lang, "Wrote {count} table images ({first} … {last}), replay.gif and moves.txt to {folder}",
              count=len(demo.states), first="table-0001.png", last=last, folder=where)
    stdout.write(f"{played} {winner_line(demo)}\n{wrote}\n" + t(lang, "Same game again: {command}", command=again) + "\n")
    return 0
