"""The Piepmatz state: one handler per kind of decision.

Kinds of pending decision (``Decision.kind``):

=============  ========  ====================================================
remove         chance    two players: the species set aside
perch          chance    setup: the feeding bird of perch ``info``
setup_seed     chance    setup: a seed card of the column (pests are put back)
display        chance    a bird turned face up in the display
deal           chance    a bird drawn into hand ``info`` (hidden from others)
play           player    a bird from hand into the queue of a perch
collect        player    after a turn that fed no bird: a bird of value <= info
refill         player    take a display bird or draw from the deck
seed_take      chance    a difference of 5+: the top feeder card, for player info
seed_refill    chance    a feeder card refills the column; info = the chain
crow           player    the bird a crow chases from the player's collection
squirrel       chance    a seed card a squirrel eats; info = (player, left)
keep           player    the final cards added to the collection; info = left
=============  ========  ====================================================

Besides these the stack holds automatic steps (player ``AUTOMATIC``), which the core
runs (``_run_<kind>``) as soon as they reach the top after an action:

=============  ====================================================================
begin          setup done: the first turn starts
chain          the feeding chain goes on once a pest or the top feeder card is dealt
               with; info = (p, k, v): the player, the perch, the value of the bird played
reveal         the final cards kept are revealed and added to the collections
=============  ====================================================================

Everything else that follows a decision or a draw is done by its handler at once (no
step on the stack for it): a refill draw goes on to the next refill or the turn's end
(``_refill_check``), a collect to the refill, a seed_refill draw (info = (p, k, v) as
the chain's) to the rest of the chain, and a finished chain to the collect or refill
(``_after_feed``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, cast

from meeple.boardgames.piepmatz.actions import (
    CROW_PEST,
    NO_PEST,
    PEST_NAMES,
    bird_words,
    cards_of,
    egg_words,
)
from meeple.boardgames.piepmatz.rules import Rules
from meeple.boardgames.piepmatz.scoring import Bird, rank_key, score_masks
from meeple.core.api import AUTOMATIC, CHANCE, JSON, Decision, Game, State
from meeple.core.kernels import shares

# Each decision kind's info (the module's docstring lists the kinds).
PerchInfo = int  # the perch whose feeding bird is turned up
DealInfo = int  # the player whose hand the bird is drawn into
# The player, the perch whose feeding goes on, and the value of the bird played (what
# the collect after the chain is limited to).
ChainInfo = tuple[int, int, int]
SeedRefillInfo = ChainInfo | None  # the chain to go on with after the draw, if any
SeedTakeInfo = int  # the player who takes the top feeder card
CrowInfo = int  # birds the crow still chases from the collection
SquirrelInfo = tuple[int, int]  # the player, and the seed cards the squirrel still eats
CollectInfo = int  # the highest value of bird that may be collected
KeepInfo = int  # final cards still to keep


class PiepmatzState(State):
    rules: Rules
    # What clone copies: the lists of ints (bitmasks, counts, card ids), and the queues,
    # a list of lists of card ids. Everything else is an int, a bool or None, except
    # ``_events``, a list only in the throwaway clone of action_words, never cloned.
    copied = (
        "hands",
        "known",
        "kept",
        "birds",
        "seeds",
        "pests",
        "seed_deck",
        "gone",
        "column",
        "deck",
        "display",
        "feeders",
    )
    copied_nested = ("queues",)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        t = self.rules
        n = game.players
        self.hands = [0] * n  # bitmasks
        self.known = [0] * n  # the cards of each hand everyone saw it take (from the display)
        self.kept = [0] * n  # final cards chosen, hidden until all have chosen
        self.birds = [0] * n  # collections (bitmasks)
        self.seeds = [0] * (n * t.n_seed_kinds)  # seed cards collected, by kind
        self.pests = [0] * (2 * n)  # crows and squirrels suffered, for the record
        self.discarded = 0  # birds out of the game (crows, final discards)
        self.seed_deck = list(t.feeder_deck)
        self.seed_left = sum(self.seed_deck)
        self.gone = [0] * len(self.seed_deck)  # feeder cards out of play, by kind
        self.column: list[int] = []  # kind * 3 + pest, position 1 first
        self.deck = list(range(t.n_cards))  # the bird deck, sorted
        self.display: list[int] = []
        self.feeders = [-1] * t.n_perches
        self.queues: list[list[int]] = [[] for _ in range(t.n_perches)]
        self.removed = -1
        self.turn = 0
        self.end_triggered = False
        self.fed = False
        # The setup is done and the turns have begun: a bird drawn now refills a hand.
        self.started = False
        # What a feeding chain did, step by step; recorded only in the throwaway clone
        # that action_words plays the action on (None everywhere else).
        self._events: list[tuple[Any, ...]] | None = None

        push = self.push
        push("begin", AUTOMATIC, None)
        for p in reversed(range(n)):
            for _ in range(t.hand_size):
                push("deal", CHANCE, p)
        for _ in range(t.display_size):
            push("display", CHANCE, None)
        for _ in range(t.column_size):
            push("setup_seed", CHANCE, None)
        for k in reversed(range(t.n_perches)):
            push("perch", CHANCE, k)
        if t.set_aside:
            if t.removed_species < 0:
                push("remove", CHANCE, None)
            else:
                self._remove_species(t.removed_species)

    # -- setup ---------------------------------------------------------------------

    def _remove_species(self, s: int) -> None:
        self.removed = s
        species_of = self.rules.species_of
        self.deck = [c for c in self.deck if species_of[c] != s]

    def _outcomes_remove(self, d: Decision[None]) -> list[tuple[int, float]]:
        n = self.rules.n_species
        return [(self.rules.REMOVE + s, 1.0 / n) for s in range(n)]

    def _apply_remove(self, d: Decision[None], action: int) -> None:
        self._remove_species(action - self.rules.REMOVE)

    def _bird_outcomes(self) -> Sequence[tuple[int, float]]:
        """A bird drawn from the deck (perch, display and deal): each card of the deck,
        in its (increasing) order, with the same chance."""
        deck = self.deck
        row = self.rules.bird_draw[len(deck)]
        if len(deck) < 2:  # itemgetter of one index gives the item, not a tuple of it
            return [row[c] for c in deck]
        # A tuple (the core copies the outcomes into a list): itemgetter picks the deck's
        # outcomes in one C call, faster than a comprehension over some 50 cards.
        outcomes: Sequence[tuple[int, float]] = itemgetter(*deck)(row)
        return outcomes

    def _outcomes_perch(self, d: Decision[PerchInfo]) -> Sequence[tuple[int, float]]:
        return self._bird_outcomes()

    def _outcomes_display(self, d: Decision[None]) -> Sequence[tuple[int, float]]:
        return self._bird_outcomes()

    def _outcomes_deal(self, d: Decision[DealInfo]) -> Sequence[tuple[int, float]]:
        return self._bird_outcomes()

    def _apply_perch(self, d: Decision[PerchInfo], action: int) -> None:
        c = action - self.rules.BIRD
        self.deck.remove(c)
        self.feeders[d.info] = c

    def _apply_display(self, d: Decision[None], action: int) -> None:
        c = action - self.rules.BIRD
        self.deck.remove(c)
        self.display.append(c)
        if self.started:  # a bird taken from the display is replaced: the refill goes on
            self._refill_check(self.turn)

    def _apply_deal(self, d: Decision[DealInfo], action: int) -> None:
        c = action - self.rules.BIRD
        self.deck.remove(c)
        p = d.info
        self.hands[p] |= 1 << c
        if self.started:  # a refill from the deck: the refill goes on
            self._refill_check(p)

    def _outcomes_setup_seed(self, d: Decision[None]) -> list[tuple[int, float]]:
        # The kinds of seed card only (pests are put back).
        return self._seed_outcomes(self.seed_deck[: self.rules.n_seed_kinds])

    def _apply_setup_seed(self, d: Decision[None], action: int) -> None:
        kind = action - self.rules.SEED
        self._take_from_seed_deck(kind)
        self.column.append(kind * 3)

    def _run_begin(self, d: Decision[None]) -> None:
        self.started = True
        self._start_turn(0)

    # -- a turn ----------------------------------------------------------------------

    def _start_turn(self, p: int) -> None:
        self.turn = p
        if self.hands[p]:
            self.pending.append(self.rules.play_decision[p])
        else:
            # Ruling: a player with no bird to play (the bird supply has run dry)
            # triggers the end like an empty feeder deck, and passes.
            self.end_triggered = True
            self._end_turn(p)

    def _end_turn(self, p: int) -> None:
        n = self.game.players
        if self.end_triggered and p == n - 1:
            self._start_final()
        else:
            self._start_turn((p + 1) % n)

    def _legal_play(self, d: Decision[None]) -> list[int]:
        plays_of = self.rules.plays_of
        out: list[int] = []
        extend = out.extend
        mask = self.hands[d.player]
        while mask:
            low = mask & -mask
            extend(plays_of[low.bit_length() - 1])
            mask ^= low
        return out

    def _apply_play(self, d: Decision[None], action: int) -> None:
        t = self.rules
        p = d.player
        c, k = divmod(action - t.PLAY, t.max_perches)
        bit = 1 << c
        self.hands[p] &= ~bit
        self.known[p] &= ~bit
        queue = self.queues[k]
        queue.append(c)
        self.fed = False
        value_of = t.value_of
        v = value_of[c]
        total = 0
        for b in queue:
            total += value_of[b]
        # Most plays do not beat the feeding bird: then there is no chain to run.
        if total <= value_of[self.feeders[k]] or not self._chain(p, k, v):
            self._after_feed(p, v)

    def _chain(self, p: int, k: int, played: int) -> bool:
        """Resolve the feeding at perch ``k`` for player ``p`` (who played a bird of value
        ``played``) until it stops or waits; whether it waits (for a chance draw or a
        pest, with what goes on after it pushed: the seed_refill draw goes on itself,
        other waits through a chain step)."""
        t = self.rules
        value_of = t.value_of
        queue = self.queues[k]
        feeders = self.feeders
        while True:
            feeder = feeders[k]
            total = 0
            for c in queue:
                total += value_of[c]
            diff = total - value_of[feeder]
            if diff <= 0:
                return False
            best = -1
            best_i = -1
            for i, c in enumerate(queue):
                v = value_of[c]
                if v > best:  # the strongest; on a tie the one nearest the feeder
                    best, best_i = v, i
            self.birds[p] |= 1 << feeder
            self.fed = True
            feeders[k] = queue.pop(best_i)
            events = self._events
            if events is not None:
                events.append(("feed", feeder, diff))
            size = t.column_size
            if diff > size:
                if self._need_feeder_card():
                    if events is not None:
                        events.append(("top",))
                    pending = self.pending
                    pending.append(t.chain_step[p][k][played])
                    pending.append(t.seed_take_draw[p])
                    return True
                continue  # Ruling: the feeder deck is empty, so no seed card.
            if diff > len(self.column):
                continue  # Ruling: that position is empty (the deck ran out), no seed card.
            card = self.column.pop(diff - 1)
            if events is not None:
                events.append(("seed", diff, card))
            kind, pest = divmod(card, 3)
            self.seeds[p * t.n_seed_kinds + kind] += 1
            refill = self._need_feeder_card()
            if not refill and not pest:
                continue
            pending = self.pending
            if refill:  # the seed_refill draw, after the pest, goes on with the chain
                pending.append(t.seed_refill_draw[p][k][played])
            else:
                pending.append(t.chain_step[p][k][played])
            if pest:
                self._pest(p, pest)
            return True

    def _run_chain(self, d: Decision[ChainInfo]) -> None:
        self._go_on(d.info)

    def _go_on(self, info: ChainInfo) -> None:
        """The rest of an interrupted chain, then the collect or the refill."""
        p, k, played = info
        if not self._chain(p, k, played):
            self._after_feed(p, played)

    def _pest(self, p: int, pest: int) -> None:
        """Player ``p`` suffers a crow or a squirrel."""
        self.pests[2 * p + pest - 1] += 1
        self.gone[self.rules.n_seed_kinds + pest - 1] += 1
        t = self.rules
        if pest == CROW_PEST:
            if self.birds[p] and t.crow_discards:
                self.push("crow", p, t.crow_discards)
        else:
            kinds = t.n_seed_kinds
            have = sum(self.seeds[p * kinds : (p + 1) * kinds])
            left = min(t.squirrel_discards, have)
            if left:
                self.push("squirrel", CHANCE, (p, left))

    def _need_feeder_card(self) -> bool:
        """A card is wanted from the feeder deck: whether there is one. With
        ``end_trigger="draw"`` finding it empty is what triggers the end."""
        if self.seed_left:
            return True
        self.end_triggered = True
        return False

    def _take_from_seed_deck(self, kind: int) -> None:
        self.seed_deck[kind] -= 1
        self.seed_left -= 1
        if not self.seed_left and self.rules.end_on_empty:
            self.end_triggered = True  # the feeder deck has run out: finish the round

    def _seed_outcomes(self, deck: list[int]) -> list[tuple[int, float]]:
        """A card drawn from the feeder deck ``deck`` (its counts by kind, the first
        kinds or all): each kind left, with its share (as ``multiset_outcomes`` makes
        them)."""
        return shares(deck, self.rules.SEED, range(len(deck)))  # the core's compiled loop

    def _outcomes_seed_take(self, d: Decision[SeedTakeInfo]) -> list[tuple[int, float]]:
        return self._seed_outcomes(self.seed_deck)

    def _outcomes_seed_refill(self, d: Decision[SeedRefillInfo]) -> list[tuple[int, float]]:
        return self._seed_outcomes(self.seed_deck)

    def _apply_seed_take(self, d: Decision[SeedTakeInfo], action: int) -> None:
        t = self.rules
        kind = action - t.SEED
        self._take_from_seed_deck(kind)
        p = d.info
        if kind < t.n_seed_kinds:
            self.seeds[p * t.n_seed_kinds + kind] += 1
        else:  # a pest drawn for yourself strikes you at once
            self._pest(p, kind - t.n_seed_kinds + 1)

    def _apply_seed_refill(self, d: Decision[SeedRefillInfo], action: int) -> None:
        t = self.rules
        kind = action - t.SEED
        self._take_from_seed_deck(kind)
        if kind < t.n_seed_kinds:
            self.column.append(kind * 3)
            if d.info is not None:
                self._go_on(d.info)
            return
        pest = kind - t.n_seed_kinds + 1
        column = self.column
        for i, card in enumerate(column):
            if card % 3 == NO_PEST:  # the lowest seed card without a pest
                column[i] = card + pest
                break
        else:  # every seed card already carries a pest; this one flies off (ruling)
            self.gone[kind] += 1
        if self._need_feeder_card():  # the gap is still there: draw again
            self.pending.append(d)
        elif d.info is not None:
            self._go_on(d.info)

    def _crow_targets(self, p: int) -> int:
        """The birds of ``p`` 's collection a crow may chase (a card mask): those of the
        species they hold most of. The rule behind the choices and the refusal."""
        t = self.rules
        mine = self.birds[p]
        counts = [(mine & m).bit_count() for m in t.species_mask]
        most = max(counts)
        mask = 0
        for s, n in enumerate(counts):
            if n == most:
                mask |= mine & t.species_mask[s]
        return mask

    def _legal_crow(self, d: Decision[CrowInfo]) -> list[int]:
        return [self.rules.CROW + c for c in cards_of(self._crow_targets(d.player))]

    def _apply_crow(self, d: Decision[CrowInfo], action: int) -> None:
        c = action - self.rules.CROW
        self.birds[d.player] &= ~(1 << c)
        self.discarded |= 1 << c
        if d.info > 1 and self.birds[d.player]:
            self.push("crow", d.player, d.info - 1)

    def _outcomes_squirrel(self, d: Decision[SquirrelInfo]) -> list[tuple[int, float]]:
        """One of the player's seed cards, each kind with its share (as
        ``multiset_outcomes`` makes them)."""
        t = self.rules
        kinds = t.n_seed_kinds
        start = d.info[0] * kinds
        mine = self.seeds[start : start + kinds]
        total = sum(mine)
        out = []  # a loop, as in _seed_outcomes
        a = t.EAT
        for n in mine:
            if n:
                out.append((a, n / total))
            a += 1
        return out

    def _apply_squirrel(self, d: Decision[SquirrelInfo], action: int) -> None:
        p, left = d.info
        kinds = self.rules.n_seed_kinds
        self.seeds[p * kinds + action - self.rules.EAT] -= 1
        self.gone[action - self.rules.EAT] += 1
        if left > 1 and sum(self.seeds[p * kinds : (p + 1) * kinds]) > 0:
            self.push("squirrel", CHANCE, (p, left - 1))

    def _after_feed(self, p: int, v: int) -> None:
        """After a play (of a bird of value ``v``) and its chain: offer the collect, or
        go on to the refill."""
        # Offered whenever no bird flew and the hand is not empty, even with no bird low
        # enough: whether the decision comes up must not tell the others about the hand.
        if not self.fed and self.hands[p]:
            self.pending.append(self.rules.collect_decision[p][v])
        else:
            self._refill_check(p)

    def _collectable(self, p: int, top: int) -> int:
        """The birds of ``p`` 's hand they may collect after playing a bird of value
        ``top`` (a card mask): worth at most that."""
        return self.hands[p] & self.rules.at_most[top]

    def _legal_collect(self, d: Decision[CollectInfo]) -> list[int]:
        t = self.rules
        base = t.COLLECT
        out = [base + c for c in cards_of(self._collectable(d.player, d.info))]
        out.append(t.COLLECT_NONE)
        return out

    def _apply_collect(self, d: Decision[CollectInfo], action: int) -> None:
        p = d.player
        if action != self.rules.COLLECT_NONE:
            bit = 1 << (action - self.rules.COLLECT)
            self.hands[p] &= ~bit
            self.known[p] &= ~bit
            self.birds[p] |= bit
        self._refill_check(p)

    def _refill_check(self, p: int) -> None:
        """Offer a refill while the hand is short and birds are left, then end the turn.
        (Each refill's handler, or its draw's, comes back here.)"""
        t = self.rules
        if self.hands[p].bit_count() < t.hand_size and (self.display or self.deck):
            self.pending.append(t.refill_decision[p])
        else:
            self._end_turn(p)

    def _legal_refill(self, d: Decision[None]) -> list[int]:
        t = self.rules
        out = []  # a loop: the display holds a few birds (the core sorts the ids)
        take = t.TAKE
        for c in self.display:
            out.append(take + c)
        if self.deck:
            out.append(t.DRAW)
        return out

    def _apply_refill(self, d: Decision[None], action: int) -> None:
        t = self.rules
        p = d.player
        if action == t.DRAW:
            self.pending.append(t.deal_draw[p])
            return
        c = action - t.TAKE
        self.display.remove(c)
        bit = 1 << c
        self.hands[p] |= bit
        self.known[p] |= bit
        if self.deck:  # its draw goes on with the refill
            self.pending.append(t.display_draw)
        else:
            self._refill_check(p)

    # -- the end -----------------------------------------------------------------------

    def _start_final(self) -> None:
        keep = self.rules.final_keep
        self.push("reveal", AUTOMATIC, None)
        for p in reversed(range(self.game.players)):
            if self.hands[p].bit_count() <= keep:
                self.kept[p] = self.hands[p]
                self.hands[p] = 0
            elif keep:
                self.push("keep", p, keep)

    def _legal_keep(self, d: Decision[KeepInfo]) -> list[int]:
        base = self.rules.KEEP
        return [base + c for c in cards_of(self.hands[d.player])]

    def _apply_keep(self, d: Decision[KeepInfo], action: int) -> None:
        bit = 1 << (action - self.rules.KEEP)
        p = d.player
        self.hands[p] &= ~bit
        self.kept[p] |= bit
        if d.info > 1:
            self.push("keep", p, d.info - 1)

    def _run_reveal(self, d: Decision[None]) -> None:
        for p in range(self.game.players):
            self.birds[p] |= self.kept[p]
            self.discarded |= self.hands[p]
            self.hands[p] = self.kept[p] = self.known[p] = 0

    def is_simultaneous_hidden(self) -> bool:
        return bool(self.pending) and self.pending[-1].kind == "keep"

    # -- scores ----------------------------------------------------------------------

    def collection(self, p: int) -> list[Bird]:
        t = self.rules
        return [
            Bird(t.species_of[c], t.value_of[c], t.sex_of[c], t.eggs_of[c])
            for c in cards_of(self.birds[p])
        ]

    def seed_eggs(self, p: int) -> int:
        t = self.rules
        kinds = t.n_seed_kinds
        mine = self.seeds[p * kinds : (p + 1) * kinds]
        return sum(n * e for n, e in zip(mine, t.seed_eggs, strict=True))

    def _scores(self) -> list[dict[str, int]]:
        # score_masks: score_all (the rules as the scoring module writes them) on the
        # collections' masks, which every search's rollout ends with.
        t = self.rules
        return score_masks(
            self.birds,
            [self.seed_eggs(p) for p in range(self.game.players)],
            species_masks=t.species_mask,
            egg_masks=t.egg_masks,
            females=t.females,
            pair_points=t.pair_points,
            majority=t.majority,
        )

    def _rank_key(self, player: int, scores: Sequence[Mapping[str, int]]) -> tuple[Any, ...]:
        return rank_key(scores, player)

    # -- what a player sees --------------------------------------------------------------

    def _observation(self, player: int | None) -> dict[str, JSON]:
        t = self.rules
        names = t.card_name
        n = self.game.players
        kinds = t.n_seed_kinds

        def named(mask: int) -> list[str]:
            return [names[c] for c in cards_of(mask)]

        hands: list[JSON] = []
        for q in range(n):
            held = self.hands[q] | self.kept[q]
            known = self.known[q] & held
            if q == player:
                hands.append(
                    {
                        "size": held.bit_count(),
                        "cards": named(self.hands[q]),
                        "hidden": 0,
                        "known": named(known),
                        "kept": named(self.kept[q]),
                        "kept_count": self.kept[q].bit_count(),
                    }
                )
            else:
                hands.append(
                    {
                        "size": held.bit_count(),
                        "cards": named(known),
                        "hidden": (held & ~known).bit_count(),
                        "known": named(known),
                        "kept": None,
                        "kept_count": self.kept[q].bit_count(),
                    }
                )
        collections: list[JSON] = []
        for q in range(n):
            collections.append(
                {
                    "birds": named(self.birds[q]),
                    "seeds": {str(t.seed_eggs[k]): self.seeds[q * kinds + k] for k in range(kinds)},
                    "seed_eggs": self.seed_eggs(q),
                    "crows": self.pests[2 * q],
                    "squirrels": self.pests[2 * q + 1],
                }
            )
        top = self.pending[-1] if self.pending else None
        current = self.current_player()
        species = t.species
        scores = self._scores()
        return {
            "game": "piepmatz",
            "players": n,
            "viewer": player,
            "to_move": current,
            "decision": None if top is None else {"kind": top.kind, "player": top.player},
            "turn": self.turn,
            "end_triggered": self.end_triggered,
            "game_over": top is None,
            "removed_species": species[self.removed].id if self.removed >= 0 else None,
            "perches": [
                {
                    "feeder": names[f] if f >= 0 else None,
                    "queue": [names[c] for c in self.queues[k]],
                    "queue_sum": sum(t.value_of[c] for c in self.queues[k]),
                }
                for k, f in enumerate(self.feeders)
            ],
            "column": [
                {"position": i + 1, "eggs": t.seed_eggs[card // 3], "pest": PEST_NAMES[card % 3]}
                for i, card in enumerate(self.column)
            ],
            "feeder_deck": self.seed_left,
            "bird_deck": len(self.deck),
            "display": [names[c] for c in sorted(self.display)],
            "hands": hands,
            "collections": collections,
            "discarded": named(self.discarded),
            "scores": scores,
            "ranks": self.ranks() if top is None else None,
        }

    def _determinize(self, player: int, rng: random.Random) -> State:
        """Re-deal the bird deck and every card of the opponents' hands that ``player``
        has not seen (cards taken from the display stay where everyone saw them go).

        The result depends only on what ``player`` sees and on ``rng``: the pool of unseen
        cards is put in a canonical (sorted) order before it is shuffled, so the real
        contents of the opponents' hands, or which cards they kept, cannot steer the deal."""
        other = cast(PiepmatzState, self.clone())
        other._legal_cache = None
        n = self.game.players
        pool = list(self.deck)
        plan = []
        for q in range(n):
            if q == player:
                continue
            held = self.hands[q] | self.kept[q]
            hidden = held & ~self.known[q]
            pool.extend(cards_of(hidden))
            plan.append((q, hidden.bit_count(), self.kept[q].bit_count(), held & self.known[q]))
        pool.sort()  # canonical order: the same observation gives the same deal
        rng.shuffle(pool)
        i = 0
        for q, n_hidden, n_kept, known in plan:
            mask = known
            for c in pool[i : i + n_hidden]:
                mask |= 1 << c
            i += n_hidden
            if n_kept:
                chosen = rng.sample(cards_of(mask), n_kept)
                kept = sum(1 << c for c in chosen)
                other.kept[q] = kept
                other.hands[q] = mask & ~kept
            else:
                other.hands[q] = mask
        other.deck = sorted(pool[i:])
        return other

    def action_seen_by(self, viewer: int | None, actor: int, action: int) -> str | None:
        """Everything is public except a bird drawn into a hand and a final keep:
        the owner sees the card, the others only that a card was drawn or kept.

        The move log names the actor before this text (the CLI's "player 2 (easy): ",
        the web's "who: "), so a player's own move is not named again ("keeps a card");
        a draw into a hand is a chance outcome, so it says whose hand it went to."""
        d = self.last_decision
        text = self.action_to_string(action)
        if d is None:
            return text
        if d.kind == "deal":
            return text if viewer == d.info else f"player {d.info + 1} draws a bird"
        if d.kind == "keep":
            return text if viewer == d.player else "keeps a card"
        return text

    def action_words(self, action: int) -> str:
        """The action for the move log, in words: what was played or taken and where it
        went, and what a play set off (the birds fed, the seed cards won, the points).

        The consequences are found by playing the action on a clone that records each
        step of the feeding chain; they are all public (a bird drawn into a hand is
        named, but this text is shown only to whoever may see that card)."""
        t = self.rules
        if not self.pending:
            return self.action_to_string(action)
        d = self.pending[-1]
        bird = _bird_words(t)
        kind = d.kind
        if kind == "remove":
            name = t.species[action - t.REMOVE].name
            return f"all {name} birds are set aside for the two-player game"
        if kind == "perch":
            return f"{bird(action - t.BIRD)} is turned up as the feeding bird of perch {d.info + 1}"
        if kind == "display":
            return f"{bird(action - t.BIRD)} is turned up in the display"
        if kind == "deal":
            return f"{bird(action - t.BIRD)} is drawn into player {d.info + 1}'s hand"
        if kind == "setup_seed":
            eggs = egg_words(t.seed_eggs[action - t.SEED])
            return f"a seed card with {eggs} is laid at #{len(self.column) + 1} of the seed column"
        if kind == "squirrel":
            eggs = egg_words(t.seed_eggs[action - t.EAT])
            return f"the squirrel eats one of player {d.info[0] + 1}'s seed cards with {eggs}"
        if kind == "keep":
            return f"keeps {bird(action - t.KEEP)} to add to their collection"
        if kind == "refill":
            if action == t.DRAW:
                return "draws a bird from the deck into their hand"
            return f"takes {bird(action - t.TAKE)} from the display into their hand"

        # The rest may score: play it on a clone and read what happened.
        mover = d.info if kind == "seed_take" else self.turn
        after = cast(PiepmatzState, self.clone())
        after._legal_cache = None
        events: list[tuple[Any, ...]] = []
        after._events = events
        after.apply_action(action)
        before_total = self._scores()[mover]["total"]
        delta = after._scores()[mover]["total"] - before_total
        points = f" ({delta:+d} point{'s' if abs(delta) != 1 else ''})" if delta else ""
        chain = self._chain_words(events)
        if kind == "play":
            c, k = divmod(action - t.PLAY, t.max_perches)
            head = f"plays {bird(c)} into the queue of perch {k + 1}"
            if not chain:
                total = sum(t.value_of[q] for q in self.queues[k]) + t.value_of[c]
                feeder = bird(self.feeders[k])
                return f"{head}; its total {total} does not beat the feeding {feeder}"
            return f"{head}; {chain}{points}"
        if kind == "collect":
            if action == t.COLLECT_NONE:
                return "collects no bird"
            return f"puts {bird(action - t.COLLECT)} from their hand into their collection{points}"
        if kind == "crow":
            return f"gives {bird(action - t.CROW)} up to the crow{points}"
        then = f"; player {mover + 1} goes on: {chain}" if chain else ""
        if kind == "seed_take":
            got = action - t.SEED
            if got < t.n_seed_kinds:
                text = (
                    f"player {mover + 1} draws a seed card with "
                    f"{egg_words(t.seed_eggs[got])} from the feeder deck"
                )
            elif got - t.n_seed_kinds + 1 == CROW_PEST:
                text = f"player {mover + 1} draws a crow from the feeder deck"
            else:
                text = f"player {mover + 1} draws a squirrel from the feeder deck"
            return f"{text}{then}{points}"
        if kind == "seed_refill":
            got = action - t.SEED
            if got < t.n_seed_kinds:
                eggs = egg_words(t.seed_eggs[got])
                text = f"a seed card with {eggs} enters the seed column at #{len(self.column) + 1}"
            else:
                pest = PEST_NAMES[got - t.n_seed_kinds + 1]
                free = [i for i, c in enumerate(self.column) if c % 3 == NO_PEST]
                if free:
                    eggs = egg_words(t.seed_eggs[self.column[free[0]] // 3])
                    text = f"a {pest} settles on seed card #{free[0] + 1} ({eggs})"
                else:
                    text = f"a {pest} turns up, finds no free seed card and flies off"
            return f"{text}{then}{points}"
        return self.action_to_string(action)

    def _chain_words(self, events: Sequence[tuple[Any, ...]]) -> str:
        """The steps of a feeding chain: the birds chased off and the seed cards won."""
        t = self.rules
        bird = _bird_words(t)
        parts: list[str] = []
        for e in events:
            if e[0] == "feed":
                _, feeder, diff = e
                parts.append(f"the queue beats the feeding {bird(feeder)} by {diff}: takes it")
            elif e[0] == "top":
                parts[-1] += " and draws the top feeder card"
            else:
                _, pos, card = e
                kind, pest = divmod(card, 3)
                won = f" and seed card #{pos} ({egg_words(t.seed_eggs[kind])}"
                won += f", with a {PEST_NAMES[pest]} on it)" if pest else ")"
                parts[-1] += won
        return "; then ".join(parts)

    def _check_invariants(self) -> None:
        t = self.rules
        n = self.game.players
        kinds = t.n_seed_kinds
        # Every bird is in exactly one place.
        places = [self.discarded, *self.hands, *self.kept, *self.birds]
        places += [1 << c for c in self.deck] + [1 << c for c in self.display]
        places += [1 << f for f in self.feeders if f >= 0]
        places += [1 << c for q in self.queues for c in q]
        if self.removed >= 0:
            places.append(t.species_mask[self.removed])
        seen = 0
        for m in places:
            assert not seen & m, "a bird card is in two places"
            seen |= m
        assert seen == (1 << t.n_cards) - 1, "a bird card is missing"
        held = [h | k for h, k in zip(self.hands, self.kept, strict=True)]
        assert all(k & held[p] == k for p, k in enumerate(self.known)), "known not in hand"
        assert all(h.bit_count() <= t.hand_size for h in self.hands), "a hand overfull"
        assert len(self.display) <= t.display_size, "the display overfull"
        assert len(self.column) <= t.column_size, "the feeder column overfull"
        # Every feeder card is in exactly one place.
        count = list(self.seed_deck)
        for p in range(n):
            for k in range(kinds):
                count[k] += self.seeds[p * kinds + k]
        for card in self.column:
            count[card // 3] += 1
            if card % 3:
                count[kinds + card % 3 - 1] += 1
        count = [a + b for a, b in zip(count, self.gone, strict=True)]
        start = t.feeder_deck
        assert tuple(count) == start, f"feeder cards {count} != {start}"
        assert min(self.seed_deck) >= 0, f"a negative feeder deck count: {self.seed_deck}"
        assert self.seed_left == sum(self.seed_deck), "the feeder deck's size is wrong"
        assert min(self.seeds) >= 0, f"a negative seed card count: {self.seeds}"
        assert min(self.gone) >= 0, f"a negative count out of play: {self.gone}"
        if t.end_on_empty:
            assert self.end_triggered or self.seed_left, "the feeder deck ran out unnoticed"
        else:  # the end waits for a card wanted from the empty deck: the column is whole
            full = len(self.column) == t.column_size
            assert self.end_triggered or self.seed_left or full, "a draw was missed"
        self._check_play()

    def _check_play(self) -> None:
        t = self.rules
        n = self.game.players
        kinds = t.n_seed_kinds
        kinds_pending = {d.kind for d in self.pending}
        # Perches: a feeding bird on each once the setup has dealt them. (Queues never
        # outweigh their feeding bird between chains in play, but rules tests build such
        # positions on purpose, so that is not asserted here.)
        if "perch" not in kinds_pending:
            assert min(self.feeders) >= 0, f"a perch without a feeding bird: {self.feeders}"
        for p in range(n):
            assert self.kept[p].bit_count() <= t.final_keep, f"player {p} kept too many"
        # Pests: every crow or squirrel suffered is out of play. (Only crows and the
        # final reveal discard birds in play, but rules tests build positions with birds
        # set aside by hand, so the discard pile is only checked by conservation.)
        for i in range(2):
            suffered = sum(self.pests[2 * p + i] for p in range(n))
            assert suffered <= self.gone[kinds + i], f"{suffered} pests suffered of kind {i}"
        if self.end_triggered and not self.pending:
            assert not any(self.hands) and not any(self.kept), "cards in hand after the end"
        # Turns and setup.
        assert 0 <= self.turn < n, f"turn of player {self.turn}"
        if self.removed >= 0:
            assert n == 2 and self.removed < t.n_species, f"species {self.removed} removed"

    def _action_targets(self, action: int) -> tuple[str, ...]:
        """The clicks that choose ``action`` in the mover's picture.

        A play is two clicks: the bird in the own hand (``hand:CARD``), then the queue
        of a perch (``perch:K``). Every other move is one: a bird of the own hand to
        collect or keep (``hand:CARD``), the "Collect nothing" control
        (``button:nothing``), a display bird to take (``display:CARD``), the bird deck
        to draw from (``deck``), or a bird of the own collection to lose to a crow
        (``bird:CARD``). Chance outcomes have none. The keys name only cards the player
        to move can see (their own hand, the display, their collection); every bird is
        a single card, so no two cards of a hand share a key."""
        t = self.rules
        if action < t.COLLECT:
            c, k = divmod(action - t.PLAY, t.max_perches)
            return (f"hand:{t.card_name[c]}", f"perch:{k + 1}")
        if action < t.COLLECT_NONE:
            return (f"hand:{t.card_name[action - t.COLLECT]}",)
        if action == t.COLLECT_NONE:
            return ("button:nothing",)
        if action < t.DRAW:
            return (f"display:{t.card_name[action - t.TAKE]}",)
        if action == t.DRAW:
            return ("deck",)
        if action < t.KEEP:
            return (f"bird:{t.card_name[action - t.CROW]}",)
        if action < t.BIRD:
            return (f"hand:{t.card_name[action - t.KEEP]}",)
        return ()

    def _explain_illegal(self, action: int) -> str | None:
        t = self.rules
        top = self.pending[-1] if self.pending else None
        if top is None or top.player == CHANCE:
            return None
        kind = top.kind
        want = {
            "play": "play a bird from your hand onto a perch",
            "collect": f"collect a bird of value at most {top.info} from your hand, or nothing",
            "refill": "take a bird from the display or draw from the deck",
            "crow": "give up a bird of the species you hold most of",
            "keep": "keep a card of your hand",
        }[kind]
        if t.PLAY <= action < t.COLLECT:
            c, k = divmod(action - t.PLAY, t.max_perches)
            if kind != "play":
                return f"you must {want} now"
            if not self.hands[top.player] >> c & 1:
                return f"{t.card_name[c]} is not in your hand"
            if k >= t.n_perches:
                return f"there are only {t.n_perches} perches with {self.game.players} players"
        if t.COLLECT <= action <= t.COLLECT_NONE and kind == "collect":
            c = action - t.COLLECT
            if not self.hands[top.player] >> c & 1:
                return f"{t.card_name[c]} is not in your hand"
            if not self._collectable(top.player, top.info) >> c & 1:
                return f"{t.card_name[c]} is worth more than the {top.info} you played"
        if t.TAKE <= action < t.DRAW and kind == "refill":
            return f"{t.card_name[action - t.TAKE]} is not in the display"
        if action == t.DRAW and kind == "refill":
            return "the bird deck is empty"
        if t.CROW <= action < t.KEEP and kind == "crow":
            c = action - t.CROW
            if not self.birds[top.player] >> c & 1:
                return f"{t.card_name[c]} is not in your collection"
            if not self._crow_targets(top.player) >> c & 1:
                return "the crow takes a bird of the species you hold most of"
        if t.KEEP <= action < t.BIRD and kind == "keep":
            return f"{t.card_name[action - t.KEEP]} is not in your hand"
        if action >= t.BIRD:
            return "that is a chance outcome, not a player's move"
        return f"you must {want} now"


def _bird_words(t: Rules) -> Callable[[int], str]:
    """A card id as a person reads it: "Chaffinch 3♀"."""
    return lambda c: bird_words(t.card_name[c])
