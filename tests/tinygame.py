"""A tiny game that lives in the tests only, to prove the core before the real games.

Each player is dealt one hidden card from a deck of 1-4 (two of each). In turn,
each player keeps or swaps (a swap discards face up and draws a new hidden card),
then bets 1 or 2. At the end: the card value, plus the bet if the card is 3 or
more, minus it otherwise. It exercises chance over a multiset, hidden hands,
determinisation and a compound turn of two decisions.
"""

from __future__ import annotations

import random
from typing import Any

from meeple.core import CHANCE, Decision, Game, GameInfo, OptionSpec, State, multiset_outcomes

KEEP, SWAP, BET1, BET2 = 0, 1, 2, 3
CARD0 = 4  # actions 4..7: the chance outcome "card 1".."card 4"


class TinyState(State):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = game.players
        self.deck = [0, 2, 2, 2, 2] if not game.options["short_deck"] else [0, 1, 1, 1, 1]
        self.hands = [0] * n
        self.bets = [0] * n
        self.discards: list[int] = []
        # Deal from the last player to the first so player 0 is dealt first.
        for p in reversed(range(n)):
            self.push("turn", p)
        for p in reversed(range(n)):
            self.push("deal", CHANCE, p)

    def _outcomes_deal(self, d: Decision) -> list[tuple[int, float]]:
        return multiset_outcomes((CARD0 + v - 1, self.deck[v]) for v in range(1, 5))

    def _apply_deal(self, d: Decision, action: int) -> None:
        v = action - CARD0 + 1
        self.deck[v] -= 1
        self.hands[d.info] = v

    def _legal_turn(self, d: Decision) -> list[int]:
        return [KEEP, SWAP] if sum(self.deck) else [KEEP]

    def _apply_turn(self, d: Decision, action: int) -> None:
        self.push("bet", d.player)
        if action == SWAP:
            self.discards.append(self.hands[d.player])
            self.hands[d.player] = 0
            self.push("deal", CHANCE, d.player)

    def _legal_bet(self, d: Decision) -> list[int]:
        return [BET1, BET2]

    def _apply_bet(self, d: Decision, action: int) -> None:
        self.bets[d.player] = 1 if action == BET1 else 2

    def _scores(self) -> list[dict[str, int]]:
        out = []
        for p in range(self.game.players):
            card, bet = self.hands[p], self.bets[p]
            wager = bet if card >= 3 else -bet
            out.append({"card": card, "wager": wager, "total": card + wager})
        return out

    def _rank_key(self, player: int, scores: Any) -> tuple[Any, ...]:
        return (scores[player]["total"], scores[player]["card"])

    def _observation(self, player: int | None) -> dict[str, Any]:
        over = self.is_terminal()
        return {
            "hands": [
                v if (over or p == player) else (None if v else 0) for p, v in enumerate(self.hands)
            ],
            "bets": list(self.bets),
            "discards": list(self.discards),
            "deck_size": sum(self.deck),
            "to_move": self.current_player(),
        }

    def _determinize(self, player: int, rng: random.Random) -> State:
        if self.is_terminal():
            return self.clone()  # every hand is shown at the end: nothing to re-deal
        other = self.clone()
        assert isinstance(other, TinyState)
        pool = [v for v in range(1, 5) for _ in range(self.deck[v])]
        hidden = [p for p in range(self.game.players) if p != player and self.hands[p]]
        pool += [self.hands[p] for p in hidden]
        # Sorted first: the re-deal must depend on what the player sees and the rng
        # only, never on where the hidden cards really are.
        pool.sort()
        rng.shuffle(pool)
        other.deck = [0, 0, 0, 0, 0]
        for p in hidden:
            other.hands[p] = pool.pop()
        for v in pool:
            other.deck[v] += 1
        return other

    def _check_invariants(self) -> None:
        each = 1 if self.game.options["short_deck"] else 2
        assert all(0 <= v <= 4 for v in self.hands), f"a hand holds {self.hands}"
        for v in range(1, 5):
            held = self.deck[v] + self.hands.count(v) + self.discards.count(v)
            assert held == each, f"{held} cards of value {v}, not {each}"

    def _action_target(self, action: int) -> str | None:
        # Each choice is a labelled control in the picture (see TinyGame.render_svg).
        return None if action >= CARD0 else f"button:{action}"

    def _explain_illegal(self, action: int) -> str | None:
        if action == SWAP and not sum(self.deck):
            return "the deck is empty, so there is nothing to swap for"
        return None


class TinyGame(Game):
    info = GameInfo(
        id="tiny",
        name="Tiny",
        min_players=2,
        max_players=3,
        version=1,
        options=(OptionSpec("short_deck", False, (False, True), "one card of each value", bool),),
        variants=({"short_deck": True},),
    )
    state_class = TinyState

    def num_distinct_actions(self) -> int:
        return 8

    def max_game_length(self) -> int:
        return 4 * self.players

    def action_name(self, action: int) -> str:
        if action >= CARD0:
            return f"card {action - CARD0 + 1}"
        return ("keep", "swap", "bet 1", "bet 2")[action]

    def render_text(self, observation: Any) -> str:
        hands = " ".join("?" if v is None else str(v) for v in observation["hands"])
        return f"hands: {hands}  bets: {observation['bets']}"

    def render_svg(self, observation: Any, layout: str = "wide") -> str:
        controls = "".join(
            f'<g data-target="button:{a}"><rect x="{10 + 70 * a}" y="30" width="60" '
            f'height="26" rx="5" fill="#e6f2ee" stroke="#2f6f5e"/>'
            f'<text x="{18 + 70 * a}" y="48">{self.action_name(a)}</text></g>'
            for a in range(CARD0)
        )
        return (
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 300 64'>"
            f"<text x='10' y='18'>{self.render_text(observation)}</text>{controls}</svg>"
        )


GAME = TinyGame
