"""Reproducible installs and the multi-process deployment: the constraints file, the version bounds, the Dockerfile's
pinned base and HEALTHCHECK, and the docker-compose example (checked here, since Docker cannot run in the tests)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from bot.config import parse_shards
from bot.health import STALE_AFTER, beat, check_health

ROOT = Path(__file__).resolve().parents[2]


def pins() -> dict[str, str]:
    """constraints.txt as name -> pinned version."""
    out = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, version = line.partition("==")
        assert version and re.fullmatch(r"[\w.+-]+", version), f"not an exact pin: {line!r}"
        out[canonicalize_name(name)] = version
    return out


def requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [Requirement(r) for r in project["dependencies"] + project["optional-dependencies"]["test"]]


def test_constraints_pin_every_requirement_within_its_range():
    pinned = pins()
    assert "pixel-parlor" not in pinned, "the project itself is not pinned"
    for req in requirements():
        name = canonicalize_name(req.name)
        assert name in pinned, f"{req.name} is not pinned in constraints.txt"
        assert req.specifier.contains(pinned[name], prereleases=True), (req, pinned[name])


def test_pillow_and_aiosqlite_have_upper_bounds():
    for req in requirements():
        if canonicalize_name(req.name) in ("pillow", "aiosqlite"):
            assert any(spec.operator in ("<", "<=", "~=", "==") for spec in req.specifier), req


def test_ci_and_the_dockerfile_install_with_the_constraints():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "-c constraints.txt -e '.[test]'" in ci
    docker = (ROOT / "Dockerfile").read_text()
    assert re.search(r"^COPY [^\n]*constraints\.txt", docker, re.M)
    assert re.search(r"^RUN pip install --no-cache-dir -c constraints\.txt \.$", docker, re.M)


def test_the_base_image_is_pinned_by_digest_and_has_a_healthcheck():
    docker = (ROOT / "Dockerfile").read_text()
    assert re.search(r"^FROM python:3\.11-slim@sha256:[0-9a-f]{64}$", docker, re.M)
    check = re.search(r"^HEALTHCHECK (.*) CMD (\[.*\])$", docker, re.M)
    assert check and json.loads(check.group(2)) == ["pixel-parlor", "health"]
    assert "PARLOR_HEARTBEAT=" in docker


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_runs_postgresql_and_shard_processes_covering_every_shard_once():
    services = compose()["services"]
    db = services["db"]
    assert db["image"].startswith("postgres:") and "healthcheck" in db
    bots = {name: svc for name, svc in services.items() if name != "db"}
    assert len(bots) >= 2
    totals, covered = set(), []
    for name, svc in bots.items():
        env = svc["environment"]
        assert svc.get("build") == "." or svc.get("image") == "pixel-parlor", name
        assert svc["depends_on"]["db"]["condition"] == "service_healthy", name
        assert env["DISCORD_TOKEN"].startswith("${DISCORD_TOKEN"), "the token comes from the environment"
        assert re.fullmatch(r"postgresql://parlor:\$\{PARLOR_DB_PASSWORD[^}]*\}@db:5432/parlor", env["PARLOR_DB"])
        count, ids = parse_shards(str(env["PARLOR_SHARDS"]), str(env["PARLOR_SHARD_IDS"]))
        totals.add(count)
        covered.extend(ids)
    assert len(totals) == 1, "every process names the same shard count"
    assert sorted(covered) == list(range(totals.pop())), "each shard is run by exactly one process"


def test_readme_shows_the_compose_file():
    readme = (ROOT / "README.md").read_text()
    text = (ROOT / "docker-compose.yml").read_text()
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    assert body.strip() in readme
    assert "docker compose up" in readme


def test_health_checks_the_database_and_a_fresh_heartbeat(tmp_path):
    import sqlite3

    db = tmp_path / "h.sqlite3"
    sqlite3.connect(db).close()
    heart = tmp_path / "beat"
    healthy, lines = check_health(str(db), str(heart))
    assert not healthy and "no such file" in lines[1]
    beat(str(heart))
    healthy, lines = check_health(str(db), str(heart))
    assert healthy and "answers" in lines[0] and "fresh" in lines[1]
    stale = heart.stat().st_mtime + STALE_AFTER + 1
    assert check_health(str(db), str(heart), now=stale)[0] is False
    assert check_health(str(tmp_path / "missing.sqlite3"), str(heart))[0] is False
    assert check_health(str(db), None)[0] is False


def test_health_command_exit_codes(tmp_path):
    import os
    import sqlite3
    import subprocess
    import sys

    db = tmp_path / "h.sqlite3"
    sqlite3.connect(db).close()
    heart = tmp_path / "beat"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "PARLOR_"))}
    env |= {"PARLOR_DB": str(db), "PARLOR_HEARTBEAT": str(heart)}

    def health() -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "bot", "health"], capture_output=True, text=True, env=env,
                              timeout=60)

    proc = health()
    assert proc.returncode == 1 and "no such file" in proc.stdout
    beat(str(heart))
    proc = health()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "answers" in proc.stdout and "fresh" in proc.stdout
