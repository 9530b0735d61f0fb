"""The backs dealt at setup (ruling 1, version 3), and rules reached through played games:
every position here comes from the start, by chance outcomes and moves in notation."""

from __future__ import annotations

import json
import random
import re
from importlib.resources import files
from pathlib import Path

import pytest

import meeple
from meeple.core import CHANCE, IllegalActionError, RecordError
from meeple.core.perft import load_perft_file
from meeple.core.record import Record, game_of, record_of, replay
from tests.games.croa.helpers import FIXED_ROWS, frogs_on, names, play, sq, start

# The fixed layout with a7 (P4's start servant in a 4-player game) in deep water A and
# b5 in shallow water instead: every back keeps its number of squares.
A7_DEEP = (
    "SSSSSSSS",
    "AAAABBBS",
    "SAAABBBS",
    "SSASSBBS",
    "SAASSBBS",
    "SAAABBBS",
    "SAAABBBS",
    "SSSSSSSS",
)


def _backs(s: meeple.State) -> dict[str, str | None]:
    return {q["square"]: q["back"] for q in s.observation(None)["squares"]}


# -- the deal (ruling 1) ----------------------------------------------------------------


def test_the_backs_are_dealt_square_by_square_as_the_shuffle_makes_them():
    s = meeple.load("croa", players=2).new_initial_state()
    assert s.current_player() == CHANCE
    assert s.observation(None)["decision"] == "lay"
    assert all(b is None for b in _backs(s).values())
    assert s.observation(None)["frogs"][0]["queen"] is None  # frogs come once it is laid
    odds = {s.action_to_string(a): p for a, p in s.chance_outcomes()}
    assert odds == pytest.approx(
        {"lay shallow": 32 / 64, "lay deep-a": 16 / 64, "lay deep-b": 16 / 64}
    )
    play(s, "lay deep-a")  # a1, the first player's queen's square
    odds = {s.action_to_string(a): p for a, p in s.chance_outcomes()}
    assert odds == pytest.approx(
        {"lay shallow": 32 / 63, "lay deep-a": 15 / 63, "lay deep-b": 16 / 63}
    )
    # a back whose squares are all laid is no longer an outcome
    rows = ("SSSSSSSS",) * 4 + ("BBBBBBBB",) * 2 + ("AAAAAAAA",) * 2
    s = meeple.load("croa", players=2).new_initial_state()
    for text in ["lay deep-a"] * 16:
        play(s, text)
    assert "lay deep-a" not in [s.action_to_string(a) for a, _ in s.chance_outcomes()]
    with pytest.raises(IllegalActionError, match="no square of that back is left to lay"):
        play(s, "lay deep-a")
    s = start(2, rows)
    assert _backs(s)["a1"] == "deep-a" and _backs(s)["h8"] == "shallow"
    assert s.current_player() == 0 and names(s)[0] == "Qa1-b2"


def test_every_back_is_dealt_everywhere_including_the_start_tiles():
    """The rulebook shuffles the tiles: any square, a start square or the outer ring,
    may lie in deep water (no square always shallow, as with the old fixed layout)."""
    game = meeple.load("croa", players=4)
    rng = random.Random(3)
    seen: dict[str, set[str]] = {}
    for _ in range(60):
        s = game.new_initial_state()
        while s.current_player() == CHANCE:
            s.apply_action(meeple.sample_chance(s, rng))
        s.check_invariants()
        backs = _backs(s)
        assert list(backs.values()).count("shallow") == 32
        for name, back in backs.items():
            seen.setdefault(name, set()).add(str(back))
    assert all(len(v) == 3 for v in seen.values()), [k for k, v in seen.items() if len(v) < 3]


