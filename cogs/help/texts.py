"""Every member-facing sentence of /help and /rules, in one place (to move to message catalogues later)."""

from __future__ import annotations

# ------------------------------------------------------------------ command descriptions (synced to Discord)
HELP_DESCRIPTION = "Every command, grouped, with examples (only you see it)"
HELP_COMMAND_OPTION = "One command in detail, e.g. game log"
RULES_DESCRIPTION = "A game's full rules as Pixel Parlor plays them, page by page (only you see it)"
RULES_GAME_OPTION = "The game"
RULES_PAGE_OPTION = "A page number, a heading, board (how to read the board) or pictures"

# ------------------------------------------------------------------ /help
GROUP_TITLES = {
    "playing": "Playing",
    "games": "Your games, their history, your preferences",
    "help": "Rules and help",
    "pt": "Pixel Tactics decks and cards",
    "competitive": "Competitive: ratings, tournaments, leagues",
    "settings": "Server settings",
    "other": "Other commands",
}
HELP_TITLE = "Pixel Parlor commands"
HELP_INTRO = ("Pixel Parlor hosts **Pixies**, **Tixel**, **Pixel Tactics** and **Pixel Pusher** in this server: "
              "`/play game:` opens a table, the buttons on the table post do the rest. `/rules game:` has each "
              "game's full rules and a picture that explains its board.\n\nThe commands, by group (the pages "
              "after this one show each with an example):")
HELP_FOOTER = "Page {page}/{pages} · /help command: shows one command in detail"
EXAMPLE = "e.g. `{example}`"
CONTINUED = "{title} (continued)"
MANAGERS_ONLY = "Only members with Manage Server see and use it."
DETAIL_TITLE = "/{name}"
DETAIL_OPTIONS = "Options"
DETAIL_NO_OPTIONS = "No options."
DETAIL_EXAMPLE = "Example"
DETAIL_GROUP = "Group: {group}"
OPTION_LINE = "`{name}`{required} — {description}"
OPTION_REQUIRED = " (required)"
OPTION_CHOICES = "Choices: {choices}"
OPTION_RANGE = "From {low} to {high}"
OPTION_AUTOCOMPLETE = "Offered as you type"
GROUP_FOOTER = "/help command: with one of these names shows its options"
UNKNOWN_COMMAND = "There is no command `/{name}`.{suggest} `/help` lists every command."
SUGGEST = " Did you mean {names}?"

# ------------------------------------------------------------------ /rules
RULES_TITLE = "{game} rules · {page}"
RULES_FOOTER = "Page {page}/{pages} · the rules exactly as Pixel Parlor plays them"
UNKNOWN_PAGE = ("The {game} rules have no page `{page}`: choose a number from 1 to {pages}, a heading (offered "
                "as you type), `board` or `pictures`.")
UNKNOWN_GAME = "There are no rules for `{game}`: choose Pixies, Tixel, Pixel Tactics or Pixel Pusher."
STALE_PAGE = "The {game} rules have changed since this message: page {page} no longer exists. Run `/rules` again."
BOARD_TITLE = "How to read the {game} board"
BOARD_FOOTER = "A real position of a seeded game · numbers on the board match the key below it"
PICTURES_TITLE = "{game} · pictures of real positions"
PICTURES_FOOTER = "Positions of one seeded game, as the bot posts them"
PICTURE_CAPTIONS = ("The opening table", "A few moves in", "Later in the same game")
PAGE_CHOICE = "{number} · {title}"
BOARD_CHOICE = "board · How to read the board"
PICTURES_CHOICE = "pictures · Pictures of real positions"

# ------------------------------------------------------------------ buttons (help and rules)
FIRST, PREVIOUS, NEXT, LAST = "⏮ First", "◀ Previous", "Next ▶", "Last ⏭"
BOARD_BUTTON = "How to read the board"
PICTURES_BUTTON = "Pictures"
RULES_BUTTON = "Back to the rules"
PUBLIC_BUTTON = "These buttons work only on the private answer of /help or /rules."

