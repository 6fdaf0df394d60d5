"""Packaging: the Dockerfile, README, pyproject and CI agree on how the bot is installed, run and tested."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_console_script_is_the_module_entry_point():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["pixel-parlor"] == "bot.__main__:main"
    assert project["requires-python"] == ">=3.11"
    deps = " ".join(project["dependencies"])
    for dep in ("discord.py", "aiosqlite", "pillow"):
        assert dep in deps


def test_dockerfile_installs_the_package_and_runs_the_readme_entry_point():
    docker = (ROOT / "Dockerfile").read_text()
    assert re.search(r"^FROM python:3\.1[1-9]-slim", docker, re.M)
    assert re.search(r"^RUN pip install --no-cache-dir -c constraints\.txt \.$", docker, re.M)
    assert re.search(r"^USER (?!root)\w+", docker, re.M)
    assert 'VOLUME ["/data"]' in docker and "PARLOR_DB=/data/" in docker
    assert "DISCORD_TOKEN" not in re.sub(r"^#.*$", "", docker, flags=re.M), "the token comes from the environment"
    entry = json.loads(re.search(r"^ENTRYPOINT (.+)$", docker, re.M).group(1))
    cmd = json.loads(re.search(r"^CMD (.+)$", docker, re.M).group(1))
    assert entry == ["pixel-parlor"] and cmd == ["run"]
    text = readme()
    assert "pip install ." in text and "pixel-parlor run" in text
    for package in ("bot", "cogs", "rendering", "storage"):
        assert f"COPY {package} ./{package}" in docker


def test_ci_runs_exactly_the_readme_test_command():
    command = re.search(r"(python -m )?pytest[^`\n]*", readme()).group(0)
    ci = (ROOT / ".ci" / "run").read_text()
    assert command in ci.splitlines()
    assert "pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[test]'" in ci
    # a missing PostgreSQL fails CI rather than skipping its tests, whoever runs the script (tests/conftest.py)
    assert "export CI=true" in ci.splitlines()


def test_readme_documents_every_command_and_variable():
    text = readme()
    for needle in ("/play", "/game status", "/game resign", "/games", "DISCORD_TOKEN", "PARLOR_DB",
                   "PARLOR_DEV_GUILD", "PARLOR_LOG_LEVEL", "applications.commands", "Create Public Threads",
                   "migrate", "sync --guild"):
        assert needle in text, needle
    image = re.search(r"!\[[^\]]*\]\((docs/[^)]+\.png)\)", text)
    assert image and (ROOT / image.group(1)).is_file()


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
                    reason="ruff is not installed")
def test_ruff_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    proc = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
