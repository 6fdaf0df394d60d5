"""Registers the fake Discord fixtures for the self-tests (the suite's conftest imports them too)."""

from .fixtures import fake_discord  # noqa: F401
