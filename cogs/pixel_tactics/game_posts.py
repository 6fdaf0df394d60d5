"""Pixel Tactics game posts: the board post, hands by DM, the action chooser, Trap windows; the rules summary.
Public posts, their buttons and images and DMs in the server's language; a post answering a member (the hand
shown ephemerally, the chooser) in theirs."""

from __future__ import annotations

import discord

from bot.games.base import Action
from bot.i18n import N_, SOURCE, t, tn
from bot.move_words import move_words, reason_words
from bot.tables import Outcome, Table
from cogs.buttons import GameButton
from cogs.guide import GuideButton, Step
from cogs.pixel_tactics import team_posts
from cogs.pixel_tactics.headline import headline, trap_prompt
from cogs.pixel_tactics.labels import action_name, card_name, card_of, draft_label, ref_label, unit_card
from cogs.pixel_tactics.rules import RULES_SUMMARY
from cogs.pixel_tactics.steps import guide_path
from cogs.posts import Image, Post, esc, public_language, seat_view
from cogs.posts import render as run_render
from rendering import pixel_tactics as render
from rendering.pixel_tactics import alt
from rendering.pixel_tactics.positions import named_view

__all__ = ["PixelTacticsPresenter", "RULES_SUMMARY", "guide_path", "named_view", "reveals"]


def reveals(before: dict, after: dict, names: list[str], lang: str = SOURCE) -> str:
    """Return the sentence naming the Leaders revealed between two public views (secret picks turned face up),
    or ``""``: ``👑 **Ana** leads with **Rageborn**; **Bo** leads with **Starseer**.``"""
    shown = []
    for seat, (old, new) in enumerate(zip(before.get("players") or [], after.get("players") or [], strict=False)):
        was, now = (old.get("unit") or {}).get("L"), (new.get("unit") or {}).get("L")
        if now and not now.get("hidden") and now.get("card") and (not was or was.get("hidden")):
            who = names[seat] if seat < len(names) else t(lang, "Seat {n}", n=seat + 1)
            bold, card = f"**{esc(who)}**", f"**{esc(now['card']['name'])}**"
            shown.append(t(lang, "{name} leads with {card}", name=bold, card=card))
    return f"👑 {'; '.join(shown)}." if shown else ""


def _public_view(table: Table, lang: str) -> dict:
    """The public view with its sentences for people in ``lang`` (the Trap window's, the result's)."""
    names = table.names(lang)
    view = named_view(table.engine.view(table.state, None), names)
    if table.state.get("window") is not None:
        view = {**view, "waiting": t(lang, "Waiting: {name} may respond.", name=names[table.state["window"]["seat"]])}
    reason = (table.state.get("result") or {}).get("reason")
    words = reason_words(PixelTacticsPresenter.kind, view, reason, names, lang) if reason else ""
    if words:
        view = {**view, "result": {**view["result"], "reason": words}}
    return view


