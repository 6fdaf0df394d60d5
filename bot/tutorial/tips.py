"""The tutorial's words: each game's welcome (its goal and how to act), one tip per decision kind, and the
closing tip. Catalogue messages (``N_``), translated where posted."""

from __future__ import annotations

from bot.i18n import N_

#: the tip of each decision kind, per game, in the order the kinds are listed by ``bot.tutorial.kinds``
TIPS: dict[str, dict[str, str]] = {
    "pixies": {
        "pick": N_("Take one card from the offer: it goes to the space of its number in your grid. Spirals "
                   "score +1 and crosses −1, and a card that grows your largest colour zone is usually a good "
                   "take."),
        "keep": N_("That space already shows a card: choose which one stays face up; the other goes face down "
                   "beneath it and the space is validated (its face-up card scores its number). Keep the card "
                   "that fits your colour zone or has the better symbol."),
        "space": N_("This space was already validated, so the card goes face down on an empty space of your "
                    "choice. Face-down cards never score: pick a number you expect to take later, as a card "
                    "put on top of it is validated at once."),
        "scoring": N_("A round was scored: validated face-up cards score their number, spirals +1, crosses −1, "
                      "colour spirals 1 per face-up card of their colour, and your largest colour zone its size "
                      "×2 (×3 in round 2, ×4 in round 3). The grids start empty again."),
    },
    "tixel": {
        "place": N_("Place a piece from your pool on an empty square. It goes down active (turned 45°) wherever "
                    "an active orientation fits, its sharp corners pointing into the neighbouring squares. Later "
                    "you may place only while one of your active pieces can slide."),
        "slide": N_("Slide one of your active pieces in a straight line over empty squares; active pieces whose "
                    "sharp corners point into its path are deactivated. A player who can neither place nor slide "
                    "loses, so keep your pieces free and deactivate your rival's."),
        "sacrifice": N_("Some slides end with the piece inactive (written with `=`): it is sacrificed, and you "
                        "earn a bonus move at once."),
        "bonus": N_("Bonus move: place, slide, activate one of your inactive pieces, pick one up, or pivot an "
                    "active piece to another diagonal — or decline with **end**. A bonus slide that sacrifices "
                    "again earns another bonus move."),
        "promotion": N_("Poka Yoke: picking up one of your own tixel pieces in a bonus move promotes it — a Poka "
                        "Yoke piece, with one rounded corner that constrains nothing, goes into your pool instead "
                        "(twice a game at most)."),
        "draw": N_("Before you move you may offer a draw (**Offer a draw**, once a turn): if your rival accepts, "
                   "the game ends drawn; if not, you move as usual. When your rival offers one, accept it or "
                   "decline and play on."),
    },
    "pixel-tactics": {
        "leader": N_("Choose your Leader secretly from your hand (in your DM or with the private button). It "
                     "stands in the centre of your unit, and you lose the game when its damage reaches its Life: "
                     "a Leader with high Life or a strong ability is a safe choice."),
        "wave": N_("A round has three waves — Vanguard, Flank, Rear — and each turn gives you two actions, used by "
                   "the Heroes in the current wave's row. The whole first round is a Ceasefire: no Attacks yet, "
                   "so recruit and prepare. **End turn** gives up the actions you have left."),
        "draw": N_("Draw a card (1 action): the top card of your deck. Not with a full hand (usually 5 cards) nor "
                   "from an empty deck. Draw when you run short of Heroes to recruit."),
        "recruit": N_("Recruit: put a Hero from your hand into an empty slot of the current wave's row; it uses "
                      "that row's power. A Hero recruited this wave cannot attack yet, so sturdy Heroes belong in "
                      "front."),
        "attack": N_("Attack: a Hero of the current row (or your Leader in the Flank wave) hits the foremost "
                     "rival in its column; Ranged ones may hit anyone. Damage the rival Leader when you can, or "
                     "finish off a wounded Hero."),
        "power": N_("A Spell or a Leader action uses a card's power instead of attacking. Read the card (`/pt "
                    "card`) and use it when its effect beats a plain attack."),
        "order": N_("Play an Order (1 action): the card's Order text resolves once (read it with `/pt card`), "
                    "then the card is discarded. No Orders or Operations during the first round's Ceasefire; keep a "
                    "strong Order for the moment it matters."),
        "operation": N_("Start an Operation (1 action): the card goes into a free reserve slot behind your unit "
                        "with 4 time markers. Its effect lasts while it stays; it loses a marker at the end of each "
                        "of your turns and is discarded when none is left."),
        "place_trap": N_("Place a Trap (1 action): the card goes face down into a free reserve slot. From a later "
                         "turn on, outside the Ceasefire, it can answer a rival's move. When placing it you choose: "
                         "**Ask me each time**, **Always activate** (it goes off by itself) or **Never (hold it)**."),
        "move": N_("Move a Hero (1 action): a Hero that has not acted this turn nor been recruited this wave goes "
                   "to any empty slot of your unit; the Leader never moves. Switch (2 actions) swaps two such "
                   "Heroes or Corpses. Sturdy Heroes belong in front, Ranged ones behind."),
        "corpse": N_("A defeated Hero stays as a Corpse in its slot. Clearing it costs one action and frees the "
                     "slot for a new recruit."),
        "reserve": N_("Clear a Trap or Operation (1 action): discard it from your reserve to free the slot for "
                      "another — you have 3 reserve slots."),
        "trap": N_("A Trap window: one of your face-down Traps set to ask may answer what the rival just did. "
                   "Activate it if it can stop or punish the event, or let it pass (you may also stop being asked "
                   "about this kind of event)."),
    },
    "pixel-pusher": {
        "draft": N_("Draft: pick one card secretly from your hand (in your DM), then the hands pass on. "
                    "Collectors take pixels from the conveyor, converters make new colours, storage keeps pixels "
                    "for scoring: draft towards the colours the images on show need."),
        "build": N_("Build: install each drafted card in one of your 6 slots (an empty one, or a stack of the same "
                    "type). Slot k reads conveyor segment k, so put collectors where their colour lies; a stack of "
                    "collectors adds up and takes all or nothing."),
        "pixel": N_("Instead of installing a card you may discard it and take a random pixel from the bag; it is "
                    "held like a collected pixel, so store it in Convert & Store or lose it. The button discards "
                    "the first card left in your hand: install the cards you want first."),
        "flip": N_("You hold the Reverser: once in this Build you may flip your machine board. On its 6-1 side "
                   "slot k reads segment 7 − k; it stays so until you flip it back. Flip when your collectors "
                   "would face more of their colour."),
        "convert": N_("Convert & Store (secret): turn pixels into new colours with your converters and ability "
                      "cards (each once a round), then confirm. A conversion pays held pixels first, then stored "
                      "ones, and its product is held."),
        "store": N_("Store a held pixel in an empty storage slot (4, plus your storage cards): only stored pixels "
                    "pay for scanlines, and they stay from round to round. Un-store takes one back during this "
                    "phase. On confirm, held pixels fill free storage, most valuable first; the rest goes back."),
        "score": N_("Score: fill a scanline of a face-up image with pixels from your storage and score its points, "
                    "or press **Done scoring**. The most points when the machine deck runs out wins."),
    },
}

