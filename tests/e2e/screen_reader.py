"""A screen-reader Pixies player: it reads only what a screen reader reads out — message text, image alt
texts, ``/game describe`` answers and button labels — and decides every move from them. It never opens an
image and never looks at the bot's state (the harness only waits until the bot has posted). ``heard`` is all of
a post such a player gets: its text, its image's alt text and its buttons' labels, never the image's bytes.

The table alt text has three whole-state wordings (``rendering/pixies/alt.table_alt``): every card in words
(``Blue 1 (2 spirals) validated``), the validated cards grouped (``validated: Blue 1 (2 spirals); face up: …``)
and symbols as signs after a key (``Blue 1 +2``, ``Red 4 −1``); the parser reads all three."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tests.e2e.harness import TIMEOUT
from tests.fakediscord import FakeDiscord, Message, User

COLOURS = "Blue|Green|Yellow|Red|Multicolour"
CARD = re.compile(rf"({COLOURS}) (\d)(?: \(([^)]*)\)| ([+−]\d))?( validated)?")
POINTER = "/game describe"


@dataclass(frozen=True)
class Heard:
    """What a screen reader reads out of a post: its text, its image's alt text, its enabled buttons' labels
    (with the ids a click sends). No image bytes."""

    message_id: int
    content: str
    alt: str
    buttons: tuple[tuple[str, str], ...]


def heard(message: Message) -> Heard:
    """The post as a screen reader hears it (``labelled_buttons``: every enabled button must have words)."""
    alts = [a.description or "" for a in message.attachments]
    return Heard(message.id, message.content or "", " ".join(alts), tuple(labelled_buttons(message)))


@dataclass(frozen=True)
class Card:
    """A card as its words say it: colour, number (its space), symbols."""

    colour: str
    value: int
    spirals: int = 0
    crosses: int = 0
    colour_spiral: bool = False

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``Blue 5 (2 spirals, 1 cross, colour spiral)``."""
        found = CARD.search(text)
        assert found, f"no card in {text!r}"
        symbols, sign = found.group(3) or "", found.group(4) or ""
        count = {word: int(n) for n, word in re.findall(r"(\d+) (spiral|cross)", symbols)}
        if sign:  # the compact wording: +n spirals, −n crosses
            count = {"spiral" if sign[0] == "+" else "cross": int(sign[1:])}
        return cls(found.group(1), int(found.group(2)), count.get("spiral", 0), count.get("cross", 0),
                   "colour spiral" in symbols)

    @classmethod
    def read(cls, text: str) -> Card | None:
        """The card a button label names (``Blue 5 (2 spirals)``), or None (a button that is no card)."""
        return cls.parse(text) if CARD.fullmatch(text) else None

    def worth(self) -> int:
        """Its symbols' points, as the rules summary counts them (a colour spiral counts about two)."""
        return self.spirals - self.crosses + (2 if self.colour_spiral else 0)


def grids(text: str, names: list[str]) -> dict[str, tuple[int, dict[int, str]]]:
    """Every named player's points and grid (space → ``up``, ``validated``, ``down`` or ``empty``) read from
    an alt text or a description (``Ada: 12 points; face up: …; face down only: 3; empty: 2, 5.``)."""
    out = {}
    for name in names:
        found = re.search(rf"{re.escape(name)}(?: \(resigned\))?: (\d+) points; ([^.]*)\.", text)
        if not found:
            continue
        spaces: dict[int, str] = {}
        for section in found.group(2).split("; "):
            word, _, items = section.partition(": ")
            if word in ("face up", "validated"):
                for card in CARD.finditer(items):
                    spaces[int(card.group(2))] = "validated" if card.group(5) or word == "validated" else "up"
            else:
                for number in re.findall(r"\d", items):
                    spaces[int(number)] = "down" if word == "face down only" else "empty"
        assert sorted(spaces) == list(range(1, 10)), (name, found.group(0))
        out[name] = (int(found.group(1)), spaces)
    return out


