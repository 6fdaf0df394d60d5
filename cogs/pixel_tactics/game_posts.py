"""Pixel Tactics game posts: the board post, hands by DM, the action chooser, Trap windows; the rules summary."""

from __future__ import annotations

import discord

from bot.games.base import Action
from bot.games.pixel_tactics.modes import MODES as PT_MODES
from bot.games.pixel_tactics.sets import CHASE
from bot.tables import Outcome, Table
from cogs.buttons import GameButton
from cogs.guide import GuideButton, Step
from cogs.pixel_tactics import team_posts
from cogs.posts import Image, Post, esc, seat_view
from cogs.posts import render as run_render
from cogs.pt_labels import (
    ACTION_NAMES,
    BOONS,
    POLICIES,
    WAVES,
    card_of,
    draft_label,
    humanize,
    member_team,
    ref_label,
    slot_label,
    unit_card,
    unit_label,
)
from rendering import pixel_tactics as render
from rendering.pixel_tactics import alt
from rendering.pixel_tactics.positions import named_view


def guide_path(view: dict, seat: int, action: Action, names: list[str] | None = None) -> list[Step]:
    """Return the chooser's steps to an action: what to do → which card or Hero → which target (→ in team modes,
    which rival it acts against); ``names`` (by seat) say whose Unit a target or slot is in team modes."""
    kind = action["type"]
    if kind in ("end", "leader", "chase", "activate", "decline"):
        return []
    steps = [Step(ACTION_NAMES.get(kind, kind), "Choose an action")]
    if kind in ("draft_draw", "gather"):  # Duel Draft: the tableau is public
        return steps + [Step(draft_label(view, action), "Choose a card of the tableau")]
    if kind == "epic_boon":  # Epic Duel: a new Leader's boon
        return steps + [Step(BOONS.get(action["choice"], action["choice"]), "Choose a boon")]
    if kind == "epic_done":
        return steps
    if kind == "promo_draw":
        steps.append(Step(card_of(view, action["card"]).get("name", "a card"), "Choose the card to discard"))
    if kind in ("recruit", "order", "operation", "trap"):
        card = card_of(view, action["card"])
        steps.append(Step(card.get("name", "a card"), "Choose a card from your hand",
                          _tactic_hint(card) if kind != "recruit" else _hero_hint(card)))
    if kind in ("attack", "spell"):
        steps.append(Step(slot_label(view, seat, action["by"]), "Choose who acts"))
    if kind == "recruit":
        steps.append(Step(slot_label(view, seat, action["slot"], empty=True), "Choose an empty slot"))
    if kind == "move":  # team modes: into or out of an ally's Unit (to_seat / from_seat)
        steps += [Step(unit_label(view, seat, action.get("from_seat", seat), action["from"], names),
                       "Choose the Hero to move"),
                  Step(("Into " if "to_seat" in action else "")
                       + unit_label(view, seat, action.get("to_seat", seat), action["to"], names, empty=True),
                       "Choose where it goes")]
    if kind == "switch":
        steps += [Step(slot_label(view, seat, action["a"]), "Choose the first to switch"),
                  Step(slot_label(view, seat, action["b"]), "Choose the other")]
    if kind == "clear_corpse":  # team modes: also in an ally's Unit (seat)
        steps.append(Step(unit_label(view, seat, action.get("seat", seat), action["slot"], names),
                          "Choose the corpse"))
    if kind == "clear_reserve":
        steps.append(Step(slot_label(view, seat, action["slot"]), "Choose the reserve slot"))
    if kind == "trap":
        steps.append(Step(POLICIES[action["policy"]][0], "When its moment comes…", POLICIES[action["policy"]][1]))
    if "target" in action:
        target = ref_label(view, seat, action["target"], names) if action["target"] else "No target"
        steps.append(Step(target + (" (Long Action, 2 actions)" if action.get("long") else ""), "Choose the target",
                          "A Long Action: this Attack reaches two seats away and takes both your actions"
                          if action.get("long") else None))
    if action.get("foe") is not None:  # team modes: the one rival a card's rival effects act on
        steps.append(Step(f"…against {member_team(view, action['foe'], names)}", "Choose the rival it acts against"))
    return steps


