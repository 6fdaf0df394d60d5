"""A quick player and the secrecy checks for the Pixel Tactics team modes' end-to-end tests (issue #12): the
player seeks a fast Leader defeat from the engine's legal actions; ``secret_names`` says which card names a viewer
may not see; ``DmWatch`` checks that each member's DMs name no card hidden from that member (teammates included)."""

from __future__ import annotations

import io
import json
import random

from PIL import Image

from bot.games.pixel_tactics import PixelTacticsEngine
from bot.games.pixel_tactics.positions import ref
from bot.games.pixel_tactics.state import card
from bot.games.pixel_tactics.stats import board_of
from tests.fakediscord import FakeDiscord, User

ENGINE = PixelTacticsEngine()


def quick_action(state: dict, seat: int, rng: random.Random, *, open_centre: bool = False) -> dict:
    """Return the action of a player racing for a Leader defeat: the Attack on an enemy Leader with the most damage,
    else (``open_centre``) the strongest Attack on the Hero guarding an enemy Leader (centre Vanguard), else a
    random recruit (``open_centre``: off the centre column when it can, so its own Vanguard stays open), else it
    lets a Trap window pass, picks a random Leader or ends the turn."""
    legal = ENGINE.legal_actions(state, seat)
    units = board_of(state)["units"]

    def damage(action: dict) -> int:
        return units[ref(seat, action["by"])]["attack"]
    attacks = [a for a in legal if a["type"] == "attack"]
    on_leader = [a for a in attacks if a["target"].endswith(":L")]
    if on_leader:
        return max(on_leader, key=damage)
    guards = [a for a in attacks if a["target"].endswith(":V1")]
    if open_centre and guards:
        return max(guards, key=damage)
    recruits = [a for a in legal if a["type"] == "recruit"]
    if open_centre:
        recruits = [a for a in recruits if not a["slot"].endswith("1")] or recruits
    if recruits:
        return rng.choice(recruits)
    for kind in ("decline", "leader", "end"):
        found = [a for a in legal if a["type"] == kind]
        if found:
            return rng.choice(found)
    return rng.choice(legal)


def secret_names(state: dict, viewer: int | None) -> set[str]:
    """Return the names of the cards hidden from ``viewer`` (None: the public) now: every other seat's hand,
    face-down Traps and secret Leader pick (teammates' included) — except names ``viewer`` sees anyway (each seat
    plays a mirror copy of the core set, so names repeat across seats)."""
    seen = json.dumps(ENGINE.view(state, viewer))
    ids: list[str] = []
    for seat, player in enumerate(state["players"]):
        if seat == viewer:
            continue
        ids += player["hand"] + [r["card"] for r in player["reserve"] if r and r.get("kind") == "trap"]
        ids += [player["leader_pick"]] if player.get("leader_pick") else []
    return {card(i)["name"] for i in ids if f'"{card(i)["name"]}"' not in seen}


class DmWatch:
    """Checks, after every action, that no DM new or changed since the last check (content, alt text, buttons)
    names a card hidden from the member it was sent to."""

    def __init__(self, fake: FakeDiscord, users: list[User]):
        self.fake, self.users = fake, users
        self.seen: dict[int, str] = {}

    def check(self, state: dict) -> int:
        """Check each member's new DMs against the names hidden from that member now; return how many were new."""
        new = 0
        for seat, user in enumerate(self.users):
            hidden = secret_names(state, seat)
            for message in self.fake.dm_messages(user):
                payload = json.dumps({"content": message.content, "alt": [a.description for a in message.attachments],
                                      "components": message.components})
                if self.seen.get(message.id) == payload:
                    continue
                self.seen[message.id] = payload
                new += 1
                leaked = {name for name in hidden if name in payload}
                assert not leaked, (user.name, leaked, payload[:500])
        return new


def rgb_at(data: bytes, points: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """Return the RGB colours of a PNG at ``points``."""
    image = Image.open(io.BytesIO(data)).convert("RGB")
    return [image.getpixel(p) for p in points]


def shown(colour: tuple) -> tuple[int, int, int]:
    """Return ``colour`` as a board PNG shows it (its palette entry)."""
    from rendering.pixel_tactics.style import new_canvas

    canvas = new_canvas(4, 4)
    canvas.rect((0, 0, 4, 4), colour)
    return rgb_at(canvas.png(), [(1, 1)])[0]
