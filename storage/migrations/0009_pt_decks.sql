-- Pixel Tactics built decks, saved card pools and each server's Pixel Tactics lists.
-- Names are unique per member and server whatever their case: `name_key` is the casefolded name.

-- A saved card pool (e.g. what a member drafted): card keys, copies repeated.
CREATE TABLE pt_pools (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    name           TEXT    NOT NULL,
    name_key       TEXT    NOT NULL,
    cards          TEXT    NOT NULL,              -- JSON list of card keys
    source_game_id INTEGER,                       -- the draft it came from (NULL: none)
    created_at     REAL    NOT NULL,
    UNIQUE (guild_id, user_id, name_key)
);

-- A member's deck in one server: its two stacks, and the pool it is built from (NULL: the server's pool).
CREATE TABLE pt_decks (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    name_key   TEXT    NOT NULL,
    format     TEXT    NOT NULL CHECK (format IN ('standard', 'epic')),
    leaders    TEXT    NOT NULL,                  -- JSON list of card keys
    heroes     TEXT    NOT NULL,                  -- JSON list of card keys
    pool_id    INTEGER REFERENCES pt_pools (id) ON DELETE SET NULL,
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL,
    UNIQUE (guild_id, user_id, name_key)
);
CREATE INDEX pt_decks_member ON pt_decks (guild_id, user_id);

-- The games a deck is being played in: a deck with a row here cannot be edited until they end.
CREATE TABLE pt_deck_locks (
    deck_id INTEGER NOT NULL REFERENCES pt_decks (id) ON DELETE CASCADE,
    game_id INTEGER NOT NULL,
    PRIMARY KEY (deck_id, game_id)
);
CREATE INDEX pt_deck_locks_game ON pt_deck_locks (game_id);

-- A server's Pixel Tactics lists (pool sets, cube, banned and restricted lists, restricted-hero count,
-- chase leaders allowed): one JSON value per key; an absent key is the default.
CREATE TABLE pt_server_lists (
    guild_id INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
);
