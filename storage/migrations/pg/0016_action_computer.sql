-- Who made each logged action (issue 14): the level of the computer player that made it (`easy`, `normal` or
-- `strong`), or NULL when a member did. A computer plays both its own seats (added in the lobby, `/play vs:`) and
-- members' seats taken over after a timeout, where `actor_id` stays the owner's: this column is what tells
-- `/game log` that the computer moved. Rows logged before this migration read NULL (a member's move).
-- Adding a column is no UPDATE: the append-only triggers still refuse every change to a logged row.
ALTER TABLE actions ADD COLUMN computer_level TEXT;
