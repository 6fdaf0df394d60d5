-- Games whose latest state was never posted (a crash between commit and post, or Discord refused
-- the post): start-up recovery and the re-post loop page through them without reading the others.
CREATE INDEX games_unposted ON games (id)
    WHERE status IN ('running', 'finished') AND (posted_version IS NULL OR posted_version < version);