def test_the_record_holds_the_deal_and_replays_it():
    s = start(3, A7_DEEP)
    play(s, "Qa1-b2", "reveal reeds")
    rec = record_of(s)
    assert rec.actions[:3] == ["lay shallow"] * 3 and len(rec.actions) == 66
    assert rec.options == {"pond": "three_backs", "backs": "dealt"}
    again = replay(Record.loads(rec.dumps()))
    assert _backs(again) == _backs(s) and again.observation(None) == s.observation(None)


def test_determinize_keeps_the_backs_laid_and_to_lay():
    s = meeple.load("croa", players=2).new_initial_state()
    play(s, "lay deep-b", "lay shallow")
    d = s.determinize(0, random.Random(1))
    assert d.observation(0) == s.observation(0)
    s = start(2, A7_DEEP)
    assert s.determinize(1, random.Random(2)).observation(1) == s.observation(1)


def test_backs_fixed_keeps_the_component_layout_without_chance():
    s = meeple.load("croa", players=2, backs="fixed").new_initial_state()
    assert s.current_player() == 0
    assert _backs(s) == _backs(start(2, FIXED_ROWS))
    classic = meeple.load("croa", players=2, pond="classic").new_initial_state()
    assert classic.current_player() == 0  # one back: nothing to deal
    assert set(_backs(classic).values()) == {"pond"}


def test_a_record_of_version_2_is_refused_by_name():
    rec = Record.from_json(
        {
            "format": "meeple.record/1",
            "game": "croa",
            "game_version": 2,
            "players": 2,
            "options": {"pond": "three_backs"},
            "actions": ["Qa1-b2", "reveal reeds"],
        }
    )
    with pytest.raises(RecordError, match="version 2; this engine plays version 3"):
        game_of(rec)


def test_the_golden_game_is_dealt_then_won_by_the_last_queen_standing():
    # tests/conformance/test_golden.py replays it and plays its seed again.
    record = Record.loads(Path(__file__).with_name("golden.json").read_text(encoding="utf-8"))
    assert record.options == {"pond": "three_backs", "backs": "dealt"}
    assert [a.split()[0] for a in record.actions[:64]] == ["lay"] * 64  # the deal
    state = replay(record)
    assert state.is_terminal() and record.result is not None
    assert state.ranks() == record.result["ranks"] == [3, 2, 1]
    assert state.observation(None)["end"] == "last queen standing"


def test_a_dealt_pond_is_counted_from_its_deal():
    # The perft positions of a dealt pond (tests/conformance/test_perft.py counts them)
    # start with the deal; every other position has the component file's layout.
    positions = load_perft_file(Path(__file__).with_name("perft.json")).positions
    dealt = [p for p in positions if p.options.get("backs", "dealt") == "dealt"]
    dealt = [p for p in dealt if p.options.get("pond", "three_backs") == "three_backs"]
    assert dealt
    for pos in dealt:
        assert all(a.startswith("lay ") for a in pos.actions[:64]), pos.name


# -- rules through played games -----------------------------------------------------------


def test_a_lily_bounce_that_captures():
    """A frog bouncing off a water lily onto an enemy frog eliminates it, then that tile
    acts (reeds: nothing, the turn ends)."""
    s = start(2)
    play(s, "Sa2-a3", "reveal reeds", "Sh7-g6", "reveal reeds")
    play(s, "Sa3-a4", "reveal reeds", "Sg6-f5", "reveal reeds")
    play(s, "Sa4-a5", "reveal reeds", "Sf5-e4", "reveal reeds")
    play(s, "Sa5-a6", "reveal reeds", "Se4-d3", "reveal reeds")
    assert frogs_on(s, "d3") == ["S2"]
    play(s, "Sb1-c2", "reveal lily")
    assert s.pending[-1].kind == "bounce" and "Sc2-d3" in names(s)
    assert "Sc2-b1" not in names(s)  # not back where it came from
    words = s.action_words(s.string_to_action("Sc2-d3"))
    assert words.startswith("bounces a servant off the water lily on c2 onto the reeds on d3")
    assert "takes P2's servant" in words
    play(s, "Sc2-d3")
    assert frogs_on(s, "d3") == ["S1"] and frogs_on(s, "c2") == []
    assert s.observation(None)["frogs"][1]["servants"] == ["g8"]
    assert s.current_player() == 1
    s.check_invariants()