class PixelTacticsPresenter:
    """How Pixel Tactics looks in Discord."""

    kind = "pixel-tactics"
    private_label = N_("Show my hand")
    dm_on_turn = True
    combine_done_line = True  # one post per action: what was done, then the table
    #: ``private_post`` and ``guide_path`` take the language to speak (``lang``)
    speaks_languages = True

    def turn_dm_seats(self, before: Table, after: Table) -> set[int]:
        """Return the seat whose turn just began (its hand goes by DM), if one did."""
        def turn(table: Table) -> tuple:
            view = seat_view(table, None)
            return ((view.get("match") or {}).get("game"), view.get("round"), view.get("wave"), view.get("turn"),
                    view.get("phase") == "turn")
        now = turn(after)
        return {now[3]} if now[4] and now[3] is not None and now != turn(before) else set()

    def describe_action(self, before: Table, seat: int, action: Action, lang: str) -> str:
        """What ``seat`` did, in ``lang``, as everyone may read it (from its event)."""
        return self._describe(before, seat, action, lang, own=False)

    def describe_private(self, before: Table, seat: int, action: Action, lang: str) -> str:
        """What ``seat`` did, in ``lang``, as that player reads it (a drawn card or a placed Trap named)."""
        return self._describe(before, seat, action, lang, own=True)

    def _describe(self, before: Table, seat: int, action: Action, lang: str, own: bool) -> str:
        """The action's event in ``lang``; an action without one (none is known) by its kind's name, never the
        engine's English taken apart."""
        words = move_words(self.kind, before.state, seat, action, lang, [esc(n) for n in before.names(lang)], own,
                           before.engine)
        if words is not None:
            return words
        kind = action.get("type") if isinstance(action, dict) else None
        return t(lang, "chose: {action}", action=action_name(kind, lang) if kind else "?")

    def guide_path(self, table: Table, seat: int, action: Action, lang: str = SOURCE) -> list[Step]:
        """The chooser's path to an action, from the acting player's own view, in ``lang``."""
        return guide_path(seat_view(table, seat), seat, action, table.names(lang), lang)

    async def table_post(self, table: Table, *, mention: bool) -> Post:
        """Return the public board post with the turn's buttons (in the server's language)."""
        lang = await public_language(table)
        view = _public_view(table, lang)
        names = table.names(lang)
        parts = await run_render(render.board_parts, view, names, lang)  # a team board in parts when its state needs
        buttons: list[discord.ui.Item] = []
        mentions: list[int] = []
        for decision in table.pending():
            if mention:
                mentions.append(table.user_of(decision.player))
            if decision.kind == "draft" and not decision.private:  # Duel Draft's opening draws: public choices
                for action in table.engine.legal_actions(table.state, decision.player)[:25]:
                    buttons.append(GameButton(table.id, decision.player, decision.id, action,
                                              label=draft_label(view, action, lang)[:80],
                                              style=discord.ButtonStyle.primary))
                continue
            if decision.private or decision.kind != "turn":
                continue
            legal = table.engine.legal_actions(table.state, decision.player)
            if any(a["type"] != "end" for a in legal):
                buttons.append(GuideButton(table.id, decision.player, decision.id, t(lang, "Take an action")))
            if {"type": "end"} in legal:
                buttons.append(GameButton(table.id, decision.player, decision.id, {"type": "end"},
                                          label=t(lang, "End turn"), emoji="⏭️"))
        return Post(headline(table, view, mention, lang), board_images(parts, f"pixel-tactics-{table.id}"), buttons,
                    mentions)

    async def private_post(self, table: Table, seat: int, lang: str | None = None) -> Post:
        """Return a player's hand (image), what it allows now, and their private choice's buttons (in ``lang``:
        the member's when it answers them, else the server's, as a DM)."""
        lang = lang or await public_language(table)
        view = table.engine.view(table.state, seat)
        names = table.names(lang)
        parts = await run_render(render.render_hand_parts, view, names, lang)  # one image when it fits a phone
        decision = table.engine.decision_for(table.state, seat)
        count = len(view.get("hand") or [])
        title = f"**{table.title}**"
        lines = [tn(lang, "{title} · your hand ({n} card)", "{title} · your hand ({n} cards)", count, title=title, n=count)]
        if not count and view.get("mode") == "duel_draft" and view.get("phase") != "finished":
            lines.append(t(lang, "Your hand is empty for now: Draft Draws on the game's post fill it (your new cards "
                                 "come here, privately)."))
        legal = table.engine.legal_actions(table.state, seat) if decision is not None else []
        buttons: list[discord.ui.Item] = []
        if decision is not None and decision.kind == "leader":
            lines.append(t(lang, "Your Leader fell: choose the next one from your Leader stack, in secret until it is "
                                 "revealed.") if view.get("phase") == "epic" else
                         t(lang, "Choose your **Leader** in secret; both Leaders are revealed together.")
                         if len(names) <= 2 else
                         t(lang, "Choose your **Leader** in secret; it is revealed once every player choosing has "
                                 "chosen."))
            for action in legal[:25]:
                card = card_of(view, action["card"])
                leader = card.get("leader") or {}
                buttons.append(GameButton(table.id, seat, decision.id, action, style=discord.ButtonStyle.primary,
                                          label=t(lang, "Lead with {card} ({attack}/{life})",
                                                  card=card.get("name", "?"), attack=leader.get("attack", "?"),
                                                  life=leader.get("life", "?"))[:80]))
        elif decision is not None and decision.kind == "chase":
            lines.append(t(lang, "Swap in a **Chase Leader** for your Leader, or keep it (secret until the reveal)."))
            buttons += self._chase_buttons(table, seat, decision, legal, lang)
        elif decision is not None and decision.kind == "trap":
            lines.append(f"⚠️ {trap_prompt(table, None, lang)}")
            if not any(a["type"] == "activate" for a in legal):
                lines.append(t(lang, "None of your Traps can answer this one (the rival cannot tell).") if len(names) <= 2
                             else t(lang, "None of your Traps can answer this one (no other player can tell)."))
            for action in legal[:25]:
                if action["type"] == "decline":
                    label = (t(lang, "Let it pass · stop asking about this kind") if action.get("mute")
                             else t(lang, "Let it pass"))
                else:
                    trap = card_name(unit_card(view, seat, action["slot"]), lang)
                    label = (t(lang, "Activate {card} on {target}", card=trap,
                               target=ref_label(view, seat, action["target"], names, lang))
                             if action.get("target") else t(lang, "Activate {card}", card=trap))
                style = discord.ButtonStyle.secondary if action["type"] == "decline" else discord.ButtonStyle.danger
                buttons.append(GameButton(table.id, seat, decision.id, action, label=label[:80], style=style))
        elif decision is not None and decision.kind == "turn":
            lines.append(_turn_line(view, legal, count, lang))
        files = [f"pixel-tactics-{table.id}-hand{f'-{k + 1}' if len(parts) > 1 else ''}.png" for k in range(len(parts))]
        return Post("\n".join(lines), [Image(data, file, alt.alt_hand(view, names, lang, k))
                                        for k, (data, file) in enumerate(zip(parts, files, strict=True))], buttons)

    @staticmethod
    def _chase_buttons(table: Table, seat: int, decision, legal: list[Action], lang: str) -> list[discord.ui.Item]:
        """The Chase Leader choice's buttons: keep the Leader, or each Chase Leader."""
        from bot.games.pixel_tactics.sets import CHASE

        buttons: list[discord.ui.Item] = []
        for action in legal[:25]:
            chase = next((c for c in CHASE if c["key"] == action["card"]), None)
            if chase is None:
                label, style = t(lang, "Keep my Leader"), discord.ButtonStyle.secondary
            else:
                side = chase["leader"]
                label = f"{chase['name']} ({side['attack']}/{side['life']})"[:80]
                style = discord.ButtonStyle.primary
            buttons.append(GameButton(table.id, seat, decision.id, action, label=label, style=style))
        return buttons

    async def outcome_posts(self, outcome: Outcome) -> list[Post]:
        """Announce a game of the match won (a trophy) and the match's end (in the server's language)."""
        after_table = outcome.after
        lang = await public_language(after_table)
        before = outcome.before.engine.view(outcome.before.state, None)
        after = _public_view(after_table, lang)
        names = after_table.names(lang)
        posts = []
        old, new = (before.get("match") or {}).get("trophies"), (after.get("match") or {}).get("trophies")
        shown = reveals(before, after, names, lang)
        if shown:
            posts.append(Post(shown))
        if team_posts.is_team(after):
            posts += [Post(line) for line in team_posts.falls(before, after, names, lang)]
        elif old and new and new != old and after_table.row.status != "finished":
            won = next(i for i in range(len(new)) if new[i] > old[i])
            bold = f"**{esc(names[won])}**"
            posts.append(Post("🏆 " + t(lang, "{name} routs the rival Unit and takes a trophy ({a}–{b}). The next "
                                              "game is dealt: each player chooses a new Leader.",
                                        name=bold, a=new[0], b=new[1])))
        elif (after.get("match") or {}).get("game", 1) > (before.get("match") or {}).get("game", 1):
            posts.append(Post("🤝 " + t(lang, "That game ended in a tie: no trophy. The next game is dealt.")))
        if after_table.row.status == "finished":
            result = after.get("result") or {}
            winners = result.get("winners") or []
            parts = await run_render(render.board_parts, after, names, lang)
            winner = f"<@{after_table.user_of(winners[0])}>" if winners else ""
            headline_text = ("🏆 " + t(lang, "{winner} wins the match!", winner=winner) if len(winners) == 1
                             else t(lang, "The match ended without a winner."))
            if team_posts.is_team(after):
                headline_text = team_posts.winners_line(
                    after, [f"<@{u}>" for u in (after_table.user_of(s) for s in range(len(names)))], lang)
            reason = f"\n_{esc(result['reason'])}_" if result.get("reason") else ""
            posts.append(Post(f"**{after_table.title}** · {headline_text}{reason}",
                              board_images(parts, f"pixel-tactics-{after_table.id}-final"),
                              mention=[after_table.user_of(w) for w in winners]))
        return posts


def board_images(parts: list[tuple[bytes, str]], stem: str) -> list[Image]:
    """The board's images from its (PNG, alt text) parts: ``stem.png``, or ``stem-1.png``, ``stem-2.png``…"""
    return [Image(data, f"{stem}-{k + 1}.png" if len(parts) > 1 else f"{stem}.png", words)
            for k, (data, words) in enumerate(parts)]


def _turn_line(view: dict, legal: list[Action], count: int, lang: str) -> str:
    """The private post's line on a turn: which cards of the hand can be played now, and how."""
    usable: dict[str, list[str]] = {}
    for action in legal:
        if "card" in action:
            cards = usable.setdefault(action_name(action["type"], lang), [])
            card = card_name(card_of(view, action["card"]), lang)
            if card not in cards:
                cards.append(card)
    allowed = " · ".join(f"{kind}: {', '.join(cards)}" for kind, cards in usable.items())
    if allowed:
        what = t(lang, "Your hand allows now: {allowed}.", allowed=allowed)
    else:
        what = t(lang, "Your hand is empty.") if not count else t(lang, "No card of your hand can be played right now.")
    return t(lang, "It is your turn. {what}\nPlay through **{take}** on the game's post.", what=what,
             take=t(lang, "Take an action"))
