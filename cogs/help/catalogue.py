"""Which group each slash command belongs to in /help, and one example of it: the data table a test holds
against the registered command tree (a command missing here fails that test)."""

from __future__ import annotations

#: the groups in the order /help shows them (key → title comes from ``texts.GROUP_TITLES``)
GROUPS = ("playing", "games", "help", "pt", "competitive", "settings")

#: qualified command name → (group, example as typed)
COMMANDS: dict[str, tuple[str, str]] = {
    # Playing
    "play": ("playing", "/play game:Pixies"),
    "game status": ("playing", "/game status"),
    "game resign": ("playing", "/game resign game:12"),
    "game extend": ("playing", "/game extend"),
    "game undo": ("playing", "/game undo"),
    "game hint": ("playing", "/game hint"),
    "game return": ("playing", "/game return"),
    "game describe": ("playing", "/game describe game:12"),
    "tixel move": ("playing", "/tixel move move:Pa1NE"),
    "preferences board": ("playing", "/preferences board game:12"),
    # Your games and their history
    "games": ("games", "/games mine:True"),
    "mygames": ("games", "/mygames"),
    "game log": ("games", "/game log game:12 page:1"),
    "game replay": ("games", "/game replay game:12"),
    "game rematch": ("games", "/game rematch"),
    # Rules and help
    "help": ("help", "/help command:game log"),
    "learn": ("help", "/learn game:Pixies"),
    "rules": ("help", "/rules game:Tixel page:board"),
    "pixies rules": ("help", "/pixies rules"),
    "tixel help": ("help", "/tixel help"),
    "pusher rules": ("help", "/pusher rules"),
    "pt rules": ("help", "/pt rules"),
    "preferences theme": ("games", "/preferences theme theme:colour-blind"),
    # Pixel Tactics decks and cards
    "pt card": ("pt", "/pt card name:Field Marshal"),
    "pt cards": ("pt", "/pt cards set:Core Set 2 search:heal"),
    "pt deck new": ("pt", "/pt deck new name:Aggro format:Standard"),
    "pt deck show": ("pt", "/pt deck show name:Aggro"),
    "pt deck add": ("pt", "/pt deck add name:Aggro card:Rageborn role:Hero"),
    "pt deck remove": ("pt", "/pt deck remove name:Aggro card:Rageborn"),
    "pt deck designate": ("pt", "/pt deck designate name:Aggro card:Field Marshal role:Leader"),
    "pt deck copy": ("pt", "/pt deck copy name:Aggro new_name:Aggro 2"),
    "pt deck rename": ("pt", "/pt deck rename name:Aggro 2 new_name:Control"),
    "pt deck delete": ("pt", "/pt deck delete name:Control"),
    "pt deck list": ("pt", "/pt deck list"),
    "pt deck export": ("pt", "/pt deck export name:Aggro"),
    "pt deck import": ("pt", "/pt deck import name:Friend's deck code:PT1-…"),
    # Competitive: ratings, tournaments, leagues
    "leaderboard": ("competitive", "/leaderboard game:Tixel"),
    "rating": ("competitive", "/rating member:@Ada game:Pixies"),
    "tournament create": ("competitive", "/tournament create game:Tixel format:Swiss best_of:3"),
    "tournament join": ("competitive", "/tournament join"),
    "tournament status": ("competitive", "/tournament status"),
    "tournament drop": ("competitive", "/tournament drop"),
    "tournament replace": ("competitive", "/tournament replace old:@Ada new:@Bob"),
    "tournament cancel": ("competitive", "/tournament cancel"),
    "tournament override": ("competitive", "/tournament override match:3 winner:@Ada"),
    "tournament void": ("competitive", "/tournament void game:12"),
    "tournament export": ("competitive", "/tournament export"),
    "league create": ("competitive", "/league create cycles:3 days:14"),
    "league join": ("competitive", "/league join"),
    "league start": ("competitive", "/league start"),
    "league draft": ("competitive", "/league draft"),
    "league challenge": ("competitive", "/league challenge member:@Bob"),
    "league deck": ("competitive", "/league deck remove:Rageborn add:Stonehide"),
    "league discard": ("competitive", "/league discard leaders:none"),
    "league standings": ("competitive", "/league standings"),
    "league pool": ("competitive", "/league pool"),
    "league history": ("competitive", "/league history"),
    "league end_cycle": ("competitive", "/league end_cycle"),
    "league drop": ("competitive", "/league drop"),
    "league replace": ("competitive", "/league replace old:@Ada new:@Bob"),
    "league void": ("competitive", "/league void challenge:4"),
    "league override": ("competitive", "/league override challenge:4 winner:@Ada"),
    "league cancel": ("competitive", "/league cancel"),
    "league export": ("competitive", "/league export"),
    # Server settings
    "settings show": ("settings", "/settings show"),
    "settings deadline": ("settings", "/settings deadline value:24 hours policy:skip"),
    "settings reminders": ("settings", "/settings reminders points:50%, 2h"),
    "settings threads": ("settings", "/settings threads enabled:True"),
    "settings hints": ("settings", "/settings hints enabled:True"),
    "settings channels": ("settings", "/settings channels add:#games"),
    "settings starter_role": ("settings", "/settings starter_role role:@Players"),
    "settings lobby_ping": ("settings", "/settings lobby_ping role:@Players"),
    "settings organisers": ("settings", "/settings organisers role:@Organisers"),
    "settings language": ("settings", "/settings language language:Deutsch"),
    "settings theme": ("settings", "/settings theme theme:high-contrast"),
    "settings timezone": ("settings", "/settings timezone name:Europe/Berlin"),
    "settings pt show": ("settings", "/settings pt show"),
    "settings pt pool": ("settings", "/settings pt pool sets:core core2"),
    "settings pt ban": ("settings", "/settings pt ban card:Mirrorjest role:Leader"),
    "settings pt restrict": ("settings", "/settings pt restrict card:Starseer role:Hero"),
    "settings pt restricted_heroes": ("settings", "/settings pt restricted_heroes count:1"),
    "settings pt cube": ("settings", "/settings pt cube action:show"),
    "settings pt chase": ("settings", "/settings pt chase enabled:False"),
    "settings ratings new_season": ("settings", "/settings ratings new_season"),
    "settings ratings provisional": ("settings", "/settings ratings provisional games:5"),
}


def entry(name: str) -> tuple[str, str | None]:
    """Return a command's group and example (unknown commands: the last group, no example)."""
    return COMMANDS.get(name, (GROUPS[-1] if name.startswith("settings") else "other", None))
