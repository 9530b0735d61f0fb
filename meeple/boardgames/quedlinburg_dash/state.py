"""The state of a race: animals on the path, bags, animal cards, rubies and clovers.

Decisions (kind, player, info):

``draw``   CHANCE, (player, new_turn): a chip comes out of ``player`` 's bag.
``white``  CHANCE, player: the white die (caterpillar yellow card).
``wood``   CHANCE, (player, rolls_left): the wood die (butterfly yellow card).
``shop``   player, colour mask of the chips bought so far on this visit.
``return`` player: put a food chip from the animal card back in the bag
           (caterpillar green card).
``take``   player, highest value allowed: take a chip from the reserve into the bag
           (butterfly orange card).

A new turn's ``draw`` pushes the next player's turn underneath its own follow-ups,
so the stack always holds the rest of this turn on top of the next turn. The game
ends (the stack is emptied) the moment an animal reaches the marketplace.
"""

from __future__ import annotations

import random
from operator import mul
from typing import Any

from meeple.core.api import CHANCE, JSON, Decision, Game, State
from meeple.core.kernels import shares

from .actions import (
    BLUE,
    BUY0,
    CHIP_NAMES,
    COLOURS,
    DONE,
    DRAW0,
    DREAM,
    GREEN,
    KIND_COLOUR,
    KIND_VALUE,
    N_KINDS,
    ORANGE,
    PURPLE,
    RED,
    RETURN0,
    TAKE0,
    WHITE,
    WHITE0,
    WOOD0,
    YELLOW,
    a_chip,
)
from .rules import (
    BUTTERFLY_ORANGE_SPIRAL_VALUE,
    BUTTERFLY_ORANGE_VALUE,
    BUTTERFLY_RED_RUBIES,
    BUTTERFLY_YELLOW_SPIRAL_ROLLS,
    CATERPILLAR_PURPLE_CLOVERS,
    CATERPILLAR_PURPLE_SPIRAL_CLOVERS,
    CATERPILLAR_RED_RUBIES,
    CATERPILLAR_RED_SPIRAL_RUBIES,
    DREAM_BUBBLES,
    LAST_PLACE_RUBIES,
    Rules,
)
from .scoring import race_scores

# Each decision kind's info (the module's docstring says what they are).
DrawInfo = tuple[int, bool]  # whose bag, and whether the draw starts their turn
WhiteInfo = int  # who rolls
WoodInfo = tuple[int, int]  # who rolls, and how many rolls are left with this one
ShopInfo = int  # the colours bought so far on this visit, as a bit mask
TakeInfo = int  # the highest chip value the orange card allows

HEURISTIC_DRAWS = 12
"""How many draws ahead the bots' heuristic looks when it weighs a bag's pace."""

_COLOUR_BIT = tuple(1 << c for c in range(len(COLOURS)))

# Why the shop leaves a chip out (filled in by _shop_problem).
SHOP_COLOUR = "you already bought a {colour} chip; chips bought together must differ in colour"
SHOP_EMPTY = "the reserve has no {name} chips left"
SHOP_DEAR = "{name} costs {price} rubies; you have {rubies}"