def _hero_hint(card: dict) -> str:
    hero = card.get("hero") or {}
    return f"Hero {hero.get('attack', '?')}/{hero.get('life', '?')}"


def _tactic_hint(card: dict) -> str:
    return ((card.get("tactic") or {}).get("text") or "")[:100]


def reveals(before: dict, after: dict, names: list[str]) -> str:
    """Return the sentence naming the Leaders revealed between two public views (secret picks turned face up),
    or ``""``: ``👑 **Ana** leads with **Rageborn**; **Bo** leads with **Starseer**.``"""
    shown = []
    for seat, (old, new) in enumerate(zip(before.get("players") or [], after.get("players") or [], strict=False)):
        was, now = (old.get("unit") or {}).get("L"), (new.get("unit") or {}).get("L")
        if now and not now.get("hidden") and now.get("card") and (not was or was.get("hidden")):
            who = names[seat] if seat < len(names) else f"Seat {seat + 1}"
            shown.append(f"**{esc(who)}** leads with **{esc(now['card']['name'])}**")
    return f"👑 {'; '.join(shown)}." if shown else ""


class PixelTacticsPresenter:
    """How Pixel Tactics looks in Discord."""

    kind = "pixel-tactics"
    private_label = "Show my hand"
    dm_on_turn = True
    combine_done_line = True  # one post per action: what was done, then the table

    def turn_dm_seats(self, before: Table, after: Table) -> set[int]:
        """Return the seat whose turn just began (its hand goes by DM), if one did."""
        def turn(table: Table) -> tuple:
            view = seat_view(table, None)
            return ((view.get("match") or {}).get("game"), view.get("round"), view.get("wave"), view.get("turn"),
                    view.get("phase") == "turn")
        now = turn(after)
        return {now[3]} if now[4] and now[3] is not None and now != turn(before) else set()

    def humanize(self, table: Table, text: str) -> str:
        """Return an engine sentence with the players' names and positions in words."""
        return humanize(text, [esc(n) for n in table.names()], table.state.get("mode") == "siege")

    def guide_path(self, table: Table, seat: int, action: Action) -> list[Step]:
        """The chooser's path to an action, from the acting player's own view."""
        return guide_path(seat_view(table, seat), seat, action, table.names())

    def _headline(self, table: Table, view: dict, mention: bool) -> str:
        names = table.names()
        match = view.get("match") or {}
        trophies = match.get("trophies") or [0, 0]
        head = (f"**{table.title}** · game {match.get('game', 1)} (trophies {trophies[0]}–{trophies[1]}, "
                f"first to {match.get('target', 1)}) · round {view.get('round')}")
        if team_posts.is_team(view):  # one game: the team points (Knights out) say how it stands
            head = f"**{table.title}** · {team_posts.score(view)} · round {view.get('round')}"
        elif view.get("mode") == "epic":  # one game: the Leaders left say how it stands
            left = (view.get("epic") or {}).get("leaders_left") or [0, 0]
            head = f"**{table.title}** · Epic Duel (Leaders left {left[0]}–{left[1]}) · round {view.get('round')}"
        elif view.get("mode") in PT_MODES:
            head = head.replace(f"**{table.title}** · ", f"**{table.title}** · {PT_MODES[view['mode']]} · ", 1)
        if view.get("phase") in ("turn", "trap"):
            head += f" · {WAVES.get(view.get('wave'), view.get('wave'))} wave · {esc(names[view['first']])} first"
        head += team_posts.restart_line(view, names)
        if view.get("ceasefire") and (view.get("teams") or {}).get("ceasefire_seat") is None:
            head += " · 🕊️ Ceasefire (no Attacks, Spells, Orders or Operations; Traps only placed)"

        def who(seat: int) -> str:
            return f"<@{table.user_of(seat)}>" if mention else f"**{esc(names[seat])}**"
        phase = view.get("phase")
        if phase == "leader":
            waiting = [p["seat"] for p in view["players"] if not p.get("leader_chosen")]
            where = "their Leader stack" if view.get("built") else "their hand"
            if len(view["players"]) > 2:  # team modes: every seat at the start, a restarting seat alone later
                return (f"{head}\nLeaders are picked from {where} in secret (by DM, or **Show my hand**) and revealed "
                        f"together. Still choosing: {', '.join(who(s) for s in waiting)}.")
            return (f"{head}\nEach player picks a Leader from {where} in secret (by DM, or **Show my hand**); "
                    f"both are revealed together. Still choosing: {', '.join(who(s) for s in waiting)}.")
        if phase == "chase":
            waiting = [p["seat"] for p in view["players"] if not p.get("chase_chosen")]
            return (f"{head}\nEach player may secretly swap in a Chase Leader for their Leader, or keep it; "
                    f"all are revealed together. Still choosing: {', '.join(who(s) for s in waiting)}.")
        if phase == "trap":
            return f"{head}\n⏳ {esc(view.get('waiting') or 'Waiting for a response.')}"
        if phase == "draft" and (view.get("duel_draft") or {}).get("drafter") is not None:
            seat = view["duel_draft"]["drafter"]
            return (f"{head}\nOpening draft: {who(seat)} makes a Draft Draw ({view['duel_draft']['setup'][seat]} "
                    "left): take the far card of the tableau, or pass over cards, one Gold on each. "
                    "Then both players pick a Leader from their hand in secret.")
        if phase == "epic" and (view.get("epic") or {}).get("step"):
            step = view["epic"]["step"]
            if step.get("stage") == "pick":
                verb = "chooses" if len(step["seats"]) == 1 else "choose"
                return (f"{head}\nA Leader fell: {' and '.join(who(s) for s in step['seats'])} {verb} the next "
                        "Leader in secret (by DM, or **Show my hand**).")
            return (f"{head}\n{who(step['seat'])}: your new Leader is in play. Choose a boon with **Take an "
                    "action**: draw until 7 cards, recruit up to 3 times anywhere, or clear Corpses and rearrange.")
        if phase == "turn" and view.get("turn") is not None:
            left = view.get("actions_left", 0)
            return (f"{head}\n{who(view['turn'])}: your turn, {left} action{'s' if left != 1 else ''} left. "
                    "**Take an action** offers only legal choices; **End turn** passes the rest.")
        return head

    async def table_post(self, table: Table, *, mention: bool) -> Post:
        """Return the public board post with the turn's buttons."""
        view = named_view(table.engine.view(table.state, None), table.names())
        names = table.names()
        data = await run_render(render.render_board, view, names)
        buttons: list[discord.ui.Item] = []
        mentions: list[int] = []
        for decision in table.pending():
            if mention:
                mentions.append(table.user_of(decision.player))
            if decision.kind == "draft" and not decision.private:  # Duel Draft's opening draws: public choices
                for action in table.engine.legal_actions(table.state, decision.player)[:25]:
                    buttons.append(GameButton(table.id, decision.player, decision.id, action,
                                              label=draft_label(view, action)[:80], style=discord.ButtonStyle.primary))
                continue
            if decision.private or decision.kind != "turn":
                continue
            legal = table.engine.legal_actions(table.state, decision.player)
            if any(a["type"] != "end" for a in legal):
                buttons.append(GuideButton(table.id, decision.player, decision.id))
            if {"type": "end"} in legal:
                buttons.append(GameButton(table.id, decision.player, decision.id, {"type": "end"},
                                          label="End turn", emoji="⏭️"))
        return Post(self._headline(table, view, mention),
                    [Image(data, f"pixel-tactics-{table.id}.png", alt.alt_board(view, names))], buttons, mentions)

    async def private_post(self, table: Table, seat: int) -> Post:
        """Return a player's hand (image), what it allows now, and their private choice's buttons."""
        view = table.engine.view(table.state, seat)
        names = table.names()
        data = await run_render(render.render_hand, view, names)
        decision = table.engine.decision_for(table.state, seat)
        count = len(view.get("hand") or [])
        lines = [f"**{table.title}** · your hand ({count} card{'s' if count != 1 else ''})"]
        if not count and view.get("mode") == "duel_draft" and view.get("phase") != "finished":
            lines.append("Your hand is empty for now: Draft Draws on the game's post fill it (your new cards come "
                         "here, privately).")
        buttons: list[discord.ui.Item] = []
        legal = table.engine.legal_actions(table.state, seat) if decision is not None else []
        if decision is not None and decision.kind == "leader":
            lines.append("Your Leader fell: choose the next one from your Leader stack, in secret until it is revealed."
                         if view.get("phase") == "epic" else
                         "Choose your **Leader** in secret; both Leaders are revealed together." if len(names) <= 2 else
                         "Choose your **Leader** in secret; it is revealed once every player choosing has chosen.")
            for action in legal[:25]:
                card = card_of(view, action["card"])
                leader = card.get("leader") or {}
                buttons.append(GameButton(table.id, seat, decision.id, action, style=discord.ButtonStyle.primary,
                                          label=f"Lead with {card.get('name', '?')} ({leader.get('attack', '?')}/"
                                                f"{leader.get('life', '?')})"))
        elif decision is not None and decision.kind == "chase":
            lines.append("Swap in a **Chase Leader** for your Leader, or keep it (secret until the reveal).")
            for action in legal[:25]:
                chase = next((c for c in CHASE if c["key"] == action["card"]), None)
                if chase is None:
                    label, style = "Keep my Leader", discord.ButtonStyle.secondary
                else:
                    side = chase["leader"]
                    label = f"{chase['name']} ({side['attack']}/{side['life']})"[:80]
                    style = discord.ButtonStyle.primary
                buttons.append(GameButton(table.id, seat, decision.id, action, label=label, style=style))
        elif decision is not None and decision.kind == "trap":
            lines.append(f"⚠️ {self.humanize(table, decision.prompt or 'One of your Traps can answer now.')}")
            if not any(a["type"] == "activate" for a in legal):
                lines.append("None of your Traps can answer this one (the rival cannot tell)." if len(names) <= 2
                             else "None of your Traps can answer this one (no other player can tell).")
            for action in legal[:25]:
                if action["type"] == "decline":
                    label = "Let it pass · stop asking about this kind" if action.get("mute") else "Let it pass"
                else:
                    trap = unit_card(view, seat, action["slot"]) or {}
                    target = f" on {ref_label(view, seat, action['target'], names)}" if action.get("target") else ""
                    label = f"Activate {trap.get('name', 'Trap')}{target}"
                style = discord.ButtonStyle.secondary if action["type"] == "decline" else discord.ButtonStyle.danger
                buttons.append(GameButton(table.id, seat, decision.id, action, label=label, style=style))
        elif decision is not None and decision.kind == "turn":
            usable: dict[str, list[str]] = {}
            for action in legal:
                if "card" in action:
                    cards = usable.setdefault(ACTION_NAMES.get(action["type"], action["type"]), [])
                    card = card_of(view, action["card"]).get("name", "a card")
                    if card not in cards:
                        cards.append(card)
            allowed = " · ".join(f"{kind}: {', '.join(cards)}" for kind, cards in usable.items())
            if allowed:
                what = f"Your hand allows now: {allowed}."
            else:
                what = "Your hand is empty." if not count else "No card of your hand can be played right now."
            lines.append(f"It is your turn. {what}\nPlay through **Take an action** on the game's post.")
        return Post("\n".join(lines), [Image(data, f"pixel-tactics-{table.id}-hand.png", alt.alt_hand(view, names))],
                    buttons)

    async def outcome_posts(self, outcome: Outcome) -> list[Post]:
        """Announce a game of the match won (a trophy) and the match's end."""
        before = outcome.before.engine.view(outcome.before.state, None)
        after_table = outcome.after
        after = named_view(after_table.engine.view(after_table.state, None), after_table.names())
        names = after_table.names()
        posts = []
        old, new = (before.get("match") or {}).get("trophies"), (after.get("match") or {}).get("trophies")
        shown = reveals(before, after, names)
        if shown:
            posts.append(Post(shown))
        if team_posts.is_team(after):
            posts += [Post(line) for line in team_posts.falls(before, after, names)]
        elif old and new and new != old and after_table.row.status != "finished":
            won = next(i for i in range(len(new)) if new[i] > old[i])
            posts.append(Post(f"🏆 **{esc(names[won])}** routs the rival Unit and takes a trophy "
                              f"({new[0]}–{new[1]}). The next game is dealt: each player chooses a new Leader."))
        elif (after.get("match") or {}).get("game", 1) > (before.get("match") or {}).get("game", 1):
            posts.append(Post("🤝 That game ended in a tie: no trophy. The next game is dealt."))
        if after_table.row.status == "finished":
            result = after.get("result") or {}
            winners = result.get("winners") or []
            data = await run_render(render.render_board, after, names)
            headline = (f"🏆 <@{after_table.user_of(winners[0])}> wins the match!" if len(winners) == 1
                        else "The match ended without a winner.")
            if team_posts.is_team(after):
                headline = team_posts.winners_line(after, [f"<@{u}>" for u in
                                                           (after_table.user_of(s) for s in range(len(names)))])
            reason = f"\n_{esc(result['reason'])}_" if result.get("reason") else ""
            posts.append(Post(f"**{after_table.title}** · {headline}{reason}",
                              [Image(data, f"pixel-tactics-{after_table.id}-final.png", alt.alt_board(after, names))],
                              mention=[after_table.user_of(w) for w in winners]))
        return posts


