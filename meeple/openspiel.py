"""Every meeple game as an OpenSpiel (pyspiel) Python game.

>>> import meeple.openspiel, pyspiel                         # doctest: +SKIP
>>> meeple.openspiel.register()                              # doctest: +SKIP
['meeple_azul_queens_garden', 'meeple_croa', ...]
>>> game = pyspiel.load_game("meeple_queensland", {"players": 3})   # doctest: +SKIP

Each registered game is named ``meeple_<id>``; its parameters are ``players`` and
the game's own options. The mapping follows OpenSpiel's vocabulary, which meeple's
engine API already speaks:

- chance is explicit (``EXPLICIT_STOCHASTIC``): a draw, flip or roll is a chance node
  whose ``chance_outcomes()`` are meeple's, in the same action space;
- a game whose ``GameInfo.perfect_information`` is False is declared
  ``IMPERFECT_INFORMATION``; ``resample_from_infostate`` is meeple's ``determinize``,
  so OpenSpiel's Python ``ISMCTSBot`` searches without seeing hidden cards;
- utilities are meeple's ``returns()`` (zero-sum, in [-1, 1]), given at the end;
- the observation tensor is the fixed-length hashed encoding of
  :mod:`meeple.rl.encoding` (or the game's own ``observation_tensor``); the
  observation string is ``p<player>|`` and the player's JSON observation, followed by
  their legal actions when they are to move; the information-state string adds what
  the player saw of every action so far (``State.action_seen_by``), so it has perfect
  recall. A public observer (``private_info=NONE``) gives the spectator's view instead.
- a re-dealt state (``resample_from_infostate``) serialises as the history, who
  re-dealt and the seed, so loading it gives back the same re-dealt world. Its
  ``history()`` is the real game's (OpenSpiel keeps it below the Python state): key
  search nodes by observation or information-state strings, never by history.
- games and states pickle (a game as its id and parameters, a state as its game and
  pyspiel's serialisation of it) and load in a fresh interpreter, which registers the
  game as it unpickles it; ``copy.deepcopy`` of a state is its ``clone()``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from meeple.core.api import CHANCE, TERMINAL, Game, State
from meeple.core.errors import OptionError
from meeple.core.fingerprint import fingerprint
from meeple.core.registry import game_class, games, load, load_setup
from meeple.rl import MissingExtraError
from meeple.rl.encoding import DEFAULT_SIZE, ObservationEncoder

try:
    import numpy as np
    import pyspiel
except ImportError as _e:  # pragma: no cover - exercised only without the extra
    raise MissingExtraError(
        f"{_e.name} is not installed; the OpenSpiel adapter needs the 'rl' extra: "
        "pip install 'meeple[rl]'"
    ) from _e

PREFIX = "meeple_"


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a meeple game."""
    return PREFIX + game_id


