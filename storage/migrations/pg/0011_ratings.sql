-- Ratings (issue #13): the results of rated games, each member's rating per server, board and season, the
-- rating after each of their rated games (for the plot and the trend), and members hidden from leaderboards.
-- A board is a game kind (Pixel Tactics: `pixel-tactics:<mode>`); a season is a server's counter.

-- One row per rated game: written in the transaction that stores the game's final state, so a game is
-- counted exactly once (the primary key) and never lost. `ranks` is JSON [[user_id, rank, name], ...]
-- (rank 1 best, ties share a rank). `seq` is the order results were counted in (a recomputation replays
-- them in that order). A voided result stays stored but no longer counts.
CREATE TABLE rated_results (
    game_id     BIGINT PRIMARY KEY,
    seq         BIGINT  NOT NULL UNIQUE,
    guild_id    BIGINT  NOT NULL,
    board       TEXT    NOT NULL,
    season      BIGINT  NOT NULL,
    ranks       TEXT    NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    voided      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX rated_results_board ON rated_results (guild_id, board, season, seq);

-- A member's current rating on a board in a season (openskill Plackett-Luce mu and sigma).
CREATE TABLE ratings (
    guild_id   BIGINT  NOT NULL,
    board      TEXT    NOT NULL,
    season     BIGINT  NOT NULL,
    user_id    BIGINT  NOT NULL,
    name       TEXT    NOT NULL DEFAULT '',
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    games      BIGINT  NOT NULL DEFAULT 0,
    wins       BIGINT  NOT NULL DEFAULT 0,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, board, season, user_id)
);
CREATE INDEX ratings_member ON ratings (guild_id, user_id);

-- A member's rating right after each rated game of theirs.
CREATE TABLE rating_history (
    guild_id BIGINT  NOT NULL,
    board    TEXT    NOT NULL,
    season   BIGINT  NOT NULL,
    user_id  BIGINT  NOT NULL,
    game_id  BIGINT  NOT NULL,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL,
    at       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_history_member ON rating_history (guild_id, user_id, board, season, at);

-- Members who asked to be left out of the server's leaderboards (their ratings are still kept).
CREATE TABLE rating_optout (
    guild_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
