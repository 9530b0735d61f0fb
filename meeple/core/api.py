"""The engine API: :class:`Game` and :class:`State`, in OpenSpiel's vocabulary.

A game package subclasses both. The public methods here check input, keep the
history and raise typed errors; a game fills in underscore hooks.

Compound turns are kept as a stack of pending :class:`Decision` s. Each decision
names its *kind* and the player who must take it (``CHANCE`` for a draw, flip or
roll). The base class dispatches ``_legal_<kind>``, ``_apply_<kind>`` and
``_outcomes_<kind>`` methods of the game's state class, so a game writes one small
handler per kind of decision instead of one large switch::

    class MyState(State):
        def _legal_take(self, d: Decision) -> list[int]: ...
        def _apply_take(self, d: Decision, action: int) -> None:
            ...                       # the decision is already popped
            self.push("rotate", d.player, tile)

Randomness is revealed, never stored: a chance decision lists its outcomes with
probabilities; whoever runs the game samples one and applies it like a move.
"""

from __future__ import annotations

import copy
import importlib
import random
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, NamedTuple, Protocol, cast

from typing_extensions import TypeVar

from meeple.core.errors import (
    GameOverError,
    IllegalActionError,
    NotationError,
    OptionError,
)
from meeple.core.kernels import draw, has_outcome
from meeple.core.messages import not_a_move

CHANCE = -1
"""``current_player()`` at a chance node (a draw, flip or roll)."""
AUTOMATIC = -3
"""The player of a pending step that nobody decides (a scoring phase, a refill, the next
link of a chain): the core runs its ``_run_<kind>`` handler as soon as it is on top of the
stack after an action, so no player or bot ever sees it."""
TERMINAL = -4
"""``current_player()`` once the game is over."""

JSON = Any
# The shape of screen a picture is drawn for (see Game.render_svg).
Layout = Literal["wide", "narrow"]
"""A value made only of dict, list, str, int, float, bool and None."""


InfoT = TypeVar("InfoT", default=Any)


class Decision(NamedTuple, Generic[InfoT]):
    """One pending decision: what kind it is, who takes it, and its context.

    ``info`` must be immutable (an int, a str, a tuple) so that clones can share it. Each
    game types it per kind in its handlers (``d: Decision[DrawInfo]``, ``DrawInfo`` an
    alias such as ``tuple[int, bool]``); the conformance suite checks, in play, that every
    pending decision's info is of the type its handlers declare.
    """

    kind: str
    player: int
    info: InfoT = None  # type: ignore[assignment]  # most kinds need no context


_new_tuple = tuple.__new__
# The decisions State.push has made, shared by every state of every game (see push);
# bounded so that a game with many distinct int infos cannot grow it without end.
_DECISIONS: dict[tuple[str, int, int | None], Decision[Any]] = {}
_DECISIONS_KEPT = 1 << 16


