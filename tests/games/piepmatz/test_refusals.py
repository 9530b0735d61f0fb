"""Piepmatz's collect and crow rules are written once: the birds offered are exactly those
the rule's mask holds, and a refused one is refused in the rule's words."""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.core import IllegalActionError
from tests.play import random_decisions


@pytest.mark.parametrize("players", [2, 4])
def test_collect_and_crow_offer_what_their_rule_allows_and_refuse_the_rest(players):
    game = meeple.load("piepmatz", players=players)
    t = game.rules
    checked = {"collect": 0, "crow": 0}
    for state, d in random_decisions(game, range(12)):
        s: Any = state  # the rule's masks are the state's own (read, never written)
        if d.kind in checked:
            checked[d.kind] += 1
            if d.kind == "collect":
                base, allowed = t.COLLECT, s._collectable(d.player, d.info)
                held, words = s.hands[d.player], f"worth more than the {d.info} you played"
            else:
                base, allowed = t.CROW, s._crow_targets(d.player)
                held, words = s.birds[d.player], "the species you hold most of"
            legal = set(state.legal_actions())
            for c in range(len(t.card_name)):
                assert (allowed >> c & 1 == 1) == (base + c in legal), (d, c)
                if held >> c & 1 and not allowed >> c & 1:
                    with pytest.raises(IllegalActionError, match=words):
                        state.clone().apply_action(base + c)
    assert checked["collect"] > 5 and checked["crow"] > 0, checked
