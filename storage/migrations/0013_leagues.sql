-- Pixel Tactics Leagues (issue #13, part 3): one row per league (its options and the pure state of bot/league as
-- JSON), the games the bot created for its challenges, and the league's own timers (cycle ends and reminders of
-- pending drafts, challenges and secret choices), fired by the same scheduler loop as the games' deadlines.
-- A game is linked to its challenge in the transaction that creates it (a challenge never gets two games, even
-- across a crash) and marked recorded in the transaction that stores the league state counting its result.

CREATE TABLE leagues (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    creator_id INTEGER NOT NULL,
    options    TEXT    NOT NULL,                  -- JSON: creator_name, deadline_hours, cycle_started_at, ...
    status     TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    state      TEXT    NOT NULL,                  -- JSON: bot.league's state
    message_id INTEGER,                           -- the sign-up post
    version    INTEGER NOT NULL DEFAULT 1,
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL
);
CREATE INDEX leagues_place ON leagues (guild_id, status, channel_id);

-- A game played for a league challenge; `voided` games no longer count; `recorded` once the league counts it.
CREATE TABLE league_games (
    game_id      INTEGER PRIMARY KEY,
    league_id    INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    challenge_id INTEGER NOT NULL,
    recorded     INTEGER NOT NULL DEFAULT 0,
    voided       INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX league_games_challenge ON league_games (league_id, challenge_id) WHERE voided = 0;
CREATE INDEX league_games_open ON league_games (league_id) WHERE recorded = 0 AND voided = 0;

-- A league timer: `cycle_end` (key: the cycle number) or `reminder` (key: what is pending, e.g.
-- 'draft:2:17:3' or 'answer:c4'); each fires once (`done`).
CREATE TABLE league_timers (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    kind      TEXT    NOT NULL CHECK (kind IN ('cycle_end', 'reminder')),
    key       TEXT    NOT NULL,
    user_id   INTEGER,
    due_at    REAL    NOT NULL,
    done      INTEGER NOT NULL DEFAULT 0,
    UNIQUE (league_id, kind, key)
);
CREATE INDEX league_timers_due ON league_timers (done, due_at);