@dataclass(frozen=True)
class OptionSpec:
    """A game option: its name, default and the values it allows."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    help: str = ""
    type: type = str

    def validate(self, value: Any) -> Any:
        if self.type is bool and isinstance(value, str):
            low = value.lower()
            if low in ("1", "true", "yes", "on"):
                value = True
            elif low in ("0", "false", "no", "off"):
                value = False
        elif self.type is int and isinstance(value, str):
            try:
                value = int(value)
            except ValueError:
                raise OptionError(
                    f"option {self.name!r} takes a whole number, not {value!r}"
                ) from None
        if not isinstance(value, self.type) or (self.type is int and isinstance(value, bool)):
            raise OptionError(
                f"option {self.name!r} takes a {self.type.__name__}, not {value!r}"
                + (f"; allowed: {', '.join(map(str, self.choices))}" if self.choices else "")
            )
        if self.choices is not None and value not in self.choices:
            raise OptionError(
                f"option {self.name!r} cannot be {value!r}; allowed: "
                + ", ".join(repr(c) for c in self.choices)
            )
        return value


@dataclass(frozen=True)
class GameInfo:
    """The static facts of a game, declared once at the top of its package."""

    id: str
    name: str
    min_players: int
    max_players: int
    version: int
    options: tuple[OptionSpec, ...] = ()
    perfect_information: bool = False
    description: str = ""
    # Option sets the conformance suite plays besides the defaults.
    variants: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)

    def as_json(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "name": self.name,
            "players": [self.min_players, self.max_players],
            "version": self.version,
            "perfect_information": self.perfect_information,
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "choices": list(o.choices) if o.choices is not None else None,
                    "help": o.help,
                }
                for o in self.options
            ],
            "description": self.description,
        }


# What a setup gives besides its options: an "option" of one of these names is a mistake
# (typed on a command line, or written into a record's options), worth saying so.
SETUP_ARGUMENTS = {
    "players": "the player count is given on its own (a record's 'players' field, --players)",
    "components": "a component file is given on its own (a record's 'components' field, "
    "--components)",
}


def no_such_option(info: GameInfo, name: str) -> str:
    """The refusal of an option the game does not have, listing the ones it has."""
    if name in SETUP_ARGUMENTS:
        return f"{info.name} has no option {name!r}: {SETUP_ARGUMENTS[name]}"
    allowed = ", ".join(sorted(o.name for o in info.options)) or "none"
    return f"{info.name} has no option {name!r}; its options are: {allowed}"


class Renderer(Protocol):
    """A game's drawing functions (its ``render`` module). They read an observation, which
    holds everything of the position a viewer may see, and the game's rules, which hold
    only public data (the components, a corrected file's included, and the options)."""

    def render_text(self, observation: Mapping[str, JSON], rules: Any = None) -> str: ...

    def render_svg(
        self, observation: Mapping[str, JSON], layout: Layout = "wide", rules: Any = None
    ) -> str: ...


class Game:
    """A game with its player count, options and component data fixed.

    Subclasses set ``info`` and ``state_class`` and implement the abstract hooks.
    A ``Game`` is immutable after construction and shared by all its states.
    ``rules`` is the game's one frozen object of rule constants and derived tables
    (``make_rules``), under that name in every game.
    """

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[State]]
    # Real moves of the game's notation, decisions a player makes, or one sentence (without
    # its full stop) on how moves are written: the refusal of a text that is not a move.
    notation_examples: ClassVar[Sequence[str] | str] = ()
    # The module of the game's drawing functions (see Renderer), imported when a picture
    # is first drawn, so that simulations and bots never load it.
    renderer: ClassVar[str | None] = None
    rules: Any

    def __init__(
        self,
        players: int | None = None,
        components: str | Path | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """The one place options are checked: every key must be one of ``info.options``
        (anything else, a key named ``players`` too, is refused naming the game's options)
        and every value passes its spec. ``meeple.load(id, players=..., **options)`` is the
        short form."""
        info = self.info
        options = dict(options or {})
        if players is None:
            players = info.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"players must be a whole number, not {players!r}")
        if not info.min_players <= players <= info.max_players:
            raise OptionError(
                f"{info.name} is for {info.min_players} to {info.max_players} players, "
                f"not {players}"
            )
        self.players = players
        specs = {o.name: o for o in info.options}
        unknown = sorted((name for name in options if name not in specs), key=str)
        if unknown:
            raise OptionError(no_such_option(info, unknown[0]))
        self.options: dict[str, Any] = {
            name: spec.validate(options[name]) if name in options else spec.default
            for name, spec in specs.items()
        }
        path = Path(components) if components is not None else None
        # Kept absolute, so a record (or a pickled state) finds the file from any folder;
        # the loader gets the path as given, so its messages name the file as typed.
        self.components_path = path.resolve() if path is not None else None
        self.components = self.load_components(path)
        self.rules = self.make_rules()
        self.check_options()

    # -- hooks a game fills in -------------------------------------------------

    def load_components(self, path: Path | None) -> Any:
        """Load (and check) the component data; ``None`` means the packaged file."""
        return None

    def make_rules(self) -> Any:
        """The game's rules object, from ``components``, ``options`` and ``players``
        (a frozen dataclass of its ``rules.py``); it may refuse what the data and the
        options cannot play together."""
        return None

    def check_options(self) -> None:
        """Refuse option combinations that make no sense together."""

    def num_distinct_actions(self) -> int:
        """Size of the fixed action space (decision and chance actions share it)."""
        raise NotImplementedError

    def max_game_length(self) -> int:
        """An upper bound on the number of actions (chance included) in one game."""
        raise NotImplementedError

    def action_name(self, action: int) -> str:
        """The context-free notation of an action id."""
        raise NotImplementedError

    def render_text(self, observation: Mapping[str, JSON]) -> str:
        """A view for the terminal, drawn only from an observation."""
        if self.renderer is not None:
            return self._renderer().render_text(observation, rules=self.rules)
        import json

        return json.dumps(observation, indent=1)

    def render_svg(self, observation: Mapping[str, JSON], layout: Layout = "wide") -> str:
        """A picture for the browser and replays, drawn only from an observation.

        ``layout`` is the shape of the screen it is for: ``"wide"`` (a laptop: the picture
        about 880 CSS pixels wide, its text at least 11 of them) or ``"narrow"`` (a phone:
        the parts stacked so that the picture fitted to about 370 pixels stays legible).
        """
        if self.renderer is None:
            raise NotImplementedError(f"{self.info.name} has no SVG renderer yet")
        return self._renderer().render_svg(observation, layout, rules=self.rules)

    def _renderer(self) -> Renderer:
        assert self.renderer is not None
        return cast(Renderer, importlib.import_module(self.renderer))

    # -- provided ----------------------------------------------------------------

    def new_initial_state(self) -> State:
        state = self.state_class(self)
        compact(state)
        return state

    def state_from_json(self, data: Any) -> State:
        """A state of this game from a position (``State.to_json``, or its JSON text).
        Anything malformed, of another game, setup or version, or impossible in the rules
        is refused with a :class:`~meeple.core.errors.PositionError` that says what."""
        from meeple.core.position import state_from_position

        return state_from_position(self, data)

    def parse_action(self, text: str) -> int:
        """Parse the context-free notation back to an action id, or refuse the text with
        a ``NotationError`` that shows moves of the game (``notation_examples``)."""
        action = self.read_action(text)
        if action is None:
            if self.notation_examples:
                message = not_a_move(text, self.info.name, self.info.id, self.notation_examples)
            else:
                message = f"{text!r} is not a move in {self.info.name} notation."
            raise NotationError(message)
        return action

    def read_action(self, text: str) -> int | None:
        """The action id a text names, or None.

        The default builds, once per game, an index of every action's name. A game
        with a very large action space overrides this with a real parser.
        """
        index = self.__dict__.get("_notation_index")
        if index is None:
            index = {}
            for a in range(self.num_distinct_actions()):
                name = _normalise(self.action_name(a))
                if name in index:
                    raise RuntimeError(
                        f"{self.info.id}: actions {index[name]} and {a} share the name {name!r}"
                    )
                index[name] = a
            self.__dict__["_notation_index"] = index
        action = index.get(_normalise(text))
        return None if action is None else int(action)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self  # immutable and shared by every state

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"meeple.load({self.info.id!r}, players={self.players}{opts})"


