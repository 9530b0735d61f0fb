"""Crôa!'s State: one handler per kind of decision.

Decisions (``State.pending`` holds at most one at a time):

``move``      the player to move picks the turn's jump (priority rules applied)
``reveal``    CHANCE: the face-down tile landed on turns up; the outcomes are the
              tile types still face down under that back, weighted by count
``bounce``    the frog on a water lily must jump on (same player)
``mosquito``  after a mosquito, jump with another frog that has not moved yet, or stop
``victim``    a third servant on a log picks which enemy servant it removes
``lay``       CHANCE, setup only (backs dealt): the next square, a1 to h8, gets its
              back, weighted by the squares of each back still to lay; the frogs are
              set down once the pond is laid

Frogs are numbered ``player * slots + k``: slot 0 is the queen, slots 1.. the
servants, filled in order as babies are born (``nxt`` is the next free slot, so
the reserve is ``slots - nxt``). ``fsq[f]`` is a frog's square (-1 once gone),
``occ[sq]`` the tuple of frogs on a square, ``tile[sq]`` the tile type (-1 while
face down), ``left`` the face-down tiles per back and type (a flat list) and
``backs`` the back of each square (a tuple, -1 while not yet laid), ``to_lay`` the
squares of each back still to lay (a tuple; empty when the layout is fixed). Nothing
unrevealed is stored: a face-down tile has no identity until it turns up (its back
is public from the moment it is laid).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from meeple.boardgames.croa import scoring
from meeple.boardgames.croa.actions import (
    KIND_SPAN,
    MAX_PLAYERS,
    MOVES,
    QUEEN,
    REVEAL0,
    SERVANT,
    STOP,
    decode_move,
    move_id,
    player_name,
)
from meeple.boardgames.croa.components import NEIGHBOURS, SQUARES, square_name
from meeple.boardgames.croa.kernels import (
    counted_outcomes,
    log_problem,
    moves_of,
)
from meeple.boardgames.croa.rules import LILY, LOG, MALE0, MOSQUITO, MUD, MUD_TURNS, PIKE, Rules
from meeple.core.api import CHANCE, JSON, Decision, Game, State

# Each decision kind's info (``move`` has none). Frogs and squares are numbered as above.
RevealInfo = tuple[int, int, int]  # the frog, the square it jumped from, the face-down square
BounceInfo = tuple[int, int]  # the frog on the water lily, the square it came from
MosquitoInfo = int  # the frog that landed on the mosquito (it may not jump again)
LayInfo = int  # the square whose back is laid next, 0 (a1) to 63 (h8)
VictimInfo = tuple[int, int]  # the servant that arrived, the log's square

MOVE_DECISIONS = tuple(Decision("move", p, None) for p in range(MAX_PLAYERS))
"""The turn's first decision for each seat (decisions are immutable, so shared)."""
LAY_DECISIONS = tuple(Decision("lay", CHANCE, sq) for sq in range(SQUARES))
"""The setup's chance of each square's back, likewise."""
FACE_DOWN = -1
NOT_LAID = -1

# Why a jump or a choice is refused: what the move generators record (``Refusals``; the
# jump generator's own reasons are kernels.py's) and ``CroaState._victim_problem`` returns.
# Templates, so that the generators build no text; ``_jump_problem`` fills in ``{frm}`` and
# ``{to}`` (the jump's squares), ``_action_problem`` ``{who}`` (the player a victim choice
# names).
PAIR = "your queen and a servant share a tile: one of the two must move"
OWN_VICTIM = "the third servant removes an enemy's servant, never one of yours"
NO_VICTIM = "{who} has no servant on that log"
Refusals = dict[int, str]
"""Where a move generator says why it leaves out each jump it weighs: the jump's id and the
reason, one of the templates above. (A servant that may not move records its jumps even
when another servant on its square makes them: ask whether a jump is legal first.)"""


