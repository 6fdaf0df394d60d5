"""/help and /rules: every command grouped with examples, each game's full rules as pages, and pictures of
real positions with a key to the board."""
