"""The message for a text that is not a move, checked the same way in every game.

It is one or two full sentences ending with a full stop (the CLI writes its own sentence
after it), and it shows two or three real moves of the game's notation that a player
types: decisions, never chance outcomes. The docs page is at most a secondary hint.
"""

from __future__ import annotations

import random
import re

import pytest

import meeple
from meeple.core import CHANCE, NotationError

QUOTED = re.compile(r"'([^']+)'")


def check_not_a_move(game_id: str, bad: str, players: int = 2, seed: int = 1) -> list[str]:
    """Check the message ``bad`` gets; returns the example moves it shows."""
    game = meeple.load(game_id, players=players)
    state = game.new_initial_state()
    with pytest.raises(NotationError) as caught:
        state.string_to_action(bad)
    message = str(caught.value)
    assert message.startswith(f"{bad!r} is not a move in {game.info.name} notation. "), message
    assert message.endswith(")."), message
    assert message.count(". ") == 1, f"not one or two sentences: {message}"
    assert "(see docs/" not in message
    assert f"the game's notation in docs/games/{game_id}.md" in message
    examples = QUOTED.findall(message.split(" notation. ", 1)[1])
    assert 2 <= len(examples) <= 3, message
    ids = [game.parse_action(text) for text in examples]  # real moves of the notation
    # None of them is a chance outcome (a draw, a reveal) in a seeded random game.
    rng = random.Random(seed)
    chance: set[int] = set()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            chance.update(a for a, _ in state.chance_outcomes())
            state.apply_action(meeple.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert not chance & set(ids), [game.action_name(a) for a in chance & set(ids)]
    return examples