class QuedlinburgDashState(State):
    rules: Rules  # the game's, shared by all its states
    copied = ("pos", "rubies", "clovers", "supply", "last_draw")
    copied_nested = ("bags", "cards")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = game.players
        rules = self.rules
        self.pos = [0] * n
        self.bags = [list(rules.start_bag) for _ in range(n)]
        self.cards = [[0] * N_KINDS for _ in range(n)]
        self.rubies = [0] * n
        self.clovers = [0] * n
        self.supply = list(rules.supply)
        for kind in range(N_KINDS):
            self.supply[kind] -= rules.start_bag[kind] * n
        self.ruby_supply = rules.rubies
        self.clover_supply = rules.clovers
        self.turns = 0
        self.active = 0
        self.winner = -1
        self.last_draw = [-1] * n
        self.push("draw", CHANCE, (0, True))

    # -- small rule helpers ------------------------------------------------------

    def _move(self, p: int, fields: int) -> bool:
        """Move ``p`` forward; True (and the game is over) if it reached the marketplace."""
        pos = self.pos[p] + fields
        end = self.rules.fields
        if pos >= end:
            self.pos[p] = end
            self.winner = p
            self.pending.clear()
            return True
        self.pos[p] = pos
        return False

    def _gain_rubies(self, p: int, n: int) -> None:
        left = self.ruby_supply
        if n > left:
            n = left
        self.rubies[p] += n
        self.ruby_supply = left - n

    def _gain_clovers(self, p: int, n: int) -> None:
        n = min(n, self.clover_supply)
        self.clovers[p] += n
        self.clover_supply -= n

    def _on_spiral(self, p: int) -> bool:
        return self.rules.is_spiral[self.pos[p]]

    # -- drawing a chip ----------------------------------------------------------

    def _outcomes_draw(self, d: Decision[DrawInfo]) -> list[tuple[int, float]]:
        # Only the game's kinds can be in a bag: fewer than half of the grid's (the core's
        # compiled count-over-total loop).
        return shares(self.bags[d.info[0]], DRAW0, self.rules.kinds)

    def _apply_draw(self, d: Decision[DrawInfo], action: int) -> None:
        p, new_turn = d.info
        rules = self.rules
        if new_turn:
            self.turns += 1
            self.active = p
            if self.turns < rules.turn_limit:
                self.pending.append(rules.next_turn[p])  # what push would make
        kind = action - DRAW0
        self.bags[p][kind] -= 1
        card = self.cards[p]
        card[kind] += 1
        self.last_draw[p] = kind
        if kind == DREAM:
            if card[DREAM] >= DREAM_BUBBLES:
                self._third_dream_weed(p)
            return
        # _move, inlined: nearly every draw moves without reaching the marketplace.
        pos = self.pos
        to = pos[p] + KIND_VALUE[kind]
        if to >= rules.fields:
            self._move(p, KIND_VALUE[kind])
            return
        pos[p] = to
        colour = KIND_COLOUR[kind]
        if colour == WHITE:
            return  # the sugar beet: eight fields and no task
        if rules.butterfly:
            self._butterfly_task(p, kind, colour)
        else:
            self._caterpillar_task(p, colour)

    def _caterpillar_task(self, p: int, colour: int) -> None:
        rules = self.rules
        if colour == RED:
            self._gain_rubies(
                p,
                CATERPILLAR_RED_SPIRAL_RUBIES
                if rules.is_spiral[self.pos[p]]
                else CATERPILLAR_RED_RUBIES,
            )
        elif colour == YELLOW:
            self.pending.append(rules.white_roll[p])  # push("white", CHANCE, p)
        elif colour == GREEN:
            self.pending.append(rules.return_chip[p])  # push("return", p)
        elif colour == BLUE:
            nxt = rules.next_spiral[self.pos[p]]
            if nxt:
                self.pos[p] = nxt
        elif colour == ORANGE:
            if self.rubies[p]:
                self._move(p, self.rubies[p])
        elif colour == PURPLE:
            self._gain_clovers(
                p,
                CATERPILLAR_PURPLE_SPIRAL_CLOVERS
                if self._on_spiral(p)
                else CATERPILLAR_PURPLE_CLOVERS,
            )

    def _butterfly_task(self, p: int, kind: int, colour: int) -> None:
        rules = self.rules
        if colour == RED:
            self._gain_rubies(p, BUTTERFLY_RED_RUBIES.get(KIND_VALUE[kind], 0))
        elif colour == YELLOW:
            rolls = BUTTERFLY_YELLOW_SPIRAL_ROLLS if self._on_spiral(p) else 1
            self.push("wood", CHANCE, (p, rolls))
        elif colour == GREEN:
            self.pending.append(rules.draw_again[p])  # push("draw", CHANCE, (p, False))
        elif colour == BLUE:
            better = rules.blue_upgrade[kind]
            if better >= 0 and self.supply[better]:
                card = self.cards[p]
                card[kind] -= 1
                self.supply[kind] += 1
                card[better] += 1
                self.supply[better] -= 1
        elif colour == ORANGE:
            top = BUTTERFLY_ORANGE_SPIRAL_VALUE if self._on_spiral(p) else BUTTERFLY_ORANGE_VALUE
            if self._takeable(top):
                self.push("take", p, top)
        elif colour == PURPLE:
            # One clover per chip of the counted colour on the card, the chip just picked
            # included: purple by default (ruling 16), orange with purple_counts=orange.
            card = self.cards[p]
            self._gain_clovers(p, sum(card[k] for k in rules.purple_kinds))

    # -- the third dream weed and the shop ------------------------------------

    def _third_dream_weed(self, p: int) -> None:
        rules = self.rules
        # Last place is judged where the animal laid the dream weed, before the
        # clover move: the extra ruby belongs to the shop, the clovers are a bonus.
        last = self.pos[p] == min(self.pos)
        if rules.clovers_in_play and self.clovers[p] and self._move(p, self.clovers[p]):
            return
        if last:
            self._gain_rubies(p, LAST_PLACE_RUBIES)
        if self._can_buy(p, 0):
            self.push("shop", p, 0)
        else:
            self._refill(p)

    def _affordable(self, p: int, mask: int, refused: dict[int, str] | None = None) -> list[int]:
        """The shop's rule: the chip kinds ``p`` may buy now, given the colours already
        bought on this visit (``mask``): one of this game's kinds, of a colour not bought
        yet, in the reserve, and no dearer than their rubies. Given ``refused``, it also
        says there why it leaves each kind of the game out (the refusals' words); the
        hot path, without it, runs the same tests in one comprehension and builds no
        text."""
        rubies = self.rubies[p]
        supply = self.supply
        if refused is None:
            # The hot path: the three tests below, in their order, without the words.
            if rubies < self.rules.cheapest:
                return []  # often so: the rubies go back at the end of every visit
            return [
                k
                for k, price, bit in self.rules.shop
                if not mask & bit and supply[k] and price <= rubies
            ]
        out = []
        for k, price, bit in self.rules.shop:
            if mask & bit:
                why = SHOP_COLOUR
            elif not supply[k]:
                why = SHOP_EMPTY
            elif price > rubies:
                why = SHOP_DEAR
            else:
                out.append(k)
                continue
            refused[k] = why
        return out

    def _can_buy(self, p: int, mask: int) -> bool:
        """Whether :meth:`_affordable` offers anything: its tests, stopping at the first
        chip that passes them (the shop opens, or goes on, only then)."""
        rubies = self.rubies[p]
        rules = self.rules
        if rubies < rules.cheapest:
            return False
        supply = self.supply
        # A plain loop: a third of the time of any() over a generator.
        for k, price, bit in rules.shop:  # noqa: SIM110
            if not mask & bit and supply[k] and price <= rubies:
                return True
        return False

    def _shop_problem(self, p: int, mask: int, kind: int) -> str | None:
        """Why ``p`` may not buy a ``kind`` chip now, in words, or None: from the rule
        itself (:meth:`_affordable`)."""
        refused: dict[int, str] = {}
        if kind in self._affordable(p, mask, refused):
            return None
        name = CHIP_NAMES[kind]
        why = refused.get(kind)
        if why is None:  # not among the game's kinds at all
            return f"{name} chips are not in this game"
        return why.format(
            name=name,
            colour=COLOURS[KIND_COLOUR[kind]],
            price=self.rules.price[kind],
            rubies=self.rubies[p],
        )

    def _refill(self, p: int) -> None:
        """Leave the shop: unspent rubies go back; the animal card empties into the bag."""
        self.ruby_supply += self.rubies[p]
        self.rubies[p] = 0
        bag = self.bags[p]
        card = self.cards[p]
        for k in self.rules.kinds:
            if card[k]:
                bag[k] += card[k]
                card[k] = 0

    def _legal_shop(self, d: Decision[ShopInfo]) -> list[int]:
        legal = [BUY0 + k for k in self._affordable(d.player, d.info)]
        legal.append(DONE)
        return legal

    def _apply_shop(self, d: Decision[ShopInfo], action: int) -> None:
        p = d.player
        if action == DONE:
            self._refill(p)
            return
        kind = action - BUY0
        price = self.rules.price[kind]
        self.rubies[p] -= price
        self.ruby_supply += price
        self.supply[kind] -= 1
        self.bags[p][kind] += 1
        mask = d.info | _COLOUR_BIT[KIND_COLOUR[kind]]
        if self._can_buy(p, mask):
            self.push("shop", p, mask)
        else:
            self._refill(p)

    # -- dice -----------------------------------------------------------------

    def _outcomes_white(self, d: Decision[WhiteInfo]) -> list[tuple[int, float]]:
        return self.rules.white_outcomes

    def _apply_white(self, d: Decision[WhiteInfo], action: int) -> None:
        p = d.info
        face = self.rules.white_faces[action - WHITE0]
        if face.effect == "ruby":
            self._gain_rubies(p, face.arg)
        elif face.effect == "chip":
            if self.supply[face.arg]:
                self.supply[face.arg] -= 1
                self.bags[p][face.arg] += 1
        elif face.effect == "move":
            self._move(p, face.arg)
        else:  # draw another chip and do its task
            self.pending.append(self.rules.draw_again[p])  # push("draw", CHANCE, (p, False))

    def _outcomes_wood(self, d: Decision[WoodInfo]) -> list[tuple[int, float]]:
        return self.rules.wood_outcomes

    def _apply_wood(self, d: Decision[WoodInfo], action: int) -> None:
        p, rolls = d.info
        if self._move(p, action - WOOD0):
            return
        if rolls > 1:
            self.push("wood", CHANCE, (p, rolls - 1))

    # -- green caterpillar: a chip goes back into the bag ---------------------

    def _legal_return(self, d: Decision[None]) -> list[int]:
        card = self.cards[d.player]
        return [RETURN0 + k for k in self.rules.foods if card[k]]

    def _apply_return(self, d: Decision[None], action: int) -> None:
        kind = action - RETURN0
        self.cards[d.player][kind] -= 1
        self.bags[d.player][kind] += 1

    # -- orange butterfly: a chip from the reserve -----------------------------

    def _take_problem(self, top: int, kind: int) -> str | None:
        """Why the orange card (allowing values up to ``top``) may not take ``kind`` now,
        or None: the one rule behind the choices offered and the refusals' words."""
        if kind not in self.rules.take_kinds[top]:
            values = "a '2' or a '4'" if top > BUTTERFLY_ORANGE_VALUE else "a '2'"
            return f"the orange card gives {values} chip of a colour in play"
        if not self.supply[kind]:
            return f"the reserve has no {CHIP_NAMES[kind]} chips left"
        return None

    def _takeable(self, top: int) -> list[int]:
        # _take_problem's tests: the kinds of take_kinds[top] pass the first by definition.
        supply = self.supply
        return [k for k in self.rules.take_kinds[top] if supply[k]]

    def _legal_take(self, d: Decision[TakeInfo]) -> list[int]:
        return [TAKE0 + k for k in self._takeable(d.info)]

    def _apply_take(self, d: Decision[TakeInfo], action: int) -> None:
        kind = action - TAKE0
        self.supply[kind] -= 1
        self.bags[d.player][kind] += 1

    # -- results, views --------------------------------------------------------

    def _heuristic(self, player: int) -> float:
        """Where an animal will be a dozen draws from now, against the best opponent.

        A racer looks at how far ahead they are and at how fast their chips carry
        them: every chip comes back to the bag, so the mean fields per draw over
        the bag and the animal card (dream weed counting as 0) is the pace. Rubies
        and clovers are future pace, worth about half a field and a field each.
        """
        if self.winner >= 0:
            return 100.0 if self.winner == player else -100.0

        def outlook(p: int) -> float:
            bag = self.bags[p]
            card = self.cards[p]
            chips = sum(bag) + sum(card)
            draws = sum(map(mul, bag, KIND_VALUE)) + sum(map(mul, card, KIND_VALUE))
            pace = draws / chips if chips else 0.0
            return self.pos[p] + HEURISTIC_DRAWS * pace + 0.5 * self.rubies[p] + self.clovers[p]

        mine = outlook(player)
        others = [outlook(q) for q in range(self.game.players) if q != player]
        return mine - max(others)

    def _scores(self) -> list[dict[str, int]]:
        return race_scores(self.pos, self.rules.fields)

    def _observation(self, player: int | None) -> dict[str, JSON]:
        rules = self.rules
        d = self.decision
        decision: dict[str, JSON] | None = None
        who = self.active
        if d is not None:
            who = d.info[0] if isinstance(d.info, tuple) else d.info
            if d.player != CHANCE:
                who = d.player
            decision = {"kind": d.kind, "player": who, "chance": d.player == CHANCE}
            if d.kind == "shop":
                decision["bought_colours"] = [
                    c for i, c in enumerate(COLOURS) if d.info & _COLOUR_BIT[i]
                ]
        names = self.game.components.animals
        return {
            "game": "quedlinburg_dash",
            "viewer": player,
            "board": rules.side,
            "cards": rules.card_set,
            # Which chips the butterfly purple card counts, for the picture's card text.
            "purple_counts": self.game.options["purple_counts"],
            "fields": rules.fields,
            "spirals": list(rules.spirals),
            "turn": self.turns,
            "active": who,
            "to_move": self.current_player(),
            "decision": decision,
            "winner": self.winner if self.winner >= 0 else None,
            "over": self.is_terminal(),
            "players": [
                {
                    "animal": names[p],
                    "position": self.pos[p],
                    "rubies": self.rubies[p],
                    "clovers": self.clovers[p],
                    "dream_weed": self.cards[p][DREAM],
                    "card": _chips(self.cards[p]),
                    "bag": _chips(self.bags[p]),
                    "last_draw": CHIP_NAMES[self.last_draw[p]] if self.last_draw[p] >= 0 else None,
                }
                for p in range(self.game.players)
            ],
            "reserve": _chips(self.supply),
            "prices": {CHIP_NAMES[k]: price for k, price, _ in rules.shop},
            "ruby_reserve": self.ruby_supply,
            "clover_reserve": self.clover_supply,
            "scores": [s["total"] for s in self._scores()],
        }

    def action_seen_by(self, viewer: int | None, actor: int, action: int) -> str | None:
        """Everything is public. The move log names the actor of a chance outcome only as
        "chance", so a draw or a die roll is worded with whose it is: "player 2 draws
        red-1", "player 2 rolls the white die: ruby", "player 2 rolls 3 on the wood die".
        (Called after the action: every draw and roll is the active player's.) The
        notation (``draw red-1``) is unchanged; records keep it."""
        if actor == CHANCE and action < BUY0:
            who = f"player {self.active + 1}"
            if action < WHITE0:
                return f"{who} draws {CHIP_NAMES[action - DRAW0]}"
            if action < WOOD0:
                face = self.rules.white_faces[action - WHITE0]
                return f"{who} rolls the white die: {face.name}"
            return f"{who} rolls {action - WOOD0} on the wood die"
        return self.action_to_string(action)

    def action_words(self, action: int) -> str:
        """The action as the log tells it: what was drawn or rolled and for whom, how far
        the animal went and what its chip's card gave; what was bought, returned, taken.

        The state is cloned to read what the action did (every effect is public). A
        chance outcome names the animal ("the donkey draws a red '2': ..."), since the
        log can only put "chance" before it; a player's choice starts with its verb."""
        d = self.decision
        if d is None:
            return self.action_to_string(action)
        after = self.clone()
        assert isinstance(after, QuedlinburgDashState)
        after.apply_action(action)
        if d.kind == "draw":
            p = d.info[0]
            return f"the {self._animal(p)} " + self._draw_words(p, action - DRAW0, after)
        if d.kind == "white":
            p = d.info
            face = self.rules.white_faces[action - WHITE0]
            head = f"the {self._animal(p)} rolls the white die: "
            if face.effect == "ruby":
                return head + self._gain_words(p, after, "rubies")
            if face.effect == "chip":
                if after.bags[p][face.arg] > self.bags[p][face.arg]:
                    return head + f"{a_chip(face.arg)} goes into its bag"
                return head + f"{a_chip(face.arg)}, but none is left in the reserve"
            if face.effect == "move":
                return head + self._move_words(self.pos[p], face.arg)
            return head + "it draws another chip"
        if d.kind == "wood":
            p, rolls = d.info
            n = action - WOOD0
            head = f"the {self._animal(p)} rolls {n} on the wood die and "
            if n == 0:
                words = head + f"stays on {self._field_words(self.pos[p])}"
            else:
                words = head + self._move_words(self.pos[p], n)
            if rolls > 1 and after.winner < 0:
                words += ", then rolls again (the yellow chip ended on a spiral field)"
            return words
        p = d.player
        if d.kind == "shop":
            if action == DONE:
                left = self.rubies[p]
                words = "leaves the shop" + (" without buying" if d.info == 0 else "")
                if left:
                    words += f", {left} unspent {'ruby goes' if left == 1 else 'rubies go'} back"
                return words + "; the card's chips go back into the bag"
            kind = action - BUY0
            price = self.rules.price[kind]
            words = f"buys {a_chip(kind)} for {price} {'ruby' if price == 1 else 'rubies'}"
            nxt = after.decision
            if nxt is not None and nxt.kind == "shop" and nxt.player == p:
                n = after.rubies[p]
                return words + f" ({n} {'ruby' if n == 1 else 'rubies'} left)"
            left = self.rubies[p] - price
            words += "; nothing more is affordable, so the shop closes"
            if left:
                words += f" ({left} unspent {'ruby goes' if left == 1 else 'rubies go'} back)"
            return words + " and the card's chips go back into the bag"
        if d.kind == "return":
            return f"puts {a_chip(action - RETURN0)} from its animal card back into the bag"
        if d.kind == "take":
            return f"takes {a_chip(action - TAKE0)} from the reserve into its bag"
        return self.action_to_string(action)

    def _animal(self, p: int) -> str:
        return f"{self.game.components.animals[p]} (player {p + 1})"

    def _field_words(self, f: int) -> str:
        rules = self.rules
        if f >= rules.fields:
            return "the marketplace"
        return f"spiral field {f}" if rules.is_spiral[f] else f"field {f}"

    def _move_words(self, start: int, n: int, more: bool = False, why: str = "") -> str:
        """Moving ``n`` fields from ``start`` (``why``: " for its clovers"); the race
        ends at the marketplace."""
        fields = ("more " if more else "") + ("field" if n == 1 else "fields")
        if start + n >= self.rules.fields:
            return f"moves {n} {fields}{why} and reaches the marketplace: it wins the race"
        return f"moves {n} {fields} to {self._field_words(start + n)}{why}"

    def _gain_words(self, p: int, after: QuedlinburgDashState, what: str) -> str:
        if what == "rubies":
            n, one, many = after.rubies[p] - self.rubies[p], "ruby", "rubies"
        else:
            n, one, many = after.clovers[p] - self.clovers[p], "four-leaf clover", "clovers"
        if n <= 0:
            return f"finds no {many} left in the reserve"
        return f"takes {n} {one if n == 1 else many}"

    def _draw_words(self, p: int, kind: int, after: QuedlinburgDashState) -> str:
        """What a chip from ``p``'s bag did, worded after the verb."""
        rules = self.rules
        got = f"draws {a_chip(kind)}"
        if kind == DREAM:
            dreams = self.cards[p][DREAM] + 1
            if dreams < DREAM_BUBBLES:
                return got + f" (dream bubble {dreams} of {DREAM_BUBBLES}) and stays put"
            opens = "draws a third dream weed (the dream bubbles are full): "
            parts: list[str] = []
            clovers = self.clovers[p] if rules.clovers_in_play else 0
            if clovers:
                parts.append(self._move_words(self.pos[p], clovers, why=" for its clovers"))
                if after.winner == p:
                    return f"draws a third dream weed and {parts[0]}"
            if self.pos[p] == min(self.pos) and self.ruby_supply:
                # Last place is judged where the dream weed was laid (ruling 8).
                parts.append("takes 1 ruby for last place")
            nxt = after.decision
            if nxt is not None and nxt.kind == "shop" and nxt.player == p:
                n = after.rubies[p]
                parts.append(f"goes shopping with {n} {'ruby' if n == 1 else 'rubies'}")
            else:
                parts.append("can afford no chip, so the card's chips go back into the bag")
            return opens + ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
        value = KIND_VALUE[kind]
        words = got + ": " + self._move_words(self.pos[p], value)
        if self.pos[p] + value >= rules.fields:
            return words
        colour = KIND_COLOUR[kind]
        spot = self.pos[p] + value
        nxt = after.decision
        more = nxt is not None and nxt.kind in ("white", "wood", "return", "take")
        if colour == WHITE:
            return words + " (a sugar beet has no task)"
        if colour == RED:
            task = self._gain_words(p, after, "rubies")
        elif colour == PURPLE and not rules.butterfly:
            task = self._gain_words(p, after, "clovers")
        elif colour == PURPLE:
            counted = sum(after.cards[p][k] for k in rules.purple_kinds)
            which = COLOURS[KIND_COLOUR[rules.purple_kinds[0]]] if rules.purple_kinds else "such"
            if not counted:
                task = f"has no {which} chip on its card, so takes no clover"
            else:
                task = self._gain_words(p, after, "clovers") + f", one per {which} chip on its card"
        elif colour == YELLOW:
            twice = rules.butterfly and nxt is not None and nxt.info[1] > 1
            die = (
                "the wood die twice (it stands on a spiral field)"
                if twice
                else ("the wood die" if rules.butterfly else "the white die")
            )
            task = f"rolls {die}"
        elif colour == GREEN and not rules.butterfly:
            task = "must put a chip from its animal card back into the bag"
        elif colour == GREEN:
            task = "draws another chip"
        elif colour == BLUE and not rules.butterfly:
            if after.pos[p] != spot:
                task = f"jumps to {self._field_words(after.pos[p])}"
            else:
                task = "has no spiral field ahead to jump to"
        elif colour == BLUE:
            better = rules.blue_upgrade[kind]
            if better >= 0 and after.cards[p][better] > self.cards[p][better]:
                task = f"swaps it for {a_chip(better)}"
            else:
                task = "has no bigger blue chip to swap it for"
        elif colour == ORANGE and not rules.butterfly:
            n = self.rubies[p]
            if not n:
                task = "has no rubies, so moves no further"
            else:
                gems = "ruby" if n == 1 else "rubies"
                task = self._move_words(spot, n, more=True, why=f" for its {n} {gems}")
        elif colour == ORANGE:
            if more and nxt is not None:
                # A '4' too on a spiral field (ruling 15).
                values = "a '2' or a '4'" if nxt.info > BUTTERFLY_ORANGE_VALUE else "a '2'"
                task = f"may take {values} chip from the reserve"
            else:
                task = "finds no chip left in the reserve to take"
        else:
            return words
        return words + ", then " + task

    def _action_target(self, action: int) -> str | None:
        """Buying or taking a chip clicks it in the reserve; returning one clicks it
        on the animal card; ``done`` (leave the shop, whether or not anything was
        bought) is the labelled control ``button:done`` in the shopper's panel. Chance
        outcomes have none."""
        if BUY0 <= action < DONE:
            return f"reserve:{CHIP_NAMES[action - BUY0]}"
        if action == DONE:
            return "button:done"
        if RETURN0 <= action < TAKE0:
            return f"card:{CHIP_NAMES[action - RETURN0]}"
        if action >= TAKE0:
            return f"reserve:{CHIP_NAMES[action - TAKE0]}"
        return None

    def _determinize(self, player: int, rng: random.Random) -> State:
        # Nothing is private: every bag's contents are public knowledge and the
        # order of the chips in it does not exist until a draw reveals one.
        return self.clone()

    def _explain_illegal(self, action: int) -> str | None:
        d = self.decision
        if d is None:
            return None
        if d.player == CHANCE:
            return self._explain_chance(d, action)
        if action < BUY0:
            return "draws and die rolls are chance outcomes, not a player's choice"
        if d.kind == "shop" and action < DONE:
            return self._shop_problem(d.player, d.info, action - BUY0)
        if d.kind != "shop" and action <= DONE:
            return "you are not at the shop (only the third dream weed opens it)"
        if RETURN0 <= action < TAKE0:
            if d.kind != "return":
                return "only the green caterpillar card puts a chip back in the bag"
            return f"there is no {CHIP_NAMES[action - RETURN0]} on your animal card"
        if action >= TAKE0:
            if d.kind != "take":
                return "only the orange butterfly card takes a chip from the reserve"
            return self._take_problem(d.info, action - TAKE0)
        return None

    def _explain_chance(self, d: Decision, action: int) -> str:
        """Why ``action`` cannot be the outcome of the chance step ``d``."""
        if d.kind == "draw":
            p = d.info[0]
            step = f"a chip comes out of player {p + 1}'s bag"
            if action < WHITE0:
                return f"player {p + 1}'s bag holds no {CHIP_NAMES[action - DRAW0]}"
            if action < BUY0:
                return f"this is a bag draw, not a die roll ({step})"
        else:
            p = d.info if d.kind == "white" else d.info[0]
            die = "white die" if d.kind == "white" else "wood die"
            step = f"player {p + 1} rolls the {die}"
            if action < WHITE0:
                return f"this is a roll of the {die}, not a bag draw"
            if d.kind == "white" and action >= WOOD0 and action < BUY0:
                return "this is a roll of the white die, not the wood die"
            if d.kind == "wood" and action < WOOD0:
                return "this is a roll of the wood die, not the white die"
            if d.kind == "wood" and action < BUY0:
                faces = sorted({a - WOOD0 for a, _ in self.rules.wood_outcomes})
                return (
                    f"the wood die shows {', '.join(map(str, faces))} fields, not {action - WOOD0}"
                )
        return f"this step is decided by chance ({step}), not by a player"

    def _check_invariants(self) -> None:
        rules = self.rules
        n = self.game.players
        # Every chip is in the reserve, in a bag or on an animal card, and nowhere twice.
        for k in range(N_KINDS):
            assert self.supply[k] >= 0, f"the reserve holds {self.supply[k]} {CHIP_NAMES[k]}"
            held = self.supply[k]
            for p in range(n):
                assert self.bags[p][k] >= 0, f"player {p + 1}'s bag holds {self.bags[p][k]}"
                assert self.cards[p][k] >= 0, f"player {p + 1}'s card holds {self.cards[p][k]}"
                held += self.bags[p][k] + self.cards[p][k]
            assert held == rules.supply[k], (
                f"{held} {CHIP_NAMES[k]} chips in play; the game has {rules.supply[k]}"
            )
        assert self.ruby_supply >= 0 and min(self.rubies) >= 0, "a negative ruby count"
        assert self.ruby_supply + sum(self.rubies) == rules.rubies, "rubies not conserved"
        assert self.clover_supply >= 0 and min(self.clovers) >= 0, "a negative clover count"
        assert self.clover_supply + sum(self.clovers) == rules.clovers, "clovers not conserved"
        d = self.decision
        for p in range(n):
            # The third dream weed is on the card only during the shop visit it opens
            # (or when its clover move ended the game); then the card empties.
            dreams = self.cards[p][DREAM]
            shopping = d is not None and d.kind == "shop" and d.player == p
            clover_win = self.winner == p and rules.clovers_in_play
            limit = DREAM_BUBBLES if shopping or clover_win else DREAM_BUBBLES - 1
            assert dreams <= limit, f"player {p + 1}'s card holds {dreams} dream weeds"
            assert 0 <= self.pos[p] <= rules.fields, f"player {p + 1} is on field {self.pos[p]}"
            assert (self.pos[p] == rules.fields) == (self.winner == p), "marketplace/winner"
        if self.winner >= 0:
            assert not self.pending, "the game goes on after an animal reached the marketplace"
        if d is not None and d.kind == "draw":
            assert sum(self.bags[d.info[0]]), f"player {d.info[0] + 1} draws from an empty bag"
        # Dream weed never changes hands: nothing buys, takes, returns or upgrades it.
        for p in range(n):
            dreams = self.bags[p][DREAM] + self.cards[p][DREAM]
            assert dreams == rules.start_bag[DREAM], f"player {p + 1} owns {dreams} dream weeds"
        # Turns: in range, and the next turn's draw always queued until the race ends.
        assert 0 <= self.turns <= rules.turn_limit, f"turn {self.turns}"
        assert 0 <= self.active < n, f"player {self.active + 1} is active"
        assert all(-1 <= k < N_KINDS for k in self.last_draw), "an unknown last draw"
        queued = sum(1 for e in self.pending if e.kind == "draw" and e.info[1])
        want = 1 if self.winner < 0 and self.turns < rules.turn_limit else 0
        assert queued == want, f"{queued} next turns queued, expected {want}"
        # The score is the race itself: fields covered, the marketplace for the winner.
        for p, row in enumerate(self._scores()):
            assert row["total"] == row["fields"] == self.pos[p], f"player {p + 1}'s score"
            assert row["marketplace"] == (self.winner == p), f"player {p + 1}'s marketplace"

    def _rank_key(self, player: int, scores: Any) -> tuple[Any, ...]:
        return (scores[player]["total"],)


def _chips(counts: list[int]) -> dict[str, JSON]:
    return {CHIP_NAMES[k]: c for k, c in enumerate(counts) if c}
