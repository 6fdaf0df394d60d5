"""/settings: a server's deadlines, reminders, threads, game channels and roles, its Pixel Tactics lists
(``/settings pt``, in ``cogs/pixel_tactics/server_lists.py``) and ratings (``/settings ratings``, in
``cogs/ratings/settings.py``) (Manage Server only)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import member_language
from bot.computer_players import LEVELS
from bot.errors import BadValue
from bot.i18n import LANGUAGES, N_, t, tn, translate
from bot.league_rules import zone_named, zones_like
from bot.settings import (
    DEADLINE_CHOICES,
    POLICIES,
    Settings,
    deadline_text,
    is_default,
    parse_reminder_points,
)
from cogs.flow import bot_of, reply_error
from rendering.themes import NAMES as THEME_NAMES

THEME_SAVED = N_("Public game images are now drawn in the **{theme}** theme (the images only a member sees keep "
               "their own `/preferences theme`).")
REFUSAL = N_("Only members with the **Manage Server** permission can see or change the server settings.")
POLICY_TEXT = {
    "skip": N_("skip: the game plays the player's default action (e.g. a pass) and goes on"),
    "forfeit": N_("forfeit: the player leaves the game (in a two-player game, they lose)"),
    "pause": N_("pause: the game waits for the player; reminders only"),
    "computer": N_("computer: a computer player plays the seat until its member comes back with `/game return` "
                   "(off in rated and tournament games: there the player is skipped)"),
}


def role_mention(role_id: int) -> str:
    """The mention of a role by its id."""
    return f"<@&{role_id}>"


def deadline_words(hours: int | None, lang: str) -> str:
    """A deadline as its /settings choice names it, in ``lang``: ``48 hours``, ``1 week``, ``no deadline``."""
    if hours is None:
        return t(lang, "no deadline")
    name = deadline_text(hours)
    return translate(lang, name, "choice") if name in DEADLINE_CHOICES else t(lang, "{hours} hours", hours=hours)


def per_move(hours: int | None, lang: str) -> str:
    """The default deadline as /settings states it: ``48 hours per move`` or ``no deadline``."""
    if hours is None:
        return t(lang, "no deadline")
    return t(lang, "{deadline} per move", deadline=deadline_words(hours, lang))


def describe(settings: Settings, lang: str = "en") -> str:
    """Return every setting with its value and whether it is the default (the /settings show text), in ``lang``."""
    def line(label: str, name: str, value: str) -> str:
        state = t(lang, "default") if is_default(settings, name) else t(lang, "changed")
        return f"**{t(lang, label)}:** {value} · {state}"

    points = ", ".join(f"`{p}`" for p in settings.reminder_points) or t(lang, "none")
    channels = ", ".join(f"<#{c}>" for c in settings.game_channels) or t(lang, "any channel")
    starter = f"<@&{settings.starter_role}>" if settings.starter_role else t(lang, "anyone may open a game")
    ping = f"<@&{settings.lobby_ping_role}>" if settings.lobby_ping_role else t(lang, "nobody")
    organisers = (t(lang, "{role} (and Manage Server)", role=role_mention(settings.organiser_role))
                  if settings.organiser_role else t(lang, "members with Manage Server"))
    policy = POLICY_TEXT.get(settings.deadline_policy)
    return "\n".join([
        "⚙️ **" + t(lang, "Server settings") + "**",
        line(N_("Deadline"), "deadline_hours", per_move(settings.deadline_hours, lang)),
        line(N_("When a deadline passes"), "deadline_policy", t(lang, policy) if policy else settings.deadline_policy),
        line(N_("Level of a computer taking over"), "takeover_level",
             translate(lang, settings.takeover_level, "choice")),
        line(N_("Reminders before a deadline"), "reminder_points", points),
        line(N_("Games in their own thread"), "threads",
             t(lang, "yes") if settings.threads else t(lang, "no, in the channel")),
        line(N_("Channels that may host games"), "game_channels", channels),
        line(N_("Role needed to open a game"), "starter_role", starter),
        line(N_("Role pinged when a lobby opens"), "lobby_ping_role", ping),
        line(N_("Ratings season"), "ratings_season", t(lang, "season {number}", number=settings.ratings_season)),
        line(N_("Provisional until"), "provisional_games",
             tn(lang, "{count} rated game", "{count} rated games", settings.provisional_games,
                count=settings.provisional_games)),
        line(N_("Tournament organisers"), "organiser_role", organisers),
        line(N_("Time zone (league cycles end at its midnight)"), "timezone", settings.timezone),
        line(N_("Hints (`/game hint`, never in rated or event games)"), "hints",
             t(lang, "on") if settings.hints else t(lang, "off")),
        line(N_("Theme of public images"), "theme", translate(lang, settings.theme, "choice")),
        line(N_("Language of public posts"), "language", LANGUAGES.get(settings.language, settings.language)),
    ])


async def may_manage(interaction: discord.Interaction) -> bool:
    """Return whether the member has Manage Server; if not, answer with the ephemeral refusal.

    The command's default permissions already hide /settings from other members, but a server can
    grant it to anyone in its integration settings: this check is the one that counts.
    """
    if interaction.guild_id is not None and interaction.permissions.manage_guild:
        return True
    await reply_error(interaction, REFUSAL)
    return False


async def reply(interaction: discord.Interaction, text: str) -> None:
    """Answer privately without pinging anyone (``text`` already in the member's language)."""
    await interaction.response.send_message(text, ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none())


async def say(interaction: discord.Interaction, message: str, **fields: object) -> None:
    """Answer privately, without pinging anyone, with a catalogue message in the member's language."""
    await reply(interaction, t(member_language(interaction), message, **fields))


def one_of(**given: object) -> str | None:
    """Return the only option given (not None, not False), or None when none or several were."""
    chosen = [name for name, value in given.items() if value is not None and value is not False]
    return chosen[0] if len(chosen) == 1 else None



async def role_or_clear(interaction: discord.Interaction, role: discord.Role | None, clear: bool | None,
                        everyone_refusal: str) -> bool:
    """Check a manager gave exactly one of ``role``/``clear:true`` and not @everyone; refuse otherwise."""
    if not await may_manage(interaction):
        return False
    if one_of(role=role, clear=clear) is None:
        await reply_error(interaction, "Give either `role` or `clear:true`.")
        return False
    if role is not None and role.is_default():
        await reply_error(interaction, everyone_refusal)
        return False
    return True

class SettingsCog(commands.Cog):
    """The /settings command group."""

    settings = app_commands.Group(name="settings", description="This server's Pixel Parlor settings",
                                  guild_only=True, default_permissions=discord.Permissions(manage_guild=True))

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    async def _save(self, interaction: discord.Interaction, **values: object) -> Settings:
        tables = bot_of(interaction).tables
        settings = None
        for name, value in values.items():
            settings = await tables.save_setting(interaction.guild_id, name, value)
        return settings or await tables.settings(interaction.guild_id)

    @settings.command(name="show", description="Show every setting and whether it is the default")
    async def show(self, interaction: discord.Interaction) -> None:
        """List the server's settings."""
        if not await may_manage(interaction):
            return
        settings = await bot_of(interaction).tables.settings(interaction.guild_id)
        await reply(interaction, describe(settings, member_language(interaction)))

    @settings.command(name="deadline", description="Default time per move, and what happens when it passes")
    @app_commands.describe(value="Default time a player has for each decision (a lobby may pick another)",
                           policy="When a deadline passes: skip the player, they forfeit, the game waits, "
                                  "or a computer plays the seat",
                           takeover_level="The level of the computer player taking over (policy computer)")
    @app_commands.choices(value=[app_commands.Choice(name=k, value=k) for k in DEADLINE_CHOICES],
                          policy=[app_commands.Choice(name=p, value=p) for p in POLICIES],
                          takeover_level=[app_commands.Choice(name=k, value=k) for k in LEVELS])
    async def deadline(self, interaction: discord.Interaction, value: app_commands.Choice[str] | None = None,
                       policy: app_commands.Choice[str] | None = None,
                       takeover_level: app_commands.Choice[str] | None = None) -> None:
        """Set the default deadline, the deadline policy and/or the takeover level."""
        if not await may_manage(interaction):
            return
        if value is None and policy is None and takeover_level is None:
            await reply_error(interaction, "Give `value` (the default deadline), `policy`, `takeover_level`, "
                                           "or several.")
            return
        changes: dict[str, object] = {}
        if value is not None:
            changes["deadline_hours"] = DEADLINE_CHOICES[value.value]
        if policy is not None:
            changes["deadline_policy"] = policy.value
        if takeover_level is not None:
            changes["takeover_level"] = takeover_level.value
        settings = await self._save(interaction, **changes)
        lang = member_language(interaction)
        lines = [t(lang, "Default deadline: **{deadline}**.", deadline=per_move(settings.deadline_hours, lang)),
                 t(lang, "When a deadline passes: {policy}.", policy=t(lang, POLICY_TEXT[settings.deadline_policy]))]
        if settings.deadline_policy == "computer":
            lines.append(t(lang, "A computer taking over plays at level **{level}**.",
                           level=translate(lang, settings.takeover_level, "choice")))
        await reply(interaction, "\n".join(lines))

    @settings.command(name="reminders", description="When to remind a player before their deadline")
    @app_commands.describe(points="e.g. `50%, 2h`: halfway, and 2 hours before the deadline; `none` for none")
    async def reminders(self, interaction: discord.Interaction,
                        points: app_commands.Range[str, 1, 100]) -> None:
        """Set the reminder points."""
        if not await may_manage(interaction):
            return
        try:
            parsed = parse_reminder_points(points)
        except BadValue as exc:
            await reply_error(interaction, exc.template, **exc.fields)
            return
        await self._save(interaction, reminder_points=parsed)
        if parsed:
            await say(interaction, "Players are reminded at {points} before their deadline (`50%` = halfway, "
                      "`2h` = 2 hours before).", points=", ".join(f"`{p}`" for p in parsed))
        else:
            await say(interaction, "Players get no reminders before their deadline.")

    @settings.command(name="threads", description="Whether new games run in a thread of their own")
    @app_commands.describe(enabled="Default for new lobbies (the /play thread option overrides it)")
    async def threads(self, interaction: discord.Interaction, enabled: bool) -> None:
        """Set the default of /play's thread option."""
        if not await may_manage(interaction):
            return
        await self._save(interaction, threads=enabled)
        if enabled:
            await say(interaction, "New games run in a thread of their own.")
        else:
            await say(interaction, "New games run in the channel where they were opened.")

    @settings.command(name="hints", description="Whether players may ask /game hint for the computer's suggestion")
    @app_commands.describe(enabled="Allow /game hint in this server's unrated games (never in rated, tournament "
                                   "or league games)")
    async def hints(self, interaction: discord.Interaction, enabled: bool) -> None:
        """Turn /game hint on or off."""
        if not await may_manage(interaction):
            return
        await self._save(interaction, hints=enabled)
        if enabled:
            await say(interaction, "Players may ask `/game hint` for the computer's suggestion in unrated games "
                      "(never in rated, tournament or league games).")
        else:
            await say(interaction, "`/game hint` is off in this server.")

    @settings.command(name="theme", description="The look of this server's public game images")
    @app_commands.describe(theme="standard, colour-blind (told apart with any colour vision) or high-contrast "
                                 "(black and white)")
    @app_commands.choices(theme=[app_commands.Choice(name=name, value=name) for name in THEME_NAMES])
    async def theme(self, interaction: discord.Interaction, theme: app_commands.Choice[str]) -> None:
        """Choose the theme of public posts (members still see their private images in their own)."""
        if not await may_manage(interaction):
            return
        await self._save(interaction, theme=theme.value)
        await say(interaction, THEME_SAVED, theme=translate(member_language(interaction), theme.value, "choice"))

    @settings.command(name="language", description="The language of this server's public game posts")
    @app_commands.describe(language="Public posts and images are written in it; private answers follow each "
                                    "member's Discord language")
    @app_commands.choices(language=[app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()])
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        """Choose the language of public posts."""
        if not await may_manage(interaction):
            return
        await self._save(interaction, language=language.value)
        await say(interaction, "Public game posts in this server are now written in **{language}**. Private "
                  "answers follow each member's Discord language.", language=LANGUAGES[language.value])

    @settings.command(name="channels", description="Which channels may host games (none listed: all)")
    @app_commands.describe(add="Allow games in this channel", remove="No longer allow games in this channel",
                           clear="Allow games in every channel again")
    async def channels(self, interaction: discord.Interaction, add: discord.TextChannel | None = None,
                       remove: discord.TextChannel | None = None, clear: bool | None = None) -> None:
        """Add or remove a game channel, or clear the list."""
        if not await may_manage(interaction):
            return
        which = one_of(add=add, remove=remove, clear=clear)
        if which is None:
            await reply_error(interaction, "Give exactly one of `add`, `remove` or `clear:true`.")
            return
        current = list((await bot_of(interaction).tables.settings(interaction.guild_id)).game_channels)
        if which == "add":
            if add.id in current:
                await reply_error(interaction, "{channel} already hosts games.", channel=add.mention)
                return
            current.append(add.id)
        elif which == "remove":
            if remove.id not in current:
                listed = ", ".join(f"<#{c}>" for c in current)
                if listed:
                    await reply_error(interaction, "{channel} is not in the list ({channels}).",
                                      channel=remove.mention, channels=listed)
                else:
                    await reply_error(interaction, "{channel} is not in the list: games may be opened in every "
                                      "channel.", channel=remove.mention)
                return
            current.remove(remove.id)
        else:
            current = []
        settings = await self._save(interaction, game_channels=current)
        listed = ", ".join(f"<#{c}>" for c in settings.game_channels)
        if listed:
            await say(interaction, "Games can be opened in {channels}.", channels=listed)
        else:
            await say(interaction, "Games can be opened in every channel.")

    @settings.command(name="starter_role", description="A role members need to open a game with /play")
    @app_commands.describe(role="Only members with this role may open games",
                           clear="Let anyone open games again")
    async def starter_role(self, interaction: discord.Interaction, role: discord.Role | None = None,
                           clear: bool | None = None) -> None:
        """Set or clear the role needed to open a game."""
        if not await role_or_clear(interaction, role, clear,
                                   N_("Everyone has @everyone: use `clear:true` to let anyone open games.")):
            return
        await self._save(interaction, starter_role=role.id if role else None)
        if role:
            await say(interaction, "Only members with {role} (or Manage Server) may open games.", role=role.mention)
        else:
            await say(interaction, "Anyone may open games.")

    @settings.command(name="lobby_ping", description="A role to ping when a new lobby opens")
    @app_commands.describe(role="Ping this role when a lobby opens", clear="Ping nobody")
    async def lobby_ping(self, interaction: discord.Interaction, role: discord.Role | None = None,
                         clear: bool | None = None) -> None:
        """Set or clear the role pinged by new lobbies."""
        if not await role_or_clear(interaction, role, clear,
                                   N_("Pinging @everyone is not supported: pick a role.")):
            return
        await self._save(interaction, lobby_ping_role=role.id if role else None)
        if role is None:
            await say(interaction, "New lobbies ping nobody.")
            return
        lang = member_language(interaction)
        text = t(lang, "New lobbies ping {role}.", role=role.mention)
        if not role.mentionable and not interaction.app_permissions.mention_everyone:
            text += "\n" + t(lang, "Note: that role is not mentionable, so the ping only reaches its members if the "
                             "bot has the **Mention @everyone, @here and All Roles** permission.")
        await reply(interaction, text)

    @settings.command(name="organisers", description="A role whose members organise tournaments")
    @app_commands.describe(role="Members with this role organise tournaments (as do members with Manage Server)",
                           clear="Only members with Manage Server organise")
    async def organisers(self, interaction: discord.Interaction, role: discord.Role | None = None,
                         clear: bool | None = None) -> None:
        """Set or clear the tournament organisers' role."""
        if not await role_or_clear(interaction, role, clear,
                                   N_("Everyone has @everyone: pick a role, or `clear:true`.")):
            return
        await self._save(interaction, organiser_role=role.id if role else None)
        if role:
            await say(interaction, "Members with {role} (and those with Manage Server) organise tournaments.",
                      role=role.mention)
        else:
            await say(interaction, "Only members with Manage Server organise tournaments.")

    @settings.command(name="timezone", description="The server's time zone (league cycles end at its midnight)")
    @app_commands.describe(name="An IANA time zone name, e.g. Europe/Paris or America/New_York")
    async def timezone(self, interaction: discord.Interaction, name: str) -> None:
        """Set the server's time zone."""
        if not await may_manage(interaction):
            return
        zone = zone_named(name)
        if zone is None:
            await reply_error(interaction, "`{name}` is not a time zone name I know: give an IANA name such "
                              "as `Europe/Paris`, `America/New_York` or `UTC` (the list offers them as you type).",
                              name=name[:60])
            return
        await self._save(interaction, timezone=zone)
        await say(interaction, "The server's time zone is **{zone}**: league cycles end at its midnight.", zone=zone)

    @timezone.autocomplete("name")
    async def timezone_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Offer the common time zones, then every one containing what was typed."""
        return [app_commands.Choice(name=z, value=z) for z in zones_like(current)]


async def setup(bot: commands.Bot) -> None:
    """Load the cog."""
    await bot.add_cog(SettingsCog(bot))
    from cogs.pixel_tactics.server_lists import pt_group

    group = bot.tree.get_command("settings")
    assert isinstance(group, app_commands.Group)
    group.add_command(pt_group(REFUSAL))  # /settings pt …
    from cogs.ratings.settings import NewSeasonButton, ratings_group

    group.add_command(ratings_group(may_manage))  # /settings ratings …
    bot.add_dynamic_items(NewSeasonButton)
