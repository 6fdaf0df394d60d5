-- Pixel Tactics card content is versioned from here on: games started before record content version 1 in their
-- engine options, so that their replays (from the options, the seed and the action log) deal the cards they were
-- played with, whatever later rebalances change.
UPDATE games
   SET options = jsonb_set(options::jsonb, '{game}',
                           COALESCE(options::jsonb -> 'game', '{}'::jsonb) || '{"content": 1}'::jsonb)::text
 WHERE kind = 'pixel-tactics' AND status IN ('running', 'finished');
