"""Pixel Pusher in Discord: the public board post, private drafts and Convert & Store, the chooser for builds (public
posts and DMs in the server's language, answers to a member in theirs)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import member_language
from bot.games.base import Action
from bot.i18n import N_, SOURCE, t
from bot.move_words import move_words
from bot.tables import Outcome, Table
from cogs.buttons import GameButton
from cogs.guide import GuideButton, Step
from cogs.pixel_pusher.labels import action_label, card_label, find_card
from cogs.posts import Image, Post, esc, public_language, register_presenter, seat_view
from cogs.posts import render as run_render
from rendering import pixel_pusher as render
from rendering.pixel_pusher import alt, private_alt
from rendering.pixel_pusher.words import card_name, phase_name, reason_words

__all__ = ["PixelPusherCog", "PixelPusherPresenter", "action_label", "card_label"]

#: a headline's phase, by phase
PHASES = {"draft": N_("Draft"), "build": N_("Build"), "collect": N_("Collect"), "convert": N_("Convert & Store"),
          "score": N_("Score"), "finished": N_("Game over")}

def _keep_last(actions: list[Action], finishing: str, room: int = 24) -> list[Action]:
    """Return at most ``room`` actions (one button row is kept for the private button), always keeping
    the one that finishes the decision (``done``/``confirm``)."""
    finish = [a for a in actions if a["type"] == finishing]
    others = [a for a in actions if a["type"] != finishing]
    return others[:room - len(finish)] + finish



async def board_images(view: dict, names: list[str], lang: str, stem: str) -> list[Image]:
    """The public board as posted: one image, or two (board, then image cards and score track) when its whole
    state does not fit one alt text (issue 16: split rather than shorten)."""
    alts = alt.alt_board_parts(view, names, lang)
    if len(alts) == 1:
        return [Image(await run_render(render.render_board, view, names, lang), f"{stem}.png", alts[0])]
    return [Image(await run_render(render.render_board_part, view, names, lang, k), f"{stem}-{k}.png" if k > 1 else f"{stem}.png",
                  text)
            for k, text in enumerate(alts, 1)]


class PixelPusherPresenter:
    """How Pixel Pusher looks in Discord (public posts and DMs in the server's language)."""

    kind = "pixel-pusher"
    private_label = "My hand & choices"
    combine_done_line = True  # one post per action: what was done, then the table
    #: ``private_post`` and ``guide_path`` take the language to speak (``lang``)
    speaks_languages = True

    def guide_path(self, table: Table, seat: int, action: Action, lang: str = SOURCE) -> list[Step]:
        """Builds go through the private chooser (the hand stays hidden): card, then slot; in ``lang``."""
        if action["type"] not in ("install", "flip", "pixel"):
            return []
        view = seat_view(table, seat)
        placeholder = t(lang, "Choose a card to install (or another way to build)")
        if action["type"] == "install":
            card = find_card(view, action["card"])
            return [Step(card_label(card, lang), placeholder),
                    Step(t(lang, "Slot {n}", n=action["slot"]), t(lang, "Choose a slot of your machine"))]
        if action["type"] == "flip":
            return [Step(t(lang, "Flip your machine board (Reverser)"), placeholder,
                         t(lang, "Slot k then reads segment 7 - k; uses no card"))]
        hand = (view.get("private") or {}).get("hand") or []
        first = card_name(hand[0], lang) if hand and hand[0].get("name") else None
        note = t(lang, "Discards {card}; keep cards you want by installing them first", card=first) if first else t(
            lang, "Discards your first card; keep cards you want by installing them first")
        return [Step(t(lang, "Take a random pixel from the bag instead"), placeholder, note)]

    def describe_action(self, before: Table, seat: int, action: Action, lang: str) -> str | None:
        """What ``seat`` did, in ``lang``, as everyone may read it; None when the engine cannot say."""
        return self._describe(before, seat, action, lang, private=False)

    def describe_private(self, before: Table, seat: int, action: Action, lang: str) -> str | None:
        """What ``seat`` did, in ``lang``, as that player reads it (drafted cards named)."""
        return self._describe(before, seat, action, lang, private=True)

    def _describe(self, before: Table, seat: int, action: Action, lang: str, private: bool) -> str | None:
        return move_words(self.kind, before.state, seat, action, lang, own=private, eng=before.engine)

    def _headline(self, table: Table, view: dict, mention: bool, lang: str) -> str:
        names = table.names(lang)
        phase = view.get("phase")
        where = t(lang, PHASES[phase]) if phase in PHASES else str(phase)
        title = f"**{table.title}**"
        head = t(lang, "{title} · Round {n} · {phase}", title=title, n=view.get("round"), phase=where)
        acting = view.get("to_act") or []

        def who(seat: int) -> str:
            return f"<@{table.user_of(seat)}>" if mention else f"**{esc(names[seat])}**"
        # players who left are shown as gone, never as having picked or confirmed
        gone = [esc(names[s["seat"]]) for s in view["seats"] if s.get("active") is False]
        left = "\n" + t(lang, "Left the game: {names}", names=", ".join(gone)) if gone else ""
        waiting = ", ".join(who(s) for s in acting)
        label = t(lang, self.private_label)
        if phase in ("draft", "convert"):
            flag = "picked" if phase == "draft" else "confirmed"
            done = [esc(names[s["seat"]]) for s in view["seats"] if s.get(flag) and s.get("active") is not False]
            if phase == "draft":
                line = t(lang, "Draft in secret: {who} still to pick (your hand is in your DMs, or press "
                               "**{label}**).", who=waiting, label=label)
                done_line = t(lang, "✓ Picked: {names}", names=", ".join(done))
            else:
                line = t(lang, "Convert & Store, all at once and in secret: {who} still working (in your DMs, or "
                               "press **{label}**).", who=waiting, label=label)
                done_line = t(lang, "✓ Confirmed: {names}", names=", ".join(done))
            return f"{head}\n{line}" + (f"\n{done_line}" if done else "") + left
        if phase == "build" and acting:
            return head + "\n" + t(lang, "{who}, build: press **Build** to install a card from your hand (or take a "
                                         "random pixel instead).", who=who(acting[0]))
        if phase == "score" and acting:
            return head + "\n" + t(lang, "{who}, score: fill a scanline you have every pixel for, or finish.",
                                   who=who(acting[0]))
        return head

    async def table_post(self, table: Table, *, mention: bool) -> Post:
        """Return the public board post, with the buttons of the public decision (in the server's language)."""
        view = table.engine.view(table.state, None)
        lang = await public_language(table)
        names = table.names(lang)
        images = await board_images(view, names, lang, f"pixel-pusher-{table.id}")
        buttons: list[discord.ui.Item] = []
        mentions: list[int] = []
        for decision in table.pending():
            if mention:
                mentions.append(table.user_of(decision.player))
            if decision.private:
                continue
            if decision.kind == "build":
                buttons.append(GuideButton(table.id, decision.player, decision.id, t(lang, "Build"), "🔧"))
            else:
                for action in _keep_last(table.engine.legal_actions(table.state, decision.player), "done"):
                    style = (discord.ButtonStyle.secondary if action["type"] == "done"
                             else discord.ButtonStyle.primary)
                    buttons.append(GameButton(table.id, decision.player, decision.id, action,
                                              label=action_label(view, action, lang), style=style))
        return Post(self._headline(table, view, mention, lang), images, buttons, mentions)

    async def private_post(self, table: Table, seat: int, lang: str | None = None) -> Post:
        """Return one player's private post: their hand or convert board, with their private buttons (in
        ``lang``: the member's when it answers them, else the server's, as a DM)."""
        lang = lang or await public_language(table)
        view = table.engine.view(table.state, seat)
        names = table.names(lang)
        data = await run_render(render.render_private, view, names, lang)
        decision = table.engine.decision_for(table.state, seat)
        phase = view.get("phase")
        where = t(lang, PHASES[phase]) if phase in PHASES else phase_name(phase, lang)
        title = f"**{table.title}**"
        lines = [t(lang, "{title} · Round {n} · {phase} · your private view", title=title,
                   n=view.get("round"), phase=where)]
        buttons: list[discord.ui.Item] = []
        if decision is not None and decision.private:
            lines.append(t(lang, "Draft one card: the rest passes to your left.") if decision.kind == "draft" else
                         t(lang, "Convert with your machines, store what fits, then **Confirm**."))
            for action in _keep_last(table.engine.legal_actions(table.state, seat), "confirm"):
                style = discord.ButtonStyle.success if action["type"] == "confirm" else discord.ButtonStyle.primary
                buttons.append(GameButton(table.id, seat, decision.id, action, label=action_label(view, action, lang),
                                          style=style))
        elif decision is not None and decision.kind == "build":
            lines.append(t(lang, "Your turn to build: press **Build** on the game's post."))
        else:
            lines.append(t(lang, "Nothing to decide privately right now."))
        return Post("\n".join(lines), [Image(data, f"pixel-pusher-{table.id}-you.png",
                                             private_alt.alt_private(view, names, lang))], buttons)

    async def outcome_posts(self, outcome: Outcome) -> list[Post]:
        """Return the final standings once the game is over (in the server's language)."""
        after = outcome.after
        if after.row.status != "finished":
            return []
        lang = await public_language(after)
        view = after.engine.view(after.state, None)
        names = after.names(lang)
        result = view.get("result") or {}
        winners = result.get("winners") or []
        scores = result.get("scores") or [s.get("score") for s in view["seats"]]
        images = await board_images(view, names, lang, f"pixel-pusher-{after.id}-final")
        if len(winners) == 1:
            winner = f"<@{after.user_of(winners[0])}>"
            headline = "🏆 " + t(lang, "{winner} wins with {vp} VP!", winner=winner,
                                 vp=scores[winners[0]])
        elif winners:
            headline = "🏆 " + t(lang, "Shared victory: {winners}!",
                                 winners=", ".join(f"<@{after.user_of(w)}>" for w in winners))
        else:
            headline = t(lang, "The game ended without a winner.")
        ranking = [s for group in result.get("ranking") or [] for s in group] or \
            sorted(range(len(names)), key=lambda s: -(scores[s] or 0))
        stored = {s["seat"]: len(s.get("stored") or []) for s in view["seats"]}
        title = f"**{after.title}**"
        lines = [t(lang, "{title} · final standings", title=title), headline]
        for s in ranking:
            line = t(lang, "{name}: {vp} VP, {n} pixels stored", name=esc(names[s]), vp=scores[s], n=stored.get(s, 0))
            if not view["seats"][s].get("active", True):
                line = t(lang, "{standing} (left the game)", standing=line)
            lines.append(f"• {line}")
        if result.get("reason"):
            lines.append(f"_{reason_words(result, lang)}_")
        return [Post("\n".join(lines), images, mention=[after.user_of(w) for w in winners])]


RULES_SUMMARY = N_(
    "**Pixel Pusher** — 2–4 players: build a machine that collects pixels from a conveyor belt and paint pixel art.\n"
    "Each round: **Generate** (the belt shifts; 6 new pixels from the bag) → **Draft** in secret (pick a card, pass "
    "left, until all are drafted; your ability card says who goes first in a phase) → **Build** (install each card "
    "in one of your 6 slots — on an occupied slot only a card of the same kind, and a collector of the same colour "
    "— or take a random pixel instead) → **Collect** (slot k takes its pixels from belt segment k, all or nothing) "
    "→ **Convert & Store** in secret (pay colours to the supply for others, store what fits; the rest returns) → "
    "**Score** (fill image scanlines you have every pixel for).\n"
    "The game ends after the round in which the machine deck runs out: most victory points wins (ties: most pixels "
    "stored). Full rules: `docs/rules/pixel_pusher.md`.")


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
        """Answer with the rules summary, privately (in the member's language)."""
        await interaction.response.send_message(t(member_language(interaction), RULES_SUMMARY), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    await bot.add_cog(PixelPusherCog())
