"""A person at the terminal: sees their seat's view, types moves in notation."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from meeple.agents.base import Agent
from meeple.core.api import State
from meeple.core.errors import MeepleError


class QuitGame(KeyboardInterrupt):
    """The person typed 'quit': a stop they chose, unlike Ctrl-C or input running out."""


class HumanAgent(Agent):
    name = "human"

    def __init__(
        self,
        rng: random.Random,
        console: Console | None = None,
        input_fn: Any = None,
        **options: Any,
    ) -> None:
        super().__init__(rng, **options)
        self.console = console or Console()
        self.input_fn = input_fn or input

    def _menu(self, state: State) -> list[int]:
        legal = state.legal_actions()
        lines = [f"{i + 1:>3}. {state.action_to_string(a)}" for i, a in enumerate(legal)]
        self.console.print("Legal moves:\n" + "\n".join(lines), highlight=False, markup=False)
        return legal

    def hint(self, state: State) -> str:
        """The hard bot's suggestion for this seat, from this seat's view only."""
        from meeple.agents.base import make_agent, parse_spec, planned_move
        from meeple.agents.ismcts import ISMCTSAgent
        from meeple.agents.levels import level_spec

        planned = planned_move(state, random.Random(self.rng.random()))
        if planned is not None:
            # What the bots play here: the game's own plan (State.tactic), not a search.
            return (
                f"Hint: {state.action_to_string(planned)} (the game's plan for this step, "
                "which the bots follow: the group of moves that scores most now)"
            )
        spec = level_spec("hard", state.game.info.id)
        if parse_spec(spec)[0] in ("greedy", "deepgreedy"):
            return self._greedy_hint(state, spec)
        if parse_spec(spec)[0] != "ismcts":
            spec = "ismcts:seconds=1"
        bot = make_agent(spec, random.Random(self.rng.random()))
        assert isinstance(bot, ISMCTSAgent)
        rows = bot.analyse(state)
        action, visits, mean, lead = rows[0]
        # The lead is the heuristic's estimate of final points over the best opponent, a
        # few random moves after this one (or the true lead where the game ended), averaged
        # over the searches that tried the move.
        lines = [
            f"Hint: {state.action_to_string(action)} "
            f"(searched {visits} of {bot.last_iterations} times; estimated lead over the "
            f"best opponent {lead:+.1f} points, result {mean:+.2f} on -1..1)"
        ]
        others = [r for r in rows[1:3] if r[1]]
        if others:
            lines.append("Next best:")
        for a, v, _, ld in others:
            lines.append(
                f"  {state.action_to_string(a)}: estimated lead {ld:+.1f} points "
                f"(searched {v} times)"
            )
        return "\n".join(lines)

    def _greedy_hint(self, state: State, spec: str) -> str:
        """The hint of a hard level that is a greedy bot: its best move and the next two,
        each with the lead it expects once this turn is over."""
        from meeple.agents.base import make_agent
        from meeple.agents.greedy import GreedyAgent

        bot = make_agent(spec, random.Random(self.rng.random()))
        assert isinstance(bot, GreedyAgent)
        values = bot.values(state, state.legal_actions())
        ranked = sorted(values, key=lambda a: -values[a])
        best = ranked[0]
        lines = [
            f"Hint: {state.action_to_string(best)} (estimated lead over the best opponent "
            f"{values[best]:+.1f} points once your turn is over)"
        ]
        if len(ranked) > 1:
            lines.append("Next best:")
        for a in ranked[1:3]:
            lines.append(f"  {state.action_to_string(a)}: estimated lead {values[a]:+.1f} points")
        return "\n".join(lines)

    def step(self, state: State) -> int:
        seat = state.current_player()
        self.console.print(Panel(Text(state.render_text(seat)), title=f"Player {seat + 1} to move"))
        legal = self._menu(state)
        while True:
            try:
                text = self.input_fn(f"player {seat + 1}> ").strip()
            except EOFError:
                raise KeyboardInterrupt from None
            # Command words are read in any case ("Quit", "LIST"); moves are left as typed.
            word = text.lower()
            if word in ("", "?", "help"):
                self.console.print(
                    "Type a move as written in the list, or its number. "
                    "'list' shows the moves again, 'hint' asks the hard bot, "
                    "'quit' stops the game."
                )
                continue
            if word == "hint":
                self.console.print(self.hint(state), highlight=False, soft_wrap=True, markup=False)
                continue
            if word == "list":
                legal = self._menu(state)
                continue
            if word in ("quit", "exit"):
                raise QuitGame
            if text.isdigit():
                n = int(text)
                if 1 <= n <= len(legal):
                    return legal[n - 1]
                self.console.print(f"[red]There is no move number {n}; 1 to {len(legal)}.[/red]")
                continue
            try:
                action = state.string_to_action(text)
            except MeepleError as e:
                self.console.print(
                    f"[red]{escape(str(e))}[/red] Type 'list' to see the legal moves."
                )
                continue
            if action not in legal:
                reason = why_illegal(state, action)
                self.console.print(
                    f"[red]{escape(repr(text))} is not legal now"
                    + (f": {escape(reason)}" if reason else "")
                    + ".[/red] Type 'list' to see the legal moves.",
                    soft_wrap=True,
                )
                continue
            return action


def why_illegal(state: State, action: int) -> str | None:
    """The game's reason why ``action`` is not legal now, on one line, if it can say.

    Asked of a clone, so the state played on is never touched; the list of legal moves
    that the engine's own message adds is left out ('list' shows it).
    """
    try:
        reason = state.clone()._explain_illegal(action)
    except Exception:  # an explanation is a courtesy; a bug in one must not end the game
        return None
    if not reason:
        return None
    return " ".join(reason.split()).rstrip(".")
