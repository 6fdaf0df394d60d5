-- Deadlines of pending decisions and their reminder points: one row per timer, each fired once.
CREATE TABLE timers (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    decision_id TEXT    NOT NULL,
    seat        INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('deadline', 'reminder')),
    point       TEXT    NOT NULL DEFAULT '',
    due_at      REAL    NOT NULL,
    done        INTEGER NOT NULL DEFAULT 0,
    UNIQUE (game_id, decision_id, seat, kind, point)
);
CREATE INDEX timers_due ON timers (done, due_at);
CREATE INDEX timers_game ON timers (game_id, done);

-- One extension per decision and player.
CREATE TABLE extensions (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    decision_id TEXT    NOT NULL,
    seat        INTEGER NOT NULL,
    created_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, decision_id, seat)
);