RULES_SUMMARY = """**Pixel Tactics** — 2 players, each with their own copy of our 25-card set; each card is a Leader, a Hero or an Order/Operation/Trap.
• Setup: draw 5 (plus one per trophy your rival holds), choose a Leader in secret; both are revealed together. It stands at the centre of your 3×3 Unit.
• Rounds of three waves — **Vanguard**, **Flank**, **Rear** (rows relative to your Leader). In each wave the first player takes a turn of two actions, then the other. First player changes each round.
• Actions: draw (up to your hand size), recruit into an empty slot of the current wave, attack (melee: foremost living of a column on each side; Ranged: anyone, but Intercept shields the one or two behind), cast a Spell, Leader action, Order, Move, Switch (two actions), clear a corpse, start an Operation (4 time markers), place a Trap face down, clear your reserve, end turn. A Hero does one starred action a turn; one recruited this wave cannot act.
• Casualties at the end of each wave: damage ≥ Life → corpse. A Leader at damage ≥ Life routs its Unit: the other player wins the game and a trophy.
• Round 1 is a **Ceasefire**: no Attacks or Spells against the rival, no Orders or Operations, Traps only placed.
• Built decks (Standard: 4 Leaders + 25–30 Heroes; Epic: 4 + 60–80): `/pt deck`; every card: `/pt cards`.
• Modes (`/play game:pixel-tactics mode:`): **Siege** (no Leaders, face-down fortresses: break an empty one to win), **Duel Draft** (one shared deck, buy from a tableau with Gold), **Epic Duel** (four Leaders one after another, hands of 7), **Team Cross Duel** (4 players, 2 against 2: a fallen Leader scores a point for the other team and its player restarts) and **King** (6 players, 3 against 3: a King between two Knights; defeat the rival King). Teammates never see each other's hands.
Full rules and the card list: `docs/rules/pixel_tactics.md`; any card: `/pt card`."""
