"""The seat-numbering convention for people, checked the same way in every game.

Texts meant for people (the text and SVG views, move-log texts, illegal-move reasons)
name players from 1: "player 1", "Player 2", "P1". Seat indexes from 0 stay in the
machine interfaces: ``current_player()``, observations, notation and records.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import meeple
from meeple.core import CHANCE, IllegalActionError, State

SEAT_ZERO = re.compile(r"\b(?:[Pp]layer|[Ss]eat) 0\b|\bP0\b")
"""A player numbered from 0 the way people read it ("player 0", "Seat 0", "P0")."""


def seat_label(n: int) -> re.Pattern[str]:
    """Player ``n`` (counted from 1) in any of the styles: "player n", "Player n", "Pn"."""
    return re.compile(rf"\b(?:[Pp]layer {n}|P{n})\b")


def svg_words(picture: str) -> str:
    """The words a person reads in a picture: its text labels and tooltips (not the
    attributes, where seat indexes are click targets for the program)."""
    root = ET.fromstring(picture)
    parts = [
        "".join(e.itertext()) for e in root.iter() if str(e.tag).split("}")[-1] in ("text", "title")
    ]
    # The tooltips the page shows on hover (what a piece is and does).
    parts += [e.attrib["data-tip"] for e in root.iter() if "data-tip" in e.attrib]
    return "\n".join(parts)


def assert_counts_from_one(text: str) -> None:
    m = SEAT_ZERO.search(text)
    assert m is None, f"a player counted from 0: {text[max(0, m.start() - 80) : m.end() + 80]!r}"


def assert_names_both_players(text: str) -> None:
    """A two-player text names player 1 and player 2 and no player 0 (nor a player 3)."""
    assert_counts_from_one(text)
    assert seat_label(1).search(text), text
    assert seat_label(2).search(text), text
    assert not seat_label(3).search(text), text


def views(state: State) -> list[str]:
    """Every view of ``state`` a person may get: the text and the picture of each seat and
    of a spectator."""
    out = []
    for viewer in (None, *range(state.game.players)):
        out.append(state.render_text(viewer))
        out.append(svg_words(state.render_svg(viewer)))
    return out


def check_a_random_game(game_id: str, seed: int, stride: int, **options: Any) -> State:
    """Play a seeded two-player game at random. Every move-log text and every refused
    move's reason counts players from 1; so do all views every ``stride`` steps and at
    the end. Returns the finished state."""
    state = meeple.load(game_id, players=2, **options).new_initial_state()
    rng = random.Random(seed)
    poke = random.Random(seed + 1)  # the refused moves, apart from the game's own RNG
    step = 0
    while not state.is_terminal():
        if step % stride == 0:
            for text in views(state):
                assert_counts_from_one(text)
            # A refused move (the state stays as it was) says why, naming the player.
            legal = set(state.legal_actions())
            wrong = poke.randrange(state.game.num_distinct_actions())
            if wrong not in legal:
                try:
                    state.apply_action(wrong)
                except IllegalActionError as e:
                    # The list of legal moves after "Legal:" is notation, which may hold a
                    # seat index (Queensland's "first player 0"); the reason is words.
                    assert_counts_from_one(str(e).split(". Legal: ")[0])
                else:
                    raise AssertionError(f"{wrong} is not legal but was applied")
        actor = state.current_player()
        if actor == CHANCE:
            action = meeple.sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        for viewer in (None, 0, 1):
            logged = state.action_seen_by(viewer, actor, action)
            if logged is not None:
                assert_counts_from_one(logged)
        step += 1
    for text in views(state):
        assert_names_both_players(text)
    return state
