"""Every member-facing sentence of /help and /rules, in one place: marked for the message catalogues (``N_``),
shown in the member's language with ``t``."""

from __future__ import annotations

from bot.i18n import N_

# ------------------------------------------------------------------ command descriptions (synced to Discord)
HELP_DESCRIPTION = "Every command, grouped, with examples (only you see it)"
HELP_COMMAND_OPTION = "One command in detail, e.g. game log"
RULES_DESCRIPTION = "A game's full rules as Pixel Parlor plays them, page by page (only you see it)"
RULES_GAME_OPTION = "The game"
RULES_PAGE_OPTION = "A page number, a heading, board (how to read the board) or pictures"

# ------------------------------------------------------------------ /help
GROUP_TITLES = {
    "playing": N_("Playing"),
    "games": N_("Your games, their history, your preferences"),
    "help": N_("Rules and help"),
    "pt": N_("Pixel Tactics decks and cards"),
    "competitive": N_("Competitive: ratings, tournaments, leagues"),
    "settings": N_("Server settings"),
    "other": N_("Other commands"),
}
HELP_TITLE = N_("Pixel Parlor commands")
HELP_INTRO = (N_("Pixel Parlor hosts **Pixies**, **Tixel**, **Pixel Tactics** and **Pixel Pusher** in this server: "
              "`/play game:` opens a table, the buttons on the table post do the rest. `/rules game:` has each "
              "game's full rules and a picture that explains its board.\n\nThe commands, by group (the pages "
              "after this one show each with an example):"))
HELP_FOOTER = N_("Page {page}/{pages} · /help command: shows one command in detail")
EXAMPLE = N_("e.g. `{example}`")
CONTINUED = N_("{title} (continued)")
MANAGERS_ONLY = N_("Only members with Manage Server see and use it.")
DETAIL_TITLE = "/{name}"
DETAIL_OPTIONS = N_("Options")
DETAIL_NO_OPTIONS = N_("No options.")
DETAIL_EXAMPLE = N_("Example")
DETAIL_GROUP = N_("Group: {group}")
OPTION_LINE = "`{name}`{required} — {description}"
OPTION_REQUIRED = N_(" (required)")
OPTION_CHOICES = N_("Choices: {choices}")
OPTION_RANGE = N_("From {low} to {high}")
OPTION_AUTOCOMPLETE = N_("Offered as you type")
GROUP_FOOTER = N_("/help command: with one of these names shows its options")
UNKNOWN_COMMAND = N_("There is no command `/{name}`.{suggest} `/help` lists every command.")
SUGGEST = N_(" Did you mean {names}?")

# ------------------------------------------------------------------ /rules
RULES_TITLE = N_("{game} rules · {page}")
RULES_FOOTER = N_("Page {page}/{pages} · the rules exactly as Pixel Parlor plays them")
UNKNOWN_PAGE = (N_("The {game} rules have no page `{page}`: choose a number from 1 to {pages}, a heading (offered "
                "as you type), `board` or `pictures`."))
UNKNOWN_GAME = N_("There are no rules for `{game}`: choose Pixies, Tixel, Pixel Tactics or Pixel Pusher.")
STALE_PAGE = N_("The {game} rules have changed since this message: page {page} no longer exists. Run `/rules` again.")
BOARD_TITLE = N_("How to read the {game} board")
BOARD_FOOTER = N_("A real position of a seeded game · each letter on the board is explained above")
#: the heading of a board guide's key, the text under its image
GUIDE_KEY_TITLE = N_("What the letters mean")
#: one line of a board guide's key, under its image: the letter of a disc on the board, its title and explanation
GUIDE_KEY_LINE = N_("**{letter} · {title}** — {text}")
PICTURES_TITLE = N_("{game} · pictures of real positions")
PICTURES_FOOTER = N_("Positions of one seeded game, as the bot posts them")
PICTURE_CAPTIONS = (N_("The opening table"), N_("A few moves in"), N_("Later in the same game"))
PAGE_CHOICE = "{number} · {title}"
BOARD_CHOICE = N_("board · How to read the board")
PICTURES_CHOICE = N_("pictures · Pictures of real positions")