def standings(alt: str) -> list[tuple[int, str, int]]:
    """The final standings alt text as (rank, name, points), best first."""
    return [(int(r), name, int(p)) for r, name, p in re.findall(r"(\d+)\. ([^:.]+): (\d+) points", alt)]


def table_alt(message: Message) -> str:
    """The alt text of a Pixies table post."""
    [attachment] = message.attachments
    alt = attachment.description or ""
    assert alt.startswith("Pixies, round"), alt
    return alt


def labelled_buttons(message: Message) -> list[tuple[str, str]]:
    """(label, custom id) of the enabled buttons; each label must say something in words."""
    out = []
    for button in message.buttons():
        if button.disabled:
            continue
        assert button.label and re.search(r"[A-Za-z]{2}", button.label), f"a button a screen reader cannot name: {button}"
        out.append((button.label, button.custom_id))
    return out


@dataclass
class ScreenReaderPlayer:
    """One member playing by ear."""

    fake: FakeDiscord
    user: User
    names: list[str]
    described: int = 0
    #: False: the member plays from alt texts and button labels alone (``describe`` fails the test)
    may_describe: bool = True

    @property
    def name(self) -> str:
        """The member's name, as the texts say it."""
        return self.user.name

    async def describe(self, channel) -> str:
        """``/game describe``: every part of the answer, joined; only this member sees it."""
        assert self.may_describe, f"{self.name} plays from alt texts and button labels alone"
        record = await (await self.fake.slash(self.user, "game", {}, subcommand="describe",
                                              channel=channel)).wait_final(TIMEOUT)
        parts = re.match(r"Part 1 of (\d+): ", record.content or "")
        count = int(parts.group(1)) if parts else 1
        await self.fake.wait_until(lambda: len(record.messages()) >= count, TIMEOUT, f"{count} parts")
        messages = record.messages()
        assert all(m.ephemeral for m in messages) and messages, "a description is only for the caller"
        self.described += 1
        return "\n".join(m.content for m in messages)

    def my_grid(self, text: str) -> dict[int, str] | None:
        """This member's grid, if ``text`` tells it."""
        found = grids(text, [self.name]).get(self.name)
        return found[1] if found else None

    def choose(self, alt: str, buttons: list[tuple[str, str]], grid: dict[int, str]) -> str:
        """Return the custom id of the button to press, decided from the alt text, the labels and the grid
        (buttons that are no move, such as **My colours**, are not the game's: left alone)."""
        buttons = [(label, cid) for label, cid in buttons if Card.read(label.removeprefix("Keep ").removesuffix(
            " face up")) or re.fullmatch(r"Space \d", label)]
        labels = [label for label, _ in buttons]
        if f"{self.name} places" in alt and "keep the new or the old" in alt:  # which card stays face up
            keep = [(Card.parse(label).worth(), -k, cid) for k, (label, cid) in enumerate(buttons)
                    if label.startswith("Keep ")]
            assert len(keep) == 2, labels
            return max(keep)[2]
        if f"{self.name} places" in alt:  # a validated space: the face-down card goes on an empty space
            spaces = [(int(label.split()[1]), cid) for label, cid in buttons if re.fullmatch(r"Space \d", label)]
            assert spaces and all(grid[n] == "empty" for n, _ in spaces), (labels, grid)
            return min(spaces)[1]
        assert f"{self.name} to pick" in alt, alt
        offer = re.search(r"Offer: ([^.]*)\.", alt)
        assert offer, alt
        on_offer = {Card.parse(c.group(0)) for c in CARD.finditer(offer.group(1))}
        scored = []
        for k, (label, cid) in enumerate(buttons):
            card = Card.parse(label)
            assert card in on_offer, (label, offer.group(1))
            scored.append((self.value(card, grid), -k, cid))
        return max(scored)[2]

    @staticmethod
    def value(card: Card, grid: dict[int, str]) -> int:
        """How much taking ``card`` is worth to a grid: validating its space is best, burying it worst."""
        space = grid[card.value]
        if space == "down":
            return 20 + card.value + card.worth()
        if space == "up":
            return 10 + card.value + card.worth()
        if space == "empty":
            return 5 + card.worth()
        return -10 - card.value