# ------------------------------------------------------------------ "how to read this board" images
GUIDE_HEADINGS = {
    "pixies": "How to read the Pixies table",
    "tixel": "How to read the Tixel board",
    "pixel-tactics": "How to read the Pixel Tactics board",
    "pixel-pusher": "How to read the Pixel Pusher board",
}
#: game → callout id → (title, explanation); the ids are the board guide's (``rendering.help.keys``)
GUIDE_KEYS: dict[str, dict[str, tuple[str, str]]] = {
    "pixies": {
        "round": ("Round and turn", "Three rounds. Below: the turn, the cards left in the deck; pts means points "
                                    "from finished rounds."),
        "turn": ("Whose turn", "The gold label names the player to act and what they do now."),
        "now": ("What to do now", "What the player to act chooses; Last: the previous move in words."),
        "offer": ("The offer", "The cards revealed this turn (4 with two players): each player in turn takes one "
                               "and places it at once."),
        "card": ("A card", "Its number 1–9 and colour: R red, G green, B blue, Y yellow, ★ and stripes "
                           "multicolour (every colour). The strip: +1 point per spiral, −1 per cross (×5: five), "
                           "a colour spiral scores 1 per face-up card of its colour."),
        "grid": ("A player's grid", "Spaces 1–9: a card goes on the space of its number. A green check: a face-up "
                                    "card on a face-down one, validated, it scores its number. A card for a "
                                    "validated space goes face down on an empty one."),
        "pts": ("Points", "The total of finished rounds. A round scores validated cards, spirals and crosses, "
                          "colour spirals and the largest group of one colour (size × 2, 3, 4 by round)."),
    },
    "tixel": {
        "turn": ("Turn", "Turns played so far: the game has no fixed length."),
        "to_move": ("Whose move", "Place a piece from your pool on an empty square, or slide one of yours. A "
                                  "player who cannot move loses."),
        "last": ("The last move", "In words; on the board the moved piece is framed in gold, a slide shows its "
                                  "path."),
        "squares": ("Squares", "Files a–f from the left, ranks 1–6 from the bottom: a1 to f6, as /tixel move "
                               "writes them."),
        "player": ("A player", "Their colour (White moves first); the gold frame marks the player to move. With "
                               "Poka Yoke, Promoted n/2 counts their promotions."),
        "pool": ("The pool", "Pieces not yet on the board (×7: seven tixel pieces; Tix pieces have no notch)."),
        "pieces": ("Pieces", "Square: inactive. Turned 45°: active, its corners point into the four "
                             "neighbouring squares. A sharp corner may point off the board, at an empty square "
                             "or into an inactive piece's notch (its hollow side) facing it."),
    },
    "pixel-tactics": {
        "round": ("Round and wave", "Three waves a round: Vanguard, Flank, Rear. In each the first player takes "
                                    "two actions, then the other."),
        "rows": ("Vanguard, Flank, Rear", "A unit's rows, front to back. A Hero uses the power of its row; the "
                                          "gold label is this wave's row."),
        "columns": ("Columns", "Left, centre, right as the owner sees them: the top unit faces you, so its "
                               "left is on your right."),
        "leader": ("The Leader", "Crowned, in the centre of the Flank row. Defeat the rival Leader to win the "
                                 "game and a trophy."),
        "hero": ("A Hero", "Name, sword: Attack, shield: Life. A Hero whose damage reaches its Life falls at "
                           "the end of the wave and leaves a Corpse."),
        "reserve": ("Reserve", "The row behind the unit: face-down Traps and running Operations."),
        "trap": ("A Trap", "Face down until its condition arises; only its owner knows it."),
        "bar": ("A player's bar", "Stars: trophies won. Hand (of the hand size), deck and discard. First: who "
                                  "acts first this round."),
    },
    "pixel-pusher": {
        "phases": ("The round", "Generate, Draft, Build, Collect, Convert, Score: the current phase is lit. "
                                "Deck and discard are machine cards."),
        "conveyor": ("The conveyor", "Six segments of pixels. Each round segment 6 empties into the bag, the "
                                     "others move on and 6 new pixels land on segment 1."),
        "supply": ("Supply and bag", "C M Y W come from the supply by converting (the number left). R G B here "
                                     "were returned this round; Bag: pixels left to draw."),
        "board": ("A machine board", "Slot n reads conveyor segment n. A collector (2 G) takes exactly that "
                                     "many pixels of its colour, or none. Side and VP on the name bar."),
        "stored": ("Stored and held", "Stored pixels (4 slots, more with tanks) pay for scanlines; held pixels "
                                      "not stored in Convert & Store are lost."),
        "tokens": ("Order tokens", "1st to Build, 1st to Collect and so on: who acts first in that phase."),
        "images": ("Image cards", "Each painted row is a scanline: pay its pixels from storage to score its VP "
                                  "(one a Score phase). Top right: the card's total."),
        "filled": ("A filled scanline", "Framed, with the seat number of the player who filled it: done, no one "
                                        "else can."),
        "score": ("Score track", "Each seat's VP (discs numbered by seat)."),
    },
}
