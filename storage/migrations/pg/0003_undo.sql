-- /game undo requests: at most one row per game, reused (number + 1) by the game's next request.
CREATE TABLE undo_requests (
    game_id        BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    number         BIGINT  NOT NULL,                 -- the game's request counter, carried by the vote buttons
    seq            BIGINT  NOT NULL,                 -- action-log seq of the action to take back
    log_seq        BIGINT  NOT NULL,                 -- last log seq when asked: any later entry makes it stale
    requester_seat BIGINT  NOT NULL,
    voters         TEXT    NOT NULL,                 -- JSON list of the seats that must agree
    votes          TEXT    NOT NULL DEFAULT '{}',    -- JSON {"seat": true|false}
    status         TEXT    NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'agreed', 'refused', 'stale', 'dropped')),
    created_at     DOUBLE PRECISION NOT NULL
);