def test_a_four_player_game_goes_on_after_one_player_is_out():
    s = start(4)
    play(s, "Qa1-b2", "reveal pike")  # b2 lies in deep water A
    obs = s.observation(None)
    assert not obs["frogs"][0]["in_game"] and obs["frogs"][0]["servants"] == []
    assert [q["frogs"] for q in obs["squares"] if q["square"] in ("a1", "a2", "b1")] == [[]] * 3
    assert s.current_player() == 1 and not s.is_terminal()
    assert "P1 (red) OUT, went out 1st" in s.render_text(None)
    assert "P2 (blue) in, 1 rival out" in s.render_text(None)
    play(s, "Sh2-h3", "reveal reeds")
    assert s.current_player() == 2
    play(s, "Sh7-h6", "reveal reeds")
    assert s.current_player() == 3
    play(s, "Sa7-a6", "reveal reeds")
    assert s.current_player() == 1  # P1 is skipped from now on
    play(s, "Sh3-h4", "reveal mud")
    play(s, "Sh6-h5", "reveal reeds")
    play(s, "Sa6-a5", "reveal reeds")
    assert s.current_player() == 1 and s.observation(None)["turns"] == 7
    assert [sc["outlasted"] for sc in s.scores()] == [0, 1, 1, 1]
    s.check_invariants()


def test_a_bounce_onto_a_face_down_start_tile_turns_it_up_then_captures():
    """With dealt backs a start square may lie in deep water: a7 here. A servant bouncing
    onto P4's servant there turns the tile up first (ruling 5): it is a pike, so the
    servant takes P4's and is then eaten."""
    s = start(4, A7_DEEP)
    assert _backs(s)["a7"] == "deep-a" and s.observation(None)["squares"][sq("a7")]["tile"] is None
    fillers = {
        1: ["Sg1-f1", "reveal male-red", "Sf1-e1", "reveal male-blue", "Se1-d1", "reveal log"],
        2: ["Sg8-f8", "reveal reeds", "Sf8-e8", "reveal reeds", "Se8-d8", "reveal reeds"],
        3: ["Sb8-c8", "reveal reeds", "Sc8-c7", "reveal reeds", "Sc7-d7", "reveal reeds"],
    }
    for k, square in enumerate(("a3", "a4", "a5")):
        play(s, f"Sa{k + 2}-{square}", "reveal reeds")
        for p in (1, 2, 3):
            play(s, *fillers[p][2 * k : 2 * k + 2])
    play(s, "Sa5-a6", "reveal lily")
    assert "Sa6-a7" in names(s)  # onto the enemy's face-down start tile
    play(s, "Sa6-a7")
    assert s.current_player() == CHANCE and s.observation(None)["reveal_square"] == "a7"
    odds = dict((s.action_to_string(a), p) for a, p in s.chance_outcomes())
    assert odds["reveal pike"] == pytest.approx(2 / 14)  # deep water A, less c7 and d7
    play(s, "reveal pike")
    assert frogs_on(s, "a7") == [] and s.observation(None)["squares"][sq("a7")]["tile"] == "pike"
    obs = s.observation(None)
    assert obs["frogs"][3]["servants"] == ["d7"] and obs["frogs"][3]["queen"] == "a8"
    assert obs["frogs"][0]["servants"] == ["b1"]
    assert s.current_player() == 1
    s.check_invariants()


