"""Pixel Pusher in Discord: the public board post, private drafts and Convert & Store, the chooser for builds."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.base import Action
from bot.tables import Outcome, Table
from cogs.buttons import GameButton
from cogs.guide import GuideButton, Step
from cogs.posts import Image, Post, esc, register_presenter, seat_view
from cogs.posts import render as run_render
from rendering import pixel_pusher as render
from rendering import pixel_pusher_alt as alt

COLOUR_NAMES = {"R": "red", "G": "green", "B": "blue", "C": "cyan", "M": "magenta", "Y": "yellow", "W": "white"}
COLOUR_EMOJI = {"R": "🟥", "G": "🟩", "B": "🟦", "C": "🩵", "M": "🟪", "Y": "🟨", "W": "⬜"}
PHASES = {"draft": "Draft", "build": "Build", "collect": "Collect", "convert": "Convert & Store",
          "score": "Score", "finished": "Game over"}


def pixels(counts: dict[str, int]) -> str:
    """Return e.g. ``2 red + 1 green`` for a colour-count dict (words a screen reader reads as they are)."""
    return " + ".join(f"{n} {COLOUR_NAMES.get(c, c)}" for c, n in counts.items() if n) or "nothing"


def card_label(card: dict) -> str:
    """Return a machine or ability card as one short line, e.g. ``Red Scoop (Collect 2 R)``."""
    text = card.get("text") or ""
    return f"{card.get('name', card.get('id', '?'))} ({text})" if text else str(card.get("name", card.get("id")))


def _card(view: dict, card_id: str) -> dict:
    private = view.get("private") or {}
    for card in private.get("hand") or []:
        if card.get("id") == card_id:
            return card
    ability = (view.get("abilities") or {}).get(card_id)
    return ability or {"id": card_id, "name": card_id}


def _image(view: dict, image_id: str) -> dict:
    return next((i for i in view.get("images", []) if i.get("id") == image_id), {"id": image_id, "name": image_id})


def action_label(view: dict, action: Action) -> str:
    """Return a button label for a Pixel Pusher action (from the acting player's view)."""
    kind = action["type"]
    if kind == "pick":
        card = _card(view, action["card"])
        name = str(card.get("name", action["card"]))
        text = str(card.get("text") or "")
        room = 80 - len(f"Draft {name} ()")
        if text and room >= 8:
            return f"Draft {name} ({text if len(text) <= room else text[:room - 1] + '…'})"
        return f"Draft {name}"[:80]
    if kind == "install":
        return f"Install {_card(view, action['card']).get('name', action['card'])} in slot {action['slot']}"
    if kind == "pixel":
        return "Take a random pixel from the bag instead"
    if kind == "convert":
        source = _card(view, action["source"]).get("name", action["source"])
        return f"Convert {pixels(action['pay'])} into {pixels(action['gain'])} ({source})"
    if kind == "store":
        return f"Store {COLOUR_NAMES.get(action['color'], action['color'])}"
    if kind == "unstore":
        return f"Un-store {COLOUR_NAMES.get(action['color'], action['color'])}"
    if kind == "confirm":
        return "Confirm (fill free storage, return the rest)"
    if kind == "flip":
        return "Flip your machine board (Reverser)"
    if kind == "fill":
        image = _image(view, action["image"])
        line = next((s for s in image.get("scanlines", []) if s.get("row") == action["row"]), {})
        return f"Fill {image.get('name', action['image'])} row {action['row'] + 1} (+{line.get('vp', '?')} VP)"
    if kind == "done":
        return "Done scoring"
    return kind


def _keep_last(actions: list[Action], finishing: str, room: int = 24) -> list[Action]:
    """Return at most ``room`` actions (one button row is kept for the private button), always keeping
    the one that finishes the decision (``done``/``confirm``)."""
    finish = [a for a in actions if a["type"] == finishing]
    others = [a for a in actions if a["type"] != finishing]
    return others[:room - len(finish)] + finish


class PixelPusherPresenter:
    """How Pixel Pusher looks in Discord."""

    kind = "pixel-pusher"
    private_label = "My hand & choices"
    combine_done_line = True  # one post per action: what was done, then the table

    def guide_path(self, table: Table, seat: int, action: Action) -> list[Step]:
        """Builds go through the private chooser (the hand stays hidden): card, then slot."""
        if action["type"] not in ("install", "flip", "pixel"):
            return []
        view = seat_view(table, seat)
        placeholder = "Choose a card to install (or another way to build)"
        if action["type"] == "install":
            card = _card(view, action["card"])
            return [Step(card_label(card), placeholder),
                    Step(f"Slot {action['slot']}", "Choose a slot of your machine")]
        if action["type"] == "flip":
            return [Step("Flip your machine board (Reverser)", placeholder,
                         "Slot k then reads segment 7 - k; uses no card")]
        if action["type"] == "pixel":
            hand = (view.get("private") or {}).get("hand") or []
            first = hand[0].get("name", "your first card") if hand else "your first card"
            return [Step("Take a random pixel from the bag instead", placeholder,
                         f"Discards {first}; keep cards you want by installing them first")]
        return []

    def _names(self, table: Table) -> list[str]:
        return list(table.names())

    def _headline(self, table: Table, view: dict, mention: bool) -> str:
        names = self._names(table)
        phase = view.get("phase")
        head = f"**{table.title}** · Round {view.get('round')} · {PHASES.get(phase, phase)}"
        acting = view.get("to_act") or []

        def who(seat: int) -> str:
            return f"<@{table.user_of(seat)}>" if mention else f"**{esc(names[seat])}**"
        # players who left are shown as gone, never as having picked or confirmed
        gone = [esc(names[s["seat"]]) for s in view["seats"] if s.get("active") is False]
        left = f"\nLeft the game: {', '.join(gone)}" if gone else ""
        if phase == "draft":
            done = [esc(names[s["seat"]]) for s in view["seats"] if s.get("picked") and s.get("active") is not False]
            return (f"{head}\nDraft in secret: {', '.join(who(s) for s in acting)} still to pick "
                    f"(your hand is in your DMs, or press **My hand & choices**)."
                    + (f"\n✓ Picked: {', '.join(done)}" if done else "") + left)
        if phase == "convert":
            done = [esc(names[s["seat"]]) for s in view["seats"]
                    if s.get("confirmed") and s.get("active") is not False]
            return (f"{head}\nConvert & Store, all at once and in secret: {', '.join(who(s) for s in acting)} "
                    "still working (in your DMs, or press **My hand & choices**)."
                    + (f"\n✓ Confirmed: {', '.join(done)}" if done else "") + left)
        if phase == "build" and acting:
            return (f"{head}\n{who(acting[0])}, build: press **Build** to install a card from your hand "
                    "(or take a random pixel instead).")
        if phase == "score" and acting:
            return f"{head}\n{who(acting[0])}, score: fill a scanline you have every pixel for, or finish."
        return head

    async def table_post(self, table: Table, *, mention: bool) -> Post:
        """Return the public board post, with the buttons of the public decision."""
        view = table.engine.view(table.state, None)
        names = self._names(table)
        data = await run_render(render.render_board, view, names)
        buttons: list[discord.ui.Item] = []
        mentions: list[int] = []
        for decision in table.pending():
            if mention:
                mentions.append(table.user_of(decision.player))
            if decision.private:
                continue
            if decision.kind == "build":
                buttons.append(GuideButton(table.id, decision.player, decision.id, "Build", "🔧"))
            else:
                for action in _keep_last(table.engine.legal_actions(table.state, decision.player), "done"):
                    style = (discord.ButtonStyle.secondary if action["type"] == "done"
                             else discord.ButtonStyle.primary)
                    buttons.append(GameButton(table.id, decision.player, decision.id, action,
                                              label=action_label(view, action), style=style))
        return Post(self._headline(table, view, mention),
                    [Image(data, f"pixel-pusher-{table.id}.png", alt.alt_board(view, names))],
                    buttons, mentions)

    async def private_post(self, table: Table, seat: int) -> Post:
        """Return one player's private post: their hand or convert board, with their private buttons."""
        view = table.engine.view(table.state, seat)
        names = self._names(table)
        data = await run_render(render.render_private, view, names)
        decision = table.engine.decision_for(table.state, seat)
        lines = [f"**{table.title}** · Round {view.get('round')} · "
                 f"{PHASES.get(view.get('phase'), view.get('phase'))} · your private view"]
        buttons: list[discord.ui.Item] = []
        if decision is not None and decision.private:
            lines.append("Draft one card: the rest passes to your left." if decision.kind == "draft" else
                         "Convert with your machines, store what fits, then **Confirm**.")
            for action in _keep_last(table.engine.legal_actions(table.state, seat), "confirm"):
                style = discord.ButtonStyle.success if action["type"] == "confirm" else discord.ButtonStyle.primary
                buttons.append(GameButton(table.id, seat, decision.id, action, label=action_label(view, action),
                                          style=style))
        elif decision is not None and decision.kind == "build":
            lines.append("Your turn to build: press **Build** on the game's post.")
        else:
            lines.append("Nothing to decide privately right now.")
        return Post("\n".join(lines), [Image(data, f"pixel-pusher-{table.id}-you.png", alt.alt_private(view, names))],
                    buttons)

    async def outcome_posts(self, outcome: Outcome) -> list[Post]:
        """Return the final standings once the game is over."""
        after = outcome.after
        if after.row.status != "finished":
            return []
        view = after.engine.view(after.state, None)
        names = self._names(after)
        result = view.get("result") or {}
        winners = result.get("winners") or []
        scores = result.get("scores") or [s.get("score") for s in view["seats"]]
        data = await run_render(render.render_board, view, names)
        if len(winners) == 1:
            headline = f"🏆 <@{after.user_of(winners[0])}> wins with {scores[winners[0]]} VP!"
        elif winners:
            headline = "🏆 Shared victory: " + ", ".join(f"<@{after.user_of(w)}>" for w in winners) + "!"
        else:
            headline = "The game ended without a winner."
        ranking = [s for group in result.get("ranking") or [] for s in group] or \
            sorted(range(len(names)), key=lambda s: -(scores[s] or 0))
        stored = {s["seat"]: len(s.get("stored") or []) for s in view["seats"]}
        lines = [f"**{after.title}** · final standings", headline,
                 *(f"• {esc(names[s])}: {scores[s]} VP, {stored.get(s, 0)} pixels stored"
                   + ("" if (view["seats"][s].get("active", True)) else " (left the game)") for s in ranking)]
        if result.get("reason"):
            lines.append(f"_{result['reason']}_")
        return [Post("\n".join(lines), [Image(data, f"pixel-pusher-{after.id}-final.png", alt.alt_board(view, names))],
                     mention=[after.user_of(w) for w in winners])]


RULES_SUMMARY = """**Pixel Pusher** — 2–4 players: build a machine that collects pixels from a conveyor belt and paint pixel art.
Each round: **Generate** (the belt shifts; 6 new pixels from the bag) → **Draft** in secret (pick a card, pass left, until all are drafted; your ability card says who goes first in a phase) → **Build** (install each card in one of your 6 slots — on an occupied slot only a card of the same kind, and a collector of the same colour — or take a random pixel instead) → **Collect** (slot k takes its pixels from belt segment k, all or nothing) → **Convert & Store** in secret (pay colours to the supply for others, store what fits; the rest returns) → **Score** (fill image scanlines you have every pixel for).
The game ends after the round in which the machine deck runs out: most victory points wins (ties: most pixels stored). Full rules: `docs/rules/pixel_pusher.md`."""


class PixelPusherCog(commands.Cog):
    """Pixel Pusher: its presenter and /pusher rules."""

    pusher = app_commands.Group(name="pusher", description="Pixel Pusher, the conveyor-belt engine builder")

    async def cog_load(self) -> None:
        """Validate the cards (a broken card stops the start-up) and register the presenter."""
        from bot.games.pixel_pusher import content

        content.validate()
        register_presenter(PixelPusherPresenter())

    @pusher.command(name="rules", description="A short summary of the Pixel Pusher rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        """Answer with the rules summary, privately."""
        await interaction.response.send_message(RULES_SUMMARY, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    await bot.add_cog(PixelPusherCog())
