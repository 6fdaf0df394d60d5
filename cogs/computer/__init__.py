"""Computer players in Discord: the cog (:mod:`.cog`: the driver's posts, the takeover announcement and ``/game
return``), the lobby's **Add computer player** and ``/play … vs`` (:mod:`.lobby`) and how posts name a computer
seat (:mod:`.posts`). The extension is ``cogs.computer.cog``; rules and storage live in ``bot/computer_*.py``."""