# ------------------------------------------------------------------ buttons (help and rules)
FIRST, PREVIOUS, NEXT, LAST = N_("⏮ First"), N_("◀ Previous"), N_("Next ▶"), N_("Last ⏭")
BOARD_BUTTON = N_("How to read the board")
PICTURES_BUTTON = N_("Pictures")
RULES_BUTTON = N_("Back to the rules")
PUBLIC_BUTTON = N_("These buttons work only on the private answer of /help or /rules.")

# ------------------------------------------------------------------ "how to read this board" images
GUIDE_HEADINGS = {
    "pixies": N_("How to read the Pixies table"),
    "tixel": N_("How to read the Tixel board"),
    "pixel-tactics": N_("How to read the Pixel Tactics board"),
    "pixel-pusher": N_("How to read the Pixel Pusher board"),
}
#: game → callout id → (title, explanation); the ids are the board guide's (``rendering.help.keys``)
GUIDE_KEYS: dict[str, dict[str, tuple[str, str]]] = {
    "pixies": {
        "round": (N_("Round and turn"), N_("Three rounds. Below: the turn, the cards left in the deck; pts means points "
                                    "from finished rounds.")),
        "turn": (N_("Whose turn"), N_("The gold label names the player to act and what they do now.")),
        "now": (N_("What to do now"), N_("What the player to act chooses; Last: the previous move in words.")),
        "offer": (N_("The offer"), N_("The cards revealed this turn (4 with two players): each player in turn takes one "
                               "and places it at once.")),
        "card": (N_("A card"), N_("Its number 1–9 and colour: R red, G green, B blue, Y yellow, ★ and stripes "
                           "multicolour (every colour). The strip: +1 point per spiral, −1 per cross (×5: five), "
                           "a colour spiral scores 1 per face-up card of its colour.")),
        "grid": (N_("A player's grid"), N_("Spaces 1–9: a card goes on the space of its number. A green check: a face-up "
                                    "card on a face-down one, validated, it scores its number. A card for a "
                                    "validated space goes face down on an empty one.")),
        "pts": (N_("Points"), N_("The total of finished rounds. A round scores validated cards, spirals and crosses, "
                          "colour spirals and the largest group of one colour (size × 2, 3, 4 by round).")),
    },
    "tixel": {
        "turn": (N_("Turn"), N_("Turns played so far: the game has no fixed length.")),
        "to_move": (N_("Whose move"), N_("Place a piece from your pool on an empty square, or slide one of yours. A "
                                  "player who cannot move loses.")),
        "last": (N_("The last move"), N_("In words; on the board the moved piece is framed in gold, a slide shows its "
                                  "path.")),
        "squares": (N_("Squares"), N_("Files a–f from the left, ranks 1–6 from the bottom: a1 to f6, as /tixel move "
                               "writes them.")),
        "player": (N_("A player"), N_("Their colour (White moves first); the gold frame marks the player to move. With "
                               "Poka Yoke, Promoted n/2 counts their promotions.")),
        "pool": (N_("The pool"), N_("Pieces not yet on the board (×7: seven tixel pieces; Tix pieces have no notch).")),
        "pieces": (N_("Pieces"), N_("Square: inactive. Turned 45°: active, its corners point into the four "
                             "neighbouring squares. A sharp corner may point off the board, at an empty square "
                             "or into an inactive piece's notch (its hollow side) facing it.")),
    },
    "pixel-tactics": {
        "round": (N_("Round and wave"), N_("Three waves a round: Vanguard, Flank, Rear. In each the first player takes "
                                    "two actions, then the other.")),
        "rows": (N_("Vanguard, Flank, Rear"), N_("A unit's rows, front to back. A Hero uses the power of its row; the "
                                          "gold label is this wave's row.")),
        "columns": (N_("Columns"), N_("Left, centre, right as the owner sees them: the top unit faces you, so its "
                               "left is on your right.")),
        "leader": (N_("The Leader"), N_("Crowned, in the centre of the Flank row. Defeat the rival Leader to win the "
                                 "game and a trophy.")),
        "hero": (N_("A Hero"), N_("Name, sword: Attack, shield: Life. A Hero whose damage reaches its Life falls at "
                           "the end of the wave and leaves a Corpse.")),
        "reserve": (N_("Reserve"), N_("The row behind the unit: face-down Traps and running Operations.")),
        "trap": (N_("A Trap"), N_("Face down until its condition arises; only its owner knows it.")),
        "bar": (N_("A player's bar"), N_("Stars: trophies won. Hand (of the hand size), deck and discard. First: who "
                                  "acts first this round.")),
    },
    "pixel-pusher": {
        "phases": (N_("The round"), N_("Draft, Build, Collect, Convert, Score: the current phase is lit (Generate "
                                "moves the conveyor by itself between rounds). Deck and discard are machine cards.")),
        "conveyor": (N_("The conveyor"), N_("Six segments of pixels. Each round segment 6 empties into the bag, the "
                                     "others move on and 6 new pixels land on segment 1.")),
        "supply": (N_("Supply and bag"), N_("C M Y W come from the supply by converting (the number left). R G B here "
                                     "were returned this round; Bag: pixels left to draw.")),
        "board": (N_("A machine board"), N_("Slot n reads conveyor segment n. A collector (2 G) takes exactly that "
                                     "many pixels of its colour, or none. Side and VP on the name bar.")),
        "stored": (N_("Stored and held"), N_("Stored pixels (4 slots, more with tanks) pay for scanlines; held pixels "
                                      "not stored in Convert & Store are lost.")),
        "tokens": (N_("Order tokens"), N_("1st to Build, 1st to Collect and so on: who acts first in that phase.")),
        "images": (N_("Image cards"), N_("Each painted row is a scanline: pay its pixels from storage to score its VP "
                                  "(one a Score phase). Top right: the card's total.")),
        "filled": (N_("A filled scanline"), N_("Framed, with the seat number of the player who filled it: done, no one "
                                        "else can.")),
        "score": (N_("Score track"), N_("Each seat's VP (discs numbered by seat).")),
    },
}