#: each game's welcome in the tutorial's thread: its goal and how to act, a few short lines
WELCOMES: dict[str, str] = {
    "pixies": N_("**Goal:** after three rounds, have the most points from your 3×3 grid of cards.\n"
                 "Each turn you take a card from the offer; it goes to the space of its number.\n"
                 "Points come from validated cards, spirals and your largest colour zone.\n"
                 "**How to act:** press the buttons under the table post when it is your turn."),
    "tixel": N_("**Goal:** leave your rival without a legal move.\n"
                "On your turn you place a piece or slide one of your active pieces.\n"
                "A slide deactivates the pieces whose sharp corners point into its path.\n"
                "**How to act:** type `/tixel move` (it suggests every legal move) or use the buttons under the "
                "table post."),
    "pixel-tactics": N_("**Goal:** defeat the rival Leader — its damage must reach its Life.\n"
                        "Your unit is a 3×3 grid of Heroes around your Leader; each wave one row acts.\n"
                        "This match is played to one trophy.\n"
                        "**How to act:** your hand and secret choices come by DM (or **My hand & choices**); "
                        "the turn's actions are buttons under the table post."),
    "pixel-pusher": N_("**Goal:** score the most points by painting scanlines of pixel images.\n"
                       "Draft machine cards, build a machine that collects pixels from the conveyor, convert and "
                       "store them, then fill scanlines.\n"
                       "**How to act:** secret choices (draft, convert) come by DM (or **My hand & choices**); "
                       "building and scoring are buttons under the table post."),
}

WELCOME_LEAD = N_("📘 **Learn {game}** — {who}, you play against an easy computer player. A tip appears the first "
                  "time each kind of decision comes up.")
TIP = N_("📘 {tip}")
CLOSING = N_("📘 That was the tutorial. Play a real game with `/play game:{game}`: others join its lobby post, or "
             "add `vs:normal` to play a computer at once. `/help` lists every command.")
