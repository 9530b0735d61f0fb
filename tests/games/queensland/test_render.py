"""The text and SVG views: drawn from an observation, readable, and never telling more."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import meeple
from meeple.boardgames.queensland import actions as A
from meeple.boardgames.queensland.render import WIDE
from tests.games.notation import check_not_a_move
from tests.games.queensland.helpers import (
    at_first_turn,
    names,
    play,
    put_by_hand,
    with_tile,
    with_toads,
)
from tests.games.seats import assert_names_both_players, check_a_random_game, svg_words


def group_pending():
    state = at_first_turn(3, market=("T09", "T21", "T31"))
    state = with_tile(state, 0, 2, 1, "T01", rot=3, toads=2)
    for p in (1, 2):
        state = with_toads(state, p, 0, 0, 1)
    play(state, "take 3", "place 1,-1", "rotate 180", "follow")
    return state


def test_the_text_view_shows_whose_turn_the_market_and_each_farm():
    state = at_first_turn(2, market=("T09", "T21", "T39"))
    text = state.game.render_text(state.observation(0))
    assert "turn 1: player 1 to take a market tile" in text
    assert "space 3 (+3 toads): T39 (N:c E:w S:. W:., pond, single arrow E, 1 tractor)" in text
    assert "Player 2 (farm faces north): 0 points, 0 toads" in text
    assert "cA      wwB    Sc." in text  # start tiles A and B side by side


def test_views_keep_a_pending_group_answer_hidden():
    state = group_pending()
    assert state.current_player() == 2
    mine = state.game.render_text(state.observation(1))
    theirs = state.game.render_text(state.observation(2))
    assert "player 2: answered" in theirs  # seat 1 is player 2
    assert "your answer" not in theirs and "player 2: follow" not in theirs
    assert "your answer: follow" in mine
    svg = state.game.render_svg(state.observation(2))
    assert "P2 answered" in svg and "your answer" not in svg


def test_the_svg_view_is_a_labelled_picture():
    state = group_pending()
    for layout in ("wide", "narrow"):
        svg = state.game.render_svg(state.observation(None), layout)
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        # Tooltips are data-tip attributes (the page shows them), never <title>s.
        assert not list(root.iter("{http://www.w3.org/2000/svg}title"))
        tips = [e.get("data-tip") for e in root.iter() if e.get("data-tip")]
        for start in ("Pond:", "Group arrow south:", "2 toads:", "Cow:"):
            assert any(t.startswith(start) for t in tips), start
        assert "player 3 to follow the group move or stay" in svg_words(svg).replace("\n", " ")
        # The final scores appear only at the end.
        assert "Final scores" not in svg


def test_views_show_a_player_who_was_not_asked():
    state = at_first_turn(3, market=("T09", "T21", "T31"))
    state = with_toads(state, 1, 0, 1, 2)  # on C: nothing south of it, so seat 1 is not asked
    state = with_toads(state, 2, 0, 0, 1)
    play(state, "take 3", "place 1,-1", "rotate 180")
    assert state.current_player() == 2
    for viewer in (None, 0, 1, 2):
        text = state.game.render_text(state.observation(viewer))
        assert "player 2: not asked, player 3: waiting" in text
        svg = state.game.render_svg(state.observation(viewer))
        assert "P2 not asked, P3 waiting" in svg


def test_texts_for_people_count_players_from_one():
    state = at_first_turn(2, first=1)  # seat 1 was drawn to start
    text = state.render_text(0)
    assert "turn 1: player 2 to take a market tile (player 2 started)" in text
    assert "\nPlayer 1 (farm faces north)" in text and "\nPlayer 2 (farm faces north)" in text
    words = svg_words(state.render_svg(None))
    assert "player 2 started" in words
    assert "Player 1\n0 points, 0 toads, farm faces north\n" in words
    assert "Player 2: to move\n0 points, 0 toads, farm faces north\n" in words
    assert_names_both_players(text)
    assert_names_both_players(words)
    # The notation keeps the seat index; the move log words it for people.
    assert state.action_to_string(A.FIRST + 1) == "first player 1"
    assert state.action_seen_by(None, meeple.CHANCE, A.FIRST + 1) == "player 2 starts"
    check_a_random_game("queensland", seed=1, stride=3)


# -- clicking the picture ------------------------------------------------------------


def drawn_targets(state, viewer):
    return re.findall(r'data-target="([^"]*)"', state.game.render_svg(state.observation(viewer)))


def chosen_by(state, target):
    """The legal actions a click on ``target`` chooses."""
    return [
        state.action_to_string(a) for a in state.legal_actions() if state.action_target(a) == target
    ]


def test_a_market_tile_is_taken_by_clicking_its_space():
    state = at_first_turn(2, market=("T09", "T21", "T30"))
    assert [state.action_target(a) for a in state.legal_actions()] == [
        "market:1",
        "market:2",
        "market:3",
    ]
    # While taking, only the market is clickable: no cells are outlined yet.
    assert drawn_targets(state, 0) == ["market:1", "market:2", "market:3"]
    assert chosen_by(state, "market:2") == ["take 2"]
    assert state.action_to_json(A.TAKE + 2) == {
        "id": A.TAKE + 2,
        "text": "take 3",
        "target": "market:3",
        "targets": ["market:3"],
    }


def test_only_market_spaces_whose_tile_fits_can_be_clicked():
    state = at_first_turn(market=("T01", "T02", "T38"))
    # Left as it was, written by hand: the open cells cut down to the hole alone (and the
    # same tile put twice), which no farm of the game has (the check: "a farm tile is in
    # two places", "player 0's open cells are out of date").
    hole = A.pack(5, 5)
    put_by_hand(state, 0, 5, 4, "T18")
    put_by_hand(state, 0, 6, 5, "T12")
    put_by_hand(state, 0, 5, 6, "T18")
    put_by_hand(state, 0, 4, 5, "T12")
    state.open[0] = {hole: state._key(state.tiles[0], hole)}
    state._legal_cache = None
    assert names(state) == ["take 3"]
    assert chosen_by(state, "market:3") == ["take 3"]
    assert chosen_by(state, "market:1") == []
    assert "market:3" in drawn_targets(state, 0)


def test_the_cells_where_the_chosen_tile_fits_are_outlined_and_clicked_to_place_it():
    state = at_first_turn(2, market=("T09", "T21", "T30"))
    play(state, "take 1")
    cells = {"cell:0,-1", "cell:1,-1", "cell:-1,0", "cell:2,0", "cell:-1,1", "cell:2,1"}
    assert {state.action_target(a) for a in state.legal_actions()} == cells
    drawn = drawn_targets(state, 0)
    # Each legal cell once; (0,2) and (1,2) touch the farm but T09 fits there in no
    # rotation (C and D show wheat to the south).
    assert sorted(t for t in drawn if t.startswith("cell:")) == sorted(cells)
    assert "cell:0,2" not in drawn and "cell:1,2" not in drawn
    assert chosen_by(state, "cell:2,0") == ["place 2,0"]
    assert state.observation(0)["selected"]["cells"] == [
        [0, -1],
        [1, -1],
        [-1, 0],
        [2, 0],
        [-1, 1],
        [2, 1],
    ]
    json = [state.action_to_json(a) for a in state.legal_actions()]
    assert {
        "id": A.CELL + A.pack(2, 0),
        "text": "place 2,0",
        "target": "cell:2,0",
        "targets": ["cell:2,0"],
    } in json
    # Once the cell is chosen, no cell is outlined any more: the tile is turned there.
    play(state, "place 2,0")
    assert [state.action_target(a) for a in state.legal_actions()] == ["rot:0", "rot:90"]
    assert not [t for t in drawn_targets(state, 0) if t.startswith("cell:")]
    assert drawn_targets(state, 0) == ["market:1", "market:2", "market:3", "rot:0", "rot:90"]


def test_the_outlines_are_drawn_on_the_farm_of_the_player_placing():
    state = at_first_turn(2, market=("T09", "T21", "T30"), first=1)
    play(state, "take 1")
    assert state.current_player() == 1
    root = ET.fromstring(state.game.render_svg(state.observation(1)))
    outlines = [e for e in root.iter() if e.get("data-target", "").startswith("cell:")]
    assert len(outlines) == 6
    assert all(
        float(e.get("x")) > WIDE.width / 2 for e in outlines
    )  # player 1's farm is on the right


def test_an_outlined_cell_may_lie_beyond_the_farm_drawn_so_far():
    state = at_first_turn(market=("T49", "T21", "T30"))
    state = with_tile(state, 0, 5, 5, "T50")  # apart, far to the south-east
    play(state, "take 1")
    assert "cell:5,4" in drawn_targets(state, 0)
    assert "cell:6,5" in drawn_targets(state, 0)


def test_facing_rotations_and_group_answers_are_clicked_on_the_picture():
    state = meeple.load("queensland", players=2).new_initial_state()
    play(state, "draw T09", "draw T21", "draw T30")  # the market comes first
    assert [state.action_target(a) for a in state.legal_actions()] == [
        "face:north",
        "face:east",
        "face:south",
        "face:west",
    ]
    assert state.action_to_json(A.FACE) == {
        "id": A.FACE,
        "text": "face north",
        "target": "face:north",
        "targets": ["face:north"],
    }
    # The market is dealt before the farms face (setup steps 4 and 7), so it is drawn
    # too, as in every picture; only the arrows are the facing player's.
    market = ["market:1", "market:2", "market:3"]
    assert drawn_targets(state, 0) == [
        *market,
        "face:north",
        "face:east",
        "face:south",
        "face:west",
    ]
    assert drawn_targets(state, 1) == market  # not player 2's decision
    state = group_pending()
    assert names(state) == ["follow", "stay"]
    assert [state.action_target(a) for a in state.legal_actions()] == [
        "button:follow",
        "button:stay",
    ]
    assert drawn_targets(state, 2) == ["market:1", "market:2", "button:follow", "button:stay"]
    # Player 2 has answered and it is player 3's turn: no buttons in player 2's picture.
    assert drawn_targets(state, 1) == ["market:1", "market:2"]


def test_a_text_that_is_not_a_move_shows_moves_a_player_types():
    assert check_not_a_move("queensland", "place 0, -1") == ["take 2", "place -1,0", "rotate 180"]


def test_the_chosen_cell_is_drawn_as_the_text_says():
    state = at_first_turn(2, market=("T09", "T21", "T30"))
    play(state, "take 1", "place 2,0")
    text = state.game.render_text(state.observation(1))
    assert "Chosen: the tile on space 1 (T09) for cell 2,0 (its corners marked * in the farm)" in (
        text
    )
    assert "??" not in text
    farm = text.split("Player 1 (")[1].split("Player 2 (")[0].splitlines()
    # Cell 2,0 is east of the start block: its corners are *, the tile's id inside.
    corners = [line for line in farm if line.endswith("+*       *")]
    assert len(corners) == 2
    row = farm.index(corners[0]) + 1
    assert farm[row].startswith("   0 ") and farm[row].endswith(" T09")
    # The other farm, not placing, shows no mark.
    assert "*" not in text.split("Player 2 (")[1].split("Legend")[0]


def _layout(state, viewer, layout="wide"):
    """The picture's size and where each laid tile is drawn (farm by farm, in drawing
    order): what must not move while no tile is laid. The narrow picture tells last
    turn's story under the farms, so only its height may change."""
    obs = state.observation(viewer)
    root = ET.fromstring(state.game.render_svg(obs, layout))
    placed: list[tuple[str | None, str | None, str | None]] = []

    def walk(e: ET.Element) -> None:
        for child in e:
            if child.get("data-target"):  # the market, the tile being turned: not laid
                continue
            if child.get("data-tile"):
                corner = next(child.iter("{http://www.w3.org/2000/svg}rect"))
                placed.append((child.get("data-tile"), corner.get("x"), corner.get("y")))
                continue
            walk(child)

    walk(root)
    assert placed, "no laid tile drawn"
    height = root.get("height") if layout == "wide" else None
    return root.get("width"), height, placed