# ------------------------------------------------------------------ /rules in another language than English
#: the first page of the rules in another language: the game's short rules (a catalogue message) before the full
#: rules, which are English documents
SHORT_RULES = N_("Short rules")
FULL_RULES_FOLLOW = N_("The pages after this one hold the full rules as Pixel Parlor plays them, in English.")
TIXEL_SUMMARY = N_("""**Tixel** — 2 players on a 6×6 board (a1–f6), 10 pieces each in a pool; White moves first.
• A piece is **inactive** (square, its hollow side facing N, E, S or W) or **active** (turned 45°: its four corners point into the neighbouring squares).
• The fit rule: every sharp corner of an active piece points off the board, at an empty square or into an inactive piece whose hollow faces it.
• On your turn, **place** a piece from your pool on an empty square (active whenever an active orientation fits; after your first placement only if an active piece of yours could slide at the start of the turn), or **slide** an active piece of yours N, E, S or W over empty squares: active pieces pointing a corner into its path turn inactive; at the end it turns active if that fits, else it is **sacrificed** and you get a **bonus move** (place, slide, activate, pivot, pick up one of your pieces, or decline).
• A player who cannot move at the start of their turn loses. Players may agree to a draw.
• **Tix** pieces have no hollow; with **Poka Yoke**, your own tixel piece picked up in a bonus move is promoted (at most twice) to a Poka Yoke piece with one rounded corner.
Type moves with `/tixel move` (notation: `/tixel help`) or choose them with **Guided move**.""")