def _normalise(text: str) -> str:
    return " ".join(text.strip().split()).lower()


_HANDLER_PREFIXES = ("_legal_", "_apply_", "_outcomes_", "_run_")


class State:
    """A position in a game. Subclasses fill in the underscore hooks.

    The game is driven by the pending-decision stack (``push`` and ``_legal_<kind>`` /
    ``_apply_<kind>`` / ``_outcomes_<kind>`` handlers): the decision on top is the one to
    take, and the game is over when nothing is pending. The public methods read the stack
    directly (they are the hot path of every playout and search).
    """

    _handlers: ClassVar[dict[str, dict[str, Callable[..., Any]]]] = {}
    # The same tables, one per prefix, bound once per class: the hot path's one lookup.
    _legal_of: ClassVar[dict[str, Callable[..., Any]]] = {}
    _apply_of: ClassVar[dict[str, Callable[..., Any]]] = {}
    _outcomes_of: ClassVar[dict[str, Callable[..., Any]]] = {}
    _run_of: ClassVar[dict[str, Callable[..., Any]]] = {}
    # What a clone copies rather than shares (see clone): fields holding a mutable
    # container of immutable values (a list, dict, set or bytearray: copied with .copy()),
    # and fields holding a list of such containers (or of objects with a .copy()). Every
    # other field is shared, so it must never change in place; the conformance suite
    # checks that each mutable field is declared at its depth.
    copied: ClassVar[tuple[str, ...]] = ()
    copied_nested: ClassVar[tuple[str, ...]] = ()
    # Fields holding one row per player (a list of lists of immutable values) that a clone
    # shares with its original until one of the two writes: a game calls own_rows(p)
    # before changing any of player p's rows. For the large per-player boards that a move
    # seldom touches (Azul's gardens), so a clone copies none of them.
    shared_rows: ClassVar[tuple[str, ...]] = ()
    # Fields that only remember what the others determine (a game's caches, such as the
    # cells a hexagon fits): not part of a position or a fingerprint; _forget_caches
    # empties them when a position is read.
    caches: ClassVar[tuple[str, ...]] = ()
    # The classes of the objects a state's fields hold besides lists, tuples, sets, dicts
    # and decisions (Farland's farms): the ones a position (meeple.core.position) may name.
    position_types: ClassVar[tuple[type, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table: dict[str, dict[str, Callable[..., Any]]] = {p: {} for p in _HANDLER_PREFIXES}
        for klass in reversed(cls.__mro__):
            for name, value in vars(klass).items():
                for prefix in _HANDLER_PREFIXES:
                    if name.startswith(prefix) and callable(value):
                        table[prefix][name[len(prefix) :]] = value
        cls._handlers = table
        cls._legal_of = table["_legal_"]
        cls._apply_of = table["_apply_"]
        cls._outcomes_of = table["_outcomes_"]
        cls._run_of = table["_run_"]

    def __init__(self, game: Game) -> None:
        self.game = game
        # The game's rules object, shared by all its states (a game state annotates its
        # type: ``rules: Rules``); one attribute lookup on the hot path, not two.
        self.rules: Any = game.rules
        self.history: list[int] = []
        self.pending: list[Decision] = []
        # The legal actions of this node, computed once: a sorted list, or at a
        # chance node reached through chance_outcomes() a dict of the outcomes.
        # The legal ids (a sorted list), or at a chance node whose outcomes were asked
        # for, those outcomes as a tuple of (id, probability) pairs.
        self._legal_cache: list[int] | tuple[tuple[int, float], ...] | None = None
        # The turn in progress: whose it is and how many decisions they took in it.
        self._turn_player = CHANCE
        self._turn_steps = 0
        # The decision the last action answered (a game's action_seen_by reads it).
        self.last_decision: Decision | None = None
        # A bit per player whose shared_rows this state alone holds (own_rows).
        self._rows_owned = 0

    # -- the pending-decision stack ------------------------------------------------

    def push(self, kind: str, player: int, info: Any = None) -> None:
        """Put a decision on top of the stack: it is the next one to be taken."""
        # Making a Decision costs about 0.2 us even through tuple.__new__ (no NamedTuple
        # __new__), a tuple and a dict look-up a third of that: the decisions with no info
        # or a plain int are made once and shared (a Decision is immutable). Other infos
        # are not: a key would take True for 1 and 1.0 for 1, changing the info's type.
        if info is None or type(info) is int:
            key = (kind, player, info)
            d = _DECISIONS.get(key)
            if d is None:
                d = _new_tuple(Decision, key)
                if len(_DECISIONS) < _DECISIONS_KEPT:
                    _DECISIONS[key] = d
            self.pending.append(d)
        else:
            self.pending.append(_new_tuple(Decision, (kind, player, info)))

    @property
    def decision(self) -> Decision | None:
        """The decision to be taken now, or ``None`` when nothing is pending."""
        return self.pending[-1] if self.pending else None

    # -- hooks -----------------------------------------------------------------

    def _run_automatic(self) -> None:
        """Run the automatic steps on top of the stack (``AUTOMATIC``), each of which may
        push more, until a decision or a chance outcome is to be taken (or the game is
        over). A state's ``__init__`` that pushes one on top calls this at its end."""
        pending = self.pending
        while pending and pending[-1].player == AUTOMATIC:
            d = pending.pop()
            self._run_of[d.kind](self, d)

    def _scores(self) -> list[dict[str, int]]:
        """Per player, a breakdown by category; every dict has a ``"total"``."""
        raise NotImplementedError

    def _rank_key(self, player: int, scores: Sequence[Mapping[str, int]]) -> tuple[Any, ...]:
        """Higher is better: the total, then the rulebook's tie-breaks."""
        return (scores[player]["total"],)

    def _observation(self, player: int | None) -> dict[str, JSON]:
        raise NotImplementedError

    def _determinize(self, player: int, rng: random.Random) -> State:
        if self.game.info.perfect_information:
            return self.clone()
        raise NotImplementedError(f"{self.game.info.id} must re-deal hidden information")

    tactics: ClassVar[bool] = False  # whether _tactic plans any decision

    def _tactic(self) -> int | None:
        """The planner's move for the player to move (see :meth:`tactic`)."""
        return None

    def _heuristic(self, player: int) -> float:
        """How well ``player`` stands, in points: their lead over the best opponent.

        Games override this with what a player of that game would look at. It must
        use only what ``player`` can see (bots call it on determinised states).
        """
        scores = self._scores()
        mine = scores[player]["total"]
        others = [s["total"] for p, s in enumerate(scores) if p != player]
        return float(mine - max(others)) if others else float(mine)

    def _deep_heuristic(self, player: int) -> float:
        """A fuller estimate than ``_heuristic``, for bots that can spend the time (the
        same rules: only what ``player`` can see); by default the quick one."""
        return self._heuristic(player)

    def _forget_caches(self) -> None:
        """Empty the fields named in ``caches`` (a position read leaves them out)."""

    def _check_invariants(self) -> None:
        """Raise AssertionError if the state breaks one of the game's invariants.

        Games state theirs here (components conserved, counts in range ...); the
        fuzz tests call it after every step of thousands of random games.
        """

    def _explain_illegal(self, action: int) -> str | None:
        """Why ``action`` is not legal here, in words, if the game can say."""
        return None

    def _on_clone(self, other: State) -> None:
        """Copy into ``other`` (a shallow copy of self) what must not be shared."""
        for k, v in list(other.__dict__.items()):
            if k not in ("game", "rules"):  # the game's, shared by all its states
                other.__dict__[k] = copy.deepcopy(v)

    # -- public API --------------------------------------------------------------

    def current_player(self) -> int:
        """A player index, :data:`CHANCE` or :data:`TERMINAL`."""
        pending = self.pending
        return pending[-1].player if pending else TERMINAL

    def is_chance_node(self) -> bool:
        pending = self.pending
        return bool(pending) and pending[-1].player == CHANCE

    def is_terminal(self) -> bool:
        return not self.pending

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The actions that may be applied now, in increasing id order.

        At a chance node these are the outcomes. With ``player`` given, a player
        who is not to act gets an empty list.
        """
        pending = self.pending
        if not pending:
            return []
        d = pending[-1]
        if player is not None and player != d.player:
            return []
        cache = self._legal_cache
        if cache is None:
            if d.player != CHANCE:
                # _compute_legal's decision case, inlined (a call fewer on every step).
                cache = self._legal_cache = sorted(self._legal_of[d.kind](self, d))
                return cache[:]
            cache = self._compute_legal()
        if isinstance(cache, tuple):
            return sorted([a for a, _ in cache])
        return cache[:]

    def _compute_legal(self) -> list[int]:
        d = self.pending[-1]
        if d.player == CHANCE:
            cache = sorted([a for a, _ in self._outcomes_of[d.kind](self, d)])
        else:
            # sorted() makes a new list, so a handler may hand back one it keeps.
            cache = sorted(self._legal_of[d.kind](self, d))
        self._legal_cache = cache
        return cache

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs at a chance node; empty elsewhere."""
        pending = self.pending
        if not pending:
            return []
        d = pending[-1]
        if d.player != CHANCE:
            return []
        return list(self._chance_pairs(d))

    def _chance_pairs(self, d: Decision) -> tuple[tuple[int, float], ...]:
        """The outcomes of chance decision ``d`` (the one on top), as a tuple kept in
        ``_legal_cache`` (a handler may hand back rows it keeps): apply_action checks the
        outcome drawn against it. Callers that only read them skip chance_outcomes' copy."""
        cache = self._legal_cache
        if type(cache) is tuple:
            return cache
        outcomes = tuple(self._outcomes_of[d.kind](self, d))
        if cache is None:
            self._legal_cache = outcomes
        return outcomes

    def apply_action(self, action: int) -> None:
        """Apply a decision or a chance outcome.

        Raises :class:`GameOverError` after the end, :class:`NotationError` for
        something that is not an action id of this game, and
        :class:`IllegalActionError` (with the reason and the legal choices) for an
        action the rules do not allow now. A refused action changes nothing.
        """
        pending = self.pending
        if not pending:
            raise GameOverError(f"the game is over; {self._describe(action)} cannot be played")
        if type(action) is not int and (isinstance(action, bool) or not isinstance(action, int)):
            raise NotationError(f"an action is a whole number, not {action!r}")
        legal = self._legal_cache
        if legal is None:
            legal = self._compute_legal()
        if type(legal) is tuple:
            allowed = has_outcome(legal, action)
        elif len(legal) < 16:
            allowed = action in legal
        else:
            # A long list (a hundred ids at some decisions) is searched by halves: it is
            # sorted.
            i = bisect_left(legal, action)
            allowed = i < len(legal) and legal[i] == action
        if not allowed:
            n = self.game.num_distinct_actions()
            if not 0 <= action < n:
                raise NotationError(
                    f"{action} is not an action of {self.game.info.name} "
                    f"(ids run from 0 to {n - 1})"
                )
            ids = [a for a, _ in legal] if isinstance(legal, tuple) else legal
            raise IllegalActionError(self._illegal_message(action, sorted(ids)))
        # apply_legal's body, inlined: a call fewer on every checked step. The two must
        # stay the same (tests/core/test_api.py plays both side by side).
        d = pending.pop()
        actor = d.player
        self.last_decision = d
        self._apply_of[d.kind](self, d, action)
        if pending and pending[-1].player == AUTOMATIC:
            self._run_automatic()
        self.history.append(action)
        self._legal_cache = None
        if actor != CHANCE:
            if actor == self._turn_player:
                self._turn_steps += 1
            else:
                self._turn_player, self._turn_steps = actor, 1

    def apply_legal(self, action: int) -> None:
        """``apply_action`` without its checks, for callers that pass an id straight from
        this state's ``legal_actions()`` or chance outcomes (a search's rollouts): a wrong
        id is not refused here but breaks the state."""
        # The decision's handler, then the automatic steps it leaves on top (one call
        # fewer on every step than a helper method would cost).
        pending = self.pending
        d = pending.pop()
        actor = d.player
        self.last_decision = d
        self._apply_of[d.kind](self, d, action)
        if pending and pending[-1].player == AUTOMATIC:
            self._run_automatic()
        self.history.append(action)
        self._legal_cache = None
        if actor != CHANCE:
            if actor == self._turn_player:
                self._turn_steps += 1
            else:
                self._turn_player, self._turn_steps = actor, 1

    def random_step(self, rng: random.Random) -> int:
        """Take one random step and return it: at a chance node an outcome drawn by its
        probability (one ``rng.random()``, as :func:`sample_chance`), else a legal action
        chosen uniformly (``rng.choice`` of ``legal_actions()``). The same draws give the
        same steps as those two; this path skips the copies and checks (rollouts)."""
        d = self.pending[-1]
        action: int
        if d.player == CHANCE:
            action = draw(self._outcomes_of[d.kind](self, d), rng.random())
        else:
            legal = self._legal_cache
            if not isinstance(legal, list):  # not yet worked out (a tuple only at chance)
                legal = self._compute_legal()
            action = rng.choice(legal)
        self.apply_legal(action)
        return action

    def decisions_this_turn(self) -> int:
        """How many decisions the player to move has taken already in the turn in progress
        (0 at a turn's first). A turn is one player's run of decisions with the chance
        outcomes among them; another player's decision starts the next one."""
        pending = self.pending
        if not pending:
            return 0
        return self._turn_steps if pending[-1].player == self._turn_player else 0

    def tactic(self) -> int | None:
        """A move the game's own planner makes for the player to move, or ``None``.

        Some decisions are the first step of a group of moves that only score together
        (Farland's installs at a scoring phase); a search that looks a few random steps
        ahead misjudges them, so the game plans the group and bots play its steps. It
        reads only what the player to move can see; a game that plans sets ``tactics``.
        """
        if not self.tactics or not self.pending or self.pending[-1].player == CHANCE:
            return None
        action = self._tactic()
        if action is not None and action not in self.legal_actions():
            raise AssertionError(
                f"{self.game.info.id}: the planner chose {self._describe(action)}, "
                "which is not legal here"
            )
        return action

    def apply_notation(self, text: str) -> int:
        """Parse ``text`` and apply it; returns the action id."""
        action = self.string_to_action(text)
        self.apply_action(action)
        return action

    def action_to_string(self, action: int) -> str:
        return self.game.action_name(action)

    def action_words(self, action: int) -> str:
        """``action`` in words a player understands, for the move log: what was taken and
        from where, where it went, what moved, what scored ("takes the blue bird tile from
        expansion 3 into storage"). Called on the state before the action, for a legal
        action (a chance outcome too). Shown only to a viewer who may see the action's full
        notation. By default the notation itself.
        """
        return self.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """Parse notation. Raises :class:`NotationError` if it is not a move at all."""
        if not isinstance(text, str):
            raise NotationError(f"a move is written as text, not {text!r}")
        return self.game.parse_action(text)

    def action_target(self, action: int) -> str | None:
        """The picture element whose click completes ``action``, if any.

        The last key of :meth:`action_targets` (the only one for a one-click choice).
        """
        path = self._action_targets(action)
        return path[-1] if path else None

    def action_targets(self, action: int) -> tuple[str, ...]:
        """The clicks that choose ``action`` in the game's picture, in order.

        Each is the key of an SVG element that ``render_svg`` marks with
        ``data-target`` (a square, a market slot, a card in hand, a perch). Most
        choices are one click; a choice of two things at once (a card and where it
        goes) is two, and the browser narrows the legal actions click by click.
        Among the legal actions of one decision no two paths are equal and none is
        the start of another, so every click either narrows or completes a choice.
        Empty when the game offers no picture element for the action.
        """
        return self._action_targets(action)

    def _action_targets(self, action: int) -> tuple[str, ...]:
        # Games override this, or ``_action_target`` for one-click choices.
        target = self._action_target(action)
        return () if target is None else (target,)

    def _action_target(self, action: int) -> str | None:
        return None

    def action_to_json(self, action: int) -> dict[str, JSON]:
        """The JSON form of an action, as the web client sends and receives it.

        ``{"id": n, "text": "..."}``, plus ``"targets"`` (the clicks that choose it,
        see :meth:`action_targets`) and ``"target"`` (the last of them) when the
        action is chosen on the picture.
        """
        out: dict[str, JSON] = {"id": action, "text": self.action_to_string(action)}
        path = self._action_targets(action)
        if path:
            out["target"] = path[-1]
            out["targets"] = list(path)
        return out

    def json_to_action(self, obj: Mapping[str, JSON]) -> int:
        """Read the JSON form back: ``{"id": n}`` or ``{"text": "..."}``."""
        if not isinstance(obj, Mapping):
            raise NotationError(f"a JSON move is an object, not {obj!r}")
        if "id" in obj:
            a = obj["id"]
            if isinstance(a, bool) or not isinstance(a, int):
                raise NotationError(f"a move id is a whole number, not {a!r}")
            if not 0 <= a < self.game.num_distinct_actions():
                raise NotationError(f"{a} is not an action of {self.game.info.name}")
            if "text" in obj and _normalise(str(obj["text"])) != _normalise(
                self.action_to_string(a)
            ):
                raise NotationError(
                    f"move id {a} is {self.action_to_string(a)!r}, not {obj['text']!r}"
                )
            return a
        if "text" in obj:
            return self.string_to_action(str(obj["text"]))
        raise NotationError('a JSON move needs "id" or "text"')

    def is_simultaneous_hidden(self) -> bool:
        """True while a decision's choice must stay hidden from the other players."""
        return False

    def scores(self) -> list[dict[str, int]]:
        """Each player's score, by category, with a ``"total"``; valid at any time."""
        return self._scores()

    def ranks(self) -> list[int]:
        """Each player's place after the tie-breaks (1 is first; ties share a place)."""
        scores = self._scores()
        keys = [self._rank_key(p, scores) for p in range(self.game.players)]
        return [1 + sum(1 for other in keys if other > k) for k in keys]

    def returns(self) -> list[float]:
        """Per player, (players beaten - players beating them) / (players - 1).

        +1 for a sole winner and -1 for a sole loser of a two-player game; zero
        sum; 0 for everyone before the end.
        """
        n = self.game.players
        if self.pending or n < 2:
            return [0.0] * n
        ranks = self.ranks()
        return [
            (sum(1 for r in ranks if r > mine) - sum(1 for r in ranks if r < mine)) / (n - 1)
            for mine in ranks
        ]

    def action_seen_by(self, viewer: int | None, actor: int, action: int) -> str | None:
        """How ``viewer`` (``None``: a spectator) sees an action just applied by ``actor``.

        Called on the state right after the action. Returns the text for a move log,
        or ``None`` when the viewer may not learn it. By default every decision is
        public, and chance outcomes are public only in perfect-information games;
        a game with partly hidden chance (a card drawn into a hand) or hidden choices
        overrides this.
        """
        if actor == CHANCE and not self.game.info.perfect_information:
            return None
        return self.action_to_string(action)

    def check_invariants(self) -> None:
        """Check the game's invariants (see ``_check_invariants``); for tests and fuzzing."""
        self._check_invariants()

    def heuristic(self, player: int, deep: bool = False) -> float:
        """An estimate, in points, of how well ``player`` stands (for bots): a quick one,
        or with ``deep`` a slower and fuller one where the game has it (``_deep_heuristic``:
        Farland counts what the improvements in the house will score once installed)."""
        return self._deep_heuristic(player) if deep else self._heuristic(player)

    def observation(self, player: int | None = None) -> dict[str, JSON]:
        """What ``player`` may see (``None``: a spectator's public view), as JSON data."""
        if player is not None and not 0 <= player < self.game.players:
            raise OptionError(self._no_such_player(player))
        return self._observation(player)

    def determinize(self, player: int, rng: random.Random) -> State:
        """A new state, consistent with ``player`` 's observation, with the rest re-dealt."""
        if not 0 <= player < self.game.players:
            raise OptionError(self._no_such_player(player))
        return self._determinize(player, rng)

    def _no_such_player(self, player: int) -> str:
        # ``player`` is a seat index (from 0), not the "player 1" that texts for people use.
        n = self.game.players
        return (
            f"there is no player index {player} in a {n}-player game "
            f"(indexes run from 0 to {n - 1})"
        )

    def clone(self) -> State:
        cls = type(self)
        if cls.copied or cls.copied_nested or cls.shared_rows:
            # The hot path of search bots: one dict copy, then a copy of each declared
            # mutable field; the legal cache is never changed in place, so it is shared.
            other = object.__new__(cls)
            src = self.__dict__
            # A copy of the whole dict, as compact() left it (see there), in one step.
            d = other.__dict__ = src.copy()
            d["history"] = src["history"][:]
            d["pending"] = src["pending"][:]
            for k in cls.copied:
                d[k] = src[k].copy()
            for k in cls.copied_nested:
                d[k] = [x.copy() for x in src[k]]
            if cls.shared_rows:
                # Both now share the rows and the lists holding them: whichever writes
                # first copies what it writes (own_rows).
                src["_rows_owned"] = d["_rows_owned"] = 0
            return other
        other = copy.copy(self)
        self._on_clone(other)
        other.history = list(self.history)
        other.pending = list(self.pending)
        other._legal_cache = self._legal_cache
        return other

    def own_rows(self, player: int) -> None:
        """Make ``player`` 's rows of the ``shared_rows`` fields this state's own (copied
        once after a clone), so that they may be changed in place."""
        owned = self._rows_owned
        if not owned >> player & 1:
            d = self.__dict__
            for k in self.shared_rows:
                # The list of rows is shared too until this state owns a row of it.
                rows = d[k] if owned else d[k][:]
                rows[player] = rows[player][:]
                d[k] = rows
            self._rows_owned = owned | 1 << player

    def to_json(self, viewer: int | None = None) -> dict[str, JSON]:
        """This position as data (``meeple.position/1``): whole, or as seat ``viewer`` may
        know it (secrets re-dealt, no history). ``game.state_from_json`` reads it back."""
        from meeple.core.position import write_position

        return write_position(self, viewer)

    def render_text(self, player: int | None = None) -> str:
        return self.game.render_text(self.observation(player))

    def render_svg(self, player: int | None = None, layout: Layout = "wide") -> str:
        return self.game.render_svg(self.observation(player), layout)

    def __str__(self) -> str:
        return self.render_text(None)

    # -- messages ----------------------------------------------------------------

    def _describe(self, action: int) -> str:
        try:
            return f"{action} ({self.action_to_string(action)})"
        except Exception:
            return str(action)

    def _illegal_message(self, action: int, legal: Sequence[int]) -> str:
        reason = self._explain_illegal(action)
        who = self.pending[-1].player
        whose = "a chance outcome" if who == CHANCE else f"player {who + 1} to move"
        shown = ", ".join(self.action_to_string(a) for a in legal[:12])
        more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
        return (
            f"{self._describe(action)} is not legal now ({whose})"
            + (f": {reason}" if reason else "")
            + f". Legal: {shown}{more}"
        )


def compact(state: State) -> None:
    """Rebuild ``state`` 's attribute dict by insertion, as an ordinary dict at its
    smallest table. An instance dict that outgrew Python's shared keys (30 attributes)
    one attribute at a time keeps a table about twice as large as it needs, and clones
    copy the table as it is: for a 42-field state 1.5 KiB instead of 0.8. A dict still
    sharing its class's keys is smaller, but once read as ``__dict__`` (clones do) its
    attribute reads and writes are slower on CPython 3.11: random playouts of
    Quedlinburg Dash (fewer than 30 fields) ran about 15% faster with the ordinary
    dict, at about half a KiB more per clone; games with more fields are unchanged."""
    fields = state.__dict__
    rebuilt = dict(list(fields.items()))
    state.__dict__ = rebuilt


def sample_chance(state: State, rng: random.Random) -> int:
    """Sample one chance outcome of ``state`` with ``rng`` (one ``rng.random()`` call)."""
    pending = state.pending
    if not pending or pending[-1].player != CHANCE:
        raise ValueError("sample_chance: this is not a chance node")
    outcomes = state._legal_cache
    if type(outcomes) is not tuple:
        # State._chance_pairs, inlined (a call fewer on every chance step).
        d = pending[-1]
        outcomes = tuple(state._outcomes_of[d.kind](state, d))
        if state._legal_cache is None:
            state._legal_cache = outcomes
    return draw(outcomes, rng.random())


def multiset_outcomes(
    counts: Iterable[tuple[int, int]],
) -> list[tuple[int, float]]:
    """Outcomes of drawing one item from a multiset given as ``(action, count)`` pairs.

    Items with a count of zero are left out; probabilities are count / total.
    """
    pairs = [(a, c) for a, c in counts if c > 0]
    total = sum(c for _, c in pairs)
    return [(a, c / total) for a, c in pairs]
