"""``pixel-parlor demo``: one short game between computer players, run in-process into a temporary folder."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.__main__ import main
from bot.demo import Progress, log_lines, play, winner_line
from bot.i18n import PSEUDO
from tests.i18n.pseudo import outside_catalogue

#: an easy Tixel game of this seed ends in a handful of moves
SHORT = ["demo", "tixel", "--level", "easy", "--seed", "12"]


def files(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_short_game_writes_every_table_image_the_replay_and_the_log(tmp_path, capsys):
    out = tmp_path / "demo"
    assert main([*SHORT, "--out", str(out)]) == 0
    stdout, stderr = capsys.readouterr()
    lines = (out / "moves.txt").read_text(encoding="utf-8").splitlines()
    tables = sorted(out.glob("table-*.png"))
    assert len(lines) >= 3 and len(tables) == len(lines) + 1  # the opening table, then one after each move
    assert [p.name for p in tables] == [f"table-{i:04d}.png" for i in range(1, len(tables) + 1)]
    for number, line in enumerate(lines, start=1):
        assert re.fullmatch(rf"#{number} · Computer [12] \(easy\) · \S.*", line), line
    for path in tables:
        with Image.open(path) as image:
            assert image.format == "PNG" and 400 <= image.width <= 2000 and 300 <= image.height <= 3000
            image.load()
    with Image.open(out / "replay.gif") as gif:
        assert gif.format == "GIF" and gif.n_frames >= 3 and gif.width >= 400
    assert f"Tixel in {len(lines)} moves" in stdout and str(out) in stdout
    assert "Winner: Computer" in stdout or "draw" in stdout
    assert f"] {len(lines)} moves played" in stderr and "seed 12" in stderr


def test_the_same_seed_writes_the_same_files(tmp_path, capsys):
    first, second = tmp_path / "a", tmp_path / "b"
    assert main([*SHORT, "--out", str(first)]) == 0
    second.mkdir()
    (second / "table-0999.png").write_bytes(b"an older demo's image")  # cleared, not mistaken for this game's
    assert main([*SHORT, "--out", str(second)]) == 0
    assert files(first) == files(second)
    capsys.readouterr()


@pytest.mark.parametrize("argv, said", [
    (["demo", "chess"], "unknown game 'chess'"),
    (["demo", "tixel", "--players", "3"], "Tixel is played by 2 players, not 3"),
    (["demo", "pixies", "--players", "5"], "Pixies is played by 2–4 players, not 5"),
    (["demo", "--level", "hard"], "unknown level 'hard'"),
    (["demo", "--lang", "fr"], "unknown language 'fr': choose one of en, de"),
])
def test_bad_arguments_say_why_in_one_line_and_exit_2(tmp_path, capsys, argv, said):
    out = tmp_path / "never"
    assert main([*argv, "--out", str(out)]) == 2
    stdout, stderr = capsys.readouterr()
    assert stderr.count("\n") == 1 and said in stderr and not stdout
    assert not out.exists()


def test_a_german_game_is_written_in_german(tmp_path, capsys):
    out = tmp_path / "de"
    assert main([*SHORT, "--lang", "de", "--out", str(out)]) == 0
    stdout, stderr = capsys.readouterr()
    lines = (out / "moves.txt").read_text(encoding="utf-8").splitlines()
    assert len(lines) >= 3
    for number, line in enumerate(lines, start=1):
        assert re.fullmatch(rf"#{number} · Computer [12] \(leicht\) · \S.*", line), line
    assert "setzte einen Tixel-Stein auf" in lines[0] and "placed" not in "\n".join(lines)
    assert f"Tixel in {len(lines)} Zügen." in stdout
    assert "Sieger: Computer" in stdout or "Kein Sieger: Remis" in stdout
    assert "Tischbilder" in stdout and "--lang de" in stdout and "Wrote" not in stdout
    assert "Computerspieler (leicht), Seed 12" in stderr and f"] {len(lines)} Züge gespielt" in stderr
    with Image.open(out / "table-0001.png") as image:
        assert image.format == "PNG" and image.width >= 400
        image.load()
    english = tmp_path / "en"
    assert main([*SHORT, "--out", str(english)]) == 0
    capsys.readouterr()
    assert (out / "table-0001.png").read_bytes() != (english / "table-0001.png").read_bytes()  # drawn in German


def test_every_word_of_a_demo_comes_from_the_catalogue():
    demo = play("tixel", 2, "easy", 12, lang=PSEUDO)
    bar = Progress(io.StringIO(), expected=10, lang=PSEUDO).bar(len(demo.moves), done=True)
    for text in [*log_lines(demo), winner_line(demo), bar]:
        assert outside_catalogue(text, allowed=("Tixel",)) == [], text


def test_the_progress_bar_redraws_in_place_on_a_terminal_and_prints_lines_otherwise():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    shown = Terminal()
    bar = Progress(shown, expected=10)
    for moves in range(1, 6):
        bar.moved(moves)
    bar.finish(12, "done")
    assert shown.getvalue().count("\r") == 6 and shown.getvalue().endswith("] 12 moves done\n")
    assert "[###############...............] 5 moves" in shown.getvalue()
    piped = io.StringIO()
    bar = Progress(piped, expected=100, every=2)
    for moves in range(1, 6):
        bar.moved(moves)
    assert "\r" not in piped.getvalue() and piped.getvalue().count("\n") == 2  # moves 2 and 4
