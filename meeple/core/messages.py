"""Texts for people that every game words the same way."""

from __future__ import annotations

from collections.abc import Sequence


def quoted_list(words: Sequence[str]) -> str:
    """``'a', 'b' or 'c'``: each word quoted, the last joined with "or"."""
    quoted = [f"'{w}'" for w in words]
    if len(quoted) < 2:
        return "".join(quoted)
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]


def not_a_move(text: str, name: str, game_id: str, examples: Sequence[str] | str) -> str:
    """The message of a NotationError for ``text``: two sentences ending with a full stop.

    ``examples`` are real moves of the game's notation, decisions a player makes (not
    chance outcomes), given as a list (shown as "Moves look like ...") or as a whole
    sentence without its full stop. The docs page is only a secondary hint: it exists in
    a source checkout, not in an installed package.
    """
    how = examples if isinstance(examples, str) else f"Moves look like {quoted_list(examples)}"
    return (
        f"{text!r} is not a move in {name} notation. {how} "
        f"(the game's notation in docs/games/{game_id}.md lists them all)."
    )
