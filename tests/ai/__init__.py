"""Tests of the computer players (bot/ai)."""
