"""Computer players: pure, seeded decision makers over the engine contract (see docs/ai.md)."""
