-- The channel (or thread) of the game's latest table post: a /game status answer can be posted
-- elsewhere than the game's channel, and its buttons are retired there when the next table is posted.
ALTER TABLE games ADD COLUMN message_channel_id BIGINT;
