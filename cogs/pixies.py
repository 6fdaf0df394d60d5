"""Pixies in Discord: the table post, its buttons, round scores and final standings."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import member_language
from bot.games.base import Action, Decision
from bot.i18n import N_, SOURCE, t
from bot.move_words import event_text, move_event
from bot.tables import Outcome, Table
from cogs.buttons import GameButton
from cogs.posts import (
    Image,
    MoveWords,
    Post,
    esc,
    last_outcome,
    public_decisions,
    public_language,
    register_presenter,
)
from cogs.posts import render as run_render
from rendering import pixies as render
from rendering.pixies.cards import card_label, card_words

#: each colour's emoji on a button (its name: ``rendering.pixies.cards.colour_name``)
COLOURS = {"blue": "🟦", "green": "🟩", "yellow": "🟨", "red": "🟥", "multi": "🌈"}
#: the last actions whose words a table post's image shows, by (game, version): remembered when the action is
#: announced (the engine stores its English sentence only); a table re-posted after a restart shows none in
#: another language than English
_LAST_WORDS: dict[tuple[int, int], tuple[str, dict]] = {}


def _label(card: dict, lang: str = "en") -> str:
    """A button's words for a card, e.g. ``Blue 5 (2 spirals, 1 cross)``: a screen reader reads them as they are."""
    return card_words(card, lang)


def _remember(game_id: int, version: int, event: tuple[str, dict] | None) -> None:
    if event is None:  # the engine cannot say
        return
    if len(_LAST_WORDS) > 256:
        _LAST_WORDS.pop(next(iter(_LAST_WORDS)))
    _LAST_WORDS[(game_id, version)] = event


async def last_words(table: Table, lang: str) -> str | None:
    """The table's last action in ``lang`` (without its player's name), when known: remembered when it was
    announced, else (another language than English: the engine's text is English) rebuilt from the log."""
    last = table.state.get("last_action") or {}
    if not last.get("text"):
        return None
    if last.get("text") == "resigned":
        return t(lang, "resigned")
    key = (table.id, table.row.version)
    if key not in _LAST_WORDS and lang != SOURCE:
        outcome = await last_outcome(table)
        if outcome is not None and outcome.after.row.version == table.row.version:
            _remember(table.id, table.row.version, move_event("pixies", outcome.before.state, outcome.seat,
                                                              outcome.action, eng=table.engine))
    event = _LAST_WORDS.get(key)
    return event_text("pixies", event, lang) if event else None


