"""Rating images: the leaderboard of one board and a member's ratings with their plot over time."""
