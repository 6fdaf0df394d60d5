-- The undo entries of a game's action log: every load of a running game counts them (they tag its
-- decision ids), so the count reads this small index instead of every action of the game.
CREATE INDEX actions_undo ON actions (game_id) WHERE (action::jsonb ->> 'type') = 'undo';