class PixiesPresenter(MoveWords):
    """How Pixies looks in Discord (public posts and buttons in the server's language); its moves in
    ``MoveWords``'."""

    kind = "pixies"

    def button(self, table: Table, view: dict, decision: Decision, action: Action, lang: str = "en") -> GameButton:
        """Return the button offering one legal action."""
        common = {"game_id": table.id, "seat": decision.player, "decision_id": decision.id, "action": action}
        if action["type"] == "take":
            card = next(c for c in view["offer"] if c["id"] == action["card"])
            return GameButton(label=_label(card, lang), emoji=COLOURS[card["color"]],
                              style=discord.ButtonStyle.primary, row=0, **common)
        if action["type"] == "keep":
            placing = view["decision"]["card"]
            old = view["players"][decision.player]["grid"][view["decision"]["space"]]["up"]
            card = placing if action["which"] == "new" else old
            return GameButton(label=t(lang, "Keep {card} face up", card=_label(card, lang)),
                              emoji=COLOURS[card["color"]], style=discord.ButtonStyle.primary, row=0, **common)
        index = action["index"]
        return GameButton(label=t(lang, "Space {space}", space=index + 1), style=discord.ButtonStyle.secondary,
                          row=index // 3, **common)

    def prompt(self, table: Table, view: dict, mention: bool, lang: str = "en") -> str:
        """Return the text of the table post."""
        names = table.names(lang)
        title = f"**{table.title}**"
        head = t(lang, "{title} · Round {round}/3 · Turn {turn}", title=title, round=view["round"], turn=view["turn"])
        if view["status"] == "finished":
            return t(lang, "{title} · the game is over.", title=title)
        decision = view["decision"]
        if decision is None:
            return head
        seat = decision["seat"]
        who = f"<@{table.user_of(seat)}>" if mention else f"**{esc(names[seat])}**"
        kind = decision["kind"]
        if kind == "pick":
            return head + "\n" + t(lang, "{who}, your pick: take one of the face-up cards.", who=who)
        card = card_label(decision["card"], lang)
        space = decision["space"] + 1
        if kind == "keep":
            old = card_label(view["players"][seat]["grid"][decision["space"]]["up"], lang)
            return head + "\n" + t(lang, "{who}, {card} goes to space {space}, where {old} lies face up: which one "
                                          "stays face up? (The other goes face down beneath it: validated.)",
                                    who=who, card=card, space=space, old=old)
        return head + "\n" + t(lang, "{who}, space {space} is already validated: choose an empty space for {card}, "
                                      "face down.", who=who, space=space, card=card)

    async def table_post(self, table: Table, *, mention: bool) -> Post:
        """Return the post showing the current table."""
        view = table.engine.view(table.state, None)
        lang = await public_language(table)
        names = table.names(lang)
        if view["status"] == "finished":
            return await self._final_post(table, view, lang)
        words = await last_words(table, lang)
        drawn = {**view, "last_words": words} if words is not None else view
        data = await run_render(render.render_table, drawn, names, lang)
        alt = render.table_alt(view, names, lang)
        decision = view["decision"]
        mentions = [table.user_of(decision["seat"])] if decision and mention else []
        return Post(self.prompt(table, view, mention, lang), [Image(data, f"pixies-{table.id}.png", alt)],
                    [self.button(table, view, d, a, lang) for d, actions in public_decisions(table) for a in actions],
                    mentions)

    async def outcome_posts(self, outcome: Outcome) -> list[Post]:
        """Return round-score posts for rounds the action finished, and the final standings."""
        before = outcome.before.engine.view(outcome.before.state, None)
        after_table = outcome.after
        after = after_table.engine.view(after_table.state, None)
        _remember(after_table.id, after_table.row.version,
                  move_event(self.kind, outcome.before.state, outcome.seat, outcome.action, eng=outcome.before.engine))
        lang = await public_language(after_table)
        names = after_table.names(lang)
        posts = []
        title = f"**{after_table.title}**"
        for entry in after["rounds"][len(before["rounds"]):]:
            number = entry["round"]
            data = await run_render(render.render_round_scores, after, names, number, lang)
            lines = [t(lang, "{title} · end of round {round}: scores", title=title, round=number)]
            for score in sorted(entry["scores"], key=lambda s: -s["total"]):
                lines.append("• " + t(lang, "{name}: {points} points", name=esc(names[score["seat"]]),
                                      points=score["total"]))
            posts.append(Post("\n".join(lines), [Image(
                data, f"pixies-{after_table.id}-round{number}.png",
                render.round_scores_alt(after, names, number, lang))]))
        if after["status"] == "finished":
            posts.append(await self._final_post(after_table, after, lang))
        return posts

    async def _final_post(self, table: Table, view: dict, lang: str = "en") -> Post:
        names = table.names(lang)
        result = view["result"] or {"winners": [], "scores": []}
        winners = result["winners"]
        data = await run_render(render.render_final, view, names, lang)
        if len(winners) == 1:
            winner = f"<@{table.user_of(winners[0])}>"
            headline = "🏆 " + t(lang, "{winner} wins with {points} points!", winner=winner,
                                 points=result["scores"][winners[0]])
        elif winners:
            tied = ", ".join(f"<@{table.user_of(w)}>" for w in winners)
            headline = "🏆 " + t(lang, "Shared victory: {winners} with {points} points each!", winners=tied,
                                 points=result["scores"][winners[0]])
        else:
            headline = t(lang, "The game ended without a winner.")
        title = f"**{table.title}**"
        return Post(t(lang, "{title} · final standings", title=title) + "\n" + headline,
                    [Image(data, f"pixies-{table.id}-final.png", render.final_alt(view, names, lang))],
                    mention=[table.user_of(w) for w in winners])


RULES_SUMMARY = N_("""**Pixies** — 2–4 players, three rounds. Fill your 3×3 grid; each space takes the card of its number.
• Each turn the first player reveals one card per player (4 with two players, who then take two each).
  In turn, everyone takes one and places it at once:
  – empty space → face up;
  – only a face-down card there → on top, face up (**validated**);
  – one face-up card there → you choose which stays face up; the other goes face down beneath (validated);
  – validated space → the card goes face down on any empty space you choose.
• Whoever took the last card starts the next turn. A round ends after the turn in which someone covers all nine spaces.
• Scoring (face-up cards only): validated cards score their number; each spiral +1, each cross −1;
  a colour spiral scores 1 per card of its colour in your grid (itself and multicolour cards included);
  your largest connected colour zone scores 2/3/4 points per card in rounds 1/2/3 (multicolour counts as every colour).
• Highest total after three rounds wins; ties share the victory. `/game resign` with 3–4 players freezes your score.""")


class PixiesCog(commands.Cog):
    """Pixies: its presenter for the generic game cog, and /pixies rules."""

    pixies = app_commands.Group(name="pixies", description="Pixies, the open-draft grid card game")

    async def cog_load(self) -> None:
        """Register the Pixies presenter."""
        register_presenter(PixiesPresenter())

    @pixies.command(name="rules", description="A short summary of the Pixies rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        """Answer with the rules summary, privately."""
        await interaction.response.send_message(t(member_language(interaction), RULES_SUMMARY), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Load the Pixies cog."""
    await bot.add_cog(PixiesCog())
