-- Games, seats, the append-only action log, guild settings and bot metadata.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    thread_id   INTEGER,
    message_id  INTEGER,
    posted_version INTEGER,
    kind        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    seed        INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    creator_id  INTEGER NOT NULL,
    state       TEXT,
    version     INTEGER NOT NULL DEFAULT 0,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);
CREATE INDEX games_guild_status ON games (guild_id, status);
CREATE INDEX games_status ON games (status);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL DEFAULT '',
    joined_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    actor_seat INTEGER,
    actor_id   INTEGER,
    action     TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- The action log is append-only.
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
WHEN (SELECT COUNT(*) FROM games WHERE id = OLD.game_id) > 0
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

CREATE TABLE guild_settings (
    guild_id INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
);

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
