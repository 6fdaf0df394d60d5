"""The Pixel Tactics rules summary (``/pt rules``), a catalogue message: the member's language."""

from __future__ import annotations

from bot.i18n import N_

RULES_SUMMARY = N_("""**Pixel Tactics** — 2 players, each with their own copy of our 25-card set; each card is a Leader, a Hero or an Order/Operation/Trap.
• Setup: draw 5 (plus one per trophy your rival holds), choose a Leader in secret; both are revealed together. It stands at the centre of your 3×3 Unit.
• Rounds of three waves — **Vanguard**, **Flank**, **Rear** (rows relative to your Leader). In each wave the first player takes a turn of two actions, then the other. First player changes each round.
• Actions: draw (up to your hand size), recruit into an empty slot of the current wave, attack (melee: foremost living of a column on each side; Ranged: anyone, but Intercept shields the one or two behind), cast a Spell, Leader action, Order, Move, Switch (two actions), clear a corpse, start an Operation (4 time markers), place a Trap face down, clear your reserve, end turn. A Hero does one starred action a turn; one recruited this wave cannot act.
• Casualties at the end of each wave: damage ≥ Life → corpse. A Leader at damage ≥ Life routs its Unit: the other player wins the game and a trophy.
• Round 1 is a **Ceasefire**: no Attacks or Spells against the rival, no Orders or Operations, Traps only placed.
• Built decks (Standard: 4 Leaders + 25–30 Heroes; Epic: 4 + 60–80): `/pt deck`; every card: `/pt cards`.
• Modes (`/play game:pixel-tactics mode:`): **Siege** (no Leaders, face-down fortresses: break an empty one to win), **Duel Draft** (one shared deck, buy from a tableau with Gold), **Epic Duel** (four Leaders one after another, hands of 7), **Team Cross Duel** (4 players, 2 against 2: a fallen Leader scores a point for the other team and its player restarts) and **King** (6 players, 3 against 3: a King between two Knights; defeat the rival King). Teammates never see each other's hands.
Full rules and the card list: `docs/rules/pixel_tactics.md`; any card: `/pt card`.""")
