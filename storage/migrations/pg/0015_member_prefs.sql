-- Each member's own preferences, across servers (issue 16): the theme their private images are drawn in
-- (`standard`, `colour-blind` or `high-contrast`). `updated_at` is when it last changed (Unix seconds).
CREATE TABLE member_prefs (
    user_id BIGINT PRIMARY KEY,
    theme TEXT NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);
