"""Pixel Tactics Draft: Pack, Epic Pack, Winston and Purchase drafts as a pure engine (docs/rules/pt_drafts.md)."""

from .engine import PtDraftEngine

__all__ = ["PtDraftEngine"]