def test_a_bounce_onto_your_own_start_tile_left_behind_turns_it_up():
    s = start(2)
    play(s, "Sa2-a3", "reveal reeds", "Sh7-h6", "reveal reeds")
    play(s, "Sb1-b2", "reveal lily")
    assert "Sb2-a2" in names(s) and "Sb2-a1" not in names(s)  # a1 holds the queen
    play(s, "Sb2-a2")
    assert s.current_player() == CHANCE and s.observation(None)["reveal_square"] == "a2"
    play(s, "reveal mud")
    assert s.observation(None)["squares"][sq("a2")]["frogs"][0]["stuck"] is True


def test_a_mosquito_move_into_mud_onto_an_enemy():
    """A mosquito lends a jump to another frog; it lands on an enemy servant stuck in mud:
    the enemy is eliminated, then the mud holds the jumper, and the turn ends."""
    s = start(2)
    walk = [
        ("Sa2-a3", "Sh7-g6"),
        ("Sa3-a4", "Sg6-f5"),
        ("Sa4-a5", "Sf5-e4"),
        ("Sa5-a6", "Se4-d3"),
        ("Sa6-a7", "Sd3-d2"),
    ]
    for mine, theirs in walk:
        play(s, mine, "reveal reeds", theirs, "reveal reeds")
    play(s, "Qa1-b2", "reveal log")
    play(s, "Sd2-c1", "reveal mud")  # P2's servant, stuck in the mud next to b1
    assert s.observation(None)["squares"][sq("c1")]["frogs"][0]["stuck"] is True
    play(s, "Qb2-a2", "reveal mosquito")  # onto the empty face-down start tile a2
    assert s.pending[-1].kind == "mosquito" and "Sb1-c1" in names(s)
    words = s.action_words(s.string_to_action("Sb1-c1"))
    assert "(the mosquito's extra jump)" in words and "takes P2's servant" in words
    assert "stuck in the mud" in words
    play(s, "Sb1-c1")
    assert frogs_on(s, "c1") == ["S1"]
    assert s.observation(None)["squares"][sq("c1")]["frogs"][0]["stuck"] is True
    assert s.observation(None)["frogs"][1]["servants"] == ["g8"]
    assert s.current_player() == 1
    # the mud holds the servant through P1's next turn
    play(s, "Sg8-f8", "reveal reeds")
    assert not [m for m in names(s) if m.startswith("Sc1")]
    s.check_invariants()


# -- the pictures draw the game's own male colours ----------------------------------------


def test_the_male_legend_and_tokens_come_from_the_component_file(tmp_path: Path) -> None:
    data = json.loads(
        files("meeple.boardgames.croa").joinpath("components.json").read_text("utf-8")
    )
    colours = data["male_colours"]["colours"]
    colours[colours.index("purple")] = "violet"
    for mix in [b["tiles"] for b in data["backs"]] + [data["classic"]["tiles"]]:
        mix["male-violet"] = mix.pop("male-purple")
    path = tmp_path / "croa.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    s = start(2, components=str(path))
    text = s.render_text(None)
    assert "Mgr Mye Mre Mbl Mpi Mvi male green/yellow/red/blue/pink/violet" in text
    assert "purple" not in text
    picture = s.render_svg(None)
    assert "Violet male token" in picture and "Purple" not in picture
    default = start(2).render_text(None)
    assert "Mgr Mye Mre Mbl Mpi Mpu male green/yellow/red/blue/pink/purple" in default


def test_the_picture_of_a_pond_being_laid() -> None:
    s = meeple.load("croa", players=3).new_initial_state()
    play(s, "lay shallow", "lay deep-b")
    text = s.render_text(None)
    assert text.endswith("The pond is being laid face down: 2 of 64 tiles so far")
    assert " .  not laid yet" in text
    tips = re.findall(r'data-tip="([^"]*)"', s.render_svg(None))
    assert "c1: no tile laid here yet; the pond is being laid face down" in tips
    assert any(t.startswith("b1: ") and "deep" in t for t in tips)
    assert s.action_words(s.string_to_action("lay shallow")) == (
        "a tile of shallow water is laid face down on c1"
    )
