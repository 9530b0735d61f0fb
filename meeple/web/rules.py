"""The rules pages: each game's ``docs/games/<id>.md`` rendered as HTML for the web client.

The pages are the project's own documents (the rules in our words, the notation, the
components, the rulings), read from the repository's ``docs/`` folder, which lies beside the
package in a checkout installed with ``pip install -e .``. A non-editable install has no such
folder: the page then says so instead of failing.

Markdown goes through markdown-it-py (CommonMark, with tables) with raw HTML turned off, so
any tag in a document is shown as text, never run. Links are kept only where they lead
somewhere the client can follow: a heading of the same page (``#section``), another game's
page (``croa.md``), or a web address; an image named ``../img/<file>`` is served from
``/docs/img/<file>`` when that file exists, and dropped otherwise.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

import meeple
from meeple.core.api import JSON

GAME_ID = re.compile(r"^[a-z0-9_]{1,64}$")
IMAGE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}\.(png|jpe?g|svg|gif|webp)$")
MISSING = (
    "The rules pages are read from the project's docs/games folder, which this installation "
    "of meeple does not have (it was not installed from a checkout with pip install -e .). "
    "The same text is in docs/games/{game}.md of the source."
)
NO_PAGE = "There is no rules page for {name} yet."


def docs_root() -> Path:
    """The repository's ``docs`` folder, beside the package (an editable install)."""
    return Path(meeple.__file__).resolve().parent.parent / "docs"


def games_dir() -> Path:
    return docs_root() / "games"


def images_dir() -> Path:
    return docs_root() / "img"


def image_path(name: str) -> Path | None:
    """The file ``/docs/img/<name>`` serves, if it is a plain image name that exists."""
    if not IMAGE_NAME.match(name):
        return None
    path = images_dir() / name
    return path if path.is_file() else None


def slug(text: str) -> str:
    """A heading's anchor, as GitHub makes them: lower case, spaces to dashes, no
    punctuation (so ``#playing-on-the-board`` in a document finds its heading)."""
    out = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return out.replace(" ", "-")


def _markdown() -> MarkdownIt:
    # CommonMark with tables; "html": False escapes every raw tag in the source.
    return MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")


def _plain(tokens: list[Token]) -> str:
    return "".join(t.content for t in tokens if t.type in ("text", "code_inline"))


def _fix_link(href: str, game_id: str, games: set[str]) -> str | None:
    """Where a link in ``game_id``'s page may lead in the client, or None to drop it."""
    if href.startswith("#"):
        return f"#/rules/{game_id}/{slug(href[1:])}"
    if re.match(r"^https?://", href):
        return href
    m = re.match(r"^(?:\./)?([a-z0-9_]+)\.md(?:#(.*))?$", href)
    if m and m.group(1) in games:
        return f"#/rules/{m.group(1)}" + (f"/{slug(m.group(2))}" if m.group(2) else "")
    return None  # another document of the repository: not served by the web app


def _rewrite(tokens: list[Token], game_id: str, games: set[str]) -> list[dict[str, JSON]]:
    """Anchors on the headings, links and images fixed for the client; returns the
    headings (level, id, text) for a table of contents."""
    headings: list[dict[str, JSON]] = []
    used: dict[str, int] = {}
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            inline = tokens[i + 1]
            text = _plain(inline.children or [])
            base = slug(text) or "section"
            n = used.get(base, 0)
            used[base] = n + 1
            anchor = base if n == 0 else f"{base}-{n}"
            # Prefixed, so a heading never takes the id of a part of the page around it.
            tok.attrSet("id", f"rules-{anchor}")
            headings.append({"level": int(tok.tag[1]), "id": anchor, "text": text})
        if tok.type != "inline" or not tok.children:
            continue
        kept: list[Token] = []
        dropping: list[bool] = []  # per open link: whether it was dropped
        for child in tok.children:
            if child.type == "link_open":
                href = _fix_link(str(child.attrGet("href") or ""), game_id, games)
                dropping.append(href is None)
                if href is None:
                    continue
                child.attrSet("href", href)
                if href.startswith("http"):
                    child.attrSet("target", "_blank")
                    child.attrSet("rel", "noopener noreferrer")
            elif child.type == "link_close":
                if dropping and dropping.pop():
                    continue
            elif child.type == "image":
                src = str(child.attrGet("src") or "")
                m = re.match(r"^(?:\.\./)?img/(.+)$", src)
                if not (m and image_path(m.group(1))):
                    # Not served here: the image's text stays, in brackets.
                    alt = Token("text", "", 0)
                    alt.content = f"[{child.content}]" if child.content else ""
                    kept.append(alt)
                    continue
                child.attrSet("src", f"/docs/img/{m.group(1)}")
                child.attrSet("loading", "lazy")
            kept.append(child)
        tok.children = kept
    return headings


@functools.lru_cache(maxsize=32)
def _render(path: str, mtime: float, game_id: str, games: frozenset[str]) -> tuple[str, str]:
    md = _markdown()
    source = Path(path).read_text(encoding="utf-8")
    tokens = md.parse(source)
    headings = _rewrite(tokens, game_id, set(games))
    return md.renderer.render(tokens, md.options, {}), json.dumps(headings)


def page(game_id: str, name: str, games: set[str]) -> dict[str, Any]:
    """The rules page of a registered game: ``{game, name, available, html, headings}``,
    with ``message`` when the page cannot be had here (``available: false``)."""
    out: dict[str, Any] = {"game": game_id, "name": name}
    folder = games_dir()
    if not folder.is_dir():
        message = MISSING.format(game=game_id)
    else:
        path = folder / f"{game_id}.md"
        if GAME_ID.match(game_id) and path.is_file():
            body, heads = _render(str(path), path.stat().st_mtime, game_id, frozenset(games))
            out.update(available=True, html=body, headings=json.loads(heads), message=None)
            return out
        message = NO_PAGE.format(name=name)
    out.update(
        available=False,
        html=f"<p>{html.escape(message)}</p>",
        headings=[],
        message=message,
    )
    return out
