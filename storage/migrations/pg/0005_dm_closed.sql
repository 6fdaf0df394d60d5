-- Members whose DMs refused the bot (403): private posts go through the game's channel instead,
-- without retrying the DM on every turn. `since` is when the refusal was seen (Unix seconds).
CREATE TABLE dm_closed (
    user_id BIGINT PRIMARY KEY,
    since DOUBLE PRECISION NOT NULL
);