class _Inner:
    """The meeple state inside a pyspiel state, with what each player saw so far.

    OpenSpiel clones a Python state by deep-copying its attributes; this holder makes
    that deep copy meeple's own (fast) ``clone``. The per-player logs of what was
    seen are kept only once someone asks for an information-state string.
    """

    __slots__ = ("origin", "redeals", "seen", "state")

    def __init__(
        self,
        state: State,
        seen: list[list[str]] | None = None,
        origin: tuple[tuple[int, ...], int, int] | None = None,
        redeals: tuple[tuple[int, int, int], ...] = (),
    ) -> None:
        self.state = state
        # One log per player, then the spectator's (the public log).
        self.seen = seen
        # For a re-dealt state whose logs are not made yet: the real history up to the
        # re-deal, who re-dealt, and the seed (enough to rebuild the re-dealt root).
        self.origin = origin
        # Every re-deal on the way to this state, as (history length, player, seed):
        # with the history, enough to rebuild the state exactly when it is loaded.
        self.redeals = redeals

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        seen = [list(log) for log in self.seen] if self.seen is not None else None
        return _Inner(self.state.clone(), seen, self.origin, self.redeals)

    # Serialised (OpenSpiel pickles a Python state's attributes) as the game's setup and
    # the history, like a record: a game may keep caches that do not pickle, and a
    # history replays exactly. A re-dealt state also keeps its re-deals, which are
    # made again at the same points with the same seeds.
    def __getstate__(self) -> dict[str, Any]:
        game = self.state.game
        return {
            "game": game.info.id,
            "players": game.players,
            "options": dict(game.options),
            "components": str(game.components_path) if game.components_path else None,
            "history": list(self.state.history),
            "seen": self.seen,
            "origin": self.origin,
            "redeals": [list(r) for r in self.redeals],
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        key = (
            data["game"],
            data["players"],
            tuple(sorted(data["options"].items())),
            data["components"],
        )
        game = _games_by_setup.get(key)
        if game is None:
            game = _games_by_setup[key] = load(
                data["game"],
                players=data["players"],
                components=data["components"],
                **data["options"],
            )
        redeals = tuple((int(i), int(p), int(seed)) for i, p, seed in data.get("redeals", ()))
        pending = list(redeals)
        state = game.new_initial_state()
        history = data["history"]
        for i in range(len(history) + 1):
            while pending and pending[0][0] == i:
                _, player, seed = pending.pop(0)
                state = state.determinize(player, random.Random(seed))
            if i < len(history):
                state.apply_action(history[i])
        self.state = state
        self.redeals = redeals
        self.seen = data["seen"]
        if self.seen is not None and len(self.seen) != game.players + 1:
            self.seen = None  # saved before the public log was kept: made again on demand
        self.origin = None
        if self.seen is None and data.get("origin") is not None:
            prefix, viewer, seed = data["origin"]
            self.origin = (tuple(prefix), viewer, seed)


_games_by_setup: dict[tuple[Any, ...], Game] = {}


class MeepleSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A meeple game as a pyspiel game; made by ``pyspiel.load_game("meeple_<id>", ...)``."""

    GAME_ID: str = ""
    GAME_TYPE: Any = None

    def __init__(self, params: dict[str, Any] | None = None, obs_size: int = DEFAULT_SIZE) -> None:
        game_id = self.GAME_ID
        params = dict(params or {})
        players = int(params.pop("players", game_class(game_id).info.min_players))
        self.meeple: Game = load_setup(game_id, players, None, params)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.meeple.num_distinct_actions(),
            max_chance_outcomes=self.meeple.num_distinct_actions(),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.meeple.max_game_length(),
        )
        super().__init__(self.GAME_TYPE, info, {"players": players, **self.meeple.options})
        self.encoder = ObservationEncoder(self.meeple, obs_size)

    def new_initial_state(self) -> MeepleSpielState:
        return MeepleSpielState(self)

    # -- pickling and copying -------------------------------------------------------------
    # pyspiel pickles a game as its class, found by name, and its parameter string, and
    # unpickles it by loading that string through the registry into a new object of the
    # class; that object holds the C++ game but none of the Python attributes (``meeple``,
    # ``encoder``) the loaded game's constructor set. So a meeple game pickles as its id
    # and parameters, and unpickles (and copies) as exactly what ``pyspiel.load_game``
    # gives, registering the game first: a fresh interpreter needs nothing imported.

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickle_game, (self.GAME_ID, dict(self.get_parameters())))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MeepleObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        public = False
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            everything_public = self.meeple.info.perfect_information
            if not iig_obs_type.public_info:
                raise ValueError(
                    "meeple observers always include the public information "
                    "(public_info=False is not supported)"
                )
            if private == pyspiel.PrivateInfoType.NONE:
                public = True  # one string for everyone, as OpenSpiel expects of it
            elif private == pyspiel.PrivateInfoType.ALL_PLAYERS and not everything_public:
                raise ValueError(
                    "an observer with every player's private information would see the "
                    "hidden cards; meeple observers give one player's view or the public one"
                )
        return MeepleObserver(self, perfect_recall, public)


class MeepleSpielState(pyspiel.State):  # type: ignore[misc]
    """A position: a thin shell over a meeple :class:`~meeple.core.api.State`."""

    def __init__(self, game: MeepleSpielGame) -> None:
        super().__init__(game)
        # Made on first use: OpenSpiel clones a state by making a new initial state
        # and then copying the attributes over, so most new states never need one.
        self._lazy: _Inner | None = None

    @property
    def _m(self) -> _Inner:
        inner = self._lazy
        if inner is None:
            inner = self._lazy = _Inner(self.get_game().meeple.new_initial_state())
        return inner

    # Pickled as the game (as above) and pyspiel's own serialisation of the state (the
    # history and the Python attributes, i.e. the :class:`_Inner`), which is what pyspiel
    # pickles for a state, but through a function that registers the game first. A copy
    # is a clone (the game is immutable and shared, as every clone shares it).

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.get_game()
        return (_unpickle_state, (game.GAME_ID, dict(game.get_parameters()), self.serialize()))

    def __copy__(self) -> MeepleSpielState:
        other: MeepleSpielState = self.clone()
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> MeepleSpielState:
        other: MeepleSpielState = self.clone()
        return other

    @property
    def meeple_state(self) -> State:
        """The meeple state underneath (read it; change it only through this object)."""
        return self._m.state

    # -- the pyspiel API ------------------------------------------------------------------

    def current_player(self) -> int:
        p = self._m.state.current_player()
        if p == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if p == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return p

    def _legal_actions(self, player: int) -> list[int]:
        return self._m.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._m.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        inner = self._m
        state = inner.state
        actor = state.current_player()
        state.apply_action(int(action))
        if inner.seen is not None:
            n = len(inner.seen) - 1
            for p, log in enumerate(inner.seen):
                text = state.action_seen_by(p if p < n else None, actor, int(action))
                log.append(f"{actor}:{text}" if text is not None else f"{actor}:?")

    def _action_to_string(self, player: int, action: int) -> str:
        return self._m.state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self._m.state.is_terminal()

    def returns(self) -> list[float]:
        return self._m.state.returns()

    def rewards(self) -> list[float]:
        return self._m.state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MeepleSpielState:
        """A state ``player_id`` cannot tell from this one, with the rest re-dealt."""
        seed = int(probability_sampler() * 2**53)
        inner = self._m
        other: MeepleSpielState = self.clone()
        state = inner.state.determinize(player_id, random.Random(seed))
        redeals = (*inner.redeals, (len(inner.state.history), player_id, seed))
        # What the others saw before the re-deal is not known in the re-dealt world beyond
        # what ``player_id`` saw: every log restarts from that player's, so no hidden card
        # reaches a search tree's keys (the public log is the same in every world). Made
        # lazily: most searches key their nodes by observation strings and never ask.
        if inner.seen is None and inner.origin is None and not inner.redeals:
            origin = (tuple(inner.state.history), player_id, seed)
            other._lazy = _Inner(state, None, origin, redeals)
        else:
            log = self.seen_log(player_id)
            public = self.seen_log(None)
            logs = [list(log) for _ in range(inner.state.game.players)] + [list(public)]
            other._lazy = _Inner(state, logs, None, redeals)
        return other

    def __str__(self) -> str:
        # The public view, then a digest of the whole state: OpenSpiel takes ToString as
        # a state's identity, and two worlds that differ only in hidden cards must differ.
        state = self._m.state
        public = json.dumps(state.observation(None), separators=(",", ":"))
        if state.game.info.perfect_information:
            return public
        return f"{public}|state:{fingerprint(state)[:16]}"

    # -- strings for the observer --------------------------------------------------------------

    def observation_json(self, player: int | None) -> str:
        """``player`` 's view (``None``: the public one) with the options of the player to move."""
        state = self._m.state
        text = json.dumps(state.observation(player), separators=(",", ":"))
        if player is not None and state.current_player() == player:
            # The player to move knows their options: put them in, so two states with
            # the same string always offer the same actions.
            text += "|legal:" + ",".join(map(str, state.legal_actions()))
        return text

    def seen_log(self, player: int | None) -> list[str]:
        """What ``player`` (``None``: a spectator) saw of each action so far ("?" for what
        was hidden)."""
        inner = self._m
        if inner.seen is None:
            inner.seen = _replay_seen(inner.state, inner.origin)
            inner.origin = None
        return inner.seen[-1 if player is None else player]


def _replay_seen(
    state: State, origin: tuple[tuple[int, ...], int, int] | None = None
) -> list[list[str]]:
    """Each player's log of what they saw, then a spectator's, by replaying the history.

    For a re-dealt state (``origin`` set), the actions before the re-deal are logged
    as the re-dealing player saw them, for every player (the spectator's log is the
    public one); the actions after it are replayed on the rebuilt re-dealt root, each
    player seeing their own.
    """
    n = state.game.players
    logs: list[list[str]] = [[] for _ in range(n + 1)]
    viewers: list[int | None] = [*range(n), None]
    prefix: Sequence[int] = state.history if origin is None else origin[0]
    replay = state.game.new_initial_state()
    for a in prefix:
        actor = replay.current_player()
        replay.apply_action(a)
        for p, own in enumerate(viewers):
            viewer = own if origin is None or own is None else origin[1]
            text = replay.action_seen_by(viewer, actor, a)
            logs[p].append(f"{actor}:{text}" if text is not None else f"{actor}:?")
    if origin is not None:
        _, viewer, seed = origin
        replay = replay.determinize(viewer, random.Random(seed))
        for a in state.history[len(prefix) :]:
            actor = replay.current_player()
            replay.apply_action(a)
            for p, viewer in enumerate(viewers):
                text = replay.action_seen_by(viewer, actor, a)
                logs[p].append(f"{actor}:{text}" if text is not None else f"{actor}:?")
    return logs


class MeepleObserver:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, game: MeepleSpielGame, perfect_recall: bool, public: bool = False) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        # A public observer gives every player the spectator's view (no private cards).
        self.public = public
        if perfect_recall:
            # No information-state tensor: the hashed observation is not perfect-recall.
            self.tensor: Any = None
            self.dict: dict[str, Any] = {}
        else:
            self.tensor = np.zeros(game.encoder.size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        if self.tensor is None:
            return
        if self.public:
            m = state.meeple_state
            to_move = m.current_player()
            players = self.game.meeple.players
            self.tensor[:] = self.game.encoder.encode(
                m.observation(None), None, to_move if 0 <= to_move < players else None
            )
        else:
            self.tensor[:] = self.game.encoder.encode_state(state.meeple_state, player)

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        # A player's strings start with their seat, so that no two players ever share an
        # information state (OpenSpiel asks for that); the public view is everyone's.
        viewer = None if self.public else player
        text = state.observation_json(viewer)
        if viewer is not None:
            text = f"p{player}|{text}"
        if self.perfect_recall:
            text += "|seen:" + ";".join(state.seen_log(viewer))
        return text


# -- registration ----------------------------------------------------------------------------

_registered: set[str] = set()
_creators: dict[str, type[MeepleSpielGame]] = {}


def game_type(game_id: str) -> Any:
    """The ``pyspiel.GameType`` of a meeple game."""
    info = game_class(game_id).info
    params: dict[str, Any] = {"players": info.min_players}
    for o in info.options:
        params[o.name] = o.default
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"meeple {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if info.perfect_information
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register every meeple game (or those named) with pyspiel; returns their short names.

    Safe to call more than once.
    """
    names = []
    for gid in game_ids if game_ids is not None else [g.id for g in games()]:
        name = short_name(gid)
        if name not in _registered and name not in pyspiel.registered_names():
            gtype = game_type(gid)
            # One subclass per game, registered as its creator (as OpenSpiel's own Python
            # games register their class): a class outlives the interpreter's teardown,
            # whereas a lone function would be freed after pyspiel's registry, and abort.
            creator = type(
                f"MeepleSpielGame_{gid}",
                (MeepleSpielGame,),
                {"GAME_ID": gid, "GAME_TYPE": gtype, "__module__": __name__},
            )
            pyspiel.register_game(gtype, creator)
            _creators[name] = creator
            _registered.add(name)
            globals()[creator.__name__] = creator  # found by name, as a class must be
        names.append(name)
    return names


_CLASS_PREFIX = "MeepleSpielGame_"


def __getattr__(name: str) -> type[MeepleSpielGame]:
    """``meeple.openspiel.MeepleSpielGame_<id>``: a game's class, registering it on demand,
    so that anything that names the class (a pickle) finds it in a fresh interpreter."""
    gid = name[len(_CLASS_PREFIX) :] if name.startswith(_CLASS_PREFIX) else ""
    if gid and gid in {g.id for g in games()}:
        register([gid])
        creator = _creators.get(short_name(gid))
        if creator is not None:
            return creator
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_unpickled: dict[tuple[Any, ...], Any] = {}


def _unpickled_game(game_id: str, params: dict[str, Any]) -> Any:
    """The pyspiel game of ``game_id`` with ``params``, registered and loaded once."""
    key = (game_id, tuple(sorted(params.items())))
    game = _unpickled.get(key)
    if game is None:
        register([game_id])
        game = _unpickled[key] = pyspiel.load_game(short_name(game_id), params)
    return game


def _unpickle_game(game_id: str, params: dict[str, Any]) -> Any:
    # One game per setup (a game is immutable): states unpickled together share it.
    return _unpickled_game(game_id, params)


def _unpickle_state(game_id: str, params: dict[str, Any], data: str) -> Any:
    return _unpickled_game(game_id, params).deserialize_state(data)


def load_game(game_id: str, players: int | None = None, **options: Any) -> Any:
    """``pyspiel.load_game`` for a meeple game, registering it first if needed.

    ``players`` and the options are read as :func:`meeple.load` reads them (``"false"``
    for a yes/no option, ``"3"`` for a number option, as a command line gives them) and
    refused with its messages.
    """
    if "components" in options:
        raise OptionError(
            "the OpenSpiel games play the packaged component data; "
            "a corrected component file is not a game parameter"
        )
    game = load(game_id, players=players, **options)  # checks and converts everything
    register([game_id])
    params: dict[str, Any] = {"players": game.players, **game.options}
    return pyspiel.load_game(short_name(game_id), params)


def ismcts_bot(
    game: Any,
    *,
    seconds: float | None = None,
    max_simulations: int = 1000,
    uct_c: float = 2.0,
    seed: int = 0,
    use_observation_string: bool = True,
) -> Any:
    """OpenSpiel's own Python ``ISMCTSBot`` on a meeple game, with an optional time budget.

    The search itself is OpenSpiel's (random-rollout evaluator, UCT, nodes keyed by
    observation or information-state strings); this subclass only stops it at a
    deadline as well as after ``max_simulations``, and lets it run on a
    perfect-information game, where each state is its own information set (stock
    ``ISMCTSBot`` asserts imperfect information). ``bot.last_simulations`` tells how
    many simulations the last search ran.

    ``seed`` fixes the whole search: the rollouts and the re-deals (the stock bot draws
    its re-deals from an unseeded sampler). Nodes are keyed by observation strings by
    default, which is much faster than information-state strings (those replay what
    each player saw) but merges histories that end in the same observation; pass
    ``use_observation_string=False`` for perfect recall.
    """
    import time

    from open_spiel.python.algorithms import ismcts, mcts

    class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
        last_simulations = 0

        def run_search(self, state: Any) -> list[tuple[int, float]]:
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                self.last_simulations = 0
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            root_key = self.get_state_key(state)
            deadline = time.perf_counter() + seconds if seconds is not None else None
            n = 0
            while n < self._max_simulations:
                if deadline is not None and time.perf_counter() >= deadline:
                    break
                sampled = self.sample_root_state(state)
                # As the stock search checks: a re-deal never changes what the bot knows.
                if self.get_state_key(sampled) != root_key:
                    raise AssertionError("a re-dealt state changed the searching player's view")
                self.run_simulation(sampled)
                n += 1
            self.last_simulations = n
            if self._root_node.total_visits <= 0:  # out of time before one simulation
                return [(a, 1.0 / len(legal)) for a in legal]
            return list(self.get_final_policy(state, self._root_node))

    rs = np.random.RandomState(seed)
    bot = TimedISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rs),
        uct_c,
        max_simulations,
        random_state=rs,
        use_observation_string=use_observation_string,
    )
    bot.set_resampler(lambda st, player: st.resample_from_infostate(player, rs.uniform))
    return bot


__all__ = [
    "MeepleObserver",
    "MeepleSpielGame",
    "MeepleSpielState",
    "game_type",
    "ismcts_bot",
    "load_game",
    "register",
    "short_name",
]
