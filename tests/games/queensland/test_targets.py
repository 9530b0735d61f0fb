"""Every Queensland choice is a click on the mover's picture, with these exact keys."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import meeple
from meeple.boardgames.queensland import actions as A
from meeple.boardgames.queensland.render import GAP, WIDE
from tests.games.queensland.helpers import at_first_turn, names, play, with_toads

NS = "{http://www.w3.org/2000/svg}"


def picture(state, viewer):
    return ET.fromstring(state.game.render_svg(state.observation(viewer)))


def keyed(root, prefix=""):
    """The elements with a ``data-target`` starting with ``prefix``, in drawing order."""
    return [e for e in root.iter() if e.get("data-target", "").startswith(prefix)]


def paths(state):
    return {state.action_to_string(a): state.action_targets(a) for a in state.legal_actions()}


def centre(group):
    """The mean of the points of the first polygon in ``group``."""
    poly = next(group.iter(f"{NS}polygon"))
    pts = [tuple(map(float, p.split(","))) for p in poly.get("points").split()]
    return round(sum(x for x, _ in pts) / len(pts), 6), round(sum(y for _, y in pts) / len(pts), 6)


def words(group):
    return "".join(t.text or "" for t in group.iter(f"{NS}text"))


def tips(group):
    return [e.get("data-tip") for e in group.iter() if e.get("data-tip")]


# -- face -----------------------------------------------------------------------------


def test_facing_is_one_of_four_compass_arrows_around_the_start_farm():
    state = meeple.load("queensland", players=3).new_initial_state()
    play(state, "draw T09", "draw T21", "draw T30")  # the market, then the facings
    assert paths(state) == {
        "face north": ("face:north",),
        "face east": ("face:east",),
        "face south": ("face:south",),
        "face west": ("face:west",),
    }
    arrows = keyed(picture(state, 0), "face:")
    assert [e.get("data-target") for e in arrows] == [
        "face:north",
        "face:east",
        "face:south",
        "face:west",
    ]
    assert [words(e) for e in arrows] == ["north", "east", "south", "west"]
    (nx, ny), (ex, ey), (sx, sy), (wx, wy) = (centre(e) for e in arrows)
    # Round one point (the start block's centre): north above, east to the right, ...
    assert nx == sx and ey == wy and ny < ey < sy and wx < nx < ex
    assert (nx, ey) == ((wx + ex) / 2, (ny + sy) / 2)
    # Drawn on player 1's farm (the left column), and only in the mover's picture.
    assert ex < WIDE.width / 2
    for viewer in (None, 1, 2):
        assert keyed(picture(state, viewer), "face:") == []
    play(state, "face east")
    assert state.current_player() == 1
    assert len(keyed(picture(state, 1), "face:")) == 4
    assert keyed(picture(state, 0), "face:") == []
    arrows = keyed(picture(state, 1), "face:")
    assert centre(arrows[1])[0] > WIDE.width / 2  # player 2's farm is in the right column


# -- take and place -----------------------------------------------------------------


def test_a_turn_takes_places_and_turns_the_tile_by_clicks():
    state = at_first_turn(2, market=("T01", "T21", "T30"))
    assert paths(state) == {
        "take 1": ("market:1",),
        "take 2": ("market:2",),
        "take 3": ("market:3",),
    }
    play(state, "take 1")
    assert paths(state) == {
        "place 0,-1": ("cell:0,-1",),
        "place 1,-1": ("cell:1,-1",),
        "place -1,0": ("cell:-1,0",),
        "place 2,0": ("cell:2,0",),
        "place -1,1": ("cell:-1,1",),
        "place 2,1": ("cell:2,1",),
    }
    play(state, "place 0,-1")
    assert paths(state) == {
        "rotate 0": ("rot:0",),
        "rotate 90": ("rot:90",),
        "rotate 270": ("rot:270",),
    }


# -- rotate ---------------------------------------------------------------------------


def rotating():
    state = at_first_turn(2, market=("T01", "T21", "T30"))
    play(state, "take 1", "place 0,-1")
    return state


def test_the_observation_lists_the_legal_turns_of_the_chosen_tile():
    state = rotating()
    for viewer in (None, 0, 1):
        assert state.observation(viewer)["selected"] == {
            "space": 1,
            "tile": "T01",
            "cell": [0, -1],
            "rotations": [0, 90, 270],
        }


def test_each_legal_turn_is_drawn_at_the_chosen_cell_as_a_rotation_cycle():
    state = rotating()
    groups = keyed(picture(state, 0), "rot:")
    # Only the legal turns (180 does not fit), in the order of the legal actions.
    assert [e.get("data-target") for e in groups] == ["rot:0", "rot:90", "rot:270"]
    assert all(e.tag == f"{NS}g" and e.get("data-cycle") == "rotation" for e in groups)
    # T01's double arrow is printed pointing south: each group shows the tile turned.
    assert [[t.split(":")[0] for t in tips(e) if "arrow" in t] for e in groups] == [
        ["Double arrow south"],
        ["Double arrow west"],
        ["Double arrow east"],
    ]
    assert all(float(e.get("opacity")) < 1 for e in groups)  # not yet laid
    # All at the chosen cell: where the other player's picture frames it.
    frame = next(
        e
        for e in picture(state, 1).iter(f"{NS}rect")
        if e.get("stroke") == "#f0f" and e.get("width") == str(WIDE.cell)
    )
    at = (frame.get("x"), frame.get("y"))
    for e in groups:
        first = next(e.iter(f"{NS}rect"))
        assert (first.get("x"), first.get("y")) == at
    # Cell 0,-1 is above start tile A, in column 0: the farm's drawn area always reserves
    # columns -2 and -1 west of it, centred in the left half of the picture.
    cols = WIDE.view[1] - WIDE.view[0] + 1
    half = (WIDE.width - 2 * WIDE.pad - GAP) / 2
    left = WIDE.pad + (half - cols * WIDE.cell) / 2
    assert float(at[0]) == left + 2 * WIDE.cell
    assert keyed(picture(state, 1), "rot:") == []
    assert keyed(picture(state, None), "rot:") == []


def test_clicking_a_turn_lays_the_tile_that_way():
    state = rotating()
    rot90 = next(a for a in state.legal_actions() if state.action_targets(a) == ("rot:90",))
    state.apply_action(rot90)
    tiles = state.observation(0)["farms"][0]["tiles"]
    assert [t[:4] for t in tiles if t[2] == "T01"] == [[0, -1, "T01", 90]]
    assert keyed(picture(state, 0), "rot:") == []


def test_a_tile_that_fits_every_way_offers_four_turns():
    state = at_first_turn(2, market=("T12", "T21", "T30"))
    play(state, "take 1", "place 1,-1")
    assert state.observation(0)["selected"]["rotations"] == [0, 90, 180, 270]
    assert [e.get("data-target") for e in keyed(picture(state, 0), "rot:")] == [
        "rot:0",
        "rot:90",
        "rot:180",
        "rot:270",
    ]


# -- group ----------------------------------------------------------------------------


def group_pending():
    """Player 1 lays T31 (a group move south); players 2 and 3 each have a toad on A."""
    state = at_first_turn(3, market=("T09", "T21", "T31"))
    for p in (1, 2):
        state = with_toads(state, p, 0, 0, 1)
    play(state, "take 3", "place 1,-1", "rotate 180")
    return state


def test_a_group_answer_is_a_follow_or_stay_button_beside_the_deciders_farm():
    state = group_pending()
    assert state.current_player() == 1
    assert paths(state) == {"follow": ("button:follow",), "stay": ("button:stay",)}
    root = picture(state, 1)
    buttons = keyed(root, "button:")
    assert [e.get("data-target") for e in buttons] == ["button:follow", "button:stay"]
    assert [words(e) for e in buttons] == ["Follow", "Stay"]
    # Below player 2's farm (the right column, first row), above player 3's.
    head2 = next(t for t in root.iter(f"{NS}text") if (t.text or "").startswith("Player 2"))
    head3 = next(t for t in root.iter(f"{NS}text") if (t.text or "").startswith("Player 3"))
    for e in buttons:
        rect = next(e.iter(f"{NS}rect"))
        assert float(rect.get("x")) > WIDE.width / 2
        assert float(head2.get("y")) + 6 * WIDE.cell < float(rect.get("y")) < float(head3.get("y"))
    # The toad that would move gets a blue arrow: one heap, on A, which has C to its south.
    moving = [
        e
        for e in root.iter(f"{NS}polygon")
        if e.get("fill") == "#1f5fd1" and e.get("stroke") == "#fff"
    ]
    assert len(moving) == 1
    for viewer in (None, 0, 2):
        assert keyed(picture(state, viewer), "button:") == []


def test_the_buttons_move_on_and_never_show_an_answer():
    state = group_pending()
    play(state, "follow")
    assert state.current_player() == 2
    assert names(state) == ["follow", "stay"]
    assert [e.get("data-target") for e in keyed(picture(state, 2), "button:")] == [
        "button:follow",
        "button:stay",
    ]
    for viewer in (None, 0, 1):
        assert keyed(picture(state, viewer), "button:") == []
    # Player 3's picture, with the buttons, tells only that player 2 has answered.
    svg = state.game.render_svg(state.observation(2))
    assert "P2 answered" in svg
    assert "P2 follow" not in svg and "your answer" not in svg
    play(state, "stay")
    for viewer in (None, 0, 1, 2):
        assert keyed(picture(state, viewer), "button:") == []


def test_every_target_key_is_a_known_kind():
    state = group_pending()
    for a in (A.FACE + 3, A.TAKE, A.ROTATE + 3, A.FOLLOW, A.STAY, A.CELL + A.pack(-2, 5)):
        assert state.action_targets(a) == (
            {
                A.FACE + 3: "face:west",
                A.TAKE: "market:1",
                A.ROTATE + 3: "rot:270",
                A.FOLLOW: "button:follow",
                A.STAY: "button:stay",
                A.CELL + A.pack(-2, 5): "cell:-2,5",
            }[a],
        )
    assert state.action_targets(A.FIRST) == ()
    assert state.action_targets(A.DRAW) == ()
