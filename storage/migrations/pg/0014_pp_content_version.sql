-- Pixel Pusher content is versioned from here on: games started before record content version 1 (and its rule
-- of two scanlines per Score phase) in their engine options, so that their replays (from the options, the seed
-- and the action log) deal the cards they were played with. Their stored states carry no "content" key, which
-- the engine reads as version 1 too.
UPDATE games
   SET options = jsonb_set(options::jsonb, '{game}',
                           COALESCE(options::jsonb -> 'game', '{}'::jsonb) || '{"content": 1}'::jsonb)::text
 WHERE kind = 'pixel-pusher' AND status IN ('running', 'finished');
