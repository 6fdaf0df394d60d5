-- Tournaments (issue #13): one row per tournament (its options and the pure state of bot/tournaments as JSON),
-- and the games the bot created for it. A game is linked in the transaction that creates it (so a slot of a
-- match never gets two games, even across a crash), and marked recorded in the transaction that stores the
-- tournament state counting its result (start-up reconciliation finds finished games not yet recorded).

CREATE TABLE tournaments (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    creator_id INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    options    TEXT    NOT NULL,                  -- JSON: fmt, best_of, max_players, deadline_hours, rated, ...
    status     TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    state      TEXT    NOT NULL,                  -- JSON: bot.tournaments' state
    message_id INTEGER,                           -- the sign-up post
    version    INTEGER NOT NULL DEFAULT 1,
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL
);
CREATE INDEX tournaments_place ON tournaments (guild_id, status, channel_id);

-- A game played for a tournament: its match and game number there; `voided` games no longer count (the
-- match gets another game of the same number); `recorded` once the tournament state counts its result.
CREATE TABLE tournament_games (
    game_id       INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    match_id      TEXT    NOT NULL,
    game_no       INTEGER NOT NULL,
    recorded      INTEGER NOT NULL DEFAULT 0,
    voided        INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX tournament_games_slot ON tournament_games (tournament_id, match_id, game_no) WHERE voided = 0;
CREATE INDEX tournament_games_open ON tournament_games (tournament_id) WHERE recorded = 0 AND voided = 0;
