"""A Chase Leader leads under its own name on the board image and in its alt text (the card under it stays)."""

from bot.games.pixel_tactics import PixelTacticsEngine, sets
from bot.games.pixel_tactics.scenario import build
from rendering import pixel_tactics

ENGINE = PixelTacticsEngine()


def test_a_chase_leader_is_named_on_the_board_and_in_the_alt_text():
    chase = sets.CHASE[0]
    state = build(("gearsmith", "starseer"), chase={0: chase["key"]})
    view = ENGINE.view(state, None)
    log: list = []
    pixel_tactics.render_board(view, ["Ada", "Ben"], log=log)
    texts = {r.text for r in log}
    assert any(t.startswith(chase["name"][:8]) for t in texts)  # the name (maybe shortened to fit)
    assert "Gearsmith" not in texts and "Starseer" in texts
    alt = pixel_tactics.alt_board(view, ["Ada", "Ben"])
    side = chase["leader"]
    assert f"Leader {chase['name']} (Chase) {side['attack']}/{side['life']}" in alt


def test_a_league_base_is_named_on_its_seat_bar_and_in_the_alt_text():
    first, other = sets.BASES[0], sets.BASES[7]
    state = ENGINE.new_game(2, {"bases": [first["key"], other["key"]]}, 3)
    for _ in range(2):  # both Leaders chosen: the board shows both units
        seat = ENGINE.pending(state)[0].player
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    view = ENGINE.view(state, None)
    log: list = []
    pixel_tactics.render_board(view, ["Ada", "Ben"], log=log)
    assert first["name"].split(" ", 1)[1] in {r.text for r in log}
    alt = pixel_tactics.alt_board(view, ["Ada", "Ben"])
    assert f"Base {first['name']}" in alt and f"Base {other['name']}" in alt