class CroaState(State):
    rules: Rules  # the game's, shared by all its states
    # What a clone copies (the core's State.clone): the lists of ints and of tuples, changed
    # in place. Every other field is shared: ints, tuples (``backs``, ``to_lay``, ``last``) and
    # ``_moves``, a tuple that is replaced, never changed.
    copied = ("tile", "left", "fsq", "stuck", "occ", "nxt", "males", "out")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        rules = self.rules
        n, slots = rules.players, rules.slots
        self.tile = [FACE_DOWN] * SQUARES
        self.left = [c for back in rules.pond.counts for c in back]
        self.fsq = [-1] * (n * slots)
        self.stuck = [0] * (n * slots)
        self.occ: list[tuple[int, ...]] = [()] * SQUARES
        self.nxt = [rules.servants_at_start + 1] * n
        self.males = [(1 << len(rules.male_colours)) - 1] * n
        self.out = [-1] * n  # players eliminated before this one, or -1 while in
        self.n_out = 0
        self.gone = 0  # bit per frog removed from the game (an int: clones share it)
        self.player = 0  # whose turn it is
        self.moved = 0  # bit per frog: jumped of its own accord this turn
        self.visited = 0  # bit per square: water lilies landed on this turn
        self.bonus = 0  # servants won this turn by landing on an enemy queen
        self.eventful = False  # a reveal, a removal or a birth this turn
        self.quiet = 0  # turns in a row without any of those
        self.turns = 0
        self.skips = 0  # turns in a row passed because the player could not move
        self.end = ""  # why the game ended
        self.last: tuple[int, int, int] = (-1, -1, -1)  # the latest jump: from, to, frog
        # The legal actions of the pending move, bounce or mosquito decision, found when it
        # is pushed (to know whether there is one) and read by its _legal_<kind> handler.
        self._moves: tuple[int, ...] | None = None
        if rules.deal is not None:
            # The tiles are shuffled and laid face down (rulebook, Setup): each square's
            # back is chance. A tuple, so clones share it.
            self.backs: tuple[int, ...] = (NOT_LAID,) * SQUARES
            self.to_lay: tuple[int, ...] = rules.deal
            self.pending.append(LAY_DECISIONS[0])
        else:
            self.backs = rules.pond.layout
            self.to_lay = ()
            self._set_frogs()

    def _set_frogs(self) -> None:
        """The frogs go on the laid pond, and seat 0 starts (ruling 6)."""
        rules = self.rules
        for p, start in enumerate(rules.starts):
            self._place(p * rules.slots, start.queen)
            for k, sq in enumerate(start.servants):
                self._place(p * rules.slots + 1 + k, sq)
        self._begin_turn(0)

    # -- board helpers -----------------------------------------------------------

    def _place(self, f: int, sq: int) -> None:
        self.occ[sq] = (*self.occ[sq], f)
        self.fsq[f] = sq

    def _lift(self, f: int) -> None:
        sq = self.fsq[f]
        o = self.occ[sq]
        if len(o) == 1:
            self.occ[sq] = ()
        else:
            i = o.index(f)
            self.occ[sq] = o[:i] + o[i + 1 :]
        self.fsq[f] = -1

    def _remove(self, f: int) -> None:
        """A frog is eliminated: it leaves the game for good."""
        self._lift(f)
        self.stuck[f] = 0
        self.gone |= 1 << f
        self.eventful = True

    def _eliminate(self, p: int) -> bool:
        """Player ``p``'s queen is gone: all their frogs leave. True if the game is over."""
        slots = self.rules.slots
        for f in range(p * slots, p * slots + slots):
            if self.fsq[f] >= 0:
                self._remove(f)
        self.out[p] = self.n_out
        self.n_out += 1
        self.eventful = True
        if self.rules.players - self.n_out <= 1:
            self.end = "last queen standing"
            self.pending.clear()
            self._moves = None
            return True
        return False

    # -- the move rules ----------------------------------------------------------------
    #
    # The generators below decide which jumps are legal, and each can also say why it
    # leaves a jump out: given a ``Refusals`` dict, it records there the reason (one of
    # the templates above) for every jump it weighs and refuses. Each rule is thus
    # written once, where the generator applies it: the legal moves come from it, and
    # _jump_problem reads the reason for an illegal jump from the same code, run again
    # with a dict, so the legal moves and the refusals cannot drift apart. In play
    # (no dict) a refusal costs one test of ``refused is not None``.

    def _log_problem(self, p: int, queen: bool, o: tuple[int, ...]) -> str | None:
        """Why a frog of player ``p`` (a queen or a servant) may not land on a log holding
        the frogs ``o``, or None (ruling 7; kernels.py's ``log_problem``)."""
        return log_problem(self.rules.owner, self.rules.is_queen, p, queen, o)

    def _moves_of(
        self,
        p: int,
        frogs: Iterable[int],
        refused: Refusals | None = None,
        origin: int = -1,
    ) -> list[int]:
        """The jumps of player ``p``'s ``frogs`` (those in the pond), in id order per frog;
        ``refused`` gets the reason for each jump left out, by id.

        A frog jumps of its own accord (the turn's jump, a mosquito's extra one) only if
        it is not stuck in mud (rulings 10 and 11) and has not moved yet this turn (a
        mosquito sends a frog that has not, ruling 10). It jumps onto one of the eight
        neighbouring squares, where it may land: outside logs a square holds one player's
        frogs, a face-down tile too (ruling 4); on a log, ``_log_problem``.

        ``origin`` >= 0: the one frog in ``frogs`` bounces on from the water lily it
        landed on, come from ``origin`` (ruling 9). Its jump goes on, so the mud and the
        once-a-turn rules do not apply; the landing rules do, the way back included; it
        never lands on a water lily landed on this turn (a ruling against loops), and it
        goes back to ``origin`` only when nothing else is open."""
        # The generator is kernels.py's (compiled where it was built).
        return moves_of(
            p,
            frogs,
            refused,
            origin,
            self.fsq,
            self.occ,
            self.tile,
            self.stuck,
            self.moved,
            self.visited,
            self.rules.owner,
            self.rules.is_queen,
        )

    def _start_moves(self, p: int, refused: Refusals | None = None) -> list[int]:
        """The turn's first jump: the jumps of all of ``p``'s frogs, the pair rule applied:
        if the queen and a servant of hers start the turn on one tile, one of the two must
        move (rulebook; a baby and its queen too, ruling 12), unless neither can (ruling
        13). ``refused`` gets the reason for each jump left out."""
        slots = self.rules.slots
        q = p * slots
        qs = self.fsq[q]
        if qs >= 0 and len(self.occ[qs]) > 1:
            owner = self.rules.owner
            if any(x != q and owner[x] == p for x in self.occ[qs]):
                pair = [f for f in range(q, q + slots) if self.fsq[f] == qs]
                moves = self._moves_of(p, pair, refused)
                if moves:
                    if refused is not None:
                        for a in self._moves_of(p, range(q, q + slots), refused):
                            if a not in moves:
                                refused[a] = PAIR
                    return moves
        # The frogs born so far: those of the reserve (slots from nxt on) are never in the pond.
        return self._moves_of(p, range(q, q + self.nxt[p]), refused)

    def _mosquito_moves(self, p: int, refused: Refusals | None = None) -> list[int]:
        """A mosquito's extra jump: the jumps of all of ``p``'s frogs (``_moves_of`` leaves
        out those that have moved); the pair rule does not limit it (ruling 10)."""
        slots = self.rules.slots
        return self._moves_of(p, range(p * slots, p * slots + self.nxt[p]), refused)

    def _frog_at(self, p: int, kind: int, s: int, action: int) -> int:
        """The frog that makes player ``p``'s legal jump ``action`` of ``kind`` from ``s``:
        the queen, or the servant there (of several, the first that may make it)."""
        if kind == QUEEN:
            return p * self.rules.slots
        owner, is_queen = self.rules.owner, self.rules.is_queen
        found = -1
        for x in self.occ[s]:
            if owner[x] == p and not is_queen[x]:
                if found >= 0:  # several servants: ask the generator which may jump
                    for y in self.occ[s]:
                        if owner[y] == p and not is_queen[y] and action in self._moves_of(p, (y,)):
                            return y
                    break
                found = x
        if found < 0:
            raise AssertionError("no such servant")  # legality was checked before
        return found

    def _victim_problem(self, info: VictimInfo, q: int) -> str | None:
        """Why the third servant on a log (``info``) may not remove player ``q``'s servant,
        or None: it removes an enemy's, one standing on that log (ruling 7)."""
        f, t = info
        owner = self.rules.owner
        if q == owner[f]:
            return OWN_VICTIM
        if not any(owner[x] == q for x in self.occ[t]):
            return NO_VICTIM
        return None

    # -- turns -------------------------------------------------------------------

    def _next_alive(self, p: int) -> int:
        n = self.rules.players
        q = (p + 1) % n
        while self.out[q] >= 0:
            q = (q + 1) % n
        return q

    def _tick_mud(self, p: int) -> None:
        slots = self.rules.slots
        stuck = self.stuck
        q = p * slots
        if any(stuck[q : q + slots]):  # seldom: frogs are stuck only in mud
            for f in range(q, q + slots):
                if stuck[f]:
                    stuck[f] -= 1

    def _begin_turn(self, p: int) -> None:
        while True:
            self.player = p
            self.moved = 0
            self.visited = 0
            self.bonus = 0
            self.eventful = False
            moves = self._start_moves(p)
            if moves:
                self.skips = 0
                self._moves = tuple(moves)
                self.pending.append(MOVE_DECISIONS[p])  # push("move", p), prebuilt
                return
            # The player cannot move any frog: the turn passes (mud still dries).
            self._tick_mud(p)
            self.turns += 1
            self.quiet += 1
            self.skips += 1
            if self.quiet >= self.rules.quiet_limit:
                self.end = "quiet-turn limit"
                return
            if self.skips >= 2 * (self.rules.players - self.n_out):
                # Two whole rounds in which every player still in had to pass.
                self.end = "no frog can move"
                return
            p = self._next_alive(p)

    def _end_turn(self) -> None:
        p = self.player
        rules = self.rules
        slots = rules.slots
        if self.bonus and self.out[p] < 0:
            qs = self.fsq[p * slots]
            # The won servant joins the queen where she ends the turn (not on a log,
            # which holds a queen alone).
            if qs >= 0 and self.tile[qs] != LOG:
                for _ in range(self.bonus):
                    if self.nxt[p] < slots:
                        self._place(p * slots + self.nxt[p], qs)
                        self.nxt[p] += 1
        self._tick_mud(p)
        self.turns += 1
        self.quiet = 0 if self.eventful else self.quiet + 1
        if self.quiet >= rules.quiet_limit:
            self.end = "quiet-turn limit"
            return
        self._begin_turn(self._next_alive(p))

    def _jump(self, f: int, s: int, t: int) -> None:
        self.last = (s, t, f)
        if self.tile[t] == FACE_DOWN:
            self.push("reveal", CHANCE, (f, s, t))
        else:
            self._land(f, s, t)

    def _land(self, f: int, s: int, t: int) -> None:
        """Frog ``f`` jumps from ``s`` onto the face-up tile ``t``: captures, then effect."""
        rules = self.rules
        owner, is_queen = rules.owner, rules.is_queen
        p = owner[f]
        queen = is_queen[f]
        self._lift(f)
        self.moved |= 1 << f
        kind = self.tile[t]
        o = self.occ[t]
        if kind == LOG:
            if o:
                enemies = [x for x in o if owner[x] != p]
                enemy_queens = [x for x in enemies if is_queen[x]]
                if enemy_queens:
                    self.bonus += 1
                    if self._eliminate(owner[enemy_queens[0]]):
                        self._place(f, t)  # the game is won, and the frog still lands
                        return
                elif queen:
                    for x in enemies:
                        self._remove(x)
                elif len(o) == 2:
                    if len({owner[x] for x in enemies}) > 1:
                        self._place(f, t)
                        self.push("victim", p, (f, t))
                        return
                    self._remove(enemies[0])
            self._place(f, t)
            self._end_turn()
            return
        if o and owner[o[0]] != p:  # outside logs a square holds one player's frogs
            for x in o:
                if is_queen[x]:
                    self.bonus += 1
                    if self._eliminate(owner[x]):
                        self._place(f, t)  # the game is won, and the frog still lands
                        return
                    break
            else:
                for x in o:
                    self._remove(x)
        self._place(f, t)
        if kind == LILY:
            self.visited |= 1 << t
            moves = self._moves_of(p, (f,), None, s)
            if moves:
                self._moves = tuple(moves)
                self.push("bounce", p, (f, s))
                return
            # Nowhere at all to bounce to: the frog stays on the lily (a ruling).
        elif kind == MOSQUITO:
            moves = self._mosquito_moves(p)
            if moves:
                self._moves = (*moves, STOP)
                self.push("mosquito", p, f)
                return
        elif kind == MUD:
            self.stuck[f] = MUD_TURNS
        elif kind == PIKE:
            self._remove(f)
            if queen and self._eliminate(p):
                return
        elif kind >= MALE0:
            bit = 1 << (kind - MALE0)
            if queen and self.males[p] & bit and self.nxt[p] < rules.slots:
                self.males[p] &= ~bit
                self._place(p * rules.slots + self.nxt[p], t)
                self.nxt[p] += 1
                self.eventful = True
        self._end_turn()

    # -- decision handlers -------------------------------------------------------

    def _legal_move(self, d: Decision[None]) -> Sequence[int]:
        if self._moves is not None:
            return self._moves
        return self._start_moves(d.player)

    def _apply_move(self, d: Decision[None], action: int) -> None:
        self._moves = None
        s, t = (action >> 6) & 63, action & 63  # decode_move, inlined
        if action < KIND_SPAN:
            f = d.player * self.rules.slots
        else:
            f = self._frog_at(d.player, SERVANT, s, action)
        self._jump(f, s, t)

    def _outcomes_reveal(self, d: Decision[RevealInfo]) -> list[tuple[int, float]]:
        n = self.rules.n_types
        base = self.backs[d.info[2]] * n
        return counted_outcomes(self.left[base : base + n], REVEAL0)

    def _apply_reveal(self, d: Decision[RevealInfo], action: int) -> None:
        f, s, t = d.info
        k = action - REVEAL0
        self.tile[t] = k
        self.left[self.backs[t] * self.rules.n_types + k] -= 1
        self.eventful = True
        self._land(f, s, t)

    def _legal_bounce(self, d: Decision[BounceInfo]) -> Sequence[int]:
        if self._moves is not None:
            return self._moves
        f, origin = d.info
        return self._moves_of(self.rules.owner[f], (f,), None, origin)

    def _apply_bounce(self, d: Decision[BounceInfo], action: int) -> None:
        self._moves = None
        _, s, t = decode_move(action)
        self._jump(d.info[0], s, t)

    def _legal_mosquito(self, d: Decision[MosquitoInfo]) -> Sequence[int]:
        if self._moves is not None:
            return self._moves
        return [*self._mosquito_moves(d.player), STOP]

    def _apply_mosquito(self, d: Decision[MosquitoInfo], action: int) -> None:
        self._moves = None
        if action == STOP:
            self._end_turn()
            return
        kind, s, t = decode_move(action)
        self._jump(self._frog_at(d.player, kind, s, action), s, t)

    def _outcomes_lay(self, d: Decision[LayInfo]) -> list[tuple[int, float]]:
        """The back of square ``d.info``: each back as likely as its squares still to lay,
        so every arrangement of the backs is as likely as the shuffle makes it."""
        return counted_outcomes(self.to_lay, self.rules.codec.lay0)

    def _apply_lay(self, d: Decision[LayInfo], action: int) -> None:
        sq = d.info
        b = action - self.rules.codec.lay0
        # Tuples, so that clones share them: changed through a list.
        backs = list(self.backs)
        backs[sq] = b
        self.backs = tuple(backs)
        rest = list(self.to_lay)
        rest[b] -= 1
        self.to_lay = tuple(rest)
        if sq + 1 < SQUARES:
            self.pending.append(LAY_DECISIONS[sq + 1])
        else:
            self._set_frogs()

    def _legal_victim(self, d: Decision[VictimInfo]) -> list[int]:
        victim0 = self.rules.codec.victim0
        return [victim0 + q for q in range(MAX_PLAYERS) if self._victim_problem(d.info, q) is None]

    def _apply_victim(self, d: Decision[VictimInfo], action: int) -> None:
        _, t = d.info
        q = action - self.rules.codec.victim0
        owner = self.rules.owner
        victim = next(x for x in self.occ[t] if owner[x] == q)
        self._remove(victim)
        self._end_turn()

    # -- scores, views, messages -------------------------------------------------

    def _check_invariants(self) -> None:
        rules = self.rules
        slots = rules.slots
        owner, is_queen = rules.owner, rules.is_queen
        assert len(self.pending) <= 1, "more than one decision pending"
        if self._check_laying():
            return
        assert NOT_LAID not in self.backs, "a square of the pond has no back"
        for f, s in enumerate(self.fsq):
            if s >= 0:
                assert self.occ[s].count(f) == 1, f"frog {f} is not listed on its square"
        for s, o in enumerate(self.occ):
            assert all(self.fsq[f] == s for f in o), f"{square_name(s)} lists a frog elsewhere"
            if not o:
                continue
            if self.tile[s] == LOG:
                queens = sum(1 for f in o if is_queen[f])
                victim = bool(self.pending) and self.pending[-1].kind == "victim"
                assert (queens == 1 and len(o) == 1) or (
                    queens == 0 and len(o) <= (3 if victim else 2)
                ), f"the log on {square_name(s)} holds {o}"
            else:
                assert len({owner[f] for f in o}) == 1, f"{square_name(s)} mixes players"
        for p in range(rules.players):
            queen_in = self.fsq[p * slots] >= 0
            if self.out[p] >= 0:
                on_pond = any(self.fsq[f] >= 0 for f in range(p * slots, p * slots + slots))
                assert not on_pond, f"P{p + 1} is out but has frogs in the pond"
            elif not self.end:
                assert queen_in, f"P{p + 1} is in the game without a queen"
            assert 1 <= self.nxt[p] <= slots, f"P{p + 1}'s next frog slot is {self.nxt[p]}"
            assert all(
                f < p * slots + self.nxt[p]
                for f in range(p * slots, p * slots + slots)
                if self.fsq[f] >= 0
            ), f"P{p + 1} has a frog in the pond from its reserve"
        assert all(0 <= x <= MUD_TURNS for x in self.stuck), "a mud count out of range"
        n = rules.n_types
        pond = rules.pond
        for b, counts in enumerate(pond.counts):
            for k in range(n):
                up = sum(1 for s in range(SQUARES) if self.backs[s] == b and self.tile[s] == k)
                assert self.left[b * n + k] + up == counts[k], "tiles are not conserved"
        out_order = sorted(o for o in self.out if o >= 0)
        assert out_order == list(range(self.n_out)), f"elimination order {self.out}"
        self._check_frogs_and_turns()

    def _check_laying(self) -> bool:
        """While the backs are dealt (setup): squares a1.. up to the next one laid, no more
        of a back than its squares, no frog in the pond and no tile up. True if so."""
        d = self.pending[-1] if self.pending else None
        if d is None or d.kind != "lay":
            return False
        deal = self.rules.deal
        assert deal is not None, "backs dealt in a pond with a fixed layout"
        sq = d.info
        assert all(b >= 0 for b in self.backs[:sq]), "a square before the next one is not laid"
        assert all(b == NOT_LAID for b in self.backs[sq:]), "a square is laid out of order"
        for b, n in enumerate(deal):
            assert self.backs.count(b) <= n, f"more squares of back {b} than it has tiles"
            assert self.to_lay[b] == n - self.backs.count(b), f"back {b}'s squares to lay"
        assert all(x < 0 for x in self.fsq), "a frog in the pond before it is laid"
        assert all(k == FACE_DOWN for k in self.tile), "a tile up before the pond is laid"
        assert self.turns == 0 and not self.end, "the game began before the pond was laid"
        return True

    def _check_frogs_and_turns(self) -> None:
        rules = self.rules
        slots = rules.slots
        n = rules.players
        # Every frog is in the pond, removed, or in its reserve (a slot not yet used).
        nowhere = []
        for p in range(n):
            for k in range(slots):
                f = p * slots + k
                places = (self.fsq[f] >= 0) + ((self.gone >> f) & 1) + (k >= self.nxt[p])
                if places == 0:
                    nowhere.append(f)
                else:
                    assert places == 1, f"P{p + 1}'s frog {k} is in {places} places"
        assert not nowhere, (
            f"frogs {nowhere} are nowhere: not in the pond, not removed, not in reserve"
        )
        # Births: each male used gave a servant (queens landing on enemy queens give more).
        all_males = (1 << len(rules.male_colours)) - 1
        for p in range(n):
            born = self.nxt[p] - 1 - rules.servants_at_start
            used = (all_males & ~self.males[p]).bit_count()
            assert 0 <= used <= born, f"P{p + 1} used {used} male frogs but {born} servants born"
            assert not self.males[p] & ~all_males, f"P{p + 1} has unknown male frogs"
        # Where frogs can stand: never on a face-up pike, stuck only in mud, and on a
        # face-down tile only where they started the game.
        starts: dict[int, int] = {}
        for p, start in enumerate(rules.starts):
            for sq_ in (start.queen, *start.servants):
                starts[sq_] = p
        for f, s in enumerate(self.fsq):
            if self.stuck[f]:
                assert s >= 0 and self.tile[s] == MUD, f"frog {f} is stuck outside mud"
            if s < 0:
                continue
            assert self.tile[s] != PIKE, f"frog {f} survives on the pike at {square_name(s)}"
            if self.tile[s] == FACE_DOWN:
                assert starts.get(s) == rules.owner[f], (
                    f"frog {f} stands on the face-down tile {square_name(s)}"
                )
        # Turns: the player to move is still in; the game over exactly when it says why.
        if self.pending:
            assert not self.end, f"the game goes on after '{self.end}'"
            assert self.out[self.player] < 0, f"P{self.player + 1} moves after going out"
            assert self.quiet < rules.quiet_limit, f"{self.quiet} quiet turns"
        else:
            assert self.end, "the game stopped without a reason"
        if self.end == "last queen standing":
            assert n - self.n_out == 1, f"{n - self.n_out} queens stand at the end"
        assert 0 <= self.turns <= self.game.max_game_length(), f"turn {self.turns}"

    def _frogs_on_pond(self) -> list[int]:
        slots = self.rules.slots
        return [
            sum(1 for f in range(p * slots, p * slots + slots) if self.fsq[f] >= 0)
            for p in range(self.rules.players)
        ]

    def _scores(self) -> list[dict[str, int]]:
        return scoring.standings(self.out, self._frogs_on_pond(), self.rules.players)

    def _heuristic(self, player: int) -> float:
        """Still in, and frogs in the pond compared with the strongest opponent."""
        frogs = self._frogs_on_pond()
        if self.out[player] >= 0:
            return -10.0 + self.out[player]
        others = [frogs[q] for q in range(self.rules.players) if q != player and self.out[q] < 0]
        return float(frogs[player] - max(others)) if others else 10.0

    def _observation(self, player: int | None) -> dict[str, JSON]:
        rules = self.rules
        slots = rules.slots
        types = rules.tile_types
        pond = rules.pond
        squares: list[JSON] = []
        for sq in range(SQUARES):
            frogs: list[JSON] = [
                {
                    "player": rules.owner[f],
                    "queen": rules.is_queen[f],
                    "stuck": self.stuck[f] > 0,
                }
                for f in self.occ[sq]
            ]
            k = self.tile[sq]
            squares.append(
                {
                    "square": square_name(sq),
                    "back": None if self.backs[sq] < 0 else pond.back_ids[self.backs[sq]],
                    "tile": None if k == FACE_DOWN else types[k],
                    "frogs": frogs,
                }
            )
        n = rules.n_types
        left: dict[str, JSON] = {
            bid: {types[k]: self.left[b * n + k] for k in range(n) if self.left[b * n + k]}
            for b, bid in enumerate(pond.back_ids)
        }
        colours = rules.male_colours
        players: list[JSON] = []
        for p in range(rules.players):
            qs = self.fsq[p * slots]
            players.append(
                {
                    "name": player_name(p),
                    "in_game": self.out[p] < 0,
                    "queen": square_name(qs) if qs >= 0 else None,
                    "servants": [
                        square_name(self.fsq[f])
                        for f in range(p * slots + 1, p * slots + slots)
                        if self.fsq[f] >= 0
                    ],
                    "reserve": slots - self.nxt[p],
                    "males": [c for i, c in enumerate(colours) if (self.males[p] >> i) & 1],
                }
            )
        d = self.pending[-1] if self.pending else None
        active: str | None = None
        if d is not None and d.kind in ("reveal", "bounce", "mosquito", "victim"):
            f = d.info if d.kind == "mosquito" else d.info[0]
            sq = self.fsq[f]
            active = square_name(sq) if sq >= 0 else None
        target = square_name(d.info[2]) if d is not None and d.kind == "reveal" else None
        return {
            "players": rules.players,
            "viewer": player,
            "pond": self.game.options["pond"],
            "male_colours": list(rules.male_colours),
            "backs": [
                {
                    "id": bid,
                    "name": pond.back_names[b],
                    "letter": pond.back_letters[b],
                    "water": pond.waters[b],
                }
                for b, bid in enumerate(pond.back_ids)
            ],
            "squares": squares,
            "face_down": left,
            "frogs": players,
            "turn_player": self.player,
            "to_move": self.current_player(),
            "decision": d.kind if d is not None else None,
            "active_frog": active,
            "reveal_square": target,
            "last_jump": [square_name(x) for x in self.last[:2]] if self.last[0] >= 0 else None,
            "last_jump_text": (
                rules.codec.name(
                    move_id(QUEEN if rules.is_queen[self.last[2]] else SERVANT, *self.last[:2])
                )
                if self.last[0] >= 0
                else None
            ),
            "turns": self.turns,
            "quiet_turns": self.quiet,
            "quiet_limit": rules.quiet_limit,
            "end": self.end or None,
            "scores": self._scores(),
            "ranks": self.ranks() if self.is_terminal() else None,
        }

    # -- the move log in words ---------------------------------------------------------

    def action_words(self, action: int) -> str:
        """``action`` as the log tells it: which frog jumps from where onto what, and what
        follows (frogs taken, a pike, a birth, a bounce, the game's end). A clone plays
        the action to find the consequences; a face-down tile stays unknown until its own
        chance outcome turns it up."""
        d = self.pending[-1] if self.pending else None
        if d is None:
            return self.action_to_string(action)
        rules = self.rules
        victim0 = rules.codec.victim0
        if d.kind == "lay":
            b = action - rules.codec.lay0
            return (
                f"a tile of {rules.pond.back_names[b]} is laid face down on {square_name(d.info)}"
            )
        if d.kind == "reveal":
            f, _, t = d.info
            tile = rules.tile_types[action - REVEAL0]
            verb = "turn" if tile == "reeds" else "turns"
            head = f"{_tile_words(tile, article=True)} {verb} up on {square_name(t)}"
            return head + self._aftermath(action, f, t)
        if action == STOP:
            return "stops, leaving the mosquito's extra jump unused; the turn ends"
        if action >= victim0:
            _, t = d.info
            head = f"removes {player_name(action - victim0)}'s servant from the log on " + (
                square_name(t)
            )
            return head + self._aftermath(action, -1, t, taken_said=True)
        kind, s, t = decode_move(action)
        frog = "the queen" if kind == QUEEN else "a servant"
        if d.kind == "bounce":
            head = f"bounces {frog} off the water lily on {square_name(s)} onto "
        else:
            head = f"jumps {frog} from {square_name(s)} onto "
        if self.tile[t] == FACE_DOWN:
            back = rules.pond.back_names[self.backs[t]]
            where = "the face-down tile" if len(rules.pond.back_ids) == 1 else f"face-down {back}"
            head += f"{where} on {square_name(t)}"
        else:
            head += f"the {_tile_words(rules.tile_types[self.tile[t]])} on {square_name(t)}"
        if d.kind == "mosquito":
            head += " (the mosquito's extra jump)"
        f = d.info[0] if d.kind == "bounce" else self._frog_at(d.player, kind, s, action)
        return head + self._aftermath(action, f, t)

    def _aftermath(self, action: int, f: int, t: int, taken_said: bool = False) -> str:
        """What ``action`` leads to, found by playing it on a clone: "; "-led clauses.
        ``f`` is the frog that lands (-1 for none); ``taken_said``: the removed servant
        is the action itself."""
        rules = self.rules
        after = self.clone()
        assert isinstance(after, CroaState)  # the core's clone keeps the class
        after.apply_action(action)
        said: list[str] = []
        p = self.player
        gone = [q for q in range(rules.players) if self.out[q] < 0 <= after.out[q]]
        taken: dict[tuple[int, bool], int] = {}
        for x, sq in enumerate(self.fsq):
            if sq >= 0 > after.fsq[x] and x != f and rules.owner[x] not in gone and not taken_said:
                key = (rules.owner[x], rules.is_queen[x])
                taken[key] = taken.get(key, 0) + 1
        for (q, _), n in sorted(taken.items()):
            said.append(f"takes {n} of {player_name(q)}'s servants" if n > 1 else (
                f"takes {player_name(q)}'s servant"
            ))  # fmt: skip
        if f >= 0 and self.fsq[f] >= 0 > after.fsq[f] and rules.owner[f] not in gone:
            said.append("the pike eats the servant")
        for q in gone:
            if q == p:
                said.append(f"the pike eats {player_name(p)}'s queen: {player_name(p)} is out")
            else:
                said.append(f"takes {player_name(q)}'s queen: {player_name(q)} is out")
        if after.males[p] != self.males[p]:
            colour = rules.male_colours[(self.males[p] & ~after.males[p]).bit_length() - 1]
            said.append(f"the queen breeds a new servant with the {colour} male")
        born = after.nxt[p] - self.nxt[p] - (after.males[p] != self.males[p])
        if born > 0:
            won = "a servant" if born == 1 else f"{born} servants"
            said.append(f"{player_name(p)} wins {won} (born beside the queen)")
        frog = "the queen" if f >= 0 and rules.is_queen[f] else "the servant"
        if f >= 0 and after.stuck[f] and not self.stuck[f] and rules.owner[f] == p:
            said.append(f"{frog} is stuck in the mud until after {player_name(p)}'s next turn")
        nxt = after.pending[-1].kind if after.pending else None
        if nxt == "bounce":
            said.append(f"{frog} must jump on from the water lily")
        elif nxt == "mosquito":
            said.append("another frog may jump")
        elif nxt == "victim":
            said.append("the third servant there removes a servant")
        if after.end and not self.end:
            said.append(f"the game ends ({after.end})")
        return "".join("; " + x for x in said)

    def _decision_text(self, d: Decision) -> str:
        """What the pending decision asks for, in words."""
        who = f"player {d.player + 1}"
        if d.kind == "move":
            return f"{who} must jump a frog"
        if d.kind == "bounce":
            lily = square_name(self.fsq[d.info[0]])
            return f"{who} must bounce the frog off the water lily on {lily}"
        if d.kind == "mosquito":
            return f"{who} may jump with another frog (mosquito) or 'stop'"
        if d.kind == "victim":
            return (
                f"{who} must choose which enemy servant the third servant on the log on "
                f"{square_name(d.info[1])} removes"
            )
        if d.kind == "lay":
            return f"the pond is being laid: the tile on {square_name(d.info)} is dealt first"
        return f"the face-down tile on {square_name(d.info[2])} turns up first"

    def _action_targets(self, action: int) -> tuple[str, ...]:
        """The clicks that choose ``action`` in the mover's picture.

        The turn's jump and a mosquito's extra jump are two clicks: the frog
        (``frog:c3:Q`` for the queen on c3, ``frog:c3:S`` for the player's servants
        there, who are one choice), then the square it lands on (``sq:d4``). A bounce
        off a water lily has one frog to jump, so it is one click, the landing square.
        ``stop`` after a mosquito is the labelled control ``button:stop``; ``remove P2
        servant`` clicks that servant on the log (``frog:d4:P2``). Chance reveals have
        none."""
        d = self.pending[-1] if self.pending else None
        if d is None or d.player == CHANCE:
            return ()
        if action < MOVES:
            kind, s, t = decode_move(action)
            land = "sq:" + square_name(t)
            if d.kind == "bounce":
                return (land,)
            return (f"frog:{square_name(s)}:{'QS'[kind]}", land)
        if action == STOP:
            return ("button:stop",)
        victim0 = self.rules.codec.victim0
        if action >= victim0 and d.kind == "victim":
            return (f"frog:{square_name(d.info[1])}:{player_name(action - victim0)}",)
        return ()

    def _explain_illegal(self, action: int) -> str | None:
        d = self.pending[-1] if self.pending else None
        if d is None:
            return None
        rules = self.rules
        if d.kind == "lay":
            if action >= rules.codec.lay0:
                return "no square of that back is left to lay"
            return (
                f"the pond is being laid (the tile on {square_name(d.info)} is next): "
                "the outcome is a 'lay ...', a chance outcome"
            )
        if d.kind == "reveal":
            if action >= rules.codec.lay0:
                return (
                    "'lay ...' outcomes only deal the pond's backs at setup; "
                    f"{self._decision_text(d)}"
                )
            if REVEAL0 <= action < rules.codec.victim0:
                return "no face-down tile of that kind is left under this back"
            return (
                f"the face-down tile on {square_name(d.info[2])} is turning up: "
                "the outcome is a 'reveal ...', a chance outcome"
            )
        return self._action_problem(d, action)

    def _action_problem(self, d: Decision[Any], action: int) -> str | None:
        """Why ``action`` may not be taken at the player decision ``d`` (a move, a bounce,
        a mosquito or a victim), in words, or None when it may: None exactly for the
        actions the decision's ``_legal_<kind>`` handler lists."""
        codec = self.rules.codec
        if action < MOVES:
            if d.kind == "victim":
                return self._decision_text(d)
            return self._jump_problem(d, action)
        if action == STOP:
            if d.kind == "mosquito":
                return None
            return f"'stop' only ends a turn after a mosquito; {self._decision_text(d)}"
        if action < codec.victim0:
            return f"reveals are chance outcomes; {self._decision_text(d)}"
        if action < codec.lay0:
            q = action - codec.victim0
            if d.kind == "victim":
                why = self._victim_problem(d.info, q)
                if why is None:
                    return None
                return f"{why.format(who=player_name(q))}; {self._decision_text(d)}"
            return (
                f"{codec.name(action)!r} only follows a third servant landing on a log "
                f"beside servants of two opponents; {self._decision_text(d)}"
            )
        return f"'lay ...' outcomes only deal the pond's backs at setup; {self._decision_text(d)}"

    def _jump_problem(self, d: Decision[Any], action: int) -> str | None:
        """Why the jump ``action`` may not be taken at ``d`` (the turn's jump, a bounce or
        a mosquito's extra jump), in words, or None when it may. Past the checks of what
        the action names (a neighbouring square, a frog of the player's on the square it
        jumps from, the frog on the lily for a bounce), the decision's own generator says
        it, run again with a ``Refusals`` dict."""
        rules = self.rules
        owner, is_queen = rules.owner, rules.is_queen
        kind, s, t = decode_move(action)
        p = d.player
        queen = kind == QUEEN
        frm, to = square_name(s), square_name(t)
        if t not in NEIGHBOURS[s]:
            return f"{to} is not next to {frm}: frogs jump one square"
        here = [x for x in self.occ[s] if owner[x] == p and is_queen[x] == queen]
        if not here:
            return f"your queen is not on {frm}" if queen else f"you have no servant on {frm}"
        refused: Refusals = {}
        if d.kind == "bounce":
            f, origin = d.info
            if f not in here:
                return "the frog on the water lily must bounce on first"
            legal = self._moves_of(p, (f,), refused, origin)
        elif d.kind == "mosquito":
            legal = self._mosquito_moves(p, refused)
        else:
            legal = self._start_moves(p, refused)
        if action in legal:
            return None
        why = refused.get(action)
        assert why is not None, f"no reason recorded for {self.action_to_string(action)}"
        return why.format(frm=frm, to=to)


def _tile_words(tile: str, article: bool = False) -> str:
    """A tile type in words: "mosquito", "green male", "water lily"."""
    if tile.startswith("male-"):
        words = f"{tile[5:]} male"
    else:
        words = {"lily": "water lily"}.get(tile, tile)
    if not article:
        return words
    if tile in ("mud", "reeds"):
        return words  # "mud turns up", "reeds turn up" read without an article
    return ("an " if words[0] in "aeiou" else "a ") + words