def test_the_farms_stay_put_between_the_decisions_of_a_turn():
    """Outlining the free cells (place) or turning the tile at its cell (rotate) never
    moves a farm nor resizes the picture under the player's pointer: between take,
    place and rotate (and any two decisions with no tile laid in between) every laid
    tile is drawn where it was, in every viewer's picture."""
    compared = {"take": 0, "place": 0, "rotate": 0}
    for players, seed in ((2, 1), (2, 2), (3, 3)):
        state = meeple.load("queensland", players=players).new_initial_state()
        rng = random.Random(seed)
        before = None  # (farms, layouts) at the previous player's decision
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(meeple.sample_chance(state, rng))
                continue
            obs = state.observation(None)
            farms = [[t[:3] for t in farm["tiles"]] for farm in obs["farms"]]
            if not all(farms):  # before the start farms are laid
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            layouts = [
                _layout(state, v, layout)
                for v in (None, *range(players))
                for layout in ("wide", "narrow")
            ]
            if before is not None and before[0] == farms:
                assert layouts == before[1], f"turn {obs['turn']}: {obs['decision']}"
                compared[obs["decision"]] = compared.get(obs["decision"], 0) + 1
            before = (farms, layouts)
            state.apply_action(rng.choice(state.legal_actions()))
    assert compared["place"] > 20 and compared["rotate"] > 20


def test_the_text_view_explains_the_start_tile_letters_and_counts_one_toad():
    text = at_first_turn(2, market=("T09", "T21", "T30")).render_text(0)
    assert "space 1 (+1 toad):" in text and "space 2 (+2 toads):" in text
    assert "A-D the player's four start tiles" in text
